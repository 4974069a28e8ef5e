//! One attempt at a problem: the player's clicks answered from the problem's answer tree, with
//! no search (the proof has every answer), until the problem is solved or failed.

use std::fmt;
use std::str::FromStr;

use crate::go::Point;
use crate::problems::{Problem, Step};

use super::super::{GuildId, Refusal, Timestamp, UserId};
use super::daily::Day;

/// Where an attempt stands.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[strum(serialize_all = "kebab-case")]
pub enum AttemptState {
    /// The player is to click.
    Open,
    /// The goal was reached.
    Solved,
    /// A move off the correct lines: the refutation and the solution were shown.
    Failed,
    /// Left for another problem before it ended: not rated.
    Abandoned,
}

/// The moves of an attempt from the problem's start, the player's and the opponent's
/// alternately (`None`: a pass), written as players write points (`B1 A2 - A3`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveList(pub Vec<Option<Point>>);

impl fmt::Display for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self
            .0
            .iter()
            .map(|m| m.map_or_else(|| "-".to_owned(), |p| p.to_string()))
            .collect();
        f.write_str(&words.join(" "))
    }
}

impl FromStr for MoveList {
    type Err = String;

    fn from_str(text: &str) -> Result<MoveList, String> {
        text.split_whitespace()
            .map(|w| {
                if w == "-" {
                    Ok(None)
                } else {
                    w.parse::<Point>()
                        .map(Some)
                        .map_err(|_| format!("not a move: {w:?}"))
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map(MoveList)
    }
}

/// An attempt of one player at one problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Attempt {
    pub id: i64,
    pub user: UserId,
    /// The server it was asked on (its leaderboard and streaks).
    pub guild: GuildId,
    pub problem: u64,
    /// The server's daily problem of that day, if it is one.
    pub daily: Option<Day>,
    pub started_at: Timestamp,
    pub moves: MoveList,
    /// The player's turn in the answer tree.
    pub node: u32,
    pub state: AttemptState,
    pub finished_at: Option<Timestamp>,
    /// Whether it counts for the ratings (the player's first attempt at the problem).
    pub rated: bool,
}

/// What a click did.
#[derive(Debug, Clone, PartialEq)]
pub struct Click {
    /// The tree's answer.
    pub step: Step,
    /// On a failure, the moves before the wrong one (the position the solution starts from)
    /// and the solution's line from there: the player's correct move first.
    pub solution: Option<(MoveList, MoveList)>,
}

impl Attempt {
    /// A new attempt, open at the problem's first turn.
    pub fn start(
        id: i64,
        user: UserId,
        guild: GuildId,
        problem: u64,
        daily: Option<Day>,
        now: Timestamp,
        rated: bool,
    ) -> Attempt {
        Attempt {
            id,
            user,
            guild,
            problem,
            daily,
            started_at: now,
            moves: MoveList::default(),
            node: 0,
            state: AttemptState::Open,
            finished_at: None,
            rated,
        }
    }

    /// How many moves have been played: what a board's buttons carry, so that a click on an
    /// older board is refused.
    pub fn move_count(&self) -> u32 {
        u32::try_from(self.moves.0.len()).unwrap_or(u32::MAX)
    }

    /// The points the player may click now: empty points of the problem's area where their
    /// move is legal (none once the attempt is over, or if the stored moves do not replay).
    pub fn playable(&self, problem: &Problem) -> Vec<Point> {
        if self.state != AttemptState::Open {
            return Vec::new();
        }
        let Some(board) = problem.board_after(&self.moves.0) else {
            return Vec::new();
        };
        problem
            .area
            .points()
            .filter(|&p| board.check(problem.to_play, p).is_ok())
            .collect()
    }

    /// The player's click on `point`, on the board drawn after `drawn_at` moves.
    ///
    /// # Errors
    /// Someone else's attempt, an attempt over, a stale board, or a point outside the area or
    /// not playable there; nothing changes.
    pub fn click(
        &mut self,
        by: UserId,
        problem: &Problem,
        drawn_at: u32,
        point: Point,
        now: Timestamp,
    ) -> Result<Click, Refusal> {
        if by != self.user {
            return Err(Refusal::NotYourProblem);
        }
        if self.state != AttemptState::Open {
            return Err(Refusal::ProblemOver);
        }
        if drawn_at != self.move_count() {
            return Err(Refusal::StaleProblem);
        }
        if !self.playable(problem).contains(&point) {
            return Err(Refusal::NotAProblemPoint);
        }
        let before = self.moves.clone();
        let step = problem.tree.step(self.node, Some(point));
        let mut solution = None;
        match step {
            Step::Continue { reply, next } => {
                self.moves.0.push(Some(point));
                self.moves.0.push(reply);
                self.node = next;
            }
            Step::Solved => {
                self.moves.0.push(Some(point));
                self.finish(AttemptState::Solved, now);
            }
            Step::Failed { refutation } => {
                self.moves.0.push(Some(point));
                self.moves.0.push(refutation);
                solution = Some((before, MoveList(problem.tree.main_line(self.node))));
                self.finish(AttemptState::Failed, now);
            }
        }
        // A reply the tree gives that does not replay (a broken set) ends the attempt as a
        // failure rather than leaving a board no one can click.
        if self.state == AttemptState::Open && problem.board_after(&self.moves.0).is_none() {
            self.finish(AttemptState::Failed, now);
        }
        Ok(Click { step, solution })
    }

    /// Left for another problem.
    pub fn abandon(&mut self, now: Timestamp) {
        if self.state == AttemptState::Open {
            self.finish(AttemptState::Abandoned, now);
        }
    }

    fn finish(&mut self, state: AttemptState, now: Timestamp) {
        self.state = state;
        self.finished_at = Some(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::training::fixtures::{capture_problem, p};

    fn open() -> Attempt {
        Attempt::start(
            1,
            UserId(7),
            GuildId(1),
            capture_problem().id,
            None,
            Timestamp::from_millis(0),
            true,
        )
    }

    #[test]
    fn a_correct_line_is_answered_from_the_tree_until_solved() {
        let problem = capture_problem();
        let mut a = open();
        let now = Timestamp::from_millis(5);
        let c = a.click(UserId(7), &problem, 0, p("B1"), now).unwrap();
        assert_eq!(
            c.step,
            Step::Continue {
                reply: Some(p("A2")),
                next: 1
            }
        );
        assert_eq!(a.moves.to_string(), "B1 A2");
        let c = a.click(UserId(7), &problem, 2, p("A3"), now).unwrap();
        assert!(matches!(c.step, Step::Continue { reply: None, .. }));
        assert_eq!(a.moves.to_string(), "B1 A2 A3 -");
        let c = a.click(UserId(7), &problem, 4, p("A1"), now).unwrap();
        assert_eq!(c.step, Step::Solved);
        assert_eq!(a.state, AttemptState::Solved);
        assert_eq!(a.finished_at, Some(now));
        // The captured stones are off the board after the last move.
        let board = problem.board_after(&a.moves.0).unwrap();
        assert_eq!(board.get(p("B2")), None);
        assert_eq!(
            a.click(UserId(7), &problem, 5, p("C3"), now),
            Err(Refusal::ProblemOver)
        );
    }

    #[test]
    fn a_wrong_move_is_refuted_and_the_solution_shown_from_before_it() {
        let problem = capture_problem();
        let mut a = open();
        let now = Timestamp::from_millis(5);
        a.click(UserId(7), &problem, 0, p("B1"), now).unwrap();
        let c = a.click(UserId(7), &problem, 2, p("A1"), now).unwrap();
        assert_eq!(
            c.step,
            Step::Failed {
                refutation: Some(p("A3"))
            }
        );
        assert_eq!(a.state, AttemptState::Failed);
        let (before, line) = c.solution.unwrap();
        assert_eq!(before.to_string(), "B1 A2");
        assert_eq!(line.to_string(), "A3 - A1");
        // A move the tree does not list is answered by its `otherwise`.
        let mut b = open();
        let c = b.click(UserId(7), &problem, 0, p("C3"), now).unwrap();
        assert_eq!(
            c.step,
            Step::Failed {
                refutation: Some(p("A2"))
            }
        );
    }

    #[test]
    fn clicks_that_do_not_belong_are_refused_and_change_nothing() {
        let problem = capture_problem();
        let mut a = open();
        let now = Timestamp::from_millis(5);
        let before = a.clone();
        assert_eq!(
            a.click(UserId(8), &problem, 0, p("B1"), now),
            Err(Refusal::NotYourProblem)
        );
        assert_eq!(
            a.click(UserId(7), &problem, 3, p("B1"), now),
            Err(Refusal::StaleProblem)
        );
        // Occupied, and outside the area.
        assert_eq!(
            a.click(UserId(7), &problem, 0, p("B2"), now),
            Err(Refusal::NotAProblemPoint)
        );
        assert_eq!(
            a.click(UserId(7), &problem, 0, p("E5"), now),
            Err(Refusal::NotAProblemPoint)
        );
        assert_eq!(a, before);
        assert!(!a.playable(&problem).contains(&p("B3")));
        assert!(a.playable(&problem).contains(&p("B1")));
    }

    #[test]
    fn move_lists_read_back_what_they_write() {
        let m: MoveList = "B1 A2 - A3".parse().unwrap();
        assert_eq!(m.0.len(), 4);
        assert_eq!(m.0[2], None);
        assert_eq!(m.to_string(), "B1 A2 - A3");
        assert!("B1 Z99".parse::<MoveList>().is_err());
        assert_eq!("".parse::<MoveList>().unwrap(), MoveList::default());
    }
}
