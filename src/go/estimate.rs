//! A conservative estimate of the dead chains of a finished position, proposed to the players
//! when the agreement phase starts (they may correct it, so it must above all not be wrong in
//! the costly direction: a living chain proposed dead).
//!
//! Method: many playouts from the position with a small tactical policy — take a chain in
//! atari next to the last move, save one's own chain it put in atari, answer the last move
//! locally one move in two, never put one's own chain of two or more stones in atari, never
//! fill one's own eye — and for each stone the share of playouts at whose end its point
//! belongs to the opponent. Uniform light playouts (the first draft) let an invader wander
//! about unpunished, so a lone stone in a large territory was "captured" in only about two
//! playouts out of three. A chain is then proposed dead only when
//! - it is not unconditionally alive (Benson), and not in seki as `count_territory` sees one
//!   (a seki stays alive: its eyes stay neutral under territory counting);
//! - its stones end up the opponent's in at least [`DEAD_SHARE`] of the playouts, and, for a
//!   chain in atari, in at least [`ATARI_SHARE`] of them unless its captors are never in
//!   danger ([`ATARI_FIGHT_SHARE`]): players who passed leaving a chain in atari that a
//!   playout does not always take are most often in a seki;
//! - every chain of its colour that shares an empty neighbour with it agrees (a group lives or
//!   dies as one; a split verdict is not strong evidence and nothing is proposed).
//!
//! Measured on the 31 autoscore positions of OGS's goban (`tests/estimate.rs`): exactly right
//! on 21; it misses dead chains rather than inventing them, and proposes no seki chain dead.

use super::benson::unconditionally_alive;
use super::board::Board;
use super::color::{ByColor, Color};
use super::playout::Rng;
use super::point::{CELLS, Point};
use super::score::{neighbours_on, seki_chains};

/// How sure the playouts must be before a chain is proposed dead.
pub const DEAD_SHARE: f64 = 0.6;

/// How sure the playouts must be of a chain in atari: a chain left in atari by players who
/// passed, that a playout does not always capture, is most often part of a seki.
pub const ATARI_SHARE: f64 = 0.95;

/// A chain in atari that the playouts do not capture almost always is still proposed dead when
/// its captors are never in danger: they lose their points in at most this share of playouts.
pub const ATARI_FIGHT_SHARE: f64 = 0.04;

/// Tunables of the estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EstimateOptions {
    /// Playouts run from the position (half with each colour first).
    pub playouts: usize,
    /// Seed of the playouts: the same position and seed give the same proposal.
    pub seed: u64,
    /// How sure the playouts must be before a chain is proposed dead ([`DEAD_SHARE`]).
    pub dead_share: f64,
    /// How sure the playouts must be of a chain in atari ([`ATARI_SHARE`]).
    pub atari_share: f64,
    /// For a chain in atari below `atari_share`: the largest share of playouts a neighbouring
    /// enemy chain may lose ([`ATARI_FIGHT_SHARE`]).
    pub atari_fight_share: f64,
}

impl Default for EstimateOptions {
    fn default() -> Self {
        EstimateOptions {
            playouts: 400,
            seed: 0x5EED,
            dead_share: DEAD_SHARE,
            atari_share: ATARI_SHARE,
            atari_fight_share: ATARI_FIGHT_SHARE,
        }
    }
}

