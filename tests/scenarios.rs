//! Scenario tests, one per rule and number of SPEC §2–§7, with a fake clock. Each test is named
//! after the rule it proves.

mod common;

use common::*;
use tengen::game::{
    AbandonCause, BoardRef, Command, EndReason, Ending, Event, Failure, InvitationRef,
    InviteOptions, Refusal, TITLE, TimerId,
};
use tengen::go::{Color, GameResult, IllegalMove, Komi, RuleSet};

fn ended(outcomes: &[tengen::game::Outcome]) -> Option<Ending> {
    outcomes
        .iter()
        .flat_map(|o| &o.events)
        .find_map(|e| match e {
            Event::Ended { ending, .. } => Some(*ending),
            _ => None,
        })
}

// ---------------------------------------------------------------- §2 Starting a game

#[test]
fn acceptor_plays_black_and_moves_first() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    let o = w.accept(BOB, ALICE).unwrap();
    assert_eq!(o.to_move, Some(BOB));
    let id = w.svc.match_of(BOB).unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.players.black, BOB);
    assert_eq!(m.players.white, ALICE);
    assert_eq!(m.game.to_move(), Color::Black);
    assert_eq!(
        w.refusal(Command::Pass {
            by: ALICE,
            board: None
        }),
        Refusal::NotYourTurn
    );
    w.play(BOB, "E5").unwrap();
}

#[test]
fn nothing_happens_until_the_invitee_accepts() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    assert_eq!(w.svc.match_of(ALICE), None);
    assert_eq!(w.svc.match_of(BOB), None);
    assert_eq!(w.svc.pending_invitations().len(), 1);
}

#[test]
fn invitation_expires_after_60_seconds() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    assert!(w.advance(60 * SEC - 1).is_empty(), "still open at 59.999 s");
    let out = w.advance(1);
    assert!(matches!(out[0].events[0], Event::InvitationExpired(_)));
    assert!(out[0].is_final());
    assert_eq!(w.refusal(accept_cmd(BOB, ALICE)), Refusal::NoSuchInvitation);
    // The same two can try again.
    w.invite(ALICE, BOB).unwrap();
}

#[test]
fn invitation_can_be_accepted_until_its_last_millisecond() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    w.clock.advance(60 * SEC - 1);
    w.accept(BOB, ALICE).unwrap();
}

#[test]
fn an_expired_invitation_is_refused_even_before_its_timer_fires() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    w.clock.advance(60 * SEC);
    assert_eq!(
        w.refusal(accept_cmd(BOB, ALICE)),
        Refusal::InvitationExpired
    );
}

fn accept_cmd(by: u64, inviter: u64) -> Command {
    Command::Accept {
        by,
        invitation: InvitationRef::From {
            guild: GUILD,
            inviter,
        },
    }
}

#[test]
fn only_the_invitee_can_accept_or_decline_others_are_told_it_is_not_for_them() {
    let w = World::new();
    let id = match w.invite(ALICE, BOB).unwrap().subject {
        TimerId::Invitation(id) => id,
        s => panic!("{s:?}"),
    };
    let by_id = |by| Command::Accept {
        by,
        invitation: InvitationRef::Id(id),
    };
    assert_eq!(w.refusal(by_id(CAROL)), Refusal::NotForYou);
    assert_eq!(w.refusal(by_id(ALICE)), Refusal::NotForYou);
    assert_eq!(
        w.refusal(Command::Decline {
            by: CAROL,
            invitation: InvitationRef::Id(id)
        }),
        Refusal::NotForYou
    );
    assert_eq!(
        Refusal::NotForYou.message(),
        "This invitation is not for you."
    );
    assert_eq!(w.svc.pending_invitations().len(), 1, "nothing changed");
    w.apply(by_id(BOB)).unwrap();
}

#[test]
fn decline_closes_the_invitation() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    let o = w
        .apply(Command::Decline {
            by: BOB,
            invitation: InvitationRef::From {
                guild: GUILD,
                inviter: ALICE,
            },
        })
        .unwrap();
    assert!(matches!(o.events[0], Event::InvitationDeclined(_)));
    assert!(w.svc.pending_invitations().is_empty());
    assert_eq!(w.refusal(accept_cmd(BOB, ALICE)), Refusal::NoSuchInvitation);
}

#[test]
fn inviting_yourself_is_refused() {
    let w = World::new();
    assert_eq!(refuse_invite(&w, ALICE, ALICE, false), Refusal::InviteSelf);
}

