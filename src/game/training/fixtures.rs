//! A hand-made problem for the tests (of this crate and of the service's): Black captures the white stone at B2 in the corner.
//!
//! ```text
//!  3 . X . . .
//!  2 . O X . .
//!  1 . . . . .
//!    A B C D E
//! ```
//! Black B1 (White extends to A2), Black A3 (White has no move that helps: a pass), Black A1
//! captures. Black A1 at the second turn is refuted by White A3; any other first move by
//! White A2.

use crate::go::{BoardSize, Color, Point};
use crate::problems::{
    Answer, Goal, Kind, Node, Objective, Problem, ProblemSet, Rect, Reply, Theme, Tree,
};

/// A point by its name.
pub fn p(name: &str) -> Point {
    name.parse()
        .unwrap_or_else(|_| panic!("not a point: {name}"))
}

fn correct(at: &str, reply: Option<&str>, next: Option<u32>) -> Answer {
    Answer {
        at: p(at),
        reply: Reply::Correct {
            reply: reply.map(p),
            next,
        },
    }
}

fn wrong(at: &str, refutation: &str) -> Answer {
    Answer {
        at: p(at),
        reply: Reply::Wrong {
            refutation: Some(p(refutation)),
        },
    }
}

/// The capture problem above, of rank value `rank` and id `id`.
pub fn problem(id: u64, kind: Kind, rank: f64) -> Problem {
    Problem {
        id,
        kind,
        theme: Theme::Capture,
        goal: Goal {
            objective: Objective::Capture,
            target: p("B2"),
            ko: false,
        },
        size: BoardSize::NINE,
        to_play: Color::Black,
        black: vec![p("B3"), p("C2")],
        white: vec![p("B2")],
        area: Rect {
            col_lo: 0,
            col_hi: 2,
            row_lo: 0,
            row_hi: 2,
        },
        view: Rect {
            col_lo: 0,
            col_hi: 4,
            row_lo: 0,
            row_hi: 4,
        },
        rank,
        proof_nodes: 12,
        tree: Tree {
            nodes: vec![
                Node {
                    answers: vec![correct("B1", Some("A2"), Some(1)), wrong("A2", "B1")],
                    otherwise: Some(p("A2")),
                },
                Node {
                    answers: vec![correct("A3", None, Some(2)), wrong("A1", "A3")],
                    otherwise: Some(p("A3")),
                },
                Node {
                    answers: vec![correct("A1", None, None)],
                    otherwise: None,
                },
            ],
        },
    }
}

/// The capture problem as id 101, at 20 kyu.
pub fn capture_problem() -> Problem {
    problem(101, Kind::Capture, 10.0)
}

/// A set of `n` copies of the problem, of ranks spread from 25 kyu to 2 dan and the three
/// kinds in turn.
pub fn spread_set(n: u64) -> ProblemSet {
    let kinds = [Kind::Capture, Kind::LifeAndDeath, Kind::Tesuji];
    let problems = (0..n)
        .map(|i| {
            let rank = 5.0 + 26.0 * (i as f64) / (n.max(2) - 1) as f64;
            problem(1000 + i, kinds[(i % 3) as usize], rank)
        })
        .collect();
    ProblemSet::new(7, problems).unwrap_or_default()
}
