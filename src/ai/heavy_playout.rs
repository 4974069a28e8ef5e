//! The search's playouts: better than uniform where it is cheap to be, as the strong light
//! engines do it (MoGo, Pachi's "moggy", Fuego).
//!
//! For the side to move, after the opponent's move `last`:
//! 1. answers to ataris around `last`: capture the chain that `last` left in atari (its own,
//!    a self-atari), or save one's own chain that `last` put in atari — by capturing a chain
//!    in atari that touches it, or by extending when that gives it at least two liberties;
//! 2. when [`Policy::nakade`] is on, the vital point of the eye space that `last` borders,
//!    when it is a killing shape (see [`nakade_point`]);
//! 3. when [`Policy::replies`] is on, the last good reply to the last two moves or to the last
//!    move (see [`super::replies`]);
//! 4. a 3×3 playout pattern (hane, cut, edge block) on one of the eight points around `last`,
//!    or around the move before it;
//! 5. else a random move.
//!
//! Every move is legal under simple ko, fills none of one's own eyes, and leaves no chain of
//! two stones or more in atari without capturing (a single stone may: throw-ins and the
//! vital point of a big eye need it). A playout ends on two passes or at a move cap; it is
//! scored by area, each empty point counting for the colour of all its stone neighbours.
//!
//! The playout also records, for every point, which colour played there first (AMAF): the
//! tree's RAVE statistics learn from it.

use crate::go::light_playout::Rng;

use super::pattern::{LEARNED, PLAYOUT};
use super::playout_board::{
    BLACK, EMPTY, MAX_POINTS, PASS, Pos, STRIDE, WHITE, eight, neighbours, other,
};
use super::replies::Replies;
use super::tactics::runs_into_ladder_quick;

/// The moves of one simulation in order (tree and playout), each a cell with its colour in
/// bits 14–15: what the tree's AMAF statistics learn from.
pub(crate) struct Amaf {
    pub(crate) moves: Vec<u16>,
}

impl Amaf {
    pub(crate) fn new() -> Amaf {
        Amaf {
            moves: Vec::with_capacity(3 * MAX_POINTS),
        }
    }

    #[inline(always)]
    pub(crate) fn record(&mut self, i: usize, c: u8) {
        self.moves.push(i as u16 | (u16::from(c) << 14));
    }
}

/// Tunables of the playout policy, in percent.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Policy {
    /// How often the answers to ataris around the last move are looked for.
    pub(crate) atari: u32,
    /// How often a playout pattern near the last moves is looked for.
    pub(crate) pattern: u32,
    /// Random points tried, before the uniform choice, for one in an empty 3×3 area (MoGo's
    /// "fill the board": big boards' playouts otherwise crowd where the stones are).
    pub(crate) fill_board: u32,
    /// Whether a random move may put two stones or more in atari when it ataris an enemy
    /// chain too (see [`allowed`]).
    pub(crate) mutual_atari: bool,
    /// How often, after the atari answers, the chains that the last move left with two
    /// liberties are played on (see [`two_liberty_moves`]).
    pub(crate) two_libs: u32,
    /// Whether the playouts learn and play last good replies (see [`super::replies`]).
    pub(crate) replies: bool,
    /// How often the vital point of an eye space next to the last move is looked for.
    pub(crate) nakade: u32,
    /// Whether a move may put two stones or more in atari when they are a sacrifice that
    /// kills (see [`sacrifice_kills`]).
    pub(crate) sacrifice: bool,
    /// How often, before anything else, the point of a ko taken in the last [`KO_AGE`] moves
    /// is played once its ban has lifted: the retake after a threat and its answer, or the
    /// taker's connection instead of answering (Pachi's `korate`). Without it a playout's ko
    /// goes to whoever a random move happens to favour.
    pub(crate) ko: u32,
    /// Whether a random move that would put two stones or more in atari is turned into the
    /// move from outside on an enemy chain beside it with two liberties, its other liberty
    /// (see [`cousin`]).
    pub(crate) cousin: bool,
    /// Whether the playout pattern moves around the last move are drawn in proportion to
    /// their learned 3×3 weights rather than uniformly (Pachi draws its pattern moves by
    /// their gammas).
    pub(crate) pattern_weights: bool,
}

