//! Matches and their moves.

use rusqlite::params;

use super::Row;

use super::rows::{
    ComputerRecordRow, ComputerRow, MatchEventRow, MatchLive, MatchRow, MatchSummary, MoveRow,
    VoteRow,
};
use super::{StoreError, Tx, from_sql_id, to_sql_id};
use crate::game::matches::PhaseKind;
use crate::go::Level;

const MATCH_COLUMNS: &str = "id, guild_id, channel_id, black, white, size, rules, komi_half, \
    turn_timeout_ms, grace_ms, max_ms, resign_window_ms, merit_min_moves, merit_amount, \
    merit_bonus, merit_cap, started_at, ends_at, turn_deadline, move_count, resign_black, \
    resign_white, offline_black, offline_white, phase, ending, result, ended_at, dead_stones, \
    accepted_black, accepted_white, marking_version, resumed, resumed_at, computer_level, \
    computer_color, computer_resigns, handicap, ranked, free_handicap, time_spec, black_clock, \
    white_clock, turn_started, reminded, takebacks, event_id, start_window_ms, nigiri_stones, \
    nigiri_guess, teams, computer_toggles";

fn match_from_row(r: &Row<'_>) -> rusqlite::Result<MatchRow> {
    Ok(MatchRow {
        id: r.get(0)?,
        guild: from_sql_id(r.get(1)?),
        channel: from_sql_id(r.get(2)?),
        black: from_sql_id(r.get(3)?),
        white: from_sql_id(r.get(4)?),
        size: r.get(5)?,
        rules: r.get(6)?,
        komi: r.get(7)?,
        handicap: r.get(37)?,
        ranked: r.get(38)?,
        free_handicap: r.get(39)?,
        time: r.get(40)?,
        takebacks: r.get(45)?,
        turn_timeout_ms: r.get(8)?,
        grace_ms: r.get(9)?,
        max_ms: r.get(10)?,
        resign_window_ms: r.get(11)?,
        merit_min_moves: r.get(12)?,
        merit_amount: r.get(13)?,
        merit_bonus: r.get(14)?,
        merit_cap: r.get(15)?,
        started_at: r.get(16)?,
        ends_at: r.get(17)?,
        computer: computer_from(r.get(34)?, r.get(35)?, r.get(36)?)?,
        event: match (r.get::<Option<i64>>(46)?, r.get::<Option<i64>>(47)?) {
            (Some(event_id), Some(start_window_ms)) => Some(MatchEventRow {
                event_id,
                start_window_ms,
            }),
            (None, None) => None,
            _ => {
                return Err(rusqlite::Error::FromSqlConversionFailure(
                    46,
                    rusqlite::types::Type::Null,
                    "an event's game has its event and its start window together".into(),
                ));
            }
        },
        live: MatchLive {
            turn_deadline: r.get(18)?,
            move_count: r.get(19)?,
            resign: [r.get(20)?, r.get(21)?],
            offline: [r.get(22)?, r.get(23)?],
            phase: r.get(24)?,
            ending: r.get(25)?,
            result: r.get(26)?,
            ended_at: r.get(27)?,
            dead_stones: r.get(28)?,
            accepted: [r.get(29)?, r.get(30)?],
            marking_version: r.get(31)?,
            resumed: r.get(32)?,
            resumed_at: r.get(33)?,
            clocks: [r.get(41)?, r.get(42)?],
            turn_started: r.get(43)?,
            reminded: r.get(44)?,
            nigiri: match (r.get::<Option<u8>>(48)?, r.get(49)?) {
                (Some(stones), Some(guess)) => Some((stones, guess)),
                (None, None) => None,
                _ => {
                    return Err(rusqlite::Error::FromSqlConversionFailure(
                        48,
                        rusqlite::types::Type::Null,
                        "a nigiri's hand has its stones and its guess together".into(),
                    ));
                }
            },
            teams: r.get(50)?,
            computer_toggles: r.get(51)?,
        },
    })
}

/// The computer's side from its three columns: all set, or none (two people); some but not
/// all is a row that does not hold together.
fn computer_from(
    level: Option<Level>,
    color: Option<crate::go::Color>,
    resigns: Option<bool>,
) -> rusqlite::Result<Option<ComputerRow>> {
    match (level, color, resigns) {
        (Some(level), Some(color), Some(resigns)) => Ok(Some(ComputerRow {
            level,
            color,
            resigns,
        })),
        (None, None, None) => Ok(None),
        _ => Err(rusqlite::Error::FromSqlConversionFailure(
            34,
            rusqlite::types::Type::Null,
            "the computer's level, colour and resigning are set together".into(),
        )),
    }
}

