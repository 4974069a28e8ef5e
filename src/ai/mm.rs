//! A move model whose feature weights are fitted jointly, as in Coulom's "Computing Elo
//! Ratings of Move Patterns in the Game of Go" (the model Pachi's pattern prior comes from).
//!
//! Each candidate move has one feature in each of five groups: its 3×3 pattern (with the
//! atari bits of its neighbours), what it does tactically (capture, rescue, atari,
//! self-atari, each with what a ladder reading says), its distance to the last move, to the
//! move before, and its line. A feature has a strength γ; a move's strength is the product of
//! its features' and its probability its strength over the sum of the candidates'. The
//! strengths are fitted together (minorization-maximization, in [`super::train`]), so that a
//! shape that is good only because it usually captures is not counted twice, which the 3×3
//! weights learned alone (chosen over seen) cannot tell.
//!
//! The shipped tables, `mm.bin` (boards below 13×13) and `mm19.bin` (13×13 and up), are
//! written by `examples/train_patterns.rs --mm`.

use std::sync::LazyLock;

use super::heavy_playout::MovesOut;
use super::pattern::{MIN_WEIGHT, expand_to_symmetries, swap_colours};
use super::playout_board::{PASS, Pos, STRIDE, WHITE};
use super::shape::{Shapes, read_pairs, write_pairs};
use super::tactics::{LADDER_BUDGET, atari_catches, runs_into_ladder};

/// Tactical features, one per move, the first that applies in this order.
pub(crate) mod tactic {
    /// None of the others.
    pub(crate) const QUIET: u8 = 0;
    /// Captures a chain that the last move left in atari or put in atari.
    pub(crate) const CAPTURE_ANSWER: u8 = 1;
    /// Rescues a chain of one's own that the last move put in atari (not into a ladder).
    pub(crate) const ESCAPE: u8 = 2;
    /// The same, running into a ladder that catches it.
    pub(crate) const ESCAPE_INTO_LADDER: u8 = 3;
    /// Any other capture.
    pub(crate) const CAPTURE: u8 = 4;
    /// Leaves two stones or more of one's own in atari, capturing nothing.
    pub(crate) const SELF_ATARI_CHAIN: u8 = 5;
    /// Leaves one stone in atari, capturing nothing.
    pub(crate) const SELF_ATARI_STONE: u8 = 6;
    /// Puts an enemy chain in atari that a ladder then catches.
    pub(crate) const LADDER_ATARI: u8 = 7;
    /// Any other atari.
    pub(crate) const ATARI: u8 = 8;
    /// How many there are.
    pub(crate) const COUNT: usize = 9;
}

/// Distance classes: gridcular distance 2 to 12 and more (`dx + dy + max(dx, dy)`), and one
/// for no such move (the start of the game or a pass).
pub(crate) const DISTANCES: usize = 12;
/// Line classes: 1 to 5 and more.
pub(crate) const LINES: usize = 5;
/// The sizes of the groups after the pattern: tactics, distance to the last move, to the move
/// before, line.
pub(crate) const SMALL_GROUPS: [usize; 4] = [tactic::COUNT, DISTANCES, DISTANCES, LINES];
/// How many strengths the small groups hold together.
pub(crate) const SMALL_LEN: usize = tactic::COUNT + 2 * DISTANCES + LINES;

/// One candidate's features.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Features {
    /// The canonical 3×3 key with the mover as Black (see [`super::pattern::canonical`]).
    pub(crate) pattern: u32,
    /// The index of its feature in each small group, offsets included: an index into the
    /// small strengths.
    pub(crate) small: [u8; 4],
}

/// The gridcular distance class of `e` from `m`.
fn distance_class(e: usize, m: usize) -> u8 {
    if m == PASS || m == 0 {
        return (DISTANCES - 1) as u8;
    }
    let dy = (e / STRIDE).abs_diff(m / STRIDE);
    let dx = (e % STRIDE).abs_diff(m % STRIDE);
    let d = (dx + dy + dx.max(dy)).clamp(2, 12);
    (d - 2) as u8
}

