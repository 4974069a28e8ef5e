//! `tengen render` as a user runs it: the built binary on a real record.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn record() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/go-records/9x9_pro/Cho_Hunhyun_011223.sgf")
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

#[test]
fn renders_a_record_at_its_end_and_at_a_move() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let rec = record();
    let end = dir.path().join("end.png");
    let out = tengen(&["render", path_str(&rec), "-o", path_str(&end)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&end).expect("a PNG").to_rgb8();
    assert_eq!((img.width(), img.height()), (720, 776));
    let bytes = std::fs::metadata(&end).expect("written").len();
    assert!(bytes <= 80 * 1024, "{bytes} bytes");

    let early = dir.path().join("early.png");
    let out = tengen(&[
        "render",
        path_str(&rec),
        "-o",
        path_str(&early),
        "--move",
        "3",
        "--overlays",
        "none",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("after move 3 of"), "{stdout}");
    assert_ne!(
        std::fs::read(&early).expect("written"),
        std::fs::read(&end).expect("written")
    );

    let scored = dir.path().join("scored.png");
    let out = tengen(&[
        "render",
        path_str(&rec),
        "-o",
        path_str(&scored),
        "--overlays",
        "regions,score",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_input_is_one_clear_line_and_exit_2() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let rec = record();
    let png = dir.path().join("x.png");
    let garbage = dir.path().join("garbage.sgf");
    std::fs::write(&garbage, "this is not (; an SGF").expect("written");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "render",
                path_str(&rec),
                "-o",
                path_str(&png),
                "--move",
                "9999",
            ],
            "out of range",
        ),
        (
            vec!["render", path_str(&garbage), "-o", path_str(&png)],
            "garbage.sgf",
        ),
        (
            vec!["render", "/nonexistent/game.sgf", "-o", path_str(&png)],
            "cannot read",
        ),
        (
            vec![
                "render",
                path_str(&rec),
                "-o",
                path_str(&png),
                "--dead",
                "Z99",
            ],
            "--dead Z99",
        ),
        (
            vec!["render", path_str(&rec), "-o", "/nonexistent/dir/x.png"],
            "cannot write",
        ),
    ];
    for (args, needle) in cases {
        let out = tengen(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!png.exists(), "no image is written on an error");
}

#[test]
fn render_follows_the_records_ru_as_replay_does() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let rec = dir.path().join("japanese.sgf");
    std::fs::write(&rec, "(;SZ[9]RU[Japanese];B[ee])").expect("written");
    let png = dir.path().join("j.png");
    let out = tengen(&["render", path_str(&rec), "-o", path_str(&png)]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("rules japanese") && stdout.contains("komi 6.5"),
        "the record's RU and that rule set's komi: {stdout}"
    );
    let replayed = tengen(&["replay", path_str(&rec), "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&replayed.stdout).expect("JSON");
    assert_eq!(
        (json["rules"].as_str(), json["komi"].as_f64()),
        (Some("japanese"), Some(6.5))
    );
    // --rules still wins over RU.
    let out = tengen(&[
        "render",
        path_str(&rec),
        "-o",
        path_str(&png),
        "--rules",
        "chinese",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("rules chinese") && stdout.contains("komi 7.5"),
        "{stdout}"
    );
}

#[test]
fn a_record_of_150000_nodes_is_exit_2_never_a_stack_overflow() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let rec = dir.path().join("long.sgf");
    std::fs::write(&rec, crate::replay_cli::long_record(150_000)).expect("written");
    let png = dir.path().join("long.png");
    let out = tengen(&["render", path_str(&rec), "-o", path_str(&png)]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("150000 nodes"), "{err}");
}
