//! A problem as SGF, the way tsumego collections write them: the position in the root (`AB`,
//! `AW`, `PL`), the kind, theme and goal in `GC`, the goal in `C`, the target marked with `TR`,
//! then the solution tree: every answer the proof looked at as a variation, correct lines with
//! the opponent's replies down to `C[Correct]`, wrong moves with their refutation and
//! `C[Wrong]`.

use std::fmt::Write as _;

use crate::go::{BoardSize, Color, Point};

use super::{Kind, Objective, Problem, Reply, Theme, Tree};

/// The deepest the solution tree is written: a tree deeper than this (none that a proof gives)
/// is cut there, so a malformed tree with a cycle still ends.
const MAX_DEPTH: usize = 200;

/// The problem as an SGF record (FF[4], UTF-8): the starting position, who plays, the goal,
/// the target's stones under `TR`, and the whole answer tree as variations, correct moves
/// first. A pass of the opponent is written `W[]`/`B[]`; the opponent's answer to moves
/// outside the tree (`Node::otherwise`) has no place in SGF and is left out.
///
/// ```
/// # use tengen::problems::to_sgf;
/// # fn check(p: &tengen::problems::Problem) {
/// let sgf = to_sgf(p);
/// assert!(sgf.starts_with("(;FF[4]GM[1]"));
/// # }
/// ```
pub fn to_sgf(p: &Problem) -> String {
    let size = p.size;
    let mut out = String::with_capacity(512);
    let _ = write!(
        out,
        "(;FF[4]GM[1]SZ[{}]CA[UTF-8]GN[Tengen {}]",
        size.get(),
        p.id
    );
    for (id, stones) in [("AB", &p.black), ("AW", &p.white)] {
        if !stones.is_empty() {
            out.push_str(id);
            point_values(&mut out, stones.iter().copied(), size);
        }
    }
    let _ = write!(out, "PL[{}]", letter(p.to_play));
    let goal = goal_text(p);
    out.push_str("GC[");
    escaped(
        &mut out,
        &format!("{} · {} · {goal}", kind_text(p.kind), theme_text(p.theme)),
    );
    out.push_str("]C[");
    escaped(&mut out, &goal);
    out.push(']');
    let mut target = p.target_stones();
    target.sort();
    if !target.is_empty() {
        out.push_str("TR");
        point_values(&mut out, target.into_iter(), size);
    }
    let writer = Writer {
        tree: &p.tree,
        size,
        player: p.to_play,
    };
    writer.node(&mut out, 0, 0);
    out.push_str(")\n");
    out
}

/// The goal as a problem book states it: `Black to kill`, `White to live`, `Black to capture
/// the marked stones`, with `(ko)` when a ko is the best result.
pub fn goal_text(p: &Problem) -> String {
    let who = match p.to_play {
        Color::Black => "Black",
        Color::White => "White",
    };
    let what = match p.goal.objective {
        Objective::Kill => "kill",
        Objective::Live => "live",
        Objective::Capture => "capture the marked stones",
    };
    let ko = if p.goal.ko { " (ko)" } else { "" };
    format!("{who} to {what}{ko}")
}

/// The kind in English words.
fn kind_text(k: Kind) -> &'static str {
    match k {
        Kind::Capture => "Capture",
        Kind::LifeAndDeath => "Life and death",
        Kind::Tesuji => "Tesuji",
    }
}

/// The theme in English words.
fn theme_text(t: Theme) -> &'static str {
    match t {
        Theme::Ladder => "Ladder",
        Theme::Net => "Net",
        Theme::Snapback => "Snapback",
        Theme::ShortageOfLiberties => "Shortage of liberties",
        Theme::Capture => "Capture",
        Theme::Kill => "Kill",
        Theme::Live => "Live",
        Theme::ThrowIn => "Throw-in",
        Theme::CaptureTheCuttingStones => "Capture the cutting stones",
    }
}

/// `B` or `W`.
fn letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// `[aa][bb]…` for the points, skipping any that is not on the board.
fn point_values(out: &mut String, points: impl Iterator<Item = Point>, size: BoardSize) {
    for p in points.filter(|&p| size.contains(p)) {
        let _ = write!(out, "[{}]", p.to_sgf(size));
    }
}

/// A move node: `;B[aa]`, or `;B[]` for a pass or a point off the board.
fn move_node(out: &mut String, color: Color, at: Option<Point>, size: BoardSize) {
    let coord = at
        .filter(|&p| size.contains(p))
        .map(|p| p.to_sgf(size))
        .unwrap_or_default();
    let _ = write!(out, ";{}[{coord}]", letter(color));
}