#[test]
fn inviting_a_bot_is_refused() {
    let w = World::new();
    assert_eq!(refuse_invite(&w, ALICE, BOB, true), Refusal::InviteBot);
}

fn refuse_invite(w: &World, inviter: u64, invitee: u64, bot: bool) -> Refusal {
    w.refusal(Command::Invite {
        guild: GUILD,
        channel: CHANNEL,
        inviter,
        invitee,
        invitee_is_bot: bot,
        options: InviteOptions::default(),
    })
}

#[test]
fn inviting_someone_already_in_a_game_is_refused() {
    let w = World::new();
    w.start(ALICE, BOB);
    assert_eq!(refuse_invite(&w, CAROL, BOB, false), Refusal::TheyAreBusy);
    assert_eq!(refuse_invite(&w, ALICE, CAROL, false), Refusal::YouAreBusy);
}

#[test]
fn a_second_pending_invitation_to_the_same_person_is_refused() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    assert_eq!(
        refuse_invite(&w, ALICE, BOB, false),
        Refusal::DuplicateInvitation
    );
    assert_eq!(
        refuse_invite(&w, BOB, ALICE, false),
        Refusal::DuplicateInvitation
    );
    // Someone else may still be invited.
    w.invite(ALICE, CAROL).unwrap();
}

#[test]
fn a_disabled_server_refuses_invitations() {
    let w = World::new();
    w.svc.set_setting(GUILD, "enabled", "false").unwrap();
    assert_eq!(
        refuse_invite(&w, ALICE, BOB, false),
        Refusal::ServerDisabled
    );
    w.svc.set_setting(GUILD, "enabled", "true").unwrap();
    w.invite(ALICE, BOB).unwrap();
    // Switched off between invitation and answer: the answer is refused too.
    w.svc.set_setting(GUILD, "enabled", "false").unwrap();
    assert_eq!(w.refusal(accept_cmd(BOB, ALICE)), Refusal::ServerDisabled);
}

#[test]
fn options_the_server_does_not_allow_are_refused() {
    let w = World::new();
    let with = |size: Option<u8>, komi: Option<&str>| InviteOptions {
        size,
        komi: komi.map(|k| k.parse::<Komi>().unwrap()),
        rules: None,
    };
    let r = w.invite_with(ALICE, BOB, with(Some(13), None)).unwrap_err();
    assert!(matches!(
        r.refusal(),
        Some(Refusal::SizeNotAllowed { size: 13, .. })
    ));
    assert_eq!(
        r.user_message(),
        "This server does not allow 13×13 boards. Allowed: 7×7, 9×9."
    );
    let r = w
        .invite_with(ALICE, BOB, with(Some(9), Some("60")))
        .unwrap_err();
    assert_eq!(r.refusal(), Some(&Refusal::KomiOutOfRange));
    assert!(w.svc.pending_invitations().is_empty());
    w.svc.set_setting(GUILD, "allowed-sizes", "7,9,13").unwrap();
    w.invite_with(ALICE, BOB, with(Some(13), Some("0.5")))
        .unwrap();
    w.accept(BOB, ALICE).unwrap();
    let m = w.svc.snapshot(w.svc.match_of(BOB).unwrap()).unwrap();
    assert_eq!(m.config.size.get(), 13);
    assert_eq!(m.game.rules().komi.half_points(), 1);
}

#[test]
fn an_invitation_may_ask_only_for_the_rules_the_server_allows() {
    let w = World::new();
    let asking = |rules: &str| InviteOptions {
        size: None,
        komi: None,
        rules: Some(rules.parse().unwrap()),
    };
    w.svc
        .set_setting(GUILD, "allowed-rules", "classic,aga")
        .unwrap();
    let r = w.invite_with(ALICE, BOB, asking("japanese")).unwrap_err();
    assert_eq!(
        r.user_message(),
        "This server does not allow japanese rules. Allowed: classic, aga."
    );
    assert!(w.svc.pending_invitations().is_empty());
    w.invite_with(ALICE, BOB, asking("aga")).unwrap();
    w.accept(BOB, ALICE).unwrap();
    let id = w.svc.match_of(BOB).unwrap();
    // A running game keeps the rule set it was accepted with.
    w.svc
        .set_setting(GUILD, "allowed-rules", "classic")
        .unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.rules.name(), "aga");
    assert_eq!(m.game.rules().komi.half_points(), 15, "AGA's own komi 7.5");
}

