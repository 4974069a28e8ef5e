//! A server's settings, as the key and value pairs the game writes.

use rusqlite::params;

use super::{StoreError, Tx, to_sql_id};

impl Tx<'_> {
    /// The stored settings pairs of a server.
    ///
    /// # Errors
    /// A database error.
    pub fn settings(&self, guild: u64) -> Result<Vec<(String, String)>, StoreError> {
        self.query_all(
            "SELECT key, value FROM settings WHERE guild_id = ?1 ORDER BY key",
            params![to_sql_id(guild)],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
    }

    /// Replaces all settings pairs of a server.
    ///
    /// # Errors
    /// A database error.
    pub fn replace_settings(
        &self,
        guild: u64,
        pairs: &[(String, String)],
    ) -> Result<(), StoreError> {
        self.execute(
            "DELETE FROM settings WHERE guild_id = ?1",
            params![to_sql_id(guild)],
        )?;
        for (k, v) in pairs {
            self.execute(
                "INSERT INTO settings (guild_id, key, value) VALUES (?1, ?2, ?3)",
                params![to_sql_id(guild), k, v],
            )?;
        }
        Ok(())
    }
}
