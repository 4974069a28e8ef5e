//! Tengen's own Go engine: Monte Carlo tree search at three levels.
//!
//! Pure, like [`crate::go`], which is all it knows: no I/O, no clock (the caller bounds a
//! search by time through [`Stop`], polled every few playouts), nothing of games, players or
//! Discord. A search is bounded by playouts and by the caller's [`Stop`], and under a seed and
//! a playout bound alone it is deterministic: the same game and seed give the same move.
//!
//! How it plays (see `search` and `playout` for the detail): UCT with RAVE and priors from Go
//! knowledge (captures, escapes from atari, self-atari, 3×3 patterns, the distance to the last
//! move); playouts that answer ataris and play MoGo's 3×3 shapes near the last move, never
//! fill their own eyes nor put a big chain in atari. The tree is kept between moves when the
//! game follows it. It knows how its game is counted: when the board is counted as it stands
//! (`classic`), two passes in the tree are counted exactly, so it captures the dead stones in
//! its area before passing; under an agreement of dead stones it passes only when the count
//! with its own estimate of the dead stones wins (and then, after the opponent's pass, as soon
//! as its search also leads), and [`judge_marking`] says what it thinks of a proposed marking. It never passes into a loss its count sees while it has a move, and
//! resigns a game whose win rate stays below a threshold for several moves, unless told not to.
//!
//! Levels are weakened by budget (playouts) and by temperature in the choice among the good
//! moves only: the beginner still answers an atari and never fills its own eye (no level
//! considers filling its own eye). Their strength is measured against GNU Go
//! (`docs/STRENGTH.md`); the rank each is shown at is the game's (`Level::estimated_rank`, in
//! `game::computer`); the levels themselves are named in [`crate::go::Level`].

pub mod analysis;
mod book;
mod engine;
mod heavy_playout;
pub mod job;
mod marking;
mod mm;
mod pattern;
mod patterns_table;
mod playout_board;
mod replies;
mod search;
mod shape;
mod tactics;
pub mod train;

#[cfg(test)]
mod tests;

use std::fmt;
use std::time::Duration;

use crate::go::{BoardSize, Level, Move, Point};

use search::Params;

pub use analysis::{Analysis, Candidate};
pub use engine::{Engine, SearchInfo, run_playouts};
pub use marking::{MarkingVerdict, judge_marking};

use engine::LARGE_BOARD;

/// What a level means to the engine: its budget and how loosely it chooses. (The levels
/// themselves are named in [`crate::go::Level`], shared by every layer.)
impl Level {
    /// The budget of a move at this level on a board of `size`. `time` is the most a move
    /// should take; the engine does not read the clock: the caller turns it into a [`Stop`].
    pub fn default_limits(self, size: BoardSize) -> Limits {
        let points = size.points() as u64;
        match self {
            Level::Beginner => Limits {
                playouts: 30 + points / 3,
                time: Some(Duration::from_secs(1)),
                ..Limits::default()
            },
            Level::Intermediate => Limits {
                playouts: 100 + 2 * points,
                time: Some(Duration::from_secs(2)),
                ..Limits::default()
            },
            // The engine's level is played by the advanced one when the engine fails.
            Level::Advanced | Level::Engine => Limits {
                playouts: 10_000_000,
                time: Some(match size.get() {
                    0..=9 => Duration::from_millis(1000),
                    10..=13 => Duration::from_millis(1500),
                    _ => Duration::from_millis(2000),
                }),
                ..Limits::default()
            },
        }
    }

    /// How loosely the level picks among the moves the search found good: a temperature on
    /// the visit counts and the largest loss of win rate it accepts against the best move.
    fn looseness(self) -> (f64, f32) {
        match self {
            Level::Beginner => (1.0, 0.15),
            Level::Intermediate => (0.5, 0.06),
            Level::Advanced | Level::Engine => (0.0, 0.0),
        }
    }
}

/// The budget of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most playouts (simulations) to run, those kept from the previous move's tree excluded.
    pub playouts: u64,
    /// The most a move should take, for the caller's [`Stop`] (the engine reads no clock).
    pub time: Option<Duration>,
    /// Most nodes the tree may hold (about 36 bytes each).
    pub max_nodes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            playouts: 10_000,
            time: None,
            max_nodes: 3_000_000,
        }
    }
}

/// What a search polls, every few playouts, to learn that it must stop: the caller's clock or
/// a cancellation.
pub trait Stop {
    /// Whether the search must stop now.
    fn stop(&self) -> bool;

    /// How much of its time the search has used, from 0 to 1, if the caller knows: lets the
    /// search stop early when the best move can no longer change.
    fn progress(&self) -> Option<f64> {
        None
    }
}

