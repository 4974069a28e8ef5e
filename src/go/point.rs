//! Board sizes and validated points with their human and SGF coordinates.

use std::fmt;
use std::str::FromStr;

/// The largest supported board edge.
pub const MAX_SIZE: u8 = 19;
/// The smallest supported board edge.
pub const MIN_SIZE: u8 = 5;

/// Stride of the padded board array: one border column, 19 points, one border column.
pub(crate) const STRIDE: usize = MAX_SIZE as usize + 2;
/// Number of cells in the padded board array (the same for every size).
pub(crate) const CELLS: usize = STRIDE * STRIDE;

/// Column letters as players write them: A–T without I.
const COLUMN_LETTERS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// A board size from 5×5 to 19×19.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize(u8);

impl BoardSize {
    /// The usual sizes.
    pub const NINE: BoardSize = BoardSize(9);
    pub const THIRTEEN: BoardSize = BoardSize(13);
    pub const NINETEEN: BoardSize = BoardSize(19);

    /// A size, if it lies within 5..=19.
    pub const fn new(edge: u8) -> Option<BoardSize> {
        if edge >= MIN_SIZE && edge <= MAX_SIZE {
            Some(BoardSize(edge))
        } else {
            None
        }
    }

    /// The edge length in points.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The number of points on the board.
    #[inline]
    pub const fn points(self) -> usize {
        self.0 as usize * self.0 as usize
    }

    /// The point at `col`, `row` (0-based, row 0 at the bottom) if it is on this board.
    #[inline]
    pub fn point(self, col: u8, row: u8) -> Option<Point> {
        if col < self.0 && row < self.0 {
            Some(Point::from_col_row(col, row))
        } else {
            None
        }
    }

    /// Every point of the board, row by row from the bottom, left to right.
    pub fn all_points(self) -> impl Iterator<Item = Point> + Clone {
        let n = self.0;
        (0..n).flat_map(move |row| (0..n).map(move |col| Point::from_col_row(col, row)))
    }

    /// Whether `p` lies on this board.
    #[inline]
    pub fn contains(self, p: Point) -> bool {
        p.col() < self.0 && p.row() < self.0
    }

    /// Parses a point written as players write it (`D4`, `K10`) for this size.
    pub fn parse_point(self, text: &str) -> Option<Point> {
        let p: Point = text.parse().ok()?;
        self.contains(p).then_some(p)
    }

    /// The star points (hoshi) of this size, as boards of Go servers draw them.
    pub fn star_points(self) -> Vec<Point> {
        let n = self.0;
        if n < 7 {
            return if n % 2 == 1 {
                vec![Point::from_col_row(n / 2, n / 2)]
            } else {
                Vec::new()
            };
        }
        let edge = if n < 12 { 2 } else { 3 };
        let far = n - 1 - edge;
        let mid = n / 2;
        let mut stars = vec![
            Point::from_col_row(edge, edge),
            Point::from_col_row(far, edge),
            Point::from_col_row(edge, far),
            Point::from_col_row(far, far),
        ];
        if n % 2 == 1 && n >= 9 {
            stars.push(Point::from_col_row(mid, mid));
        }
        if n % 2 == 1 && n >= 15 {
            stars.extend([
                Point::from_col_row(mid, edge),
                Point::from_col_row(mid, far),
                Point::from_col_row(edge, mid),
                Point::from_col_row(far, mid),
            ]);
        }
        stars
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.0)
    }
}

/// An intersection of a board of at most 19×19.
///
/// A `Point` is only made through validating constructors, so its column and row are always
/// below 19; whether it lies on a smaller board is [`BoardSize::contains`]. Internally it is the
/// index into a padded 21×21 array, the same layout for every size, which is what makes the
/// engine's neighbour walks branch-free.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at `col`, `row` (0-based from the bottom left); `None` beyond 19×19.
    pub fn new(col: u8, row: u8) -> Option<Point> {
        (col < MAX_SIZE && row < MAX_SIZE).then(|| Point::from_col_row(col, row))
    }

    #[inline]
    pub(crate) const fn from_col_row(col: u8, row: u8) -> Point {
        Point(((row as usize + 1) * STRIDE + col as usize + 1) as u16)
    }

    /// The cell index in the padded array.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }

    /// Rebuilds a point from a cell index known to lie within 19×19.
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Point {
        Point(index as u16)
    }

    /// Column, 0-based from the left.
    #[inline]
    pub const fn col(self) -> u8 {
        (self.0 as usize % STRIDE - 1) as u8
    }

    /// Row, 0-based from the bottom.
    #[inline]
    pub const fn row(self) -> u8 {
        (self.0 as usize / STRIDE - 1) as u8
    }

    /// The SGF coordinate of this point on a board of `size` (`aa` is the top left).
    pub fn to_sgf(self, size: BoardSize) -> String {
        let x = (b'a' + self.col()) as char;
        let y = (b'a' + (size.get() - 1 - self.row())) as char;
        format!("{x}{y}")
    }

    /// Reads an SGF coordinate (`aa` top left) on a board of `size`.
    pub fn from_sgf(text: &str, size: BoardSize) -> Option<Point> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let x = bytes[0].checked_sub(b'a')?;
        let y = bytes[1].checked_sub(b'a')?;
        if x >= size.get() || y >= size.get() {
            return None;
        }
        size.point(x, size.get() - 1 - y)
    }
}

