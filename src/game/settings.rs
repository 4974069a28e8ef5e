//! Per-server settings of the game: every key of SPEC §7 that shapes a game, its default, its
//! valid range.
//!
//! A moderator edits them with `set KEY VALUE` and `reset KEY`; a bad key or value is refused
//! with the valid range and nothing changes. They are stored as text pairs (only the keys that
//! differ from the default), so adding a key later needs no migration. How a front end shows a
//! game (notices, threads, roles, language) is the front end's own setting, not one of these.

use std::fmt;
use std::str::FromStr;

use crate::go::{BoardSize, Komi, Level, MAX_SIZE, MIN_SIZE, RuleSet};

use super::time_control::{TimeControl, TimePreset};

/// Every game setting, in the order `show` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SettingKey {
    Enabled,
    BoardSize,
    AllowedSizes,
    Komi,
    AllowedKomi,
    Rules,
    AllowedRules,
    TurnTimeoutSeconds,
    ReconnectGraceSeconds,
    MatchMaxMinutes,
    OfferExpirySeconds,
    ResignConfirmWindowSeconds,
    MeritMinMoves,
    MeritAmount,
    MeritWinnerBonus,
    MeritLifetimeCap,
    AiEnabled,
    AiLevels,
    AiResigns,
    RankedDefault,
    TimeDefault,
    AllowedTimes,
    TimeBlitz,
    TimeLive,
    TimeCorrespondence,
    MaxCorrespondenceGames,
    Takebacks,
    /// Whether any member may start a consultation game (商谈联棋), not only moderators.
    TeamGamesForEveryone,
    /// The channel of the daily problem (训练场), or none.
    DailyChannel,
    /// The hour the daily problem is posted, in the server's time zone.
    DailyHour,
    /// The server's time zone, as an offset from UTC.
    Timezone,
    /// Where a player may ask for an estimate of their game (形势判断): off, unranked, all.
    Estimate,
    /// How many estimates each player may ask for in one game.
    EstimateLimit,
    /// What the server shows on the web (SPEC §13): nothing, its games, or its games, events
    /// and its own page.
    Web,
    /// Whether an inviter may give a clock of their own numbers (`clock` of `/weiqi invite`).
    CustomClocks,
    /// The longest main time such a clock may have, in minutes.
    CustomClockMax,
    /// Where the seek's games start, or none (where the one who waited longer asked).
    SeekChannel,
}

/// What kind of value a key takes: the front end words it ("a whole number of seconds from 30
/// to 3600") in the moderator's language; the numbers come from here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `true` or `false`.
    Switch,
    /// A whole number within a range, counting `unit`s.
    Number { min: u32, max: u32, unit: Unit },
    /// One board size, which must be among the allowed sizes.
    BoardSize,
    /// A list of board sizes that holds the default size.
    BoardSizes,
    /// A whole or half number of points within the allowed komi, or `default`.
    Komi,
    /// A range of komi (`5.5..7.5`) that holds the server's komi.
    KomiRange,
    /// One rule set, which must be among the allowed rule sets.
    Rules,
    /// A list of rule sets that holds the default rule set.
    RuleList,
    /// A list of the computer's levels.
    Levels,
    /// One time preset, which must be among the allowed ones.
    TimePreset,
    /// A list of time presets that holds the default one.
    TimePresets,
    /// A time control's numbers (`byo-yomi 10m 5x30s`, …), within sane ranges.
    TimeControl,
    /// A channel of the server (`#name` as Discord writes it, or its id), or `off`.
    Channel,
    /// An offset from UTC (`UTC+8`, `-3:30`).
    UtcOffset,
    /// Where the estimate is allowed: `off`, `unranked`, `all`.
    EstimatePolicy,
    /// What the web shows: `off`, `games`, `all`.
    WebPolicy,
}

/// What a number counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Seconds,
    Minutes,
    Moves,
    Merit,
    Awards,
    Games,
    /// An hour of the day, 0 to 23.
    Hours,
    /// Uses of something in one game.
    Uses,
}

impl SettingKey {
    /// Every key.
    pub const ALL: [SettingKey; 37] = [
        SettingKey::Enabled,
        SettingKey::BoardSize,
        SettingKey::AllowedSizes,
        SettingKey::Komi,
        SettingKey::AllowedKomi,
        SettingKey::Rules,
        SettingKey::AllowedRules,
        SettingKey::TurnTimeoutSeconds,
        SettingKey::ReconnectGraceSeconds,
        SettingKey::MatchMaxMinutes,
        SettingKey::OfferExpirySeconds,
        SettingKey::ResignConfirmWindowSeconds,
        SettingKey::MeritMinMoves,
        SettingKey::MeritAmount,
        SettingKey::MeritWinnerBonus,
        SettingKey::MeritLifetimeCap,
        SettingKey::AiEnabled,
        SettingKey::AiLevels,
        SettingKey::AiResigns,
        SettingKey::RankedDefault,
        SettingKey::TimeDefault,
        SettingKey::AllowedTimes,
        SettingKey::TimeBlitz,
        SettingKey::TimeLive,
        SettingKey::TimeCorrespondence,
        SettingKey::MaxCorrespondenceGames,
        SettingKey::Takebacks,
        SettingKey::TeamGamesForEveryone,
        SettingKey::DailyChannel,
        SettingKey::DailyHour,
        SettingKey::Timezone,
        SettingKey::Estimate,
        SettingKey::EstimateLimit,
        SettingKey::Web,
        SettingKey::CustomClocks,
        SettingKey::CustomClockMax,
        SettingKey::SeekChannel,
    ];

