//! Time controls: the seed's fixed time a turn, and the real clocks Go servers use — byo-yomi,
//! Fischer, correspondence (Fischer in days) and the Ing rules' penalty overtime (罚点延时).
//!
//! Pure arithmetic on a [`PlayerClock`]: how long the player to move may still think from the
//! start of their turn ([`TimeControl::time_to_lose`]), and what is left after a move that took
//! `elapsed` ([`TimeControl::after_move`]). A clock is charged only when a move is made, so one
//! stored deadline a turn is enough: byo-yomi periods spent during a long think are counted
//! when the move comes, and the game is lost when the last one runs out.

use std::fmt;
use std::str::FromStr;

use super::time::Duration;

/// A day, the unit of correspondence games.
pub const DAY: Duration = Duration::from_secs(24 * 3600);
/// An hour.
pub const HOUR: Duration = Duration::from_secs(3600);

/// How a game's time is kept.
///
/// Stored as its own typed form, JSON with a version (`{"v":1,"kind":"byo-yomi","main_ms":600000,
/// "periods":5,"period_ms":30000}`): the names below are that form's, not the text a moderator
/// types, so that a stored game never depends on what a setting accepts today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TimeControl {
    /// The seed's: a fixed time a turn (the server's `turn-timeout-seconds`), then an automatic
    /// pass; the match's real-time cap applies.
    Turn,
    /// Main time, then `periods` periods of `period` each: a move within a period keeps it,
    /// a period used up is gone, the last one used up loses the game.
    ByoYomi {
        #[serde(rename = "main_ms", with = "crate::game::time::as_millis")]
        main: Duration,
        periods: u32,
        #[serde(rename = "period_ms", with = "crate::game::time::as_millis")]
        period: Duration,
    },
    /// Initial time, `increment` added after each move, never above `max`.
    Fischer {
        #[serde(rename = "initial_ms", with = "crate::game::time::as_millis")]
        initial: Duration,
        #[serde(rename = "increment_ms", with = "crate::game::time::as_millis")]
        increment: Duration,
        #[serde(rename = "max_ms", with = "crate::game::time::as_millis")]
        max: Duration,
    },
    /// Fischer counted in days, with no real-time cap on the game; the player to move is
    /// reminded a day and an hour before their time runs out.
    Correspondence {
        #[serde(rename = "initial_ms", with = "crate::game::time::as_millis")]
        initial: Duration,
        #[serde(rename = "increment_ms", with = "crate::game::time::as_millis")]
        increment: Duration,
        #[serde(rename = "max_ms", with = "crate::game::time::as_millis")]
        max: Duration,
    },
    /// The Ing rules' overtime: once the main time is spent, 2 points off the player's score,
    /// 2 more at each further sixth of the main time, and the game lost at half of it.
    Penalty {
        #[serde(rename = "main_ms", with = "crate::game::time::as_millis")]
        main: Duration,
    },
    /// Canadian byo-yomi (KGS, OGS): main time, then `stones` moves to play within each
    /// `period`; the period's time left carries from move to move, and a new period begins
    /// once its stones are played; the game is lost when a period runs out.
    Canadian {
        #[serde(rename = "main_ms", with = "crate::game::time::as_millis")]
        main: Duration,
        stones: u32,
        #[serde(rename = "period_ms", with = "crate::game::time::as_millis")]
        period: Duration,
    },
    /// Simple time: the same time for every move, nothing banked.
    Simple {
        #[serde(rename = "per_move_ms", with = "crate::game::time::as_millis")]
        per_move: Duration,
    },
    /// Absolute time (sudden death): one main time for the whole game.
    Absolute {
        #[serde(rename = "main_ms", with = "crate::game::time::as_millis")]
        main: Duration,
    },
}

/// What one player has left. Stored as JSON with a version (`{"v":1,"main_ms":590000,
/// "periods":5,"overtime_ms":0}`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct PlayerClock {
    /// Main (or Fischer) time left.
    #[serde(rename = "main_ms", with = "crate::game::time::as_millis")]
    pub main: Duration,
    /// Byo-yomi periods left.
    pub periods: u32,
    /// Penalty overtime used so far.
    #[serde(rename = "overtime_ms", with = "crate::game::time::as_millis")]
    pub overtime: Duration,
}

