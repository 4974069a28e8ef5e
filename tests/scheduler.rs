//! The scheduler task turns due deadlines into commands through the same path as clicks.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::*;
use tengen::game::{Clock, Event, ManualClock, Service, run_scheduler};
use tengen::store::{Durability, Store};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_fires_due_deadlines_through_the_same_path_as_clicks() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    w.invite(CAROL, 400).unwrap();
    w.accept(400, CAROL).unwrap();
    let path = w.path();
    // Keep the directory, stop the first service: the bot restarts.
    let World {
        dir: _dir,
        svc: first_svc,
        ..
    } = w;
    drop(first_svc);
    let clock = Arc::new(ManualClock::new(T0));
    let svc = Arc::new(
        Service::open(
            Store::open(&path, Durability::Process).unwrap(),
            clock.now(),
        )
        .unwrap(),
    );
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let task = tokio::spawn(run_scheduler(Arc::clone(&svc), clock.clone(), tx, stopped));
    // Nothing is due yet.
    assert!(
        tokio::time::timeout(Duration::from_millis(100), rx.recv())
            .await
            .is_err()
    );
    // The invitation's deadline passes; the scheduler is woken by the next armed change
    // or its own sleep; move the clock and nudge it by arming something.
    clock.advance(60 * SEC);
    svc.apply(
        tengen::game::Command::WentOffline { user: CAROL },
        clock.now(),
    )
    .unwrap();
    let first = tokio::time::timeout(Duration::from_secs(5), rx.recv())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(
        matches!(first.events[0], Event::InvitationExpired(_)),
        "{first:?}"
    );
    // Carol stays offline past the grace: the game is abandoned by the scheduler.
    clock.advance(120 * SEC);
    svc.apply(
        tengen::game::Command::Invite {
            guild: GUILD,
            channel: CHANNEL,
            inviter: ALICE,
            invitee: BOB,
            invitee_is_bot: false,
            options: Default::default(),
        },
        clock.now(),
    )
    .unwrap();
    let second = tokio::time::timeout(Duration::from_secs(5), rx.recv())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(
        second
            .events
            .iter()
            .any(|e| matches!(e, Event::Ended { .. })),
        "{second:?}"
    );
    stop.send(true).unwrap();
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .unwrap()
        .unwrap();
}
