//! Learning the 3×3 pattern weights of the tree's priors from game records.
//!
//! For every move of every record, each empty point the mover could have played (legal, not
//! its own eye) is seen once under its canonical pattern key (the eight neighbours with the
//! mover as Black, and which orthogonal neighbours hold a chain in atari, under the best of
//! the eight symmetries); the point actually played is also counted as chosen. A pattern's
//! weight is how much likelier than an average point it was to be chosen, smoothed toward 1
//! by a few virtual observations at the average rate, so rare shapes stay near neutral:
//!
//! `weight = ((chosen + m·p) / (seen + m)) / p`, with `p` the overall share chosen.
//!
//! Pure: the caller reads the files (`examples/train_patterns.rs` does, and writes
//! `src/ai/patterns_table.rs`, which the engine compiles in).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::go::sgf::Record;
use crate::go::{Color, Game, Move, RuleSet};

use rustc_hash::{FxHashMap, FxHashSet};

use super::book;
use super::heavy_playout::{MovesOut, atari_answers};
use super::mm::{self, SMALL_LEN};
use super::pattern::{LEARNED, canonical, swap_colours};
use super::playout_board::{PASS, Pos, WHITE, cell, stone};
use super::shape;

/// Virtual observations at the average rate added to every pattern.
const SMOOTHING: f64 = 20.0;

/// What walking a record's moves found.
struct Walk {
    /// Moves whose candidates were visited.
    moves: u64,
    /// Whether the record was unreadable or cut short by an illegal move.
    cut: bool,
}

/// Calls `f(move, pos, answers, mover, point, chosen)` for every point the mover of each move
/// of `record` (of `only`'s moves, when given) could have played (legal, not its own eye),
/// until the record's first illegal move; `move` counts the moves visited, from 0, `pos` has
/// the last two moves, and `answers` are the answers to the ataris around the last one.
fn for_each_candidate(
    record: &Record,
    only: Option<Color>,
    mut f: impl FnMut(u64, &mut Pos, &MovesOut, u8, usize, bool),
) -> Walk {
    let mut walk = Walk {
        moves: 0,
        cut: false,
    };
    let Ok((board, first)) = record.initial() else {
        walk.cut = true;
        return walk;
    };
    // Simple ko is the loosest of the rule sets: real records repeat positions.
    let mut game = Game::from_setup(board, first, RuleSet::Classic.rules());
    let (mut last, mut last2) = (PASS, PASS);
    for m in &record.moves {
        if let Move::Play(p) = m.mv
            && only.is_none_or(|o| o == m.color)
            && game.board().check(m.color, p).is_ok()
        {
            let mut pos = Pos::from_board(game.board(), m.color);
            pos.set_history(last, last2, 0);
            let c = stone(m.color);
            let played = cell(p);
            let mut answers = MovesOut::new();
            if last != PASS {
                atari_answers(&mut pos, c, last, &mut answers);
            }
            let empties: Vec<u16> = pos.empties().to_vec();
            for e in empties {
                let e = e as usize;
                if pos.is_legal(c, e) && !pos.is_eye(c, e) {
                    f(walk.moves, &mut pos, &answers, c, e, e == played);
                }
            }
            walk.moves += 1;
        }
        if game.play_as(m.color, m.mv).is_err() {
            walk.cut = true;
            return walk;
        }
        last2 = last;
        last = match m.mv {
            Move::Play(p) => cell(p),
            Move::Pass => PASS,
        };
    }
    walk
}

/// What the training counted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PatternCounts {
    /// Per canonical key: (times seen as a candidate, times chosen).
    pub counts: HashMap<u32, (u64, u64)>,
    /// Moves learned from.
    pub moves: u64,
    /// Records skipped (unreadable setup) or cut short (an illegal move).
    pub skipped: usize,
}

impl PatternCounts {
    /// Counts the patterns of every move of `record`, until its first illegal move.
    pub fn add_record(&mut self, record: &Record) {
        let counts = &mut self.counts;
        let outcome = for_each_candidate(record, None, |_, pos, _, c, e, chosen| {
            let entry = counts.entry(key_of(pos, c, e)).or_default();
            entry.0 += 1;
            entry.1 += u64::from(chosen);
        });
        self.moves += outcome.moves;
        self.skipped += usize::from(outcome.cut);
    }

