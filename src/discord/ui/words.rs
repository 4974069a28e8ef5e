//! The words for the game's things in each language: refusals, settings' ranges, endings, how a
//! game is counted, colours and rule sets. Everything the game decides reaches a player here.

use crate::game::Duration;
use crate::game::rating::{KyuDan, Rank};
use crate::game::time_control::{
    PENALTY_POINTS, PlayerClock, TimeControl, TimePreset, format_duration,
};
use crate::game::{AbandonCause, Ending, Refusal, SettingError, SettingKey, Shape, Unit};
use crate::go::{BoardSize, Color, DeadStones, IllegalMove, Level, RuleSet, Scoring};
use crate::service::{Failure, Inconsistency, LoadError};

use crate::discord::discord_settings::DiscordKey;
use crate::discord::i18n::{Lang, tr};
use crate::discord::permissions::Needed;

/// A list as the language writes it: `7, 9, 13` or `7、9、13`.
pub fn list(lang: Lang, items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    items.join(&tr!(lang, "list-separator"))
}

/// The name of a rule set as players say it ("Chinese", "中国规则").
pub fn rules_name(lang: Lang, rules: RuleSet) -> String {
    match rules {
        RuleSet::Classic => tr!(lang, "rules-classic"),
        RuleSet::Chinese => tr!(lang, "rules-chinese"),
        RuleSet::Aga => tr!(lang, "rules-aga"),
        RuleSet::Japanese => tr!(lang, "rules-japanese"),
        RuleSet::Korean => tr!(lang, "rules-korean"),
        RuleSet::Ing => tr!(lang, "rules-ing"),
    }
}

/// What a seek waits for: `19×19 · live · ranked`.
pub fn seek_terms(lang: Lang, terms: crate::game::seek::SeekTerms) -> String {
    let size = u32::from(terms.size.get());
    let mut text = tr!(lang, "seek-size", size = size);
    text.push_str(" · ");
    text.push_str(&time_preset_name(lang, terms.time));
    text.push_str(" · ");
    text.push_str(&if terms.ranked {
        tr!(lang, "terms-ranked")
    } else {
        tr!(lang, "seek-unranked")
    });
    text
}

/// Black or White.
pub fn color_name(lang: Lang, color: Color) -> String {
    match color {
        Color::Black => tr!(lang, "color-black"),
        Color::White => tr!(lang, "color-white"),
    }
}

fn sizes(lang: Lang, allowed: &[BoardSize]) -> String {
    list(lang, allowed.iter().map(|s| s.get().to_string()))
}

