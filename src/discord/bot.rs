//! What every command and button shares: the runtime handle (the one way to the game and to the
//! adapter's own tables, each read and write by its name), Discord's REST client once
//! connected, the publisher's memory, and the bookkeeping of a graceful stop.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use serenity::all::Http;

use tracing::warn;

use crate::game::{GuildId, Match, MatchId, Timestamp};
use crate::runtime::Handle;
use crate::service::Failure;

use super::discord_settings::DiscordSettings;
use super::i18n::Lang;
use super::publish::turns::Publisher;

/// The error type of commands: a failure already answered to the user, or Discord's.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// poise's context for our data.
pub type Ctx<'a> = poise::ApplicationContext<'a, Arc<Bot>, Error>;

/// Shared state of the running bot.
pub struct Bot {
    pub runtime: Handle,
    /// When this process began serving: a game started since is one of its own, whose board
    /// its own start posts.
    pub started_at: Timestamp,
    /// Set when the gateway is first ready.
    pub http: OnceLock<Arc<Http>>,
    pub publisher: Publisher,
    pub dev_guild: Option<std::num::NonZeroU64>,
    /// Set on SIGINT/SIGTERM: new interactions are turned away politely.
    pub stopping: AtomicBool,
    /// Interactions being handled, waited for at shutdown.
    pub in_flight: AtomicUsize,
    /// Each guild's `language` setting (`None`: not set, the locale decides), as last read.
    langs: Mutex<HashMap<GuildId, Option<Lang>>>,
    /// The locale Discord last gave for each guild (saved in the repository when it changes).
    locales: Mutex<HashMap<GuildId, String>>,
    /// Where people open the web pages (`WEB_PUBLIC_URL`): the messages' links; none unset.
    pub web_url: Option<String>,
    /// The name each member was last seen with (noted for the web when it changes).
    pub(super) names: Mutex<HashMap<(GuildId, crate::game::UserId), String>>,
}

