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

pub mod advance;
pub mod arena;
pub mod event_game_terms;
pub mod ing_handicap;
pub mod knockout;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod ten_game;
pub mod terms;
pub mod tournament;

use crate::go::Color;

use super::matches::{AbandonCause, EndReason, Ending};

pub use advance::{Advance, Asker, Next, RegistrationLook};
pub use event_game_terms::EventGameTerms;
pub use terms::{
    ColourRule, EventOptions, EventRequest, EventTerms, Format, HandicapPolicy, Schedule,
};
pub use tournament::{
    Candidate, Entry, EntryStatus, EventGame, Planned, Stage, Tournament, Winner,
};

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

/// How an event game ended, as standings read it (stored as `black`, `white`, `draw`,
/// `both-lost`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Outcome {
    /// Black won (on the board, by resignation, on time, or because White was absent,
    /// withdrew or was removed: a forfeit counts as a win for the one present).
    #[strum(serialize = "black")]
    BlackWon,
    #[strum(serialize = "white")]
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

/// How an event reads the end of one of its games: the outcome, whether it was a forfeit,
/// and who was absent (缺席: no first move in the start window).
///
/// A game that ends without a result still needs one for the event: a player who went offline
/// and did not come back loses it by forfeit; a game both players left (two automatic passes)
/// or a moderator annulled is lost by both; one that ran into the real-time cap is a draw,
/// the fault of neither.
pub fn event_result(ending: Ending) -> (Outcome, bool, Vec<Color>) {
    let won_by = |winner: Option<Color>| match winner {
        Some(Color::Black) => Outcome::BlackWon,
        Some(Color::White) => Outcome::WhiteWon,
        None => Outcome::Draw,
    };
    match ending {
        Ending::Finished {
            result,
            reason: EndReason::Absence,
        } => match result.winner() {
            Some(w) => (won_by(Some(w)), true, vec![!w]),
            None => (Outcome::BothLost, true, Color::ALL.to_vec()),
        },
        Ending::Finished { result, reason } => (
            won_by(result.winner()),
            reason == EndReason::Forfeit,
            Vec::new(),
        ),
        Ending::Abandoned(AbandonCause::Offline(c)) => (won_by(Some(!c)), true, Vec::new()),
        Ending::Abandoned(AbandonCause::TimeCap) => (Outcome::Draw, false, Vec::new()),
        Ending::Abandoned(AbandonCause::TwoAutomaticPasses) | Ending::Annulled => {
            (Outcome::BothLost, true, Vec::new())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::GameResult;

    #[test]
    fn a_game_is_read_for_the_event_as_it_ended() {
        let finished = |result, reason| Ending::Finished { result, reason };
        let b = Color::Black;
        assert_eq!(
            event_result(finished(
                GameResult::Resignation { winner: b },
                EndReason::Resignation
            )),
            (Outcome::BlackWon, false, vec![])
        );
        assert_eq!(
            event_result(finished(GameResult::Draw, EndReason::TwoPasses)),
            (Outcome::Draw, false, vec![])
        );
        // Black never moved in the window: White wins by forfeit, Black was absent.
        assert_eq!(
            event_result(finished(
                GameResult::Forfeit { winner: !b },
                EndReason::Absence
            )),
            (Outcome::WhiteWon, true, vec![b])
        );
        assert_eq!(
            event_result(finished(
                GameResult::Forfeit { winner: b },
                EndReason::Forfeit
            )),
            (Outcome::BlackWon, true, vec![])
        );
        assert_eq!(
            event_result(Ending::Abandoned(AbandonCause::Offline(b))),
            (Outcome::WhiteWon, true, vec![])
        );
        assert_eq!(
            event_result(Ending::Abandoned(AbandonCause::TimeCap)),
            (Outcome::Draw, false, vec![])
        );
        assert_eq!(
            event_result(Ending::Annulled),
            (Outcome::BothLost, true, vec![])
        );
        // Neither turned up: both lost, both absent.
        assert_eq!(
            event_result(finished(GameResult::Void, EndReason::Absence)),
            (Outcome::BothLost, true, vec![b, !b])
        );
    }
}
