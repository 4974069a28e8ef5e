//! The task that turns deadlines into commands: it sleeps until the service's next deadline
//! (or until a command arms an earlier one), then fires what is due off the async threads and
//! hands every outcome to the front end.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tracing::{debug, error};

use crate::game::Outcome;
use crate::service::Failure;

use super::Inner;

/// Longest sleep between two looks at the timers (a safety net; changes wake it at once).
const MAX_SLEEP: Duration = Duration::from_secs(30);

/// Fires deadlines until `shutdown` turns true.
pub(super) async fn run(
    inner: Arc<Inner>,
    outcomes: mpsc::UnboundedSender<Outcome>,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        if *shutdown.borrow() {
            break;
        }
        let now = inner.clock.now();
        let next = inner.service.next_deadline();
        if next.is_some_and(|d| d <= now) {
            let worker = Arc::clone(&inner);
            let ticked = tokio::task::spawn_blocking(move || {
                let results = worker.service.tick(now);
                super::computer_workers::consider(
                    &worker,
                    results.iter().filter_map(|r| r.as_ref().ok()),
                );
                results
            });
            match ticked.await {
                Ok(results) => {
                    for r in results {
                        match r {
                            Ok(outcome) => {
                                if outcomes.send(outcome).is_err() {
                                    return;
                                }
                            }
                            Err(Failure::Refused(r)) => debug!(refusal = %r, "deadline refused"),
                            Err(f) => error!(error = %f, "a deadline failed; it is retried"),
                        }
                    }
                }
                Err(e) => {
                    error!(error = %e, "the deadline task failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
            continue;
        }
        let wait = next.map_or(MAX_SLEEP, |d| {
            now.until(d).clamp(Duration::from_millis(1), MAX_SLEEP)
        });
        inner
            .sleeping_until
            .store((now + wait).millis(), Ordering::SeqCst);
        // A deadline armed between the look above and the store was not compared with this
        // sleep by the command that armed it: look once more before sleeping.
        let again = inner.service.next_deadline();
        if again.is_some() && (next.is_none() || again < next) {
            continue;
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = inner.wake.notified() => {}
            r = shutdown.changed() => if r.is_err() { break },
        }
    }
}
