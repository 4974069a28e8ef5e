//! Discord's shards held across processes on one PostgreSQL database: each shard by an
//! advisory lock on a connection of the process's own, so that one process at a time serves
//! a shard's guilds, and a process that dies lets its shards go with its connection.
//!
//! Keys are two integers: the hash of the schema the tables are in (two Tengens on two schemas
//! of one server do not meet), and a number: the shard itself (below 2¹⁶), [`PLAN`] plus the
//! total for the shared lock every process holds on the number of shards it runs with, and
//! [`JOINING`] for the moment a process compares its total with the others'.

use std::sync::Mutex;

use rusqlite::types::Value;

use super::StoreError;
use super::pg::{PgConn, redact};

/// The base of the keys of the shared locks on the number of shards.
const PLAN: i32 = 0x0001_0000;
/// The key held while a process joins (compares its total, takes its plan lock).
const JOINING: i32 = 0x7fff_fff0;

/// The connection that holds a process's shards.
pub struct PgShardLocks {
    conn: Mutex<PgConn>,
    url: String,
}

fn lock(m: &Mutex<PgConn>) -> std::sync::MutexGuard<'_, PgConn> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn truth(rows: &[super::pg::PgRow]) -> bool {
    matches!(
        rows.first().and_then(|r| r.value(0)),
        Some(Value::Integer(1))
    )
}

impl PgShardLocks {
    /// Opens the connection that will hold the shards.
    ///
    /// # Errors
    /// The server cannot be reached.
    pub fn connect(url: &str) -> Result<PgShardLocks, StoreError> {
        Ok(PgShardLocks {
            conn: Mutex::new(PgConn::connect(url)?),
            url: url.to_owned(),
        })
    }

    /// The number of shards the processes serving this database run with, if any does.
    ///
    /// # Errors
    /// A database error.
    pub fn cluster_total(&self) -> Result<Option<u32>, StoreError> {
        let rows = lock(&self.conn).query(
            "SELECT objid::BIGINT - ?1 FROM pg_locks WHERE locktype = 'advisory' AND granted \
             AND objsubid = 2 AND classid = hashtext(current_schema())::oid \
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database()) \
             AND objid::BIGINT > ?1 AND objid::BIGINT < ?2 ORDER BY 1 LIMIT 1",
            rusqlite::params![i64::from(PLAN), i64::from(JOINING)],
        )?;
        Ok(match rows.first().and_then(|r| r.value(0)) {
            Some(Value::Integer(n)) => u32::try_from(*n).ok(),
            _ => None,
        })
    }

    /// Joins the processes serving this database with `total` shards, or, with `follow`, with
    /// the number they run with if any runs: the number joined with. Without `follow`, refused
    /// while others run with another number (a guild would be on two shards at once).
    ///
    /// # Errors
    /// [`StoreError::ShardTotal`] when the others run with another number and `follow` is not
    /// set; a database error.
    pub fn join(&self, total: u32, follow: bool) -> Result<u32, StoreError> {
        // Our own integers in the SQL (the void results have no value in the store's model, so
        // these run as plain batches).
        let joining = |f: &str| {
            lock(&self.conn).batch(&format!(
                "SELECT {f}(hashtext(current_schema()), {JOINING})"
            ))
        };
        joining("pg_advisory_lock")?;
        let decided = (|| {
            let total = match self.cluster_total()? {
                Some(theirs) if theirs != total && follow => theirs,
                Some(theirs) if theirs != total => {
                    return Err(StoreError::ShardTotal {
                        database: redact(&self.url),
                        theirs,
                        ours: total,
                    });
                }
                _ => total,
            };
            let key = PLAN + i32::try_from(total).unwrap_or(i32::MAX - PLAN);
            lock(&self.conn).batch(&format!(
                "SELECT pg_advisory_lock_shared(hashtext(current_schema()), {key})"
            ))?;
            Ok(total)
        })();
        joining("pg_advisory_unlock")?;
        decided
    }

    /// Takes `shard` if no other process holds it: whether this one now does (again `true`
    /// for a shard it holds already: the lock is not counted twice, see [`Self::holds`]).
    ///
    /// # Errors
    /// The connection failed: every shard it held is lost with it.
    pub fn try_take(&self, shard: u32) -> Result<bool, StoreError> {
        let key = i32::try_from(shard).unwrap_or(PLAN - 1).min(PLAN - 1);
        let mut conn = lock(&self.conn);
        let rows = conn.query(
            "SELECT CASE WHEN pg_try_advisory_lock(hashtext(current_schema()), ?1) \
             THEN 1 ELSE 0 END",
            rusqlite::params![key],
        )?;
        Ok(truth(&rows))
    }

    /// After the connection failed (the server restarted, the network broke): a new one, which
    /// takes `held` again. `Ok(false)` when another process took one of them meanwhile: they
    /// are its now, and this process must stop serving them.
    ///
    /// # Errors
    /// The server still cannot be reached.
    pub fn reconnect(&self, total: u32, held: &[u32]) -> Result<bool, StoreError> {
        let again = PgShardLocks::connect(&self.url)?;
        again.join(total, false)?;
        for &shard in held {
            if !again.try_take(shard)? {
                return Ok(false);
            }
        }
        let fresh = again.conn.into_inner().unwrap_or_else(|e| e.into_inner());
        *lock(&self.conn) = fresh;
        Ok(true)
    }

    /// Whether the connection (and so every shard it holds) is still there: a round trip.
    ///
    /// # Errors
    /// The connection failed.
    pub fn check(&self) -> Result<(), StoreError> {
        lock(&self.conn).batch("SELECT 1")
    }
}

/// A connection that listens on a channel of PostgreSQL's `NOTIFY` (the computer's workers
/// waiting for jobs).
pub struct PgListener {
    client: postgres::Client,
}

impl PgListener {
    /// Connects to `url` and listens on `channel` (a name of our own).
    ///
    /// # Errors
    /// The server cannot be reached.
    pub fn listen(url: &str, channel: &str) -> Result<PgListener, StoreError> {
        use std::str::FromStr;
        let config = postgres::Config::from_str(url)?;
        let mut client = config.connect(postgres::NoTls)?;
        client.batch_execute(&format!("LISTEN {channel}"))?;
        Ok(PgListener { client })
    }

    /// Waits up to `timeout` for a notification: whether one came.
    ///
    /// # Errors
    /// The connection failed.
    pub fn wait(&mut self, timeout: std::time::Duration) -> Result<bool, StoreError> {
        use postgres::fallible_iterator::FallibleIterator;
        let mut notifications = self.client.notifications();
        let mut waiting = notifications.timeout_iter(timeout);
        Ok(waiting.next()?.is_some())
    }

    /// Waits up to `timeout` for notifications: the payloads of those that came (at once,
    /// every one already waiting).
    ///
    /// # Errors
    /// The connection failed.
    pub fn payloads(&mut self, timeout: std::time::Duration) -> Result<Vec<String>, StoreError> {
        use postgres::fallible_iterator::FallibleIterator;
        let mut notifications = self.client.notifications();
        let mut out = Vec::new();
        let first = notifications.timeout_iter(timeout).next()?;
        if let Some(first) = first {
            out.push(first.payload().to_owned());
            let mut waiting = notifications.iter();
            while let Some(n) = waiting.next()? {
                out.push(n.payload().to_owned());
            }
        }
        Ok(out)
    }
}
