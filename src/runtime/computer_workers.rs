//! The computer's worker threads: when a game against the computer needs its move or its word
//! on a marking, the task goes to a queue; a worker (a thread of its own, never one of the
//! async runtime's) runs the engine's search on a copy of the game, bounded by the level's
//! playouts and time, then submits the answer as an ordinary command by the computer's
//! account — refused as stale if the game moved on meanwhile. Each match keeps its engine
//! (and its search tree) between moves.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;
use tracing::{debug, error, info_span, warn};

use crate::ai::{self, Decision, Engine, MarkingVerdict, Options};
use crate::game::computer::host_engine;
use crate::game::{Command, ComputerTask, MatchId, Outcome, Subject, Task};
use crate::go::Level;
use crate::service::Applied;
use crate::store::{ANSWERS_CHANNEL, PgListener};

use super::Inner;
use super::bell::Bell;
use super::gtp_engine::{EngineError, GtpEngine};

/// The host's settings of the computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerConfig {
    /// Worker threads (`AI_THREADS`): searches that run at once.
    pub threads: usize,
    /// Games against the computer at once (`AI_MAX_GAMES`).
    pub max_games: usize,
    /// A cap on the playouts of any search (`AI_MAX_PLAYOUTS`), for a slow machine or a test.
    pub max_playouts: Option<u64>,
    /// The searches go to worker processes through the database (`AI_WORKERS=external`,
    /// PostgreSQL): the threads here only post them and wait for the answers.
    pub external: bool,
    /// Tests only (`REVIEW_PLAYOUTS`): the playouts a position of a review gets, so that a
    /// review in a test takes a second; `None` is the review's own budget.
    pub review_playouts: Option<u64>,
}

impl Default for ComputerConfig {
    fn default() -> ComputerConfig {
        ComputerConfig {
            threads: 1,
            max_games: crate::service::DEFAULT_COMPUTER_GAMES,
            max_playouts: None,
            external: false,
            review_playouts: None,
        }
    }
}

/// A task is known by its match, board and marking version: the same one is queued once.
type Key = (MatchId, u32, u32);

fn key(t: &ComputerTask) -> Key {
    let version = match &t.task {
        Task::Move => u32::MAX,
        Task::Judge { version, .. } => *version,
    };
    (t.board.match_id, t.board.move_number, version)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The queue, the engines of the games, and the workers' stop switch.
pub(super) struct Pool {
    config: ComputerConfig,
    queue: Mutex<VecDeque<ComputerTask>>,
    ready: Condvar,
    queued: Mutex<HashSet<Key>>,
    engines: Mutex<HashMap<MatchId, Engine>>,
    /// The host's engine processes between searches (one search each at a time).
    host_engines: Mutex<Vec<GtpEngine>>,
    stopping: AtomicBool,
    /// Rung when a worker process answers a job (see [`listen_for_answers`]).
    answers: Bell,
    /// Whether a connection listens for the answers now: the threads waiting for one then
    /// look at the database only now and then, for a notification missed.
    listening: AtomicBool,
}

impl Pool {
    pub(super) fn new(config: ComputerConfig) -> Pool {
        Pool {
            config,
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            queued: Mutex::new(HashSet::new()),
            engines: Mutex::new(HashMap::new()),
            host_engines: Mutex::new(Vec::new()),
            stopping: AtomicBool::new(false),
            answers: Bell::default(),
            listening: AtomicBool::new(false),
        }
    }

    /// Queues a task unless the same one is queued or running.
    fn push(&self, task: ComputerTask) {
        if lock(&self.queued).insert(key(&task)) {
            lock(&self.queue).push_back(task);
            self.ready.notify_one();
        }
    }

    /// Stops the workers: each ends its search at the next poll.
    pub(super) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.ready.notify_all();
        self.answers.ring();
    }

    /// Whether the runtime is stopping (the listeners' threads end).
    pub(super) fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// The next task, waiting for one; `None` once stopping.
    fn take(&self) -> Option<ComputerTask> {
        let mut queue = lock(&self.queue);
        loop {
            if self.stopping.load(Ordering::SeqCst) {
                return None;
            }
            if let Some(t) = queue.pop_front() {
                return Some(t);
            }
            queue = self
                .ready
                .wait_timeout(queue, Duration::from_secs(1))
                .map(|(q, _)| q)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }
}

/// Starts the workers.
pub(super) fn start(inner: &Arc<Inner>, outcomes: &mpsc::UnboundedSender<Outcome>) {
    for n in 0..inner.pool.config.threads.max(1) {
        let (inner, outcomes) = (Arc::clone(inner), outcomes.clone());
        let spawned = std::thread::Builder::new()
            .name(format!("tengen-ai-{n}"))
            .spawn(move || {
                lower_priority();
                work(&inner, &outcomes)
            });
        if let Err(e) = spawned {
            warn!(error = %e, "could not start a worker of the computer");
        }
    }
}

/// How much lower than the bot's own threads a worker of the computer runs (a nice value):
/// on a machine with few cores the threads that answer Discord come first, and a search only
/// takes what they leave.
const WORKER_NICENESS: i32 = 10;

/// Lowers the calling thread's scheduling priority by [`WORKER_NICENESS`]. On Linux a thread
/// has a nice value of its own, set with `setpriority(PRIO_PROCESS, 0, …)`; elsewhere the
/// workers run at the bot's priority.
pub(super) fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: setpriority reads no memory of ours; `0` names the calling thread, whose
        // priority alone changes. A failure (not allowed) leaves the priority as it was.
        let r = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, WORKER_NICENESS) };
        if r != 0 {
            warn!("could not lower the priority of a worker of the computer");
        }
    }
}

