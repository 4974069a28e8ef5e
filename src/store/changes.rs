//! What a commit changed, told to whoever shows it live (the web's pages): a match (a move,
//! its end, a new game) or an event (a round, its standings). On PostgreSQL each change is a
//! `NOTIFY` in the commit's own transaction, so every process hears it once it is committed
//! and never when it is rolled back; on SQLite the one process that writes tells its own
//! listeners after the commit.

use std::sync::Mutex;

use rusqlite::params;

use super::{Backend, StoreError, Tx};

/// The channel of PostgreSQL's `NOTIFY` that carries the changes.
pub const CHANGES_CHANNEL: &str = "tengen_changes";

/// One thing a commit changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Change {
    Match(i64),
    Event(i64),
}

impl Change {
    /// The change as a notification's payload: `m12`, `e3`.
    pub fn payload(self) -> String {
        match self {
            Change::Match(id) => format!("m{id}"),
            Change::Event(id) => format!("e{id}"),
        }
    }

    /// A payload read back; `None` for anything else.
    pub fn parse(payload: &str) -> Option<Change> {
        let (kind, id) = payload.split_at_checked(1)?;
        let id: i64 = id.parse().ok()?;
        match kind {
            "m" => Some(Change::Match(id)),
            "e" => Some(Change::Event(id)),
            _ => None,
        }
    }
}

/// Who hears this process's commits on SQLite.
type Listener = Box<dyn Fn(&[Change]) + Send + Sync>;

/// The listeners of a store's commits, and what the transaction under way changed so far.
#[derive(Default)]
pub(super) struct Listeners {
    all: Mutex<Vec<Listener>>,
}

impl Listeners {
    pub(super) fn add(&self, listener: Listener) {
        self.all
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(listener);
    }

    /// Tells every listener what a commit changed (nothing when it changed nothing).
    pub(super) fn tell(&self, changes: &[Change]) {
        if changes.is_empty() {
            return;
        }
        for listener in self.all.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            listener(changes);
        }
    }
}

impl super::Store {
    /// Calls `listener` after each commit of this process with what it changed (SQLite; on
    /// PostgreSQL the changes come by `NOTIFY` to every process, see [`CHANGES_CHANNEL`]).
    pub fn on_changes(&self, listener: impl Fn(&[Change]) + Send + Sync + 'static) {
        self.listeners.add(Box::new(listener));
    }
}

impl Tx<'_> {
    /// Notes that this transaction changed `change`: told when it commits.
    ///
    /// # Errors
    /// A database error (PostgreSQL's `NOTIFY`).
    pub fn note_change(&self, change: Change) -> Result<(), StoreError> {
        match self.backend() {
            Backend::Postgres => {
                // `pg_notify` returns nothing to decode: run, not read.
                self.execute(
                    "SELECT pg_notify(?1, ?2)",
                    params![CHANGES_CHANNEL, change.payload()],
                )?;
            }
            Backend::Sqlite => {
                let mut noted = self.changed.borrow_mut();
                if !noted.contains(&change) {
                    noted.push(change);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_reads_back_and_nothing_else_does() {
        for c in [Change::Match(12), Change::Event(3), Change::Match(i64::MAX)] {
            assert_eq!(Change::parse(&c.payload()), Some(c));
        }
        for bad in ["", "m", "x12", "m1.5", "e-", "m12 "] {
            assert_eq!(Change::parse(bad), None, "{bad:?}");
        }
    }
}