/// Moves after a ko capture during which [`Policy::ko`] comes back to it.
const KO_AGE: u8 = 3;

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            atari: 100,
            pattern: 100,
            fill_board: 0,
            mutual_atari: false,
            two_libs: 0,
            replies: false,
            nakade: 0,
            sacrifice: false,
            ko: 0,
            cousin: false,
            pattern_weights: false,
        }
    }
}

/// Candidate moves, a handful at most.
struct Moves {
    list: [usize; 16],
    n: usize,
}

impl Moves {
    #[inline(always)]
    fn new() -> Moves {
        Moves {
            list: [0; 16],
            n: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, i: usize) {
        if self.n < self.list.len() && !self.list[..self.n].contains(&i) {
            self.list[self.n] = i;
            self.n += 1;
        }
    }

    #[inline(always)]
    fn pick(&self, rng: &mut Rng) -> Option<usize> {
        (self.n > 0).then(|| self.list[rng.below(self.n)])
    }

    /// One of the moves, each as likely as its learned 3×3 weight for `c`.
    fn pick_by_weight(&self, pos: &Pos, c: u8, rng: &mut Rng) -> Option<usize> {
        if self.n < 2 {
            return self.pick(rng);
        }
        let mut weights = [0usize; 16];
        let mut total = 0;
        for (w, &m) in weights.iter_mut().zip(&self.list[..self.n]) {
            // Weights in 1/1024ths, at least one: every candidate stays possible.
            *w = ((LEARNED.weight(pos.pattern3(m), pos.atari_bits(m), c) * 1024.0) as usize).max(1);
            total += *w;
        }
        let mut stab = rng.below(total);
        for (&w, &m) in weights.iter().zip(&self.list[..self.n]) {
            if stab < w {
                return Some(m);
            }
            stab -= w;
        }
        self.pick(rng)
    }
}

/// One stone of each distinct chain on `last` and its four neighbours, and how many.
#[inline(always)]
fn chains_around(pos: &Pos, last: usize) -> ([usize; 5], usize) {
    let mut stones = [0usize; 5];
    let mut heads = [usize::MAX; 5];
    let mut n = 0;
    for q in [last, last - STRIDE, last - 1, last + 1, last + STRIDE] {
        let v = pos.at(q);
        if v != BLACK && v != WHITE {
            continue;
        }
        let h = pos.head(q);
        if heads[..n].contains(&h) {
            continue;
        }
        heads[n] = h;
        stones[n] = q;
        n += 1;
    }
    (stones, n)
}

/// Moves that answer the ataris around `last`: capture a chain in atari there, or save one's
/// own.
pub(crate) fn atari_answers(pos: &mut Pos, c: u8, last: usize, out: &mut MovesOut) {
    let enemy = other(c);
    let (stones, n) = chains_around(pos, last);
    for &q in &stones[..n] {
        let v = pos.at(q);
        let h = pos.head(q);
        let Some(lib) = pos.atari_liberty(q) else {
            continue;
        };
        if v == enemy {
            if pos.is_legal(c, lib) {
                out.capture(lib);
            }
            continue;
        }
        // Our chain in atari: capture a neighbour in atari, or extend to two liberties.
        let mut s = h;
        let mut seen = [usize::MAX; 8];
        let mut ns = 0;
        loop {
            for n in neighbours(s) {
                if pos.at(n) == enemy {
                    let eh = pos.head(n);
                    if seen[..ns].contains(&eh) {
                        continue;
                    }
                    if ns < seen.len() {
                        seen[ns] = eh;
                        ns += 1;
                    }
                    if let Some(el) = pos.atari_liberty(n)
                        && pos.is_legal(c, el)
                    {
                        out.escape(el);
                    }
                }
            }
            s = next_stone(pos, s);
            if s == h {
                break;
            }
        }
        if pos.is_legal(c, lib) {
            // Two liberties after extending is an escape only if no ladder catches it.
            let libs = pos.liberties_after(c, lib, 3).0;
            if libs >= 3
                || (libs == 2 && !runs_into_ladder_quick(pos, c, lib, PLAYOUT_LADDER_STEPS))
            {
                out.escape(lib);
            }
        }
    }
}

/// Moves for the chains around `last` that have two liberties: one's own chain is extended
/// where that gives it three or more; the opponent's (the chain of `last`) is put in atari
/// where its escape on the other liberty would leave it at most two, the atari stone not
/// itself in atari.
fn two_liberty_moves(pos: &mut Pos, c: u8, last: usize, moves: &mut Moves) {
    let enemy = other(c);
    let (stones, n) = chains_around(pos, last);
    for &q in &stones[..n] {
        let v = pos.at(q);
        let mut libs = [0usize; 2];
        if pos.liberties(q, 3, &mut libs) != 2 {
            continue;
        }
        for (j, &l) in libs.iter().enumerate() {
            if !pos.is_legal(c, l) || pos.is_eye(c, l) {
                continue;
            }
            if v == c {
                if pos.liberties_after(c, l, 3).0 >= 3 {
                    moves.push(l);
                }
            } else if v == enemy
                && pos.liberties_after(c, l, 2).0 >= 2
                && pos.liberties_after(enemy, libs[1 - j], 4).0 <= 3
            {
                moves.push(l);
            }
        }
    }
}

/// Steps of a playout's ladder reading: a ladder across 19×19 takes about 30.
const PLAYOUT_LADDER_STEPS: u32 = 40;

/// Captures of enemy chains in atari next to `at` (one's own previous move: the chain it put
/// in atari may not have escaped).
pub(crate) fn captures_near(pos: &Pos, c: u8, at: usize, out: &mut MovesOut) {
    let enemy = other(c);
    for q in neighbours(at) {
        if pos.at(q) == enemy
            && let Some(lib) = pos.atari_liberty(q)
            && pos.is_legal(c, lib)
        {
            out.capture(lib);
        }
    }
}

/// The next stone of a chain's circular list.
#[inline(always)]
fn next_stone(pos: &Pos, s: usize) -> usize {
    pos.next_in_chain(s)
}

/// Where [`atari_answers`] writes: captures and rescues apart, so the tree's priors can tell
/// them.
pub(crate) struct MovesOut {
    pub(crate) captures: [usize; 8],
    pub(crate) n_captures: usize,
    pub(crate) escapes: [usize; 8],
    pub(crate) n_escapes: usize,
}

impl MovesOut {
    pub(crate) fn new() -> MovesOut {
        MovesOut {
            captures: [0; 8],
            n_captures: 0,
            escapes: [0; 8],
            n_escapes: 0,
        }
    }

