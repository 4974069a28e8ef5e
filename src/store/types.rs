//! How the engine's values and the store's own codes are written in SQLite, both ways.
//!
//! Every column that holds more than a number has a type here with `ToSql` and `FromSql`: a
//! value that does not decode is a typed error for its row (the loader reports the match and
//! keeps it out of play), never a silent default.

use std::fmt;

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use strum::{EnumIter, EnumString, IntoStaticStr};

use crate::game::events::terms::FormatKind;
use crate::game::events::{ColourRule, EntryStatus, HandicapPolicy, Outcome, Schedule, Stage};
use crate::game::invitation::ColoursWhy;
use crate::game::matches::{PhaseKind, Ruling};
use crate::game::nigiri::Parity;
use crate::game::teams::TeamForm;
use crate::game::teams::votes::ChoiceKind;
use crate::game::time_control::{PlayerClock, TimeControl};
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

/// Writes the game's enums by their names, the names each type derives once (strum's
/// `IntoStaticStr` to write, its `FromStr` to read, `EnumIter` for the tests): a `TEXT` column
/// with a `CHECK` in the schema. strum was chosen because the names are then written once, on
/// the type itself, checked by the compiler (a variant without a name does not exist), with no
/// cost at run time (a `match` the derive writes); a stored name no variant has is a typed
/// error for its row.
macro_rules! stored_by_name {
    ($($ty:ty => $what:literal),+ $(,)?) => {$(
        impl ToSql for $ty {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(<&'static str>::from(*self)))
            }
        }

        impl FromSql for $ty {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<$ty> {
                let text = text_of(value, $what)?;
                text.parse::<$ty>().map_err(|_| invalid($what, text))
            }
        }
    )+};
}

stored_by_name! {
    PhaseKind => "phase",
    ChoiceKind => "vote",
    EndCode => "ending",
    InvitationState => "invitation state",
    ColoursWhy => "colours",
    Parity => "parity",
    Stage => "event stage",
    EntryStatus => "entry status",
    Outcome => "event game outcome",
    Level => "level",
    RuleSet => "rule set",
    Ruling => "ruling",
}

/// How a stored match ended: its reason and its kind of ending in one name (the result is a
/// column of its own; the service puts the two together into the game's `Ending`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, EnumString, EnumIter)]
#[strum(serialize_all = "kebab-case")]
pub enum EndCode {
    /// Counted after two passes (and the agreement, where the rules have one).
    TwoPasses,
    Resignation,
    /// Lost on time.
    Time,
    /// Lost by forfeit (an event's withdrawal, removal, or the referee's award).
    Forfeit,
    /// Lost by an event's absence: no first move within the start window.
    Absence,
    /// Abandoned: both players away.
    TwoAutomaticPasses,
    /// Abandoned: Black went offline and did not come back.
    #[strum(serialize = "offline-B")]
    OfflineBlack,
    /// Abandoned: White went offline and did not come back.
    #[strum(serialize = "offline-W")]
    OfflineWhite,
    /// Abandoned: the real-time cap.
    TimeCap,
    /// Annulled by a moderator.
    Annulled,
}

/// Where a stored invitation is (the store's own: the game holds only pending ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, IntoStaticStr, EnumString, EnumIter)]
#[strum(serialize_all = "kebab-case")]
pub enum InvitationState {
    Pending,
    Accepted,
    Declined,
    Expired,
    /// Withdrawn: by its inviter, or because one of its players started another game.
    Cancelled,
}

/// An event's terms as stored: their own typed form (JSON with a version beside its fields,
/// like a [`TimeControl`]); ranks are their numbers (0 = 30 kyu), komi in half points, durations in
/// milliseconds, the game's enums by the names they derive.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventTermsSpec {
    /// The purpose line; absent in terms stored before it.
    #[serde(default)]
    pub purpose: Option<String>,
    /// How long registration stays open from creation; absent: until an organiser starts the
    /// event (and in terms stored before registration deadlines).
    #[serde(default)]
    pub registration_ms: Option<u64>,
    pub format: FormatKind,
    /// Swiss and McMahon: how many rounds.
    pub rounds: Option<u32>,
    /// McMahon: the bar and the floor, as rank numbers.
    pub bar: Option<i8>,
    pub floor: Option<i8>,
    pub size: u8,
    pub rules: RuleSet,
    pub komi_half: Option<i32>,
    pub handicap: HandicapPolicy,
    pub time: TimeControl,
    pub ranked: bool,
    pub role: Option<u64>,
    /// The relay channel; absent in terms stored before relays.
    #[serde(default)]
    pub relay: Option<u64>,
    pub min_ranked_games: u32,
    pub max_players: u32,
    pub schedule: Schedule,
    pub start_window_ms: u64,
    /// A timed schedule's time between rounds; absent in terms stored before timed rounds.
    #[serde(default)]
    pub round_interval_ms: Option<u64>,
    pub absences_allowed: u32,
    pub colours: ColourRule,
}

