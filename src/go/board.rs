//! The position: stones, chains with their pseudo-liberties, captures, the simple-ko point and
//! the Zobrist hash, all updated incrementally by each move.
//!
//! Chains are circular linked lists of stones with one head per chain; the head holds the
//! chain's length and its pseudo-liberties (each stone–empty-neighbour pair counted once) as a
//! count, a sum of cell indices and a sum of their squares, packed in one number (see
//! [`Libs`]). A chain has no liberty exactly when the count is zero, and its only liberty is
//! the point `i` exactly when every pseudo-liberty is `i`: count·i = sum and count·i² = sum of
//! squares (equal values are the only case where the mean of the squares is the square of the
//! mean). Capture, suicide and atari thus need no walk of the chain, and all of it is kept up
//! to date with one addition per neighbour.
//!
//! Each cell also keeps how many of its four neighbours are empty, black and white, the edge
//! counting as both colours, so that the playout's tests of a point read one number.

use std::fmt;

use super::color::{ByColor, Color};
use super::point::{BoardSize, CELLS, Point, STRIDE};
use super::zobrist;

/// What a cell of the padded array holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Border = 3,
}

impl Cell {
    #[inline]
    fn of(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    #[inline]
    fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Why a stone cannot be placed, before any superko rule is considered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum BoardError {
    #[error("that point is not on the board")]
    OffBoard,
    #[error("that point is occupied")]
    Occupied,
    #[error("that move would be suicide")]
    Suicide,
    #[error("that move retakes a ko at once")]
    Ko,
}

/// One unit of each count in [`Board::nbr`]: empty neighbours in bits 0–3, black ones in bits
/// 4–7, white ones in bits 8–11 (the shift of a colour is four times its [`Cell`] value).
const EMPTY_UNIT: u16 = 1;
const EMPTY_MASK: u16 = 0xF;
const BORDER_UNIT: u16 = (1 << 4) | (1 << 8);

/// The unit of a stone of `cell`'s colour in a neighbour count.
#[inline(always)]
fn unit(cell: Cell) -> u16 {
    1 << (4 * cell as u16)
}

/// How many of the neighbours counted in `nbr` hold `cell`'s colour or the edge.
#[inline(always)]
fn count_of(nbr: u16, cell: Cell) -> u16 {
    (nbr >> (4 * cell as u16)) & 0xF
}

/// All ones when `keep`, else zero: a cell index masked with it is the cell or 0, a corner of
/// the border that is never a stone, whose entry in [`Board::libs`] thus absorbs updates
/// computed without branching for neighbours that hold no chain, and means nothing.
#[inline(always)]
fn mask(keep: bool) -> usize {
    0usize.wrapping_sub(usize::from(keep))
}

/// A chain's pseudo-liberties packed in one word so that adding or removing one, or joining
/// two chains, is one addition: the count in bits 47–63, the sum of their cell indices in bits
/// 28–46 and the sum of the squares of the indices in bits 0–27. A chain has at most 684
/// pseudo-liberties (the stone–point adjacencies of 19×19) on cells below 419, so the sums stay
/// below 2¹⁹ and 2²⁸ and no field carries into the next.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Libs(u64);

impl Libs {
    const COUNT_SHIFT: u32 = 47;
    const SUM_SHIFT: u32 = 28;

    /// One pseudo-liberty on cell `i`.
    #[inline(always)]
    fn at(i: usize) -> u64 {
        let i = i as u64;
        (1 << Self::COUNT_SHIFT) | (i << Self::SUM_SHIFT) | (i * i)
    }

    /// The number of pseudo-liberties.
    #[inline(always)]
    fn count(self) -> u64 {
        self.0 >> Self::COUNT_SHIFT
    }

    /// Whether every pseudo-liberty is the cell `i`, for a chain next to `i`: its only
    /// liberty (or, at zero, none).
    #[inline(always)]
    fn only_at(self, i: usize) -> bool {
        self.0 == self.count() * Self::at(i)
    }
}

/// What placing a stone did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    /// Enemy stones removed from the board by the move.
    pub captured: u32,
    /// The mover's own stones removed by a suicide of several stones (Ing), the new one
    /// included; 0 for every other move.
    pub lost: u32,
}

/// A position on a board of any size from 5×5 to 19×19.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    cells: [Cell; CELLS],
    /// Per point: its empty, black and white neighbours, packed (see [`EMPTY_UNIT`]); the
    /// values off the board mean nothing.
    nbr: [u16; CELLS],
    /// Head of the chain of each stone.
    head: [u16; CELLS],
    /// Next stone in the chain's circular list.
    next: [u16; CELLS],
    /// Per head: stones in the chain.
    len: [u16; CELLS],
    /// Per head: pseudo-liberties of the chain.
    libs: [Libs; CELLS],
    hash: u64,
    /// The point the side to move may not play because it would retake a ko at once, and the
    /// colour that may not play it.
    ko: Option<(Point, Color)>,
    captures: ByColor<u32>,
}

