//! A player's quiet hours and morning digest (SPEC §13): in the hours they sleep, the notice of
//! a correspondence move waits until the quiet ends; each morning, if they want it, one message
//! lists the correspondence games where it is their move.
//!
//! Pure: the front end keeps each player's [`NoticeTimes`], asks [`NoticeTimes::is_quiet`]
//! before a notice and [`NoticeTimes::morning`] as the day goes on.

use std::fmt;
use std::str::FromStr;

use super::Timestamp;
use super::training::{Day, UtcOffset};

const MINUTES_A_DAY: u16 = 24 * 60;

/// The morning of a player without quiet hours: 08:00 in their zone.
pub const DEFAULT_MORNING: u16 = 8 * 60;

/// Quiet hours: from `from` to `to`, minutes of the player's day; past midnight when `to` comes
/// before `from` (`22-7`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuietHours {
    pub from: u16,
    pub to: u16,
}

impl QuietHours {
    /// Whether the minute of the day `minute` is quiet (`from` included, `to` excluded).
    pub fn contains(self, minute: u16) -> bool {
        if self.from <= self.to {
            (self.from..self.to).contains(&minute)
        } else {
            minute >= self.from || minute < self.to
        }
    }
}

/// Reads `22-7`, `22:30-07:00`, `23h-6h30`.
impl FromStr for QuietHours {
    type Err = ();

    fn from_str(text: &str) -> Result<QuietHours, ()> {
        let (a, b) = text
            .trim()
            .split_once(['-', '–', '~', '〜', '～'])
            .ok_or(())?;
        let (from, to) = (minute_of_day(a)?, minute_of_day(b)?);
        if from == to {
            return Err(());
        }
        Ok(QuietHours { from, to })
    }
}

/// `7`, `07:30`, `7h30`, `7时` as a minute of the day.
fn minute_of_day(text: &str) -> Result<u16, ()> {
    let t = text.trim().trim_end_matches(['时', '時', '시']);
    let (h, m) = t
        .split_once([':', 'h', 'H'])
        .map_or((t, "0"), |(h, m)| (h, if m.is_empty() { "0" } else { m }));
    let (h, m): (u16, u16) = (
        h.trim().parse().map_err(|_| ())?,
        m.trim().parse().map_err(|_| ())?,
    );
    if h > 24 || m > 59 || (h == 24 && m > 0) {
        return Err(());
    }
    Ok((h * 60 + m) % MINUTES_A_DAY)
}

impl fmt::Display for QuietHours {
    /// `22:00–07:00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:02}:{:02}–{:02}:{:02}",
            self.from / 60,
            self.from % 60,
            self.to / 60,
            self.to % 60
        )
    }
}

/// When a player wants to be told: their zone, their quiet hours, whether they want the
/// morning digest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoticeTimes {
    pub offset: UtcOffset,
    pub quiet: Option<QuietHours>,
    pub digest: bool,
}

impl NoticeTimes {
    /// The minute of the player's day at `now`.
    fn minute(self, now: Timestamp) -> u16 {
        let local = now.millis() + i64::from(self.offset.minutes()) * 60_000;
        u16::try_from(local.rem_euclid(86_400_000) / 60_000).unwrap_or(0)
    }

    /// Whether a correspondence game's notice waits at `now`.
    pub fn is_quiet(self, now: Timestamp) -> bool {
        self.quiet.is_some_and(|q| q.contains(self.minute(now)))
    }

    /// Their morning: the end of their quiet hours, else [`DEFAULT_MORNING`].
    pub fn morning_minute(self) -> u16 {
        self.quiet.map_or(DEFAULT_MORNING, |q| q.to)
    }

    /// The player's day at `now`.
    pub fn day(self, now: Timestamp) -> Day {
        Day::of(now, self.offset)
    }

    /// What is due at `now`: the notices held through the quiet hours (once they are over),
    /// and the day's digest (from their morning on, once a day; `last` the day of the last).
    pub fn morning(self, now: Timestamp, held: bool, last: Option<Day>) -> Morning {
        if self.is_quiet(now) {
            return Morning::default();
        }
        let minute = self.minute(now);
        Morning {
            held,
            digest: self.digest && minute >= self.morning_minute() && last != Some(self.day(now)),
        }
    }
}

/// What a player is owed in the morning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Morning {
    /// The notices held through the quiet hours go now.
    pub held: bool,
    /// The day's digest of correspondence games goes now.
    pub digest: bool,
}

impl Morning {
    /// Whether anything is due.
    pub fn any(self) -> bool {
        self.held || self.digest
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-07 at `h:m` UTC.
    fn at(h: i64, m: i64) -> Timestamp {
        Timestamp::from_millis(1_796_601_600_000 + (h * 60 + m) * 60_000)
    }

    fn tokyo(quiet: &str, digest: bool) -> NoticeTimes {
        NoticeTimes {
            offset: "UTC+9".parse().expect("a zone"),
            quiet: Some(quiet.parse().expect("quiet hours")),
            digest,
        }
    }

    #[test]
    fn quiet_hours_read_as_players_write_them_and_may_pass_midnight() {
        let q: QuietHours = "22-7".parse().expect("hours");
        assert_eq!(q.to_string(), "22:00–07:00");
        assert!(q.contains(23 * 60) && q.contains(0) && q.contains(6 * 60 + 59));
        assert!(!q.contains(7 * 60) && !q.contains(12 * 60));
        let day: QuietHours = "13:30-15h".parse().expect("hours");
        assert!(day.contains(14 * 60) && !day.contains(15 * 60));
        assert_eq!("7-7".parse::<QuietHours>(), Err(()));
        assert_eq!("25-7".parse::<QuietHours>(), Err(()));
        assert_eq!("late".parse::<QuietHours>(), Err(()));
    }

    #[test]
    fn a_notice_waits_in_the_player_s_own_night_not_the_server_s() {
        // 22:00–07:00 in Tokyo is 13:00–22:00 UTC.
        let t = tokyo("22-7", false);
        assert!(t.is_quiet(at(14, 0)));
        assert!(!t.is_quiet(at(22, 0)), "07:00 in Tokyo");
        assert!(!t.is_quiet(at(3, 0)), "noon in Tokyo");
    }

    #[test]
    fn held_notices_go_when_the_quiet_ends_and_the_digest_once_a_day_from_then() {
        let t = tokyo("22-7", true);
        let night = at(20, 0);
        assert!(!t.morning(night, true, None).any(), "still night in Tokyo");
        let morning = at(22, 5);
        let due = t.morning(morning, true, None);
        assert!(due.held && due.digest);
        let today = t.day(morning);
        assert_eq!(today.to_string(), "2026-12-08", "Tokyo's day");
        assert!(!t.morning(morning, false, Some(today)).any(), "once a day");
        // Without quiet hours the digest comes at 08:00.
        let plain = NoticeTimes { quiet: None, ..t };
        assert!(
            !plain.morning(at(22, 30), false, None).digest,
            "07:30 in Tokyo"
        );
        assert!(
            plain.morning(at(23, 0), false, None).digest,
            "08:00 in Tokyo"
        );
    }
}
