//! Games against the computer through the service: started at once, refused for the server's
//! reasons, counted apart from merit and titles, and kept across a restart. The computer's
//! moves here are submitted by the test as the worker would submit them.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::{
    BoardRef, Command, EndReason, Ending, Event, InviteOptions, MatchId, Outcome, Refusal, Subject,
    Task, UserId,
};
use tengen::go::{Color, Level, Point, RuleSet};
use tengen::service::Failure;

/// The bot's own account: the computer plays under it.
const BOT: UserId = UserId(999);

fn play_computer(
    w: &World,
    user: UserId,
    level: Option<Level>,
    color: Option<Color>,
    options: InviteOptions,
) -> Result<Outcome, Failure> {
    w.apply(Command::PlayComputer {
        guild: GUILD,
        channel: CHANNEL,
        user,
        computer: BOT,
        level,
        options,
        color,
    })
}

fn started(o: &Outcome) -> MatchId {
    match o.subject {
        Subject::Match(id) => id,
        s => panic!("not a match: {s:?}"),
    }
}

fn nine() -> InviteOptions {
    InviteOptions {
        size: Some(9),
        ..InviteOptions::default()
    }
}

#[rstest]
fn a_game_against_the_computer_starts_at_once_with_the_player_black(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let o = play_computer(&w, ALICE, None, None, nine()).unwrap();
    let id = started(&o);
    assert!(matches!(
        o.events.as_slice(),
        [Event::MatchStarted { black, white, .. }] if *black == ALICE && *white == BOT
    ));
    assert_eq!(
        o.to_move,
        Some(ALICE),
        "the player is told it is their turn"
    );
    let m = w.svc.snapshot(id).unwrap();
    let c = m.computer.expect("a computer");
    assert_eq!(
        (c.user, c.color, c.level),
        (BOT, Color::White, Level::Advanced)
    );
    assert!(c.may_resign, "ai-resigns is on by default");
    assert_eq!(m.people(), vec![ALICE]);
    // Nothing for the computer until the player has moved.
    assert_eq!(w.svc.computer_task(id), None);

    let o = w.play(ALICE, "E5").unwrap();
    assert_eq!(o.to_move, None, "no one is pinged for the computer's turn");
    let task = w.svc.computer_task(id).expect("the computer's turn");
    assert_eq!(task.task, Task::Move);
    assert_eq!(
        task.board,
        BoardRef {
            match_id: id,
            move_number: 1
        }
    );
    assert_eq!(task.game.moves().len(), 1);
    // The player cannot play for the computer.
    assert_eq!(
        w.refusal(Command::Play {
            by: ALICE,
            point: "C3".parse::<Point>().unwrap(),
            board: None
        }),
        Refusal::NotYourTurn
    );
    // The computer's move is a command like anyone's; an answer for an older board is stale.
    let stale = BoardRef {
        match_id: id,
        move_number: 0,
    };
    assert_eq!(
        w.refusal(Command::Play {
            by: BOT,
            point: "C3".parse::<Point>().unwrap(),
            board: Some(stale)
        }),
        Refusal::StaleBoard
    );
    let o = w.play_on(BOT, "C3", task.board).unwrap();
    assert_eq!(o.to_move, Some(ALICE));
    assert_eq!(w.svc.computer_task(id), None);
}

#[rstest]
fn a_player_who_chooses_white_gives_the_computer_the_first_move(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let o = play_computer(&w, BOB, Some(Level::Beginner), Some(Color::White), nine()).unwrap();
    let id = started(&o);
    assert_eq!(o.to_move, None);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!((m.players.black, m.players.white), (BOT, BOB));
    let task = w.svc.computer_task(id).expect("Black's first move");
    assert_eq!(task.computer.level, Level::Beginner);
    assert_eq!(task.computer.color, Color::Black);
    assert_eq!(w.svc.computer_tasks(), vec![task]);
}

