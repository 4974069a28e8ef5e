//! `tengen review GAME.sgf -o DIR`: the review a player gets on Discord, offline — the chart,
//! each player's three biggest mistakes as boards, the review record, and a summary.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use crate::go::{Color, Move};
use crate::review::{
    Analysis, Analyst, OwnAnalyst, ReviewWords, Source, Summary, analyse, chart_png, mistake_png,
    positions, review_sgf, summarize,
};

#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The SGF record to review (its RU and KM are respected).
    pub file: PathBuf,
    /// The folder to write into (made if missing): chart.png, mistake-black-1.png …,
    /// review.sgf, summary.txt.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Playouts of Tengen's engine a position (default: the review's budget for the board).
    #[arg(long)]
    pub playouts: Option<u64>,
    /// Seed of the engine's playouts: the same record and seed give the same review.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Say nothing on standard error while working.
    #[arg(long)]
    pub quiet: bool,
}

/// Why `tengen review` stopped: each is printed as one line.
#[derive(Debug, thiserror::Error)]
enum ReviewCliError {
    #[error("cannot read {path}: {cause}")]
    Read { path: String, cause: std::io::Error },
    #[error("{path}: {cause}")]
    Source {
        path: String,
        cause: crate::review::SourceError,
    },
    #[error("the engine failed: {0}")]
    Engine(#[from] crate::review::AnalystError),
    #[error("cannot draw: {0}")]
    Render(#[from] crate::render::RenderError),
    #[error("cannot write {path}: {cause}")]
    Write { path: String, cause: std::io::Error },
}

pub fn run(args: &ReviewArgs) -> ExitCode {
    match review(args) {
        Ok(text) => {
            super::emit(&text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen review: {e}");
            ExitCode::FAILURE
        }
    }
}

fn review(args: &ReviewArgs) -> Result<String, ReviewCliError> {
    let path = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).map_err(|cause| ReviewCliError::Read {
        path: path.clone(),
        cause,
    })?;
    let source = Source::from_sgf(&bytes).map_err(|cause| ReviewCliError::Source {
        path: path.clone(),
        cause,
    })?;
    let size = source.game.size();
    let playouts = args
        .playouts
        .unwrap_or_else(|| crate::review::playouts_for(size));
    let mut analyst = OwnAnalyst::with_playouts(playouts, args.seed);
    let total = positions(&source.game);
    let started = Instant::now();
    let mut analyses: Vec<Analysis> = Vec::with_capacity(total);
    let quiet = args.quiet;
    analyse(
        &source.game,
        &mut analyst as &mut dyn Analyst,
        &mut analyses,
        &crate::ai::NoStop,
        &mut |done| {
            if !quiet && (done.len() % 10 == 0 || done.len() == total) {
                eprintln!("move {} of {}", done.len() - 1, total - 1);
            }
        },
    )?;
    let seconds = started.elapsed().as_secs_f64();
    let summary = summarize(&source.game, &analyses);
    write_outputs(&args.output, &source, &analyses, &summary, playouts)?;
    Ok(report(&source, &summary, playouts, seconds, &args.output))
}

/// Writes the chart, the mistakes' boards, the review record and the summary into `dir`.
fn write_outputs(
    dir: &Path,
    source: &Source,
    analyses: &[Analysis],
    summary: &Summary,
    playouts: u64,
) -> Result<(), ReviewCliError> {
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|cause| ReviewCliError::Write {
            path: path.display().to_string(),
            cause,
        })
    };
    std::fs::create_dir_all(dir).map_err(|cause| ReviewCliError::Write {
        path: dir.display().to_string(),
        cause,
    })?;
    write("chart.png", &chart_png(summary)?)?;
    for color in [Color::Black, Color::White] {
        for (i, m) in summary.mistakes[color].iter().enumerate() {
            let name = format!("mistake-{}-{}.png", color_name(color), i + 1);
            write(&name, &mistake_png(&source.game, m)?)?;
        }
    }
    let words = ReviewWords {
        engine: format!("Tengen · advanced, about 5 kyu · {playouts} playouts a position"),
        mistake: "Mistake".to_owned(),
        better: "Better".to_owned(),
    };
    let sgf = review_sgf(&source.game, &source.info, analyses, summary, &words);
    write("review.sgf", sgf.as_bytes())?;
    let text = mistakes_text(summary);
    write("summary.txt", text.as_bytes())
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Each player's mistakes, one a line.
fn mistakes_text(summary: &Summary) -> String {
    let mut out = String::new();
    for color in [Color::Black, Color::White] {
        out.push_str(&format!("{}:\n", color_name(color)));
        if summary.mistakes[color].is_empty() {
            out.push_str("  no move lost 5% or more\n");
        }
        for m in &summary.mistakes[color] {
            let played = match m.played {
                Move::Play(p) => p.to_string(),
                Move::Pass => "pass".to_owned(),
            };
            let line: Vec<String> = m
                .better
                .line
                .iter()
                .map(|p| p.map_or("pass".to_owned(), |p| p.to_string()))
                .collect();
            out.push_str(&format!(
                "  move {} {played}: {:.0}% -> {:.0}%; better {}\n",
                m.number,
                m.before * 100.0,
                m.after * 100.0,
                line.join(" ")
            ));
        }
    }
    let swings: Vec<String> = summary.swings.iter().map(|k| k.to_string()).collect();
    out.push_str(&format!("largest swings at moves: {}\n", swings.join(", ")));
    out
}

fn report(source: &Source, summary: &Summary, playouts: u64, seconds: f64, dir: &Path) -> String {
    let moves = source.game.moves().len();
    let last = summary.black_win_rates.last().copied().unwrap_or(0.5);
    format!(
        "{} ({} moves, {}×{}, rules {}, komi {}) reviewed by Tengen · advanced, {playouts} playouts a position, in {seconds:.1} s\nBlack's win rate at the end: {:.0}%\n{}written to {}\n",
        source
            .info
            .black
            .as_deref()
            .zip(source.info.white.as_deref())
            .map_or("the game".to_owned(), |(b, w)| format!("{b} (Black) vs {w} (White)")),
        moves,
        source.game.size().get(),
        source.game.size().get(),
        source.rules,
        source.game.rules().komi,
        last * 100.0,
        mistakes_text(summary),
        dir.display()
    )
}
