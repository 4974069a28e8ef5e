//! The engine a caller holds: its level, options, generator, and the search tree it keeps
//! between the moves of one game.

use crate::go::light_playout::Rng;
use crate::go::{Color, DeadStones, EstimateOptions, Game, GameResult, Level, Move, estimate_dead};

use super::playout_board::{PASS, Pos, cell, point, stone};
use super::search::{Params, RulesView, Searcher, Tree};
use super::{Decision, Limits, Options, Stop, heavy_playout, replies, search};

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
    /// Whether the move came from the opening book, without a search.
    pub book: bool,
}

/// The game a kept tree's root stands for.
#[derive(Clone)]
pub(super) struct TreeKey {
    initial: u64,
    initial_to_move: Color,
    rules: crate::go::Rules,
    moves: Vec<(Color, Move)>,
}

/// A Go engine: its level, options, generator and the tree it keeps between moves.
pub struct Engine {
    pub(super) level: Level,
    pub(super) options: Options,
    pub(super) rng: Rng,
    pub(super) tree: Tree,
    pub(super) key: Option<TreeKey>,
    pub(super) searcher: Box<Searcher>,
    pub(super) low_streak: u32,
    /// Root simulations a search needs before its win rate may count toward resigning.
    pub(super) resign_evidence: u64,
    pub(super) info: SearchInfo,
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
        if matches!(self.level, Level::Advanced | Level::Engine)
            && self.options.tuning.book != Some(false)
            && let Some(p) = super::book::BOOK.choose(game, &mut self.rng)
        {
            self.low_streak = 0;
            self.info.book = true;
            return Decision::Play(p);
        }
        let root = self.search(game, limits, stop, true);
        self.choose(game, color, &root)
    }

    /// Runs the search of the position of `game` within `limits` and `stop`, the kept tree
    /// reused when the game follows it, and keeps the tree for the next search; `settle` lets
    /// it stop once the most visited move can no longer be overtaken. Returns the root.
    pub(super) fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &dyn Stop,
        settle: bool,
    ) -> Pos {
        let color = game.to_move();
        let rules = *game.rules();
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
            if settle
                && done % 64 == 63
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
        self.key = Some(TreeKey {
            initial: game.initial_board().hash(),
            initial_to_move: game.initial_to_move(),
            rules,
            moves: game.moves().to_vec(),
        });
        root
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
pub(super) const LARGE_BOARD: u8 = 13;

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
pub(super) fn from_move(mv: Move) -> usize {
    match mv {
        Move::Play(p) => cell(p),
        Move::Pass => PASS,
    }
}

/// The move of a search cell.
pub(super) fn to_move(i: usize) -> Move {
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
