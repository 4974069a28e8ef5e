//! The review runner: reviews asked for (the store's `reviews`) analysed one at a time, on a
//! thread of their own at the computer's workers' low priority, oldest first. Each position's
//! analysis is written before the next is begun, so a review stopped at any moment (a restart,
//! a crash, a lost lease) resumes after the last position kept. A process takes back its own
//! running review at once (on SQLite the bot's runner name is always the same); on PostgreSQL
//! another process or a `tengen worker` takes a review only once its runner's lease ran out.
//!
//! With `AI_WORKERS=external` the bots run none: `tengen worker` runs [`run_reviews`] on its
//! own store, so that the bots never search. The front end learns the progress and the end
//! from the table (it polls the reviews whose messages it keeps).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tracing::{info, info_span, warn};

use crate::ai::Analysis;
use crate::game::Timestamp;
use crate::review::{Analyst, OwnAnalyst, Source, analyse, positions};
use crate::store::{Backend, Store};

pub use crate::store::{NewReview, Queued, REVIEWS_PER_SERVER, ReviewRow, ReviewState};

use super::review_engine::{self, EngineUsed, ReviewEngine};

/// How long a runner holds a review without writing a position before another may take it.
pub const REVIEW_LEASE: Duration = Duration::from_secs(30);

/// How often an idle runner looks at the queue.
const IDLE_LOOK: Duration = Duration::from_secs(1);

/// The runner name of the bot's process on SQLite: one process serves the file, so a
/// restarted bot is the same runner and resumes its running review at once.
pub const SQLITE_RUNNER: &str = "bot";

/// The runner name of a process on `store`: [`SQLITE_RUNNER`] on SQLite, a name of this
/// process's own on PostgreSQL.
pub fn runner_name(store: &Store) -> String {
    match store.backend() {
        Backend::Sqlite => SQLITE_RUNNER.to_owned(),
        Backend::Postgres => format!("bot-{}-{}", std::process::id(), millis_now()),
    }
}

fn millis_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn lease_millis() -> i64 {
    i64::try_from(REVIEW_LEASE.as_millis()).unwrap_or(30_000)
}

/// The engine as stored with a review: `tengen`, or `host:` and the host's engine's name.
pub fn engine_text(engine: &EngineUsed) -> String {
    match engine {
        EngineUsed::Tengen => "tengen".to_owned(),
        EngineUsed::Host(name) => format!("host:{name}"),
    }
}

/// The engine a review's stored text names (Tengen's own when it names none).
pub fn engine_of(text: Option<&str>) -> EngineUsed {
    match text.and_then(|t| t.strip_prefix("host:")) {
        Some(name) => EngineUsed::Host(name.to_owned()),
        None => EngineUsed::Tengen,
    }
}

/// The analyst of one review: the host's (with Tengen's behind it) or Tengen's own, or, under
/// `REVIEW_PLAYOUTS` (tests only), Tengen's own at that many playouts a position.
enum Engine {
    Chosen(ReviewEngine),
    Fixed(Box<OwnAnalyst>),
}

impl Engine {
    fn new(row: &ReviewRow, size: crate::go::BoardSize, playouts: Option<u64>) -> Engine {
        let seed = u64::try_from(row.id).unwrap_or(0);
        match playouts {
            Some(n) => Engine::Fixed(Box::new(OwnAnalyst::with_playouts(n, seed))),
            None => Engine::Chosen(review_engine::analyst_for(size, seed)),
        }
    }

    fn used(&self) -> EngineUsed {
        match self {
            Engine::Chosen(e) => e.engine.clone(),
            Engine::Fixed(_) => EngineUsed::Tengen,
        }
    }

    fn analyst(&mut self) -> &mut dyn Analyst {
        match self {
            Engine::Chosen(e) => &mut *e.analyst,
            Engine::Fixed(a) => &mut **a,
        }
    }

    fn fell_back(&self) -> bool {
        match self {
            Engine::Chosen(e) => e.fell_back(),
            Engine::Fixed(_) => false,
        }
    }
}