impl ToSql for EventTermsSpec {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        to_json(self.clone())
    }
}

impl FromSql for EventTermsSpec {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<EventTermsSpec> {
        from_json(value, "event terms")
    }
}

/// A team game's sides as stored (JSON with a version, like a [`TimeControl`]): `pair` or
/// `consultation`, and each side's members, role or openness, with the voters a role's or
/// anyone's side has shown.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamsSpec {
    pub form: TeamForm,
    pub black: SideSpec,
    pub white: SideSpec,
}

/// One side of a stored team game.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SideSpec {
    /// The listed members, in order (empty for a role's or anyone's side).
    #[serde(default)]
    pub members: Vec<u64>,
    /// The role whose holders are the side.
    #[serde(default)]
    pub role: Option<u64>,
    /// Anyone on the server is the side.
    #[serde(default)]
    pub anyone: bool,
    /// The voters seen so far (a role's or anyone's side).
    #[serde(default)]
    pub seen: Vec<u64>,
}

impl ToSql for TeamsSpec {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        to_json(self.clone())
    }
}

impl FromSql for TeamsSpec {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<TeamsSpec> {
        from_json(value, "team game sides")
    }
}

/// The version of every stored JSON form: time controls, clocks, event terms and team games'
/// sides ([`TimeControl`], [`PlayerClock`], [`EventTermsSpec`], [`TeamsSpec`]); a form of another
/// version is an error for its row, never a guess.
pub const STORED_FORM_VERSION: u32 = 1;

/// A stored form with its version beside its fields.
#[derive(serde::Serialize, serde::Deserialize)]
struct Versioned<T> {
    v: u32,
    #[serde(flatten)]
    form: T,
}

fn to_json<T: serde::Serialize>(form: T) -> rusqlite::Result<ToSqlOutput<'static>> {
    serde_json::to_string(&Versioned {
        v: STORED_FORM_VERSION,
        form,
    })
    .map(ToSqlOutput::from)
    .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

fn from_json<T: serde::de::DeserializeOwned>(value: ValueRef<'_>, what: &str) -> FromSqlResult<T> {
    let text = text_of(value, what)?;
    let stored: Versioned<T> = serde_json::from_str(text).map_err(|_| invalid(what, text))?;
    if stored.v == STORED_FORM_VERSION {
        Ok(stored.form)
    } else {
        Err(invalid(
            &format!("{what} of version {STORED_FORM_VERSION}"),
            text,
        ))
    }
}

impl ToSql for TimeControl {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        to_json(*self)
    }
}

impl FromSql for TimeControl {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<TimeControl> {
        from_json(value, "time control")
    }
}

impl ToSql for PlayerClock {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        to_json(*self)
    }
}

