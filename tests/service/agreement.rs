//! The dead-stone agreement phase of SPEC §4 (issue 6), with a fake clock, and the count of each
//! rule set on hand-built final positions. Each test is named after the rule it proves.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::{
    Agreement, BoardRef, Command, EndReason, Ending, Event, InviteOptions, MatchId, Outcome, Phase,
    Refusal, Subject, UserId,
};
use tengen::go::{
    Board, ByColor, Color, GameResult, Komi, Point, RuleSet, count_area, count_territory,
};
use tengen::service::Failure;

/// Starts a 7×7 game under `rules`: Alice (White) invites, Bob (Black) accepts.
fn start(w: &World, rules: RuleSet) -> MatchId {
    w.invite_with(
        ALICE,
        BOB,
        InviteOptions {
            color: None,
            size: Some(7),
            komi: None,
            rules: Some(rules),
            handicap: None,
            ranked: None,
            time: None,
            clock: None,
        },
    )
    .unwrap();
    match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    }
}

/// Black walls column C, White column D; then Black passes, White drops a stone at A4 inside
/// Black's side (dead), Black passes and White passes: two passes, White's last.
///
/// Counted with A4 dead: Black 7 stones + 14 points, White 7 stones + 21 points.
fn wall_and_invader(w: &World) {
    for r in 1..=7 {
        w.play(BOB, &format!("C{r}")).unwrap();
        w.play(ALICE, &format!("D{r}")).unwrap();
    }
    w.pass(BOB).unwrap();
    w.play(ALICE, "A4").unwrap();
    w.pass(BOB).unwrap();
}

fn p(name: &str) -> Point {
    name.parse().unwrap()
}

fn toggle(w: &World, by: UserId, point: &str) -> Result<Outcome, Failure> {
    w.apply(Command::ToggleDead {
        by,
        point: p(point),
        board: None,
        marking: None,
    })
}

fn accept(w: &World, by: UserId) -> Result<Outcome, Failure> {
    w.apply(Command::AcceptMarking {
        by,
        board: None,
        marking: None,
    })
}

fn resume(w: &World, by: UserId) -> Result<Outcome, Failure> {
    w.apply(Command::ResumePlay { by, board: None })
}

fn ending_of(o: &Outcome) -> Option<Ending> {
    o.events.iter().find_map(|e| match e {
        Event::Ended { ending, .. } => Some(*ending),
        _ => None,
    })
}

fn points(result: &str) -> GameResult {
    GameResult::from_sgf(result).unwrap()
}

#[rstest]
fn two_passes_under_chinese_rules_open_the_agreement_with_the_estimate_as_proposal(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    let o = w.pass(ALICE).unwrap();
    let proposal = agreement_proposal(&o).expect("agreement started");
    assert_eq!(proposal, vec![p("A4")], "the invader is proposed dead");
    assert_eq!(
        o.to_move, None,
        "no one's turn while the dead stones are settled"
    );
    assert!(o.deadline.is_some(), "the agreement has a deadline");
    let m = w.svc.snapshot(id).unwrap();
    assert!(m.in_agreement());
    assert_eq!(m.dead_stones(), &[p("A4")]);
    // No moves until play resumes.
    assert_eq!(
        w.refusal(Command::Pass {
            by: BOB,
            board: None,
            game: None,
        }),
        Refusal::InAgreement
    );
    assert_eq!(
        w.refusal(Command::Play {
            by: BOB,
            point: p("B4"),
            board: None
        }),
        Refusal::InAgreement
    );
}

