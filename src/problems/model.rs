//! What a problem is: a position, a goal, the area where it is played, and the answer tree
//! drawn from its proof, which answers every click without a search.

use serde::{Deserialize, Serialize};

use crate::go::{Board, BoardSize, Color, Point};

/// The three kinds of the training ground (SPEC §13).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Kind {
    /// 吃子: capture the marked stones (ladders, nets, snapbacks, shortage of liberties).
    Capture,
    /// 死活: kill or live.
    LifeAndDeath,
    /// 手筋: a sacrifice, a throw-in, a squeeze that connects, cuts or captures.
    Tesuji,
}

impl Kind {
    /// Its stored and typed name (`capture`, `life-and-death`, `tesuji`).
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// What the problem is about, named the way problem books name it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Theme {
    /// The stones are chased along a line to the edge or a friendly stone.
    Ladder,
    /// A loose move that closes every way out.
    Net,
    /// A stone given up and taken back with more.
    Snapback,
    /// The stones cannot approach for want of liberties.
    ShortageOfLiberties,
    /// Plain capture by reading the liberties.
    Capture,
    /// Kill a group: take its eye space away.
    Kill,
    /// Live: make two eyes (or a seki).
    Live,
    /// A stone thrown in to be taken, that the position needs.
    ThrowIn,
    /// Save the cut-off stones by capturing the cutting ones.
    CaptureTheCuttingStones,
}

impl Theme {
    /// Its stored and typed name.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// What the side to play must do to the target chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Objective {
    /// Capture the target (the opponent's stones).
    Capture,
    /// Kill the target group (the opponent's): it is captured whatever it does.
    Kill,
    /// Keep the target group (the player's own) on the board whatever the opponent does.
    Live,
}

impl Objective {
    /// Whether the player is the one who wants the target off the board.
    pub fn player_attacks(self) -> bool {
        !matches!(self, Objective::Live)
    }
}

/// The stated goal: the objective against the chain at `target`, and whether its best result
/// is a ko (the player wins the ko by taking first; a line that needs the opponent to have no
/// ko threat is stated, never silently a success).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Goal {
    pub objective: Objective,
    /// A stone of the target chain.
    pub target: Point,
    /// The best the player can reach is a ko.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ko: bool,
}

/// A rectangle of the board: inclusive 0-based columns and rows (row 0 at the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    pub col_lo: u8,
    pub col_hi: u8,
    pub row_lo: u8,
    pub row_hi: u8,
}

impl Rect {
    /// Whether `p` lies in the rectangle.
    pub fn contains(&self, p: Point) -> bool {
        (self.col_lo..=self.col_hi).contains(&p.col())
            && (self.row_lo..=self.row_hi).contains(&p.row())
    }

    /// Columns in the rectangle.
    pub fn width(&self) -> u8 {
        self.col_hi.saturating_sub(self.col_lo) + 1
    }

    /// Rows in the rectangle.
    pub fn height(&self) -> u8 {
        self.row_hi.saturating_sub(self.row_lo) + 1
    }

    /// Its points, top row first and left to right (the way a picker lays out its buttons).
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (self.row_lo..=self.row_hi)
            .rev()
            .flat_map(move |r| (self.col_lo..=self.col_hi).filter_map(move |c| Point::new(c, r)))
    }

    /// The smallest rectangle holding every point of `points`, if there is one.
    pub fn around(points: impl IntoIterator<Item = Point>) -> Option<Rect> {
        let mut r: Option<Rect> = None;
        for p in points {
            let (c, w) = (p.col(), p.row());
            r = Some(match r {
                None => Rect {
                    col_lo: c,
                    col_hi: c,
                    row_lo: w,
                    row_hi: w,
                },
                Some(r) => Rect {
                    col_lo: r.col_lo.min(c),
                    col_hi: r.col_hi.max(c),
                    row_lo: r.row_lo.min(w),
                    row_hi: r.row_hi.max(w),
                },
            });
        }
        r
    }
}

/// One of the player's turns in the answer tree: every move the proof looked at, and the
/// opponent's answer to anything else (a pass, a move outside the problem's area).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    /// The moves of the area, each correct or wrong.
    pub answers: Vec<Answer>,
    /// The opponent's reply to a move not in `answers` (it fails the problem); `None` when the
    /// opponent need not answer to win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub otherwise: Option<Point>,
}

/// One move of the player at a node, and what it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub at: Point,
    pub reply: Reply,
}

/// What follows a move of the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reply {
    /// On a correct line: the opponent's strongest reply and the player's next turn, or
    /// `next: None` when the goal is reached (the problem is solved with this move). `reply`
    /// is `None` when the opponent's best is to pass.
    Correct {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reply: Option<Point>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<u32>,
    },
    /// Off the correct lines: the opponent's refutation (`None`: the opponent wins by passing).
    Wrong {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        refutation: Option<Point>,
    },
}

/// The answer tree: node 0 is the player's first turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tree {
    pub nodes: Vec<Node>,
}

/// What the player's move at a node does, as the bot answers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// On a correct line: the opponent answers `reply` (or passes) and the player's next turn
    /// is `next`.
    Continue { reply: Option<Point>, next: u32 },
    /// The goal is reached: solved.
    Solved,
    /// The move fails: the opponent's refutation (or a pass).
    Failed { refutation: Option<Point> },
}

