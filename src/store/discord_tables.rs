//! The Discord adapter's own tables (`discord_*`, created by the migrations beside the game's):
//! where each board and invitation message is, each game's and each consultation team's thread,
//! the adapter's settings (as key and value pairs: the adapter reads them), and the locale
//! Discord last gave for each guild. Their SQL lives here, behind named methods; the adapter
//! reaches them through the runtime's handle, off the async threads. The game's tables are never
//! touched here.

use rusqlite::params;

use crate::game::{ChannelId, EventId, GuildId, InvitationId, MatchId};
use crate::go::Color;

use super::{Store, StoreError, from_sql_id, to_sql_id};

/// An adapter table that keeps where a message is: its name and its key column.
type MessageTable = (&'static str, &'static str);
const INVITATIONS: MessageTable = ("discord_invitations", "invitation_id");
const EVENTS: MessageTable = ("discord_events", "event_id");
const RELAYS: MessageTable = ("discord_relays", "match_id");

/// A consultation team's thread and the board in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamBoardRecord {
    pub thread: ChannelId,
    /// `None` until posted.
    pub message: Option<u64>,
    /// What the message shows (its view key).
    pub shown: Option<String>,
}

/// Where a game's board message is, and what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRecord {
    pub match_id: MatchId,
    /// The channel (or the game's thread) the message is in.
    pub channel: ChannelId,
    /// `None`: the board is to be posted (a crash came between posting and saving, or the
    /// post failed); start-up posts it.
    pub message: Option<u64>,
    /// The game's own thread, with `match-threads`.
    pub thread: Option<ChannelId>,
    /// What the message shows (the adapter's view key); `None` when unknown.
    pub shown: Option<String>,
}

/// The Discord adapter's tables in a store.
#[derive(Clone, Copy)]
pub struct DiscordTables<'a> {
    store: &'a Store,
}

impl Store {
    /// The Discord adapter's tables in this store.
    pub fn discord_tables(&self) -> DiscordTables<'_> {
        DiscordTables { store: self }
    }
}

impl<'a> DiscordTables<'a> {
    /// The store the tables are in.
    pub(super) fn store(&self) -> &'a Store {
        self.store
    }
}

