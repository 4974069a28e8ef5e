//! Per-server settings: every key of SPEC §7, its default, its valid range.
//!
//! A moderator edits them with `set KEY VALUE` and `reset KEY`; a bad key or value is refused
//! with the valid range and nothing changes. They are stored as text pairs (only the keys that
//! differ from the default), so adding a key later needs no migration.

use std::fmt;
use std::str::FromStr;

use crate::go::{BoardSize, Komi, MAX_SIZE, MIN_SIZE, RuleSet};

/// How the player to move is told it is their turn (the Discord form of the seed's sound).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveNotify {
    Mention,
    Dm,
    None,
}

impl MoveNotify {
    /// The value as typed in `/weiqi config set move-notify …`.
    pub const fn name(self) -> &'static str {
        match self {
            MoveNotify::Mention => "mention",
            MoveNotify::Dm => "dm",
            MoveNotify::None => "none",
        }
    }
}

/// Every key of SPEC §7, in the order `show` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SettingKey {
    Enabled,
    BoardSize,
    AllowedSizes,
    Komi,
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
    MoveNotify,
    MatchThreads,
    TitleRole,
}

impl SettingKey {
    /// Every key.
    pub const ALL: [SettingKey; 18] = [
        SettingKey::Enabled,
        SettingKey::BoardSize,
        SettingKey::AllowedSizes,
        SettingKey::Komi,
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
        SettingKey::MoveNotify,
        SettingKey::MatchThreads,
        SettingKey::TitleRole,
    ];

    /// The key as typed in commands and stored in the database.
    pub const fn name(self) -> &'static str {
        match self {
            SettingKey::Enabled => "enabled",
            SettingKey::BoardSize => "board-size",
            SettingKey::AllowedSizes => "allowed-sizes",
            SettingKey::Komi => "komi",
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
            SettingKey::MoveNotify => "move-notify",
            SettingKey::MatchThreads => "match-threads",
            SettingKey::TitleRole => "title-role",
        }
    }

    /// What a valid value looks like, shown with every refusal.
    pub const fn range(self) -> &'static str {
        match self {
            SettingKey::Enabled | SettingKey::MatchThreads => "true or false",
            SettingKey::BoardSize => "a board size from 5 to 19 that is in allowed-sizes",
            SettingKey::AllowedSizes => {
                "a comma-separated list of sizes from 5 to 19 that includes board-size, like 7,9,13"
            }
            SettingKey::Komi => "a whole or half number from -50 to 50, like 6.5, or \"default\"",
            SettingKey::Rules => "classic, chinese, aga or japanese, one in allowed-rules",
            SettingKey::AllowedRules => {
                "a comma-separated list of classic, chinese, aga, japanese that includes rules"
            }
            SettingKey::TurnTimeoutSeconds => "a whole number of seconds from 30 to 3600",
            SettingKey::ReconnectGraceSeconds => "a whole number of seconds from 30 to 3600",
            SettingKey::MatchMaxMinutes => "a whole number of minutes from 5 to 1440",
            SettingKey::OfferExpirySeconds => "a whole number of seconds from 15 to 3600",
            SettingKey::ResignConfirmWindowSeconds => "a whole number of seconds from 3 to 60",
            SettingKey::MeritMinMoves => "a whole number of moves from 0 to 400",
            SettingKey::MeritAmount => "a whole number from 0 to 1000",
            SettingKey::MeritWinnerBonus => "a whole number from 0 to 1000",
            SettingKey::MeritLifetimeCap => "a whole number from 0 to 10000",
            SettingKey::MoveNotify => "mention, dm or none",
            SettingKey::TitleRole => "a role id, or \"none\"",
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

/// Why a setting was not changed. The message names the valid range; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    #[error("unknown setting {0:?}; the settings are: {keys}", keys = all_key_names())]
    UnknownKey(String),
    #[error("{value:?} is not a valid value for {key}: expected {range}", range = key.range())]
    BadValue { key: SettingKey, value: String },
}

fn all_key_names() -> String {
    SettingKey::ALL
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ")
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
    pub move_notify: MoveNotify,
    pub match_threads: bool,
    pub title_role: Option<u64>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            enabled: true,
            board_size: BoardSize::NINE,
            allowed_sizes: [7, 9].into_iter().filter_map(BoardSize::new).collect(),
            komi: None,
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
            move_notify: MoveNotify::Mention,
            match_threads: false,
            title_role: None,
        }
    }
}

