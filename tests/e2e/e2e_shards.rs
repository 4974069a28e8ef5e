//! Discord's shards across bot processes on one PostgreSQL database (each test in a schema of
//! its own; skipped, saying so, without `TEST_DATABASE_URL`; required under CI). Two guilds on
//! the two shards of a bot: one process serves the main guild's shard, a second is started
//! with both and serves the other while it stands by for the first's; the first is killed
//! (SIGKILL) and the second takes its shard over — a new session on the gateway, the game of
//! that guild goes on, every move stored once. A standby that held no shard (its first shard
//! the one it takes over, its commands registered then, slowly) answers a click on a board of
//! that guild at once after it identifies, within Discord's 3 seconds. A process that asks for
//! another number of shards than the running ones is refused.

use crate::e2e_support;
use crate::support;

use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::process::Child;

use e2e_support::*;
use support::*;
use tengen::game::invitation::InviteRequest;
use tengen::game::{ChannelId, Command, GuildId, InvitationRef, InviteOptions, Subject, UserId};
use tengen::runtime::{Clock, SystemClock};
use tengen::service::Service;
use tengen::store::testing::{TestSchema, off_runtime};
use tengen::store::{Scope, Store};

fn start_serving(fake: &FakeDiscord, dir: &std::path::Path, url: &str, range: &str) -> Child {
    start_bot_with(
        fake,
        dir,
        &[
            ("DATABASE_URL", url),
            ("DATABASE_CONNECTIONS", "3"),
            ("SHARDS", "2"),
            ("SHARD_RANGE", range),
        ],
    )
}

