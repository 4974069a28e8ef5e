//! `tengen replay` as scripts and people use it: one JSON object with the documented keys,
//! exit status 0 / 1 / 2, a one-line reason on stderr for an unreadable file.

use std::process::{Command, Output};

use serde_json::{Value, json};

fn run(args: &[&str], sgf: &str) -> (Output, Option<Value>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.sgf");
    std::fs::write(&path, sgf).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("replay")
        .arg(&path)
        .args(args)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout).ok();
    (out, json)
}

#[test]
fn json_has_exactly_the_documented_fields() {
    // Black captures the white stone in the top-left corner, A5 (B[ab] is A4, B[ba] is B5).
    let (out, json) = run(&["--json"], "(;SZ[5]KM[0.5];B[ab];W[aa];B[ba])");
    assert_eq!(out.status.code(), Some(0));
    let json = json.unwrap();
    assert_eq!(
        json,
        json!({
            "rules": "classic", "size": 5, "moves_applied": 3, "illegal": null,
            "board": [".X...", "X....", ".....", ".....", "....."],
            "to_move": "white", "captures": {"black": 1, "white": 0},
            "area": {"black": 25, "white": 0}, "scoring": "area",
            "score": {"black": 25, "white": 0}, "komi": 0.5, "result": "B+24.5",
            "resumed_at": []
        })
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().lines().count(),
        1,
        "exactly one JSON object"
    );
}

#[test]
fn an_illegal_move_is_reported_with_exit_status_one() {
    // A ko at B2/C2: White's B2 captures C2, Black retakes at once.
    let sgf = "(;SZ[5];B[bc];W[cc];B[ad];W[dd];B[cd];W[ce];B[be];W[bd];B[cd])";
    let (out, json) = run(&["--json", "--rules", "chinese"], sgf);
    assert_eq!(out.status.code(), Some(1));
    let json = json.unwrap();
    assert_eq!(
        json["illegal"],
        json!({"move_number": 9, "color": "black", "point": "C2", "reason": "ko"})
    );
    assert_eq!(json["moves_applied"], 8);
    assert_eq!(
        json["board"][3], "XO.O.",
        "the position before the illegal move"
    );
    assert_eq!(
        json["komi"], 7.5,
        "no KM and no --komi: the rule set's own (chinese 7.5)"
    );
}

#[test]
fn komi_comes_from_the_flag_then_the_record() {
    let (_, json) = run(&["--json", "--komi", "-3.5"], "(;SZ[5]KM[7.5];B[cc])");
    assert_eq!(json.unwrap()["komi"], -3.5);
    let (_, json) = run(&["--json"], "(;SZ[5]KM[7.5];B[cc])");
    let json = json.unwrap();
    assert_eq!(json["komi"], 7.5);
    assert_eq!(json["result"], "B+17.5");
    let (_, json) = run(&["--json", "--komi", "0"], "(;SZ[5])");
    assert_eq!(
        json.unwrap()["result"],
        "0",
        "an empty board with komi 0 is a draw"
    );
}