    /// The key as typed in commands and stored in the database.
    pub const fn name(self) -> &'static str {
        match self {
            SettingKey::Enabled => "enabled",
            SettingKey::BoardSize => "board-size",
            SettingKey::AllowedSizes => "allowed-sizes",
            SettingKey::Komi => "komi",
            SettingKey::AllowedKomi => "allowed-komi",
            SettingKey::Rules => "rules",
            SettingKey::AllowedRules => "allowed-rules",
            SettingKey::TurnTimeoutSeconds => "turn-timeout-seconds",
            SettingKey::ReconnectGraceSeconds => "reconnect-grace-seconds",
            SettingKey::MatchMaxMinutes => "match-max-minutes",
            SettingKey::OfferExpirySeconds => "offer-expiry-seconds",
            SettingKey::ResignConfirmWindowSeconds => "resign-confirm-window-seconds",
            SettingKey::MeritMinMoves => "merit-min-moves",
            SettingKey::MeritAmount => "merit-amount",
            SettingKey::MeritWinnerBonus => "merit-winner-bonus",
            SettingKey::MeritLifetimeCap => "merit-lifetime-cap",
            SettingKey::AiEnabled => "ai-enabled",
            SettingKey::AiLevels => "ai-levels",
            SettingKey::AiResigns => "ai-resigns",
            SettingKey::RankedDefault => "ranked-default",
            SettingKey::TimeDefault => "time-default",
            SettingKey::AllowedTimes => "allowed-times",
            SettingKey::TimeBlitz => "time-blitz",
            SettingKey::TimeLive => "time-live",
            SettingKey::TimeCorrespondence => "time-correspondence",
            SettingKey::MaxCorrespondenceGames => "max-correspondence-games",
            SettingKey::Takebacks => "takebacks",
            SettingKey::TeamGamesForEveryone => "team-games-for-everyone",
            SettingKey::DailyChannel => "daily-channel",
            SettingKey::DailyHour => "daily-hour",
            SettingKey::Timezone => "timezone",
            SettingKey::Estimate => "estimate",
            SettingKey::EstimateLimit => "estimate-limit",
            SettingKey::Web => "web",
            SettingKey::CustomClocks => "custom-clocks",
            SettingKey::CustomClockMax => "custom-clock-max",
            SettingKey::SeekChannel => "seek-channel",
        }
    }

    /// What a valid value looks like, shown with every refusal.
    pub const fn shape(self) -> Shape {
        const fn n(min: u32, max: u32, unit: Unit) -> Shape {
            Shape::Number { min, max, unit }
        }
        match self {
            SettingKey::Enabled
            | SettingKey::AiEnabled
            | SettingKey::AiResigns
            | SettingKey::RankedDefault
            | SettingKey::Takebacks
            | SettingKey::TeamGamesForEveryone
            | SettingKey::CustomClocks => Shape::Switch,
            SettingKey::AiLevels => Shape::Levels,
            SettingKey::BoardSize => Shape::BoardSize,
            SettingKey::AllowedSizes => Shape::BoardSizes,
            SettingKey::Komi => Shape::Komi,
            SettingKey::AllowedKomi => Shape::KomiRange,
            SettingKey::Rules => Shape::Rules,
            SettingKey::AllowedRules => Shape::RuleList,
            SettingKey::TurnTimeoutSeconds | SettingKey::ReconnectGraceSeconds => {
                n(30, 3600, Unit::Seconds)
            }
            SettingKey::MatchMaxMinutes => n(5, 1440, Unit::Minutes),
            SettingKey::OfferExpirySeconds => n(15, 3600, Unit::Seconds),
            SettingKey::ResignConfirmWindowSeconds => n(3, 60, Unit::Seconds),
            SettingKey::MeritMinMoves => n(0, 400, Unit::Moves),
            SettingKey::MeritAmount | SettingKey::MeritWinnerBonus => n(0, 1000, Unit::Merit),
            SettingKey::MeritLifetimeCap => n(0, 10_000, Unit::Awards),
            SettingKey::TimeDefault => Shape::TimePreset,
            SettingKey::AllowedTimes => Shape::TimePresets,
            SettingKey::TimeBlitz | SettingKey::TimeLive | SettingKey::TimeCorrespondence => {
                Shape::TimeControl
            }
            SettingKey::MaxCorrespondenceGames => n(0, 100, Unit::Games),
            SettingKey::DailyChannel | SettingKey::SeekChannel => Shape::Channel,
            SettingKey::DailyHour => n(0, 23, Unit::Hours),
            SettingKey::Timezone => Shape::UtcOffset,
            SettingKey::Estimate => Shape::EstimatePolicy,
            SettingKey::Web => Shape::WebPolicy,
            SettingKey::EstimateLimit => n(0, 20, Unit::Uses),
            SettingKey::CustomClockMax => n(1, 180, Unit::Minutes),
        }
    }
}

impl fmt::Display for SettingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SettingKey {
    type Err = SettingError;

    fn from_str(text: &str) -> Result<SettingKey, SettingError> {
        let t = text.trim().to_ascii_lowercase();
        SettingKey::ALL
            .into_iter()
            .find(|k| k.name() == t)
            .ok_or_else(|| SettingError::UnknownKey(text.trim().to_owned()))
    }
}

/// Why a setting was not changed. Nothing changed; the front end shows the key's [`Shape`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    #[error("unknown setting {0:?}")]
    UnknownKey(String),
    #[error("{value:?} is not a valid value for {key}")]
    BadValue { key: SettingKey, value: String },
}

/// The komi a server allows in its games, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KomiRange {
    pub lo: Komi,
    pub hi: Komi,
}

impl KomiRange {
    /// Any komi from −50 to 50: the default.
    pub const ANY: KomiRange = KomiRange {
        lo: Komi::from_half_points(-KOMI_LIMIT_HALF),
        hi: Komi::from_half_points(KOMI_LIMIT_HALF),
    };

    /// Whether `komi` lies in the range.
    pub fn contains(self, komi: Komi) -> bool {
        (self.lo..=self.hi).contains(&komi)
    }
}

impl fmt::Display for KomiRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.lo, self.hi)
    }
}

impl FromStr for KomiRange {
    type Err = ();

