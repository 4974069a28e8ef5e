//! Large shapes around a point, learned from game records: the stones up to gridcular distance
//! 6 (28 points, Pachi's measure |dx| + |dy| + max(|dx|, |dy|)), in three nested sizes, and
//! the weight of each shape seen often enough in the records.
//!
//! A shape's code holds two bits per slot (0 empty, 1 the mover's stone, 2 the opponent's, 3
//! off the board) in the order of [`SLOTS`], so that the first 12, 20 or 28 slots are the
//! shape of size 1, 2 or 3; four bits above say which orthogonal neighbours (the first four
//! slots) hold a chain in atari, and two more the size. The tree looks up the largest size
//! the table knows, else falls back to the 3×3 weights of [`super::pattern`]: a shape seen in
//! many games says more of a move than its immediate neighbours, and a rare one says nothing.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use super::pattern::{MIN_WEIGHT, turn};
use super::playout_board::{BLACK, BORDER, Pos, STRIDE, WHITE};

/// The slots of a shape as (row, column) offsets: the orthogonal neighbours first (their atari
/// bits follow the code), the diagonals, the points two away in line (size 1 ends: 12 slots),
/// the knight's moves (size 2: 20), the points two away diagonally and three away in line
/// (size 3: 28).
pub(crate) const SLOTS: [(i8, i8); 28] = [
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (2, 0),
    (0, -2),
    (0, 2),
    (-2, 0),
    (2, -1),
    (2, 1),
    (1, -2),
    (1, 2),
    (-1, -2),
    (-1, 2),
    (-2, -1),
    (-2, 1),
    (2, -2),
    (2, 2),
    (-2, -2),
    (-2, 2),
    (3, 0),
    (0, -3),
    (0, 3),
    (-3, 0),
];

/// Slots of each size (sizes 1, 2, 3).
const SIZE_SLOTS: [usize; 3] = [12, 20, 28];

/// Where the atari bits start in a code.
const ATARI_SHIFT: u32 = 56;
/// Where the size starts in a key.
const SIZE_SHIFT: u32 = 62;

/// For each symmetry, the slot every slot goes to.
static PERMUTATIONS: LazyLock<[[u8; 28]; 8]> = LazyLock::new(|| {
    let mut out = [[0u8; 28]; 8];
    for (s, perm) in out.iter_mut().enumerate() {
        for (k, &o) in SLOTS.iter().enumerate() {
            let t = turn(s, o);
            let j = SLOTS
                .iter()
                .position(|&q| q == t)
                .unwrap_or_else(|| unreachable!("the slots are closed under symmetry"));
            perm[k] = j as u8;
        }
    }
    out
});

/// The full code (size 3) of the mover `c` playing on `e`: the mover's stones as 1.
pub(crate) fn code(pos: &Pos, c: u8, e: usize) -> u64 {
    let size = pos.size() as i32;
    let (r, col) = ((e / STRIDE) as i32, (e % STRIDE) as i32);
    let mut code = 0u64;
    for (k, &(dy, dx)) in SLOTS.iter().enumerate() {
        let (rr, cc) = (r + i32::from(dy), col + i32::from(dx));
        let v = if rr < 1 || cc < 1 || rr > size || cc > size {
            BORDER
        } else {
            match pos.at(rr as usize * STRIDE + cc as usize) {
                v if v == c => BLACK,
                v if v == BLACK || v == WHITE => WHITE,
                v => v,
            }
        };
        code |= u64::from(v) << (2 * k);
    }
    let neighbours = [e + STRIDE, e - 1, e + 1, e - STRIDE];
    for (k, n) in neighbours.into_iter().enumerate() {
        debug_assert_eq!(
            i32::from(SLOTS[k].0) * STRIDE as i32 + i32::from(SLOTS[k].1),
            n as i32 - e as i32
        );
        let v = pos.at(n);
        if (v == BLACK || v == WHITE) && pos.in_atari(n) {
            code |= 1 << (ATARI_SHIFT + k as u32);
        }
    }
    code
}

