//! A small version of the cluster's load test, on PostgreSQL (skipped, saying so, without
//! `TEST_DATABASE_URL`): two bot processes share two shards (the first holds one, the second
//! the other and stands by for the first's); `TENGEN_CLUSTER_GAMES` games (100 by default),
//! half in a guild on each shard, two moves each; the first process is killed (SIGKILL); the
//! second takes its shard over and every game accepts its next move. Counted: moves offered,
//! answered, stored (each once), games stuck (none); the interaction → answer latencies
//! printed (p50, p99), measured, not asserted.

use crate::e2e_support;
use crate::support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use e2e_support::*;
use support::*;
use tengen::store::Scope;
use tengen::store::testing::TestSchema;

fn serving(
    fake: &FakeDiscord,
    dir: &std::path::Path,
    url: &str,
    range: &str,
) -> tokio::process::Child {
    start_bot_with(
        fake,
        dir,
        &[
            ("DATABASE_URL", url),
            ("DATABASE_CONNECTIONS", "4"),
            ("SHARDS", "2"),
            ("SHARD_RANGE", range),
        ],
    )
}

/// Starts a 9×9 game in `channel` between two new members: its board.
async fn new_game(fake: &FakeDiscord, channel: u64, n: usize) -> (u64, TestUser, TestUser) {
    let (a, b) = (fake.user(&format!("a{n}")), fake.user(&format!("b{n}")));
    let opts = vec![Opt::user("user", &b), Opt::int("size", 9)];
    let id = fake.send_slash_command_in(channel, &a, "weiqi", "invite", opts);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false), "{}", cb.data);
    let invitation = fake.message(cb.message_id.unwrap()).unwrap();
    let board = accept(fake, &b, &invitation).await;
    // Black moves first: the board says whose turn it is.
    let turn = field(&fake.message(board).unwrap(), "Turn");
    if turn.contains(&a.mention()) {
        (board, a, b)
    } else {
        (board, b, a)
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_a_kill_and_every_game_goes_on() {
    let Some(schema) = TestSchema::new("e2e cluster") else {
        return;
    };
    let games: usize = std::env::var("TENGEN_CLUSTER_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let fake = FakeDiscord::start().await;
    fake.set_shards(2);
    let main = Scope::shard_of(fake.guild_id(), 2);
    let (_, channel_b) = fake.add_guild_on_shard(1 - main, "second server");
    let (dir1, dir2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let _log1 = LogOnPanic(dir1.path().join("bot.log"));
    let _log2 = LogOnPanic(dir2.path().join("bot.log"));
    let mut first = serving(&fake, dir1.path(), &schema.url, &main.to_string());
    fake.wait_shards_connected(&[main], STEP).await;
    fake.wait_for_commands(STEP).await;
    let _second = serving(&fake, dir2.path(), &schema.url, "0-1");
    fake.wait_shards_connected(&[1 - main], Duration::from_secs(20))
        .await;

    let started = Instant::now();
    let mut tables = Vec::new();
    for n in 0..games {
        let channel = if n % 2 == 0 {
            fake.channel_id()
        } else {
            channel_b
        };
        tables.push(new_game(&fake, channel, n).await);
    }
    let mut offered: BTreeMap<u64, Vec<&str>> = BTreeMap::new();
    for (board, black, white) in &tables {
        let t = Table {
            fake: &fake,
            board: *board,
        };
        t.play(black, "E5").await;
        t.play(white, "C3").await;
        offered.entry(*board).or_default().extend(["E5", "C3"]);
    }
    let before_kill = started.elapsed();

    first.start_kill().unwrap();
    let _ = first.wait().await;
    let killed = Instant::now();
    for _ in 0..200 {
        if fake.identifies().iter().filter(|(s, _)| *s == main).count() == 2
            && fake.shard_connected(main)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(fake.shard_connected(main), "{}", fake.diagnostics());
    let taken_over = killed.elapsed();
    for (board, black, _) in &tables {
        let t = Table {
            fake: &fake,
            board: *board,
        };
        t.play(black, "G7").await;
        offered.entry(*board).or_default().push("G7");
    }

    // Every move answered is stored, once, in its game.
    let stored = moves_stored(&schema.url);
    let mut by_game: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for (m, p) in stored {
        by_game.entry(m).or_default().push(p);
    }
    let moves_offered: usize = offered.values().map(Vec::len).sum();
    let moves_stored: usize = by_game.values().map(Vec::len).sum();
    let stuck = by_game
        .values()
        .filter(|v| v.as_slice() != ["E5", "C3", "G7"])
        .count()
        + games.saturating_sub(by_game.len());
    let mut latencies = fake.callback_latencies();
    latencies.sort();
    println!(
        "cluster: {games} games, {moves_offered} moves offered and answered, {moves_stored} \
         stored, {stuck} games stuck; {} interactions: p50 {:?}, p99 {:?}, max {:?}; \
         {before_kill:?} to the kill, shard taken over {taken_over:?} after it",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default(),
    );
    assert_eq!(by_game.len(), games, "every game stored");
    assert_eq!(stuck, 0, "every game has each of its moves once");
    assert_eq!(moves_stored, moves_offered);
    fake.assert_no_violations();
}