/// Invites in `channel` (another guild's) and returns the invitation message.
async fn invite_in(
    fake: &FakeDiscord,
    channel: u64,
    inviter: &TestUser,
    invitee: &TestUser,
) -> StoredMessage {
    let opts = vec![Opt::user("user", invitee), Opt::int("size", 9)];
    let id = fake.send_slash_command_in(channel, inviter, "weiqi", "invite", opts);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!((cb.kind, cb.ephemeral), (4, false), "{}", cb.data);
    fake.message(cb.message_id.unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_standby_process_takes_over_the_shard_of_a_killed_one_and_its_games_go_on() {
    let Some(schema) = TestSchema::new("e2e shards") else {
        return;
    };
    let fake = FakeDiscord::start().await;
    fake.set_shards(2);
    let main = Scope::shard_of(fake.guild_id(), 2);
    let other = 1 - main;
    let (_, channel_b) = fake.add_guild_on_shard(other, "second server");
    let (dir1, dir2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let _log1 = LogOnPanic(dir1.path().join("bot.log"));
    let _log2 = LogOnPanic(dir2.path().join("bot.log"));

    // The first process serves the main guild's shard only.
    let mut first = start_serving(&fake, dir1.path(), &schema.url, &main.to_string());
    fake.wait_shards_connected(&[main], STEP).await;
    fake.wait_for_commands(STEP).await;
    // The second is given both: it takes the free one and stands by for the other.
    let _second = start_serving(&fake, dir2.path(), &schema.url, "0-1");
    fake.wait_shards_connected(&[other], Duration::from_secs(20))
        .await;
    let shards: Vec<u32> = fake.identifies().iter().map(|(s, _)| *s).collect();
    assert_eq!(shards, [main, other], "each shard identified once");

    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let (carol, dave) = (fake.user("carol"), fake.user("dave"));
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let a = Table {
        fake: &fake,
        board: accept(&fake, &bob, &invitation).await,
    };
    a.play(&bob, "E5").await;
    a.play(&alice, "C3").await;
    let invitation = invite_in(&fake, channel_b, &carol, &dave).await;
    let b = Table {
        fake: &fake,
        board: accept(&fake, &dave, &invitation).await,
    };
    assert_eq!(
        fake.message(b.board).unwrap().channel_id,
        channel_b,
        "the second guild's board is in its own channel"
    );
    b.play(&dave, "D4").await;
    let before = std::fs::read_to_string(dir2.path().join("bot.log")).unwrap();
    assert!(
        !before.contains("taking over shards"),
        "the second process waits while the first holds its shard"
    );

    // SIGKILL: the first process's lock connection goes with it.
    first.start_kill().unwrap();
    let _ = first.wait().await;
    // The second guild's games go on meanwhile: their process lives.
    b.play(&carol, "F6").await;
    // The standby takes the shard over: a new session for it on the gateway.
    for _ in 0..100 {
        if fake.identifies().iter().filter(|(s, _)| *s == main).count() == 2
            && fake.shard_connected(main)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(fake.shard_connected(main), "{}", fake.diagnostics());
    let log = std::fs::read_to_string(dir2.path().join("bot.log")).unwrap();
    assert!(log.contains("taking over shards"), "{log}");
    // The main guild's game goes on, on its board.
    a.play(&bob, "G7").await;
    a.play(&alice, "C7").await;
    let stored = moves_stored(&schema.url);
    fn points(m: &[(i64, String)]) -> Vec<&str> {
        m.iter().map(|(_, p)| p.as_str()).collect()
    }
    let first_game = stored[0].0;
    let (in_a, in_b): (Vec<_>, Vec<_>) = stored.into_iter().partition(|(m, _)| *m == first_game);
    assert_eq!(points(&in_a), ["E5", "C3", "G7", "C7"], "each move once");
    assert_eq!(points(&in_b), ["D4", "F6"], "each move once");
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_with_another_number_of_shards_is_refused() {
    let Some(schema) = TestSchema::new("e2e shard totals") else {
        return;
    };
    let fake = FakeDiscord::start().await;
    fake.set_shards(2);
    let dir = tempfile::tempdir().unwrap();
    let _log = LogOnPanic(dir.path().join("bot.log"));
    let _first = start_serving(&fake, dir.path(), &schema.url, "0-1");
    fake.wait_shards_connected(&[0, 1], Duration::from_secs(20))
        .await;
    let other = tempfile::tempdir().unwrap();
    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(other.path())
        .envs(fake.bot_env())
        .env("DATABASE_URL", &schema.url)
        .env("SHARDS", "3")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .expect("the second process stops")
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("SHARDS=2"), "says what to set: {stderr}");
    assert_eq!(
        fake.identifies().len(),
        2,
        "the refused process never identified"
    );
}

/// A 9×9 game between `inviter` and `invitee` in the main guild's channel, made in the
/// database through the service, as a process would: no slash command. A bot that starts
/// finds it and posts its board.
fn game_in_database(fake: &FakeDiscord, url: &str, inviter: &TestUser, invitee: &TestUser) {
    off_runtime(|| {
        let store = Store::open_postgres(url, 1).unwrap();
        let now = SystemClock.now();
        let service = Service::open(Arc::new(store), now).unwrap();
        let (guild, channel) = (GuildId(fake.guild_id()), ChannelId(fake.channel_id()));
        let (inviter, invitee) = (UserId(inviter.id), UserId(invitee.id));
        let invite = Command::Invite {
            who: InviteRequest {
                guild,
                channel,
                inviter,
                invitee,
                invitee_is_bot: false,
            },
            options: InviteOptions {
                size: Some(9),
                ..InviteOptions::default()
            },
        };
        service.apply(invite, now).result.unwrap();
        let accept = Command::Accept {
            by: invitee,
            invitation: InvitationRef::From { guild, inviter },
        };
        let started = service.apply(accept, now).result.unwrap();
        assert!(matches!(started.subject, Subject::Match(_)), "{started:?}");
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_at_once_after_a_shard_is_taken_over_is_answered_in_time() {
    let Some(schema) = TestSchema::new("e2e shard click") else {
        return;
    };
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    game_in_database(&fake, &schema.url, &alice, &bob);
    let (dir1, dir2) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let _log1 = LogOnPanic(dir1.path().join("bot.log"));
    let _log2 = LogOnPanic(dir2.path().join("bot.log"));
    let one_shard = |dir: &std::path::Path| {
        start_bot_with(
            &fake,
            dir,
            &[
                ("DATABASE_URL", schema.url.as_str()),
                ("DATABASE_CONNECTIONS", "3"),
                ("SHARDS", "1"),
            ],
        )
    };

    // The first process serves the bot's one shard and posts the game's board.
    let mut first = one_shard(dir1.path());
    fake.wait_shards_connected(&[0], STEP).await;
    fake.wait_for_commands(STEP).await;
    let board = fake
        .wait_for_message("the game's board", STEP, |m| {
            m.channel_id == fake.channel_id() && !m.buttons().is_empty()
        })
        .await
        .id;
    let table = Table { fake: &fake, board };
    // Black moves first: the board says whose turn it is.
    let (black, white) = if field(&table.board(), "Turn").contains(&alice.mention()) {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    table.play(black, "E5").await;
    // The second holds no shard: it stands by for the first's.
    let _second = one_shard(dir2.path());
    let standing_by = dir2.path().join("bot.log");
    for _ in 0..200 {
        let log = std::fs::read_to_string(&standing_by).unwrap_or_default();
        if log.contains("standing by") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Its identify may come at once after the kill (five seconds after the first's), and
    // Discord takes its time over the commands it registers.
    tokio::time::sleep(Duration::from_secs(5)).await;
    fake.slow_next("PUT", "/applications/*/commands", Duration::from_secs(5), 1);

    first.start_kill().unwrap();
    let _ = first.wait().await;
    let killed = Instant::now();
    // White clicks a region of the board again and again until a click reaches the bot:
    // the first the gateway delivers, right after the standby's identify.
    let region = region_button(&table.board(), "C3");
    let click = loop {
        match fake.try_press_button(white, board, &region) {
            Ok(id) => break id,
            Err(_) if killed.elapsed() < Duration::from_secs(30) => {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            Err(e) => panic!(
                "the shard was never taken over: {e}\n{}",
                fake.diagnostics()
            ),
        }
    };
    let delivered = Instant::now();
    // Refused as late past 3 s (a violation, and a panic here); answered, it opens the picker.
    let cb = fake.wait_for_callback(click, Duration::from_secs(4)).await;
    println!(
        "taken over {:?} after the kill; the first click answered {:?} after delivery (type {})",
        delivered.duration_since(killed),
        delivered.elapsed(),
        cb.kind
    );
    assert!(
        delivered.elapsed() <= Duration::from_secs(3),
        "answered {:?} after delivery",
        delivered.elapsed()
    );
    // The game goes on.
    table.play(white, "C3").await;
    fake.assert_no_violations();
}
