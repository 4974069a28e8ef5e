//! An event's terms (赛约): what it is played on, by whom, how — stated when it is created,
//! shown on its announcement, fixed once its first round starts.

use crate::go::{BoardSize, Komi, RuleSet};

use super::super::rating::Rank;
use super::super::time::Duration;
use super::super::time_control::TimeControl;

/// How an event pairs its players (赛制).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Everyone plays everyone (循环制), by Berger tables.
    RoundRobin,
    /// Single elimination (单式淘汰), seeded by rating.
    Knockout,
    /// Double elimination (复式淘汰): a winners' and a losers' bracket and a grand final.
    DoubleKnockout,
    /// Swiss: `rounds` rounds, players of equal score meeting, no pair twice.
    Swiss { rounds: u32 },
    /// McMahon: Swiss with a start score from the rank, between `floor` and `bar`.
    McMahon { rounds: u32, bar: Rank, floor: Rank },
    /// 擂台制: two teams in their captains' order; the winner stays on.
    Arena,
    /// 十局升降制: two players, ten games, the handicap stepping after a four-game lead.
    TenGame,
}

impl Format {
    /// Every format's name as typed and stored.
    pub const NAMES: [&'static str; 7] = [
        "round-robin",
        "knockout",
        "double-knockout",
        "swiss",
        "mcmahon",
        "arena",
        "ten-game",
    ];

    /// The name as typed and stored.
    pub const fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::Knockout => "knockout",
            Format::DoubleKnockout => "double-knockout",
            Format::Swiss { .. } => "swiss",
            Format::McMahon { .. } => "mcmahon",
            Format::Arena => "arena",
            Format::TenGame => "ten-game",
        }
    }

    /// The fewest players the format needs, and the most an event of it may take.
    pub const fn players(self) -> (usize, usize) {
        match self {
            Format::RoundRobin => (2, 16),
            Format::Knockout | Format::DoubleKnockout => (2, 64),
            Format::Swiss { .. } | Format::McMahon { .. } => (2, 64),
            Format::Arena => (2, 32),
            Format::TenGame => (2, 2),
        }
    }

    /// Whether ties are split the EGF way (SOS, SODOS, SOSOS) rather than by the Ing rules'
    /// auxiliary points (A1, A2, B1, B2).
    pub const fn egf_tiebreaks(self) -> bool {
        matches!(self, Format::Swiss { .. } | Format::McMahon { .. })
    }
}

/// How the games of an event are balanced (局差).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HandicapPolicy {
    /// 无差赛: every game even, komi as the terms say (the rule set's own if none).
    Even,
    /// 有差赛: each game's handicap from the two players' ranks (the Ing conversion into
    /// points and free moves under `ing`, the rule set's own stones and komi otherwise).
    ByRank,
}

/// When an event's rounds start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Schedule {
    /// Each round as soon as every game of the one before has ended; the first when a
    /// moderator starts the event.
    Continuous,
    /// Every round when a moderator starts it.
    Manual,
}

/// Who chooses the colours of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// The format's pairing says (Berger's order, the lower seed Black, the challenger Black).
    ByPairing,
    /// 猜先 before each even game.
    Nigiri,
}

/// What an event states before it opens (SPEC §11, 赛约).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTerms {
    pub format: Format,
    pub size: BoardSize,
    pub rules: RuleSet,
    /// `None`: the rule set's own.
    pub komi: Option<Komi>,
    pub handicap: HandicapPolicy,
    pub time: TimeControl,
    pub ranked: bool,
    /// Who may enter: members of this role (the front end's id), if set.
    pub role: Option<u64>,
    /// Who may enter: players with at least this many finished ranked games on the server.
    pub min_ranked_games: u32,
    /// The most players it takes.
    pub max_players: u32,
    pub schedule: Schedule,
    /// How long a player has for their first move of a round's game before they lose it by
    /// forfeit (缺席).
    pub start_window: Duration,
    /// Absences allowed; one more removes the player, their remaining games lost (罚停).
    pub absences_allowed: u32,
    pub colours: ColourRule,
}

impl EventTerms {
    /// The largest number of players this event may take: its own limit, within its format's.
    pub fn capacity(&self) -> usize {
        let (_, most) = self.format.players();
        most.min(self.max_players as usize)
    }
}
