//! `tengen worker`: thinks for the computer on any machine that reaches the PostgreSQL
//! database of the bot processes (`DATABASE_URL`, with `AI_WORKERS=external` on the bots).
//! `AI_THREADS` threads each take the oldest search no one holds (under a lease of
//! `AI_JOB_LEASE_SECONDS`), search it, and write the answer; the bot process that holds the
//! game applies it. Woken by `NOTIFY` when a job is posted, and every second regardless. On
//! SIGTERM or SIGINT (`docker compose stop`, Ctrl-C) it stops cleanly: a search under way is
//! cut short and its job let go for another worker to take at once, and the process exits
//! with status 0. A worker killed in mid-search lets its job go when the lease runs out.
//! One more thread runs the reviews the bots queue (`runtime::reviews`), one at a time.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use tracing::{info, info_span, warn};

use crate::ai::job::{SearchJob, answer_text};
use crate::store::{JOBS_CHANNEL, PgListener, Store, redact};

/// How long a worker waits for a notification before it looks at the queue anyway.
const IDLE_LOOK: Duration = Duration::from_secs(1);

/// The worker's settings: the database and the thinking as the bot reads them, and the lease.
#[derive(Debug, clap::Args)]
pub struct WorkerArgs {
    #[command(flatten)]
    database: crate::config::DatabaseArgs,
    #[command(flatten)]
    thinking: crate::config::ThinkingArgs,
    /// How long a worker holds a search before another may take it (it is let go at once on
    /// a clean stop).
    #[arg(long, env = "AI_JOB_LEASE_SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    ai_job_lease_seconds: u64,
}

/// What the worker runs with.
struct WorkerConfig {
    url: String,
    threads: usize,
    lease: Duration,
    max_playouts: Option<u64>,
    review_playouts: Option<u64>,
}

fn config(args: &WorkerArgs) -> Result<WorkerConfig, String> {
    let url = args
        .database
        .database_url
        .clone()
        .map(|u| u.trim().to_owned())
        .filter(|u| u.starts_with("postgres://") || u.starts_with("postgresql://"))
        .ok_or("DATABASE_URL must name the bot processes' PostgreSQL database (postgres://…)")?;
    Ok(WorkerConfig {
        url,
        threads: usize::try_from(args.thinking.ai_threads).unwrap_or(1),
        lease: Duration::from_secs(args.ai_job_lease_seconds),
        max_playouts: args.thinking.ai_max_playouts,
        review_playouts: args.thinking.review_playouts,
    })
}

fn millis_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The wake-up the listener gives the searching threads.
#[derive(Default)]
struct Bell {
    rung: Mutex<u64>,
    ring: Condvar,
}

impl Bell {
    fn ring(&self) {
        *self.rung.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.ring.notify_all();
    }

    fn wait(&self, seen: &mut u64, timeout: Duration) {
        let guard = self.rung.lock().unwrap_or_else(|e| e.into_inner());
        let (guard, _) = self
            .ring
            .wait_timeout_while(guard, timeout, |n| *n == *seen)
            .unwrap_or_else(|e| e.into_inner());
        *seen = *guard;
    }
}

/// The stop of a search: its level's time, its lease (less a margin), or the worker stopping,
/// whichever is first.
struct Until<'a> {
    deadline: Instant,
    stopping: &'a AtomicBool,
}

impl crate::ai::Stop for Until<'_> {
    fn stop(&self) -> bool {
        Instant::now() >= self.deadline || self.stopping.load(Ordering::SeqCst)
    }
}

/// Waits on a thread of its own for SIGTERM or SIGINT, then sets `stopping` and wakes the
/// searching threads. As a container's PID 1 the process has no default action for either
/// signal: without this, `docker compose stop` would wait out its grace and kill it.
fn stop_on_signal(stopping: Arc<AtomicBool>, bell: Arc<Bell>) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    // Listening from here on: a signal before the thread waits is not lost.
    let mut signals = runtime.block_on(async { crate::runtime::StopSignals::listen() })?;
    std::thread::Builder::new()
        .name("tengen-worker-signals".into())
        .spawn(move || {
            runtime.block_on(signals.recv());
            info!("stopping: no new searches");
            stopping.store(true, Ordering::SeqCst);
            bell.ring();
        })?;
    Ok(())
}