#[test]
fn a_player_is_in_at_most_one_active_game_and_other_invitations_are_withdrawn() {
    let w = World::new();
    w.invite(ALICE, BOB).unwrap();
    w.invite(CAROL, BOB).unwrap();
    w.invite(ALICE, 400).unwrap();
    let o = w.accept(BOB, ALICE).unwrap();
    let cancelled: Vec<_> = o
        .events
        .iter()
        .filter(|e| matches!(e, Event::InvitationCancelled(_)))
        .collect();
    assert_eq!(cancelled.len(), 2);
    assert!(w.svc.pending_invitations().is_empty());
    assert_eq!(w.refusal(accept_cmd(BOB, CAROL)), Refusal::NoSuchInvitation);
}

#[test]
fn settings_are_copied_into_the_game_when_it_is_accepted() {
    let w = World::new();
    w.invite_with(
        ALICE,
        BOB,
        InviteOptions {
            size: Some(7),
            ..Default::default()
        },
    )
    .unwrap();
    // Changed after the invitation, before acceptance: the game takes the new value.
    w.svc
        .set_setting(GUILD, "turn-timeout-seconds", "60")
        .unwrap();
    w.accept(BOB, ALICE).unwrap();
    // Changed after acceptance: the running game keeps its snapshot.
    w.svc
        .set_setting(GUILD, "turn-timeout-seconds", "600")
        .unwrap();
    w.svc.set_setting(GUILD, "komi", "0.5").unwrap();
    let m = w.svc.snapshot(w.svc.match_of(BOB).unwrap()).unwrap();
    assert_eq!(m.config.size.get(), 7);
    assert_eq!(m.config.turn_timeout_ms, 60 * SEC);
    assert_eq!(m.game.rules().komi.half_points(), 11);
    let out = w.advance(60 * SEC);
    assert!(matches!(
        out[0].events[0],
        Event::Moved {
            automatic: true,
            ..
        }
    ));
}

#[test]
fn the_server_rule_set_and_komi_apply_and_an_invitation_may_choose_rules() {
    let w = World::new();
    w.svc.set_setting(GUILD, "rules", "japanese").unwrap();
    let id = w.start(ALICE, BOB);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.rules, RuleSet::Japanese);
    assert_eq!(m.game.rules().komi.half_points(), 13);
    w.svc.set_setting(GUILD, "komi", "3").unwrap();
    w.invite_with(
        CAROL,
        400,
        InviteOptions {
            rules: Some(RuleSet::Aga),
            ..Default::default()
        },
    )
    .unwrap();
    w.accept(400, CAROL).unwrap();
    let m = w.svc.snapshot(w.svc.match_of(400).unwrap()).unwrap();
    assert_eq!(m.config.rules, RuleSet::Aga);
    assert_eq!(
        m.game.rules().komi.half_points(),
        15,
        "another rule set brings its own komi"
    );
}

// ---------------------------------------------------------------- §3 Playing

#[test]
fn only_the_player_to_move_plays_and_others_are_refused_without_change() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    let board = |n| BoardRef {
        match_id: id,
        move_number: n,
    };
    assert_eq!(
        w.play(ALICE, "E5").unwrap_err().refusal(),
        Some(&Refusal::NotYourTurn)
    );
    assert_eq!(
        w.play_on(CAROL, "E5", board(0)).unwrap_err().refusal(),
        Some(&Refusal::NotYourGame)
    );
    assert_eq!(
        w.play(CAROL, "E5").unwrap_err().refusal(),
        Some(&Refusal::NotInGame)
    );
    w.play_on(BOB, "E5", board(0)).unwrap();
    assert_eq!(
        w.play_on(ALICE, "D5", board(0)).unwrap_err().refusal(),
        Some(&Refusal::StaleBoard)
    );
    assert_eq!(
        w.play_on(ALICE, "E5", board(1)).unwrap_err().refusal(),
        Some(&Refusal::Illegal(IllegalMove::Occupied))
    );
    assert_eq!(
        w.play(ALICE, "T19").unwrap_err().refusal(),
        Some(&Refusal::Illegal(IllegalMove::OffBoard))
    );
    assert_eq!(w.svc.snapshot(id).unwrap().move_count(), 1);
    w.play_on(ALICE, "D5", board(1)).unwrap();
}