    /// `5.5..7.5` (also `5.5-7.5` and `5.5 to 7.5`), or one komi for a range of one.
    fn from_str(text: &str) -> Result<KomiRange, ()> {
        let t = text.trim();
        let (lo, hi) = if let Some(pair) = t.split_once("..") {
            pair
        } else if let Some(pair) = t.split_once(" to ") {
            pair
        } else if let Some(i) = t.get(1..).and_then(|rest| rest.find('-')) {
            // A dash after the first character separates (`-3.5-2` is −3.5 to 2).
            (&t[..=i], &t[i + 2..])
        } else {
            (t, t)
        };
        let parse = |s: &str| s.trim().parse::<Komi>().ok().filter(|&k| in_limits(k));
        match (parse(lo), parse(hi)) {
            (Some(lo), Some(hi)) if lo <= hi => Ok(KomiRange { lo, hi }),
            _ => Err(()),
        }
    }
}

/// Where a player may ask for an estimate of their running game (形势判断).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EstimatePolicy {
    /// Never.
    Off,
    /// In unranked games only (Fox allows it there).
    Unranked,
    /// In every game, ranked ones too.
    All,
}

impl EstimatePolicy {
    /// Every policy, in the order a moderator is offered them.
    pub const ALL: [EstimatePolicy; 3] = [
        EstimatePolicy::Off,
        EstimatePolicy::Unranked,
        EstimatePolicy::All,
    ];

    /// The name as typed and stored.
    pub const fn name(self) -> &'static str {
        match self {
            EstimatePolicy::Off => "off",
            EstimatePolicy::Unranked => "unranked",
            EstimatePolicy::All => "all",
        }
    }

    /// Whether a game, ranked or not, allows it.
    pub const fn allows(self, ranked: bool) -> bool {
        match self {
            EstimatePolicy::Off => false,
            EstimatePolicy::Unranked => !ranked,
            EstimatePolicy::All => true,
        }
    }
}

impl FromStr for EstimatePolicy {
    type Err = ();

    /// A policy's name, in any case.
    fn from_str(text: &str) -> Result<EstimatePolicy, ()> {
        let t = text.trim().to_ascii_lowercase();
        EstimatePolicy::ALL
            .into_iter()
            .find(|p| p.name() == t)
            .ok_or(())
    }
}

/// What a server shows on the web (SPEC §13); nothing unless a moderator says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WebPolicy {
    /// No page of the server is served (the default).
    Off,
    /// Its games' pages.
    Games,
    /// Its games', its events' and its own page (live games, finished games, leaderboard).
    All,
}

impl WebPolicy {
    /// Every policy, in the order a moderator is offered them.
    pub const ALL: [WebPolicy; 3] = [WebPolicy::Off, WebPolicy::Games, WebPolicy::All];

    /// The name as typed and stored.
    pub const fn name(self) -> &'static str {
        match self {
            WebPolicy::Off => "off",
            WebPolicy::Games => "games",
            WebPolicy::All => "all",
        }
    }

    /// Whether a game's page is shown.
    pub const fn shows_games(self) -> bool {
        !matches!(self, WebPolicy::Off)
    }

    /// Whether the events' pages and the server's own page are shown.
    pub const fn shows_events(self) -> bool {
        matches!(self, WebPolicy::All)
    }
}

impl FromStr for WebPolicy {
    type Err = ();

    /// A policy's name, in any case.
    fn from_str(text: &str) -> Result<WebPolicy, ()> {
        let t = text.trim().to_ascii_lowercase();
        WebPolicy::ALL.into_iter().find(|p| p.name() == t).ok_or(())
    }
}

/// What a server allows of the estimate: where, and how many times a player a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EstimateRule {
    pub policy: EstimatePolicy,
    /// Uses a player may make of it in one game.
    pub limit: u32,
}

/// The settings of one server. `Default` is the table of SPEC §7.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub enabled: bool,
    pub board_size: BoardSize,
    /// Sorted, without duplicates, always containing `board_size`.
    pub allowed_sizes: Vec<BoardSize>,
    /// `None`: the rule set's own komi. Once set, it overrides the rule set's.
    pub komi: Option<Komi>,
    /// The komi a game may have; always contains `komi` when that is set.
    pub allowed_komi: KomiRange,
    pub rules: RuleSet,
    /// The rule sets an invitation may ask for: sorted, without duplicates, always containing
    /// `rules`.
    pub allowed_rules: Vec<RuleSet>,
    pub turn_timeout_seconds: u32,
    pub reconnect_grace_seconds: u32,
    pub match_max_minutes: u32,
    pub offer_expiry_seconds: u32,
    pub resign_confirm_window_seconds: u32,
    pub merit_min_moves: u32,
    pub merit_amount: u32,
    pub merit_winner_bonus: u32,
    pub merit_lifetime_cap: u32,
    /// Whether members may play the computer.
    pub ai_enabled: bool,
    /// The levels of the computer they may choose: sorted, without duplicates, never empty.
    pub ai_levels: Vec<Level>,
    /// Whether the computer resigns a hopeless game.
    pub ai_resigns: bool,
    /// Whether an invitation that does not say is ranked.
    pub ranked_default: bool,
    /// The time control of an invitation that does not say.
    pub time_default: TimePreset,
    /// The presets an invitation may ask for: sorted, without duplicates, always containing
    /// `time_default`.
    pub allowed_times: Vec<TimePreset>,
    /// The numbers of the presets (`turn` is the turn timeout's).
    pub time_blitz: TimeControl,
    pub time_live: TimeControl,
    pub time_correspondence: TimeControl,
    /// Correspondence games a player may have at once (besides one real-time game).
    pub max_correspondence_games: u32,
    /// Whether a player may ask to take back their last move (the opponent decides).
    pub takebacks: bool,
    /// Whether any member may start a consultation game, not only moderators.
    pub team_games_for_everyone: bool,
    /// Where the daily problem is posted; `None`: no daily problem.
    pub daily_channel: Option<super::ChannelId>,
    /// The hour it is posted, 0 to 23, in `timezone`.
    pub daily_hour: u32,
    /// The server's time zone.
    pub timezone: super::training::UtcOffset,
    /// Where a player may ask for an estimate of their running game.
    pub estimate: EstimatePolicy,
    /// How many estimates a player may ask for in one game.
    pub estimate_limit: u32,
    /// What the server shows on the web.
    pub web: WebPolicy,
    /// Whether an inviter may give a clock of their own numbers.
    pub custom_clocks: bool,
    /// The longest main time of such a clock, in minutes.
    pub custom_clock_max: u32,
    /// Where the seek's games start; `None`: where the one who waited longer asked.
    pub seek_channel: Option<super::ChannelId>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            enabled: true,
            board_size: BoardSize::NINE,
            allowed_sizes: [7, 9].into_iter().filter_map(BoardSize::new).collect(),
            komi: None,
            allowed_komi: KomiRange::ANY,
            rules: RuleSet::Classic,
            allowed_rules: RuleSet::ALL.to_vec(),
            turn_timeout_seconds: 180,
            reconnect_grace_seconds: 120,
            match_max_minutes: 60,
            offer_expiry_seconds: 60,
            resign_confirm_window_seconds: 10,
            merit_min_moves: 20,
            merit_amount: 5,
            merit_winner_bonus: 3,
            merit_lifetime_cap: 25,
            ai_enabled: true,
            ai_levels: Level::OWN.to_vec(),
            ai_resigns: true,
            ranked_default: false,
            time_default: TimePreset::Turn,
            allowed_times: TimePreset::ALL.to_vec(),
            time_blitz: TimePreset::Blitz.default_control(),
            time_live: TimePreset::Live.default_control(),
            time_correspondence: TimePreset::Correspondence.default_control(),
            max_correspondence_games: 10,
            takebacks: true,
            team_games_for_everyone: false,
            daily_channel: None,
            daily_hour: 9,
            timezone: super::training::UtcOffset::UTC,
            estimate: EstimatePolicy::Unranked,
            estimate_limit: 3,
            web: WebPolicy::Off,
            custom_clocks: false,
            custom_clock_max: 60,
            seek_channel: None,
        }
    }
}