/// The number of penalties (2 points each) in the whole of a penalty overtime.
pub const PENALTY_STEPS: u32 = 3;
/// Points one penalty takes off.
pub const PENALTY_POINTS: u32 = 2;

impl TimeControl {
    /// Whether running out of time loses the game (every control but the seed's `turn`).
    pub const fn is_real_clock(self) -> bool {
        !matches!(self, TimeControl::Turn)
    }

    /// The time a player starts with before any overtime: main time, Fischer's initial time,
    /// simple time's time a move; none under `turn`.
    pub const fn main_time(self) -> Duration {
        match self {
            TimeControl::Turn => Duration::ZERO,
            TimeControl::ByoYomi { main, .. }
            | TimeControl::Penalty { main }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Absolute { main } => main,
            TimeControl::Fischer { initial, .. } | TimeControl::Correspondence { initial, .. } => {
                initial
            }
            TimeControl::Simple { per_move } => per_move,
        }
    }

    /// Whether it is a correspondence game (no real-time cap, reminders by DM).
    pub const fn is_correspondence(self) -> bool {
        matches!(self, TimeControl::Correspondence { .. })
    }

    /// Each player's clock at the start.
    pub fn start(self) -> PlayerClock {
        match self {
            TimeControl::Turn => PlayerClock::default(),
            TimeControl::ByoYomi { main, periods, .. } => PlayerClock {
                main,
                periods,
                overtime: Duration::ZERO,
            },
            TimeControl::Fischer { initial, .. } | TimeControl::Correspondence { initial, .. } => {
                PlayerClock {
                    main: initial,
                    ..PlayerClock::default()
                }
            }
            TimeControl::Penalty { main } | TimeControl::Absolute { main } => PlayerClock {
                main,
                ..PlayerClock::default()
            },
            // `periods` counts the stones left in the current Canadian period; `overtime` the
            // time used of it.
            TimeControl::Canadian { main, stones, .. } => PlayerClock {
                main,
                periods: stones,
                overtime: Duration::ZERO,
            },
            TimeControl::Simple { per_move } => PlayerClock {
                main: per_move,
                ..PlayerClock::default()
            },
        }
    }

    /// How long from the start of their turn the player with `clock` may think before the
    /// game is lost; `None` under `turn` (its deadline is an automatic pass, not a loss).
    pub fn time_to_lose(self, clock: PlayerClock) -> Option<Duration> {
        match self {
            TimeControl::Turn => None,
            TimeControl::ByoYomi { period, .. } => {
                Some(clock.main + period.saturating_mul(clock.periods))
            }
            TimeControl::Fischer { .. } | TimeControl::Correspondence { .. } => Some(clock.main),
            TimeControl::Penalty { main } => {
                Some(clock.main + (main / 2).saturating_sub(clock.overtime))
            }
            TimeControl::Canadian { period, .. } => {
                Some(clock.main + period.saturating_sub(clock.overtime))
            }
            TimeControl::Simple { .. } | TimeControl::Absolute { .. } => Some(clock.main),
        }
    }

    /// What is left after thinking `elapsed` (within [`TimeControl::time_to_lose`]): main time
    /// first; then byo-yomi periods used up are gone; penalty overtime accumulates. What
    /// `/weiqi status` shows during a turn.
    pub fn spent(self, clock: PlayerClock, elapsed: Duration) -> PlayerClock {
        let mut c = clock;
        let over = elapsed.saturating_sub(c.main);
        c.main = c.main.saturating_sub(elapsed);
        match self {
            TimeControl::ByoYomi { period, .. } if !period.is_zero() => {
                let used = u32::try_from(over.as_millis() / period.as_millis()).unwrap_or(u32::MAX);
                c.periods = c.periods.saturating_sub(used);
            }
            TimeControl::Penalty { .. } | TimeControl::Canadian { .. } => c.overtime += over,
            _ => {}
        }
        c
    }

