//! The estimate during play (形势判断) through the match service, on both stores: a player's
//! uses counted up to the server's limit in the match's own commit, and still counted after a
//! restart; a spectator, a game over, `estimate=off` and a ranked game under `unranked`
//! refused; the estimate of the position worked out from the match as committed.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::{Command, Event, InviteOptions, MatchId, Outcome, Refusal, Subject, UserId};
use tengen::service::Failure;

fn ask(w: &World, by: UserId, game: Option<MatchId>) -> Result<Outcome, Failure> {
    w.apply(Command::Estimate {
        guild: GUILD,
        channel: CHANNEL,
        by,
        game,
    })
}

fn refused(r: Result<Outcome, Failure>) -> Refusal {
    match r {
        Err(Failure::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The use an outcome counted: `(used, limit)`.
fn uses(o: &Outcome) -> (u32, u32) {
    o.events
        .iter()
        .find_map(|e| match e {
            Event::EstimateGiven { used, limit, .. } => Some((*used, *limit)),
            _ => None,
        })
        .expect("an estimate given says so")
}

/// The uses stored for a match, by player.
fn stored(w: &World, id: MatchId) -> Vec<(u64, u32)> {
    w.svc
        .store()
        .read(|tx| tx.estimates_used(id.get()))
        .unwrap()
}

#[rstest]
fn uses_are_counted_to_the_limit_and_survive_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "estimate-limit", "2").unwrap();
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "C3").unwrap();
    let o = ask(&w, BOB, None).unwrap();
    assert_eq!(o.subject, Subject::Match(id));
    assert_eq!(uses(&o), (1, 2));
    assert!(
        o.events.iter().any(|e| matches!(
            e,
            Event::EstimateGiven { by, number: 2, .. } if *by == BOB
        )),
        "{o:?}"
    );
    assert_eq!(stored(&w, id), vec![(BOB.get(), 1)]);
    // The estimate of the position as committed, the same each time it is asked.
    let (m, estimate) = w.svc.estimate_of(id).expect("a running match");
    assert_eq!(m.move_count(), 2);
    assert_eq!(estimate.owner.len(), 81);
    assert_eq!(w.svc.estimate_of(id).map(|(_, e)| e), Some(estimate));

    w.restart();
    assert_eq!(w.svc.snapshot(id).unwrap().estimates_used(BOB), 1);
    assert_eq!(uses(&ask(&w, BOB, Some(id)).unwrap()), (2, 2));
    assert_eq!(
        refused(ask(&w, BOB, None)),
        Refusal::EstimatesUsedUp { limit: 2 }
    );
    // Alice counts apart; a moderator's higher limit gives Bob more at once.
    assert_eq!(uses(&ask(&w, ALICE, None).unwrap()), (1, 2));
    w.set_setting(GUILD, true, "estimate-limit", "3").unwrap();
    assert_eq!(uses(&ask(&w, BOB, None).unwrap()), (3, 3));
    let mut rows = stored(&w, id);
    rows.sort_unstable();
    assert_eq!(rows, vec![(ALICE.get(), 1), (BOB.get(), 3)]);
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!((m.estimates_used(ALICE), m.estimates_used(BOB)), (1, 3));
}

#[rstest]
fn spectators_ended_games_and_the_servers_rule_are_refused(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    // A spectator, naming the game or not.
    assert_eq!(refused(ask(&w, CAROL, Some(id))), Refusal::NotYourGame);
    assert_eq!(refused(ask(&w, CAROL, None)), Refusal::NotInGame);
    // The server turns it off, then back to unranked games.
    w.set_setting(GUILD, true, "estimate", "off").unwrap();
    assert_eq!(refused(ask(&w, BOB, None)), Refusal::EstimateOff);
    w.set_setting(GUILD, true, "estimate", "unranked").unwrap();
    assert_eq!(uses(&ask(&w, BOB, None).unwrap()), (1, 3));
    // Nothing was stored for the refusals.
    assert_eq!(stored(&w, id), vec![(BOB.get(), 1)]);
    w.resign(ALICE).unwrap();
    w.resign(ALICE).unwrap();
    assert_eq!(refused(ask(&w, BOB, Some(id))), Refusal::NoSuchGame);
    assert_eq!(refused(ask(&w, BOB, None)), Refusal::NotInGame);
}

#[rstest]
fn a_ranked_game_needs_all(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let ranked = InviteOptions {
        ranked: Some(true),
        ..InviteOptions::default()
    };
    w.invite_with(ALICE, BOB, ranked).unwrap();
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    assert_eq!(refused(ask(&w, BOB, None)), Refusal::EstimateUnrankedOnly);
    w.set_setting(GUILD, true, "estimate", "all").unwrap();
    assert_eq!(uses(&ask(&w, BOB, Some(id)).unwrap()), (1, 3));
}