/// Looks at what `outcomes` changed: a game against the computer that now needs it gets its
/// task queued; the engine of a game that ended is dropped.
pub(super) fn consider<'a>(inner: &Inner, outcomes: impl IntoIterator<Item = &'a Outcome>) {
    for o in outcomes {
        let Subject::Match(id) = o.subject else {
            continue;
        };
        if o.is_final() {
            lock(&inner.pool.engines).remove(&id);
            continue;
        }
        if let Some(task) = inner.service.computer_task(id) {
            inner.pool.push(task);
        }
    }
}

/// Queues every task the computer has (at start-up: a turn interrupted by a restart is
/// thought again).
pub(super) fn resume_all(inner: &Inner) {
    for task in inner.service.computer_tasks() {
        inner.pool.push(task);
    }
}

fn work(inner: &Arc<Inner>, outcomes: &mpsc::UnboundedSender<Outcome>) {
    while let Some(task) = inner.pool.take() {
        let k = key(&task);
        let span = info_span!(
            "computer",
            match_id = task.board.match_id.get(),
            move_number = task.board.move_number
        );
        let _entered = span.enter();
        let mut fell_back = false;
        let command = answer(inner, &task, &mut fell_back);
        lock(&inner.pool.queued).remove(&k);
        let Some(command) = command else {
            continue;
        };
        let applied = inner.service.apply(command, inner.clock.now());
        if let Err(f) = &applied.result {
            debug!(failure = %f, "the computer's answer was not taken");
        }
        deliver(inner, outcomes, &applied);
        if fell_back && applied.result.is_ok() {
            say_engine_fell_back(inner, outcomes, &task);
        }
    }
}

/// Hands the outcomes to the front end and looks at what the computer must do next.
fn deliver(inner: &Inner, outcomes: &mpsc::UnboundedSender<Outcome>, applied: &Applied) {
    for o in applied.outcomes() {
        let _ = outcomes.send(o.clone());
    }
    inner.rearm();
    consider(inner, applied.outcomes());
}

/// Has the board say that Tengen's advanced level played the move the host's engine did not
/// give.
fn say_engine_fell_back(
    inner: &Inner,
    outcomes: &mpsc::UnboundedSender<Outcome>,
    task: &ComputerTask,
) {
    let number = task.board.move_number + 1;
    let note = Command::StandIn {
        match_id: task.board.match_id,
        number,
    };
    let applied = inner.service.apply(note, inner.clock.now());
    deliver(inner, outcomes, &applied);
}