/// Why a command was refused, in the user's language. One arm per refusal, each a line or
/// two: the table reads best whole, and the compiler says when a refusal has no words.
pub fn refusal(lang: Lang, r: &Refusal) -> String {
    match r {
        Refusal::InviteSelf => tr!(lang, "refusal-invite-self"),
        Refusal::InviteBot => tr!(lang, "refusal-invite-bot"),
        Refusal::YouAreBusy => tr!(lang, "refusal-you-are-busy"),
        Refusal::TheyAreBusy => tr!(lang, "refusal-they-are-busy"),
        Refusal::DuplicateInvitation => tr!(lang, "refusal-duplicate-invitation"),
        Refusal::ServerDisabled => tr!(lang, "refusal-server-disabled"),
        Refusal::SizeNotAllowed { size, allowed } => tr!(
            lang,
            "refusal-size-not-allowed",
            size = u32::from(*size),
            allowed = sizes(lang, allowed)
        ),
        Refusal::RulesNotAllowed { rules, allowed } => tr!(
            lang,
            "refusal-rules-not-allowed",
            rules = rules_name(lang, *rules),
            allowed = list(lang, allowed.iter().map(|r| rules_name(lang, *r)))
        ),
        Refusal::TimeNotAllowed { preset, allowed } => tr!(
            lang,
            "refusal-time-not-allowed",
            time = time_preset_name(lang, *preset),
            allowed = list(lang, allowed.iter().map(|t| time_preset_name(lang, *t)))
        ),
        Refusal::CustomClocksOff => tr!(lang, "refusal-custom-clocks-off"),
        Refusal::CustomClockNotLive => tr!(lang, "refusal-custom-clock-not-live"),
        Refusal::CustomClockTooLong { max_minutes } => {
            tr!(lang, "refusal-custom-clock-too-long", max = *max_minutes)
        }
        Refusal::TooManyCorrespondence { max, yours: true } => {
            tr!(lang, "refusal-too-many-correspondence-yours", max = *max)
        }
        Refusal::TooManyCorrespondence { max, yours: false } => {
            tr!(lang, "refusal-too-many-correspondence-theirs", max = *max)
        }
        Refusal::WhichGame { count } => tr!(lang, "refusal-which-game", count = *count),
        Refusal::TakebacksOff => tr!(lang, "refusal-takebacks-off"),
        Refusal::EstimateOff => tr!(lang, "refusal-estimate-off"),
        Refusal::EstimateUnrankedOnly => tr!(lang, "refusal-estimate-unranked-only"),
        Refusal::EstimatesUsedUp { limit } => {
            tr!(lang, "refusal-estimates-used-up", limit = *limit)
        }
        Refusal::NothingToUndo => tr!(lang, "refusal-nothing-to-undo"),
        Refusal::UndoPending => tr!(lang, "refusal-undo-pending"),
        Refusal::NoUndoRequest => tr!(lang, "refusal-no-undo-request"),
        Refusal::NoRematch => tr!(lang, "refusal-no-rematch"),
        Refusal::KomiNotHalfPoints => tr!(lang, "refusal-komi-not-half-points"),
        Refusal::KomiNotAllowed { komi, allowed } => tr!(
            lang,
            "refusal-komi-not-allowed",
            komi = komi.to_string(),
            low = allowed.lo.to_string(),
            high = allowed.hi.to_string()
        ),
        Refusal::HandicapNotPossible { stones, size, max } => tr!(
            lang,
            "refusal-handicap-not-possible",
            stones = u32::from(*stones),
            size = u32::from(size.get()),
            max = u32::from(*max)
        ),
        Refusal::NoSuchInvitation => tr!(lang, "refusal-no-such-invitation"),
        Refusal::ChallengeTaken => tr!(lang, "refusal-challenge-taken"),
        Refusal::OwnChallenge => tr!(lang, "refusal-own-challenge"),
        Refusal::ChallengeAlreadyOpen => tr!(lang, "refusal-challenge-already-open"),
        Refusal::OutsideRankRange { ranks, yours } => tr!(
            lang,
            "refusal-outside-rank-range",
            low = rank(lang, ranks.lo),
            high = rank(lang, ranks.hi),
            yours = rank(lang, *yours)
        ),
        Refusal::NigiriNamedOnly => tr!(lang, "refusal-nigiri-named-only"),
        Refusal::OpenNotDeclined => tr!(lang, "refusal-open-not-declined"),
        Refusal::NotSeeking => tr!(lang, "refusal-not-seeking"),
        Refusal::NotForYou => tr!(lang, "refusal-not-for-you"),
        Refusal::NotYourInvitation => tr!(lang, "refusal-not-your-invitation"),
        Refusal::InvitationExpired => tr!(lang, "refusal-invitation-expired"),
        Refusal::NigiriEvenOnly => tr!(lang, "refusal-nigiri-even-only"),
        Refusal::NigiriGuessFirst => tr!(lang, "refusal-nigiri-guess-first"),
        Refusal::NotNigiriStep => tr!(lang, "refusal-not-nigiri-step"),
        Refusal::NotYourChoice => tr!(lang, "refusal-not-your-choice"),
        Refusal::NotYourGuess => tr!(lang, "refusal-not-your-guess"),
        Refusal::NigiriFirst => tr!(lang, "refusal-nigiri-first"),
        Refusal::InvitationAlreadyAccepted => tr!(lang, "refusal-invitation-already-accepted"),
        Refusal::PartnersMove => tr!(lang, "refusal-partners-move"),
        Refusal::NotATeamGame => tr!(lang, "refusal-not-a-team-game"),
        Refusal::NotYourTeamsTurn => tr!(lang, "refusal-not-your-teams-turn"),
        Refusal::NotOnTeam => tr!(lang, "refusal-not-on-team"),
        Refusal::VoteClosed => tr!(lang, "refusal-vote-closed"),
        Refusal::VoteOnTeamBoard => tr!(lang, "refusal-vote-on-team-board"),
        Refusal::TeamGamesByModerators => tr!(lang, "refusal-team-games-by-moderators"),
        Refusal::BadTeams => tr!(lang, "refusal-bad-teams"),
        Refusal::NotForTeamGames => tr!(lang, "refusal-not-for-team-games"),
        Refusal::NotInGame => tr!(lang, "refusal-not-in-game"),
        Refusal::NoSuchGame => tr!(lang, "refusal-no-such-game"),
        Refusal::NotYourGame => tr!(lang, "refusal-not-your-game"),
        Refusal::NotYourTurn => tr!(lang, "refusal-not-your-turn"),
        Refusal::StaleBoard => tr!(lang, "refusal-stale-board"),
        Refusal::Illegal(e) => tr!(lang, "refusal-illegal", why = illegal(lang, *e)),
        Refusal::GameOver => tr!(lang, "refusal-game-over"),
        Refusal::NotModerator => tr!(lang, "refusal-not-moderator"),
        Refusal::NotOrganiser => tr!(lang, "refusal-not-organiser"),
        Refusal::NotReferee => tr!(lang, "refusal-not-referee"),
        Refusal::NotAnEventGame => tr!(lang, "refusal-not-an-event-game"),
        Refusal::Setting(e) => setting_error(lang, e),
        Refusal::InAgreement => tr!(lang, "refusal-in-agreement"),
        Refusal::PlaceHandicapFirst { left } => {
            tr!(
                lang,
                "refusal-place-handicap-first",
                left = u32::from(*left)
            )
        }
        Refusal::NotInAgreement => tr!(lang, "refusal-not-in-agreement"),
        Refusal::NoStoneThere => tr!(lang, "refusal-no-stone-there"),
        Refusal::AlreadyAccepted => tr!(lang, "refusal-already-accepted"),
        Refusal::NothingToDo => tr!(lang, "refusal-nothing-to-do"),
        Refusal::NoProblems => tr!(lang, "refusal-no-problems"),
        Refusal::UnknownProblem => tr!(lang, "refusal-unknown-problem"),
        Refusal::NotYourProblem => tr!(lang, "refusal-not-your-problem"),
        Refusal::ProblemOver => tr!(lang, "refusal-problem-over"),
        Refusal::StaleProblem => tr!(lang, "refusal-stale-problem"),
        Refusal::NotAProblemPoint => tr!(lang, "refusal-not-a-problem-point"),
        Refusal::DailyNotConfigured => tr!(lang, "refusal-daily-not-configured"),
        Refusal::NoDailyProblem => tr!(lang, "refusal-no-daily-problem"),
        Refusal::AlreadyRated => tr!(lang, "refusal-already-rated"),
        Refusal::RankNotAllowed => tr!(lang, "refusal-rank-not-allowed"),
        Refusal::ComputerDisabled => tr!(lang, "refusal-computer-disabled"),
        Refusal::LevelNotAllowed { level, allowed } => tr!(
            lang,
            "refusal-level-not-allowed",
            level = level_name(lang, *level),
            allowed = list(lang, allowed.iter().map(|l| level_name(lang, *l)))
        ),
        Refusal::ComputerBusy { max } => tr!(lang, "refusal-computer-busy", max = *max),
        Refusal::NoSuchEvent => tr!(lang, "refusal-no-such-event"),
        Refusal::EventClosed => tr!(lang, "refusal-event-closed"),
        Refusal::RegistrationOver { closed_at } => tr!(
            lang,
            "refusal-registration-over",
            closed = super::relative_time(*closed_at)
        ),
        Refusal::AlreadyEntered => tr!(lang, "refusal-already-entered"),
        Refusal::EventFull { max } => tr!(lang, "refusal-event-full", max = *max),
        Refusal::EventRoleNeeded => tr!(lang, "refusal-event-role-needed"),
        Refusal::EventGamesNeeded { needed } => {
            tr!(lang, "refusal-event-games-needed", needed = *needed)
        }
        Refusal::BarredFromEvents { until } => tr!(
            lang,
            "refusal-barred-from-events",
            until = super::relative_time(*until)
        ),
        Refusal::EventStarted => tr!(lang, "refusal-event-started"),
        Refusal::NotEntered => tr!(lang, "refusal-not-entered"),
        Refusal::EventTooFewPlayers { needed } => {
            tr!(lang, "refusal-event-too-few-players", needed = *needed)
        }
        Refusal::EventTeamsNotSet => tr!(lang, "refusal-event-teams-not-set"),
        Refusal::EventOver => tr!(lang, "refusal-event-over"),
        Refusal::NoRoundToStart => tr!(lang, "refusal-no-round-to-start"),
        Refusal::EventTermsNotAllowed => tr!(lang, "refusal-event-terms-not-allowed"),
    }
}

