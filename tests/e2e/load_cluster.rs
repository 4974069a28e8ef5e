//! The cluster's load test (ignored in the suite; `scripts/load-test.sh` runs it and
//! docs/SCALING.md keeps its figures). On PostgreSQL (`TEST_DATABASE_URL`), all on loopback:
//! the fake Discord with `LOAD_GUILDS` guilds on `LOAD_SHARDS` shards, `LOAD_PROCESSES` bot
//! processes each holding a range of them, `LOAD_WORKERS` worker processes thinking for
//! `LOAD_COMPUTER_GAMES` games against the computer, and `LOAD_GAMES` games between members,
//! one a guild. Every knob has the figure as its default.
//!
//! 1. **Load**: moves offered at `LOAD_RATE` a second for `LOAD_SECONDS` (each move the two
//!    clicks a player makes: the region, then the point) to games whose board shows their last
//!    move. Measured: interaction → answer at the fake (p50, p99, max), moves stored per second,
//!    each process's CPU.
//! 2. **Kills under the same load** (`LOAD_KILL_SECONDS`): one bot process SIGKILLed and
//!    started again at once; one worker SIGKILLed while it holds a search.
//! 3. **Checks**: every move the fake saw answered is stored exactly once and in order (a move
//!    whose answer never came may be stored or not, once); every board shows its game's last
//!    move; every game accepts its next move; the killed worker's search was answered; no
//!    violation of Discord's rules at the fake.
//!
//! A member playing the computer thinks `LOAD_THINK_MS` (3 s) before each move.
//!
//! The computer's workers run under `nice`: a host runs them on machines of their own, and
//! here they share the bot processes' two cores.

use crate::e2e_support;
use crate::support;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::process::Child;
use tokio::task::JoinSet;

use e2e_support::*;
use support::*;
use tengen::store::Store;
use tengen::store::testing::{TestSchema, off_runtime};

/// The moves of every game between members, Black and White in turn: no capture, no end.
const SEQUENCE: [&str; 20] = [
    "E5", "C3", "G7", "C7", "G3", "E3", "E7", "C5", "G5", "D4", "F6", "D6", "F4", "B5", "H5", "F3",
    "D7", "B3", "H7", "F7",
];

/// How long the driver waits for one answer before it counts the click as unanswered.
const ANSWER_WAIT: Duration = Duration::from_secs(5);

fn knob(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

struct Knobs {
    guilds: usize,
    games: usize,
    rate: usize,
    seconds: usize,
    kill_seconds: usize,
    computer_games: usize,
    processes: usize,
    shards: usize,
    workers: usize,
}

impl Knobs {
    fn from_env() -> Knobs {
        let k = Knobs {
            guilds: knob("LOAD_GUILDS", 10_000),
            games: knob("LOAD_GAMES", 5_000),
            rate: knob("LOAD_RATE", 200).max(1),
            seconds: knob("LOAD_SECONDS", 120),
            kill_seconds: knob("LOAD_KILL_SECONDS", 60),
            computer_games: knob("LOAD_COMPUTER_GAMES", 20),
            processes: knob("LOAD_PROCESSES", 3).max(2),
            shards: knob("LOAD_SHARDS", 16).max(2),
            workers: knob("LOAD_WORKERS", 2).max(2),
        };
        assert!(
            k.guilds >= k.games + k.computer_games,
            "one guild for each game"
        );
        k
    }
}

/// CPU time (user + system) a process used so far, from `/proc/<pid>/stat`.
fn cpu_of(pid: u32) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Duration::ZERO;
    };
    // The command name is in parentheses and may hold spaces: count fields after it.
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return Duration::ZERO;
    };
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    Duration::from_millis((ticks(11) + ticks(12)) * 1000 / clock_ticks())
}

fn clock_ticks() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100)
    })
}

/// CPU time of every PostgreSQL server process on this machine.
fn postgres_cpu() -> Duration {
    let mut total = Duration::ZERO;
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        if comm.trim() == "postgres" {
            total += cpu_of(pid);
        }
    }
    total
}

