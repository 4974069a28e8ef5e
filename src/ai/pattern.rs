//! 3×3 patterns around a point: the code of the eight neighbours, its symmetries, the playout
//! patterns (shapes that answer a move next to them, after MoGo's: hane, cuts, edge blocks) and
//! the table of learned weights used by the tree's priors.
//!
//! A code holds two bits per neighbour in the order of [`super::playout_board::eight`] — the row
//! above left to right, the left and right neighbours, the row below — each the cell value:
//! 0 empty, 1 black, 2 white, 3 edge. The learned table adds four bits: which orthogonal
//! neighbours (in the order of [`super::playout_board::neighbours`]: below, left, right, above) hold a
//! chain in atari.

use std::sync::LazyLock;

use super::playout_board::{BLACK, BORDER, EMPTY, WHITE};

/// The grid position (row from the top, column from the left, both 0..3) of each of the eight
/// neighbours of a code, in code order.
const GRID: [(i8, i8); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// Where the orthogonal neighbours (below, left, right, above) sit in the grid.
const ORTHO: [(i8, i8); 4] = [(2, 1), (1, 0), (1, 2), (0, 1)];

/// The code slot of a grid position (not the centre).
fn slot_of(pos: (i8, i8)) -> usize {
    GRID.iter()
        .position(|&g| g == pos)
        .unwrap_or_else(|| unreachable!("the centre has no slot"))
}

/// Applies symmetry `s` (0..8: four rotations, each optionally mirrored) to an offset from
/// the centre.
pub(crate) fn turn(s: usize, (mut y, mut x): (i8, i8)) -> (i8, i8) {
    if s & 4 != 0 {
        x = -x;
    }
    for _ in 0..(s & 3) {
        (y, x) = (x, -y);
    }
    (y, x)
}

/// Applies symmetry `s` to a grid position.
fn transform(s: usize, (r, c): (i8, i8)) -> (i8, i8) {
    let (y, x) = turn(s, (r - 1, c - 1));
    (y + 1, x + 1)
}

/// The code of the same neighbourhood seen through symmetry `s`.
pub(crate) fn symmetric(code: u16, s: usize) -> u16 {
    let mut out = 0u16;
    for (k, &g) in GRID.iter().enumerate() {
        let v = (code >> (2 * k)) & 3;
        out |= v << (2 * slot_of(transform(s, g)));
    }
    out
}

/// The atari bits (order: below, left, right, above) seen through symmetry `s`.
fn symmetric_atari(bits: u8, s: usize) -> u8 {
    let mut out = 0u8;
    for (k, &g) in ORTHO.iter().enumerate() {
        if bits & (1 << k) != 0 {
            let t = transform(s, g);
            let j = ORTHO
                .iter()
                .position(|&o| o == t)
                .unwrap_or_else(|| unreachable!("orthogonal stays orthogonal"));
            out |= 1 << j;
        }
    }
    out
}

/// The code with black and white exchanged.
pub(crate) fn swap_colours(code: u16) -> u16 {
    let mut out = code;
    for k in 0..8 {
        let v = (code >> (2 * k)) & 3;
        let w = match v as u8 {
            BLACK => u16::from(WHITE),
            WHITE => u16::from(BLACK),
            x => u16::from(x),
        };
        out = (out & !(3 << (2 * k))) | (w << (2 * k));
    }
    out
}

/// A learned-table key: the code in the low 16 bits, the atari bits above.
#[inline(always)]
pub(crate) fn key(code: u16, atari: u8) -> u32 {
    u32::from(code) | (u32::from(atari) << 16)
}

/// The smallest key among the eight symmetries of (`code`, `atari`): one key per shape.
pub(crate) fn canonical(code: u16, atari: u8) -> u32 {
    (0..8)
        .map(|s| key(symmetric(code, s), symmetric_atari(atari, s)))
        .min()
        .unwrap_or(key(code, atari))
}

/// Whether a code can occur: edge cells form a straight edge or a corner (the centre is on
/// the board).
fn plausible(code: u16) -> bool {
    let v = |k: usize| ((code >> (2 * k)) & 3) as u8;
    let border = |k: usize| v(k) == BORDER;
    let rows = [
        [border(0), border(1), border(2)],
        [border(3), false, border(4)],
        [border(5), border(6), border(7)],
    ];
    let top = rows[0][1];
    let bottom = rows[2][1];
    let left = rows[1][0];
    let right = rows[1][2];
    if (top && bottom) || (left && right) {
        return false;
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, &b) in row.iter().enumerate() {
            let expect =
                (r == 0 && top) || (r == 2 && bottom) || (c == 0 && left) || (c == 2 && right);
            if b != expect {
                return false;
            }
        }
    }
    true
}

