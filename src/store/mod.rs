//! The SQLite store: settings, invitations, matches and their moves, profiles, merit awards.
//!
//! Like webext-storage: one [`Store`] owns the connection behind a mutex; its public methods are
//! thin — take the lock, open a transaction, run the [`Tx`] methods on it, commit. It holds no
//! game rule: typed rows in, typed rows out ([`types`]: a value that does not decode is an
//! error for its row, never a default). The schema lives in `migrations/NN-name/up.sql`,
//! compiled into the binary and applied by `rusqlite_migration` when the store opens.
//!
//! The game's tables are read and written here; a front end keeps its own tables in the same
//! file (the Discord adapter's are `discord_*`) and reaches them through [`Tx::connection`].
//!
//! Discord ids are `u64`; SQLite integers are `i64`. Ids are stored by bit pattern (`as i64`),
//! which round-trips exactly and keeps equality and indexes working.

mod events;
mod invitations;
mod legacy_time;
mod matches;
mod profiles;
mod ratings;
mod rows;
mod server_settings;
mod serving_lock;
pub mod types;

pub use events::StoredEvent;
pub use matches::RowError;
pub use rows::{
    ComputerRecordRow, ComputerRow, EntryRow, EventGameRow, EventRow, InvitationRow, MatchEventRow,
    MatchLive, MatchRow, MatchSummary, MoveRow, PairRow, ProfileRow, RatingRow, RulingRow, VoteRow,
};
pub use serving_lock::{ServingLock, lock_path};
pub use types::{
    ChoiceCode, ClockSpec, ColoursCode, EndCode, EntryStatusCode, EventStageCode, EventTermsSpec,
    InvitationState, OutcomeCode, ParityCode, PhaseCode, PointList, RulingCode, SideSpec,
    TIME_FORM_VERSION, TeamsSpec, TimeSpec,
};

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{LazyLock, Mutex};

use include_dir::{Dir, include_dir};
use rusqlite::{Connection, OptionalExtension};
use rusqlite_migration::{M, Migrations};

static MIGRATIONS_DIR: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/migrations");

static MIGRATIONS: LazyLock<Result<Migrations<'static>, String>> = LazyLock::new(load_migrations);

/// The steps of `migrations/`, in the order of their folders' numbers; the one that turned
/// the time controls' text into typed forms runs its conversion ([`legacy_time::convert`])
/// after its SQL, in the same transaction.
fn load_migrations() -> Result<Migrations<'static>, String> {
    let mut dirs: Vec<&'static Dir<'static>> = MIGRATIONS_DIR.dirs().collect();
    dirs.sort_by_key(|d| d.path());
    let steps = dirs
        .into_iter()
        .map(|d| {
            let name = d.path().display().to_string();
            let sql = d
                .get_file(d.path().join("up.sql"))
                .and_then(|f| f.contents_utf8())
                .ok_or_else(|| format!("migrations/{name} has no readable up.sql"))?;
            Ok(if name.starts_with("09-") {
                M::up_with_hook(sql, legacy_time::convert)
            } else {
                M::up(sql)
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Migrations::new(steps))
}

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
    #[error("no such row: {0}")]
    Missing(String),
    #[error(transparent)]
    Row(#[from] RowError),
    /// The blocking task that ran the query did not come back.
    #[error("the database task failed: {0}")]
    Task(String),
    #[error("injected failure (test)")]
    Injected,
    /// Another process serves this database (it holds the file's serving lock).
    #[error(
        "the database {} is already served by another Tengen ({}); stop that one first, or give \
         this one a DATABASE_PATH of its own",
        path.display(),
        holder.map_or_else(|| "a process that did not say which".to_owned(), |p| format!("process {p}"))
    )]
    InUse {
        path: std::path::PathBuf,
        holder: Option<u32>,
    },
    /// The serving lock's file cannot be opened or locked.
    #[error("cannot lock {}: {cause}", path.display())]
    Lock {
        path: std::path::PathBuf,
        cause: String,
    },
}

impl From<rusqlite_migration::Error> for StoreError {
    fn from(e: rusqlite_migration::Error) -> StoreError {
        StoreError::Migration(e.to_string())
    }
}

/// How long a statement waits for another program's lock on the file before it fails.
pub const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(2500);

/// How hard a commit is pushed to the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// WAL with `synchronous=NORMAL`: a committed transaction survives the process being
    /// killed (the WAL is in the OS page cache), but the last commits may be lost if the
    /// machine itself loses power. No fsync per commit. A host's choice (`DATABASE_SYNC=normal`).
    Process,
    /// WAL with `synchronous=FULL`, the default: the WAL is fsynced at every commit, so a
    /// move survives a power loss too. Discord's pace is a few moves a second; an fsync per
    /// commit still leaves thousands a second (`cargo bench --bench store`).
    #[default]
    Power,
}

