//! Events: their rows, their players (seats), every board of every round, bars from events.

use rusqlite::params;

use super::Row;

use super::rows::{EntryRow, EventGameRow, EventRow, RulingRow};
use super::{StoreError, Tx, from_sql_id, to_sql_id};
use crate::game::events::Outcome;

const EVENT_COLUMNS: &str =
    "id, guild_id, channel_id, name, created_by, created_at, terms, stage, round, round_started_at";

fn event_from_row(r: &Row<'_>) -> rusqlite::Result<EventRow> {
    Ok(EventRow {
        id: r.get(0)?,
        guild: from_sql_id(r.get(1)?),
        channel: from_sql_id(r.get(2)?),
        name: r.get(3)?,
        created_by: from_sql_id(r.get(4)?),
        created_at: r.get(5)?,
        terms: r.get(6)?,
        stage: r.get(7)?,
        round: r.get(8)?,
        round_started_at: r.get(9)?,
    })
}

fn entry_from_row(r: &Row<'_>) -> rusqlite::Result<EntryRow> {
    Ok(EntryRow {
        event_id: r.get(0)?,
        seat: r.get(1)?,
        user: from_sql_id(r.get(2)?),
        status: r.get(3)?,
        absences: r.get(4)?,
        team: r.get(5)?,
        rank: r.get(6)?,
        rating: r.get(7)?,
    })
}

fn game_from_row(r: &Row<'_>) -> rusqlite::Result<EventGameRow> {
    Ok(EventGameRow {
        event_id: r.get(0)?,
        round: r.get(1)?,
        board: r.get(2)?,
        black: r.get(3)?,
        white: r.get(4)?,
        match_id: r.get(5)?,
        outcome: r.get(6)?,
        forfeit: r.get(7)?,
    })
}

/// A row of `table` that does not decode, as the store reports it.
fn bad_row(table: &'static str, id: i64, e: StoreError) -> StoreError {
    StoreError::Row(super::RowError {
        table,
        id,
        cause: e.to_string(),
    })
}

/// An event as stored: its row, its players by seat, its boards by round.
pub type StoredEvent = (EventRow, Vec<EntryRow>, Vec<EventGameRow>);

