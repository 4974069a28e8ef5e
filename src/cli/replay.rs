//! `tengen replay GAME.sgf [--rules R] [--komi K] [--json]`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use crate::go::sgf::{Record, Replay};
use crate::go::{Color, Komi, Move, RuleSet, Scoring, count_area};

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The SGF record to replay.
    pub file: PathBuf,
    /// Rule set: classic (simple ko), chinese (positional superko), aga (situational superko),
    /// japanese or korean (simple ko). Default: the record's RU when it names one of these,
    /// else classic.
    #[arg(long)]
    pub rules: Option<RuleSet>,
    /// Komi in points (a whole or half number); default: the record's KM, else the rule set's own komi.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<Komi>,
    /// Print exactly one JSON object instead of a diagram.
    #[arg(long)]
    pub json: bool,
}

/// The first illegal move, as scripts read it.
#[derive(Debug, Serialize, PartialEq)]
pub struct IllegalJson {
    pub move_number: usize,
    pub color: &'static str,
    pub point: String,
    pub reason: &'static str,
}

/// Per-colour numbers in JSON.
#[derive(Debug, Serialize, PartialEq)]
pub struct PairJson {
    pub black: u32,
    pub white: u32,
}

/// What `tengen replay --json` prints.
#[derive(Debug, Serialize, PartialEq)]
pub struct ReplayReport {
    /// The rule set replayed and counted under (`--rules`, else the record's RU, else classic).
    pub rules: &'static str,
    pub size: u8,
    pub moves_applied: usize,
    pub illegal: Option<IllegalJson>,
    pub board: Vec<String>,
    pub to_move: &'static str,
    pub captures: PairJson,
    /// Stones and surrounded points of each side, whatever the rule set counts.
    pub area: PairJson,
    /// How the rule set counts: `area` or `territory`.
    pub scoring: &'static str,
    /// Each side's points as the rule set counts them, before komi: the area under area
    /// scoring; surrounded empty points and prisoners under territory scoring.
    pub score: PairJson,
    pub komi: f64,
    /// The result of that count with komi (`B+3.5`, `W+0.5`, `0`).
    pub result: String,
    /// The moves (1-based) that came after two passes: play resumed there.
    pub resumed_at: Vec<usize>,
}

/// Builds the report of a replayed record: the board as it stands, no stone taken as dead,
/// counted as the game's rule set counts (and by area beside it).
pub fn replay_report(replay: &Replay, rules: RuleSet, komi: Komi) -> ReplayReport {
    let game = &replay.game;
    let board = game.board();
    let area = count_area(board, &[], komi);
    // The game was replayed under its rules with this komi: its count is theirs.
    let count = game.count(&[]);
    let score = match count.method {
        Scoring::Area => PairJson {
            black: count.stones.black + count.territory.black,
            white: count.stones.white + count.territory.white,
        },
        Scoring::Territory => PairJson {
            black: count.territory.black + count.prisoners.black,
            white: count.territory.white + count.prisoners.white,
        },
    };
    let caps = game.captures();
    ReplayReport {
        rules: rules.name(),
        size: board.size().get(),
        moves_applied: game.moves().len(),
        illegal: replay.illegal.map(|i| IllegalJson {
            move_number: i.move_number,
            color: i.color.name(),
            point: i.mv.to_string(),
            reason: i.cause.reason(),
        }),
        board: board.rows(),
        to_move: game.to_move().name(),
        captures: PairJson {
            black: caps.black,
            white: caps.white,
        },
        area: PairJson {
            black: area.stones.black + area.territory.black,
            white: area.stones.white + area.territory.white,
        },
        scoring: match count.method {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        },
        score,
        komi: komi.as_f64(),
        result: count.result().to_string(),
        resumed_at: replay.resumed_at.clone(),
    }
}

pub fn run(args: &ReplayArgs) -> ExitCode {
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("tengen replay: cannot read {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let record = match Record::from_bytes(&bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen replay: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let (rules, komi) = super::rules_and_komi(args.rules, args.komi, &record);
    let replay = match record.replay(rules.with_komi(komi)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen replay: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let report = replay_report(&replay, rules, komi);
    if args.json {
        match serde_json::to_string(&report) {
            Ok(s) => super::emit(&format!("{s}\n")),
            Err(e) => {
                eprintln!("tengen replay: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        super::emit(&human(&record, &replay, &report, rules));
    }
    if report.illegal.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn human(record: &Record, replay: &Replay, report: &ReplayReport, rules: RuleSet) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let game = &replay.game;
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
    let _ = writeln!(
        out,
        "{} (Black) vs {} (White), {}, rules {rules}, komi {}",
        name(&record.black),
        name(&record.white),
        game.size(),
        Komi::from_half_points((report.komi * 2.0) as i32)
    );
    if let Some(re) = &record.result {
        let _ = writeln!(out, "Result in the record: {re}");
    }
    out.push('\n');
    let _ = writeln!(out, "{}", game.board());
    out.push('\n');
    match game.last_move() {
        Some((c, m)) => {
            let _ = writeln!(
                out,
                "After move {}: {} {}.",
                report.moves_applied,
                cap(c),
                m
            );
        }
        None => {
            let _ = writeln!(out, "No moves.");
        }
    }
    for n in &replay.resumed_at {
        let _ = writeln!(out, "Play resumed after two passes at move {n}.");
    }
    if let Some(i) = &replay.illegal {
        let what = match i.mv {
            Move::Play(p) => format!("{} at {p}", cap(i.color)),
            Move::Pass => format!("{} pass", cap(i.color)),
        };
        let _ = writeln!(out, "Illegal move {}: {what} — {}.", i.move_number, i.cause);
    } else {
        let _ = writeln!(out, "Every move is legal under {rules} rules.");
    }
    let _ = writeln!(
        out,
        "Captures: Black took {} white stones, White took {} black stones.",
        report.captures.black, report.captures.white
    );
    let counted = match report.scoring {
        "territory" => "Territory and prisoners",
        _ => "Area",
    };
    let _ = writeln!(
        out,
        "{counted} as the board stands: Black {}, White {} + komi {} → {}.",
        report.score.black,
        report.score.white,
        report.komi,
        describe_result(&report.result)
    );
    out
}

fn cap(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn describe_result(result: &str) -> String {
    match result {
        "0" => "a draw (jigo)".into(),
        r if r.starts_with("B+") => format!("Black wins by {} ({r})", &r[2..]),
        r if r.starts_with("W+") => format!("White wins by {} ({r})", &r[2..]),
        r => r.into(),
    }
}
