//! How the engine's values and the store's own codes are written in SQLite, both ways.
//!
//! Every column that holds more than a number has a type here with `ToSql` and `FromSql`: a
//! value that does not decode is a typed error for its row (the loader reports the match and
//! keeps it out of play), never a silent default.

use std::fmt;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::go::{BoardSize, Color, GameResult, Komi, Level, Point, RuleSet};

/// A decoding failure with the text that did not decode, for the load report.
fn invalid(what: &str, value: impl fmt::Debug) -> FromSqlError {
    FromSqlError::Other(format!("not a {what}: {value:?}").into())
}

fn text_of<'a>(value: ValueRef<'a>, what: &str) -> FromSqlResult<&'a str> {
    value
        .as_str()
        .map_err(|_| invalid(what, format!("{value:?}")))
}

impl ToSql for Color {
    /// 0 for Black, 1 for White.
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(match self {
            Color::Black => 0i64,
            Color::White => 1i64,
        }))
    }
}

impl FromSql for Color {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Color> {
        match value.as_i64()? {
            0 => Ok(Color::Black),
            1 => Ok(Color::White),
            n => Err(invalid("colour (0 or 1)", n)),
        }
    }
}

impl ToSql for Point {
    /// As players write it: `D4`.
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_string()))
    }
}

impl FromSql for Point {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Point> {
        let text = text_of(value, "point")?;
        text.parse().map_err(|_| invalid("point", text))
    }
}

impl ToSql for RuleSet {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for RuleSet {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<RuleSet> {
        let text = text_of(value, "rule set")?;
        text.parse().map_err(|_| invalid("rule set", text))
    }
}

impl ToSql for Komi {
    /// In half points, so that 5.5 is exact (11).
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(i64::from(self.half_points())))
    }
}

impl FromSql for Komi {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Komi> {
        let half = value.as_i64()?;
        i32::try_from(half)
            .map(Komi::from_half_points)
            .map_err(|_| invalid("komi in half points", half))
    }
}

impl ToSql for BoardSize {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(i64::from(self.get())))
    }
}

impl FromSql for BoardSize {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<BoardSize> {
        let n = value.as_i64()?;
        u8::try_from(n)
            .ok()
            .and_then(BoardSize::new)
            .ok_or_else(|| invalid("board size from 5 to 19", n))
    }
}

impl ToSql for GameResult {
    /// As SGF's `RE` writes it: `B+3.5`, `W+R`, `0`, `Void`.
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.to_string()))
    }
}

impl FromSql for GameResult {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<GameResult> {
        let text = text_of(value, "result")?;
        GameResult::from_sgf(text).ok_or_else(|| invalid("result", text))
    }
}

/// A list of points in one column, space-separated (`C7 H4`): the dead-stone marking.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PointList(pub Vec<Point>);

impl ToSql for PointList {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        let words: Vec<String> = self.0.iter().map(Point::to_string).collect();
        Ok(ToSqlOutput::from(words.join(" ")))
    }
}

impl FromSql for PointList {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<PointList> {
        let text = text_of(value, "list of points")?;
        text.split_whitespace()
            .map(|w| w.parse::<Point>().map_err(|_| invalid("point", w)))
            .collect::<Result<Vec<_>, _>>()
            .map(PointList)
    }
}

/// Declares a store code: a closed set of names written as text, with a `CHECK` in the schema.
macro_rules! code {
    ($(#[$doc:meta])* $name:ident, $what:literal { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name as stored.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// Reads a stored name.
            pub fn from_name(text: &str) -> Option<$name> {
                match text {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.name()))
            }
        }

        impl FromSql for $name {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<$name> {
                let text = text_of(value, $what)?;
                $name::from_name(text).ok_or_else(|| invalid($what, text))
            }
        }
    };
}

code! {
    /// Where a stored match is in its life.
    PhaseCode, "phase" {
        /// Moves are being played.
        Play = "play",
        /// Both passed; the players settle the dead stones.
        Agreement = "agreement",
        /// Over: see the ending.
        Ended = "ended",
    }
}

code! {
    /// How a stored match ended.
    EndCode, "ending" {
        /// Counted after two passes (and the agreement, where the rules have one).
        TwoPasses = "two-passes",
        Resignation = "resignation",
        /// Lost on time.
        Time = "time",
        /// Abandoned: both players away.
        TwoAutomaticPasses = "two-automatic-passes",
        /// Abandoned: Black went offline and did not come back.
        OfflineBlack = "offline-B",
        /// Abandoned: White went offline and did not come back.
        OfflineWhite = "offline-W",
        /// Abandoned: the real-time cap.
        TimeCap = "time-cap",
        /// Annulled by a moderator.
        Annulled = "annulled",
    }
}

code! {
    /// Where a stored invitation is.
    InvitationState, "invitation state" {
        Pending = "pending",
        Accepted = "accepted",
        Declined = "declined",
        Expired = "expired",
        /// Withdrawn: by its inviter, or because one of its players started another game.
        Cancelled = "cancelled",
    }
}

impl ToSql for Level {
    /// By its name: `beginner`, `intermediate`, `advanced` (a `CHECK` in the schema).
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for Level {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Level> {
        let text = text_of(value, "level")?;
        text.parse().map_err(|_| invalid("level", text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    fn round_trip<T: ToSql + FromSql + PartialEq + fmt::Debug>(value: T) {
        let conn = Connection::open_in_memory().unwrap();
        let back: T = conn.query_row("SELECT ?1", [&value], |r| r.get(0)).unwrap();
        assert_eq!(back, value);
    }

    fn decode<T: FromSql>(sql: &str) -> rusqlite::Result<T> {
        let conn = Connection::open_in_memory().unwrap();
        conn.query_row(sql, [], |r| r.get(0))
    }

    #[test]
    fn every_type_round_trips() {
        round_trip(Color::Black);
        round_trip(Color::White);
        round_trip("K10".parse::<Point>().unwrap());
        round_trip(RuleSet::Aga);
        round_trip(Komi::from_half_points(-13));
        round_trip(BoardSize::NINE);
        for r in ["B+3.5", "W+R", "B+T", "0", "Void"] {
            round_trip(GameResult::from_sgf(r).unwrap());
        }
        round_trip(PointList(vec![
            "C7".parse().unwrap(),
            "H4".parse().unwrap(),
        ]));
        round_trip(PointList::default());
        for &c in PhaseCode::ALL {
            round_trip(c);
        }
        for &c in EndCode::ALL {
            round_trip(c);
        }
        for &c in InvitationState::ALL {
            round_trip(c);
        }
        for l in Level::ALL {
            round_trip(l);
        }
    }

    #[test]
    fn a_value_that_does_not_decode_is_an_error_not_a_default() {
        assert!(decode::<Color>("SELECT 2").is_err(), "no third colour");
        assert!(decode::<Point>("SELECT 'Z99'").is_err());
        assert!(decode::<RuleSet>("SELECT 'go'").is_err());
        assert!(decode::<BoardSize>("SELECT 25").is_err());
        assert!(decode::<GameResult>("SELECT 'B+x'").is_err());
        assert!(
            decode::<PointList>("SELECT 'C7 I9'").is_err(),
            "no column I"
        );
        assert!(decode::<EndCode>("SELECT 'resigned'").is_err());
        assert!(decode::<PhaseCode>("SELECT 'running'").is_err());
        assert!(decode::<Level>("SELECT 'expert'").is_err());
        let e = decode::<EndCode>("SELECT 'resigned'")
            .unwrap_err()
            .to_string();
        assert!(e.contains("resigned"), "the report names the value: {e}");
    }
}
