//! What the web front end reads beyond the games and events themselves: the host's key that
//! signs the pages' links (`web_secret`), the names members are shown by (`display_names`),
//! and a server's games newest first.

use rusqlite::params;

use super::matches::{SUMMARY_COLUMNS, summary_from_row};
use super::{MatchSummary, StoreError, Tx, from_sql_id, to_sql_id};

/// The longest display name kept (Discord's own limit is 32; a little room for others).
pub const NAME_CHARS: usize = 64;

impl Tx<'_> {
    /// The host's key for the pages' links: the one stored, else `fresh`, stored now (two
    /// processes starting at once keep the first).
    ///
    /// # Errors
    /// A database error.
    pub fn web_secret(&self, fresh: &str) -> Result<String, StoreError> {
        self.execute(
            "INSERT INTO web_secret (id, secret) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING",
            params![fresh],
        )?;
        self.query_one("SELECT secret FROM web_secret WHERE id = 1", &[], |r| {
            r.get(0)
        })
    }

    /// Notes the names members of `guild` are shown by (cut to [`NAME_CHARS`]).
    ///
    /// # Errors
    /// A database error.
    pub fn set_display_names(
        &self,
        guild: u64,
        names: &[(u64, String)],
        now: i64,
    ) -> Result<(), StoreError> {
        for (user, name) in names {
            let name: String = name.chars().take(NAME_CHARS).collect();
            self.execute(
                "INSERT INTO display_names (guild_id, user_id, name, updated_at) \
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (guild_id, user_id) \
                 DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at",
                params![to_sql_id(guild), to_sql_id(*user), name, now],
            )?;
        }
        Ok(())
    }

    /// The names of `users` on `guild`, for those who have one.
    ///
    /// # Errors
    /// A database error.
    pub fn display_names(
        &self,
        guild: u64,
        users: &[u64],
    ) -> Result<Vec<(u64, String)>, StoreError> {
        let mut out = Vec::with_capacity(users.len());
        for &user in users {
            if let Some(name) = self.query_opt(
                "SELECT name FROM display_names WHERE guild_id = ?1 AND user_id = ?2",
                params![to_sql_id(guild), to_sql_id(user)],
                |r| r.get::<String>(0),
            )? {
                out.push((user, name));
            }
        }
        Ok(out)
    }

    /// A server's games, newest first: those in play, or those over.
    ///
    /// # Errors
    /// A database error.
    pub fn server_games(
        &self,
        guild: u64,
        running: bool,
        limit: u32,
    ) -> Result<Vec<MatchSummary>, StoreError> {
        let which = if running { "" } else { "NOT " };
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS} FROM matches WHERE guild_id = ?1 \
             AND {which}(phase IN ('nigiri', 'play', 'agreement')) ORDER BY id DESC LIMIT ?2"
        );
        let mut out = Vec::new();
        self.query_each(&sql, params![to_sql_id(guild), limit], |r| {
            match summary_from_row(r) {
                Ok(s) => out.push(s),
                Err(e) => {
                    tracing::warn!(match_id = r.get::<i64>(0).unwrap_or(0), error = %e, "a stored game does not decode; left out of the list")
                }
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// The server of a match, if there is one with that id.
    ///
    /// # Errors
    /// A database error.
    pub fn guild_of_match(&self, id: i64) -> Result<Option<u64>, StoreError> {
        self.query_opt(
            "SELECT guild_id FROM matches WHERE id = ?1",
            params![id],
            |r| Ok(from_sql_id(r.get(0)?)),
        )
    }
}

impl Tx<'_> {
    /// The server of an event, if there is one with that id.
    ///
    /// # Errors
    /// A database error.
    pub fn guild_of_event(&self, id: i64) -> Result<Option<u64>, StoreError> {
        self.query_opt(
            "SELECT guild_id FROM events WHERE id = ?1",
            params![id],
            |r| Ok(from_sql_id(r.get(0)?)),
        )
    }
}
