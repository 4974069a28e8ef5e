//! Monte Carlo tree search: UCT with RAVE (AMAF) and priors, as Pachi and Fuego do it.
//!
//! Each simulation walks down the tree from the root, choosing at each node the child of
//! highest value, where a child's value mixes its own mean result with its AMAF mean (the
//! results of every simulation below the parent in which its mover played its point first,
//! whenever it was played), the AMAF weight shrinking as real visits accumulate (the
//! "equivalence" formula of Gelly and Silver, as Pachi's `ucb1amaf`). Both means start from
//! priors: a few virtual simulations whose result says what Go knowledge thinks of the move
//! (captures and rescues, self-atari, playout patterns, learned 3×3 weights, the distance to
//! the last move, the line in an empty area). A leaf is expanded once visited often enough;
//! then a playout from it is scored and its result backed up the path.
//!
//! Two passes end a simulation where the game would end: under rules that count the board as
//! it stands, it is counted exactly; under an agreement of dead stones, a playout settles what
//! the players would agree on. The tree knows only the simple ko; the engine marks the root's
//! moves that the game's superko forbids, and deeper moves whose position repeats one of the
//! game's or of the path are marked illegal when first chosen.

use std::collections::HashSet;
use std::ops::Range;

use crate::go::light_playout::Rng;

use super::heavy_playout::{self, Amaf, MovesOut, Policy, atari_answers};
use super::mm;
use super::pattern::{LEARNED, PLAYOUT};
use super::playout_board::{BLACK, CELLS, MAX_POINTS, PASS, Pos, STRIDE, other};
use super::replies::Replies;
use super::shape::SHAPES;
use super::tactics::{LADDER_BUDGET, atari_catches, runs_into_ladder};

/// A child that the superko rule forbids: never chosen.
pub(crate) const ILLEGAL: u8 = 1;

/// The deepest the tree is walked in one simulation (a ko cycle could go on).
const MAX_DEPTH: usize = 400;

/// One node: the move that led to it and what the simulations through it found, for the
/// player who made that move.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// Index of the first child in the arena (children are contiguous); meaningless without
    /// children.
    pub(crate) first: u32,
    pub(crate) visits: u32,
    pub(crate) wins: f32,
    pub(crate) rave_n: f32,
    pub(crate) rave_w: f32,
    pub(crate) prior_n: f32,
    pub(crate) prior_w: f32,
    pub(crate) mv: u16,
    pub(crate) nchildren: u16,
    pub(crate) flags: u8,
}

impl Node {
    fn new(mv: usize) -> Node {
        Node {
            first: 0,
            visits: 0,
            wins: 0.0,
            rave_n: 0.0,
            rave_w: 0.0,
            prior_n: 0.0,
            prior_w: 0.0,
            mv: mv as u16,
            nchildren: 0,
            flags: 0,
        }
    }

    /// The share of real simulations won by the node's mover, if any.
    pub(crate) fn win_rate(&self) -> Option<f32> {
        (self.visits > 0).then(|| self.wins / self.visits as f32)
    }

    /// Whether the superko rule forbids the move.
    pub(crate) fn illegal(&self) -> bool {
        self.flags & ILLEGAL != 0
    }
}

/// The nodes of a search, the root first.
#[derive(Clone)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
}

impl Tree {
    pub(crate) fn new() -> Tree {
        Tree {
            nodes: vec![Node::new(PASS)],
        }
    }

    /// The indices of the children of node `i`.
    #[inline]
    pub(crate) fn children(&self, i: usize) -> Range<usize> {
        let n = &self.nodes[i];
        let first = n.first as usize;
        first..first + n.nchildren as usize
    }

    /// The child of `i` for the move `mv`, if the tree has it.
    pub(crate) fn child(&self, i: usize, mv: usize) -> Option<usize> {
        self.children(i).find(|&c| self.nodes[c].mv as usize == mv)
    }