/// A game's handicap in words (`4 handicap stones`, `…, placed by Black` when `free`, `no
/// komi, Black first`); `None` for an even game.
pub fn handicap_terms(lang: Lang, handicap: u8, free: bool) -> Option<String> {
    match handicap {
        0 => None,
        1 => Some(tr!(lang, "terms-no-komi")),
        n if free => Some(tr!(lang, "terms-handicap-free", stones = u32::from(n))),
        n => Some(tr!(lang, "terms-handicap", stones = u32::from(n))),
    }
}

/// A level of the computer as players say it ("advanced", "高级").
pub fn level_name(lang: Lang, level: Level) -> String {
    match level {
        Level::Beginner => tr!(lang, "level-beginner"),
        Level::Intermediate => tr!(lang, "level-intermediate"),
        Level::Advanced => tr!(lang, "level-advanced"),
        Level::Engine => match crate::game::computer::host_engine() {
            Some(e) => e.name.clone(),
            None => tr!(lang, "level-engine"),
        },
    }
}

/// A rank in the language's words (`5 kyu`, `五段`).
pub fn rank(lang: Lang, rank: Rank) -> String {
    match rank.kyu_dan() {
        KyuDan::Kyu(n) => tr!(lang, "rank-kyu", n = u32::from(n.unsigned_abs())),
        KyuDan::Dan(n) => tr!(lang, "rank-dan", n = u32::from(n.unsigned_abs())),
    }
}

