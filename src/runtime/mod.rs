//! The async face of the match service, in fishnet's actor shape: one cloneable [`Handle`],
//! the one owner of the state, with typed messages in — [`Handle::apply`] for every change
//! (a [`Command`]), a named query for every read ([`queries`]), and a named write for the
//! rest ([`writes`]: what start-up recovered, a front end's own tables) — each run on tokio's
//! blocking pool, never on the async threads; the scheduler that turns deadlines into
//! commands; the liveness note; the clock. No front end holds the [`Service`] itself.
//!
//! It decides no rule: it passes commands and the time to `game` and hands back what `game`
//! says.

mod bell;
mod clock;
mod computer_workers;
mod estimate;
pub mod gtp_engine;
pub mod queries;
pub mod review_engine;
pub mod reviews;
mod scheduler;
mod shards;
mod training;
pub mod web;
mod writes;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tokio::sync::{Notify, mpsc, watch};
use tokio::task::JoinHandle;

use crate::game::{Command, Outcome, Timestamp};
use crate::service::{Applied, Failure, Service, ServiceError};
use crate::store::{Location, PgShardLocks, Scope, Store, StoreError};

pub use clock::{Clock, ManualClock, OffsetClock, SystemClock};
pub use computer_workers::ComputerConfig;
pub use estimate::EstimateAnswer;
pub use shards::{STANDBY_POLL, ShardNews, ShardPlan};

/// A blocking task that did not come back (it panicked or was cancelled at shutdown).
#[derive(Debug, thiserror::Error)]
#[error("a blocking task failed: {0}")]
pub struct TaskFailed(String);