impl Tx<'_> {
    /// Stores a new event.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_event(&self, e: &EventRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO events (id, guild_id, channel_id, name, created_by, created_at, \
                 terms, stage, round, round_started_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                e.id,
                to_sql_id(e.guild),
                to_sql_id(e.channel),
                e.name,
                to_sql_id(e.created_by),
                e.created_at,
                e.terms,
                e.stage,
                e.round,
                e.round_started_at
            ],
        )?;
        Ok(())
    }

    /// Saves where an event stands: its stage, its round and when that round started.
    ///
    /// # Errors
    /// A database error, or no such event.
    pub fn update_event(&self, e: &EventRow) -> Result<(), StoreError> {
        let (id, stage, round, at) = (e.id, e.stage, e.round, e.round_started_at);
        let n = self.execute(
            "UPDATE events SET stage = ?2, round = ?3, round_started_at = ?4 WHERE id = ?1",
            params![id, stage, round, at],
        )?;
        if n == 0 {
            return Err(StoreError::Missing(format!("event {id}")));
        }
        self.note_change(super::Change::Event(id))
    }

    /// An event, its players and its boards; `None` if there is none with that id.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn event(&self, id: i64) -> Result<Option<StoredEvent>, StoreError> {
        let row = self
            .query_opt(
                &format!("SELECT {EVENT_COLUMNS} FROM events WHERE id = ?1"),
                params![id],
                event_from_row,
            )
            .map_err(|e| bad_row("events", id, e))?;
        let Some(row) = row else {
            return Ok(None);
        };
        let entries = self
            .query_all(
                "SELECT event_id, seat, user_id, status, absences, team, rank, rating \
                 FROM event_entries WHERE event_id = ?1 ORDER BY seat",
                params![id],
                entry_from_row,
            )
            .map_err(|e| bad_row("event_entries", id, e))?;
        let games = self
            .query_all(
                "SELECT event_id, round, board, black, white, match_id, outcome, forfeit \
                 FROM event_games WHERE event_id = ?1 ORDER BY round, board",
                params![id],
                game_from_row,
            )
            .map_err(|e| bad_row("event_games", id, e))?;
        Ok(Some((row, entries, games)))
    }

    /// The ids of a server's events, newest first; with `open_only`, those not over.
    ///
    /// # Errors
    /// A database error.
    pub fn events_of(&self, guild: u64, open_only: bool) -> Result<Vec<i64>, StoreError> {
        let sql = if open_only {
            "SELECT id FROM events WHERE guild_id = ?1 \
             AND stage IN ('registration', 'running') ORDER BY id DESC"
        } else {
            "SELECT id FROM events WHERE guild_id = ?1 ORDER BY id DESC LIMIT 25"
        };
        self.query_all(sql, params![to_sql_id(guild)], |r| r.get(0))
    }

    /// The ids of every event not over, on every server (start-up arms their deadlines).
    ///
    /// # Errors
    /// A database error.
    pub fn open_events(&self, scope: &super::Scope) -> Result<Vec<i64>, StoreError> {
        self.query_all(
            &format!(
                "SELECT id FROM events WHERE stage IN ('registration', 'running') AND {} \
                 ORDER BY id",
                scope.condition("guild_id")
            ),
            &[],
            |r| r.get(0),
        )
    }

    /// Replaces an event's list of players.
    ///
    /// # Errors
    /// A database error.
    pub fn replace_entries(&self, event_id: i64, entries: &[EntryRow]) -> Result<(), StoreError> {
        self.execute(
            "DELETE FROM event_entries WHERE event_id = ?1",
            params![event_id],
        )?;
        for e in entries {
            self.execute(
                "INSERT INTO event_entries (event_id, seat, user_id, status, absences, team, \
                 rank, rating) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    event_id,
                    e.seat,
                    to_sql_id(e.user),
                    e.status,
                    e.absences,
                    e.team,
                    e.rank,
                    e.rating
                ],
            )?;
        }
        Ok(())
    }

    /// Writes whether each of an event's players is still in it (the rest of their rows stays:
    /// their absences are counted by [`Tx::add_absence`] in their games' commits).
    ///
    /// # Errors
    /// A database error.
    pub fn set_entry_statuses(
        &self,
        event_id: i64,
        entries: &[EntryRow],
    ) -> Result<(), StoreError> {
        for e in entries {
            self.execute(
                "UPDATE event_entries SET status = ?3 WHERE event_id = ?1 AND seat = ?2",
                params![event_id, e.seat, e.status],
            )?;
        }
        Ok(())
    }

    /// Stores the boards of a round as it starts.
    ///
    /// # Errors
    /// A database error (a board stored twice among them).
    pub fn insert_event_games(&self, games: &[EventGameRow]) -> Result<(), StoreError> {
        for g in games {
            self.execute(
                "INSERT INTO event_games (event_id, round, board, black, white, match_id, \
                 outcome, forfeit) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    g.event_id, g.round, g.board, g.black, g.white, g.match_id, g.outcome,
                    g.forfeit
                ],
            )?;
            self.note_change(super::Change::Event(g.event_id))?;
        }
        Ok(())
    }

    /// Records how the game played by `match_id` ended; the event it belongs to, if any.
    ///
    /// # Errors
    /// A database error.
    pub fn set_event_game_result(
        &self,
        match_id: i64,
        outcome: Outcome,
        forfeit: bool,
    ) -> Result<Option<i64>, StoreError> {
        let event = self.query_opt(
            "UPDATE event_games SET outcome = ?2, forfeit = ?3 \
                 WHERE match_id = ?1 AND outcome IS NULL RETURNING event_id",
            params![match_id, outcome, forfeit],
            |r| r.get(0),
        )?;
        if let Some(id) = event {
            self.note_change(super::Change::Event(id))?;
        }
        Ok(event)
    }

    /// Hands an event's board from a game to be replayed to the game that replaces it.
    ///
    /// # Errors
    /// A database error, or no undecided board was played by `old`.
    pub fn replace_event_game_match(&self, old: i64, new: i64) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE event_games SET match_id = ?2 WHERE match_id = ?1 AND outcome IS NULL",
            params![old, new],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Missing(format!(
                "an undecided event game of match {old}"
            )))
        }
    }

    /// Records a referee's ruling.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_ruling(&self, r: &RulingRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO event_rulings (event_id, round, board, match_id, referee, ruling, \
                 replay_id, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                r.event_id,
                r.round,
                r.board,
                r.match_id,
                to_sql_id(r.referee),
                r.ruling,
                r.replay_id,
                r.at
            ],
        )?;
        Ok(())
    }

    /// An event's rulings, oldest first.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn event_rulings(&self, event_id: i64) -> Result<Vec<RulingRow>, StoreError> {
        self.query_all(
            "SELECT event_id, round, board, match_id, referee, ruling, replay_id, at \
             FROM event_rulings WHERE event_id = ?1 ORDER BY id",
            params![event_id],
            |r| {
                Ok(RulingRow {
                    event_id: r.get(0)?,
                    round: r.get(1)?,
                    board: r.get(2)?,
                    match_id: r.get(3)?,
                    referee: from_sql_id(r.get(4)?),
                    ruling: r.get(5)?,
                    replay_id: r.get(6)?,
                    at: r.get(7)?,
                })
            },
        )
    }

    /// Counts one absence (缺席) more against a player of an event.
    ///
    /// # Errors
    /// A database error.
    pub fn add_absence(&self, event_id: i64, user: u64) -> Result<(), StoreError> {
        self.execute(
            "UPDATE event_entries SET absences = absences + 1 \
                 WHERE event_id = ?1 AND user_id = ?2",
            params![event_id, to_sql_id(user)],
        )?;
        Ok(())
    }

    /// Bars a player from a server's events until `until` (UTC ms).
    ///
    /// # Errors
    /// A database error.
    pub fn set_event_bar(&self, guild: u64, user: u64, until: i64) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO event_bars (guild_id, user_id, until) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (guild_id, user_id) DO UPDATE SET until = excluded.until",
            params![to_sql_id(guild), to_sql_id(user), until],
        )?;
        Ok(())
    }

    /// Until when a player is barred from a server's events, if they are.
    ///
    /// # Errors
    /// A database error.
    pub fn event_bar(&self, guild: u64, user: u64) -> Result<Option<i64>, StoreError> {
        self.query_opt(
            "SELECT until FROM event_bars WHERE guild_id = ?1 AND user_id = ?2",
            params![to_sql_id(guild), to_sql_id(user)],
            |r| r.get(0),
        )
    }

    /// How many ranked games a player has finished on a server.
    ///
    /// # Errors
    /// A database error.
    pub fn ranked_games(&self, guild: u64, user: u64) -> Result<u32, StoreError> {
        Ok(self
            .query_opt(
                "SELECT games FROM ratings WHERE guild_id = ?1 AND user_id = ?2",
                params![to_sql_id(guild), to_sql_id(user)],
                |r| r.get(0),
            )?
            .unwrap_or(0))
    }
}