    /// A new tree holding the subtree under node `root`, that node its root.
    pub(crate) fn subtree(&self, root: usize) -> Tree {
        let mut nodes = vec![self.nodes[root]];
        let mut queue = vec![(root, 0usize)];
        let mut q = 0;
        while q < queue.len() {
            let (old, new) = queue[q];
            q += 1;
            let range = self.children(old);
            if range.is_empty() {
                nodes[new].first = 0;
                continue;
            }
            let start = nodes.len();
            nodes[new].first = start as u32;
            for (k, o) in range.enumerate() {
                nodes.push(self.nodes[o]);
                queue.push((o, start + k));
            }
        }
        Tree { nodes }
    }
}

/// The search's tunables.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Params {
    /// RAVE equivalence: the real visits at which a child's own mean weighs as much as its
    /// AMAF mean.
    pub(crate) equiv: f32,
    /// UCB exploration coefficient (0: the priors and RAVE do the exploring).
    pub(crate) explore: f32,
    /// Visits a leaf needs before it is expanded.
    pub(crate) expand_at: u32,
    /// Largest number of nodes the tree may hold.
    pub(crate) max_nodes: usize,
    /// Virtual simulations at 50 % every child starts with.
    pub(crate) even: f32,
    /// Prior for answering an atari around the last move (capture or rescue).
    pub(crate) atari: f32,
    /// Prior for any capture.
    pub(crate) capture: f32,
    /// Prior (lost simulations) for a self-atari of two stones or more; a fifth of it for one.
    pub(crate) self_atari: f32,
    /// Prior for an atari that catches a chain in a ladder.
    pub(crate) ladder: f32,
    /// Prior for a playout pattern.
    pub(crate) pattern: f32,
    /// Prior scale for the learned pattern weights: simulations per unit of log weight.
    pub(crate) learned: f32,
    /// Prior for a move at distance at most 2 from the last move (19×19-like boards).
    pub(crate) near: f32,
    /// Priors for the line in an empty area: a malus low, a bonus on the third and fourth.
    pub(crate) line: f32,
    /// Weight of the score in a playout's result: the result is the win (1 or 0) moved
    /// toward the margin's sign by up to this much, so that among winning lines the search
    /// prefers the safer (wider) ones.
    pub(crate) score: f32,
    /// Virtual wins, times the square root of a move's share of its siblings' learned
    /// weights: a prior relative to the other moves, as Pachi weighs its pattern
    /// probabilities (0: off).
    pub(crate) prob: f32,
    /// Factor on the learned weight of a move within distance 2 of the last move, in that
    /// share.
    pub(crate) prob_near: f32,
    /// Extra AMAF weight of a move by how early in the simulation it was first played: up to
    /// this much more for the first move after the node, nothing for the last (Pachi's
    /// "distance RAVE"; 0: every first play weighs 1).
    pub(crate) rave_distance: f32,
    /// Where the learned weight of a move is its largest known shape's (up to 28 points
    /// around it, falling back to its 3×3 weight) rather than its 3×3 weight alone: bit
    /// [`SHAPES_IN_LEARNED`] in the learned prior, bit [`SHAPES_IN_SHARE`] in the share prior.
    pub(crate) shapes: u8,
    /// Whether a new child's prior seeds its AMAF statistics as well as its own (`false`:
    /// its own only, as Pachi without `amaf_prior`).
    pub(crate) rave_prior: bool,
    /// Whether the share prior weighs moves by the fitted move model ([`super::mm`]) rather
    /// than by the learned weights.
    pub(crate) mm: bool,
    /// Playout policy.
    pub(crate) policy: Policy,
}

impl Params {
    /// Defaults for a board of `size`.
    pub(crate) fn for_size(size: u8) -> Params {
        let big = size >= super::LARGE_BOARD;
        Params {
            equiv: 3000.0,
            explore: 0.0,
            expand_at: if big { 4 } else { 2 },
            max_nodes: 3_000_000,
            even: 10.0,
            atari: 20.0,
            capture: 10.0,
            self_atari: 20.0,
            ladder: 15.0,
            pattern: 6.0,
            learned: if big { 2.5 } else { 1.5 },
            near: if big { 6.0 } else { 0.0 },
            line: if big { 10.0 } else { 0.0 },
            score: 0.0,
            prob: 0.0,
            prob_near: 1.0,
            rave_distance: 0.0,
            shapes: 0,
            rave_prior: true,
            mm: false,
            policy: Policy::default(),
        }
    }

