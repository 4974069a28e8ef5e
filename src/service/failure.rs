//! What the service answers when a command does not go through: refused by the game's rules
//! (a [`Refusal`], told to the user in their language), or failed inside (the database, a
//! stored game that cannot be replayed), when nothing changed.

use crate::game::{MatchId, Refusal};
use crate::store::StoreError;

use super::LoadError;

/// A command that did not go through: refused by the rules, or failed inside.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error("refused: {0}")]
    Refused(#[from] Refusal),
    /// The database (or another internal part) failed. Nothing changed; log the cause.
    #[error("internal: {0}")]
    Internal(#[from] StoreError),
    /// A stored game that cannot be replayed (reported at start-up too). Nothing changed.
    #[error("match {match_id} cannot be loaded: {error}")]
    Unloadable { match_id: MatchId, error: LoadError },
}

impl Failure {
    /// The refusal, if it was one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Failure::Refused(r) => Some(r),
            Failure::Internal(_) | Failure::Unloadable { .. } => None,
        }
    }
}
