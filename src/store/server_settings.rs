//! A server's settings, as the key and value pairs the game writes.

use rusqlite::params;

use super::{StoreError, Tx, to_sql_id};

impl Tx<'_> {
    /// The stored settings pairs of a server.
    ///
    /// # Errors
    /// A database error.
    pub fn settings(&self, guild: u64) -> Result<Vec<(String, String)>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached("SELECT key, value FROM settings WHERE guild_id = ?1 ORDER BY key")?;
        let rows = st.query_map([to_sql_id(guild)], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
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
        self.conn
            .prepare_cached("DELETE FROM settings WHERE guild_id = ?1")?
            .execute([to_sql_id(guild)])?;
        let mut st = self
            .conn
            .prepare_cached("INSERT INTO settings (guild_id, key, value) VALUES (?1, ?2, ?3)")?;
        for (k, v) in pairs {
            st.execute(params![to_sql_id(guild), k, v])?;
        }
        Ok(())
    }
}