/// Runs reviews from `store` as `runner` until `stopping` is set: one at a time, each taken
/// under a lease, analysed position by position (each written at once), then ended. A review
/// cut short by the stop is let go for the next runner, which resumes it. `playouts` is the
/// tests' fixed effort (`REVIEW_PLAYOUTS`); `None` is the engine's own budget.
pub fn run_reviews(store: &Store, runner: &str, playouts: Option<u64>, stopping: &AtomicBool) {
    info!(runner, "reviews: ready");
    while !stopping.load(Ordering::SeqCst) {
        let now = millis_now();
        // A read first: an idle runner writes nothing.
        match store.read(|tx| tx.review_to_take(runner, now)) {
            Ok(true) => {}
            Ok(false) => {
                idle(stopping);
                continue;
            }
            Err(e) => {
                warn!(error = %e, "reviews: cannot look at the queue");
                idle(stopping);
                continue;
            }
        }
        match store.write(|tx| tx.take_review(runner, now, now + lease_millis())) {
            Ok(Some(row)) => run_one(store, runner, playouts, stopping, &row),
            Ok(None) => idle(stopping),
            Err(e) => {
                warn!(error = %e, "reviews: cannot look at the queue");
                idle(stopping);
            }
        }
    }
}

/// Waits [`IDLE_LOOK`], or less when stopping.
fn idle(stopping: &AtomicBool) {
    let step = Duration::from_millis(100);
    let mut waited = Duration::ZERO;
    while waited < IDLE_LOOK && !stopping.load(Ordering::SeqCst) {
        std::thread::sleep(step);
        waited += step;
    }
}

/// Analyses review `row` from its kept positions on.
fn run_one(
    store: &Store,
    runner: &str,
    playouts: Option<u64>,
    stopping: &AtomicBool,
    row: &ReviewRow,
) {
    let span = info_span!(
        "review",
        review = row.id,
        guild = row.guild.0,
        user = row.requester.0
    );
    let _entered = span.enter();
    let end = |done: bool, fell_back: bool| {
        let now = Timestamp::from_millis(millis_now());
        match store.write(|tx| tx.finish_review(row.id, runner, done, fell_back, now)) {
            Ok(true) => info!(done, "reviews: ended"),
            Ok(false) => warn!("reviews: another runner holds the review now"),
            Err(e) => warn!(error = %e, "reviews: cannot note the end"),
        }
    };
    let source = match Source::from_sgf(row.sgf.as_bytes()) {
        Ok(s) => s,
        Err(e) => {
            warn!(error = %e, "reviews: the record cannot be reviewed");
            return end(false, false);
        }
    };
    let kept = match store.read(|tx| tx.review_positions(row.id)) {
        Ok(list) => list,
        // Left to its lease: the next look (this runner's, after a restart) tries again.
        Err(e) => return warn!(error = %e, "reviews: cannot read the positions kept"),
    };
    let mut done: Vec<Analysis> = Vec::with_capacity(positions(&source.game));
    for text in &kept {
        match serde_json::from_str(text) {
            Ok(a) => done.push(a),
            Err(e) => {
                warn!(error = %e, "reviews: a kept position does not read");
                return end(false, false);
            }
        }
    }
    let mut engine = Engine::new(row, source.game.size(), playouts);
    let engine_name = engine_text(&engine.used());
    let total = positions(&source.game);
    info!(kept = done.len(), total, engine = %engine_name, "reviews: analysing");
    let lost = AtomicBool::new(false);
    let stop = || stopping.load(Ordering::SeqCst) || lost.load(Ordering::SeqCst);
    let mut each = |all: &[Analysis]| {
        let Some(last) = all.last() else { return };
        let k = u32::try_from(all.len() - 1).unwrap_or(u32::MAX);
        let text = match serde_json::to_string(last) {
            Ok(t) => t,
            Err(e) => {
                warn!(error = %e, "reviews: an analysis does not write");
                return lost.store(true, Ordering::SeqCst);
            }
        };
        let until = millis_now() + lease_millis();
        match store
            .write(|tx| tx.save_review_position(row.id, runner, k, &text, until, &engine_name))
        {
            Ok(true) => {}
            Ok(false) => {
                warn!("reviews: the lease was lost; another runner goes on");
                lost.store(true, Ordering::SeqCst);
            }
            Err(e) => {
                warn!(error = %e, "reviews: cannot keep a position; the lease will hand it on");
                lost.store(true, Ordering::SeqCst);
            }
        }
    };
    let result = analyse(&source.game, engine.analyst(), &mut done, &stop, &mut each);
    let fell_back = engine.fell_back();
    match result {
        Ok(()) if done.len() >= total && !lost.load(Ordering::SeqCst) => end(true, fell_back),
        Ok(()) if stopping.load(Ordering::SeqCst) && !lost.load(Ordering::SeqCst) => {
            if let Err(e) = store.write(|tx| tx.release_review(row.id, runner)) {
                warn!(error = %e, "reviews: cannot let the review go; its lease will");
            }
        }
        Ok(()) => {}
        Err(e) => {
            warn!(error = %e, "reviews: the engine failed");
            end(false, fell_back);
        }
    }
}

