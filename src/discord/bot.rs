//! What every command and button shares: the runtime handle, the adapter's repository, Discord's
//! REST client once connected, the publisher, and the bookkeeping of a graceful stop.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use serenity::all::Http;

use crate::game::{Failure, GuildId};
use crate::runtime::{self, Handle};
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
    pub repo: Repo,
    /// Set when the gateway is first ready.
    pub http: OnceLock<Arc<Http>>,
    pub publisher: Publisher,
    pub dev_guild: Option<u64>,
    /// Set on SIGINT/SIGTERM: new interactions are turned away politely.
    pub stopping: AtomicBool,
    /// Interactions being handled, waited for at shutdown.
    pub in_flight: AtomicUsize,
    /// Whether the gateway is up (for the health file).
    pub connected: AtomicBool,
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
    pub fn new(runtime: Handle, repo: Repo, dev_guild: Option<u64>) -> Bot {
        Bot {
            runtime,
            repo,
            http: OnceLock::new(),
            publisher: Publisher::default(),
            dev_guild,
            stopping: AtomicBool::new(false),
            in_flight: AtomicUsize::new(0),
            connected: AtomicBool::new(false),
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

    /// Runs a call on the adapter's repository off the async threads.
    ///
    /// # Errors
    /// The database failed (or the task did).
    pub async fn repo<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Repo) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, Failure> {
        let repo = self.repo.clone();
        match runtime::blocking(move || f(&repo)).await {
            Ok(r) => r.map_err(Failure::Internal),
            Err(e) => Err(Failure::Internal(StoreError::Task(e.to_string()))),
        }
    }

    /// The adapter's settings of a server (defaults if the database cannot be read).
    pub async fn discord_settings(&self, guild: GuildId) -> DiscordSettings {
        match self.repo(move |r| r.settings(guild)).await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the server's settings; using defaults");
                DiscordSettings::default()
            }
        }
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
        let set = self.discord_settings(guild).await.language;
        let lang = match set {
            Some(l) => l,
            None => self
                .repo(move |r| r.guild_locale(guild))
                .await
                .ok()
                .flatten()
                .map_or(Lang::En, |l| Lang::from_locale(&l)),
        };
        self.langs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, lang);
        lang
    }

    /// Remembers the locale Discord gives for a guild (every interaction carries it); the
    /// repository is written only when it changes.
    pub async fn saw_guild_locale(&self, guild: GuildId, locale: &str) {
        let same = self
            .locales
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
            .is_some_and(|l| l == locale);
        if same {
            return;
        }
        let l = locale.to_owned();
        let stored = self.repo(move |r| {
            if r.guild_locale(guild)?.as_deref() != Some(l.as_str()) {
                r.set_guild_locale(guild, &l)?;
            }
            Ok(())
        });
        if let Err(e) = stored.await {
            tracing::warn!(error = %e, "cannot remember the guild's locale");
            return;
        }
        self.locales
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, locale.to_owned());
        self.forget_lang(guild);
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
