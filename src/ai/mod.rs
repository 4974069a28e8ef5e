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

use crate::go::light_playout::Rng;
use crate::go::{
    BoardSize, Color, DeadStones, EstimateOptions, Game, GameResult, Level, Move, Point,
    estimate_dead,
};

use playout_board::{PASS, Pos, cell, point, stone};
use search::{Params, RulesView, Searcher, Tree};

pub use marking::{MarkingVerdict, judge_marking};

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

/// What the last search did, for logs and tools.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchInfo {
    /// Playouts run by this search.
    pub playouts: u64,
    /// Simulations the root already had from the previous move's tree.
    pub reused: u64,
    /// Nodes in the tree at the end.
    pub nodes: usize,
    /// The chosen move's win rate for the side that moved.
    pub win_rate: Option<f64>,
    /// The most visited moves with their visits and win rates.
    pub best: Vec<(Move, u32, f64)>,
}

/// The game a kept tree's root stands for.
#[derive(Clone)]
struct TreeKey {
    initial: u64,
    initial_to_move: Color,
    rules: crate::go::Rules,
    moves: Vec<(Color, Move)>,
}

/// A Go engine: its level, options, generator and the tree it keeps between moves.
pub struct Engine {
    level: Level,
    options: Options,
    rng: Rng,
    tree: Tree,
    key: Option<TreeKey>,
    searcher: Box<Searcher>,
    low_streak: u32,
    /// Root simulations a search needs before its win rate may count toward resigning.
    resign_evidence: u64,
    info: SearchInfo,
}

impl Engine {
    /// A new engine at `level`.
    pub fn new(level: Level, options: Options) -> Engine {
        Engine {
            level,
            options,
            rng: Rng::new(options.seed),
            tree: Tree::new(),
            key: None,
            searcher: Box::new(Searcher::new()),
            low_streak: 0,
            resign_evidence: 200,
            info: SearchInfo::default(),
        }
    }

    /// The engine's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The engine's options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Changes the options; a new seed restarts the generator.
    pub fn set_options(&mut self, options: Options) {
        if options.seed != self.options.seed {
            self.rng = Rng::new(options.seed);
        }
        self.options = options;
    }

    /// The chosen move's win rate in the last search, for the side that moved.
    pub fn win_rate(&self) -> Option<f64> {
        self.info.win_rate
    }

    /// What the last search did.
    pub fn last_search(&self) -> &SearchInfo {
        &self.info
    }

    /// Forgets the kept tree and the resignation streak (a new game).
    pub fn clear(&mut self) {
        self.tree = Tree::new();
        self.key = None;
        self.low_streak = 0;
        self.searcher.clear_replies();
    }

    /// Chooses a move for the side to move in `game`, whose rules say how it is counted.
    /// Never an illegal move; [`Decision::Pass`] once the game is over.
    pub fn genmove(&mut self, game: &Game, limits: &Limits, stop: &dyn Stop) -> Decision {
        self.info = SearchInfo::default();
        if game.is_over() {
            return Decision::Pass;
        }
        let color = game.to_move();
        let rules = *game.rules();
        // Counting the board as it stands is exact: a pass that wins so needs no search. A
        // count with estimated dead stones is not, and only confirms a search that finds the
        // game won (see `choose`).
        if pass_ends(game)
            && rules.dead_stones == DeadStones::PlayOut
            && self.count_wins(game, color) == Some(true)
        {
            self.info.win_rate = Some(1.0);
            self.low_streak = 0;
            return Decision::Pass;
        }
        let (root, history) = root_position(game);
        let view = RulesView {
            komi_half: rules.komi.half_points(),
            count_as_is: rules.dead_stones == DeadStones::PlayOut,
            superko: rules.ko != crate::go::KoRule::Simple,
            white_passes_last: rules.white_passes_last,
            history,
        };
        let size = game.size().get();
        let mut params = match self.level {
            Level::Advanced | Level::Engine => Params::full_strength(size),
            Level::Beginner | Level::Intermediate => Params::for_size(size),
        };
        self.options.tuning.apply(&mut params);
        params.max_nodes = limits.max_nodes.max(2 * (game.size().points() + 1));
        self.sync_tree(game);
        self.searcher.clear_owner();
        if self.tree.nodes[0].nchildren == 0 {
            let mut pos = root.clone();
            search::expand(&mut self.tree, 0, &mut pos, &params);
        }
        // The root's moves under the game's own rules (superko included).
        for ch in self.tree.children(0) {
            let n = &mut self.tree.nodes[ch];
            let mv = n.mv as usize;
            n.flags &= !search::ILLEGAL;
            if mv != PASS && game.check(color, Move::Play(point(mv))).is_err() {
                n.flags |= search::ILLEGAL;
            }
        }
        let reused = u64::from(self.tree.nodes[0].visits);
        self.resign_evidence = 200.min(limits.playouts / 2);
        let mut done = 0u64;
        while done < limits.playouts {
            if done.is_multiple_of(8) && stop.stop() {
                break;
            }
            if done % 64 == 63
                && self.options.tuning.settle != Some(false)
                && self.settled(done, limits.playouts, stop)
            {
                break;
            }
            self.searcher
                .simulate(&mut self.tree, &root, &view, &params, &mut self.rng);
            done += 1;
        }
        self.info.playouts = done;
        self.info.reused = reused;
        self.info.nodes = self.tree.nodes.len();
        let decision = self.choose(game, color, &root);
        self.key = Some(TreeKey {
            initial: game.initial_board().hash(),
            initial_to_move: game.initial_to_move(),
            rules,
            moves: game.moves().to_vec(),
        });
        decision
    }

