//! An event's terms (赛约): what it is played on, by whom, how — stated when it is created,
//! shown on its announcement, fixed once its first round starts.

use crate::go::{BoardSize, Komi, RuleSet};

use crate::game::invitation::{InviteOptions, resolve_terms};
use crate::game::rating::Rank;
use crate::game::refusal::Refusal;
use crate::game::settings::Settings;
use crate::game::time::Duration;
use crate::game::time_control::{TimeControl, TimePreset};

/// How an event pairs its players (赛制). Its kind without the numbers ([`FormatKind`]) is
/// what is typed and stored by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(FormatKind),
    derive(
        serde::Serialize,
        serde::Deserialize,
        strum::IntoStaticStr,
        strum::EnumString,
        strum::EnumIter
    ),
    serde(rename_all = "kebab-case"),
    strum(serialize_all = "kebab-case")
)]
pub enum Format {
    /// Everyone plays everyone (循环制), by Berger tables.
    RoundRobin,
    /// Single elimination (单式淘汰), seeded by rating.
    Knockout,
    /// Double elimination (复式淘汰): a winners' and a losers' bracket and a grand final.
    DoubleKnockout,
    /// Swiss: `rounds` rounds, players of equal score meeting, no pair twice.
    Swiss { rounds: u32 },
    /// McMahon: Swiss with a start score from the rank, between `floor` and `bar`.
    #[strum_discriminants(strum(serialize = "mcmahon"))]
    #[strum_discriminants(serde(rename = "mcmahon"))]
    McMahon { rounds: u32, bar: Rank, floor: Rank },
    /// 擂台制: two teams in their captains' order; the winner stays on.
    Arena,
    /// 十局升降制: two players, ten games, the handicap stepping after a four-game lead.
    TenGame,
}

impl Format {
    /// Every format, as offered (a Swiss or McMahon event with the default numbers, which its
    /// terms then set).
    pub const ALL: [Format; 7] = [
        Format::RoundRobin,
        Format::Knockout,
        Format::DoubleKnockout,
        Format::Swiss {
            rounds: DEFAULT_ROUNDS,
        },
        Format::McMahon {
            rounds: DEFAULT_ROUNDS,
            bar: Rank(30),
            floor: Rank(10),
        },
        Format::Arena,
        Format::TenGame,
    ];

    /// The name as typed and stored (its [`FormatKind`]'s).
    pub fn name(self) -> &'static str {
        FormatKind::from(self).into()
    }

    /// The fewest players the format needs, and the most an event of it may take.
    pub const fn players(self) -> (usize, usize) {
        match self {
            Format::RoundRobin => (2, 16),
            Format::Knockout | Format::DoubleKnockout => (2, 64),
            Format::Swiss { .. } | Format::McMahon { .. } => (2, 64),
            Format::Arena => (2, 32),
            Format::TenGame => (2, 2),
        }
    }

    /// Whether ties are split the EGF way (SOS, SODOS, SOSOS) rather than by the Ing rules'
    /// auxiliary points (A1, A2, B1, B2).
    pub const fn egf_tiebreaks(self) -> bool {
        matches!(self, Format::Swiss { .. } | Format::McMahon { .. })
    }

    /// The tiebreak that splits this format's ties of main points.
    pub const fn tiebreak(self) -> super::standings::Tiebreak {
        if self.egf_tiebreaks() {
            super::standings::Tiebreak::Egf
        } else {
            super::standings::Tiebreak::Ing
        }
    }
}

/// How the games of an event are balanced (局差); typed and stored as `even` or `by-rank`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum HandicapPolicy {
    /// 无差赛: every game even, komi as the terms say (the rule set's own if none).
    Even,
    /// 有差赛: each game's handicap from the two players' ranks (the Ing conversion into
    /// points and free moves under `ing`, the rule set's own stones and komi otherwise).
    ByRank,
}

/// When an event's rounds start; typed and stored by its name (`continuous`, `manual`,
/// `timed`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Schedule {
    /// Each round as soon as every game of the one before has ended; the first when a
    /// moderator starts the event.
    Continuous,
    /// Every round when a moderator starts it.
    Manual,
    /// Each round a set time after the last one started (the terms' round interval): a game
    /// still being played then waits for a referee's ruling, and the round starts once the
    /// last is decided.
    Timed,
}