/// One process of the cluster and the CPU it had used when last sampled.
struct Proc {
    name: String,
    child: Child,
    dir: PathBuf,
    env: Vec<(String, String)>,
    cpu_before: Duration,
}

impl Proc {
    fn pid(&self) -> u32 {
        self.child.id().unwrap_or(0)
    }
    fn cpu(&self) -> Duration {
        cpu_of(self.pid())
    }
}

/// A game between members: its board, its match, its players.
struct Seat {
    board: u64,
    match_id: i64,
    black: TestUser,
    white: TestUser,
}

/// What the driver knows of a game.
#[derive(Default)]
struct Progress {
    /// Moves played as far as the driver knows (answered ones, and one unanswered that turned
    /// out stored).
    played: usize,
    /// Moves whose answer came.
    answered: usize,
    /// A click in flight.
    busy: bool,
    /// The last move's answer never came: it may or may not be stored.
    doubtful: bool,
}

#[derive(Default)]
struct Counts {
    offered: AtomicU64,
    answered: AtomicU64,
    refused: AtomicU64,
    unanswered: AtomicU64,
    /// Clicks Discord could not deliver: the guild's shard had no session (a player sees
    /// "This interaction failed"); nothing reached the bot.
    undelivered: AtomicU64,
    /// Pickers whose answer never came: no move was made.
    pickers_lost: AtomicU64,
    /// Boards that did not show an answered move within the wait.
    boards_behind: AtomicU64,
    computer_moves: AtomicU64,
}

fn bump(c: &AtomicU64) {
    c.fetch_add(1, Ordering::Relaxed);
}

