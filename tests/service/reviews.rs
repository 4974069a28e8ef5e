//! Reviews in the store on both backends: the queue's limits (one open review a player a
//! server, the server's cap), a review taken by one runner at a time, its positions kept one by
//! one and found again after a restart, a lease that runs out handing it to another runner,
//! and the front end's list of reviews to bring up to date.

use rstest::rstest;

use tengen::game::{GuildId, UserId};
use tengen::store::{NewReview, Queued, REVIEWS_PER_SERVER, ReviewState, Scope};

use super::common::*;

fn new(requester: UserId, guild: GuildId) -> NewReview {
    NewReview {
        guild,
        channel: CHANNEL,
        requester,
        what: "#7".to_owned(),
        sgf: "(;GM[1]SZ[9];B[ee];W[cc])".to_owned(),
        size: 9,
        total: 3,
    }
}

fn queue(w: &World, requester: UserId, guild: GuildId) -> Queued {
    let store = w.svc.store();
    store
        .write(|tx| tx.queue_review(&new(requester, guild), w.now(), REVIEWS_PER_SERVER))
        .unwrap()
}

#[rstest]
fn a_player_has_one_open_review_and_a_server_at_most_its_cap(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let first = queue(&w, ALICE, GUILD);
    assert!(
        matches!(first, Queued::Queued { place: 1, .. }),
        "{first:?}"
    );
    assert_eq!(queue(&w, ALICE, GUILD), Queued::AlreadyOne);
    assert!(matches!(
        queue(&w, BOB, GUILD),
        Queued::Queued { place: 2, .. }
    ));
    assert!(matches!(
        queue(&w, CAROL, GUILD),
        Queued::Queued { place: 3, .. }
    ));
    assert_eq!(queue(&w, UserId(400), GUILD), Queued::ServerFull);
    // Another server has its own cap; Alice may ask there.
    assert!(matches!(
        queue(&w, ALICE, GuildId(2)),
        Queued::Queued { place: 4, .. }
    ));
    // Once Alice's review ends she may ask again.
    let Queued::Queued { id, .. } = first else {
        unreachable!()
    };
    let store = w.svc.store();
    let taken = store
        .write(|tx| tx.take_review("a", 1, 100))
        .unwrap()
        .unwrap();
    assert_eq!(taken.id, id);
    assert!(
        store
            .write(|tx| tx.finish_review(id, "a", true, false, w.now()))
            .unwrap()
    );
    assert!(matches!(queue(&w, ALICE, GUILD), Queued::Queued { .. }));
}

#[rstest]
fn positions_are_kept_one_by_one_and_a_review_resumes_after_a_restart_or_a_lost_lease(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let Queued::Queued { id, .. } = queue(&w, ALICE, GUILD) else {
        panic!("not queued")
    };
    let taken = w
        .svc
        .store()
        .write(|tx| tx.take_review("a", 1_000, 5_000))
        .unwrap()
        .unwrap();
    assert_eq!(
        (taken.id, taken.state, taken.done),
        (id, ReviewState::Running, 0)
    );
    assert_eq!(taken.sgf, "(;GM[1]SZ[9];B[ee];W[cc])");
    assert!(
        w.svc
            .store()
            .write(|tx| tx.take_review("b", 2_000, 6_000))
            .unwrap()
            .is_none(),
        "a's lease holds it"
    );
    let save = |w: &World, runner: &str, k: u32| {
        w.svc
            .store()
            .write(|tx| {
                tx.save_review_position(id, runner, k, &format!("{{\"k\":{k}}}"), 9_000, "tengen")
            })
            .unwrap()
    };
    assert!(save(&w, "a", 0));
    assert!(save(&w, "a", 1));
    // The process restarts: its own running review is taken back at once, with what it kept.
    w.restart();
    let again = w
        .svc
        .store()
        .write(|tx| tx.take_review("a", 3_000, 9_000))
        .unwrap()
        .unwrap();
    assert_eq!((again.id, again.done), (id, 2));
    assert_eq!(
        w.svc.store().read(|tx| tx.review_positions(id)).unwrap(),
        vec!["{\"k\":0}".to_owned(), "{\"k\":1}".to_owned()]
    );
    // a dies; once its lease ends b takes the review, and a can no longer write to it.
    let b = w
        .svc
        .store()
        .write(|tx| tx.take_review("b", 9_001, 20_000))
        .unwrap()
        .unwrap();
    assert_eq!(b.done, 2);
    assert!(!save(&w, "a", 2), "a lost the review");
    assert!(save(&w, "b", 2));
    assert!(
        !w.svc
            .store()
            .write(|tx| tx.finish_review(id, "a", true, false, w.now()))
            .unwrap()
    );
    assert!(
        w.svc
            .store()
            .write(|tx| tx.finish_review(id, "b", true, true, w.now()))
            .unwrap()
    );
    let row = w.svc.store().read(|tx| tx.review(id)).unwrap().unwrap();
    assert_eq!(
        (row.state, row.done, row.engine.as_deref(), row.fell_back),
        (ReviewState::Done, 3, Some("tengen"), true)
    );
    assert!(
        w.svc
            .store()
            .write(|tx| tx.take_review("c", 99_000, 100_000))
            .unwrap()
            .is_none()
    );
}