    /// The search at full strength (the advanced level) on a board of `size`: Pachi's form of
    /// prior from the fitted move model of the board's size ([`mm::for_size`]), 150 × √p
    /// virtual wins kept out of the AMAF statistics. On 9×9 it won 49 of 100 games against
    /// Pachi where the defaults of [`Params::for_size`] won 38 of the same
    /// (`docs/strength/LOG.md`, rows 39 and 40). Large boards take twice the scale: a move's
    /// share of several hundred siblings is small, and at 150 the search spread its
    /// simulations too thin to read a fight; on 19×19 against GNU Go 10, 300 won 19 of 20
    /// where 150 won 15 of the same seeds (rows 43 and 46). The lower levels keep the search
    /// their ranks were measured with.
    pub(crate) fn full_strength(size: u8) -> Params {
        Params {
            prob: if size >= super::LARGE_BOARD {
                300.0
            } else {
                150.0
            },
            mm: true,
            rave_prior: false,
            ..Params::for_size(size)
        }
    }
}

/// What a search needs to know of the game's rules.
#[derive(Debug, Clone)]
pub(crate) struct RulesView {
    /// Komi in half points.
    pub(crate) komi_half: i32,
    /// The board is counted as it stands: two passes end the simulation with an exact count.
    pub(crate) count_as_is: bool,
    /// Repetition of a whole-board position is forbidden.
    pub(crate) superko: bool,
    /// The game ends only on two passes of which White's is the last (AGA).
    pub(crate) white_passes_last: bool,
    /// Hashes (the search board's) of every position of the game so far.
    pub(crate) history: HashSet<u64>,
}

impl RulesView {
    /// Black's result for an area score (Black minus White, points): 1 a win, 0 a loss, ½ a
    /// draw.
    #[inline]
    pub(crate) fn black_result(&self, score: i32) -> f32 {
        let diff = 2 * score - self.komi_half;
        if diff > 0 {
            1.0
        } else if diff < 0 {
            0.0
        } else {
            0.5
        }
    }

    /// Black's result for an area score, with `weight` of it given to the margin (scaled by
    /// the board's points, through a smooth step): a win by a point is worth a little less
    /// than a win by twenty.
    #[inline]
    pub(crate) fn black_value(&self, score: i32, weight: f32, size: u8) -> f32 {
        let win = self.black_result(score);
        if weight == 0.0 {
            return win;
        }
        let margin = (2 * score - self.komi_half) as f32 / 2.0;
        let scale = f32::from(size) * f32::from(size) / 8.0;
        let shaped = 0.5 + 0.5 * (margin / scale).tanh();
        (1.0 - weight) * win + weight * shaped
    }

    /// Whether the passes just played end the game.
    #[inline]
    pub(crate) fn ended(&self, pos: &Pos) -> bool {
        pos.passes() >= 2 && (!self.white_passes_last || other(pos.to_move()) != BLACK)
    }
}

/// Scratch space of the simulations and the statistics kept across them.
pub(crate) struct Searcher {
    amaf: Amaf,
    first: [u8; CELLS],
    /// Per cell: index in the simulation's moves of that first play.
    first_at: [u32; CELLS],
    path: Vec<u32>,
    path_colour: Vec<u8>,
    path_hashes: Vec<u64>,
    /// Per cell: playouts at whose end Black owned it, and White.
    pub(crate) owner: [[u32; CELLS]; 2],
    /// Playouts counted in `owner`.
    pub(crate) owner_n: u32,
    /// The sum of their area scores, Black minus White without komi.
    pub(crate) score_sum: f64,
    /// The last good replies the playouts learn, kept over a game's searches (allocated when
    /// the policy first asks for them).
    replies: Replies,
}

impl Searcher {
    pub(crate) fn new() -> Searcher {
        Searcher {
            amaf: Amaf::new(),
            first: [0; CELLS],
            first_at: [0; CELLS],
            path: Vec::with_capacity(64),
            path_colour: Vec::with_capacity(64),
            path_hashes: Vec::with_capacity(64),
            owner: [[0; CELLS]; 2],
            owner_n: 0,
            score_sum: 0.0,
            replies: Replies::off(),
        }
    }

