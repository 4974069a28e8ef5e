//! The opening book of 19×19: in a position that strong players' games reached often, one of
//! the moves they chose there.
//!
//! A search of two seconds cannot tell the opening's moves apart: on an empty 19×19 board
//! every move wins about half its playouts, and the AMAF statistics, which see the centre owned
//! at the end of random games, drew the search to the tenth line. Players of 9 dan never start
//! there. The book holds the positions of the first [`BOOK_MOVES`] moves of the records it was
//! built from (`examples/train_patterns.rs --book`) that were reached at least
//! [`MIN_REACHED`] times, each with the moves played there and how often; a position is found
//! whatever the order of its moves and under any of the board's eight symmetries.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

use crate::go::light_playout::Rng;
use crate::go::{Board, Color, Game, Move, Point};

/// Moves into a game that the book covers.
pub(crate) const BOOK_MOVES: usize = 24;

/// Times a position must have been reached in the records to be in the book.
pub(crate) const MIN_REACHED: u32 = 20;

/// A move is played from the book only if chosen at least this share as often as the most
/// chosen one: the rare replies of a well-known position are often mistakes or a style.
const SHARE_OF_TOP: f64 = 0.25;

/// The board size the book is for.
const BOOK_SIZE: u8 = 19;

/// The book's table: magic, entries, then (canonical key, move in the canonical frame as
/// `row * 19 + col`, times played) in key order, little-endian.
static TABLE_19: &[u8] = include_bytes!("book19.bin");

const MAGIC: &[u8; 4] = b"TBK1";

/// Positions (canonical keys) and the moves played in each, with how often.
pub(crate) struct Book {
    entries: FxHashMap<u64, Vec<(u16, u32)>>,
}

/// The 19×19 book, read once.
pub(crate) static BOOK: LazyLock<Book> = LazyLock::new(|| Book::from_bytes(TABLE_19));

/// `(col, row)` seen through symmetry `s` on a board of `n` lines: bit 0 mirrors the columns,
/// bit 1 the rows, bit 2 swaps them (after the mirrors).
fn transform(s: usize, n: u8, (mut c, mut r): (u8, u8)) -> (u8, u8) {
    if s & 1 != 0 {
        c = n - 1 - c;
    }
    if s & 2 != 0 {
        r = n - 1 - r;
    }
    if s & 4 != 0 {
        (c, r) = (r, c);
    }
    (c, r)
}

/// The inverse of [`transform`].
fn untransform(s: usize, n: u8, (mut c, mut r): (u8, u8)) -> (u8, u8) {
    if s & 4 != 0 {
        (c, r) = (r, c);
    }
    if s & 2 != 0 {
        r = n - 1 - r;
    }
    if s & 1 != 0 {
        c = n - 1 - c;
    }
    (c, r)
}

/// A well-mixed 64-bit value of `x` (splitmix64's finalizer).
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The key of the position of `board` with `to_move` to play, the same under the eight
/// symmetries, and a symmetry that maps the board to the frame the key stands for.
pub(crate) fn canonical(board: &Board, to_move: Color) -> (u64, usize) {
    let n = board.size().get();
    let mut keys = [mix(u64::from(to_move == Color::White)); 8];
    for row in 0..n {
        for col in 0..n {
            let Some(colour) = Point::new(col, row).and_then(|p| board.get(p)) else {
                continue;
            };
            let colour = u64::from(colour == Color::White);
            for (s, key) in keys.iter_mut().enumerate() {
                let (c, r) = transform(s, n, (col, row));
                let at = u64::from(r) * u64::from(n) + u64::from(c);
                // A sum, so that the order of the stones does not matter.
                *key = key.wrapping_add(mix((at << 1 | colour) + 1));
            }
        }
    }
    keys.iter()
        .enumerate()
        .map(|(s, &k)| (k, s))
        .min()
        .unwrap_or((keys[0], 0))
}

