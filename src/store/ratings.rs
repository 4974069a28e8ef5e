//! Ratings of ranked play and their history.

use rusqlite::params;

use super::Row;

use super::rows::RatingRow;
use super::{StoreError, Tx, from_sql_id, to_sql_id};

const RATING_COLUMNS: &str = "guild_id, user_id, rating, deviation, volatility, held_rank, \
    games, wins, losses, draws, streak";

fn rating_from_row(r: &Row<'_>) -> rusqlite::Result<RatingRow> {
    Ok(RatingRow {
        guild: from_sql_id(r.get(0)?),
        user: from_sql_id(r.get(1)?),
        rating: r.get(2)?,
        deviation: r.get(3)?,
        volatility: r.get(4)?,
        held_rank: r.get(5)?,
        games: r.get(6)?,
        wins: r.get(7)?,
        losses: r.get(8)?,
        draws: r.get(9)?,
        streak: r.get(10)?,
    })
}

impl Tx<'_> {
    /// A player's rating on a server; `None` before their first ranked game.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn rating(&self, guild: u64, user: u64) -> Result<Option<RatingRow>, StoreError> {
        let sql =
            format!("SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND user_id = ?2");
        self.query_opt(
            &sql,
            params![to_sql_id(guild), to_sql_id(user)],
            rating_from_row,
        )
    }

    /// Saves a player's rating.
    ///
    /// # Errors
    /// A database error.
    pub fn save_rating(&self, r: &RatingRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO ratings (guild_id, user_id, rating, deviation, \
                 volatility, held_rank, games, wins, losses, draws, streak) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) \
                 ON CONFLICT (guild_id, user_id) DO UPDATE SET rating = excluded.rating, \
                 deviation = excluded.deviation, volatility = excluded.volatility, \
                 held_rank = excluded.held_rank, games = excluded.games, wins = excluded.wins, \
                 losses = excluded.losses, draws = excluded.draws, streak = excluded.streak",
            params![
                to_sql_id(r.guild),
                to_sql_id(r.user),
                r.rating,
                r.deviation,
                r.volatility,
                r.held_rank,
                r.games,
                r.wins,
                r.losses,
                r.draws,
                r.streak
            ],
        )?;
        Ok(())
    }

    /// Remembers a player's rating after a ranked game.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_rating_history(
        &self,
        r: &RatingRow,
        match_id: i64,
        at: i64,
    ) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO rating_history (guild_id, user_id, match_id, at, rating, deviation) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                to_sql_id(r.guild),
                to_sql_id(r.user),
                match_id,
                at,
                r.rating,
                r.deviation
            ],
        )?;
        Ok(())
    }

    /// One page of a server's players by rating, best first: those who finished a ranked game
    /// (a stated starting rank alone is no place on the board).
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn rating_leaderboard(
        &self,
        guild: u64,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<RatingRow>, StoreError> {
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ?1 AND games > 0 \
             ORDER BY rating DESC, user_id ASC LIMIT ?2 OFFSET ?3"
        );
        self.query_all(
            &sql,
            params![to_sql_id(guild), limit, offset],
            rating_from_row,
        )
    }

    /// A player's ratings after each ranked game, oldest first: (when, rating, deviation).
    ///
    /// # Errors
    /// A database error.
    pub fn rating_history(
        &self,
        guild: u64,
        user: u64,
    ) -> Result<Vec<(i64, f64, f64)>, StoreError> {
        self.query_all(
            "SELECT at, rating, deviation FROM rating_history \
             WHERE guild_id = ?1 AND user_id = ?2 ORDER BY at, match_id",
            params![to_sql_id(guild), to_sql_id(user)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
    }
}