impl DiscordTables<'_> {
    /// The board record of a game.
    ///
    /// # Errors
    /// A database error.
    pub fn board(&self, id: MatchId) -> Result<Option<BoardRecord>, StoreError> {
        self.store.read(|tx| {
            tx.query_opt(
                "SELECT channel_id, message_id, thread_id, shown FROM discord_boards \
                     WHERE match_id = ?1",
                params![id.get()],
                |r| {
                    Ok(BoardRecord {
                        match_id: id,
                        channel: ChannelId(from_sql_id(r.get(0)?)),
                        message: r.get::<Option<i64>>(1)?.map(from_sql_id),
                        thread: r.get::<Option<i64>>(2)?.map(|t| ChannelId(from_sql_id(t))),
                        shown: r.get(3)?,
                    })
                },
            )
        })
    }

    /// The latest games whose board message is in `channel` (a channel or a game's thread),
    /// newest first: the index `/weiqi status` in a thread asks, instead of a scan of every game.
    ///
    /// # Errors
    /// A database error.
    pub fn boards_in(&self, channel: ChannelId) -> Result<Vec<MatchId>, StoreError> {
        self.store.read(|tx| {
            tx.query_all(
                "SELECT match_id FROM discord_boards WHERE channel_id = ?1 \
                 ORDER BY match_id DESC LIMIT 20",
                params![to_sql_id(channel.get())],
                |r| r.get::<i64>(0).map(MatchId),
            )
        })
    }

    /// Records where a board goes before it is posted, so that a crash before its id is saved
    /// leaves a record start-up finds (a board to post).
    ///
    /// # Errors
    /// A database error.
    pub fn plan_board(
        &self,
        id: MatchId,
        channel: ChannelId,
        thread: Option<ChannelId>,
    ) -> Result<(), StoreError> {
        self.store.write(|tx| {
            tx.execute(
                "INSERT INTO discord_boards (match_id, channel_id, thread_id) \
                     VALUES (?1, ?2, ?3) ON CONFLICT (match_id) DO UPDATE SET \
                     channel_id = excluded.channel_id, thread_id = excluded.thread_id",
                params![
                    id.get(),
                    to_sql_id(channel.get()),
                    thread.map(|t| to_sql_id(t.get()))
                ],
            )?;
            Ok(())
        })
    }

    /// Remembers the posted board message of a game, and what it shows.
    ///
    /// # Errors
    /// A database error.
    pub fn set_board(
        &self,
        id: MatchId,
        channel: ChannelId,
        message: u64,
        shown: &str,
    ) -> Result<(), StoreError> {
        self.store.write(|tx| {
            tx.execute(
                "INSERT INTO discord_boards (match_id, channel_id, message_id, shown) \
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT (match_id) DO UPDATE SET \
                     channel_id = excluded.channel_id, message_id = excluded.message_id, \
                     shown = excluded.shown",
                params![
                    id.get(),
                    to_sql_id(channel.get()),
                    to_sql_id(message),
                    shown
                ],
            )?;
            Ok(())
        })
    }

    /// Remembers what the board message shows after an edit.
    ///
    /// # Errors
    /// A database error.
    pub fn set_shown(&self, id: MatchId, shown: &str) -> Result<(), StoreError> {
        self.store.write(|tx| {
            tx.execute(
                "UPDATE discord_boards SET shown = ?2 WHERE match_id = ?1",
                params![id.get(), shown],
            )?;
            Ok(())
        })
    }

    /// The public message of an invitation: its channel and message id.
    ///
    /// # Errors
    /// A database error.
    pub fn invitation_message(
        &self,
        id: InvitationId,
    ) -> Result<Option<(ChannelId, u64)>, StoreError> {
        self.message_of(INVITATIONS, id.get())
    }

    /// Remembers the public message of an invitation.
    ///
    /// # Errors
    /// A database error.
    pub fn set_invitation_message(
        &self,
        id: InvitationId,
        channel: ChannelId,
        message: u64,
    ) -> Result<(), StoreError> {
        self.set_message_of(INVITATIONS, id.get(), channel, message)
    }

    /// The announcement of an event: its channel and message id.
    ///
    /// # Errors
    /// A database error.
    pub fn event_message(&self, id: EventId) -> Result<Option<(ChannelId, u64)>, StoreError> {
        self.message_of(EVENTS, id.get())
    }

    /// Where an event's game is mirrored: the relay channel and the mirror message.
    ///
    /// # Errors
    /// A database error.
    pub fn relay(&self, id: MatchId) -> Result<Option<(ChannelId, u64)>, StoreError> {
        self.message_of(RELAYS, id.get())
    }

    /// Remembers the mirror of an event's game.
    ///
    /// # Errors
    /// A database error.
    pub fn set_relay(
        &self,
        id: MatchId,
        channel: ChannelId,
        message: u64,
    ) -> Result<(), StoreError> {
        self.set_message_of(RELAYS, id.get(), channel, message)
    }

    /// A consultation team's thread, its board message (once posted) and what it shows.
    ///
    /// # Errors
    /// A database error.
    pub fn team_board(
        &self,
        id: MatchId,
        color: Color,
    ) -> Result<Option<TeamBoardRecord>, StoreError> {
        self.store.read(|tx| {
            tx.query_opt(
                "SELECT thread_id, message_id, shown FROM discord_team_boards \
                     WHERE match_id = ?1 AND color = ?2",
                params![id.get(), color],
                |r| {
                    Ok(TeamBoardRecord {
                        thread: ChannelId(from_sql_id(r.get(0)?)),
                        message: r.get::<Option<i64>>(1)?.map(from_sql_id),
                        shown: r.get(2)?,
                    })
                },
            )
        })
    }

    /// Remembers a consultation team's thread (its board to be posted).
    ///
    /// # Errors
    /// A database error.
    pub fn set_team_thread(
        &self,
        id: MatchId,
        color: Color,
        thread: ChannelId,
    ) -> Result<(), StoreError> {
        self.store.write(|tx| {
            tx.execute(
                "INSERT INTO discord_team_boards (match_id, color, thread_id) \
                     VALUES (?1, ?2, ?3) ON CONFLICT (match_id, color) DO UPDATE SET \
                     thread_id = excluded.thread_id",
                params![id.get(), color, to_sql_id(thread.get())],
            )?;
            Ok(())
        })
    }

    /// Remembers a consultation team's board message and what it shows.
    ///
    /// # Errors
    /// A database error.
    pub fn set_team_board(
        &self,
        id: MatchId,
        color: Color,
        message: u64,
        shown: &str,
    ) -> Result<(), StoreError> {
        self.store.write(|tx| {
            tx.execute(
                "UPDATE discord_team_boards SET message_id = ?3, shown = ?4 \
                     WHERE match_id = ?1 AND color = ?2",
                params![id.get(), color, to_sql_id(message), shown],
            )?;
            Ok(())
        })
    }

    /// Remembers the announcement of an event.
    ///
    /// # Errors
    /// A database error.
    pub fn set_event_message(
        &self,
        id: EventId,
        channel: ChannelId,
        message: u64,
    ) -> Result<(), StoreError> {
        self.set_message_of(EVENTS, id.get(), channel, message)
    }

    /// The messages of a server's daily problem of `day` (days counted as the game's
    /// `training::Day`): the post's and the solution's, each `None` until posted.
    ///
    /// # Errors
    /// A database error.
    pub fn daily_messages(
        &self,
        guild: GuildId,
        day: i64,
    ) -> Result<(Option<u64>, Option<u64>), StoreError> {
        self.store.read(|tx| {
            Ok(tx
                .query_opt(
                    "SELECT message_id, solution_message_id FROM discord_daily \
                     WHERE guild_id = ?1 AND day = ?2",
                    params![to_sql_id(guild.get()), day],
                    |r| {
                        Ok((
                            r.get::<Option<i64>>(0)?.map(from_sql_id),
                            r.get::<Option<i64>>(1)?.map(from_sql_id),
                        ))
                    },
                )?
                .unwrap_or((None, None)))
        })
    }

    /// Remembers the message of a daily problem's post (`solution` false) or of its solution.
    ///
    /// # Errors
    /// A database error.
    pub fn set_daily_message(
        &self,
        guild: GuildId,
        day: i64,
        solution: bool,
        message: u64,
    ) -> Result<(), StoreError> {
        let column = if solution {
            "solution_message_id"
        } else {
            "message_id"
        };
        self.store.write(|tx| {
            tx.execute(
                &format!(
                    "INSERT INTO discord_daily (guild_id, day, {column}) VALUES (?1, ?2, ?3) \
                     ON CONFLICT (guild_id, day) DO UPDATE SET {column} = excluded.{column}"
                ),
                params![to_sql_id(guild.get()), day, to_sql_id(message)],
            )?;
            Ok(())
        })
    }

    /// Where the message a table keeps for `id` is (none until it was posted).
    fn message_of(
        &self,
        table: MessageTable,
        id: i64,
    ) -> Result<Option<(ChannelId, u64)>, StoreError> {
        let (name, key) = table;
        self.store.read(|tx| {
            tx.query_opt(
                &format!(
                    "SELECT channel_id, message_id FROM {name} \
                     WHERE {key} = ?1 AND message_id IS NOT NULL"
                ),
                params![id],
                |r| {
                    Ok((
                        ChannelId(from_sql_id(r.get(0)?)),
                        from_sql_id(r.get::<i64>(1)?),
                    ))
                },
            )
        })
    }

    /// Remembers where the message a table keeps for `id` is.
    fn set_message_of(
        &self,
        table: MessageTable,
        id: i64,
        channel: ChannelId,
        message: u64,
    ) -> Result<(), StoreError> {
        let (name, key) = table;
        self.store.write(|tx| {
            tx.execute(
                &format!(
                    "INSERT INTO {name} ({key}, channel_id, message_id) VALUES (?1, ?2, ?3) \
                     ON CONFLICT ({key}) DO UPDATE SET \
                     channel_id = excluded.channel_id, message_id = excluded.message_id"
                ),
                params![id, to_sql_id(channel.get()), to_sql_id(message)],
            )?;
            Ok(())
        })
    }

    /// The adapter's settings of a server, as its key and value pairs.
    ///
    /// # Errors
    /// A database error.
    pub fn settings(&self, guild: GuildId) -> Result<Vec<(String, String)>, StoreError> {
        self.store.read(|tx| {
            tx.query_all(
                "SELECT key, value FROM discord_settings WHERE guild_id = ?1 ORDER BY key",
                params![to_sql_id(guild.get())],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
    }

    /// Replaces the adapter's settings of a server with `pairs`.
    ///
    /// # Errors
    /// A database error.
    pub fn save_settings(
        &self,
        guild: GuildId,
        pairs: &[(String, String)],
    ) -> Result<(), StoreError> {
        self.store.write(|tx| {
            tx.execute(
                "DELETE FROM discord_settings WHERE guild_id = ?1",
                params![to_sql_id(guild.get())],
            )?;
            for (k, v) in pairs {
                tx.execute(
                    "INSERT INTO discord_settings (guild_id, key, value) VALUES (?1, ?2, ?3)",
                    params![to_sql_id(guild.get()), k, v],
                )?;
            }
            Ok(())
        })
    }

    /// The locale Discord last gave for a guild.
    ///
    /// # Errors
    /// A database error.
    pub fn guild_locale(&self, guild: GuildId) -> Result<Option<String>, StoreError> {
        self.store.read(|tx| {
            tx.query_opt(
                "SELECT locale FROM discord_guilds WHERE guild_id = ?1",
                params![to_sql_id(guild.get())],
                |r| r.get(0),
            )
        })
    }

    /// How `user` chose to be told it is their move on `guild` (`mention`, `dm`, `none`);
    /// `None`: as the server's `move-notify` says.
    ///
    /// # Errors
    /// A database error.
    pub fn notice(&self, guild: GuildId, user: u64) -> Result<Option<String>, StoreError> {
        self.store.read(|tx| {
            tx.query_opt(
                "SELECT how FROM discord_notices WHERE guild_id = ?1 AND user_id = ?2",
                params![to_sql_id(guild.get()), to_sql_id(user)],
                |r| r.get(0),
            )
        })
    }

    /// Sets how `user` is told it is their move on `guild`; `None` goes back to the server's.
    ///
    /// # Errors
    /// A database error.
    pub fn set_notice(
        &self,
        guild: GuildId,
        user: u64,
        how: Option<&str>,
    ) -> Result<(), StoreError> {
        self.store.write(|tx| {
            match how {
                Some(how) => tx.execute(
                    "INSERT INTO discord_notices (guild_id, user_id, how) VALUES (?1, ?2, ?3) \
                     ON CONFLICT (guild_id, user_id) DO UPDATE SET how = excluded.how",
                    params![to_sql_id(guild.get()), to_sql_id(user), how],
                )?,
                None => tx.execute(
                    "DELETE FROM discord_notices WHERE guild_id = ?1 AND user_id = ?2",
                    params![to_sql_id(guild.get()), to_sql_id(user)],
                )?,
            };
            Ok(())
        })
    }

    /// Remembers a guild's locale (from an interaction or the guild's own data).
    ///
    /// # Errors
    /// A database error.
    pub fn set_guild_locale(&self, guild: GuildId, locale: &str) -> Result<(), StoreError> {
        self.store.write(|tx| {
            tx.execute(
                "INSERT INTO discord_guilds (guild_id, locale) VALUES (?1, ?2) \
                     ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                params![to_sql_id(guild.get()), locale],
            )?;
            Ok(())
        })
    }
}