    /// The smoothed weights of the patterns seen at least `min_seen` times, sorted by key.
    pub fn weights(&self, min_seen: u64) -> Vec<(u32, f32)> {
        let (seen, chosen) = self
            .counts
            .values()
            .fold((0u64, 0u64), |(s, c), &(a, b)| (s + a, c + b));
        if seen == 0 {
            return Vec::new();
        }
        let p = chosen as f64 / seen as f64;
        let mut out: Vec<(u32, f32)> = self
            .counts
            .iter()
            .filter(|(_, (s, _))| *s >= min_seen)
            .map(|(&k, &(s, c))| {
                let rate = (c as f64 + SMOOTHING * p) / (s as f64 + SMOOTHING);
                (k, (rate / p) as f32)
            })
            .collect();
        out.sort_by_key(|&(k, _)| k);
        out
    }
}

/// The canonical key of `c` playing on `e`: the mover as Black.
pub(crate) fn key_of(pos: &Pos, c: u8, e: usize) -> u32 {
    let code = pos.pattern3(e);
    let code = if c == WHITE { swap_colours(code) } else { code };
    canonical(code, pos.atari_bits(e))
}

/// The Rust source of `src/ai/patterns_table.rs` for `weights`.
pub fn table_source(weights: &[(u32, f32)], counts: &PatternCounts, sources: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "//! Learned 3×3 pattern weights, generated by `examples/train_patterns.rs` from {sources}\n\
         //! ({} moves; {} records skipped or cut short). Do not edit: retrain.\n\n\
         // Weights are data: one may come out near a named constant.\n\
         #![allow(clippy::approx_constant)]\n",
        counts.moves, counts.skipped
    );
    let _ = writeln!(
        s,
        "/// (canonical key, weight) pairs: see [`super::pattern::canonical`].\n\
         #[rustfmt::skip]\n\
         pub(crate) static PATTERN_GAMMAS: &[(u32, f32)] = &["
    );
    for chunk in weights.chunks(6) {
        let line: Vec<String> = chunk
            .iter()
            .map(|(k, w)| format!("({k:#07x}, {w:.3})"))
            .collect();
        let _ = writeln!(s, "    {},", line.join(", "));
    }
    s.push_str("];\n");
    s
}

/// What the training of large shapes counted: per canonical key of every size (see
/// [`super::shape`]), times seen as a candidate and times chosen.
#[derive(Debug, Clone, Default)]
pub struct ShapeCounts {
    counts: FxHashMap<u64, (u32, u32)>,
    /// Moves learned from.
    pub moves: u64,
    /// Records skipped (unreadable setup) or cut short (an illegal move).
    pub skipped: usize,
}

impl ShapeCounts {
    /// Counts the shapes of every size of every move of `record` (of `only`'s moves, when
    /// given), until its first illegal move.
    pub fn add_record(&mut self, record: &Record, only: Option<Color>) {
        let counts = &mut self.counts;
        let outcome = for_each_candidate(record, only, |_, pos, _, c, e, chosen| {
            let code = shape::code(pos, c, e);
            for size in 1..=3 {
                let entry = counts
                    .entry(shape::canonical(shape::key(code, size)))
                    .or_default();
                entry.0 += 1;
                entry.1 += u32::from(chosen);
            }
        });
        self.moves += outcome.moves;
        self.skipped += usize::from(outcome.cut);
    }

    /// Distinct shapes counted, all sizes together.
    pub fn distinct(&self) -> usize {
        self.counts.len()
    }

