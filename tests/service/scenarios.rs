//! Scenario tests, one per rule and number of SPEC §2–§7, with a fake clock. Each test is named
//! after the rule it proves.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::nigiri::Parity;
use tengen::game::{
    AbandonCause, BoardRef, ChannelId, ColourAsked, Command, Duration, EndReason, Ending, Event,
    GuildId, Invitation, InvitationRef, InviteOptions, KomiRange, NigiriStage, Outcome, Refusal,
    SettingError, SettingKey, Settings, Shape, Subject, TITLE, Terms, Unit, UserId,
    invitation::InviteRequest,
};
use tengen::go::{BoardSize, Color, GameResult, IllegalMove, Komi, RuleSet};
use tengen::service::{Failure, LoadError};
use tengen::store::StoreError;

const DAVE: UserId = UserId(400);

fn ended(outcomes: &[Outcome]) -> Option<Ending> {
    outcomes
        .iter()
        .flat_map(|o| &o.events)
        .find_map(|e| match e {
            Event::Ended { ending, .. } => Some(*ending),
            _ => None,
        })
}

// ---------------------------------------------------------------- §2 Starting a game

#[rstest]
fn acceptor_plays_black_and_moves_first(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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
            board: None,
            game: None,
        }),
        Refusal::NotYourTurn
    );
    w.play(BOB, "E5").unwrap();
}

/// The invitation of `o`, with its id.
fn nigiri_invitation(w: &World) -> Invitation {
    let o = w
        .invite_with(
            ALICE,
            BOB,
            InviteOptions {
                color: Some(ColourAsked::Nigiri),
                ..InviteOptions::default()
            },
        )
        .unwrap();
    invited(&o).clone()
}

#[rstest]
fn nigiri_the_one_invited_guesses_and_the_winner_chooses_across_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let inv = nigiri_invitation(&w);
    assert_eq!(inv.nigiri, Some(NigiriStage::Guess));
    // Accept is not the way in; only the one invited guesses.
    assert_eq!(
        w.refusal(Command::Accept {
            by: BOB,
            invitation: InvitationRef::Id(inv.id)
        }),
        Refusal::NigiriGuessFirst
    );
    let guess = |by, odd: bool, random| Command::Guess {
        by,
        of: tengen::game::NigiriOf::Invitation(inv.id),
        guess: if odd { Parity::Odd } else { Parity::Even },
        random,
    };
    assert_eq!(w.refusal(guess(ALICE, true, 0)), Refusal::NotForYou);
    // No one chooses before the hand is open.
    let choose = |by, colour| Command::ChooseColour {
        by,
        of: tengen::game::NigiriOf::Invitation(inv.id),
        colour,
    };
    assert_eq!(w.refusal(choose(BOB, Color::Black)), Refusal::NotNigiriStep);
    // Random 6 gives a hand of 7 stones: odd. Bob guesses even and is wrong: Alice chooses.
    let o = w.apply(guess(BOB, false, 6)).unwrap();
    let Some(Event::NigiriGuessed(opened)) = o.events.first() else {
        panic!("{o:?}");
    };
    assert_eq!(
        opened.nigiri,
        Some(NigiriStage::Choose {
            stones: 7,
            guess: Parity::Even
        })
    );
    assert_eq!(opened.nigiri_chooser(), Some(ALICE));
    assert_eq!(
        w.refusal(guess(BOB, true, 1)),
        Refusal::NotNigiriStep,
        "one guess"
    );
    // The opened hand is stored: a restart keeps it.
    w.restart();
    let kept = w.svc.pending_invitations();
    assert_eq!(kept[0].nigiri, opened.nigiri);
    assert_eq!(w.refusal(choose(BOB, Color::Black)), Refusal::NotYourChoice);
    assert_eq!(w.refusal(choose(CAROL, Color::Black)), Refusal::NotForYou);
    // Alice takes White: Bob is Black, the game on.
    w.apply(choose(ALICE, Color::White)).unwrap();
    let id = w.svc.match_of(ALICE).unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!((m.players.black, m.players.white), (BOB, ALICE));
    assert!(w.svc.pending_invitations().is_empty());
}

#[rstest]
fn nigiri_a_right_guess_lets_the_one_invited_choose(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let inv = nigiri_invitation(&w);
    // Random 19 gives 20 stones: even, guessed right.
    w.apply(Command::Guess {
        by: BOB,
        of: tengen::game::NigiriOf::Invitation(inv.id),
        guess: Parity::Even,
        random: 19,
    })
    .unwrap();
    w.apply(Command::ChooseColour {
        by: BOB,
        of: tengen::game::NigiriOf::Invitation(inv.id),
        colour: Color::White,
    })
    .unwrap();
    let m = w.svc.snapshot(w.svc.match_of(BOB).unwrap()).unwrap();
    assert_eq!((m.players.black, m.players.white), (ALICE, BOB));
}

#[rstest]
fn nigiri_is_for_even_games(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let r = w.invite_with(
        ALICE,
        BOB,
        InviteOptions {
            color: Some(ColourAsked::Nigiri),
            handicap: Some(2),
            ..InviteOptions::default()
        },
    );
    assert_eq!(r.unwrap_err().refusal(), Some(&Refusal::NigiriEvenOnly));
    assert!(w.svc.pending_invitations().is_empty());
}

#[rstest]
fn nothing_happens_until_the_invitee_accepts(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.invite(ALICE, BOB).unwrap();
    assert_eq!(w.svc.match_of(ALICE), None);
    assert_eq!(w.svc.match_of(BOB), None);
    assert_eq!(w.svc.pending_invitations().len(), 1);
}

#[rstest]
fn invitation_expires_after_60_seconds(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.invite(ALICE, BOB).unwrap();
    assert!(w.advance(60 * SEC - 1).is_empty(), "still open at 59.999 s");
    let out = w.advance(1);
    assert!(matches!(out[0].events[0], Event::InvitationExpired(_)));
    assert!(out[0].is_final());
    assert_eq!(w.refusal(accept_cmd(BOB, ALICE)), Refusal::NoSuchInvitation);
    // The same two can try again.
    w.invite(ALICE, BOB).unwrap();
}