/// One stone (the lowest point) of each chain proposed dead, sorted: ready for
/// [`crate::go::count_area`] and [`crate::go::count_territory`].
pub fn estimate_dead(board: &Board, options: EstimateOptions) -> Vec<Point> {
    let size = board.size();
    let safe = ByColor::new_with(|c| unconditionally_alive(board, c));
    let seki = seki_chains(board, &[false; CELLS]);
    let lost = opponent_ownership(board, options);
    // Chains: one entry per chain with its verdict.
    let mut chain_of = [usize::MAX; CELLS];
    let mut chains: Vec<(Color, Vec<Point>, bool)> = Vec::new();
    for p in size.all_points() {
        let Some(color) = board.get(p) else { continue };
        if chain_of[p.index()] != usize::MAX {
            continue;
        }
        let stones = board.chain(p);
        let k = chains.len();
        for s in &stones {
            chain_of[s.index()] = k;
        }
        let share = stones.iter().map(|s| lost[s.index()]).sum::<f64>() / stones.len() as f64;
        let dead = !safe[color][p.index()]
            && !seki[p.index()]
            && share >= options.dead_share
            && (board.liberties(p).len() > 1
                || share >= options.atari_share
                || !in_a_fight(board, color, &stones, &lost, options.atari_fight_share));
        chains.push((color, stones, dead));
    }
    // A group: chains of one colour joined through empty points (and dead enemy stones are not
    // crossed: they are walls until removed). A split verdict keeps the whole group alive.
    let mut group_of = vec![usize::MAX; chains.len()];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for start in 0..chains.len() {
        if group_of[start] != usize::MAX {
            continue;
        }
        let g = groups.len();
        let color = chains[start].0;
        let mut members = vec![start];
        group_of[start] = g;
        let mut seen_empty = [false; CELLS];
        let mut i = 0;
        while i < members.len() {
            let c = members[i];
            i += 1;
            let mut stack: Vec<Point> = Vec::new();
            for &s in &chains[c].1 {
                for n in neighbours_on(size, s) {
                    if board.get(n).is_none() && !seen_empty[n.index()] {
                        seen_empty[n.index()] = true;
                        stack.push(n);
                    }
                }
            }
            // Only the empty points next to the chain: two chains sharing a liberty are one
            // group; chains far apart across open space are not.
            while let Some(e) = stack.pop() {
                for n in neighbours_on(size, e) {
                    if board.get(n) == Some(color) {
                        let k = chain_of[n.index()];
                        if group_of[k] == usize::MAX {
                            group_of[k] = g;
                            members.push(k);
                        }
                    }
                }
            }
        }
        groups.push(members);
    }
    let mut dead = Vec::new();
    for members in &groups {
        if members.iter().all(|&c| chains[c].2) {
            for &c in members {
                if let Some(&p) = chains[c].1.iter().min() {
                    dead.push(p);
                }
            }
        }
    }
    dead.sort();
    dead
}

/// Whether the chain `stones` of `color` touches, directly or through one of its liberties, an
/// enemy chain that the playouts do not find safe either (it loses its points in more than
/// `fight_share` of them): the two are short of liberties together — a capturing race or a
/// seki (the players passed, so a seki) — which is never strong evidence that `stones` are
/// dead. A dead chain's captors keep their points in nearly every playout.
fn in_a_fight(
    board: &Board,
    color: Color,
    stones: &[Point],
    lost: &[f64],
    fight_share: f64,
) -> bool {
    let size = board.size();
    let mut near: Vec<Point> = Vec::new();
    for &s in stones {
        for n in neighbours_on(size, s) {
            match board.get(n) {
                Some(c) if c != color => near.push(n),
                None => near.extend(
                    neighbours_on(size, n).filter(|&m| board.get(m) == Some(color.opponent())),
                ),
                _ => {}
            }
        }
    }
    near.sort();
    near.dedup();
    let mut checked: Vec<Point> = Vec::new();
    for q in near {
        let Some(id) = board.chain_id(q) else {
            continue;
        };
        if checked.contains(&id) {
            continue;
        }
        checked.push(id);
        let chain = board.chain(q);
        let share = chain.iter().map(|s| lost[s.index()]).sum::<f64>() / chain.len() as f64;
        if share > fight_share {
            return true;
        }
    }
    false
}

/// Each stone with the share of playouts at whose end its point is the opponent's: what the
/// estimate weighs, for tools and tuning.
pub fn loss_shares(board: &Board, options: EstimateOptions) -> Vec<(Point, f64)> {
    let lost = opponent_ownership(board, options);
    board
        .size()
        .all_points()
        .filter(|p| board.get(*p).is_some())
        .map(|p| (p, lost[p.index()]))
        .collect()
}

