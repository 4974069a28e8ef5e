//! A bell threads wait on: rung by a listener (PostgreSQL's `NOTIFY`), heard by every thread
//! waiting, with a timeout for a ring that was missed.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Counts its rings; a waiter remembers the count it last saw.
#[derive(Default)]
pub(super) struct Bell {
    rung: Mutex<u64>,
    ring: Condvar,
}

impl Bell {
    /// Wakes every thread waiting.
    pub(super) fn ring(&self) {
        *self.rung.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.ring.notify_all();
    }

    /// Waits until the bell rings past `seen` (at once if it rang since), or `timeout` passes;
    /// `seen` becomes the count heard.
    pub(super) fn wait(&self, seen: &mut u64, timeout: Duration) {
        let guard = self.rung.lock().unwrap_or_else(|e| e.into_inner());
        let (guard, _) = self
            .ring
            .wait_timeout_while(guard, timeout, |n| *n == *seen)
            .unwrap_or_else(|e| e.into_inner());
        *seen = *guard;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Instant;

    #[test]
    fn a_ring_wakes_a_waiter_and_one_missed_is_heard_at_once() {
        let bell = Arc::new(Bell::default());
        let mut seen = 0;
        // Nothing rang: the wait times out.
        bell.wait(&mut seen, Duration::from_millis(10));
        assert_eq!(seen, 0);
        // A ring before the wait is not lost.
        bell.ring();
        let started = Instant::now();
        bell.wait(&mut seen, Duration::from_secs(30));
        assert_eq!(seen, 1);
        assert!(started.elapsed() < Duration::from_secs(30));
        // A ring from another thread wakes the waiter.
        let ringer = Arc::clone(&bell);
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(20));
            ringer.ring();
        });
        bell.wait(&mut seen, Duration::from_secs(30));
        assert_eq!(seen, 2);
        t.join().unwrap();
    }
}
