//! `tengen replay` on the 315 real game records of `tests/data/go-records/` (their README says what
//! real records do that hand-made ones don't: GBK names, Fox's ×100 komi, handicap stones with
//! White first, `B[tt]` passes).
//!
//! - every record is legal under `classic` (simple ko);
//! - exactly the six records of `fox_pro_superko/` break positional superko (`chinese`), and
//!   four of them situational superko (`aga`): the other two repeat a position with the other
//!   player to move;
//! - the final position and the captures equal GNU Go's, which loads each record over GTP
//!   (skipped, and said so, when `gnugo` is not installed — except under CI, where it fails).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use tengen::go::Color;

fn records() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go-records");
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).expect("tests/data/go-records in the repository") {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for f in std::fs::read_dir(&dir).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "sgf") {
                    files.push(f);
                }
            }
        }
    }
    files.sort();
    assert_eq!(files.len(), 315, "the shared folder holds 315 records");
    files
}

fn replay(file: &Path, rules: &str) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["replay", "--json", "--rules", rules])
        .arg(file)
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{}: not one JSON object ({e}): {}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap_or(-1), json)
}

fn in_superko_folder(f: &Path) -> bool {
    f.parent().is_some_and(|d| d.ends_with("fox_pro_superko"))
}

#[test]
fn every_record_is_legal_under_classic_rules() {
    for f in records() {
        let (code, json) = replay(&f, "classic");
        assert_eq!(code, 0, "{}: {}", f.display(), json["illegal"]);
        assert!(json["illegal"].is_null());
        let size = json["size"].as_u64().unwrap() as usize;
        let board = json["board"].as_array().unwrap();
        assert_eq!(board.len(), size);
        let area = &json["area"];
        assert!(
            area["black"].as_u64().unwrap() + area["white"].as_u64().unwrap()
                <= (size * size) as u64
        );
    }
}

#[test]
fn only_the_superko_records_break_superko() {
    let mut chinese = 0;
    let mut aga = 0;
    for f in records() {
        let (code_c, c) = replay(&f, "chinese");
        let (code_a, a) = replay(&f, "aga");
        if !in_superko_folder(&f) {
            assert_eq!((code_c, code_a), (0, 0), "{}", f.display());
            continue;
        }
        assert_eq!(code_c, 1, "{}: positional superko is broken", f.display());
        assert_eq!(c["illegal"]["reason"], "superko", "{}", f.display());
        assert_eq!(
            c["moves_applied"].as_u64().unwrap() + 1,
            c["illegal"]["move_number"].as_u64().unwrap()
        );
        chinese += 1;
        if code_a == 1 {
            assert_eq!(
                a["illegal"],
                c["illegal"],
                "{}: the same move breaks both",
                f.display()
            );
            aga += 1;
        }
    }
    assert_eq!((chinese, aga), (6, 4));
}

#[test]
fn fox_komi_is_taken_as_written_and_gbk_names_do_not_break_the_record() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go-records/fox_pro_superko");
    let mut komis: Vec<f64> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| {
            replay(&f.unwrap().path(), "classic").1["komi"]
                .as_f64()
                .unwrap()
        })
        .collect();
    komis.sort_by(f64::total_cmp);
    assert_eq!(komis, [0.0, 0.0, 0.0, 0.0, 0.0, 750.0]);
}

/// GNU Go over GTP, found on the PATH or where Debian puts it.
fn gnugo() -> Option<PathBuf> {
    let candidates = std::env::var_os("PATH")
        .map(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join("gnugo"))
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    candidates
        .into_iter()
        .chain([PathBuf::from("/usr/games/gnugo")])
        .find(|p| p.is_file())
}

#[test]
fn final_positions_and_captures_equal_gnu_go() {
    let Some(gnugo) = gnugo() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "gnugo is not installed, and under CI the comparison with GNU Go must run: install \
             it (apt-get install gnugo)"
        );
        eprintln!("SKIPPED: gnugo not installed (apt-get install gnugo)");
        return;
    };
    let mut child = Command::new(gnugo)
        .args(["--mode", "gtp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut gtp = |cmd: &str| -> String {
        writeln!(input, "{cmd}").unwrap();
        input.flush().unwrap();
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            assert!(output.read_line(&mut line).unwrap() > 0, "gnugo closed");
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        assert!(answer.starts_with('='), "gnugo refused {cmd}: {answer}");
        answer[1..].trim().to_owned()
    };
    let mut compared = 0;
    for f in records() {
        let (_, json) = replay(&f, "classic");
        gtp(&format!("loadsgf {}", f.display()));
        let size = json["size"].as_u64().unwrap() as usize;
        let board: Vec<Vec<char>> = json["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().chars().collect())
            .collect();
        for color in [Color::Black, Color::White] {
            let mut theirs: Vec<String> = gtp(&format!("list_stones {color}"))
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            theirs.sort();
            let mut mine = Vec::new();
            for (r, row) in board.iter().enumerate() {
                for (c, &ch) in row.iter().enumerate() {
                    if ch == color.diagram_char() {
                        let p = tengen::go::Point::new(c as u8, (size - 1 - r) as u8).unwrap();
                        mine.push(p.to_string());
                    }
                }
            }
            mine.sort();
            assert_eq!(mine, theirs, "{}: {color} stones", f.display());
            let caps: u64 = gtp(&format!("captures {color}")).parse().unwrap();
            assert_eq!(
                json["captures"][color.name()].as_u64().unwrap(),
                caps,
                "{}: captures of {color}",
                f.display()
            );
        }
        compared += 1;
    }
    gtp("quit");
    let _ = child.wait();
    assert_eq!(compared, 315);
    eprintln!("compared {compared} final positions and capture counts with GNU Go");
}
