//! The daily problem's calendar: which day it is in the server's time zone, when that day's
//! problem is posted, and so when the day before's solution is shown (with the next post).
//!
//! A server's time zone is a fixed offset from UTC (the `timezone` setting, `UTC+8`): the
//! bot carries no database of zones, and a moderator whose country changes its clocks in
//! summer changes the setting, or lives with the hour moving by one.

use std::fmt;
use std::str::FromStr;

use super::super::{ChannelId, Timestamp, UserId};

const DAY_MS: i64 = 86_400_000;
const HOUR_MS: i64 = 3_600_000;
const MINUTE_MS: i64 = 60_000;

/// The Julian day of 1970-01-01, for the calendar library.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

/// A calendar day in a server's time zone: days since 1970-01-01.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Day(pub i64);

impl Day {
    /// The day it is at `now` in the zone `offset`.
    pub fn of(now: Timestamp, offset: UtcOffset) -> Day {
        Day((now.millis() + offset.millis()).div_euclid(DAY_MS))
    }

    /// The day after.
    pub fn next(self) -> Day {
        Day(self.0 + 1)
    }

    /// The day before.
    pub fn previous(self) -> Day {
        Day(self.0 - 1)
    }
}

impl fmt::Display for Day {
    /// `2026-12-07`, or the day's number outside the calendar's years.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let date = i32::try_from(self.0 + UNIX_EPOCH_JULIAN_DAY)
            .ok()
            .and_then(|j| time::Date::from_julian_day(j).ok());
        match date {
            Some(d) => write!(
                f,
                "{:04}-{:02}-{:02}",
                d.year(),
                u8::from(d.month()),
                d.day()
            ),
            None => write!(f, "day {}", self.0),
        }
    }
}

impl FromStr for Day {
    type Err = ();

    /// `2026-12-07`.
    fn from_str(text: &str) -> Result<Day, ()> {
        let mut parts = text.trim().splitn(3, '-');
        let mut next = || parts.next().and_then(|s| s.parse::<i32>().ok());
        let (y, m, d) = (next().ok_or(())?, next().ok_or(())?, next().ok_or(())?);
        let month = u8::try_from(m)
            .ok()
            .and_then(|m| time::Month::try_from(m).ok())
            .ok_or(())?;
        let day = u8::try_from(d).map_err(|_| ())?;
        let date = time::Date::from_calendar_date(y, month, day).map_err(|_| ())?;
        Ok(Day(i64::from(date.to_julian_day()) - UNIX_EPOCH_JULIAN_DAY))
    }
}

/// A server's time zone as its offset from UTC, in minutes (−12:00 to +14:00).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UtcOffset(i16);

impl UtcOffset {
    /// UTC itself.
    pub const UTC: UtcOffset = UtcOffset(0);

    /// The offset of `minutes` east of UTC, if it is one the world uses the range of.
    pub fn from_minutes(minutes: i32) -> Option<UtcOffset> {
        (-12 * 60..=14 * 60)
            .contains(&minutes)
            .then_some(UtcOffset(minutes as i16))
    }

    /// Minutes east of UTC.
    pub fn minutes(self) -> i32 {
        i32::from(self.0)
    }

    fn millis(self) -> i64 {
        i64::from(self.0) * MINUTE_MS
    }
}

impl fmt::Display for UtcOffset {
    /// `UTC`, `UTC+8`, `UTC-3:30`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.minutes();
        if m == 0 {
            return f.write_str("UTC");
        }
        let sign = if m < 0 { '-' } else { '+' };
        let (h, mm) = (m.abs() / 60, m.abs() % 60);
        if mm == 0 {
            write!(f, "UTC{sign}{h}")
        } else {
            write!(f, "UTC{sign}{h}:{mm:02}")
        }
    }
}

impl FromStr for UtcOffset {
    type Err = ();

    /// `UTC`, `GMT`, `UTC+8`, `+08:00`, `-3:30`, `+0530`, `9`.
    fn from_str(text: &str) -> Result<UtcOffset, ()> {
        let t = text.trim().to_ascii_uppercase();
        let t = t
            .strip_prefix("UTC")
            .or_else(|| t.strip_prefix("GMT"))
            .unwrap_or(&t)
            .trim();
        if t.is_empty() {
            return Ok(UtcOffset::UTC);
        }
        let (sign, rest) = match t.as_bytes().first() {
            Some(b'+') => (1, &t[1..]),
            Some(b'-') => (-1, &t[1..]),
            _ => (1, t),
        };
        let (h, m) = match rest.split_once(':') {
            Some((h, m)) => (h, m),
            None if rest.len() == 4 => rest.split_at(2),
            None => (rest, "0"),
        };
        let h: i32 = h.parse().map_err(|_| ())?;
        let m: i32 = m.parse().map_err(|_| ())?;
        if !(0..60).contains(&m) || !(0..=14).contains(&h) {
            return Err(());
        }
        UtcOffset::from_minutes(sign * (h * 60 + m)).ok_or(())
    }
}