#[rstest]
fn a_released_review_is_taken_at_once_and_the_front_end_lists_what_it_must_show(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let store = w.svc.store();
    let Queued::Queued { id, .. } = queue(&w, ALICE, GUILD) else {
        panic!("not queued")
    };
    assert!(
        store
            .read(|tx| tx.reviews_to_publish(&Scope::All))
            .unwrap()
            .is_empty(),
        "no message yet"
    );
    store.write(|tx| tx.set_review_message(id, 555)).unwrap();
    let listed = store.read(|tx| tx.reviews_to_publish(&Scope::All)).unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0].message, listed[0].sgf.as_str()), (Some(555), ""));
    store
        .write(|tx| tx.take_review("a", 1_000, 60_000))
        .unwrap()
        .unwrap();
    store.write(|tx| tx.release_review(id, "a")).unwrap();
    let b = store
        .write(|tx| tx.take_review("b", 2_000, 60_000))
        .unwrap()
        .unwrap();
    assert_eq!(b.id, id);
    assert!(
        store
            .write(|tx| tx.finish_review(id, "b", false, false, w.now()))
            .unwrap()
    );
    assert_eq!(
        store.read(|tx| tx.review(id)).unwrap().unwrap().state,
        ReviewState::Failed
    );
    store.write(|tx| tx.mark_review_published(id)).unwrap();
    assert!(
        store
            .read(|tx| tx.reviews_to_publish(&Scope::All))
            .unwrap()
            .is_empty()
    );
}

/// A real 9×9 game's record.
fn record() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/go-records/9x9_pro/Cho_Hunhyun_011223.sgf"
    );
    std::fs::read_to_string(path).unwrap()
}

/// Waits until review `id` has at least `n` positions kept, or ended.
fn wait_for(w: &World, id: i64, n: u32) -> tengen::store::ReviewRow {
    for _ in 0..600 {
        let row = w.svc.store().read(|tx| tx.review(id)).unwrap().unwrap();
        if row.done >= n || row.state.ended() {
            return row;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("review {id} did not get to {n} positions")
}

#[rstest]
fn the_runner_keeps_each_position_lets_go_when_stopped_and_resumes_to_the_end(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use tengen::review::{Analysis, Source, positions};
    use tengen::runtime::reviews::run_reviews;

    let Some(w) = World::on(backend) else {
        return;
    };
    let sgf = record();
    let source = Source::from_sgf(sgf.as_bytes()).unwrap();
    let total = positions(&source.game);
    let mut asked = new(ALICE, GUILD);
    asked.sgf = sgf;
    asked.total = u32::try_from(total).unwrap();
    let Queued::Queued { id, .. } = w
        .svc
        .store()
        .write(|tx| tx.queue_review(&asked, w.now(), REVIEWS_PER_SERVER))
        .unwrap()
    else {
        panic!("not queued")
    };
    let store = Arc::new(w.open_store());
    let run = |stopping: Arc<AtomicBool>| {
        let store = Arc::clone(&store);
        std::thread::spawn(move || run_reviews(&store, "r", Some(200), &stopping))
    };
    // Stopped after a few positions: it lets the review go with what it kept.
    let stopping = Arc::new(AtomicBool::new(false));
    let first = run(Arc::clone(&stopping));
    let partial = wait_for(&w, id, 5);
    stopping.store(true, Ordering::SeqCst);
    first.join().unwrap();
    let after = w.svc.store().read(|tx| tx.review(id)).unwrap().unwrap();
    assert_eq!(
        after.state,
        ReviewState::Queued,
        "let go for the next runner"
    );
    assert!(after.done >= partial.done && (after.done as usize) < total);
    // Another run resumes it after the positions kept, to the end.
    let stopping = Arc::new(AtomicBool::new(false));
    let second = run(Arc::clone(&stopping));
    let row = wait_for(&w, id, u32::try_from(total).unwrap());
    let row = if row.state.ended() {
        row
    } else {
        wait_for(&w, id, u32::MAX)
    };
    stopping.store(true, Ordering::SeqCst);
    second.join().unwrap();
    assert_eq!(row.state, ReviewState::Done);
    assert_eq!(row.done as usize, total);
    assert_eq!(row.engine.as_deref(), Some("tengen"));
    let kept = w.svc.store().read(|tx| tx.review_positions(id)).unwrap();
    let analyses: Vec<Analysis> = kept
        .iter()
        .map(|t| serde_json::from_str(t).unwrap())
        .collect();
    assert_eq!(analyses.len(), total);
    assert!(
        analyses
            .iter()
            .all(|a| (0.0..=1.0).contains(&a.black_win_rate))
    );
}