/// The komi limit in half points (±50 points): no server may go beyond it.
const KOMI_LIMIT_HALF: i32 = 100;

/// Whether a komi lies within the ±50 points any server may use.
pub fn in_limits(komi: Komi) -> bool {
    komi.half_points().abs() <= KOMI_LIMIT_HALF
}

fn parse_u32(key: SettingKey, value: &str) -> Result<u32, SettingError> {
    let Shape::Number { min, max, .. } = key.shape() else {
        return Err(bad(key, value));
    };
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| bad(key, value))
}

fn parse_bool(key: SettingKey, value: &str) -> Result<bool, SettingError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" => Ok(true),
        "false" | "off" | "no" => Ok(false),
        _ => Err(bad(key, value)),
    }
}

fn bad(key: SettingKey, value: &str) -> SettingError {
    SettingError::BadValue {
        key,
        value: value.trim().to_owned(),
    }
}

/// A comma-separated list of names (`classic, aga`), sorted, each once, that must also pass
/// `keep` (hold the default, not be empty).
fn parse_list<T: std::str::FromStr + Ord>(
    key: SettingKey,
    v: &str,
    keep: impl FnOnce(&[T]) -> bool,
) -> Result<Vec<T>, SettingError> {
    let mut list = v
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| part.parse::<T>().map_err(|_| bad(key, v)))
        .collect::<Result<Vec<T>, _>>()?;
    list.sort();
    list.dedup();
    if keep(&list) {
        Ok(list)
    } else {
        Err(bad(key, v))
    }
}

/// A channel as Discord writes a mention (`<#123>`), or its id; `off` (or `none`) for none.
fn parse_channel(value: &str) -> Option<Option<super::ChannelId>> {
    let v = value.trim();
    if v.eq_ignore_ascii_case("off") || v.eq_ignore_ascii_case("none") {
        return Some(None);
    }
    let digits = v
        .strip_prefix("<#")
        .and_then(|r| r.strip_suffix('>'))
        .unwrap_or(v);
    digits
        .parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .map(|id| Some(super::ChannelId(id)))
}

fn parse_sizes(value: &str) -> Option<Vec<BoardSize>> {
    let mut sizes = Vec::new();
    for part in value.split(',') {
        let part = part.trim();
        let part = part.split_once('x').map_or(part, |(a, _)| a);
        let edge: u8 = part.trim().parse().ok()?;
        sizes.push(BoardSize::new(edge)?);
    }
    sizes.sort();
    sizes.dedup();
    (!sizes.is_empty()).then_some(sizes)
}

fn join<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(",")
}

impl Settings {
    /// The komi a game gets under `rules` when the invitation does not ask for one: the
    /// server's komi under the server's rules, else the rule set's own.
    pub fn komi_for(&self, rules: RuleSet) -> Komi {
        match self.komi {
            Some(k) if rules == self.rules => k,
            _ => rules.rules().komi,
        }
    }

    /// The numbers a game of `preset` is played with on this server.
    pub fn time_control(&self, preset: TimePreset) -> TimeControl {
        match preset {
            TimePreset::Turn => TimeControl::Turn,
            TimePreset::Blitz => self.time_blitz,
            TimePreset::Live => self.time_live,
            TimePreset::Correspondence => self.time_correspondence,
        }
    }

    /// Where and when the daily problem is posted, if the server has one.
    pub fn daily(&self) -> Option<(super::ChannelId, super::training::DailyTime)> {
        let hour = u8::try_from(self.daily_hour.min(23)).unwrap_or(0);
        self.daily_channel.map(|c| {
            (
                c,
                super::training::DailyTime {
                    hour,
                    offset: self.timezone,
                },
            )
        })
    }

    /// What the server allows of the estimate.
    pub fn estimate_rule(&self) -> EstimateRule {
        EstimateRule {
            policy: self.estimate,
            limit: self.estimate_limit,
        }
    }

