//! The named reads of the service, each off the async threads: what a front end may ask, and
//! nothing else (a write is a [`crate::game::Command`] through [`Handle::apply`], or one of the
//! named writes of [`super::writes`]). A failed read is a [`Failure`] the front end answers with
//! "something went wrong, try again" — never a default that looks true. The Discord adapter's
//! own tables (where its messages and threads are, its settings) are read here too, each by
//! its name.

use std::sync::Arc;

use crate::game::events::Tournament;
use crate::game::read_models::{GameSummary, RulingRecord};
use crate::game::{
    BoardRef, ChannelId, EventId, GuildId, Invitation, InvitationId, Match, MatchId, Settings,
    Timestamp, UserId,
};
use crate::go::Color;
use crate::service::{
    Failure, Leaderboard, LoadProblem, Profile, Ranking, RecordWords, RunningGame, Service,
};
use crate::store::StoreError;
use crate::store::discord_tables::DiscordTables;

pub use crate::store::discord_tables::{BoardRecord, TeamBoardRecord};

use super::{Handle, blocking};

impl Handle {
    /// Runs a read on the service off the async threads.
    pub(super) async fn query<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Service) -> Result<T, Failure> + Send + 'static,
    ) -> Result<T, Failure> {
        let service = Arc::clone(&self.inner.service);
        blocking(move || f(&service))
            .await
            .unwrap_or_else(|e| Err(Failure::Internal(StoreError::Task(e.to_string()))))
    }

    /// Runs a read of the Discord adapter's tables off the async threads.
    pub(super) async fn discord<T: Send + 'static>(
        &self,
        f: impl FnOnce(DiscordTables<'_>) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, Failure> {
        self.query(move |s| f(s.store().discord_tables()).map_err(Failure::Internal))
            .await
    }

    /// A match as it stands: from memory if running, else replayed from the database.
    ///
    /// # Errors
    /// The database failed, or the stored match cannot be replayed.
    pub async fn game(&self, id: MatchId) -> Result<Option<Match>, Failure> {
        self.query(move |s| s.load_match(id)).await
    }

    /// Every running match id.
    ///
    /// # Errors
    /// The task failed.
    pub async fn running(&self) -> Result<Vec<MatchId>, Failure> {
        self.query(|s| Ok(s.running())).await
    }

    /// Copies of every running match of `user`, their real-time game first.
    ///
    /// # Errors
    /// The task failed.
    pub async fn games_of(&self, user: UserId) -> Result<Vec<Match>, Failure> {
        self.query(move |s| Ok(s.running_games_of(user))).await
    }

    /// The game a command about "the game" means (see [`Service::game_meant`]), as it stands.
    ///
    /// # Errors
    /// The task failed.
    pub async fn game_meant(
        &self,
        guild: GuildId,
        user: UserId,
        channel: ChannelId,
        named: Option<MatchId>,
        boards_here: Vec<MatchId>,
    ) -> Result<Option<Match>, Failure> {
        self.query(move |s| Ok(s.game_meant(guild, user, channel, named, &boards_here)))
            .await
    }

    /// The caller's game a command acts on (see [`Service::players_game`]).
    ///
    /// # Errors
    /// The refusal (not theirs, none, several and none named), or the task failed.
    pub async fn players_game(
        &self,
        guild: GuildId,
        user: UserId,
        channel: ChannelId,
        named: Option<MatchId>,
    ) -> Result<MatchId, Failure> {
        self.query(move |s| Ok(s.players_game(guild, user, channel, named)?))
            .await
    }

    /// The match as it is, if `user` may open a picker on the board drawn at `board`.
    ///
    /// # Errors
    /// The refusal (over, not theirs, stale, not their turn), or the task failed.
    pub async fn picker(
        &self,
        user: UserId,
        roles: Vec<u64>,
        board: BoardRef,
    ) -> Result<Match, Failure> {
        self.query(move |s| Ok(s.picker(user, &roles, board)?))
            .await
    }

    /// Every pending invitation.
    ///
    /// # Errors
    /// The task failed.
    pub async fn pending_invitations(&self) -> Result<Vec<Invitation>, Failure> {
        self.query(|s| Ok(s.pending_invitations())).await
    }

    /// A pending invitation.
    ///
    /// # Errors
    /// The task failed.
    pub async fn invitation(&self, id: InvitationId) -> Result<Option<Invitation>, Failure> {
        self.query(move |s| Ok(s.invitation(id))).await
    }

    /// The stored games and invitations that could not be loaded, and why.
    ///
    /// # Errors
    /// The task failed.
    pub async fn load_problems(&self) -> Result<Vec<LoadProblem>, Failure> {
        self.query(|s| Ok(s.load_problems())).await
    }

    /// A server's settings.
    ///
    /// # Errors
    /// The database failed.
    pub async fn settings(&self, guild: GuildId) -> Result<Settings, Failure> {
        self.query(move |s| s.settings(guild)).await
    }

    /// A player's profile on a server.
    ///
    /// # Errors
    /// The database failed.
    pub async fn profile(&self, guild: GuildId, user: UserId) -> Result<Profile, Failure> {
        self.query(move |s| s.profile(guild, user)).await
    }

    /// A player's profile and their rating after each ranked game (when, rating, deviation),
    /// read together.
    ///
    /// # Errors
    /// The database failed.
    pub async fn rating_history(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<(Profile, Vec<(Timestamp, f64, f64)>), Failure> {
        self.query(move |s| Ok((s.profile(guild, user)?, s.rating_history(guild, user)?)))
            .await
    }

    /// One page of a server's leaderboard.
    ///
    /// # Errors
    /// The database failed.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        by: Ranking,
        limit: u32,
        offset: u32,
    ) -> Result<Leaderboard, Failure> {
        self.query(move |s| s.leaderboard(guild, by, limit, offset))
            .await
    }

    /// The players of a server who hold the title.
    ///
    /// # Errors
    /// The database failed.
    pub async fn titled_players(&self, guild: GuildId) -> Result<Vec<UserId>, Failure> {
        self.query(move |s| s.titled_players(guild)).await
    }

    /// The latest games of `user` on `guild`, newest first.
    ///
    /// # Errors
    /// The database failed.
    pub async fn recent_games(
        &self,
        guild: GuildId,
        user: UserId,
        limit: u32,
    ) -> Result<Vec<GameSummary>, Failure> {
        self.query(move |s| s.recent_games(guild, user, limit))
            .await
    }

    /// The running games of a server, for its moderators.
    ///
    /// # Errors
    /// The task failed.
    pub async fn running_in(&self, guild: GuildId) -> Result<Vec<RunningGame>, Failure> {
        self.query(move |s| Ok(s.running_in(guild))).await
    }

    /// The record of a match of `guild` as SGF, with the players' names (a team game's too)
    /// and the words of its comments.
    ///
    /// # Errors
    /// No such game on this server, the database failed, or the record cannot be replayed.
    pub async fn sgf(
        &self,
        guild: GuildId,
        id: MatchId,
        names: Vec<(UserId, String)>,
        words: RecordWords,
    ) -> Result<String, Failure> {
        self.query(move |s| s.sgf(guild, id, &names, &words)).await
    }

    /// An event of `guild` as it stands.
    ///
    /// # Errors
    /// No such event there, or the database failed.
    pub async fn event(&self, guild: GuildId, id: EventId) -> Result<Tournament, Failure> {
        self.query(move |s| s.event(guild, id)).await
    }

    /// An event's rulings, oldest first (see [`Service::event_rulings`]).
    ///
    /// # Errors
    /// No such event there, or the database failed.
    pub async fn event_rulings(
        &self,
        guild: GuildId,
        id: EventId,
    ) -> Result<Vec<RulingRecord>, Failure> {
        self.query(move |s| s.event_rulings(guild, id)).await
    }

    /// The events of `guild`, newest first (with `open_only`, those not over).
    ///
    /// # Errors
    /// The database failed, or a stored event does not read.
    pub async fn events_of(
        &self,
        guild: GuildId,
        open_only: bool,
    ) -> Result<Vec<Tournament>, Failure> {
        self.query(move |s| s.events_of(guild, open_only)).await
    }

    /// Every game of an event as one SGF collection (see [`Service::event_sgf`]).
    ///
    /// # Errors
    /// No such event there, the database failed, or a record cannot be replayed.
    pub async fn event_sgf(
        &self,
        guild: GuildId,
        id: EventId,
        names: Vec<(UserId, String)>,
        words: RecordWords,
    ) -> Result<String, Failure> {
        self.query(move |s| s.event_sgf(guild, id, &names, &words))
            .await
    }

    /// Whether `roles` include the role event `id` of `guild` is open to (`false` when it names
    /// none): the game's terms decide.
    ///
    /// # Errors
    /// No such event there, or the database failed.
    pub async fn holds_event_role(
        &self,
        guild: GuildId,
        id: EventId,
        roles: Vec<u64>,
    ) -> Result<bool, Failure> {
        self.query(move |s| Ok(s.event(guild, id)?.terms.role_held_by(&roles)))
            .await
    }

    /// Where a game's board message is, and what it shows (the Discord adapter's table).
    ///
    /// # Errors
    /// The database failed.
    pub async fn board_record(&self, id: MatchId) -> Result<Option<BoardRecord>, Failure> {
        self.discord(move |d| d.board(id)).await
    }

    /// The latest games whose board message is in `channel` (a channel or a game's thread),
    /// newest first.
    ///
    /// # Errors
    /// The database failed.
    pub async fn boards_in(&self, channel: ChannelId) -> Result<Vec<MatchId>, Failure> {
        self.discord(move |d| d.boards_in(channel)).await
    }

    /// The public message of an invitation: its channel and message id.
    ///
    /// # Errors
    /// The database failed.
    pub async fn invitation_message(
        &self,
        id: InvitationId,
    ) -> Result<Option<(ChannelId, u64)>, Failure> {
        self.discord(move |d| d.invitation_message(id)).await
    }

    /// The announcement of an event: its channel and message id.
    ///
    /// # Errors
    /// The database failed.
    pub async fn event_message(&self, id: EventId) -> Result<Option<(ChannelId, u64)>, Failure> {
        self.discord(move |d| d.event_message(id)).await
    }

    /// Where an event's game is mirrored: the relay channel and the mirror message.
    ///
    /// # Errors
    /// The database failed.
    pub async fn relay_message(&self, id: MatchId) -> Result<Option<(ChannelId, u64)>, Failure> {
        self.discord(move |d| d.relay(id)).await
    }

    /// A consultation team's thread, its board message (once posted) and what it shows.
    ///
    /// # Errors
    /// The database failed.
    pub async fn team_board(
        &self,
        id: MatchId,
        color: Color,
    ) -> Result<Option<TeamBoardRecord>, Failure> {
        self.discord(move |d| d.team_board(id, color)).await
    }

    /// The Discord adapter's settings of a server, as its key and value pairs.
    ///
    /// # Errors
    /// The database failed.
    pub async fn discord_settings(&self, guild: GuildId) -> Result<Vec<(String, String)>, Failure> {
        self.discord(move |d| d.settings(guild)).await
    }

    /// How `user` chose to be told it is their move on `guild`; `None`: as the server says.
    ///
    /// # Errors
    /// The database failed.
    pub async fn notice(&self, guild: GuildId, user: UserId) -> Result<Option<String>, Failure> {
        self.discord(move |d| d.notice(guild, user.get())).await
    }

    /// A player's quiet hours and digest on a server; `None`: neither.
    ///
    /// # Errors
    /// The database failed.
    pub async fn quiet(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Option<crate::store::discord_quiet::QuietRow>, Failure> {
        self.discord(move |d| d.quiet(guild, user.get())).await
    }

    /// The quiet rows of the servers this process holds that may fall due (a digest wanted,
    /// a notice waiting).
    ///
    /// # Errors
    /// The database failed.
    pub async fn mornings(&self) -> Result<Vec<crate::store::discord_quiet::QuietRow>, Failure> {
        self.query(|s| {
            let scope = s.scope();
            s.store()
                .discord_tables()
                .mornings(&scope)
                .map_err(Failure::Internal)
        })
        .await
    }

    /// How many wait in a server's seek queue, at which terms.
    ///
    /// # Errors
    /// The database failed.
    pub async fn seek_waiting(
        &self,
        guild: GuildId,
    ) -> Result<Vec<(crate::game::seek::SeekTerms, usize)>, Failure> {
        self.query(move |s| s.seek_waiting(guild)).await
    }

    /// The locale Discord last gave for a guild.
    ///
    /// # Errors
    /// The database failed.
    pub async fn guild_locale(&self, guild: GuildId) -> Result<Option<String>, Failure> {
        self.discord(move |d| d.guild_locale(guild)).await
    }
}
