//! The rows of the game's tables, typed: what the match service writes and reads back.

use crate::game::events::{EntryStatus, Outcome, Stage};
use crate::game::invitation::ColoursWhy;
use crate::game::matches::{PhaseKind, Ruling};
use crate::game::nigiri::Parity;
use crate::game::teams::votes::ChoiceKind;
use crate::go::{BoardSize, Color, GameResult, Komi, Level, Point, RuleSet};

use super::types::{EndCode, EventTermsSpec, PointList, TeamsSpec};
use crate::game::time_control::{PlayerClock, TimeControl};

/// An invitation. `size`, `komi` and `rules` are resolved when it is made (`None` only in rows
/// from before that was stored: then the server's settings at acceptance decide).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitationRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub inviter: u64,
    pub invitee: u64,
    pub size: Option<BoardSize>,
    pub komi: Option<Komi>,
    pub rules: Option<RuleSet>,
    /// Black's handicap (0 none).
    pub handicap: u8,
    pub ranked: bool,
    /// The inviter plays Black.
    pub inviter_black: bool,
    /// Why the colours are what they are.
    pub colours: ColoursWhy,
    /// The time control, in its stored form.
    pub time: TimeControl,
    pub created_at: i64,
    pub expires_at: i64,
    /// A nigiri's opened hand: the number of stones and the guess (both or neither).
    pub nigiri: Option<(u8, Parity)>,
    /// A pair Go invitation's partners and who of the three invited accepted.
    pub pair: Option<PairRow>,
    /// An open challenge's ranks and handicap rule.
    pub open: Option<OpenRow>,
}

/// An open challenge as stored: the ranks it admits (both or neither, as rank numbers), and
/// whether its handicap comes from the two ranks when taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenRow {
    pub ranks: Option<(i64, i64)>,
    pub by_rank: bool,
}

/// A player waiting in a server's seek queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeekRow {
    pub guild: u64,
    pub user: u64,
    /// Where they asked (where the game starts unless the server names a channel).
    pub channel: u64,
    pub size: BoardSize,
    /// The time preset's name (`blitz`, `live`, `correspondence`, `turn`).
    pub time_class: String,
    pub ranked: bool,
    pub since: i64,
}

/// The partners of a pair Go invitation (the inviter's, the one invited's), and whether the
/// one invited, the inviter's partner and the one invited's partner have accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairRow {
    pub inviter_partner: u64,
    pub invitee_partner: u64,
    pub accepted: [bool; 3],
}

/// A consultation member's vote for their team's move `number`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoteRow {
    pub match_id: i64,
    pub number: u32,
    pub user: u64,
    pub color: Color,
    pub choice: ChoiceKind,
    /// With [`ChoiceKind::Play`] only.
    pub point: Option<Point>,
    pub voted_at: i64,
}

/// What a match keeps from the moment it starts: players and the settings snapshot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub black: u64,
    pub white: u64,
    pub size: BoardSize,
    pub rules: RuleSet,
    pub komi: Komi,
    /// Black's handicap (0 none, 1 no komi, 2–9 stones).
    pub handicap: u8,
    pub ranked: bool,
    /// Black places the handicap stones (stored as Black's first moves) instead of the fixed
    /// points.
    pub free_handicap: bool,
    /// The time control, in its stored form.
    pub time: TimeControl,
    /// Whether a player may ask to take back a move.
    pub takebacks: bool,
    pub turn_timeout_ms: i64,
    pub grace_ms: i64,
    pub max_ms: i64,
    pub resign_window_ms: i64,
    pub merit_min_moves: u32,
    pub merit_amount: u32,
    pub merit_bonus: u32,
    pub merit_cap: u32,
    pub started_at: i64,
    pub ends_at: i64,
    /// The computer's side, in a game against it.
    pub computer: Option<ComputerRow>,
    /// The event it is a game of, if any.
    pub event: Option<MatchEventRow>,
    pub live: MatchLive,
}

/// The computer's side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerRow {
    pub level: Level,
    pub color: Color,
    pub resigns: bool,
}

/// A player's record against one level of the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerRecordRow {
    pub level: Level,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

