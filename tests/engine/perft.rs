//! Perft: the number of distinct move sequences of each length from the empty 5×5 board.
//!
//! What it proves: move generation, capture, suicide and positional superko agree, node for
//! node, with the reference counts 1, 26, 651, 15 650, 361 041 for depths 0–4 under positional
//! superko with suicide forbidden (the ko rule of `RuleSet::Chinese`), passes counted as moves
//! and two passes in a row ending the game. Depths 0–3 can be checked by hand (25 points plus a
//! pass; after two passes the game is over and has no continuation: 25·24·24 + 25·25 + 25·25 =
//! 15 650); depth 4 is the first where rules beyond "empty point" matter — a corner stone
//! captured at move 3 (B A2, W A1, B B1) and a suicide at move 4 (W A1 into B A2 + B1) — so it
//! pins the capture and suicide logic, with superko checked on every node.
//!
//! Each count is also cross-checked: every move of `legal_moves` must be accepted by `play`, and
//! every point `legal_moves` leaves out must be refused by `check` with a reason.

use tengen::go::{BoardSize, Game, Move, RuleSet};

/// Sequences of exactly `depth` moves from `game`.
fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child
                .play(mv)
                .unwrap_or_else(|e| panic!("legal_moves offered {mv}, play refused: {e}"));
            perft(&child, depth - 1)
        })
        .sum()
}

/// Checks that `legal_moves` is exactly the set of moves `check` accepts, down to `depth`.
fn check_generation(game: &Game, depth: u32) {
    let moves = game.legal_moves();
    for p in game.size().all_points() {
        let listed = moves.contains(&Move::Play(p));
        let accepted = game.check(game.to_move(), Move::Play(p)).is_ok();
        assert_eq!(listed, accepted, "{p} in {game:?}");
    }
    assert_eq!(
        moves.contains(&Move::Pass),
        !game.is_over(),
        "pass while the game is over? {game:?}"
    );
    if depth > 0 {
        for mv in moves {
            let mut child = game.clone();
            child.play(mv).expect("listed move plays");
            check_generation(&child, depth - 1);
        }
    }
}

fn start() -> Game {
    let rules = RuleSet::Chinese.rules();
    Game::new(BoardSize::new(5).expect("5×5"), rules)
}

#[test]
fn perft_5x5_positional_superko() {
    let game = start();
    let expected: [u64; 5] = [1, 26, 651, 15_650, 361_041];
    for (depth, &want) in expected.iter().enumerate() {
        let got = perft(&game, depth as u32);
        println!("perft({depth}) = {got}");
        assert_eq!(got, want, "perft({depth}) on 5×5");
    }
}

#[test]
fn legal_moves_match_check_to_depth_3() {
    check_generation(&start(), 3);
}
