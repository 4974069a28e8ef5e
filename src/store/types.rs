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
        /// An event's game whose colours nigiri decides first.
        Nigiri = "nigiri",
        /// Moves are being played.
        Play = "play",
        /// Both passed; the players settle the dead stones.
        Agreement = "agreement",
        /// Over: see the ending.
        Ended = "ended",
    }
}

code! {
    /// What a consultation member voted for.
    ChoiceCode, "vote" {
        Play = "play",
        Pass = "pass",
        Resign = "resign",
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
        /// Lost by forfeit (an event's withdrawal, removal, or the referee's award).
        Forfeit = "forfeit",
        /// Lost by an event's absence: no first move within the start window.
        Absence = "absence",
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

code! {
    /// Why an invitation's colours are what they are.
    ColoursCode, "colours" {
        /// Whoever accepts plays Black.
        Acceptor = "acceptor",
        /// A rematch of an even game: the colours swapped.
        RematchSwapped = "rematch-swapped",
        /// A rematch of a handicap game: the handicap kept by whoever received it.
        RematchHandicap = "rematch-handicap",
        /// A ranked game's handicap to the lower rank.
        LowerRank = "lower-rank",
        /// The inviter's choice.
        Chosen = "chosen",
        /// Nigiri: the winner of the guess chooses (until then, open).
        Nigiri = "nigiri",
    }
}

code! {
    /// A referee's ruling on an event's game.
    RulingCode, "ruling" {
        AwardBlack = "award-black",
        AwardWhite = "award-white",
        Settle = "settle",
        Replay = "replay",
    }
}

code! {
    /// A nigiri's guess at the number of stones in the hand.
    ParityCode, "parity" {
        Odd = "odd",
        Even = "even",
    }
}

code! {
    /// Where a stored event is in its life.
    EventStageCode, "event stage" {
        Registration = "registration",
        Running = "running",
        Finished = "finished",
        Cancelled = "cancelled",
    }
}

code! {
    /// Whether a player is still in an event.
    EntryStatusCode, "entry status" {
        Active = "active",
        Withdrawn = "withdrawn",
        Removed = "removed",
    }
}

code! {
    /// How an event's game ended.
    OutcomeCode, "event game outcome" {
        Black = "black",
        White = "white",
        Draw = "draw",
        BothLost = "both-lost",
    }
}

/// An event's terms as stored: their own typed form (JSON with a version beside its fields,
/// like [`TimeSpec`]); ranks are their numbers (0 = 30 kyu), komi in half points, durations in
/// milliseconds, names as the game writes them.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventTermsSpec {
    /// The purpose line; absent in terms stored before it.
    #[serde(default)]
    pub purpose: Option<String>,
    /// How long registration stays open from creation; absent: until an organiser starts the
    /// event (and in terms stored before registration deadlines).
    #[serde(default)]
    pub registration_ms: Option<u64>,
    /// `round-robin`, `knockout`, `double-knockout`, `swiss`, `mcmahon`, `arena`, `ten-game`.
    pub format: String,
    /// Swiss and McMahon: how many rounds.
    pub rounds: Option<u32>,
    /// McMahon: the bar and the floor, as rank numbers.
    pub bar: Option<i8>,
    pub floor: Option<i8>,
    pub size: u8,
    pub rules: String,
    pub komi_half: Option<i32>,
    /// `even` or `by-rank`.
    pub handicap: String,
    pub time: TimeSpec,
    pub ranked: bool,
    pub role: Option<u64>,
    /// The relay channel; absent in terms stored before relays.
    #[serde(default)]
    pub relay: Option<u64>,
    pub min_ranked_games: u32,
    pub max_players: u32,
    /// `continuous` or `manual`.
    pub schedule: String,
    pub start_window_ms: u64,
    /// A timed schedule's time between rounds; absent in terms stored before timed rounds.
    #[serde(default)]
    pub round_interval_ms: Option<u64>,
    pub absences_allowed: u32,
    /// `pairing` or `nigiri`.
    pub colours: String,
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

/// A team game's sides as stored (JSON with a version, like [`TimeSpec`]): `pair` or
/// `consultation`, and each side's members, role or openness, with the voters a role's or
/// anyone's side has shown.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TeamsSpec {
    /// `pair` or `consultation`.
    pub form: String,
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

/// The version of the stored forms of time controls, clocks and event terms ([`TimeSpec`],
/// [`ClockSpec`], [`EventTermsSpec`]).
pub const TIME_FORM_VERSION: u32 = 1;

/// A time control as stored: its own typed form (JSON with a version, `{"v":1,"kind":
/// "byo-yomi","main_ms":600000,"periods":5,"period_ms":30000}`), not the text a moderator
/// types, so that a stored game never depends on what a setting accepts today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TimeSpec {
    Turn,
    ByoYomi {
        main_ms: u64,
        periods: u32,
        period_ms: u64,
    },
    Fischer {
        initial_ms: u64,
        increment_ms: u64,
        max_ms: u64,
    },
    Correspondence {
        initial_ms: u64,
        increment_ms: u64,
        max_ms: u64,
    },
    Penalty {
        main_ms: u64,
    },
}

/// What one player has left on a real clock, as stored (JSON with a version, `{"v":1,
/// "main_ms":590000,"periods":5,"overtime_ms":0}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ClockSpec {
    pub main_ms: u64,
    pub periods: u32,
    pub overtime_ms: u64,
}

