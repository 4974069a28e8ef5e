//! What a match is played under, fixed when it starts: size, rules, komi, handicap, clock,
//! the merit numbers, and the event it belongs to.

use crate::go::{BoardSize, Game, Komi, MIN_HANDICAP, RuleSet, fixed_points, handicap_game};

use crate::game::EventId;
use crate::game::time::Duration;
use crate::game::time_control::TimeControl;

/// The merit numbers of SPEC §6, as copied into a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeritRules {
    pub min_moves: u32,
    pub amount: u32,
    pub winner_bonus: u32,
    pub lifetime_cap: u32,
}

/// The settings snapshot a match keeps from its acceptance to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchConfig {
    pub size: BoardSize,
    pub rules: RuleSet,
    pub komi: Komi,
    /// Black's handicap: 0 none, 1 no komi, 2–9 stones (White first once they stand).
    pub handicap: u8,
    /// Black places the stones on points of their choice, one click each, before White's
    /// first move (the rules of [`RuleSet::free_handicap`]); otherwise they stand on the fixed
    /// points from the start.
    pub free_handicap: bool,
    /// Whether the result moves the players' ratings.
    pub ranked: bool,
    /// How time is kept: the seed's time a turn, or a real clock.
    pub time: TimeControl,
    /// Whether a player may ask to take back their last move (the server's `takebacks`).
    pub takebacks: bool,
    /// A turn lasts this long under [`TimeControl::Turn`]; then an automatic pass. Under every
    /// control it is the time the agreement phase waits for silent players.
    pub turn_timeout: Duration,
    /// An offline player's game is kept this long.
    pub grace: Duration,
    /// The real-time cap of the whole game.
    pub max_length: Duration,
    /// The second press of Resign must come within this.
    pub resign_window: Duration,
    pub merit: MeritRules,
    /// The event the match is a game of, if any.
    pub event: Option<EventLink>,
}

/// What makes a match an event's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventLink {
    pub event: EventId,
    /// How long from the start each player has for their first move; past it, the game is
    /// theirs lost by forfeit (缺席).
    pub start_window: Duration,
}

impl MatchConfig {
    /// The game before its first move: an empty board (Black to place the stones of a free
    /// handicap, or to move), or Black's stones on the fixed points and White to move.
    pub fn new_game(&self) -> Game {
        let rules = self.rules.with_komi(self.komi);
        match fixed_points(self.size, self.handicap) {
            Ok(points) if self.handicap >= MIN_HANDICAP && !self.free_handicap => {
                handicap_game(self.size, &points, rules)
            }
            _ => Game::new(self.size, rules),
        }
    }

    /// How many stones Black places before White's first move (0 without a free handicap).
    pub fn stones_to_place(&self) -> usize {
        if self.free_handicap && self.handicap >= MIN_HANDICAP {
            usize::from(self.handicap)
        } else {
            0
        }
    }
}