#[test]
fn two_passes_in_a_row_end_the_game_and_it_is_counted() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.pass(ALICE).unwrap();
    let o = w.pass(BOB).unwrap();
    assert!(o.is_final());
    // Black: 81 points (one stone, the rest its territory); White 0 + 5.5.
    assert_eq!(
        ended(&[o]),
        Some(Ending::Finished {
            result: GameResult::Points {
                winner: Color::Black,
                half_points: 151
            },
            reason: EndReason::TwoPasses
        })
    );
    assert_eq!(w.svc.match_of(BOB), None, "both are free again");
    assert!(w.svc.snapshot(id).is_none());
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert!(!m.is_running());
    assert_eq!(
        w.refusal(Command::Pass {
            by: BOB,
            board: Some(BoardRef {
                match_id: id,
                move_number: 3
            })
        }),
        Refusal::GameOver
    );
}

#[test]
fn resign_is_armed_then_confirmed_within_10_seconds() {
    let w = World::new();
    w.start(ALICE, BOB);
    let o = w.resign(BOB).unwrap();
    assert!(
        matches!(o.events[0], Event::ResignArmed { player: BOB, until, .. } if until == T0 + 10 * SEC)
    );
    assert!(w.svc.match_of(BOB).is_some(), "one press never resigns");
    w.clock.advance(10 * SEC);
    let o = w.resign(BOB).unwrap();
    assert_eq!(
        ended(&[o]),
        Some(Ending::Finished {
            result: GameResult::Resignation {
                winner: Color::White
            },
            reason: EndReason::Resignation
        })
    );
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().wins, 1);
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().losses, 1);
}

#[test]
fn a_second_resign_press_after_10_seconds_only_arms_again() {
    let w = World::new();
    w.start(ALICE, BOB);
    w.resign(BOB).unwrap();
    w.clock.advance(10 * SEC + 1);
    let o = w.resign(BOB).unwrap();
    assert!(matches!(o.events[0], Event::ResignArmed { .. }));
    assert!(w.svc.match_of(BOB).is_some());
}

#[test]
fn any_other_action_of_that_player_disarms_resign() {
    let w = World::new();
    w.start(ALICE, BOB);
    // A move disarms.
    w.resign(BOB).unwrap();
    let o = w.play(BOB, "E5").unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::ResignDisarmed { player: BOB, .. }))
    );
    // The opponent's move does not disarm the other player's resignation.
    w.resign(BOB).unwrap();
    let o = w.play(ALICE, "D5").unwrap();
    assert!(
        !o.events
            .iter()
            .any(|e| matches!(e, Event::ResignDisarmed { .. }))
    );
    // A pass disarms.
    let o = w.pass(BOB).unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::ResignDisarmed { player: BOB, .. }))
    );
    let o = w.resign(BOB).unwrap();
    assert!(
        matches!(o.events[0], Event::ResignArmed { .. }),
        "armed afresh, not resigned"
    );
    // Going offline disarms.
    let o = w.apply(Command::WentOffline { user: BOB }).unwrap();
    assert!(
        o.events
            .iter()
            .any(|e| matches!(e, Event::ResignDisarmed { player: BOB, .. }))
    );
    let o = w.resign(BOB).unwrap();
    assert!(matches!(o.events[0], Event::ResignArmed { .. }));
}

#[test]
fn either_player_can_resign_at_any_time_and_spectators_cannot() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    assert_eq!(
        w.refusal(Command::Resign {
            by: CAROL,
            match_id: Some(id)
        }),
        Refusal::NotYourGame
    );
    w.resign(ALICE).unwrap(); // not Alice's turn
    let o = w.resign(ALICE).unwrap();
    assert!(matches!(
        ended(&[o]),
        Some(Ending::Finished {
            result: GameResult::Resignation {
                winner: Color::Black
            },
            ..
        })
    ));
}

// ---------------------------------------------------------------- §5 Time limits

#[test]
fn auto_pass_after_180_seconds() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    assert!(w.advance(180 * SEC - 1).is_empty());
    let out = w.advance(1);
    assert!(matches!(
        out[0].events[0],
        Event::Moved {
            number: 1,
            color: Color::Black,
            automatic: true,
            ..
        }
    ));
    assert_eq!(out[0].to_move, Some(ALICE));
    assert_eq!(out[0].deadline, Some(T0 + 360 * SEC));
    assert_eq!(w.svc.snapshot(id).unwrap().automatic, vec![true]);
}