/// The move `p` of a position whose canonical symmetry is `s`, in the canonical frame.
pub(crate) fn to_frame(s: usize, n: u8, p: Point) -> u16 {
    let (c, r) = transform(s, n, (p.col(), p.row()));
    u16::from(r) * u16::from(n) + u16::from(c)
}

impl Book {
    /// The book in `bytes` ([`TABLE_19`]'s form); empty when they are not one.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Book {
        let mut entries: FxHashMap<u64, Vec<(u16, u32)>> = FxHashMap::default();
        if bytes.len() < 8 || &bytes[..4] != MAGIC {
            return Book { entries };
        }
        for rec in bytes[8..].chunks_exact(14) {
            let mut key = [0u8; 8];
            key.copy_from_slice(&rec[..8]);
            let mv = u16::from_le_bytes([rec[8], rec[9]]);
            let times = u32::from_le_bytes([rec[10], rec[11], rec[12], rec[13]]);
            entries
                .entry(u64::from_le_bytes(key))
                .or_default()
                .push((mv, times));
        }
        Book { entries }
    }

    /// Positions in the book.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The moves the book holds for the position of `game`, in the game's own frame, with
    /// how often each was played; empty when the position is not in the book.
    pub(crate) fn moves(&self, game: &Game) -> Vec<(Point, u32)> {
        let n = game.size().get();
        if n != BOOK_SIZE || game.moves().len() >= BOOK_MOVES {
            return Vec::new();
        }
        let (key, s) = canonical(game.board(), game.to_move());
        let Some(moves) = self.entries.get(&key) else {
            return Vec::new();
        };
        moves
            .iter()
            .filter_map(|&(mv, times)| {
                let (c, r) = ((mv % u16::from(n)) as u8, (mv / u16::from(n)) as u8);
                let (c, r) = untransform(s, n, (c, r));
                Point::new(c, r).map(|p| (p, times))
            })
            .collect()
    }

    /// A move of the book for `game`, drawn by how often each was played among those played
    /// at least a quarter as often as the most played; `None` out of the book or when no such
    /// move is legal.
    pub(crate) fn choose(&self, game: &Game, rng: &mut Rng) -> Option<Point> {
        let moves: Vec<(Point, u32)> = self
            .moves(game)
            .into_iter()
            .filter(|&(p, _)| game.is_legal(Move::Play(p)))
            .collect();
        let top = moves.iter().map(|&(_, t)| t).max()?;
        let floor = (f64::from(top) * SHARE_OF_TOP).ceil() as u32;
        let chosen: Vec<(Point, u32)> = moves.into_iter().filter(|&(_, t)| t >= floor).collect();
        let total: u32 = chosen.iter().map(|&(_, t)| t).sum();
        let mut draw = rng.below(total.max(1) as usize) as u32;
        for (p, t) in &chosen {
            if draw < *t {
                return Some(*p);
            }
            draw -= t;
        }
        chosen.first().map(|&(p, _)| p)
    }
}

