//! The real binary when its database is not its alone: a second `tengen run` on the same file
//! is refused at start, and a click or a command while another program holds the database's
//! write lock is still answered within Discord's three seconds, privately and with nothing
//! changed.

use crate::e2e_support;
use crate::support;

use std::process::Stdio;
use std::time::{Duration, Instant};

use e2e_support::*;
use support::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_bot_on_the_same_database_refuses_to_start_and_names_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let mut first = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let first_pid = first.id().unwrap();

    let database = dir.path().join("tengen.db");
    let second = tokio::process::Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("run")
        .current_dir(dir.path())
        .envs(fake.bot_env())
        .env("DATABASE_PATH", &database)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    let out = tokio::time::timeout(STEP, second)
        .await
        .expect("the second bot stops at once")
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&database.display().to_string()),
        "the message names the file: {stderr}"
    );
    assert!(
        stderr.contains(&format!("process {first_pid}")),
        "and the process that holds it: {stderr}"
    );
    assert!(
        !stderr.contains("games loaded"),
        "it loads nothing: {stderr}"
    );

    // The lock goes with its process, a crash too: a new bot starts on the same file.
    first.kill().await.unwrap();
    let _ = first.wait().await;
    let _again = start_bot(&fake, dir.path());
    let killed = fake.now();
    fake.wait_for_request("the commands registered by the next bot", STEP, |r| {
        r.is("PUT", "/applications/*/commands") && r.at > killed
    })
    .await;
    fake.assert_no_violations();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_while_another_program_holds_the_write_lock_is_answered_in_time() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (alice, bob, carol, dave) = (
        fake.user("alice"),
        fake.user("bob"),
        fake.user("carol"),
        fake.user("dave"),
    );
    let _bot = start_bot(&fake, dir.path());
    let _log = LogOnPanic(dir.path().join("bot.log"));
    fake.wait_connected(STEP).await;
    fake.wait_for_commands(STEP).await;
    let invitation = invite(&fake, &alice, &bob, vec![Opt::int("size", 9)]).await;
    let board = accept(&fake, &bob, &invitation).await;
    let table = Table { fake: &fake, board };
    table.play(&bob, "D4").await;

    // Another program (a backup, a host's sqlite3) takes the write lock and keeps it.
    let other = rusqlite::Connection::open(dir.path().join("tengen.db")).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();

    // Alice clicks a point: the press is answered within Discord's window, then she is told
    // privately that nothing was changed; the board still shows one move.
    let picker = table.picker(&alice, "E5").await;
    let e5 = picker
        .buttons()
        .into_iter()
        .find(|b| b.label.as_deref() == Some("E5"))
        .unwrap();
    let pressed = Instant::now();
    let id = fake.press_button(&alice, picker.id, &e5.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(
        cb.latency < Duration::from_secs(3),
        "answered after {:?}",
        cb.latency
    );
    let told = private_answer(&fake, id).await;
    assert!(
        told.content().contains("nothing was changed"),
        "{}",
        told.content()
    );
    assert!(told.ephemeral);
    // Each write waits for the other program's lock at most the store's busy timeout (2.5 s),
    // one after the other: the notice follows within a few of them.
    assert!(
        pressed.elapsed() < Duration::from_secs(10),
        "told after {:?}",
        pressed.elapsed()
    );
    assert_eq!(field(&table.board(), "Move"), "1");

    // A slash command that writes (an invitation) is answered in time too, and its refusal
    // is private.
    let id = fake.send_slash_command(&carol, "weiqi", "invite", vec![Opt::user("user", &dave)]);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert!(
        cb.latency < Duration::from_secs(3),
        "answered after {:?}",
        cb.latency
    );
    let refusal = fake
        .wait_for_message("the invitation's private refusal", STEP, |m| {
            m.interaction_id == Some(id)
                && m.ephemeral
                && m.content().contains("nothing was changed")
        })
        .await;
    assert!(!refusal.deleted);
    assert!(
        fake.all_messages()
            .iter()
            .filter(|m| m.interaction_id == Some(id) && !m.deleted)
            .all(|m| m.ephemeral),
        "nothing of it shows in the channel"
    );

    // The lock released, the same click plays.
    other.execute_batch("ROLLBACK").unwrap();
    drop(other);
    let id = fake.press_button(&alice, picker.id, &e5.custom_id);
    let cb = fake.wait_for_callback(id, STEP).await;
    assert_eq!(cb.kind, 7, "{}", cb.data);
    fake.wait_for_message("the board after E5", STEP, |m| {
        m.id == board && field(m, "Move") == "2"
    })
    .await;
    fake.assert_no_violations();
}
