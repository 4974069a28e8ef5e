//! The search's own board: the rules of [`crate::go::Board`] under simple ko, plus what the
//! playout policy and the tree's priors ask many times a move — is this chain in atari and
//! where is its liberty, how many liberties would a stone here have, is this an eye, what is the
//! 3×3 pattern around a point — kept cheap.
//!
//! It uses the same padded 21×21 layout as [`Point`] (so a point's index is its cell) and the
//! same incremental scheme as the rules board: chains as circular lists with one head, the
//! head holding the chain's pseudo-liberties packed as a count, a sum of cells and a sum of
//! their squares (a chain is in atari exactly when all its pseudo-liberties are one cell), and
//! per point the number of empty, black and white neighbours. On top of that it keeps the list
//! of empty points (playouts draw from it), the last two moves, and a Zobrist hash of its own
//! (the tree's superko test compares it with the game's history replayed on this board).
//!
//! Superko is the game's business: this board knows only the simple ko. The search checks the
//! root's moves with [`crate::go::Game::check`] and deeper moves against the history hashes.

use crate::go::{Board, Color, Point};

/// Stride of the padded array: a border column, 19 points, a border column (as [`Point`]).
pub(crate) const STRIDE: usize = 21;
/// Cells of the padded array.
pub(crate) const CELLS: usize = STRIDE * STRIDE;
/// Points of the largest board.
pub(crate) const MAX_POINTS: usize = 19 * 19;
/// The move "pass", as a cell: cell 0 is a corner of the border, never a point.
pub(crate) const PASS: usize = 0;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const BORDER: u8 = 3;

