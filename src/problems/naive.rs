//! A second reading of the proofs, slow and plain, for the tests: the same game as the solver
//! (play in the area and on points emptied around it, the defender may pass, no position
//! repeats along a line, the ko's loser takes no ko, a target with a liberty beyond is out),
//! read by bare recursion over every line, with no table, no deepening and no move order, so
//! an error of the solver's shortcuts (the table, the depth bounds, the order) shows as a
//! difference.

use crate::go::{Board, Color, Point};

use super::model::Problem;
use super::prove::{Question, playable};

/// The reader of one problem.
pub struct Naive {
    attacker: Color,
    target: Point,
    ko_loser: Color,
    playable: Vec<Point>,
    nodes: u64,
    cap: u64,
}

/// The reading went past its cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong;

impl Naive {
    /// The reader of `p`, giving up after `cap` positions.
    pub fn new(p: &Problem, cap: u64) -> Naive {
        let q = Question {
            board: p.board(),
            player: p.to_play,
            objective: p.goal.objective,
            target: p.goal.target,
            area: p.area.points().collect(),
            ko: p.goal.ko,
        };
        let attacker = if p.goal.objective.player_attacks() {
            p.to_play
        } else {
            p.to_play.opponent()
        };
        Naive {
            attacker,
            target: p.goal.target,
            ko_loser: if p.goal.ko {
                p.to_play.opponent()
            } else {
                p.to_play
            },
            playable: playable(&q),
            nodes: 0,
            cap,
        }
    }

    fn taken(&self, b: &Board) -> bool {
        b.get(self.target) != Some(self.attacker.opponent())
    }

    fn out(&self, b: &Board) -> bool {
        !self.taken(b)
            && b.liberties(self.target)
                .iter()
                .any(|l| !self.playable.contains(l))
    }

    /// Whether the attacker takes the target from `b` with `to_move` to play, `line` the
    /// positions before.
    pub fn attacker_wins(
        &mut self,
        b: &Board,
        to_move: Color,
        line: &mut Vec<u64>,
    ) -> Result<bool, TooLong> {
        self.nodes += 1;
        if self.nodes > self.cap {
            return Err(TooLong);
        }
        if self.taken(b) {
            return Ok(true);
        }
        if self.out(b) {
            return Ok(false);
        }
        let attacking = to_move == self.attacker;
        if !attacking {
            let mut passed = b.clone();
            passed.clear_ko();
            if !self.attacker_wins(&passed, self.attacker, line)? {
                return Ok(false);
            }
        }
        let points = self.playable.clone();
        for p in points {
            let mut next = b.clone();
            if next.play(to_move, p).is_err() || line.contains(&next.hash()) {
                continue;
            }
            if to_move == self.ko_loser && next.ko().is_some() && !self.taken(&next) {
                continue;
            }
            line.push(next.hash());
            let wins = self.attacker_wins(&next, to_move.opponent(), line);
            line.pop();
            match (attacking, wins?) {
                (true, true) => return Ok(true),
                (false, false) => return Ok(false),
                _ => {}
            }
        }
        Ok(!attacking)
    }

    /// Whether the player wins after playing `at` in the problem's starting position.
    pub fn player_wins_after(&mut self, p: &Problem, at: Point) -> Result<Option<bool>, TooLong> {
        let start = p.board();
        let mut b = start.clone();
        if b.play(p.to_play, at).is_err() {
            return Ok(None);
        }
        if p.to_play == self.ko_loser && b.ko().is_some() && !self.taken(&b) {
            return Ok(None);
        }
        let mut line = vec![start.hash(), b.hash()];
        let attacker_wins = self.attacker_wins(&b, p.to_play.opponent(), &mut line)?;
        Ok(Some(attacker_wins == p.goal.objective.player_attacks()))
    }
}
