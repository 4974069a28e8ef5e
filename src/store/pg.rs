//! The PostgreSQL backend: a pool of connections (r2d2), each with its prepared statements, and
//! the mapping between PostgreSQL's values and the store's value model.
//!
//! The store has one value model for both backends, SQLite's: null, 64-bit integer, real,
//! text, blob. Every typed column converts through rusqlite's `ToSql`/`FromSql` (the typed
//! codes, the JSON forms, ids by bit pattern), and here those values travel to and from
//! PostgreSQL's `BIGINT`, `DOUBLE PRECISION`, `TEXT` and `BYTEA` (a `BOOLEAN`, an `INTEGER` or
//! a `SMALLINT` also read as an integer). So one SQL text and one row decoder serve both: the
//! SQL is written with SQLite's numbered parameters (`?1`), which become `$1` here.

use std::collections::HashMap;
use std::error::Error;
use std::str::FromStr;

use postgres::types::{IsNull, ToSql as PgToSql, Type, to_sql_checked};
use postgres::{Client, NoTls, Statement};
use rusqlite::ToSql;
use rusqlite::types::{ToSqlOutput, Value};

use super::StoreError;

/// One connection: the client and the statements prepared on it.
pub(super) struct PgConn {
    /// `None` only once dropped (see the `Drop` below).
    client: Option<Client>,
    statements: HashMap<String, Statement>,
}

impl Drop for PgConn {
    fn drop(&mut self) {
        if let Some(client) = self.client.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            // Closing a client blocks on its own runtime, which cannot run inside the caller's
            // (the last store dropped as the bot stops): it closes on a thread of its own.
            std::thread::spawn(move || drop(client));
        }
    }
}

/// A row read from PostgreSQL, its columns already in the store's value model.
pub(super) struct PgRow {
    values: Vec<Value>,
}

impl PgRow {
    /// The value of column `i`.
    pub(super) fn value(&self, i: usize) -> Option<&Value> {
        self.values.get(i)
    }

    /// How many columns it has.
    pub(super) fn len(&self) -> usize {
        self.values.len()
    }
}

/// SQLite's numbered parameters (`?1`) as PostgreSQL's (`$1`). The store's SQL has no `?` in a
/// string literal, so every one is a parameter.
pub(super) fn dialect(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

impl PgConn {
    /// Connects to `url` and makes every commit durable (`synchronous_commit=on`, whatever
    /// the server's default).
    pub(super) fn connect(url: &str) -> Result<PgConn, postgres::Error> {
        let config = postgres::Config::from_str(url)?;
        let mut client = config.connect(NoTls)?;
        client.batch_execute("SET synchronous_commit = on")?;
        Ok(PgConn {
            client: Some(client),
            statements: HashMap::new(),
        })
    }

    /// The client (there until the connection is dropped).
    fn client(&mut self) -> Result<&mut Client, StoreError> {
        self.client
            .as_mut()
            .ok_or_else(|| StoreError::Missing("a PostgreSQL connection already closed".into()))
    }

    /// The statement of `sql`, prepared once on this connection.
    fn statement(&mut self, sql: &str) -> Result<Statement, StoreError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client()?.prepare(&dialect(sql))?;
        self.statements.insert(sql.to_owned(), s.clone());
        Ok(s)
    }

    /// Runs a statement; the rows it changed.
    pub(super) fn execute(
        &mut self,
        sql: &str,
        params: &[&dyn ToSql],
    ) -> Result<usize, StoreError> {
        let st = self.statement(sql)?;
        let values = values_of(params)?;
        let refs: Vec<&(dyn PgToSql + Sync)> =
            values.iter().map(|v| v as &(dyn PgToSql + Sync)).collect();
        let n = self.client()?.execute(&st, &refs)?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Runs a query; its rows.
    pub(super) fn query(
        &mut self,
        sql: &str,
        params: &[&dyn ToSql],
    ) -> Result<Vec<PgRow>, StoreError> {
        let st = self.statement(sql)?;
        let values = values_of(params)?;
        let refs: Vec<&(dyn PgToSql + Sync)> =
            values.iter().map(|v| v as &(dyn PgToSql + Sync)).collect();
        let rows = self.client()?.query(&st, &refs)?;
        rows.iter().map(row_of).collect()
    }

    /// Runs SQL without parameters (transaction control, a migration's statements).
    pub(super) fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.client()?.batch_execute(sql)?)
    }

    /// Whether the connection is gone (the server stopped, the network failed).
    pub(super) fn is_closed(&self) -> bool {
        self.client.as_ref().is_none_or(Client::is_closed)
    }
}