/// The playout patterns, written as 3×3 diagrams with the move at the centre. `X` and `O` are
/// the two colours (either may be the side to move), `.` empty, `?` anything, `x` anything but
/// `X`, `o` anything but `O`, a blank the edge.
const PLAYOUT_SHAPES: &[[&str; 3]] = &[
    // Hane: a stone's head is struck while the attached stone stands beside it.
    ["XOX", "...", "???"],
    ["XO.", "...", "?.?"],
    ["XO?", "X..", "x.?"],
    // A diagonal attachment next to a contact.
    [".O.", "X..", "..."],
    // Cuts: the cutting point of a diagonal, unprotected or peeped.
    ["XO?", "O.o", "?o?"],
    ["XO?", "O.X", "???"],
    ["?X?", "O.O", "ooo"],
    ["OX?", "o.O", "???"],
    // On the edge: chase, block a cut, block a connection, the descent, the cut.
    ["X.?", "O.?", "   "],
    ["OX?", "X.O", "   "],
    ["?X?", "x.O", "   "],
    ["?XO", "x.x", "   "],
    ["?OX", "X.O", "   "],
];

/// The values a diagram character matches, with `x_is` the colour written `X`.
fn matches(ch: char, x_is: u8) -> &'static [u8] {
    let black_x = x_is == BLACK;
    match ch {
        '.' => &[EMPTY],
        ' ' => &[BORDER],
        '?' => &[EMPTY, BLACK, WHITE, BORDER],
        'X' if black_x => &[BLACK],
        'X' => &[WHITE],
        'O' if black_x => &[WHITE],
        'O' => &[BLACK],
        'x' if black_x => &[EMPTY, WHITE, BORDER],
        'x' => &[EMPTY, BLACK, BORDER],
        'o' if black_x => &[EMPTY, BLACK, BORDER],
        'o' => &[EMPTY, WHITE, BORDER],
        _ => &[],
    }
}

/// Every code a diagram matches, in every symmetry and with either colour as `X`.
fn expand(shape: &[&str; 3], out: &mut Vec<u16>) {
    let grid: Vec<Vec<char>> = shape.iter().map(|r| r.chars().collect()).collect();
    for x_is in [BLACK, WHITE] {
        let mut codes = vec![0u16];
        for (k, &(r, c)) in GRID.iter().enumerate() {
            let ch = grid
                .get(r as usize)
                .and_then(|row| row.get(c as usize))
                .copied()
                .unwrap_or('?');
            let mut next = Vec::with_capacity(codes.len() * 4);
            for &code in &codes {
                for &v in matches(ch, x_is) {
                    next.push(code | (u16::from(v) << (2 * k)));
                }
            }
            codes = next;
        }
        for code in codes {
            for s in 0..8 {
                out.push(symmetric(code, s));
            }
        }
    }
}

/// One bit per code: whether it is a playout pattern.
pub(crate) struct PlayoutPatterns([u64; 1024]);

impl PlayoutPatterns {
    #[inline(always)]
    pub(crate) fn contains(&self, code: u16) -> bool {
        self.0[(code >> 6) as usize] & (1 << (code & 63)) != 0
    }
}

/// The playout patterns, built once.
pub(crate) static PLAYOUT: LazyLock<PlayoutPatterns> = LazyLock::new(|| {
    let mut bits = [0u64; 1024];
    let mut codes = Vec::new();
    for shape in PLAYOUT_SHAPES {
        expand(shape, &mut codes);
    }
    for code in codes {
        if plausible(code) {
            bits[(code >> 6) as usize] |= 1 << (code & 63);
        }
    }
    PlayoutPatterns(bits)
});

