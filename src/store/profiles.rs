//! Players' profiles (merit, wins, the title) and the merit awards between pairs.

use rusqlite::params;

use super::Row;

use super::rows::ProfileRow;
use super::{StoreError, Tx, from_sql_id, to_sql_id};

fn profile_from_row(r: &Row<'_>) -> rusqlite::Result<ProfileRow> {
    Ok(ProfileRow {
        guild: from_sql_id(r.get(0)?),
        user: from_sql_id(r.get(1)?),
        merit: r.get(2)?,
        wins: r.get(3)?,
        losses: r.get(4)?,
        draws: r.get(5)?,
        awards: r.get(6)?,
        titled_at: r.get(7)?,
    })
}

const PROFILE_COLUMNS: &str = "guild_id, user_id, merit, wins, losses, draws, awards, titled_at";

impl Tx<'_> {
    /// A player's profile on a server (zeros if they never played there).
    ///
    /// # Errors
    /// A database error.
    pub fn profile(&self, guild: u64, user: u64) -> Result<ProfileRow, StoreError> {
        let sql =
            format!("SELECT {PROFILE_COLUMNS} FROM profiles WHERE guild_id = ?1 AND user_id = ?2");
        Ok(self
            .query_opt(
                &sql,
                params![to_sql_id(guild), to_sql_id(user)],
                profile_from_row,
            )?
            .unwrap_or(ProfileRow {
                guild,
                user,
                ..ProfileRow::default()
            }))
    }

    /// Saves a profile.
    ///
    /// # Errors
    /// A database error.
    pub fn save_profile(&self, p: &ProfileRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO profiles (guild_id, user_id, merit, wins, losses, draws, awards, \
                 titled_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
                 ON CONFLICT (guild_id, user_id) DO UPDATE SET merit = excluded.merit, \
                 wins = excluded.wins, losses = excluded.losses, draws = excluded.draws, \
                 awards = excluded.awards, titled_at = excluded.titled_at",
            params![
                to_sql_id(p.guild),
                to_sql_id(p.user),
                p.merit,
                p.wins,
                p.losses,
                p.draws,
                p.awards,
                p.titled_at
            ],
        )?;
        Ok(())
    }

    /// The server's ranking: merit, then wins, then fewer losses.
    ///
    /// # Errors
    /// A database error.
    pub fn leaderboard(
        &self,
        guild: u64,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<ProfileRow>, StoreError> {
        let sql = format!(
            "SELECT {PROFILE_COLUMNS} FROM profiles WHERE guild_id = ?1 \
             ORDER BY merit DESC, wins DESC, losses ASC, user_id ASC LIMIT ?2 OFFSET ?3"
        );
        self.query_all(
            &sql,
            params![to_sql_id(guild), limit, offset],
            profile_from_row,
        )
    }

    /// The players of a server who hold the title, for a title role set after they earned it.
    ///
    /// # Errors
    /// A database error.
    pub fn titled_players(&self, guild: u64) -> Result<Vec<u64>, StoreError> {
        self.query_all(
            "SELECT user_id FROM profiles WHERE guild_id = ?1 AND titled_at IS NOT NULL \
             ORDER BY titled_at",
            params![to_sql_id(guild)],
            |r| r.get::<i64>(0).map(from_sql_id),
        )
    }

    /// Whether this pair of players already had its merit award on this server.
    ///
    /// # Errors
    /// A database error.
    pub fn merit_pair_awarded(&self, guild: u64, a: u64, b: u64) -> Result<bool, StoreError> {
        let (lo, hi) = (a.min(b), a.max(b));
        Ok(self
            .query_opt(
                "SELECT 1 FROM merit_pairs WHERE guild_id = ?1 AND player_low = ?2 \
                 AND player_high = ?3",
                params![to_sql_id(guild), to_sql_id(lo), to_sql_id(hi)],
                |_| Ok(()),
            )?
            .is_some())
    }

    /// Records that this pair had its award.
    ///
    /// # Errors
    /// A database error (a second award for the pair is one).
    pub fn insert_merit_pair(
        &self,
        guild: u64,
        a: u64,
        b: u64,
        match_id: i64,
        at: i64,
    ) -> Result<(), StoreError> {
        let (lo, hi) = (a.min(b), a.max(b));
        self.execute(
            "INSERT INTO merit_pairs (guild_id, player_low, player_high, match_id, \
                 awarded_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![to_sql_id(guild), to_sql_id(lo), to_sql_id(hi), match_id, at],
        )?;
        Ok(())
    }
}