#[rstest]
fn the_server_decides_whether_and_at_which_levels_the_computer_plays(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "ai-enabled", "false").unwrap();
    assert_eq!(
        play_computer(&w, ALICE, None, None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::ComputerDisabled)
    );
    w.set_setting(GUILD, true, "ai-enabled", "true").unwrap();
    w.set_setting(GUILD, true, "ai-levels", "beginner,intermediate")
        .unwrap();
    assert_eq!(
        play_computer(&w, ALICE, Some(Level::Advanced), None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::LevelNotAllowed {
            level: Level::Advanced,
            allowed: vec![Level::Beginner, Level::Intermediate]
        })
    );
    // No level asked: the strongest the server offers.
    let id = started(&play_computer(&w, ALICE, None, None, nine()).unwrap());
    let c = w.svc.snapshot(id).unwrap().computer.unwrap();
    assert_eq!(c.level, Level::Intermediate);

    // The size and rules are the server's to allow, as for an invitation.
    w.set_setting(GUILD, true, "allowed-sizes", "9,19").unwrap();
    let odd = InviteOptions {
        size: Some(7),
        ..InviteOptions::default()
    };
    assert!(matches!(
        play_computer(&w, BOB, None, None, odd)
            .unwrap_err()
            .refusal(),
        Some(Refusal::SizeNotAllowed { size: 7, .. })
    ));
    // A disabled server plays no one.
    w.set_setting(GUILD, true, "enabled", "false").unwrap();
    assert_eq!(
        play_computer(&w, BOB, None, None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::ServerDisabled)
    );
}

#[rstest]
fn ai_resigns_off_is_copied_into_the_game(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.set_setting(GUILD, true, "ai-resigns", "false").unwrap();
    let id = started(&play_computer(&w, ALICE, None, None, nine()).unwrap());
    assert!(!w.svc.snapshot(id).unwrap().computer.unwrap().may_resign);
}

#[rstest]
fn at_most_the_hosts_number_of_computer_games_run_at_once(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.svc.set_computer_limit(1);
    let first = started(&play_computer(&w, ALICE, None, None, nine()).unwrap());
    // A player already in a game is busy, against the computer or not.
    assert_eq!(
        play_computer(&w, ALICE, None, None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::YouAreBusy)
    );
    assert_eq!(
        play_computer(&w, BOB, None, None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::ComputerBusy { max: 1 })
    );
    // Nor can the player be invited meanwhile.
    assert_eq!(
        w.invite(BOB, ALICE).unwrap_err().refusal(),
        Some(&Refusal::TheyAreBusy)
    );
    // Once the game is over, the next may start; people's games never count.
    w.start(CAROL, UserId(400));
    w.resign(ALICE).unwrap();
    let o = w.resign(ALICE).unwrap();
    assert!(o.is_final());
    assert_eq!(w.svc.computer_task(first), None);
    play_computer(&w, BOB, None, None, nine()).unwrap();
    // A limit of 0 turns games against the computer off for the whole host.
    w.svc.set_computer_limit(0);
    assert_eq!(
        play_computer(&w, CAROL, None, None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::YouAreBusy)
    );
    assert_eq!(
        play_computer(&w, UserId(500), None, None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::ComputerBusy { max: 0 })
    );
}

