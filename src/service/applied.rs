//! Everything one command caused, as the service hands it back.

use crate::game::Outcome;

use super::Failure;

/// Everything one command caused, in order: the deadlines that had fallen due and fired first
/// (already committed, whatever became of the command), then the command's own result.
#[derive(Debug)]
pub struct Applied {
    pub fired: Vec<Outcome>,
    pub result: Result<Outcome, Failure>,
    /// What the command set off, committed with it or after it: the games a round of an event
    /// started, the games a withdrawal or a cancellation ended.
    pub after: Vec<Outcome>,
}

impl Applied {
    /// A result with nothing fired before it.
    pub fn only(result: Result<Outcome, Failure>) -> Applied {
        Applied {
            fired: Vec::new(),
            result,
            after: Vec::new(),
        }
    }

    /// Every committed outcome, fired deadlines first, then the command's own, then what it
    /// set off.
    pub fn outcomes(&self) -> impl Iterator<Item = &Outcome> {
        self.fired
            .iter()
            .chain(self.result.as_ref().ok())
            .chain(self.after.iter())
    }
}