    /// The current value of `key`, as `show` prints it and as it is stored.
    pub fn get(&self, key: SettingKey) -> String {
        match key {
            SettingKey::Enabled => self.enabled.to_string(),
            SettingKey::BoardSize => self.board_size.get().to_string(),
            SettingKey::AllowedSizes => join(&self.allowed_sizes, |s| s.get().to_string()),
            SettingKey::Komi => self
                .komi
                .map_or_else(|| "default".to_owned(), |k| k.to_string()),
            SettingKey::AllowedKomi => self.allowed_komi.to_string(),
            SettingKey::Rules => self.rules.name().to_owned(),
            SettingKey::AllowedRules => join(&self.allowed_rules, |r| r.name().to_owned()),
            SettingKey::TurnTimeoutSeconds => self.turn_timeout_seconds.to_string(),
            SettingKey::ReconnectGraceSeconds => self.reconnect_grace_seconds.to_string(),
            SettingKey::MatchMaxMinutes => self.match_max_minutes.to_string(),
            SettingKey::OfferExpirySeconds => self.offer_expiry_seconds.to_string(),
            SettingKey::ResignConfirmWindowSeconds => {
                self.resign_confirm_window_seconds.to_string()
            }
            SettingKey::MeritMinMoves => self.merit_min_moves.to_string(),
            SettingKey::MeritAmount => self.merit_amount.to_string(),
            SettingKey::MeritWinnerBonus => self.merit_winner_bonus.to_string(),
            SettingKey::MeritLifetimeCap => self.merit_lifetime_cap.to_string(),
            SettingKey::AiEnabled => self.ai_enabled.to_string(),
            SettingKey::AiLevels => join(&self.ai_levels, |l| l.name().to_owned()),
            SettingKey::AiResigns => self.ai_resigns.to_string(),
            SettingKey::RankedDefault => self.ranked_default.to_string(),
            SettingKey::TimeDefault => self.time_default.name().to_owned(),
            SettingKey::AllowedTimes => join(&self.allowed_times, |t| t.name().to_owned()),
            SettingKey::TimeBlitz => self.time_blitz.to_string(),
            SettingKey::TimeLive => self.time_live.to_string(),
            SettingKey::TimeCorrespondence => self.time_correspondence.to_string(),
            SettingKey::MaxCorrespondenceGames => self.max_correspondence_games.to_string(),
            SettingKey::Takebacks => self.takebacks.to_string(),
            SettingKey::TeamGamesForEveryone => self.team_games_for_everyone.to_string(),
            SettingKey::DailyChannel => self
                .daily_channel
                .map_or_else(|| "off".to_owned(), |c| c.get().to_string()),
            SettingKey::DailyHour => self.daily_hour.to_string(),
            SettingKey::Timezone => self.timezone.to_string(),
            SettingKey::Estimate => self.estimate.name().to_owned(),
            SettingKey::EstimateLimit => self.estimate_limit.to_string(),
            SettingKey::Web => self.web.name().to_owned(),
            SettingKey::CustomClocks => self.custom_clocks.to_string(),
            SettingKey::CustomClockMax => self.custom_clock_max.to_string(),
            SettingKey::SeekChannel => self
                .seek_channel
                .map_or_else(|| "off".to_owned(), |c| c.get().to_string()),
        }
    }

    /// Every key with its value, in order: what `show` lists.
    pub fn show(&self) -> Vec<(SettingKey, String)> {
        SettingKey::ALL.iter().map(|&k| (k, self.get(k))).collect()
    }

    /// Sets `key` (its name as typed) to `value`.
    ///
    /// # Errors
    /// An unknown key, or a value out of range; `self` is unchanged.
    pub fn set(&mut self, key: &str, value: &str) -> Result<SettingKey, SettingError> {
        let key: SettingKey = key.parse()?;
        self.set_key(key, value)?;
        Ok(key)
    }

    /// Sets a parsed key; see [`Settings::set`].
    ///
    /// # Errors
    /// A value out of range, or one that breaks a default/allowed pair; `self` is unchanged.
    pub fn set_key(&mut self, key: SettingKey, value: &str) -> Result<(), SettingError> {
        let mut next = self.clone();
        let v = value.trim();
        if let Some(switch) = next.switch_mut(key) {
            *switch = parse_bool(key, v)?;
        } else if let Some(number) = next.number_mut(key) {
            *number = parse_u32(key, v)?;
        } else {
            next.set_shaped(key, v)?;
        }
        *self = next;
        Ok(())
    }

    /// The field of an on/off key.
    fn switch_mut(&mut self, key: SettingKey) -> Option<&mut bool> {
        Some(match key {
            SettingKey::Enabled => &mut self.enabled,
            SettingKey::AiEnabled => &mut self.ai_enabled,
            SettingKey::AiResigns => &mut self.ai_resigns,
            SettingKey::RankedDefault => &mut self.ranked_default,
            SettingKey::Takebacks => &mut self.takebacks,
            SettingKey::TeamGamesForEveryone => &mut self.team_games_for_everyone,
            SettingKey::CustomClocks => &mut self.custom_clocks,
            _ => return None,
        })
    }

    /// The field of a key that is a number in its range.
    fn number_mut(&mut self, key: SettingKey) -> Option<&mut u32> {
        Some(match key {
            SettingKey::TurnTimeoutSeconds => &mut self.turn_timeout_seconds,
            SettingKey::ReconnectGraceSeconds => &mut self.reconnect_grace_seconds,
            SettingKey::MatchMaxMinutes => &mut self.match_max_minutes,
            SettingKey::OfferExpirySeconds => &mut self.offer_expiry_seconds,
            SettingKey::ResignConfirmWindowSeconds => &mut self.resign_confirm_window_seconds,
            SettingKey::MeritMinMoves => &mut self.merit_min_moves,
            SettingKey::MeritAmount => &mut self.merit_amount,
            SettingKey::MeritWinnerBonus => &mut self.merit_winner_bonus,
            SettingKey::MeritLifetimeCap => &mut self.merit_lifetime_cap,
            SettingKey::MaxCorrespondenceGames => &mut self.max_correspondence_games,
            SettingKey::DailyHour => &mut self.daily_hour,
            SettingKey::EstimateLimit => &mut self.estimate_limit,
            SettingKey::CustomClockMax => &mut self.custom_clock_max,
            _ => return None,
        })
    }