#[rstest]
fn games_against_the_computer_give_no_merit_and_count_in_their_own_record(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // Beat the computer twice (it resigns), lose once at another level.
    for level in [Level::Beginner, Level::Beginner, Level::Advanced] {
        let id = started(&play_computer(&w, ALICE, Some(level), None, nine()).unwrap());
        w.quiet_moves(id, 40);
        let loser = if level == Level::Advanced { ALICE } else { BOT };
        // A player's first press arms; the computer's resigns at once.
        if loser == ALICE {
            w.apply(Command::Resign {
                by: loser,
                match_id: Some(id),
            })
            .unwrap();
        }
        let o = w
            .apply(Command::Resign {
                by: loser,
                match_id: Some(id),
            })
            .unwrap();
        assert!(matches!(
            w.svc.load_match(id).unwrap().unwrap().ending(),
            Some(Ending::Finished {
                reason: EndReason::Resignation,
                ..
            })
        ));
        assert!(o.is_final());
        assert!(
            !o.events
                .iter()
                .any(|e| matches!(e, Event::MeritAwarded { .. })),
            "{:?}",
            o.events
        );
    }
    let p = w.svc.profile(GUILD, ALICE).unwrap();
    assert_eq!((p.merit, p.wins, p.losses, p.draws), (0, 0, 0, 0));
    assert_eq!(p.title, None);
    assert_eq!(
        p.against_computer,
        vec![(Level::Beginner, 2, 0, 0), (Level::Advanced, 0, 1, 0)]
    );
    // The computer has no profile of its own, and the leaderboard knows neither.
    assert_eq!(w.svc.profile(GUILD, BOT).unwrap().against_computer, vec![]);
    assert!(merit_page(&w, GUILD).is_empty());
}

#[rstest]
fn a_restart_keeps_the_computer_and_its_turn_is_thought_again(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = started(&play_computer(&w, ALICE, Some(Level::Intermediate), None, nine()).unwrap());
    w.play(ALICE, "E5").unwrap();
    let before = w.svc.computer_task(id).unwrap();
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.computer, Some(before.computer));
    assert_eq!(w.svc.computer_tasks(), vec![before.clone()]);
    // The limit counts the game loaded from the store.
    w.svc.set_computer_limit(1);
    assert_eq!(
        play_computer(&w, BOB, None, None, nine())
            .unwrap_err()
            .refusal(),
        Some(&Refusal::ComputerBusy { max: 1 })
    );
    w.play_on(BOT, "C3", before.board).unwrap();
    assert_eq!(w.svc.computer_task(id), None);
}

#[rstest]
fn under_agreement_rules_the_computer_judges_the_marking_until_it_accepts(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let options = InviteOptions {
        size: Some(9),
        rules: Some(RuleSet::Japanese),
        ..InviteOptions::default()
    };
    let id = started(&play_computer(&w, ALICE, None, None, options).unwrap());
    w.quiet_moves(id, 10);
    w.pass(ALICE).unwrap();
    let task = w.svc.computer_task(id).unwrap();
    assert_eq!(task.task, Task::Move);
    let o = w
        .apply(Command::Pass {
            by: BOT,
            board: Some(task.board),
            game: None,
        })
        .unwrap();
    assert!(agreement_proposal(&o).is_some(), "{:?}", o.events);
    let Task::Judge { marking, version } = w.svc.computer_task(id).unwrap().task else {
        panic!("the computer judges the marking");
    };
    assert_eq!(marking, agreement_proposal(&o).unwrap());
    // The player accepts; the computer still has to.
    w.apply(Command::AcceptMarking {
        by: ALICE,
        board: None,
        marking: Some(version),
    })
    .unwrap();
    assert!(matches!(
        w.svc.computer_task(id).map(|t| t.task),
        Some(Task::Judge { .. })
    ));
    let o = w
        .apply(Command::AcceptMarking {
            by: BOT,
            board: Some(w.svc.computer_task(id).unwrap().board),
            marking: Some(version),
        })
        .unwrap();
    assert!(o.is_final(), "{:?}", o.events);
    assert_eq!(w.svc.computer_task(id), None);
    assert!(matches!(
        w.svc.load_match(id).unwrap().unwrap().ending(),
        Some(Ending::Finished {
            reason: EndReason::TwoPasses,
            ..
        })
    ));
}