/// The cell value of a stone of `color`.
#[inline(always)]
pub(crate) fn stone(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The other stone value: 1 ↔ 2.
#[inline(always)]
pub(crate) fn other(c: u8) -> u8 {
    3 - c
}

/// The four orthogonal neighbours of a cell.
#[inline(always)]
pub(crate) fn neighbours(i: usize) -> [usize; 4] {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
}

/// The four diagonal neighbours of a cell.
#[inline(always)]
pub(crate) fn diagonals(i: usize) -> [usize; 4] {
    [
        i - STRIDE - 1,
        i - STRIDE + 1,
        i + STRIDE - 1,
        i + STRIDE + 1,
    ]
}

/// The eight neighbours of a cell, in the order of the 3×3 pattern code: the row above (left
/// to right), the two sides, the row below.
#[inline(always)]
pub(crate) fn eight(i: usize) -> [usize; 8] {
    [
        i + STRIDE - 1,
        i + STRIDE,
        i + STRIDE + 1,
        i - 1,
        i + 1,
        i - STRIDE - 1,
        i - STRIDE,
        i - STRIDE + 1,
    ]
}

/// The cell of a point.
#[inline(always)]
pub(crate) fn cell(p: Point) -> usize {
    p.index()
}

/// The point of a cell known to be on the board.
#[inline(always)]
pub(crate) fn point(i: usize) -> Point {
    Point::from_index(i)
}

/// Neighbour counts: empty neighbours in bits 0–3, black in 4–7, white in 8–11; the edge
/// counts as both colours.
const EMPTY_UNIT: u16 = 1;
const EMPTY_MASK: u16 = 0xF;
const BORDER_UNIT: u16 = (1 << 4) | (1 << 8);

#[inline(always)]
fn unit(c: u8) -> u16 {
    1 << (4 * c as u16)
}

/// How many neighbours counted in `nbr` hold stone value `c` or the edge.
#[inline(always)]
fn count_of(nbr: u16, c: u8) -> u16 {
    (nbr >> (4 * c as u16)) & 0xF
}

/// Pseudo-liberties packed in one word (see [`crate::go::Board`]): count in bits 47–63, sum of
/// cells in bits 28–46, sum of squares in bits 0–27.
const COUNT_SHIFT: u32 = 47;
const SUM_SHIFT: u32 = 28;

#[inline(always)]
fn lib_at(i: usize) -> u64 {
    let i = i as u64;
    (1 << COUNT_SHIFT) | (i << SUM_SHIFT) | (i * i)
}

#[inline(always)]
fn lib_count(l: u64) -> u64 {
    l >> COUNT_SHIFT
}

#[inline(always)]
fn lib_sum(l: u64) -> u64 {
    (l >> SUM_SHIFT) & ((1 << (COUNT_SHIFT - SUM_SHIFT)) - 1)
}

/// Whether packed pseudo-liberties are all one cell (and there is one): count · Σi² = (Σi)²
/// holds exactly when all the values are equal (Cauchy–Schwarz). No division: the products
/// stay below 2⁴⁰.
#[inline(always)]
fn single(l: u64) -> bool {
    let c = lib_count(l);
    let squares = l & ((1 << SUM_SHIFT) - 1);
    let sum = lib_sum(l);
    c != 0 && c * squares == sum * sum
}

/// Whether packed pseudo-liberties could all lie on the cells `a` and `b` (`a` ≠ `b`): false
/// proves that the chain has a liberty elsewhere. Solves count = nₐ + n_b and
/// sum = nₐ·a + n_b·b for the multiplicities, then checks the sum of squares.
#[inline(always)]
fn libs_within(l: u64, a: usize, b: usize) -> bool {
    let c = lib_count(l) as i64;
    let sum = lib_sum(l) as i64;
    let squares = (l & ((1 << SUM_SHIFT) - 1)) as i64;
    let (a, b) = (a as i64, b as i64);
    if a == b {
        return sum == c * a && squares == c * a * a;
    }
    let num = sum - c * b;
    let den = a - b;
    if num % den != 0 {
        return false;
    }
    let na = num / den;
    let nb = c - na;
    na >= 0 && nb >= 0 && squares == na * a * a + nb * b * b
}

/// All ones when `keep`, else 0: masks a cell to itself or to cell 0, a border corner whose
/// liberty word absorbs updates meant for neighbours that hold no chain.
#[inline(always)]
fn mask(keep: bool) -> usize {
    0usize.wrapping_sub(usize::from(keep))
}

/// Zobrist keys of this board (its own: the rules board's are private to it).
static KEYS: [[u64; CELLS]; 2] = make_keys();

const fn make_keys() -> [[u64; CELLS]; 2] {
    let mut keys = [[0u64; CELLS]; 2];
    let mut state: u64 = 0x7365_6172_6368; // "search"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            keys[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    keys
}

#[inline(always)]
fn key(c: u8, i: usize) -> u64 {
    KEYS[(c - 1) as usize][i]
}

/// A position for the search: stones, chains, the side to move, the simple ko, the last moves.
#[derive(Clone)]
pub(crate) struct Pos {
    size: u8,
    cells: [u8; CELLS],
    nbr: [u16; CELLS],
    head: [u16; CELLS],
    next: [u16; CELLS],
    len: [u16; CELLS],
    libs: [u64; CELLS],
    /// Per cell: the 3×3 pattern code of its eight neighbours (see [`Pos::pattern3`]).
    pat: [u16; CELLS],
    empties: [u16; MAX_POINTS],
    n_empty: usize,
    slot: [u16; CELLS],
    /// The cell the side to move may not play (a ko retake), or 0.
    ko: usize,
    /// The cell the last ko capture banned (0: none yet), and the moves played since that
    /// capture: a ko fight's point, which the playouts may come back to (see
    /// [`Pos::recent_ko`]).
    last_ko: usize,
    ko_age: u8,
    to_move: u8,
    /// The last move and the one before (cells; [`PASS`] for a pass or none).
    last: usize,
    last2: usize,
    /// Passes in a row just played.
    passes: u8,
    hash: u64,
    /// Marks for walks (liberty counts): a cell is marked when it holds `stamp`.
    mark: [u8; CELLS],
    stamp: u8,
}

impl Pos {
    /// The position of a rules board with `to_move` to play, its simple ko included.
    pub(crate) fn from_board(board: &Board, to_move: Color) -> Pos {
        let size = board.size().get();
        let mut pos = Pos {
            size,
            cells: [BORDER; CELLS],
            nbr: [0; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            len: [0; CELLS],
            libs: [0; CELLS],
            pat: [0; CELLS],
            empties: [0; MAX_POINTS],
            n_empty: 0,
            slot: [0; CELLS],
            ko: 0,
            last_ko: 0,
            ko_age: 0,
            to_move: stone(to_move),
            last: PASS,
            last2: PASS,
            passes: 0,
            hash: 0,
            mark: [0; CELLS],
            stamp: 0,
        };
        for p in board.size().all_points() {
            pos.cells[cell(p)] = board.get(p).map_or(EMPTY, stone);
        }
        pos.rebuild();
        if let Some((p, c)) = board.ko()
            && c == to_move
        {
            pos.ko = cell(p);
            pos.last_ko = pos.ko;
        }
        pos
    }

    /// Recomputes everything from the cells.
    fn rebuild(&mut self) {
        self.hash = 0;
        self.n_empty = 0;
        let n = self.size as usize;
        for row in 0..n {
            for col in 0..n {
                let i = (row + 1) * STRIDE + col + 1;
                let mut code = 0u16;
                for (k, m) in eight(i).into_iter().enumerate() {
                    code |= u16::from(self.cells[m]) << (2 * k);
                }
                self.pat[i] = code;
                self.nbr[i] = neighbours(i)
                    .iter()
                    .map(|&k| match self.cells[k] {
                        EMPTY => EMPTY_UNIT,
                        BORDER => BORDER_UNIT,
                        c => unit(c),
                    })
                    .sum();
                match self.cells[i] {
                    EMPTY => {
                        self.slot[i] = self.n_empty as u16;
                        self.empties[self.n_empty] = i as u16;
                        self.n_empty += 1;
                    }
                    c => {
                        self.hash ^= key(c, i);
                        self.head[i] = i as u16;
                        self.next[i] = i as u16;
                        self.len[i] = 1;
                        self.libs[i] = neighbours(i)
                            .iter()
                            .filter(|&&k| self.cells[k] == EMPTY)
                            .map(|&k| lib_at(k))
                            .sum();
                    }
                }
            }
        }
        for row in 0..n {
            for col in 0..n {
                let i = (row + 1) * STRIDE + col + 1;
                let c = self.cells[i];
                if c != BLACK && c != WHITE {
                    continue;
                }
                for k in [i + 1, i + STRIDE] {
                    if self.cells[k] == c && self.head[k] != self.head[i] {
                        self.merge(self.head[i] as usize, self.head[k] as usize);
                    }
                }
            }
        }
    }

    /// The board's edge length.
    #[inline]
    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    /// The value of cell `i`: [`EMPTY`], [`BLACK`], [`WHITE`] or [`BORDER`].
    #[inline(always)]
    pub(crate) fn at(&self, i: usize) -> u8 {
        self.cells[i]
    }

    /// The side to move, as a stone value.
    #[inline(always)]
    pub(crate) fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The last move played ([`PASS`] for a pass or none).
    #[inline(always)]
    pub(crate) fn last(&self) -> usize {
        self.last
    }

    /// The move before the last.
    #[inline(always)]
    pub(crate) fn last2(&self) -> usize {
        self.last2
    }

    /// Passes in a row just played.
    #[inline(always)]
    pub(crate) fn passes(&self) -> u8 {
        self.passes
    }

    /// The Zobrist hash of the stones (this board's keys).
    #[inline(always)]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The empty cells, in no particular order.
    #[inline(always)]
    pub(crate) fn empties(&self) -> &[u16] {
        &self.empties[..self.n_empty]
    }

    /// The number of empty points.
    #[inline(always)]
    pub(crate) fn empty_count(&self) -> usize {
        self.n_empty
    }

    /// The head (a stable id while the chain stands) of the chain on cell `i`.
    #[inline(always)]
    pub(crate) fn head(&self, i: usize) -> usize {
        self.head[i] as usize
    }

    /// The stone after `s` in its chain's circular list.
    #[inline(always)]
    pub(crate) fn next_in_chain(&self, s: usize) -> usize {
        self.next[s] as usize
    }

    /// The stones of the chain on cell `i`.
    pub(crate) fn chain_stones(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let h = self.head[i] as usize;
        let mut s = Some(h);
        std::iter::from_fn(move || {
            let cur = s?;
            let nxt = self.next[cur] as usize;
            s = (nxt != h).then_some(nxt);
            Some(cur)
        })
    }

    /// Empty neighbours of cell `i`.
    #[inline(always)]
    pub(crate) fn empty_neighbours(&self, i: usize) -> u32 {
        u32::from(self.nbr[i] & EMPTY_MASK)
    }

    /// The liberty of the chain on stone cell `i` if it has exactly one.
    #[inline(always)]
    pub(crate) fn atari_liberty(&self, i: usize) -> Option<usize> {
        let l = self.libs[self.head[i] as usize];
        if !single(l) {
            return None;
        }
        Some((lib_sum(l) / lib_count(l)) as usize)
    }

    /// Whether the chain on stone cell `i` is in atari.
    #[inline(always)]
    pub(crate) fn in_atari(&self, i: usize) -> bool {
        single(self.libs[self.head[i] as usize])
    }

    /// Whether the chain on stone cell `i` has exactly one liberty, `lib`, a cell next to it.
    #[inline(always)]
    fn only_liberty_is(&self, i: usize, lib: usize) -> bool {
        let l = self.libs[self.head[i] as usize];
        l == lib_count(l) * lib_at(lib)
    }

    /// A fresh mark for a walk (the marks are bytes, cleared when they wrap: small to copy).
    #[inline(always)]
    fn next_stamp(&mut self) -> u8 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark = [0; CELLS];
            self.stamp = 1;
        }
        self.stamp
    }

    /// Up to `limit` distinct liberties of the chain on stone cell `i`, written to `out`;
    /// returns how many were found.
    pub(crate) fn liberties(&mut self, i: usize, limit: usize, out: &mut [usize]) -> usize {
        let st = self.next_stamp();
        let h = self.head[i] as usize;
        let mut n = 0;
        let mut s = h;
        loop {
            for k in neighbours(s) {
                if self.cells[k] == EMPTY && self.mark[k] != st {
                    self.mark[k] = st;
                    if n < out.len() {
                        out[n] = k;
                    }
                    n += 1;
                    if n >= limit {
                        return n;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return n;
            }
        }
    }

    /// Whether `c` may play on the empty cell `i` under simple ko: not the ko point, not
    /// suicide (captures are judged first).
    #[inline]
    pub(crate) fn is_legal(&self, c: u8, i: usize) -> bool {
        if self.cells[i] != EMPTY {
            return false;
        }
        if self.nbr[i] & EMPTY_MASK != 0 {
            return true;
        }
        if i == self.ko && c == self.to_move {
            return false;
        }
        !self.is_suicide(c, i)
    }

    /// Whether a stone of `c` on the empty cell `i`, which has no empty neighbour, would have
    /// no liberty and capture nothing.
    #[inline]
    fn is_suicide(&self, c: u8, i: usize) -> bool {
        for k in neighbours(i) {
            let v = self.cells[k];
            if v == BORDER {
                continue;
            }
            let outside = !self.only_liberty_is(k, i);
            if (v == c) == outside {
                return false;
            }
        }
        true
    }

    /// Whether the empty cell `i` is an eye of `c` that filling would only harm: every
    /// neighbour is `c` or the edge, and the opponent holds too few diagonals to make it false.
    #[inline]
    pub(crate) fn is_eye(&self, c: u8, i: usize) -> bool {
        if count_of(self.nbr[i], c) != 4 {
            return false;
        }
        let enemy = other(c);
        let mut bad = 0;
        let mut edge = false;
        for d in diagonals(i) {
            match self.cells[d] {
                BORDER => edge = true,
                v if v == enemy => bad += 1,
                _ => {}
            }
        }
        if edge { bad == 0 } else { bad < 2 }
    }

    /// Whether `c` playing on the empty cell `i` would capture something.
    #[inline]
    pub(crate) fn captures(&self, c: u8, i: usize) -> bool {
        let enemy = other(c);
        neighbours(i)
            .into_iter()
            .any(|k| self.cells[k] == enemy && self.only_liberty_is(k, i))
    }

    /// Liberties (up to `limit`, at least 2 to mean anything) of the chain that `c` would
    /// have after playing on the empty cell `i`, and the stones it would hold. Captured
    /// stones' points next to the chain count as liberties.
    pub(crate) fn liberties_after(&mut self, c: u8, i: usize, limit: usize) -> (usize, usize) {
        let st = self.next_stamp();
        self.mark[i] = st;
        let enemy = other(c);
        let mut n = 0;
        let mut stones = 1;
        let mut walked = [usize::MAX; 4];
        for (j, k) in neighbours(i).into_iter().enumerate() {
            let v = self.cells[k];
            if v == EMPTY {
                if self.mark[k] != st {
                    self.mark[k] = st;
                    n += 1;
                }
            } else if v == enemy {
                if self.only_liberty_is(k, i) {
                    // A capture: the captured stones next to our chain become liberties; one
                    // (the neighbour) is enough to count, the rest is rarely needed.
                    if self.mark[k] != st {
                        self.mark[k] = st;
                        n += 1;
                    }
                }
            } else if v == c {
                let h = self.head[k] as usize;
                if walked.contains(&h) {
                    continue;
                }
                walked[j] = h;
                stones += self.len[h] as usize;
            }
        }
        if n >= limit {
            return (n, stones);
        }
        for &h in walked.iter().filter(|&&h| h != usize::MAX) {
            let mut s = h;
            loop {
                for k in neighbours(s) {
                    if self.cells[k] == EMPTY && self.mark[k] != st {
                        self.mark[k] = st;
                        n += 1;
                        if n >= limit {
                            return (n, stones);
                        }
                    }
                }
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        (n, stones)
    }

    /// Whether `c` on the empty cell `i` leaves its chain in atari (or without liberty) capturing
    /// nothing, with the stones the chain would hold. A point with two empty neighbours never
    /// does.
    #[inline]
    pub(crate) fn self_atari(&mut self, c: u8, i: usize) -> Option<usize> {
        let empty = self.empty_neighbours(i);
        if empty >= 2 {
            return None;
        }
        if empty == 1 {
            // With one empty neighbour `q`, a friendly chain with a liberty other than `i` and
            // `q` gives the stone a second liberty: read from the packed sums, no walk.
            let q = neighbours(i)
                .into_iter()
                .find(|&k| self.cells[k] == EMPTY)
                .unwrap_or(i);
            for k in neighbours(i) {
                if self.cells[k] == c && !libs_within(self.libs[self.head[k] as usize], i, q) {
                    return None;
                }
            }
        }
        let (libs, stones) = self.liberties_after(c, i, 2);
        (libs <= 1).then_some(stones)
    }

    /// Whether `c` on the empty cell `i` would leave an enemy chain next to it in atari (and
    /// not capture it): the chain's pseudo-liberties without those on `i`, read from the
    /// packed sums.
    pub(crate) fn ataris_enemy(&self, c: u8, i: usize) -> bool {
        let enemy = other(c);
        let around = neighbours(i);
        for (k, &n) in around.iter().enumerate() {
            if self.cells[n] != enemy {
                continue;
            }
            let h = self.head[n];
            if around[..k]
                .iter()
                .any(|&m| self.cells[m] == enemy && self.head[m] == h)
            {
                continue;
            }
            // How many of the chain's stones touch `i`: each counts `i` once.
            let touching = around
                .iter()
                .filter(|&&m| self.cells[m] == enemy && self.head[m] == h)
                .count() as u64;
            let rest = self.libs[h as usize].wrapping_sub(touching * lib_at(i));
            if lib_count(rest) > 0 && single(rest) {
                return true;
            }
        }
        false
    }

    /// Plays `c` on cell `i` (a legal move: see [`Pos::is_legal`]) or passes ([`PASS`]), and
    /// gives the move to the other side.
    pub(crate) fn play(&mut self, i: usize) {
        let c = self.to_move;
        self.last2 = self.last;
        self.last = i;
        self.to_move = other(c);
        self.ko_age = self.ko_age.saturating_add(1);
        if i == PASS {
            self.ko = 0;
            self.passes = self.passes.saturating_add(1);
            return;
        }
        self.passes = 0;
        self.place(c, i);
    }

    fn remove_empty(&mut self, i: usize) {
        let k = self.slot[i] as usize;
        self.n_empty -= 1;
        let moved = self.empties[self.n_empty];
        self.empties[k] = moved;
        self.slot[moved as usize] = k as u16;
    }

    fn add_empty(&mut self, i: usize) {
        self.slot[i] = self.n_empty as u16;
        self.empties[self.n_empty] = i as u16;
        self.n_empty += 1;
    }

    /// Places a stone of `c` on the empty cell `i`, capturing and merging; sets the ko.
    fn place(&mut self, c: u8, i: usize) {
        let enemy = other(c);
        self.remove_empty(i);
        self.cells[i] = c;
        self.repattern(i, c);
        self.hash ^= key(c, i);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        let delta = unit(c) - EMPTY_UNIT;
        let here = lib_at(i);
        let around = neighbours(i);
        let mut mine = 0u64;
        let mut friends = 0u32;
        let mut dead = 0u32;
        for (k, &n) in around.iter().enumerate() {
            self.nbr[n] = self.nbr[n].wrapping_add(delta);
            let v = self.cells[n];
            mine += lib_at(n) & 0u64.wrapping_sub(u64::from(v == EMPTY));
            let is_stone = v == c || v == enemy;
            let l = &mut self.libs[self.head[n] as usize & mask(is_stone)];
            *l = l.wrapping_sub(here);
            dead |= u32::from(v == enemy && *l == 0) << k;
            friends |= u32::from(v == c) << k;
        }
        self.libs[i] = mine;
        self.len[i] = 1;
        let mut my_head = i;
        while friends != 0 {
            let n = around[friends.trailing_zeros() as usize];
            friends &= friends - 1;
            let h = self.head[n] as usize;
            if h != my_head {
                my_head = self.merge(my_head, h);
            }
        }
        let mut captured = 0;
        let mut single = 0;
        while dead != 0 {
            let n = around[dead.trailing_zeros() as usize];
            dead &= dead - 1;
            captured += self.remove_chain(self.head[n] as usize, enemy);
            single = n;
        }
        self.ko = 0;
        if captured == 1 && self.len[my_head] == 1 && lib_count(self.libs[my_head]) == 1 {
            self.ko = single;
            self.last_ko = single;
            self.ko_age = 0;
        }
    }

    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.len[a] >= self.len[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.len[big] += self.len[small];
        self.libs[big] = self.libs[big].wrapping_add(self.libs[small]);
        big
    }

    /// Takes the chain of `gone` headed by `h` off the board; returns its size.
    fn remove_chain(&mut self, h: usize, gone: u8) -> usize {
        let capturer = other(gone);
        let delta = unit(gone) - EMPTY_UNIT;
        let mut s = h;
        loop {
            let here = lib_at(s);
            self.cells[s] = EMPTY;
            self.repattern(s, gone);
            self.hash ^= key(gone, s);
            self.add_empty(s);
            for n in neighbours(s) {
                self.nbr[n] = self.nbr[n].wrapping_sub(delta);
                let l = &mut self.libs[self.head[n] as usize & mask(self.cells[n] == capturer)];
                *l = l.wrapping_add(here);
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        self.len[h] as usize
    }

    /// The 3×3 pattern code around cell `i`: two bits per neighbour in the order of
    /// [`eight`], each the cell value (empty, black, white, edge). Kept up to date by every
    /// stone placed or removed.
    #[inline(always)]
    pub(crate) fn pattern3(&self, i: usize) -> u16 {
        self.pat[i]
    }

    /// Tells the pattern codes around `i` that its value changed by `delta` (old xor new).
    #[inline(always)]
    fn repattern(&mut self, i: usize, delta: u8) {
        let d = u16::from(delta);
        for (k, n) in eight(i).into_iter().enumerate() {
            self.pat[n] ^= d << (2 * (7 - k));
        }
    }

    /// Which of the four orthogonal neighbours of `i` (in the order of [`neighbours`]) hold a
    /// chain in atari, as bits.
    #[inline]
    pub(crate) fn atari_bits(&self, i: usize) -> u8 {
        let mut bits = 0;
        for (k, n) in neighbours(i).into_iter().enumerate() {
            let v = self.cells[n];
            if (v == BLACK || v == WHITE) && self.in_atari(n) {
                bits |= 1 << k;
            }
        }
        bits
    }

    /// The area score of a finished playout, Black minus White in points: stones, plus each
    /// empty point whose stone neighbours are all of one colour.
    pub(crate) fn area_score(&self) -> i32 {
        let mut score = 0i32;
        let n = self.size as usize;
        for row in 0..n {
            let base = (row + 1) * STRIDE + 1;
            for i in base..base + n {
                score += match self.cells[i] {
                    BLACK => 1,
                    WHITE => -1,
                    _ => {
                        let nb = self.nbr[i];
                        let b = count_of(nb, BLACK);
                        let w = count_of(nb, WHITE);
                        // Edge cells count as both: an own-colour-only point has its count of
                        // that colour at 4 minus its empty neighbours.
                        let e = nb & EMPTY_MASK;
                        if b + e == 4 && w + e < 4 {
                            1
                        } else if w + e == 4 && b + e < 4 {
                            -1
                        } else {
                            0
                        }
                    }
                };
            }
        }
        score
    }

    /// The owner of each point after a finished playout (as [`Pos::area_score`] counts it):
    /// calls `f` with each point's cell and its owner (a stone value, or [`EMPTY`] for no one).
    #[inline]
    pub(crate) fn for_each_owner(&self, mut f: impl FnMut(usize, u8)) {
        let n = self.size as usize;
        for row in 0..n {
            let base = (row + 1) * STRIDE + 1;
            for i in base..base + n {
                let owner = match self.cells[i] {
                    EMPTY => {
                        let nb = self.nbr[i];
                        let e = nb & EMPTY_MASK;
                        let b = count_of(nb, BLACK);
                        let w = count_of(nb, WHITE);
                        if b + e == 4 && w + e < 4 {
                            BLACK
                        } else if w + e == 4 && b + e < 4 {
                            WHITE
                        } else {
                            EMPTY
                        }
                    }
                    v => v,
                };
                f(i, owner);
            }
        }
    }

    /// The on-board cells, row by row from the bottom.
    pub(crate) fn points(&self) -> impl Iterator<Item = usize> + '_ {
        let n = self.size as usize;
        (0..n).flat_map(move |row| (0..n).map(move |col| (row + 1) * STRIDE + col + 1))
    }

    /// The line of cell `i` from the nearest edge (1 on the edge).
    #[inline]
    pub(crate) fn line(&self, i: usize) -> u8 {
        let col = (i % STRIDE) as u8;
        let row = (i / STRIDE) as u8;
        let n = self.size;
        col.min(row).min(n + 1 - col).min(n + 1 - row)
    }

    /// The hash the stones would have after `c` plays on the empty cell `i` (a legal move),
    /// captures included.
    pub(crate) fn hash_after(&self, c: u8, i: usize) -> u64 {
        let enemy = other(c);
        let mut hash = self.hash ^ key(c, i);
        let mut done = [usize::MAX; 4];
        for (k, n) in neighbours(i).into_iter().enumerate() {
            if self.cells[n] != enemy || !self.only_liberty_is(n, i) {
                continue;
            }
            let h = self.head[n] as usize;
            if done.contains(&h) {
                continue;
            }
            done[k] = h;
            for s in self.chain_stones(h) {
                hash ^= key(enemy, s);
            }
        }
        hash
    }

    /// Sets the last two moves and the passes in a row (from the game's record), which the
    /// playout policy and the end of the game read.
    pub(crate) fn set_history(&mut self, last: usize, last2: usize, passes: u8) {
        self.last = last;
        self.last2 = last2;
        self.passes = passes;
    }

    /// Forgets the passes in a row (a simulation that goes on past the end of the game: the
    /// playout settles what an agreement would).
    pub(crate) fn clear_passes(&mut self) {
        self.passes = 0;
    }

    /// The exact area count of the position as it stands, Black minus White in points:
    /// stones, plus each empty region that touches stones of one colour only.
    pub(crate) fn exact_area_score(&self) -> i32 {
        let mut seen = [false; CELLS];
        let mut score = 0i32;
        let mut stack: Vec<usize> = Vec::with_capacity(MAX_POINTS);
        for i in self.points() {
            match self.cells[i] {
                BLACK => score += 1,
                WHITE => score -= 1,
                _ => {
                    if seen[i] {
                        continue;
                    }
                    seen[i] = true;
                    stack.push(i);
                    let (mut size, mut b, mut w) = (0i32, false, false);
                    while let Some(q) = stack.pop() {
                        size += 1;
                        for n in neighbours(q) {
                            match self.cells[n] {
                                EMPTY if !seen[n] => {
                                    seen[n] = true;
                                    stack.push(n);
                                }
                                BLACK => b = true,
                                WHITE => w = true,
                                _ => {}
                            }
                        }
                    }
                    if b && !w {
                        score += size;
                    } else if w && !b {
                        score -= size;
                    }
                }
            }
        }
        score
    }

    /// The point of a ko taken fewer than `age` moves ago whose ban has lifted (a threat was
    /// played since): retaking it (or, for the side that took it, resolving it) is what a ko
    /// fight plays next.
    #[inline]
    pub(crate) fn recent_ko(&self, age: u8) -> Option<usize> {
        (self.ko == 0
            && self.last_ko != 0
            && self.ko_age < age
            && self.cells[self.last_ko] == EMPTY)
            .then_some(self.last_ko)
    }

    /// Sets the side to move (a game may let one colour move twice, as records do).
    pub(crate) fn set_to_move(&mut self, c: u8) {
        if c != self.to_move {
            self.ko = 0;
        }
        self.to_move = c;
    }

    /// Checks the incremental state against a recomputation; for tests.
    #[cfg(test)]
    pub(crate) fn assert_consistent(&self) {
        let mut fresh = self.clone();
        fresh.rebuild();
        assert_eq!(self.hash, fresh.hash, "hash");
        assert_eq!(self.n_empty, fresh.n_empty, "empty count");
        for i in self.points() {
            assert_eq!(self.nbr[i], fresh.nbr[i], "neighbour counts at {i}");
            assert_eq!(self.pat[i], fresh.pat[i], "pattern code at {i}");
            if self.cells[i] == EMPTY {
                let k = self.slot[i] as usize;
                assert!(
                    k < self.n_empty && self.empties[k] as usize == i,
                    "empty list"
                );
            } else {
                let h = self.head[i] as usize;
                let fh = fresh.head[i] as usize;
                assert_eq!(self.libs[h], fresh.libs[fh], "liberties at {i}");
                assert_eq!(self.len[h], fresh.len[fh], "length at {i}");
                assert!(lib_count(self.libs[h]) > 0, "chain without liberty at {i}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::light_playout::Rng;
    use crate::go::{BoardSize, Game, Move, RuleSet};

    #[test]
    fn the_layout_is_the_points_own() {
        let p = Point::new(0, 0).unwrap();
        assert_eq!(cell(p), STRIDE + 1);
        let q = Point::new(18, 18).unwrap();
        assert_eq!(cell(q), 19 * STRIDE + 19);
        assert!(cell(q) < CELLS);
    }

    /// Random games on the search board and the rules board agree move by move: legality under
    /// simple ko, stones, atari and liberties.
    #[test]
    fn the_search_board_follows_the_rules_board() {
        let mut rng = Rng::new(5);
        for n in [5u8, 9, 13, 19] {
            let size = BoardSize::new(n).unwrap();
            for _ in 0..6 {
                let mut game = Game::new(size, RuleSet::Classic.rules());
                let mut pos = Pos::from_board(game.board(), Color::Black);
                for _ in 0..(3 * size.points()) {
                    let color = game.to_move();
                    for p in size.all_points() {
                        assert_eq!(
                            pos.is_legal(stone(color), cell(p)),
                            game.board().check(color, p).is_ok(),
                            "{p}\n{:?}",
                            game.board()
                        );
                    }
                    let legal: Vec<Point> = size
                        .all_points()
                        .filter(|&p| game.board().check(color, p).is_ok())
                        .collect();
                    let mv = if legal.is_empty() || rng.below(40) == 0 {
                        Move::Pass
                    } else {
                        Move::Play(legal[rng.below(legal.len())])
                    };
                    if game.play(mv).is_err() {
                        break;
                    }
                    pos.play(match mv {
                        Move::Play(p) => cell(p),
                        Move::Pass => PASS,
                    });
                    pos.assert_consistent();
                    for p in size.all_points() {
                        let i = cell(p);
                        assert_eq!(pos.at(i), game.board().get(p).map_or(EMPTY, stone));
                        for c in [Color::Black, Color::White] {
                            let v = stone(c);
                            if pos.at(i) != EMPTY || !pos.is_legal(v, i) || pos.captures(v, i) {
                                continue;
                            }
                            let mut b = game.board().clone();
                            b.clear_ko();
                            b.play(c, p).unwrap();
                            let brute = b.liberties(p).len() <= 1;
                            assert_eq!(pos.self_atari(v, i).is_some(), brute, "{c} {p}");
                            let ataris = size.all_points().any(|q| {
                                b.get(q) == Some(c.opponent()) && b.liberties(q).len() == 1
                            });
                            let before = size.all_points().any(|q| {
                                game.board().get(q) == Some(c.opponent())
                                    && game.board().liberties(q).len() == 1
                                    && !neighbours(i).contains(&cell(q))
                                    && game
                                        .board()
                                        .chain(q)
                                        .iter()
                                        .all(|s| !neighbours(i).contains(&cell(*s)))
                            });
                            if !before {
                                assert_eq!(pos.ataris_enemy(v, i), ataris, "{c} {p}");
                            }
                        }
                        if pos.at(i) != EMPTY {
                            let libs = game.board().liberties(p);
                            assert_eq!(pos.in_atari(i), libs.len() == 1);
                            assert_eq!(pos.liberties(i, 10, &mut []), libs.len().min(10));
                        }
                    }
                    if game.is_over() {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn liberties_after_counts_the_chain_a_stone_would_make() {
        let b = Board::from_diagram(
            "
            . . . . .
            . X X . .
            X O O X .
            . X O . .
            . . X . .",
        )
        .unwrap();
        let mut pos = Pos::from_board(&b, Color::White);
        let at = |s: &str| cell(s.parse::<Point>().unwrap());
        // White D2 joins C2-C3-B3 into one chain with liberties D3 and D1.
        assert_eq!(pos.liberties_after(WHITE, at("D2"), 5).0, 2);
        // White D3 does not touch... D3 is next to C3: chain gets D4 E3 D2.
        assert!(pos.liberties_after(WHITE, at("D3"), 5).0 >= 3);
        // Black D2 captures nothing yet and keeps liberties.
        assert_eq!(pos.self_atari(BLACK, at("D2")), None);
        // White A2 (between A3 and B2's blacks... A1 and the edge) is a self-atari of one stone.
        assert_eq!(pos.self_atari(WHITE, at("A2")), Some(1));
    }

    #[test]
    fn area_score_counts_stones_and_eyes() {
        let b = Board::from_diagram(
            "
            . X O . O
            X X O O O
            X X O . O
            . X O O O
            X X O . O",
        )
        .unwrap();
        let pos = Pos::from_board(&b, Color::Black);
        // Black: 8 stones + 2 eyes; White: 12 stones + 3 eyes.
        assert_eq!(pos.area_score(), 10 - 15);
        assert_eq!(pos.exact_area_score(), 10 - 15);
    }
}
