//! What can go wrong in the database, as the store's callers see it.

use super::matches::RowError;

/// Something went wrong in the database. Internal: never shown to a user as is.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("postgres: {}", pg_message(.0))]
    Postgres(#[from] postgres::Error),
    /// No connection of the PostgreSQL pool came in time (the server is unreachable).
    #[error("postgres: no connection: {0}")]
    Pool(#[from] r2d2::Error),
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
    /// Another process serves this database file (it holds the file's serving lock).
    #[error(
        "the database {} is already served by another Tengen ({}); stop that one first, or give \
         this one a database of its own",
        path.display(),
        holder.map_or_else(|| "a process that did not say which".to_owned(), |p| format!("process {p}"))
    )]
    InUse {
        path: std::path::PathBuf,
        holder: Option<u32>,
    },
    /// Other processes serve this database with another number of Discord's shards.
    #[error(
        "the processes serving {database} run with {theirs} shards, and this one with {ours}: \
         set SHARDS={theirs} (or stop them all to change the number)"
    )]
    ShardTotal {
        database: String,
        theirs: u32,
        ours: u32,
    },
    /// The serving lock's file cannot be opened or locked.
    #[error("cannot lock {}: {cause}", path.display())]
    Lock {
        path: std::path::PathBuf,
        cause: String,
    },
}

/// A PostgreSQL error as a host can act on it: the server's own message and SQLSTATE when the
/// server answered (the driver's display says only "db error" then), else the driver's.
fn pg_message(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} (SQLSTATE {})", db.message(), db.code().code()),
        None => e.to_string(),
    }
}

impl StoreError {
    /// Whether the database could not be reached (a PostgreSQL server gone, a connection lost):
    /// worth trying again in a moment, unlike an error of the data.
    pub fn is_unavailable(&self) -> bool {
        match self {
            StoreError::Pool(_) => true,
            StoreError::Postgres(e) => e.is_closed() || e.as_db_error().is_none(),
            _ => false,
        }
    }
}

impl From<rusqlite_migration::Error> for StoreError {
    fn from(e: rusqlite_migration::Error) -> StoreError {
        StoreError::Migration(e.to_string())
    }
}
