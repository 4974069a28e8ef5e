//! The runtime's scheduler turns due deadlines into commands through the same path as clicks,
//! driven here by a manual clock: the test moves the clock, then wakes the scheduler.

use crate::common;

use std::sync::Arc;
use std::time::Duration as Wait;

use common::*;
use tengen::game::{Command, Event, Subject, UserId};
use tengen::runtime::{Clock, ComputerConfig, Handle, ManualClock};
use tengen::service::Service;
use tengen::store::{Durability, Store};

const DAVE: UserId = UserId(400);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_scheduler_fires_due_deadlines_through_the_same_path_as_clicks() {
    let w = World::new();
    let invitation = w.invite(ALICE, BOB).unwrap().subject;
    w.invite(CAROL, DAVE).unwrap();
    let game = w.accept(DAVE, CAROL).unwrap().subject;
    let path = w.path();
    // Keep the directory, stop the first service: the bot restarts.
    let World {
        dir: _dir,
        svc: first_svc,
        ..
    } = w;
    drop(first_svc);
    let clock = Arc::new(ManualClock::new(T0));
    let svc = Service::open(
        Arc::new(Store::open(&path, Durability::Process).unwrap()),
        clock.now(),
    )
    .unwrap();
    let (handle, scheduler, mut rx) = Handle::start(svc, clock.clone(), ComputerConfig::default());
    assert_eq!(handle.now(), T0, "the runtime reads the clock it was given");
    // Nothing is due yet.
    assert!(
        tokio::time::timeout(Wait::from_millis(100), rx.recv())
            .await
            .is_err()
    );
    // The invitation's deadline passes (the fake clock jumps, so the task is told to look).
    clock.advance(ms(60 * SEC));
    handle.wake();
    let first = tokio::time::timeout(Wait::from_secs(5), rx.recv())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(first.subject, invitation);
    assert!(
        matches!(first.events[0], Event::InvitationExpired(_)),
        "{first:?}"
    );
    // Carol goes offline and stays away past the grace: the scheduler abandons the game.
    handle
        .apply(Command::WentOffline { user: CAROL })
        .await
        .result
        .unwrap();
    clock.advance(ms(120 * SEC));
    handle.wake();
    let second = tokio::time::timeout(Wait::from_secs(5), rx.recv())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(second.subject, game);
    assert!(
        second
            .events
            .iter()
            .any(|e| matches!(e, Event::Ended { .. })),
        "{second:?}"
    );
    assert!(second.is_final());
    let Subject::Match(id) = game else {
        panic!("{game:?}")
    };
    let still_running = handle.game(id).await.unwrap().filter(|m| m.is_running());
    assert_eq!(still_running, None, "the game the scheduler ended is over");
    tokio::time::timeout(Wait::from_secs(5), scheduler.stop())
        .await
        .unwrap();
}
