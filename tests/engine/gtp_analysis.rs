//! A review analysed by an engine speaking `kata-analyze` or `lz-analyze`
//! (`tengen::runtime::review_engine`), against a scripted engine of the tests' own
//! (`fixtures/analysis_engine.py`, whose figures are known): read for Black, the blunder it
//! scripts found, and Tengen's own engine taking over — and saying so — when the engine writes
//! garbage, falls silent, dies in mid-review or speaks no analysis command.

use std::time::{Duration, Instant};

use tengen::ai::NoStop;
use tengen::go::{BoardSize, Color};
use tengen::review::{Analysis, Source, analyse, summarize};
use tengen::runtime::review_engine::{EngineUsed, ReviewEngine, with_host};

const RECORD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/go-records/9x9_pro/Cho_Hunhyun_011223.sgf"
);

fn engine(mode: &str) -> ReviewEngine {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engine/fixtures/analysis_engine.py");
    let command = vec!["python3".to_owned(), script.to_owned(), mode.to_owned()];
    with_host(&command, "Scripted", BoardSize::new(9).expect("a size"), 3)
}

/// The first `positions` positions of the record (all when `None`) reviewed by `engine`.
fn review(engine: &mut ReviewEngine, positions: Option<usize>) -> Vec<Analysis> {
    let bytes = std::fs::read(RECORD).expect("the record is in tests/data");
    let mut source = Source::from_sgf(&bytes).expect("it reads");
    if let Some(n) = positions {
        let moves: Vec<_> = source.game.moves()[..n - 1].to_vec();
        let mut g = tengen::go::Game::from_setup(
            source.game.initial_board().clone(),
            source.game.initial_to_move(),
            *source.game.rules(),
        );
        for (c, m) in moves {
            g.play_as(c, m).expect("the record replays");
        }
        source.game = g;
    }
    let mut done = Vec::new();
    analyse(&source.game, engine.analyst.as_mut(), &mut done, &NoStop, &mut |_| {})
        .expect("a review with a fallback never fails");
    done
}

#[test]
fn kata_analyze_is_read_for_black_and_its_blunder_is_found() {
    let mut e = engine("kata");
    let analyses = review(&mut e, Some(9));
    assert_eq!(e.engine, EngineUsed::Host("Scripted".to_owned()));
    assert!(!e.fell_back(), "the engine worked throughout");
    assert_eq!(analyses.len(), 9);
    for (k, a) in analyses.iter().enumerate() {
        let (rate, lead) = if k < 5 { (0.8, 10.0) } else { (0.2, -10.0) };
        assert!((a.black_win_rate - rate).abs() < 1e-6, "after {k} moves: {a:?}");
        assert_eq!(a.black_lead, Some(lead), "after {k} moves");
        assert_eq!(a.ownership.len(), 81);
        // The script's ownership is the side to move's 0.25 on every point.
        let to_move = if k % 2 == 0 { 0.25 } else { -0.25 };
        assert!(a.ownership.iter().all(|&(_, v)| (v - to_move).abs() < 1e-6));
        assert_eq!(a.candidates.len(), 2);
        assert_eq!(a.candidates[0].line.len(), 2);
    }
    let moves = {
        let bytes = std::fs::read(RECORD).expect("the record");
        Source::from_sgf(&bytes).expect("reads").game
    };
    let summary = summarize(&moves, &analyses);
    // Move 5 is Black's: the script's win rate falls from 80 % to 20 % there.
    let black = &summary.mistakes[Color::Black];
    assert_eq!(black.len(), 1, "{black:?}");
    assert_eq!(black[0].number, 5);
    assert!((black[0].loss() - 0.6).abs() < 1e-6);
    assert_eq!(black[0].points_lost, Some(20.0));
    assert!(summary.mistakes[Color::White].is_empty());
    assert_eq!(summary.swings, vec![5]);
}

#[test]
fn lz_analyze_s_hundredths_of_a_percent_are_read() {
    let mut e = engine("leela");
    let analyses = review(&mut e, Some(4));
    assert!(!e.fell_back());
    for a in &analyses {
        assert!((a.black_win_rate - 0.8).abs() < 1e-6, "{a:?}");
        assert_eq!(a.black_lead, None, "lz-analyze gives no score");
    }
}

#[test]
fn garbage_hands_the_review_to_tengen_s_own_engine() {
    let mut e = engine("garbage");
    let analyses = review(&mut e, Some(6));
    assert!(e.fell_back(), "the review says Tengen's own engine took over");
    assert_eq!(analyses.len(), 6, "and every position is still analysed");
    assert!(analyses.iter().all(|a| a.ownership.len() == 81));
}

#[test]
fn an_engine_that_dies_in_mid_review_leaves_what_it_analysed() {
    // The script exits at its third analysis: two positions are its own.
    let mut e = engine("dies:3");
    let analyses = review(&mut e, Some(6));
    assert!(e.fell_back());
    assert_eq!(analyses.len(), 6);
    assert!(analyses[..2].iter().all(|a| (a.black_win_rate - 0.8).abs() < 1e-6));
    assert!(
        analyses[2..].iter().all(|a| a.candidates.len() > 2),
        "the rest is Tengen's own, which lists more candidates than the script"
    );
}

#[test]
fn a_silent_engine_is_given_up_within_its_grace() {
    let started = Instant::now();
    let mut e = engine("silent");
    let analyses = review(&mut e, Some(3));
    assert!(e.fell_back());
    assert_eq!(analyses.len(), 3);
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
}

#[test]
fn an_engine_without_analysis_or_that_cannot_start_falls_back_at_once() {
    let mut plain = engine("plain");
    assert!(plain.fell_back());
    assert_eq!(review(&mut plain, Some(2)).len(), 2);
    let missing = with_host(
        &["/nonexistent/engine".to_owned()],
        "Missing",
        BoardSize::new(9).expect("a size"),
        1,
    );
    assert!(missing.fell_back());
    assert_eq!(missing.engine, EngineUsed::Host("Missing".to_owned()));
}