    #[inline(always)]
    fn capture(&mut self, i: usize) {
        if self.n_captures < 8 && !self.captures[..self.n_captures].contains(&i) {
            self.captures[self.n_captures] = i;
            self.n_captures += 1;
        }
    }

    #[inline(always)]
    fn escape(&mut self, i: usize) {
        if self.n_escapes < 8 && !self.escapes[..self.n_escapes].contains(&i) {
            self.escapes[self.n_escapes] = i;
            self.n_escapes += 1;
        }
    }
}

/// Whether the policy lets `c` play on the empty cell `i`: legal, not an own eye, not a
/// self-atari of two stones or more — unless `mutual` and the move puts an enemy chain in
/// atari too (a throw-in that shortens the liberties of a chain in a race or a false seki:
/// the enemy must capture, and what is left may die), or `sacrifice` and the stones are a
/// sacrifice that kills ([`sacrifice_kills`]).
#[inline]
pub(crate) fn allowed(pos: &mut Pos, c: u8, i: usize, mutual: bool, sacrifice: bool) -> bool {
    if !pos.is_legal(c, i) || pos.is_eye(c, i) {
        return false;
    }
    match pos.self_atari(c, i) {
        Some(stones) => {
            stones < 2
                || (mutual && pos.ataris_enemy(c, i))
                || (sacrifice && sacrifice_kills(pos, c, i))
        }
        None => true,
    }
}

/// Whether `c` on the empty cell `i`, a self-atari, is a sacrifice that kills (Pachi's nakade
/// self-atari): the chain it makes (`i` and `c`'s chains next to it, two to six stones) has
/// one liberty and otherwise touches only enemy stones and the edge, no enemy chain next to it
/// is in atari (it captures nothing and could capture nothing instead), and its points, once
/// the enemy takes them, are an eye space with one eye: two points, or a killing shape
/// ([`vital_point`]), or a square four. Without it the playouts never play such stones, and a
/// group whose eye space holds a dead shape is alive to them.
fn sacrifice_kills(pos: &Pos, c: u8, i: usize) -> bool {
    const MAX: usize = 6;
    let mut area = [i; MAX];
    let mut n = 1;
    let mut heads = [usize::MAX; 4];
    for (j, q) in neighbours(i).into_iter().enumerate() {
        if pos.at(q) != c || heads.contains(&pos.head(q)) {
            continue;
        }
        heads[j] = pos.head(q);
        for s in pos.chain_stones(q) {
            if n == MAX {
                return false;
            }
            area[n] = s;
            n += 1;
        }
    }
    if n < 2 {
        return false;
    }
    let mut liberty = None;
    for &p in &area[..n] {
        for q in neighbours(p) {
            let v = pos.at(q);
            if v == EMPTY && q != i {
                match liberty {
                    None => liberty = Some(q),
                    Some(l) if l != q => return false,
                    Some(_) => {}
                }
            } else if v == other(c) && pos.in_atari(q) {
                return false;
            }
        }
    }
    if liberty.is_none() {
        return false;
    }
    let area = &area[..n];
    n == 2 || vital_point(area).is_some() || shape_counts(area) == (4, [0, 0, 4, 0, 0])
}

/// The vital point of the eye space that `last` (the opponent's move) borders, where `c`
/// playing first kills: an empty area of three to six points, touching no stone of `c`, shaped
/// as a straight or bent three (its middle), a pyramid four (its centre), a bulky five (the
/// point next to the square's tail), a crossed five or a rabbity six (the point with four
/// neighbours in the area). `None` for any other area, or when `last`'s empty neighbours are
/// not of one area.
fn nakade_point(pos: &Pos, last: usize, c: u8) -> Option<usize> {
    const MAX: usize = 6;
    let mut start = None;
    for q in neighbours(last) {
        if pos.at(q) != EMPTY {
            continue;
        }
        match start {
            None => start = Some(q),
            Some(s) if !eight(s).contains(&q) => return None,
            Some(_) => {}
        }
    }
    let mut area = [start?; MAX];
    let mut n = 1;
    let mut k = 0;
    while k < n {
        for q in neighbours(area[k]) {
            let v = pos.at(q);
            if v == c {
                return None;
            }
            if v == EMPTY && !area[..n].contains(&q) {
                if n == MAX {
                    return None;
                }
                area[n] = q;
                n += 1;
            }
        }
        k += 1;
    }
    vital_point(&area[..n])
}

/// Per point of `area`, how many of its neighbours are in the area.
fn degrees(area: &[usize]) -> [usize; 6] {
    let mut degree = [0usize; 6];
    for i in 0..area.len() {
        for j in i + 1..area.len() {
            if neighbours(area[i]).contains(&area[j]) {
                degree[i] += 1;
                degree[j] += 1;
            }
        }
    }
    degree
}

/// The size of a connected `area` (six points at most) and, per number of neighbours in the
/// area, how many of its points have it: a shape up to its symmetries and the edge.
fn shape_counts(area: &[usize]) -> (usize, [usize; 5]) {
    let mut by = [0usize; 5];
    for &d in &degrees(area)[..area.len()] {
        by[d] += 1;
    }
    (area.len(), by)
}

/// The vital point of a connected eye space of three to six points when it is a killing
/// shape (whoever plays there first decides it: one eye, or two): a straight or bent three
/// (its middle), a pyramid four (its centre), a bulky five (the point next to the square's
/// tail), a crossed five or a rabbity six (the point with four neighbours in the area).
fn vital_point(area: &[usize]) -> Option<usize> {
    let degree = degrees(area);
    let with = |d: usize| (0..area.len()).find(|&i| degree[i] == d).map(|i| area[i]);
    match shape_counts(area) {
        (3, _) => with(2),
        (4, [_, 3, 0, 1, 0]) => with(3),
        (5, [_, 4, 0, 0, 1]) => with(4),
        (5, [_, 1, 3, 1, 0]) => with(3),
        (6, [_, 2, 3, 0, 1]) => with(4),
        _ => None,
    }
}

/// A playout pattern move on the eight points around `around`.
fn pattern_move(pos: &mut Pos, c: u8, around: usize, moves: &mut Moves) {
    for i in eight(around) {
        if pos.at(i) == EMPTY
            && PLAYOUT.contains(pos.pattern3(i))
            && pos.is_legal(c, i)
            && !pos.is_eye(c, i)
            && pos.self_atari(c, i).is_none()
        {
            moves.push(i);
        }
    }
}

/// A random allowed move: from a random place in the list of empty points, the first that
/// the policy allows.
fn random_move(pos: &mut Pos, c: u8, rng: &mut Rng, policy: &Policy) -> usize {
    let n = pos.empty_count();
    if n == 0 {
        return PASS;
    }
    let start = rng.below(n);
    for k in 0..n {
        let j = start + k;
        let i = pos.empties()[if j >= n { j - n } else { j }] as usize;
        if allowed(pos, c, i, policy.mutual_atari, policy.sacrifice) {
            return i;
        }
        if policy.cousin
            && pos.is_legal(c, i)
            && !pos.is_eye(c, i)
            && let Some(m) = cousin(pos, c, i, policy.sacrifice)
        {
            return m;
        }
    }
    PASS
}

/// For `c`'s self-atari on `i`: the other liberty of an enemy chain next to `i` that has
/// two, when the policy allows it there. In a capturing race the self-atari inside loses the
/// race and the move from outside shortens the enemy's liberties just as much (Pachi's
/// `selfatari_cousin`); without it a random playout plays neither.
fn cousin(pos: &mut Pos, c: u8, i: usize, sacrifice: bool) -> Option<usize> {
    let enemy = other(c);
    let mut libs = [0usize; 2];
    for q in neighbours(i) {
        if pos.at(q) != enemy || pos.liberties(q, 3, &mut libs) != 2 {
            continue;
        }
        let outside = match libs {
            [a, b] if a == i => b,
            [a, b] if b == i => a,
            _ => continue,
        };
        if allowed(pos, c, outside, false, sacrifice) {
            return Some(outside);
        }
    }
    None
}

/// The policy's move for the side to move.
#[inline]
pub(crate) fn choose(pos: &mut Pos, policy: &Policy, replies: &Replies, rng: &mut Rng) -> usize {
    let c = pos.to_move();
    let last = pos.last();
    if policy.ko > 0
        && let Some(k) = pos.recent_ko(KO_AGE)
        && rng.below(100) < policy.ko as usize
        && allowed(pos, c, k, false, policy.sacrifice)
    {
        return k;
    }
    if last != PASS {
        if policy.atari == 100 || rng.below(100) < policy.atari as usize {
            let mut out = MovesOut::new();
            atari_answers(pos, c, last, &mut out);
            if out.n_captures + out.n_escapes == 0 && pos.last2() != PASS {
                captures_near(pos, c, pos.last2(), &mut out);
            }
            if out.n_captures + out.n_escapes > 0 {
                let k = rng.below(out.n_captures + out.n_escapes);
                return if k < out.n_captures {
                    out.captures[k]
                } else {
                    out.escapes[k - out.n_captures]
                };
            }
        }
        if policy.nakade > 0
            && rng.below(100) < policy.nakade as usize
            && let Some(p) = nakade_point(pos, last, c)
            && pos.is_legal(c, p)
        {
            return p;
        }
        let (two, one) = replies.lookup(c, pos.last2(), last);
        for r in [two, one] {
            if r != PASS && allowed(pos, c, r, false, policy.sacrifice) {
                return r;
            }
        }
        if policy.two_libs > 0 && rng.below(100) < policy.two_libs as usize {
            let mut moves = Moves::new();
            two_liberty_moves(pos, c, last, &mut moves);
            if let Some(m) = moves.pick(rng) {
                return m;
            }
        }
        if policy.pattern == 100 || rng.below(100) < policy.pattern as usize {
            let mut moves = Moves::new();
            pattern_move(pos, c, last, &mut moves);
            if moves.n == 0 && pos.last2() != PASS {
                pattern_move(pos, c, pos.last2(), &mut moves);
            }
            let picked = if policy.pattern_weights {
                moves.pick_by_weight(pos, c, rng)
            } else {
                moves.pick(rng)
            };
            if let Some(m) = picked {
                return m;
            }
        }
    }
    for _ in 0..policy.fill_board {
        let n = pos.empty_count();
        if n == 0 {
            break;
        }
        let i = pos.empties()[rng.below(n)] as usize;
        if pos.pattern3(i) == 0 {
            return i;
        }
    }
    random_move(pos, c, rng, policy)
}

/// Plays the policy from `pos` until two passes in a row or `max_moves`; records first plays
/// in `amaf`. Returns the area score, Black minus White, without komi.
pub(crate) fn run(
    pos: &mut Pos,
    policy: &Policy,
    replies: &Replies,
    rng: &mut Rng,
    max_moves: usize,
    amaf: &mut Amaf,
) -> i32 {
    let mut passes = 0;
    for _ in 0..max_moves {
        let c = pos.to_move();
        let m = choose(pos, policy, replies, rng);
        if m == PASS {
            passes += 1;
            pos.play(PASS);
            if passes >= 2 {
                break;
            }
        } else {
            passes = 0;
            amaf.record(m, c);
            pos.play(m);
        }
    }
    pos.area_score()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Board, BoardSize, Color, Point};