    /// Whether the most visited move can no longer be overtaken in the rest of the budget.
    fn settled(&self, done: u64, budget: u64, stop: &dyn Stop) -> bool {
        let mut remaining = budget.saturating_sub(done);
        if let Some(p) = stop.progress()
            && p > 0.05
        {
            let by_time = (done as f64 * (1.0 - p) / p) as u64;
            remaining = remaining.min(by_time);
        }
        let (mut first, mut second) = (0u32, 0u32);
        for ch in self.tree.children(0) {
            let n = &self.tree.nodes[ch];
            if n.illegal() {
                continue;
            }
            if n.visits > first {
                second = first;
                first = n.visits;
            } else if n.visits > second {
                second = n.visits;
            }
        }
        u64::from(first - second) > remaining
    }

    /// The move the search found, loosened by the level, made safe, or a resignation.
    fn choose(&mut self, game: &Game, color: Color, root: &Pos) -> Decision {
        let ranked = self.ranked_children();
        let Some(&best) = ranked.first() else {
            return Decision::Pass;
        };
        // An answer to an atari (a capture or a rescue) that the search likes best is played
        // at every level: looseness is for quiet moves.
        let mut chosen = if self.answers_atari(root, color, best) {
            best
        } else {
            self.loosened(&ranked, best)
        };
        // A game the search finds ahead and the count with the estimated dead stones wins ends
        // on the opponent's pass. Under an agreement of dead stones two passes in the tree play
        // on, so a pass there is worth no more than a move inside one's own area, and the
        // moves' priors would keep a won game going after the opponent has stopped.
        if pass_ends(game)
            && game.rules().dead_stones == DeadStones::Agreement
            && self.tree.nodes[chosen].win_rate().unwrap_or(0.0) >= PASS_WHEN_WON
            && self.count_wins(game, color) == Some(true)
        {
            self.info.win_rate = self.tree.nodes[chosen].win_rate().map(f64::from);
            self.low_streak = 0;
            return Decision::Pass;
        }
        // Never pass into a loss the count sees while there is a move to play; under an
        // agreement of dead stones, pass only when the count with the estimate wins.
        if self.tree.nodes[chosen].mv as usize == PASS
            && self.count_wins(game, color) != Some(true)
            && let Some(&alt) = ranked
                .iter()
                .find(|&&c| self.tree.nodes[c].mv as usize != PASS)
        {
            chosen = alt;
        }
        let node = self.tree.nodes[chosen];
        let rate = f64::from(node.win_rate().unwrap_or(0.5));
        self.info.win_rate = Some(rate);
        if self.resigns_at(rate) {
            return Decision::Resign;
        }
        match node.mv as usize {
            PASS => Decision::Pass,
            mv => Decision::Play(point(mv)),
        }
    }