#[test]
fn two_automatic_passes_in_a_row_abandon_without_rewards() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "D5").unwrap();
    let out = w.advance(360 * SEC);
    assert_eq!(
        ended(&out),
        Some(Ending::Abandoned(AbandonCause::TwoAutomaticPasses))
    );
    for p in [ALICE, BOB] {
        let prof = w.svc.profile(GUILD, p).unwrap();
        assert_eq!(
            (prof.wins, prof.losses, prof.draws, prof.merit),
            (0, 0, 0, 0)
        );
    }
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert_eq!(m.move_count(), 4);
    assert_eq!(w.svc.match_of(ALICE), None);
}

#[test]
fn a_real_pass_then_an_automatic_pass_ends_and_scores() {
    let w = World::new();
    w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.pass(ALICE).unwrap();
    let out = w.advance(180 * SEC);
    assert!(matches!(
        ended(&out),
        Some(Ending::Finished {
            result: GameResult::Points {
                winner: Color::Black,
                ..
            },
            reason: EndReason::TwoPasses
        })
    ));
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().wins, 1);
    assert_eq!(
        w.svc.profile(GUILD, BOB).unwrap().merit,
        8,
        "two-pass endings have no minimum"
    );
}

#[test]
fn an_automatic_pass_followed_by_a_real_move_does_not_count_towards_abandonment() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    w.advance(180 * SEC); // Black auto-passes
    w.play(ALICE, "E5").unwrap();
    w.advance(180 * SEC); // Black auto-passes again, not in a row
    assert!(w.svc.snapshot(id).unwrap().is_running());
    assert_eq!(
        w.svc.snapshot(id).unwrap().automatic,
        vec![true, false, true]
    );
}

#[test]
fn reconnect_grace_of_120_seconds_then_abandoned() {
    let w = World::new();
    w.start(ALICE, BOB);
    let o = w.apply(Command::WentOffline { user: ALICE }).unwrap();
    assert!(
        matches!(o.events[0], Event::PlayerOffline { player: ALICE, until, .. } if until == T0 + 120 * SEC)
    );
    assert!(w.advance(120 * SEC - 1).is_empty());
    let out = w.advance(1);
    assert_eq!(
        ended(&out),
        Some(Ending::Abandoned(AbandonCause::Offline(Color::White)))
    );
    assert_eq!(
        w.svc.profile(GUILD, BOB).unwrap().wins,
        0,
        "abandoned: nothing recorded"
    );
}

#[test]
fn coming_back_within_the_grace_keeps_the_game() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    w.apply(Command::WentOffline { user: BOB }).unwrap();
    w.clock.advance(100 * SEC);
    let o = w.apply(Command::CameBack { user: BOB }).unwrap();
    assert!(matches!(o.events[0], Event::PlayerBack { player: BOB, .. }));
    w.play(BOB, "E5").unwrap();
    w.advance(100 * SEC);
    assert!(w.svc.snapshot(id).unwrap().is_running());
    // A second "came back" changes nothing and is silent.
    assert!(w.refusal(Command::CameBack { user: BOB }).is_silent());
}

#[test]
fn a_game_running_longer_than_60_minutes_is_abandoned() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    // Both keep playing, each move within the turn limit.
    for k in 0..35 {
        w.clock.advance(100 * SEC);
        let m = w.svc.snapshot(id).unwrap();
        w.play(m.player_to_move(), &quiet_point(k)).unwrap();
    }
    assert_eq!(w.now(), T0 + 3500 * SEC);
    let out = w.advance(100 * SEC);
    assert_eq!(ended(&out), Some(Ending::Abandoned(AbandonCause::TimeCap)));
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().losses, 0);
}

#[test]
fn a_click_after_a_missed_deadline_fires_the_deadline_first() {
    let w = World::new();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    w.svc.set_side_channel(tx);
    let id = w.start(ALICE, BOB);
    w.clock.advance(180 * SEC); // due, but the scheduler has not fired yet
    assert_eq!(
        w.play(BOB, "E5").unwrap_err().refusal(),
        Some(&Refusal::NotYourTurn)
    );
    let fired = rx.try_recv().unwrap().unwrap();
    assert!(matches!(
        fired.events[0],
        Event::Moved {
            automatic: true,
            ..
        }
    ));
    w.play(ALICE, "E5").unwrap();
    assert_eq!(w.svc.snapshot(id).unwrap().move_count(), 2);
}

// ---------------------------------------------------------------- §5 Restarts

