//! The solver and the answer tree on classic shapes, drawn as diagrams.

use crate::go::{Board, Color, Point};

use super::model::{Objective, Reply, Step};
use super::prove::{NotProved, Prover, Question};

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("a test diagram reads")
}

fn p(text: &str) -> Point {
    text.parse().expect("a test point reads")
}

fn question(
    b: &Board,
    player: Color,
    objective: Objective,
    target: &str,
    area: &[&str],
) -> Question {
    Question {
        board: b.clone(),
        player,
        objective,
        target: p(target),
        area: area.iter().map(|a| p(a)).collect(),
        ko: false,
    }
}

/// White's straight three in the corner: Black kills at the middle, White lives there.
const STRAIGHT_THREE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X . . . .
    O O O O X . . . .
    . . . O X . . . .
";

#[test]
fn straight_three_is_killed_at_its_middle() {
    let b = board(STRAIGHT_THREE);
    let q = question(&b, Color::Black, Objective::Kill, "A2", &["A1", "B1", "C1"]);
    let proof = Prover::new(&q, 100_000).prove(&b).expect("proved");
    assert_eq!(proof.tree.correct_moves(0), vec![p("B1")]);
    assert_eq!(proof.tree.step(0, Some(p("B1"))), Step::Solved);
    // Either other point is answered at the middle, and White lives.
    assert_eq!(
        proof.tree.step(0, Some(p("A1"))),
        Step::Failed {
            refutation: Some(p("B1"))
        }
    );
    assert_eq!(
        proof.tree.step(0, Some(p("C1"))),
        Step::Failed {
            refutation: Some(p("B1"))
        }
    );
}

#[test]
fn straight_three_lives_at_its_middle() {
    let b = board(STRAIGHT_THREE);
    let q = question(&b, Color::White, Objective::Live, "A2", &["A1", "B1", "C1"]);
    let proof = Prover::new(&q, 100_000).prove(&b).expect("proved");
    assert_eq!(proof.tree.correct_moves(0), vec![p("B1")]);
    assert_eq!(proof.tree.step(0, Some(p("B1"))), Step::Solved);
}

/// A straight four lives whatever Black does: there is no problem for Black to kill.
#[test]
fn straight_four_cannot_be_killed() {
    let b = board(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X . . .
        O O O O O X . . .
        . . . . O X . . .
    ",
    );
    let q = question(
        &b,
        Color::Black,
        Objective::Kill,
        "A2",
        &["A1", "B1", "C1", "D1"],
    );
    assert_eq!(
        Prover::new(&q, 200_000).prove(&b).err(),
        Some(NotProved::NoWin)
    );
}

/// Two White stones in atari: taking them solves at once; a move that lets them out fails.
#[test]
fn stones_in_atari_are_taken() {
    let b = board(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X . . . . . .
        X O O . . . . . .
        . X X . . . . . .
    ",
    );
    let area = ["A1", "D1", "D2", "D3", "E2", "E1", "E3", "A3", "D4", "E4"];
    let q = question(&b, Color::Black, Objective::Capture, "B2", &area);
    let proof = Prover::new(&q, 200_000).prove(&b).expect("proved");
    assert!(proof.tree.correct_moves(0).contains(&p("D2")));
    assert_eq!(proof.tree.step(0, Some(p("D2"))), Step::Solved);
    // A move far from them lets White extend to D2 with three liberties and out of the area.
    assert_eq!(
        proof.tree.step(0, Some(p("A1"))),
        Step::Failed {
            refutation: Some(p("D2"))
        }
    );
    // Every node's answers replay as legal moves.
    for node in &proof.tree.nodes {
        for a in &node.answers {
            if let Reply::Correct { reply: Some(r), .. } = a.reply {
                assert_ne!(r, a.at);
            }
        }
    }
}
