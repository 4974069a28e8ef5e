//! An external GTP engine asked for moves (`tengen::runtime::gtp_engine`): GNU Go as the real
//! one (skipped, saying so, where it is not installed; CI installs it), and small shell
//! engines that die in mid-game, fall silent, or answer a move that is not legal.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use tengen::ai::Decision;
use tengen::go::{BoardSize, Game, Move, Point, RuleSet, handicap_game};
use tengen::runtime::gtp_engine::{EngineError, GtpEngine};

fn gnugo() -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    let found = dirs
        .into_iter()
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file());
    if found.is_none() {
        eprintln!("gnugo is not installed: the GNU Go cases are skipped");
    }
    found
}

fn command(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|s| s.to_string()).collect()
}

/// A shell engine: `script` reads commands with `read c`.
fn shell(script: &str) -> Vec<String> {
    command(&["sh", "-c", script])
}

/// A 9×9 Chinese game after `moves`.
fn game(moves: &[&str]) -> Game {
    let mut g = Game::new(BoardSize::new(9).unwrap(), RuleSet::Chinese.rules());
    for m in moves {
        let p: Point = m.parse().unwrap();
        g.play(Move::Play(p)).unwrap();
    }
    g
}

#[test]
fn gnu_go_answers_a_legal_move_for_the_player_to_move() {
    let Some(gnugo) = gnugo() else {
        return;
    };
    let path = gnugo.to_string_lossy().into_owned();
    let mut engine = GtpEngine::start(&command(&[&path, "--mode", "gtp", "--level", "1"])).unwrap();
    // . . . . . . . . .
    // . . . . . . . . .
    // . . X . . . O . .      Black C7, E5; White G7: White to move
    // . . . . . . . . .
    // . . . . X . . . .
    let g = game(&["C7", "G7", "E5"]);
    assert_eq!(g.to_move(), tengen::go::Color::White);
    match engine.genmove(&g, Duration::from_secs(1)).unwrap() {
        Decision::Play(p) => assert!(g.is_legal(Move::Play(p)), "{p}"),
        other => panic!("GNU Go passed or resigned on an open board: {other:?}"),
    }
    // The same process serves the next game from scratch: a handicap position's stones.
    let size = BoardSize::new(9).unwrap();
    let stones: Vec<Point> = ["C3", "G7"].iter().map(|p| p.parse().unwrap()).collect();
    let h = handicap_game(size, &stones, RuleSet::Chinese.rules());
    match engine.genmove(&h, Duration::from_secs(1)).unwrap() {
        Decision::Play(p) => assert!(h.is_legal(Move::Play(p)) && !stones.contains(&p)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_engine_that_dies_in_mid_game_is_an_error_not_a_move() {
    // Answers three commands, then exits.
    let mut engine = GtpEngine::start(&shell(
        "n=0; while read c; do n=$((n+1)); [ $n -gt 3 ] && exit 1; printf '=\\n\\n'; done",
    ))
    .unwrap();
    let e = engine
        .genmove(&game(&["E5", "C3"]), Duration::from_secs(1))
        .unwrap_err();
    assert!(matches!(e, EngineError::Ended), "{e}");
}

#[test]
fn an_engine_that_answers_an_occupied_point_or_nonsense_is_refused() {
    let mut occupied = GtpEngine::start(&shell(
        "while read c; do case \"$c\" in genmove*) printf '= E5\\n\\n';; *) printf '=\\n\\n';; esac; done",
    ))
    .unwrap();
    let e = occupied
        .genmove(&game(&["E5", "C3"]), Duration::from_secs(1))
        .unwrap_err();
    assert!(
        matches!(&e, EngineError::Illegal { answer } if answer == "E5"),
        "{e}"
    );
    let mut nonsense = GtpEngine::start(&shell(
        "while read c; do case \"$c\" in genmove*) printf '= Z42\\n\\n';; *) printf '=\\n\\n';; esac; done",
    ))
    .unwrap();
    let e = nonsense
        .genmove(&game(&[]), Duration::from_secs(1))
        .unwrap_err();
    assert!(matches!(e, EngineError::Illegal { .. }), "{e}");
}

#[test]
fn a_silent_engine_is_given_up_after_its_time_and_a_grace() {
    let mut engine = GtpEngine::start(&shell(
        "while read c; do case \"$c\" in genmove*) sleep 60;; *) printf '=\\n\\n';; esac; done",
    ))
    .unwrap();
    let asked = Instant::now();
    let e = engine
        .genmove(&game(&["E5"]), Duration::from_secs(1))
        .unwrap_err();
    assert!(matches!(e, EngineError::Silent { .. }), "{e}");
    // Given up at the time plus the grace, not at the engine's pace.
    assert!(asked.elapsed() < Duration::from_secs(30));
}

#[test]
fn an_engine_that_refuses_the_board_or_cannot_start_says_why() {
    let mut engine = GtpEngine::start(&shell(
        "while read c; do printf '? unacceptable size\\n\\n'; done",
    ))
    .unwrap();
    let e = engine
        .genmove(&game(&[]), Duration::from_secs(1))
        .unwrap_err();
    assert!(
        matches!(&e, EngineError::Refused { command, answer } if command == "boardsize 9" && answer == "unacceptable size"),
        "{e}"
    );
    assert!(matches!(
        GtpEngine::start(&command(&["/nonexistent/engine"])),
        Err(EngineError::Start(_))
    ));
    assert!(matches!(GtpEngine::start(&[]), Err(EngineError::NoCommand)));
}