#[test]
fn a_restart_brings_back_every_running_game_and_pending_invitation() {
    let mut w = World::new();
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "D5").unwrap();
    w.resign(BOB).unwrap();
    w.invite(CAROL, 400).unwrap();
    let before = w.svc.snapshot(id).unwrap();
    w.clock.advance(5 * SEC);
    w.restart();
    let after = w.svc.snapshot(id).unwrap();
    assert_eq!(after.game.moves(), before.game.moves());
    assert_eq!(after.game.board(), before.game.board());
    assert_eq!(
        after.turn_deadline, before.turn_deadline,
        "deadline still ahead: kept"
    );
    assert_eq!(
        after.resign_armed.black, None,
        "an armed resign does not survive a restart"
    );
    assert_eq!(w.svc.pending_invitations().len(), 1);
    assert_eq!(w.svc.match_of(ALICE), Some(id));
    w.play(BOB, "C5").unwrap();
    // Deadlines were re-armed: the invitation still expires, the turn still times out.
    let out = w.advance(175 * SEC);
    assert_eq!(out.len(), 1);
    let out = w.advance(180 * SEC);
    assert!(matches!(
        out[0].events[0],
        Event::Moved {
            automatic: true,
            ..
        }
    ));
}

#[test]
fn a_turn_whose_deadline_fell_while_the_bot_was_down_gets_a_fresh_turn() {
    let mut w = World::new();
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.clock.advance(500 * SEC); // down for longer than two turns
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(
        m.move_count(),
        1,
        "no automatic pass for the time the bot was down"
    );
    assert_eq!(m.turn_deadline, w.now() + 180 * SEC);
    assert!(w.advance(180 * SEC - 1).is_empty());
    assert_eq!(w.advance(1).len(), 1);
}

#[test]
fn the_real_time_cap_keeps_counting_while_the_bot_is_down() {
    let mut w = World::new();
    w.start(ALICE, BOB);
    w.clock.advance(61 * 60 * SEC);
    w.restart();
    let out = w.advance(0);
    assert_eq!(ended(&out), Some(Ending::Abandoned(AbandonCause::TimeCap)));
}

#[test]
fn an_invitation_that_expired_while_the_bot_was_down_expires_at_start() {
    let mut w = World::new();
    w.invite(ALICE, BOB).unwrap();
    w.clock.advance(90 * SEC);
    w.restart();
    let out = w.advance(0);
    assert!(matches!(out[0].events[0], Event::InvitationExpired(_)));
}

#[test]
fn a_failed_commit_leaves_the_game_in_memory_unchanged() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    let before = w.svc.snapshot(id).unwrap();
    w.svc.store().fail_next_commits(1);
    let e = w.play(ALICE, "D5").unwrap_err();
    assert!(matches!(e, Failure::Internal(_)));
    assert!(
        !e.user_message().contains("injected"),
        "the cause is never shown"
    );
    let after = w.svc.snapshot(id).unwrap();
    assert_eq!(after.game.moves(), before.game.moves());
    assert_eq!(after.turn_deadline, before.turn_deadline);
    w.play(ALICE, "D5").unwrap();
    // Same for an invitation.
    w.svc.store().fail_next_commits(1);
    assert!(w.invite(CAROL, 400).is_err());
    assert!(w.svc.pending_invitations().is_empty());
    w.invite(CAROL, 400).unwrap();
}

// ---------------------------------------------------------------- §6 Rewards and the title

#[test]
fn merit_five_each_and_three_more_to_the_winner_on_two_passes_with_no_move_minimum() {
    let w = World::new();
    w.start(ALICE, BOB);
    w.pass(BOB).unwrap();
    let o = w.pass(ALICE).unwrap(); // empty board: White wins by komi
    assert!(o.events.contains(&Event::MeritAwarded {
        guild: GUILD,
        user: ALICE,
        amount: 8
    }));
    assert!(o.events.contains(&Event::MeritAwarded {
        guild: GUILD,
        user: BOB,
        amount: 5
    }));
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().merit, 8);
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().merit, 5);
}

#[test]
fn merit_only_once_per_pair_of_players_for_life() {
    let w = World::new();
    for _ in 0..3 {
        w.start(ALICE, BOB);
        w.pass(BOB).unwrap();
        w.pass(ALICE).unwrap();
        // The other way round: the same pair.
        w.start(BOB, ALICE);
        w.pass(ALICE).unwrap();
        w.pass(BOB).unwrap();
    }
    let a = w.svc.profile(GUILD, ALICE).unwrap();
    assert_eq!((a.merit, a.awards, a.wins), (8, 1, 3));
    let b = w.svc.profile(GUILD, BOB).unwrap();
    assert_eq!(
        (b.merit, b.awards, b.wins),
        (5, 1, 3),
        "Bob's wins come after the pair's award"
    );
}