    /// Sets a key of any other shape: a size, a komi, rules, a time control, a list; a default
    /// must stay among what is allowed, and what is allowed must keep the default.
    fn set_shaped(&mut self, key: SettingKey, v: &str) -> Result<(), SettingError> {
        let bad = || bad(key, v);
        match key {
            SettingKey::BoardSize => {
                self.board_size = v
                    .parse::<u8>()
                    .ok()
                    .and_then(BoardSize::new)
                    .filter(|s| self.allowed_sizes.contains(s))
                    .ok_or_else(bad)?;
            }
            SettingKey::AllowedSizes => {
                self.allowed_sizes = parse_sizes(v)
                    .filter(|s| s.contains(&self.board_size))
                    .ok_or_else(bad)?;
            }
            SettingKey::Komi => self.komi = self.parse_komi(key, v)?,
            SettingKey::AllowedKomi => {
                let range: KomiRange = v.parse().map_err(|()| bad())?;
                if self.komi.is_some_and(|k| !range.contains(k)) {
                    return Err(bad());
                }
                self.allowed_komi = range;
            }
            SettingKey::Rules => {
                self.rules = v
                    .parse()
                    .ok()
                    .filter(|r| self.allowed_rules.contains(r))
                    .ok_or_else(bad)?;
            }
            SettingKey::AllowedRules => {
                self.allowed_rules = parse_list(key, v, |r| r.contains(&self.rules))?;
            }
            SettingKey::TimeDefault => {
                self.time_default = v
                    .parse()
                    .ok()
                    .filter(|t| self.allowed_times.contains(t))
                    .ok_or_else(bad)?;
            }
            SettingKey::AllowedTimes => {
                self.allowed_times = parse_list(key, v, |t| t.contains(&self.time_default))?;
            }
            SettingKey::TimeBlitz | SettingKey::TimeLive => {
                // A live preset is a live clock: not correspondence, not the seed's turn.
                let tc: TimeControl = v
                    .parse()
                    .ok()
                    .filter(|t: &TimeControl| t.is_real_clock() && !t.is_correspondence())
                    .ok_or_else(bad)?;
                if key == SettingKey::TimeBlitz {
                    self.time_blitz = tc;
                } else {
                    self.time_live = tc;
                }
            }
            SettingKey::TimeCorrespondence => {
                self.time_correspondence = v
                    .parse()
                    .ok()
                    .filter(|t: &TimeControl| t.is_correspondence())
                    .ok_or_else(bad)?;
            }
            SettingKey::AiLevels => {
                self.ai_levels = parse_list(key, v, |l| !l.is_empty())?;
            }
            SettingKey::DailyChannel => self.daily_channel = parse_channel(v).ok_or_else(bad)?,
            SettingKey::SeekChannel => self.seek_channel = parse_channel(v).ok_or_else(bad)?,
            SettingKey::Timezone => self.timezone = v.parse().map_err(|()| bad())?,
            SettingKey::Estimate => self.estimate = v.parse().map_err(|()| bad())?,
            SettingKey::Web => self.web = v.parse().map_err(|()| bad())?,
            _ => return Err(bad()),
        }
        Ok(())
    }

    /// A komi within `allowed-komi`, or `default` (the rule set's own).
    fn parse_komi(&self, key: SettingKey, v: &str) -> Result<Option<Komi>, SettingError> {
        if v.eq_ignore_ascii_case("default") || v.eq_ignore_ascii_case("none") {
            return Ok(None);
        }
        v.parse::<Komi>()
            .ok()
            .filter(|&k| self.allowed_komi.contains(k))
            .map(Some)
            .ok_or_else(|| bad(key, v))
    }

    /// Puts `key` back to its default.
    ///
    /// # Errors
    /// An unknown key; `self` is unchanged.
    pub fn reset(&mut self, key: &str) -> Result<SettingKey, SettingError> {
        let key: SettingKey = key.parse()?;
        let default = Settings::default();
        let mut next = self.clone();
        match key {
            SettingKey::BoardSize => {
                next.board_size = default.board_size;
                if !next.allowed_sizes.contains(&next.board_size) {
                    next.allowed_sizes.push(next.board_size);
                    next.allowed_sizes.sort();
                }
            }
            SettingKey::AllowedSizes => {
                next.allowed_sizes = default.allowed_sizes.clone();
                if !next.allowed_sizes.contains(&next.board_size) {
                    next.board_size = default.board_size;
                }
            }
            SettingKey::Komi => next.komi = None,
            SettingKey::AllowedKomi => next.allowed_komi = KomiRange::ANY,
            SettingKey::Rules => {
                next.rules = default.rules;
                if !next.allowed_rules.contains(&next.rules) {
                    next.allowed_rules.push(next.rules);
                    next.allowed_rules.sort();
                }
            }
            SettingKey::AllowedRules => next.allowed_rules = default.allowed_rules.clone(),
            SettingKey::AiLevels => next.ai_levels = default.ai_levels.clone(),
            SettingKey::TimeDefault => {
                next.time_default = default.time_default;
                if !next.allowed_times.contains(&next.time_default) {
                    next.allowed_times.push(next.time_default);
                    next.allowed_times.sort();
                }
            }
            SettingKey::AllowedTimes => next.allowed_times = default.allowed_times.clone(),
            _ => next.set_key(key, &default.get(key))?,
        }
        *self = next;
        Ok(key)
    }