impl FromSql for PlayerClock {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<PlayerClock> {
        from_json(value, "clock")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;
    use std::time::Duration;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// The time control and the clock write the JSON the stores already hold, byte for byte
    /// (the forms were written by mirrors of their own before the game's types took the names).
    #[test]
    fn the_time_forms_are_the_json_already_stored() {
        let json = |v: ToSqlOutput<'_>| match v {
            ToSqlOutput::Owned(rusqlite::types::Value::Text(t)) => t,
            other => panic!("text expected, got {other:?}"),
        };
        let byo = TimeControl::ByoYomi {
            main: ms(600_000),
            periods: 5,
            period: ms(30_000),
        };
        assert_eq!(
            json(byo.to_sql().unwrap()),
            r#"{"v":1,"kind":"byo-yomi","main_ms":600000,"periods":5,"period_ms":30000}"#
        );
        assert_eq!(
            json(TimeControl::Turn.to_sql().unwrap()),
            r#"{"v":1,"kind":"turn"}"#
        );
        let fischer = TimeControl::Correspondence {
            initial: ms(259_200_000),
            increment: ms(86_400_000),
            max: ms(604_800_000),
        };
        assert_eq!(
            json(fischer.to_sql().unwrap()),
            r#"{"v":1,"kind":"correspondence","initial_ms":259200000,"increment_ms":86400000,"max_ms":604800000}"#
        );
        let clock = PlayerClock {
            main: ms(590_000),
            periods: 5,
            overtime: ms(0),
        };
        assert_eq!(
            json(clock.to_sql().unwrap()),
            r#"{"v":1,"main_ms":590000,"periods":5,"overtime_ms":0}"#
        );
    }

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
        fn every<T>()
        where
            T: strum::IntoEnumIterator + ToSql + FromSql + PartialEq + fmt::Debug,
        {
            for v in T::iter() {
                round_trip(v);
            }
        }
        every::<PhaseKind>();
        every::<ChoiceKind>();
        every::<EndCode>();
        every::<InvitationState>();
        every::<ColoursWhy>();
        every::<Parity>();
        every::<Stage>();
        every::<EntryStatus>();
        every::<Outcome>();
        every::<Level>();
        every::<RuleSet>();
        for r in [
            Ruling::Award(Color::Black),
            Ruling::Award(Color::White),
            Ruling::Settle,
            Ruling::Replay,
        ] {
            round_trip(r);
        }
        for t in [
            TimeControl::Turn,
            TimeControl::ByoYomi {
                main: ms(600_000),
                periods: 5,
                period: ms(30_000),
            },
            TimeControl::Fischer {
                initial: ms(120_000),
                increment: ms(30_000),
                max: ms(300_000),
            },
            TimeControl::Correspondence {
                initial: ms(3 * 86_400_000),
                increment: ms(86_400_000),
                max: ms(7 * 86_400_000),
            },
            TimeControl::Penalty {
                main: ms(3_600_000),
            },
            TimeControl::Canadian {
                main: ms(600_000),
                stones: 25,
                period: ms(300_000),
            },
            TimeControl::Simple {
                per_move: ms(30_000),
            },
            TimeControl::Absolute {
                main: ms(1_200_000),
            },
        ] {
            round_trip(t);
        }
        round_trip(PlayerClock {
            main: ms(590_000),
            periods: 4,
            overtime: ms(12),
        });
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
        assert!(decode::<PhaseKind>("SELECT 'running'").is_err());
        assert!(decode::<Ruling>("SELECT 'award'").is_err());
        assert!(
            decode::<Stage>("SELECT 'Running'").is_err(),
            "names are exact"
        );
        assert!(decode::<Outcome>("SELECT 'black-won'").is_err());
        assert!(decode::<ColoursWhy>("SELECT 2").is_err(), "a name is text");
        assert!(decode::<Level>("SELECT 'expert'").is_err());
        assert!(
            decode::<TimeControl>("SELECT 'byo-yomi 10m 5x30s'").is_err(),
            "the moderator's text is not the stored form"
        );
        assert!(
            decode::<TimeControl>(r#"SELECT '{"v":2,"kind":"turn"}'"#).is_err(),
            "a form of another version is an error, not a guess"
        );
        assert!(decode::<TimeControl>(r#"SELECT '{"v":1,"kind":"hourglass"}'"#).is_err());
        assert!(
            decode::<PlayerClock>(r#"SELECT '{"v":1,"main_ms":-5,"periods":0,"overtime_ms":0}'"#)
                .is_err()
        );
        let e = decode::<EndCode>("SELECT 'resigned'")
            .unwrap_err()
            .to_string();
        assert!(e.contains("resigned"), "the report names the value: {e}");
    }

    fn names<T: strum::IntoEnumIterator + Into<&'static str>>() -> Vec<&'static str> {
        T::iter().map(Into::into).collect()
    }

    #[test]
    fn the_stored_names_are_those_the_schema_and_older_databases_hold() {
        assert_eq!(
            names::<PhaseKind>(),
            ["nigiri", "play", "agreement", "ended"]
        );
        assert_eq!(names::<ChoiceKind>(), ["play", "pass", "resign"]);
        assert_eq!(
            names::<EndCode>(),
            [
                "two-passes",
                "resignation",
                "time",
                "forfeit",
                "absence",
                "two-automatic-passes",
                "offline-B",
                "offline-W",
                "time-cap",
                "annulled"
            ]
        );
        assert_eq!(
            names::<InvitationState>(),
            ["pending", "accepted", "declined", "expired", "cancelled"]
        );
        assert_eq!(
            names::<ColoursWhy>(),
            [
                "acceptor",
                "rematch-swapped",
                "rematch-handicap",
                "lower-rank",
                "chosen",
                "nigiri"
            ]
        );
        assert_eq!(names::<Parity>(), ["odd", "even"]);
        assert_eq!(
            names::<Stage>(),
            ["registration", "running", "finished", "cancelled"]
        );
        assert_eq!(names::<EntryStatus>(), ["active", "withdrawn", "removed"]);
        assert_eq!(names::<Outcome>(), ["black", "white", "draw", "both-lost"]);
        assert_eq!(
            names::<Level>(),
            ["beginner", "intermediate", "advanced", "engine"]
        );
        assert_eq!(
            names::<RuleSet>(),
            ["classic", "chinese", "aga", "japanese", "korean", "ing"]
        );
        assert_eq!(
            names::<FormatKind>(),
            [
                "round-robin",
                "knockout",
                "double-knockout",
                "swiss",
                "mcmahon",
                "arena",
                "ten-game"
            ]
        );
        assert_eq!(names::<HandicapPolicy>(), ["even", "by-rank"]);
        assert_eq!(names::<Schedule>(), ["continuous", "manual", "timed"]);
        assert_eq!(names::<ColourRule>(), ["pairing", "nigiri"]);
        assert_eq!(names::<TeamForm>(), ["pair", "consultation"]);
    }

    /// The names in the JSON forms (serde's) are the names strum derives.
    #[test]
    fn a_name_is_the_same_in_a_column_and_in_a_json_form() {
        fn agree<T>()
        where
            T: strum::IntoEnumIterator + Into<&'static str> + serde::Serialize + Copy,
        {
            for v in T::iter() {
                let json = serde_json::to_string(&v).unwrap();
                assert_eq!(json, format!("\"{}\"", v.into()));
            }
        }
        agree::<FormatKind>();
        agree::<HandicapPolicy>();
        agree::<Schedule>();
        agree::<ColourRule>();
        agree::<RuleSet>();
        agree::<TeamForm>();
    }

    /// Terms and sides as the release before the typed forms wrote them (the fixture's own,
    /// `tests/data/before-refit-f88509b.db`) read back, and are written again to the same text.
    #[test]
    fn today_s_json_forms_round_trip_to_the_same_text() {
        let conn = Connection::open_in_memory().unwrap();
        let terms = r#"{"v":1,"purpose":null,"registration_ms":null,"format":"ten-game","rounds":null,"bar":null,"floor":null,"size":9,"rules":"chinese","komi_half":15,"handicap":"even","time":{"kind":"turn"},"ranked":false,"role":null,"relay":null,"min_ranked_games":0,"max_players":2,"schedule":"continuous","start_window_ms":120000,"round_interval_ms":null,"absences_allowed":1,"colours":"pairing"}"#;
        let read: EventTermsSpec = conn.query_row("SELECT ?1", [terms], |r| r.get(0)).unwrap();
        assert_eq!(read.format, FormatKind::TenGame);
        assert_eq!(read.colours, ColourRule::ByPairing);
        let written: String = conn.query_row("SELECT ?1", [&read], |r| r.get(0)).unwrap();
        assert_eq!(written, terms);
        let mcmahon = terms
            .replace(
                r#""ten-game","rounds":null,"bar":null,"floor":null"#,
                r#""mcmahon","rounds":5,"bar":30,"floor":10"#,
            )
            .replace(r#""by-rank""#, r#""even""#)
            .replace(r#""continuous""#, r#""timed""#);
        let read: EventTermsSpec = conn
            .query_row("SELECT ?1", [&mcmahon], |r| r.get(0))
            .unwrap();
        assert_eq!(
            (read.format, read.rounds, read.bar),
            (FormatKind::McMahon, Some(5), Some(30))
        );
        let written: String = conn.query_row("SELECT ?1", [&read], |r| r.get(0)).unwrap();
        assert_eq!(written, mcmahon);
        let bad = terms.replace(r#""ten-game""#, r#""ladder""#);
        assert!(
            conn.query_row("SELECT ?1", [&bad], |r| r.get::<_, EventTermsSpec>(0))
                .is_err(),
            "an unknown format is an error for the row"
        );

        let sides = r#"{"v":1,"form":"pair","black":{"members":[800,820],"role":null,"anyone":false,"seen":[]},"white":{"members":[700,810],"role":null,"anyone":false,"seen":[]}}"#;
        let read: TeamsSpec = conn.query_row("SELECT ?1", [sides], |r| r.get(0)).unwrap();
        assert_eq!(read.form, TeamForm::Pair);
        let written: String = conn.query_row("SELECT ?1", [&read], |r| r.get(0)).unwrap();
        assert_eq!(written, sides);
        let bad = sides.replace(r#""pair""#, r#""trio""#);
        assert!(
            conn.query_row("SELECT ?1", [&bad], |r| r.get::<_, TeamsSpec>(0))
                .is_err()
        );
    }
}