/// A parameter in the store's value model, written as whatever type PostgreSQL inferred for
/// its place.
#[derive(Debug)]
struct PgValue(Value);

fn values_of(params: &[&dyn ToSql]) -> Result<Vec<PgValue>, StoreError> {
    params
        .iter()
        .map(|p| {
            Ok(PgValue(match p.to_sql()? {
                ToSqlOutput::Borrowed(v) => owned(v),
                ToSqlOutput::Owned(v) => v,
                _ => {
                    return Err(StoreError::Migration(
                        "a parameter the PostgreSQL backend cannot send".into(),
                    ));
                }
            }))
        })
        .collect()
}

/// A value of the store's model, owned.
fn owned(v: rusqlite::types::ValueRef<'_>) -> Value {
    use rusqlite::types::ValueRef;
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Integer(i),
        ValueRef::Real(r) => Value::Real(r),
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    }
}

impl PgToSql for PgValue {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match (&self.0, ty) {
            (Value::Null, _) => Ok(IsNull::Yes),
            (Value::Integer(i), &Type::INT8) => PgToSql::to_sql(i, ty, out),
            (Value::Integer(i), &Type::INT4) => PgToSql::to_sql(&i32::try_from(*i)?, ty, out),
            (Value::Integer(i), &Type::INT2) => PgToSql::to_sql(&i16::try_from(*i)?, ty, out),
            (Value::Integer(i), &Type::BOOL) => PgToSql::to_sql(&(*i != 0), ty, out),
            // An integer where a real is wanted (a rating of 1500): exact below 2⁵³.
            (Value::Integer(i), &Type::FLOAT8) => PgToSql::to_sql(&(*i as f64), ty, out),
            (Value::Real(r), &Type::FLOAT8) => PgToSql::to_sql(r, ty, out),
            (Value::Text(s), &Type::TEXT | &Type::VARCHAR | &Type::BPCHAR | &Type::NAME) => {
                PgToSql::to_sql(&s.as_str(), ty, out)
            }
            (Value::Blob(b), &Type::BYTEA) => PgToSql::to_sql(&b.as_slice(), ty, out),
            (v, ty) => Err(format!("{v:?} cannot be sent as {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

/// A row's columns in the store's value model.
fn row_of(row: &postgres::Row) -> Result<PgRow, StoreError> {
    let mut values = Vec::with_capacity(row.len());
    for (i, column) in row.columns().iter().enumerate() {
        let ty = column.type_();
        let bad = |e: postgres::Error| StoreError::Postgres(e);
        let v = match *ty {
            Type::INT8 => row
                .try_get::<_, Option<i64>>(i)
                .map_err(bad)?
                .map(Value::Integer),
            Type::INT4 => row
                .try_get::<_, Option<i32>>(i)
                .map_err(bad)?
                .map(|n| Value::Integer(n.into())),
            Type::INT2 => row
                .try_get::<_, Option<i16>>(i)
                .map_err(bad)?
                .map(|n| Value::Integer(n.into())),
            Type::BOOL => row
                .try_get::<_, Option<bool>>(i)
                .map_err(bad)?
                .map(|b| Value::Integer(b.into())),
            Type::FLOAT8 => row
                .try_get::<_, Option<f64>>(i)
                .map_err(bad)?
                .map(Value::Real),
            Type::FLOAT4 => row
                .try_get::<_, Option<f32>>(i)
                .map_err(bad)?
                .map(|f| Value::Real(f.into())),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => row
                .try_get::<_, Option<String>>(i)
                .map_err(bad)?
                .map(Value::Text),
            Type::BYTEA => row
                .try_get::<_, Option<Vec<u8>>>(i)
                .map_err(bad)?
                .map(Value::Blob),
            ref other => {
                return Err(StoreError::Migration(format!(
                    "column {} of type {other} has no value in the store's model",
                    column.name()
                )));
            }
        };
        values.push(v.unwrap_or(Value::Null));
    }
    Ok(PgRow { values })
}

/// Makes the pool's connections.
#[derive(Debug)]
pub(super) struct PgManager {
    pub url: String,
}

impl r2d2::ManageConnection for PgManager {
    type Connection = PgConn;
    type Error = postgres::Error;

    fn connect(&self) -> Result<PgConn, postgres::Error> {
        PgConn::connect(&self.url)
    }

    fn is_valid(&self, conn: &mut PgConn) -> Result<(), postgres::Error> {
        if let Some(client) = conn.client.as_mut() {
            client.simple_query("")?;
        }
        Ok(())
    }

    fn has_broken(&self, conn: &mut PgConn) -> bool {
        conn.is_closed()
    }
}

/// The schema's steps for PostgreSQL (`migrations/postgres/NN-name/up.sql`), in order.
pub(super) fn migrations() -> Result<Vec<(u32, &'static str, &'static str)>, StoreError> {
    let mut steps = Vec::new();
    let Some(dir) = super::MIGRATIONS_DIR.get_dir("postgres") else {
        return Err(StoreError::Migration("no migrations/postgres".into()));
    };
    for d in dir.dirs() {
        let name = d
            .path()
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| StoreError::Migration(format!("{:?}", d.path())))?;
        let version: u32 = name
            .split('-')
            .next()
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| StoreError::Migration(format!("{name} has no number")))?;
        let sql = d
            .get_file(d.path().join("up.sql"))
            .and_then(|f| f.contents_utf8())
            .ok_or_else(|| StoreError::Migration(format!("{name} has no readable up.sql")))?;
        steps.push((version, name, sql));
    }
    steps.sort_by_key(|s| s.0);
    Ok(steps)
}

/// The key of the advisory lock that serialises migrations between processes.
const MIGRATION_LOCK: i64 = 0x7465_6e67_656e_0001;

/// Brings the database to the latest schema: each step not applied yet, in its own
/// transaction, all under an advisory lock so that processes starting together migrate once
/// (even `CREATE TABLE IF NOT EXISTS` fails when two sessions run it at the same moment).
pub(super) fn migrate(conn: &mut PgConn) -> Result<(), StoreError> {
    conn.execute(
        "SELECT pg_advisory_lock(?1)",
        rusqlite::params![MIGRATION_LOCK],
    )?;
    let migrated = migrate_locked(conn);
    let unlocked = conn.execute(
        "SELECT pg_advisory_unlock(?1)",
        rusqlite::params![MIGRATION_LOCK],
    );
    migrated?;
    unlocked.map(|_| ())
}

fn migrate_locked(conn: &mut PgConn) -> Result<(), StoreError> {
    conn.batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (\
             version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    )?;
    for (version, name, sql) in migrations()? {
        conn.batch("BEGIN")?;
        let done = (|| {
            let applied = conn.query(
                "SELECT 1 FROM schema_migrations WHERE version = ?1",
                rusqlite::params![i64::from(version)],
            )?;
            if applied.is_empty() {
                conn.batch(sql)?;
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
                conn.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
                    rusqlite::params![i64::from(version), name, now],
                )?;
            }
            Ok::<(), StoreError>(())
        })();
        match done {
            Ok(()) => conn.batch("COMMIT")?,
            Err(e) => {
                let _ = conn.batch("ROLLBACK");
                return Err(e);
            }
        }
    }
    Ok(())
}

/// A database URL without its password, for messages and logs.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            let user = user.split(':').next().unwrap_or_default();
            format!("{}{}@{}", &url[..scheme + 3], user, &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_parameters_become_postgres_ones() {
        assert_eq!(
            dialect("UPDATE m SET a = ?2 WHERE id = ?1 AND b IN (?10, ?3)"),
            "UPDATE m SET a = $2 WHERE id = $1 AND b IN ($10, $3)"
        );
        assert_eq!(dialect("SELECT 1"), "SELECT 1");
    }

    #[test]
    fn a_url_is_shown_without_its_password() {
        assert_eq!(
            redact("postgres://tengen:s3cret@db.example:5432/go"),
            "postgres://tengen@db.example:5432/go"
        );
        assert_eq!(
            redact("postgres://127.0.0.1/test"),
            "postgres://127.0.0.1/test"
        );
    }
}