    /// The root's legal children, most visited first (the better win rate between equals);
    /// the first five noted for the search's report.
    fn ranked_children(&mut self) -> Vec<usize> {
        let by_visits = |t: &Tree, a: usize, b: usize| {
            let (x, y) = (&t.nodes[a], &t.nodes[b]);
            x.visits.cmp(&y.visits).then(
                x.win_rate()
                    .unwrap_or(0.0)
                    .total_cmp(&y.win_rate().unwrap_or(0.0)),
            )
        };
        let mut ranked: Vec<usize> = self
            .tree
            .children(0)
            .filter(|&c| !self.tree.nodes[c].illegal())
            .collect();
        ranked.sort_by(|&a, &b| by_visits(&self.tree, b, a));
        self.info.best = ranked
            .iter()
            .take(5)
            .map(|&c| {
                let n = &self.tree.nodes[c];
                (
                    to_move(n.mv as usize),
                    n.visits,
                    f64::from(n.win_rate().unwrap_or(0.5)),
                )
            })
            .collect();
        ranked
    }

    /// Whether the best move answers an atari of the last move: a capture or a rescue.
    fn answers_atari(&self, root: &Pos, color: Color, best: usize) -> bool {
        let mut pos = root.clone();
        let mut answers = heavy_playout::MovesOut::new();
        let last = pos.last();
        if last != PASS {
            heavy_playout::atari_answers(&mut pos, stone(color), last, &mut answers);
        }
        let mv = self.tree.nodes[best].mv as usize;
        answers.captures[..answers.n_captures].contains(&mv)
            || answers.escapes[..answers.n_escapes].contains(&mv)
    }

    /// The level's looseness: a move drawn among those the search found nearly as good as the
    /// best (visits raised to 1/temperature), never a pass; the best itself at the advanced
    /// level.
    fn loosened(&mut self, ranked: &[usize], best: usize) -> usize {
        let (temperature, margin) = self.level.looseness();
        if temperature <= 0.0 || self.tree.nodes[best].mv as usize == PASS {
            return best;
        }
        let best_rate = self.tree.nodes[best].win_rate().unwrap_or(0.5);
        let floor = (self.tree.nodes[best].visits / 10).max(1);
        let pool: Vec<(usize, f64)> = ranked
            .iter()
            .filter(|&&c| {
                let n = &self.tree.nodes[c];
                n.mv as usize != PASS
                    && n.visits >= floor
                    && n.win_rate().unwrap_or(0.0) >= best_rate - margin
            })
            .map(|&c| {
                let v = f64::from(self.tree.nodes[c].visits);
                (c, v.powf(1.0 / temperature))
            })
            .collect();
        let total: f64 = pool.iter().map(|p| p.1).sum();
        if total <= 0.0 {
            return best;
        }
        let mut r = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for &(c, w) in &pool {
            r -= w;
            if r <= 0.0 {
                return c;
            }
        }
        best
    }

    /// Whether to resign now: the win rate of the move chosen has stayed below the threshold
    /// for enough moves, each with enough simulations to trust it (200, or most of a small
    /// level's budget).
    fn resigns_at(&mut self, rate: f64) -> bool {
        let root_visits = u64::from(self.tree.nodes[0].visits);
        if root_visits >= self.resign_evidence && rate < self.options.resign_below {
            self.low_streak += 1;
        } else {
            self.low_streak = 0;
        }
        self.options.resign && self.low_streak >= self.options.resign_after
    }

    /// Whether `color` wins if the game is counted now, as its rules count it: the board as
    /// it stands, or with the dead stones this engine's estimate sees. `None` for a draw.
    fn count_wins(&self, game: &Game, color: Color) -> Option<bool> {
        let dead = match game.rules().dead_stones {
            DeadStones::PlayOut => Vec::new(),
            DeadStones::Agreement => estimate_dead(
                game.board(),
                EstimateOptions {
                    seed: self.options.seed,
                    ..EstimateOptions::default()
                },
            ),
        };
        match game.count(&dead).result() {
            GameResult::Points { winner, .. } => Some(winner == color),
            _ => None,
        }
    }

