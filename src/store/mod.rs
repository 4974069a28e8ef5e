//! The SQLite store: settings, invitations, matches and their moves, profiles, merit awards.
//!
//! Like webext-storage: one [`Store`] owns the connection behind a mutex; its public methods are
//! thin — take the lock, open a transaction, run free functions on it, commit. It holds no game
//! rule: rows in, rows out. The schema lives in `migrations/NN-name/up.sql`, compiled into the
//! binary and applied by `rusqlite_migration` when the store opens.
//!
//! Discord ids are `u64`; SQLite integers are `i64`. Ids are stored by bit pattern (`as i64`),
//! which round-trips exactly and keeps equality and indexes working.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{LazyLock, Mutex};

use include_dir::{Dir, include_dir};
use rusqlite::{Connection, OptionalExtension, Row, params};
use rusqlite_migration::Migrations;

static MIGRATIONS_DIR: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/migrations");

static MIGRATIONS: LazyLock<Result<Migrations<'static>, String>> =
    LazyLock::new(|| Migrations::from_directory(&MIGRATIONS_DIR).map_err(|e| e.to_string()));

/// The migrations compiled into the binary.
///
/// # Errors
/// The embedded migration files are malformed (caught by the `migrations_validate` test).
pub fn migrations() -> Result<&'static Migrations<'static>, StoreError> {
    MIGRATIONS
        .as_ref()
        .map_err(|e| StoreError::Migration(e.clone()))
}

/// Something went wrong in the database. Internal: never shown to a user as is.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("migration: {0}")]
    Migration(String),
    #[error("corrupt row: {0}")]
    Corrupt(String),
    #[error("injected failure (test)")]
    Injected,
}

impl From<rusqlite_migration::Error> for StoreError {
    fn from(e: rusqlite_migration::Error) -> StoreError {
        StoreError::Migration(e.to_string())
    }
}

/// How hard a commit is pushed to the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// WAL with `synchronous=NORMAL`: a committed transaction survives the process being
    /// killed (the WAL is in the OS page cache), but the last commits may be lost if the
    /// machine itself loses power. No fsync per commit, so thousands of commits per second.
    #[default]
    Process,
    /// WAL with `synchronous=FULL`: the WAL is fsynced at every commit; survives power loss.
    Power,
}

/// The one handle on the database.
pub struct Store {
    conn: Mutex<Connection>,
    fail_next: AtomicU32,
}

/// An open transaction: every method runs inside it, nothing is visible until commit.
pub struct Tx<'a> {
    conn: &'a Connection,
}

/// Bit-cast a Discord id for SQLite.
#[inline]
pub fn to_sql_id(id: u64) -> i64 {
    id as i64
}

/// Bit-cast back.
#[inline]
pub fn from_sql_id(id: i64) -> u64 {
    id as u64
}

/// A pending invitation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvitationRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub inviter: u64,
    pub invitee: u64,
    pub size: Option<u8>,
    pub komi_half: Option<i32>,
    pub rules: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
}

/// What a match keeps from the moment it starts: players and settings snapshot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRow {
    pub id: i64,
    pub guild: u64,
    pub channel: u64,
    pub black: u64,
    pub white: u64,
    pub size: u8,
    pub rules: String,
    pub komi_half: i32,
    pub turn_timeout_ms: i64,
    pub grace_ms: i64,
    pub max_ms: i64,
    pub resign_window_ms: i64,
    pub merit_min_moves: u32,
    pub merit_amount: u32,
    pub merit_bonus: u32,
    pub merit_cap: u32,
    pub started_at: i64,
    pub ends_at: i64,
    pub live: MatchLive,
}

/// What changes as a match goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchLive {
    pub turn_deadline: i64,
    pub move_count: u32,
    /// Armed resignations (black, white): until when the second press counts.
    pub resign: [Option<i64>; 2],
    /// Offline players (black, white): until when their game is kept.
    pub offline: [Option<i64>; 2],
    /// `running`, `finished` or `abandoned`.
    pub status: String,
    pub result: Option<String>,
    pub end_reason: Option<String>,
    pub ended_at: Option<i64>,
    /// `play`, or `agreement` while the players settle the dead stones.
    pub phase: String,
    /// The marking, one point per dead chain, space-separated: during the agreement phase and
    /// after a count that followed one.
    pub dead_stones: Option<String>,
    /// Acceptances of the marking (black, white).
    pub accepted: [bool; 2],
    /// Toggles the marking has had (what an Accept button carries).
    pub marking_version: u32,
}