/// The komi limit of `komi` in half points (±50 points).
const KOMI_LIMIT_HALF: i32 = 100;

fn parse_u32_in(key: SettingKey, value: &str, lo: u32, hi: u32) -> Result<u32, SettingError> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
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

/// Reads a komi within the settings' range (also used for the `komi` option of an invitation).
pub fn parse_komi(value: &str) -> Option<Komi> {
    value
        .parse::<Komi>()
        .ok()
        .filter(|k| k.half_points().abs() <= KOMI_LIMIT_HALF)
}

/// Whether a komi lies within the range a server may use.
pub fn komi_in_range(komi: Komi) -> bool {
    komi.half_points().abs() <= KOMI_LIMIT_HALF
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

impl Settings {
    /// The komi a game gets when the invitation does not ask for one.
    pub fn effective_komi(&self) -> Komi {
        self.komi.unwrap_or(self.rules.rules().komi)
    }

    /// The current value of `key`, as `show` prints it and as it is stored.
    pub fn get(&self, key: SettingKey) -> String {
        match key {
            SettingKey::Enabled => self.enabled.to_string(),
            SettingKey::BoardSize => self.board_size.get().to_string(),
            SettingKey::AllowedSizes => self
                .allowed_sizes
                .iter()
                .map(|s| s.get().to_string())
                .collect::<Vec<_>>()
                .join(","),
            SettingKey::Komi => self.komi.map_or_else(
                || format!("default ({})", self.rules.rules().komi),
                |k| k.to_string(),
            ),
            SettingKey::Rules => self.rules.name().to_owned(),
            SettingKey::AllowedRules => self
                .allowed_rules
                .iter()
                .map(|r| r.name())
                .collect::<Vec<_>>()
                .join(","),
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
            SettingKey::MoveNotify => self.move_notify.name().to_owned(),
            SettingKey::MatchThreads => self.match_threads.to_string(),
            SettingKey::TitleRole => self
                .title_role
                .map_or_else(|| "none".to_owned(), |r| r.to_string()),
        }
    }

    /// Every key with its value, in order: what `/weiqi config show` lists.
    pub fn show(&self) -> Vec<(SettingKey, String)> {
        SettingKey::ALL.iter().map(|&k| (k, self.get(k))).collect()
    }

    /// Sets `key` (its name as typed) to `value`.
    ///
    /// # Errors
    /// An unknown key, or a value out of range (the message gives the range); `self` is
    /// unchanged.
    pub fn set(&mut self, key: &str, value: &str) -> Result<SettingKey, SettingError> {
        let key: SettingKey = key.parse()?;
        self.set_key(key, value)?;
        Ok(key)
    }

    /// Sets a parsed key; see [`Settings::set`].
    ///
    /// # Errors
    /// A value out of range; `self` is unchanged.
    pub fn set_key(&mut self, key: SettingKey, value: &str) -> Result<(), SettingError> {
        let mut next = self.clone();
        let v = value.trim();
        match key {
            SettingKey::Enabled => next.enabled = parse_bool(key, v)?,
            SettingKey::MatchThreads => next.match_threads = parse_bool(key, v)?,
            SettingKey::BoardSize => {
                let size = v
                    .parse::<u8>()
                    .ok()
                    .and_then(BoardSize::new)
                    .filter(|s| next.allowed_sizes.contains(s))
                    .ok_or_else(|| bad(key, v))?;
                next.board_size = size;
            }
            SettingKey::AllowedSizes => {
                let sizes = parse_sizes(v)
                    .filter(|s| s.contains(&next.board_size))
                    .ok_or_else(|| bad(key, v))?;
                next.allowed_sizes = sizes;
            }
            SettingKey::Komi => {
                next.komi = if v.eq_ignore_ascii_case("default") {
                    None
                } else {
                    Some(parse_komi(v).ok_or_else(|| bad(key, v))?)
                };
            }
            SettingKey::Rules => {
                next.rules = v
                    .parse()
                    .ok()
                    .filter(|r| next.allowed_rules.contains(r))
                    .ok_or_else(|| bad(key, v))?;
            }
            SettingKey::AllowedRules => {
                let mut rules = Vec::new();
                for part in v.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    rules.push(part.parse::<RuleSet>().map_err(|_| bad(key, v))?);
                }
                rules.sort();
                rules.dedup();
                if !rules.contains(&next.rules) {
                    return Err(bad(key, v));
                }
                next.allowed_rules = rules;
            }
            SettingKey::TurnTimeoutSeconds => {
                next.turn_timeout_seconds = parse_u32_in(key, v, 30, 3600)?;
            }
            SettingKey::ReconnectGraceSeconds => {
                next.reconnect_grace_seconds = parse_u32_in(key, v, 30, 3600)?;
            }
            SettingKey::MatchMaxMinutes => {
                next.match_max_minutes = parse_u32_in(key, v, 5, 1440)?;
            }
            SettingKey::OfferExpirySeconds => {
                next.offer_expiry_seconds = parse_u32_in(key, v, 15, 3600)?;
            }
            SettingKey::ResignConfirmWindowSeconds => {
                next.resign_confirm_window_seconds = parse_u32_in(key, v, 3, 60)?;
            }
            SettingKey::MeritMinMoves => next.merit_min_moves = parse_u32_in(key, v, 0, 400)?,
            SettingKey::MeritAmount => next.merit_amount = parse_u32_in(key, v, 0, 1000)?,
            SettingKey::MeritWinnerBonus => {
                next.merit_winner_bonus = parse_u32_in(key, v, 0, 1000)?;
            }
            SettingKey::MeritLifetimeCap => {
                next.merit_lifetime_cap = parse_u32_in(key, v, 0, 10_000)?;
            }
            SettingKey::MoveNotify => {
                next.move_notify = match v.to_ascii_lowercase().as_str() {
                    "mention" => MoveNotify::Mention,
                    "dm" => MoveNotify::Dm,
                    "none" => MoveNotify::None,
                    _ => return Err(bad(key, v)),
                };
            }
            SettingKey::TitleRole => {
                next.title_role = if v.eq_ignore_ascii_case("none") {
                    None
                } else {
                    let id = v
                        .trim_start_matches("<@&")
                        .trim_end_matches('>')
                        .parse::<u64>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| bad(key, v))?;
                    Some(id)
                };
            }
        }
        *self = next;
        Ok(())
    }

    /// Puts `key` back to its default.
    ///
    /// # Errors
    /// An unknown key; or resetting `board-size`/`allowed-sizes` would leave the default size
    /// outside the allowed sizes (then reset the other one first); `self` is unchanged.
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
            SettingKey::Rules => {
                next.rules = default.rules;
                if !next.allowed_rules.contains(&next.rules) {
                    next.allowed_rules.push(next.rules);
                    next.allowed_rules.sort();
                }
            }
            SettingKey::AllowedRules => next.allowed_rules = default.allowed_rules.clone(),
            _ => {
                let text = default.stored_value(key);
                match text {
                    Some(t) => next.set_key(key, &t)?,
                    None => match key {
                        SettingKey::Komi => next.komi = None,
                        SettingKey::TitleRole => next.title_role = None,
                        _ => {}
                    },
                }
            }
        }
        *self = next;
        Ok(key)
    }

    /// The value of `key` as stored; `None` for an unset optional (komi, title role).
    fn stored_value(&self, key: SettingKey) -> Option<String> {
        match key {
            SettingKey::Komi => self.komi.map(|k| k.to_string()),
            SettingKey::TitleRole => self.title_role.map(|r| r.to_string()),
            _ => Some(self.get(key)),
        }
    }

    /// The pairs to store: only the keys that differ from the default.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let default = Settings::default();
        SettingKey::ALL
            .iter()
            .filter_map(|&k| {
                let mine = self.stored_value(k);
                (mine != default.stored_value(k)).then(|| {
                    (
                        k.name().to_owned(),
                        mine.unwrap_or_else(|| "none".to_owned()),
                    )
                })
            })
            .collect()
    }

    /// Rebuilds settings from stored pairs. A pair that no longer parses (a key removed, a
    /// range narrowed) is skipped so that one bad row never locks a server out.
    pub fn from_pairs(pairs: &[(String, String)]) -> Settings {
        let default = Settings::default();
        // A default and its allowed list must agree at every step, and a stored pair of them
        // may disagree with the built-in defaults both ways (board-size 19 with allowed-sizes
        // 13,19): the lists start wide open, the pairs are applied in rounds until none more
        // can be, and a list that was not stored is then narrowed back to its default.
        let mut s = Settings {
            allowed_sizes: (MIN_SIZE..=MAX_SIZE).filter_map(BoardSize::new).collect(),
            allowed_rules: RuleSet::ALL.to_vec(),
            ..default.clone()
        };
        let mut left: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| {
                let value = if k == "komi" && v == "none" {
                    "default"
                } else {
                    v.as_str()
                };
                (k.as_str(), value)
            })
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
        s
    }
}