/// The computer as its players see it: `🤖 Tengen · advanced (about 5 kyu)`.
pub fn computer_name(lang: Lang, level: Level) -> String {
    // The host's engine plays under its own name (`🤖 KataGo (about 5 dan)`).
    if let (Level::Engine, Some(e)) = (level, crate::game::computer::host_engine()) {
        return tr!(
            lang,
            "computer-name-engine",
            name = e.name.clone(),
            rank = rank(lang, e.rank)
        );
    }
    tr!(
        lang,
        "computer-name",
        level = level_name(lang, level),
        rank = rank(lang, level.estimated_rank())
    )
}

/// Why a move is not allowed.
fn illegal(lang: Lang, e: IllegalMove) -> String {
    match e {
        IllegalMove::OffBoard => tr!(lang, "illegal-off-board"),
        IllegalMove::Occupied => tr!(lang, "illegal-occupied"),
        IllegalMove::Suicide => tr!(lang, "illegal-suicide"),
        IllegalMove::Ko => tr!(lang, "illegal-ko"),
        IllegalMove::Superko => tr!(lang, "illegal-superko"),
        IllegalMove::GameOver => tr!(lang, "illegal-game-over"),
    }
}

/// A failure in the user's language: the refusal's words, or "try again" for an internal
/// cause (never shown).
pub fn failure(lang: Lang, f: &Failure) -> String {
    match f {
        Failure::Refused(r) => refusal(lang, r),
        Failure::Internal(e) if e.is_unavailable() => tr!(lang, "failure-unavailable"),
        Failure::Internal(_) => tr!(lang, "failure-internal"),
        Failure::Unloadable { .. } => tr!(lang, "failure-unloadable"),
    }
}

/// Why a stored game cannot be loaded, for the moderators who may annul it. A value the store
/// could not read is quoted as the store gave it (a column and a value, not prose).
pub fn load_error(lang: Lang, e: &LoadError) -> String {
    match e {
        LoadError::Row(row) => tr!(lang, "load-error-row", detail = row.cause.clone()),
        LoadError::MissingMove(n) => tr!(lang, "load-error-missing-move", number = *n),
        LoadError::Illegal { number, cause } => tr!(
            lang,
            "load-error-illegal",
            number = *number,
            why = illegal(lang, *cause)
        ),
        LoadError::MoveCount { stored, expected } => tr!(
            lang,
            "load-error-move-count",
            stored = *stored,
            expected = *expected
        ),
        LoadError::Inconsistent(i) => tr!(
            lang,
            "load-error-inconsistent",
            what = match i {
                Inconsistency::FinishedWithoutResult => tr!(lang, "inconsistent-no-result"),
                Inconsistency::NegativeDuration => tr!(lang, "inconsistent-negative-duration"),
                Inconsistency::OverStillInPlay => tr!(lang, "inconsistent-over-in-play"),
                Inconsistency::EarlyAgreement => tr!(lang, "inconsistent-early-agreement"),
                Inconsistency::EndedWithoutEnding => tr!(lang, "inconsistent-no-ending"),
                Inconsistency::Resumptions => tr!(lang, "inconsistent-resumptions"),
                Inconsistency::MovesBeforeNigiri => tr!(lang, "inconsistent-moves-before-nigiri"),
                Inconsistency::Teams => tr!(lang, "inconsistent-teams"),
            }
        ),
    }
}