    /// Keeps the subtree of the kept tree that the game has reached, or starts a new tree.
    fn sync_tree(&mut self, game: &Game) {
        let reuse = self.options.keep_tree
            && self.key.as_ref().is_some_and(|k| {
                k.initial == game.initial_board().hash()
                    && k.initial_to_move == game.initial_to_move()
                    && k.rules == *game.rules()
                    && game.moves().len() >= k.moves.len()
                    && game.moves()[..k.moves.len()] == k.moves[..]
            });
        if !reuse {
            self.tree = Tree::new();
            return;
        }
        let Some(key) = self.key.as_ref() else {
            return;
        };
        let new_moves = &game.moves()[key.moves.len()..];
        let mut node = 0usize;
        let mut expect = game.initial_to_move();
        if let Some(&(c, _)) = key.moves.last() {
            expect = c.opponent();
        }
        for &(c, mv) in new_moves {
            let next = (c == expect)
                .then(|| self.tree.child(node, from_move(mv)))
                .flatten();
            match next {
                Some(n) => node = n,
                None => {
                    self.tree = Tree::new();
                    return;
                }
            }
            expect = c.opponent();
        }
        if node != 0 {
            self.tree = self.tree.subtree(node);
        }
    }
}

/// The smallest board searched as a large one: its own search numbers and move model.
const LARGE_BOARD: u8 = 13;

/// Whether a pass by the side to move would end `game`: the opponent has just passed, and
/// under AGA's rules the pass is White's.
fn pass_ends(game: &Game) -> bool {
    game.consecutive_passes() >= 1
        && (!game.rules().white_passes_last || game.to_move() == Color::White)
}

/// The search's win rate from which a game the count also wins is ended on the opponent's
/// pass: the search must lead, not be sure, since its playouts go on after two passes and
/// let the opponent invade a settled area (a 45-point area to 36 with komi 7½, Black by 1½,
/// is worth 0.8 to them).
const PASS_WHEN_WON: f32 = 0.6;

/// The search board of the game's position, with its last moves and passes, and the hashes
/// of every position the game has been through (for superko).
fn root_position(game: &Game) -> (Pos, std::collections::HashSet<u64>) {
    let mut history = std::collections::HashSet::with_capacity(2 * game.moves().len() + 2);
    let mut replay = Pos::from_board(game.initial_board(), game.initial_to_move());
    history.insert(replay.hash());
    for &(c, mv) in game.moves() {
        replay.set_to_move(stone(c));
        let i = from_move(mv);
        if i == PASS || replay.is_legal(stone(c), i) {
            replay.play(i);
        }
        history.insert(replay.hash());
    }
    let mut root = Pos::from_board(game.board(), game.to_move());
    let moves = game.moves();
    let last = moves.last().map_or(PASS, |&(_, m)| from_move(m));
    let last2 = moves
        .len()
        .checked_sub(2)
        .map_or(PASS, |k| from_move(moves[k].1));
    let passes = game.consecutive_passes().min(u32::from(u8::MAX)) as u8;
    root.set_history(last, last2, passes);
    (root, history)
}

/// The search's cell of a move.
fn from_move(mv: Move) -> usize {
    match mv {
        Move::Play(p) => cell(p),
        Move::Pass => PASS,
    }
}

/// The move of a search cell.
fn to_move(i: usize) -> Move {
    if i == PASS {
        Move::Pass
    } else {
        Move::Play(point(i))
    }
}

/// Runs `count` playouts of the search's policy from `board` with `to_move` first and returns
/// the sum of their area scores (Black minus White): what the benchmarks measure.
#[doc(hidden)]
pub fn run_playouts(board: &crate::go::Board, to_move: Color, count: usize, seed: u64) -> i64 {
    let start = Pos::from_board(board, to_move);
    let mut rng = Rng::new(seed);
    let policy = heavy_playout::Policy::default();
    let mut amaf = heavy_playout::Amaf::new();
    let mut total = 0i64;
    let max_moves = 3 * board.size().points();
    for _ in 0..count {
        let mut pos = start.clone();
        amaf.moves.clear();
        total += i64::from(heavy_playout::run(
            &mut pos,
            &policy,
            &replies::Replies::off(),
            &mut rng,
            max_moves,
            &mut amaf,
        ));
    }
    total
}