/// The board sizes within the engine's range, for messages.
pub const SIZE_RANGE: (u8, u8) = (MIN_SIZE, MAX_SIZE);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_table_of_spec_section_7() {
        let s = Settings::default();
        assert!(s.enabled);
        assert_eq!(s.board_size.get(), 9);
        assert_eq!(s.get(SettingKey::AllowedSizes), "7,9");
        assert_eq!(s.effective_komi().half_points(), 11);
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
        assert_eq!(s.move_notify, MoveNotify::Mention);
        assert!(!s.match_threads);
        assert_eq!(s.title_role, None);
        assert_eq!(
            s.allowed_rules,
            RuleSet::ALL.to_vec(),
            "every rule set may be invited"
        );
        assert_eq!(s.show().len(), 18);
    }

    #[test]
    fn bad_value_is_refused_with_its_range_and_nothing_changes() {
        let mut s = Settings::default();
        let before = s.clone();
        let e = s.set("turn-timeout-seconds", "5").unwrap_err();
        assert!(e.to_string().contains("30 to 3600"), "{e}");
        assert_eq!(s, before);
        assert!(s.set("komi", "7.3").is_err());
        assert!(s.set("komi", "51").is_err());
        assert!(s.set("board-size", "13").is_err(), "13 is not allowed yet");
        assert!(s.set("allowed-sizes", "13,19").is_err(), "must contain 9");
        assert!(
            s.set("nonsense", "1")
                .unwrap_err()
                .to_string()
                .contains("board-size")
        );
        assert_eq!(s, before);
    }

    #[test]
    fn allowed_rules_always_hold_the_default_rules() {
        let mut s = Settings::default();
        assert!(
            s.set("allowed-rules", "chinese,aga").is_err(),
            "must contain classic"
        );
        assert!(s.set("allowed-rules", "classic,go").is_err());
        s.set("allowed-rules", "aga, classic,aga").unwrap();
        assert_eq!(s.allowed_rules, vec![RuleSet::Classic, RuleSet::Aga]);
        assert_eq!(s.get(SettingKey::AllowedRules), "classic,aga");
        assert!(s.set("rules", "japanese").is_err(), "not allowed");
        s.set("rules", "aga").unwrap();
        assert!(
            s.set("allowed-rules", "classic").is_err(),
            "must contain aga"
        );
        let back = Settings::from_pairs(&s.to_pairs());
        assert_eq!(
            back, s,
            "stored lists come back before the default they hold"
        );
        let mut narrow = Settings::default();
        narrow.set("rules", "aga").unwrap();
        narrow.set("allowed-rules", "aga").unwrap();
        narrow.set("allowed-sizes", "13,19").unwrap_err();
        narrow.set("allowed-sizes", "9,13,19").unwrap();
        narrow.set("board-size", "19").unwrap();
        narrow.set("allowed-sizes", "13,19").unwrap();
        assert_eq!(
            Settings::from_pairs(&narrow.to_pairs()),
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
    fn set_then_reset_round_trips_through_storage() {
        let mut s = Settings::default();
        s.set("allowed-sizes", "7,9,13,19").unwrap();
        s.set("board-size", "19").unwrap();
        s.set("komi", "6.5").unwrap();
        s.set("rules", "japanese").unwrap();
        s.set("title-role", "<@&1234>").unwrap();
        s.set("move-notify", "dm").unwrap();
        s.set("enabled", "false").unwrap();
        let back = Settings::from_pairs(&s.to_pairs());
        assert_eq!(back, s);
        s.reset("komi").unwrap();
        assert_eq!(
            s.effective_komi().half_points(),
            13,
            "japanese default komi"
        );
        s.reset("allowed-sizes").unwrap();
        assert_eq!(
            s.board_size.get(),
            9,
            "19 no longer allowed, back to default"
        );
        assert_eq!(
            Settings::from_pairs(&Settings::default().to_pairs()),
            Settings::default()
        );
    }
}