/// The tactical feature of `c` playing on `e`, `answers` being the answers to the ataris
/// around the last move.
fn tactic_of(pos: &mut Pos, c: u8, e: usize, answers: &MovesOut) -> u8 {
    let captures = pos.captures(c, e);
    if answers.captures[..answers.n_captures].contains(&e) {
        tactic::CAPTURE_ANSWER
    } else if answers.escapes[..answers.n_escapes].contains(&e) {
        if captures || !runs_into_ladder(pos, c, e, LADDER_BUDGET) {
            tactic::ESCAPE
        } else {
            tactic::ESCAPE_INTO_LADDER
        }
    } else if captures {
        tactic::CAPTURE
    } else if let Some(stones) = pos.self_atari(c, e) {
        if stones >= 2 {
            tactic::SELF_ATARI_CHAIN
        } else {
            tactic::SELF_ATARI_STONE
        }
    } else if atari_catches(pos, c, e) {
        tactic::LADDER_ATARI
    } else if pos.ataris_enemy(c, e) {
        tactic::ATARI
    } else {
        tactic::QUIET
    }
}

/// The features of `c` playing on the empty cell `e` of `pos` (a legal move), `answers`
/// being [`super::heavy_playout::atari_answers`] around the last move.
pub(crate) fn features(pos: &mut Pos, c: u8, e: usize, answers: &MovesOut) -> Features {
    let code = pos.pattern3(e);
    let code = if c == WHITE { swap_colours(code) } else { code };
    let pattern = super::pattern::canonical(code, pos.atari_bits(e));
    let t = tactic_of(pos, c, e, answers);
    let d1 = distance_class(e, pos.last());
    let d2 = distance_class(e, pos.last2());
    let line = (pos.line(e).clamp(1, LINES as u8)) - 1;
    let mut small = [t, d1, d2, line];
    let mut offset = 0u8;
    for (s, size) in small.iter_mut().zip(SMALL_GROUPS) {
        *s += offset;
        offset += size as u8;
    }
    Features { pattern, small }
}

/// Fitted strengths: the 3×3 patterns' (every symmetry, by raw key with the mover as Black),
/// the small groups', and the large shapes' if any.
pub(crate) struct Model {
    patterns: Vec<f32>,
    small: [f32; SMALL_LEN],
    /// A move's largest shape known here has this strength; a move with none, 1.
    shapes: Option<Shapes>,
}

impl Model {
    /// A model from canonical (key, γ) pairs of 3×3 patterns, the small groups' strengths and
    /// canonical (key, γ) pairs of large shapes; unknown patterns weigh 1.
    pub(crate) fn new(
        pairs: impl IntoIterator<Item = (u32, f32)>,
        small: [f32; SMALL_LEN],
        shapes: impl IntoIterator<Item = (u64, f32)>,
    ) -> Model {
        let patterns = expand_to_symmetries(pairs);
        let small = small.map(|g| g.max(MIN_WEIGHT));
        let shapes = Shapes::from_pairs(shapes);
        let shapes = (!shapes.is_empty()).then_some(shapes);
        Model {
            patterns,
            small,
            shapes,
        }
    }

    /// The strength of a move with `f`, its large shape aside.
    #[inline]
    pub(crate) fn gamma(&self, f: &Features) -> f32 {
        let p = self
            .patterns
            .get(f.pattern as usize)
            .copied()
            .unwrap_or(1.0);
        f.small.iter().fold(p, |g, &i| {
            g * self.small.get(i as usize).copied().unwrap_or(1.0)
        })
    }

