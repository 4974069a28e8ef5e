//! What the engine says of a proposed marking of dead stones, in the agreement phase.
//!
//! Its own view of each chain comes from two sources: the game's conservative estimate
//! ([`estimate_dead`], which guards sekis and never calls a living chain dead lightly) and the
//! engine's playouts from the position (the share of them at whose end the chain's points are
//! the opponent's). A chain is dead in its view when the estimate says so or nearly every
//! playout takes it, alive when the estimate keeps it and most playouts do; otherwise it is
//! unsure. A marking that calls dead a chain it sees alive, or alive a chain it sees dead, is
//! disputed by toggling that chain (its own chains first: the dispute that matters to it);
//! an unsure chain whose fate decides the game resumes play, so that it is played out;
//! anything else is accepted.

use crate::go::light_playout::Rng;
use crate::go::{Color, EstimateOptions, Game, GameResult, Point, estimate_dead};

use super::heavy_playout::{self, Amaf, Policy};
use super::playout_board::{CELLS, Pos, cell, stone};

/// The engine's answer to a proposed marking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkingVerdict {
    /// The marking is what the engine sees: score it.
    Accept,
    /// The chain through this point should change sides (dead ↔ alive).
    Toggle(Point),
    /// The position is not settled: play on.
    Resume,
}

/// Playouts of the judgement (half with each side first).
const PLAYOUTS: u32 = 600;
/// A chain the playouts take this often is dead in the engine's view.
const DEAD: f64 = 0.85;
/// A chain the playouts take at most this often, and the estimate keeps, is alive.
const ALIVE: f64 = 0.35;

/// What the engine playing `color` says of `marking` (one stone of each chain proposed dead)
/// in `game`'s final position. Deterministic for a seed.
pub fn judge_marking(game: &Game, color: Color, marking: &[Point], seed: u64) -> MarkingVerdict {
    let board = game.board();
    let size = board.size();
    let estimate = estimate_dead(
        board,
        EstimateOptions {
            seed,
            ..EstimateOptions::default()
        },
    );
    let lost = loss_shares(game, seed);
    let mut marked = [false; CELLS];
    for &p in marking {
        for s in board.chain(p) {
            marked[cell(s)] = true;
        }
    }
    let mut estimated = [false; CELLS];
    for &p in &estimate {
        for s in board.chain(p) {
            estimated[cell(s)] = true;
        }
    }
    // Disputes: (own chain first, then larger chains), and the unsure chains.
    let mut disputes: Vec<(bool, usize, Point)> = Vec::new();
    let mut unsure: Vec<Point> = Vec::new();
    let mut seen = [false; CELLS];
    for p in size.all_points() {
        let Some(owner) = board.get(p) else { continue };
        if seen[cell(p)] {
            continue;
        }
        let stones = board.chain(p);
        for s in &stones {
            seen[cell(*s)] = true;
        }
        let share = stones.iter().map(|s| lost[cell(*s)]).sum::<f64>() / stones.len() as f64;
        let is_marked = marked[cell(p)];
        let dead_view = estimated[cell(p)] || share >= DEAD;
        let alive_view = !estimated[cell(p)] && share <= ALIVE;
        let anchor = stones.iter().copied().min().unwrap_or(p);
        if (is_marked && alive_view) || (!is_marked && dead_view) {
            disputes.push((owner == color, stones.len(), anchor));
        } else if !dead_view && !alive_view {
            unsure.push(anchor);
        }
    }
    disputes.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    if let Some(&(_, _, p)) = disputes.first() {
        return MarkingVerdict::Toggle(p);
    }
    // An unsure chain matters when its fate changes the winner: then it is played out.
    let winner = |dead: &[Point]| match game.count(dead).result() {
        GameResult::Points { winner, .. } => Some(winner),
        _ => None,
    };
    let base = winner(marking);
    for &p in &unsure {
        let mut other: Vec<Point> = marking
            .iter()
            .copied()
            .filter(|&m| board.chain_id(m) != board.chain_id(p))
            .collect();
        if other.len() == marking.len() {
            other.push(p);
        }
        if winner(&other) != base {
            return MarkingVerdict::Resume;
        }
    }
    MarkingVerdict::Accept
}

/// For each cell, the share of the engine's playouts from the position at whose end the stone
/// on it (if any) has lost its point to the opponent.
fn loss_shares(game: &Game, seed: u64) -> Vec<f64> {
    let board = game.board();
    let mut rng = Rng::new(seed ^ board.hash() ^ 0x4A55_4447);
    let policy = Policy::default();
    let mut lost = vec![0u32; CELLS];
    let stones: Vec<(usize, u8)> = board
        .size()
        .all_points()
        .filter_map(|p| board.get(p).map(|c| (cell(p), stone(c))))
        .collect();
    let mut amaf = Amaf::new();
    for k in 0..PLAYOUTS {
        let first = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut pos = Pos::from_board(board, first);
        amaf.moves.clear();
        heavy_playout::run(
            &mut pos,
            &policy,
            &super::replies::Replies::off(),
            &mut rng,
            3 * board.size().points(),
            &mut amaf,
        );
        let mut owner = [0u8; CELLS];
        pos.for_each_owner(|i, o| owner[i] = o);
        for &(i, c) in &stones {
            if owner[i] != 0 && owner[i] != c {
                lost[i] += 1;
            }
        }
    }
    lost.into_iter()
        .map(|n| f64::from(n) / f64::from(PLAYOUTS))
        .collect()
}
