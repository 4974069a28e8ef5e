//! Durable moves per second over 1,000 concurrent games (on the seed's clock and on the
//! correspondence clock), and start-up time with 10,000 running games (among them 10,000
//! correspondence games after an hour's downtime, each given its time back). A plain bench binary (`harness = false`): each figure is the median of several runs.
//!
//! `cargo bench --bench store` (set `TENGEN_BENCH_QUICK=1` for a short run). Commits are
//! fsynced as the bot's default (`TENGEN_BENCH_SYNC=full`, the default) or not
//! (`TENGEN_BENCH_SYNC=normal`, a host's `DATABASE_SYNC=normal`); the figures say which.
//!
//! The same workload on PostgreSQL: `TENGEN_BENCH_BACKEND=postgres` with `TEST_DATABASE_URL`
//! naming the server (each run in a schema of its own, `synchronous_commit=on`, a pool of 8).

#[path = "common/games.rs"]
mod games;

use std::sync::Arc;
use std::time::Instant;

use tengen::game::matches::PhaseKind;
use tengen::game::time_control::TimeControl;
use tengen::game::{Command, MatchId, SettingChange, Timestamp, UserId};
use tengen::go::{BoardSize, Color, Komi, RuleSet};
use tengen::service::Service;
use tengen::store::testing::TestSchema;
use tengen::store::{Durability, MatchLive, MatchRow, MoveRow, Store};

use games::{GUILD, quiet, start};

/// Where a run's database is: an SQLite file, or a PostgreSQL schema of its own.
enum BenchDb {
    Sqlite(std::path::PathBuf),
    Postgres(TestSchema),
}

impl BenchDb {
    /// A new, empty database named `name` on the backend `TENGEN_BENCH_BACKEND` says.
    fn new(dir: &tempfile::TempDir, name: &str) -> BenchDb {
        if postgres() {
            BenchDb::Postgres(
                TestSchema::new(name)
                    .expect("TENGEN_BENCH_BACKEND=postgres needs TEST_DATABASE_URL"),
            )
        } else {
            BenchDb::Sqlite(dir.path().join(format!("{name}.db")))
        }
    }

    fn open(&self, durability: Durability) -> Store {
        match self {
            BenchDb::Sqlite(path) => Store::open(path, durability).expect("open"),
            BenchDb::Postgres(schema) => Store::open_postgres(&schema.url, 8).expect("open"),
        }
    }
}

/// Whether the figures are PostgreSQL's.
fn postgres() -> bool {
    std::env::var("TENGEN_BENCH_BACKEND").as_deref() == Ok("postgres")
}

const NOW: Timestamp = Timestamp::from_millis(1_800_000_000_000);

/// The durability the figures are taken at, from `TENGEN_BENCH_SYNC`, and its name.
fn durability() -> (Durability, &'static str) {
    if postgres() {
        return (Durability::Power, "PostgreSQL, synchronous_commit=on");
    }
    match std::env::var("TENGEN_BENCH_SYNC").as_deref() {
        Err(_) | Ok("" | "full") => (Durability::Power, "synchronous=FULL"),
        Ok("normal") => (Durability::Process, "synchronous=NORMAL"),
        Ok(other) => panic!("TENGEN_BENCH_SYNC={other:?}: expected full or normal"),
    }
}

