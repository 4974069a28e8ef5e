//! Finding a game without naming someone (SPEC §13): open challenges and the seek queue, on
//! both backends; two services on one database pairing the same queue at once make one game.

use std::sync::{Arc, Barrier};

use rstest::rstest;

use tengen::game::seek::SeekOptions;
use tengen::game::{
    Command, Event, InvitationId, InvitationRef, InviteOptions, Refusal, Subject, UserId,
};
use tengen::service::{Failure, Service};

use crate::common::*;

const DAN: UserId = UserId(400);
const ERIN: UserId = UserId(500);

/// `poster` posts an open challenge (9×9, within `ranks` if given); its id.
fn challenge(w: &World, poster: UserId, ranks: Option<&str>) -> Result<InvitationId, Failure> {
    let o = w.apply(Command::Challenge {
        guild: GUILD,
        channel: CHANNEL,
        poster,
        options: InviteOptions {
            size: Some(9),
            ..InviteOptions::default()
        },
        ranks: ranks.map(|r| r.parse().expect("ranks")),
    })?;
    match o.subject {
        Subject::Invitation(id) => Ok(id),
        s => panic!("{s:?}"),
    }
}

fn take(w: &World, by: UserId, id: InvitationId) -> Result<tengen::game::Outcome, Failure> {
    w.apply(Command::Accept {
        by,
        invitation: InvitationRef::Id(id),
    })
}