#[rstest]
fn the_game_is_scored_when_both_accept_the_same_marking(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    let o = accept(&w, BOB).unwrap();
    assert!(matches!(
        o.events[..],
        [Event::MarkingAccepted {
            player: BOB,
            automatic: false,
            ..
        }]
    ));
    assert_eq!(
        w.refusal(Command::AcceptMarking {
            by: BOB,
            board: None,
            marking: None
        }),
        Refusal::AlreadyAccepted
    );
    let o = accept(&w, ALICE).unwrap();
    // Chinese: Black 7 + 14 = 21, White 7 + 21 + 7.5 = 35.5.
    assert_eq!(
        ending_of(&o),
        Some(Ending::Finished {
            result: points("W+14.5"),
            reason: EndReason::TwoPasses
        })
    );
    assert!(o.is_final());
    assert_eq!(w.svc.match_of(BOB), None, "the players are free again");
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().wins, 1);
    // The record keeps the rules, the result and the territory with the dead stone in it.
    let sgf = record(
        &w.svc,
        GUILD,
        id,
        ["Bob", "Alice"],
        "automatic pass (turn timed out)",
    )
    .unwrap();
    assert!(sgf.contains("RU[Chinese]"), "{sgf}");
    assert!(sgf.contains("RE[W+14.5]"), "{sgf}");
    assert!(sgf.contains("TB["), "{sgf}");
    assert!(sgf.contains("TW["), "{sgf}");
    // A4 is column a, row 4 of 7 from the top: "ad".
    let tb = &sgf[sgf.find("TB").unwrap()..];
    assert!(
        tb.contains("[ad]"),
        "the dead stone's point is Black's territory: {sgf}"
    );
    // After a restart the finished game still knows its marking.
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert_eq!(m.dead_stones(), &[p("A4")]);
}

#[rstest]
fn toggling_any_stone_toggles_its_whole_chain_and_withdraws_both_acceptances(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    accept(&w, BOB).unwrap();
    // Alice says her stone lives.
    let o = toggle(&w, ALICE, "A4").unwrap();
    match &o.events[..] {
        [
            Event::MarkingChanged {
                by,
                chain,
                dead,
                marking,
                ..
            },
        ] => {
            assert_eq!((*by, chain.clone(), *dead), (ALICE, vec![p("A4")], false));
            assert!(marking.is_empty());
        }
        e => panic!("{e:?}"),
    }
    let m = w.svc.snapshot(id).unwrap();
    let a = m.agreement().cloned().unwrap();
    assert_eq!(
        a.accepted,
        ByColor {
            black: false,
            white: false
        },
        "Bob's acceptance withdrawn"
    );
    // A click on one stone of the black wall marks all seven.
    let o = toggle(&w, BOB, "C3").unwrap();
    match &o.events[..] {
        [
            Event::MarkingChanged {
                chain,
                dead: true,
                marking,
                ..
            },
        ] => {
            assert_eq!(chain.len(), 7);
            assert_eq!(
                marking,
                &vec![p("C1")],
                "one stone per chain: its lowest point"
            );
        }
        e => panic!("{e:?}"),
    }
    let o = toggle(&w, BOB, "C6").unwrap();
    assert!(matches!(
        &o.events[..],
        [Event::MarkingChanged { dead: false, .. }]
    ));
    assert_eq!(
        w.refusal(Command::ToggleDead {
            by: BOB,
            point: p("B4"),
            board: None,
            marking: None,
        }),
        Refusal::NoStoneThere
    );
    assert_eq!(
        w.refusal(Command::ToggleDead {
            by: CAROL,
            point: p("A4"),
            board: None,
            marking: None,
        }),
        Refusal::NotInGame
    );
    // Alice accepts "A4 alive", Bob marks it dead again: her acceptance is gone.
    accept(&w, ALICE).unwrap();
    toggle(&w, BOB, "A4").unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert!(!m.agreement().unwrap().accepted.white);
    accept(&w, BOB).unwrap();
    let o = accept(&w, ALICE).unwrap();
    assert_eq!(
        ending_of(&o).map(|e| match e {
            Ending::Finished { result, .. } => result.to_string(),
            Ending::Abandoned(_) | Ending::Annulled => "not counted".into(),
        }),
        Some("W+14.5".to_owned())
    );
}