/// Why the runtime could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// Another process serves the same database file.
    #[error("{0}")]
    InUse(StoreError),
    #[error("cannot open the database {path}: {cause}")]
    Database { path: String, cause: StoreError },
    /// The PostgreSQL server of `DATABASE_URL` could not be reached.
    #[error(
        "cannot reach the PostgreSQL database {path} ({cause}): is the server running, and are \
         DATABASE_URL's host, port, user, password and database right?"
    )]
    Unreachable { path: String, cause: StoreError },
    #[error("cannot load the games: {0}")]
    Service(#[from] ServiceError),
    #[error(transparent)]
    Task(#[from] TaskFailed),
}

/// How often the runtime notes in the database that it is alive: after a crash, players on
/// real clocks get back the time since the last note.
const ALIVE_EVERY: std::time::Duration = std::time::Duration::from_secs(15);

pub(crate) struct Inner {
    service: Arc<Service>,
    clock: Arc<dyn Clock>,
    wake: Notify,
    /// Until when the scheduler sleeps (UTC ms): a command that arms an earlier deadline
    /// wakes it.
    sleeping_until: AtomicI64,
    /// The computer's queue and engines.
    pool: computer_workers::Pool,
    /// Where outcomes no caller's command caused go (fired deadlines, the computer's moves,
    /// what taking over a shard recovered).
    outcomes: mpsc::UnboundedSender<Outcome>,
    /// The web front end's links and feed of changes.
    web: web::WebState,
}

impl Inner {
    /// Wakes the scheduler if the earliest deadline is now earlier than its sleep.
    fn rearm(&self) {
        let next = self.service.next_deadline();
        if next.is_some_and(|d| d.millis() < self.sleeping_until.load(Ordering::SeqCst)) {
            self.wake.notify_one();
        }
    }
}

/// The one handle on the running service. Cheap to clone.
#[derive(Clone)]
pub struct Handle {
    inner: Arc<Inner>,
}

/// The scheduler's task, the liveness note and the computer's workers, with their stop
/// switch.
pub struct Scheduler {
    task: JoinHandle<()>,
    alive: JoinHandle<()>,
    /// The standby loop of a process on PostgreSQL (see [`ShardPlan`]).
    standby: Option<JoinHandle<()>>,
    stop: watch::Sender<bool>,
    inner: Arc<Inner>,
    /// The review thread (none with `AI_WORKERS=external`) and its stop switch.
    reviews: Option<std::thread::JoinHandle<()>>,
    reviews_stop: Arc<std::sync::atomic::AtomicBool>,
}

impl Scheduler {
    /// Stops firing deadlines and thinking, notes the last moment alive (a clean stop gives
    /// players back exactly the time until the next start), and waits for it all to end.
    pub async fn stop(self) {
        self.inner.pool.stop();
        self.reviews_stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.reviews {
            // The review under way is let go (its positions kept) within a playout batch.
            let _ = blocking(move || thread.join()).await;
        }
        let _ = self.stop.send(true);
        let _ = self.task.await;
        let _ = self.alive.await;
        if let Some(standby) = self.standby {
            let _ = standby.await;
        }
    }
}

/// What [`start`] hands the front end: the handle, the scheduler to stop, and the outcomes no
/// command of the front end caused (fired deadlines, the computer's moves) to show.
pub struct Started {
    pub handle: Handle,
    pub scheduler: Scheduler,
    pub fired: mpsc::UnboundedReceiver<Outcome>,
    /// The shards to connect, now and as they are taken over (see [`ShardNews`]).
    pub shards: mpsc::UnboundedReceiver<ShardNews>,
    /// The shards this process serves from the start (every one on SQLite; on PostgreSQL those
    /// of its range no other process held): the first [`ShardNews::Serve`] hands them over.
    pub held: Vec<u32>,
}

/// A database opened to be served, before Discord is asked anything: on SQLite the file with
/// its serving lock held and its migrations applied; on PostgreSQL the connection that will
/// hold the shards' locks. [`start`] goes on from here.
pub struct Opened {
    location: Location,
    store: OpenedStore,
}

enum OpenedStore {
    Sqlite(Store),
    Postgres {
        locks: Box<PgShardLocks>,
        url: String,
        connections: u32,
    },
}

/// Why a store could not be opened, as [`StartError`] says it.
fn start_error(location: &Location, cause: StoreError) -> StartError {
    match cause {
        StoreError::InUse { .. } | StoreError::ShardTotal { .. } => StartError::InUse(cause),
        cause if cause.is_unavailable() => StartError::Unreachable {
            path: location.to_string(),
            cause,
        },
        cause => StartError::Database {
            path: location.to_string(),
            cause,
        },
    }
}

/// Opens the database at `location` to serve it: on SQLite the file's serving lock first (a
/// second process on the same file is refused here, before it reads anything or asks Discord
/// anything), then the file and its migrations; on PostgreSQL the connection of the shards'
/// locks (a server that cannot be reached is said here).
///
/// # Errors
/// Another process serves the database file; the database cannot be reached or opened.
pub async fn open(location: &Location) -> Result<Opened, StartError> {
    let location = location.clone();
    blocking(move || {
        let store = match &location {
            Location::Sqlite { path, durability } => {
                Store::open_serving(path, *durability).map(OpenedStore::Sqlite)
            }
            Location::Postgres { url, connections } => {
                PgShardLocks::connect(url).map(|locks| OpenedStore::Postgres {
                    locks: Box::new(locks),
                    url: url.clone(),
                    connections: *connections,
                })
            }
        };
        match store {
            Ok(store) => Ok(Opened { location, store }),
            Err(cause) => Err(start_error(&location, cause)),
        }
    })
    .await?
}

/// Starts serving the database [`open`] opened, for the shards of `plan`. On SQLite every
/// running game is loaded; every shard is this process's. On PostgreSQL the shards of the range
/// no other process holds are taken (each by an advisory lock), their guilds' games loaded,
/// and the others waited for (see [`ShardNews`]). Then the runtime ([`Handle::start`]).
///
/// # Errors
/// Other processes run with another number of shards; the database cannot be reached, opened
/// or read.
pub async fn start(
    opened: Opened,
    clock: Arc<dyn Clock>,
    computer: ComputerConfig,
    plan: ShardPlan,
) -> Result<Started, StartError> {
    let now = clock.now();
    let (service, locks, plan, held, url) = blocking(move || serve(opened, now, &plan)).await??;
    let (news_tx, news) = mpsc::unbounded_channel();
    let (handle, mut scheduler, fired) = Handle::start(service, clock, computer);
    if let Some(url) = &url {
        let _ = handle.inner.web.database_url.set(url.clone());
    }
    if let Some(url) = url.filter(|_| computer.external) {
        computer_workers::listen_for_answers(&handle.inner, url);
    }
    if !held.is_empty() {
        let _ = news_tx.send(ShardNews::Serve {
            total: plan.total,
            shards: held.clone(),
        });
    }
    if held.len() < plan.range().len() {
        tracing::info!(held = ?held, range = ?plan.range(), "standing by for the shards other processes hold");
    }
    if let Some(locks) = locks {
        scheduler.standby = Some(tokio::spawn(shards::standby(
            Arc::clone(&handle.inner),
            locks,
            plan,
            held.clone(),
            news_tx,
            scheduler.stop.subscribe(),
        )));
    }
    Ok(Started {
        handle,
        scheduler,
        fired,
        shards: news,
        held,
    })
}

/// What serving a database starts with: the service, the shards' locks (PostgreSQL), the plan
/// of shards, those held, and the database's address for the listeners (PostgreSQL).
type Served = (
    Service,
    Option<Arc<PgShardLocks>>,
    ShardPlan,
    Vec<u32>,
    Option<String>,
);

/// The blocking part of [`start`]: on SQLite the service over every shard; on PostgreSQL the
/// plan joined, the free shards of its range taken and the service scoped to them.
fn serve(opened: Opened, now: Timestamp, plan: &ShardPlan) -> Result<Served, StartError> {
    let Opened { location, store } = opened;
    let failed = |cause: StoreError| start_error(&location, cause);
    match store {
        OpenedStore::Sqlite(store) => {
            let service = Service::open(Arc::new(store), now)?;
            // The file is this process's alone: so is every shard.
            let all = ShardPlan::all(plan.total);
            if all.range() != plan.range() {
                tracing::warn!(
                    "SHARD_RANGE is for processes sharing a PostgreSQL database; on SQLite \
                     this process serves every shard"
                );
            }
            let held = all.range();
            Ok((service, None, all, held, None))
        }
        OpenedStore::Postgres {
            locks,
            url,
            connections,
        } => {
            let plan = shards::join(&locks, plan).map_err(failed)?;
            if plan.range().is_empty() {
                tracing::warn!(
                    total = plan.total,
                    range = ?plan.shard_range,
                    "SHARD_RANGE names no shard of the number the bot runs with; this \
                     process serves none"
                );
            }
            let store = Store::open_postgres(&url, connections).map_err(failed)?;
            let held = shards::take_free(&locks, &plan).map_err(failed)?;
            let scope = Scope::Shards {
                total: plan.total,
                held: held.clone(),
            };
            let service = Service::open_scoped(Arc::new(store), now, scope)?;
            Ok((service, Some(Arc::new(*locks)), plan, held, Some(url)))
        }
    }
}

/// SIGTERM and SIGINT, listened for from [`StopSignals::listen`] on (Ctrl-C alone where there
/// is no SIGTERM). A process that is a container's PID 1 gets no default action for either:
/// without a listener it would ignore them, and `docker compose stop` would kill it.
pub struct StopSignals {
    #[cfg(unix)]
    signals: [tokio::signal::unix::Signal; 2],
}

impl StopSignals {
    /// Listens from now on: a signal that comes before [`StopSignals::recv`] is kept. Call it
    /// within a tokio runtime, and `recv` on the same one.
    ///
    /// # Errors
    /// The signal handlers cannot be installed.
    pub fn listen() -> std::io::Result<StopSignals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(StopSignals {
                signals: [
                    signal(SignalKind::terminate())?,
                    signal(SignalKind::interrupt())?,
                ],
            })
        }
        #[cfg(not(unix))]
        {
            Ok(StopSignals {})
        }
    }

    /// Waits for the next of the signals.
    pub async fn recv(&mut self) {
        #[cfg(unix)]
        {
            let [term, interrupt] = &mut self.signals;
            tokio::select! {
                _ = term.recv() => {}
                _ = interrupt.recv() => {}
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// A front end served beside the chat's (the web pages): started with the runtime's handle
/// once it runs, it stops when its receiver turns true. Its error stops the start-up.
pub type Companion = Box<
    dyn FnOnce(
            Handle,
            watch::Receiver<bool>,
        ) -> std::pin::Pin<
            Box<dyn std::future::Future<Output = Result<JoinHandle<()>, String>> + Send>,
        > + Send,
>;

/// Runs `f` on the blocking pool.
///
/// # Errors
/// The task panicked.
pub async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, TaskFailed> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| TaskFailed(e.to_string()))
}

impl Handle {
    /// Starts the runtime on `service` with `clock`: the scheduler runs on the current tokio
    /// runtime, the computer's workers on threads of their own; every outcome not caused by a
    /// caller's command (fired deadlines, the computer's moves) goes to the returned receiver.
    /// A game waiting for the computer (a restart in its turn) is thought again.
    pub fn start(
        service: Service,
        clock: Arc<dyn Clock>,
        computer: ComputerConfig,
    ) -> (Handle, Scheduler, mpsc::UnboundedReceiver<Outcome>) {
        service.set_computer_limit(computer.max_games);
        let (tx, rx) = mpsc::unbounded_channel();
        let inner = Arc::new(Inner {
            service: Arc::new(service),
            clock,
            wake: Notify::new(),
            sleeping_until: AtomicI64::new(i64::MIN),
            pool: computer_workers::Pool::new(computer),
            outcomes: tx.clone(),
            web: web::WebState::default(),
        });
        let (stop, stop_rx) = watch::channel(false);
        computer_workers::start(&inner, &tx);
        computer_workers::resume_all(&inner);
        let alive = tokio::spawn(note_alive(Arc::clone(&inner), stop_rx.clone()));
        let task = tokio::spawn(scheduler::run(Arc::clone(&inner), tx, stop_rx));
        let reviews_stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        // With external workers the reviews are theirs: the bot never searches.
        let reviews = if computer.external {
            None
        } else {
            let runner = reviews::runner_name(inner.service.store());
            let service: Arc<dyn reviews::AsStore> = Arc::clone(&inner.service) as _;
            match reviews::spawn(
                service,
                runner,
                computer.review_playouts,
                Arc::clone(&reviews_stop),
            ) {
                Ok(t) => Some(t),
                Err(e) => {
                    tracing::error!(error = %e, "cannot start the review thread");
                    None
                }
            }
        };
        let scheduler = Scheduler {
            task,
            alive,
            standby: None,
            stop,
            inner: Arc::clone(&inner),
            reviews,
            reviews_stop,
        };
        (Handle { inner }, scheduler, rx)
    }

    /// The time now, by the runtime's clock.
    pub fn now(&self) -> Timestamp {
        self.inner.clock.now()
    }

    /// Applies a command at the clock's time, off the async threads: every outcome it caused.
    pub async fn apply(&self, command: Command) -> Applied {
        let inner = Arc::clone(&self.inner);
        let now = self.now();
        match blocking(move || {
            let applied = inner.service.apply(command, now);
            computer_workers::consider(&inner, applied.outcomes());
            applied
        })
        .await
        {
            Ok(applied) => {
                self.inner.rearm();
                applied
            }
            Err(e) => {
                tracing::error!(error = %e, "the service task failed");
                Applied::only(Err(Failure::Internal(StoreError::Task(e.to_string()))))
            }
        }
    }

    /// Waits for this shard's turn to identify on Discord's gateway: one identify per bucket
    /// (`shard % max_concurrency`) every five seconds, whichever process asks (the turns are
    /// taken in the database).
    ///
    /// # Errors
    /// The database failed.
    pub async fn identify_turn(&self, shard: u32, max_concurrency: u32) -> Result<(), Failure> {
        // Discord's five seconds, and half a second for the time between a turn and the
        // identify it allows (a connection to open, the gateway's hello).
        const EVERY_MS: i64 = 5_500;
        let bucket = shard % max_concurrency.max(1);
        let now = self.now().millis();
        let turn = self
            .tables(move |store| store.write(|tx| tx.identify_turn(bucket, now, EVERY_MS)))
            .await?;
        let wait = u64::try_from(turn - now).unwrap_or(0);
        if wait > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
        }
        Ok(())
    }

    /// Makes the scheduler look at the deadlines now (a test that moved a manual clock).
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }
}

/// Notes in the database that the runtime is alive, every [`ALIVE_EVERY`] and once more when
/// it stops.
async fn note_alive(inner: Arc<Inner>, mut stop: watch::Receiver<bool>) {
    loop {
        let stopping = *stop.borrow();
        let (service, now) = (Arc::clone(&inner.service), inner.clock.now());
        match blocking(move || service.mark_alive(now)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::error!(error = %e, "cannot note that the bot is alive"),
            Err(e) => tracing::error!(error = %e, "cannot note that the bot is alive"),
        }
        if stopping {
            return;
        }
        tokio::select! {
            () = tokio::time::sleep(ALIVE_EVERY) => {}
            r = stop.changed() => if r.is_err() { return },
        }
    }
}
