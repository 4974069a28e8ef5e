//! Retrains the tree's learned weights from SGF records: the 3×3 table's source, or with
//! `--shapes` the large shapes' binary table, or with `--holdout` how well each foresees the
//! moves of every tenth record when the shapes are learned from the other nine:
//!
//! ```text
//! # write elsewhere first: the example compiles the crate with the old tables
//! cargo run --release --example train_patterns -- /work/shared/go-records > /tmp/table.rs
//! mv /tmp/table.rs src/ai/patterns_table.rs
//! cargo run --release --example train_patterns -- --shapes --player Pachi docs/strength > /tmp/shapes.bin
//! mv /tmp/shapes.bin src/ai/shapes.bin
//! cargo run --release --example train_patterns -- --holdout --player Pachi docs/strength
//! cargo run --release --example train_patterns -- --mm --player Pachi docs/strength > /tmp/mm.bin
//! mv /tmp/mm.bin src/ai/mm.bin
//! # the 19×19 model and book: the professional records and Tygem's 9-dan games
//! # (scripts/tygem_to_sgf.py says where they are and how they become SGF)
//! python3 scripts/tygem_to_sgf.py --games 4000 --out /tmp/tygem-4000 /tmp/tygem/2016-07
//! python3 scripts/tygem_to_sgf.py --games 4000 --out /tmp/tygem-book /tmp/tygem/*[0-9]
//! R=tests/data/go-records
//! cargo run --release --example train_patterns -- --mm --min-seen 100 \
//!     --extra /tmp/tygem-4000 $R/fox_pro $R/fox_pro_superko $R/alphago > /tmp/mm19.bin
//! mv /tmp/mm19.bin src/ai/mm19.bin
//! cargo run --release --example train_patterns -- --book \
//!     --extra /tmp/tygem-book $R/fox_pro $R/fox_pro_superko $R/alphago > /tmp/book19.bin
//! mv /tmp/book19.bin src/ai/book19.bin
//! ```
//!
//! `--extra DIR` adds records that are learned from and never held out (with `--holdout`, the
//! figure of the move model with them is the only one printed); `--min-seen N` keeps the
//! shapes seen at least N times (20 unless given). `--book` writes the 19×19 opening book of
//! `src/ai/book.rs`.
//!
//! `--mm` fits the move model of `src/ai/mm.rs` (3×3 pattern, tactics, distances to the last
//! two moves, line, and the largest of the shapes `--shapes` would keep; Coulom's
//! minorization-maximization) and writes its table; `--holdout` also fits it, with and
//! without the shapes, on nine records in ten and says how it foresees the tenth.
//!
//! `--player NAME` learns only the moves of the player whose name (PB or PW) holds NAME, in
//! the records that have one. The shipped `shapes.bin` is the second command's table, learned
//! from Pachi's moves in the records `docs/strength` held at the commit that brought it
//! (`docs/strength/LOG.md`, row 26). The shipped `mm.bin` is the `--mm` table learned from
//! Pachi's moves in the 1,047 records `docs/strength` held after row 37 (rows 38 and 39); the
//! shipped `mm19.bin`, for boards from 13×13 up, is learned from both players' moves in the
//! 306 19×19 professional records of `tests/data/go-records` and 4,000 Tygem 9-dan games of
//! July 2016 (row 49; row 43 had the professional records alone); the shipped `book19.bin`
//! from the same professional records and 303,710 Tygem 9-dan games.
//!
//! Every `.sgf` file under the folders given (recursively) is read; unreadable files are
//! skipped with a note on standard error.

use std::path::{Path, PathBuf};

use std::io::Write as _;

use tengen::ai::train::{
    MmData, MmFit, PatternCounts, ShapeCounts, book_bytes, predict, predict_mm, shapes_bytes,
    table_source,
};
use tengen::go::Color;
use tengen::go::sgf::Record;

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
}

/// Shapes seen fewer times than this in the records are not kept, unless `--min-seen N`
/// says otherwise (more records, more shapes: a larger table and slower lookups).
const SHAPE_MIN_SEEN: u32 = 20;

/// The `--min-seen` given, else [`SHAPE_MIN_SEEN`].
fn shape_min_seen() -> u32 {
    std::env::args()
        .skip_while(|a| a != "--min-seen")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(SHAPE_MIN_SEEN)
}

/// The readable records of `files`, each with the colour whose moves are learned: the player
/// named `player` (records without one are left out), or both without a name.
fn records(files: &[PathBuf], player: Option<&str>) -> Vec<(Record, Option<Color>)> {
    files
        .iter()
        .filter_map(|f| {
            let r = std::fs::read(f)
                .ok()
                .and_then(|b| Record::from_bytes(&b).ok());
            if r.is_none() {
                eprintln!("skipped {}", f.display());
            }
            let r = r?;
            let Some(name) = player else {
                return Some((r, None));
            };
            let plays = |n: &Option<String>| n.as_deref().is_some_and(|n| n.contains(name));
            let only = if plays(&r.black) {
                Color::Black
            } else if plays(&r.white) {
                Color::White
            } else {
                return None;
            };
            Some((r, Some(only)))
        })
        .collect()
}

/// The shapes learned from `records`, with a line on standard error.
fn learn_shapes(records: &[(Record, Option<Color>)]) -> Vec<(u64, f32)> {
    let mut counts = ShapeCounts::default();
    for (r, only) in records {
        counts.add_record(r, *only);
    }
    let weights = counts.weights(shape_min_seen());
    eprintln!(
        "{} records, {} moves, {} shapes kept of {}",
        records.len(),
        counts.moves,
        weights.len(),
        counts.distinct()
    );
    weights
}

