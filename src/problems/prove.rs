//! From the solver's proof to the answer tree: at each of the player's turns every move of the
//! area is classed correct or wrong by the solver; a correct move gets the opponent's strongest
//! reply (the one that leaves the player the fewest correct answers, then the longest fight),
//! a wrong one the opponent's refutation. A line ends when the goal is reached: the target
//! taken, or the position *settled* (the player would still win if they passed once).

use crate::go::{Board, Color, Point};

use super::model::{Answer, Node, Objective, Reply, Tree};
use super::solver::{Outcome, Setup, Solver};

/// Positions the solver may look at for one problem.
pub const PROOF_BUDGET: u64 = 400_000;
/// The solver's budget for a problem of `kind`: a capturing fight is read less far (one that
/// needs more is rarely a clear problem). Generation and every proof again use this one.
pub fn budget_for(kind: super::model::Kind) -> u64 {
    match kind {
        super::model::Kind::LifeAndDeath => PROOF_BUDGET,
        _ => PROOF_BUDGET / 8,
    }
}

/// The largest answer tree kept (player's turns).
pub const MAX_TREE_NODES: usize = 120;
/// The longest correct line kept, in the player's moves.
pub const MAX_LINE: usize = 10;

/// What a problem's proof gives.
#[derive(Debug, Clone)]
pub struct Proof {
    pub tree: Tree,
    /// Positions the solver looked at.
    pub nodes: u64,
    /// Wrong first moves that only one reply of the opponent refutes.
    pub tempting: u32,
    /// Correct first moves.
    pub first_correct: usize,
    /// The main line's length in moves of both sides.
    pub main_plies: usize,
}

/// Why a position is not a problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NotProved {
    #[error("the solver could not decide a move within its limits")]
    Unknown,
    #[error("the player cannot reach the goal")]
    NoWin,
    #[error("the answer tree is too large or a line too long")]
    TooBig,
    #[error("a correct move lies outside the area")]
    Outside,
}

/// The question a proof answers.
#[derive(Debug, Clone)]
pub struct Question {
    pub board: Board,
    pub player: Color,
    pub objective: Objective,
    pub target: Point,
    /// The points of the area: the empty ones are played, and those of stones once taken.
    pub area: Vec<Point>,
    /// The goal is a ko: the player wins every ko (the opponent is the ko's loser).
    pub ko: bool,
}

/// A solver built for a question, asked from the player's side.
pub struct Prover {
    solver: Solver,
    player: Color,
    attacks: bool,
    /// The area's points: the player's answers are among them.
    clickable: Vec<Point>,
    tree: Tree,
}

/// Where either side may play: the area, and the points of the stones within two lines of it
/// once they are taken (a wall stone taken leaves a point both sides fight over; the open
/// board beyond is where a target that reaches it has got out).
pub(super) fn playable(q: &Question) -> Vec<Point> {
    let Some(rect) = super::model::Rect::around(q.area.iter().copied()) else {
        return q.area.clone();
    };
    let near = |x: u8, lo: u8, hi: u8| x + 2 >= lo && x <= hi + 2;
    let mut out = q.area.clone();
    for p in q.board.size().all_points() {
        if q.board.get(p).is_some()
            && !rect.contains(p)
            && near(p.col(), rect.col_lo, rect.col_hi)
            && near(p.row(), rect.row_lo, rect.row_hi)
        {
            out.push(p);
        }
    }
    out
}

impl Prover {
    /// The prover of `q`, with the solver's budget `budget`.
    pub fn new(q: &Question, budget: u64) -> Prover {
        let attacks = q.objective.player_attacks();
        let attacker = if attacks {
            q.player
        } else {
            q.player.opponent()
        };
        let ko_loser = if q.ko { q.player.opponent() } else { q.player };
        Prover {
            solver: Solver::new(Setup {
                attacker,
                target: q.target,
                area: playable(q),
                ko_loser,
                budget,
            }),
            player: q.player,
            attacks,
            clickable: q.area.clone(),
            tree: Tree::default(),
        }
    }

    /// Positions looked at so far.
    pub fn nodes(&self) -> u64 {
        self.solver.nodes()
    }