/// The review thread of a bot process: [`run_reviews`] at low priority until `stopping`.
///
/// # Errors
/// The thread cannot be started.
pub fn spawn(
    store: Arc<dyn AsStore>,
    runner: String,
    playouts: Option<u64>,
    stopping: Arc<AtomicBool>,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("tengen-review".into())
        .spawn(move || {
            super::computer_workers::lower_priority();
            run_reviews(store.store(), &runner, playouts, &stopping);
        })
}

/// Whatever holds the store a runner uses (the service, or a worker's own store).
pub trait AsStore: Send + Sync {
    fn store(&self) -> &Store;
}

impl AsStore for Store {
    fn store(&self) -> &Store {
        self
    }
}

impl AsStore for crate::service::Service {
    fn store(&self) -> &Store {
        crate::service::Service::store(self)
    }
}

impl super::Handle {
    /// Queues a review unless its requester has one open on the server or the server has
    /// [`crate::store::REVIEWS_PER_SERVER`].
    ///
    /// # Errors
    /// The database failed.
    pub async fn queue_review(
        &self,
        new: crate::store::NewReview,
    ) -> Result<crate::store::Queued, crate::service::Failure> {
        let now = self.now();
        self.tables(move |store| {
            store.write(|tx| tx.queue_review(&new, now, crate::store::REVIEWS_PER_SERVER))
        })
        .await
    }

    /// Remembers the message that shows review `id`.
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_review_message(
        &self,
        id: i64,
        message: u64,
    ) -> Result<(), crate::service::Failure> {
        self.tables(move |store| store.write(|tx| tx.set_review_message(id, message)))
            .await
    }

    /// The reviews of the servers this process serves whose message does not show their end.
    ///
    /// # Errors
    /// The database failed.
    pub async fn reviews_to_publish(&self) -> Result<Vec<ReviewRow>, crate::service::Failure> {
        self.query(|s| {
            let scope = s.scope();
            s.store()
                .read(|tx| tx.reviews_to_publish(&scope))
                .map_err(crate::service::Failure::Internal)
        })
        .await
    }

    /// Review `id` with its analyses (a kept analysis that does not read ends the list).
    ///
    /// # Errors
    /// The database failed.
    pub async fn review_with_analyses(
        &self,
        id: i64,
    ) -> Result<Option<(ReviewRow, Vec<Analysis>)>, crate::service::Failure> {
        self.tables(move |store| {
            let Some(row) = store.read(|tx| tx.review(id))? else {
                return Ok(None);
            };
            let kept = store.read(|tx| tx.review_positions(id))?;
            let analyses = kept
                .iter()
                .map_while(|t| serde_json::from_str::<Analysis>(t).ok())
                .collect();
            Ok(Some((row, analyses)))
        })
        .await
    }

    /// Notes that review `id`'s message shows its end.
    ///
    /// # Errors
    /// The database failed.
    pub async fn mark_review_published(&self, id: i64) -> Result<(), crate::service::Failure> {
        self.tables(move |store| store.write(|tx| tx.mark_review_published(id)))
            .await
    }
}