#[rstest]
fn invitation_can_be_accepted_until_its_last_millisecond(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.invite(ALICE, BOB).unwrap();
    w.clock.advance(ms(60 * SEC - 1));
    w.accept(BOB, ALICE).unwrap();
}

#[rstest]
fn an_expired_invitation_is_refused_even_before_its_timer_fires(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.invite(ALICE, BOB).unwrap();
    w.clock.advance(ms(60 * SEC));
    assert_eq!(
        w.refusal(accept_cmd(BOB, ALICE)),
        Refusal::InvitationExpired
    );
}

fn accept_cmd(by: UserId, inviter: UserId) -> Command {
    Command::Accept {
        by,
        invitation: InvitationRef::From {
            guild: GUILD,
            inviter,
        },
    }
}

#[rstest]
fn only_the_invitee_can_accept_or_decline_others_are_told_it_is_not_for_them(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = match w.invite(ALICE, BOB).unwrap().subject {
        Subject::Invitation(id) => id,
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
    assert_eq!(w.svc.pending_invitations().len(), 1, "nothing changed");
    w.apply(by_id(BOB)).unwrap();
}

#[rstest]
fn decline_closes_the_invitation(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn inviting_yourself_is_refused(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    assert_eq!(refuse_invite(&w, ALICE, ALICE, false), Refusal::InviteSelf);
}

#[rstest]
fn inviting_a_bot_is_refused(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    assert_eq!(refuse_invite(&w, ALICE, BOB, true), Refusal::InviteBot);
}

fn refuse_invite(w: &World, inviter: UserId, invitee: UserId, bot: bool) -> Refusal {
    w.refusal(Command::Invite {
        who: InviteRequest {
            guild: GUILD,
            channel: CHANNEL,
            inviter,
            invitee,
            invitee_is_bot: bot,
        },
        options: InviteOptions::default(),
    })
}

#[rstest]
fn inviting_someone_already_in_a_game_is_refused(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.start(ALICE, BOB);
    assert_eq!(refuse_invite(&w, CAROL, BOB, false), Refusal::TheyAreBusy);
    assert_eq!(refuse_invite(&w, ALICE, CAROL, false), Refusal::YouAreBusy);
}

#[rstest]
fn a_second_pending_invitation_to_the_same_person_is_refused(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn a_disabled_server_refuses_invitations(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "enabled", "false").unwrap();
    assert_eq!(
        refuse_invite(&w, ALICE, BOB, false),
        Refusal::ServerDisabled
    );
    w.set_setting(GUILD, true, "enabled", "true").unwrap();
    w.invite(ALICE, BOB).unwrap();
    // Switched off between invitation and answer: the answer is refused too.
    w.set_setting(GUILD, true, "enabled", "false").unwrap();
    assert_eq!(w.refusal(accept_cmd(BOB, ALICE)), Refusal::ServerDisabled);
}

#[rstest]
fn options_the_server_does_not_allow_are_refused(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let with = |size: Option<u8>, komi: Option<f64>| InviteOptions {
        color: None,
        size,
        komi,
        rules: None,
        handicap: None,
        ranked: None,
        time: None,
        clock: None,
    };
    let r = w.invite_with(ALICE, BOB, with(Some(13), None)).unwrap_err();
    // The refusal carries what the server allows, for the front end to word.
    assert_eq!(
        r.refusal(),
        Some(&Refusal::SizeNotAllowed {
            size: 13,
            allowed: vec![BoardSize::new(7).unwrap(), BoardSize::NINE],
        })
    );
    let r = w
        .invite_with(ALICE, BOB, with(Some(9), Some(60.0)))
        .unwrap_err();
    assert_eq!(
        r.refusal(),
        Some(&Refusal::KomiNotAllowed {
            komi: "60".parse().unwrap(),
            allowed: KomiRange::ANY,
        }),
        "no server allows a komi beyond ±50"
    );
    assert!(w.svc.pending_invitations().is_empty());
    w.set_setting(GUILD, true, "allowed-sizes", "7,9,13")
        .unwrap();
    w.invite_with(ALICE, BOB, with(Some(13), Some(0.5)))
        .unwrap();
    w.accept(BOB, ALICE).unwrap();
    let m = w.svc.snapshot(w.svc.match_of(BOB).unwrap()).unwrap();
    assert_eq!(m.config.size.get(), 13);
    assert_eq!(m.game.rules().komi.half_points(), 1);
}

#[rstest]
fn an_invitation_may_ask_only_for_the_rules_the_server_allows(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let asking = |rules: &str| InviteOptions {
        color: None,
        size: None,
        komi: None,
        rules: Some(rules.parse().unwrap()),
        handicap: None,
        ranked: None,
        time: None,
        clock: None,
    };
    w.set_setting(GUILD, true, "allowed-rules", "classic,aga")
        .unwrap();
    let r = w.invite_with(ALICE, BOB, asking("japanese")).unwrap_err();
    assert_eq!(
        r.refusal(),
        Some(&Refusal::RulesNotAllowed {
            rules: RuleSet::Japanese,
            allowed: vec![RuleSet::Classic, RuleSet::Aga],
        })
    );
    assert!(w.svc.pending_invitations().is_empty());
    w.invite_with(ALICE, BOB, asking("aga")).unwrap();
    w.accept(BOB, ALICE).unwrap();
    let id = w.svc.match_of(BOB).unwrap();
    // A running game keeps the rule set it was accepted with.
    w.set_setting(GUILD, true, "allowed-rules", "classic")
        .unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.rules.name(), "aga");
    assert_eq!(m.game.rules().komi.half_points(), 15, "AGA's own komi 7.5");
}

#[rstest]
fn a_player_is_in_at_most_one_active_game_and_other_invitations_are_withdrawn(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.invite(ALICE, BOB).unwrap();
    w.invite(CAROL, BOB).unwrap();
    w.invite(ALICE, DAVE).unwrap();
    let o = w.accept(BOB, ALICE).unwrap();
    let withdrawn: Vec<_> = o
        .events
        .iter()
        .filter(|e| matches!(e, Event::InvitationSuperseded(_)))
        .collect();
    assert_eq!(withdrawn.len(), 2);
    assert!(w.svc.pending_invitations().is_empty());
    assert_eq!(w.refusal(accept_cmd(BOB, CAROL)), Refusal::NoSuchInvitation);
}

#[rstest]
fn settings_are_copied_into_the_game_when_it_is_accepted(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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
    w.set_setting(GUILD, true, "turn-timeout-seconds", "60")
        .unwrap();
    w.accept(BOB, ALICE).unwrap();
    // Changed after acceptance: the running game keeps its snapshot.
    w.set_setting(GUILD, true, "turn-timeout-seconds", "600")
        .unwrap();
    w.set_setting(GUILD, true, "komi", "0.5").unwrap();
    let m = w.svc.snapshot(w.svc.match_of(BOB).unwrap()).unwrap();
    assert_eq!(m.config.size.get(), 7);
    assert_eq!(m.config.turn_timeout, Duration::from_secs(60));
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

#[rstest]
fn the_server_rule_set_and_komi_apply_and_an_invitation_may_choose_rules(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "rules", "japanese").unwrap();
    let id = w.start(ALICE, BOB);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.rules, RuleSet::Japanese);
    assert_eq!(m.game.rules().komi.half_points(), 13);
    w.set_setting(GUILD, true, "komi", "3").unwrap();
    w.invite_with(
        CAROL,
        DAVE,
        InviteOptions {
            rules: Some(RuleSet::Aga),
            ..Default::default()
        },
    )
    .unwrap();
    w.accept(DAVE, CAROL).unwrap();
    let m = w.svc.snapshot(w.svc.match_of(DAVE).unwrap()).unwrap();
    assert_eq!(m.config.rules, RuleSet::Aga);
    assert_eq!(
        m.game.rules().komi.half_points(),
        15,
        "another rule set brings its own komi"
    );
}