    /// The clock after a move that took `elapsed`: [`TimeControl::spent`], then the current
    /// byo-yomi period starts again and Fischer adds its increment up to the maximum.
    pub fn after_move(self, clock: PlayerClock, elapsed: Duration) -> PlayerClock {
        let mut c = self.spent(clock, elapsed);
        match self {
            TimeControl::Fischer { increment, max, .. }
            | TimeControl::Correspondence { increment, max, .. } => {
                c.main = (c.main + increment).min(max);
            }
            // A move in overtime is one of the period's stones; the last one begins a new
            // period.
            TimeControl::Canadian { stones, .. } if c.main.is_zero() => {
                c.periods = c.periods.saturating_sub(1);
                if c.periods == 0 {
                    c.periods = stones;
                    c.overtime = Duration::ZERO;
                }
            }
            TimeControl::Simple { per_move } => c.main = per_move,
            _ => {}
        }
        c
    }

    /// Penalties (2 points each) a clock has incurred: one when the main time is spent and
    /// one more at each further sixth of it, at most [`PENALTY_STEPS`].
    pub fn penalties(self, clock: PlayerClock) -> u32 {
        let TimeControl::Penalty { main } = self else {
            return 0;
        };
        if !clock.main.is_zero() || main.is_zero() {
            return 0;
        }
        let sixth = (main / 6).as_millis().max(1);
        let further = u32::try_from(clock.overtime.as_millis() / sixth).unwrap_or(u32::MAX);
        further.saturating_add(1).min(PENALTY_STEPS)
    }

    /// Whether the numbers are within what a server may set: live clocks of at most 3 hours'
    /// main time with periods of 5 s to 10 min (at most 30 of them) and increments of at most
    /// 10 min; correspondence from an hour to 30 days, at most a week an increment, at most 60
    /// days banked; an overtime of a whole number of seconds a sixth.
    pub fn is_sane(self) -> bool {
        let live_main = |d: Duration| d <= 3 * HOUR;
        match self {
            TimeControl::Turn => true,
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => {
                live_main(main)
                    && periods <= 30
                    && (periods == 0
                        || (Duration::from_secs(5)..=Duration::from_secs(600)).contains(&period))
                    && !(main.is_zero() && periods == 0)
            }
            TimeControl::Fischer {
                initial,
                increment,
                max,
            } => {
                live_main(initial)
                    && !initial.is_zero()
                    && increment <= Duration::from_secs(600)
                    && max >= initial
                    && max <= 6 * HOUR
            }
            TimeControl::Correspondence {
                initial,
                increment,
                max,
            } => {
                (HOUR..=30 * DAY).contains(&initial)
                    && increment <= 7 * DAY
                    && max >= initial
                    && max <= 60 * DAY
            }
            TimeControl::Penalty { main } => (Duration::from_secs(60)..=3 * HOUR).contains(&main),
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => {
                live_main(main)
                    && (1..=50).contains(&stones)
                    && (Duration::from_secs(30)..=Duration::from_secs(1800)).contains(&period)
            }
            TimeControl::Simple { per_move } => {
                (Duration::from_secs(5)..=Duration::from_secs(600)).contains(&per_move)
            }
            TimeControl::Absolute { main } => (Duration::from_secs(60)..=3 * HOUR).contains(&main),
        }
    }
}

/// A duration as a person writes it: `30s`, `10m`, `1h30m`, `3d`.
pub fn format_duration(d: Duration) -> String {
    let mut secs = d.as_secs();
    if secs == 0 {
        return "0s".to_owned();
    }
    let mut out = String::new();
    for (unit, len) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] {
        if secs >= len {
            out.push_str(&format!("{}{unit}", secs / len));
            secs %= len;
        }
    }
    out
}

/// Reads `30s`, `10m`, `1h30m`, `3d`, `90` (seconds); `None` otherwise.
pub fn parse_duration(text: &str) -> Option<Duration> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        return t.parse().ok().map(Duration::from_secs);
    }
    let mut total: u64 = 0;
    let mut number = String::new();
    for ch in t.chars() {
        if ch.is_ascii_digit() {
            number.push(ch);
            continue;
        }
        let unit: u64 = match ch {
            'd' => 86_400,
            'h' => 3600,
            'm' => 60,
            's' => 1,
            _ => return None,
        };
        let n: u64 = number.parse().ok()?;
        number.clear();
        total = total.checked_add(n.checked_mul(unit)?)?;
    }
    number.is_empty().then_some(Duration::from_secs(total))
}