    /// Forgets the last good replies (a new game).
    pub(crate) fn clear_replies(&mut self) {
        self.replies.clear();
    }

    /// Forgets the ownership statistics (a new root).
    pub(crate) fn clear_owner(&mut self) {
        self.owner = [[0; CELLS]; 2];
        self.owner_n = 0;
        self.score_sum = 0.0;
    }

    /// One simulation from `root` through `tree`.
    ///
    /// One function, long: the descent, the playout and the backup share one position and one
    /// path, and this is the search's innermost loop (its speed is what `cargo bench --bench ai`
    /// follows); read in order, it is the three steps of every Monte Carlo tree search.
    pub(crate) fn simulate(
        &mut self,
        tree: &mut Tree,
        root: &Pos,
        rules: &RulesView,
        params: &Params,
        rng: &mut Rng,
    ) {
        if params.policy.replies != self.replies.enabled() {
            self.replies = if params.policy.replies {
                Replies::on()
            } else {
                Replies::off()
            };
        }
        let mut pos = root.clone();
        self.amaf.moves.clear();
        self.path.clear();
        self.path_colour.clear();
        self.path_hashes.clear();
        self.path.push(0);
        self.path_colour.push(pos.to_move());
        let mut node = 0usize;
        let mut result: Option<f32> = None;
        loop {
            if rules.ended(&pos) {
                if rules.count_as_is {
                    result = Some(rules.black_result(pos.exact_area_score()));
                } else {
                    pos.clear_passes();
                }
                break;
            }
            if tree.nodes[node].nchildren == 0 {
                let visits = tree.nodes[node].visits;
                if (node == 0 || visits >= params.expand_at)
                    && tree.nodes.len() + MAX_POINTS < params.max_nodes
                {
                    expand(tree, node, &mut pos, params);
                }
                if tree.nodes[node].nchildren == 0 {
                    break;
                }
            }
            let Some(child) = select(tree, node, params) else {
                break;
            };
            let c = pos.to_move();
            let mv = tree.nodes[child].mv as usize;
            if mv != PASS && rules.superko {
                let h = pos.hash_after(c, mv);
                if rules.history.contains(&h) || self.path_hashes.contains(&h) {
                    tree.nodes[child].flags |= ILLEGAL;
                    continue;
                }
            }
            self.amaf.record(mv, c);
            pos.play(mv);
            node = child;
            self.path.push(child as u32);
            self.path_colour.push(pos.to_move());
            self.path_hashes.push(pos.hash());
            if self.path.len() >= MAX_DEPTH {
                break;
            }
        }
        let result = match result {
            Some(r) => r,
            None => {
                let max_moves = 3 * MAX_POINTS.min(pos.size() as usize * pos.size() as usize);
                let score = heavy_playout::run(
                    &mut pos,
                    &params.policy,
                    &self.replies,
                    rng,
                    max_moves,
                    &mut self.amaf,
                );
                self.owner_n += 1;
                self.score_sum += f64::from(score);
                let owner = &mut self.owner;
                pos.for_each_owner(|i, o| {
                    if o != 0 {
                        owner[(o - 1) as usize][i] += 1;
                    }
                });
                rules.black_value(score, params.score, pos.size())
            }
        };
        if self.replies.enabled() {
            let black_won = (result != 0.5).then_some(result > 0.5);
            self.replies
                .learn([root.last2(), root.last()], &self.amaf.moves, black_won);
        }
        self.backup(tree, result, params.rave_distance);
    }