/// The key of `code`'s shape of size `size` (1..=3): its first slots, its atari bits, its size.
#[inline]
pub(crate) fn key(code: u64, size: usize) -> u64 {
    let colours = (1u64 << (2 * SIZE_SLOTS[size - 1])) - 1;
    let atari = 0xF << ATARI_SHIFT;
    (code & (colours | atari)) | ((size as u64) << SIZE_SHIFT)
}

/// The same key seen through symmetry `s`.
pub(crate) fn symmetric(key: u64, s: usize) -> u64 {
    let perm = &PERMUTATIONS[s];
    let mut out = key & (3 << SIZE_SHIFT);
    for (k, &j) in perm.iter().enumerate() {
        out |= ((key >> (2 * k)) & 3) << (2 * u32::from(j));
    }
    for (k, &j) in perm.iter().take(4).enumerate() {
        out |= ((key >> (ATARI_SHIFT + k as u32)) & 1) << (ATARI_SHIFT + u32::from(j));
    }
    out
}

/// The size (1..=3) of a key's shape.
#[inline]
pub(crate) fn size_of(key: u64) -> u64 {
    key >> SIZE_SHIFT
}

/// The smallest key among the eight symmetries of `key`: one key per shape.
pub(crate) fn canonical(key: u64) -> u64 {
    (0..8).map(|s| symmetric(key, s)).min().unwrap_or(key)
}

/// The learned weights of shapes, every symmetry of each stored.
pub(crate) struct Shapes(FxHashMap<u64, f32>);

impl Shapes {
    /// Builds the table from (canonical key, weight) pairs.
    pub(crate) fn from_pairs(pairs: impl IntoIterator<Item = (u64, f32)>) -> Shapes {
        let mut map = FxHashMap::default();
        for (canon, w) in pairs {
            for s in 0..8 {
                map.insert(symmetric(canon, s), w.max(MIN_WEIGHT));
            }
        }
        Shapes(map)
    }

    /// The weight of the largest known shape of `c` playing on `e`, if any size is known.
    #[inline]
    pub(crate) fn weight(&self, pos: &Pos, c: u8, e: usize) -> Option<f32> {
        let code = code(pos, c, e);
        (1..=3)
            .rev()
            .find_map(|size| self.0.get(&key(code, size)).copied())
    }

    /// Whether the table holds no shape.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many keys the table holds (every symmetry counted).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }
}

/// The shipped table, `shapes.bin`: little-endian (canonical key u64, weight f32) records,
/// written by `examples/train_patterns.rs --shapes` (whose documentation says from which
/// records).
static TABLE: &[u8] = include_bytes!("shapes.bin");

/// Appends (key, weight) records to `out`: little-endian u64 and f32.
pub(crate) fn write_pairs(pairs: &[(u64, f32)], out: &mut Vec<u8>) {
    for &(k, w) in pairs {
        out.extend_from_slice(&k.to_le_bytes());
        out.extend_from_slice(&w.to_le_bytes());
    }
}

/// Reads (key, weight) records from `bytes` (a trailing partial record is ignored).
pub(crate) fn read_pairs(bytes: &[u8]) -> impl Iterator<Item = (u64, f32)> + '_ {
    bytes.chunks_exact(12).map(|r| {
        let mut k = [0u8; 8];
        let mut w = [0u8; 4];
        k.copy_from_slice(&r[..8]);
        w.copy_from_slice(&r[8..]);
        (u64::from_le_bytes(k), f32::from_le_bytes(w))
    })
}

