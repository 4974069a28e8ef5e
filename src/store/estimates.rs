//! The estimate during play (形势判断): how many estimates each player has asked for in a game
//! (`match_estimates`), written in the match's own commit and read back when it is loaded.

use rusqlite::params;

use super::{StoreError, Tx, from_sql_id, to_sql_id};

impl Tx<'_> {
    /// Sets how many estimates `user` has asked for in match `match_id`.
    ///
    /// # Errors
    /// A database error (no such match among them).
    pub fn set_estimates_used(
        &self,
        match_id: i64,
        user: u64,
        used: u32,
    ) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO match_estimates (match_id, user_id, used) VALUES (?1, ?2, ?3) \
             ON CONFLICT (match_id, user_id) DO UPDATE SET used = excluded.used",
            params![match_id, to_sql_id(user), used],
        )?;
        Ok(())
    }

    /// The estimates each player of match `match_id` has asked for, by player (those who asked
    /// only).
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn estimates_used(&self, match_id: i64) -> Result<Vec<(u64, u32)>, StoreError> {
        self.query_all(
            "SELECT user_id, used FROM match_estimates WHERE match_id = ?1 ORDER BY user_id",
            params![match_id],
            |r| Ok((from_sql_id(r.get(0)?), r.get(1)?)),
        )
    }

    /// The estimates asked for in every match not yet ended, as (match, player, uses): one
    /// scan for start-up.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn estimates_of_running(
        &self,
        scope: &super::Scope,
    ) -> Result<Vec<(i64, u64, u32)>, StoreError> {
        let sql = format!(
            "SELECT e.match_id, e.user_id, e.used FROM matches AS x \
             JOIN match_estimates AS e ON e.match_id = x.id \
             WHERE x.phase IN ('nigiri', 'play', 'agreement') AND {} \
             ORDER BY e.match_id, e.user_id",
            scope.condition("x.guild_id")
        );
        self.query_all(&sql, &[], |r| {
            Ok((r.get(0)?, from_sql_id(r.get(1)?), r.get(2)?))
        })
    }
}
