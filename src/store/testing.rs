//! A PostgreSQL schema of its own for each test (`TEST_DATABASE_URL`), so that tests on the
//! second backend run in parallel and leave nothing behind. Test support, not for hosts.

use std::sync::atomic::{AtomicU32, Ordering};

use super::StoreError;
use super::pg::PgConn;

/// A schema made for one test on the server of `TEST_DATABASE_URL`; dropped with it.
pub struct TestSchema {
    admin: String,
    name: String,
    /// The URL whose connections use the schema (its `search_path`).
    pub url: String,
}

/// The server the PostgreSQL tests run on, if `TEST_DATABASE_URL` names one.
pub fn test_database_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
}

/// Whether the PostgreSQL tests must run (under CI, the `CI` variable set): a missing
/// `TEST_DATABASE_URL` then fails them instead of skipping them.
pub fn postgres_required() -> bool {
    std::env::var_os("CI").is_some()
}

impl TestSchema {
    /// A new, empty schema for the test `label`; `None` (and a line saying the test was
    /// skipped) without `TEST_DATABASE_URL`.
    ///
    /// # Panics
    /// Under CI without `TEST_DATABASE_URL`, or when the server cannot be reached: the
    /// PostgreSQL tests must run there.
    pub fn new(label: &str) -> Option<TestSchema> {
        off_runtime(|| TestSchema::create(label))
    }

    fn create(label: &str) -> Option<TestSchema> {
        let Some(admin) = test_database_url() else {
            assert!(
                !postgres_required(),
                "TEST_DATABASE_URL is not set, and under CI the PostgreSQL tests must run: \
                 point it at a PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres)"
            );
            println!("SKIPPED on PostgreSQL: TEST_DATABASE_URL is not set ({label})");
            return None;
        };
        static N: AtomicU32 = AtomicU32::new(0);
        let nonce = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!(
            "t_{}_{}_{nonce}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        );
        let mut conn = PgConn::connect(&admin)
            .unwrap_or_else(|e| panic!("cannot reach TEST_DATABASE_URL: {e}"));
        conn.batch(&format!("CREATE SCHEMA {name}"))
            .unwrap_or_else(|e| panic!("cannot create a test schema: {e}"));
        let sep = if admin.contains('?') { '&' } else { '?' };
        let url = format!("{admin}{sep}options=-c%20search_path%3D{name}");
        Some(TestSchema { admin, name, url })
    }

    /// Drops the schema now (what dropping the value does), reporting a failure.
    ///
    /// # Errors
    /// The server cannot be reached.
    pub fn drop_now(&self) -> Result<(), StoreError> {
        let mut conn = PgConn::connect(&self.admin)?;
        conn.batch(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name))
    }
}

impl Drop for TestSchema {
    fn drop(&mut self) {
        let _ = off_runtime(|| self.drop_now());
    }
}

/// Runs `f`, which blocks on PostgreSQL's synchronous client, outside the async runtime's
/// workers if called on one (an async test): the client starts a runtime of its own, which
/// cannot nest in another.
pub fn off_runtime<T>(f: impl FnOnce() -> T) -> T {
    if tokio::runtime::Handle::try_current().is_ok() {
        tokio::task::block_in_place(f)
    } else {
        f()
    }
}
