//! Stored facts as a front end reads them: small read models in the game's own types (ids,
//! timestamps, enums), which the service's named reads build from the store's rows, so that no
//! row of the store reaches a front end.

use crate::go::{BoardSize, ByColor, GameResult, RuleSet};

use super::matches::{PhaseKind, Ruling};
use super::{ChannelId, MatchId, Timestamp, UserId};

/// A game in a list (a player's latest games): who played it, on what, where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSummary {
    pub id: MatchId,
    pub channel: ChannelId,
    pub players: ByColor<UserId>,
    pub size: BoardSize,
    pub rules: RuleSet,
    pub phase: PhaseKind,
    /// The result, once it is over.
    pub result: Option<GameResult>,
    pub move_count: u32,
    pub started_at: Timestamp,
}

/// A referee's ruling on one of an event's games, as the event's history keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulingRecord {
    pub round: u32,
    /// The board of the round (0-based).
    pub board: u32,
    /// The game ruled on.
    pub game: MatchId,
    pub referee: UserId,
    pub ruling: Ruling,
    /// The game that replaced it, for a replay.
    pub replay: Option<MatchId>,
    pub at: Timestamp,
}