#[rstest]
fn a_komi_of_a_quarter_point_is_refused_as_not_a_whole_or_half_number(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let r = w
        .invite_with(
            ALICE,
            BOB,
            InviteOptions {
                komi: Some(6.25),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert_eq!(r.refusal(), Some(&Refusal::KomiNotHalfPoints));
    assert!(w.svc.pending_invitations().is_empty());
}

#[rstest]
fn allowed_komi_refuses_a_komi_outside_it_asked_or_the_rule_sets_own_and_accepts_one_inside(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let k = |s: &str| s.parse::<Komi>().unwrap();
    let komi = |points: f64| InviteOptions {
        komi: Some(points),
        ..Default::default()
    };
    w.set_setting(GUILD, true, "allowed-komi", "5.5..7.5")
        .unwrap();
    let range = KomiRange {
        lo: k("5.5"),
        hi: k("7.5"),
    };
    assert_eq!(
        w.invite_with(ALICE, BOB, komi(8.0)).unwrap_err().refusal(),
        Some(&Refusal::KomiNotAllowed {
            komi: k("8"),
            allowed: range
        })
    );
    // Every built-in rule set's own komi (5.5, 6.5, 7.5) lies in 5.5..7.5; narrowed to 5.5..7,
    // AGA's own 7.5 is outside, and an invitation under AGA that asks no komi is refused.
    w.set_setting(GUILD, true, "allowed-komi", "5.5..7")
        .unwrap();
    assert_eq!(
        w.invite_with(
            ALICE,
            BOB,
            InviteOptions {
                rules: Some(RuleSet::Aga),
                ..Default::default()
            }
        )
        .unwrap_err()
        .refusal(),
        Some(&Refusal::KomiNotAllowed {
            komi: k("7.5"),
            allowed: KomiRange {
                lo: k("5.5"),
                hi: k("7")
            }
        })
    );
    assert!(w.svc.pending_invitations().is_empty());
    w.set_setting(GUILD, true, "allowed-komi", "5.5..7.5")
        .unwrap();
    w.invite_with(ALICE, BOB, komi(6.5)).unwrap();
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.komi, k("6.5"));
    assert_eq!(m.game.rules().komi, k("6.5"), "the game is played at 6.5");
    // Narrowed between the invitation and its answer: the answer is refused.
    w.invite_with(CAROL, DAVE, komi(7.5)).unwrap();
    w.set_setting(GUILD, true, "allowed-komi", "5.5..7")
        .unwrap();
    assert_eq!(
        w.refusal(accept_cmd(DAVE, CAROL)),
        Refusal::KomiNotAllowed {
            komi: k("7.5"),
            allowed: KomiRange {
                lo: k("5.5"),
                hi: k("7")
            }
        }
    );
}

#[rstest]
fn a_moderator_cannot_set_the_servers_komi_outside_allowed_komi(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "allowed-komi", "5.5..7.5")
        .unwrap();
    let e = w.set_setting(GUILD, true, "komi", "8").unwrap_err();
    assert_eq!(
        e.refusal(),
        Some(&Refusal::Setting(SettingError::BadValue {
            key: SettingKey::Komi,
            value: "8".into()
        }))
    );
    assert_eq!(w.svc.settings(GUILD).unwrap().komi, None, "nothing changed");
    let s = w.set_setting(GUILD, true, "komi", "6.5").unwrap();
    assert_eq!(s.komi, Some("6.5".parse().unwrap()));
    // And the range cannot be narrowed past the server's komi.
    let e = w
        .set_setting(GUILD, true, "allowed-komi", "7..7.5")
        .unwrap_err();
    assert!(matches!(
        e.refusal(),
        Some(Refusal::Setting(SettingError::BadValue {
            key: SettingKey::AllowedKomi,
            ..
        }))
    ));
    assert_eq!(
        w.set_setting(GUILD, false, "komi", "7")
            .unwrap_err()
            .refusal(),
        Some(&Refusal::NotModerator)
    );
}