/// The learned shapes, built once.
pub(crate) static SHAPES: LazyLock<Shapes> =
    LazyLock::new(|| Shapes::from_pairs(read_pairs(TABLE)));

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::go::{Board, Color};

    /// The search board of a diagram, `to_move` to play (the move model's tests too).
    pub(crate) fn pos_of(diagram: &str, to_move: Color) -> Pos {
        let board = Board::from_diagram(diagram).unwrap();
        Pos::from_board(&board, to_move)
    }

    /// The cell of a point named as on the board ("C3").
    pub(crate) fn at(s: &str) -> usize {
        crate::ai::playout_board::cell(s.parse().unwrap())
    }

    #[test]
    fn the_slots_are_closed_under_symmetry_and_nested_by_distance() {
        let _ = &*PERMUTATIONS;
        let gridcular = |(y, x): (i8, i8)| y.abs() + x.abs() + y.abs().max(x.abs());
        let mut start = 0;
        for (limit, &end) in [4, 5, 6].iter().zip(&SIZE_SLOTS) {
            assert!(SLOTS[start..end].iter().all(|&o| gridcular(o) <= *limit));
            start = end;
        }
        // Each size maps onto itself.
        for perm in PERMUTATIONS.iter() {
            let mut start = 0;
            for &end in &SIZE_SLOTS {
                assert!(
                    perm[start..end]
                        .iter()
                        .all(|&j| (start..end).contains(&(j as usize)))
                );
                start = end;
            }
        }
    }

    #[test]
    fn a_shape_and_its_mirror_image_share_a_key_and_colours_follow_the_mover() {
        // The same corner shape, mirrored left to right, Black to play at C3 and at G3.
        let left = pos_of(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . O . . . . . .
            . . . X X . . . .
            . . . . . . . . .
            . . . . . . . . .",
            Color::Black,
        );
        let right = pos_of(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . X X . . .
            . . . . . . . . .
            . . . . . . . . .",
            Color::Black,
        );
        for size in 1..=3 {
            let a = canonical(key(code(&left, BLACK, at("C3")), size));
            let b = canonical(key(code(&right, BLACK, at("G3")), size));
            assert_eq!(a, b, "size {size}");
        }
        // White to play sees the colours swapped: another shape (with one stone of each colour
        // it would be the same shape turned over).
        let w = canonical(key(code(&left, WHITE, at("C3")), 3));
        assert_ne!(w, canonical(key(code(&left, BLACK, at("C3")), 3)));
        // C3 is three lines from the bottom edge: size 3 reaches off the board, size 1 does not.
        let full = code(&left, BLACK, at("C3"));
        let slot = |k: usize| (full >> (2 * k)) & 3;
        assert!((0..12).all(|k| slot(k) != u64::from(BORDER)));
        assert!((12..28).any(|k| slot(k) == u64::from(BORDER)));
    }

    #[test]
    fn the_atari_bits_turn_with_the_stones() {
        // The white stone on E5 has one liberty left, D5.
        let pos = pos_of(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . O X . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
            Color::Black,
        );
        let full = code(&pos, BLACK, at("D5"));
        assert_eq!((full >> ATARI_SHIFT) & 0xF, 1 << 2, "the right neighbour");
        for s in 0..8 {
            let k = symmetric(key(full, 1), s);
            assert_eq!(((k >> ATARI_SHIFT) & 0xF).count_ones(), 1);
            // The bit stays on the slot holding the opponent's stone.
            let slot = (0..4)
                .find(|&j| ((k >> (ATARI_SHIFT + j)) & 1) == 1)
                .unwrap();
            assert_eq!((k >> (2 * slot)) & 3, u64::from(WHITE));
        }
    }

    #[test]
    fn the_largest_known_size_answers() {
        let pos = pos_of(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
            Color::White,
        );
        let full = code(&pos, WHITE, at("E4"));
        let small = Shapes::from_pairs([(canonical(key(full, 1)), 2.0)]);
        assert_eq!(small.weight(&pos, WHITE, at("E4")), Some(2.0));
        let both = Shapes::from_pairs([
            (canonical(key(full, 1)), 2.0),
            (canonical(key(full, 3)), 0.5),
        ]);
        assert_eq!(both.weight(&pos, WHITE, at("E4")), Some(0.5));
        // The same shape turned a quarter about the centre: D5 beside the stone.
        assert_eq!(both.weight(&pos, WHITE, at("D5")), Some(0.5));
        assert_eq!(both.weight(&pos, WHITE, at("A1")), None);
    }

    #[test]
    fn the_shipped_table_reads_whole_and_finite() {
        assert_eq!(TABLE.len() % 12, 0);
        assert!(read_pairs(TABLE).all(|(_, w)| w.is_finite() && w > 0.0));
        assert!(SHAPES.len() >= TABLE.len() / 12);
    }
}