    /// The strength of `c` playing on `e` (see [`features`]), its large shape's included.
    #[inline]
    pub(crate) fn weigh(&self, pos: &mut Pos, c: u8, e: usize, answers: &MovesOut) -> f32 {
        let shape = self
            .shapes
            .as_ref()
            .and_then(|s| s.weight(pos, c, e))
            .unwrap_or(1.0);
        self.gamma(&features(pos, c, e, answers)) * shape
    }
}

/// The bytes of a table: the small groups' strengths (little-endian f32, [`SMALL_LEN`] of
/// them), the number of 3×3 patterns (u32), their (canonical key u32, γ f32) records, then
/// the large shapes' (canonical key u64, γ f32) records to the end.
pub(crate) fn to_bytes(
    pairs: &[(u32, f32)],
    small: &[f32; SMALL_LEN],
    shapes: &[(u64, f32)],
) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 * SMALL_LEN + 4 + 8 * pairs.len() + 12 * shapes.len());
    for g in small {
        out.extend_from_slice(&g.to_le_bytes());
    }
    out.extend_from_slice(&(pairs.len() as u32).to_le_bytes());
    for &(k, g) in pairs {
        out.extend_from_slice(&k.to_le_bytes());
        out.extend_from_slice(&g.to_le_bytes());
    }
    write_pairs(shapes, &mut out);
    out
}

/// Reads a table written by [`to_bytes`]; what is missing from a short table weighs 1.
pub(crate) fn from_bytes(bytes: &[u8]) -> Model {
    let word = |b: &[u8]| {
        let mut w = [0u8; 4];
        w.copy_from_slice(b);
        w
    };
    let mut small = [1.0f32; SMALL_LEN];
    let head = 4 * SMALL_LEN + 4;
    if bytes.len() < head {
        return Model::new(std::iter::empty(), small, std::iter::empty());
    }
    for (g, b) in small.iter_mut().zip(bytes.chunks_exact(4)) {
        *g = f32::from_le_bytes(word(b));
    }
    let count = u32::from_le_bytes(word(&bytes[head - 4..head])) as usize;
    let end = head
        .saturating_add(count.saturating_mul(8))
        .min(bytes.len());
    let pairs = bytes[head..end].chunks_exact(8).map(|r| {
        (
            u32::from_le_bytes(word(&r[..4])),
            f32::from_le_bytes(word(&r[4..])),
        )
    });
    Model::new(pairs, small, read_pairs(&bytes[end..]))
}

/// The shipped table for boards below 13×13, fitted to Pachi's 9×9 moves (see the module's
/// documentation for how it was made).
static TABLE: &[u8] = include_bytes!("mm.bin");

/// The shipped table for 13×13 and up, fitted to both players' moves in the 19×19
/// professional records of `tests/data/go-records` (`fox_pro`, `fox_pro_superko`,
/// `alphago`): a 9×9 game's shapes and distances mislead on a large board.
static TABLE_19: &[u8] = include_bytes!("mm19.bin");

/// The shipped small-board model, built once.
pub(crate) static MM: LazyLock<Model> = LazyLock::new(|| from_bytes(TABLE));

/// The shipped large-board model, built once.
static MM_19: LazyLock<Model> = LazyLock::new(|| from_bytes(TABLE_19));

