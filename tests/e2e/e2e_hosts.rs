//! The real binary as a host starts, watches and stops it: the database's lock taken before
//! Discord is asked, the host's engine checked at start, a log without colours that opens with
//! one line of settings, a heartbeat that stops when Discord is lost and that a standby keeps,
//! and `tengen worker` stopping cleanly on SIGTERM.

use crate::e2e_support;
use crate::support;

use std::net::TcpListener;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, SystemTime};

use e2e_support::*;
use support::*;
use tengen::store::testing::TestSchema;

/// A port that takes connections and never answers: a Discord that would keep a bot waiting.
fn black_hole() -> (TcpListener, String) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (listener, url)
}

/// Whether anything connected to the black hole.
fn was_asked(listener: &TcpListener) -> bool {
    listener.accept().is_ok()
}

/// `tengen run` in `dir` with Discord at `api_base`, the environment `env`, within `within`.
async fn run_to_end(dir: &Path, api_base: &str, env: &[(&str, &str)], within: Duration) -> Output {
    let run = tokio::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(dir)
        .env("DISCORD_TOKEN", FAKE_TOKEN)
        .env("DISCORD_API_BASE", api_base)
        .env("DATABASE_PATH", dir.join("tengen.db"))
        .envs(env.iter().map(|(k, v)| (k.to_string(), v.to_string())))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    tokio::time::timeout(within, run)
        .await
        .expect("the bot stops at once")
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_bot_on_the_same_file_is_refused_before_discord_is_asked() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let _first = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;

    let (discord, api_base) = black_hole();
    let out = run_to_end(dir.path(), &api_base, &[], Duration::from_secs(5)).await;
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("tengen.db"), "names the file: {stderr}");
    assert!(!was_asked(&discord), "Discord was never asked: {stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_cannot_start_or_ends_at_once_stops_the_bot_with_status_2() {
    for command in ["/nonexistent/engine-x --mode gtp", "false"] {
        let dir = tempfile::tempdir().unwrap();
        let (discord, api_base) = black_hole();
        let env = [("AI_ENGINE_COMMAND", command)];
        let out = run_to_end(dir.path(), &api_base, &env, Duration::from_secs(10)).await;
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        let program = command.split(' ').next().unwrap();
        assert!(
            stderr.contains("AI_ENGINE_COMMAND") && stderr.contains(program),
            "{command}: says which setting and which program: {stderr}"
        );
        assert!(!was_asked(&discord), "{command}: Discord was never asked");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_working_engine_is_checked_at_start_and_the_log_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let engine = format!(
        "{} gtp --level beginner --playouts 10",
        env!("CARGO_BIN_EXE_tengen")
    );
    let _bot = start_bot_with(&fake, dir.path(), &[("AI_ENGINE_COMMAND", &engine)]);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(log.contains("answered protocol_version"), "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_has_no_colours_off_a_terminal_and_opens_with_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = start_bot_with(&fake, dir.path(), &[("AI_THREADS", "2")]);
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap();
    assert!(!log.contains('\u{1b}'), "no escape codes in a file: {log}");
    let first = log.lines().next().unwrap_or_default();
    assert!(first.contains("tengen starting"), "{log}");
    for field in [
        &format!("version={}", env!("CARGO_PKG_VERSION")),
        "store=sqlite",
        "shards=auto",
        "workers=local",
        "ai_threads=2",
    ] {
        assert!(first.contains(field), "{field} in {first}");
    }
    assert!(!log.contains(FAKE_TOKEN), "never the token");
}

/// When the heartbeat file was last written, if it exists.
fn written(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_lost_discord_stops_its_heartbeat() {
    // The fake on a runtime of its own, so that shutting it down closes every connection.
    let discord = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let fake = discord.spawn(FakeDiscord::start()).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    let heartbeat = dir.path().join("tengen.db.heartbeat");
    for _ in 0..200 {
        if written(&heartbeat).is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(written(&heartbeat).is_some(), "a connected bot beats");

    drop(fake);
    discord.shutdown_background();
    // The bot sees the connection close at once; from then on no beat, though it lives on
    // and keeps trying to reconnect (it beats every 15 s).
    tokio::time::sleep(Duration::from_secs(3)).await;
    let lost = SystemTime::now();
    tokio::time::sleep(Duration::from_secs(17)).await;
    if let Some(last) = written(&heartbeat) {
        assert!(last < lost, "no heartbeat once Discord is gone");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_standby_without_shards_is_healthy_with_a_heartbeat_of_its_own() {
    let Some(schema) = TestSchema::new("e2e standby health") else {
        return;
    };
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _log_a = LogOnPanic(dir.path().join("bot.log"));
    let pg = [("DATABASE_URL", schema.url.as_str()), ("SHARDS", "1")];
    let _serving = start_bot_with(&fake, dir.path(), &pg);
    fake.wait_shards_connected(&[0], Duration::from_secs(20))
        .await;

    // A second process in the same folder, with the same DATABASE_PATH: its own heartbeat.
    let mine = dir.path().join("standby.heartbeat");
    let log = std::fs::File::create(dir.path().join("standby.log")).unwrap();
    let _log_b = LogOnPanic(dir.path().join("standby.log"));
    let _standby = tokio::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(dir.path())
        .envs(fake.bot_env())
        .env("DATABASE_PATH", dir.path().join("tengen.db"))
        .env("HEARTBEAT_PATH", &mine)
        .envs(pg)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let health = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
            .arg("health")
            .current_dir(dir.path())
            .env("HEARTBEAT_PATH", &mine)
            .output()
            .unwrap()
    };
    let mut healthy = false;
    for _ in 0..100 {
        if health().status.success() {
            healthy = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(healthy, "a standby that holds no shard is doing its job");
    let standby_log = std::fs::read_to_string(dir.path().join("standby.log")).unwrap();
    assert!(standby_log.contains("standing by"), "{standby_log}");
    assert_eq!(fake.identifies().len(), 1, "the standby connected no shard");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_stops_cleanly_on_sigterm() {
    let Some(schema) = TestSchema::new("e2e worker sigterm") else {
        return;
    };
    // The bot's tables, as a bot would have made them.
    let url = schema.url.clone();
    tokio::task::spawn_blocking(move || {
        drop(tengen::store::Store::open_postgres(&url, 1).unwrap())
    })
    .await
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut worker = start_worker(dir.path(), &schema.url, "worker", 60, false);
    let log = dir.path().join("worker.log");
    let _log = LogOnPanic(log.clone());
    let mut ready = false;
    for _ in 0..100 {
        if std::fs::read_to_string(&log).is_ok_and(|l| l.contains("thinking for the computer")) {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ready, "the worker started");
    let pid = i32::try_from(worker.id().unwrap()).unwrap();
    // SAFETY: a plain kill(2) of the child this test started and still holds.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = tokio::time::timeout(Duration::from_secs(10), worker.wait())
        .await
        .expect("the worker stops within seconds")
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(status.code(), Some(0), "a clean exit, not a kill: {text}");
    assert!(text.contains("stopped"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_discord_keeps_the_bot_waiting_stops_it_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let (_discord, api_base) = black_hole();
    let log = dir.path().join("bot.log");
    let _log = LogOnPanic(log.clone());
    let mut bot = tokio::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", FAKE_TOKEN)
        .env("DISCORD_API_BASE", &api_base)
        .env("DATABASE_PATH", dir.path().join("tengen.db"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut started = false;
    for _ in 0..100 {
        if std::fs::read_to_string(&log).is_ok_and(|l| l.contains("tengen starting")) {
            started = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(started, "the bot started");
    // Its database opened, it waits on Discord's answer about shards.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let pid = i32::try_from(bot.id().unwrap()).unwrap();
    // SAFETY: a plain kill(2) of the child this test started and still holds.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = tokio::time::timeout(Duration::from_secs(5), bot.wait())
        .await
        .expect("the bot stops at once")
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(status.code(), Some(0), "{text}");
    assert!(text.contains("stopped before serving"), "{text}");
}