/// The four orthogonal neighbours of a cell of the padded array.
#[inline(always)]
fn neighbours(i: usize) -> [usize; 4] {
    [i - STRIDE, i - 1, i + 1, i + STRIDE]
}

/// Joins the circular stone lists of the chains headed by `a` and `b`: the shorter one's stones
/// take the longer one's head. Returns the joined head and the absorbed one. Shared by every
/// board that keeps chains as lists (the playout board of the estimate too).
#[inline(always)]
pub(super) fn join_chain_lists(
    head: &mut [u16; CELLS],
    next: &mut [u16; CELLS],
    len: &mut [u16; CELLS],
    a: usize,
    b: usize,
) -> (usize, usize) {
    let (big, small) = if len[a] >= len[b] { (a, b) } else { (b, a) };
    let mut s = small;
    loop {
        head[s] = big as u16;
        s = next[s] as usize;
        if s == small {
            break;
        }
    }
    next.swap(big, small);
    len[big] += len[small];
    (big, small)
}

/// The four diagonal neighbours of a cell of the padded array.
#[inline(always)]
fn diagonals(i: usize) -> [usize; 4] {
    [
        i - STRIDE - 1,
        i - STRIDE + 1,
        i + STRIDE - 1,
        i + STRIDE + 1,
    ]
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let mut cells = [Cell::Border; CELLS];
        for p in size.all_points() {
            cells[p.index()] = Cell::Empty;
        }
        let mut board = Board {
            size,
            cells,
            nbr: [0; CELLS],
            head: [0; CELLS],
            next: [0; CELLS],
            len: [0; CELLS],
            libs: [Libs::default(); CELLS],
            hash: 0,
            ko: None,
            captures: ByColor::default(),
        };
        board.rebuild();
        board
    }

    /// The board's size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stone on `p`, if any (also `None` off the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        self.cells[p.index()].color()
    }

    /// Whether `p` is on the board and empty.
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cells[p.index()] == Cell::Empty
    }

    /// The Zobrist hash of the stones on the board (not of the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones of the opponent each colour has taken off the board by capture.
    #[inline]
    pub fn captures(&self) -> ByColor<u32> {
        self.captures
    }

    /// The point `color` may not play on this move because it would retake a ko at once.
    #[inline]
    pub fn ko_point(&self, color: Color) -> Option<Point> {
        match self.ko {
            Some((p, c)) if c == color => Some(p),
            _ => None,
        }
    }

    /// The simple-ko point and the colour it binds, if any.
    #[inline]
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Forgets the simple-ko point: what a pass (or any move elsewhere) does.
    #[inline]
    pub fn clear_ko(&mut self) {
        self.ko = None;
    }

    /// Number of stones of each colour on the board.
    pub fn stone_counts(&self) -> ByColor<u32> {
        let mut counts = ByColor::default();
        for p in self.size.all_points() {
            if let Some(c) = self.get(p) {
                counts[c] += 1;
            }
        }
        counts
    }

    /// Whether `color` may place a stone on `p` under simple ko, and why not.
    ///
    /// Captures are judged before suicide: a move that fills its own last liberty is legal when
    /// it removes an enemy chain.
    #[inline]
    pub fn check(&self, color: Color, p: Point) -> Result<(), BoardError> {
        let i = p.index();
        match self.cells[i] {
            Cell::Empty => {}
            Cell::Border => return Err(BoardError::OffBoard),
            _ => return Err(BoardError::Occupied),
        }
        if self.ko == Some((p, color)) {
            return Err(BoardError::Ko);
        }
        if self.is_suicide(color, i) {
            return Err(BoardError::Suicide);
        }
        Ok(())
    }

    /// Whether a stone of `color` on the empty cell `i` would have no liberty and capture nothing.
    #[inline(always)]
    fn is_suicide(&self, color: Color, i: usize) -> bool {
        if self.nbr[i] & EMPTY_MASK != 0 {
            return false;
        }
        let own = Cell::of(color);
        for n in neighbours(i) {
            let cell = self.cells[n];
            if cell == Cell::Border {
                continue;
            }
            let outside = !self.libs[self.head[n] as usize].only_at(i);
            // A friendly chain with a liberty elsewhere lends it; an enemy chain whose only
            // liberties are here is captured, which frees this point's neighbour.
            if (cell == own) == outside {
                return false;
            }
        }
        true
    }

    /// Whether a stone of `color` on `p` would be a suicide of several stones: no liberty, no
    /// capture, and joined to a chain of its own (the Ing rules allow it; a lone stone's
    /// suicide is never legal). The point must be empty and not the ko point.
    pub fn is_group_suicide(&self, color: Color, p: Point) -> bool {
        let i = p.index();
        self.cells[i] == Cell::Empty
            && self.is_suicide(color, i)
            && neighbours(i)
                .into_iter()
                .any(|n| self.cells[n] == Cell::of(color))
    }

    /// The hash the board would have after the suicide of several stones on `p`: the new
    /// stone comes and goes, and the chains it joins leave.
    pub fn hash_after_group_suicide(&self, color: Color, p: Point) -> u64 {
        let mut hash = self.hash;
        let mut done = [u16::MAX; 4];
        for (k, n) in neighbours(p.index()).into_iter().enumerate() {
            if self.cells[n] != Cell::of(color) || done.contains(&self.head[n]) {
                continue;
            }
            done[k] = self.head[n];
            for s in self.chain_cells(self.head[n] as usize) {
                hash ^= zobrist::stone(color, s);
            }
        }
        hash
    }

    /// Plays the suicide of several stones on `p`, known to pass
    /// [`Board::is_group_suicide`]: the stone joins its chains, and the whole chain leaves the
    /// board as the opponent's prisoners.
    pub fn place_group_suicide(&mut self, color: Color, p: Point) -> Placed {
        let placed = self.place_checked(color, p);
        let head = self.head[p.index()] as usize;
        let lost = self.remove_chain(head, color, &mut |_| {});
        self.captures[color.opponent()] += lost;
        self.ko = None;
        Placed {
            captured: placed.captured,
            lost,
        }
    }

    /// Places a stone under rules that may allow a suicide of several stones: the suicide when
    /// it is one ([`Board::is_group_suicide`]), otherwise an ordinary move. The move must be
    /// legal under those rules.
    pub fn place_legal(&mut self, color: Color, p: Point) -> Placed {
        if self.is_group_suicide(color, p) {
            self.place_group_suicide(color, p)
        } else {
            self.place_checked(color, p)
        }
    }

    /// The hash the board would have after `color` plays on `p`, captures included.
    ///
    /// The move must have passed [`Board::check`].
    pub fn hash_after(&self, color: Color, p: Point) -> u64 {
        let i = p.index();
        let mut hash = self.hash ^ zobrist::stone(color, i);
        let enemy = Cell::of(color.opponent());
        let mut done = [u16::MAX; 4];
        for (k, n) in neighbours(i).into_iter().enumerate() {
            if self.cells[n] != enemy {
                continue;
            }
            let h = self.head[n];
            if done.contains(&h) || !self.libs[h as usize].only_at(i) {
                continue;
            }
            done[k] = h;
            for s in self.chain_cells(h as usize) {
                hash ^= zobrist::stone(color.opponent(), s);
            }
        }
        hash
    }

    /// Places a stone of `color` on `p` under simple ko: removes every enemy chain left without
    /// liberties, then refuses the move as suicide if its own chain has none.
    ///
    /// # Errors
    /// The board is unchanged when the move is off the board, on a stone, a ko retake or suicide.
    #[inline]
    pub fn play(&mut self, color: Color, p: Point) -> Result<Placed, BoardError> {
        self.check(color, p)?;
        Ok(self.place_checked(color, p))
    }

    /// Places a stone already known to pass [`Board::check`].
    #[inline]
    pub(crate) fn place_checked(&mut self, color: Color, p: Point) -> Placed {
        self.place_reporting(color, p, |_| {})
    }

    /// Places a stone already known to pass [`Board::check`], telling `removed` each point it
    /// empties by capture (playouts keep their list of empty points this way).
    #[inline]
    pub(crate) fn place_reporting(
        &mut self,
        color: Color,
        p: Point,
        mut removed: impl FnMut(Point),
    ) -> Placed {
        let i = p.index();
        let own = Cell::of(color);
        let enemy = Cell::of(color.opponent());
        self.cells[i] = own;
        self.hash ^= zobrist::stone(color, i);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        let delta = unit(own) - EMPTY_UNIT;
        let lib_here = Libs::at(i);
        // Without branches on what the neighbours hold (a random move's are unpredictable):
        // the update meant for a chain goes to the sink when the neighbour is not a stone, and
        // the neighbours to merge with or capture are noted as bits.
        let around = neighbours(i);
        let mut mine = 0u64;
        let mut friends = 0u32;
        let mut dead = 0u32;
        for (k, &n) in around.iter().enumerate() {
            self.nbr[n] = self.nbr[n].wrapping_add(delta);
            let cell = self.cells[n];
            mine += Libs::at(n) & 0u64.wrapping_sub(u64::from(cell == Cell::Empty));
            let stone = cell == own || cell == enemy;
            let libs = &mut self.libs[self.head[n] as usize & mask(stone)];
            libs.0 = libs.0.wrapping_sub(lib_here);
            // An enemy chain reaches zero at its last neighbour here, so it is noted once.
            dead |= u32::from(cell == enemy && libs.0 == 0) << k;
            friends |= u32::from(cell == own) << k;
        }
        self.libs[i] = Libs(mine);
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
        let mut captured = 0u32;
        let mut single_capture = 0;
        while dead != 0 {
            let n = around[dead.trailing_zeros() as usize];
            dead &= dead - 1;
            captured += self.remove_chain(self.head[n] as usize, color.opponent(), &mut removed);
            single_capture = n;
        }
        self.ko = None;
        if captured != 0 {
            self.captures[color] += captured;
            if captured == 1 && self.len[my_head] == 1 && self.libs[my_head].count() == 1 {
                self.ko = Some((Point::from_index(single_capture), color.opponent()));
            }
        }
        Placed { captured, lost: 0 }
    }

    /// Joins two chains; returns the head of the joined chain.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = join_chain_lists(&mut self.head, &mut self.next, &mut self.len, a, b);
        self.libs[big].0 += self.libs[small].0;
        big
    }

    /// Takes the chain of `color` headed by `h` off the board; returns its size.
    fn remove_chain(&mut self, h: usize, color: Color, removed: &mut impl FnMut(Point)) -> u32 {
        let gone = Cell::of(color);
        let capturer = Cell::of(color.opponent());
        let delta = unit(gone) - EMPTY_UNIT;
        let mut s = h;
        loop {
            let lib_here = Libs::at(s);
            self.cells[s] = Cell::Empty;
            removed(Point::from_index(s));
            self.hash ^= zobrist::stone(color, s);
            // The other stones next to `s` are this chain's own, which is going.
            for n in neighbours(s) {
                self.nbr[n] = self.nbr[n].wrapping_sub(delta);
                let libs = &mut self.libs[self.head[n] as usize & mask(self.cells[n] == capturer)];
                libs.0 = libs.0.wrapping_add(lib_here);
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        self.len[h] as u32
    }

    /// Cells of the chain whose head is `h`.
    fn chain_cells(&self, h: usize) -> impl Iterator<Item = usize> + '_ {
        let mut s = Some(h);
        std::iter::from_fn(move || {
            let cur = s?;
            let nxt = self.next[cur] as usize;
            s = (nxt != h).then_some(nxt);
            Some(cur)
        })
    }

    /// The stones of the chain through `p` (empty if `p` holds no stone).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        self.chain_cells(self.head[p.index()] as usize)
            .map(Point::from_index)
            .collect()
    }

    /// A stable identifier of the chain through `p`: the same for every stone of it.
    pub fn chain_id(&self, p: Point) -> Option<Point> {
        self.get(p)
            .map(|_| Point::from_index(self.head[p.index()] as usize))
    }

    /// The liberties of the chain through `p`, exactly (0 if `p` holds no stone).
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        if self.get(p).is_none() {
            return Vec::new();
        }
        let mut seen = [false; CELLS];
        let mut libs = Vec::new();
        for s in self.chain_cells(self.head[p.index()] as usize) {
            for n in neighbours(s) {
                if self.cells[n] == Cell::Empty && !seen[n] {
                    seen[n] = true;
                    libs.push(Point::from_index(n));
                }
            }
        }
        libs
    }

    /// Whether `p` is an empty point that `color` should not fill in a light playout: all its
    /// neighbours are `color` (or the edge) and the enemy holds too few diagonals to break it.
    #[inline]
    pub fn is_eye_like(&self, color: Color, p: Point) -> bool {
        let i = p.index();
        if self.cells[i] != Cell::Empty || count_of(self.nbr[i], Cell::of(color)) != 4 {
            return false;
        }
        self.diagonals_keep_eye(color, i)
    }

    /// Whether the enemy holds too few diagonals of `i` to break an eye of `color` there.
    #[inline]
    fn diagonals_keep_eye(&self, color: Color, i: usize) -> bool {
        let enemy = Cell::of(color.opponent());
        let mut bad = 0;
        let mut edge = false;
        for d in diagonals(i) {
            match self.cells[d] {
                Cell::Border => edge = true,
                c if c == enemy => bad += 1,
                _ => {}
            }
        }
        if edge { bad == 0 } else { bad < 2 }
    }

    /// Whether a light playout may play `color` on the empty point `p`: legal under simple ko
    /// and not filling one's own eye. The same verdict as `check(..).is_ok() && !is_eye_like(..)`
    /// with a fast path for the common case of a point with an empty neighbour.
    #[inline]
    pub(crate) fn playout_candidate(&self, color: Color, p: Point) -> bool {
        let i = p.index();
        let nbr = self.nbr[i];
        // A point with an empty neighbour has a liberty, is no eye, and is no ko point (all
        // the neighbours of a ko point are the capturer's stones or the edge).
        if nbr & EMPTY_MASK != 0 {
            return true;
        }
        if count_of(nbr, Cell::of(color)) == 4 && self.diagonals_keep_eye(color, i) {
            return false;
        }
        self.ko != Some((p, color)) && !self.is_suicide(color, i)
    }

    /// Sets or clears a stone without capturing (SGF AB/AW/AE and handicap) and rebuilds the
    /// chains. Chains left without liberties stay on the board; see [`Board::dead_setup_chain`].
    pub fn set_stones(&mut self, changes: impl IntoIterator<Item = (Point, Option<Color>)>) {
        for (p, c) in changes {
            if self.size.contains(p) {
                self.cells[p.index()] = c.map_or(Cell::Empty, Cell::of);
            }
        }
        self.ko = None;
        self.rebuild();
    }

    /// A chain without liberties, which only a setup can leave on the board.
    pub fn dead_setup_chain(&self) -> Option<Point> {
        self.size
            .all_points()
            .find(|&p| self.get(p).is_some() && self.libs[self.head[p.index()] as usize].0 == 0)
    }

    /// Rebuilds neighbour counts, chains, pseudo-liberties and hash from the cells alone.
    fn rebuild(&mut self) {
        self.hash = 0;
        for p in self.size.all_points() {
            let i = p.index();
            self.nbr[i] = neighbours(i)
                .iter()
                .map(|&n| match self.cells[n] {
                    Cell::Empty => EMPTY_UNIT,
                    Cell::Border => BORDER_UNIT,
                    c => unit(c),
                })
                .sum();
            if let Some(c) = self.cells[i].color() {
                self.hash ^= zobrist::stone(c, i);
                self.head[i] = i as u16;
                self.next[i] = i as u16;
                self.len[i] = 1;
                self.libs[i] = Libs(
                    neighbours(i)
                        .iter()
                        .filter(|&&n| self.cells[n] == Cell::Empty)
                        .map(|&n| Libs::at(n))
                        .sum(),
                );
            }
        }
        for p in self.size.all_points() {
            let i = p.index();
            let Some(c) = self.cells[i].color() else {
                continue;
            };
            for n in [i + 1, i + STRIDE] {
                if self.cells[n].color() == Some(c) {
                    let (a, b) = (self.head[i] as usize, self.head[n] as usize);
                    if a != b {
                        self.merge(a, b);
                    }
                }
            }
        }
    }

    /// The hash computed from scratch, for checking the incremental one.
    pub fn recompute_hash(&self) -> u64 {
        self.size
            .all_points()
            .filter_map(|p| self.get(p).map(|c| zobrist::stone(c, p.index())))
            .fold(0, |a, k| a ^ k)
    }

    /// Whether two boards hold the same stones (hashes aside).
    pub fn same_stones(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }

    /// The board as rows of `X`, `O` and `.`, the top row (row N) first.
    pub fn rows(&self) -> Vec<String> {
        let n = self.size.get();
        (0..n)
            .rev()
            .map(|row| {
                (0..n)
                    .map(|col| match self.get(Point::from_col_row(col, row)) {
                        Some(c) => c.diagram_char(),
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Reads a diagram: one line per row, top row first, `X` black, `O` white, `.` or `+` empty;
    /// blanks between points are ignored. A chain left without liberties is an error.
    ///
    /// # Errors
    /// A line of the wrong length, a character that is not a point, or an unsupported size.
    pub fn from_diagram(text: &str) -> Result<Board, DiagramError> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = u8::try_from(rows.len())
            .ok()
            .and_then(BoardSize::new)
            .ok_or(DiagramError::Size(rows.len()))?;
        let n = size.get();
        let mut stones = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            if line.len() != n as usize {
                return Err(DiagramError::RowLength {
                    row: r + 1,
                    expected: n as usize,
                    found: line.len(),
                });
            }
            for (c, ch) in line.iter().enumerate() {
                let p = Point::from_col_row(c as u8, n - 1 - r as u8);
                let stone = match ch {
                    'X' | 'x' | '#' | '@' => Some(Color::Black),
                    'O' | 'o' => Some(Color::White),
                    '.' | '+' | ',' => None,
                    other => return Err(DiagramError::Char(*other)),
                };
                stones.push((p, stone));
            }
        }
        let mut board = Board::new(size);
        board.set_stones(stones);
        match board.dead_setup_chain() {
            Some(p) => Err(DiagramError::NoLiberty(p)),
            None => Ok(board),
        }
    }

    /// Checks every internal invariant against a recomputation from the cells; for tests.
    #[doc(hidden)]
    pub fn assert_consistent(&self) {
        let mut fresh = Board::new(self.size);
        fresh.cells = self.cells;
        fresh.rebuild();
        assert_eq!(
            self.hash, fresh.hash,
            "incremental hash differs from recomputed"
        );
        for p in self.size.all_points() {
            if self.get(p).is_none() {
                continue;
            }
            let mine: std::collections::BTreeSet<Point> = self.chain(p).into_iter().collect();
            let theirs: std::collections::BTreeSet<Point> = fresh.chain(p).into_iter().collect();
            assert_eq!(mine, theirs, "chain through {p}");
            let h = self.head[p.index()] as usize;
            let fh = fresh.head[p.index()] as usize;
            assert_eq!(self.len[h], fresh.len[fh], "chain length at {p}");
            assert_eq!(self.libs[h], fresh.libs[fh], "pseudo-liberties at {p}");
            assert!(self.libs[h].count() > 0, "chain without liberty at {p}");
        }
        for p in self.size.all_points() {
            let i = p.index();
            assert_eq!(self.nbr[i], fresh.nbr[i], "neighbour counts at {p}");
        }
        if let Some((k, _)) = self.ko {
            assert!(self.is_empty_at(k), "ko point {k} is occupied");
            assert_eq!(
                self.nbr[k.index()] & EMPTY_MASK,
                0,
                "ko point {k} has an empty neighbour"
            );
        }
    }
}

/// Why a text diagram is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    #[error("a diagram needs 5 to 19 rows, not {0}")]
    Size(usize),
    #[error("row {row} has {found} points, expected {expected}")]
    RowLength {
        row: usize,
        expected: usize,
        found: usize,
    },
    #[error("{0:?} is not a point (use X, O or .)")]
    Char(char),
    #[error("the chain at {0} has no liberty")]
    NoLiberty(Point),
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.same_stones(other) && self.ko == other.ko && self.captures == other.captures
    }
}

impl Eq for Board {}

impl fmt::Display for Board {
    /// The diagram with coordinates, as a person reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size.get();
        let letters: String = (0..n)
            .map(|c| format!(" {}", super::point::column_letter(c)))
            .collect();
        writeln!(f, "   {letters}")?;
        let stars = self.size.star_points();
        for row in (0..n).rev() {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..n {
                let p = Point::from_col_row(col, row);
                let ch = match self.get(p) {
                    Some(c) => c.diagram_char(),
                    None if stars.contains(&p) => '+',
                    None => '.',
                };
                write!(f, " {ch}")?;
            }
            writeln!(f, " {:>2}", row + 1)?;
        }
        write!(f, "   {letters}")
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Board {} hash {:016x} ko {:?}",
            self.size, self.hash, self.ko
        )?;
        for r in self.rows() {
            writeln!(f, "{r}")?;
        }
        Ok(())
    }
}