fn refused<T: std::fmt::Debug>(r: Result<T, Failure>) -> Refusal {
    match r {
        Err(Failure::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[rstest]
fn an_open_challenge_goes_to_the_first_who_fits_and_later_ones_are_told(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    w.state_rank(GUILD, DAN, "3d").unwrap();
    w.state_rank(GUILD, BOB, "5k").unwrap();
    let id = challenge(&w, ALICE, Some("10k-1k")).unwrap();
    assert_eq!(
        refused(challenge(&w, ALICE, None)),
        Refusal::ChallengeAlreadyOpen
    );
    // It is stored: a restart finds it open.
    w.restart();
    assert_eq!(refused(take(&w, ALICE, id)), Refusal::OwnChallenge);
    match refused(take(&w, DAN, id)) {
        Refusal::OutsideRankRange { ranks, yours } => {
            assert_eq!(ranks.to_string(), "10 kyu–1 kyu");
            assert_eq!(yours.to_string(), "3 dan");
        }
        r => panic!("{r:?}"),
    }
    assert_eq!(
        refused(w.apply(Command::Decline {
            by: BOB,
            invitation: InvitationRef::Id(id)
        })),
        Refusal::OpenNotDeclined
    );
    // Carol is playing Erin: at her limit of one live game.
    w.state_rank(GUILD, CAROL, "5k").unwrap();
    w.start(ERIN, CAROL);
    assert_eq!(refused(take(&w, CAROL, id)), Refusal::YouAreBusy);

    // Bob fits: the game is his, Black (whoever accepts plays Black).
    let o = take(&w, BOB, id).unwrap();
    let started = o.events.iter().find_map(|e| match e {
        Event::MatchStarted { black, white, .. } => Some((*black, *white)),
        _ => None,
    });
    assert_eq!(started, Some((BOB, ALICE)));
    assert_eq!(refused(take(&w, UserId(600), id)), Refusal::ChallengeTaken);
    // Stored with its taker.
    let taker: i64 = w
        .open_store()
        .read(|tx| {
            tx.query_one(
                "SELECT invitee FROM invitations WHERE id = ?1",
                &[&id.get()],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(taker as u64, BOB.get());
}

#[rstest]
fn an_open_challenge_is_withdrawn_by_its_poster_only_and_expires(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = challenge(&w, ALICE, None).unwrap();
    let cancel = |by| {
        w.apply(Command::Cancel {
            by,
            invitation: InvitationRef::Id(id),
        })
    };
    assert_eq!(refused(cancel(BOB)), Refusal::NotYourInvitation);
    let o = cancel(ALICE).unwrap();
    assert!(matches!(o.events[..], [Event::InvitationCancelled(_)]));
    let id = challenge(&w, ALICE, None).unwrap();
    let fired = w.advance(10 * 60 * SEC);
    assert!(
        fired.iter().any(|o| o.subject == Subject::Invitation(id)
            && matches!(o.events[..], [Event::InvitationExpired(_)])),
        "{fired:?}"
    );
}

fn seek(w: &World, user: UserId, size: u8) -> tengen::service::Applied {
    w.svc.apply(
        Command::Seek {
            guild: GUILD,
            channel: CHANNEL,
            user,
            options: SeekOptions {
                size: Some(size),
                ..SeekOptions::default()
            },
        },
        w.now(),
    )
}

/// The players of the games a seek or a tick started.
fn paired(outcomes: &[tengen::game::Outcome]) -> Vec<[UserId; 2]> {
    outcomes
        .iter()
        .flat_map(|o| &o.events)
        .filter_map(|e| match e {
            Event::SeekPaired { players, .. } => Some(*players),
            _ => None,
        })
        .collect()
}

#[rstest]
fn the_seek_pairs_near_ranks_at_once_and_far_ones_as_the_window_widens(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    w.state_rank(GUILD, ALICE, "5k").unwrap();
    w.state_rank(GUILD, BOB, "4k").unwrap();
    w.state_rank(GUILD, DAN, "3d").unwrap();
    // Dan waits alone; a second seek changes what he waits for (one entry each).
    assert!(seek(&w, DAN, 13).after.is_empty());
    let a = seek(&w, DAN, 9);
    match &a.result.as_ref().unwrap().events[..] {
        [Event::Sought { waiting, .. }] => {
            assert_eq!(waiting.len(), 1, "{waiting:?}");
            assert_eq!((waiting[0].0.size.get(), waiting[0].1), (9, 1));
        }
        e => panic!("{e:?}"),
    }
    // Alice (5 kyu) is seven ranks from Dan: she waits too.
    assert!(seek(&w, ALICE, 9).after.is_empty());
    // Bob (4 kyu) is a rank from Alice: paired at once, the lower rank Black.
    let a = seek(&w, BOB, 9);
    assert_eq!(paired(&a.after), vec![[ALICE, BOB]]);
    let id = w.svc.match_of(ALICE).expect("Alice plays");
    let m = w.svc.snapshot(id).expect("her game");
    assert_eq!((m.players.black, m.players.white), (ALICE, BOB));
    assert_eq!(m.config.size.get(), 9);

    // Carol (new: the start's rank) and Dan: far apart, paired once the window is wide
    // enough, even across a restart.
    assert!(seek(&w, CAROL, 9).after.is_empty());
    w.restart();
    let mut fired = Vec::new();
    for _ in 0..10 {
        fired.extend(w.advance(30 * SEC));
    }
    assert_eq!(paired(&fired), vec![[CAROL, DAN]], "{fired:?}");
    // Nobody waits now; leaving an empty queue is refused.
    assert_eq!(
        refused(w.apply(Command::LeaveSeek {
            guild: GUILD,
            user: DAN
        })),
        Refusal::NotSeeking
    );
    assert!(w.svc.seek_waiting(GUILD).unwrap().is_empty());
}

#[rstest]
fn a_player_leaves_the_queue_and_a_busy_player_may_not_enter(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    assert!(seek(&w, ALICE, 9).result.is_ok());
    w.apply(Command::LeaveSeek {
        guild: GUILD,
        user: ALICE,
    })
    .unwrap();
    assert!(w.svc.seek_waiting(GUILD).unwrap().is_empty());
    w.start(BOB, CAROL);
    assert_eq!(refused(seek(&w, CAROL, 9).result), Refusal::YouAreBusy);
    // A seek at a size the server does not allow.
    assert!(matches!(
        refused(seek(&w, ALICE, 11).result),
        Refusal::SizeNotAllowed { size: 11, .. }
    ));
}

#[rstest]
fn two_services_pairing_one_queue_at_once_make_one_game(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let other = Service::open(Arc::new(w.open_store()), w.now()).unwrap();
    for round in 0..5u64 {
        // Two players far apart: they wait until any rank will do.
        let (a, b) = (UserId(1000 + 2 * round), UserId(1001 + 2 * round));
        w.state_rank(GUILD, a, "3d").unwrap();
        w.state_rank(GUILD, b, "25k").unwrap();
        assert!(seek(&w, a, 9).after.is_empty());
        assert!(seek(&w, b, 9).after.is_empty());
        let later = w.clock.advance(ms(6 * 60 * SEC));
        let barrier = Barrier::new(2);
        let tick = |svc: &Service| {
            barrier.wait();
            let applied = svc.apply(Command::Timeout(Subject::Seek(GUILD)), later);
            paired(&applied.outcomes().cloned().collect::<Vec<_>>())
        };
        let started = std::thread::scope(|s| {
            let one = s.spawn(|| tick(&w.svc));
            let two = s.spawn(|| tick(&other));
            [one.join().unwrap(), two.join().unwrap()]
        });
        let games = started[0].len() + started[1].len();
        assert_eq!(games, 1, "round {round}: {started:?}");
        let stored: i64 = w
            .open_store()
            .read(|tx| {
                tx.query_one(
                    "SELECT count(*) FROM matches WHERE black = ?1 OR white = ?1",
                    &[&(a.get() as i64)],
                    |r| r.get(0),
                )
            })
            .unwrap();
        assert_eq!(stored, 1, "round {round}: one game stored");
        assert!(w.svc.seek_waiting(GUILD).unwrap().is_empty());
    }
}
