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
//! cargo run --release --example train_patterns -- --mm tests/data/go-records/fox_pro \
//!     tests/data/go-records/fox_pro_superko tests/data/go-records/alphago > /tmp/mm19.bin
//! mv /tmp/mm19.bin src/ai/mm19.bin
//! ```
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
//! shipped `mm19.bin`, for boards from 13×13 up, is the fifth command's, learned from both
//! players' moves in the 306 19×19 professional records of `tests/data/go-records` (row 43).
//!
//! Every `.sgf` file under the folders given (recursively) is read; unreadable files are
//! skipped with a note on standard error.

use std::path::{Path, PathBuf};

use std::io::Write as _;

use tengen::ai::train::{
    MmData, MmFit, PatternCounts, ShapeCounts, predict, predict_mm, shapes_bytes, table_source,
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

/// Shapes seen fewer times than this in the records are not kept.
const SHAPE_MIN_SEEN: u32 = 20;

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
    let weights = counts.weights(SHAPE_MIN_SEEN);
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
        Some("--shapes" | "--holdout" | "--mm") => Some(args.remove(0)),
        _ => None,
    };
    let player = match args.first().map(String::as_str) {
        Some("--player") if args.len() > 1 => {
            args.remove(0);
            Some(args.remove(0))
        }
        _ => None,
    };
    let dirs: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    if dirs.is_empty() {
        eprintln!(
            "usage: train_patterns [--shapes | --mm | --holdout] [--player NAME] DIR... > TABLE"
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
        Some("--mm") => {
            let all = records(&files, player.as_deref());
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
            let train: Vec<_> = train.into_iter().map(|(_, r)| r).collect();
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
