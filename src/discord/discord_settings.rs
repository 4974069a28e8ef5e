//! The adapter's own server settings: how Discord shows a game — how the player to move is
//! told, a thread per game, the title's role, the language of public messages. They sit beside
//! the game's settings in `/weiqi-config` but are stored in the adapter's table: a web front
//! end would have settings of its own and need none of these.

use super::i18n::Lang;

/// How the player to move is told it is their turn (the Discord form of the seed's sound).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveNotify {
    Mention,
    Dm,
    None,
}

impl MoveNotify {
    /// The value as typed.
    pub const fn name(self) -> &'static str {
        match self {
            MoveNotify::Mention => "mention",
            MoveNotify::Dm => "dm",
            MoveNotify::None => "none",
        }
    }

    /// A value as typed or stored; `None` for anything else.
    pub fn from_name(name: &str) -> Option<MoveNotify> {
        [MoveNotify::Mention, MoveNotify::Dm, MoveNotify::None]
            .into_iter()
            .find(|m| m.name() == name)
    }
}

/// Every key of the adapter's settings, in the order `show` lists them (after the game's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DiscordKey {
    MoveNotify,
    MatchThreads,
    TitleRole,
    Language,
    EventOrganiserRole,
    EventRefereeRole,
}

impl DiscordKey {
    /// Every key.
    pub const ALL: [DiscordKey; 6] = [
        DiscordKey::MoveNotify,
        DiscordKey::MatchThreads,
        DiscordKey::TitleRole,
        DiscordKey::Language,
        DiscordKey::EventOrganiserRole,
        DiscordKey::EventRefereeRole,
    ];

    /// The key as typed and stored.
    pub const fn name(self) -> &'static str {
        match self {
            DiscordKey::MoveNotify => "move-notify",
            DiscordKey::MatchThreads => "match-threads",
            DiscordKey::TitleRole => "title-role",
            DiscordKey::Language => "language",
            DiscordKey::EventOrganiserRole => "event-organiser-role",
            DiscordKey::EventRefereeRole => "event-referee-role",
        }
    }

    /// The key of this name, if it is one of the adapter's.
    pub fn from_name(name: &str) -> Option<DiscordKey> {
        let n = name.trim().to_ascii_lowercase();
        DiscordKey::ALL.into_iter().find(|k| k.name() == n)
    }
}

/// The adapter's settings of one server. `Default` is SPEC §7's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscordSettings {
    pub move_notify: MoveNotify,
    pub match_threads: bool,
    pub title_role: Option<u64>,
    /// `None`: the guild's own locale.
    pub language: Option<Lang>,
    /// Members of this role run the server's events as moderators do (besides moderators).
    pub event_organiser_role: Option<u64>,
    /// Members of this role rule on the server's events' games as moderators do.
    pub event_referee_role: Option<u64>,
}

impl Default for DiscordSettings {
    fn default() -> DiscordSettings {
        DiscordSettings {
            move_notify: MoveNotify::Mention,
            match_threads: false,
            title_role: None,
            language: None,
            event_organiser_role: None,
            event_referee_role: None,
        }
    }
}

/// A value that does not fit its key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{value:?} is not a valid value for {}", key.name())]
pub struct BadValue {
    pub key: DiscordKey,
    pub value: String,
}

/// A role setting as shown and stored: its id, or `none`.
fn role_text(role: Option<u64>) -> String {
    role.map_or_else(|| "none".to_owned(), |r| r.to_string())
}

/// A role setting as typed: `none`, an id, or a mention (`<@&id>`); `None` if it is neither.
fn role_of(v: &str) -> Option<Option<u64>> {
    if v.eq_ignore_ascii_case("none") {
        return Some(None);
    }
    v.trim_start_matches("<@&")
        .trim_end_matches('>')
        .parse::<u64>()
        .ok()
        .filter(|&n| n > 0)
        .map(Some)
}