    /// The weights of the shapes seen at least `min_seen` times, sorted by key. Each is
    /// smoothed toward the rate of the shape one size smaller (the smallest toward the overall
    /// rate) by [`SMOOTHING`] virtual observations, and a shape whose weight is within a tenth
    /// of its smaller shape's is left out: the lookup falls back to that one anyway.
    pub fn weights(&self, min_seen: u32) -> Vec<(u64, f32)> {
        let (seen, chosen) = self
            .counts
            .iter()
            .filter(|(k, _)| shape::size_of(**k) == 1)
            .fold((0u64, 0u64), |(s, c), (_, &(a, b))| {
                (s + u64::from(a), c + u64::from(b))
            });
        if seen == 0 {
            return Vec::new();
        }
        let p = chosen as f64 / seen as f64;
        let mut rates: FxHashMap<u64, f64> = FxHashMap::default();
        let mut out = Vec::new();
        for size in 1..=3u64 {
            let level: Vec<(u64, (u32, u32))> = self
                .counts
                .iter()
                .filter(|(k, _)| shape::size_of(**k) == size)
                .map(|(&k, &v)| (k, v))
                .collect();
            for (k, (s, c)) in level {
                let parent = if size == 1 {
                    p
                } else {
                    let pk = shape::canonical(shape::key(k, size as usize - 1));
                    rates.get(&pk).copied().unwrap_or(p)
                };
                let rate = (f64::from(c) + SMOOTHING * parent) / (f64::from(s) + SMOOTHING);
                rates.insert(k, rate);
                let kept = size == 1 || (rate / parent).ln().abs() >= 0.1;
                if s >= min_seen && kept {
                    out.push((k, (rate / p) as f32));
                }
            }
        }
        out.sort_by_key(|&(k, _)| k);
        out
    }
}

/// The bytes of `src/ai/shapes.bin` for `weights`: little-endian (key, weight) records.
pub fn shapes_bytes(weights: &[(u64, f32)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(weights.len() * 12);
    shape::write_pairs(weights, &mut out);
    out
}

/// How well a move model foresaw the moves of some records.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Prediction {
    /// Moves foreseen (played on a legal point that is not the mover's eye).
    pub moves: u64,
    /// Moves the model ranked first among the candidates (ties count as a share).
    pub first: f64,
    /// Sum of the natural logarithm of the played move's share of the candidates' weights.
    pub log_likelihood: f64,
}

/// The bytes of the 19×19 opening book (`src/ai/book19.bin`) from `records`: the positions of
/// the first [`book::BOOK_MOVES`] moves of every even 19×19 game (no setup, Black first)
/// reached at least [`book::MIN_REACHED`] times, with the moves played there. Returns the
/// bytes and the positions kept.
pub fn book_bytes(records: &[(Record, Option<Color>)]) -> (Vec<u8>, usize) {
    let mut counts: FxHashMap<u64, FxHashMap<u16, u32>> = FxHashMap::default();
    for (record, _) in records {
        if record.size.get() != 19 {
            continue;
        }
        let Ok((board, first)) = record.initial() else {
            continue;
        };
        if first != Color::Black || board.stone_counts().black + board.stone_counts().white > 0 {
            continue;
        }
        let mut game = Game::from_setup(board, first, RuleSet::Classic.rules());
        for m in record.moves.iter().take(book::BOOK_MOVES) {
            let Move::Play(p) = m.mv else { break };
            if m.color != game.to_move() {
                break;
            }
            let (key, s) = book::canonical(game.board(), game.to_move());
            *counts
                .entry(key)
                .or_default()
                .entry(book::to_frame(s, 19, p))
                .or_default() += 1;
            if game.play(m.mv).is_err() {
                break;
            }
        }
    }
    let bytes = book::to_bytes(&counts, book::MIN_REACHED);
    let kept = counts
        .values()
        .filter(|m| m.values().sum::<u32>() >= book::MIN_REACHED)
        .count();
    (bytes, kept)
}

/// How the learned weights foresee the moves of `records` (each with the colour whose moves
/// count, or both): the shipped 3×3 weights alone (`shapes` none) or the largest known shape
/// of `shapes` (key, weight) pairs, else the 3×3.
pub fn predict(records: &[(Record, Option<Color>)], shapes: Option<&[(u64, f32)]>) -> Prediction {
    let table = shapes.map(|w| shape::Shapes::from_pairs(w.iter().copied()));
    predict_by(records, |pos, _, c, e| {
        let small = LEARNED.weight(pos.pattern3(e), pos.atari_bits(e), c);
        table
            .as_ref()
            .and_then(|t| t.weight(pos, c, e))
            .unwrap_or(small)
    })
}

