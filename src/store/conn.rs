//! One transaction, whichever backend holds it: the few calls every table group is written
//! with — run a statement, read one row, read every row — and the row they hand back, whose
//! columns decode through rusqlite's `FromSql` on both backends (see `pg.rs` for the value
//! model). The SQL is written once, in the dialect both backends share.

use std::cell::RefCell;

use rusqlite::ToSql;
use rusqlite::types::{FromSql, FromSqlError, ValueRef};

use super::StoreError;
use super::pg::{PgConn, PgRow};

/// Which backend a store runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file: one process, nothing to install.
    Sqlite,
    /// A PostgreSQL server, which several processes may share.
    Postgres,
}

pub(super) enum Conn<'a> {
    Sqlite(&'a rusqlite::Connection),
    Postgres(RefCell<&'a mut PgConn>),
}

/// An open transaction: every method runs inside it, nothing is visible until commit.
pub struct Tx<'a> {
    pub(super) conn: Conn<'a>,
    /// What the transaction changed so far, for the listeners of its commit (SQLite; see
    /// [`Tx::note_change`]).
    pub(super) changed: RefCell<Vec<super::changes::Change>>,
}

impl<'a> Tx<'a> {
    pub(super) fn new(conn: Conn<'a>) -> Tx<'a> {
        Tx {
            conn,
            changed: RefCell::new(Vec::new()),
        }
    }
}

/// A row being read, on either backend.
pub struct Row<'a>(RowOf<'a>);

enum RowOf<'a> {
    Sqlite(&'a rusqlite::Row<'a>),
    Postgres(&'a PgRow),
}

impl Row<'_> {
    /// Column `i`, decoded as `T`.
    ///
    /// # Errors
    /// The column is missing, or its value is not a `T` (rusqlite's errors, on both backends).
    pub fn get<T: FromSql>(&self, i: usize) -> rusqlite::Result<T> {
        match &self.0 {
            RowOf::Sqlite(r) => r.get(i),
            RowOf::Postgres(r) => {
                let v = r.value(i).ok_or(rusqlite::Error::InvalidColumnIndex(i))?;
                let value = ValueRef::from(v);
                let ty = value.data_type();
                T::column_result(value).map_err(|e| match e {
                    FromSqlError::InvalidType => {
                        rusqlite::Error::InvalidColumnType(i, format!("column {i}"), ty)
                    }
                    FromSqlError::OutOfRange(n) => rusqlite::Error::IntegralValueOutOfRange(i, n),
                    other => rusqlite::Error::FromSqlConversionFailure(i, ty, Box::new(other)),
                })
            }
        }
    }

    /// How many columns it has.
    pub fn column_count(&self) -> usize {
        match &self.0 {
            RowOf::Sqlite(r) => r.as_ref().column_count(),
            RowOf::Postgres(r) => r.len(),
        }
    }

    /// Column `i` as whatever value it holds (tools that copy rows as they are).
    ///
    /// # Errors
    /// The column is missing.
    pub fn value(&self, i: usize) -> rusqlite::Result<rusqlite::types::Value> {
        self.get(i)
    }
}

impl Tx<'_> {
    /// Which backend runs the transaction.
    pub fn backend(&self) -> Backend {
        match self.conn {
            Conn::Sqlite(_) => Backend::Sqlite,
            Conn::Postgres(_) => Backend::Postgres,
        }
    }

    /// Runs a statement; how many rows it changed.
    ///
    /// # Errors
    /// A database error.
    pub fn execute(&self, sql: &str, params: &[&dyn ToSql]) -> Result<usize, StoreError> {
        match &self.conn {
            Conn::Sqlite(c) => Ok(c.prepare_cached(sql)?.execute(params)?),
            Conn::Postgres(c) => c.borrow_mut().execute(sql, params),
        }
    }

    /// The first row of a query, decoded by `f`; `None` when it has none.
    ///
    /// # Errors
    /// A database error, or the row does not decode.
    pub fn query_opt<T>(
        &self,
        sql: &str,
        params: &[&dyn ToSql],
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        match &self.conn {
            Conn::Sqlite(c) => {
                let mut st = c.prepare_cached(sql)?;
                let mut rows = st.query(params)?;
                match rows.next()? {
                    Some(r) => Ok(Some(f(&Row(RowOf::Sqlite(r)))?)),
                    None => Ok(None),
                }
            }
            Conn::Postgres(c) => {
                let rows = c.borrow_mut().query(sql, params)?;
                match rows.first() {
                    Some(r) => Ok(Some(f(&Row(RowOf::Postgres(r)))?)),
                    None => Ok(None),
                }
            }
        }
    }

    /// The one row of a query (a count, a row known to be there), decoded by `f`.
    ///
    /// # Errors
    /// A database error, no row ([`StoreError::Missing`]), or the row does not decode.
    pub fn query_one<T>(
        &self,
        sql: &str,
        params: &[&dyn ToSql],
        f: impl FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        self.query_opt(sql, params, f)?
            .ok_or_else(|| StoreError::Missing(format!("a row of {sql}")))
    }

    /// Every row of a query, each decoded by `f`.
    ///
    /// # Errors
    /// A database error, or a row does not decode.
    pub fn query_all<T>(
        &self,
        sql: &str,
        params: &[&dyn ToSql],
        mut f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, StoreError> {
        let mut out = Vec::new();
        self.query_each(sql, params, |r| {
            out.push(f(r)?);
            Ok(())
        })?;
        Ok(out)
    }

    /// Hands every row of a query to `each`, in order, as they are read (a start-up scan of
    /// many rows); `each` decides what a row that does not decode means.
    ///
    /// # Errors
    /// A database error, or the first error `each` returns.
    pub fn query_each(
        &self,
        sql: &str,
        params: &[&dyn ToSql],
        mut each: impl FnMut(&Row<'_>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        match &self.conn {
            Conn::Sqlite(c) => {
                let mut st = c.prepare_cached(sql)?;
                let mut rows = st.query(params)?;
                while let Some(r) = rows.next()? {
                    each(&Row(RowOf::Sqlite(r)))?;
                }
                Ok(())
            }
            Conn::Postgres(c) => {
                let rows = c.borrow_mut().query(sql, params)?;
                for r in &rows {
                    each(&Row(RowOf::Postgres(r)))?;
                }
                Ok(())
            }
        }
    }

    /// Runs a query that returns one integer (tests and tools).
    ///
    /// # Errors
    /// A database error.
    #[doc(hidden)]
    pub fn query_i64(&self, sql: &str) -> Result<i64, StoreError> {
        self.query_one(sql, &[], |r| r.get(0))
    }
}