    /// Adds the result (Black's) to every node of the path and the AMAF statistics of their
    /// children.
    fn backup(&mut self, tree: &mut Tree, result: f32, rave_distance: f32) {
        let for_colour = |c: u8| if c == BLACK { result } else { 1.0 - result };
        let depth = self.path.len() - 1;
        self.first.fill(0);
        let moves = &self.amaf.moves;
        let len = moves.len();
        for (j, &m) in moves.iter().enumerate().skip(depth.min(len)).rev() {
            let cell = (m & 0x3FFF) as usize;
            self.first[cell] = (m >> 14) as u8;
            self.first_at[cell] = j as u32;
        }
        for d in (0..=depth).rev() {
            let idx = self.path[d] as usize;
            let to_move = self.path_colour[d];
            {
                let n = &mut tree.nodes[idx];
                n.visits += 1;
                // The node's mover is the one who was to move at its parent.
                n.wins += for_colour(other(to_move));
            }
            let win = for_colour(to_move);
            // Moves after the node: indices d.. of the simulation's moves.
            let span = (len + 1).saturating_sub(d) as f32;
            for ch in tree.children(idx) {
                let n = &mut tree.nodes[ch];
                let mv = n.mv as usize;
                if mv != PASS && self.first[mv] == to_move {
                    let weight = if rave_distance > 0.0 {
                        let left = len.saturating_sub(self.first_at[mv] as usize) as f32;
                        1.0 + (rave_distance * left / span).floor()
                    } else {
                        1.0
                    };
                    n.rave_n += weight;
                    n.rave_w += weight * win;
                }
            }
            if d > 0 {
                let m = moves[d - 1];
                let cell = (m & 0x3FFF) as usize;
                self.first[cell] = (m >> 14) as u8;
                self.first_at[cell] = (d - 1) as u32;
            }
        }
        self.first[PASS] = 0;
    }
}

/// The child of `node` with the highest value; `None` if every child is illegal.
#[inline]
fn select(tree: &Tree, node: usize, params: &Params) -> Option<usize> {
    let parent = tree.nodes[node].visits as f32;
    let log_n = (parent + 1.0).ln();
    let mut best = None;
    let mut best_v = f32::NEG_INFINITY;
    for ch in tree.children(node) {
        let n = &tree.nodes[ch];
        if n.illegal() {
            continue;
        }
        let v = value(n, params, log_n);
        if v > best_v {
            best_v = v;
            best = Some(ch);
        }
    }
    best
}

/// The selection value of a child: its mean and its AMAF mean mixed by the equivalence
/// formula, plus the exploration term.
#[inline(always)]
pub(crate) fn value(n: &Node, params: &Params, log_parent: f32) -> f32 {
    let visits = n.visits as f32 + n.prior_n;
    let q = if visits > 0.0 {
        (n.wins + n.prior_w) / visits
    } else {
        0.5
    };
    let mut v = if n.rave_n > 0.0 {
        let beta = n.rave_n / (n.rave_n + visits + n.rave_n * visits / params.equiv);
        (1.0 - beta) * q + beta * (n.rave_w / n.rave_n)
    } else {
        q
    };
    if params.explore > 0.0 {
        v += params.explore * (log_parent / (visits + 1.0)).sqrt();
    }
    v
}

/// Adds the children of `node` (every legal move that fills none of the mover's eyes, and the
/// pass) with their priors.
pub(crate) fn expand(tree: &mut Tree, node: usize, pos: &mut Pos, params: &Params) {
    let c = pos.to_move();
    let last = pos.last();
    let mut answers = MovesOut::new();
    if last != PASS {
        atari_answers(pos, c, last, &mut answers);
    }
    let first = tree.nodes.len();
    let size = pos.size();
    let empties: Vec<u16> = pos.empties().to_vec();
    for &e in &empties {
        let e = e as usize;
        if !pos.is_legal(c, e) || pos.is_eye(c, e) {
            continue;
        }
        let (n, w) = prior(pos, c, e, last, &answers, params, size);
        let mut child = Node::new(e);
        child.prior_n = n;
        child.prior_w = w;
        if params.rave_prior {
            child.rave_n = n;
            child.rave_w = w;
        }
        tree.nodes.push(child);
    }
    if params.prob > 0.0 {
        add_share_priors(tree, first, pos, c, last, &answers, params);
    }
    let mut pass = Node::new(PASS);
    pass.prior_n = params.even;
    // A pass that would end the game is weighed fairly; otherwise it starts as a loss.
    pass.prior_w = if pos.passes() > 0 {
        0.5 * params.even
    } else {
        0.0
    };
    tree.nodes.push(pass);
    let count = tree.nodes.len() - first;
    let n = &mut tree.nodes[node];
    n.first = first as u32;
    n.nchildren = count as u16;
}