/// The invitation an outcome announced.
fn invited(o: &Outcome) -> &Invitation {
    match &o.events[..] {
        [Event::Invited(inv)] => inv,
        e => panic!("{e:?}"),
    }
}

#[rstest]
fn the_invited_event_carries_the_terms_the_game_will_be_played_with(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let k = |s: &str| s.parse::<Komi>().unwrap();
    // The server's komi is for its own rules (classic); another rule set brings its own.
    w.set_setting(GUILD, true, "komi", "3").unwrap();
    let o = w
        .invite_with(
            ALICE,
            BOB,
            InviteOptions {
                rules: Some(RuleSet::Aga),
                ..Default::default()
            },
        )
        .unwrap();
    assert_eq!(
        invited(&o).terms,
        Terms {
            size: BoardSize::NINE,
            rules: RuleSet::Aga,
            komi: k("7.5"),
            handicap: 0,
            ranked: false,
            colours: tengen::game::Colours::ACCEPTOR_BLACK,
            time: tengen::game::time_control::TimeControl::Turn,
        }
    );
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!((m.config.rules, m.config.komi), (RuleSet::Aga, k("7.5")));
    assert_eq!(m.game.rules().komi, k("7.5"), "played as shown");
    // Without options: the server's size, rules and komi.
    let o = w.invite(CAROL, DAVE).unwrap();
    let shown = Terms {
        size: BoardSize::NINE,
        rules: RuleSet::Classic,
        komi: k("3"),
        handicap: 0,
        ranked: false,
        colours: tengen::game::Colours::ACCEPTOR_BLACK,
        time: tengen::game::time_control::TimeControl::Turn,
    };
    assert_eq!(invited(&o).terms, shown);
    // The terms are the invitation's: a restart and a changed setting leave them as shown.
    w.reset_setting(GUILD, true, "komi").unwrap();
    w.restart();
    assert_eq!(w.svc.pending_invitations()[0].terms, shown);
    w.accept(DAVE, CAROL).unwrap();
    let m = w.svc.snapshot(w.svc.match_of(DAVE).unwrap()).unwrap();
    assert_eq!(m.game.rules().komi, k("3"));
}

#[rstest]
fn cancel_by_the_inviter_closes_the_invitation_and_anyone_else_is_refused(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id_of = |o: Outcome| match o.subject {
        Subject::Invitation(id) => id,
        s => panic!("{s:?}"),
    };
    let cancel = |by, invitation| Command::Cancel { by, invitation };
    let id = id_of(w.invite(ALICE, BOB).unwrap());
    // Only the inviter withdraws it: not the invitee, not a third member.
    for by in [BOB, CAROL] {
        assert_eq!(
            w.refusal(cancel(by, InvitationRef::Id(id))),
            Refusal::NotYourInvitation
        );
    }
    assert_eq!(
        w.refusal(cancel(
            CAROL,
            InvitationRef::To {
                guild: GUILD,
                invitee: None
            }
        )),
        Refusal::NoSuchInvitation,
        "Carol has no invitation of her own"
    );
    assert_eq!(w.svc.pending_invitations().len(), 1, "nothing changed");
    let o = w.apply(cancel(ALICE, InvitationRef::Id(id))).unwrap();
    assert!(
        matches!(&o.events[..], [Event::InvitationCancelled(inv)] if inv.id == id),
        "{o:?}"
    );
    assert_eq!(o.subject, Subject::Invitation(id));
    assert!(o.is_final());
    assert!(w.svc.pending_invitations().is_empty());
    // A cancelled invitation cannot be accepted, by its id or by its inviter's name.
    assert_eq!(
        w.refusal(Command::Accept {
            by: BOB,
            invitation: InvitationRef::Id(id)
        }),
        Refusal::NoSuchInvitation
    );
    assert_eq!(w.refusal(accept_cmd(BOB, ALICE)), Refusal::NoSuchInvitation);
    // By `InvitationRef::To`: the inviter's own invitation, to that invitee if named.
    let to_bob = id_of(w.invite(ALICE, BOB).unwrap());
    let to_carol = id_of(w.invite(ALICE, CAROL).unwrap());
    let o = w
        .apply(cancel(
            ALICE,
            InvitationRef::To {
                guild: GUILD,
                invitee: Some(BOB),
            },
        ))
        .unwrap();
    assert!(matches!(&o.events[..], [Event::InvitationCancelled(inv)] if inv.id == to_bob));
    let o = w
        .apply(cancel(
            ALICE,
            InvitationRef::To {
                guild: GUILD,
                invitee: None,
            },
        ))
        .unwrap();
    assert!(matches!(&o.events[..], [Event::InvitationCancelled(inv)] if inv.id == to_carol));
    assert_eq!(
        w.refusal(accept_cmd(CAROL, ALICE)),
        Refusal::NoSuchInvitation
    );
    // Closed for good: no expiry fires, and a restart does not bring them back.
    assert!(w.advance(60 * SEC).is_empty());
    w.restart();
    assert!(w.svc.pending_invitations().is_empty());
    let cancelled = w
        .svc
        .store()
        .read(|tx| tx.query_i64("SELECT count(*) FROM invitations WHERE status = 'cancelled'"))
        .unwrap();
    assert_eq!(cancelled, 3);
}

// ---------------------------------------------------------------- §3 Playing

#[rstest]
fn only_the_player_to_move_plays_and_others_are_refused_without_change(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn two_passes_in_a_row_end_the_game_and_it_is_counted(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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
            }),
            game: None,
        }),
        Refusal::GameOver
    );
}