fn move_from_row(r: &Row<'_>) -> rusqlite::Result<MoveRow> {
    Ok(MoveRow {
        match_id: r.get(0)?,
        number: r.get(1)?,
        color: r.get(2)?,
        point: r.get(3)?,
        automatic: r.get(4)?,
        played_at: r.get(5)?,
        played_by: r.get::<Option<i64>>(6)?.map(from_sql_id),
    })
}

fn vote_from_row(r: &Row<'_>) -> rusqlite::Result<VoteRow> {
    Ok(VoteRow {
        match_id: r.get(0)?,
        number: r.get(1)?,
        user: from_sql_id(r.get(2)?),
        color: r.get(3)?,
        choice: r.get(4)?,
        point: r.get(5)?,
        voted_at: r.get(6)?,
    })
}

pub(super) const SUMMARY_COLUMNS: &str =
    "id, channel_id, black, white, size, rules, phase, result, move_count, started_at";

pub(super) fn summary_from_row(r: &Row<'_>) -> rusqlite::Result<MatchSummary> {
    Ok(MatchSummary {
        id: r.get(0)?,
        channel: from_sql_id(r.get(1)?),
        black: from_sql_id(r.get(2)?),
        white: from_sql_id(r.get(3)?),
        size: r.get(4)?,
        rules: r.get(5)?,
        phase: r.get(6)?,
        result: r.get(7)?,
        move_count: r.get(8)?,
        started_at: r.get(9)?,
    })
}

/// A stored row that could not be decoded, with its id: the loader reports it and goes on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("row {id} of {table}: {cause}")]
pub struct RowError {
    pub table: &'static str,
    pub id: i64,
    pub cause: String,
}