/// Runs the worker until SIGTERM or SIGINT (exit status 0), or it is killed.
pub fn run(args: &WorkerArgs) -> ExitCode {
    let config = match config(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tengen worker: {e}");
            return ExitCode::from(2);
        }
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    super::init_logs(filter);
    // A connection for each searching thread, the review thread's and the listener's.
    let connections = u32::try_from(config.threads + 2).unwrap_or(66);
    let store = match Store::open_postgres(&config.url, connections) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!(
                "tengen worker: cannot open the database {}: {e}",
                redact(&config.url)
            );
            return ExitCode::from(2);
        }
    };
    let name = format!("worker-{}-{}", std::process::id(), millis_now());
    let bell = Arc::new(Bell::default());
    let stopping = Arc::new(AtomicBool::new(false));
    if let Err(e) = stop_on_signal(Arc::clone(&stopping), Arc::clone(&bell)) {
        eprintln!("tengen worker: cannot listen for SIGTERM: {e}");
        return ExitCode::from(2);
    }
    info!(version = %env!("CARGO_PKG_VERSION"), worker = %name, threads = config.threads, lease = ?config.lease, "thinking for the computer");
    {
        let (bell, url, stopping) = (Arc::clone(&bell), config.url.clone(), Arc::clone(&stopping));
        let _ = std::thread::Builder::new()
            .name("tengen-worker-listen".into())
            .spawn(move || listen(&url, &bell, &stopping));
    }
    let mut threads = Vec::new();
    for n in 0..config.threads {
        let (store, bell, name) = (Arc::clone(&store), Arc::clone(&bell), format!("{name}-{n}"));
        let (lease, cap, stopping) = (config.lease, config.max_playouts, Arc::clone(&stopping));
        threads.push(
            std::thread::Builder::new()
                .name(format!("tengen-worker-{n}"))
                .spawn(move || search_jobs(&store, &bell, &name, lease, cap, &stopping)),
        );
    }
    // The reviews, one at a time beside the searches (the bots run none of them).
    let reviews = crate::runtime::reviews::spawn(
        Arc::clone(&store) as Arc<dyn crate::runtime::reviews::AsStore>,
        format!("{name}-review"),
        config.review_playouts,
        Arc::clone(&stopping),
    );
    if let Err(e) = &reviews {
        warn!(error = %e, "cannot start the review thread");
    }
    threads.push(reviews);
    for t in threads.into_iter().flatten() {
        let _ = t.join();
    }
    stopping.store(true, Ordering::SeqCst);
    info!("stopped");
    ExitCode::SUCCESS
}

/// Rings the bell on every notification of a new job; reconnects after a failure.
fn listen(url: &str, bell: &Bell, stopping: &AtomicBool) {
    while !stopping.load(Ordering::SeqCst) {
        match PgListener::listen(url, JOBS_CHANNEL) {
            Ok(mut listener) => loop {
                match listener.wait(IDLE_LOOK) {
                    Ok(true) => bell.ring(),
                    Ok(false) => {}
                    Err(e) => {
                        warn!(error = %e, "the listening connection failed; listening again");
                        break;
                    }
                }
            },
            Err(e) => warn!(error = %e, "cannot listen for jobs yet"),
        }
        std::thread::sleep(IDLE_LOOK);
    }
}

/// One searching thread: take a job, search it, answer; wait for the bell when there is none.
/// Returns once `stopping` is set, letting go of a job whose search it cut short.
fn search_jobs(
    store: &Store,
    bell: &Bell,
    name: &str,
    lease: Duration,
    cap: Option<u64>,
    stopping: &AtomicBool,
) {
    let mut seen = 0;
    while !stopping.load(Ordering::SeqCst) {
        let now = millis_now();
        let until = now + i64::try_from(lease.as_millis()).unwrap_or(i64::MAX / 2);
        let leased = match store.write(|tx| tx.lease_job(name, now, until)) {
            Ok(j) => j,
            Err(e) => {
                warn!(error = %e, "cannot take a job");
                std::thread::sleep(IDLE_LOOK);
                continue;
            }
        };
        let Some(leased) = leased else {
            bell.wait(&mut seen, IDLE_LOOK);
            continue;
        };
        let span = info_span!(
            "search",
            match_id = leased.match_id,
            move_number = leased.move_number
        );
        let _entered = span.enter();
        let job = match SearchJob::from_json(&leased.job) {
            Ok(j) => j,
            Err(e) => {
                warn!(error = %e, "a job this worker cannot read; answering a pass");
                let _ = store
                    .write(|tx| tx.answer_job(leased.match_id, leased.move_number, name, "pass"));
                continue;
            }
        };
        // Answer within the lease, with a margin for the write.
        let stop = Until {
            deadline: Instant::now() + lease.mul_f64(0.8),
            stopping,
        };
        let started = Instant::now();
        let searched = job.search(cap, &stop);
        if stopping.load(Ordering::SeqCst) {
            // Cut short: another worker searches it afresh, at once.
            match store.write(|tx| tx.release_job(leased.match_id, leased.move_number, name)) {
                Ok(()) => info!("the search was cut short; its job is let go"),
                Err(e) => {
                    warn!(error = %e, "cannot let the job go; another worker takes it when the lease ends")
                }
            }
            return;
        }
        let answer = match searched {
            Ok(decision) => answer_text(decision),
            Err(e) => {
                warn!(error = %e, "a job whose game does not replay; answering a pass");
                "pass".to_owned()
            }
        };
        match store.write(|tx| tx.answer_job(leased.match_id, leased.move_number, name, &answer)) {
            Ok(true) => info!(answer = %answer, took = ?started.elapsed(), "answered"),
            Ok(false) => info!("the job was taken by another worker or dropped meanwhile"),
            Err(e) => {
                warn!(error = %e, "cannot write the answer; the job goes to another worker when the lease ends")
            }
        }
    }
}