#[test]
fn a_resignation_earns_merit_only_after_20_moves() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    w.quiet_moves(id, 19);
    w.resign(BOB).unwrap();
    w.resign(BOB).unwrap();
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().merit, 0);
    assert_eq!(
        w.svc.profile(GUILD, ALICE).unwrap().wins,
        1,
        "the win still counts"
    );
    let id = w.start(CAROL, 400);
    w.quiet_moves(id, 20);
    w.resign(CAROL).unwrap();
    let o = w.resign(CAROL).unwrap();
    assert!(o.events.contains(&Event::MeritAwarded {
        guild: GUILD,
        user: 400,
        amount: 8
    }));
}

#[test]
fn a_player_takes_part_in_at_most_25_merit_awards() {
    let w = World::new();
    for k in 0..27u64 {
        let opponent = 1000 + k;
        w.start(opponent, BOB);
        w.pass(BOB).unwrap();
        w.pass(opponent).unwrap(); // the opponent (White) wins by komi
        let o = w.svc.profile(GUILD, opponent).unwrap();
        assert_eq!(
            o.merit, 8,
            "the opponent under the cap still gets the award"
        );
    }
    let b = w.svc.profile(GUILD, BOB).unwrap();
    assert_eq!(b.awards, 25);
    assert_eq!(b.merit, 25 * 5);
    assert_eq!(b.losses, 27);
}

#[test]
fn title_black_and_white_hand_after_10_wins() {
    let w = World::new();
    for k in 0..11u64 {
        w.start(2000 + k, ALICE); // Alice is Black
        w.play(ALICE, "E5").unwrap();
        w.pass(2000 + k).unwrap();
        let o = w.pass(ALICE).unwrap();
        let titled = o.events.contains(&Event::TitleEarned {
            guild: GUILD,
            user: ALICE,
        });
        assert_eq!(titled, k == 9, "game {k}");
        let p = w.svc.profile(GUILD, ALICE).unwrap();
        assert_eq!(p.title, (k >= 9).then_some(TITLE));
    }
    assert_eq!(TITLE, "黑白手");
}

#[test]
fn profiles_and_the_leaderboard_are_kept_per_server() {
    let w = World::new();
    w.start(ALICE, BOB);
    w.pass(BOB).unwrap();
    w.pass(ALICE).unwrap();
    let other = 2;
    w.apply(Command::Invite {
        guild: other,
        channel: 20,
        inviter: CAROL,
        invitee: BOB,
        invitee_is_bot: false,
        options: InviteOptions::default(),
    })
    .unwrap();
    w.apply(Command::Accept {
        by: BOB,
        invitation: InvitationRef::From {
            guild: other,
            inviter: CAROL,
        },
    })
    .unwrap();
    w.play(BOB, "E5").unwrap();
    w.pass(CAROL).unwrap();
    w.pass(BOB).unwrap();
    let board1 = w.svc.leaderboard(GUILD, 10).unwrap();
    assert_eq!(
        board1.iter().map(|p| p.user).collect::<Vec<_>>(),
        vec![ALICE, BOB]
    );
    let board2 = w.svc.leaderboard(other, 10).unwrap();
    assert_eq!(
        board2.iter().map(|p| (p.user, p.merit)).collect::<Vec<_>>(),
        vec![(BOB, 8), (CAROL, 5)]
    );
    assert_eq!(w.svc.profile(other, ALICE).unwrap().wins, 0);
    // The same pair on another server is another award.
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().merit, 5);
}

// ---------------------------------------------------------------- §7 Settings

#[test]
fn settings_are_per_server_validated_and_survive_a_restart() {
    let mut w = World::new();
    w.svc
        .set_setting(GUILD, "allowed-sizes", "7,9,13,19")
        .unwrap();
    w.svc.set_setting(GUILD, "board-size", "19").unwrap();
    let e = w.svc.set_setting(GUILD, "merit-amount", "-3").unwrap_err();
    assert!(
        e.user_message().contains("0 to 1000"),
        "{}",
        e.user_message()
    );
    let e = w.svc.set_setting(GUILD, "colour", "red").unwrap_err();
    assert!(e.user_message().contains("unknown setting"));
    assert_eq!(
        w.svc.settings(2).unwrap(),
        tengen::game::Settings::default()
    );
    w.restart();
    let s = w.svc.settings(GUILD).unwrap();
    assert_eq!(s.board_size.get(), 19);
    assert_eq!(s.merit_amount, 5);
    let s = w.svc.reset_setting(GUILD, "board-size").unwrap();
    assert_eq!(s.board_size.get(), 9);
}