#[rstest]
fn a_stale_board_cannot_toggle_or_accept_and_classic_rules_have_no_agreement(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    let moves = w.svc.snapshot(id).unwrap().move_count();
    let stale = BoardRef {
        match_id: id,
        move_number: moves - 1,
    };
    assert_eq!(
        w.refusal(Command::ToggleDead {
            by: BOB,
            point: p("A4"),
            board: Some(stale),
            marking: None,
        }),
        Refusal::StaleBoard
    );
    let fresh = BoardRef {
        match_id: id,
        move_number: moves,
    };
    w.apply(Command::ToggleDead {
        by: BOB,
        point: p("A4"),
        board: Some(fresh),
        marking: None,
    })
    .unwrap();
    // A picker drawn before that toggle (marking version 0) may not toggle again: its click
    // would undo a change its player has not seen.
    assert_eq!(
        w.refusal(Command::ToggleDead {
            by: ALICE,
            point: p("A4"),
            board: Some(fresh),
            marking: Some(0),
        }),
        Refusal::StaleBoard
    );
    w.apply(Command::ToggleDead {
        by: ALICE,
        point: p("C3"),
        board: Some(fresh),
        marking: Some(1),
    })
    .unwrap();
    w.apply(Command::ToggleDead {
        by: ALICE,
        point: p("C3"),
        board: Some(fresh),
        marking: Some(2),
    })
    .unwrap();

    // Classic: two passes count the board as it stands; there is nothing to accept.
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Classic);
    wall_and_invader(&w);
    let o = w.pass(ALICE).unwrap();
    assert!(o.is_final());
    assert!(
        !o.events
            .iter()
            .any(|e| matches!(e, Event::AgreementStarted { .. }))
    );
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert!(m.dead_stones().is_empty());
    // Classic komi 5.5; A4 alive makes columns A–B no one's: Black 7, White 8 + 21.
    assert_eq!(
        m.ending(),
        Some(Ending::Finished {
            result: points("W+27.5"),
            reason: EndReason::TwoPasses
        })
    );
}

#[rstest]
fn a_dispute_resumes_play_and_the_opponent_of_the_last_passer_moves(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    // White passed last: Black moves.
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    let o = resume(&w, ALICE).unwrap();
    assert!(matches!(
        &o.events[..],
        [Event::PlayResumed {
            by: ALICE,
            to_move: BOB,
            ..
        }]
    ));
    assert_eq!(o.to_move, Some(BOB));
    let m = w.svc.snapshot(id).unwrap();
    assert!(!m.in_agreement());
    assert_eq!(m.game.to_move(), Color::Black);
    assert_eq!(
        w.refusal(Command::AcceptMarking {
            by: BOB,
            board: None,
            marking: None
        }),
        Refusal::NotInAgreement
    );
    // Black takes the invader off, then two passes open the agreement again.
    w.play(BOB, "B4").unwrap();
    w.pass(ALICE).unwrap();
    w.play(BOB, "A5").unwrap();
    w.pass(ALICE).unwrap();
    w.play(BOB, "A3").unwrap();
    w.pass(ALICE).unwrap();
    let o = w.pass(BOB).unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::AgreementStarted { proposal, .. } if proposal.is_empty()))
    );
    accept(&w, ALICE).unwrap();
    let o = accept(&w, BOB).unwrap();
    // Black 7 + 3 stones + 11 points = 21, White 28 + 7.5.
    assert!(
        matches!(ending_of(&o), Some(Ending::Finished { result, .. }) if result == points("W+14.5"))
    );

    // Japanese, Black passed last: White moves.
    let Some(w) = World::on(backend) else {
        return;
    };
    start(&w, RuleSet::Japanese);
    for r in 1..=7 {
        w.play(BOB, &format!("C{r}")).unwrap();
        w.play(ALICE, &format!("D{r}")).unwrap();
    }
    w.play(BOB, "F4").unwrap();
    w.pass(ALICE).unwrap();
    w.pass(BOB).unwrap();
    let o = resume(&w, BOB).unwrap();
    assert!(matches!(
        &o.events[..],
        [Event::PlayResumed { to_move: ALICE, .. }]
    ));
    assert_eq!(o.to_move, Some(ALICE));
}

