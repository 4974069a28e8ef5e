//! The named writes of the runtime besides [`Handle::apply`], each off the async threads:
//! taking what start-up recovered (once), and the Discord adapter's own tables — where its
//! messages and threads are, its settings, each guild's locale. None of them changes a game;
//! each is one transaction of the store.

use std::sync::Arc;

use crate::game::{ChannelId, EventId, GuildId, InvitationId, MatchId, Outcome, UserId};
use crate::go::Color;
use crate::service::{Failure, Service};
use crate::store::discord_tables::DiscordTables;
use crate::store::{Store, StoreError};

use super::{Handle, blocking};

impl Handle {
    /// Runs a write on the service off the async threads.
    pub(super) async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Service) -> Result<T, Failure> + Send + 'static,
    ) -> Result<T, Failure> {
        let service = Arc::clone(&self.inner.service);
        blocking(move || f(&service))
            .await
            .unwrap_or_else(|e| Err(Failure::Internal(StoreError::Task(e.to_string()))))
    }

    /// Runs `f` on the store off the async threads, for the runtime's own bookkeeping (the
    /// gateway's identify turns); no front end reaches it.
    pub(super) async fn tables<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, Failure> {
        self.write(move |s| f(s.store()).map_err(Failure::Internal))
            .await
    }

    /// Runs a write of the Discord adapter's tables off the async threads.
    async fn write_discord(
        &self,
        f: impl FnOnce(DiscordTables<'_>) -> Result<(), StoreError> + Send + 'static,
    ) -> Result<(), Failure> {
        self.write(move |s| f(s.store().discord_tables()).map_err(Failure::Internal))
            .await
    }

    /// Takes what start-up changed, to show once (see [`Service::take_recovered`]): a second
    /// call finds nothing.
    ///
    /// # Errors
    /// The task failed.
    pub async fn take_recovered(&self) -> Result<Vec<Outcome>, Failure> {
        self.write(|s| Ok(s.take_recovered())).await
    }

    /// Records where a game's board goes before it is posted, so that a crash before its id
    /// is saved leaves a record start-up finds (a board to post).
    ///
    /// # Errors
    /// The database failed.
    pub async fn plan_board(
        &self,
        id: MatchId,
        channel: ChannelId,
        thread: Option<ChannelId>,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.plan_board(id, channel, thread))
            .await
    }

    /// Remembers the posted board message of a game, and what it shows.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_board(
        &self,
        id: MatchId,
        channel: ChannelId,
        message: u64,
        shown: String,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_board(id, channel, message, &shown))
            .await
    }

    /// Remembers what a game's board message shows (after an edit, or that its post failed).
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_board_shown(&self, id: MatchId, shown: String) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_shown(id, &shown)).await
    }

    /// Remembers the public message of an invitation.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_invitation_message(
        &self,
        id: InvitationId,
        channel: ChannelId,
        message: u64,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_invitation_message(id, channel, message))
            .await
    }

    /// Remembers the announcement of an event.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_event_message(
        &self,
        id: EventId,
        channel: ChannelId,
        message: u64,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_event_message(id, channel, message))
            .await
    }

    /// Remembers the mirror of an event's game in its relay channel.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_relay_message(
        &self,
        id: MatchId,
        channel: ChannelId,
        message: u64,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_relay(id, channel, message))
            .await
    }

    /// Remembers a consultation team's thread (its board to be posted).
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_team_thread(
        &self,
        id: MatchId,
        color: Color,
        thread: ChannelId,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_team_thread(id, color, thread))
            .await
    }

    /// Remembers a consultation team's board message and what it shows.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_team_board(
        &self,
        id: MatchId,
        color: Color,
        message: u64,
        shown: String,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_team_board(id, color, message, &shown))
            .await
    }

    /// Replaces the Discord adapter's settings of a server with `pairs`.
    ///
    /// # Errors
    /// The database failed.
    pub async fn save_discord_settings(
        &self,
        guild: GuildId,
        pairs: Vec<(String, String)>,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.save_settings(guild, &pairs))
            .await
    }

    /// Remembers the locale Discord gives for a guild.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_guild_locale(&self, guild: GuildId, locale: String) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_guild_locale(guild, &locale))
            .await
    }

    /// Sets a player's zone, quiet hours and digest on a server.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_quiet(
        &self,
        row: crate::store::discord_quiet::QuietRow,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_quiet(&row)).await
    }

    /// Notes that a notice waits for a player's morning.
    ///
    /// # Errors
    /// The database failed.
    pub async fn hold_for_morning(&self, guild: GuildId, user: UserId) -> Result<(), Failure> {
        self.write_discord(move |d| d.hold_for_morning(guild, user.get()))
            .await
    }

    /// Takes a player's morning as read (see `DiscordTables::take_morning`): `false` when it
    /// was taken already.
    ///
    /// # Errors
    /// The database failed.
    pub async fn take_morning(
        &self,
        row: crate::store::discord_quiet::QuietRow,
        digest_day: Option<String>,
    ) -> Result<bool, Failure> {
        self.write(move |s| {
            s.store()
                .discord_tables()
                .take_morning(&row, digest_day.as_deref())
                .map_err(Failure::Internal)
        })
        .await
    }

    /// Sets how `user` is told it is their move on `guild` (`None`: as the server says).
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_notice(
        &self,
        guild: GuildId,
        user: UserId,
        how: Option<&'static str>,
    ) -> Result<(), Failure> {
        self.write_discord(move |d| d.set_notice(guild, user.get(), how))
            .await
    }
}