/// Who chooses the colours of a game; stored as `pairing` or `nigiri`.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ColourRule {
    /// The format's pairing says (Berger's order, the lower seed Black, the challenger Black).
    #[serde(rename = "pairing")]
    #[strum(serialize = "pairing")]
    ByPairing,
    /// 猜先 before each even game.
    Nigiri,
}

/// What an event states before it opens (SPEC §11, 赛约).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventTerms {
    /// Its purpose (比赛宗旨), in the organiser's words, if they gave one.
    pub purpose: Option<String>,
    /// How long registration (报名期间) stays open from the event's creation; `None`: until an
    /// organiser starts it.
    pub registration: Option<Duration>,
    pub format: Format,
    pub size: BoardSize,
    pub rules: RuleSet,
    /// `None`: the rule set's own.
    pub komi: Option<Komi>,
    pub handicap: HandicapPolicy,
    pub time: TimeControl,
    pub ranked: bool,
    /// Who may enter: members of this role (the front end's id), if set.
    pub role: Option<u64>,
    /// Where every game and the standings are relayed for spectators (传谱): a channel of
    /// the front end, if set.
    pub relay: Option<u64>,
    /// Who may enter: players with at least this many finished ranked games on the server.
    pub min_ranked_games: u32,
    /// The most players it takes.
    pub max_players: u32,
    pub schedule: Schedule,
    /// Under a timed schedule, the time from one round's start to the next's.
    pub round_interval: Option<Duration>,
    /// How long a player has for their first move of a round's game before they lose it by
    /// forfeit (缺席).
    pub start_window: Duration,
    /// Absences allowed; one more removes the player, their remaining games lost (罚停).
    pub absences_allowed: u32,
    pub colours: ColourRule,
}

impl EventTerms {
    /// The largest number of players this event may take: its own limit, within its format's.
    pub fn capacity(&self) -> usize {
        let (_, most) = self.format.players();
        most.min(self.max_players as usize)
    }

    /// Whether `roles` (a member's, as the front end knows them) include the role these terms
    /// open the event to; `false` when they name none.
    pub fn role_held_by(&self, roles: &[u64]) -> bool {
        self.role.is_some_and(|role| roles.contains(&role))
    }
}

/// The rounds of a Swiss or McMahon event when the moderator names none.
pub const DEFAULT_ROUNDS: u32 = 5;

/// The most rounds a Swiss or McMahon event may have.
pub const MAX_ROUNDS: u32 = 12;

/// How long a player of a real-time event game has for their first move, when the terms do
/// not say: ten minutes; a correspondence game, three days.
pub const DEFAULT_START_WINDOW: Duration = Duration::from_secs(10 * 60);
pub const DEFAULT_CORRESPONDENCE_START_WINDOW: Duration = Duration::from_secs(3 * 24 * 3600);

/// Absences a player may have before removal, when the terms do not say: one (the second
/// removes).
pub const DEFAULT_ABSENCES_ALLOWED: u32 = 1;

/// The shortest start window a moderator may set: five seconds (a lightning event).
pub const MIN_START_WINDOW: Duration = Duration::from_secs(5);

/// The shortest and longest time between rounds of a timed schedule.
pub const MIN_ROUND_INTERVAL: Duration = Duration::from_secs(5);
pub const MAX_ROUND_INTERVAL: Duration = Duration::from_secs(30 * 24 * 3600);

/// The longest start window a moderator may set: a week.
pub const MAX_START_WINDOW: Duration = Duration::from_secs(7 * 24 * 3600);

/// The shortest and longest registration period an organiser may set.
pub const MIN_REGISTRATION: Duration = Duration::from_secs(5);
pub const MAX_REGISTRATION: Duration = Duration::from_secs(90 * 24 * 3600);

/// The longest purpose line, in characters.
pub const MAX_PURPOSE: usize = 300;

