//! The store: settings, invitations, matches and their moves, profiles, merit, ratings,
//! events — on SQLite (an embedded file, the default) or PostgreSQL (a server several processes
//! share), behind one contract: the service sees a [`Store`] and its [`Tx`] methods, never
//! which backend it has.
//!
//! Like webext-storage: one [`Store`] owns the connection (SQLite: one, behind a mutex;
//! PostgreSQL: a pool); its public methods are thin — take a connection, open a transaction,
//! run the [`Tx`] methods on it, commit. It holds no game rule: typed rows in, typed rows out
//! ([`types`]: a value that does not decode is an error for its row, never a default). The
//! schema lives in `migrations/sqlite/NN-name/up.sql` and `migrations/postgres/NN-name/up.sql`,
//! compiled into the binary and applied when the store opens.
//!
//! The game's tables are read and written here, and so are a front end's own tables in the same
//! database (the Discord adapter's `discord_*`, in [`discord_tables`]), each behind named
//! methods that the runtime's handle offers the front end.
//!
//! Discord ids are `u64`; the databases' integers are `i64`. Ids are stored by bit pattern
//! (`as i64`), which round-trips exactly and keeps equality and indexes working.

mod changes;
mod cluster;
mod conn;
pub mod copy;
pub mod discord_quiet;
pub mod discord_tables;
mod error;
mod estimates;
mod events;
mod invitations;
mod jobs;
mod legacy_time;
mod location;
mod matches;
mod pg;
mod pg_shards;
mod profiles;
mod ratings;
mod reviews;
mod rows;
mod seeks;
mod server_settings;
mod serving_lock;
#[doc(hidden)]
pub mod testing;
mod training;
pub mod types;
mod web;

pub use changes::{CHANGES_CHANNEL, Change};
pub use cluster::{ID_BLOCK, Scope};
pub use conn::{Backend, Row, Tx};
pub use error::StoreError;
pub use events::StoredEvent;
pub use jobs::{ANSWERS_CHANNEL, JOBS_CHANNEL, LeasedJob};
pub use location::{Durability, Location};
pub use matches::RowError;
pub use pg::redact;
pub use pg_shards::{PgListener, PgShardLocks};
pub use reviews::{NewReview, Queued, REVIEWS_PER_SERVER, ReviewRow, ReviewState};
pub use rows::{
    ComputerRecordRow, ComputerRow, EntryRow, EventGameRow, EventRow, InvitationRow, MatchEventRow,
    MatchLive, MatchRow, MatchSummary, MoveRow, OpenRow, PairRow, ProfileRow, RatingRow, RulingRow,
    SeekRow, VoteRow,
};
pub use serving_lock::{ServingLock, lock_path};
pub use training::{DailyRow, TrainingRatingRow};
pub use types::{
    EndCode, EventTermsSpec, InvitationState, PointList, STORED_FORM_VERSION, SideSpec, TeamsSpec,
};

use std::cell::RefCell;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{LazyLock, Mutex};

use include_dir::{Dir, include_dir};
use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

use conn::Conn;
use pg::{PgConn, PgManager};

static MIGRATIONS_DIR: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/migrations");

static MIGRATIONS: LazyLock<Result<Migrations<'static>, String>> = LazyLock::new(load_migrations);

