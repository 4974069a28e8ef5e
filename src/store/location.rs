//! Where the database is and how hard a commit is pushed to its disk, as a host sets them.

use super::pg::redact;

/// How hard a commit is pushed to the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// WAL with `synchronous=NORMAL`: a committed transaction survives the process being
    /// killed (the WAL is in the OS page cache), but the last commits may be lost if the
    /// machine itself loses power. No fsync per commit. A host's choice (`DATABASE_SYNC=normal`).
    Process,
    /// WAL with `synchronous=FULL`, the default: the WAL is fsynced at every commit, so a
    /// move survives a power loss too. Discord's pace is a few moves a second; an fsync per
    /// commit still leaves thousands a second (`cargo bench --bench store`). On PostgreSQL
    /// every commit is durable (`synchronous_commit=on`) whatever this says.
    #[default]
    Power,
}

/// Where the database is, as a host configures it: an SQLite file (the default), or a
/// PostgreSQL server (`DATABASE_URL`). Shown without a password.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    Sqlite {
        path: std::path::PathBuf,
        durability: Durability,
    },
    Postgres {
        url: String,
        /// The most connections the pool opens.
        connections: u32,
    },
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite { path, .. } => write!(f, "{}", path.display()),
            Location::Postgres { url, .. } => f.write_str(&redact(url)),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite { path, durability } => f
                .debug_struct("Sqlite")
                .field("path", path)
                .field("durability", durability)
                .finish(),
            Location::Postgres { url, connections } => f
                .debug_struct("Postgres")
                .field("url", &redact(url))
                .field("connections", connections)
                .finish(),
        }
    }
}