/// A refused setting, with what a valid value looks like.
pub fn setting_error(lang: Lang, e: &SettingError) -> String {
    match e {
        SettingError::UnknownKey(key) => tr!(lang, "setting-unknown-key", key = key.clone()),
        SettingError::BadValue { key, value } => tr!(
            lang,
            "setting-bad-value",
            key = key.name(),
            value = value.clone(),
            expected = shape(lang, key.shape())
        ),
    }
}

/// A refused value of one of the adapter's settings.
pub fn discord_setting_error(lang: Lang, key: DiscordKey, value: &str) -> String {
    let expected = match key {
        DiscordKey::MoveNotify => tr!(lang, "shape-move-notify"),
        DiscordKey::MatchThreads => tr!(lang, "shape-switch"),
        DiscordKey::TitleRole | DiscordKey::EventOrganiserRole | DiscordKey::EventRefereeRole => {
            tr!(lang, "shape-role")
        }
        DiscordKey::Language => tr!(lang, "shape-language"),
    };
    tr!(
        lang,
        "setting-bad-value",
        key = key.name(),
        value = value.to_owned(),
        expected = expected
    )
}

/// What a valid value of a game setting looks like.
pub fn shape(lang: Lang, s: Shape) -> String {
    match s {
        Shape::Switch => tr!(lang, "shape-switch"),
        Shape::Number { min, max, unit } => {
            let (min, max) = (min.to_string(), max.to_string());
            match unit {
                Unit::Seconds => tr!(lang, "shape-seconds", min = min, max = max),
                Unit::Minutes => tr!(lang, "shape-minutes", min = min, max = max),
                Unit::Moves => tr!(lang, "shape-moves", min = min, max = max),
                Unit::Hours => tr!(lang, "shape-hours", min = min, max = max),
                Unit::Uses => tr!(lang, "shape-uses", min = min, max = max),
                Unit::Merit | Unit::Awards | Unit::Games => {
                    tr!(lang, "shape-number", min = min, max = max)
                }
            }
        }
        Shape::BoardSize => tr!(lang, "shape-board-size"),
        Shape::BoardSizes => tr!(lang, "shape-board-sizes"),
        Shape::Komi => tr!(lang, "shape-komi"),
        Shape::KomiRange => tr!(lang, "shape-komi-range"),
        Shape::Rules => tr!(lang, "shape-rules"),
        Shape::RuleList => tr!(lang, "shape-rule-list"),
        Shape::Levels => tr!(lang, "shape-levels"),
        Shape::TimePreset => tr!(lang, "shape-time-preset"),
        Shape::TimePresets => tr!(lang, "shape-time-presets"),
        Shape::TimeControl => tr!(lang, "shape-time-control"),
        Shape::Channel => tr!(lang, "shape-channel"),
        Shape::UtcOffset => tr!(lang, "shape-utc-offset"),
        Shape::EstimatePolicy => tr!(lang, "shape-estimate-policy"),
        Shape::WebPolicy => tr!(lang, "shape-web-policy"),
    }
}

/// A time preset as players say it ("live", "慢棋").
pub fn time_preset_name(lang: Lang, preset: TimePreset) -> String {
    match preset {
        TimePreset::Turn => tr!(lang, "time-preset-turn"),
        TimePreset::Blitz => tr!(lang, "time-preset-blitz"),
        TimePreset::Live => tr!(lang, "time-preset-live"),
        TimePreset::Correspondence => tr!(lang, "time-preset-correspondence"),
    }
}

/// The kind of clock a game has, in a word: `turn`, `live`, `correspondence`.
pub fn time_preset_label(lang: Lang, tc: TimeControl) -> String {
    let preset = match tc {
        TimeControl::Turn => TimePreset::Turn,
        TimeControl::Correspondence { .. } => TimePreset::Correspondence,
        _ => TimePreset::Live,
    };
    time_preset_name(lang, preset)
}

