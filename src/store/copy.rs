//! Moving a server's data from one store to another (`tengen migrate-db`): every table, the
//! game's and the Discord adapter's, copied row by row in an order that keeps every reference
//! valid, into a target that must be empty; then the counts compared.

use rusqlite::ToSql;
use rusqlite::types::Value;

use super::{Backend, Store, StoreError, Tx};

/// Every table of the schema, each after the tables it refers to.
pub const TABLES: [&str; 43] = [
    "settings",
    "invitations",
    "matches",
    "moves",
    "votes",
    "match_estimates",
    "profiles",
    "merit_pairs",
    "computer_records",
    "ratings",
    "rating_history",
    "liveness",
    "events",
    "event_entries",
    "event_games",
    "event_bars",
    "event_rulings",
    "training_ratings",
    "training_problem_ratings",
    "training_attempts",
    "training_seen",
    "training_daily",
    "training_daily_solvers",
    "training_streaks",
    "seeks",
    "reviews",
    "review_positions",
    "web_secret",
    "display_names",
    "discord_boards",
    "discord_invitations",
    "discord_settings",
    "discord_guilds",
    "discord_events",
    "discord_relays",
    "discord_team_boards",
    "discord_daily",
    "discord_notices",
    "discord_quiet",
    "id_blocks",
    "shard_liveness",
    "identify_slots",
    "ai_jobs",
];

/// The tables a store holds (the migrations' own bookkeeping left out).
///
/// # Errors
/// A database error.
pub fn tables_of(tx: &Tx<'_>) -> Result<Vec<String>, StoreError> {
    let sql = match tx.backend() {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
             ORDER BY name"
        }
        Backend::Postgres => {
            "SELECT table_name FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' \
             AND table_name <> 'schema_migrations' ORDER BY table_name"
        }
    };
    tx.query_all(sql, &[], |r| r.get(0))
}

/// The columns of `table`, in the schema's order.
///
/// # Errors
/// A database error.
pub fn columns_of(tx: &Tx<'_>, table: &str) -> Result<Vec<String>, StoreError> {
    match tx.backend() {
        Backend::Sqlite => tx.query_all(
            "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
            rusqlite::params![table],
            |r| r.get(0),
        ),
        Backend::Postgres => tx.query_all(
            "SELECT column_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = ?1 ORDER BY ordinal_position",
            rusqlite::params![table],
            |r| r.get(0),
        ),
    }
}

/// Every row of `table`, each as its `columns`' values, in the order of the columns (the
/// primary key leads every table, so it is a stable order on both backends).
///
/// # Errors
/// A database error.
pub fn rows_of(
    tx: &Tx<'_>,
    table: &str,
    columns: &[String],
) -> Result<Vec<Vec<Value>>, StoreError> {
    let list = columns.join(", ");
    let order: Vec<String> = (1..=columns.len()).map(|i| i.to_string()).collect();
    tx.query_all(
        &format!("SELECT {list} FROM {table} ORDER BY {}", order.join(", ")),
        &[],
        |r| (0..columns.len()).map(|i| r.value(i)).collect(),
    )
}

/// How many rows each table holds.
///
/// # Errors
/// A database error.
pub fn counts(store: &Store) -> Result<Vec<(&'static str, i64)>, StoreError> {
    store.read(|tx| {
        TABLES
            .iter()
            .map(|&t| Ok((t, tx.query_i64(&format!("SELECT count(*) FROM {t}"))?)))
            .collect()
    })
}

/// Why a copy did not happen.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The target already holds data: a copy never mixes two servers' games.
    #[error("the target database is not empty ({table} has {rows} rows): give it an empty one")]
    NotEmpty { table: String, rows: i64 },
    /// The source has a table this version does not know (a newer database).
    #[error("the source has tables this Tengen does not know: {0}")]
    UnknownTables(String),
    /// A table's count differs after the copy.
    #[error("{table}: {from} rows in the source, {to} in the target")]
    Counts { table: String, from: i64, to: i64 },
}

/// Copies everything in `from` into the empty `to`, in one transaction of the target, and
/// checks that every table holds as many rows on both sides. The counts, table by table.
///
/// # Errors
/// The target is not empty, the source has a table this version does not know, a database
/// error, or the counts differ (the target's transaction is then rolled back).
pub fn copy_all(from: &Store, to: &Store) -> Result<Vec<(&'static str, i64)>, CopyError> {
    let known: Vec<String> = from.read(tables_of)?;
    let unknown: Vec<&String> = known
        .iter()
        .filter(|t| !TABLES.contains(&t.as_str()))
        .collect();
    if !unknown.is_empty() {
        let names: Vec<&str> = unknown.iter().map(|s| s.as_str()).collect();
        return Err(CopyError::UnknownTables(names.join(", ")));
    }
    for (table, rows) in counts(to)? {
        if rows > 0 {
            return Err(CopyError::NotEmpty {
                table: table.to_owned(),
                rows,
            });
        }
    }
    let source = counts(from)?;
    to.write(|tx| {
        for table in TABLES {
            let columns = from.read(|f| columns_of(f, table))?;
            let rows = from.read(|f| rows_of(f, table, &columns))?;
            let places: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
            let insert = format!(
                "INSERT INTO {table} ({}) VALUES ({})",
                columns.join(", "),
                places.join(", ")
            );
            for row in &rows {
                let params: Vec<&dyn ToSql> = row.iter().map(|v| v as &dyn ToSql).collect();
                tx.execute(&insert, &params)?;
            }
        }
        if tx.backend() == Backend::Postgres {
            // The rulings' ids were copied as they were: the sequence goes on after them.
            tx.query_opt(
                "SELECT setval(pg_get_serial_sequence('event_rulings', 'id'), \
                 coalesce(max(id), 0) + 1, false) FROM event_rulings",
                &[],
                |_| Ok(()),
            )?;
            tx.query_opt(
                "SELECT setval(pg_get_serial_sequence('reviews', 'id'), \
                 coalesce(max(id), 0) + 1, false) FROM reviews",
                &[],
                |_| Ok(()),
            )?;
        }
        for &(table, n) in &source {
            let copied = tx.query_i64(&format!("SELECT count(*) FROM {table}"))?;
            if copied != n {
                return Err(CopyError::Counts {
                    table: table.to_owned(),
                    from: n,
                    to: copied,
                });
            }
        }
        Ok::<(), CopyError>(())
    })?;
    Ok(source)
}
