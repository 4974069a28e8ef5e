//! The computer thinking on worker processes (`tengen worker`) on PostgreSQL: the bot runs
//! with `AI_WORKERS=external` and only posts its searches; a worker takes one and is killed
//! (SIGKILL) in mid-search; when its lease runs out another worker takes the job, and the
//! computer's move still comes to the board. Skipped, saying so, without `TEST_DATABASE_URL`.

use crate::e2e_support;
use crate::support;

use std::time::Duration;

use e2e_support::*;
use support::*;
use tengen::store::Store;
use tengen::store::testing::{TestSchema, off_runtime};

/// The jobs in the queue: (worker holding it, answered).
fn jobs(url: &str) -> Vec<(Option<String>, bool)> {
    off_runtime(|| {
        let store = Store::open_postgres(url, 1).unwrap();
        store
            .read(|tx| {
                tx.query_all("SELECT worker, answer IS NOT NULL FROM ai_jobs", &[], |r| {
                    Ok((r.get(0)?, r.get::<i64>(1)? != 0))
                })
            })
            .unwrap()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_killed_in_mid_search_loses_no_move_of_the_computer() {
    let Some(schema) = TestSchema::new("e2e workers") else {
        return;
    };
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _log = LogOnPanic(dir.path().join("bot.log"));
    let _bot = start_bot_with(
        &fake,
        dir.path(),
        &[
            ("DATABASE_URL", &schema.url),
            ("DATABASE_CONNECTIONS", "3"),
            ("AI_WORKERS", "external"),
            ("AI_THREADS", "1"),
        ],
    );
    fake.wait_connected(STEP).await;
    let commands = fake.wait_for_commands(STEP).await;
    let advanced = choice(&commands, "weiqi", "ai", "level", "advanced");
    let mut first = start_worker(dir.path(), &schema.url, "first", 2, false);

    let alice = fake.user("alice");
    let known: Vec<u64> = fake.all_messages().iter().map(|m| m.id).collect();
    let id = fake.send_slash_command(
        &alice,
        "weiqi",
        "ai",
        vec![Opt::int("size", 9), Opt::int("level", advanced)],
    );
    private_answer(&fake, id).await;
    let board = fake
        .wait_for_message("the board message", STEP, |m| {
            m.attachment("board.png").is_some()
                && m.interaction_id.is_none()
                && !known.contains(&m.id)
        })
        .await
        .id;
    let table = Table { fake: &fake, board };
    assert!(field(&table.board(), "Turn").contains(&alice.mention()));
    table.play(&alice, "E5").await;

    // The first worker takes the search; it is killed before it answers.
    let mut leased = false;
    for _ in 0..500 {
        let now = jobs(&schema.url);
        if now.iter().any(|(w, answered)| w.is_some() && !answered) {
            leased = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(
        leased,
        "the first worker took the job: {:?}",
        jobs(&schema.url)
    );
    first.start_kill().unwrap();
    let _ = first.wait().await;
    assert!(
        jobs(&schema.url).iter().all(|(_, answered)| !answered),
        "killed before answering"
    );

    // Another worker takes the job once the lease runs out: the computer's move comes.
    let _second = start_worker(dir.path(), &schema.url, "second", 2, false);
    table
        .fake
        .wait_for_message("the computer's answer", Duration::from_secs(20), |m| {
            m.id == board && field(m, "Move").parse::<u32>().unwrap_or(0) >= 2
        })
        .await;
    let log = std::fs::read_to_string(dir.path().join("second.log")).unwrap();
    assert!(log.contains("answered"), "{log}");
    // The next move is thought by the second worker at once, and the queue is left empty.
    table.play(&alice, "C3").await;
    table
        .fake
        .wait_for_message("the computer's second answer", STEP, |m| {
            m.id == board && field(m, "Move").parse::<u32>().unwrap_or(0) >= 4
        })
        .await;
    for _ in 0..100 {
        if jobs(&schema.url).is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(jobs(&schema.url).is_empty(), "{:?}", jobs(&schema.url));
    fake.assert_no_violations();
}