/// Adds to the children from `first` on (board moves, `c` to play) virtual wins of
/// `params.prob × √share`, a move's share being its weight over the sum of its siblings': the
/// best moves of this position get the most, whatever their absolute weight. The weight is
/// the fitted move model's with `params.mm`, else the learned one (`answers`: those to the
/// ataris around the last move, which the model reads).
fn add_share_priors(
    tree: &mut Tree,
    first: usize,
    pos: &mut Pos,
    c: u8,
    last: usize,
    answers: &MovesOut,
    params: &Params,
) {
    let mut weights: Vec<f32> = Vec::with_capacity(tree.nodes.len() - first);
    for n in &tree.nodes[first..] {
        let e = n.mv as usize;
        let g = if params.mm {
            mm::for_size(pos.size()).weigh(pos, c, e, answers)
        } else {
            let g = learned_weight(pos, c, e, params.shapes & SHAPES_IN_SHARE != 0);
            if last != PASS && distance(e, last) <= 2 {
                g * params.prob_near
            } else {
                g
            }
        };
        weights.push(g);
    }
    let sum: f32 = weights.iter().sum();
    if sum <= 0.0 {
        return;
    }
    for (n, g) in tree.nodes[first..].iter_mut().zip(weights) {
        let k = params.prob * (g / sum).sqrt();
        n.prior_n += k;
        n.prior_w += k;
        if params.rave_prior {
            n.rave_n += k;
            n.rave_w += k;
        }
    }
}

/// [`Params::shapes`]: the learned prior weighs moves by their shapes.
pub(crate) const SHAPES_IN_LEARNED: u8 = 1;
/// [`Params::shapes`]: the share prior weighs moves by their shapes.
pub(crate) const SHAPES_IN_SHARE: u8 = 2;

/// The learned weight of `c` playing on `e`: its largest known shape's when `shapes`, else
/// (or when no size of its shape is known) its 3×3 pattern's.
#[inline]
fn learned_weight(pos: &Pos, c: u8, e: usize, shapes: bool) -> f32 {
    let small = || LEARNED.weight(pos.pattern3(e), pos.atari_bits(e), c);
    if shapes {
        SHAPES.weight(pos, c, e).unwrap_or_else(small)
    } else {
        small()
    }
}

/// The prior of `c` playing on `e`: virtual simulations and wins.
fn prior(
    pos: &mut Pos,
    c: u8,
    e: usize,
    last: usize,
    answers: &MovesOut,
    params: &Params,
    size: u8,
) -> (f32, f32) {
    let mut n = params.even;
    let mut w = 0.5 * params.even;
    let mut add = |good: bool, k: f32| {
        n += k;
        if good {
            w += k;
        }
    };
    let captures = pos.captures(c, e);
    if answers.captures[..answers.n_captures].contains(&e) {
        add(true, params.atari);
    } else if answers.escapes[..answers.n_escapes].contains(&e) {
        // An escape into a ladder saves nothing.
        add(
            captures || !runs_into_ladder(pos, c, e, LADDER_BUDGET),
            params.atari,
        );
    } else if captures {
        add(true, params.capture);
    }
    if params.ladder > 0.0 && !captures && atari_catches(pos, c, e) {
        add(true, params.ladder);
    }
    if !captures && let Some(stones) = pos.self_atari(c, e) {
        add(
            false,
            if stones >= 2 {
                params.self_atari
            } else {
                params.self_atari / 5.0
            },
        );
    }
    let code = pos.pattern3(e);
    if PLAYOUT.contains(code) {
        add(true, params.pattern);
    }
    if params.learned > 0.0 {
        let g = learned_weight(pos, c, e, params.shapes & SHAPES_IN_LEARNED != 0);
        let k = params.learned * g.ln();
        add(k > 0.0, k.abs());
    }
    if params.near > 0.0 && last != PASS && distance(e, last) <= 2 {
        add(true, params.near);
    }
    if params.line > 0.0 && empty_around(pos, e, size) {
        match pos.line(e) {
            1 | 2 => add(false, params.line),
            3 | 4 => add(true, params.line / 2.0),
            _ => {}
        }
    }
    (n, w)
}

