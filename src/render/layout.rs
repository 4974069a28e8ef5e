//! Where everything goes: the geometry of the image for each board size.
//!
//! Every size gets the same canvas (a 720 px square board and a caption strip under it), so
//! the image keeps its place in a Discord embed when a server plays on several sizes. Lines
//! fall on pixel centres (or pixel edges for 2 px lines) so they stay crisp.

use crate::go::{BoardSize, Point};

/// Width of the image, and height of its board part.
pub const BOARD_PX: u32 = 720;
/// Height of the caption strip under the board (captures, move, score).
pub const CAPTION_PX: u32 = 56;
/// Room kept on each side for the coordinates, outside the stones of the first line.
pub(crate) const COORD_BAND: f32 = 38.0;

/// The geometry of one board size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    /// Points along one side.
    pub n: u8,
    /// Distance between two lines, in whole pixels.
    pub cell: f32,
    /// Width of the grid lines (the border is one pixel heavier).
    pub line: f32,
    /// x of column A (and y of the top row).
    pub origin: f32,
    /// Stone radius.
    pub stone: f32,
}

impl Layout {
    /// The layout of `size` (cheap: a few float operations).
    pub fn of(size: BoardSize) -> Layout {
        let n = size.get();
        let span_cells = f32::from(n.saturating_sub(1)).max(1.0);
        // The stones of the first line reach half a cell beyond it; the coordinates take
        // their band outside that.
        let cell = ((BOARD_PX as f32 - 2.0 * COORD_BAND) / (span_cells + 1.0)).floor();
        let line = if cell >= 60.0 { 2.0 } else { 1.0 };
        let span = cell * span_cells;
        let mut origin = ((BOARD_PX as f32 - span) / 2.0).floor();
        if line == 1.0 {
            origin += 0.5;
        }
        Layout {
            n,
            cell,
            line,
            origin,
            stone: (cell * 0.48).max(2.0),
        }
    }

    /// Size of the whole image: width, height.
    pub fn image_size(&self) -> (u32, u32) {
        (BOARD_PX, BOARD_PX + CAPTION_PX)
    }

    /// x of a column (0 = A).
    pub fn x(&self, col: u8) -> f32 {
        self.origin + f32::from(col) * self.cell
    }

    /// y of a row (0 = the bottom row, drawn lowest).
    pub fn y(&self, row: u8) -> f32 {
        self.origin + f32::from(self.n - 1 - row.min(self.n - 1)) * self.cell
    }

    /// The pixel centre of an intersection.
    pub fn center(&self, p: Point) -> (f32, f32) {
        (self.x(p.col()), self.y(p.row()))
    }

    /// The first pixel beyond the grid's outer lines where a coordinate label is centred:
    /// distance from the image edge to the label's middle.
    pub fn coord_inset(&self) -> f32 {
        let outside = self.origin - self.cell / 2.0;
        (outside / 2.0).max(10.0)
    }
}

/// y of the middle of the caption strip.
pub(crate) fn caption_mid() -> f32 {
    BOARD_PX as f32 + CAPTION_PX as f32 / 2.0
}

/// The pixel centre of `p` on an image of `size` (what tests and click maps need).
pub fn point_center(size: BoardSize, p: Point) -> (f32, f32) {
    Layout::of(size).center(p)
}

/// Width and height of the image of `size`.
pub fn image_size(size: BoardSize) -> (u32, u32) {
    Layout::of(size).image_size()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_fits_the_canvas_with_room_for_coordinates() {
        for n in 5..=19 {
            let Some(size) = BoardSize::new(n) else {
                continue;
            };
            let l = Layout::of(size);
            let last = l.x(n - 1);
            assert!(l.origin - l.cell / 2.0 >= COORD_BAND - 1.0, "{n}");
            assert!(
                last + l.cell / 2.0 <= BOARD_PX as f32 - COORD_BAND + 1.0,
                "{n}"
            );
            assert!(l.cell >= 30.0, "{n}: cells of {} px are too small", l.cell);
            assert_eq!(l.y(0), last, "{n}: row 1 is the lowest line");
        }
    }
}
