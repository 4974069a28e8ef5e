//! `tengen review` as a user runs it: the built binary on real records of `tests/data`, with
//! Tengen's own engine and with the scripted analysis engine, which dies in mid-review in the
//! last case (the review is finished by Tengen's own, and says so).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn record(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/go-records")
        .join(name)
}

fn tengen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("temporary paths are UTF-8")
}

fn script(mode: &str) -> String {
    format!(
        "python3 {}/tests/engine/fixtures/analysis_engine.py {mode}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The files a review writes: the chart and each player's mistakes decode as PNGs, the review
/// record reads back with the game's moves.
fn check_outputs(dir: &Path, record: &Path) {
    let chart = image::open(dir.join("chart.png")).expect("a PNG chart");
    assert_eq!((chart.width(), chart.height()), (720, 300));
    let boards: Vec<_> = std::fs::read_dir(dir)
        .expect("the folder")
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("mistake-"))
        .map(|e| image::open(e.path()).expect("a PNG board"))
        .collect();
    assert!(
        !boards.is_empty(),
        "a review of a real game finds a mistake"
    );
    let text = std::fs::read_to_string(dir.join("review.sgf")).expect("review.sgf");
    let review = tengen::go::sgf::Record::parse(&text).expect("it reads back");
    let game = tengen::go::sgf::Record::from_bytes(&std::fs::read(record).expect("the record"))
        .expect("reads");
    let moves =
        |r: &tengen::go::sgf::Record| r.moves.iter().map(|m| (m.color, m.mv)).collect::<Vec<_>>();
    assert_eq!(moves(&review), moves(&game), "the main line is the game");
    assert!(std::fs::read_to_string(dir.join("summary.txt")).is_ok());
}

#[test]
fn a_nine_by_nine_game_is_reviewed_by_tengen_s_own_engine() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let rec = record("9x9_pro/Go_Seigen_1968-08-00.sgf");
    let out = tengen(&[
        "review",
        path_str(&rec),
        "-o",
        path_str(dir.path()),
        "--playouts",
        "400",
        "--quiet",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("80 moves, 9×9"), "{stdout}");
    assert!(
        stdout.contains("Tengen · advanced, about 5 kyu"),
        "{stdout}"
    );
    check_outputs(dir.path(), &rec);
}

#[test]
fn the_scripted_engine_reviews_and_its_death_is_said() {
    let rec = record("9x9_pro/Cho_Hunhyun_011223.sgf");
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = tengen(&[
        "review",
        path_str(&rec),
        "-o",
        path_str(dir.path()),
        "--engine-command",
        &script("kata"),
        "--engine-name",
        "Scripted",
        "--quiet",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("reviewed by Scripted,"), "{stdout}");
    // The script's blunder: Black's move 5, from 80 % to 20 %.
    assert!(stdout.contains("move 5 "), "{stdout}");
    check_outputs(dir.path(), &rec);

    let died = tempfile::tempdir().expect("a temporary directory");
    let out = tengen(&[
        "review",
        path_str(&rec),
        "-o",
        path_str(died.path()),
        "--engine-command",
        &script("dies:10"),
        "--engine-name",
        "Scripted",
        "--playouts",
        "300",
        "--quiet",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("Scripted, then Tengen · advanced, about 5 kyu, when it failed"),
        "{stdout}"
    );
    let sgf = std::fs::read_to_string(died.path().join("review.sgf")).expect("written");
    assert!(sgf.contains("when it failed"), "the record says so too");
}

#[test]
fn a_bad_file_is_refused_with_its_reason() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let bad = dir.path().join("bad.sgf");
    std::fs::write(&bad, "(;GM[1]SZ[9];B[ee];W[ee])").expect("written");
    let out = tengen(&["review", path_str(&bad), "-o", path_str(dir.path())]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("move 2 is illegal"), "{stderr}");
}