    /// The pairs to store: only the keys that differ from the default.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let default = Settings::default();
        SettingKey::ALL
            .iter()
            .filter(|&&k| self.get(k) != default.get(k))
            .map(|&k| (k.name().to_owned(), self.get(k)))
            .collect()
    }

    /// Rebuilds settings from stored pairs. A pair that no longer parses (a key removed, a
    /// range narrowed) is skipped, and said so in the second value, so that one bad row never
    /// locks a server out.
    pub fn from_pairs(pairs: &[(String, String)]) -> (Settings, Vec<(String, String)>) {
        let default = Settings::default();
        // A default and its allowed list must agree at every step, and a stored pair of them
        // may disagree with the built-in defaults both ways (board-size 19 with allowed-sizes
        // 13,19): the lists start wide open, the pairs are applied in rounds until none more
        // can be, and a list that was not stored is then narrowed back to its default.
        let mut s = Settings {
            allowed_sizes: (MIN_SIZE..=MAX_SIZE).filter_map(BoardSize::new).collect(),
            allowed_rules: RuleSet::ALL.to_vec(),
            allowed_times: TimePreset::ALL.to_vec(),
            ..default.clone()
        };
        let mut left: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), if v == "none" { "default" } else { v }))
            .collect();
        let mut applied: Vec<&str> = Vec::new();
        loop {
            let before = left.len();
            left.retain(|&(k, v)| {
                let ok = s.set(k, v).is_ok();
                if ok {
                    applied.push(k);
                }
                !ok
            });
            if left.len() == before {
                break;
            }
        }
        if !applied.contains(&SettingKey::AllowedSizes.name()) {
            s.allowed_sizes = default.allowed_sizes.clone();
            if !s.allowed_sizes.contains(&s.board_size) {
                s.allowed_sizes.push(s.board_size);
                s.allowed_sizes.sort();
            }
        }
        if !applied.contains(&SettingKey::AllowedRules.name()) {
            s.allowed_rules = default.allowed_rules.clone();
            if !s.allowed_rules.contains(&s.rules) {
                s.allowed_rules.push(s.rules);
                s.allowed_rules.sort();
            }
        }
        let skipped = left
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        (s, skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn komi(s: &str) -> Komi {
        s.parse().unwrap()
    }

    #[test]
    fn defaults_are_the_table_of_spec_section_7() {
        let s = Settings::default();
        assert!(s.enabled);
        assert_eq!(s.board_size.get(), 9);
        assert_eq!(s.get(SettingKey::AllowedSizes), "7,9");
        assert_eq!(s.komi_for(s.rules).half_points(), 11);
        assert_eq!(s.get(SettingKey::AllowedKomi), "-50..50");
        assert_eq!(s.rules, RuleSet::Classic);
        assert_eq!(s.turn_timeout_seconds, 180);
        assert_eq!(s.reconnect_grace_seconds, 120);
        assert_eq!(s.match_max_minutes, 60);
        assert_eq!(s.offer_expiry_seconds, 60);
        assert_eq!(s.resign_confirm_window_seconds, 10);
        assert_eq!(s.merit_min_moves, 20);
        assert_eq!(s.merit_amount, 5);
        assert_eq!(s.merit_winner_bonus, 3);
        assert_eq!(s.merit_lifetime_cap, 25);
        assert_eq!(s.allowed_rules, RuleSet::ALL.to_vec());
        assert!(s.ai_enabled && s.ai_resigns);
        assert_eq!(s.ai_levels, Level::OWN.to_vec());
        assert_eq!(s.estimate, EstimatePolicy::Unranked);
        assert_eq!(s.estimate_limit, 3);
        assert_eq!(s.show().len(), SettingKey::ALL.len());
    }

    #[test]
    fn bad_value_is_refused_and_nothing_changes() {
        let mut s = Settings::default();
        let before = s.clone();
        assert_eq!(
            s.set("turn-timeout-seconds", "5"),
            Err(SettingError::BadValue {
                key: SettingKey::TurnTimeoutSeconds,
                value: "5".into()
            })
        );
        assert!(matches!(
            SettingKey::TurnTimeoutSeconds.shape(),
            Shape::Number {
                min: 30,
                max: 3600,
                unit: Unit::Seconds
            }
        ));
        assert!(s.set("komi", "7.3").is_err());
        assert!(s.set("komi", "51").is_err());
        assert!(s.set("board-size", "13").is_err(), "13 is not allowed yet");
        assert!(s.set("allowed-sizes", "13,19").is_err(), "must contain 9");
        assert_eq!(
            s.set("nonsense", "1"),
            Err(SettingError::UnknownKey("nonsense".into()))
        );
        assert_eq!(s, before);
    }

    /// The estimate's two keys and the web's, as SPEC §7's table would list them: (key,
    /// default, a valid value, an invalid one).
    #[test]
    fn the_estimate_and_web_keys_take_their_table_of_values() {
        let table = [
            ("estimate", "unranked", "all", "sometimes"),
            ("estimate", "unranked", "OFF", "2"),
            ("estimate-limit", "3", "0", "21"),
            ("estimate-limit", "3", "20", "-1"),
            ("web", "off", "games", "public"),
            ("web", "off", "ALL", "events"),
            ("custom-clocks", "false", "true", "maybe"),
            ("custom-clock-max", "60", "180", "181"),
            ("custom-clock-max", "60", "1", "0"),
        ];
        for (key, default, good, bad) in table {
            let mut s = Settings::default();
            let k: SettingKey = key.parse().unwrap();
            assert_eq!(s.get(k), default, "{key}");
            assert_eq!(
                s.set(key, bad),
                Err(SettingError::BadValue {
                    key: k,
                    value: bad.into()
                }),
                "{key} {bad}"
            );
            s.set(key, good).unwrap();
            assert_eq!(s.get(k), good.to_ascii_lowercase(), "{key}");
            assert_eq!(
                Settings::from_pairs(&s.to_pairs()).0,
                s,
                "{key} round-trips"
            );
            s.reset(key).unwrap();
            assert_eq!(s.get(k), default, "{key} reset");
        }
        assert_eq!(SettingKey::Estimate.shape(), Shape::EstimatePolicy);
        assert_eq!(SettingKey::Web.shape(), Shape::WebPolicy);
        assert_eq!(
            SettingKey::EstimateLimit.shape(),
            Shape::Number {
                min: 0,
                max: 20,
                unit: Unit::Uses
            }
        );
    }

    #[test]
    fn where_the_estimate_is_allowed() {
        // (policy, ranked game, allowed)
        let table = [
            (EstimatePolicy::Off, false, false),
            (EstimatePolicy::Off, true, false),
            (EstimatePolicy::Unranked, false, true),
            (EstimatePolicy::Unranked, true, false),
            (EstimatePolicy::All, false, true),
            (EstimatePolicy::All, true, true),
        ];
        for (policy, ranked, allowed) in table {
            assert_eq!(policy.allows(ranked), allowed, "{policy:?} ranked={ranked}");
        }
        let rule = Settings::default().estimate_rule();
        assert_eq!(
            rule,
            EstimateRule {
                policy: EstimatePolicy::Unranked,
                limit: 3
            }
        );
    }

    #[test]
    fn the_computers_levels_are_a_list_never_empty() {
        let mut s = Settings::default();
        s.set("ai-levels", "advanced, beginner,advanced").unwrap();
        assert_eq!(s.ai_levels, vec![Level::Beginner, Level::Advanced]);
        assert!(s.set("ai-levels", "").is_err());
        assert!(s.set("ai-levels", "grandmaster").is_err());
        s.set("ai-enabled", "off").unwrap();
        assert_eq!(Settings::from_pairs(&s.to_pairs()).0, s);
        s.reset("ai-levels").unwrap();
        assert_eq!(s.ai_levels, Level::OWN.to_vec());
    }

    #[test]
    fn the_komi_of_a_game_follows_its_rules_unless_the_server_set_one() {
        let mut s = Settings::default();
        assert_eq!(s.komi_for(RuleSet::Aga), komi("7.5"));
        s.set("komi", "3").unwrap();
        assert_eq!(s.komi_for(RuleSet::Classic), komi("3"));
        assert_eq!(
            s.komi_for(RuleSet::Aga),
            komi("7.5"),
            "the server's komi is for its own rules"
        );
    }

    #[test]
    fn allowed_komi_is_a_range_that_holds_the_servers_komi() {
        let mut s = Settings::default();
        s.set("allowed-komi", "5.5..7.5").unwrap();
        assert_eq!(
            s.allowed_komi,
            KomiRange {
                lo: komi("5.5"),
                hi: komi("7.5")
            }
        );
        assert!(s.set("komi", "8").is_err(), "outside the range");
        s.set("komi", "6.5").unwrap();
        assert!(s.set("allowed-komi", "7..8").is_err(), "must hold 6.5");
        for ok in ["6.5", "-3.5-2", "0 to 7", "-50..50"] {
            assert!(ok.parse::<KomiRange>().is_ok(), "{ok}");
        }
        for bad in ["7.5..5.5", "x..1", "0..51", "5.25..6", ""] {
            assert!(bad.parse::<KomiRange>().is_err(), "{bad}");
        }
        assert_eq!(
            "-3.5-2".parse::<KomiRange>().unwrap().to_string(),
            "-3.5..2"
        );
        let back = Settings::from_pairs(&s.to_pairs()).0;
        assert_eq!(back, s);
        s.reset("allowed-komi").unwrap();
        assert_eq!(s.allowed_komi, KomiRange::ANY);
    }

    #[test]
    fn allowed_rules_always_hold_the_default_rules() {
        let mut s = Settings::default();
        assert!(s.set("allowed-rules", "chinese,aga").is_err());
        assert!(s.set("allowed-rules", "classic,go").is_err());
        s.set("allowed-rules", "aga, classic,aga").unwrap();
        assert_eq!(s.allowed_rules, vec![RuleSet::Classic, RuleSet::Aga]);
        assert!(s.set("rules", "japanese").is_err(), "not allowed");
        s.set("rules", "aga").unwrap();
        assert!(s.set("allowed-rules", "classic").is_err());
        assert_eq!(Settings::from_pairs(&s.to_pairs()).0, s);
        let mut narrow = Settings::default();
        narrow.set("rules", "aga").unwrap();
        narrow.set("allowed-rules", "aga").unwrap();
        narrow.set("allowed-sizes", "9,13,19").unwrap();
        narrow.set("board-size", "19").unwrap();
        narrow.set("allowed-sizes", "13,19").unwrap();
        assert_eq!(
            Settings::from_pairs(&narrow.to_pairs()).0,
            narrow,
            "lists without the built-in defaults come back too"
        );
        s.set("allowed-rules", "aga").unwrap();
        s.reset("rules").unwrap();
        assert_eq!(s.rules, RuleSet::Classic);
        assert_eq!(s.allowed_rules, vec![RuleSet::Classic, RuleSet::Aga]);
        s.reset("allowed-rules").unwrap();
        assert_eq!(s.allowed_rules, RuleSet::ALL.to_vec());
    }

    #[test]
    fn set_then_reset_round_trips_through_storage_and_bad_pairs_are_reported() {
        let mut s = Settings::default();
        s.set("allowed-sizes", "7,9,13,19").unwrap();
        s.set("board-size", "19").unwrap();
        s.set("komi", "6.5").unwrap();
        s.set("rules", "japanese").unwrap();
        s.set("enabled", "false").unwrap();
        let (back, skipped) = Settings::from_pairs(&s.to_pairs());
        assert_eq!(back, s);
        assert!(skipped.is_empty());
        s.reset("komi").unwrap();
        assert_eq!(s.komi_for(s.rules).half_points(), 13, "japanese komi");
        s.reset("allowed-sizes").unwrap();
        assert_eq!(s.board_size.get(), 9, "19 no longer allowed");
        let (_, skipped) = Settings::from_pairs(&[
            ("turn-timeout-seconds".into(), "9999".into()),
            ("move-notify".into(), "dm".into()),
        ]);
        assert_eq!(skipped.len(), 2, "a bad or foreign pair is reported");
    }
}
