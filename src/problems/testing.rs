//! Hand-made problems for tests: a position, a goal and an answer tree written out by hand, so
//! that the export, the pictures and GNU Go's second opinion can be tried without the solver.

use crate::go::{BoardSize, Color, Point};

use super::{Answer, Goal, Kind, Node, Objective, Problem, Rect, Reply, Theme, Tree};

/// A point of the 19×19 board written as players write it; the tests' own texts are valid.
pub(crate) fn pt(text: &str) -> Point {
    BoardSize::NINETEEN
        .parse_point(text)
        .unwrap_or_else(|| panic!("{text} is a point of the board"))
}

fn pts(texts: &[&str]) -> Vec<Point> {
    texts.iter().map(|t| pt(t)).collect()
}

/// Black to kill White's corner group, whose eye space is a bent three (A1, B1, A2): Black
/// takes the vital point A1; White's B1 is answered by A2, which takes the whole group. Black's
/// B1 or A2 instead is taken by White's A1, and White has two eyes.
///
/// ```text
///  5 . . . . .
///  4 X X X . .
///  3 O O X X .
///  2 . O O X .
///  1 . . O X .
///    A B C D E
/// ```
pub(crate) fn bent_three() -> Problem {
    let black = pts(&["A4", "B4", "C4", "C3", "D3", "D2", "D1"]);
    let white = pts(&["A3", "B3", "B2", "C2", "C1"]);
    let goal = Goal {
        objective: Objective::Kill,
        target: pt("A3"),
        ko: false,
    };
    let size = BoardSize::NINETEEN;
    let tree = Tree {
        nodes: vec![
            Node {
                answers: vec![
                    Answer {
                        at: pt("A1"),
                        reply: Reply::Correct {
                            reply: Some(pt("B1")),
                            next: Some(1),
                        },
                    },
                    Answer {
                        at: pt("B1"),
                        reply: Reply::Wrong {
                            refutation: Some(pt("A1")),
                        },
                    },
                    Answer {
                        at: pt("A2"),
                        reply: Reply::Wrong {
                            refutation: Some(pt("A1")),
                        },
                    },
                ],
                otherwise: Some(pt("A1")),
            },
            Node {
                answers: vec![Answer {
                    at: pt("A2"),
                    reply: Reply::Correct {
                        reply: None,
                        next: None,
                    },
                }],
                otherwise: None,
            },
        ],
    };
    Problem {
        id: Problem::key(size, Color::Black, &black, &white, &goal),
        kind: Kind::LifeAndDeath,
        theme: Theme::Kill,
        goal,
        size,
        to_play: Color::Black,
        black,
        white,
        area: Rect {
            col_lo: 0,
            col_hi: 2,
            row_lo: 0,
            row_hi: 2,
        },
        view: Rect {
            col_lo: 0,
            col_hi: 6,
            row_lo: 0,
            row_hi: 6,
        },
        rank: 8.0,
        proof_nodes: 42,
        tree,
    }
}

/// The same shape for White to live: White takes the vital point A1 first and has two eyes;
/// Black's answer anywhere else leaves them.
pub(crate) fn bent_three_to_live() -> Problem {
    let mut p = bent_three();
    p.to_play = Color::White;
    p.theme = Theme::Live;
    p.goal.objective = Objective::Live;
    p.tree = Tree {
        nodes: vec![Node {
            answers: vec![
                Answer {
                    at: pt("A1"),
                    reply: Reply::Correct {
                        reply: None,
                        next: None,
                    },
                },
                Answer {
                    at: pt("B1"),
                    reply: Reply::Wrong {
                        refutation: Some(pt("A1")),
                    },
                },
            ],
            otherwise: Some(pt("A1")),
        }],
    };
    p.id = Problem::key(p.size, p.to_play, &p.black, &p.white, &p.goal);
    p
}
