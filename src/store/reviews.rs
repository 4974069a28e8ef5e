//! Reviews of games by the engine (复盘): the queue of reviews asked for (`reviews`) and each
//! position's analysis as it is made (`review_positions`, one row a position, as JSON of
//! [`crate::ai::Analysis`]), so that a review stopped at any moment resumes after the last
//! position kept.
//!
//! A review is taken by one runner at a time: a process of the bot, or a `tengen worker`
//! (`AI_WORKERS=external`), named by a string of its own, until its lease ends. Taking is one
//! `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`: on PostgreSQL two processes never
//! take the same review; a runner takes back its own running review at once (a restarted bot
//! on SQLite, whose runner name is the same), another's only once its lease has run out.

use rusqlite::params;

use crate::game::{ChannelId, GuildId, Timestamp, UserId};

use super::{Backend, Row, Scope, StoreError, Tx, from_sql_id, to_sql_id};

/// Reviews queued or running at once on one server.
pub const REVIEWS_PER_SERVER: i64 = 3;

/// Where a review is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewState {
    Queued,
    Running,
    Done,
    Failed,
}

impl ReviewState {
    fn name(self) -> &'static str {
        match self {
            ReviewState::Queued => "queued",
            ReviewState::Running => "running",
            ReviewState::Done => "done",
            ReviewState::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Option<ReviewState> {
        Some(match text {
            "queued" => ReviewState::Queued,
            "running" => ReviewState::Running,
            "done" => ReviewState::Done,
            "failed" => ReviewState::Failed,
            _ => return None,
        })
    }

    /// Whether the review has ended (done or failed).
    pub fn ended(self) -> bool {
        matches!(self, ReviewState::Done | ReviewState::Failed)
    }
}

/// A review asked for, before it is queued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReview {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub requester: UserId,
    /// A match (`#123`) or an uploaded file's name.
    pub what: String,
    /// The record reviewed.
    pub sgf: String,
    pub size: u8,
    /// The positions it analyses (the moves and the start).
    pub total: u32,
}

/// A review as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewRow {
    pub id: i64,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub requester: UserId,
    pub what: String,
    /// The record (empty in the lists of [`Tx::reviews_to_publish`]).
    pub sgf: String,
    pub size: u8,
    pub total: u32,
    pub state: ReviewState,
    /// Who analysed it, as players are told.
    pub engine: Option<String>,
    /// Whether the host's engine failed and Tengen's own went on.
    pub fell_back: bool,
    pub runner: Option<String>,
    pub lease_until: Option<i64>,
    /// The front end's message showing it.
    pub message: Option<u64>,
    /// Whether the message shows its end.
    pub published: bool,
    pub created_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    /// The positions analysed so far.
    pub done: u32,
}

/// What asking for a review came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queued {
    /// Queued as review `id`, `place` in line (1: next or running).
    Queued { id: i64, place: u32 },
    /// The player has a review queued or running on this server.
    AlreadyOne,
    /// The server has [`REVIEWS_PER_SERVER`] queued or running.
    ServerFull,
}

fn columns(with_sgf: bool) -> String {
    format!(
        "id, guild_id, channel_id, requester, what, {}, board_size, total, state, engine, \
         fell_back, runner, lease_until, message_id, published, created_at, finished_at, \
         (SELECT count(*) FROM review_positions p WHERE p.review_id = reviews.id)",
        if with_sgf { "sgf" } else { "''" }
    )
}

fn review_row(r: &Row<'_>) -> rusqlite::Result<ReviewRow> {
    let state: String = r.get(8)?;
    let size: i64 = r.get(6)?;
    Ok(ReviewRow {
        id: r.get(0)?,
        guild: GuildId(from_sql_id(r.get(1)?)),
        channel: ChannelId(from_sql_id(r.get(2)?)),
        requester: UserId(from_sql_id(r.get(3)?)),
        what: r.get(4)?,
        sgf: r.get(5)?,
        size: u8::try_from(size).map_err(|_| bad("a board size", &size.to_string()))?,
        total: r.get(7)?,
        state: ReviewState::parse(&state).ok_or_else(|| bad("a review's state", &state))?,
        engine: r.get(9)?,
        fell_back: r.get::<i64>(10)? != 0,
        runner: r.get(11)?,
        lease_until: r.get(12)?,
        message: r.get::<Option<i64>>(13)?.map(from_sql_id),
        published: r.get::<i64>(14)? != 0,
        created_at: Timestamp::from_millis(r.get(15)?),
        finished_at: r.get::<Option<i64>>(16)?.map(Timestamp::from_millis),
        done: r.get(17)?,
    })
}