    fn at(s: &str) -> usize {
        super::super::playout_board::cell(s.parse::<Point>().unwrap())
    }

    #[test]
    fn playouts_end_legal_and_consistent() {
        let mut rng = Rng::new(3);
        let policy = Policy::default();
        for n in [5u8, 9, 13, 19] {
            let size = BoardSize::new(n).unwrap();
            for _ in 0..10 {
                let mut pos = Pos::from_board(&Board::new(size), Color::Black);
                let mut amaf = Amaf::new();
                let score = run(
                    &mut pos,
                    &policy,
                    &Replies::off(),
                    &mut rng,
                    3 * size.points(),
                    &mut amaf,
                );
                pos.assert_consistent();
                assert!(score.unsigned_abs() as usize <= size.points());
            }
        }
    }

    #[test]
    fn the_policy_captures_a_stone_the_last_move_left_in_atari() {
        let b = Board::from_diagram(
            "
            . . . . .
            . . X . .
            . X . X .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let mut pos = Pos::from_board(&b, Color::White);
        pos.play(at("C3"));
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            assert_eq!(
                choose(&mut pos, &Policy::default(), &Replies::off(), &mut rng),
                at("C2")
            );
        }
    }

    #[test]
    fn the_policy_saves_its_chain_in_atari_by_extending() {
        let b = Board::from_diagram(
            "
            . . . . .
            . . O . .
            . O X . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let mut pos = Pos::from_board(&b, Color::White);
        pos.play(at("C2"));
        let mut out = MovesOut::new();
        atari_answers(&mut pos, BLACK, at("C2"), &mut out);
        assert_eq!(&out.escapes[..out.n_escapes], &[at("D3")]);
        assert_eq!(out.n_captures, 0);
    }

    /// The two-liberty moves of Black after White's `last` on `diagram`, sorted.
    fn two_liberty_answers(diagram: &str, last: &str) -> Vec<usize> {
        let b = Board::from_diagram(diagram).unwrap();
        let mut pos = Pos::from_board(&b, Color::White);
        pos.play(at(last));
        let mut moves = Moves::new();
        two_liberty_moves(&mut pos, BLACK, at(last), &mut moves);
        let mut found = moves.list[..moves.n].to_vec();
        found.sort_unstable();
        found
    }

    #[test]
    fn a_chain_left_with_two_liberties_extends_to_three() {
        let found = two_liberty_answers(
            "
            . . . . .
            . . . . .
            . O X . .
            . . . . .
            . . . . .",
            "C4",
        );
        let mut want = vec![at("C2"), at("D3")];
        want.sort_unstable();
        assert_eq!(found, want);
    }

    #[test]
    fn the_last_stone_with_two_liberties_is_ataried_only_where_it_cannot_run() {
        // White's B2 has B3 and C2. Black on B3 leaves C2, where White would have two
        // liberties; Black on C2 leaves B3, an open run. B2 also left Black's A2 with two
        // liberties: A3 and A1 (joining B1) give it three.
        let found = two_liberty_answers(
            "
            . . . . .
            . . . . .
            . . . . .
            X . . X .
            . X X . .",
            "B2",
        );
        let mut want = vec![at("A1"), at("A3"), at("B3")];
        want.sort_unstable();
        assert_eq!(found, want);
    }

    /// The nakade point Black finds after White plays `last` in `diagram`.
    fn nakade_after(diagram: &str, last: &str) -> Option<usize> {
        let b = Board::from_diagram(diagram).unwrap();
        let mut pos = Pos::from_board(&b, Color::White);
        pos.play(at(last));
        nakade_point(&pos, at(last), BLACK)
    }

    #[test]
    fn the_vital_point_of_a_killing_eye_shape_is_found() {
        // A bent three in the corner (White closes it at B2): its vital point is A1.
        let bent = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O . . . . .
            . . O . . . .
            . . O . . . .";
        assert_eq!(nakade_after(bent, "B2"), Some(at("A1")));
        // A pyramid four on the edge (White closes it at C2): its centre, B1.
        let pyramid = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O . . . .
            O . . O . . .
            . . . O . . .";
        assert_eq!(nakade_after(pyramid, "C2"), Some(at("B1")));
        // A bulky five (White closes it at B3): the square's point next to its tail, A2.
        let bulky = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O . . . . .
            . . O . . . .
            . . O . . . .
            . . O . . . .";
        assert_eq!(nakade_after(bulky, "B3"), Some(at("A2")));
    }

    /// Whether Black's stone on `mv` in `diagram` is a self-atari the policy forbids, and
    /// whether it allows it as a sacrifice that kills.
    fn sacrifice(diagram: &str, mv: &str) -> (bool, bool) {
        let b = Board::from_diagram(diagram).unwrap();
        let mut pos = Pos::from_board(&b, Color::Black);
        let plain = allowed(&mut pos, BLACK, at(mv), false, false);
        let with = allowed(&mut pos, BLACK, at(mv), false, true);
        assert_eq!(with, sacrifice_kills(&pos, BLACK, at(mv)) || plain);
        (plain, with)
    }

    #[test]
    fn stones_that_leave_the_enemy_one_eye_may_be_sacrificed() {
        // B1 makes two stones in atari in White's three-point eye space: once White takes
        // them at C1, two points are one eye.
        let two = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O . . .
            X . . O . . .";
        assert_eq!(sacrifice(two, "B1"), (false, true));
        // B2 makes a bent three in White's pyramid four: taken, it is a killing shape.
        let bent = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O . . . .
            O . O . . . .
            X X . O . . .";
        assert_eq!(sacrifice(bent, "B2"), (false, true));
    }

    #[test]
    fn stones_that_leave_the_enemy_two_eyes_are_not_sacrificed() {
        // D1 makes a straight four in atari: taken, a straight four lives.
        let straight = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O O O .
            X X X . . O .";
        assert_eq!(sacrifice(straight, "D1"), (false, false));
        // B1 joins seven stones: too many to be a nakade.
        let long = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O O O O
            O X X X X X O
            X . . O O O O";
        assert_eq!(sacrifice(long, "B1"), (false, false));
        // Not a self-atari at all: allowed either way.
        let open = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X . . O . . .";
        assert_eq!(sacrifice(open, "B1"), (true, true));
    }

    #[test]
    fn eye_spaces_that_live_or_hold_a_black_stone_have_no_nakade() {
        // A straight four lives whoever plays first.
        let straight = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . O . . . . .
            O . O O . . .
            . . . . O . .";
        assert_eq!(nakade_after(straight, "B2"), None);
        // The bent three with a Black stone in it is no longer an empty eye space.
        let taken = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O . . . . .
            . . O . . . .
            X . O . . . .";
        assert_eq!(nakade_after(taken, "B2"), None);
        // Too large an area (the open board): nothing.
        let open = "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . O . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .";
        assert_eq!(nakade_after(open, "C3"), None);
    }

    #[test]
    fn a_ko_is_retaken_after_a_threat_and_its_answer() {
        // Black takes the ko at C2; White may not retake at B2 at once.
        let b = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X O . . . .
            X O . O . . .
            . X O . . . .",
        )
        .unwrap();
        let mut pos = Pos::from_board(&b, Color::Black);
        pos.play(at("C2"));
        assert_eq!(pos.recent_ko(KO_AGE), None, "the ban still holds");
        // A threat and its answer: now White comes back to the ko.
        pos.play(at("G7"));
        pos.play(at("G6"));
        let retake = Policy {
            ko: 100,
            ..Policy::default()
        };
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            assert_eq!(
                choose(&mut pos, &retake, &Replies::off(), &mut rng),
                at("B2")
            );
        }
        let plain: Vec<usize> = (0..20)
            .map(|_| choose(&mut pos, &Policy::default(), &Replies::off(), &mut rng))
            .collect();
        assert!(plain.iter().any(|&m| m != at("B2")), "{plain:?}");
        // Two moves later the ko is old: the rule no longer looks at it.
        pos.play(at("F7"));
        pos.play(at("F6"));
        assert_eq!(pos.recent_ko(KO_AGE), None);
    }

    #[test]
    fn a_self_atari_in_a_race_turns_into_the_move_from_outside() {
        // Black's A2-B2 (liberties A1, B1) race White's five stones (liberties B1, D1).
        // Black on B1 would put three stones in atari; D1, from outside, ataris White.
        let b = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X . . .
            O O O X . . .
            X X O X . . .
            . . O . . . .",
        )
        .unwrap();
        let mut pos = Pos::from_board(&b, Color::Black);
        assert_eq!(pos.self_atari(BLACK, at("B1")), Some(3));
        assert!(!allowed(&mut pos, BLACK, at("B1"), false, false));
        assert_eq!(cousin(&mut pos, BLACK, at("B1"), false), Some(at("D1")));
        // A1 is a self-atari too, but touches no White chain: nothing to turn it into.
        assert_eq!(cousin(&mut pos, BLACK, at("A1"), false), None);
    }

    #[test]
    fn weighted_pattern_moves_follow_the_learned_weights() {
        // Two candidates of different shapes: C3, beside White's stone and diagonal to Black's,
        // and E5, diagonal to Black's only. Drawn many times, they come in the ratio of their
        // learned weights.
        let b = Board::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . . O . . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let pos = Pos::from_board(&b, Color::Black);
        let (a, b) = (at("C3"), at("E5"));
        let mut moves = Moves::new();
        moves.push(a);
        moves.push(b);
        let weight = |m: usize| LEARNED.weight(pos.pattern3(m), pos.atari_bits(m), BLACK);
        let expected = weight(a) / (weight(a) + weight(b));
        let mut rng = Rng::new(9);
        let draws = 20_000;
        let got = (0..draws)
            .filter(|_| moves.pick_by_weight(&pos, BLACK, &mut rng) == Some(a))
            .count() as f32
            / draws as f32;
        assert!((got - expected).abs() < 0.02, "{got} against {expected}");
        assert!((weight(a) - weight(b)).abs() > 0.1 * weight(a).max(weight(b)));
    }
}