/// Counts an interaction in flight while it lives.
pub struct InFlight(Arc<Bot>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Bot {
    pub fn new(runtime: Handle, dev_guild: Option<std::num::NonZeroU64>) -> Bot {
        Bot {
            started_at: runtime.now(),
            runtime,
            http: OnceLock::new(),
            publisher: Publisher::default(),
            dev_guild,
            stopping: AtomicBool::new(false),
            in_flight: AtomicUsize::new(0),
            langs: Mutex::new(HashMap::new()),
            locales: Mutex::new(HashMap::new()),
            web_url: None,
            names: Mutex::new(HashMap::new()),
        }
    }

    /// Enters an interaction: `None` while stopping (the caller answers "restarting").
    pub fn enter(self: &Arc<Self>) -> Option<InFlight> {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let guard = InFlight(Arc::clone(self));
        (!self.stopping.load(Ordering::SeqCst)).then_some(guard)
    }

    /// A match as it stands, to show it: from memory if running, else replayed from the
    /// database; `None` (logged) if it cannot be read.
    pub async fn current(&self, id: MatchId) -> Option<Match> {
        match self.runtime.game(id).await {
            Ok(m) => m,
            Err(e) => {
                warn!(match_id = id.get(), error = %e, "cannot load the game to show it");
                None
            }
        }
    }

    /// The adapter's settings of a server.
    ///
    /// # Errors
    /// The database failed: the caller says so, or (for a notice) does without.
    pub async fn discord_settings(&self, guild: GuildId) -> Result<DiscordSettings, Failure> {
        let pairs = self.runtime.discord_settings(guild).await?;
        Ok(DiscordSettings::from_pairs(&pairs))
    }

    /// Saves the adapter's settings of a server.
    ///
    /// # Errors
    /// The database failed.
    pub async fn save_discord_settings(
        &self,
        guild: GuildId,
        settings: &DiscordSettings,
    ) -> Result<(), Failure> {
        self.runtime
            .save_discord_settings(guild, settings.to_pairs())
            .await
    }

    /// The `language` setting of a server and the locale an earlier run stored for it.
    async fn stored_language(
        &self,
        guild: GuildId,
    ) -> Result<(Option<Lang>, Option<String>), Failure> {
        let setting = self.discord_settings(guild).await?.language;
        Ok((setting, self.runtime.guild_locale(guild).await?))
    }

    /// The language of a server's public messages: its `language` setting, else the locale
    /// Discord gives for it, else English. The locale seen this run (GUILD_CREATE, every
    /// interaction) is in memory before the first message of that server is drawn; one stored
    /// by an earlier run stands in until then.
    pub async fn guild_lang(&self, guild: GuildId) -> Lang {
        let cached = self
            .langs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
            .copied();
        let setting = match cached {
            Some(setting) => setting,
            None => {
                // The setting, and the locale stored by an earlier run; a read that fails is
                // English for this message, and looked for again at the next (not remembered).
                let (setting, stored) = match self.stored_language(guild).await {
                    Ok(pair) => pair,
                    Err(e) => {
                        warn!(error = %e, "cannot read the server's language; English for now");
                        return self
                            .seen_locale(guild)
                            .map_or(Lang::En, |l| Lang::from_locale(&l));
                    }
                };
                if let Some(stored) = stored {
                    self.locales
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .entry(guild)
                        .or_insert(stored);
                }
                self.langs
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(guild, setting);
                setting
            }
        };
        setting
            .or_else(|| self.seen_locale(guild).map(|l| Lang::from_locale(&l)))
            .unwrap_or(Lang::En)
    }

    /// The locale last seen for a guild (this run's, or one stored before).
    fn seen_locale(&self, guild: GuildId) -> Option<String> {
        self.locales
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
            .cloned()
    }

    /// Remembers the locale Discord gives for a guild (GUILD_CREATE and every interaction
    /// carry it): in memory at once, so that the next public message of that server speaks
    /// it, and in the repository in the background (written only when it changes), so that
    /// the answer never waits on this bookkeeping.
    pub fn saw_guild_locale(self: &Arc<Self>, guild: GuildId, locale: &str) {
        let previous = self
            .locales
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, locale.to_owned());
        if previous.as_deref() == Some(locale) {
            return;
        }
        let (bot, locale) = (Arc::clone(self), locale.to_owned());
        tokio::spawn(async move {
            let stored = async {
                if bot.runtime.guild_locale(guild).await?.as_deref() != Some(locale.as_str()) {
                    bot.runtime.set_guild_locale(guild, locale.clone()).await?;
                }
                Ok::<(), Failure>(())
            };
            if let Err(e) = stored.await {
                warn!(error = %e, "cannot remember the guild's locale");
            }
        });
    }

    /// Drops the remembered `language` setting of a guild (it changed).
    pub fn forget_lang(&self, guild: GuildId) {
        self.langs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&guild);
    }

    /// Discord's REST client, once connected.
    pub fn http(&self) -> Option<&Arc<Http>> {
        self.http.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::{Clock, ComputerConfig, SystemClock};
    use crate::service::Service;
    use crate::store::{Durability, Store};

    #[tokio::test(flavor = "current_thread")]
    async fn a_locale_seen_speaks_at_once_before_it_is_stored() {
        let dir = tempfile::tempdir().expect("a directory");
        let store = Store::open(&dir.path().join("t.db"), Durability::Process).expect("a store");
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let service = Service::open(Arc::new(store), clock.now()).expect("a service");
        let (handle, scheduler, _fired) =
            crate::runtime::Handle::start(service, clock, ComputerConfig::default());
        let bot = Arc::new(Bot::new(handle, None));
        let (ko, ja) = (GuildId(7), GuildId(8));
        // Seen (GUILD_CREATE, an interaction), then at once a public message of each server.
        bot.saw_guild_locale(ko, "ko");
        bot.saw_guild_locale(ja, "ja");
        assert_eq!(bot.guild_lang(ko).await, Lang::Ko);
        assert_eq!(bot.guild_lang(ja).await, Lang::Ja);
        // A server whose locale changes speaks the new one from its next message.
        bot.saw_guild_locale(ko, "zh-CN");
        assert_eq!(bot.guild_lang(ko).await, Lang::ZhCn);
        // Unseen and unstored: English.
        assert_eq!(bot.guild_lang(GuildId(9)).await, Lang::En);
        scheduler.stop().await;
    }
}