fn bad(what: &'static str, text: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        format!("not {what}: {text:?}").into(),
    )
}

/// The advisory lock that makes two requests of one server wait for each other on
/// PostgreSQL, so the server's cap holds (SQLite has one writer at a time).
const QUEUE_LOCK: i64 = 0x7265_7669_6577;

impl Tx<'_> {
    /// Queues a review unless its requester has one queued or running on the server, or the
    /// server has `per_server`; its place in line among all open reviews.
    ///
    /// # Errors
    /// A database error.
    pub fn queue_review(
        &self,
        new: &NewReview,
        now: Timestamp,
        per_server: i64,
    ) -> Result<Queued, StoreError> {
        let guild = to_sql_id(new.guild.0);
        if self.backend() == Backend::Postgres {
            self.query_opt(
                "SELECT 1 FROM (SELECT pg_advisory_xact_lock(?1)) AS locked",
                params![QUEUE_LOCK ^ (guild & 0xffff)],
                |_| Ok(()),
            )?;
        }
        let open = |extra: &str, p: &[&dyn rusqlite::ToSql]| {
            self.query_opt(
                &format!(
                    "SELECT count(*) FROM reviews WHERE state IN ('queued', 'running') {extra}"
                ),
                p,
                |r| r.get::<i64>(0),
            )
            .map(Option::unwrap_or_default)
        };
        if open(
            "AND guild_id = ?1 AND requester = ?2",
            params![guild, to_sql_id(new.requester.0)],
        )? > 0
        {
            return Ok(Queued::AlreadyOne);
        }
        if open("AND guild_id = ?1", params![guild])? >= per_server {
            return Ok(Queued::ServerFull);
        }
        let id = self
            .query_opt(
                "INSERT INTO reviews (guild_id, channel_id, requester, what, sgf, board_size, \
                 total, state, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'queued', ?8) \
                 RETURNING id",
                params![
                    guild,
                    to_sql_id(new.channel.0),
                    to_sql_id(new.requester.0),
                    new.what,
                    new.sgf,
                    i64::from(new.size),
                    i64::from(new.total),
                    now.millis()
                ],
                |r| r.get::<i64>(0),
            )?
            .ok_or_else(|| StoreError::Migration("INSERT … RETURNING gave no id".into()))?;
        let place = open("AND id <= ?1", params![id])?;
        Ok(Queued::Queued {
            id,
            place: u32::try_from(place).unwrap_or(u32::MAX),
        })
    }

    /// Whether a review waits for `runner`: one queued, running under `runner` itself, or
    /// running under a lease that ended before `now`. A read, so that an idle runner's look
    /// writes nothing.
    ///
    /// # Errors
    /// A database error.
    pub fn review_to_take(&self, runner: &str, now: i64) -> Result<bool, StoreError> {
        Ok(self
            .query_opt(
                "SELECT 1 FROM reviews WHERE state = 'queued' \
                 OR (state = 'running' AND (runner = ?1 OR lease_until IS NULL \
                 OR lease_until < ?2)) LIMIT 1",
                params![runner, now],
                |_| Ok(()),
            )?
            .is_some())
    }

    /// Takes the oldest review that is queued, running under `runner` itself, or running
    /// under a lease that ended before `now`; holds it for `runner` until `until`.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn take_review(
        &self,
        runner: &str,
        now: i64,
        until: i64,
    ) -> Result<Option<ReviewRow>, StoreError> {
        let skip = match self.backend() {
            Backend::Postgres => "FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
        self.query_opt(
            &format!(
                "UPDATE reviews SET state = 'running', runner = ?1, lease_until = ?2 \
                 WHERE id = (SELECT id FROM reviews WHERE state = 'queued' \
                 OR (state = 'running' AND (runner = ?1 OR lease_until IS NULL \
                 OR lease_until < ?3)) ORDER BY id LIMIT 1 {skip}) RETURNING {}",
                columns(true)
            ),
            params![runner, until, now],
            review_row,
        )
    }

    /// Keeps the analysis of position `k` of review `id` and extends `runner`'s lease to
    /// `until`, with who analyses it; `false` (nothing kept) when `runner` no longer holds it.
    ///
    /// # Errors
    /// A database error.
    pub fn save_review_position(
        &self,
        id: i64,
        runner: &str,
        k: u32,
        analysis: &str,
        until: i64,
        engine: &str,
    ) -> Result<bool, StoreError> {
        let held = self.execute(
            "UPDATE reviews SET lease_until = ?3, engine = ?4 \
             WHERE id = ?1 AND runner = ?2 AND state = 'running'",
            params![id, runner, until, engine],
        )?;
        if held == 0 {
            return Ok(false);
        }
        self.execute(
            "INSERT INTO review_positions (review_id, k, analysis) VALUES (?1, ?2, ?3) \
             ON CONFLICT (review_id, k) DO NOTHING",
            params![id, i64::from(k), analysis],
        )?;
        Ok(true)
    }

    /// The analyses kept of review `id`, in order (JSON).
    ///
    /// # Errors
    /// A database error.
    pub fn review_positions(&self, id: i64) -> Result<Vec<String>, StoreError> {
        self.query_all(
            "SELECT analysis FROM review_positions WHERE review_id = ?1 ORDER BY k",
            params![id],
            |r| r.get(0),
        )
    }

    /// Ends review `id` that `runner` holds: done, or failed; `fell_back` when the host's engine
    /// failed on the way and Tengen's own went on. `false` when `runner` does not hold it.
    ///
    /// # Errors
    /// A database error.
    pub fn finish_review(
        &self,
        id: i64,
        runner: &str,
        done: bool,
        fell_back: bool,
        now: Timestamp,
    ) -> Result<bool, StoreError> {
        let state = if done {
            ReviewState::Done
        } else {
            ReviewState::Failed
        };
        Ok(self.execute(
            "UPDATE reviews SET state = ?3, finished_at = ?4, lease_until = NULL, \
             fell_back = CASE WHEN ?5 = 1 THEN 1 ELSE fell_back END \
             WHERE id = ?1 AND runner = ?2 AND state = 'running'",
            params![id, runner, state.name(), now.millis(), i64::from(fell_back)],
        )? == 1)
    }

    /// Lets go of review `id` (its runner is stopping): queued again, taken by the next runner
    /// at once, which resumes after the positions kept.
    ///
    /// # Errors
    /// A database error.
    pub fn release_review(&self, id: i64, runner: &str) -> Result<(), StoreError> {
        self.execute(
            "UPDATE reviews SET state = 'queued', runner = NULL, lease_until = NULL \
             WHERE id = ?1 AND runner = ?2 AND state = 'running'",
            params![id, runner],
        )?;
        Ok(())
    }

    /// Review `id`.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn review(&self, id: i64) -> Result<Option<ReviewRow>, StoreError> {
        self.query_opt(
            &format!("SELECT {} FROM reviews WHERE id = ?1", columns(true)),
            params![id],
            review_row,
        )
    }

    /// Remembers the front end's message of review `id`.
    ///
    /// # Errors
    /// A database error.
    pub fn set_review_message(&self, id: i64, message: u64) -> Result<(), StoreError> {
        self.execute(
            "UPDATE reviews SET message_id = ?2 WHERE id = ?1",
            params![id, to_sql_id(message)],
        )?;
        Ok(())
    }

    /// Notes that review `id`'s message shows its end.
    ///
    /// # Errors
    /// A database error.
    pub fn mark_review_published(&self, id: i64) -> Result<(), StoreError> {
        self.execute(
            "UPDATE reviews SET published = 1 WHERE id = ?1",
            params![id],
        )?;
        Ok(())
    }

    /// The reviews of the servers of `scope` whose message does not show their end yet, oldest
    /// first, without their records.
    ///
    /// # Errors
    /// A database error, or a row that does not decode.
    pub fn reviews_to_publish(&self, scope: &Scope) -> Result<Vec<ReviewRow>, StoreError> {
        self.query_all(
            &format!(
                "SELECT {} FROM reviews WHERE published = 0 AND message_id IS NOT NULL AND {} \
                 ORDER BY id",
                columns(false),
                scope.condition("guild_id")
            ),
            &[],
            review_row,
        )
    }
}
