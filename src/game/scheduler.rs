//! Deadlines: the clock, the set of armed timers, and the task that fires them.
//!
//! Every fired deadline becomes a [`Command::Timeout`](super::Command::Timeout) applied by
//! [`Service::apply`] — the same path as a click. Tests drive time by hand with
//! [`ManualClock`] and [`Service::tick`]; the bot runs [`run_scheduler`].

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use super::service::Service;
use super::{Failure, Millis, Outcome, TimerId};

/// Where the time comes from. The game logic never asks: the service's callers do.
pub trait Clock: Send + Sync {
    /// UTC milliseconds since the Unix epoch.
    fn now(&self) -> Millis;
}

/// The real clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }
}

/// A clock moved by hand, for tests.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock showing `now`.
    pub fn new(now: Millis) -> ManualClock {
        ManualClock(AtomicI64::new(now))
    }

    /// Moves the clock forward by `ms` and returns the new time.
    pub fn advance(&self, ms: Millis) -> Millis {
        self.0.fetch_add(ms, Ordering::SeqCst) + ms
    }

    /// Sets the time.
    pub fn set(&self, now: Millis) {
        self.0.store(now, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// The next deadline of every invitation and running match, ordered by time.
#[derive(Debug, Default)]
pub struct Timers {
    by_time: BTreeSet<(Millis, TimerId)>,
    by_id: HashMap<TimerId, Millis>,
}

impl Timers {
    /// Arms (or re-arms, or with `None` disarms) the timer of `id`.
    pub fn set(&mut self, id: TimerId, at: Option<Millis>) {
        if let Some(old) = self.by_id.remove(&id) {
            self.by_time.remove(&(old, id));
        }
        if let Some(at) = at {
            self.by_id.insert(id, at);
            self.by_time.insert((at, id));
        }
    }

    /// The earliest armed deadline.
    pub fn next(&self) -> Option<Millis> {
        self.by_time.first().map(|&(at, _)| at)
    }

    /// Removes and returns every timer due at `now`, earliest first.
    pub fn take_due(&mut self, now: Millis) -> Vec<TimerId> {
        let mut due = Vec::new();
        while let Some(&(at, id)) = self.by_time.first() {
            if at > now {
                break;
            }
            self.by_time.pop_first();
            self.by_id.remove(&id);
            due.push(id);
        }
        due
    }

    /// The deadline armed for `id`.
    pub fn get(&self, id: TimerId) -> Option<Millis> {
        self.by_id.get(&id).copied()
    }

    /// Number of armed timers.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// Whether no timer is armed.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

/// Longest sleep between two looks at the timers (a safety net; changes wake it at once).
const MAX_SLEEP_MS: Millis = 30_000;

/// Fires deadlines until `shutdown` turns true: sleeps until the next deadline (or until the
/// service arms an earlier one), then applies the due timeouts off the async threads and
/// sends every outcome to `outcomes` for the adapter to show.
pub async fn run_scheduler(
    service: Arc<Service>,
    clock: Arc<dyn Clock>,
    outcomes: mpsc::UnboundedSender<Result<Outcome, Failure>>,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        if *shutdown.borrow() {
            break;
        }
        let now = clock.now();
        let next = service.next_deadline();
        if next.is_some_and(|d| d <= now) {
            let svc = Arc::clone(&service);
            match tokio::task::spawn_blocking(move || svc.tick(now)).await {
                Ok(results) => {
                    for r in results {
                        if outcomes.send(r).is_err() {
                            return;
                        }
                    }
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
            continue;
        }
        let wait = next.map_or(MAX_SLEEP_MS, |d| (d - now).clamp(1, MAX_SLEEP_MS));
        let wait = Duration::from_millis(u64::try_from(wait).unwrap_or(1));
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = service.timers_changed() => {}
            r = shutdown.changed() => if r.is_err() { break },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timers_fire_in_time_order_and_rearm_replaces() {
        let mut t = Timers::default();
        t.set(TimerId::Match(1), Some(300));
        t.set(TimerId::Invitation(2), Some(100));
        t.set(TimerId::Match(3), Some(200));
        t.set(TimerId::Match(3), Some(50));
        t.set(TimerId::Match(1), None);
        assert_eq!(t.next(), Some(50));
        assert_eq!(
            t.take_due(150),
            vec![TimerId::Match(3), TimerId::Invitation(2)]
        );
        assert!(t.is_empty());
    }
}