/// Learned weights: for each canonical key (pattern with atari bits, the side to move as
/// Black), how much likelier a strong player was to play there than at an average point.
pub(crate) struct Learned(Vec<f32>);

impl Learned {
    /// The weight of the point with `code` and `atari` for `to_move` (1 when unknown).
    #[inline]
    pub(crate) fn weight(&self, code: u16, atari: u8, to_move: u8) -> f32 {
        let code = if to_move == WHITE {
            swap_colours(code)
        } else {
            code
        };
        self.0[key(code, atari) as usize]
    }
}

/// The smallest weight a shape gets: the table's resolution. A shape never chosen in the
/// records (the empty 1-1 point) is written as 0.000, whose logarithm would give the tree an
/// infinite prior and the move a selection value of NaN.
pub(crate) const MIN_WEIGHT: f32 = 0.001;

/// A table by raw key (every symmetry) of weights given by canonical key: 1 where none is
/// given, never below [`MIN_WEIGHT`].
pub(crate) fn expand_to_symmetries(pairs: impl IntoIterator<Item = (u32, f32)>) -> Vec<f32> {
    let mut table = vec![1.0f32; 1 << 20];
    for (canon, gamma) in pairs {
        let code = (canon & 0xFFFF) as u16;
        let atari = ((canon >> 16) & 0xF) as u8;
        for s in 0..8 {
            table[key(symmetric(code, s), symmetric_atari(atari, s)) as usize] =
                gamma.max(MIN_WEIGHT);
        }
    }
    table
}

/// The learned weights, expanded from the compiled table to every symmetry, built once.
pub(crate) static LEARNED: LazyLock<Learned> = LazyLock::new(|| {
    Learned(expand_to_symmetries(
        super::patterns_table::PATTERN_GAMMAS.iter().copied(),
    ))
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_learned_weight_has_a_finite_logarithm() {
        assert!(LEARNED.0.iter().all(|g| g.ln().is_finite()));
        // The empty 1-1 point, never chosen in the records, is the table's 0.000.
        let corner = 0x0cff_u16;
        assert_eq!(LEARNED.weight(corner, 0, BLACK), MIN_WEIGHT);
    }

    #[test]
    fn symmetries_form_a_group_of_eight() {
        let code: u16 = 0b11_10_01_00_11_10_01_00;
        let all: std::collections::BTreeSet<u16> = (0..8).map(|s| symmetric(code, s)).collect();
        assert!(all.len() <= 8);
        assert_eq!(symmetric(code, 0), code);
        for s in 0..8 {
            assert_eq!(canonical(symmetric(code, s), 0), canonical(code, 0));
        }
        // Four quarter turns give back the code.
        let mut c = code;
        for _ in 0..4 {
            c = symmetric(c, 1);
        }
        assert_eq!(c, code);
    }

    #[test]
    fn atari_bits_turn_with_the_stones() {
        // A black stone below the centre, in atari: after any symmetry the bit follows it.
        let code = u16::from(BLACK) << (2 * 6);
        for s in 0..8 {
            let c = symmetric(code, s);
            let a = symmetric_atari(0b0001, s);
            let slot = (0..8)
                .find(|&k| (c >> (2 * k)) & 3 == u16::from(BLACK))
                .unwrap();
            let ortho = ORTHO.iter().position(|&o| slot_of(o) == slot).unwrap();
            assert_eq!(a, 1 << ortho);
        }
    }

    #[test]
    fn the_hane_is_a_playout_pattern_and_an_empty_area_is_not() {
        // X O X above, empty row in the middle, anything below.
        let code = u16::from(BLACK) | u16::from(WHITE) << 2 | u16::from(BLACK) << 4;
        assert!(PLAYOUT.contains(code));
        assert!(PLAYOUT.contains(swap_colours(code)));
        assert!(!PLAYOUT.contains(0));
    }

    #[test]
    fn impossible_edges_are_not_plausible() {
        let edge = u16::from(BORDER);
        // The bottom row all edge: plausible. Only its middle: not.
        assert!(plausible(edge << 10 | edge << 12 | edge << 14));
        assert!(!plausible(edge << 12));
    }
}