#[test]
fn a_finished_game_downloads_as_sgf() {
    let w = World::new();
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.advance(180 * SEC);
    w.pass(BOB).unwrap();
    let sgf = w.svc.sgf(id, "Bob", "Alice").unwrap().unwrap();
    assert!(
        sgf.contains("PB[Bob]") && sgf.contains("PW[Alice]"),
        "{sgf}"
    );
    assert!(sgf.contains("RE[B+"), "{sgf}");
    assert!(sgf.contains("automatic pass"), "{sgf}");
    assert_eq!(w.svc.latest_match_of(GUILD, ALICE).unwrap(), Some(id));
}

#[test]
fn board_and_invitation_messages_are_remembered_across_a_restart() {
    let mut w = World::new();
    let inv = match w.invite(CAROL, 400).unwrap().subject {
        TimerId::Invitation(id) => id,
        s => panic!("{s:?}"),
    };
    w.svc.set_invitation_message(inv, 555).unwrap();
    let id = w.start(ALICE, BOB);
    w.svc.set_board_message(id, 77, u64::MAX - 1).unwrap();
    w.restart();
    assert_eq!(w.svc.board_message(id).unwrap(), Some((77, u64::MAX - 1)));
    assert_eq!(w.svc.invitation_message(inv).unwrap(), Some(555));
}

#[test]
fn under_aga_rules_white_passes_last() {
    let w = World::new();
    w.invite_with(
        ALICE,
        BOB,
        InviteOptions {
            rules: Some(RuleSet::Aga),
            ..Default::default()
        },
    )
    .unwrap();
    w.accept(BOB, ALICE).unwrap();
    let id = w.svc.match_of(BOB).unwrap();
    w.play(BOB, "E5").unwrap();
    w.pass(ALICE).unwrap();
    let o = w.pass(BOB).unwrap();
    assert!(
        !o.is_final(),
        "Black's pass cannot close the game under AGA rules"
    );
    let o = w.pass(ALICE).unwrap();
    // White's pass closes the play; the dead stones are then agreed (issue 6).
    let o = settle_all_alive(&w, &o);
    assert!(matches!(
        ended(&[o]),
        Some(Ending::Finished {
            result: GameResult::Points {
                winner: Color::Black,
                ..
            },
            reason: EndReason::TwoPasses
        })
    ));
    assert_eq!(w.svc.load_match(id).unwrap().unwrap().move_count(), 4);
}

/// The agreement phase that two passes open under chinese, aga and japanese rules: every
/// chain the estimate proposes is marked alive again, then both players accept.
fn settle_all_alive(w: &World, closing: &tengen::game::Outcome) -> tengen::game::Outcome {
    let proposal = agreement_proposal(closing).expect("two passes open the agreement phase");
    for p in proposal {
        w.apply(Command::ToggleDead {
            by: BOB,
            point: p,
            board: None,
            marking: None,
        })
        .unwrap();
    }
    w.apply(Command::AcceptMarking {
        by: BOB,
        board: None,
        marking: None,
    })
    .unwrap();
    w.apply(Command::AcceptMarking {
        by: ALICE,
        board: None,
        marking: None,
    })
    .unwrap()
}

#[test]
fn japanese_rules_count_territory_and_prisoners() {
    let w = World::new();
    w.invite_with(
        ALICE,
        BOB,
        InviteOptions {
            rules: Some(RuleSet::Japanese),
            ..Default::default()
        },
    )
    .unwrap();
    w.accept(BOB, ALICE).unwrap();
    w.play(BOB, "E5").unwrap();
    w.pass(ALICE).unwrap();
    let o = w.pass(BOB).unwrap();
    let o = settle_all_alive(&w, &o);
    // Black: 80 points of territory; White: komi 6.5.
    assert!(matches!(
        ended(&[o]),
        Some(Ending::Finished {
            result: GameResult::Points {
                winner: Color::Black,
                half_points: 147
            },
            ..
        })
    ));
}