/// Players are numbered from `n`: `n` invites, `n + 1` accepts.
fn pair(n: u64) -> (UserId, UserId) {
    (UserId(n), UserId(n + 1))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Plays `total` moves spread over `games` (each thread its own slice of games, round robin),
/// each one committed before the next; returns moves per second.
fn moves_per_second(
    svc: &Service,
    games: &mut [(MatchId, UserId, UserId, usize)],
    total: usize,
    threads: usize,
    user: &mut u64,
) -> f64 {
    // Replace games that are nearly full, outside the timing.
    let per_game = total / games.len();
    for g in games.iter_mut() {
        if g.3 + per_game + 2 >= 170 {
            svc.apply(
                Command::Resign {
                    by: g.1,
                    match_id: Some(g.0),
                },
                NOW,
            )
            .result
            .expect("arm");
            svc.apply(
                Command::Resign {
                    by: g.1,
                    match_id: Some(g.0),
                },
                NOW,
            )
            .result
            .expect("resign");
            *user += 2;
            let (a, b) = pair(*user);
            *g = (start(svc, a, b, NOW), a, b, 0);
        }
    }
    let per_thread = total / threads;
    let chunk = games.len().div_ceil(threads);
    let t0 = Instant::now();
    std::thread::scope(|s| {
        for slice in games.chunks_mut(chunk) {
            s.spawn(move || {
                for i in 0..per_thread {
                    let g = &mut slice[i % slice.len()];
                    // Black is the invitee (g.2), White the inviter (g.1).
                    let by = if g.3.is_multiple_of(2) { g.2 } else { g.1 };
                    svc.apply(
                        Command::Play {
                            by,
                            point: quiet(g.3),
                            board: None,
                        },
                        NOW,
                    )
                    .result
                    .expect("move");
                    g.3 += 1;
                }
            });
        }
    });
    (per_thread * threads) as f64 / t0.elapsed().as_secs_f64()
}

/// Writes `n` running 19×19 games of `moves` moves each straight into the store, on the clock
/// `time` (as stored), with the bot last alive at `alive_at`.
fn populate(
    db: &BenchDb,
    n: i64,
    moves: usize,
    deadline: Timestamp,
    time: TimeControl,
    alive_at: Option<Timestamp>,
) {
    // Setting up is not measured: no fsync per commit here (on SQLite).
    let store = db.open(Durability::Process);
    let now = NOW.millis();
    store
        .write(|tx| {
            for id in 1..=n {
                let user = 1_000_000 + 2 * id as u64;
                tx.insert_match(&MatchRow {
                    id,
                    guild: GUILD.get(),
                    channel: 1,
                    black: user,
                    white: user + 1,
                    size: BoardSize::new(19).expect("a size"),
                    rules: RuleSet::Classic,
                    komi: Komi::from_half_points(11),
                    handicap: 0,
                    free_handicap: false,
                    ranked: false,
                    time,
                    takebacks: true,
                    turn_timeout_ms: 180_000,
                    grace_ms: 120_000,
                    max_ms: 3_600_000,
                    resign_window_ms: 10_000,
                    merit_min_moves: 20,
                    merit_amount: 5,
                    merit_bonus: 3,
                    merit_cap: 25,
                    started_at: now,
                    ends_at: now + 3_600_000,
                    computer: None,
                    event: None,
                    live: MatchLive {
                        turn_deadline: deadline.millis(),
                        move_count: moves as u32,
                        resign: [None, None],
                        offline: [None, None],
                        phase: PhaseKind::Play,
                        ending: None,
                        result: None,
                        ended_at: None,
                        dead_stones: None,
                        accepted: [false, false],
                        marking_version: 0,
                        resumed: Some(0),
                        resumed_at: None,
                        clocks: [None, None],
                        turn_started: Some(now),
                        reminded: 0,
                        nigiri: None,
                        teams: None,
                        computer_toggles: 0,
                    },
                })?;
                for k in 0..moves {
                    tx.insert_move(&MoveRow {
                        match_id: id,
                        number: k as u32 + 1,
                        color: if k % 2 == 0 {
                            Color::Black
                        } else {
                            Color::White
                        },
                        point: Some(quiet(k)),
                        automatic: false,
                        played_at: now,
                        played_by: None,
                    })?;
                }
            }
            if let Some(at) = alive_at {
                tx.set_alive_at(at.millis())?;
            }
            Ok::<(), tengen::store::StoreError>(())
        })
        .expect("populate");
}

fn main() {
    // `cargo bench` passes `--bench`; ignore arguments.
    let quick = std::env::var("TENGEN_BENCH_QUICK").is_ok();
    let dir = tempfile::tempdir().expect("tempdir");

    let (durability, sync) = durability();
    println!("store bench: WAL with {sync} (TENGEN_BENCH_SYNC=full|normal)");
    let only = std::env::var("TENGEN_BENCH_ONLY").unwrap_or_default();
    if only != "startup" {
        bench_moves(&dir, quick, durability, sync, "turn");
        bench_moves(&dir, quick, durability, sync, "correspondence");
    }
    if only != "moves" {
        bench_startup(&dir, quick, durability, sync);
    }
}

/// 1. Durable moves per second over 1,000 concurrent games.
fn bench_moves(
    dir: &tempfile::TempDir,
    quick: bool,
    durability: Durability,
    sync: &str,
    time: &str,
) {
    let db = BenchDb::new(dir, &format!("moves-{time}"));
    let store = db.open(durability);
    let svc = Service::open(Arc::new(store), NOW).expect("service");
    for (key, value) in [
        ("allowed-sizes", "9,19"),
        ("board-size", "19"),
        ("time-default", time),
    ] {
        let change = SettingChange::Set {
            key: key.to_owned(),
            value: value.to_owned(),
        };
        let configure = Command::Configure {
            guild: GUILD,
            moderator: true,
            change,
        };
        svc.apply(configure, NOW).result.expect("setting");
    }
    let mut user = 10u64;
    let mut games: Vec<(MatchId, UserId, UserId, usize)> = (0..1000)
        .map(|_| {
            user += 2;
            let (a, b) = pair(user);
            (start(&svc, a, b, NOW), a, b, 0)
        })
        .collect();
    let runs = if quick { 3 } else { 7 };
    let per_run = if quick { 10_000 } else { 30_000 };
    for threads in [1, 4, 8] {
        let rates: Vec<f64> = (0..runs)
            .map(|_| moves_per_second(&svc, &mut games, per_run, threads, &mut user))
            .collect();
        println!(
            "durable moves/s ({sync}), 1000 {time} games, {threads} thread(s), {per_run} moves per run: median {:.0} (min {:.0}, max {:.0}) over {runs} runs",
            median(rates.clone()),
            rates.iter().copied().fold(f64::INFINITY, f64::min),
            rates.iter().copied().fold(0.0, f64::max)
        );
    }
}

/// 2. Start-up with 10,000 running games, ready to serve.
fn bench_startup(dir: &tempfile::TempDir, quick: bool, durability: Durability, sync: &str) {
    let hour_ago = Timestamp::from_millis(NOW.millis() - 3_600_000);
    for (label, deadline, time, alive_at) in [
        (
            "deadlines ahead",
            Timestamp::from_millis(NOW.millis() + 100_000),
            TimeControl::Turn,
            None,
        ),
        (
            "all turns renewed",
            Timestamp::from_millis(NOW.millis() - 1),
            TimeControl::Turn,
            None,
        ),
        (
            "correspondence, down an hour, all given their time back",
            Timestamp::from_millis(NOW.millis() + 2 * 86_400_000),
            TimeControl::Correspondence {
                initial: std::time::Duration::from_millis(3 * 86_400_000),
                increment: std::time::Duration::from_millis(86_400_000),
                max: std::time::Duration::from_millis(7 * 86_400_000),
            },
            Some(hour_ago),
        ),
    ] {
        let moves = 60;
        let mut times = Vec::new();
        for run in 0..(if quick { 3 } else { 5 }) {
            let db = BenchDb::new(dir, &format!("startup-{}-{run}", deadline.millis()));
            populate(&db, 10_000, moves, deadline, time, alive_at);
            let t0 = Instant::now();
            let store = db.open(durability);
            let svc = Service::open(Arc::new(store), NOW).expect("service");
            let elapsed = t0.elapsed().as_secs_f64();
            assert_eq!(svc.running().len(), 10_000);
            assert!(svc.load_problems().is_empty(), "{:?}", svc.load_problems());
            let renewed = if deadline < NOW || alive_at.is_some() {
                10_000
            } else {
                0
            };
            assert_eq!(svc.take_recovered().len(), renewed, "{label}");
            times.push(elapsed * 1000.0);
        }
        println!(
            "start-up ({sync}), 10000 running 19x19 games x {moves} moves ({label}): median {:.0} ms over {} runs",
            median(times.clone()),
            times.len()
        );
    }
}