/// For each point, the share of playouts at whose end the stone now on it (if any) has lost its
/// point to the other colour.
fn opponent_ownership(board: &Board, options: EstimateOptions) -> Vec<f64> {
    let size = board.size();
    let mut lost = vec![0u32; CELLS];
    let mut rng = Rng::new(options.seed ^ board.hash());
    let runs = options.playouts.max(2);
    for k in 0..runs {
        let mut b = board.clone();
        b.clear_ko();
        let first = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        tactical_playout(&mut b, first, &mut rng, 4 * size.points());
        for p in size.all_points() {
            let Some(original) = board.get(p) else {
                continue;
            };
            if owner_at_end(&b, p) == Some(original.opponent()) {
                lost[p.index()] += 1;
            }
        }
    }
    lost.into_iter()
        .map(|n| f64::from(n) / runs as f64)
        .collect()
}

/// Who a point belongs to at the end of a playout: its stone, or the colour around its eye.
fn owner_at_end(board: &Board, p: Point) -> Option<Color> {
    if let Some(c) = board.get(p) {
        return Some(c);
    }
    let mut around = neighbours_on(board.size(), p).filter_map(|n| board.get(n));
    let first = around.next()?;
    around.all(|c| c == first).then_some(first)
}

/// Plays from `board` until two passes in a row or `max_moves`, with the tactical policy of the
/// module's documentation.
fn tactical_playout(board: &mut Board, mut to_move: Color, rng: &mut Rng, max_moves: usize) {
    let mut empties: Vec<Point> = Vec::new();
    let mut passes = 0;
    let mut last: Option<Point> = None;
    for _ in 0..max_moves {
        empties.clear();
        empties.extend(board.size().all_points().filter(|&p| board.is_empty_at(p)));
        let chosen = last
            .and_then(|l| urgent_move(board, to_move, l, rng))
            .or_else(|| {
                last.filter(|_| rng.below(LOCAL_ONE_IN) != 0)
                    .and_then(|l| local_move(board, to_move, l, rng))
            })
            .or_else(|| random_move(board, to_move, &mut empties, rng));
        match chosen {
            Some(p) if board.play(to_move, p).is_ok() => {
                passes = 0;
                last = Some(p);
            }
            _ => {
                board.clear_ko();
                passes += 1;
                last = None;
            }
        }
        if passes >= 2 {
            return;
        }
        to_move = to_move.opponent();
    }
}

/// Out of this many moves, all but one answer the opponent's last move locally when they can.
const LOCAL_ONE_IN: usize = 2;

/// A move next to the opponent's last one (the eight points around it) that `random_move`
/// would allow: players answer where the opponent plays, and an invader who is answered dies.
fn local_move(board: &Board, color: Color, last: Point, rng: &mut Rng) -> Option<Point> {
    let size = board.size();
    let (c, r) = (i16::from(last.col()), i16::from(last.row()));
    let mut options: Vec<Point> = Vec::with_capacity(8);
    for dc in -1i16..=1 {
        for dr in -1i16..=1 {
            if dc == 0 && dr == 0 {
                continue;
            }
            let (Ok(col), Ok(row)) = (u8::try_from(c + dc), u8::try_from(r + dr)) else {
                continue;
            };
            if let Some(p) = size.point(col, row)
                && board.is_empty_at(p)
                && board.playout_candidate(color, p)
                && !bad_self_atari(board, color, p)
            {
                options.push(p);
            }
        }
    }
    (!options.is_empty()).then(|| options[rng.below(options.len())])
}

