//! Streaks: the days in a row on which a player solved their server's daily problem (the
//! daily problem only: a streak is a habit of the server's daily post, and any number of
//! other problems on one day would make it a count of clicks).

use super::daily::Day;

/// A player's streak on a server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Streak {
    /// Days in a row, up to the last day solved.
    pub current: u32,
    /// The longest it has been.
    pub best: u32,
    /// The last day a daily problem was solved.
    pub last: Option<Day>,
    /// Daily problems solved in all.
    pub total: u32,
}

impl Streak {
    /// The streak after solving the daily problem of `day` (a day already counted, or one
    /// earlier than the last, changes nothing).
    pub fn solved(self, day: Day) -> Streak {
        match self.last {
            Some(last) if day <= last => self,
            Some(last) if day.0 == last.0 + 1 => self.with(self.current + 1, day),
            _ => self.with(1, day),
        }
    }

    fn with(self, current: u32, day: Day) -> Streak {
        Streak {
            current,
            best: self.best.max(current),
            last: Some(day),
            total: self.total + 1,
        }
    }

    /// The streak as it stands on `today`: broken (0) once a day was missed, since the
    /// daily problem of yesterday or today may still be solved.
    pub fn as_of(self, today: Day) -> u32 {
        match self.last {
            Some(last) if today.0 - last.0 <= 1 => self.current,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_in_a_row_count_and_a_missed_day_starts_again() {
        let s = Streak::default().solved(Day(100));
        assert_eq!((s.current, s.best, s.total), (1, 1, 1));
        let s = s.solved(Day(101)).solved(Day(102));
        assert_eq!((s.current, s.best), (3, 3));
        assert_eq!(s.solved(Day(102)), s, "the same day twice counts once");
        assert_eq!(s.solved(Day(90)), s, "an older day changes nothing");
        let s = s.solved(Day(104));
        assert_eq!((s.current, s.best, s.total), (1, 3, 4));
        assert_eq!(s.as_of(Day(104)), 1);
        assert_eq!(s.as_of(Day(105)), 1, "today's may still be solved");
        assert_eq!(s.as_of(Day(106)), 0);
    }
}
