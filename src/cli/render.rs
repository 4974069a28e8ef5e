//! `tengen render GAME.sgf -o board.png [--move N] [--overlays LIST] [--dead POINTS]`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::go::sgf::Record;
use crate::go::{Point, RuleSet};
use crate::render::{RenderOptions, render_png};

/// What `--overlays` may add to the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Overlay {
    /// The click picker's blocks: faint lines between them and each block's label.
    Regions,
    /// The count of the position as it stands: territory squares and the score line
    /// (stones given with --dead are crossed and counted as captured).
    Score,
    /// Nothing beyond the stones, the last-move ring, the ko mark and the caption.
    None,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The SGF record to draw.
    pub file: PathBuf,
    /// Where to write the PNG.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Draw the position after this many moves (0 = before the first; default: the end).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    /// Comma-separated overlays: regions, score, none. The last move, a ko point and the
    /// captures are always shown.
    #[arg(long, value_delimiter = ',', default_value = "regions")]
    pub overlays: Vec<Overlay>,
    /// Comma-separated points (e.g. D4,Q16) whose whole chains are dead, for `score`.
    #[arg(long, value_delimiter = ',', value_name = "POINTS")]
    pub dead: Vec<String>,
    /// Rule set the record is replayed and counted under: classic, chinese, aga, japanese,
    /// korean or ing. Default: the record's RU when it names one of these, else classic (as
    /// `tengen replay`).
    #[arg(long)]
    pub rules: Option<RuleSet>,
}

/// Why `tengen render` stopped: each is printed as one line.
#[derive(Debug, thiserror::Error)]
pub enum RenderCliError {
    /// The record file cannot be read.
    #[error("cannot read {path}: {cause}")]
    Read { path: String, cause: std::io::Error },
    /// The file is not a usable SGF record.
    #[error("{path}: {cause}")]
    Record {
        path: String,
        cause: crate::go::sgf::SgfError,
    },
    /// `--move` beyond the record's last move.
    #[error("--move {asked} is out of range: the record has {moves} moves (0 to {moves})")]
    MoveOutOfRange { asked: usize, moves: usize },
    /// The record breaks the rules before the position asked for.
    #[error(
        "move {number} ({what}) is illegal under {rules} rules: {reason}; use --move {before} or less"
    )]
    Illegal {
        number: usize,
        what: String,
        rules: RuleSet,
        reason: &'static str,
        before: usize,
    },
    /// A `--dead` entry that is not a coordinate of this board.
    #[error("--dead {0}: not a point of this board")]
    BadPoint(String),
    /// A `--dead` point with no stone on it.
    #[error("--dead {0}: there is no stone there")]
    NoStone(String),
    /// The image could not be encoded.
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    /// The PNG cannot be written where `-o` says.
    #[error("cannot write {path}: {cause}")]
    Write { path: String, cause: std::io::Error },
}

/// Runs `tengen render`: exit 0 with the image written, or 2 with one line on stderr.
pub fn run(args: &RenderArgs) -> ExitCode {
    match render_file(args) {
        Ok(summary) => {
            super::emit(&format!("{summary}\n"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tengen render: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reads, replays and draws the record, and writes the PNG; returns a one-line summary.
///
/// # Errors
/// Each way the file, the move number, the points or the output can be wrong.
pub fn render_file(args: &RenderArgs) -> Result<String, RenderCliError> {
    let path = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).map_err(|cause| RenderCliError::Read {
        path: path.clone(),
        cause,
    })?;
    let mut record = Record::from_bytes(&bytes).map_err(|cause| RenderCliError::Record {
        path: path.clone(),
        cause,
    })?;
    let total = record.moves.len();
    let upto = args.move_number.unwrap_or(total);
    if upto > total {
        return Err(RenderCliError::MoveOutOfRange {
            asked: upto,
            moves: total,
        });
    }
    record.moves.truncate(upto);
    let (rules, komi) = super::rules_and_komi(args.rules, None, &record);
    let replay = record
        .replay(rules.with_komi(komi))
        .map_err(|cause| RenderCliError::Record {
            path: path.clone(),
            cause,
        })?;
    if let Some(bad) = replay.illegal {
        return Err(RenderCliError::Illegal {
            number: bad.move_number,
            what: format!("{} {}", bad.color, bad.mv),
            rules,
            reason: bad.cause.reason(),
            before: bad.move_number - 1,
        });
    }
    let game = &replay.game;
    let size = game.size();
    let mut dead: Vec<Point> = Vec::new();
    for text in &args.dead {
        let p = size
            .parse_point(text.trim())
            .ok_or_else(|| RenderCliError::BadPoint(text.clone()))?;
        let chain = game.board().chain(p);
        if chain.is_empty() {
            return Err(RenderCliError::NoStone(text.clone()));
        }
        for q in chain {
            if !dead.contains(&q) {
                dead.push(q);
            }
        }
    }
    let mut opts = RenderOptions::for_game(game);
    opts.show_regions = args.overlays.contains(&Overlay::Regions);
    if args.overlays.contains(&Overlay::Score) {
        opts = opts.with_count(&game.count(&dead), &dead);
    }
    let png = render_png(game.board(), &opts)?;
    std::fs::write(&args.output, &png).map_err(|cause| RenderCliError::Write {
        path: args.output.display().to_string(),
        cause,
    })?;
    Ok(format!(
        "wrote {} ({size}, rules {rules}, after move {upto} of {total}, komi {komi}, {} bytes)",
        args.output.display(),
        png.len()
    ))
}