/// How a fitted move model (see [`MmData::fit`]) foresees the moves of `records`.
pub fn predict_mm(records: &[(Record, Option<Color>)], fitted: &MmFit) -> Prediction {
    let model = mm::Model::new(
        fitted.patterns.iter().copied(),
        fitted.small,
        fitted.shapes.iter().copied(),
    );
    predict_by(records, |pos, answers, c, e| {
        model.weigh(pos, c, e, answers)
    })
}

/// How `weigh(pos, answers, mover, point)` foresees the moves of `records`.
fn predict_by(
    records: &[(Record, Option<Color>)],
    mut weigh: impl FnMut(&mut Pos, &MovesOut, u8, usize) -> f32,
) -> Prediction {
    let mut out = Prediction::default();
    for (record, only) in records {
        let mut weights: Vec<(f32, bool)> = Vec::new();
        let flush = |weights: &mut Vec<(f32, bool)>, out: &mut Prediction| {
            let Some(&(played, _)) = weights.iter().find(|(_, chosen)| *chosen) else {
                weights.clear();
                return;
            };
            let sum: f64 = weights.iter().map(|&(w, _)| f64::from(w)).sum();
            let best = weights.iter().map(|&(w, _)| w).fold(0.0f32, f32::max);
            if played == best {
                let ties = weights.iter().filter(|&&(w, _)| w == best).count();
                out.first += 1.0 / ties as f64;
            }
            out.log_likelihood += (f64::from(played) / sum).ln();
            out.moves += 1;
            weights.clear();
        };
        let mut last_move = None;
        for_each_candidate(record, *only, |index, pos, answers, c, e, chosen| {
            if last_move != Some(index) {
                flush(&mut weights, &mut out);
                last_move = Some(index);
            }
            weights.push((weigh(pos, answers, c, e), chosen));
        });
        flush(&mut weights, &mut out);
    }
    out
}

/// The moves of some records as competitions among their candidates, each candidate a team
/// of features (see [`super::mm`]), for fitting the features' strengths together.
#[derive(Debug, Clone, Default)]
pub struct MmData {
    /// Per canonical 3×3 key, its index among the pattern strengths.
    index: FxHashMap<u32, u32>,
    /// The keys in index order.
    keys: Vec<u32>,
    /// The large shapes a candidate may have as a feature (canonical keys of every size):
    /// its largest one among them. None: no shape feature.
    vocabulary: FxHashSet<u64>,
    /// Per shape of the vocabulary seen, its index among the shape strengths.
    shape_index: FxHashMap<u64, u32>,
    /// Those shapes in index order.
    shape_keys: Vec<u64>,
    /// Every candidate's features: its pattern's index, its small groups' indices, its
    /// shape's index ([`NO_SHAPE`] when none).
    candidates: Vec<[u32; GROUPS]>,
    /// Every move: the range of its candidates and the index of the one played.
    competitions: Vec<(u32, u32, u32)>,
    /// Moves learned from.
    pub moves: u64,
    /// Records skipped (unreadable setup) or cut short (an illegal move).
    pub skipped: usize,
}

/// Feature groups: the 3×3 pattern, the four small groups, the large shape.
const GROUPS: usize = 6;
/// A candidate without a large shape of the vocabulary.
const NO_SHAPE: u32 = u32::MAX;

/// The strengths [`MmData::fit`] found: canonical 3×3 keys with theirs, the small groups',
/// and the large shapes' (canonical keys).
#[derive(Debug, Clone)]
pub struct MmFit {
    /// (canonical key, γ), sorted by key.
    pub patterns: Vec<(u32, f32)>,
    /// The small groups' strengths, in [`mm::SMALL_GROUPS`] order.
    pub small: [f32; SMALL_LEN],
    /// (canonical shape key, γ), sorted by key.
    pub shapes: Vec<(u64, f32)>,
}

impl MmFit {
    /// The bytes of `src/ai/mm.bin`.
    pub fn to_bytes(&self) -> Vec<u8> {
        mm::to_bytes(&self.patterns, &self.small, &self.shapes)
    }
}