/// One move of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    pub match_id: i64,
    /// 1-based.
    pub number: u32,
    /// 0 black, 1 white.
    pub color: u8,
    /// `None` is a pass.
    pub point: Option<String>,
    pub automatic: bool,
    pub played_at: i64,
}

/// A move as read at start-up, borrowed from the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRef<'a> {
    pub match_id: i64,
    pub number: u32,
    pub color: u8,
    pub point: Option<&'a str>,
    pub automatic: bool,
}

/// A player's record on one server.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProfileRow {
    pub guild: u64,
    pub user: u64,
    pub merit: i64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub awards: u32,
    pub titled_at: Option<i64>,
}

impl Store {
    /// Opens (creating if needed) the database file at `path`, sets the pragmas and brings
    /// the schema to the latest migration.
    ///
    /// # Errors
    /// The file cannot be opened, or a migration fails.
    pub fn open(path: &Path, durability: Durability) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Migration(format!("cannot create {dir:?}: {e}")))?;
        }
        let conn = Connection::open(path)?;
        Store::setup(conn, durability)
    }

    /// A private in-memory database, for tests and tools.
    ///
    /// # Errors
    /// A migration fails.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::setup(Connection::open_in_memory()?, Durability::Process)
    }

    fn setup(mut conn: Connection, durability: Durability) -> Result<Store, StoreError> {
        // WAL: readers never block the writer, and a commit is one append to the log.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        let sync = match durability {
            Durability::Process => "NORMAL",
            Durability::Power => "FULL",
        };
        conn.pragma_update(None, "synchronous", sync)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // Start-up reads every move of every running game: a larger page cache and memory-mapped
        // reads keep that scan well inside the 2 s budget for 10,000 games.
        conn.pragma_update(None, "cache_size", -65_536)?;
        conn.pragma_update(None, "mmap_size", 268_435_456)?;
        conn.set_prepared_statement_cache_capacity(64);
        migrations()?.to_latest(&mut conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
            fail_next: AtomicU32::new(0),
        })
    }

    /// Runs `f` in one transaction and commits it; on any error everything is rolled back.
    ///
    /// # Errors
    /// Whatever `f` returns, or the commit failing.
    pub fn write<T, E>(&self, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        let tx = conn.transaction().map_err(StoreError::from)?;
        let value = f(&Tx { conn: &tx })?;
        if self
            .fail_next
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
        {
            // Dropping `tx` rolls it back, exactly as a failed commit leaves the database.
            return Err(StoreError::Injected.into());
        }
        tx.commit().map_err(StoreError::from)?;
        Ok(value)
    }

    /// Runs `f` in a read transaction.
    ///
    /// # Errors
    /// Whatever `f` returns.
    pub fn read<T>(
        &self,
        f: impl FnOnce(&Tx<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        let tx = conn.transaction()?;
        f(&Tx { conn: &tx })
    }

    /// Makes the next `n` writes fail just before their commit (rolled back), so that tests
    /// can prove a failed commit leaves everything as it was.
    #[doc(hidden)]
    pub fn fail_next_commits(&self, n: u32) {
        self.fail_next.store(n, Ordering::SeqCst);
    }
}

fn invitation_from_row(r: &Row<'_>) -> rusqlite::Result<InvitationRow> {
    Ok(InvitationRow {
        id: r.get(0)?,
        guild: from_sql_id(r.get(1)?),
        channel: from_sql_id(r.get(2)?),
        inviter: from_sql_id(r.get(3)?),
        invitee: from_sql_id(r.get(4)?),
        size: r.get(5)?,
        komi_half: r.get(6)?,
        rules: r.get(7)?,
        created_at: r.get(8)?,
        expires_at: r.get(9)?,
    })
}

const MATCH_COLUMNS: &str = "id, guild_id, channel_id, black, white, size, rules, komi_half, \
    turn_timeout_ms, grace_ms, max_ms, resign_window_ms, merit_min_moves, merit_amount, \
    merit_bonus, merit_cap, started_at, ends_at, turn_deadline, move_count, resign_black, \
    resign_white, offline_black, offline_white, status, result, end_reason, ended_at, phase, \
    dead_stones, accepted_black, accepted_white, marking_version";

fn match_from_row(r: &Row<'_>) -> rusqlite::Result<MatchRow> {
    Ok(MatchRow {
        id: r.get(0)?,
        guild: from_sql_id(r.get(1)?),
        channel: from_sql_id(r.get(2)?),
        black: from_sql_id(r.get(3)?),
        white: from_sql_id(r.get(4)?),
        size: r.get(5)?,
        rules: r.get(6)?,
        komi_half: r.get(7)?,
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
        live: MatchLive {
            turn_deadline: r.get(18)?,
            move_count: r.get(19)?,
            resign: [r.get(20)?, r.get(21)?],
            offline: [r.get(22)?, r.get(23)?],
            status: r.get(24)?,
            result: r.get(25)?,
            end_reason: r.get(26)?,
            ended_at: r.get(27)?,
            phase: r.get(28)?,
            dead_stones: r.get(29)?,
            accepted: [r.get(30)?, r.get(31)?],
            marking_version: r.get(32)?,
        },
    })
}