impl DiscordSettings {
    /// The value of `key` as shown and stored.
    pub fn get(&self, key: DiscordKey) -> String {
        match key {
            DiscordKey::MoveNotify => self.move_notify.name().to_owned(),
            DiscordKey::MatchThreads => self.match_threads.to_string(),
            DiscordKey::TitleRole => role_text(self.title_role),
            DiscordKey::EventOrganiserRole => role_text(self.event_organiser_role),
            DiscordKey::EventRefereeRole => role_text(self.event_referee_role),
            DiscordKey::Language => self
                .language
                .map_or_else(|| "auto".to_owned(), |l| l.code().to_owned()),
        }
    }

    /// Sets `key` to `value`.
    ///
    /// # Errors
    /// A value that does not fit; `self` is unchanged.
    pub fn set(&mut self, key: DiscordKey, value: &str) -> Result<(), BadValue> {
        let v = value.trim();
        let bad = || BadValue {
            key,
            value: v.to_owned(),
        };
        match key {
            DiscordKey::MoveNotify => {
                self.move_notify = match v.to_ascii_lowercase().as_str() {
                    "mention" => MoveNotify::Mention,
                    "dm" => MoveNotify::Dm,
                    "none" => MoveNotify::None,
                    _ => return Err(bad()),
                };
            }
            DiscordKey::MatchThreads => {
                self.match_threads = match v.to_ascii_lowercase().as_str() {
                    "true" | "on" | "yes" => true,
                    "false" | "off" | "no" => false,
                    _ => return Err(bad()),
                };
            }
            DiscordKey::TitleRole => self.title_role = role_of(v).ok_or_else(bad)?,
            DiscordKey::EventOrganiserRole => {
                self.event_organiser_role = role_of(v).ok_or_else(bad)?;
            }
            DiscordKey::EventRefereeRole => {
                self.event_referee_role = role_of(v).ok_or_else(bad)?;
            }
            DiscordKey::Language => {
                self.language = if v.eq_ignore_ascii_case("auto") {
                    None
                } else {
                    Some(Lang::from_code(v).ok_or_else(bad)?)
                };
            }
        }
        Ok(())
    }

    /// The pairs to store: only what differs from the default.
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let default = DiscordSettings::default();
        DiscordKey::ALL
            .iter()
            .filter(|&&k| self.get(k) != default.get(k))
            .map(|&k| (k.name().to_owned(), self.get(k)))
            .collect()
    }

    /// Settings from stored pairs; a pair that does not parse is skipped (and logged).
    pub fn from_pairs(pairs: &[(String, String)]) -> DiscordSettings {
        let mut s = DiscordSettings::default();
        for (k, v) in pairs {
            match DiscordKey::from_name(k).map(|key| s.set(key, v)) {
                Some(Ok(())) => {}
                _ => tracing::warn!(key = %k, value = %v, "a stored setting no longer applies"),
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_round_trip() {
        let mut s = DiscordSettings::default();
        assert_eq!(s.move_notify, MoveNotify::Mention);
        assert!(!s.match_threads);
        assert_eq!(s.get(DiscordKey::Language), "auto");
        s.set(DiscordKey::MoveNotify, "dm").unwrap();
        s.set(DiscordKey::MatchThreads, "on").unwrap();
        s.set(DiscordKey::TitleRole, "<@&1234>").unwrap();
        s.set(DiscordKey::Language, "ko").unwrap();
        s.set(DiscordKey::EventOrganiserRole, "55").unwrap();
        assert_eq!(s.event_organiser_role, Some(55));
        assert_eq!(DiscordSettings::from_pairs(&s.to_pairs()), s);
        let before = s.clone();
        assert!(s.set(DiscordKey::Language, "klingon").is_err());
        assert!(s.set(DiscordKey::TitleRole, "role").is_err());
        assert!(s.set(DiscordKey::MoveNotify, "shout").is_err());
        assert_eq!(s, before, "a refused value changes nothing");
    }
}
