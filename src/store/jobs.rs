//! The computer's searches for worker processes (`tengen worker`): a job per move of a game
//! against the computer, written by the bot process that holds the game, leased by a worker
//! (`FOR UPDATE SKIP LOCKED`: two workers never take the same job), answered, and deleted by
//! the bot once applied. A worker that dies lets its job go when its lease runs out.

use rusqlite::params;

use super::{Backend, StoreError, Tx};

/// The channel workers listen on for new jobs (PostgreSQL's `LISTEN/NOTIFY`).
pub const JOBS_CHANNEL: &str = "tengen_ai_jobs";

/// The channel bot processes listen on for their jobs' answers (PostgreSQL's `LISTEN/NOTIFY`).
pub const ANSWERS_CHANNEL: &str = "tengen_ai_answers";

/// A job a worker took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeasedJob {
    pub match_id: i64,
    pub move_number: u32,
    pub job: String,
}

impl Tx<'_> {
    /// Posts the search of move `move_number` of a match, unless it is posted already (a bot
    /// restarted while waiting finds its job, answered or not). Wakes the workers.
    ///
    /// # Errors
    /// A database error.
    pub fn post_job(
        &self,
        match_id: i64,
        move_number: u32,
        job: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO ai_jobs (match_id, move_number, job, created_at) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (match_id, move_number) DO NOTHING",
            params![match_id, move_number, job, now],
        )?;
        if self.backend() == Backend::Postgres {
            self.execute(&format!("NOTIFY {JOBS_CHANNEL}"), &[])?;
        }
        Ok(())
    }

    /// The answer to a job, once a worker gave it.
    ///
    /// # Errors
    /// A database error.
    pub fn job_answer(
        &self,
        match_id: i64,
        move_number: u32,
    ) -> Result<Option<String>, StoreError> {
        Ok(self
            .query_opt(
                "SELECT answer FROM ai_jobs WHERE match_id = ?1 AND move_number = ?2",
                params![match_id, move_number],
                |r| r.get::<Option<String>>(0),
            )?
            .flatten())
    }

    /// Removes the jobs of a match up to `move_number` (answered and applied, or stale).
    ///
    /// # Errors
    /// A database error.
    pub fn drop_jobs(&self, match_id: i64, move_number: u32) -> Result<(), StoreError> {
        self.execute(
            "DELETE FROM ai_jobs WHERE match_id = ?1 AND move_number <= ?2",
            params![match_id, move_number],
        )?;
        Ok(())
    }

    /// Takes the oldest job no one answered and no live lease holds, for `worker` until
    /// `until` (UTC ms).
    ///
    /// # Errors
    /// A database error.
    pub fn lease_job(
        &self,
        worker: &str,
        now: i64,
        until: i64,
    ) -> Result<Option<LeasedJob>, StoreError> {
        // SQLite has one writer at a time and no row locks: the plain sub-select is enough.
        let skip = match self.backend() {
            Backend::Postgres => "FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
        self.query_opt(
            &format!(
                "UPDATE ai_jobs SET worker = ?1, leased_until = ?2 \
                 WHERE (match_id, move_number) = (SELECT match_id, move_number FROM ai_jobs \
                 WHERE answer IS NULL AND (leased_until IS NULL OR leased_until < ?3) \
                 ORDER BY created_at, match_id LIMIT 1 {skip}) \
                 RETURNING match_id, move_number, job"
            ),
            params![worker, until, now],
            |r| {
                Ok(LeasedJob {
                    match_id: r.get(0)?,
                    move_number: r.get(1)?,
                    job: r.get(2)?,
                })
            },
        )
    }

    /// Lets go of a job `worker` holds and has not answered (it is stopping): the next worker
    /// takes it at once rather than when the lease ends.
    ///
    /// # Errors
    /// A database error.
    pub fn release_job(
        &self,
        match_id: i64,
        move_number: u32,
        worker: &str,
    ) -> Result<(), StoreError> {
        self.execute(
            "UPDATE ai_jobs SET worker = NULL, leased_until = NULL WHERE match_id = ?1 \
             AND move_number = ?2 AND worker = ?3 AND answer IS NULL",
            params![match_id, move_number, worker],
        )?;
        Ok(())
    }

    /// A worker's answer to the job it holds: `false` if its lease was lost to another. Wakes
    /// the bot process waiting for it.
    ///
    /// # Errors
    /// A database error.
    pub fn answer_job(
        &self,
        match_id: i64,
        move_number: u32,
        worker: &str,
        answer: &str,
    ) -> Result<bool, StoreError> {
        let n = self.execute(
            "UPDATE ai_jobs SET answer = ?4 WHERE match_id = ?1 AND move_number = ?2 \
             AND worker = ?3 AND answer IS NULL",
            params![match_id, move_number, worker, answer],
        )?;
        if n == 1 && self.backend() == Backend::Postgres {
            self.execute(&format!("NOTIFY {ANSWERS_CHANNEL}"), &[])?;
        }
        Ok(n == 1)
    }
}

#[cfg(test)]
mod tests {
    use crate::store::Store;

    #[test]
    fn a_job_is_leased_once_taken_again_after_its_lease_and_answered_by_its_holder() {
        let store = Store::open_in_memory().unwrap();
        store.write(|tx| tx.post_job(7, 3, "{}", 1_000)).unwrap();
        store
            .write(|tx| tx.post_job(7, 3, "{other}", 1_001))
            .unwrap();
        let a = store.write(|tx| tx.lease_job("a", 2_000, 5_000)).unwrap();
        assert_eq!(
            a.as_ref()
                .map(|j| (j.match_id, j.move_number, j.job.as_str())),
            Some((7, 3, "{}"))
        );
        let none = store.write(|tx| tx.lease_job("b", 3_000, 6_000)).unwrap();
        assert_eq!(none, None, "held by a's lease");
        // a dies; its lease runs out and b takes the job.
        let b = store.write(|tx| tx.lease_job("b", 5_001, 9_000)).unwrap();
        assert!(b.is_some());
        assert!(
            !store.write(|tx| tx.answer_job(7, 3, "a", "ee")).unwrap(),
            "a lost it"
        );
        assert!(store.write(|tx| tx.answer_job(7, 3, "b", "ee")).unwrap());
        assert_eq!(
            store.read(|tx| tx.job_answer(7, 3)).unwrap().as_deref(),
            Some("ee")
        );
        assert_eq!(
            store
                .write(|tx| tx.lease_job("c", 99_999, 100_000))
                .unwrap(),
            None,
            "answered"
        );
        store.write(|tx| tx.drop_jobs(7, 3)).unwrap();
        assert_eq!(store.read(|tx| tx.job_answer(7, 3)).unwrap(), None);
    }

    #[test]
    fn a_job_let_go_by_its_holder_is_taken_at_once_by_another() {
        let store = Store::open_in_memory().unwrap();
        store.write(|tx| tx.post_job(7, 3, "{}", 1_000)).unwrap();
        assert!(
            store
                .write(|tx| tx.lease_job("a", 2_000, 60_000))
                .unwrap()
                .is_some()
        );
        store.write(|tx| tx.release_job(7, 3, "b")).unwrap();
        assert_eq!(
            store.write(|tx| tx.lease_job("c", 3_000, 60_000)).unwrap(),
            None,
            "only its holder lets a job go"
        );
        store.write(|tx| tx.release_job(7, 3, "a")).unwrap();
        assert!(
            store
                .write(|tx| tx.lease_job("b", 3_000, 60_000))
                .unwrap()
                .is_some()
        );
        assert!(!store.write(|tx| tx.answer_job(7, 3, "a", "ee")).unwrap());
    }
}
