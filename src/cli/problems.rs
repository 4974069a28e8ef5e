//! `tengen problems`: generate the training ground's set, prove it again, write it as SGF.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::go::Color;
use crate::problems::generate::{LEVEL_FLOOR, Tally, generate};
use crate::problems::{Kind, Problem, ProblemSet};

/// The file the repository ships, relative to the repository's root.
pub const SHIPPED_PATH: &str = "src/problems/shipped.json.gz";

#[derive(Debug, clap::Args)]
pub struct ProblemsArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Generate a set: positions drawn from a seed, each kept only if proved a problem.
    Generate {
        /// The seed: the same seed gives the same set.
        #[arg(long, default_value_t = 40)]
        seed: u64,
        /// How many problems.
        #[arg(long, default_value_t = 1200)]
        count: usize,
        /// Threads to prove on (the set does not depend on it).
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Where to write the gzipped JSON.
        #[arg(long, default_value = SHIPPED_PATH)]
        out: PathBuf,
        /// A folder of game records (SGF, read recursively, in name order) whose local fights
        /// are candidates too.
        #[arg(long, default_value = "tests/data/go-records")]
        records: PathBuf,
        /// Past the count, go on until this many are at 1 dan or above and as many near
        /// 25 kyu.
        #[arg(long, default_value_t = LEVEL_FLOOR)]
        level_floor: usize,
    },
    /// Prove every problem of a set again and compare with its stored answers.
    Verify {
        /// The set (gzipped JSON); the shipped set when left out.
        #[arg(long)]
        set: Option<PathBuf>,
        /// GNU Go, for its reading of every life-and-death problem (`/usr/games/gnugo`).
        #[arg(long)]
        gnugo: Option<PathBuf>,
    },
    /// Write every problem of a set as an SGF file (the position, the goal, the solution tree
    /// with its correct lines and refutations), the way tsumego collections are written.
    Export {
        /// The folder to write into (created if missing).
        dir: PathBuf,
        /// The set (gzipped JSON); the shipped set when left out.
        #[arg(long)]
        set: Option<PathBuf>,
    },
    /// Print problems as text: the part of the board drawn, the goal, the main line.
    Show {
        /// The set (gzipped JSON); the shipped set when left out.
        #[arg(long)]
        set: Option<PathBuf>,
        /// The first problem shown (its place in the set).
        #[arg(long, default_value_t = 0)]
        from: usize,
        /// How many.
        #[arg(long, default_value_t = 5)]
        count: usize,
    },
}