/// A stored form with its version beside its fields.
#[derive(serde::Serialize, serde::Deserialize)]
struct Versioned<T> {
    v: u32,
    #[serde(flatten)]
    form: T,
}

fn to_json<T: serde::Serialize>(form: T) -> rusqlite::Result<ToSqlOutput<'static>> {
    serde_json::to_string(&Versioned {
        v: TIME_FORM_VERSION,
        form,
    })
    .map(ToSqlOutput::from)
    .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
}

fn from_json<T: serde::de::DeserializeOwned>(value: ValueRef<'_>, what: &str) -> FromSqlResult<T> {
    let text = text_of(value, what)?;
    let stored: Versioned<T> = serde_json::from_str(text).map_err(|_| invalid(what, text))?;
    if stored.v == TIME_FORM_VERSION {
        Ok(stored.form)
    } else {
        Err(invalid(
            &format!("{what} of version {TIME_FORM_VERSION}"),
            text,
        ))
    }
}

impl ToSql for TimeSpec {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        to_json(*self)
    }
}

impl FromSql for TimeSpec {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<TimeSpec> {
        from_json(value, "time control")
    }
}

impl ToSql for ClockSpec {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        to_json(*self)
    }
}

impl FromSql for ClockSpec {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<ClockSpec> {
        from_json(value, "clock")
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
        for &c in ColoursCode::ALL {
            round_trip(c);
        }
        for &c in ParityCode::ALL {
            round_trip(c);
        }
        for &c in RulingCode::ALL {
            round_trip(c);
        }
        for t in [
            TimeSpec::Turn,
            TimeSpec::ByoYomi {
                main_ms: 600_000,
                periods: 5,
                period_ms: 30_000,
            },
            TimeSpec::Fischer {
                initial_ms: 120_000,
                increment_ms: 30_000,
                max_ms: 300_000,
            },
            TimeSpec::Correspondence {
                initial_ms: 3 * 86_400_000,
                increment_ms: 86_400_000,
                max_ms: 7 * 86_400_000,
            },
            TimeSpec::Penalty { main_ms: 3_600_000 },
        ] {
            round_trip(t);
        }
        round_trip(ClockSpec {
            main_ms: 590_000,
            periods: 4,
            overtime_ms: 12,
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
        assert!(decode::<PhaseCode>("SELECT 'running'").is_err());
        assert!(decode::<Level>("SELECT 'expert'").is_err());
        assert!(
            decode::<TimeSpec>("SELECT 'byo-yomi 10m 5x30s'").is_err(),
            "the moderator's text is not the stored form"
        );
        assert!(
            decode::<TimeSpec>(r#"SELECT '{"v":2,"kind":"turn"}'"#).is_err(),
            "a form of another version is an error, not a guess"
        );
        assert!(decode::<TimeSpec>(r#"SELECT '{"v":1,"kind":"hourglass"}'"#).is_err());
        assert!(
            decode::<ClockSpec>(r#"SELECT '{"v":1,"main_ms":-5,"periods":0,"overtime_ms":0}'"#)
                .is_err()
        );
        let e = decode::<EndCode>("SELECT 'resigned'")
            .unwrap_err()
            .to_string();
        assert!(e.contains("resigned"), "the report names the value: {e}");
    }
}