/// Text escaped for an SGF value: `\` before `]` and `\`.
fn escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Writes the answer tree under the root.
struct Writer<'a> {
    tree: &'a Tree,
    size: BoardSize,
    player: Color,
}

impl Writer<'_> {
    /// The player's turn at `node`: one answer continues the sequence, several are each a
    /// variation, correct ones first (so the main line is a solution).
    fn node(&self, out: &mut String, node: u32, depth: usize) {
        let Some(n) = self.tree.nodes.get(node as usize) else {
            return;
        };
        if depth > MAX_DEPTH {
            return;
        }
        let mut answers: Vec<_> = n.answers.iter().collect();
        answers.sort_by_key(|a| !matches!(a.reply, Reply::Correct { .. }));
        if answers.len() == 1 {
            self.answer(out, answers[0].at, &answers[0].reply, depth);
            return;
        }
        for a in answers {
            out.push_str("\n(");
            self.answer(out, a.at, &a.reply, depth);
            out.push(')');
        }
    }

    /// The player's move `at` and what follows it.
    fn answer(&self, out: &mut String, at: Point, reply: &Reply, depth: usize) {
        let opponent = self.player.opponent();
        move_node(out, self.player, Some(at), self.size);
        match *reply {
            Reply::Correct { reply, next } => {
                let goes_on = next.and_then(|x| {
                    self.tree
                        .nodes
                        .get(x as usize)
                        .filter(|n| !n.answers.is_empty() && depth < MAX_DEPTH)
                        .map(|_| x)
                });
                match goes_on {
                    Some(x) => {
                        move_node(out, opponent, reply, self.size);
                        self.node(out, x, depth + 1);
                    }
                    None => {
                        // The line ends here: the opponent's last reply, if the proof gives
                        // one, then the verdict on the leaf.
                        if reply.is_some() {
                            move_node(out, opponent, reply, self.size);
                        }
                        out.push_str("C[Correct]");
                    }
                }
            }
            Reply::Wrong { refutation } => {
                if refutation.is_some() {
                    move_node(out, opponent, refutation, self.size);
                }
                out.push_str("C[Wrong]");
            }
        }
    }
}

#[cfg(test)]
mod tests {

    use sgf_parse::SgfNode;
    use sgf_parse::go::Prop;

    use super::*;
    use crate::go::{Move, sgf::Record};
    use crate::problems::testing::{bent_three, bent_three_to_live, pt};
    use crate::problems::{Answer, Node};

    #[test]
    fn the_root_holds_the_position_the_goal_and_the_target() {
        let p = bent_three();
        let sgf = to_sgf(&p);
        assert!(
            sgf.starts_with("(;FF[4]GM[1]SZ[19]CA[UTF-8]GN[Tengen "),
            "{sgf}"
        );
        assert!(sgf.contains("AB[ap][bp][cp][cq][dq][dr][ds]"), "{sgf}");
        assert!(sgf.contains("AW[aq][bq][br][cr][cs]"), "{sgf}");
        assert!(
            sgf.contains("PL[B]GC[Life and death · Kill · Black to kill]C[Black to kill]"),
            "{sgf}"
        );
        // The target chain: every stone of White's group, from the bottom row up.
        assert!(sgf.contains("TR[cs][br][cr][aq][bq]"), "{sgf}");
    }

    #[test]
    fn the_tree_has_a_variation_per_answer_with_its_verdict() {
        let sgf = to_sgf(&bent_three());
        // The correct A1 first, with White's B1 and Black's A2 that takes the group; then
        // each wrong move with White's refutation at A1.
        assert!(
            sgf.contains(
                "\n(;B[as];W[bs];B[ar]C[Correct])\n(;B[bs];W[as]C[Wrong])\n(;B[ar];W[as]C[Wrong]))"
            ),
            "{sgf}"
        );
        assert!(sgf.ends_with(")\n"));
    }

    #[test]
    fn passes_and_missing_refutations_are_written_as_sgf_has_them() {
        let mut p = bent_three();
        p.tree = Tree {
            nodes: vec![
                Node {
                    answers: vec![
                        Answer {
                            at: pt("A1"),
                            reply: Reply::Correct {
                                reply: None,
                                next: Some(1),
                            },
                        },
                        Answer {
                            at: pt("E5"),
                            reply: Reply::Wrong { refutation: None },
                        },
                    ],
                    otherwise: None,
                },
                Node {
                    answers: vec![Answer {
                        at: pt("B1"),
                        reply: Reply::Correct {
                            reply: Some(pt("A2")),
                            next: None,
                        },
                    }],
                    otherwise: None,
                },
            ],
        };
        let sgf = to_sgf(&p);
        // White passes after A1; the line ends on White's last reply; the wrong E5 has no
        // refutation, so its verdict is on the move itself.
        assert!(sgf.contains("(;B[as];W[];B[bs];W[ar]C[Correct])"), "{sgf}");
        assert!(sgf.contains("(;B[eo]C[Wrong])"), "{sgf}");
    }