fn move_from_row(r: &Row<'_>) -> rusqlite::Result<MoveRow> {
    Ok(MoveRow {
        match_id: r.get(0)?,
        number: r.get(1)?,
        color: r.get(2)?,
        point: r.get(3)?,
        automatic: r.get(4)?,
        played_at: r.get(5)?,
    })
}

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
    /// The largest id given to an invitation or a match (they share one sequence: a match
    /// takes the id of the invitation it was accepted from).
    ///
    /// # Errors
    /// A database error.
    pub fn max_id(&self) -> Result<i64, StoreError> {
        Ok(self.conn.query_row(
            "SELECT max(coalesce((SELECT max(id) FROM invitations), 0), \
                        coalesce((SELECT max(id) FROM matches), 0))",
            [],
            |r| r.get(0),
        )?)
    }

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

    /// Stores a new pending invitation.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_invitation(&self, i: &InvitationRow) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO invitations (id, guild_id, channel_id, inviter, invitee, size, \
                 komi_half, rules, created_at, expires_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            )?
            .execute(params![
                i.id,
                to_sql_id(i.guild),
                to_sql_id(i.channel),
                to_sql_id(i.inviter),
                to_sql_id(i.invitee),
                i.size,
                i.komi_half,
                i.rules,
                i.created_at,
                i.expires_at
            ])?;
        Ok(())
    }

    /// Closes a pending invitation (`accepted`, `declined`, `expired`, `cancelled`).
    ///
    /// # Errors
    /// A database error, or the invitation was not pending.
    pub fn close_invitation(&self, id: i64, status: &str, at: i64) -> Result<(), StoreError> {
        let n = self
            .conn
            .prepare_cached(
                "UPDATE invitations SET status = ?2, closed_at = ?3 \
                 WHERE id = ?1 AND status = 'pending'",
            )?
            .execute(params![id, status, at])?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Corrupt(format!(
                "invitation {id} was not pending"
            )))
        }
    }

    /// Every pending invitation.
    ///
    /// # Errors
    /// A database error.
    pub fn pending_invitations(&self) -> Result<Vec<InvitationRow>, StoreError> {
        let mut st = self.conn.prepare_cached(
            "SELECT id, guild_id, channel_id, inviter, invitee, size, komi_half, rules, \
             created_at, expires_at FROM invitations WHERE status = 'pending' ORDER BY id",
        )?;
        let rows = st.query_map([], invitation_from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Stores a new match.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_match(&self, m: &MatchRow) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO matches (id, guild_id, channel_id, black, white, size, rules, \
                 komi_half, turn_timeout_ms, grace_ms, max_ms, resign_window_ms, \
                 merit_min_moves, merit_amount, merit_bonus, merit_cap, started_at, ends_at, \
                 turn_deadline) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
                 ?17, ?18, ?19)",
            )?
            .execute(params![
                m.id,
                to_sql_id(m.guild),
                to_sql_id(m.channel),
                to_sql_id(m.black),
                to_sql_id(m.white),
                m.size,
                m.rules,
                m.komi_half,
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
            ])?;
        self.update_match(m.id, &m.live)
    }

    /// Saves the live state of a match.
    ///
    /// # Errors
    /// A database error, or no such match.
    pub fn update_match(&self, id: i64, l: &MatchLive) -> Result<(), StoreError> {
        let n = self
            .conn
            .prepare_cached(
                "UPDATE matches SET turn_deadline = ?2, move_count = ?3, resign_black = ?4, \
                 resign_white = ?5, offline_black = ?6, offline_white = ?7, status = ?8, \
                 result = ?9, end_reason = ?10, ended_at = ?11, phase = ?12, dead_stones = ?13, \
                 accepted_black = ?14, accepted_white = ?15, marking_version = ?16 WHERE id = ?1",
            )?
            .execute(params![
                id,
                l.turn_deadline,
                l.move_count,
                l.resign[0],
                l.resign[1],
                l.offline[0],
                l.offline[1],
                l.status,
                l.result,
                l.end_reason,
                l.ended_at,
                l.phase,
                l.dead_stones,
                l.accepted[0],
                l.accepted[1],
                l.marking_version
            ])?;
        if n == 1 {
            Ok(())
        } else {
            Err(StoreError::Corrupt(format!("no match {id}")))
        }
    }

    /// Appends a move.
    ///
    /// # Errors
    /// A database error (a duplicate move number is one: moves are never overwritten).
    pub fn insert_move(&self, m: &MoveRow) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO moves (match_id, number, color, point, automatic, played_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?
            .execute(params![
                m.match_id,
                m.number,
                m.color,
                m.point,
                m.automatic,
                m.played_at
            ])?;
        Ok(())
    }

    /// One match by id.
    ///
    /// # Errors
    /// A database error.
    pub fn match_row(&self, id: i64) -> Result<Option<MatchRow>, StoreError> {
        let sql = format!("SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?1");
        Ok(self
            .conn
            .prepare_cached(&sql)?
            .query_row([id], match_from_row)
            .optional()?)
    }

    /// Every running match.
    ///
    /// # Errors
    /// A database error.
    pub fn running_matches(&self) -> Result<Vec<MatchRow>, StoreError> {
        let sql =
            format!("SELECT {MATCH_COLUMNS} FROM matches WHERE status = 'running' ORDER BY id");
        let mut st = self.conn.prepare_cached(&sql)?;
        let rows = st.query_map([], match_from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The moves of every running match, by match then number: one scan for start-up, each
    /// row lent to `each` without copying (10,000 games × 60 moves is 600,000 rows).
    ///
    /// # Errors
    /// A database error, or the first error `each` returns.
    pub fn moves_of_running(
        &self,
        mut each: impl FnMut(MoveRef<'_>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut st = self.conn.prepare_cached(
            "SELECT m.match_id, m.number, m.color, m.point, m.automatic \
             FROM matches AS x JOIN moves AS m ON m.match_id = x.id \
             WHERE x.status = 'running' ORDER BY m.match_id, m.number",
        )?;
        let mut rows = st.query([])?;
        while let Some(r) = rows.next()? {
            each(MoveRef {
                match_id: r.get(0)?,
                number: r.get(1)?,
                color: r.get(2)?,
                point: r
                    .get_ref(3)?
                    .as_str_or_null()
                    .map_err(rusqlite::Error::from)?,
                automatic: r.get(4)?,
            })?;
        }
        Ok(())
    }

    /// The moves of one match, in order.
    ///
    /// # Errors
    /// A database error.
    pub fn moves(&self, match_id: i64) -> Result<Vec<MoveRow>, StoreError> {
        let mut st = self.conn.prepare_cached(
            "SELECT match_id, number, color, point, automatic, played_at FROM moves \
             WHERE match_id = ?1 ORDER BY number",
        )?;
        let rows = st.query_map([match_id], move_from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The latest match of `user` on `guild` (any status), for `/weiqi sgf`.
    ///
    /// # Errors
    /// A database error.
    pub fn latest_match_of(&self, guild: u64, user: u64) -> Result<Option<i64>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT id FROM matches WHERE guild_id = ?1 AND (black = ?2 OR white = ?2) \
                 ORDER BY id DESC LIMIT 1",
            )?
            .query_row(params![to_sql_id(guild), to_sql_id(user)], |r| r.get(0))
            .optional()?)
    }

    /// A player's profile on a server (zeros if they never played there).
    ///
    /// # Errors
    /// A database error.
    pub fn profile(&self, guild: u64, user: u64) -> Result<ProfileRow, StoreError> {
        let sql =
            format!("SELECT {PROFILE_COLUMNS} FROM profiles WHERE guild_id = ?1 AND user_id = ?2");
        Ok(self
            .conn
            .prepare_cached(&sql)?
            .query_row(params![to_sql_id(guild), to_sql_id(user)], profile_from_row)
            .optional()?
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
        self.conn
            .prepare_cached(
                "INSERT INTO profiles (guild_id, user_id, merit, wins, losses, draws, awards, \
                 titled_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
                 ON CONFLICT (guild_id, user_id) DO UPDATE SET merit = excluded.merit, \
                 wins = excluded.wins, losses = excluded.losses, draws = excluded.draws, \
                 awards = excluded.awards, titled_at = excluded.titled_at",
            )?
            .execute(params![
                to_sql_id(p.guild),
                to_sql_id(p.user),
                p.merit,
                p.wins,
                p.losses,
                p.draws,
                p.awards,
                p.titled_at
            ])?;
        Ok(())
    }

    /// The server's ranking: merit, then wins, then fewer losses.
    ///
    /// # Errors
    /// A database error.
    pub fn leaderboard(&self, guild: u64, limit: u32) -> Result<Vec<ProfileRow>, StoreError> {
        let sql = format!(
            "SELECT {PROFILE_COLUMNS} FROM profiles WHERE guild_id = ?1 \
             ORDER BY merit DESC, wins DESC, losses ASC, user_id ASC LIMIT ?2"
        );
        let mut st = self.conn.prepare_cached(&sql)?;
        let rows = st.query_map(params![to_sql_id(guild), limit], profile_from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Whether this pair of players already had its merit award on this server.
    ///
    /// # Errors
    /// A database error.
    pub fn merit_pair_awarded(&self, guild: u64, a: u64, b: u64) -> Result<bool, StoreError> {
        let (lo, hi) = (a.min(b), a.max(b));
        Ok(self
            .conn
            .prepare_cached(
                "SELECT 1 FROM merit_pairs WHERE guild_id = ?1 AND player_low = ?2 \
                 AND player_high = ?3",
            )?
            .query_row(
                params![to_sql_id(guild), to_sql_id(lo), to_sql_id(hi)],
                |_| Ok(()),
            )
            .optional()?
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
        self.conn
            .prepare_cached(
                "INSERT INTO merit_pairs (guild_id, player_low, player_high, match_id, \
                 awarded_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                to_sql_id(guild),
                to_sql_id(lo),
                to_sql_id(hi),
                match_id,
                at
            ])?;
        Ok(())
    }

    /// Remembers the public message of an invitation (to edit it when it closes).
    ///
    /// # Errors
    /// A database error.
    pub fn set_invitation_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        self.conn
            .prepare_cached("UPDATE invitations SET message_id = ?2 WHERE id = ?1")?
            .execute(params![id, to_sql_id(message)])?;
        Ok(())
    }

    /// The public message of an invitation, if remembered.
    ///
    /// # Errors
    /// A database error.
    pub fn invitation_message(&self, id: i64) -> Result<Option<u64>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT message_id FROM invitations WHERE id = ?1")?
            .query_row([id], |r| r.get::<_, Option<i64>>(0))
            .optional()?
            .flatten()
            .map(from_sql_id))
    }

    /// Remembers where the board message of a match is (channel or thread, message).
    ///
    /// # Errors
    /// A database error.
    pub fn set_board_message(
        &self,
        match_id: i64,
        channel: u64,
        message: u64,
    ) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "UPDATE matches SET board_channel_id = ?2, board_message_id = ?3 WHERE id = ?1",
            )?
            .execute(params![match_id, to_sql_id(channel), to_sql_id(message)])?;
        Ok(())
    }

    /// Where the board message of a match is, if remembered.
    ///
    /// # Errors
    /// A database error.
    pub fn board_message(&self, match_id: i64) -> Result<Option<(u64, u64)>, StoreError> {
        let row: Option<(Option<i64>, Option<i64>)> = self
            .conn
            .prepare_cached("SELECT board_channel_id, board_message_id FROM matches WHERE id = ?1")?
            .query_row([match_id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        Ok(match row {
            Some((Some(c), Some(m))) => Some((from_sql_id(c), from_sql_id(m))),
            _ => None,
        })
    }

    /// Runs raw SQL (tests and tools).
    ///
    /// # Errors
    /// A database error.
    #[doc(hidden)]
    pub fn query_i64(&self, sql: &str) -> Result<i64, StoreError> {
        Ok(self.conn.query_row(sql, [], |r| r.get(0))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_validate() {
        migrations().unwrap().validate().unwrap();
    }

    #[test]
    fn migrations_apply_to_an_empty_database_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/tengen.db");
        let store = Store::open(&path, Durability::Process).unwrap();
        let n = store
            .read(|tx| tx.query_i64("SELECT count(*) FROM sqlite_master WHERE type = 'table'"))
            .unwrap();
        assert_eq!(n, 6);
        drop(store);
        // Opening again is a no-op migration.
        Store::open(&path, Durability::Power).unwrap();
    }

    #[test]
    fn a_failed_commit_leaves_the_database_unchanged() {
        let store = Store::open_in_memory().unwrap();
        store.fail_next_commits(1);
        let r: Result<(), StoreError> =
            store.write(|tx| tx.replace_settings(1, &[("enabled".into(), "false".into())]));
        assert!(matches!(r, Err(StoreError::Injected)));
        assert!(store.read(|tx| tx.settings(1)).unwrap().is_empty());
    }

    #[test]
    fn ids_round_trip_by_bit_pattern() {
        let big = u64::MAX - 5;
        assert_eq!(from_sql_id(to_sql_id(big)), big);
    }
}
