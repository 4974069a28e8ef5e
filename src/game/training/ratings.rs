//! The ratings of the training ground, as Lichess rates its puzzles: an attempt is a game
//! between the player and the problem, won by the player if solved, and both ratings move by
//! Glicko-2 (`game::rating`, through `skillratings`). A player's training rating is their own,
//! apart from ranked play's; a problem starts at the rank its proof suggests, with a wide
//! deviation, and settles as people try it.

use crate::problems::Problem;

use super::super::rating::{self, Rating, Score, rating_of};

/// A player's training rating before their first attempt (Lichess and OGS alike start at
/// 1500 with a wide deviation: about 6 kyu, moved quickly by the first attempts).
pub const TRAINING_START: Rating = rating::START;

/// The deviation a problem starts with: as wide as a new player's, so the first attempts
/// correct a wrong estimate quickly.
pub const PROBLEM_DEVIATION: f64 = 350.0;

/// A problem's rating before anyone tried it: its proof's estimate of its rank.
pub fn problem_start(problem: &Problem) -> Rating {
    Rating {
        rating: rating_of(problem.rank),
        deviation: PROBLEM_DEVIATION,
        volatility: rating::START.volatility,
    }
}

/// The player's and the problem's ratings after an attempt (`solved` or not).
pub fn rate_attempt(player: Rating, problem: Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { Score::Win } else { Score::Loss };
    rating::rate_game(player, problem, score, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::training::fixtures::capture_problem;

    #[test]
    fn a_problem_starts_at_its_estimated_rank() {
        let r = problem_start(&capture_problem());
        assert!((r.rank_value() - 10.0).abs() < 1e-9);
        assert_eq!(r.deviation, PROBLEM_DEVIATION);
    }

    #[test]
    fn solving_raises_the_player_and_lowers_the_problem_and_failing_the_reverse() {
        let problem = problem_start(&capture_problem());
        let (p, q) = rate_attempt(TRAINING_START, problem, true);
        assert!(p.rating > TRAINING_START.rating && q.rating < problem.rating);
        assert!(p.deviation < TRAINING_START.deviation);
        let (p, q) = rate_attempt(TRAINING_START, problem, false);
        assert!(p.rating < TRAINING_START.rating && q.rating > problem.rating);
        // Failing a problem far below one's rating costs more than failing one far above.
        let hard = Rating {
            rating: 2200.0,
            ..problem
        };
        let easy = Rating {
            rating: 800.0,
            ..problem
        };
        let lost_hard = TRAINING_START.rating - rate_attempt(TRAINING_START, hard, false).0.rating;
        let lost_easy = TRAINING_START.rating - rate_attempt(TRAINING_START, easy, false).0.rating;
        assert!(lost_easy > lost_hard);
    }
}
