//! What a player, a referee or the clock does to a match.

use crate::go::{ByColor, Color, Point};

use crate::game::nigiri::Parity;
use crate::game::teams::votes::Choice;

/// What a player (or the clock) does to a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Play(Point),
    Pass,
    Resign,
    WentOffline,
    CameBack,
    /// Agreement phase: mark the chain through this point dead, or alive again; with the
    /// marking version the picker was drawn for, if any (a stale one is refused).
    ToggleDead(Point, Option<u32>),
    /// Agreement phase: accept the marking as it stands; with the marking version the button
    /// was drawn for, if any (a stale one is refused).
    AcceptMarking(Option<u32>),
    /// Agreement phase: dispute the marking and play on.
    ResumePlay,
    /// A moderator ends the game: no result.
    Annul,
    /// The player withdrew from the event the game belongs to: it is theirs lost by forfeit
    /// (弃权), at once.
    Forfeit,
    /// An event's referee rules on the game (裁判).
    Ruled(Ruling),
    /// Whatever deadlines are due at `now` fire.
    Tick,
    /// Tengen's advanced level played this move (1-based) for the host's engine, which gave
    /// none: the board says so (sent by the runtime).
    StandIn(u32),
    /// Ask for an estimate of the position, privately, under the server's rule as it stands
    /// now (the service reads it): counted, it is the player's to see.
    Estimate(crate::game::settings::EstimateRule),
    /// Ask to take back one's last move.
    RequestUndo,
    /// Accept (`true`) or decline the opponent's request to take back their last move.
    AnswerUndo(bool),
    /// Nigiri: the guesser's guess; the bot's handful is taken from the number (uniformly
    /// drawn by the caller).
    Guess(Parity, u64),
    /// Nigiri: the winner takes this colour.
    ChooseColour(Color),
    /// A consultation member's vote for their team's move; `member_of`: which sides admit
    /// the voter (the service asks the teams with the voter's roles).
    Vote {
        choice: Choice,
        member_of: ByColor<bool>,
    },
}

/// What an event's referee may rule on one of its games still being played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ruling {
    /// The game is awarded to this colour (裁定): it ends at once, won by forfeit — also how
    /// an unfinished game is adjudicated.
    Award(Color),
    /// A disputed count is settled: the dead stones as marked now, accepted for both players,
    /// and the board counted.
    Settle,
    /// The game is annulled and played again from the start (the service starts the new one).
    Replay,
}

impl Ruling {
    /// The name as typed and stored: `award-black`, `award-white`, `settle`, `replay` (written
    /// here rather than derived: an award's name says its colour).
    pub const fn name(self) -> &'static str {
        match self {
            Ruling::Award(Color::Black) => "award-black",
            Ruling::Award(Color::White) => "award-white",
            Ruling::Settle => "settle",
            Ruling::Replay => "replay",
        }
    }
}

impl From<Ruling> for &'static str {
    fn from(r: Ruling) -> &'static str {
        r.name()
    }
}

impl std::str::FromStr for Ruling {
    type Err = ();

    /// A ruling's name, exactly.
    fn from_str(text: &str) -> Result<Ruling, ()> {
        [
            Ruling::Award(Color::Black),
            Ruling::Award(Color::White),
            Ruling::Settle,
            Ruling::Replay,
        ]
        .into_iter()
        .find(|r| r.name() == text)
        .ok_or(())
    }
}