/// The host's engine's move in the task's game: an engine process kept from an earlier search
/// or a new one, given the advanced level's time. A failed process is dropped (killed).
fn host_engine_move(inner: &Inner, task: &ComputerTask) -> Result<Decision, EngineError> {
    let host = host_engine().ok_or(EngineError::NoCommand)?;
    let idle = lock(&inner.pool.host_engines).pop();
    let mut engine = match idle {
        Some(e) => e,
        None => GtpEngine::start(&host.command)?,
    };
    let think = Level::Engine
        .default_limits(task.game.size())
        .time
        .unwrap_or(Duration::from_secs(1));
    let decision = engine.genmove(&task.game, think)?;
    lock(&inner.pool.host_engines).push(engine);
    Ok(decision)
}

/// The engine's answer to a task, as the command the computer submits. At the level of the
/// host's engine, the engine is asked first; when it gives no move (or resigns a game the
/// computer may not resign), Tengen's advanced level answers and `fell_back` says so.
fn answer(inner: &Inner, task: &ComputerTask, fell_back: &mut bool) -> Option<Command> {
    let c = task.computer;
    let board = Some(task.board);
    let seed = (task.board.match_id.get() as u64) ^ (u64::from(task.board.move_number) << 32);
    if matches!(task.task, Task::Move) && c.level == Level::Engine {
        match host_engine_move(inner, task) {
            Ok(Decision::Resign) if !c.may_resign => *fell_back = true,
            Ok(decision) => return Some(move_command(task, decision)),
            Err(e) => {
                warn!(error = %e, "the host's engine gave no move; Tengen's advanced level plays it");
                *fell_back = true;
            }
        }
    }
    match &task.task {
        Task::Move if inner.pool.config.external => {
            let decision = external_search(inner, task, seed)?;
            Some(move_command(task, decision))
        }
        Task::Move => {
            let id = task.board.match_id;
            let mut engine = lock(&inner.pool.engines)
                .remove(&id)
                .unwrap_or_else(|| Engine::new(c.level, options(c.may_resign, seed)));
            let mut limits = c.level.default_limits(task.game.size());
            if let Some(cap) = inner.pool.config.max_playouts {
                limits.playouts = limits.playouts.min(cap);
            }
            let stop = Deadline {
                at: limits.time.map(|t| Instant::now() + t),
                stopping: &inner.pool.stopping,
            };
            let decision = engine.genmove(&task.game, &limits, &stop);
            lock(&inner.pool.engines).insert(id, engine);
            Some(move_command(task, decision))
        }
        Task::Judge { marking, version } => {
            let by = c.user;
            let verdict = ai::judge_marking(&task.game, c.color, marking, seed);
            let marking = Some(*version);
            Some(match verdict {
                MarkingVerdict::Accept => Command::AcceptMarking { by, board, marking },
                // Past its cap of toggles the game takes one as Resume play.
                MarkingVerdict::Toggle(point) => Command::ToggleDead {
                    by,
                    point,
                    board,
                    marking,
                },
                MarkingVerdict::Resume => Command::ResumePlay { by, board },
            })
        }
    }
}

/// The computer's move as the command it submits, for the board it was chosen on.
fn move_command(task: &ComputerTask, decision: Decision) -> Command {
    let (by, board) = (task.computer.user, Some(task.board));
    match decision {
        Decision::Play(point) => Command::Play { by, point, board },
        Decision::Pass => Command::Pass {
            by,
            board,
            game: None,
        },
        Decision::Resign => Command::Resign {
            by,
            match_id: Some(task.board.match_id),
        },
    }
}

/// How often a thread waiting for a worker's answer looks for it when no connection listens
/// for the answers.
const ANSWER_POLL: Duration = Duration::from_millis(50);

/// How often it looks while one listens: for a notification that was missed, and to see
/// whether the game moved on meanwhile.
const ANSWER_FALLBACK: Duration = Duration::from_secs(2);

/// How many times a move's search is posted when the workers' answers do not read as moves.
const ANSWER_ATTEMPTS: u32 = 3;