/// The SQLite steps of `migrations/sqlite/`, in the order of their folders' numbers; the one
/// that turned the time controls' text into typed forms runs its conversion
/// ([`legacy_time::convert`]) after its SQL, in the same transaction.
fn load_migrations() -> Result<Migrations<'static>, String> {
    let root = MIGRATIONS_DIR
        .get_dir("sqlite")
        .ok_or_else(|| "no migrations/sqlite".to_owned())?;
    let mut dirs: Vec<&'static Dir<'static>> = root.dirs().collect();
    dirs.sort_by_key(|d| d.path());
    let steps = dirs
        .into_iter()
        .map(|d| {
            let name = d
                .path()
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_owned();
            let sql = d
                .get_file(d.path().join("up.sql"))
                .and_then(|f| f.contents_utf8())
                .ok_or_else(|| format!("migrations/sqlite/{name} has no readable up.sql"))?;
            Ok(if name.starts_with("09-") {
                M::up_with_hook(sql, legacy_time::convert)
            } else {
                M::up(sql)
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Migrations::new(steps))
}

/// The SQLite migrations compiled into the binary.
///
/// # Errors
/// The embedded migration files are malformed (caught by the `migrations_validate` test).
pub fn migrations() -> Result<&'static Migrations<'static>, StoreError> {
    MIGRATIONS
        .as_ref()
        .map_err(|e| StoreError::Migration(e.clone()))
}

/// How long a statement waits for another program's lock on the file before it fails.
pub const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(2500);

/// How long a command waits for a PostgreSQL connection before it is told to try again:
/// within Discord's answer window.
pub const PG_CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(2000);

/// The one handle on the database.
pub struct Store {
    backend: Held,
    fail_next: AtomicU32,
    listeners: changes::Listeners,
}

/// What a store holds of its backend.
enum Held {
    Sqlite {
        conn: Mutex<Connection>,
        /// Held while this store serves the file (see [`Store::open_serving`]).
        _serving: Option<ServingLock>,
    },
    /// On PostgreSQL the processes share the database; what each serves is held by the
    /// shards' locks (`pg_shards`), not by the store.
    Postgres { pool: r2d2::Pool<PgManager> },
}

/// Bit-cast a Discord id for the database.
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

    /// Opens the PostgreSQL database at `url` (`postgres://user:password@host:port/db`) with a
    /// pool of at most `connections`, and brings its schema to the latest step.
    ///
    /// # Errors
    /// The server cannot be reached within [`PG_CONNECT_TIMEOUT`], or a migration fails.
    pub fn open_postgres(url: &str, connections: u32) -> Result<Store, StoreError> {
        Store::setup_postgres(url, connections)
    }

    fn setup_postgres(url: &str, connections: u32) -> Result<Store, StoreError> {
        let pool = r2d2::Pool::builder()
            .max_size(connections.max(1))
            .min_idle(Some(1))
            .connection_timeout(PG_CONNECT_TIMEOUT)
            // No round trip to test a connection at each checkout: a transaction's BEGIN is
            // the test, and a connection found closed there is replaced (see `pg_begin`).
            .test_on_check_out(false)
            // The pool's own log of failed connections would repeat each one; the store's
            // callers log what failed, once.
            .error_handler(Box::new(r2d2::NopErrorHandler))
            .build(PgManager {
                url: url.to_owned(),
            })?;
        {
            let mut conn = pool.get()?;
            pg::migrate(&mut conn)?;
        }
        Ok(Store {
            backend: Held::Postgres { pool },
            fail_next: AtomicU32::new(0),
            listeners: changes::Listeners::default(),
        })
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
            backend: Held::Sqlite {
                conn: Mutex::new(conn),
                _serving: serving,
            },
            fail_next: AtomicU32::new(0),
            listeners: changes::Listeners::default(),
        })
    }

    /// Which backend the store runs on.
    pub fn backend(&self) -> Backend {
        match self.backend {
            Held::Sqlite { .. } => Backend::Sqlite,
            Held::Postgres { .. } => Backend::Postgres,
        }
    }

    /// Whether the next write is to fail just before its commit (see
    /// [`Store::fail_next_commits`]).
    fn injected(&self) -> bool {
        self.fail_next
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
    }

    /// Runs `f` in one transaction and commits it; on any error everything is rolled back.
    ///
    /// # Errors
    /// Whatever `f` returns, or the commit failing.
    pub fn write<T, E>(&self, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        match &self.backend {
            Held::Sqlite { conn, .. } => {
                let mut conn = conn.lock().unwrap_or_else(|e| e.into_inner());
                let tx = conn.transaction().map_err(StoreError::from)?;
                let within = Tx::new(Conn::Sqlite(&tx));
                let value = f(&within)?;
                if self.injected() {
                    // Dropping `tx` rolls it back, exactly as a failed commit leaves the database.
                    return Err(StoreError::Injected.into());
                }
                let changed = within.changed.take();
                drop(within);
                tx.commit().map_err(StoreError::from)?;
                self.listeners.tell(&changed);
                Ok(value)
            }
            Held::Postgres { pool, .. } => {
                let mut conn = pg_begin(pool, "BEGIN")?;
                pg_transaction(&mut conn, |tx| {
                    let value = f(tx)?;
                    if self.injected() {
                        return Err(StoreError::Injected.into());
                    }
                    Ok(value)
                })
            }
        }
    }

    /// Runs `f` in a read transaction.
    ///
    /// # Errors
    /// Whatever `f` returns.
    pub fn read<T, E>(&self, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        match &self.backend {
            Held::Sqlite { conn, .. } => {
                let mut conn = conn.lock().unwrap_or_else(|e| e.into_inner());
                let tx = conn.transaction().map_err(StoreError::from)?;
                f(&Tx::new(Conn::Sqlite(&tx)))
            }
            Held::Postgres { pool, .. } => {
                let mut conn = pg_begin(pool, "BEGIN READ ONLY")?;
                pg_transaction(&mut conn, f)
            }
        }
    }

    /// Makes the next `n` writes fail just before their commit (rolled back), so that tests
    /// can prove a failed commit leaves everything as it was.
    #[doc(hidden)]
    pub fn fail_next_commits(&self, n: u32) {
        self.fail_next.store(n, Ordering::SeqCst);
    }
}

