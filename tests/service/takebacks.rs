//! Takebacks and rematches through the match service: a takeback accepted (the move gone from
//! the game, the store and the record), declined, and lapsed at the next move; the refusals;
//! a rematch with the same terms and the colours swapped.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::time_control::{TimeControl, TimePreset};
use tengen::game::{Command, Event, InviteOptions, MatchId, Refusal, Subject};
use tengen::go::Color;
use tengen::service::Failure;

fn ask(w: &World, by: tengen::game::UserId) -> Result<tengen::game::Outcome, Failure> {
    w.apply(Command::RequestUndo { by, board: None })
}

fn answer(
    w: &World,
    by: tengen::game::UserId,
    accept: bool,
) -> Result<tengen::game::Outcome, Failure> {
    w.apply(Command::AnswerUndo {
        by,
        board: None,
        accept,
    })
}

fn refused(r: Result<tengen::game::Outcome, Failure>) -> Refusal {
    match r {
        Err(Failure::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[rstest]
fn a_takeback_accepted_removes_the_move_from_the_game_the_store_and_the_record(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "C3").unwrap();
    w.play(BOB, "G7").unwrap();
    // Only the one who just moved may ask; Alice's move is not the last one.
    assert_eq!(refused(ask(&w, ALICE)), Refusal::NothingToUndo);
    let o = ask(&w, BOB).unwrap();
    assert!(
        o.events.iter().any(
            |e| matches!(e, Event::UndoRequested { by, to, .. } if *by == BOB && *to == ALICE)
        )
    );
    assert_eq!(refused(ask(&w, BOB)), Refusal::UndoPending);
    assert_eq!(
        refused(answer(&w, BOB, true)),
        Refusal::NoUndoRequest,
        "not one's own"
    );
    let o = answer(&w, ALICE, true).unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::MoveUndone { number: 3, by, .. } if *by == BOB))
    );
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.game.moves().len(), 2);
    assert_eq!(m.game.board().get("G7".parse().unwrap()), None);
    assert_eq!(m.game.to_move(), Color::Black);
    assert_eq!(m.player_to_move(), BOB);
    // Bob plays elsewhere; a restart replays what the store holds: the move is gone there too.
    w.play(BOB, "D4").unwrap();
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    let moves: Vec<String> = m
        .game
        .moves()
        .iter()
        .map(|(_, mv)| mv.to_string())
        .collect();
    assert_eq!(moves, ["E5", "C3", "D4"]);
    let sgf = record(&w.svc, GUILD, id, ["Bob", "Alice"], "auto").unwrap();
    assert!(
        sgf.contains(";B[ee];W[cg];B[df])"),
        "G7 (gc) is gone: {sgf}"
    );
}

#[rstest]
fn a_takeback_declined_or_left_unanswered_until_the_next_move_changes_nothing(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    ask(&w, BOB).unwrap();
    let o = answer(&w, ALICE, false).unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::UndoDeclined { by, .. } if *by == ALICE))
    );
    assert_eq!(w.svc.snapshot(id).unwrap().game.moves().len(), 1);
    assert_eq!(w.svc.snapshot(id).unwrap().undo_request, None);
    // Asked again, and Alice answers with a move: the request lapses.
    ask(&w, BOB).unwrap();
    w.play(ALICE, "C3").unwrap();
    assert_eq!(w.svc.snapshot(id).unwrap().undo_request, None);
    assert_eq!(refused(answer(&w, ALICE, true)), Refusal::NoUndoRequest);
    assert_eq!(
        refused(ask(&w, BOB)),
        Refusal::NothingToUndo,
        "White moved since"
    );
    assert_eq!(w.svc.snapshot(id).unwrap().game.moves().len(), 2);
}

#[rstest]
fn a_server_may_turn_takebacks_off(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "takebacks", "false").unwrap();
    w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    assert_eq!(refused(ask(&w, BOB)), Refusal::TakebacksOff);
}

#[rstest]
fn a_rematch_has_the_same_terms_and_the_colours_swapped(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let o = w
        .invite_with(
            ALICE,
            BOB,
            InviteOptions {
                size: Some(7),
                time: Some(TimePreset::Live),
                ..InviteOptions::default()
            },
        )
        .unwrap();
    let _ = o;
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let old = w.svc.snapshot(id).unwrap();
    assert_eq!(old.players.black, BOB);
    // Not while it runs.
    let rematch = |by| w.apply(Command::Rematch { by, match_id: id });
    assert_eq!(refused(rematch(ALICE)), Refusal::NoRematch);
    w.resign(BOB).unwrap();
    w.resign(BOB).unwrap();
    assert_eq!(refused(rematch(CAROL)), Refusal::NoRematch, "not a player");
    // Alice played White: her rematch has her play Black.
    let o = rematch(ALICE).unwrap();
    let inv = o
        .events
        .iter()
        .find_map(|e| match e {
            Event::Invited(inv) => Some(inv.clone()),
            _ => None,
        })
        .expect("an invitation");
    assert_eq!((inv.inviter, inv.invitee), (ALICE, BOB));
    assert_eq!(inv.terms.size, old.config.size);
    assert_eq!(inv.terms.komi, old.config.komi);
    assert_eq!(inv.terms.time, TimePreset::Live.default_control());
    assert_eq!(
        inv.terms.colours,
        tengen::game::Colours {
            inviter: tengen::go::Color::Black,
            why: tengen::game::ColoursWhy::RematchSwapped
        },
        "the colours swapped, and the invitation says why"
    );
    let new: MatchId = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let m = w.svc.snapshot(new).unwrap();
    assert_eq!((m.players.black, m.players.white), (ALICE, BOB));
    assert!(matches!(m.config.time, TimeControl::ByoYomi { .. }));
}