/// What a moderator asks for when creating an event, as typed: every term they left out is
/// the server's setting or the event default.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EventOptions {
    /// The purpose line, as typed (blank: none).
    pub purpose: Option<String>,
    /// How long registration stays open from creation (none: until an organiser starts it).
    pub registration: Option<Duration>,
    /// The format; a Swiss or McMahon event's rounds, bar and floor come from the fields below.
    pub format: Option<Format>,
    pub size: Option<u8>,
    pub rules: Option<RuleSet>,
    pub komi: Option<f64>,
    pub handicap: Option<HandicapPolicy>,
    pub time: Option<TimePreset>,
    pub ranked: Option<bool>,
    pub role: Option<u64>,
    /// The relay channel (the front end's id).
    pub relay: Option<u64>,
    pub min_ranked_games: Option<u32>,
    pub max_players: Option<u32>,
    pub schedule: Option<Schedule>,
    /// The time between rounds of a timed schedule (required by it, refused without it).
    pub round_interval: Option<Duration>,
    pub start_window: Option<Duration>,
    pub absences_allowed: Option<u32>,
    pub rounds: Option<u32>,
    /// McMahon's bar and floor, as typed (`1d`, `20k`).
    pub bar: Option<String>,
    pub floor: Option<String>,
    /// Who chooses the colours of an even game (default: the pairing).
    pub colours: Option<ColourRule>,
}

/// What a moderator asks for when creating an event.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRequest {
    pub guild: crate::game::GuildId,
    pub channel: crate::game::ChannelId,
    pub by: crate::game::UserId,
    pub moderator: bool,
    pub name: String,
    pub options: EventOptions,
}

impl EventOptions {
    /// The event's terms: the options, else the server's settings and the event defaults,
    /// each checked against what the server allows.
    ///
    /// # Errors
    /// A size, rules, komi or time the server does not allow (as for an invitation); a
    /// number of rounds, players, absences, a window or a registration period out of range, a
    /// purpose too long, a bar or floor that is no rank or a floor above the bar
    /// ([`Refusal::EventTermsNotAllowed`]).
    pub fn resolve(&self, settings: &Settings) -> Result<EventTerms, Refusal> {
        let game = resolve_terms(
            &InviteOptions {
                size: self.size,
                komi: self.komi,
                rules: self.rules,
                handicap: None,
                ranked: self.ranked,
                time: self.time,
                clock: None,
                color: None,
            },
            settings,
        )?;
        let bad = || Refusal::EventTermsNotAllowed;
        let format = self.resolve_format()?;
        let (fewest, most) = format.players();
        let max_players = self.max_players.unwrap_or(most as u32);
        if (max_players as usize) < fewest || max_players as usize > most {
            return Err(bad());
        }
        let start_window = self.resolve_start_window(game.time.is_correspondence())?;
        let (schedule, round_interval) = self.resolve_schedule()?;
        if self
            .registration
            .is_some_and(|r| !(MIN_REGISTRATION..=MAX_REGISTRATION).contains(&r))
        {
            return Err(bad());
        }
        let absences_allowed = self.absences_allowed.unwrap_or(DEFAULT_ABSENCES_ALLOWED);
        if absences_allowed > 10 || self.min_ranked_games.is_some_and(|g| g > 1000) {
            return Err(bad());
        }
        Ok(EventTerms {
            purpose: self.resolve_purpose()?,
            registration: self.registration,
            format,
            size: game.size,
            rules: game.rules,
            komi: Some(game.komi),
            handicap: self.handicap.unwrap_or(HandicapPolicy::Even),
            time: game.time,
            ranked: game.ranked,
            role: self.role,
            relay: self.relay,
            min_ranked_games: self.min_ranked_games.unwrap_or(0),
            max_players,
            schedule,
            round_interval,
            start_window,
            absences_allowed,
            colours: self.colours.unwrap_or(ColourRule::ByPairing),
        })
    }

    /// The format with its numbers: a Swiss or McMahon event's rounds (within
    /// [`MAX_ROUNDS`]), a McMahon bar and floor (ranks, the floor not above the bar).
    fn resolve_format(&self) -> Result<Format, Refusal> {
        let bad = || Refusal::EventTermsNotAllowed;
        let rounds = self.rounds.unwrap_or(DEFAULT_ROUNDS);
        let rank = |typed: &Option<String>, default: &str| {
            typed
                .as_deref()
                .unwrap_or(default)
                .parse::<Rank>()
                .map_err(|_| bad())
        };
        let format = match self.format.unwrap_or(Format::RoundRobin) {
            Format::Swiss { .. } => Format::Swiss { rounds },
            Format::McMahon { .. } => {
                let (bar, floor) = (rank(&self.bar, "1d")?, rank(&self.floor, "20k")?);
                if floor > bar {
                    return Err(bad());
                }
                Format::McMahon { rounds, bar, floor }
            }
            f => f,
        };
        if matches!(format, Format::Swiss { .. } | Format::McMahon { .. })
            && !(1..=MAX_ROUNDS).contains(&rounds)
        {
            return Err(bad());
        }
        Ok(format)
    }