impl fmt::Display for Point {
    /// Players' coordinates: column letter A–T without I, row from 1 at the bottom (`K10`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            COLUMN_LETTERS[self.col() as usize] as char,
            self.row() + 1
        )
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a point.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a point: {0:?} (expected a column A–T without I and a row 1–19, like D4)")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError(text.to_owned());
        let mut chars = text.trim().chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        let col = COLUMN_LETTERS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(err)?;
        let row: u8 = chars.as_str().parse().map_err(|_| err())?;
        if row == 0 {
            return Err(err());
        }
        Point::new(col as u8, row - 1).ok_or_else(err)
    }
}

/// The column letter of a 0-based column.
pub fn column_letter(col: u8) -> char {
    COLUMN_LETTERS[col.min(MAX_SIZE - 1) as usize] as char
}

/// A point is written as players write it (`C3`): in a stored problem set, in JSON.
impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A board size is written as its edge (`19`), refused outside 5..=19.
impl serde::Serialize for BoardSize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for BoardSize {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<BoardSize, D::Error> {
        let edge = u8::deserialize(d)?;
        BoardSize::new(edge)
            .ok_or_else(|| serde::de::Error::custom(format!("no board of {edge}×{edge}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_five_to_nineteen_are_refused() {
        assert!(BoardSize::new(4).is_none());
        assert!(BoardSize::new(20).is_none());
        for n in 5..=19 {
            assert_eq!(BoardSize::new(n).map(BoardSize::get), Some(n));
        }
    }

    #[test]
    fn tengen_of_nineteen_is_k10() {
        let p = BoardSize::NINETEEN.point(9, 9).unwrap();
        assert_eq!(p.to_string(), "K10");
        assert_eq!("K10".parse::<Point>().unwrap(), p);
        assert_eq!("k10".parse::<Point>().unwrap(), p);
    }

    #[test]
    fn there_is_no_column_i() {
        assert!("I5".parse::<Point>().is_err());
        assert_eq!("J1".parse::<Point>().unwrap().col(), 8);
        assert_eq!("T19".parse::<Point>().unwrap(), Point::new(18, 18).unwrap());
    }

    #[test]
    fn garbage_is_not_a_point() {
        for bad in ["", "A", "A0", "A20", "Z5", "5A", "AA1", "A-1", "é3"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }

    #[test]
    fn parse_point_respects_the_size() {
        assert!(BoardSize::NINE.parse_point("J9").is_some());
        assert!(BoardSize::NINE.parse_point("K9").is_none());
        assert!(BoardSize::NINE.parse_point("A10").is_none());
    }

    #[test]
    fn sgf_coordinates_count_rows_from_the_top() {
        let size = BoardSize::NINE;
        let a9 = size.point(0, 8).unwrap();
        assert_eq!(a9.to_sgf(size), "aa");
        assert_eq!(Point::from_sgf("aa", size), Some(a9));
        assert_eq!(Point::from_sgf("ii", size), size.point(8, 0));
        assert_eq!(Point::from_sgf("jj", size), None);
        assert_eq!(Point::from_sgf("a", size), None);
    }

    #[test]
    fn every_point_round_trips_on_every_size() {
        for n in MIN_SIZE..=MAX_SIZE {
            let size = BoardSize::new(n).unwrap();
            let points: Vec<_> = size.all_points().collect();
            assert_eq!(points.len(), size.points());
            for p in points {
                assert!(size.contains(p));
                assert_eq!(p.to_string().parse::<Point>().unwrap(), p);
                assert_eq!(Point::from_sgf(&p.to_sgf(size), size), Some(p));
                assert_eq!(Point::new(p.col(), p.row()), Some(p));
            }
        }
    }

    #[test]
    fn star_points_are_where_boards_draw_them() {
        let names = |n: u8| {
            let mut v: Vec<String> = BoardSize::new(n)
                .unwrap()
                .star_points()
                .iter()
                .map(|p| p.to_string())
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            names(19),
            ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
        );
        assert_eq!(names(13), ["D10", "D4", "G7", "K10", "K4"]);
        assert_eq!(names(9), ["C3", "C7", "E5", "G3", "G7"]);
        assert_eq!(names(7), ["C3", "C5", "E3", "E5"]);
        assert_eq!(names(5), ["C3"]);
    }
}