#[test]
fn an_unreadable_file_is_exit_status_two_with_one_line() {
    let (out, json) = run(&["--json"], "(;SZ[5];B[cc]");
    assert_eq!(out.status.code(), Some(2));
    assert!(json.is_none());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not an SGF record"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["replay", "/no/such/file.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn bad_flags_are_refused_by_the_parser() {
    for args in [["--rules", "new-zealand"], ["--komi", "5.25"]] {
        let (out, _) = run(&args, "(;SZ[5])");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn without_json_a_person_reads_a_diagram_and_a_summary() {
    let (out, _) = run(&[], "(;SZ[9]PB[Kuro]PW[Shiro]KM[6.5];B[ee];W[cc])");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Kuro (Black) vs Shiro (White), 9×9, rules classic, komi 6.5"),
        "{text}"
    );
    assert!(text.contains(" 5  . . . . X . . . .  5"), "{text}");
    assert!(text.contains("Every move is legal"), "{text}");
    assert!(text.contains("Area as the board stands"), "{text}");
}

#[test]
fn without_km_or_komi_the_rule_sets_own_komi_counts() {
    let sgf = "(;SZ[5];B[cc])";
    for (rules, komi) in [
        ("classic", 5.5),
        ("chinese", 7.5),
        ("aga", 7.5),
        ("japanese", 6.5),
        ("korean", 6.5),
    ] {
        let (_, json) = run(&["--json", "--rules", rules], sgf);
        assert_eq!(json.unwrap()["komi"], komi, "{rules}");
    }
    let (_, json) = run(&["--json", "--rules", "aga"], "(;SZ[5]KM[0.5];B[cc])");
    assert_eq!(json.unwrap()["komi"], 0.5, "the record's KM wins");
}

#[test]
fn without_rules_the_records_ru_is_read() {
    for (ru, named, komi) in [
        ("Chinese", "chinese", 7.5),
        ("AGA", "aga", 7.5),
        ("Japanese", "japanese", 6.5),
        ("Korean", "korean", 6.5),
        ("NZ", "classic", 5.5),
    ] {
        let sgf = format!("(;SZ[5]RU[{ru}];B[cc])");
        let (_, json) = run(&["--json"], &sgf);
        assert_eq!(json.unwrap()["komi"], komi, "{ru}");
        let (out, _) = run(&[], &sgf);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(&format!("rules {named}, komi")),
            "{ru}: {text}"
        );
    }
    let (_, json) = run(
        &["--json", "--rules", "classic"],
        "(;SZ[5]RU[Chinese];B[cc])",
    );
    assert_eq!(json.unwrap()["komi"], 5.5, "--rules wins over RU");
}

#[test]
fn play_after_two_passes_resumes_and_says_where() {
    // A dispute settled by play: two passes, then White plays on and Black answers.
    let sgf = "(;SZ[5]RU[Chinese];B[cc];W[];B[];W[bb];B[dd];W[];B[])";
    let (out, json) = run(&["--json"], sgf);
    assert_eq!(out.status.code(), Some(0));
    let json = json.unwrap();
    assert!(json["illegal"].is_null(), "{json}");
    assert_eq!(json["moves_applied"], 7);
    assert_eq!(json["resumed_at"], serde_json::json!([4]));
    let (out, _) = run(&[], sgf);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Play resumed after two passes at move 4."),
        "{text}"
    );
}

#[test]
fn a_handicap_record_replays_from_its_stones() {
    let sgf = "(;SZ[9]HA[2]KM[0.5]RU[Japanese]AB[cg][gc];W[ee];B[ce])";
    let (out, json) = run(&["--json"], sgf);
    assert_eq!(out.status.code(), Some(0));
    let json = json.unwrap();
    assert_eq!(json["moves_applied"], 2);
    assert_eq!(json["komi"], 0.5);
    assert_eq!(json["to_move"], "white");
    let rows: Vec<String> = json["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        rows,
        [
            ".........",
            ".........",
            "......X..",
            ".........",
            "..X.O....",
            ".........",
            "..X......",
            ".........",
            ".........",
        ]
    );
}

/// A record whose main line has `nodes` nodes, the root and a pass in each of the others.
pub(crate) fn long_record(nodes: usize) -> String {
    let mut sgf = String::with_capacity(8 + 5 * nodes);
    sgf.push_str("(;SZ[9]");
    for n in 1..nodes {
        sgf.push_str(if n % 2 == 1 { ";B[]" } else { ";W[]" });
    }
    sgf.push(')');
    sgf
}

#[test]
fn a_record_of_150000_nodes_is_a_documented_status_never_a_stack_overflow() {
    let (out, json) = run(&["--json"], &long_record(150_000));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(json.is_none());
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("150000 nodes"), "{err}");
}

#[test]
fn under_territory_rules_the_json_reports_the_territory_count() {
    // Black holds the whole 5×5 board with two stones and one prisoner: 25 points by area,
    // 23 empty points and 1 prisoner by territory.
    let sgf = "(;SZ[5]KM[0.5];B[ab];W[aa];B[ba])";
    let (out, json) = run(&["--json", "--rules", "japanese"], sgf);
    assert_eq!(out.status.code(), Some(0));
    let json = json.unwrap();
    assert_eq!(json["rules"], "japanese");
    assert_eq!(json["scoring"], "territory");
    assert_eq!(json["score"], json!({"black": 24, "white": 0}));
    assert_eq!(json["result"], "B+23.5");
    assert_eq!(
        json["area"],
        json!({"black": 25, "white": 0}),
        "the area stays beside it"
    );
    let (out, _) = run(&["--rules", "japanese"], sgf);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Territory and prisoners as the board stands"),
        "{text}"
    );
    assert!(text.contains("B+23.5"), "{text}");
}
