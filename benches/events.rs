//! How long an event's round of 32 games takes to start (budget: 5 s, SPEC §11 / issue
//! "Events"): a Swiss event of 64 players on a real SQLite file, fsynced as the bot's
//! default. Round 1 starts by the organiser's command (the players seated, 32 boards and 32
//! matches stored in one transaction, the matches seated in memory); round 2 by the event's
//! own deadline once every game of round 1 has ended (its pairing by maximum weight matching
//! over the results). A plain bench binary (`harness = false`): each figure is the median of
//! several runs, each on a fresh database.
//!
//! `cargo bench --bench events` (set `TENGEN_BENCH_QUICK=1` for a short run). What Discord
//! then shows (a post per board, at Discord's rate limits) is not in these figures.

use std::sync::Arc;
use std::time::Instant;

use tengen::game::events::{EventOptions, Format};
use tengen::game::time_control::TimePreset;
use tengen::game::{
    ChannelId, Command, EventRequest, GuildId, MatchId, SettingChange, Subject, Timestamp, UserId,
};
use tengen::go::RuleSet;
use tengen::service::Service;
use tengen::store::{Durability, Store};

const GUILD: GuildId = GuildId(1);
const NOW: Timestamp = Timestamp::from_millis(1_800_000_000_000);
const PLAYERS: u64 = 64;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The matches an outcome list started.
fn started(outcomes: &[tengen::game::Outcome]) -> Vec<MatchId> {
    outcomes
        .iter()
        .filter_map(|o| match o.subject {
            Subject::Match(id)
                if o.events
                    .iter()
                    .any(|e| matches!(e, tengen::game::Event::MatchStarted { .. })) =>
            {
                Some(id)
            }
            _ => None,
        })
        .collect()
}

/// One run: (round 1's start, round 2's start), in milliseconds.
fn run(dir: &std::path::Path, n: usize) -> (f64, f64) {
    let path = dir.join(format!("events-{n}.db"));
    let store = Store::open(&path, Durability::Power).expect("open");
    let svc = Service::open(Arc::new(store), NOW).expect("service");
    let change = SettingChange::Set {
        key: "allowed-sizes".to_owned(),
        value: "9,13,19".to_owned(),
    };
    svc.apply(
        Command::Configure {
            guild: GUILD,
            moderator: true,
            change,
        },
        NOW,
    )
    .result
    .expect("setting");
    let created = svc
        .apply(
            Command::CreateEvent(Box::new(EventRequest {
                guild: GUILD,
                channel: ChannelId(10),
                by: UserId(9),
                moderator: true,
                name: "Open".into(),
                options: EventOptions {
                    format: Some(Format::Swiss { rounds: 5 }),
                    size: Some(19),
                    rules: Some(RuleSet::Chinese),
                    time: Some(TimePreset::Turn),
                    max_players: Some(PLAYERS as u32),
                    ..EventOptions::default()
                },
            })),
            NOW,
        )
        .result
        .expect("create");
    let Subject::Event(event) = created.subject else {
        panic!("not an event")
    };
    for u in 0..PLAYERS {
        svc.apply(
            Command::JoinEvent {
                guild: GUILD,
                event,
                user: UserId(1000 + u),
                has_role: false,
            },
            NOW,
        )
        .result
        .expect("join");
    }
    let t0 = Instant::now();
    let applied = svc.apply(
        Command::StartEvent {
            guild: GUILD,
            event,
            moderator: true,
        },
        NOW,
    );
    let first = t0.elapsed().as_secs_f64() * 1000.0;
    applied.result.expect("start");
    let games = started(&applied.after);
    assert_eq!(games.len(), 32, "a round of 32 games");
    // Every game ends (White resigns), outside the timing.
    for id in games {
        let m = svc.snapshot(id).expect("running");
        for _ in 0..2 {
            svc.apply(
                Command::Resign {
                    by: m.players.white,
                    match_id: Some(id),
                },
                NOW,
            )
            .result
            .expect("resign");
        }
    }
    let t1 = Instant::now();
    let fired = svc.tick(NOW);
    let second = t1.elapsed().as_secs_f64() * 1000.0;
    let fired: Vec<_> = fired.into_iter().filter_map(Result::ok).collect();
    assert_eq!(started(&fired).len(), 32, "round 2 of 32 games");
    (first, second)
}

fn main() {
    let quick = std::env::var("TENGEN_BENCH_QUICK").is_ok();
    let runs = if quick { 3 } else { 9 };
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for n in 0..runs {
        let (a, b) = run(dir.path(), n);
        first.push(a);
        second.push(b);
    }
    println!(
        "events bench: Swiss of {PLAYERS}, WAL with synchronous=FULL, {runs} runs\n  \
         round 1 (32 games) starts in {:.1} ms (median; min {:.1}, max {:.1})\n  \
         round 2 (32 games, paired by matching) starts in {:.1} ms (median; min {:.1}, max {:.1})",
        median(first.clone()),
        first.iter().copied().fold(f64::INFINITY, f64::min),
        first.iter().copied().fold(0.0, f64::max),
        median(second.clone()),
        second.iter().copied().fold(f64::INFINITY, f64::min),
        second.iter().copied().fold(0.0, f64::max),
    );
}
