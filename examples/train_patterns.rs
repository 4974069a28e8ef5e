//! Retrains the tree's 3×3 pattern weights from SGF records and prints the table's source:
//!
//! ```text
//! # write elsewhere first: the example compiles the crate with the old table
//! cargo run --release --example train_patterns -- /work/shared/go-records > /tmp/table.rs
//! mv /tmp/table.rs src/ai/patterns_table.rs
//! ```
//!
//! Every `.sgf` file under the folders given (recursively) is read; unreadable files are
//! skipped with a note on standard error.

use std::path::{Path, PathBuf};

use tengen::ai::train::{PatternCounts, table_source};
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

fn main() {
    let dirs: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if dirs.is_empty() {
        eprintln!("usage: train_patterns DIR... > src/ai/patterns_table.rs");
        std::process::exit(2);
    }
    let mut files = Vec::new();
    for d in &dirs {
        sgf_files(d, &mut files);
    }
    files.sort();
    let mut counts = PatternCounts::default();
    for f in &files {
        match std::fs::read(f)
            .ok()
            .and_then(|b| Record::from_bytes(&b).ok())
        {
            Some(record) => counts.add_record(&record),
            None => eprintln!("skipped {}", f.display()),
        }
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
