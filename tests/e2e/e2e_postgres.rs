//! The real binary on PostgreSQL (`DATABASE_URL`), each test in a schema of its own on the
//! server of `TEST_DATABASE_URL` (skipped, saying so, without it; required under CI): a whole
//! game played across a crash; a server that cannot be reached at start-up, a clear message and
//! a non-zero exit; and the database going away under a running bot — reached through a proxy
//! the test stops and starts again, as a server restart looks from the bot — with every click
//! answered in time, no move lost and none doubled.

use crate::e2e_support;
use crate::support;

use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::net::{TcpListener, TcpStream};
use tokio::process::Child;
use tokio::sync::watch;

use e2e_support::*;
use support::*;
use tengen::store::Store;
use tengen::store::testing::TestSchema;

/// Starts the bot on the PostgreSQL database at `url` (the SQLite path still names where its
/// heartbeat goes).
fn start_on(fake: &FakeDiscord, dir: &std::path::Path, url: &str) -> Child {
    start_bot_with(
        fake,
        dir,
        &[("DATABASE_URL", url), ("DATABASE_CONNECTIONS", "4")],
    )
}

/// The host and port a PostgreSQL URL names (`postgres://user@host:port/db`).
fn authority(url: &str) -> (String, u16) {
    let rest = url.split("://").nth(1).unwrap_or(url);
    let rest = rest.rsplit('@').next().unwrap_or(rest);
    let hostport = rest.split(['/', '?']).next().unwrap_or(rest);
    match hostport.rsplit_once(':') {
        Some((h, p)) => (h.to_owned(), p.parse().unwrap_or(5432)),
        None => (hostport.to_owned(), 5432),
    }
}