#[rstest]
fn a_resumed_game_survives_a_restart(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    resume(&w, BOB).unwrap();
    w.play(BOB, "B4").unwrap();
    w.restart();
    let m = w.svc.snapshot(id).expect("still running after the restart");
    assert_eq!(m.resumed, 1);
    assert!(!m.in_agreement());
    assert_eq!(m.game.to_move(), Color::White);
    w.pass(ALICE).unwrap();
    let o = w.pass(BOB).unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::AgreementStarted { .. }))
    );
}

#[rstest]
fn a_restart_between_a_dispute_and_the_next_move_keeps_play_resumed(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Aga);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    resume(&w, BOB).unwrap();
    w.restart();
    let m = w.svc.snapshot(id).expect("still running after the restart");
    assert!(!m.in_agreement());
    assert!(!m.game.is_over(), "play goes on");
    assert_eq!(
        m.resumed, 1,
        "the dispute is remembered (AGA's second one is final)"
    );
    assert_eq!(m.game.to_move(), Color::Black);
    w.play(BOB, "B4").unwrap();
    // The turn deadline fires normally afterwards: an automatic pass, no endless loop.
    let out = w.advance(180 * SEC);
    assert!(out.iter().flat_map(|o| &o.events).any(|e| matches!(
        e,
        Event::Moved {
            automatic: true,
            ..
        }
    )));
}

#[rstest]
fn a_game_in_agreement_at_its_time_cap_is_counted_not_abandoned(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert!(m.in_agreement());
    // Keep toggling until the cap passes; each toggle restarts the turn's clock.
    let cap = m.ends_at;
    let mut out = Vec::new();
    while w.now() < cap && out.is_empty() {
        toggle(&w, BOB, "A4").unwrap();
        out = w.advance(170 * SEC);
    }
    let ending = out.iter().find_map(ending_of).expect("the game ended");
    assert!(
        matches!(ending, Ending::Finished { .. }),
        "counted: {ending:?}"
    );
}

#[rstest]
fn an_automatic_pass_before_a_dispute_and_one_after_do_not_abandon_the_game(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    for r in 1..=7 {
        w.play(BOB, &format!("C{r}")).unwrap();
        w.play(ALICE, &format!("D{r}")).unwrap();
    }
    w.pass(BOB).unwrap();
    // White is away: her pass is automatic and opens the agreement.
    w.advance(180 * SEC);
    assert!(w.svc.snapshot(id).unwrap().in_agreement());
    resume(&w, ALICE).unwrap();
    // Black is away now: an automatic pass, but White pressed Resume in between.
    let out = w.advance(180 * SEC);
    assert!(
        !out.iter()
            .any(|o| matches!(ending_of(o), Some(Ending::Abandoned(_)))),
        "not two automatic passes in a row"
    );
    assert!(w.svc.snapshot(id).unwrap().is_running());
}

#[rstest]
fn the_agreement_and_its_acceptances_survive_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Japanese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    toggle(&w, BOB, "C1").unwrap();
    accept(&w, ALICE).unwrap();
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert!(m.in_agreement());
    // One stone per chain, in the engine's point order (row by row from the bottom).
    assert_eq!(m.dead_stones(), &[p("C1"), p("A4")]);
    assert_eq!(
        m.agreement().unwrap().accepted,
        ByColor {
            black: false,
            white: true
        }
    );
    toggle(&w, BOB, "C1").unwrap();
    accept(&w, BOB).unwrap();
    let o = accept(&w, ALICE).unwrap();
    // Japanese: Black 13 empty + A4 = 14 points + 1 prisoner; White 21 + 6.5.
    assert!(
        matches!(ending_of(&o), Some(Ending::Finished { result, .. }) if result == points("W+12.5"))
    );
}