    #[test]
    fn a_tree_that_loops_or_points_nowhere_still_ends() {
        let mut p = bent_three();
        p.tree.nodes[1].answers[0].reply = Reply::Correct {
            reply: Some(pt("B1")),
            next: Some(1),
        };
        let sgf = to_sgf(&p);
        assert!(sgf.len() < 100_000, "{} bytes", sgf.len());
        assert!(Record::parse(&sgf).is_ok());
        p.tree.nodes[0].answers[0].reply = Reply::Correct {
            reply: Some(pt("B1")),
            next: Some(7),
        };
        let sgf = to_sgf(&p);
        assert!(sgf.contains("(;B[as];W[bs]C[Correct])"), "{sgf}");
        p.tree = Tree::default();
        let sgf = to_sgf(&p);
        assert!(Record::parse(&sgf).is_ok(), "{sgf}");
    }

    #[test]
    fn text_is_escaped() {
        let mut out = String::new();
        escaped(&mut out, r"a]b\c");
        assert_eq!(out, r"a\]b\\c");
    }

    #[test]
    fn the_project_s_reader_reads_the_position_and_the_main_line() {
        for p in [bent_three(), bent_three_to_live()] {
            let sgf = to_sgf(&p);
            let record = Record::parse(&sgf).expect("our SGF reads back");
            assert_eq!(record.size, p.size);
            assert_eq!(record.first_player, Some(p.to_play));
            assert_eq!(record.root_comment.as_deref(), Some(goal_text(&p).as_str()));
            let (board, to_move) = record.initial().expect("the setup is a position");
            assert_eq!(board, p.board());
            assert_eq!(to_move, p.to_play);
            // The main line is the tree's: the first correct move at each turn.
            let moves: Vec<Option<Point>> = record
                .moves
                .iter()
                .map(|m| match m.mv {
                    Move::Play(q) => Some(q),
                    Move::Pass => None,
                })
                .collect();
            assert_eq!(moves, p.tree.main_line(0));
            let colors: Vec<Color> = record.moves.iter().map(|m| m.color).collect();
            let mut c = p.to_play;
            for got in colors {
                assert_eq!(got, c);
                c = c.opponent();
            }
            assert_eq!(
                record.moves.last().and_then(|m| m.comment.as_deref()),
                Some("Correct")
            );
        }
    }

    /// Every leaf's comment, walking every variation.
    fn leaves(node: &SgfNode<Prop>, out: &mut Vec<String>) {
        if node.children().next().is_none() {
            let c = match node.get_property("C") {
                Some(Prop::C(t)) => t.text.clone(),
                _ => String::new(),
            };
            out.push(c);
        }
        for child in node.children() {
            leaves(child, out);
        }
    }

    #[test]
    fn every_leaf_says_correct_or_wrong() {
        let sgf = to_sgf(&bent_three());
        let trees = sgf_parse::go::parse(&sgf).expect("sgf-parse reads it");
        let mut found = Vec::new();
        for t in &trees {
            leaves(t, &mut found);
        }
        assert_eq!(found, ["Correct", "Wrong", "Wrong"]);
    }

    /// Where Python's sgfmill is importable (`.ci/run` installs it), it reads the file too:
    /// the size, the setup stones, the player to move, and every leaf's verdict. Without it
    /// the test says so and passes, except under CI, where it fails.
    #[test]
    fn sgfmill_reads_it_too() {
        const SCRIPT: &str = r#"
import sys
from sgfmill import sgf
game = sgf.Sgf_game.from_bytes(sys.stdin.buffer.read())
root = game.get_root()
b, w, empty = root.get_setup_stones()
leaves = []
def walk(node):
    if len(node) == 0:
        leaves.append(node.get("C") if node.has_property("C") else "")
    for child in node:
        walk(child)
walk(root)
main = [n.get_move() for n in game.get_main_sequence()[1:]]
print(game.get_size(), len(b), len(w), root.get("PL"), root.get("C"), ",".join(leaves))
print(";".join("%s%s" % (c, "" if m is None else "%d-%d" % m) for c, m in main))
"#;
        let Some(text) = crate::go::sgf::run_sgfmill(SCRIPT, &to_sgf(&bent_three())) else {
            return;
        };
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some("19 7 5 b Black to kill Correct,Wrong,Wrong"),
            "{text}"
        );
        // sgfmill's (row, col) with row 0 at the bottom: A1, B1, A2.
        assert_eq!(lines.next(), Some("b0-0;w0-1;b1-0"), "{text}");
    }
}