/// A time control in words: `10m + 5×30s byo-yomi`, `3 min a turn`.
pub fn time_control_text(lang: Lang, tc: TimeControl, turn_timeout: Duration) -> String {
    let d = format_duration;
    match tc {
        TimeControl::Turn => tr!(lang, "time-turn", turn = d(turn_timeout)),
        TimeControl::ByoYomi {
            main,
            periods,
            period,
        } => tr!(
            lang,
            "time-byo-yomi",
            main = d(main),
            periods = periods,
            period = d(period)
        ),
        TimeControl::Fischer {
            initial,
            increment,
            max,
        } => tr!(
            lang,
            "time-fischer",
            initial = d(initial),
            increment = d(increment),
            max = d(max)
        ),
        TimeControl::Correspondence {
            initial,
            increment,
            max,
        } => tr!(
            lang,
            "time-correspondence",
            initial = d(initial),
            increment = d(increment),
            max = d(max)
        ),
        TimeControl::Penalty { main } => tr!(lang, "time-penalty", main = d(main)),
        TimeControl::Canadian {
            main,
            stones,
            period,
        } => tr!(
            lang,
            "time-canadian",
            main = d(main),
            stones = stones,
            period = d(period)
        ),
        TimeControl::Simple { per_move } => tr!(lang, "time-simple", per_move = d(per_move)),
        TimeControl::Absolute { main } => tr!(lang, "time-absolute", main = d(main)),
    }
}

/// What a player has on a real clock, in words: `9m50s · 5×30s`, `3d`, `overtime 12m (4
/// points)`.
pub fn clock_text(lang: Lang, tc: TimeControl, c: PlayerClock) -> String {
    let main = format_duration(Duration::from_secs(c.main.as_secs()));
    match tc {
        TimeControl::ByoYomi { period, .. } => tr!(
            lang,
            "clock-byo-yomi",
            main = main,
            periods = c.periods,
            period = format_duration(period)
        ),
        TimeControl::Canadian { period, .. } if c.main.is_zero() => tr!(
            lang,
            "clock-canadian",
            period = format_duration(Duration::from_secs(
                period.saturating_sub(c.overtime).as_secs()
            )),
            stones = c.periods
        ),
        TimeControl::Penalty { .. } if c.main.is_zero() => tr!(
            lang,
            "clock-overtime",
            overtime = format_duration(Duration::from_secs(c.overtime.as_secs())),
            points = tc.penalties(c) * PENALTY_POINTS
        ),
        _ => main,
    }
}

/// What a game setting does, for `config show` and the key choices.
pub fn setting_label(lang: Lang, key: SettingKey) -> String {
    match key {
        SettingKey::Enabled => tr!(lang, "key-enabled"),
        SettingKey::BoardSize => tr!(lang, "key-board-size"),
        SettingKey::AllowedSizes => tr!(lang, "key-allowed-sizes"),
        SettingKey::Komi => tr!(lang, "key-komi"),
        SettingKey::AllowedKomi => tr!(lang, "key-allowed-komi"),
        SettingKey::Rules => tr!(lang, "key-rules"),
        SettingKey::AllowedRules => tr!(lang, "key-allowed-rules"),
        SettingKey::TurnTimeoutSeconds => tr!(lang, "key-turn-timeout-seconds"),
        SettingKey::ReconnectGraceSeconds => tr!(lang, "key-reconnect-grace-seconds"),
        SettingKey::MatchMaxMinutes => tr!(lang, "key-match-max-minutes"),
        SettingKey::OfferExpirySeconds => tr!(lang, "key-offer-expiry-seconds"),
        SettingKey::ResignConfirmWindowSeconds => tr!(lang, "key-resign-confirm-window-seconds"),
        SettingKey::MeritMinMoves => tr!(lang, "key-merit-min-moves"),
        SettingKey::MeritAmount => tr!(lang, "key-merit-amount"),
        SettingKey::MeritWinnerBonus => tr!(lang, "key-merit-winner-bonus"),
        SettingKey::MeritLifetimeCap => tr!(lang, "key-merit-lifetime-cap"),
        SettingKey::AiEnabled => tr!(lang, "key-ai-enabled"),
        SettingKey::AiLevels => tr!(lang, "key-ai-levels"),
        SettingKey::AiResigns => tr!(lang, "key-ai-resigns"),
        SettingKey::RankedDefault => tr!(lang, "key-ranked-default"),
        SettingKey::TimeDefault => tr!(lang, "key-time-default"),
        SettingKey::AllowedTimes => tr!(lang, "key-allowed-times"),
        SettingKey::TimeBlitz => tr!(lang, "key-time-blitz"),
        SettingKey::TimeLive => tr!(lang, "key-time-live"),
        SettingKey::TimeCorrespondence => tr!(lang, "key-time-correspondence"),
        SettingKey::MaxCorrespondenceGames => tr!(lang, "key-max-correspondence-games"),
        SettingKey::Takebacks => tr!(lang, "key-takebacks"),
        SettingKey::TeamGamesForEveryone => tr!(lang, "key-team-games-for-everyone"),
        SettingKey::DailyChannel => tr!(lang, "key-daily-channel"),
        SettingKey::DailyHour => tr!(lang, "key-daily-hour"),
        SettingKey::Timezone => tr!(lang, "key-timezone"),
        SettingKey::Estimate => tr!(lang, "key-estimate"),
        SettingKey::EstimateLimit => tr!(lang, "key-estimate-limit"),
        SettingKey::Web => tr!(lang, "key-web"),
        SettingKey::CustomClocks => tr!(lang, "key-custom-clocks"),
        SettingKey::CustomClockMax => tr!(lang, "key-custom-clock-max"),
        SettingKey::SeekChannel => tr!(lang, "key-seek-channel"),
    }
}

