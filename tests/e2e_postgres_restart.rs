//! The PostgreSQL server itself stopped and started again under a running bot (a test binary
//! of its own: no other test uses the server meanwhile). It runs where the server is this
//! machine's Debian cluster (`pg_ctlcluster`, loopback `TEST_DATABASE_URL`), and says it
//! skipped elsewhere. Every click is answered in time, no move is lost, none doubled.

#[path = "e2e/e2e_support.rs"]
mod e2e_support;
#[path = "e2e/support/mod.rs"]
mod support;

use std::process::Command as Process;
use std::time::Duration;

use e2e_support::*;
use support::*;
use tengen::store::Store;
use tengen::store::testing::{TestSchema, off_runtime};

/// This machine's cluster (`15 main`), if the tests' server is it.
fn local_cluster() -> Option<String> {
    let url = tengen::store::testing::test_database_url()?;
    if !(url.contains("@127.0.0.1") || url.contains("@localhost")) {
        return None;
    }
    let found = Process::new("pg_lsclusters").arg("-h").output().ok()?;
    let text = String::from_utf8_lossy(&found.stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.split_whitespace().nth(2) == Some("5432"))?;
    let mut parts = line.split_whitespace();
    Some(format!("{} {}", parts.next()?, parts.next()?))
}

fn cluster(action: &str, cluster: &str) {
    let mut args: Vec<&str> = vec!["--skip-systemctl-redirect"];
    args.extend(cluster.split_whitespace());
    args.push(action);
    if action == "stop" {
        args.extend(["-m", "fast"]);
    }
    let status = Process::new("pg_ctlcluster").args(&args).status().unwrap();
    assert!(status.success(), "pg_ctlcluster {args:?}");
}

/// Starts the cluster again if the test fails while it is stopped: the tests after this one
/// need their server.
struct StartOnDrop(String);

impl Drop for StartOnDrop {
    fn drop(&mut self) {
        let ready = Process::new("pg_isready")
            .args(["-h", "127.0.0.1", "-p", "5432", "-q"])
            .status()
            .is_ok_and(|s| s.success());
        if !ready {
            cluster("start", &self.0);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_stopped_and_started_again_under_a_running_bot_loses_no_move() {
    let Some(schema) = TestSchema::new("e2e server restart") else {
        return;
    };
    let Some(which) = local_cluster() else {
        println!("SKIPPED: the tests' PostgreSQL is not this machine's cluster");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob) = (fake.user("alice"), fake.user("bob"));
    let _bot = start_bot_with(
        &fake,
        dir.path(),
        &[("DATABASE_URL", &schema.url), ("DATABASE_CONNECTIONS", "4")],
    );
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    table.play(&bob, "E5").await;
    table.play(&alice, "C3").await;

    let _restart = StartOnDrop(which.clone());
    // The server stops: Bob's click is answered in time and told nothing changed.
    off_runtime(|| cluster("stop", &which));
    let picker = table.picker(&bob, "G7").await;
    let g7 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("G7"))
        .unwrap();
    let id = fake.press_button(&bob, picker.id, &g7.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    let started = std::time::Instant::now();
    assert!(cb.latency < Duration::from_secs(3), "{:?}", cb.latency);
    let told = private_answer(&fake, id).await;
    off_runtime(|| cluster("start", &which));
    assert!(
        told.content().contains("cannot be reached"),
        "{}",
        told.content()
    );
    eprintln!("told after {:?}", started.elapsed());
    assert_eq!(field(&table.board(), "Move"), "2");

    // The server is back: play goes on where it stood.
    table.play(&bob, "G7").await;
    table.play(&alice, "C7").await;
    assert_eq!(field(&table.board(), "Move"), "4");
    let moves: Vec<(u32, Option<String>)> = off_runtime(|| {
        let store = Store::open_postgres(&schema.url, 1).unwrap();
        store
            .read(|tx| {
                tx.query_all(
                    "SELECT number, point FROM moves ORDER BY match_id, number",
                    &[],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
            })
            .unwrap()
    });
    let points: Vec<&str> = moves.iter().filter_map(|(_, p)| p.as_deref()).collect();
    assert_eq!(
        points,
        ["E5", "C3", "G7", "C7"],
        "each move once: {moves:?}"
    );
    fake.assert_no_violations();
}
