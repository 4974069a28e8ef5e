//! The game a review goes through: a record read from SGF (an uploaded file, or a finished
//! game's own record), replayed under its own rules and komi.

use crate::go::sgf::{Record, RecordInfo, SgfError};
use crate::go::{Game, RuleSet};

/// The largest record accepted, in bytes: a long game with comments is well under it.
pub const MAX_SGF_BYTES: usize = 512 * 1024;

/// The most moves a reviewed game may have.
pub const MAX_MOVES: usize = 600;

/// A game to review: replayed, with what its record says beside the moves.
#[derive(Debug, Clone)]
pub struct Source {
    pub game: Game,
    pub info: RecordInfo,
    /// The rule set it was replayed under (the record's RU, else classic).
    pub rules: RuleSet,
}

/// Why a record cannot be reviewed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    #[error("the file is {bytes} bytes; at most {max} are read")]
    TooLarge { bytes: usize, max: usize },
    #[error("{0}")]
    Sgf(#[from] SgfError),
    #[error("move {move_number} is illegal under the record's rules")]
    Illegal { move_number: usize },
    #[error("the record has no moves")]
    NoMoves,
    #[error("the record has {moves} moves; at most {max} are reviewed")]
    TooLong { moves: usize, max: usize },
}

impl Source {
    /// Reads a record: its rules from RU (else classic), its komi from KM (else the rules'
    /// own), replayed to its end.
    ///
    /// # Errors
    /// Too large, unreadable, not Go, a board outside 5 to 19, an illegal move, no moves, or
    /// too many.
    pub fn from_sgf(bytes: &[u8]) -> Result<Source, SourceError> {
        if bytes.len() > MAX_SGF_BYTES {
            return Err(SourceError::TooLarge {
                bytes: bytes.len(),
                max: MAX_SGF_BYTES,
            });
        }
        let record = Record::from_bytes(bytes)?;
        let (rules, komi) = record.rule_set_and_komi(None, None);
        let replay = record.replay(rules.with_komi(komi))?;
        if let Some(illegal) = replay.illegal {
            return Err(SourceError::Illegal {
                move_number: illegal.move_number,
            });
        }
        let moves = replay.game.moves().len();
        if moves == 0 {
            return Err(SourceError::NoMoves);
        }
        if moves > MAX_MOVES {
            return Err(SourceError::TooLong {
                moves,
                max: MAX_MOVES,
            });
        }
        let info = RecordInfo {
            black: record.black.clone(),
            white: record.white.clone(),
            date: record.date.clone(),
            result: record.result.clone(),
            rules: record.rules.clone(),
            comment: record.root_comment.clone(),
            ..RecordInfo::default()
        };
        Ok(Source {
            game: replay.game,
            info,
            rules,
        })
    }
}
