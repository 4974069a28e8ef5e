//! The review of real records from `tests/data`, with a small budget: every position
//! analysed, the summary's figures consistent, a resumed review the same as a whole one, the
//! pictures drawn, and the review record read back by the project's reader and by sgfmill.

use super::*;
use crate::ai::NoStop;
use crate::go::sgf::Record;
use crate::go::{Color, Move};

const NINE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/go-records/9x9_pro/Cho_Hunhyun_011223.sgf"
);

fn source() -> Source {
    let bytes = std::fs::read(NINE).expect("the record is in tests/data");
    Source::from_sgf(&bytes).expect("a real record reads")
}

fn words() -> ReviewWords {
    ReviewWords {
        engine: "Tengen".to_owned(),
        mistake: "Mistake".to_owned(),
        better: "Better".to_owned(),
    }
}

fn review(source: &Source, playouts: u64) -> Vec<Analysis> {
    let mut analyst = OwnAnalyst::with_playouts(playouts, 7);
    let mut done = Vec::new();
    let mut calls = 0;
    analyse(&source.game, &mut analyst, &mut done, &NoStop, &mut |_| {
        calls += 1
    })
    .expect("Tengen's own engine never fails");
    assert_eq!(calls, done.len(), "each analysis is reported once");
    done
}

#[test]
fn a_nine_by_nine_review_analyses_every_position_and_finds_mistakes() {
    let source = source();
    let analyses = review(&source, 300);
    assert_eq!(analyses.len(), positions(&source.game));
    assert_eq!(analyses.len(), source.game.moves().len() + 1);
    for a in &analyses {
        assert!((0.0..=1.0).contains(&a.black_win_rate), "{a:?}");
        assert!(!a.candidates.is_empty());
        assert!(a.black_lead.is_some(), "Tengen's engine gives a lead");
        let best = &a.candidates[0];
        assert_eq!(
            best.line.first(),
            Some(&best.point),
            "a line starts with its move"
        );
    }
    let summary = summarize(&source.game, &analyses);
    assert_eq!(summary.black_win_rates.len(), analyses.len());
    for color in [Color::Black, Color::White] {
        let list = &summary.mistakes[color];
        assert!(list.len() <= 3);
        for pair in list.windows(2) {
            assert!(pair[0].loss() >= pair[1].loss(), "largest first");
        }
        for m in list {
            assert_eq!(m.color, color);
            assert_eq!(source.game.moves()[m.number - 1], (color, m.played));
            assert!(m.loss() >= summary::MISTAKE_LOSS);
            assert_ne!(m.better.mv(), m.played, "the better move is another move");
            assert!(mistake_png(&source.game, m).is_ok());
        }
    }
    let chart = chart_png(&summary).expect("the chart draws");
    assert!(chart.starts_with(b"\x89PNG"));
}

#[test]
fn a_review_stopped_and_resumed_is_the_review_in_one_go() {
    let source = source();
    let whole = review(&source, 120);
    let mut analyst = OwnAnalyst::with_playouts(120, 7);
    let mut done = Vec::new();
    let stop_at = 10;
    let stop = std::cell::Cell::new(false);
    let stopper = || stop.get();
    analyse(&source.game, &mut analyst, &mut done, &stopper, &mut |d| {
        if d.len() == stop_at {
            stop.set(true);
        }
    })
    .expect("no failure");
    assert_eq!(done.len(), stop_at);
    assert_eq!(
        done[..],
        whole[..stop_at],
        "the same seed, the same first analyses"
    );
    // A new process resumes with a fresh engine: the rest is analysed and the count is whole.
    let mut fresh = OwnAnalyst::with_playouts(120, 7);
    analyse(&source.game, &mut fresh, &mut done, &NoStop, &mut |_| {}).expect("no failure");
    assert_eq!(done.len(), whole.len());
}

#[test]
fn the_review_record_keeps_the_game_and_adds_the_better_lines() {
    let source = source();
    let analyses = review(&source, 200);
    let summary = summarize(&source.game, &analyses);
    let text = review_sgf(&source.game, &source.info, &analyses, &summary, &words());
    let record = Record::parse(&text).expect("the project's reader reads it");
    let played: Vec<(Color, Move)> = record.moves.iter().map(|m| (m.color, m.mv)).collect();
    assert_eq!(played, source.game.moves(), "the main line is the game");
    assert_eq!(record.black, source.info.black);
    assert!(
        record.moves[0]
            .comment
            .as_deref()
            .is_some_and(|c| c.starts_with("B "))
    );
    let mistakes = summary.mistakes[Color::Black].len() + summary.mistakes[Color::White].len();
    assert_eq!(text.matches("Better").count(), mistakes, "{text}");
    assert_eq!(text.matches("SBKV[").count(), source.game.moves().len());
    sgfmill_reads(&text, source.game.moves().len(), mistakes);
}

/// sgfmill (PyPI) reads the review record: the main line's length, one variation a mistake,
/// and the comments. Skipped where it is missing, except under CI.
fn sgfmill_reads(text: &str, moves: usize, variations: usize) {
    const SCRIPT: &str = r#"
import sys
from sgfmill import sgf
game = sgf.Sgf_game.from_bytes(sys.stdin.buffer.read())
main = game.get_main_sequence()
variations = 0
for node in main:
    variations += max(0, len(node) - 1)
commented = sum(1 for n in main[1:] if n.has_property("C"))
print(len(main) - 1, variations, commented, main[1].get("SBKV"))
"#;
    let Some(out) = crate::go::sgf::run_sgfmill(SCRIPT, text) else {
        return;
    };
    let line = out.trim().to_owned();
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields[0], moves.to_string(), "{line}");
    assert_eq!(fields[1], variations.to_string(), "{line}");
    assert_eq!(fields[2], moves.to_string(), "{line}");
    assert!(fields[3].parse::<f64>().is_ok(), "{line}");
}

#[test]
fn a_bad_file_is_refused_with_its_reason() {
    assert!(matches!(
        Source::from_sgf(b"not a record"),
        Err(SourceError::Sgf(_))
    ));
    assert_eq!(
        Source::from_sgf(b"(;GM[1]SZ[9]KM[7])").err(),
        Some(SourceError::NoMoves)
    );
    let big = vec![b' '; MAX_SGF_BYTES + 1];
    assert!(matches!(
        Source::from_sgf(&big),
        Err(SourceError::TooLarge { .. })
    ));
    // Two stones on one point: the second move is illegal.
    assert_eq!(
        Source::from_sgf(b"(;GM[1]SZ[9];B[ee];W[ee])").err(),
        Some(SourceError::Illegal { move_number: 2 })
    );
    assert!(matches!(
        Source::from_sgf(b"(;GM[1]SZ[25];B[aa])"),
        Err(SourceError::Sgf(_))
    ));
}

#[test]
fn the_record_s_rules_and_komi_are_kept() {
    let s = Source::from_sgf(b"(;GM[1]SZ[9]RU[Japanese]KM[6.5];B[ee];W[cc])").expect("reads");
    assert_eq!(s.rules, crate::go::RuleSet::Japanese);
    assert_eq!(s.game.rules().komi.half_points(), 13);
}