/// What changes as a match goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchLive {
    pub turn_deadline: i64,
    pub move_count: u32,
    /// Armed resignations (black, white): until when the second press counts.
    pub resign: [Option<i64>; 2],
    /// Offline players (black, white): until when their game is kept.
    pub offline: [Option<i64>; 2],
    pub phase: PhaseKind,
    /// How it ended (with `phase` ended).
    pub ending: Option<EndCode>,
    /// The result of a finished game (`Void` for one that counts for no one).
    pub result: Option<GameResult>,
    pub ended_at: Option<i64>,
    /// The marking, one point per dead chain: during the agreement phase, and after a count
    /// that followed one.
    pub dead_stones: Option<PointList>,
    /// Acceptances of the marking (black, white).
    pub accepted: [bool; 2],
    /// Toggles the marking has had (what an Accept button carries).
    pub marking_version: u32,
    /// How many times play was resumed after a dispute; `None` in rows from before it was
    /// stored (the loader then infers it once from the moves).
    pub resumed: Option<u32>,
    /// The move count when play was last resumed.
    pub resumed_at: Option<u32>,
    /// Each player's clock (black, white); `None` for the control's starting clock.
    pub clocks: [Option<PlayerClock>; 2],
    /// When the current turn started; `None` in rows from before clocks.
    pub turn_started: Option<i64>,
    /// Correspondence reminders sent this turn.
    pub reminded: u8,
    /// In the phase `nigiri`, the opened hand (stones, guess) once guessed.
    pub nigiri: Option<(u8, Parity)>,
    /// A team game's sides (their voters seen change as it goes).
    pub teams: Option<TeamsSpec>,
    /// The computer's toggles of the marking so far (the game caps them).
    pub computer_toggles: u32,
}

/// One move of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRow {
    pub match_id: i64,
    /// 1-based.
    pub number: u32,
    pub color: Color,
    /// `None` is a pass.
    pub point: Option<Point>,
    pub automatic: bool,
    pub played_at: i64,
    /// Who made it, in a pair Go game.
    pub played_by: Option<u64>,
}

/// A player's record on one server.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProfileRow {
    pub guild: u64,
    pub user: u64,
    pub merit: i64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub awards: u32,
    pub titled_at: Option<i64>,
}

/// A player's rating on a server (ranked play).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingRow {
    pub guild: u64,
    pub user: u64,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// The rank held: 0 is 30 kyu, 30 is 1 dan.
    pub held_rank: i64,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Wins (positive) or losses (negative) in a row.
    pub streak: i64,
}

/// A finished or running match in a list (a moderator's list, a player's recent games).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSummary {
    pub id: i64,
    pub channel: u64,
    pub black: u64,
    pub white: u64,
    pub size: BoardSize,
    pub rules: RuleSet,
    pub phase: PhaseKind,
    pub result: Option<GameResult>,
    pub move_count: u32,
    pub started_at: i64,
}

/// An event: where it is, who made it, its terms and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub name: String,
    pub created_by: u64,
    pub created_at: i64,
    pub terms: EventTermsSpec,
    pub stage: Stage,
    pub round: u32,
    /// When the current round started (UTC ms); `None` before the first.
    pub round_started_at: Option<i64>,
}

/// A player of an event, at their seat.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryRow {
    pub event_id: i64,
    pub seat: u32,
    pub user: u64,
    pub status: EntryStatus,
    pub absences: u32,
    pub team: Option<u8>,
    /// The rank held when they joined (0 = 30 kyu).
    pub rank: i64,
    pub rating: f64,
}

/// A board of an event's round: a game (`white` set) or a bye for `black`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventGameRow {
    pub event_id: i64,
    pub round: u32,
    pub board: u32,
    pub black: u32,
    pub white: Option<u32>,
    pub match_id: Option<i64>,
    pub outcome: Option<Outcome>,
    pub forfeit: bool,
}

/// A referee's ruling on one of an event's games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulingRow {
    pub event_id: i64,
    pub round: u32,
    pub board: u32,
    pub match_id: i64,
    pub referee: u64,
    pub ruling: Ruling,
    /// The game that replaced it, for a replay.
    pub replay_id: Option<i64>,
    pub at: i64,
}

/// A match that is an event's game: which event, and how long each player has for their
/// first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchEventRow {
    pub event_id: i64,
    pub start_window_ms: i64,
}