/// A connection of the pool with a transaction begun (`begin`). A connection found closed
/// as it begins (the server restarted since it was last used) is dropped from the pool and
/// another taken: the first command after an outage does not fail on a stale connection.
fn pg_begin(
    pool: &r2d2::Pool<PgManager>,
    begin: &str,
) -> Result<r2d2::PooledConnection<PgManager>, StoreError> {
    let mut tries = pool.max_size() + 1;
    loop {
        let mut conn = pool.get()?;
        match conn.batch(begin) {
            Ok(()) => return Ok(conn),
            // Returned to the pool, a closed connection is discarded (`has_broken`).
            Err(_) if conn.is_closed() && tries > 1 => tries -= 1,
            Err(e) => return Err(e),
        }
    }
}

/// Runs `f` in the transaction `conn` has begun, then COMMIT; any error rolls it back.
fn pg_transaction<T, E>(conn: &mut PgConn, f: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
where
    E: From<StoreError>,
{
    let value = f(&Tx::new(Conn::Postgres(RefCell::new(&mut *conn))));
    match value {
        Ok(v) => match conn.batch("COMMIT") {
            Ok(()) => Ok(v),
            Err(e) => {
                let _ = conn.batch("ROLLBACK");
                Err(e.into())
            }
        },
        Err(e) => {
            let _ = conn.batch("ROLLBACK");
            Err(e)
        }
    }
}

impl Tx<'_> {
    /// When the bot last said it was alive (UTC milliseconds); `None` before it ever did.
    ///
    /// # Errors
    /// A database error.
    pub fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        self.query_opt("SELECT alive_at FROM liveness WHERE id = 1", &[], |r| {
            r.get(0)
        })
    }

    /// Notes that the bot is alive at `at` (UTC milliseconds).
    ///
    /// # Errors
    /// A database error.
    pub fn set_alive_at(&self, at: i64) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO liveness (id, alive_at) VALUES (1, ?1) \
             ON CONFLICT (id) DO UPDATE SET alive_at = excluded.alive_at",
            rusqlite::params![at],
        )?;
        Ok(())
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
            n, 43,
            "eighteen tables of the game (five of them events, one the team games' votes, one \
             the estimates' uses, one the seek queue), seven of the training ground, two of the reviews, two of the web (its links' key, members' names), three that \
             processes sharing the database share (ids, shards' liveness, identify turns, the \
             computer's jobs), ten of the Discord adapter"
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
                    let rows = tx.query_all(&format!("EXPLAIN QUERY PLAN {sql}"), &[], |r| {
                        r.get::<String>(3)
                    })?;
                    Ok::<_, StoreError>(rows.join("; "))
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

    /// A store on PostgreSQL in a schema of its own, if `TEST_DATABASE_URL` names a server.
    fn on_postgres(label: &str) -> Option<(testing::TestSchema, Store)> {
        let schema = testing::TestSchema::new(label)?;
        let store = Store::open_postgres(&schema.url, 2).unwrap();
        Some((schema, store))
    }

    #[test]
    fn migrations_apply_to_an_empty_postgres_schema_and_again_as_a_no_op() {
        let Some((schema, store)) = on_postgres("migrations") else {
            return;
        };
        let tables = |store: &Store| {
            store
                .read(|tx| {
                    tx.query_i64(
                        "SELECT count(*) FROM information_schema.tables \
                         WHERE table_schema = current_schema()",
                    )
                })
                .unwrap()
        };
        assert_eq!(
            tables(&store),
            44,
            "the same 43 tables as SQLite's, and the steps applied"
        );
        drop(store);
        let again = Store::open_postgres(&schema.url, 1).unwrap();
        assert_eq!(tables(&again), 44);
        assert_eq!(again.backend(), Backend::Postgres);
    }

    #[test]
    fn a_failed_commit_leaves_a_postgres_database_unchanged() {
        let Some((_schema, store)) = on_postgres("failed commit") else {
            return;
        };
        store.fail_next_commits(1);
        let r: Result<(), StoreError> =
            store.write(|tx| tx.replace_settings(1, &[("enabled".into(), "false".into())]));
        assert!(matches!(r, Err(StoreError::Injected)));
        let read: Result<_, StoreError> = store.read(|tx| tx.settings(1));
        assert!(read.unwrap().is_empty());
        // An error inside the transaction rolls back what came before it.
        let r: Result<(), StoreError> = store.write(|tx| {
            tx.replace_settings(1, &[("enabled".into(), "false".into())])?;
            Err(StoreError::Missing("on purpose".into()))
        });
        assert!(r.is_err());
        let read: Result<_, StoreError> = store.read(|tx| tx.settings(1));
        assert!(read.unwrap().is_empty());
        store
            .write(|tx| tx.replace_settings(1, &[("enabled".into(), "false".into())]))
            .unwrap();
        let read: Result<_, StoreError> = store.read(|tx| tx.settings(1));
        assert_eq!(read.unwrap().len(), 1);
    }

    /// Integers (an id by its bit pattern), reals, text and null, through typed columns.
    fn values_round_trip(store: &Store) {
        let big = u64::MAX - 5;
        let row: Result<_, StoreError> = store.write(|tx| {
            tx.execute(
                "INSERT INTO ratings (guild_id, user_id, rating, deviation, volatility, \
                 held_rank) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                rusqlite::params![to_sql_id(big), 7, 1500, 350.5f64, 0.06f64, 20],
            )?;
            tx.execute(
                "INSERT INTO settings (guild_id, key, value) VALUES (?1, ?2, ?3)",
                rusqlite::params![to_sql_id(big), "komi", "täxt"],
            )?;
            tx.query_one(
                "SELECT r.guild_id, r.rating, r.deviation, s.value, p.titled_at FROM ratings AS r \
                 JOIN settings AS s ON s.guild_id = r.guild_id \
                 LEFT JOIN profiles AS p ON p.guild_id = r.guild_id",
                &[],
                |r| {
                    Ok((
                        r.get::<i64>(0)?,
                        r.get::<f64>(1)?,
                        r.get::<f64>(2)?,
                        r.get::<String>(3)?,
                        r.get::<Option<i64>>(4)?,
                    ))
                },
            )
        });
        let (id, rating, deviation, text, none) = row.unwrap();
        assert_eq!(from_sql_id(id), big);
        assert_eq!(
            (rating, deviation),
            (1500.0, 350.5),
            "an integer sent for a real"
        );
        assert_eq!((text.as_str(), none), ("täxt", None));
        // A value that is not the column's type is an error for the row, not a default.
        let wrong: Result<String, StoreError> = store
            .read(|tx| tx.query_one("SELECT rating FROM ratings", &[], |r| r.get::<String>(0)));
        assert!(wrong.is_err());
    }

    #[test]
    fn values_of_every_kind_round_trip_on_both_backends() {
        values_round_trip(&Store::open_in_memory().unwrap());
        if let Some((_schema, store)) = on_postgres("values") {
            values_round_trip(&store);
        }
    }

    #[test]
    fn ids_round_trip_by_bit_pattern() {
        let big = u64::MAX - 5;
        assert_eq!(from_sql_id(to_sql_id(big)), big);
    }
}
