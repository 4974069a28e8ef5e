//! Time as the game sees it: a [`Timestamp`] is a moment (passed in, never read from a clock
//! here), a [`Duration`] a length of time. The two never mix by accident.

use std::fmt;
use std::ops::Add;

pub use std::time::Duration;

/// A [`Duration`] written as whole milliseconds, the way every stored form writes a length of
/// time (`#[serde(with = "crate::game::time::as_millis")]`).
pub mod as_millis {
    use super::Duration;

    /// Milliseconds of `d` (a game's lengths are far below `u64::MAX`, which caps them).
    ///
    /// # Errors
    /// As the serializer's.
    pub fn serialize<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }

    /// A duration from whole milliseconds.
    ///
    /// # Errors
    /// The value is not a non-negative whole number.
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        <u64 as serde::Deserialize>::deserialize(d).map(Duration::from_millis)
    }
}

/// A moment: UTC milliseconds since the Unix epoch, as stored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Timestamp(i64);

impl Timestamp {
    /// The moment `ms` milliseconds after the epoch.
    pub const fn from_millis(ms: i64) -> Timestamp {
        Timestamp(ms)
    }

    /// Milliseconds since the epoch.
    pub const fn millis(self) -> i64 {
        self.0
    }

    /// Whole seconds since the epoch (rounded down), as Discord's timestamps take them.
    pub const fn seconds(self) -> i64 {
        self.0.div_euclid(1000)
    }

    /// The UTC calendar date of the moment, as SGF's `DT` writes it (`2026-12-01`); `None`
    /// outside the years the calendar library knows.
    pub fn utc_date(self) -> Option<String> {
        let nanos = i128::from(self.0) * 1_000_000;
        let date = time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
            .ok()?
            .date();
        Some(format!(
            "{:04}-{:02}-{:02}",
            date.year(),
            u8::from(date.month()),
            date.day()
        ))
    }

    /// The time from `self` until `later`; zero if `later` is not later.
    pub fn until(self, later: Timestamp) -> Duration {
        Duration::from_millis(u64::try_from(later.0.saturating_sub(self.0)).unwrap_or(0))
    }
}

/// Milliseconds of a duration, saturating.
pub fn millis_of(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Add<Duration> for Timestamp {
    type Output = Timestamp;

    /// Saturating: a far deadline never wraps around into the past.
    fn add(self, d: Duration) -> Timestamp {
        Timestamp(self.0.saturating_add(millis_of(d)))
    }
}

impl fmt::Debug for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t{}", self.0)
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ms", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_has_a_utc_date() {
        assert_eq!(
            Timestamp::from_millis(0).utc_date().as_deref(),
            Some("1970-01-01")
        );
        // 2026-12-01 23:59:59.999 UTC, and the next millisecond.
        let t = Timestamp::from_millis(1_796_169_599_999);
        assert_eq!(t.utc_date().as_deref(), Some("2026-12-01"));
        assert_eq!(
            Timestamp::from_millis(t.millis() + 1).utc_date().as_deref(),
            Some("2026-12-02")
        );
        assert_eq!(Timestamp::from_millis(i64::MAX).utc_date(), None);
    }

    #[test]
    fn a_moment_plus_a_duration_saturates_and_until_never_goes_negative() {
        let t = Timestamp::from_millis(1_000);
        assert_eq!((t + Duration::from_secs(2)).millis(), 3_000);
        assert_eq!(
            (Timestamp::from_millis(i64::MAX - 1) + Duration::from_secs(5)).millis(),
            i64::MAX
        );
        assert_eq!(t.until(Timestamp::from_millis(500)), Duration::ZERO);
        assert_eq!(
            t.until(Timestamp::from_millis(2_500)),
            Duration::from_millis(1_500)
        );
        assert_eq!(Timestamp::from_millis(-1).seconds(), -1);
    }
}
