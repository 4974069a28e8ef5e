//! Where the time comes from. The game never asks; the runtime reads a [`Clock`] and passes
//! the time in with every command.

use std::sync::atomic::{AtomicI64, Ordering};

use crate::game::{Duration, Timestamp};

/// A source of the current time.
pub trait Clock: Send + Sync {
    /// Now, as UTC milliseconds since the Unix epoch.
    fn now(&self) -> Timestamp;
}

/// The real clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        let ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        Timestamp::from_millis(ms)
    }
}

/// The system's time plus an offset read from a file at each look (milliseconds, as text; a
/// file missing or unreadable adds nothing): how an end-to-end test lets days pass for the
/// real binary.
#[derive(Debug, Clone)]
pub struct OffsetClock {
    pub file: std::path::PathBuf,
}

impl Clock for OffsetClock {
    fn now(&self) -> Timestamp {
        let offset = std::fs::read_to_string(&self.file)
            .ok()
            .and_then(|t| t.trim().parse::<i64>().ok())
            .unwrap_or(0);
        Timestamp::from_millis(SystemClock.now().millis().saturating_add(offset))
    }
}

/// A clock moved by hand, for tests.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock showing `now`.
    pub fn new(now: Timestamp) -> ManualClock {
        ManualClock(AtomicI64::new(now.millis()))
    }

    /// Moves the clock forward by `d` and returns the new time.
    pub fn advance(&self, d: Duration) -> Timestamp {
        let ms = crate::game::Duration::as_millis(&d);
        let ms = i64::try_from(ms).unwrap_or(i64::MAX);
        Timestamp::from_millis(self.0.fetch_add(ms, Ordering::SeqCst).saturating_add(ms))
    }

    /// Sets the time.
    pub fn set(&self, now: Timestamp) {
        self.0.store(now.millis(), Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        Timestamp::from_millis(self.0.load(Ordering::SeqCst))
    }
}