/// What one of the adapter's settings does.
pub fn discord_setting_label(lang: Lang, key: DiscordKey) -> String {
    match key {
        DiscordKey::MoveNotify => tr!(lang, "key-move-notify"),
        DiscordKey::MatchThreads => tr!(lang, "key-match-threads"),
        DiscordKey::TitleRole => tr!(lang, "key-title-role"),
        DiscordKey::EventOrganiserRole => tr!(lang, "key-event-organiser-role"),
        DiscordKey::EventRefereeRole => tr!(lang, "key-event-referee-role"),
        DiscordKey::Language => tr!(lang, "key-language"),
    }
}

/// How a count under `rules` is made, in one sentence.
pub fn counting_method(lang: Lang, rules: RuleSet) -> String {
    let r = rules.rules();
    match (r.dead_stones, r.scoring, r.pass_stones) {
        (DeadStones::PlayOut, _, _) => tr!(lang, "counting-classic"),
        (_, Scoring::Territory, _) => tr!(lang, "counting-territory"),
        (_, Scoring::Area, true) => tr!(lang, "counting-aga"),
        (_, Scoring::Area, false) => tr!(lang, "counting-area"),
    }
}

/// Why a game was abandoned, or that a moderator annulled it.
pub fn not_counted(lang: Lang, ending: Ending) -> Option<String> {
    let why = match ending {
        Ending::Finished { .. } => return None,
        Ending::Abandoned(AbandonCause::TwoAutomaticPasses) => tr!(lang, "abandoned-both-away"),
        Ending::Abandoned(AbandonCause::Offline(_)) => tr!(lang, "abandoned-offline"),
        Ending::Abandoned(AbandonCause::TimeCap) => tr!(lang, "abandoned-time-cap"),
        Ending::Annulled => return Some(tr!(lang, "annulled")),
    };
    Some(tr!(lang, "abandoned", why = why))
}

/// A permission's name as Discord's client shows it in the language.
pub fn permission(lang: Lang, p: Needed) -> String {
    let name = match p {
        Needed::ViewChannel => tr!(lang, "perm-view-channel"),
        Needed::SendMessages => tr!(lang, "perm-send-messages"),
        Needed::SendMessagesInThreads => tr!(lang, "perm-send-messages-in-threads"),
        Needed::EmbedLinks => tr!(lang, "perm-embed-links"),
        Needed::AttachFiles => tr!(lang, "perm-attach-files"),
        Needed::ReadMessageHistory => tr!(lang, "perm-read-message-history"),
        Needed::CreatePublicThreads => tr!(lang, "perm-create-public-threads"),
        Needed::CreatePrivateThreads => tr!(lang, "perm-create-private-threads"),
    };
    format!("**{name}**")
}