    /// Whether the player wins `board` with `to_move` to play; `Err` when unknown.
    pub fn player_wins(
        &mut self,
        board: &Board,
        to_move: Color,
        history: &[u64],
    ) -> Result<bool, NotProved> {
        if self.solver.target_taken(board) {
            return Ok(self.attacks);
        }
        match self.solver.solve(board, to_move, history) {
            Outcome::Win(_) => Ok(self.attacks),
            Outcome::Loss => Ok(!self.attacks),
            Outcome::Unknown => Err(NotProved::Unknown),
        }
    }

    /// The attacker's win distance in `board`, if the attacker wins.
    fn distance(&mut self, board: &Board, to_move: Color, history: &[u64]) -> Option<u16> {
        if self.solver.target_taken(board) {
            return Some(0);
        }
        match self.solver.solve(board, to_move, history) {
            Outcome::Win(d) => Some(d),
            _ => None,
        }
    }

    /// `color`'s moves in `board` after the line `history`, each with the board it makes.
    fn moves(&mut self, board: &Board, color: Color, history: &[u64]) -> Vec<(Point, Board)> {
        self.solver.set_line(history, board.hash());
        self.solver.moves(board, color)
    }

    /// The opponent's options in `board`: their moves, and a pass when they defend.
    fn opponent_options(&mut self, board: &Board, history: &[u64]) -> Vec<(Option<Point>, Board)> {
        let opp = self.player.opponent();
        let mut out: Vec<(Option<Point>, Board)> = self
            .moves(board, opp, history)
            .into_iter()
            .map(|(p, b)| (Some(p), b))
            .collect();
        if self.attacks {
            let mut passed = board.clone();
            passed.clear_ko();
            out.push((None, passed));
        }
        out
    }

    /// The player's winning moves in `board` (the player to move).
    fn winning_moves(&mut self, board: &Board, history: &[u64]) -> Result<Vec<Point>, NotProved> {
        let mut line = history.to_vec();
        line.push(board.hash());
        let mut wins = Vec::new();
        for (p, b) in self.moves(board, self.player, history) {
            if self.player_wins(&b, self.player.opponent(), &line)? {
                wins.push(p);
            }
        }
        Ok(wins)
    }

    /// The opponent's winning answers in `board` (the opponent to move); `None` is a pass.
    fn refutations(
        &mut self,
        board: &Board,
        history: &[u64],
    ) -> Result<Vec<Option<Point>>, NotProved> {
        let mut line = history.to_vec();
        line.push(board.hash());
        let mut out = Vec::new();
        for (p, b) in self.opponent_options(board, history) {
            if !self.player_wins(&b, self.player, &line)? {
                out.push(p);
            }
        }
        Ok(out)
    }