/// Index of `k` in `keys` through `index`, added when new.
fn index_of<K: Copy + Eq + std::hash::Hash>(
    index: &mut FxHashMap<K, u32>,
    keys: &mut Vec<K>,
    k: K,
) -> u32 {
    let next = keys.len() as u32;
    let i = *index.entry(k).or_insert(next);
    if i == next {
        keys.push(k);
    }
    i
}

impl MmData {
    /// Data whose candidates also have as a feature their largest shape among `vocabulary`
    /// (canonical keys of [`super::shape`], any size).
    pub fn with_shapes(vocabulary: impl IntoIterator<Item = u64>) -> MmData {
        MmData {
            vocabulary: vocabulary.into_iter().collect(),
            ..MmData::default()
        }
    }

    /// Adds the moves of `record` (of `only`'s, when given), until its first illegal move.
    pub fn add_record(&mut self, record: &Record, only: Option<Color>) {
        let mut current: Option<(u64, usize, Option<usize>)> = None;
        let MmData {
            index,
            keys,
            vocabulary,
            shape_index,
            shape_keys,
            candidates,
            competitions,
            ..
        } = self;
        let close = |current: Option<(u64, usize, Option<usize>)>,
                     candidates: &mut Vec<[u32; GROUPS]>,
                     competitions: &mut Vec<(u32, u32, u32)>| {
            if let Some((_, from, played)) = current {
                match played {
                    Some(p) => competitions.push((from as u32, candidates.len() as u32, p as u32)),
                    None => candidates.truncate(from),
                }
            }
        };
        let walk = for_each_candidate(record, only, |m, pos, answers, c, e, chosen| {
            if current.is_none_or(|(k, _, _)| k != m) {
                close(current, candidates, competitions);
                current = Some((m, candidates.len(), None));
            }
            let f = mm::features(pos, c, e, answers);
            let mut team = [NO_SHAPE; GROUPS];
            team[0] = index_of(index, keys, f.pattern);
            for (slot, &s) in team[1..5].iter_mut().zip(&f.small) {
                *slot = u32::from(s);
            }
            if !vocabulary.is_empty() {
                let code = shape::code(pos, c, e);
                if let Some(k) = (1..=3)
                    .rev()
                    .map(|size| shape::canonical(shape::key(code, size)))
                    .find(|k| vocabulary.contains(k))
                {
                    team[5] = index_of(shape_index, shape_keys, k);
                }
            }
            if chosen && let Some(cur) = current.as_mut() {
                cur.2 = Some(candidates.len());
            }
            candidates.push(team);
        });
        close(current, candidates, competitions);
        self.moves += walk.moves;
        self.skipped += usize::from(walk.cut);
    }

    /// Moves held (those whose played point was a candidate).
    pub fn competitions(&self) -> usize {
        self.competitions.len()
    }

    /// Distinct 3×3 patterns seen.
    pub fn patterns(&self) -> usize {
        self.keys.len()
    }

    /// Distinct large shapes of the vocabulary seen.
    pub fn shapes(&self) -> usize {
        self.shape_keys.len()
    }

