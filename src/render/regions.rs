//! The split of a board into the blocks of the click picker (SPEC §3).
//!
//! One place decides it: the image draws these blocks and their labels, and the Discord
//! adapter makes one region button per block, so the two always match. A block is at most
//! 5×5 points (a point picker holds at most 25 buttons), and the blocks form at most 4 rows of
//! at most 5 (the board message keeps its fifth row of buttons for Pass and Resign).

use std::fmt;

use crate::go::{BoardSize, Point, column_letter};

/// Most points along one side of a region: a point picker is at most 5 × 5 buttons.
pub const MAX_REGION_EDGE: u8 = 5;

/// One block of the board: inclusive, 0-based column and row ranges (rows from the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Region {
    /// Leftmost column (0 = A).
    pub col_lo: u8,
    /// Rightmost column.
    pub col_hi: u8,
    /// Lowest row (0 = row 1, at the bottom).
    pub row_lo: u8,
    /// Highest row.
    pub row_hi: u8,
}

impl Region {
    /// Whether `p` lies in this block.
    pub fn contains(&self, p: Point) -> bool {
        (self.col_lo..=self.col_hi).contains(&p.col())
            && (self.row_lo..=self.row_hi).contains(&p.row())
    }

    /// Columns in the block.
    pub fn width(&self) -> u8 {
        self.col_hi - self.col_lo + 1
    }

    /// Rows in the block.
    pub fn height(&self) -> u8 {
        self.row_hi - self.row_lo + 1
    }

    /// The points of the block, top row first and left to right, as a point picker lays
    /// out its buttons (the same way up as the image).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (self.row_lo..=self.row_hi)
            .rev()
            .flat_map(move |r| (self.col_lo..=self.col_hi).filter_map(move |c| Point::new(c, r)))
    }

    /// The label of the button and of the block on the image: lower-left to upper-right
    /// corner, joined by an en dash (`A1–E5`).
    pub fn label(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}\u{2013}{}{}",
            column_letter(self.col_lo),
            u32::from(self.row_lo) + 1,
            column_letter(self.col_hi),
            u32::from(self.row_hi) + 1
        )
    }
}

/// The bands one axis of `n` points is cut into: `ceil(n / 5)` bands whose sizes differ by at
/// most one, the larger ones first (from the left, or from the bottom).
pub fn bands(n: u8) -> Vec<(u8, u8)> {
    let k = n.div_ceil(MAX_REGION_EDGE).max(1);
    let base = n / k;
    let extra = n % k;
    let mut out = Vec::with_capacity(usize::from(k));
    let mut lo = 0;
    for i in 0..k {
        let len = base + u8::from(i < extra);
        out.push((lo, lo + len - 1));
        lo += len;
    }
    out
}

/// The regions of a board in reading order: the top row of blocks first, each row left to
/// right, the way the region buttons are laid out under the image.
pub fn regions(size: BoardSize) -> Vec<Region> {
    let bands = bands(size.get());
    let mut out = Vec::with_capacity(bands.len() * bands.len());
    for &(row_lo, row_hi) in bands.iter().rev() {
        for &(col_lo, col_hi) in &bands {
            out.push(Region {
                col_lo,
                col_hi,
                row_lo,
                row_hi,
            });
        }
    }
    out
}

/// How many rows of region buttons a board needs, and how many per row.
pub fn grid_shape(size: BoardSize) -> (usize, usize) {
    let k = bands(size.get()).len();
    (k, k)
}

/// The index in [`regions`] of the block holding `p`.
pub fn region_of(size: BoardSize, p: Point) -> usize {
    let bands = bands(size.get());
    let k = bands.len();
    let band = |v: u8| {
        bands
            .iter()
            .position(|&(lo, hi)| (lo..=hi).contains(&v))
            .unwrap_or(k - 1)
    };
    let row_from_top = k - 1 - band(p.row());
    row_from_top * k + band(p.col())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> impl Iterator<Item = BoardSize> {
        (5..=19).filter_map(BoardSize::new)
    }

    #[test]
    fn regions_partition_every_board_into_small_blocks() {
        for size in sizes() {
            let regs = regions(size);
            assert!(regs.len() <= 20, "{size}: {} regions", regs.len());
            let (rows, per_row) = grid_shape(size);
            assert!(rows <= 4 && per_row <= 5, "{size}: {rows} × {per_row}");
            assert_eq!(rows * per_row, regs.len());
            for r in &regs {
                assert!(r.width() <= MAX_REGION_EDGE && r.height() <= MAX_REGION_EDGE);
                assert!(r.width() >= 1 && r.height() >= 1);
            }
            for p in size.all_points() {
                let holders: Vec<usize> =
                    (0..regs.len()).filter(|&i| regs[i].contains(p)).collect();
                assert_eq!(holders, vec![region_of(size, p)], "{size} {p}");
            }
            let total: usize = regs
                .iter()
                .map(|r| usize::from(r.width()) * usize::from(r.height()))
                .sum();
            assert_eq!(total, size.points());
        }
    }

    #[test]
    fn bands_differ_by_at_most_one() {
        for n in 5..=19u8 {
            let b = bands(n);
            let lens: Vec<u8> = b.iter().map(|(lo, hi)| hi - lo + 1).collect();
            let (min, max) = (lens.iter().min(), lens.iter().max());
            assert!(
                matches!((min, max), (Some(a), Some(b)) if b - a <= 1),
                "{n}: {lens:?}"
            );
            assert_eq!(b.first().map(|x| x.0), Some(0));
            assert_eq!(b.last().map(|x| x.1), Some(n - 1));
        }
    }

    #[test]
    fn labels_read_lower_left_to_upper_right() {
        let nine = regions(BoardSize::NINE);
        let labels: Vec<String> = nine.iter().map(Region::label).collect();
        assert_eq!(labels, ["A6–E9", "F6–J9", "A1–E5", "F1–J5"]);
        let nineteen = regions(BoardSize::NINETEEN);
        assert_eq!(nineteen.len(), 16);
        assert_eq!(nineteen[0].label(), "A16–E19");
        assert_eq!(nineteen[15].label(), "Q1–T5");
        let tengen = BoardSize::NINETEEN.parse_point("K10");
        assert_eq!(
            tengen.map(|p| nineteen[region_of(BoardSize::NINETEEN, p)].label()),
            Some("F6–K10".to_string())
        );
        let five = regions(BoardSize::new(5).expect("5 is a size"));
        assert_eq!(five.len(), 1);
        assert_eq!(five[0].label(), "A1–E5");
    }

    #[test]
    fn points_of_a_region_run_top_row_first() {
        let r = regions(BoardSize::NINE)[2];
        let pts: Vec<String> = r.points().map(|p| p.to_string()).collect();
        assert_eq!(pts.len(), 25);
        assert_eq!(pts[0], "A5");
        assert_eq!(pts[4], "E5");
        assert_eq!(pts[24], "E1");
    }
}