#[rstest]
fn resign_is_armed_then_confirmed_within_10_seconds(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.start(ALICE, BOB);
    let o = w.resign(BOB).unwrap();
    assert!(
        matches!(o.events[0], Event::ResignArmed { player: BOB, until, .. } if until == T0 + ms(10 * SEC))
    );
    assert!(w.svc.match_of(BOB).is_some(), "one press never resigns");
    w.clock.advance(ms(10 * SEC));
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

#[rstest]
fn a_second_resign_press_after_10_seconds_only_arms_again(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.start(ALICE, BOB);
    w.resign(BOB).unwrap();
    w.clock.advance(ms(10 * SEC + 1));
    let o = w.resign(BOB).unwrap();
    assert!(matches!(o.events[0], Event::ResignArmed { .. }));
    assert!(w.svc.match_of(BOB).is_some());
}

#[rstest]
fn any_other_action_of_that_player_disarms_resign(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn either_player_can_resign_at_any_time_and_spectators_cannot(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn annul_by_a_moderator_ends_a_running_game_with_no_result_recorded_and_frees_both_players(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "D5").unwrap();
    let annul = |guild, by, moderator| Command::Annul {
        guild,
        by,
        moderator,
        match_id: id,
    };
    assert_eq!(w.refusal(annul(GUILD, CAROL, false)), Refusal::NotModerator);
    assert_eq!(
        w.refusal(annul(GUILD, BOB, false)),
        Refusal::NotModerator,
        "a player cannot annul their own game"
    );
    assert_eq!(
        w.refusal(annul(GuildId(2), CAROL, true)),
        Refusal::NoSuchGame,
        "another server's moderator does not see this game"
    );
    assert_eq!(w.svc.match_of(ALICE), Some(id), "nothing changed");
    let o = w.apply(annul(GUILD, CAROL, true)).unwrap();
    assert_eq!(o.subject, Subject::Match(id));
    assert_eq!(
        o.events,
        vec![Event::Ended {
            match_id: id,
            ending: Ending::Annulled,
            players: Some([BOB, ALICE])
        }]
    );
    assert!(o.is_final());
    assert_eq!(o.to_move, None);
    // Both are free, nothing is recorded on either profile, no deadline is left.
    assert_eq!((w.svc.match_of(ALICE), w.svc.match_of(BOB)), (None, None));
    assert!(w.svc.snapshot(id).is_none());
    for p in [ALICE, BOB] {
        let prof = w.svc.profile(GUILD, p).unwrap();
        assert_eq!(
            (prof.wins, prof.losses, prof.draws, prof.merit, prof.awards),
            (0, 0, 0, 0, 0)
        );
    }
    assert!(merit_page(&w, GUILD).is_empty());
    assert_eq!(w.svc.next_deadline(), None);
    assert!(w.advance(180 * SEC).is_empty());
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert_eq!(m.ending(), Some(Ending::Annulled));
    assert_eq!(m.move_count(), 2, "the moves are kept");
    assert_eq!(
        w.refusal(annul(GUILD, CAROL, true)),
        Refusal::NoSuchGame,
        "an ended game is annulled once"
    );
    // The record says so; the pair may play again at once.
    let sgf = record(
        &w.svc,
        GUILD,
        id,
        ["Bob", "Alice"],
        "automatic pass (turn timed out)",
    )
    .unwrap();
    assert!(sgf.contains("RE[Void]"), "{sgf}");
    w.start(BOB, ALICE);
}

// ---------------------------------------------------------------- §5 Time limits

#[rstest]
fn auto_pass_after_180_seconds(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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
    assert_eq!(out[0].deadline, Some(T0 + ms(360 * SEC)));
    assert_eq!(w.svc.snapshot(id).unwrap().automatic, vec![true]);
}

#[rstest]
fn two_automatic_passes_in_a_row_abandon_without_rewards(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn a_real_pass_then_an_automatic_pass_ends_and_scores(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn an_automatic_pass_followed_by_a_real_move_does_not_count_towards_abandonment(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn reconnect_grace_of_120_seconds_then_abandoned(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.start(ALICE, BOB);
    let o = w.apply(Command::WentOffline { user: ALICE }).unwrap();
    assert!(
        matches!(o.events[0], Event::PlayerOffline { player: ALICE, until, .. } if until == T0 + ms(120 * SEC))
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

#[rstest]
fn coming_back_within_the_grace_keeps_the_game(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.apply(Command::WentOffline { user: BOB }).unwrap();
    w.clock.advance(ms(100 * SEC));
    let o = w.apply(Command::CameBack { user: BOB }).unwrap();
    assert!(matches!(o.events[0], Event::PlayerBack { player: BOB, .. }));
    w.play(BOB, "E5").unwrap();
    w.advance(100 * SEC);
    assert!(w.svc.snapshot(id).unwrap().is_running());
    // A second "came back" changes nothing and is silent.
    assert!(w.refusal(Command::CameBack { user: BOB }).is_silent());
}

#[rstest]
fn a_game_running_longer_than_60_minutes_is_abandoned(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    // Both keep playing, each move within the turn limit.
    for k in 0..35 {
        w.clock.advance(ms(100 * SEC));
        let m = w.svc.snapshot(id).unwrap();
        w.play(m.player_to_move(), &quiet_point(k)).unwrap();
    }
    assert_eq!(w.now(), T0 + ms(3500 * SEC));
    let out = w.advance(100 * SEC);
    assert_eq!(ended(&out), Some(Ending::Abandoned(AbandonCause::TimeCap)));
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().losses, 0);
}

#[rstest]
fn a_click_after_a_missed_deadline_fires_the_deadline_first(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    let now = w.clock.advance(ms(180 * SEC)); // due, but the scheduler has not fired yet
    let applied = w.svc.apply(
        Command::Play {
            by: BOB,
            point: "E5".parse().unwrap(),
            board: None,
        },
        now,
    );
    assert_eq!(
        applied.result.unwrap_err().refusal(),
        Some(&Refusal::NotYourTurn)
    );
    // The deadline's outcome comes back with the click's, committed first.
    assert_eq!(applied.fired.len(), 1);
    let fired = &applied.fired[0];
    assert_eq!(fired.subject, Subject::Match(id));
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

#[rstest]
fn a_restart_brings_back_every_running_game_and_pending_invitation(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "D5").unwrap();
    w.resign(BOB).unwrap();
    w.invite(CAROL, DAVE).unwrap();
    let before = w.svc.snapshot(id).unwrap();
    w.clock.advance(ms(5 * SEC));
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

#[rstest]
fn a_turn_whose_deadline_fell_while_the_bot_was_down_gets_a_fresh_turn(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.clock.advance(ms(500 * SEC)); // down for longer than two turns
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(
        m.move_count(),
        1,
        "no automatic pass for the time the bot was down"
    );
    assert_eq!(m.turn_deadline, w.now() + ms(180 * SEC));
    assert!(w.advance(180 * SEC - 1).is_empty());
    assert_eq!(w.advance(1).len(), 1);
}

#[rstest]
fn the_real_time_cap_keeps_counting_while_the_bot_is_down(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    w.start(ALICE, BOB);
    w.clock.advance(ms(61 * 60 * SEC));
    w.restart();
    let out = w.advance(0);
    assert_eq!(ended(&out), Some(Ending::Abandoned(AbandonCause::TimeCap)));
}

#[rstest]
fn an_invitation_that_expired_while_the_bot_was_down_expires_at_start(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    w.invite(ALICE, BOB).unwrap();
    w.clock.advance(ms(90 * SEC));
    w.restart();
    let out = w.advance(0);
    assert!(matches!(out[0].events[0], Event::InvitationExpired(_)));
}

#[rstest]
fn a_failed_commit_leaves_the_game_in_memory_unchanged(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    let before = w.svc.snapshot(id).unwrap();
    w.svc.store().fail_next_commits(1);
    let e = w.play(ALICE, "D5").unwrap_err();
    assert!(matches!(e, Failure::Internal(StoreError::Injected)));
    // Not a refusal: the front end says "try again" and never shows the cause.
    assert_eq!(e.refusal(), None, "the cause is never shown");
    let after = w.svc.snapshot(id).unwrap();
    assert_eq!(after, before, "the match in memory is exactly as it was");
    w.play(ALICE, "D5").unwrap();
    // Same for an invitation.
    w.svc.store().fail_next_commits(1);
    assert!(w.invite(CAROL, DAVE).is_err());
    assert!(w.svc.pending_invitations().is_empty());
    w.invite(CAROL, DAVE).unwrap();
}

#[rstest]
fn a_restart_reports_each_turn_it_renewed_once_and_not_a_turn_whose_deadline_is_ahead(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let late = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap(); // Alice's turn until T0 + 180 s
    w.clock.advance(ms(100 * SEC));
    let ahead = w.start(CAROL, DAVE); // Dave's turn until T0 + 280 s
    w.clock.advance(ms(100 * SEC)); // the bot is down at T0 + 180 s
    w.restart();
    let fresh = w.now() + ms(180 * SEC);
    let recovered = w.svc.take_recovered();
    assert_eq!(
        recovered,
        vec![Outcome {
            subject: Subject::Match(late),
            guild: GUILD,
            channel: Some(CHANNEL),
            events: vec![Event::TurnRenewed {
                match_id: late,
                deadline: fresh
            }],
            to_move: Some(ALICE),
            deadline: Some(fresh),
        }],
        "only the turn that fell due while the bot was down"
    );
    assert!(w.svc.take_recovered().is_empty(), "taken once");
    assert_eq!(w.svc.snapshot(late).unwrap().turn_deadline, fresh);
    assert_eq!(
        w.svc.snapshot(ahead).unwrap().turn_deadline,
        T0 + ms(280 * SEC),
        "a deadline still ahead is kept"
    );
}

#[rstest]
fn a_stored_game_that_does_not_decode_is_reported_and_kept_out_of_play_while_the_others_play(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let (eve, frank, gina, hugo) = (UserId(500), UserId(600), UserId(700), UserId(800));
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let healthy = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    let bad_move = w.start(CAROL, DAVE);
    w.play(DAVE, "E5").unwrap();
    w.play(CAROL, "D5").unwrap();
    let bad_result = w.start(eve, frank);
    w.play(frank, "C3").unwrap();
    let bad_marking = w.start(gina, hugo);
    // The schema's CHECKs keep out an unknown colour or ending; these columns have none.
    w.svc
        .store()
        .write(|tx| {
            tx.execute(
                "UPDATE moves SET point = 'Z99' WHERE match_id = ?1 AND number = 2",
                rusqlite::params![bad_move.get()],
            )?;
            tx.execute(
                "UPDATE matches SET result = 'B+x' WHERE id = ?1",
                rusqlite::params![bad_result.get()],
            )?;
            tx.execute(
                "UPDATE matches SET dead_stones = 'C3 I9' WHERE id = ?1",
                rusqlite::params![bad_marking.get()],
            )?;
            Ok::<(), StoreError>(())
        })
        .unwrap();
    w.restart();
    let problems = w.svc.load_problems();
    assert_eq!(
        problems.iter().map(|p| p.subject).collect::<Vec<_>>(),
        vec![
            Subject::Match(bad_move),
            Subject::Match(bad_result),
            Subject::Match(bad_marking)
        ]
    );
    let tables: Vec<(&str, i64)> = problems
        .iter()
        .map(|p| match &p.error {
            LoadError::Row(e) => (e.table, e.id),
            e => panic!("{e:?}"),
        })
        .collect();
    assert_eq!(
        tables,
        vec![
            ("moves", bad_move.get()),
            ("matches", bad_result.get()),
            ("matches", bad_marking.get())
        ]
    );
    // Where each was and who played it is read even though the row does not decode.
    assert_eq!(
        (problems[0].guild, problems[0].channel, problems[0].players),
        (Some(GUILD), Some(CHANNEL), Some([DAVE, CAROL]))
    );
    assert_eq!(problems[1].players, Some([frank, eve]));
    // Kept out of play: not running, no timer, its players free.
    assert_eq!(w.svc.running(), vec![healthy]);
    assert!(w.svc.snapshot(bad_move).is_none());
    assert_eq!(
        w.svc.next_deadline(),
        w.svc.snapshot(healthy).unwrap().next_deadline(),
        "the only armed timer is the healthy game's"
    );
    for p in [CAROL, DAVE, eve, frank, gina, hugo] {
        assert_eq!(w.svc.match_of(p), None);
    }
    assert_eq!(
        w.refusal(Command::Pass {
            by: DAVE,
            board: None,
            game: None,
        }),
        Refusal::NotInGame
    );
    // The others load and play.
    w.play(ALICE, "D5").unwrap();
    assert_eq!(w.svc.snapshot(healthy).unwrap().move_count(), 2);
    let again = w.start(eve, gina);
    w.play(gina, "E5").unwrap();
    // The moderators' list shows the broken games with why.
    let listed: Vec<_> = w
        .svc
        .running_in(GUILD)
        .into_iter()
        .map(|g| {
            (
                g.id(),
                matches!(g, tengen::service::RunningGame::Unloadable { .. }),
            )
        })
        .collect();
    assert_eq!(
        listed,
        vec![
            (healthy, false),
            (bad_move, true),
            (bad_result, true),
            (bad_marking, true),
            (again, false)
        ]
    );
    // A moderator annuls a broken game: it ends, as stored.
    let annul = |guild, moderator| Command::Annul {
        guild,
        by: UserId(900),
        moderator,
        match_id: bad_move,
    };
    assert_eq!(w.refusal(annul(GUILD, false)), Refusal::NotModerator);
    assert_eq!(w.refusal(annul(GuildId(2), true)), Refusal::NoSuchGame);
    let o = w.apply(annul(GUILD, true)).unwrap();
    assert_eq!(ended(std::slice::from_ref(&o)), Some(Ending::Annulled));
    assert_eq!(
        (o.subject, o.channel),
        (Subject::Match(bad_move), Some(CHANNEL))
    );
    assert!(o.is_final());
    let stored: (String, String) = w
        .svc
        .store()
        .read(|tx| {
            tx.query_one(
                "SELECT phase, ending FROM matches WHERE id = ?1",
                rusqlite::params![bad_move.get()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .unwrap();
    assert_eq!(stored, ("ended".to_owned(), "annulled".to_owned()));
    assert_eq!(w.refusal(annul(GUILD, true)), Refusal::NoSuchGame, "once");
    assert_eq!(w.svc.load_problems().len(), 2);
    // After the next restart it is over, not a problem; the other two still are.
    w.restart();
    assert_eq!(
        w.svc
            .load_problems()
            .iter()
            .map(|p| p.subject)
            .collect::<Vec<_>>(),
        vec![Subject::Match(bad_result), Subject::Match(bad_marking)]
    );
    assert_eq!(w.svc.running(), vec![healthy, again]);
}

// ---------------------------------------------------------------- §6 Rewards and the title

#[rstest]
fn merit_five_each_and_three_more_to_the_winner_on_two_passes_with_no_move_minimum(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn merit_only_once_per_pair_of_players_for_life(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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

#[rstest]
fn a_resignation_earns_merit_only_after_20_moves(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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
    let id = w.start(CAROL, DAVE);
    w.quiet_moves(id, 20);
    w.resign(CAROL).unwrap();
    let o = w.resign(CAROL).unwrap();
    assert!(o.events.contains(&Event::MeritAwarded {
        guild: GUILD,
        user: DAVE,
        amount: 8
    }));
}

#[rstest]
fn a_player_takes_part_in_at_most_25_merit_awards(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    for k in 0..27u64 {
        let opponent = UserId(1000 + k);
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

#[rstest]
fn title_black_and_white_hand_after_10_wins(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    for k in 0..11u64 {
        let opponent = UserId(2000 + k);
        w.start(opponent, ALICE); // Alice is Black
        w.play(ALICE, "E5").unwrap();
        w.pass(opponent).unwrap();
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

#[rstest]
fn profiles_and_the_leaderboard_are_kept_per_server(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.start(ALICE, BOB);
    w.pass(BOB).unwrap();
    w.pass(ALICE).unwrap();
    let other = GuildId(2);
    w.apply(Command::invite(other, ChannelId(20), CAROL, BOB))
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
    let board1 = merit_page(&w, GUILD);
    assert_eq!(
        board1.iter().map(|p| p.user).collect::<Vec<_>>(),
        vec![ALICE, BOB]
    );
    let board2 = merit_page(&w, other);
    assert_eq!(
        board2.iter().map(|p| (p.user, p.merit)).collect::<Vec<_>>(),
        vec![(BOB, 8), (CAROL, 5)]
    );
    assert_eq!(w.svc.profile(other, ALICE).unwrap().wins, 0);
    // The same pair on another server is another award.
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().merit, 5);
}

#[rstest]
fn merit_an_award_that_pays_no_one_at_a_cap_of_zero_does_not_use_up_the_pair(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let pair_awarded = || {
        w.svc
            .store()
            .read(|tx| tx.merit_pair_awarded(GUILD.get(), ALICE.get(), BOB.get()))
            .unwrap()
    };
    w.set_setting(GUILD, true, "merit-lifetime-cap", "0")
        .unwrap();
    w.start(ALICE, BOB);
    w.pass(BOB).unwrap();
    let o = w.pass(ALICE).unwrap(); // empty board: White (Alice) wins by komi
    assert!(
        !o.events
            .iter()
            .any(|e| matches!(e, Event::MeritAwarded { .. }))
    );
    let a = w.svc.profile(GUILD, ALICE).unwrap();
    assert_eq!((a.merit, a.awards, a.wins), (0, 0, 1));
    assert!(
        !pair_awarded(),
        "an award that paid no one is not the pair's award"
    );
    // The moderator raises the cap: the same pair's next finished game pays them.
    w.set_setting(GUILD, true, "merit-lifetime-cap", "25")
        .unwrap();
    w.start(BOB, ALICE);
    w.pass(ALICE).unwrap();
    let o = w.pass(BOB).unwrap(); // Bob is White now and wins by komi
    assert!(o.events.contains(&Event::MeritAwarded {
        guild: GUILD,
        user: BOB,
        amount: 8
    }));
    assert!(o.events.contains(&Event::MeritAwarded {
        guild: GUILD,
        user: ALICE,
        amount: 5
    }));
    assert!(pair_awarded());
    let (a, b) = (
        w.svc.profile(GUILD, ALICE).unwrap(),
        w.svc.profile(GUILD, BOB).unwrap(),
    );
    assert_eq!((a.merit, a.awards), (5, 1));
    assert_eq!((b.merit, b.awards), (8, 1));
}

#[rstest]
fn merit_both_players_already_at_the_lifetime_cap_do_not_use_up_their_pair(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let merit_events = |o: &Outcome| {
        o.events
            .iter()
            .filter(|e| matches!(e, Event::MeritAwarded { .. }))
            .count()
    };
    w.set_setting(GUILD, true, "merit-lifetime-cap", "1")
        .unwrap();
    // Each takes part in one award elsewhere: both are at the cap of 1.
    for (white, black) in [(CAROL, ALICE), (DAVE, BOB)] {
        w.start(white, black);
        w.pass(black).unwrap();
        let o = w.pass(white).unwrap();
        assert_eq!(merit_events(&o), 2);
    }
    w.start(ALICE, BOB);
    w.pass(BOB).unwrap();
    let o = w.pass(ALICE).unwrap();
    assert_eq!(merit_events(&o), 0, "both at the cap: no one is paid");
    assert_eq!(
        w.svc.profile(GUILD, ALICE).unwrap().wins,
        1,
        "the win counts"
    );
    w.set_setting(GUILD, true, "merit-lifetime-cap", "2")
        .unwrap();
    w.start(ALICE, BOB);
    w.pass(BOB).unwrap();
    let o = w.pass(ALICE).unwrap();
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
    let (a, b) = (
        w.svc.profile(GUILD, ALICE).unwrap(),
        w.svc.profile(GUILD, BOB).unwrap(),
    );
    assert_eq!((a.merit, a.awards), (5 + 8, 2));
    assert_eq!((b.merit, b.awards), (5 + 5, 2));
    // And now the pair has had its award.
    w.set_setting(GUILD, true, "merit-lifetime-cap", "3")
        .unwrap();
    w.start(ALICE, BOB);
    w.pass(BOB).unwrap();
    assert_eq!(merit_events(&w.pass(ALICE).unwrap()), 0);
}

// ---------------------------------------------------------------- §7 Settings

#[rstest]
fn settings_are_per_server_validated_and_survive_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "allowed-sizes", "7,9,13,19")
        .unwrap();
    w.set_setting(GUILD, true, "board-size", "19").unwrap();
    let e = w
        .set_setting(GUILD, true, "merit-amount", "-3")
        .unwrap_err();
    assert_eq!(
        e.refusal(),
        Some(&Refusal::Setting(SettingError::BadValue {
            key: SettingKey::MeritAmount,
            value: "-3".into()
        }))
    );
    // The front end shows the valid range with the refusal: 0 to 1000 merit.
    assert_eq!(
        SettingKey::MeritAmount.shape(),
        Shape::Number {
            min: 0,
            max: 1000,
            unit: Unit::Merit
        }
    );
    let e = w.set_setting(GUILD, true, "colour", "red").unwrap_err();
    assert_eq!(
        e.refusal(),
        Some(&Refusal::Setting(SettingError::UnknownKey("colour".into())))
    );
    // Settings are for moderators.
    let e = w.set_setting(GUILD, false, "board-size", "7").unwrap_err();
    assert_eq!(e.refusal(), Some(&Refusal::NotModerator));
    assert_eq!(w.svc.settings(GuildId(2)).unwrap(), Settings::default());
    w.restart();
    let s = w.svc.settings(GUILD).unwrap();
    assert_eq!(s.board_size.get(), 19);
    assert_eq!(s.merit_amount, 5);
    let s = w.reset_setting(GUILD, true, "board-size").unwrap();
    assert_eq!(s.board_size.get(), 9);
}

#[rstest]
fn a_finished_game_downloads_as_sgf(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = w.start(ALICE, BOB);
    w.play(BOB, "E5").unwrap();
    w.advance(180 * SEC);
    w.pass(BOB).unwrap();
    let sgf = record(
        &w.svc,
        GUILD,
        id,
        ["Bob", "Alice"],
        "automatic pass (turn timed out)",
    )
    .unwrap();
    assert!(
        sgf.contains("PB[Bob]") && sgf.contains("PW[Alice]"),
        "{sgf}"
    );
    assert!(sgf.contains("RE[B+"), "{sgf}");
    assert!(sgf.contains("automatic pass"), "{sgf}");
    let recent = w.svc.recent_games(GUILD, ALICE, 1).unwrap();
    assert_eq!(recent.iter().map(|g| g.id).collect::<Vec<_>>(), vec![id]);
    // Another server's moderator cannot download it.
    assert_eq!(
        record(&w.svc, GuildId(2), id, ["Bob", "Alice"], "automatic pass")
            .unwrap_err()
            .refusal(),
        Some(&Refusal::NoSuchGame)
    );
}

#[rstest]
fn board_and_invitation_messages_are_remembered_across_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let inv = match w.invite(CAROL, DAVE).unwrap().subject {
        Subject::Invitation(id) => id,
        s => panic!("{s:?}"),
    };
    // The messages are the Discord adapter's, in its own tables of the same database.
    let s = w.open_store();
    let repo = s.discord_tables();
    repo.set_invitation_message(inv, CHANNEL, 555).unwrap();
    let id = w.start(ALICE, BOB);
    repo.set_board(id, ChannelId(77), u64::MAX - 1, "shown")
        .unwrap();
    drop(s);
    w.restart();
    let s = w.open_store();
    let repo = s.discord_tables();
    let board = repo.board(id).unwrap().unwrap();
    assert_eq!(
        (board.channel, board.message),
        (ChannelId(77), Some(u64::MAX - 1))
    );
    assert_eq!(repo.invitation_message(inv).unwrap(), Some((CHANNEL, 555)));
}

#[rstest]
fn under_aga_rules_white_passes_last(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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
fn settle_all_alive(w: &World, closing: &Outcome) -> Outcome {
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

#[rstest]
fn japanese_rules_count_territory_and_prisoners(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
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