impl Tx<'_> {
    /// Stores a new match.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_match(&self, m: &MatchRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO matches (id, guild_id, channel_id, black, white, size, rules, \
                 komi_half, turn_timeout_ms, grace_ms, max_ms, resign_window_ms, \
                 merit_min_moves, merit_amount, merit_bonus, merit_cap, started_at, ends_at, \
                 turn_deadline, computer_level, computer_color, computer_resigns, handicap, \
                 ranked, free_handicap, time_spec, takebacks, event_id, start_window_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
                 ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29)",
            params![
                m.id,
                to_sql_id(m.guild),
                to_sql_id(m.channel),
                to_sql_id(m.black),
                to_sql_id(m.white),
                m.size,
                m.rules,
                m.komi,
                m.turn_timeout_ms,
                m.grace_ms,
                m.max_ms,
                m.resign_window_ms,
                m.merit_min_moves,
                m.merit_amount,
                m.merit_bonus,
                m.merit_cap,
                m.started_at,
                m.ends_at,
                m.live.turn_deadline,
                m.computer.map(|c| c.level),
                m.computer.map(|c| c.color),
                m.computer.map(|c| c.resigns),
                m.handicap,
                m.ranked,
                m.free_handicap,
                m.time,
                m.takebacks,
                m.event.map(|e| e.event_id),
                m.event.map(|e| e.start_window_ms),
            ],
        )?;
        self.update_match(m.id, &m.live)
    }

    /// Saves the live state of a match.
    ///
    /// # Errors
    /// A database error, or no such match.
    pub fn update_match(&self, id: i64, l: &MatchLive) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE matches SET turn_deadline = ?2, move_count = ?3, resign_black = ?4, \
                 resign_white = ?5, offline_black = ?6, offline_white = ?7, phase = ?8, \
                 ending = ?9, result = ?10, ended_at = ?11, dead_stones = ?12, \
                 accepted_black = ?13, accepted_white = ?14, marking_version = ?15, \
                 resumed = ?16, resumed_at = ?17, black_clock = ?18, white_clock = ?19, \
                 turn_started = ?20, reminded = ?21, nigiri_stones = ?22, nigiri_guess = ?23, \
                 teams = ?24, computer_toggles = ?25 WHERE id = ?1",
            params![
                id,
                l.turn_deadline,
                l.move_count,
                l.resign[0],
                l.resign[1],
                l.offline[0],
                l.offline[1],
                l.phase,
                l.ending,
                l.result,
                l.ended_at,
                l.dead_stones,
                l.accepted[0],
                l.accepted[1],
                l.marking_version,
                l.resumed,
                l.resumed_at,
                l.clocks[0],
                l.clocks[1],
                l.turn_started,
                l.reminded,
                l.nigiri.map(|n| n.0),
                l.nigiri.map(|n| n.1),
                l.teams,
                l.computer_toggles,
            ],
        )?;
        if n == 1 {
            self.note_change(super::Change::Match(id))
        } else {
            Err(StoreError::Missing(format!("match {id}")))
        }
    }

    /// Gives a match's players the other colours (a nigiri's winner chose so), and its event's
    /// board too, if it has one still undecided.
    ///
    /// # Errors
    /// A database error, or no such match.
    pub fn swap_match_colours(&self, id: i64) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE matches SET black = white, white = black WHERE id = ?1",
            params![id],
        )?;
        if n != 1 {
            return Err(StoreError::Missing(format!("match {id}")));
        }
        self.execute(
            "UPDATE event_games SET black = white, white = black \
                 WHERE match_id = ?1 AND outcome IS NULL AND white IS NOT NULL",
            params![id],
        )?;
        Ok(())
    }

    /// Removes the moves of `match_id` numbered `from` and after (a takeback).
    ///
    /// # Errors
    /// A database error.
    pub fn delete_moves_from(&self, match_id: i64, from: u32) -> Result<(), StoreError> {
        self.execute(
            "DELETE FROM moves WHERE match_id = ?1 AND number >= ?2",
            params![match_id, from],
        )?;
        Ok(())
    }

    /// Appends a move.
    ///
    /// # Errors
    /// A database error (a duplicate move number is one: moves are never overwritten).
    pub fn insert_move(&self, m: &MoveRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO moves (match_id, number, color, point, automatic, played_at, \
                 played_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                m.match_id,
                m.number,
                m.color,
                m.point,
                m.automatic,
                m.played_at,
                m.played_by.map(to_sql_id),
            ],
        )?;
        Ok(())
    }

    /// Keeps a consultation member's vote for a move (their earlier vote for the same move is
    /// replaced).
    ///
    /// # Errors
    /// A database error.
    pub fn put_vote(&self, v: &VoteRow) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO votes (match_id, number, user_id, color, choice, point, voted_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) \
                 ON CONFLICT (match_id, number, user_id) DO UPDATE SET choice = excluded.choice, \
                 point = excluded.point, voted_at = excluded.voted_at",
            params![
                v.match_id,
                v.number,
                to_sql_id(v.user),
                v.color,
                v.choice,
                v.point,
                v.voted_at,
            ],
        )?;
        Ok(())
    }

    /// Every vote of a match, by move then time.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn votes(&self, match_id: i64) -> Result<Vec<VoteRow>, StoreError> {
        self.query_all(
            "SELECT match_id, number, user_id, color, choice, point, voted_at FROM votes \
             WHERE match_id = ?1 ORDER BY number, voted_at, user_id",
            params![match_id],
            vote_from_row,
        )
    }

    /// One match by id.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn match_row(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        let sql = format!("SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?1");
        self.query_opt(&sql, params![id], match_from_row)
    }

    /// Every match not yet ended, each decoded on its own: a row that does not decode is
    /// returned as its [`RowError`] so that one bad row never keeps the others from loading.
    ///
    /// # Errors
    /// A database error.
    pub fn running_matches(
        &self,
        scope: &super::Scope,
    ) -> Result<Vec<Result<MatchRow, RowError>>, StoreError> {
        // The predicate of the partial index `matches_running`, so that start-up reads only the
        // running games, however many have ended.
        let sql = format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE phase IN ('nigiri', 'play', 'agreement') \
             AND {} ORDER BY id",
            scope.condition("guild_id")
        );
        let mut out = Vec::new();
        self.query_each(&sql, &[], |r| {
            let id: i64 = r.get(0)?;
            out.push(match_from_row(r).map_err(|e| RowError {
                table: "matches",
                id,
                cause: e.to_string(),
            }));
            Ok(())
        })?;
        Ok(out)
    }

    /// The moves of every match not yet ended, by match then number: one scan for start-up
    /// (10,000 games × 60 moves is 600,000 rows). A move that does not decode is handed to
    /// `each` as a [`RowError`] carrying its match id.
    ///
    /// # Errors
    /// A database error, or the first error `each` returns.
    pub fn moves_of_running(
        &self,
        scope: &super::Scope,
        mut each: impl FnMut(Result<MoveRow, RowError>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let sql = format!(
            "SELECT m.match_id, m.number, m.color, m.point, m.automatic, m.played_at, \
             m.played_by FROM matches AS x JOIN moves AS m ON m.match_id = x.id \
             WHERE x.phase IN ('nigiri', 'play', 'agreement') AND {} \
             ORDER BY m.match_id, m.number",
            scope.condition("x.guild_id")
        );
        self.query_each(&sql, &[], |r| {
            let id: i64 = r.get(0)?;
            each(move_from_row(r).map_err(|e| RowError {
                table: "moves",
                id,
                cause: e.to_string(),
            }))
        })
    }

    /// The moves of one match, in order.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn moves(&self, match_id: i64) -> Result<Vec<MoveRow>, StoreError> {
        self.query_all(
            "SELECT match_id, number, color, point, automatic, played_at, played_by FROM moves \
             WHERE match_id = ?1 ORDER BY number",
            params![match_id],
            move_from_row,
        )
    }

    /// The latest matches of `user` on `guild` (any phase), newest first. A row that does not
    /// decode is left out of the list (and logged): one broken game never hides the others.
    ///
    /// # Errors
    /// A database error.
    pub fn matches_of(
        &self,
        guild: u64,
        user: u64,
        limit: u32,
    ) -> Result<Vec<MatchSummary>, StoreError> {
        let sql = format!(
            "SELECT {SUMMARY_COLUMNS} FROM matches WHERE guild_id = ?1 AND black = ?2 \
             UNION ALL SELECT {SUMMARY_COLUMNS} FROM matches WHERE guild_id = ?1 AND white = ?2 \
             ORDER BY id DESC LIMIT ?3"
        );
        let mut out = Vec::new();
        self.query_each(
            &sql,
            params![to_sql_id(guild), to_sql_id(user), limit],
            |r| {
                match summary_from_row(r) {
                    Ok(s) => out.push(s),
                    Err(e) => {
                        tracing::warn!(match_id = r.get::<i64>(0).unwrap_or(0), error = %e, "a stored game does not decode; left out of the list")
                    }
                }
                Ok(())
            },
        )?;
        Ok(out)
    }

    /// The server, channel and players (black, white) of a match: plain numbers, readable
    /// even when the rest of the row does not decode.
    ///
    /// # Errors
    /// A database error.
    pub fn match_basics(&self, id: i64) -> Result<Option<(u64, u64, u64, u64)>, StoreError> {
        self.query_opt(
            "SELECT guild_id, channel_id, black, white FROM matches WHERE id = ?1",
            params![id],
            |r| {
                Ok((
                    from_sql_id(r.get(0)?),
                    from_sql_id(r.get(1)?),
                    from_sql_id(r.get(2)?),
                    from_sql_id(r.get(3)?),
                ))
            },
        )
    }

    /// Ends a match that cannot be loaded (its row or moves do not decode): a moderator's
    /// annulment of a broken game. Its moves and the rest of its row stay as they were.
    ///
    /// # Errors
    /// A database error, or the match is already over or missing.
    pub fn annul_unloadable(&self, id: i64, at: i64) -> Result<(), StoreError> {
        let n = self.execute(
            "UPDATE matches SET phase = ?2, ending = 'annulled', result = 'Void', \
                 ended_at = ?3 WHERE id = ?1 AND phase <> 'ended'",
            params![id, PhaseKind::Ended, at],
        )?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Missing(format!("running match {id}")))
        }
    }

    /// A player's record against each level of the computer on a server.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn computer_records(
        &self,
        guild: u64,
        user: u64,
    ) -> Result<Vec<ComputerRecordRow>, StoreError> {
        self.query_all(
            "SELECT level, wins, losses, draws FROM computer_records \
             WHERE guild_id = ?1 AND user_id = ?2 ORDER BY level",
            params![to_sql_id(guild), to_sql_id(user)],
            |r| {
                Ok(ComputerRecordRow {
                    level: r.get(0)?,
                    wins: r.get(1)?,
                    losses: r.get(2)?,
                    draws: r.get(3)?,
                })
            },
        )
    }

    /// Adds one game to a player's record against a level: `won` `Some(true)` a win,
    /// `Some(false)` a loss, `None` a draw.
    ///
    /// # Errors
    /// A database error.
    pub fn add_computer_game(
        &self,
        guild: u64,
        user: u64,
        level: Level,
        won: Option<bool>,
    ) -> Result<(), StoreError> {
        let (w, l, d) = match won {
            Some(true) => (1, 0, 0),
            Some(false) => (0, 1, 0),
            None => (0, 0, 1),
        };
        self.execute(
            "INSERT INTO computer_records (guild_id, user_id, level, wins, losses, draws) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (guild_id, user_id, level) DO \
                 UPDATE SET wins = computer_records.wins + excluded.wins, \
                 losses = computer_records.losses + excluded.losses, \
                 draws = computer_records.draws + excluded.draws",
            params![to_sql_id(guild), to_sql_id(user), level, w, l, d],
        )?;
        Ok(())
    }
}