impl fmt::Display for TimeControl {
    /// The form [`TimeControl::from_str`] reads: `turn`, `byo-yomi 10m 5x30s`, `fischer 2m
    /// +30s max 5m`, `correspondence 3d +1d max 7d`, `penalty 1h`, `canadian 10m 25/5m`,
    /// `simple 30s`, `absolute 20m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = |x: Duration| format_duration(x);
        match *self {
            TimeControl::Turn => f.write_str("turn"),
            TimeControl::ByoYomi {
                main,
                periods,
                period,
            } => write!(f, "byo-yomi {} {periods}x{}", d(main), d(period)),
            TimeControl::Fischer {
                initial,
                increment,
                max,
            } => write!(f, "fischer {} +{} max {}", d(initial), d(increment), d(max)),
            TimeControl::Correspondence {
                initial,
                increment,
                max,
            } => write!(
                f,
                "correspondence {} +{} max {}",
                d(initial),
                d(increment),
                d(max)
            ),
            TimeControl::Penalty { main } => write!(f, "penalty {}", d(main)),
            TimeControl::Canadian {
                main,
                stones,
                period,
            } => write!(f, "canadian {} {stones}/{}", d(main), d(period)),
            TimeControl::Simple { per_move } => write!(f, "simple {}", d(per_move)),
            TimeControl::Absolute { main } => write!(f, "absolute {}", d(main)),
        }
    }
}

/// Why a text is not a time control.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a time control: {0:?} (expected turn, byo-yomi 10m 5x30s, fischer 2m +30s max 5m, \
     correspondence 3d +1d max 7d, penalty 1h, canadian 10m 25/5m, simple 30s or absolute 20m, \
     within sane ranges)"
)]
pub struct ParseTimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// Reads what [`fmt::Display`] writes, in any case; refuses numbers outside
    /// [`TimeControl::is_sane`].
    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let err = || ParseTimeControlError(text.to_owned());
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let dur = |s: &str| parse_duration(s).ok_or_else(err);
        let plus = |s: &str| s.strip_prefix('+').ok_or_else(err).and_then(dur);
        let tc = match words.as_slice() {
            ["turn"] => TimeControl::Turn,
            ["byo-yomi" | "byoyomi", main, periods] => {
                let (n, period) = periods.split_once('x').ok_or_else(err)?;
                TimeControl::ByoYomi {
                    main: dur(main)?,
                    periods: n.parse().map_err(|_| err())?,
                    period: dur(period)?,
                }
            }
            ["fischer", initial, increment, "max", max] => TimeControl::Fischer {
                initial: dur(initial)?,
                increment: plus(increment)?,
                max: dur(max)?,
            },
            ["correspondence", initial, increment, "max", max] => TimeControl::Correspondence {
                initial: dur(initial)?,
                increment: plus(increment)?,
                max: dur(max)?,
            },
            ["penalty", main] => TimeControl::Penalty { main: dur(main)? },
            ["canadian", main, period] => {
                let (stones, period) = period.split_once('/').ok_or_else(err)?;
                TimeControl::Canadian {
                    main: dur(main)?,
                    stones: stones.parse().map_err(|_| err())?,
                    period: dur(period)?,
                }
            }
            ["simple", per_move] => TimeControl::Simple {
                per_move: dur(per_move)?,
            },
            ["absolute", main] => TimeControl::Absolute { main: dur(main)? },
            _ => return Err(err()),
        };
        if tc.is_sane() { Ok(tc) } else { Err(err()) }
    }
}

/// The named choices of an invitation's `time` option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TimePreset {
    /// The seed's time a turn.
    Turn,
    Blitz,
    Live,
    Correspondence,
}

impl TimePreset {
    /// Every preset, in the order they are offered.
    pub const ALL: [TimePreset; 4] = [
        TimePreset::Turn,
        TimePreset::Blitz,
        TimePreset::Live,
        TimePreset::Correspondence,
    ];