    /// Whether the player, having moved to `board`, would still win if they passed once (the
    /// opponent moving twice): the line may end there.
    fn settled(&mut self, board: &Board, history: &[u64]) -> Result<bool, NotProved> {
        if self.solver.target_taken(board) {
            return Ok(true);
        }
        let mut line = history.to_vec();
        line.push(board.hash());
        let opp = self.player.opponent();
        for (p, b) in self.opponent_options(board, history) {
            if p.is_none() {
                continue;
            }
            if !self.player_wins(&b, opp, &line)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The opponent's strongest reply in `board`, which the player wins whatever is played:
    /// the one leaving the player the fewest correct answers, then the longest fight, a real
    /// move before a pass.
    fn strongest(
        &mut self,
        board: &Board,
        history: &[u64],
    ) -> Result<(Option<Point>, Board), NotProved> {
        let mut line = history.to_vec();
        line.push(board.hash());
        // (fewest answers, longest fight, a real move first), the reply, the board after it.
        type Scored = ((usize, i32, u8), Option<Point>, Board);
        let mut best: Option<Scored> = None;
        for (p, b) in self.opponent_options(board, history) {
            if self.solver.target_taken(&b) {
                continue;
            }
            let answers = self.winning_moves(&b, &line)?.len();
            let length = if self.attacks {
                i32::from(self.distance(&b, self.player, &line).unwrap_or(0))
            } else {
                0
            };
            let score = (answers, -length, u8::from(p.is_none()));
            if best.as_ref().is_none_or(|(s, _, _)| score < *s) {
                best = Some((score, p, b));
            }
        }
        best.map(|(_, p, b)| (p, b)).ok_or(NotProved::Unknown)
    }

    /// The answer tree of `board` with the player to move, the root of the problem.
    pub fn prove(mut self, board: &Board) -> Result<Proof, NotProved> {
        let root_wins = self.winning_moves(board, &[])?;
        if root_wins.is_empty() {
            return Err(NotProved::NoWin);
        }
        let mut tempting = 0u32;
        let line = vec![board.hash()];
        for (p, b) in self.moves(board, self.player, &[]) {
            if root_wins.contains(&p) {
                continue;
            }
            if self.refutations(&b, &line)?.len() <= 1 {
                tempting += 1;
            }
        }
        self.player_node(board, &[], 0)?;
        let main_plies = self.tree.main_line(0).len();
        Ok(Proof {
            first_correct: root_wins.len(),
            nodes: self.solver.nodes(),
            tempting,
            main_plies,
            tree: self.tree,
        })
    }

    /// Adds the player's turn at `board` to the tree; returns its index.
    fn player_node(
        &mut self,
        board: &Board,
        history: &[u64],
        depth: usize,
    ) -> Result<u32, NotProved> {
        if self.tree.nodes.len() >= MAX_TREE_NODES || depth >= MAX_LINE {
            return Err(NotProved::TooBig);
        }
        let index = self.tree.nodes.len();
        self.tree.nodes.push(Node {
            answers: Vec::new(),
            otherwise: None,
        });
        let mut line = history.to_vec();
        line.push(board.hash());
        let mut answers = Vec::new();
        let wins = self.winning_moves(board, history)?;
        for (p, b) in self.moves(board, self.player, history) {
            // The player answers within the area; a correct move outside it makes no problem.
            if !self.clickable.contains(&p) {
                if wins.contains(&p) {
                    return Err(NotProved::Outside);
                }
                continue;
            }
            let reply = if wins.contains(&p) {
                if self.settled(&b, &line)? {
                    Reply::Correct {
                        reply: None,
                        next: None,
                    }
                } else {
                    let (reply, after) = self.strongest(&b, &line)?;
                    let mut deeper = line.clone();
                    deeper.push(b.hash());
                    let next = self.player_node(&after, &deeper, depth + 1)?;
                    Reply::Correct {
                        reply,
                        next: Some(next),
                    }
                }
            } else {
                let refutation = self
                    .refutations(&b, &line)?
                    .into_iter()
                    .find(Option::is_some)
                    .flatten();
                Reply::Wrong { refutation }
            };
            answers.push(Answer { at: p, reply });
        }
        // A pass, or a move outside the area, answered as the opponent would a pass.
        let mut passed = board.clone();
        passed.clear_ko();
        let otherwise = self
            .refutations(&passed, history)?
            .into_iter()
            .find(Option::is_some)
            .flatten();
        let node = &mut self.tree.nodes[index];
        node.answers = answers;
        node.otherwise = otherwise;
        u32::try_from(index).map_err(|_| NotProved::TooBig)
    }
}

/// Proves a stored problem again from its position and goal with `budget`: the proof's size in
/// positions, or why it is not the problem stored (settled, unproved, other answers).
pub fn reprove(p: &super::model::Problem, budget: u64) -> Result<u64, String> {
    let board = p.board();
    let q = Question {
        board: board.clone(),
        player: p.to_play,
        objective: p.goal.objective,
        target: p.goal.target,
        area: p.area.points().collect(),
        ko: p.goal.ko,
    };
    let mut passed = board.clone();
    passed.clear_ko();
    match Prover::new(&q, budget).player_wins(&passed, p.to_play.opponent(), &[]) {
        Ok(false) => {}
        Ok(true) => return Err("settled: the player wins even if the opponent starts".into()),
        Err(e) => return Err(e.to_string()),
    }
    let proof = Prover::new(&q, budget)
        .prove(&board)
        .map_err(|e| e.to_string())?;
    if proof.tree != p.tree {
        return Err("the proof's answers differ from the stored ones".into());
    }
    Ok(proof.nodes)
}
