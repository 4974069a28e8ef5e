//! The scheduler task turns due deadlines into commands through the same path as clicks.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::*;
use tengen::game::{Clock, Command, Event, ManualClock, Service, run_scheduler};
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
    // The invitation's deadline passes (the fake clock jumps, so the task is told to look).
    clock.advance(60 * SEC);
    svc.wake_scheduler();
    let first = tokio::time::timeout(Duration::from_secs(5), rx.recv())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    assert!(
        matches!(first.events[0], Event::InvitationExpired(_)),
        "{first:?}"
    );
    // Carol goes offline and stays away past the grace: the scheduler abandons the game.
    svc.apply(Command::WentOffline { user: CAROL }, clock.now())
        .unwrap();
    clock.advance(120 * SEC);
    svc.wake_scheduler();
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