/// Listens on a thread of its own for the worker processes' answers (PostgreSQL's `NOTIFY` on
/// [`ANSWERS_CHANNEL`] at `url`), and wakes the threads waiting for them; reconnects after a
/// failure. Until it listens, they poll.
pub(super) fn listen_for_answers(inner: &Arc<Inner>, url: String) {
    let inner = Arc::clone(inner);
    let spawned = std::thread::Builder::new()
        .name("tengen-ai-answers".into())
        .spawn(move || {
            let pool = &inner.pool;
            while !pool.stopping.load(Ordering::SeqCst) {
                match PgListener::listen(&url, ANSWERS_CHANNEL) {
                    Ok(listener) => hear_answers(pool, listener),
                    Err(e) => warn!(error = %e, "cannot listen for the workers' answers yet"),
                }
                pool.listening.store(false, Ordering::SeqCst);
                std::thread::sleep(ANSWER_FALLBACK);
            }
        });
    if let Err(e) = spawned {
        warn!(error = %e, "could not start the listener of the workers' answers");
    }
}

/// Rings the pool's bell at each answer until the pool stops or the connection fails.
fn hear_answers(pool: &Pool, mut listener: PgListener) {
    pool.listening.store(true, Ordering::SeqCst);
    // Listening from here on: an answer given before is found by the waiters' next look.
    pool.answers.ring();
    while !pool.stopping.load(Ordering::SeqCst) {
        match listener.wait(Duration::from_secs(1)) {
            Ok(true) => pool.answers.ring(),
            Ok(false) => {}
            Err(e) => {
                warn!(error = %e, "the connection listening for answers failed; listening again");
                return;
            }
        }
    }
}

/// Posts the move's search for the worker processes and waits for the answer, woken by its
/// notification (or polling, see [`ANSWER_POLL`]): `None` if the runtime stops or the game
/// moves on meanwhile (the job is then dropped), or the database fails (the task is queued
/// again by the next look at the game). An answer that is not a move is an error: logged, and
/// the search posted again, [`ANSWER_ATTEMPTS`] times in all; then `None`, and the game's
/// clock decides.
fn external_search(inner: &Inner, task: &ComputerTask, seed: u64) -> Option<Decision> {
    let c = task.computer;
    let job = ai::job::SearchJob::of(&task.game, c.level, c.may_resign, seed);
    let json = match job.to_json() {
        Ok(j) => j,
        Err(e) => {
            warn!(error = %e, "cannot write the computer's job");
            return None;
        }
    };
    for attempt in 1..=ANSWER_ATTEMPTS {
        let text = post_and_wait(inner, task, &json)?;
        match ai::job::answer_of(&text, task.game.size()) {
            Some(decision) => return Some(decision),
            None => error!(answer = %text, attempt, "a worker's answer is not a move"),
        }
    }
    None
}

/// Posts a job and waits for its answer's text (see [`external_search`]); the job is dropped
/// once answered.
fn post_and_wait(inner: &Inner, task: &ComputerTask, json: &str) -> Option<String> {
    let (id, number) = (task.board.match_id, task.board.move_number);
    let store = inner.service.store();
    let now = inner.clock.now().millis();
    if let Err(e) = store.write(|tx| tx.post_job(id.get(), number, json, now)) {
        warn!(error = %e, "cannot post the computer's job");
        return None;
    }
    let pool = &inner.pool;
    let mut seen = 0;
    loop {
        if pool.stopping.load(Ordering::SeqCst) {
            return None;
        }
        let still = inner
            .service
            .computer_task(id)
            .is_some_and(|t| key(&t) == key(task));
        if !still {
            let _ = store.write(|tx| tx.drop_jobs(id.get(), number));
            return None;
        }
        match store.read(|tx| tx.job_answer(id.get(), number)) {
            Ok(Some(text)) => {
                let _ = store.write(|tx| tx.drop_jobs(id.get(), number));
                return Some(text);
            }
            Ok(None) => {}
            Err(e) => debug!(error = %e, "cannot read the computer's answer yet"),
        }
        let look = if pool.listening.load(Ordering::SeqCst) {
            ANSWER_FALLBACK
        } else {
            ANSWER_POLL
        };
        pool.answers.wait(&mut seen, look);
    }
}

fn options(may_resign: bool, seed: u64) -> Options {
    Options {
        seed,
        resign: may_resign,
        ..Options::default()
    }
}

/// The stop of a search: its time is up, or the runtime stops.
struct Deadline<'a> {
    at: Option<Instant>,
    stopping: &'a AtomicBool,
}

impl ai::Stop for Deadline<'_> {
    fn stop(&self) -> bool {
        self.stopping.load(Ordering::Relaxed) || self.at.is_some_and(|at| Instant::now() >= at)
    }
}