async fn callback(fake: &FakeDiscord, id: u64, wait: Duration) -> Option<Callback> {
    let deadline = Instant::now() + wait;
    loop {
        if let Some(cb) = fake.callback_to(id) {
            return Some(cb);
        }
        if Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
}

/// The move number a board shows (its first field), if it still has buttons to play on.
fn board_move(fake: &FakeDiscord, board: u64) -> Option<u32> {
    fake.inspect_message(board, |m| {
        m.embeds()
            .first()
            .and_then(|e| e["fields"][0]["value"].as_str().map(str::to_owned))
            .and_then(|v| v.parse::<u32>().ok())
    })
    .flatten()
}

/// Waits until `board` shows at least `n` moves.
async fn board_reaches(fake: &FakeDiscord, board: u64, n: u32, wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    while Instant::now() < deadline {
        if board_move(fake, board).unwrap_or(0) >= n {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

/// The message a deferred answer to `interaction` ends as, once `ready` says it is there.
async fn deferred_message(
    fake: &FakeDiscord,
    interaction: u64,
    ready: impl Fn(&StoredMessage) -> bool,
) -> Option<u64> {
    let deadline = Instant::now() + ANSWER_WAIT;
    while Instant::now() < deadline {
        if let Some(m) = fake.original_response(interaction).filter(|m| ready(m)) {
            return Some(m.id);
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    None
}

enum Click {
    /// Discord could not deliver the click, or the picker never came: nothing was played.
    NotPlayed,
    Answered,
    Refused(String),
    /// The point was clicked and no answer came.
    Unanswered,
}

/// A player's two clicks for `point` on `board`; `pick` chooses the point's button on the
/// picker when `point` is `None` (the first free point of the region of the `region`th button).
async fn two_clicks(
    fake: &FakeDiscord,
    counts: &Counts,
    board: u64,
    user: &TestUser,
    point: Option<&str>,
    region: usize,
) -> Click {
    let region_id = fake
        .inspect_message(board, |m| match point {
            Some(p) => Some(region_button(m, p)),
            None => {
                let regions: Vec<String> = m
                    .buttons()
                    .into_iter()
                    .filter(|b| b.label.as_deref().is_some_and(|l| l.contains('–')))
                    .map(|b| b.custom_id)
                    .collect();
                (!regions.is_empty()).then(|| regions[region % regions.len()].clone())
            }
        })
        .flatten();
    let Some(region_id) = region_id else {
        return Click::NotPlayed;
    };
    let Ok(first) = fake.try_press_button(user, board, &region_id) else {
        bump(&counts.undelivered);
        return Click::NotPlayed;
    };
    let Some(cb) = callback(fake, first, ANSWER_WAIT).await else {
        bump(&counts.pickers_lost);
        return Click::NotPlayed;
    };
    let picker = match cb.kind {
        4 => cb.message_id,
        // Deferred ("thinking…") under load: the picker comes as the edited original answer.
        5 => deferred_message(fake, first, |m| !m.buttons().is_empty()).await,
        _ => None,
    };
    let Some(picker) = picker else {
        return Click::Refused(format!("the picker's answer: {} {}", cb.kind, cb.data));
    };
    let button = fake
        .inspect_message(picker, |m| {
            m.buttons().into_iter().find(|b| {
                !b.disabled
                    && b.label.as_deref().is_some_and(|l| match point {
                        Some(p) => l == p,
                        None => l.parse::<tengen::go::Point>().is_ok(),
                    })
            })
        })
        .flatten();
    let Some(button) = button else {
        return Click::Refused(format!("no free point on the picker ({point:?})"));
    };
    bump(&counts.offered);
    let Ok(second) = fake.try_press_button(user, picker, &button.custom_id) else {
        bump(&counts.undelivered);
        return Click::Unanswered;
    };
    match callback(fake, second, ANSWER_WAIT).await {
        None => {
            bump(&counts.unanswered);
            Click::Unanswered
        }
        Some(cb) if cb.kind == 7 => {
            bump(&counts.answered);
            Click::Answered
        }
        // Deferred under load: the confirmation comes as an edit of the picker.
        Some(cb) if cb.kind == 6 => {
            let shown = point.map_or(String::new(), str::to_owned);
            match deferred_message(fake, second, |m| {
                m.edits > 0 && m.content().contains(&shown)
            })
            .await
            {
                Some(_) => {
                    bump(&counts.answered);
                    Click::Answered
                }
                None => {
                    bump(&counts.unanswered);
                    Click::Unanswered
                }
            }
        }
        Some(cb) => {
            bump(&counts.refused);
            Click::Refused(cb.data.to_string())
        }
    }
}

/// One move of a game between members: its result recorded in `progress`.
async fn play_move(
    fake: Arc<FakeDiscord>,
    counts: Arc<Counts>,
    seat: Arc<Seat>,
    progress: Arc<Mutex<Progress>>,
) {
    let n = progress.lock().unwrap().played;
    let user = if n.is_multiple_of(2) {
        &seat.black
    } else {
        &seat.white
    };
    let point = SEQUENCE[n];
    let click = two_clicks(&fake, &counts, seat.board, user, Some(point), 0).await;
    if let Click::Answered = click {
        {
            let mut p = progress.lock().unwrap();
            p.played += 1;
            p.answered += 1;
        }
        if !board_reaches(&fake, seat.board, n as u32 + 1, Duration::from_secs(10)).await {
            bump(&counts.boards_behind);
        }
    }
    let mut p = progress.lock().unwrap();
    match click {
        Click::Unanswered => p.doubtful = true,
        Click::Refused(why) => eprintln!(
            "load: move {point} of match {} refused: {why}",
            seat.match_id
        ),
        Click::Answered | Click::NotPlayed => {}
    }
    p.busy = false;
}

/// Starts a game between two new members in `channel`.
async fn new_game(fake: &FakeDiscord, channel: u64, n: usize) -> Seat {
    let (a, b) = (fake.user(&format!("a{n}")), fake.user(&format!("b{n}")));
    let opts = vec![Opt::user("user", &b), Opt::int("size", 9)];
    let id = fake.send_slash_command_in(channel, &a, "weiqi", "invite", opts);
    let cb = callback(fake, id, Duration::from_secs(30))
        .await
        .expect("the invitation");
    let invitation = cb.message_id.expect("an invitation message");
    let accept = fake
        .inspect_message(invitation, |m| m.buttons()[0].custom_id.clone())
        .unwrap();
    let id = fake.press_button(&b, invitation, &accept);
    assert_eq!(
        callback(fake, id, Duration::from_secs(30))
            .await
            .expect("the acceptance")
            .kind,
        6
    );
    let board = new_board(fake, channel, &[]).await;
    let (board, turn, match_id) = board;
    let (black, white) = if turn.contains(&a.mention()) {
        (a, b)
    } else {
        (b, a)
    };
    Seat {
        board,
        match_id,
        black,
        white,
    }
}

/// The board message that appears in `channel` (not one of `known`): its id, its Turn field,
/// its match.
async fn new_board(fake: &FakeDiscord, channel: u64, known: &[u64]) -> (u64, String, i64) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let found = fake.messages_in(channel).into_iter().find(|m| {
            m.attachment("board.png").is_some()
                && m.interaction_id.is_none()
                && !m.deleted
                && !known.contains(&m.id)
        });
        if let Some(m) = found {
            let match_id = m
                .buttons()
                .iter()
                .find_map(|b| b.custom_id.split(':').nth(2)?.parse::<i64>().ok())
                .expect("a match id in the board's buttons");
            return (m.id, field(&m, "Turn"), match_id);
        }
        assert!(Instant::now() < deadline, "no board in channel {channel}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn query_i64(url: &str, sql: &str) -> i64 {
    let (url, sql) = (url.to_owned(), sql.to_owned());
    off_runtime(move || {
        let store = Store::open_postgres(&url, 1).unwrap();
        store
            .read(|tx| tx.query_all(&sql, &[], |r| r.get::<i64>(0)))
            .unwrap()
            .first()
            .copied()
            .unwrap_or(0)
    })
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Drives moves at `rate` a second for `window` to games that are ready for one.
async fn drive(
    fake: &Arc<FakeDiscord>,
    counts: &Arc<Counts>,
    seats: &[Arc<Seat>],
    progress: &[Arc<Mutex<Progress>>],
    rate: usize,
    window: Duration,
    tasks: &mut JoinSet<()>,
) {
    let every = Duration::from_secs_f64(1.0 / rate as f64);
    let start = tokio::time::Instant::now();
    let mut cursor = 0;
    let mut k: u32 = 0;
    while start.elapsed() < window {
        for _ in 0..seats.len() {
            cursor = (cursor + 1) % seats.len();
            let mut p = progress[cursor].lock().unwrap();
            // The last move of the sequence is kept for the check that every game goes on.
            if p.busy || p.doubtful || p.played + 1 >= SEQUENCE.len() {
                continue;
            }
            p.busy = true;
            drop(p);
            tasks.spawn(play_move(
                Arc::clone(fake),
                Arc::clone(counts),
                Arc::clone(&seats[cursor]),
                Arc::clone(&progress[cursor]),
            ));
            break;
        }
        while let Some(done) = tasks.try_join_next() {
            done.unwrap();
        }
        k += 1;
        tokio::time::sleep_until(start + every * k).await;
    }
}

/// Games against the computer in `channel`, one after another while `running`: the member
/// plays a free point of the next region, then waits for the computer's answer. Returns how
/// long each answer took; `matches` gets each game's match and board.
async fn computer_games(
    fake: Arc<FakeDiscord>,
    counts: Arc<Counts>,
    channel: u64,
    human: TestUser,
    level: i64,
    running: Arc<AtomicBool>,
    matches: Arc<Mutex<BTreeMap<i64, u64>>>,
) -> Vec<Duration> {
    let think = Duration::from_millis(knob("LOAD_THINK_MS", 3000) as u64);
    let mut waits = Vec::new();
    let mut known = Vec::new();
    let mut region = 0;
    while running.load(Ordering::Relaxed) {
        let opts = vec![Opt::int("size", 9), Opt::int("level", level)];
        let id = fake.send_slash_command_in(channel, &human, "weiqi", "ai", opts);
        callback(&fake, id, Duration::from_secs(30))
            .await
            .expect("the computer game's answer");
        let (board, _, match_id) = new_board(&fake, channel, &known).await;
        known.push(board);
        matches.lock().unwrap().insert(match_id, board);
        let mut waited = 0;
        while running.load(Ordering::Relaxed) {
            let (turn, over) = fake
                .inspect_message(board, |m| (field(m, "Turn"), m.buttons().is_empty()))
                .unwrap_or_default();
            if over {
                break;
            }
            if !turn.contains(&human.mention()) {
                tokio::time::sleep(Duration::from_millis(50)).await;
                waited += 1;
                if waited == 200 {
                    let shown = fake
                        .inspect_message(board, |m| (m.json["embeds"].to_string(), m.buttons()));
                    eprintln!("load: computer game {match_id} waits: {shown:?}");
                }
                continue;
            }
            waited = 0;
            let n = board_move(&fake, board).unwrap_or(0);
            if n >= 50 {
                // A short game each: the member resigns (armed, then confirmed) and starts
                // another, so that the computer thinks about open positions.
                for _ in 0..2 {
                    let resign = fake
                        .inspect_message(board, |m| {
                            m.buttons()
                                .into_iter()
                                .find(|b| b.label.as_deref() == Some("Resign"))
                        })
                        .flatten();
                    if let Some(b) = resign
                        && let Ok(id) = fake.try_press_button(&human, board, &b.custom_id)
                    {
                        callback(&fake, id, ANSWER_WAIT).await;
                    }
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            region += 1;
            if let Click::Answered = two_clicks(&fake, &counts, board, &human, None, region).await {
                let asked = Instant::now();
                if board_reaches(&fake, board, n + 2, Duration::from_secs(90)).await {
                    bump(&counts.computer_moves);
                    waits.push(asked.elapsed());
                }
                // The member looks at the computer's move before answering it.
                tokio::time::sleep(think).await;
            } else {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
    waits
}

/// Waits (on a thread of its own) for a job `pid`'s worker holds unanswered, and kills the
/// worker then: the job (match, move number).
fn kill_worker_in_search(url: &str, pid: u32, within: Duration) -> Option<(i64, i64)> {
    let store = Store::open_postgres(url, 1).unwrap();
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        let held = store
            .read(|tx| {
                tx.query_all(
                    &format!(
                        "SELECT match_id, move_number FROM ai_jobs WHERE answer IS NULL \
                         AND worker LIKE 'worker-{pid}-%'"
                    ),
                    &[],
                    |r| Ok((r.get::<i64>(0)?, r.get::<i64>(1)?)),
                )
            })
            .unwrap();
        if let Some(job) = held.first() {
            let _ = std::process::Command::new("kill")
                .args(["-9", &pid.to_string()])
                .status();
            return Some(*job);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    None
}

/// A log line without its colours.
fn plain(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn since(before: Duration, now: Duration, secs: f64) -> String {
    format!(
        "{:.0} %",
        (now.saturating_sub(before)).as_secs_f64() / secs * 100.0
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the full load test runs from scripts/load-test.sh"]
async fn cluster_under_load() {
    let Some(schema) = TestSchema::new("load cluster") else {
        return;
    };
    let url = schema.url.clone();
    let k = Knobs::from_env();
    let fake = Arc::new(FakeDiscord::start().await);
    fake.set_shards(k.shards as u32);
    let mut channels = Vec::with_capacity(k.guilds);
    for g in 0..k.guilds {
        let (_, channel) = fake.add_guild_on_shard((g % k.shards) as u32, &format!("server {g}"));
        channels.push(channel);
    }
    // The processes' logs are kept for reading after the run.
    let root = tempfile::Builder::new()
        .prefix("tengen-load-")
        .tempdir()
        .unwrap()
        .keep();
    println!("load: logs in {}", root.display());

    // The bot processes, each with its range of shards, and the workers.
    let mut procs: Vec<Proc> = Vec::new();
    let log = std::env::var("LOAD_LOG").unwrap_or_else(|_| "info".into());
    for i in 0..k.processes {
        let (lo, hi) = (
            i * k.shards / k.processes,
            (i + 1) * k.shards / k.processes - 1,
        );
        let dir = root.as_path().join(format!("bot{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        let env: Vec<(String, String)> = [
            ("DATABASE_URL", url.as_str()),
            ("DATABASE_CONNECTIONS", "6"),
            ("SHARDS", &k.shards.to_string()),
            ("SHARD_RANGE", &format!("{lo}-{hi}")),
            ("AI_WORKERS", "external"),
            ("AI_MAX_GAMES", &k.computer_games.max(1).to_string()),
            ("RUST_LOG", &log),
        ]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
        let pairs: Vec<(&str, &str)> = env.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let child = start_bot_with(&fake, &dir, &pairs);
        procs.push(Proc {
            name: format!("bot {i} (shards {lo}-{hi})"),
            child,
            dir,
            env,
            cpu_before: Duration::ZERO,
        });
    }
    let _logs: Vec<LogOnPanic> = procs
        .iter()
        .map(|p| LogOnPanic(p.dir.join("bot.log")))
        .collect();
    let all: Vec<u32> = (0..k.shards as u32).collect();
    let connecting = Instant::now();
    // Discord's session start limit: one identify every 5 s for the whole cluster.
    let identify_time = Duration::from_secs(6 * k.shards as u64 + 30);
    fake.wait_shards_connected(&all, identify_time).await;
    fake.wait_for_commands(STEP).await;
    println!(
        "load: {} processes connected {} shards in {:.1?}",
        k.processes,
        k.shards,
        connecting.elapsed()
    );
    for i in 0..k.workers {
        let dir = root.as_path().to_path_buf();
        let child = start_worker(&dir, &url, &format!("worker{i}"), 10, true);
        procs.push(Proc {
            name: format!("worker {i}"),
            child,
            dir,
            env: Vec::new(),
            cpu_before: Duration::ZERO,
        });
    }

    // The games: one a guild, created sixteen at a time.
    let creating = Instant::now();
    let mut seats: Vec<Arc<Seat>> = Vec::with_capacity(k.games);
    let mut made: JoinSet<(usize, Seat)> = JoinSet::new();
    for (n, channel) in channels.iter().copied().enumerate().take(k.games) {
        if made.len() >= 16
            && let Some(done) = made.join_next().await
        {
            seats.push(Arc::new(done.unwrap().1));
        }
        let fake = Arc::clone(&fake);
        made.spawn(async move { (n, new_game(&fake, channel, n).await) });
    }
    while let Some(done) = made.join_next().await {
        seats.push(Arc::new(done.unwrap().1));
    }
    println!(
        "load: {} games started in {:.1?}",
        seats.len(),
        creating.elapsed()
    );
    let progress: Vec<Arc<Mutex<Progress>>> = seats.iter().map(|_| Arc::default()).collect();
    let counts = Arc::new(Counts::default());

    // The games against the computer (intermediate), thought on the workers.
    let commands = fake.registered_commands();
    let level = choice(&commands, "weiqi", "ai", "level", "intermediate");
    let running = Arc::new(AtomicBool::new(true));
    let computer_matches: Arc<Mutex<BTreeMap<i64, u64>>> = Arc::default();
    let mut computer: JoinSet<Vec<Duration>> = JoinSet::new();
    for (n, channel) in channels
        .iter()
        .copied()
        .enumerate()
        .skip(k.games)
        .take(k.computer_games)
    {
        computer.spawn(computer_games(
            Arc::clone(&fake),
            Arc::clone(&counts),
            channel,
            fake.user(&format!("h{n}")),
            level,
            Arc::clone(&running),
            Arc::clone(&computer_matches),
        ));
    }

    // 1. The load, measured.
    let mut tasks = JoinSet::new();
    let latencies_from = fake.callback_latencies().len();
    let moves_before = query_i64(&url, "SELECT count(*) FROM moves");
    for p in &mut procs {
        p.cpu_before = p.cpu();
    }
    let (pg_before, me_before) = (postgres_cpu(), cpu_of(std::process::id()));
    let window = Duration::from_secs(k.seconds as u64);
    let loading = Instant::now();
    drive(
        &fake, &counts, &seats, &progress, k.rate, window, &mut tasks,
    )
    .await;
    let secs = loading.elapsed().as_secs_f64();
    let moves_after = query_i64(&url, "SELECT count(*) FROM moves");
    let mut latencies: Vec<Duration> = fake.callback_latencies()[latencies_from..].to_vec();
    latencies.sort();
    println!(
        "load: {secs:.1} s at {} moves/s offered: {} moves offered, {} answered, {} refused, \
         {} unanswered, {} boards late; {} interactions answered: p50 {:.2?}, p99 {:.2?}, max \
         {:.2?}; {:.1} durable moves/s (computer's included); computer moves {}",
        k.rate,
        counts.offered.load(Ordering::Relaxed),
        counts.answered.load(Ordering::Relaxed),
        counts.refused.load(Ordering::Relaxed),
        counts.unanswered.load(Ordering::Relaxed),
        counts.boards_behind.load(Ordering::Relaxed),
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default(),
        (moves_after - moves_before) as f64 / secs,
        counts.computer_moves.load(Ordering::Relaxed),
    );
    for p in &procs {
        println!(
            "load: CPU of {}: {}",
            p.name,
            since(p.cpu_before, p.cpu(), secs)
        );
    }
    println!(
        "load: CPU of PostgreSQL: {}; of the fake Discord and the driver: {}",
        since(pg_before, postgres_cpu(), secs),
        since(me_before, cpu_of(std::process::id()), secs)
    );

    // 2. The kills, under the same load.
    let kill_window = Duration::from_secs(k.kill_seconds as u64);
    let victim = 1;
    let victim_shards: Vec<u32> = (victim * k.shards / k.processes
        ..(victim + 1) * k.shards / k.processes)
        .map(|s| s as u32)
        .collect();
    let worker_pid = procs[k.processes].pid();
    let victim_pid = procs[victim].pid();
    let (victim_dir, victim_env) = (procs[victim].dir.clone(), procs[victim].env.clone());
    let killer_fake = Arc::clone(&fake);
    let taken = victim_shards.clone();
    let kill_bot = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(5)).await;
        // SIGKILL, as the kernel's OOM killer or a pulled plug would; started again at once.
        let _ = std::process::Command::new("kill")
            .args(["-9", &victim_pid.to_string()])
            .status();
        let pairs: Vec<(&str, &str)> = victim_env
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let identified = |shard: u32| {
            killer_fake
                .identifies()
                .iter()
                .filter(|(s, _)| *s == shard)
                .count()
        };
        let before: Vec<usize> = taken.iter().map(|s| identified(*s)).collect();
        let restarted = Instant::now();
        let child = start_bot_with(&killer_fake, &victim_dir, &pairs);
        // Back when each of its shards identified again and has its session.
        while restarted.elapsed() < Duration::from_secs(180)
            && !taken
                .iter()
                .zip(&before)
                .all(|(s, n)| identified(*s) > *n && killer_fake.shard_connected(*s))
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        (child, restarted.elapsed())
    });
    let url2 = url.clone();
    let kill_worker = tokio::task::spawn_blocking(move || {
        std::thread::sleep(Duration::from_secs(10));
        kill_worker_in_search(&url2, worker_pid, Duration::from_secs(40))
    });
    drive(
        &fake,
        &counts,
        &seats,
        &progress,
        k.rate,
        kill_window,
        &mut tasks,
    )
    .await;
    running.store(false, Ordering::Relaxed);
    let (child, back) = kill_bot.await.unwrap();
    let worker_job = kill_worker.await.unwrap();
    let _ = procs[victim].child.wait().await;
    procs[victim].child = child;
    while let Some(done) = tasks.join_next().await {
        done.unwrap();
    }
    let mut computer_waits = Vec::new();
    while let Some(done) = computer.join_next().await {
        computer_waits.extend(done.unwrap());
    }
    computer_waits.sort();
    fake.wait_shards_connected(&all, identify_time).await;
    let log = std::fs::read_to_string(procs[victim].dir.join("bot.log")).unwrap_or_default();
    let loaded = log
        .lines()
        .rfind(|l| l.contains("games loaded"))
        .map_or_else(|| "(no line)".to_owned(), plain);

    // 3. The checks.
    let stored: BTreeMap<i64, Vec<String>> =
        moves_stored(&url)
            .into_iter()
            .fold(BTreeMap::new(), |mut m, (id, p)| {
                m.entry(id).or_insert_with(Vec::new).push(p);
                m
            });
    let mut wrong = Vec::new();
    let (mut doubtful_stored, mut doubtful_not) = (0, 0);
    for (seat, progress) in seats.iter().zip(&progress) {
        let mut p = progress.lock().unwrap();
        let have = stored.get(&seat.match_id).cloned().unwrap_or_default();
        let expected_len = if p.doubtful && have.len() == p.played + 1 {
            doubtful_stored += 1;
            p.played + 1
        } else {
            if p.doubtful {
                doubtful_not += 1;
            }
            p.played
        };
        if have.len() != expected_len || have.iter().zip(SEQUENCE).any(|(a, b)| a != b) {
            wrong.push((seat.match_id, p.played, p.doubtful, have));
        }
        p.played = expected_len;
        p.doubtful = false;
    }
    let answered_total: usize = progress.iter().map(|p| p.lock().unwrap().answered).sum();
    let stored_human: usize = seats
        .iter()
        .map(|s| stored.get(&s.match_id).map_or(0, Vec::len))
        .sum();
    // Every board shows its game's last move.
    let mut behind = 0;
    for (seat, progress) in seats.iter().zip(&progress) {
        let n = progress.lock().unwrap().played as u32;
        if !board_reaches(&fake, seat.board, n, Duration::from_secs(20)).await {
            behind += 1;
        }
    }
    // Every game accepts its next move.
    let next = Arc::new(Counts::default());
    let mut stuck = Vec::new();
    let mut pending: JoinSet<(i64, bool)> = JoinSet::new();
    for (seat, progress) in seats.iter().zip(&progress) {
        if pending.len() >= 16
            && let Some(done) = pending.join_next().await
        {
            let (id, ok) = done.unwrap();
            if !ok {
                stuck.push(id);
            }
        }
        let (fake, next, seat) = (Arc::clone(&fake), Arc::clone(&next), Arc::clone(seat));
        let n = progress.lock().unwrap().played;
        pending.spawn(async move {
            let user = if n.is_multiple_of(2) {
                &seat.black
            } else {
                &seat.white
            };
            let click = two_clicks(&fake, &next, seat.board, user, Some(SEQUENCE[n]), 0).await;
            (seat.match_id, matches!(click, Click::Answered))
        });
    }
    while let Some(done) = pending.join_next().await {
        let (id, ok) = done.unwrap();
        if !ok {
            stuck.push(id);
        }
    }
    // The killed worker's search was answered: the computer's move after it is stored.
    let worker_job_answered = worker_job.map(|(m, number)| {
        query_i64(
            &url,
            &format!("SELECT count(*) FROM moves WHERE match_id = {m} AND number > {number}"),
        ) > 0
    });

    println!(
        "load: kills: bot {victim} SIGKILLed 5 s into the second window and started again at \
         once: its shards {victim_shards:?} connected {back:.1?} after (Discord's identify \
         limit: one shard per 5 s); its log: {loaded}"
    );
    println!(
        "load: totals: {} moves offered, {} answered, {answered_total} answered as the games \
         record them, {stored_human} stored in the games between members ({doubtful_stored} \
         unanswered ones stored, {doubtful_not} not), {} undelivered clicks (shard offline), {} \
         pickers unanswered; games wrong: {}, boards behind: {behind}, games stuck: {}; \
         the worker killed with job {worker_job:?}: answered {worker_job_answered:?}; computer \
         moves {} (answer waits p50 {:.1?}, max {:.1?})",
        counts.offered.load(Ordering::Relaxed),
        counts.answered.load(Ordering::Relaxed),
        counts.undelivered.load(Ordering::Relaxed),
        counts.pickers_lost.load(Ordering::Relaxed),
        wrong.len(),
        stuck.len(),
        counts.computer_moves.load(Ordering::Relaxed),
        percentile(&computer_waits, 0.5),
        computer_waits.last().copied().unwrap_or_default(),
    );
    assert!(
        wrong.is_empty(),
        "games whose moves are not as answered: {:?}",
        &wrong[..wrong.len().min(5)]
    );
    assert_eq!(behind, 0, "boards behind their games");
    assert!(
        stuck.is_empty(),
        "games refusing their next move: {stuck:?}"
    );
    assert_eq!(worker_job_answered, Some(true), "the killed worker's job");
    fake.assert_no_violations();
}