/// A server's daily problem of one day, chosen and to be posted, and the day before's, whose
/// solution is shown with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyPost {
    pub day: Day,
    pub problem: u64,
    pub channel: ChannelId,
    pub previous: Option<PastDaily>,
}

/// A daily problem that is over: its solution and who solved it, first solver first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PastDaily {
    pub day: Day,
    pub problem: u64,
    pub channel: ChannelId,
    pub solvers: Vec<UserId>,
}

/// When a server's daily problem is posted: an hour of the day in its time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailyTime {
    /// 0 to 23.
    pub hour: u8,
    pub offset: UtcOffset,
}

impl DailyTime {
    /// The day it is at `now` in the server's zone.
    pub fn today(self, now: Timestamp) -> Day {
        Day::of(now, self.offset)
    }

    /// The moment the problem of `day` is posted.
    pub fn post_at(self, day: Day) -> Timestamp {
        Timestamp::from_millis(
            day.0 * DAY_MS + i64::from(self.hour.min(23)) * HOUR_MS - self.offset.millis(),
        )
    }

    /// The day whose problem is to be posted at `now`, if one is: today's, once its hour
    /// has come, unless `last` (the last day posted) is today already. A day the bot was
    /// down through is not posted late the day after: that day has its own problem.
    pub fn due(self, now: Timestamp, last: Option<Day>) -> Option<Day> {
        let today = self.today(now);
        let posted = last.is_some_and(|l| l >= today);
        (!posted && self.post_at(today) <= now).then_some(today)
    }

    /// The next moment a post falls due, from `now` (at or before `now` when one is due).
    pub fn next_post(self, now: Timestamp, last: Option<Day>) -> Timestamp {
        let today = self.today(now);
        if last.is_some_and(|l| l >= today) {
            self.post_at(today.next())
        } else {
            self.post_at(today)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-07 00:00 UTC.
    const MONDAY: i64 = 1_796_601_600_000;

    fn at(hours: f64) -> Timestamp {
        Timestamp::from_millis(MONDAY + (hours * HOUR_MS as f64) as i64)
    }

    #[test]
    fn days_are_the_servers_calendar_days() {
        let utc = UtcOffset::UTC;
        let beijing: UtcOffset = "UTC+8".parse().unwrap();
        let new_york: UtcOffset = "-05:00".parse().unwrap();
        assert_eq!(Day::of(at(0.0), utc).to_string(), "2026-12-07");
        assert_eq!(Day::of(at(-0.001), utc).to_string(), "2026-12-06");
        assert_eq!(Day::of(at(17.0), beijing).to_string(), "2026-12-08");
        assert_eq!(Day::of(at(3.0), new_york).to_string(), "2026-12-06");
        let d: Day = "2026-12-07".parse().unwrap();
        assert_eq!(d, Day::of(at(12.0), utc));
        assert_eq!(d.next().to_string(), "2026-12-08");
        assert!("2026-13-01".parse::<Day>().is_err());
    }

    #[test]
    fn offsets_read_as_moderators_write_them() {
        for (text, minutes) in [
            ("UTC", 0),
            ("gmt", 0),
            ("UTC+8", 480),
            ("+08:00", 480),
            ("-3:30", -210),
            ("+0530", 330),
            ("9", 540),
            ("UTC-12", -720),
            ("UTC+14", 840),
        ] {
            let o: UtcOffset = text.parse().unwrap_or_else(|()| panic!("{text}"));
            assert_eq!(o.minutes(), minutes, "{text}");
            assert_eq!(o.to_string().parse::<UtcOffset>(), Ok(o));
        }
        for bad in ["UTC+15", "-13", "+8:60", "Europe/Paris", "+x"] {
            assert!(bad.parse::<UtcOffset>().is_err(), "{bad}");
        }
        assert_eq!(
            "UTC-3:30".parse::<UtcOffset>().unwrap().to_string(),
            "UTC-3:30"
        );
    }

    #[test]
    fn a_day_is_posted_once_at_its_hour_and_a_day_slept_through_is_not_posted_late() {
        let t = DailyTime {
            hour: 9,
            offset: "UTC+8".parse().unwrap(),
        };
        // 09:00 in Beijing is 01:00 UTC.
        assert_eq!(t.post_at(t.today(at(1.0))), at(1.0));
        assert_eq!(t.due(at(0.9), None), None);
        assert_eq!(t.next_post(at(0.9), None), at(1.0));
        let monday = t.today(at(1.0));
        assert_eq!(t.due(at(1.0), None), Some(monday));
        assert_eq!(
            t.due(at(5.0), None),
            Some(monday),
            "late the same day: posted"
        );
        assert_eq!(
            t.due(at(5.0), Some(monday)),
            None,
            "posted already: not twice"
        );
        assert_eq!(t.next_post(at(5.0), Some(monday)), at(25.0));
        // Down from Monday's post to Wednesday's afternoon: Wednesday's, not Tuesday's.
        let wednesday = t.due(at(50.0), Some(monday)).unwrap();
        assert_eq!(wednesday.0, monday.0 + 2);
    }
}