    /// The start window: the option, else the default for the game's time (longer for
    /// correspondence), within its bounds.
    fn resolve_start_window(&self, correspondence: bool) -> Result<Duration, Refusal> {
        let start_window = self.start_window.unwrap_or(if correspondence {
            DEFAULT_CORRESPONDENCE_START_WINDOW
        } else {
            DEFAULT_START_WINDOW
        });
        if start_window < MIN_START_WINDOW || start_window > MAX_START_WINDOW {
            return Err(Refusal::EventTermsNotAllowed);
        }
        Ok(start_window)
    }

    /// The schedule and, for a timed one only, its round interval within its bounds.
    fn resolve_schedule(&self) -> Result<(Schedule, Option<Duration>), Refusal> {
        let schedule = self.schedule.unwrap_or(Schedule::Continuous);
        match (schedule, self.round_interval) {
            (Schedule::Timed, Some(every))
                if (MIN_ROUND_INTERVAL..=MAX_ROUND_INTERVAL).contains(&every) =>
            {
                Ok((schedule, Some(every)))
            }
            (Schedule::Continuous | Schedule::Manual, None) => Ok((schedule, None)),
            _ => Err(Refusal::EventTermsNotAllowed),
        }
    }

    /// The purpose, trimmed (`None` if blank), no longer than [`MAX_PURPOSE`] characters.
    fn resolve_purpose(&self) -> Result<Option<String>, Refusal> {
        let purpose = self
            .purpose
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_owned);
        if purpose
            .as_deref()
            .is_some_and(|p| p.chars().count() > MAX_PURPOSE)
        {
            return Err(Refusal::EventTermsNotAllowed);
        }
        Ok(purpose)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(options: EventOptions) -> Result<EventTerms, Refusal> {
        options.resolve(&Settings::default())
    }

    #[test]
    fn a_role_is_held_only_when_the_terms_name_one_among_the_roles() {
        let mut terms = with(EventOptions::default()).expect("terms");
        assert!(!terms.role_held_by(&[5, 6]));
        terms.role = Some(6);
        assert!(terms.role_held_by(&[5, 6]));
        assert!(!terms.role_held_by(&[5]));
        assert!(!terms.role_held_by(&[]));
    }

    #[test]
    fn a_purpose_is_kept_trimmed_and_a_blank_one_is_none() {
        let terms = with(EventOptions {
            purpose: Some("  A friendly autumn cup for new players  ".into()),
            ..EventOptions::default()
        })
        .expect("terms");
        assert_eq!(
            terms.purpose.as_deref(),
            Some("A friendly autumn cup for new players")
        );
        let blank = with(EventOptions {
            purpose: Some("   ".into()),
            ..EventOptions::default()
        })
        .expect("terms");
        assert_eq!(blank.purpose, None);
        let long = with(EventOptions {
            purpose: Some("x".repeat(MAX_PURPOSE + 1)),
            ..EventOptions::default()
        });
        assert_eq!(long, Err(Refusal::EventTermsNotAllowed));
    }

    #[test]
    fn a_registration_period_is_five_seconds_to_ninety_days() {
        for (period, ok) in [
            (MIN_REGISTRATION, true),
            (MAX_REGISTRATION, true),
            (Duration::from_secs(4), false),
            (Duration::from_secs(90 * 24 * 3600 + 1), false),
        ] {
            let terms = with(EventOptions {
                registration: Some(period),
                ..EventOptions::default()
            });
            assert_eq!(terms.is_ok(), ok, "{period:?}");
        }
        assert_eq!(
            with(EventOptions::default()).expect("terms").registration,
            None
        );
    }
}