#[rstest]
fn a_player_away_for_the_turn_timeout_during_agreement_accepts_the_marking(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    accept(&w, BOB).unwrap();
    assert!(w.advance(180 * SEC - 1).is_empty(), "not yet");
    let out = w.advance(1);
    let events: Vec<&Event> = out.iter().flat_map(|o| &o.events).collect();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::MarkingAccepted {
            player: ALICE,
            automatic: true,
            ..
        }
    )));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::MarkingAccepted { player: BOB, .. }))
    );
    assert!(out.iter().any(|o| matches!(ending_of(o), Some(Ending::Finished { result, .. }) if result == points("W+14.5"))));

    // A toggle gives both a fresh timeout; both away then accept the marking as it stands.
    let Some(w) = World::on(backend) else {
        return;
    };
    start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    w.clock.advance(ms(100 * SEC));
    toggle(&w, ALICE, "A4").unwrap();
    assert!(
        w.advance(179 * SEC).is_empty(),
        "the toggle restarted the clock"
    );
    let out = w.advance(SEC);
    let accepted = out
        .iter()
        .flat_map(|o| &o.events)
        .filter(|e| {
            matches!(
                e,
                Event::MarkingAccepted {
                    automatic: true,
                    ..
                }
            )
        })
        .count();
    assert_eq!(accepted, 2);
    // A4 alive: Black 7, White 8 + 21 + 7.5.
    assert!(out.iter().any(|o| matches!(ending_of(o), Some(Ending::Finished { result, .. }) if result == points("W+29.5"))));
}

#[rstest]
fn aga_white_passes_last_and_pays_a_pass_stone_if_needed(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Aga);
    for r in 1..=7 {
        w.play(BOB, &format!("C{r}")).unwrap();
        w.play(ALICE, &format!("D{r}")).unwrap();
    }
    w.play(BOB, "F4").unwrap();
    w.pass(ALICE).unwrap();
    // Black's pass after White's does not end an AGA game: White must pass last.
    let o = w.pass(BOB).unwrap();
    assert!(
        !o.events
            .iter()
            .any(|e| matches!(e, Event::AgreementStarted { .. }))
    );
    assert_eq!(o.to_move, Some(ALICE));
    let o = w.pass(ALICE).unwrap();
    assert!(o.events.iter().any(
        |e| matches!(e, Event::AgreementStarted { proposal, .. } if proposal == &vec![p("F4")])
    ));
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(
        m.game.pass_stones(),
        ByColor { black: 2, white: 1 },
        "White's extra pass is a stone"
    );
    accept(&w, BOB).unwrap();
    let o = accept(&w, ALICE).unwrap();
    // Area: Black 7 + 14 = 21, White 7 + 21 = 28 (+7.5).
    assert!(
        matches!(ending_of(&o), Some(Ending::Finished { result, .. }) if result == points("W+14.5"))
    );
    // With White passing last, counting territory with pass stones as prisoners agrees.
    let m = w.svc.load_match(id).unwrap().unwrap();
    let terr = count_territory(
        m.game.board(),
        m.dead_stones(),
        m.game.rules().komi,
        m.game.prisoners(),
    );
    assert_eq!(terr.result(), points("W+14.5"));
}

#[rstest]
fn aga_a_resumed_game_ended_again_without_agreement_counts_every_stone_alive(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Aga);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    // First dispute: play resumes, Black (the opponent of White, the last passer) moves.
    let o = resume(&w, ALICE).unwrap();
    assert!(matches!(
        &o.events[..],
        [Event::PlayResumed { to_move: BOB, .. }]
    ));
    w.play(BOB, "B4").unwrap();
    w.pass(ALICE).unwrap();
    w.pass(BOB).unwrap();
    let o = w.pass(ALICE).unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::AgreementStarted { .. }))
    );
    // Two more passes each and still no agreement: every stone left is alive.
    let o = resume(&w, BOB).unwrap();
    assert!(
        !o.events
            .iter()
            .any(|e| matches!(e, Event::PlayResumed { .. }))
    );
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert!(m.dead_stones().is_empty());
    let all_alive = m.game.count(&[]).result();
    assert_eq!(
        ending_of(&o),
        Some(Ending::Finished {
            result: all_alive,
            reason: EndReason::TwoPasses
        })
    );
    // A4 alive: columns A–B are no one's. Black 8 stones, White 8 + 21 (+7.5).
    assert_eq!(all_alive, points("W+28.5"));
}