impl Tree {
    /// The answer to the player's move `at` (`None`: a pass) at node `node`; a node that does
    /// not exist fails the move, so a stale attempt never panics.
    pub fn step(&self, node: u32, at: Option<Point>) -> Step {
        let Some(n) = self.nodes.get(node as usize) else {
            return Step::Failed { refutation: None };
        };
        let answer = at.and_then(|p| n.answers.iter().find(|a| a.at == p));
        match answer.map(|a| &a.reply) {
            Some(Reply::Correct { next: None, .. }) => Step::Solved,
            Some(Reply::Correct {
                reply,
                next: Some(next),
            }) => Step::Continue {
                reply: *reply,
                next: *next,
            },
            Some(Reply::Wrong { refutation }) => Step::Failed {
                refutation: *refutation,
            },
            None => Step::Failed {
                refutation: n.otherwise,
            },
        }
    }

    /// The correct moves at `node`.
    pub fn correct_moves(&self, node: u32) -> Vec<Point> {
        self.nodes
            .get(node as usize)
            .map(|n| {
                n.answers
                    .iter()
                    .filter(|a| matches!(a.reply, Reply::Correct { .. }))
                    .map(|a| a.at)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The main line from `node` to the end: the first correct move at each turn, and the
    /// opponent's replies (`None` for a pass), alternately, starting with the player's move.
    pub fn main_line(&self, node: u32) -> Vec<Option<Point>> {
        let mut line = Vec::new();
        let mut at = node;
        // A tree is finite and acyclic by construction; the bound keeps a bad one finite too.
        for _ in 0..self.nodes.len() + 1 {
            let Some(n) = self.nodes.get(at as usize) else {
                break;
            };
            let Some(a) = n
                .answers
                .iter()
                .find(|a| matches!(a.reply, Reply::Correct { .. }))
            else {
                break;
            };
            line.push(Some(a.at));
            match a.reply {
                Reply::Correct { reply, next } => match next {
                    Some(next) => {
                        line.push(reply);
                        at = next;
                    }
                    None => break,
                },
                Reply::Wrong { .. } => break,
            }
        }
        line
    }

    /// The longest correct line from the root, in the player's moves.
    pub fn depth(&self) -> usize {
        fn walk(t: &Tree, node: u32, seen: usize) -> usize {
            if seen > t.nodes.len() {
                return 0;
            }
            let Some(n) = t.nodes.get(node as usize) else {
                return 0;
            };
            n.answers
                .iter()
                .filter_map(|a| match a.reply {
                    Reply::Correct { next: Some(x), .. } => Some(1 + walk(t, x, seen + 1)),
                    Reply::Correct { next: None, .. } => Some(1),
                    Reply::Wrong { .. } => None,
                })
                .max()
                .unwrap_or(0)
        }
        walk(self, 0, 0)
    }
}

/// A problem of the training ground.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Problem {
    /// Stable over regenerations: a hash of the position and the goal (see [`Problem::key`]).
    pub id: u64,
    pub kind: Kind,
    pub theme: Theme,
    pub goal: Goal,
    pub size: BoardSize,
    /// The side to play first (the player's colour).
    pub to_play: Color,
    pub black: Vec<Point>,
    pub white: Vec<Point>,
    /// The points where the proof plays (the picker's buttons); at most 5 × 5.
    pub area: Rect,
    /// The part of the board to draw.
    pub view: Rect,
    /// The starting estimate of its level from the proof, as a rank value (0 = 30 kyu,
    /// 29 = 1 kyu, 30 = 1 dan; the scale of `game::rating::rank_value`): the game turns it
    /// into the problem's first Glicko-2 rating.
    pub rank: f64,
    /// The proof's size: positions the solver looked at to prove it.
    pub proof_nodes: u64,
    pub tree: Tree,
}

impl Problem {
    /// The starting position.
    pub fn board(&self) -> Board {
        let mut b = Board::new(self.size);
        b.set_stones(
            self.black
                .iter()
                .map(|&p| (p, Some(Color::Black)))
                .chain(self.white.iter().map(|&p| (p, Some(Color::White)))),
        );
        b
    }

    /// The position after `moves` from the start, the player first, alternating (`None` a
    /// pass); `None` if a move is not legal (a stored attempt that does not replay).
    pub fn board_after(&self, moves: &[Option<Point>]) -> Option<Board> {
        let mut b = self.board();
        let mut color = self.to_play;
        for m in moves {
            match m {
                Some(p) => {
                    b.play(color, *p).ok()?;
                }
                None => b.clear_ko(),
            }
            color = color.opponent();
        }
        Some(b)
    }

    /// The id a problem of this position and goal has: FNV-1a over its stones, side and goal,
    /// so a regenerated set keeps the ids (and the ratings stored against them).
    pub fn key(
        size: BoardSize,
        to_play: Color,
        black: &[Point],
        white: &[Point],
        goal: &Goal,
    ) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |x: u64| {
            for byte in x.to_le_bytes() {
                h ^= u64::from(byte);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        };
        eat(u64::from(size.get()));
        eat(to_play as u64);
        let mut b: Vec<u16> = black.iter().map(|p| p.index() as u16).collect();
        let mut w: Vec<u16> = white.iter().map(|p| p.index() as u16).collect();
        b.sort_unstable();
        w.sort_unstable();
        for x in b {
            eat(u64::from(x));
        }
        eat(u64::MAX);
        for x in w {
            eat(u64::from(x));
        }
        eat(goal.objective as u64);
        eat(goal.target.index() as u64);
        eat(u64::from(goal.ko));
        // Kept within i64 so both stores hold it as a plain integer.
        h & (i64::MAX as u64)
    }

    /// The marked stones: the target chain in the starting position.
    pub fn target_stones(&self) -> Vec<Point> {
        self.board().chain(self.goal.target)
    }
}