/// Rounds of minorization-maximization: the likelihood barely moves after about twenty.
const MM_SWEEPS: usize = 30;

/// The move model fitted to `records`, with a line on standard error; with `shapes`, a
/// move's largest shape among theirs is one of its features.
fn learn_mm(records: &[(Record, Option<Color>)], shapes: Option<&[(u64, f32)]>) -> MmFit {
    let mut data = match shapes {
        Some(s) => MmData::with_shapes(s.iter().map(|&(k, _)| k)),
        None => MmData::default(),
    };
    for (r, only) in records {
        data.add_record(r, *only);
    }
    eprintln!(
        "{} records, {} moves, {} of them fitted, {} 3x3 patterns, {} large shapes",
        records.len(),
        data.moves,
        data.competitions(),
        data.patterns(),
        data.shapes()
    );
    data.fit(MM_SWEEPS)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mode = match args.first().map(String::as_str) {
        Some("--shapes" | "--holdout" | "--mm" | "--book") => Some(args.remove(0)),
        _ => None,
    };
    let player = match args.first().map(String::as_str) {
        Some("--player") if args.len() > 1 => {
            args.remove(0);
            Some(args.remove(0))
        }
        _ => None,
    };
    if let Some(at) = args.iter().position(|a| a == "--min-seen") {
        args.drain(at..(at + 2).min(args.len()));
    }
    // `--extra DIR`: records that are always learned from, never held out.
    let mut extra_dirs = Vec::new();
    while let Some(at) = args.iter().position(|a| a == "--extra") {
        if at + 1 >= args.len() {
            eprintln!("--extra needs a folder");
            std::process::exit(2);
        }
        args.remove(at);
        extra_dirs.push(PathBuf::from(args.remove(at)));
    }
    let mut extra_files = Vec::new();
    for d in &extra_dirs {
        sgf_files(d, &mut extra_files);
    }
    extra_files.sort();
    let dirs: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    if dirs.is_empty() {
        eprintln!(
            "usage: train_patterns [--shapes | --mm | --holdout] [--player NAME] [--extra DIR]... DIR... > TABLE"
        );
        std::process::exit(2);
    }
    let mut files = Vec::new();
    for d in &dirs {
        sgf_files(d, &mut files);
    }
    files.sort();
    match mode.as_deref() {
        Some("--shapes") => {
            let weights = learn_shapes(&records(&files, player.as_deref()));
            if std::io::stdout()
                .write_all(&shapes_bytes(&weights))
                .is_err()
            {
                std::process::exit(1);
            }
            return;
        }
        Some("--book") => {
            let mut all = records(&files, player.as_deref());
            all.extend(records(&extra_files, None));
            let (bytes, kept) = book_bytes(&all);
            eprintln!("{} records, {kept} positions in the book", all.len());
            if std::io::stdout().write_all(&bytes).is_err() {
                std::process::exit(1);
            }
            return;
        }
        Some("--mm") => {
            let mut all = records(&files, player.as_deref());
            all.extend(records(&extra_files, None));
            let shapes = learn_shapes(&all);
            let fitted = learn_mm(&all, Some(&shapes));
            if std::io::stdout().write_all(&fitted.to_bytes()).is_err() {
                std::process::exit(1);
            }
            return;
        }
        Some("--holdout") => {
            let all = records(&files, player.as_deref());
            let (test, train): (Vec<_>, Vec<_>) =
                all.into_iter().enumerate().partition(|(i, _)| i % 10 == 0);
            let test: Vec<_> = test.into_iter().map(|(_, r)| r).collect();
            let mut train: Vec<_> = train.into_iter().map(|(_, r)| r).collect();
            if !extra_files.is_empty() {
                // Only the model the extra records are for: the others' figures stand as
                // they were without them.
                train.extend(records(&extra_files, None));
                let weights = learn_shapes(&train);
                let with_shapes = learn_mm(&train, Some(&weights));
                let p = predict_mm(&test, &with_shapes);
                println!(
                    "move model with shapes, {} extra records: {} moves of {} records, first choice {:.1} %, mean log-likelihood {:.3}",
                    extra_files.len(),
                    p.moves,
                    test.len(),
                    100.0 * p.first / p.moves.max(1) as f64,
                    p.log_likelihood / p.moves.max(1) as f64
                );
                return;
            }
            let weights = learn_shapes(&train);
            let fitted = learn_mm(&train, None);
            let with_shapes = learn_mm(&train, Some(&weights));
            for (name, p) in [
                ("3x3 alone", predict(&test, None)),
                ("shapes", predict(&test, Some(&weights))),
                ("move model", predict_mm(&test, &fitted)),
                ("move model with shapes", predict_mm(&test, &with_shapes)),
            ] {
                println!(
                    "{name}: {} moves of {} records, first choice {:.1} %, mean log-likelihood {:.3}",
                    p.moves,
                    test.len(),
                    100.0 * p.first / p.moves.max(1) as f64,
                    p.log_likelihood / p.moves.max(1) as f64
                );
            }
            return;
        }
        _ => {}
    }
    let mut counts = PatternCounts::default();
    for (record, _) in records(&files, None) {
        counts.add_record(&record);
    }
    let weights = counts.weights(30);
    eprintln!(
        "{} records, {} moves, {} patterns kept of {}",
        files.len(),
        counts.moves,
        weights.len(),
        counts.counts.len()
    );
    let names: Vec<String> = dirs
        .iter()
        .map(|d| {
            d.file_name().map_or_else(
                || d.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
        .collect();
    let sources = format!("the {} records of `{}`", files.len(), names.join("`, `"));
    print!("{}", table_source(&weights, &counts, &sources));
}
