//! Events (SPEC §11, the Ing rules' chapter 2, 棋赛规约): round robin, knockout (single and
//! double), arena, the ten-game match, Swiss and McMahon — their pairings, standings and
//! handicaps as pure functions of who plays and what has been played, tested alone.
//!
//! Nothing here knows a clock, the store or Discord: an event's players are *seats* (their
//! places in its entry list, in seeding order), and what the functions decide comes back as
//! pairings and tables for the service to play and store.
//!
//! The seed also names an "Ing selection system" (应氏选择制) without describing it; it is left
//! out.

pub mod arena;
pub mod handicap;
pub mod knockout;
pub mod nigiri;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod ten_game;

/// A player of an event: their place in its entry list (0-based, in seeding order: the
/// strongest first where the format seeds by rating).
pub type Seat = usize;

/// One game of a round: who plays Black and who White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pairing {
    pub black: Seat,
    pub white: Seat,
}

impl Pairing {
    /// Whether `seat` plays in it.
    pub fn involves(self, seat: Seat) -> bool {
        self.black == seat || self.white == seat
    }

    /// The other player of `seat`'s game.
    pub fn opponent_of(self, seat: Seat) -> Option<Seat> {
        if self.black == seat {
            Some(self.white)
        } else if self.white == seat {
            Some(self.black)
        } else {
            None
        }
    }
}

/// A place in a round: a game, or a bye (the player sits out; the format says what it is
/// worth).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Board {
    Game(Pairing),
    Bye(Seat),
}

/// How an event game ended, as standings read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Black won (on the board, by resignation, on time, or because White was absent,
    /// withdrew or was removed: a forfeit counts as a win for the one present).
    BlackWon,
    WhiteWon,
    /// A draw (jigo, where the rules allow one): half a point each.
    Draw,
    /// Both lost (both absent): no point for either.
    BothLost,
}

impl Outcome {
    /// The winner of `p` under this outcome, if there is exactly one.
    pub fn winner(self, p: Pairing) -> Option<Seat> {
        match self {
            Outcome::BlackWon => Some(p.black),
            Outcome::WhiteWon => Some(p.white),
            Outcome::Draw | Outcome::BothLost => None,
        }
    }

    /// The main points (in halves: a win is 2, a draw 1) `seat` takes from game `p`.
    pub fn half_points(self, p: Pairing, seat: Seat) -> u32 {
        match self {
            Outcome::Draw if p.involves(seat) => 1,
            _ if self.winner(p) == Some(seat) => 2,
            _ => 0,
        }
    }
}

/// A game of an event that has ended, with its outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Played {
    pub round: u32,
    pub pairing: Pairing,
    pub outcome: Outcome,
    /// Decided by a forfeit (an absence, a withdrawal, a removal), not on the board.
    pub forfeit: bool,
}