/// Runs `tengen problems …`.
pub fn run(args: &ProblemsArgs) -> ExitCode {
    match &args.action {
        Action::Generate {
            seed,
            count,
            threads,
            out,
            records,
            level_floor,
        } => run_generate(*seed, *count, *threads, out, records, *level_floor),
        Action::Verify { set, gnugo } => run_verify(set.as_ref(), gnugo.as_ref()),
        Action::Export { dir, set } => match load(set.as_ref()) {
            Ok(s) => match super::problems_export::export_dir(dir, s.all()) {
                Ok(files) => {
                    println!("{} problems written to {}", files.len(), dir.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            },
            Err(code) => code,
        },
        Action::Show { set, from, count } => match load(set.as_ref()) {
            Ok(s) => {
                for p in s.all().iter().skip(*from).take(*count) {
                    println!("{}", show(p));
                }
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
    }
}

/// The record files under `dir`, in name order.
fn record_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The local fights of every record under `dir` (a record that does not read is passed by).
fn record_candidates(dir: &std::path::Path) -> Vec<crate::problems::generate::Candidate> {
    use crate::go::sgf::Record;
    let mut out = Vec::new();
    let files = record_files(dir);
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let Ok(record) = Record::from_bytes(&bytes) else {
            continue;
        };
        for board in crate::problems::records::positions(&record) {
            out.extend(crate::problems::records::candidates(&board));
        }
    }
    eprintln!(
        "{} local fights in {} records under {}",
        out.len(),
        files.len(),
        dir.display()
    );
    out
}

fn run_generate(
    seed: u64,
    count: usize,
    threads: usize,
    out: &PathBuf,
    records: &std::path::Path,
    floor: usize,
) -> ExitCode {
    let started = Instant::now();
    let found = record_candidates(records);
    let (problems, tally) = generate(seed, count, threads, &found, floor, |kept, t| {
        eprintln!(
            "{kept} kept of {} candidates ({} at 1 dan or above, {} near 25 kyu)",
            t.candidates, t.dan, t.easiest
        );
    });
    let seconds = started.elapsed().as_secs_f64();
    let set = match ProblemSet::new(seed, problems) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bytes = match set.to_gzip() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(out, &bytes) {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    print_tally(&tally);
    print_counts(&set);
    println!(
        "{} problems in {:.0} s ({} bytes) → {}",
        set.len(),
        seconds,
        bytes.len(),
        out.display()
    );
    ExitCode::SUCCESS
}

/// The set at `path`, or the shipped one; exit status 2 with the reason when it does not read.
fn load(path: Option<&PathBuf>) -> Result<std::borrow::Cow<'static, ProblemSet>, ExitCode> {
    match path {
        Some(path) => std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| ProblemSet::from_gzip(&b).map_err(|e| e.to_string()))
            .map(std::borrow::Cow::Owned)
            .map_err(|e| {
                eprintln!("error: {}: {e}", path.display());
                ExitCode::from(2)
            }),
        None => ProblemSet::shipped()
            .map(std::borrow::Cow::Borrowed)
            .map_err(|e| {
                eprintln!("error: the shipped set: {e}");
                ExitCode::from(2)
            }),
    }
}

/// A problem as text: its goal, the part of the board drawn (`X` black, `O` white, `#` the
/// target, `,` the area's empty points), and its main line.
pub fn show(p: &Problem) -> String {
    let board = p.board();
    let target = p.target_stones();
    let mut out = format!(
        "problem {} · {} · {} · {:?} {:?}{} · rank {:.1} · proof {} positions\n",
        p.id,
        p.kind.name(),
        p.theme.name(),
        p.to_play,
        p.goal.objective,
        if p.goal.ko { " (ko)" } else { "" },
        p.rank,
        p.proof_nodes
    );
    for r in (p.view.row_lo..=p.view.row_hi).rev() {
        out.push_str(&format!("{:>3} ", r + 1));
        for c in p.view.col_lo..=p.view.col_hi {
            let Some(x) = crate::go::Point::new(c, r) else {
                continue;
            };
            let ch = match board.get(x) {
                Some(_) if target.contains(&x) => '#',
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if p.area.contains(x) => ',',
                None => '.',
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("    ");
    for c in p.view.col_lo..=p.view.col_hi {
        out.push(crate::go::column_letter(c));
        out.push(' ');
    }
    let line: Vec<String> = p
        .tree
        .main_line(0)
        .iter()
        .map(|m| m.map_or_else(|| "pass".to_owned(), |x| x.to_string()))
        .collect();
    out.push_str(&format!(
        "\n    solution: {} · correct first: {:?} · answer tree {} turns\n",
        line.join(" "),
        p.tree.correct_moves(0),
        p.tree.nodes.len()
    ));
    out
}

fn run_verify(set: Option<&PathBuf>, gnugo: Option<&PathBuf>) -> ExitCode {
    let set = match load(set) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let set: &ProblemSet = &set;
    let started = Instant::now();
    let mut failed = 0usize;
    let mut nodes: Vec<u64> = Vec::with_capacity(set.len());
    for p in set.all() {
        match reprove(p) {
            Ok(n) => nodes.push(n),
            Err(why) => {
                failed += 1;
                println!("problem {}: {why}", p.id);
            }
        }
    }
    nodes.sort_unstable();
    let at = |q: f64| {
        nodes
            .get(((nodes.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0)
    };
    print_counts(set);
    println!(
        "proved again: {} of {} in {:.1} s; proof sizes (positions): median {}, p90 {}, max {}",
        set.len() - failed,
        set.len(),
        started.elapsed().as_secs_f64(),
        at(0.5),
        at(0.9),
        at(1.0)
    );
    let mut opinion_failed = false;
    if let Some(path) = gnugo {
        let started = Instant::now();
        match super::problems_gnugo::second_opinion(path, set.all()) {
            Ok(opinion) => println!(
                "{opinion}\n(GNU Go asked in {:.0} s)",
                started.elapsed().as_secs_f64()
            ),
            Err(e) => {
                eprintln!("error: GNU Go: {e}");
                opinion_failed = true;
            }
        }
    }
    if failed == 0 && !opinion_failed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Proves `p` again with the budget it was generated with (a capturing fight is read less far).
pub fn reprove(p: &Problem) -> Result<u64, String> {
    crate::problems::prove::reprove(p, crate::problems::prove::budget_for(p.kind))
}

fn print_tally(t: &Tally) {
    println!(
        "candidates {}: kept {}, not placeable {}, settled or no win {}, unknown {}, too big {}, \
         too many first moves {}, too short {}, duplicates {}",
        t.candidates,
        t.kept,
        t.unplaceable,
        t.settled,
        t.unknown,
        t.too_big,
        t.too_many_first_moves,
        t.too_short,
        t.duplicate
    );
}

/// The counts by kind, theme and level (kyu bands by the starting estimate).
pub fn print_counts(set: &ProblemSet) {
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_theme: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_band: BTreeMap<&str, usize> = BTreeMap::new();
    let mut black = 0;
    for p in set.all() {
        *by_kind.entry(p.kind.name()).or_default() += 1;
        *by_theme.entry(p.theme.name()).or_default() += 1;
        *by_band.entry(band(p.rank)).or_default() += 1;
        if p.to_play == Color::Black {
            black += 1;
        }
    }
    println!("by kind: {by_kind:?}");
    println!("by theme: {by_theme:?}");
    println!("by level: {by_band:?}");
    println!(
        "Black to play: {black}; life and death: {}",
        set.of_kind(Kind::LifeAndDeath).count()
    );
}

/// The band of a rank value: 30–21 kyu, 20–11 kyu, 10–1 kyu, dan.
fn band(rank: f64) -> &'static str {
    if rank < 7.5 {
        "a: 30-23 kyu"
    } else if rank < 10.0 {
        "b: 22-21 kyu"
    } else if rank < 20.0 {
        "c: 20-11 kyu"
    } else if rank < 30.0 {
        "d: 10-1 kyu"
    } else {
        "e: dan"
    }
}