/// The Manhattan distance of two cells.
#[inline]
fn distance(a: usize, b: usize) -> usize {
    let (ar, ac) = (a / STRIDE, a % STRIDE);
    let (br, bc) = (b / STRIDE, b % STRIDE);
    ar.abs_diff(br) + ac.abs_diff(bc)
}

/// Whether no stone stands within Manhattan distance 3 of `e` (on the board).
fn empty_around(pos: &Pos, e: usize, size: u8) -> bool {
    let (r, c) = ((e / STRIDE) as i32, (e % STRIDE) as i32);
    let n = i32::from(size);
    for dr in -3i32..=3 {
        let span = 3 - dr.abs();
        for dc in -span..=span {
            let (rr, cc) = (r + dr, c + dc);
            if rr < 1 || cc < 1 || rr > n || cc > n {
                continue;
            }
            let v = pos.at(rr as usize * STRIDE + cc as usize);
            if v == 1 || v == 2 {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Board, Color, Point};

    fn at(s: &str) -> usize {
        super::super::playout_board::cell(s.parse::<Point>().unwrap())
    }

    /// The children of the root of `pos` expanded with `params`, as (move, prior visits).
    fn expanded(pos: &Pos, params: &Params) -> Vec<(usize, f32)> {
        let mut tree = Tree::new();
        let mut pos = pos.clone();
        expand(&mut tree, 0, &mut pos, params);
        tree.children(0)
            .map(|c| (tree.nodes[c].mv as usize, tree.nodes[c].prior_n))
            .collect()
    }

    const POSITION: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . X O . . . . .
        . . X O . . . . .
        . . . X O . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn the_share_prior_splits_its_weight_by_the_learned_weights() {
        let pos = Pos::from_board(&Board::from_diagram(POSITION).unwrap(), Color::Black);
        let plain = Params::for_size(9);
        let shared = Params {
            prob: 100.0,
            ..plain
        };
        let before = expanded(&pos, &plain);
        let after = expanded(&pos, &shared);
        assert_eq!(before.len(), after.len());
        // The added virtual wins are 100·√share, and the shares of the board moves sum to 1.
        let mut squares = 0.0;
        let mut best = (PASS, 0.0f32);
        for (&(mv, n0), &(mv1, n1)) in before.iter().zip(&after) {
            assert_eq!(mv, mv1);
            let k = n1 - n0;
            if mv == PASS {
                assert_eq!(k, 0.0);
                continue;
            }
            assert!(k > 0.0, "{mv}: {n0} -> {n1}");
            squares += (k / 100.0) * (k / 100.0);
            if k > best.1 {
                best = (mv, k);
            }
            let g = LEARNED.weight(pos.pattern3(mv), pos.atari_bits(mv), BLACK);
            let g_best = LEARNED.weight(pos.pattern3(best.0), pos.atari_bits(best.0), BLACK);
            assert!(g <= g_best || mv == best.0);
        }
        assert!((squares - 1.0).abs() < 1e-3, "{squares}");
    }

    #[test]
    fn the_share_prior_can_follow_the_fitted_move_model() {
        let pos = Pos::from_board(&Board::from_diagram(POSITION).unwrap(), Color::Black);
        let plain = Params::for_size(9);
        let fitted = Params {
            prob: 100.0,
            mm: true,
            ..plain
        };
        let before = expanded(&pos, &plain);
        let after = expanded(&pos, &fitted);
        // The added virtual wins are 100·√(γ / Σγ), γ the model's strength of each move.
        let mut scratch = pos.clone();
        let gammas: Vec<f32> = before
            .iter()
            .filter(|&&(mv, _)| mv != PASS)
            .map(|&(mv, _)| mm::MM.weigh(&mut scratch, BLACK, mv, &MovesOut::new()))
            .collect();
        let sum: f32 = gammas.iter().sum();
        let added = before
            .iter()
            .zip(&after)
            .filter(|((mv, _), _)| *mv != PASS)
            .map(|((_, n0), (_, n1))| n1 - n0);
        for (k, g) in added.zip(&gammas) {
            assert!((k - 100.0 * (g / sum).sqrt()).abs() < 1e-3, "{k} for γ {g}");
        }
    }

    #[test]
    fn full_strength_uses_the_move_model_on_every_board() {
        for size in [9, 13, 19] {
            let full = Params::full_strength(size);
            let plain = Params::for_size(size);
            assert!(full.mm && full.prob > 0.0 && !full.rave_prior);
            assert!(!plain.mm && plain.prob == 0.0 && plain.rave_prior);
            assert_eq!(full.expand_at, plain.expand_at);
        }
        assert_eq!(Params::full_strength(9).prob, 150.0);
        assert_eq!(Params::full_strength(19).prob, 300.0);
    }

    #[test]
    fn the_share_prior_can_favour_the_moves_near_the_last() {
        let mut pos = Pos::from_board(&Board::from_diagram(POSITION).unwrap(), Color::White);
        pos.play(at("G7"));
        let base = Params {
            prob: 100.0,
            ..Params::for_size(9)
        };
        let near = Params {
            prob_near: 4.0,
            ..base
        };
        let share = |params: &Params, mv: usize| {
            let plain = expanded(&pos, &Params::for_size(9));
            let with = expanded(&pos, params);
            let i = with.iter().position(|&(m, _)| m == mv).unwrap();
            with[i].1 - plain[i].1
        };
        // G5 is two points from White's last move, B2 far from every stone: the same empty
        // shape around both.
        assert_eq!(pos.pattern3(at("G5")), pos.pattern3(at("B2")));
        assert!((share(&base, at("G5")) - share(&base, at("B2"))).abs() < 1e-4);
        assert!(share(&near, at("G5")) > 1.9 * share(&near, at("B2")));
    }

    /// The AMAF weights (beyond their priors) one simulation gives the root's moves: Black's D4, C3 and G7, first
    /// played by Black at the simulation's moves 0, 2 and 4 (of 6); White's E5 is not Black's.
    fn rave_weights(rave_distance: f32) -> Vec<(usize, f32)> {
        let pos = Pos::from_board(
            &Board::new(crate::go::BoardSize::new(9).unwrap()),
            Color::Black,
        );
        let params = Params::for_size(9);
        let mut tree = Tree::new();
        expand(&mut tree, 0, &mut pos.clone(), &params);
        let mut s = Searcher::new();
        s.path.push(0);
        s.path_colour.push(BLACK);
        for (i, p) in ["D4", "E5", "C3", "F6", "G7", "H8"].iter().enumerate() {
            let c = if i % 2 == 0 {
                BLACK
            } else {
                super::super::playout_board::WHITE
            };
            s.amaf.record(at(p), c);
        }
        let points = ["D4", "C3", "G7", "E5"];
        let rave_n = |tree: &Tree| -> Vec<f32> {
            points
                .iter()
                .map(|p| tree.nodes[tree.child(0, at(p)).unwrap()].rave_n)
                .collect()
        };
        let before = rave_n(&tree);
        s.backup(&mut tree, 1.0, rave_distance);
        let after = rave_n(&tree);
        points
            .iter()
            .zip(before.iter().zip(after))
            .map(|(p, (b, a))| (at(p), a - b))
            .collect()
    }

    #[test]
    fn distance_rave_weighs_the_early_moves_of_a_simulation_more() {
        let even: Vec<f32> = rave_weights(0.0).into_iter().map(|(_, w)| w).collect();
        assert_eq!(even, [1.0, 1.0, 1.0, 0.0]);
        // 1 + ⌊3 · (6 − first) / 7⌋: 1 + ⌊18/7⌋, 1 + ⌊12/7⌋, 1 + ⌊6/7⌋.
        let weighted: Vec<f32> = rave_weights(3.0).into_iter().map(|(_, w)| w).collect();
        assert_eq!(weighted, [3.0, 2.0, 1.0, 0.0]);
    }
}