#[rstest]
fn the_computer_s_toggles_of_the_marking_are_counted_across_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let options = InviteOptions {
        size: Some(9),
        rules: Some(RuleSet::Japanese),
        ..InviteOptions::default()
    };
    let id = started(&play_computer(&w, ALICE, None, None, options).unwrap());
    w.quiet_moves(id, 10);
    w.pass(ALICE).unwrap();
    let task = w.svc.computer_task(id).unwrap();
    w.apply(Command::Pass {
        by: BOT,
        board: Some(task.board),
        game: None,
    })
    .unwrap();
    let Task::Judge { version, .. } = w.svc.computer_task(id).unwrap().task else {
        panic!("the computer judges the marking");
    };
    let stone = {
        let m = w.svc.snapshot(id).unwrap();
        m.game
            .board()
            .size()
            .all_points()
            .find(|&q| m.game.board().get(q).is_some())
            .unwrap()
    };
    w.apply(Command::ToggleDead {
        by: BOT,
        point: stone,
        board: Some(w.svc.computer_task(id).unwrap().board),
        marking: Some(version),
    })
    .unwrap();
    assert_eq!(w.svc.snapshot(id).unwrap().computer_toggles, 1);
    w.restart();
    // The cap counts on from the stored number, not from 0.
    assert_eq!(w.svc.snapshot(id).unwrap().computer_toggles, 1);
}

#[rstest]
fn a_ranked_game_against_the_computer_moves_only_the_humans_rating(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // Unranked by default: nothing moves.
    play_computer(&w, ALICE, Some(Level::Advanced), None, nine()).unwrap();
    w.resign(ALICE).unwrap();
    w.resign(ALICE).unwrap();
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().standing, None);
    // Ranked: Alice loses to the advanced level (about 5 kyu) and to the beginner (about 22
    // kyu); the loss to the beginner costs more.
    let ranked = InviteOptions {
        ranked: Some(true),
        ..nine()
    };
    let mut losses = Vec::new();
    for (user, level) in [(BOB, Level::Advanced), (CAROL, Level::Beginner)] {
        play_computer(&w, user, Some(level), None, ranked).unwrap();
        w.resign(user).unwrap();
        w.resign(user).unwrap();
        let s = w.svc.profile(GUILD, user).unwrap().standing.expect("rated");
        assert_eq!((s.games, s.losses, s.streak), (1, 1, -1));
        losses.push(1500.0 - s.rating);
    }
    assert!(losses[0] > 0.0 && losses[1] > losses[0], "{losses:?}");
    assert_eq!(
        w.svc.profile(GUILD, BOT).unwrap().standing,
        None,
        "the computer's does not move"
    );
    assert_eq!(Level::Advanced.estimated_rank().to_string(), "5 kyu");
    assert_eq!(Level::Beginner.estimated_rank().to_string(), "22 kyu");
}

#[rstest]
fn the_cap_of_computer_games_counts_every_process_on_the_database(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // A second process on the same database (its own store and service).
    use tengen::runtime::Clock;
    let other =
        tengen::service::Service::open(std::sync::Arc::new(w.open_store()), w.clock.now()).unwrap();
    w.svc.set_computer_limit(1);
    other.set_computer_limit(1);
    started(&play_computer(&w, ALICE, None, None, nine()).unwrap());
    let refused = other
        .apply(
            Command::PlayComputer {
                guild: GUILD,
                channel: CHANNEL,
                user: BOB,
                computer: BOT,
                level: None,
                options: nine(),
                color: None,
            },
            w.clock.now(),
        )
        .result
        .unwrap_err();
    assert_eq!(refused.refusal(), Some(&Refusal::ComputerBusy { max: 1 }));
    // Nothing was stored for the refused game: one game against the computer in all.
    let running: i64 = w
        .open_store()
        .read(|tx| {
            tx.query_one(
                "SELECT count(*) FROM matches WHERE computer_level IS NOT NULL",
                &[],
                |r| r.get(0),
            )
        })
        .unwrap();
    assert_eq!(running, 1);
}
