//! The time controls and clocks as migration 08 stored them (text: `byo-yomi 10m 5x30s`, a
//! clock `590000 5 0`), read once by migration 09 into their typed forms ([`TimeControl`],
//! [`PlayerClock`]). Frozen with that format: nothing else reads it, and it checks no range,
//! so that a game stored under a setting since narrowed is converted as it was played.

use rusqlite::{Transaction, params};
use rusqlite_migration::{HookError, HookResult};

use std::time::Duration;

use crate::game::time_control::{PlayerClock, TimeControl};

/// A duration as the old text wrote it: `90` (seconds), `30s`, `10m`, `1h30m`, `3d`.
fn millis(text: &str) -> Option<u64> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse::<u64>().ok()?.checked_mul(1000);
    }
    let mut total = 0u64;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !c.is_ascii_digit())?;
        let (n, tail) = rest.split_at(digits);
        let mut chars = tail.chars();
        let unit = match chars.next()? {
            'd' => 86_400_000,
            'h' => 3_600_000,
            'm' => 60_000,
            's' => 1000,
            _ => return None,
        };
        total = total.checked_add(n.parse::<u64>().ok()?.checked_mul(unit)?)?;
        rest = chars.as_str();
    }
    (!text.is_empty()).then_some(total)
}

/// A time control as the old text wrote it.
pub(super) fn time_spec(text: &str) -> Option<TimeControl> {
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let plus = |w: &str| {
        w.strip_prefix('+')
            .and_then(millis)
            .map(Duration::from_millis)
    };
    let length = |w: &str| millis(w).map(Duration::from_millis);
    Some(match words.as_slice() {
        ["turn"] => TimeControl::Turn,
        ["byo-yomi" | "byoyomi", main, periods] => {
            let (n, period) = periods.split_once('x')?;
            TimeControl::ByoYomi {
                main: length(main)?,
                periods: n.parse().ok()?,
                period: length(period)?,
            }
        }
        ["fischer", initial, increment, "max", max] => TimeControl::Fischer {
            initial: length(initial)?,
            increment: plus(increment)?,
            max: length(max)?,
        },
        ["correspondence", initial, increment, "max", max] => TimeControl::Correspondence {
            initial: length(initial)?,
            increment: plus(increment)?,
            max: length(max)?,
        },
        ["penalty", main] => TimeControl::Penalty {
            main: length(main)?,
        },
        _ => return None,
    })
}

/// A clock as the old text wrote it: `main-ms periods overtime-ms`.
pub(super) fn clock_spec(text: &str) -> Option<PlayerClock> {
    let mut parts = text.split_whitespace();
    let clock = PlayerClock {
        main: Duration::from_millis(parts.next()?.parse().ok()?),
        periods: parts.next()?.parse().ok()?,
        overtime: Duration::from_millis(parts.next()?.parse().ok()?),
    };
    parts.next().is_none().then_some(clock)
}

fn unreadable(table: &str, id: i64, what: &str, text: &str) -> HookError {
    HookError::Hook(format!(
        "row {id} of {table}: the {what} {text:?} does not read; nothing was migrated"
    ))
}

/// Migration 09's hook: every stored time control and clock in its typed form. A text that
/// does not read stops the migration (rolled back, the database as it was): a game is never
/// given a clock it did not have.
pub(super) fn convert(tx: &Transaction<'_>) -> HookResult {
    for table in ["invitations", "matches"] {
        let rows: Vec<(i64, String)> = tx
            .prepare(&format!(
                "SELECT id, time_control FROM {table} WHERE time_control <> 'turn'"
            ))?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        for (id, text) in rows {
            let spec =
                time_spec(&text).ok_or_else(|| unreadable(table, id, "time control", &text))?;
            tx.execute(
                &format!("UPDATE {table} SET time_spec = ?2 WHERE id = ?1"),
                params![id, spec],
            )?;
        }
    }
    let clocks: Vec<(i64, Option<String>, Option<String>)> = tx
        .prepare(
            "SELECT id, clock_black, clock_white FROM matches \
             WHERE clock_black IS NOT NULL OR clock_white IS NOT NULL",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (id, black, white) in clocks {
        let read = |text: Option<String>| match text {
            None => Ok(None),
            Some(t) => clock_spec(&t)
                .map(Some)
                .ok_or_else(|| unreadable("matches", id, "clock", &t)),
        };
        tx.execute(
            "UPDATE matches SET black_clock = ?2, white_clock = ?3 WHERE id = ?1",
            params![id, read(black)?, read(white)?],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_old_form_reads_as_it_was_written_without_a_range_check() {
        assert_eq!(time_spec("turn"), Some(TimeControl::Turn));
        assert_eq!(
            time_spec("byo-yomi 10m 5x30s"),
            Some(TimeControl::ByoYomi {
                main: Duration::from_millis(600_000),
                periods: 5,
                period: Duration::from_millis(30_000)
            })
        );
        assert_eq!(
            time_spec("fischer 1h30m +30s max 2h"),
            Some(TimeControl::Fischer {
                initial: Duration::from_millis(5_400_000),
                increment: Duration::from_millis(30_000),
                max: Duration::from_millis(7_200_000)
            })
        );
        assert_eq!(
            time_spec("correspondence 3d +1d max 7d"),
            Some(TimeControl::Correspondence {
                initial: Duration::from_millis(3 * 86_400_000),
                increment: Duration::from_millis(86_400_000),
                max: Duration::from_millis(7 * 86_400_000)
            })
        );
        // Beyond any range a server may set today: read all the same.
        assert_eq!(
            time_spec("penalty 9h"),
            Some(TimeControl::Penalty {
                main: Duration::from_millis(9 * 3_600_000)
            })
        );
        assert_eq!(
            time_spec("byo-yomi 0s 99x2s"),
            Some(TimeControl::ByoYomi {
                main: Duration::from_millis(0),
                periods: 99,
                period: Duration::from_millis(2000)
            })
        );
        for bad in [
            "",
            "blitz",
            "byo-yomi 10m 5",
            "fischer 2m 30s max 5m",
            "penalty 1x",
        ] {
            assert_eq!(time_spec(bad), None, "{bad:?}");
        }
        assert_eq!(
            clock_spec("590000 5 12"),
            Some(PlayerClock {
                main: Duration::from_millis(590_000),
                periods: 5,
                overtime: Duration::from_millis(12)
            })
        );
        for bad in ["", "1 2", "1 2 3 4", "-1 0 0", "a b c"] {
            assert_eq!(clock_spec(bad), None, "{bad:?}");
        }
    }
}