/// The bytes of a book from `counts`: canonical key → (move in the canonical frame → times),
/// keeping the positions reached at least `min_reached` times and, in each, the moves played
/// at least twice.
pub(crate) fn to_bytes(counts: &FxHashMap<u64, FxHashMap<u16, u32>>, min_reached: u32) -> Vec<u8> {
    let mut rows: Vec<(u64, u16, u32)> = Vec::new();
    for (&key, moves) in counts {
        if moves.values().sum::<u32>() < min_reached {
            continue;
        }
        rows.extend(
            moves
                .iter()
                .filter(|&(_, &t)| t >= 2)
                .map(|(&mv, &t)| (key, mv, t)),
        );
    }
    rows.sort_unstable();
    let mut out = Vec::with_capacity(8 + 14 * rows.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(rows.len() as u32).to_le_bytes());
    for (key, mv, t) in rows {
        out.extend_from_slice(&key.to_le_bytes());
        out.extend_from_slice(&mv.to_le_bytes());
        out.extend_from_slice(&t.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{BoardSize, RuleSet};

    fn game_of(moves: &[&str]) -> Game {
        let size = BoardSize::new(19).expect("19 is a size");
        let mut game = Game::new(size, RuleSet::Chinese.rules());
        for m in moves {
            let mv = Move::parse_on(m, size).expect("a point");
            game.play(mv).expect("legal");
        }
        game
    }

    #[test]
    fn a_position_has_one_key_under_every_symmetry_and_order() {
        // Q16 D4 and its mirror images, in both orders.
        let a = game_of(&["Q16", "D4", "Q4"]);
        let b = game_of(&["Q4", "D4", "Q16"]);
        let c = game_of(&["D16", "Q4", "D4"]);
        // Black on two corners diagonally apart rather than side by side.
        let d = game_of(&["Q16", "Q4", "D4"]);
        let key = |g: &Game| canonical(g.board(), g.to_move()).0;
        assert_eq!(key(&a), key(&b));
        assert_eq!(key(&a), key(&c));
        // Different colours on the same points: another position.
        assert_ne!(key(&a), key(&d));
        // The side to move counts.
        assert_ne!(
            canonical(a.board(), Color::Black).0,
            canonical(a.board(), Color::White).0
        );
    }

    #[test]
    fn transform_and_untransform_are_inverse() {
        for s in 0..8 {
            for (c, r) in [(0, 0), (3, 15), (18, 2), (9, 9)] {
                assert_eq!(untransform(s, 19, transform(s, 19, (c, r))), (c, r));
            }
        }
    }

    #[test]
    fn a_move_learned_in_one_corner_is_found_in_another() {
        // The records answered Q16 (Black) at D4, with White to play: learned in that frame.
        let learned = game_of(&["Q16"]);
        let (key, s) = canonical(learned.board(), learned.to_move());
        let d4 = Point::new(3, 3).expect("on the board");
        let mut counts: FxHashMap<u64, FxHashMap<u16, u32>> = FxHashMap::default();
        counts
            .entry(key)
            .or_default()
            .insert(to_frame(s, 19, d4), 30);
        let book = Book::from_bytes(&to_bytes(&counts, MIN_REACHED));
        assert_eq!(book.len(), 1);
        // Black opened at D16 instead: the answer is the mirror image, Q4.
        let asked = game_of(&["D16"]);
        let q4 = Point::new(15, 3).expect("on the board");
        assert_eq!(book.moves(&asked), vec![(q4, 30)]);
        assert_eq!(book.choose(&asked, &mut Rng::new(1)), Some(q4));
        // A position reached too rarely is left out.
        assert_eq!(Book::from_bytes(&to_bytes(&counts, 31)).len(), 0);
    }

    #[test]
    fn the_shipped_book_opens_in_a_corner_and_stops_after_its_moves() {
        assert!(BOOK.len() > 100, "{} positions", BOOK.len());
        // The moves it plays (those played often enough): a rare record's odd first move
        // is held but never chosen.
        let empty = game_of(&[]);
        assert!(!BOOK.moves(&empty).is_empty());
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let p = BOOK
                .choose(&empty, &mut rng)
                .expect("the empty board is in the book");
            let line = |x: u8| x.min(18 - x) + 1;
            assert!(
                (3..=5).contains(&line(p.col())) && (3..=5).contains(&line(p.row())),
                "{p} is not a corner opening"
            );
        }
        // Stones on the fifth and seventh lines, none touching its own: past the book.
        let mut long = game_of(&[]);
        for i in 0..BOOK_MOVES as u8 {
            let p = Point::new(i % 19, 4 + 2 * (i / 19)).expect("on the board");
            long.play(Move::Play(p)).expect("legal");
        }
        assert!(BOOK.moves(&long).is_empty());
    }
}
