//! The adapter's table of players' quiet hours and morning digests (`discord_quiet`): their
//! zone, their quiet hours, whether they want the digest, the day of the last one, and whether
//! a notice waits for the morning.

use rusqlite::params;

use crate::game::GuildId;

use super::discord_tables::DiscordTables;
use super::{Row, StoreError, from_sql_id, to_sql_id};

/// A player's row: the times as stored (minutes), the last digest's day (`2026-12-07`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuietRow {
    pub guild: u64,
    pub user: u64,
    pub utc_offset: i64,
    pub quiet: Option<(i64, i64)>,
    pub digest: bool,
    pub digest_day: Option<String>,
    pub morning_due: bool,
}

const COLUMNS: &str =
    "guild_id, user_id, utc_offset, quiet_from, quiet_to, digest, digest_day, morning_due";

fn quiet_from_row(r: &Row<'_>) -> rusqlite::Result<QuietRow> {
    Ok(QuietRow {
        guild: from_sql_id(r.get(0)?),
        user: from_sql_id(r.get(1)?),
        utc_offset: r.get(2)?,
        quiet: match (r.get::<Option<i64>>(3)?, r.get::<Option<i64>>(4)?) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => None,
        },
        digest: r.get(5)?,
        digest_day: r.get(6)?,
        morning_due: r.get(7)?,
    })
}

impl DiscordTables<'_> {
    /// A player's quiet hours and digest on a server; `None`: neither.
    ///
    /// # Errors
    /// A database error.
    pub fn quiet(&self, guild: GuildId, user: u64) -> Result<Option<QuietRow>, StoreError> {
        self.store().read(|tx| {
            tx.query_opt(
                &format!(
                    "SELECT {COLUMNS} FROM discord_quiet WHERE guild_id = ?1 AND user_id = ?2"
                ),
                params![to_sql_id(guild.get()), to_sql_id(user)],
                quiet_from_row,
            )
        })
    }

    /// Sets a player's zone, quiet hours and digest (what they did not give is kept by the
    /// caller); a notice already waiting still waits.
    ///
    /// # Errors
    /// A database error.
    pub fn set_quiet(&self, q: &QuietRow) -> Result<(), StoreError> {
        self.store().write(|tx| {
            tx.execute(
                "INSERT INTO discord_quiet (guild_id, user_id, utc_offset, quiet_from, quiet_to, \
                 digest) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (guild_id, user_id) DO \
                 UPDATE SET utc_offset = excluded.utc_offset, quiet_from = excluded.quiet_from, \
                 quiet_to = excluded.quiet_to, digest = excluded.digest",
                params![
                    to_sql_id(q.guild),
                    to_sql_id(q.user),
                    q.utc_offset,
                    q.quiet.map(|x| x.0),
                    q.quiet.map(|x| x.1),
                    q.digest
                ],
            )?;
            Ok(())
        })
    }

    /// Notes that a notice waits for the player's morning.
    ///
    /// # Errors
    /// A database error.
    pub fn hold_for_morning(&self, guild: GuildId, user: u64) -> Result<(), StoreError> {
        self.store().write(|tx| {
            tx.execute(
                "UPDATE discord_quiet SET morning_due = 1 WHERE guild_id = ?1 AND user_id = ?2",
                params![to_sql_id(guild.get()), to_sql_id(user)],
            )?;
            Ok(())
        })
    }

    /// The rows of the servers `scope` holds with something that may fall due: a digest
    /// wanted or a notice waiting.
    ///
    /// # Errors
    /// A database error.
    pub fn mornings(&self, scope: &super::Scope) -> Result<Vec<QuietRow>, StoreError> {
        self.store().read(|tx| {
            tx.query_all(
                &format!(
                    "SELECT {COLUMNS} FROM discord_quiet WHERE (digest = 1 OR morning_due = 1) \
                     AND {} ORDER BY guild_id, user_id",
                    scope.condition("guild_id")
                ),
                &[],
                quiet_from_row,
            )
        })
    }

    /// Takes a player's morning as read (`held`: the notices waiting; `digest_day`: the day of
    /// the digest now sent, if one is): `false` when another look took it first.
    ///
    /// # Errors
    /// A database error.
    pub fn take_morning(
        &self,
        row: &QuietRow,
        digest_day: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.store().write(|tx| {
            let n = tx.execute(
                "UPDATE discord_quiet SET morning_due = 0, \
                 digest_day = coalesce(?4, digest_day) WHERE guild_id = ?1 AND user_id = ?2 \
                 AND morning_due = ?3 AND coalesce(digest_day, '') = ?5",
                params![
                    to_sql_id(row.guild),
                    to_sql_id(row.user),
                    row.morning_due,
                    digest_day,
                    row.digest_day.clone().unwrap_or_default()
                ],
            )?;
            Ok(n == 1)
        })
    }
}
