//! The estimate during play (形势判断): the use counted through the one path of every command,
//! then the engine's estimate of the position worked out on the blocking pool — never on the
//! async threads, and outside the match's lock, so that no move waits for the playouts.

use std::sync::Arc;

use crate::game::matches::Match;
use crate::game::{Command, Event, Subject};
use crate::go::PositionEstimate;
use crate::service::{Applied, Failure};
use crate::store::StoreError;

use super::{Handle, blocking, computer_workers};

/// What a request for an estimate gave: every outcome the command caused (show them as any
/// command's), and — when the use was granted and committed — the match as it was estimated
/// with the engine's estimate. `None` with a granted use only if the game ended in between.
#[derive(Debug)]
pub struct EstimateAnswer {
    pub applied: Applied,
    pub estimate: Option<(Match, PositionEstimate)>,
}

impl Handle {
    /// Applies a [`Command::Estimate`] at the clock's time and, once its use is committed, works
    /// out the estimate of the match as it then stands, in the same task on the blocking pool.
    pub async fn estimate(&self, command: Command) -> EstimateAnswer {
        let inner = Arc::clone(&self.inner);
        let now = self.now();
        let answer = blocking(move || {
            let applied = inner.service.apply(command, now);
            computer_workers::consider(&inner, applied.outcomes());
            let granted = applied.result.as_ref().ok().and_then(|o| {
                let given = o
                    .events
                    .iter()
                    .any(|e| matches!(e, Event::EstimateGiven { .. }));
                match o.subject {
                    Subject::Match(id) if given => Some(id),
                    _ => None,
                }
            });
            let estimate = granted.and_then(|id| inner.service.estimate_of(id));
            EstimateAnswer { applied, estimate }
        })
        .await;
        match answer {
            Ok(answer) => {
                self.inner.rearm();
                answer
            }
            Err(e) => {
                tracing::error!(error = %e, "the estimate's task failed");
                EstimateAnswer {
                    applied: Applied::only(Err(Failure::Internal(StoreError::Task(e.to_string())))),
                    estimate: None,
                }
            }
        }
    }
}
