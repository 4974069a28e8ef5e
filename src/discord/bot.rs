//! What every command and button shares: the runtime handle (the one way to the game and to the
//! adapter's own tables), Discord's REST client once connected, the publisher, and the
//! bookkeeping of a graceful stop.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use serenity::all::Http;

use crate::game::{Failure, GuildId, Timestamp};
use crate::runtime::Handle;
use crate::store::StoreError;

use super::discord_settings::DiscordSettings;
use super::i18n::Lang;
use super::publish::Publisher;
use super::repo::Repo;

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
    /// The language of each guild's public messages, as last worked out.
    langs: Mutex<HashMap<GuildId, Lang>>,
    /// The locale Discord last gave for each guild (saved in the repository when it changes).
    locales: Mutex<HashMap<GuildId, String>>,
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
        }
    }

    /// Enters an interaction: `None` while stopping (the caller answers "restarting").
    pub fn enter(self: &Arc<Self>) -> Option<InFlight> {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let guard = InFlight(Arc::clone(self));
        (!self.stopping.load(Ordering::SeqCst)).then_some(guard)
    }

    /// Runs a call on the adapter's own tables, through the runtime (off the async threads).
    ///
    /// # Errors
    /// The database failed (or the task did).
    pub async fn repo<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Repo<'_>) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, Failure> {
        self.runtime.tables(move |store| f(&Repo::on(store))).await
    }

    /// The adapter's settings of a server.
    ///
    /// # Errors
    /// The database failed: the caller says so, or (for a notice) does without.
    pub async fn discord_settings(&self, guild: GuildId) -> Result<DiscordSettings, Failure> {
        self.repo(move |r| r.settings(guild)).await
    }

    /// The language of a server's public messages: its `language` setting, else the locale
    /// Discord gave for it (remembered from the last interaction), else English.
    pub async fn guild_lang(&self, guild: GuildId) -> Lang {
        if let Some(&l) = self
            .langs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
        {
            return l;
        }
        // A language that cannot be read is English for this message, and looked for again
        // at the next: it is not remembered.
        let read = self
            .repo(move |r| Ok((r.settings(guild)?.language, r.guild_locale(guild)?)))
            .await;
        let lang = match read {
            Ok((Some(set), _)) => set,
            Ok((None, locale)) => locale.map_or(Lang::En, |l| Lang::from_locale(&l)),
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the server's language; English for now");
                return Lang::En;
            }
        };
        self.langs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, lang);
        lang
    }

    /// Remembers the locale Discord gives for a guild (every interaction carries it), in the
    /// background: the interaction's answer never waits on this bookkeeping. The repository
    /// is written only when it changes.
    pub fn saw_guild_locale(self: &Arc<Self>, guild: GuildId, locale: &str) {
        let same = self
            .locales
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
            .is_some_and(|l| l == locale);
        if same {
            return;
        }
        let (bot, locale) = (Arc::clone(self), locale.to_owned());
        tokio::spawn(async move {
            let l = locale.clone();
            let stored = bot.repo(move |r| {
                if r.guild_locale(guild)?.as_deref() != Some(l.as_str()) {
                    r.set_guild_locale(guild, &l)?;
                }
                Ok(())
            });
            if let Err(e) = stored.await {
                tracing::warn!(error = %e, "cannot remember the guild's locale");
                return;
            }
            bot.locales
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(guild, locale);
            bot.forget_lang(guild);
        });
    }

    /// Drops the remembered language of a guild (its setting or locale changed).
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
