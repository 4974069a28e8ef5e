//! The seek queue (快速匹配): who waits in a server's queue for a game, and the pairing that
//! takes two of them out in the transaction that stores their game.

use rusqlite::params;

use super::rows::SeekRow;
use super::{Row, StoreError, Tx, from_sql_id, to_sql_id};

fn seek_from_row(r: &Row<'_>) -> rusqlite::Result<SeekRow> {
    Ok(SeekRow {
        guild: from_sql_id(r.get(0)?),
        user: from_sql_id(r.get(1)?),
        channel: from_sql_id(r.get(2)?),
        size: r.get(3)?,
        time_class: r.get(4)?,
        ranked: r.get(5)?,
        since: r.get(6)?,
    })
}

impl Tx<'_> {
    /// Puts a player in their server's queue, or changes what they wait for (one entry each:
    /// a new seek keeps its place only if its terms are the same).
    ///
    /// # Errors
    /// A database error.
    pub fn upsert_seek(&self, s: &SeekRow) -> Result<(), StoreError> {
        self.execute(
            "DELETE FROM seeks WHERE guild_id = ?1 AND user_id = ?2",
            params![to_sql_id(s.guild), to_sql_id(s.user)],
        )?;
        self.execute(
            "INSERT INTO seeks (guild_id, user_id, channel_id, size, time_class, ranked, since) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                to_sql_id(s.guild),
                to_sql_id(s.user),
                to_sql_id(s.channel),
                s.size,
                s.time_class,
                s.ranked,
                s.since
            ],
        )?;
        Ok(())
    }

    /// The queue of a server, longest waiting first.
    ///
    /// # Errors
    /// A database error, or a row does not decode.
    pub fn seeks_of(&self, guild: u64) -> Result<Vec<SeekRow>, StoreError> {
        self.query_all(
            "SELECT guild_id, user_id, channel_id, size, time_class, ranked, since FROM seeks \
             WHERE guild_id = ?1 ORDER BY since, user_id",
            params![to_sql_id(guild)],
            seek_from_row,
        )
    }

    /// Every server with someone waiting (the queues a process looks at after a start).
    ///
    /// # Errors
    /// A database error.
    pub fn seeking_guilds(&self, scope: &super::Scope) -> Result<Vec<u64>, StoreError> {
        self.query_all(
            &format!(
                "SELECT DISTINCT guild_id FROM seeks WHERE {} ORDER BY guild_id",
                scope.condition("guild_id")
            ),
            &[],
            |r| Ok(from_sql_id(r.get(0)?)),
        )
    }

    /// Takes `users` out of a server's queue; how many were in it.
    ///
    /// # Errors
    /// A database error.
    pub fn delete_seeks(&self, guild: u64, users: &[u64]) -> Result<usize, StoreError> {
        let mut n = 0;
        for &u in users {
            n += self.execute(
                "DELETE FROM seeks WHERE guild_id = ?1 AND user_id = ?2",
                params![to_sql_id(guild), to_sql_id(u)],
            )?;
        }
        Ok(n)
    }

    /// Takes two waiting entries out of the queue for their game, exactly as they were read:
    /// if either has gone or changed (another process paired it, its player left or sought
    /// again), nothing is taken and the caller's transaction rolls back.
    ///
    /// # Errors
    /// A database error, or [`StoreError::Missing`] when an entry is no longer as read.
    pub fn take_seek_pair(&self, pair: [&SeekRow; 2]) -> Result<(), StoreError> {
        for s in pair {
            let n = self.execute(
                "DELETE FROM seeks WHERE guild_id = ?1 AND user_id = ?2 AND since = ?3",
                params![to_sql_id(s.guild), to_sql_id(s.user), s.since],
            )?;
            if n != 1 {
                return Err(StoreError::Missing(format!(
                    "the seek of {} in {}",
                    s.user, s.guild
                )));
            }
        }
        Ok(())
    }
}