/// `url` with its host and port replaced by `addr`.
fn via(url: &str, addr: SocketAddr) -> String {
    let (host, port) = authority(url);
    let from = if url.contains(&format!("{host}:{port}")) {
        format!("{host}:{port}")
    } else {
        host
    };
    url.replacen(&from, &addr.to_string(), 1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_on_postgres_across_a_crash() {
    let Some(schema) = TestSchema::new("e2e game") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let mut bot = start_on(&fake, dir.path(), &schema.url);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    table.play(&bob, "E5").await;
    table.play(&alice, "C3").await;
    // A crash: the game is back from PostgreSQL, and goes on on the same board.
    bot.kill().await.unwrap();
    let _ = bot.wait().await;
    let killed = fake.now();
    let mut bot = start_on(&fake, dir.path(), &schema.url);
    fake.wait_for_request("the commands registered again", STEP, |r| {
        r.is("PUT", "/applications/*/commands") && r.at > killed
    })
    .await;
    table.play(&bob, "G7").await;
    table.press(&alice, "Resign").await;
    table.press(&alice, "Resign").await;
    let text = result_text(&fake, killed, "Game over").await;
    assert!(text.contains("resign"), "{text}");
    let record = record_of(&fake, &bob).await;
    assert!(record.contains(";B[ee];W[cg];B[gc]"), "{record}");
    // A graceful stop on SIGTERM closes the pool cleanly.
    let pid = bot.id().unwrap();
    let _ = std::process::Command::new("kill")
        .arg("-TERM")
        .arg(pid.to_string())
        .status();
    let status = tokio::time::timeout(STEP, bot.wait())
        .await
        .expect("stops within 10 s")
        .unwrap();
    assert!(status.success(), "exit status {status:?}");
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(!log.contains("panicked"), "{log}");
    assert!(log.contains("database closed"), "{log}");
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_first_invitation_speaks_its_language_on_postgres() {
    let Some(schema) = TestSchema::new("e2e languages") else {
        return;
    };
    first_invitations_speak_their_servers_language(&[
        ("DATABASE_URL", &schema.url),
        ("DATABASE_CONNECTIONS", "4"),
    ])
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_postgres_stops_the_bot_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    // Nothing listens on the port: the bot says so, names the database, and exits with 2.
    let free = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = free.local_addr().unwrap();
    drop(free);
    let url = format!("postgres://tengen:s3cret@{addr}/tengen");
    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(dir.path())
        .envs(fake.bot_env())
        .env("DATABASE_URL", &url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .expect("the bot stops")
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot reach the PostgreSQL database"),
        "{stderr}"
    );
    assert!(stderr.contains(&addr.to_string()), "names it: {stderr}");
    assert!(!stderr.contains("s3cret"), "never the password: {stderr}");
    assert_eq!(fake.gateway_connections(), 0, "Discord is not reached");
}

/// A TCP proxy to the PostgreSQL server that the test can stop (every connection cut, new ones
/// refused) and start again: the server going away, as the bot sees it.
struct Proxy {
    addr: SocketAddr,
    up: Arc<AtomicBool>,
    /// Bumped to cut every connection open.
    cut: watch::Sender<u64>,
}

impl Proxy {
    async fn start(target: (String, u16)) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let up = Arc::new(AtomicBool::new(true));
        let (cut, cuts) = watch::channel(0u64);
        let accepting = Arc::clone(&up);
        tokio::spawn(async move {
            loop {
                let Ok((client, _)) = listener.accept().await else {
                    return;
                };
                if !accepting.load(Ordering::SeqCst) {
                    drop(client);
                    continue;
                }
                let target = target.clone();
                let mut cuts = cuts.clone();
                // Only a cut after this connection opened closes it.
                cuts.borrow_and_update();
                tokio::spawn(async move {
                    let Ok(server) = TcpStream::connect((target.0.as_str(), target.1)).await else {
                        return;
                    };
                    let (mut cr, mut cw) = client.into_split();
                    let (mut sr, mut sw) = server.into_split();
                    tokio::select! {
                        _ = tokio::io::copy(&mut cr, &mut sw) => {}
                        _ = tokio::io::copy(&mut sr, &mut cw) => {}
                        _ = cuts.changed() => {}
                    }
                });
            }
        });
        Proxy { addr, up, cut }
    }

    /// The server goes away: every connection cut, new ones refused.
    fn stop(&self) {
        self.up.store(false, Ordering::SeqCst);
        self.cut.send_modify(|n| *n += 1);
    }

    /// The server is back.
    fn start_again(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

/// The moves stored for a game: (number, point), in order.
fn stored_moves(schema: &TestSchema, game: i64) -> Vec<(u32, Option<String>)> {
    tengen::store::testing::off_runtime(|| {
        let store = Store::open_postgres(&schema.url, 1).unwrap();
        store
            .read(|tx| {
                tx.query_all(
                    "SELECT number, point FROM moves WHERE match_id = ?1 ORDER BY number",
                    rusqlite::params![game],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
            })
            .unwrap()
    })
}

/// The game a board message shows ("Go #N" threads aside, the record's file name says it).
async fn game_of_board(fake: &FakeDiscord, user: &TestUser) -> i64 {
    let id = fake.send_slash_command(user, "weiqi", "sgf", vec![]);
    let cb = fake.wait_for_callback(id, STEP).await;
    let original = cb.message_id.unwrap();
    let msg = fake
        .wait_for_message("the record", STEP, |m| {
            m.id == original && !m.attachments.is_empty()
        })
        .await;
    let name = &msg.attachments[0].filename;
    name.trim_start_matches("tengen-")
        .trim_end_matches(".sgf")
        .parse()
        .unwrap_or_else(|_| panic!("{name}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_going_away_under_a_running_bot_loses_no_move_and_doubles_none() {
    let Some(schema) = TestSchema::new("e2e outage") else {
        return;
    };
    let proxy = Proxy::start(authority(&schema.url)).await;
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_on(&fake, dir.path(), &via(&schema.url, proxy.addr));
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    table.play(&bob, "E5").await;
    table.play(&alice, "C3").await;

    // The server goes away. Bob's click is answered within Discord's window, and he is told
    // privately that nothing was changed; the board still shows two moves.
    proxy.stop();
    let picker = table.picker(&bob, "G7").await;
    let g7 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("G7"))
        .unwrap();
    let id = fake.press_button(&bob, picker.id, &g7.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(cb.latency < Duration::from_secs(3), "{:?}", cb.latency);
    let told = private_answer(&fake, id).await;
    assert!(
        told.content().contains("cannot be reached"),
        "{}",
        told.content()
    );
    assert_eq!(field(&table.board(), "Move"), "2");

    // The server is back: the bot reconnects by itself, and the game goes on where it was.
    proxy.start_again();
    tokio::time::sleep(Duration::from_millis(500)).await;
    table.play(&bob, "G7").await;
    table.play(&alice, "C7").await;
    table.play(&bob, "G3").await;
    assert_eq!(field(&table.board(), "Move"), "5");
    let game = game_of_board(&fake, &bob).await;
    let moves = stored_moves(&schema, game);
    let points: Vec<&str> = moves.iter().filter_map(|(_, p)| p.as_deref()).collect();
    assert_eq!(
        points,
        ["E5", "C3", "G7", "C7", "G3"],
        "each move once: {moves:?}"
    );
    assert_eq!(
        moves.iter().map(|m| m.0).collect::<Vec<_>>(),
        [1, 2, 3, 4, 5]
    );
    fake.assert_no_violations();
}