impl<F: Fn() -> bool> Stop for F {
    fn stop(&self) -> bool {
        self()
    }
}

/// A [`Stop`] that never stops: the search runs to its playout bound.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoStop;

impl Stop for NoStop {
    fn stop(&self) -> bool {
        false
    }
}

/// The engine's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    Play(Point),
    Pass,
    Resign,
}

impl Decision {
    /// A decision as GTP writes it, `resign`, `pass` or a point like `D4` on a board of `size`
    /// (any case); `None` when it is none of them. Its `Display` writes the same form.
    pub fn parse_on(text: &str, size: crate::go::BoardSize) -> Option<Decision> {
        if text.trim().eq_ignore_ascii_case("resign") {
            return Some(Decision::Resign);
        }
        Move::parse_on(text, size).map(|m| match m {
            Move::Play(p) => Decision::Play(p),
            Move::Pass => Decision::Pass,
        })
    }

    /// The board move, if the decision is one (resigning is not).
    pub fn to_move(self) -> Option<Move> {
        match self {
            Decision::Play(p) => Some(Move::Play(p)),
            Decision::Pass => Some(Move::Pass),
            Decision::Resign => None,
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Play(p) => write!(f, "{p}"),
            Decision::Pass => f.write_str("pass"),
            Decision::Resign => f.write_str("resign"),
        }
    }
}

/// Options of an engine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Seed of the playouts and of the choice of move.
    pub seed: u64,
    /// Whether the engine may resign a hopeless game.
    pub resign: bool,
    /// The win rate below which a move counts as hopeless.
    pub resign_below: f64,
    /// Hopeless moves in a row before resigning.
    pub resign_after: u32,
    /// Whether the tree is kept between moves when the game follows it.
    pub keep_tree: bool,
    /// Overrides of the search's tunables, for experiments (`tengen gtp --tune`).
    pub tuning: Tuning,
}

/// Overrides of the search's tunables; `None` keeps the engine's value. Meant for measuring
/// a change in matches before it becomes the default.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Tuning {
    /// RAVE equivalence (real visits at which a move's own mean weighs as much as its AMAF mean).
    pub equiv: Option<f32>,
    /// UCB exploration coefficient.
    pub explore: Option<f32>,
    /// Visits a leaf needs before it is expanded.
    pub expand_at: Option<u32>,
    /// Virtual simulations at 50 % of every new move.
    pub even: Option<f32>,
    /// Prior scale of the learned pattern weights.
    pub learned: Option<f32>,
    /// Prior of a playout pattern.
    pub pattern: Option<f32>,
    /// Prior of a move near the last one.
    pub near: Option<f32>,
    /// Prior of the line in an empty area.
    pub line: Option<f32>,
    /// Weight of the final score in a playout's result, beside the win (0: win or loss only).
    pub score: Option<f32>,
    /// Playouts' tries for a move in an empty area before the uniform choice.
    pub fill_board: Option<u32>,
    /// Whether playouts may throw in two stones or more when that ataris an enemy chain.
    pub mutual_atari: Option<bool>,
    /// Whether a search stops early once its most visited move can no longer be overtaken
    /// (`false`: it uses its whole time, growing the tree the next move keeps).
    pub settle: Option<bool>,
    /// Virtual wins scaled by the square root of a move's share of the learned weights
    /// among its siblings (Pachi's pattern prior; 0: off).
    pub prob: Option<f32>,
    /// Factor on a move's learned weight within distance 2 of the last move, in that share.
    pub prob_near: Option<f32>,
    /// Percent of playout moves that look first at the chains the last move left with two
    /// liberties.
    pub two_libs: Option<u32>,
    /// Whether playouts learn and play last good replies (LGRF-2).
    pub replies: Option<bool>,
    /// Extra AMAF weight of the moves played early in a simulation (0: none).
    pub rave_distance: Option<f32>,
    /// Percent of playout moves that look first for the vital point of an eye space next to
    /// the last move.
    pub nakade: Option<u32>,
    /// Which of the tree's priors weigh a move by its largest known shape: 1 the learned
    /// prior, 2 the share prior, 3 both (0: neither).
    pub shapes: Option<u8>,
    /// Whether playouts may sacrifice two to six stones in atari where the shape they leave
    /// the enemy has one eye (Pachi's nakade self-atari).
    pub sacrifice: Option<bool>,
    /// Percent of playout moves that come back first to a ko taken in the last three moves.
    pub ko: Option<u32>,
    /// Whether a new move's prior is given to its AMAF statistics too, not only to its own
    /// (Pachi gives it to its own only).
    pub rave_prior: Option<bool>,
    /// Whether a playout's random self-atari beside an enemy chain with two liberties turns
    /// into the move on that chain's other liberty.
    pub cousin: Option<bool>,
    /// Whether playout pattern moves are drawn by their learned 3×3 weights.
    pub pattern_weights: Option<bool>,
    /// Whether the share prior (`prob`) weighs moves by the fitted move model rather than by
    /// the learned 3×3 weights.
    pub mm: Option<bool>,
    /// Whether the advanced level plays the 19×19 opening book's moves (`false`: it searches
    /// from the first move).
    pub book: Option<bool>,
}