/// A reply to the opponent's last move at `last`: capture a chain in atari next to it, or
/// save one's own chain it put in atari (if the escape gives two liberties or more).
fn urgent_move(board: &Board, color: Color, last: Point, rng: &mut Rng) -> Option<Point> {
    let size = board.size();
    let mut around: Vec<Point> = vec![last];
    around.extend(neighbours_on(size, last));
    let mut captures = Vec::new();
    let mut escapes = Vec::new();
    for q in around {
        let Some(c) = board.get(q) else { continue };
        let libs = board.liberties(q);
        if libs.len() != 1 {
            continue;
        }
        let lib = libs[0];
        if board.check(color, lib).is_err() {
            continue;
        }
        if c != color {
            captures.push(lib);
        } else if liberties_after(board, color, lib) >= 2 {
            escapes.push(lib);
        }
    }
    // Also: an own chain in atari may be saved by taking a neighbouring enemy chain in atari.
    let pick = |v: &Vec<Point>, rng: &mut Rng| (!v.is_empty()).then(|| v[rng.below(v.len())]);
    pick(&captures, rng).or_else(|| pick(&escapes, rng))
}

/// A uniformly random move that is legal, fills no own eye, and puts no own chain of two or
/// more stones in atari; `None` to pass.
fn random_move(board: &Board, color: Color, empties: &mut [Point], rng: &mut Rng) -> Option<Point> {
    let mut n = empties.len();
    while n > 0 {
        let i = rng.below(n);
        let p = empties[i];
        if board.playout_candidate(color, p) && !bad_self_atari(board, color, p) {
            return Some(p);
        }
        n -= 1;
        empties.swap(i, n);
    }
    None
}

/// Whether `color` on `p` leaves its chain of two stones or more with one liberty, capturing
/// nothing: throwing away a chain (or filling the shared liberty of a seki).
fn bad_self_atari(board: &Board, color: Color, p: Point) -> bool {
    let size = board.size();
    let empty_neighbours = neighbours_on(size, p)
        .filter(|&n| board.is_empty_at(n))
        .count();
    if empty_neighbours >= 2 {
        return false;
    }
    let joins = neighbours_on(size, p).any(|n| board.get(n) == Some(color));
    if !joins {
        return false;
    }
    liberties_after(board, color, p) <= 1
}

/// The liberties the chain of `color` through `p` would have after playing there (captures
/// count as plenty).
fn liberties_after(board: &Board, color: Color, p: Point) -> usize {
    let size = board.size();
    let mut libs: Vec<Point> = Vec::new();
    for n in neighbours_on(size, p) {
        match board.get(n) {
            None => libs.push(n),
            Some(c) if c == color => {
                libs.extend(board.liberties(n).into_iter().filter(|&l| l != p));
            }
            Some(_) => {
                if board.liberties(n).len() == 1 {
                    return 2;
                }
            }
        }
    }
    libs.sort();
    libs.dedup();
    libs.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dead_of(diagram: &str) -> Vec<String> {
        let b = Board::from_diagram(diagram).unwrap();
        estimate_dead(&b, EstimateOptions::default())
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    /// H4 sits in White's three columns and is proposed dead. C7 sits in Black's four columns,
    /// where light playouts still let it live (or kill Black's eyeless wall) too often: it is
    /// left to the players, the estimate's known weakness, conservative rather than wrong.
    #[test]
    fn a_lone_stone_in_a_small_territory_is_dead_and_the_walls_are_not() {
        let d = "
            . . . . X O . . .
            . . . . X O . . .
            . . O . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . X .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .";
        assert_eq!(dead_of(d), ["H4"]);
    }

    #[test]
    fn walls_with_two_eyes_stay_alive() {
        let d = "
            . . X O . . . . .
            X X X O . . . . .
            . X O O . . . . .
            X X O . . . . . .
            . X O . . . . . .
            X X O . . . . . .
            . X O . . . . . .
            X X O . . . . . .
            . X O . . . . . .";
        assert!(dead_of(d).is_empty(), "{:?}", dead_of(d));
    }

    #[test]
    fn a_seki_is_never_proposed_dead() {
        let d = "
            X X X . . . .
            O O X . . . .
            . O X . . . .
            O O X . . . .
            . O X X X X X
            X X O O O O O
            . X O . . . .";
        assert!(dead_of(d).is_empty(), "{:?}", dead_of(d));
    }

    #[test]
    fn the_same_position_gets_the_same_proposal() {
        let d = "
            . . . . X O . . .
            . . O . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . X .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .";
        assert_eq!(dead_of(d), dead_of(d));
    }
}