    /// The name typed in settings and stored.
    pub const fn name(self) -> &'static str {
        match self {
            TimePreset::Turn => "turn",
            TimePreset::Blitz => "blitz",
            TimePreset::Live => "live",
            TimePreset::Correspondence => "correspondence",
        }
    }

    /// The preset's numbers before a moderator changes them: blitz as the Fischer example of
    /// OGS (2 min + 30 s, at most 5 min), live as KGS's usual byo-yomi (10 min + 5 × 30 s),
    /// correspondence as OGS's default (3 days + 1 day a move, at most 7).
    pub const fn default_control(self) -> TimeControl {
        match self {
            TimePreset::Turn => TimeControl::Turn,
            TimePreset::Blitz => TimeControl::Fischer {
                initial: Duration::from_secs(120),
                increment: Duration::from_secs(30),
                max: Duration::from_secs(300),
            },
            TimePreset::Live => TimeControl::ByoYomi {
                main: Duration::from_secs(600),
                periods: 5,
                period: Duration::from_secs(30),
            },
            TimePreset::Correspondence => TimeControl::Correspondence {
                initial: Duration::from_secs(3 * 86_400),
                increment: Duration::from_secs(86_400),
                max: Duration::from_secs(7 * 86_400),
            },
        }
    }
}

impl fmt::Display for TimePreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TimePreset {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimePreset, ParseTimeControlError> {
        let t = text.trim().to_ascii_lowercase();
        TimePreset::ALL
            .into_iter()
            .find(|p| p.name() == t)
            .ok_or_else(|| ParseTimeControlError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    const LIVE: TimeControl = TimeControl::ByoYomi {
        main: Duration::from_secs(600),
        periods: 5,
        period: Duration::from_secs(30),
    };

    #[test]
    fn byo_yomi_spends_main_time_then_periods_and_a_move_within_one_keeps_it() {
        let c = LIVE.start();
        assert_eq!(LIVE.time_to_lose(c), Some(s(600 + 150)));
        let c = LIVE.after_move(c, s(590));
        assert_eq!((c.main, c.periods), (s(10), 5));
        // 10 s of main time and 25 s into the first period: the period is kept, whole again.
        let c = LIVE.after_move(c, s(35));
        assert_eq!((c.main, c.periods), (Duration::ZERO, 5));
        assert_eq!(LIVE.time_to_lose(c), Some(s(150)));
        // 70 s: two periods used up, the third starts again at the next turn.
        let c = LIVE.after_move(c, s(70));
        assert_eq!(c.periods, 3);
        assert_eq!(LIVE.time_to_lose(c), Some(s(90)));
        let c = LIVE.after_move(c, s(29));
        assert_eq!(c.periods, 3, "a move inside the period keeps it");
    }

    /// KGS's Canadian byo-yomi: 10 minutes, then 25 stones in 5 minutes.
    const CANADIAN: TimeControl = TimeControl::Canadian {
        main: Duration::from_secs(600),
        stones: 25,
        period: Duration::from_secs(300),
    };

    #[test]
    fn canadian_carries_the_period_s_time_from_move_to_move_and_renews_it_after_its_stones() {
        let c = CANADIAN.start();
        assert_eq!((c.main, c.periods), (s(600), 25));
        assert_eq!(CANADIAN.time_to_lose(c), Some(s(900)));
        // Main time runs out 20 s into this move: the move is the period's first stone.
        let c = CANADIAN.after_move(c, s(620));
        assert_eq!((c.main, c.periods, c.overtime), (Duration::ZERO, 24, s(20)));
        assert_eq!(CANADIAN.time_to_lose(c), Some(s(280)));
        // 23 more stones of 10 s each: one stone left, 50 s of the period.
        let mut c = c;
        for _ in 0..23 {
            c = CANADIAN.after_move(c, s(10));
        }
        assert_eq!((c.periods, CANADIAN.time_to_lose(c)), (1, Some(s(50))));
        // The 25th stone within the period: a new period, whole.
        let c = CANADIAN.after_move(c, s(40));
        assert_eq!((c.periods, CANADIAN.time_to_lose(c)), (25, Some(s(300))));
        // What `/weiqi status` shows during a turn: the period's time going.
        assert_eq!(CANADIAN.spent(c, s(100)).overtime, s(100));
    }

    #[test]
    fn simple_time_is_the_same_for_every_move_and_absolute_is_one_for_the_game() {
        let simple = TimeControl::Simple { per_move: s(30) };
        let c = simple.after_move(simple.start(), s(29));
        assert_eq!(
            simple.time_to_lose(c),
            Some(s(30)),
            "nothing banked, nothing lost"
        );
        let absolute = TimeControl::Absolute { main: s(1200) };
        let mut c = absolute.start();
        for _ in 0..10 {
            c = absolute.after_move(c, s(100));
        }
        assert_eq!(
            absolute.time_to_lose(c),
            Some(s(200)),
            "no increment, no period"
        );
        assert!(simple.is_real_clock() && absolute.is_real_clock());
    }

    #[test]
    fn the_new_clocks_read_back_as_written_and_out_of_range_numbers_are_refused() {
        for text in [
            "canadian 10m 25/5m",
            "simple 30s",
            "absolute 20m",
            "canadian 0s 10/1m",
        ] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
            let json = serde_json::to_string(&tc).unwrap();
            assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), tc);
        }
        for bad in [
            "canadian 10m 0/5m",
            "canadian 10m 25/10s",
            "canadian 4h 25/5m",
            "canadian 10m 25x5m",
            "simple 2s",
            "simple 1h",
            "absolute 30s",
            "absolute 4h",
            "simple",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn fischer_adds_its_increment_up_to_the_maximum() {
        let f = TimePreset::Blitz.default_control();
        let c = f.start();
        assert_eq!(c.main, s(120));
        let c = f.after_move(c, s(10));
        assert_eq!(c.main, s(140), "120 − 10 + 30");
        let mut c = c;
        for _ in 0..10 {
            c = f.after_move(c, s(1));
        }
        assert_eq!(c.main, s(300), "never above the maximum");
        assert_eq!(f.time_to_lose(c), Some(s(300)));
    }

    #[test]
    fn correspondence_is_fischer_in_days() {
        let f = TimePreset::Correspondence.default_control();
        assert!(f.is_correspondence() && f.is_real_clock());
        let c = f.after_move(f.start(), DAY / 2);
        assert_eq!(c.main, 3 * DAY + DAY / 2);
        let mut c = c;
        for _ in 0..4 {
            c = f.after_move(c, Duration::ZERO);
        }
        assert_eq!(c.main, 7 * DAY, "3.5 days, then a day a move up to 7");
    }

    #[test]
    fn penalty_overtime_takes_two_points_a_sixth_and_loses_at_half() {
        let p = TimeControl::Penalty { main: s(3600) };
        let c = p.start();
        assert_eq!(p.penalties(c), 0);
        assert_eq!(p.time_to_lose(c), Some(s(3600 + 1800)));
        let c = p.after_move(c, s(3600));
        assert_eq!(p.penalties(c), 1, "the main time spent: 2 points");
        assert_eq!(p.time_to_lose(c), Some(s(1800)));
        let c = p.after_move(c, s(599));
        assert_eq!(p.penalties(c), 1);
        let c = p.after_move(c, s(1));
        assert_eq!(p.penalties(c), 2, "a sixth of the main time into overtime");
        let c = p.after_move(c, s(600));
        assert_eq!(p.penalties(c), 3);
        assert_eq!(
            p.time_to_lose(c),
            Some(s(600)),
            "lost at half the main time"
        );
    }

    #[test]
    fn controls_are_written_and_read_back_and_insane_ones_refused() {
        for p in TimePreset::ALL {
            let tc = p.default_control();
            assert_eq!(tc.to_string().parse::<TimeControl>(), Ok(tc), "{tc}");
            assert_eq!(p.name().parse::<TimePreset>(), Ok(p));
        }
        assert_eq!(LIVE.to_string(), "byo-yomi 10m 5x30s");
        assert_eq!(
            "Fischer 1h30m +20s max 2h".parse::<TimeControl>(),
            Ok(TimeControl::Fischer {
                initial: s(5400),
                increment: s(20),
                max: s(7200)
            })
        );
        assert_eq!(
            "penalty 1h".parse::<TimeControl>(),
            Ok(TimeControl::Penalty { main: s(3600) })
        );
        for bad in [
            "",
            "byo-yomi 10m 5x1s",
            "byo-yomi 10h 5x30s",
            "fischer 2m 30s max 5m",
            "fischer 5m +30s max 2m",
            "correspondence 10m +1d max 7d",
            "correspondence 3d +1d max 90d",
            "penalty 10s",
            "sudden death",
            "byo-yomi 10m 5x30q",
            "byo-yomi 99999999999999999999d 5x30s",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
        assert_eq!(parse_duration("1h30m"), Some(s(5400)));
        assert_eq!(parse_duration("90"), Some(s(90)));
        assert_eq!(parse_duration("5x"), None);
        assert_eq!(format_duration(s(5400)), "1h30m");
    }
}