    /// Fits the strengths by `sweeps` rounds of minorization-maximization over the groups in
    /// turn (Coulom 2007, with his prior: each feature has also won once and lost once
    /// against a virtual opponent of strength 1, which keeps rare ones near 1). A candidate
    /// without a large shape has that group's strength 1.
    pub fn fit(&self, sweeps: usize) -> MmFit {
        let np = self.keys.len();
        let shapes_at = np + SMALL_LEN;
        let total = shapes_at + self.shape_keys.len();
        // A candidate's feature in group g, as an index into the strengths.
        let at = |team: &[u32; GROUPS], g: usize| match g {
            0 => Some(team[0] as usize),
            5 => (team[5] != NO_SHAPE).then(|| shapes_at + team[5] as usize),
            _ => Some(np + team[g] as usize),
        };
        let mut group_of = vec![0usize; total];
        let mut offset = np;
        for (g, size) in mm::SMALL_GROUPS.iter().enumerate() {
            group_of[offset..offset + size].fill(g + 1);
            offset += size;
        }
        group_of[shapes_at..].fill(5);
        let mut gamma = vec![1.0f64; total];
        let mut wins = vec![0.0f64; total];
        for &(_, _, p) in &self.competitions {
            let team = &self.candidates[p as usize];
            for i in (0..GROUPS).filter_map(|g| at(team, g)) {
                wins[i] += 1.0;
            }
        }
        let mut c = vec![0.0f64; total];
        for _ in 0..sweeps {
            for g in 0..GROUPS {
                c.fill(0.0);
                for &(from, to, _) in &self.competitions {
                    let teams = &self.candidates[from as usize..to as usize];
                    let strength = |t: &[u32; GROUPS]| {
                        (0..GROUPS)
                            .filter_map(|f| at(t, f))
                            .map(|i| gamma[i])
                            .product::<f64>()
                    };
                    let sum: f64 = teams.iter().map(strength).sum();
                    if sum <= 0.0 {
                        continue;
                    }
                    for t in teams {
                        if let Some(i) = at(t, g) {
                            c[i] += strength(t) / gamma[i] / sum;
                        }
                    }
                }
                for i in 0..total {
                    if group_of[i] == g && (c[i] > 0.0 || wins[i] > 0.0) {
                        gamma[i] = (wins[i] + 1.0) / (c[i] + 2.0 / (gamma[i] + 1.0));
                    }
                }
            }
        }
        let mut patterns: Vec<(u32, f32)> = self
            .keys
            .iter()
            .zip(&gamma)
            .map(|(&k, &g)| (k, g as f32))
            .collect();
        patterns.sort_by_key(|&(k, _)| k);
        let mut small = [1.0f32; SMALL_LEN];
        for (s, &g) in small.iter_mut().zip(&gamma[np..shapes_at]) {
            *s = g as f32;
        }
        let mut shapes: Vec<(u64, f32)> = self
            .shape_keys
            .iter()
            .zip(&gamma[shapes_at..])
            .map(|(&k, &g)| (k, g as f32))
            .collect();
        shapes.sort_by_key(|&(k, _)| k);
        MmFit {
            patterns,
            small,
            shapes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_teaches_its_moves() {
        let record = Record::parse("(;SZ[9];B[ee];W[ce];B[gc];W[cc];B[eg];W[dg];B[dh])").unwrap();
        let mut counts = PatternCounts::default();
        counts.add_record(&record);
        assert_eq!(counts.moves, 7);
        let chosen: u64 = counts.counts.values().map(|v| v.1).sum();
        assert_eq!(chosen, 7);
        let weights = counts.weights(1);
        assert!(weights.iter().all(|(_, w)| w.is_finite() && *w > 0.0));
        // Shapes never chosen weigh less than the average point.
        let never = counts
            .counts
            .iter()
            .find(|(_, v)| v.1 == 0)
            .map(|(k, _)| *k);
        let w = weights.iter().find(|(k, _)| Some(*k) == never).map(|p| p.1);
        assert!(w.is_some_and(|w| w < 1.0), "{w:?}");
        let source = table_source(&weights, &counts, "a test record");
        assert!(source.contains("PATTERN_GAMMAS"));
    }

    #[test]
    fn shapes_learn_one_players_moves_and_foresee_them() {
        // The same game five times: Black's moves are the ones learned.
        let text = "(;SZ[9];B[ee];W[ce];B[gc];W[cc];B[eg];W[dg];B[dh])";
        let record = Record::parse(text).unwrap();
        let mut counts = ShapeCounts::default();
        for _ in 0..5 {
            counts.add_record(&record, Some(Color::Black));
        }
        assert_eq!(counts.moves, 5 * 4);
        assert_eq!(counts.skipped, 0);
        // Every candidate is counted at each of the three sizes.
        let chosen: u32 = counts.counts.values().map(|v| v.1).sum();
        assert_eq!(chosen, 3 * 5 * 4);
        let weights = counts.weights(5);
        assert!(!weights.is_empty());
        assert!(weights.iter().all(|(_, w)| w.is_finite() && *w > 0.0));
        let bytes = shapes_bytes(&weights);
        assert_eq!(bytes.len(), 12 * weights.len());
        assert_eq!(
            shape::read_pairs(&bytes).collect::<Vec<_>>(),
            weights,
            "the table reads back as written"
        );
        // The learned shapes foresee Black's moves of that game better than the 3×3 alone.
        let games = [(record, Some(Color::Black))];
        let small = predict(&games, None);
        let large = predict(&games, Some(&weights));
        assert_eq!(small.moves, 4);
        assert_eq!(large.moves, 4);
        assert!(
            large.log_likelihood > small.log_likelihood,
            "{large:?} against {small:?}"
        );
    }

    #[test]
    fn the_move_model_fits_one_players_moves_better_than_chance() {
        // The same game ten times: Black's moves. Before fitting every feature weighs 1 and
        // every candidate is as likely; fitting must make the moves played likelier.
        let text = "(;SZ[9];B[ee];W[ce];B[gc];W[cc];B[eg];W[dg];B[dh];W[ch];B[ci])";
        let record = Record::parse(text).unwrap();
        let mut data = MmData::default();
        for _ in 0..10 {
            data.add_record(&record, Some(Color::Black));
        }
        assert_eq!(data.moves, 10 * 5);
        assert_eq!(data.competitions(), 10 * 5);
        assert_eq!(data.skipped, 0);
        let games = [(record, Some(Color::Black))];
        let unfitted = data.fit(0);
        assert!(unfitted.small.iter().all(|&g| g == 1.0));
        let chance = predict_mm(&games, &unfitted);
        let fitted = data.fit(10);
        assert!(fitted.small.iter().all(|g| g.is_finite() && *g > 0.0));
        assert!(
            fitted
                .patterns
                .iter()
                .all(|(_, g)| g.is_finite() && *g > 0.0)
        );
        let learned = predict_mm(&games, &fitted);
        assert_eq!(learned.moves, 5);
        assert!(
            learned.log_likelihood > chance.log_likelihood + 1.0,
            "{learned:?} against {chance:?}"
        );
        // With the large shapes as one more feature, the same moves are likelier still.
        let mut counts = ShapeCounts::default();
        for _ in 0..10 {
            counts.add_record(&games[0].0, Some(Color::Black));
        }
        let mut with = MmData::with_shapes(counts.weights(5).iter().map(|&(k, _)| k));
        for _ in 0..10 {
            with.add_record(&games[0].0, Some(Color::Black));
        }
        assert!(with.shapes() > 0);
        let shaped = with.fit(10);
        assert!(shaped.shapes.iter().all(|(_, g)| g.is_finite() && *g > 0.0));
        let larger = predict_mm(&games, &shaped);
        assert!(
            larger.log_likelihood > learned.log_likelihood,
            "{larger:?} against {learned:?}"
        );
        // The table reads back as written, shapes and all.
        let model = mm::from_bytes(&shaped.to_bytes());
        let again = predict_by(&games, |pos, answers, c, e| model.weigh(pos, c, e, answers));
        assert!((again.log_likelihood - larger.log_likelihood).abs() < 1e-3);
    }

    #[test]
    fn a_shape_one_size_larger_is_kept_only_when_it_says_more() {
        // Black opens on the 5-5 point twenty times. Its empty shape of size 1 is shared by
        // the 25 points at least three lines in, and so is its empty shape of size 2: the same
        // rate, so size 2 says nothing more and is left out. Its empty shape of size 3 only the
        // 9 points at least four lines in share: a higher rate, kept, above the average point.
        let record = Record::parse("(;SZ[9];B[ee])").unwrap();
        let mut counts = ShapeCounts::default();
        for _ in 0..20 {
            counts.add_record(&record, None);
        }
        let weights = counts.weights(1);
        let weight = |k: u64| weights.iter().find(|p| p.0 == k).map(|p| p.1);
        let empty = |size: usize| shape::key(0, size);
        assert!(weight(empty(1)).is_some_and(|w| w > 1.0));
        assert_eq!(weight(empty(2)), None);
        let centre = weight(empty(3));
        assert!(
            centre.is_some_and(|c| weight(empty(1)).is_some_and(|w| c > w)),
            "{centre:?}"
        );
    }
}
