//! A search as a worker process takes it from the database and answers it: the game as an SGF
//! record with its rules, the level and the seed, as JSON; the answer as a short text. Nothing
//! of the game service: a worker needs only the engine.

use serde::{Deserialize, Serialize};

use crate::go::sgf::{self, Record, RecordInfo};
use crate::go::{Game, Level, Point, Rules};

use super::{Decision, Engine, Limits, Options, Stop};

/// One search for a worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchJob {
    /// The game so far: set-up stones and every move (resumptions included).
    pub sgf: String,
    pub rules: Rules,
    pub level: Level,
    pub may_resign: bool,
    pub seed: u64,
}

/// Why a job cannot be searched.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    #[error("the job is not one this version reads: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the job's record does not replay: {0}")]
    Record(String),
}

impl SearchJob {
    /// The job of choosing the next move of `game`.
    pub fn of(game: &Game, level: Level, may_resign: bool, seed: u64) -> SearchJob {
        SearchJob {
            sgf: sgf::write(game, &RecordInfo::default()),
            rules: *game.rules(),
            level,
            may_resign,
            seed,
        }
    }

    /// The job as stored.
    ///
    /// # Errors
    /// Never in practice (the job is plain data); an error of the JSON writer.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    /// A stored job.
    ///
    /// # Errors
    /// The text is not a job.
    pub fn from_json(text: &str) -> Result<SearchJob, JobError> {
        Ok(serde_json::from_str(text)?)
    }

    /// The game, replayed from its record under its rules.
    ///
    /// # Errors
    /// The record does not parse, or a move in it is illegal.
    pub fn game(&self) -> Result<Game, JobError> {
        let record = Record::parse(&self.sgf).map_err(|e| JobError::Record(e.to_string()))?;
        let replay = record
            .replay(self.rules)
            .map_err(|e| JobError::Record(e.to_string()))?;
        if let Some(illegal) = replay.illegal {
            return Err(JobError::Record(format!(
                "move {} is illegal",
                illegal.move_number
            )));
        }
        Ok(replay.game)
    }

    /// Searches the job within `limits` (its level's, capped by the host) and `stop`.
    ///
    /// # Errors
    /// As [`SearchJob::game`].
    pub fn search(&self, cap: Option<u64>, stop: &dyn Stop) -> Result<Decision, JobError> {
        let game = self.game()?;
        let mut limits: Limits = self.level.default_limits(game.size());
        if let Some(cap) = cap {
            limits.playouts = limits.playouts.min(cap);
        }
        let mut engine = Engine::new(
            self.level,
            Options {
                seed: self.seed,
                resign: self.may_resign,
                ..Options::default()
            },
        );
        Ok(engine.genmove(&game, &limits, stop))
    }
}

/// A decision as stored, as GTP writes it: `pass`, `resign`, or the point (`D4`).
pub fn answer_text(decision: Decision) -> String {
    decision.to_string()
}

/// A stored answer; `None` if it is not one. An answer stored before the GTP form, with the
/// point in SGF coordinates (`dd`), still reads.
pub fn answer_of(text: &str, game_size: crate::go::BoardSize) -> Option<Decision> {
    Decision::parse_on(text, game_size)
        .or_else(|| Point::from_sgf(text, game_size).map(Decision::Play))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{BoardSize, Move, RuleSet};

    struct Never;
    impl Stop for Never {
        fn stop(&self) -> bool {
            false
        }
    }

    #[test]
    fn a_job_carries_its_game_and_rules_through_json() {
        let size = BoardSize::new(9).unwrap();
        let rules = RuleSet::Aga.rules();
        let mut game = Game::new(size, rules);
        for p in ["ee", "cc", "gg"] {
            game.play(Move::Play(Point::from_sgf(p, size).unwrap()))
                .unwrap();
        }
        game.play(Move::Pass).unwrap();
        let job = SearchJob::of(&game, Level::Beginner, false, 7);
        let back = SearchJob::from_json(&job.to_json().unwrap()).unwrap();
        assert_eq!(back, job);
        let replayed = back.game().unwrap();
        assert_eq!(replayed.moves(), game.moves());
        assert_eq!(replayed.rules(), game.rules());
        assert_eq!(replayed.to_move(), game.to_move());
        let d = back.search(Some(200), &Never).unwrap();
        assert_eq!(answer_of(&answer_text(d), size), Some(d));
        if let Decision::Play(p) = d {
            assert!(replayed.is_legal(Move::Play(p)), "{p:?}");
        }
    }

    #[test]
    fn an_answer_reads_as_gtp_writes_it_and_as_it_was_stored_before() {
        let size = BoardSize::NINE;
        for d in [
            Decision::Pass,
            Decision::Resign,
            Decision::Play("C7".parse().unwrap()),
        ] {
            assert_eq!(answer_text(d), d.to_string());
            assert_eq!(answer_of(&answer_text(d), size), Some(d));
        }
        assert_eq!(answer_of("PASS", size), Some(Decision::Pass));
        // The SGF coordinates answers were stored in before.
        assert_eq!(
            answer_of("cc", size),
            Point::from_sgf("cc", size).map(Decision::Play)
        );
        assert_eq!(answer_of("C7", size), answer_of("cc", size));
        for garbage in ["", "Z99", "T19", "c", "resign!"] {
            assert_eq!(answer_of(garbage, size), None, "{garbage:?}");
        }
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(SearchJob::from_json("{").is_err());
        let size = BoardSize::new(9).unwrap();
        assert_eq!(answer_of("zz", size), None);
        assert_eq!(answer_of("", size), None);
    }
}