/// The stored phase columns of a match: phase, marking, acceptances, version, resumptions.
type Stored = (
    String,
    Option<String>,
    bool,
    bool,
    u32,
    Option<u32>,
    Option<u32>,
);

fn stored(w: &World, id: MatchId) -> Stored {
    w.svc
        .store()
        .read(|tx| {
            tx.query_one(
                "SELECT phase, dead_stones, accepted_black, accepted_white, marking_version, \
                 resumed, resumed_at FROM matches WHERE id = ?1",
                rusqlite::params![id.get()],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ))
                },
            )
        })
        .unwrap()
}

#[rstest]
fn the_phase_is_stored_a_restart_in_the_agreement_keeps_marking_acceptances_and_version(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap(); // the proposal: A4 dead
    toggle(&w, BOB, "C1").unwrap(); // the black wall dead too
    toggle(&w, ALICE, "A4").unwrap(); // the invader alive again
    accept(&w, ALICE).unwrap();
    let before = w.svc.snapshot(id).unwrap();
    assert_eq!(
        before.phase,
        Phase::Agreement(Agreement {
            dead: vec![p("C1")],
            accepted: ByColor {
                black: false,
                white: true
            },
            version: 2,
        })
    );
    assert_eq!(
        stored(&w, id),
        (
            "agreement".into(),
            Some("C1".into()),
            false,
            true,
            2,
            Some(0),
            None
        )
    );
    w.restart();
    let after = w.svc.snapshot(id).unwrap();
    assert_eq!(after, before, "the whole match as it was, phase included");
    // A button drawn for version 1 is stale after the restart too; version 2 counts.
    let board = BoardRef {
        match_id: id,
        move_number: after.move_count(),
    };
    assert_eq!(
        w.refusal(Command::AcceptMarking {
            by: BOB,
            board: Some(board),
            marking: Some(1)
        }),
        Refusal::StaleBoard
    );
    let o = w
        .apply(Command::AcceptMarking {
            by: BOB,
            board: Some(board),
            marking: Some(2),
        })
        .unwrap();
    assert!(matches!(ending_of(&o), Some(Ending::Finished { .. })));
    assert_eq!(
        w.svc.load_match(id).unwrap().unwrap().dead_stones(),
        &[p("C1")],
        "counted with the marking as it was before the restart"
    );
}