/// The shipped model for a board of `size`.
pub(crate) fn for_size(size: u8) -> &'static Model {
    if size >= super::LARGE_BOARD {
        &MM_19
    } else {
        &MM
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::heavy_playout::atari_answers;
    use crate::ai::playout_board::BLACK;
    use crate::ai::shape::tests::{at, pos_of};
    use crate::go::Color;

    fn features_at(pos: &mut Pos, e: &str) -> Features {
        let c = pos.to_move();
        let mut answers = MovesOut::new();
        let last = pos.last();
        if last != PASS {
            atari_answers(pos, c, last, &mut answers);
        }
        features(pos, c, at(e), &answers)
    }

    #[test]
    fn tactics_distances_and_lines_are_told_apart() {
        // White's last move D5 put the black stone on C5 in atari: Black can run at C4. The
        // white stone on G5 has one liberty, G4, away from the last move.
        let mut pos = pos_of(
            ". . . . . . . . .\n\
             . . . . . . . . .\n\
             . . . . . . . . .\n\
             . . O . . . X . .\n\
             . O X O . X O X .\n\
             . . . . . . . . .\n\
             . . . . . . . . .\n\
             . . . . . . . . .\n\
             . . . . . . . . .",
            Color::Black,
        );
        pos.set_history(at("D5"), at("E7"), 0);
        let run = features_at(&mut pos, "C4");
        assert_eq!(run.small[0], tactic::ESCAPE);
        let take = features_at(&mut pos, "G4");
        assert_eq!(take.small[0], tactic::CAPTURE);
        let quiet = features_at(&mut pos, "H2");
        assert_eq!(quiet.small[0], tactic::QUIET);
        // Offsets: distance classes after the tactics, lines last.
        let d = tactic::COUNT as u8;
        assert_eq!(run.small[1], d + 1, "C4 is a diagonal step from D5");
        assert_eq!(
            quiet.small[1],
            d + 9,
            "H2 is at gridcular distance 11 from D5"
        );
        let far = features_at(&mut pos, "J1");
        assert_eq!(far.small[1], d + 10, "12 and more are one class");
        assert_eq!(
            far.small[3],
            (tactic::COUNT + 2 * DISTANCES) as u8,
            "J1 is on the edge"
        );
        let line = (tactic::COUNT + 2 * DISTANCES) as u8;
        assert_eq!(quiet.small[3], line + 1, "H2 is on the second line");
    }

    #[test]
    fn a_table_reads_back_and_every_symmetry_answers() {
        let mut pos = pos_of(
            ". . . . .\n\
             . . X . .\n\
             . . . O .\n\
             . . . . .\n\
             . . . . .",
            Color::Black,
        );
        let f = features_at(&mut pos, "C3");
        let mut small = [1.0f32; SMALL_LEN];
        small[f.small[1] as usize] = 3.0;
        let bytes = to_bytes(&[(f.pattern, 2.0)], &small, &[]);
        let model = from_bytes(&bytes);
        let g = model.weigh(&mut pos, BLACK, at("C3"), &MovesOut::new());
        assert!((g - 6.0).abs() < 1e-5, "{g}");
        // The mirror image of the shape (the white stone on B3 instead of D3, seen from C3
        // with the black stone above) weighs the same.
        let mut mirror = pos_of(
            ". . . . .\n\
             . . X . .\n\
             . O . . .\n\
             . . . . .\n\
             . . . . .",
            Color::Black,
        );
        let m = features_at(&mut mirror, "C3");
        assert_eq!(model.gamma(&m) / small[m.small[1] as usize], 2.0);
        // A short table gives every feature 1.
        assert_eq!(from_bytes(&bytes[..8]).gamma(&f), 1.0);
    }

    #[test]
    fn the_shipped_tables_read_whole_and_finite() {
        for (table, size) in [(TABLE, 9), (TABLE_19, 19)] {
            let head = 4 * SMALL_LEN + 4;
            assert!(table.len() >= head);
            let mut count = [0u8; 4];
            count.copy_from_slice(&table[head - 4..head]);
            let patterns = u32::from_le_bytes(count) as usize;
            assert!(patterns > 0);
            assert_eq!((table.len() - head - 8 * patterns) % 12, 0);
            let model = for_size(size);
            assert!(model.small.iter().all(|g| g.is_finite() && *g > 0.0));
            assert!(model.patterns.iter().all(|g| g.is_finite() && *g > 0.0));
            assert!(model.shapes.is_some());
        }
        assert!(!std::ptr::eq(for_size(9), for_size(19)));
        assert!(std::ptr::eq(for_size(13), for_size(19)));
    }
}
