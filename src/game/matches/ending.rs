//! How a match ended: the reason, the cause of an abandonment, the result.

use crate::go::{Color, GameResult, Point};

use crate::game::time::Timestamp;

/// Why a finished game finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// Two passes in a row (a real pass then an automatic one counts too): counted.
    TwoPasses,
    Resignation,
    /// A player's clock ran out.
    Time,
    /// An event's game lost by a withdrawal or a removal, or awarded by its referee.
    Forfeit,
    /// An event's game lost by a player who made no move within the start window (缺席).
    Absence,
}

/// Why a game was abandoned (not counted, nothing recorded, no rewards).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbandonCause {
    /// Both players away: two automatic passes in a row.
    TwoAutomaticPasses,
    /// This player went offline and was not back within the grace.
    Offline(Color),
    /// The game ran longer than `match-max-minutes` of real time.
    TimeCap,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Counted (two passes), resigned or lost on time: it counts on profiles.
    Finished {
        result: GameResult,
        reason: EndReason,
    },
    /// Not counted, nothing recorded, no rewards.
    Abandoned(AbandonCause),
    /// Ended by a moderator: no result, nothing recorded, no rewards.
    Annulled,
}

/// A game that is over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ended {
    pub ending: Ending,
    pub at: Timestamp,
    /// The agreed marking (one stone per dead chain) a count after the agreement phase used.
    pub marking: Option<Vec<Point>>,
}