#[rstest]
fn the_phase_is_stored_a_restart_right_after_resume_play_keeps_play_and_the_player_to_move(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    // Chinese, resumed twice: the second dispute leaves White to move (Black passed last).
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Chinese);
    wall_and_invader(&w);
    w.pass(ALICE).unwrap();
    resume(&w, ALICE).unwrap();
    w.play(BOB, "B4").unwrap();
    w.pass(ALICE).unwrap();
    w.pass(BOB).unwrap();
    assert!(w.svc.snapshot(id).unwrap().in_agreement());
    let o = resume(&w, ALICE).unwrap();
    assert_eq!(o.to_move, Some(ALICE));
    let before = w.svc.snapshot(id).unwrap();
    let moves = before.move_count();
    assert_eq!((before.resumed, before.resumed_at), (2, Some(moves)));
    assert_eq!(
        stored(&w, id),
        ("play".into(), None, false, false, 0, Some(2), Some(moves))
    );
    w.restart();
    let after = w.svc.snapshot(id).unwrap();
    assert_eq!(after, before, "in play, no move since the dispute");
    assert_eq!(after.phase, Phase::Play);
    assert_eq!(after.awaited(), Some(ALICE));
    assert!(
        w.svc.take_recovered().is_empty(),
        "the turn was still ahead"
    );
    assert_eq!(
        w.play(BOB, "A5").unwrap_err().refusal(),
        Some(&Refusal::NotYourTurn)
    );
    w.play(ALICE, "E4").unwrap();

    // Japanese, Black passed last: White moves after the dispute, and after the restart.
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = start(&w, RuleSet::Japanese);
    for r in 1..=7 {
        w.play(BOB, &format!("C{r}")).unwrap();
        w.play(ALICE, &format!("D{r}")).unwrap();
    }
    w.play(BOB, "F4").unwrap();
    w.pass(ALICE).unwrap();
    w.pass(BOB).unwrap();
    resume(&w, BOB).unwrap();
    let before = w.svc.snapshot(id).unwrap();
    w.restart();
    let after = w.svc.snapshot(id).unwrap();
    assert_eq!(after, before);
    assert_eq!(after.player_to_move(), ALICE);
    assert_eq!(stored(&w, id).5, Some(1), "one resumption stored");
    w.play(ALICE, "E4").unwrap();
}

// ---------------------------------------------------------------- counting, by rule set

/// The seki of `score.rs` (inner chains sharing A3, eyes A5 and A1) plus a dead white stone at
/// F7 in Black's area and a black stone at F1 in White's, counted here as the players agree.
const SEKI_AND_DEAD: &str = "
    X X X . . O .
    O O X . . . .
    . O X . . . .
    O O X . . . .
    . O X X X X X
    X X O O O O O
    . X O . . X .";

fn komi(rules: RuleSet) -> Komi {
    rules.rules().komi
}

#[test]
fn chinese_and_aga_count_area_with_dead_chains_removed_and_seki_eyes_counted() {
    let b = Board::from_diagram(SEKI_AND_DEAD).unwrap();
    let dead = [p("F7"), p("F1")];
    for rules in [RuleSet::Chinese, RuleSet::Aga] {
        let with = count_area(&b, &dead, komi(rules));
        // Black 14 stones + 16 (top right, F7's point included) + A1 (its seki eye) = 31;
        // White 12 + 4 + A5 = 17; A3, the shared liberty, is no one's.
        assert_eq!(
            (
                with.stones.black + with.territory.black,
                with.stones.white + with.territory.white,
                with.neutral
            ),
            (31, 17, 1)
        );
        assert_eq!(with.result(), points("B+6.5"), "{rules}");
        // As the board stands, both areas touch both colours: no one's.
        let without = count_area(&b, &[], komi(rules));
        assert_eq!(
            (
                without.stones.black + without.territory.black,
                without.stones.white + without.territory.white
            ),
            (16, 14)
        );
        assert_eq!(without.result(), points("W+5.5"), "{rules}");
    }
}

#[test]
fn japanese_counts_territory_plus_prisoners_and_nothing_inside_a_seki() {
    let b = Board::from_diagram(SEKI_AND_DEAD).unwrap();
    let dead = [p("F7"), p("F1")];
    let k = komi(RuleSet::Japanese);
    let with = count_territory(&b, &dead, k, ByColor::default());
    // Black 16 points + the prisoner F7; White 4 + F1; the seki's eyes A1, A5 are no one's.
    assert_eq!(
        with.territory,
        ByColor {
            black: 16,
            white: 4
        }
    );
    assert_eq!(with.prisoners, ByColor { black: 1, white: 1 });
    assert_eq!(with.result(), points("B+5.5"));
    let without = count_territory(&b, &[], k, ByColor::default());
    assert_eq!(without.territory, ByColor { black: 0, white: 0 });
    assert_eq!(without.result(), points("W+6.5"));
    // Earlier captures count as prisoners too.
    let captured = count_territory(&b, &dead, k, ByColor { black: 3, white: 0 });
    assert_eq!(captured.result(), points("B+8.5"));
}