/// The one handle on the database.
pub struct Store {
    conn: Mutex<Connection>,
    fail_next: AtomicU32,
    /// Held while this store serves the file (see [`Store::open_serving`]).
    _serving: Option<ServingLock>,
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
        Store::setup(conn, durability, None)
    }

    /// Opens the database file at `path` to serve it: first its serving lock, so that a second
    /// process on the same file is refused before it reads anything; the lock is held as long
    /// as the store lives, and goes with the process.
    ///
    /// # Errors
    /// Another process serves the file ([`StoreError::InUse`]), or as [`Store::open`].
    pub fn open_serving(path: &Path, durability: Durability) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Migration(format!("cannot create {dir:?}: {e}")))?;
        }
        let lock = ServingLock::take(path)?;
        let conn = Connection::open(path)?;
        Store::setup(conn, durability, Some(lock))
    }

    /// A private in-memory database, for tests and tools.
    ///
    /// # Errors
    /// A migration fails.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::setup(Connection::open_in_memory()?, Durability::Process, None)
    }

    fn setup(
        mut conn: Connection,
        durability: Durability,
        serving: Option<ServingLock>,
    ) -> Result<Store, StoreError> {
        // WAL: readers never block the writer, and a commit is one append to the log.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        let sync = match durability {
            Durability::Process => "NORMAL",
            Durability::Power => "FULL",
        };
        conn.pragma_update(None, "synchronous", sync)?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        // Another program holding the write lock (a backup, a host's sqlite3) makes a commit
        // wait this long before it fails and the player is told to try again: short enough
        // that the answer comes soon after Discord's window (the adapter defers at 2 s), and
        // that the one connection is not held from every other game for long.
        conn.busy_timeout(BUSY_TIMEOUT)?;
        // Start-up reads every move of every running game: a larger page cache and memory-mapped
        // reads keep that scan well inside the 2 s budget for 10,000 games.
        conn.pragma_update(None, "cache_size", -65_536)?;
        conn.pragma_update(None, "mmap_size", 268_435_456)?;
        conn.set_prepared_statement_cache_capacity(64);
        migrations()?.to_latest(&mut conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
            fail_next: AtomicU32::new(0),
            _serving: serving,
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
    pub fn read<T, E>(&self, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        let tx = conn.transaction().map_err(StoreError::from)?;
        f(&Tx { conn: &tx })
    }

    /// Makes the next `n` writes fail just before their commit (rolled back), so that tests
    /// can prove a failed commit leaves everything as it was.
    #[doc(hidden)]
    pub fn fail_next_commits(&self, n: u32) {
        self.fail_next.store(n, Ordering::SeqCst);
    }
}

impl Tx<'_> {
    /// The connection under the transaction, for a front end's own tables (the Discord
    /// adapter's repository): its SQL runs in the same transactions as the game's.
    pub fn connection(&self) -> &Connection {
        self.conn
    }

    /// When the bot last said it was alive (UTC milliseconds); `None` before it ever did.
    ///
    /// # Errors
    /// A database error.
    pub fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT alive_at FROM liveness WHERE id = 1")?
            .query_row([], |r| r.get(0))
            .optional()?)
    }

    /// Notes that the bot is alive at `at` (UTC milliseconds).
    ///
    /// # Errors
    /// A database error.
    pub fn set_alive_at(&self, at: i64) -> Result<(), StoreError> {
        self.conn
            .prepare_cached("INSERT OR REPLACE INTO liveness (id, alive_at) VALUES (1, ?1)")?
            .execute([at])?;
        Ok(())
    }

    /// Runs a query that returns one integer (tests and tools).
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
        assert_eq!(
            n, 23,
            "sixteen tables of the game (five of them events, one the team games' votes), \
             seven of the Discord adapter"
        );
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
        assert!(
            store
                .read(|tx| tx.settings(1))
                .map_err(|e: StoreError| e)
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn start_up_reads_the_running_games_by_their_index_not_every_game() {
        let store = Store::open_in_memory().unwrap();
        let plan = |sql: &str| -> String {
            store
                .read(|tx| {
                    let mut st = tx
                        .connection()
                        .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
                    let rows = st.query_map([], |r| r.get::<_, String>(3))?;
                    Ok::<_, StoreError>(rows.collect::<Result<Vec<_>, _>>()?.join("; "))
                })
                .unwrap()
        };
        let matches = plan(
            "SELECT id FROM matches WHERE phase IN ('nigiri', 'play', 'agreement') ORDER BY id",
        );
        assert!(matches.contains("matches_running"), "{matches}");
        let moves = plan(
            "SELECT m.match_id FROM matches AS x JOIN moves AS m ON m.match_id = x.id \
             WHERE x.phase IN ('nigiri', 'play', 'agreement') ORDER BY m.match_id, m.number",
        );
        assert!(moves.contains("matches_running"), "{moves}");
        assert!(
            !moves.contains("SCAN m"),
            "the moves of ended games are not read: {moves}"
        );
    }

    #[test]
    fn ids_round_trip_by_bit_pattern() {
        let big = u64::MAX - 5;
        assert_eq!(from_sql_id(to_sql_id(big)), big);
    }
}