impl Tuning {
    /// Sets one tunable from `name=value`.
    ///
    /// # Errors
    /// An unknown name or a value that is not a number.
    pub fn set(&mut self, assignment: &str) -> Result<(), String> {
        let (name, value) = assignment
            .split_once('=')
            .ok_or_else(|| format!("expected name=value, not {assignment:?}"))?;
        let v: f32 = value
            .trim()
            .parse()
            .map_err(|_| format!("not a number: {value:?}"))?;
        if !v.is_finite() {
            return Err(format!("not a number: {value:?}"));
        }
        match name.trim() {
            "equiv" => self.equiv = Some(v),
            "explore" => self.explore = Some(v),
            "expand_at" => self.expand_at = Some(v.max(0.0) as u32),
            "even" => self.even = Some(v),
            "learned" => self.learned = Some(v),
            "pattern" => self.pattern = Some(v),
            "near" => self.near = Some(v),
            "line" => self.line = Some(v),
            "score" => self.score = Some(v),
            "fill_board" => self.fill_board = Some(v.max(0.0) as u32),
            "mutual_atari" => self.mutual_atari = Some(v != 0.0),
            "settle" => self.settle = Some(v != 0.0),
            "prob" => self.prob = Some(v),
            "prob_near" => self.prob_near = Some(v),
            "two_libs" => self.two_libs = Some(v.clamp(0.0, 100.0) as u32),
            "replies" => self.replies = Some(v != 0.0),
            "rave_distance" => self.rave_distance = Some(v.max(0.0)),
            "nakade" => self.nakade = Some(v.clamp(0.0, 100.0) as u32),
            "shapes" => self.shapes = Some(v.clamp(0.0, 3.0) as u8),
            "sacrifice" => self.sacrifice = Some(v != 0.0),
            "ko" => self.ko = Some(v.clamp(0.0, 100.0) as u32),
            "rave_prior" => self.rave_prior = Some(v != 0.0),
            "cousin" => self.cousin = Some(v != 0.0),
            "pattern_weights" => self.pattern_weights = Some(v != 0.0),
            "mm" => self.mm = Some(v != 0.0),
            "book" => self.book = Some(v != 0.0),
            other => return Err(format!("unknown tunable {other:?}")),
        }
        Ok(())
    }

    fn apply(&self, p: &mut Params) {
        let pairs = [
            (self.equiv, &mut p.equiv),
            (self.explore, &mut p.explore),
            (self.even, &mut p.even),
            (self.learned, &mut p.learned),
            (self.pattern, &mut p.pattern),
            (self.near, &mut p.near),
            (self.line, &mut p.line),
            (self.score, &mut p.score),
            (self.prob, &mut p.prob),
            (self.prob_near, &mut p.prob_near),
            (self.rave_distance, &mut p.rave_distance),
        ];
        for (v, slot) in pairs {
            if let Some(v) = v {
                *slot = v;
            }
        }
        if let Some(e) = self.expand_at {
            p.expand_at = e;
        }
        if let Some(s) = self.shapes {
            p.shapes = s;
        }
        let percents = [
            (self.fill_board, &mut p.policy.fill_board),
            (self.two_libs, &mut p.policy.two_libs),
            (self.nakade, &mut p.policy.nakade),
            (self.ko, &mut p.policy.ko),
        ];
        for (v, slot) in percents {
            if let Some(v) = v {
                *slot = v;
            }
        }
        let switches = [
            (self.mutual_atari, &mut p.policy.mutual_atari),
            (self.replies, &mut p.policy.replies),
            (self.sacrifice, &mut p.policy.sacrifice),
            (self.cousin, &mut p.policy.cousin),
            (self.pattern_weights, &mut p.policy.pattern_weights),
            (self.rave_prior, &mut p.rave_prior),
            (self.mm, &mut p.mm),
        ];
        for (v, slot) in switches {
            if let Some(v) = v {
                *slot = v;
            }
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 0x7E46_E400,
            resign: true,
            resign_below: 0.08,
            resign_after: 3,
            keep_tree: true,
            tuning: Tuning::default(),
        }
    }
}
