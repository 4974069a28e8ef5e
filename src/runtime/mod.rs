//! The async face of the match service, in fishnet's actor shape: one cloneable [`Handle`]
//! whose methods run every blocking call — SQLite, a PNG render, the dead-stone estimate, an
//! SGF replay — on tokio's blocking pool, never on the async threads; the scheduler that turns
//! deadlines into commands; the clock. No front end holds the [`Service`] itself.
//!
//! It decides no rule: it passes commands and the time to `game` and hands back what `game`
//! says.

mod clock;
mod computer_workers;
mod scheduler;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use tokio::sync::{Notify, mpsc, watch};
use tokio::task::JoinHandle;

use crate::game::{Applied, Command, Failure, Outcome, Service, ServiceError, Timestamp};
use crate::store::{Durability, Store, StoreError};

pub use clock::{Clock, ManualClock, SystemClock};
pub use computer_workers::ComputerConfig;

/// A blocking task that did not come back (it panicked or was cancelled at shutdown).
#[derive(Debug, thiserror::Error)]
#[error("a blocking task failed: {0}")]
pub struct TaskFailed(String);

/// Why the runtime could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot open the database {path}: {cause}")]
    Database { path: String, cause: StoreError },
    #[error("cannot load the games: {0}")]
    Service(#[from] ServiceError),
    #[error(transparent)]
    Task(#[from] TaskFailed),
}

pub(crate) struct Inner {
    service: Arc<Service>,
    clock: Arc<dyn Clock>,
    wake: Notify,
    /// Until when the scheduler sleeps (UTC ms): a command that arms an earlier deadline
    /// wakes it.
    sleeping_until: AtomicI64,
    /// The computer's queue and engines.
    pool: computer_workers::Pool,
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

/// The scheduler's task and the computer's workers, with their stop switch.
pub struct Scheduler {
    task: JoinHandle<()>,
    stop: watch::Sender<bool>,
    inner: Arc<Inner>,
}

impl Scheduler {
    /// Stops firing deadlines and thinking, and waits for the scheduler to end.
    pub async fn stop(self) {
        self.inner.pool.stop();
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

/// Opens the store and the service off the async threads: the database file at `path`, every
/// running game loaded and replayed.
///
/// # Errors
/// The database cannot be opened or read.
pub async fn open(
    path: &Path,
    durability: Durability,
    now: Timestamp,
) -> Result<(Arc<Store>, Service), StartError> {
    let path = path.to_owned();
    blocking(move || {
        let store = Store::open(&path, durability).map_err(|cause| StartError::Database {
            path: path.display().to_string(),
            cause,
        })?;
        let store = Arc::new(store);
        let service = Service::open(Arc::clone(&store), now)?;
        Ok((store, service))
    })
    .await?
}

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
        let inner = Arc::new(Inner {
            service: Arc::new(service),
            clock,
            wake: Notify::new(),
            sleeping_until: AtomicI64::new(i64::MIN),
            pool: computer_workers::Pool::new(computer),
        });
        let (tx, rx) = mpsc::unbounded_channel();
        let (stop, stop_rx) = watch::channel(false);
        computer_workers::start(&inner, &tx);
        computer_workers::resume_all(&inner);
        let task = tokio::spawn(scheduler::run(Arc::clone(&inner), tx, stop_rx));
        let scheduler = Scheduler {
            task,
            stop,
            inner: Arc::clone(&inner),
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

    /// Reads from the service off the async threads (snapshots, settings, profiles, records).
    /// Commands go through [`Handle::apply`]; a deadline changed here wakes the scheduler too.
    ///
    /// # Errors
    /// The task panicked.
    pub async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Service) -> T + Send + 'static,
    ) -> Result<T, TaskFailed> {
        let inner = Arc::clone(&self.inner);
        let value = blocking(move || f(&inner.service)).await?;
        self.inner.rearm();
        Ok(value)
    }

    /// Makes the scheduler look at the deadlines now (a test that moved a manual clock).
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }
}
