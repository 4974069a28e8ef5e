//! Events through the service (SPEC §11): created, joined, started, paired round after round,
//! played, forfeited by absence and withdrawal, finished — and across restarts, never a round
//! paired twice. A fake clock; a real database file.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::events::{
    Board, ColourRule, EntryStatus, EventOptions, Format, Outcome as EventOutcome, Stage,
    Tournament,
};
use tengen::game::nigiri::{NigiriStage, Parity};
use tengen::game::time_control::TimePreset;
use tengen::game::{
    Command, EndReason, Ending, Event, EventId, EventRequest, MatchId, NigiriOf, Outcome, Refusal,
    Ruling, Subject, UserId,
};
use tengen::go::{Color, GameResult, RuleSet};
use tengen::service::Failure;

const DAVE: UserId = UserId(400);
const ERIN: UserId = UserId(500);
const MOD: UserId = UserId(900);

fn terms(format: Format) -> EventOptions {
    EventOptions {
        format: Some(format),
        size: Some(9),
        rules: Some(RuleSet::Chinese),
        time: Some(TimePreset::Turn),
        max_players: Some(16.min(format.players().1 as u32)),
        start_window: Some(ms(120 * SEC)),
        absences_allowed: Some(0),
        ..EventOptions::default()
    }
}

fn create(w: &World, options: EventOptions) -> EventId {
    let o = w
        .apply(Command::CreateEvent(Box::new(EventRequest {
            guild: GUILD,
            channel: CHANNEL,
            by: MOD,
            moderator: true,
            name: "Winter cup".into(),
            options,
        })))
        .unwrap();
    match o.subject {
        Subject::Event(id) => id,
        s => panic!("{s:?}"),
    }
}

fn join(w: &World, id: EventId, user: UserId) -> Result<Outcome, Failure> {
    w.apply(Command::JoinEvent {
        guild: GUILD,
        event: id,
        user,
        has_role: false,
    })
}

fn start(w: &World, id: EventId) -> tengen::service::Applied {
    w.svc.apply(
        Command::StartEvent {
            guild: GUILD,
            event: id,
            moderator: true,
        },
        w.now(),
    )
}

fn event(w: &World, id: EventId) -> Tournament {
    w.svc.event(GUILD, id).unwrap()
}

/// The matches a command or a tick started.
fn started(outcomes: &[Outcome]) -> Vec<MatchId> {
    outcomes
        .iter()
        .flat_map(|o| &o.events)
        .filter_map(|e| match e {
            Event::MatchStarted { match_id, .. } => Some(*match_id),
            _ => None,
        })
        .collect()
}

/// `user` resigns match `id` (two presses).
fn resign(w: &World, id: MatchId, user: UserId) -> Vec<Outcome> {
    let mut out = Vec::new();
    for _ in 0..2 {
        let applied = w.svc.apply(
            Command::Resign {
                by: user,
                match_id: Some(id),
            },
            w.now(),
        );
        out.extend(applied.outcomes().cloned());
        applied.result.unwrap();
    }
    out
}

/// The loser of each running game of the event resigns: the one with the larger seat, so the
/// seeding decides every game (seat 0 wins them all).
fn play_round(w: &World, id: EventId) {
    let t = event(w, id);
    for g in t.games.iter().filter(|g| g.result.is_none()) {
        let (Board::Game(p), Some(m)) = (g.place, g.match_id) else {
            continue;
        };
        let loser = t.entries[p.black.max(p.white)].user;
        let m = w.svc.snapshot(m).expect("the round's game runs");
        // A first move each, so no one is absent; then the loser resigns.
        w.play_on(m.player_to_move(), "E5", board(&m)).unwrap();
        let m = w.svc.snapshot(m.id).unwrap();
        w.play_on(m.player_to_move(), "C3", board(&m)).unwrap();
        resign(w, m.id, loser);
    }
}

fn board(m: &tengen::game::Match) -> tengen::game::BoardRef {
    tengen::game::BoardRef {
        match_id: m.id,
        move_number: m.move_count(),
    }
}

fn four_players(w: &World, t: EventOptions) -> EventId {
    let id = create(w, t);
    for u in [ALICE, BOB, CAROL, DAVE] {
        join(w, id, u).unwrap();
    }
    id
}

#[rstest]
fn a_round_robin_of_four_plays_three_rounds_and_ends_with_its_standings(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = four_players(&w, terms(Format::RoundRobin));
    let applied = start(&w, id);
    let games = started(&applied.after);
    assert_eq!(games.len(), 2, "round 1: two games of four players");
    assert!(matches!(
        applied.result.unwrap().events.as_slice(),
        [Event::RoundStarted { round: 1, .. }]
    ));
    for round in 1..=3 {
        let t = event(&w, id);
        assert_eq!(t.round, round);
        assert_eq!(t.stage, Stage::Running);
        play_round(&w, id);
        // The round's end asks the event to look again, by its own deadline.
        let next = w.advance(0);
        if round < 3 {
            assert_eq!(started(&next).len(), 2, "round {} starts", round + 1);
        } else {
            assert!(
                next.iter()
                    .flat_map(|o| &o.events)
                    .any(|e| matches!(e, Event::EventFinished(_)))
            );
        }
    }
    let t = event(&w, id);
    assert_eq!(t.stage, Stage::Finished);
    assert_eq!(t.games.len(), 6, "every pair met once");
    let table = t.standings();
    // Seat 0 won all three; the larger seat lost every game.
    let points: Vec<(usize, u32)> = table.iter().map(|s| (s.seat, s.main_half)).collect();
    assert_eq!(points, vec![(0, 6), (1, 4), (2, 2), (3, 0)]);
    // Nothing more to pair: a moderator's start is refused.
    assert_eq!(
        start(&w, id).result.unwrap_err().refusal(),
        Some(&Refusal::EventOver)
    );
}

#[rstest]
fn a_player_who_does_not_turn_up_loses_by_forfeit_and_past_the_allowance_is_removed(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = four_players(&w, terms(Format::RoundRobin));
    let games = started(&start(&w, id).after);
    let t = event(&w, id);
    // On board 1 Black never moves; board 2 is played.
    let m = w.svc.snapshot(games[0]).unwrap();
    let absent = m.players.black;
    let other = w.svc.snapshot(games[1]).unwrap();
    w.play_on(other.player_to_move(), "E5", board(&other))
        .unwrap();
    let o = w.svc.snapshot(other.id).unwrap();
    w.play_on(o.player_to_move(), "C3", board(&o)).unwrap();
    let fired = w.advance(120 * SEC);
    let ending = fired
        .iter()
        .flat_map(|o| &o.events)
        .find_map(|e| match e {
            Event::Ended {
                match_id, ending, ..
            } if *match_id == m.id => Some(*ending),
            _ => None,
        })
        .expect("the absent player's game ended");
    assert_eq!(
        ending,
        Ending::Finished {
            result: GameResult::Forfeit {
                winner: tengen::go::Color::White
            },
            reason: EndReason::Absence,
        }
    );
    let t2 = event(&w, id);
    let seat = t.seat_of(absent).unwrap();
    assert_eq!(t2.entries[seat].absences, 1);
    // Board 2 ends; the round is over; the absent player (no absence allowed) is removed and
    // every game of theirs to come is lost without play.
    resign(&w, other.id, other.players.white);
    let next = w.advance(0);
    let t3 = event(&w, id);
    assert_eq!(t3.entries[seat].status, EntryStatus::Removed);
    assert_eq!(t3.round, 2);
    assert_eq!(
        started(&next).len(),
        1,
        "only the game without them is played"
    );
    let theirs = t3
        .games
        .iter()
        .find(|g| g.round == 2 && matches!(g.place, Board::Game(p) if p.involves(seat)))
        .unwrap();
    assert_eq!(theirs.match_id, None);
    let (outcome, forfeit) = theirs.result.unwrap();
    assert!(forfeit);
    let Board::Game(p) = theirs.place else {
        unreachable!()
    };
    assert_eq!(outcome.winner(p), p.opponent_of(seat));
    // A forfeit is on no one's profile.
    let profile = w.svc.profile(GUILD, absent).unwrap();
    assert_eq!((profile.wins, profile.losses), (0, 0));
}

#[rstest]
fn a_withdrawal_loses_the_game_being_played_and_every_game_to_come(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = four_players(&w, terms(Format::RoundRobin));
    let games = started(&start(&w, id).after);
    let m = w.svc.snapshot(games[0]).unwrap();
    let quitter = m.players.white;
    let applied = w.svc.apply(
        Command::Withdraw {
            guild: GUILD,
            event: id,
            user: quitter,
        },
        w.now(),
    );
    applied.result.as_ref().unwrap();
    let ended: Vec<_> = applied
        .after
        .iter()
        .flat_map(|o| &o.events)
        .filter_map(|e| match e {
            Event::Ended { ending, .. } => Some(*ending),
            _ => None,
        })
        .collect();
    assert_eq!(
        ended,
        vec![Ending::Finished {
            result: GameResult::Forfeit {
                winner: tengen::go::Color::Black
            },
            reason: EndReason::Forfeit,
        }]
    );
    assert!(w.svc.snapshot(m.id).is_none(), "the game is over");
    // A second withdrawal is refused, privately, and changes nothing.
    let again = w.svc.apply(
        Command::Withdraw {
            guild: GUILD,
            event: id,
            user: quitter,
        },
        w.now(),
    );
    assert_eq!(
        again.result.unwrap_err().refusal(),
        Some(&Refusal::NotEntered)
    );
    play_round(&w, id);
    w.advance(0);
    let t = event(&w, id);
    let seat = t.seat_of(quitter).unwrap();
    assert_eq!(t.entries[seat].status, EntryStatus::Withdrawn);
    let theirs: Vec<_> = t
        .games
        .iter()
        .filter(|g| matches!(g.place, Board::Game(p) if p.involves(seat)))
        .collect();
    assert!(theirs.iter().all(|g| g.result.is_some_and(|(_, f)| f)));
    assert!(theirs.iter().skip(1).all(|g| g.match_id.is_none()));
}

#[rstest]
fn a_player_who_withdrew_or_was_removed_is_given_no_later_bye(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // Three players: in each round one of them sits out (FIDE's table of four, the fourth a
    // dummy): seat 0 in round 1, seat 2 in round 2, seat 1 in round 3.
    let id = create(&w, terms(Format::RoundRobin));
    for u in [ALICE, BOB, CAROL] {
        join(&w, id, u).unwrap();
    }
    let round_1 = started(&start(&w, id).after);
    assert_eq!(round_1.len(), 1);
    let t = event(&w, id);
    assert_eq!(t.byes(), vec![(1, 0)]);
    let (second, third) = (t.entries[1].user, t.entries[2].user);
    // The third seat withdraws during round 1 (their game is lost): no bye in round 2.
    w.svc
        .apply(
            Command::Withdraw {
                guild: GUILD,
                event: id,
                user: third,
            },
            w.now(),
        )
        .result
        .unwrap();
    let round_2 = w.advance(0);
    let t = event(&w, id);
    assert_eq!(t.round, 2);
    assert_eq!(started(&round_2).len(), 1, "seats 0 and 1 play");
    assert_eq!(t.byes(), vec![(1, 0)], "no bye for the player who withdrew");
    let announced = round_2
        .iter()
        .flat_map(|o| &o.events)
        .find_map(|e| match e {
            Event::RoundStarted { event, round: 2 } => Some(event),
            _ => None,
        })
        .expect("round 2 is announced");
    assert!(
        !announced
            .games
            .iter()
            .any(|g| g.round == 2 && g.place == Board::Bye(2)),
        "nor on the round's announcement, which would ping them"
    );
    // The second seat never turns up in round 2 (no absence allowed): removed, and no bye in
    // round 3 either.
    let m = w.svc.snapshot(started(&round_2)[0]).unwrap();
    assert_eq!(m.players.black, t.entries[0].user);
    w.play_on(m.player_to_move(), "E5", board(&m)).unwrap();
    w.advance(120 * SEC);
    for _ in 0..3 {
        w.advance(0);
    }
    let t = event(&w, id);
    assert_eq!(t.entries[1].status, EntryStatus::Removed);
    assert_eq!(t.entries[1].user, second);
    assert_eq!(t.byes(), vec![(1, 0)]);
    assert_eq!(
        t.stage,
        Stage::Finished,
        "round 3: one game, lost without play"
    );
    let points: Vec<(usize, u32)> = t
        .standings()
        .iter()
        .map(|s| (s.seat, s.main_half))
        .collect();
    // Seat 0: the bye of round 1, round 2 won by absence, round 3 won without play; seat 1:
    // the game of round 1 won by withdrawal.
    assert_eq!(points, vec![(0, 6), (1, 2), (2, 0)]);
}

#[rstest]
fn a_restart_between_a_round_s_last_game_and_the_next_round_pairs_it_once(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = four_players(&w, terms(Format::RoundRobin));
    start(&w, id);
    // Round 1 ends; the bot stops before the event looked again.
    play_round(&w, id);
    w.restart();
    assert_eq!(event(&w, id).round, 1);
    let next = w.advance(0);
    assert_eq!(started(&next).len(), 2);
    assert_eq!(event(&w, id).round, 2);
    // A restart mid-round pairs nothing: the round's games are loaded back and played on.
    w.restart();
    assert!(started(&w.advance(0)).is_empty());
    let t = event(&w, id);
    assert_eq!(t.round, 2);
    assert_eq!(t.games.iter().filter(|g| g.round == 2).count(), 2);
    for g in t.games.iter().filter(|g| g.round == 2) {
        assert!(w.svc.snapshot(g.match_id.unwrap()).is_some());
    }
    play_round(&w, id);
    assert_eq!(started(&w.advance(0)).len(), 2);
    assert_eq!(event(&w, id).round, 3);
}

#[rstest]
fn joining_is_refused_privately_when_it_may_not_be(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = create(&w, terms(Format::TenGame));
    join(&w, id, ALICE).unwrap();
    let refused = |u| join(&w, id, u).unwrap_err().refusal().cloned();
    assert_eq!(refused(ALICE), Some(Refusal::AlreadyEntered));
    join(&w, id, BOB).unwrap();
    assert_eq!(refused(CAROL), Some(Refusal::EventFull { max: 2 }));
    // Only an organiser (a moderator or the organiser role) creates, starts, bars.
    let not_mod = w.apply(Command::StartEvent {
        guild: GUILD,
        event: id,
        moderator: false,
    });
    assert_eq!(not_mod.unwrap_err().refusal(), Some(&Refusal::NotOrganiser));
    // Another server's event is none of this one's.
    let elsewhere = w.apply(Command::JoinEvent {
        guild: tengen::game::GuildId(2),
        event: id,
        user: CAROL,
        has_role: false,
    });
    assert_eq!(
        elsewhere.unwrap_err().refusal(),
        Some(&Refusal::NoSuchEvent)
    );
    start(&w, id).result.unwrap();
    // Leaving after the start is refused: withdrawing is what is left.
    let leave = w.apply(Command::LeaveEvent {
        guild: GUILD,
        event: id,
        user: BOB,
    });
    assert_eq!(leave.unwrap_err().refusal(), Some(&Refusal::EventStarted));
    assert_eq!(event(&w, id).entries.len(), 2);
}

#[rstest]
fn a_barred_player_may_not_join_until_the_bar_ends(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = create(&w, terms(Format::RoundRobin));
    w.apply(Command::BarFromEvents {
        guild: GUILD,
        moderator: true,
        user: ERIN,
        until: w.now() + ms(3600 * SEC),
    })
    .unwrap();
    assert!(matches!(
        join(&w, id, ERIN).unwrap_err().refusal(),
        Some(Refusal::BarredFromEvents { .. })
    ));
    w.clock.advance(ms(3600 * SEC));
    join(&w, id, ERIN).unwrap();
}

#[rstest]
fn too_few_players_cannot_start_and_registration_stays_open(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = create(&w, terms(Format::Knockout));
    join(&w, id, ALICE).unwrap();
    assert_eq!(
        start(&w, id).result.unwrap_err().refusal(),
        Some(&Refusal::EventTooFewPlayers { needed: 2 })
    );
    assert_eq!(event(&w, id).stage, Stage::Registration);
    join(&w, id, BOB).unwrap();
}

#[rstest]
fn a_knockout_of_four_seeds_by_rating_and_crowns_the_winner_of_the_final(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = four_players(&w, terms(Format::Knockout));
    assert_eq!(started(&start(&w, id).after).len(), 2);
    play_round(&w, id);
    assert_eq!(started(&w.advance(0)).len(), 1, "the final");
    play_round(&w, id);
    let last = w.advance(0);
    assert!(
        last.iter()
            .flat_map(|o| &o.events)
            .any(|e| matches!(e, Event::EventFinished(_)))
    );
    let t = event(&w, id);
    assert_eq!(t.games.len(), 3);
    assert_eq!(t.standings()[0].seat, 0);
}

#[rstest]
fn an_arena_keeps_its_winner_on_until_a_team_is_out(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = create(&w, terms(Format::Arena));
    for u in [ALICE, BOB, CAROL, DAVE] {
        join(&w, id, u).unwrap();
    }
    for (team, players) in [(0, vec![ALICE, BOB]), (1, vec![CAROL, DAVE])] {
        w.apply(Command::SetTeam {
            guild: GUILD,
            event: id,
            moderator: true,
            team,
            players,
        })
        .unwrap();
    }
    assert_eq!(started(&start(&w, id).after).len(), 1);
    // Seat order is the captains' order: Alice, Bob (team 0), Carol, Dave (team 1). The larger
    // seat resigns every game, so Alice beats Carol, then Dave: team 0 wins in two games.
    for _ in 0..2 {
        play_round(&w, id);
        w.advance(0);
    }
    let t = event(&w, id);
    assert_eq!(t.stage, Stage::Finished);
    assert_eq!(t.games.len(), 2);
    let winners: Vec<_> = t
        .played()
        .iter()
        .filter_map(|p| p.outcome.winner(p.pairing))
        .map(|s| t.entries[s].user)
        .collect();
    assert_eq!(winners, vec![ALICE, ALICE]);
}

#[rstest]
fn a_ten_game_match_steps_the_handicap_after_a_four_game_lead(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let mut t = terms(Format::TenGame);
    t.rules = Some(RuleSet::Ing);
    let id = create(&w, t);
    join(&w, id, ALICE).unwrap();
    join(&w, id, BOB).unwrap();
    let first = started(&start(&w, id).after)[0];
    // The first game is even: Black pays the Ing rules' 8 points.
    assert_eq!(w.svc.snapshot(first).unwrap().config.komi.to_string(), "8");
    // Seat 0 wins four in a row (the larger seat resigns): the fifth game gives seat 1 half a
    // 先, so it is Black with the Ing points of half a 先 and no free move.
    for _ in 0..4 {
        play_round(&w, id);
        w.advance(0);
    }
    let t = event(&w, id);
    assert_eq!(t.round, 5);
    let fifth = t.games.iter().find(|g| g.round == 5).unwrap();
    let m = w.svc.snapshot(fifth.match_id.unwrap()).unwrap();
    assert_eq!(m.players.black, t.entries[1].user);
    assert_eq!(m.config.handicap, 0);
    assert_eq!(
        m.config.komi.to_string(),
        "4",
        "half a 先: Black pays 8 − 4"
    );
    let played = t.played();
    assert!(played.iter().all(|p| p.outcome != EventOutcome::Draw));
}

#[rstest]
fn a_cancelled_event_annuls_its_running_games(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = four_players(&w, terms(Format::RoundRobin));
    let games = started(&start(&w, id).after);
    let applied = w.svc.apply(
        Command::CancelEvent {
            guild: GUILD,
            event: id,
            moderator: true,
        },
        w.now(),
    );
    applied.result.unwrap();
    assert_eq!(applied.after.len(), 2);
    assert!(games.iter().all(|&g| w.svc.snapshot(g).is_none()));
    assert_eq!(event(&w, id).stage, Stage::Cancelled);
    // Its games' ends do not move it on.
    assert!(started(&w.advance(0)).is_empty());
}

#[rstest]
fn a_referee_s_replay_and_award_are_recorded_with_the_event_and_survive_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = create(&w, terms(Format::TenGame));
    join(&w, id, ALICE).unwrap();
    join(&w, id, BOB).unwrap();
    let first = started(&start(&w, id).after)[0];
    let rule = |w: &World, game, referee, ruling| {
        w.svc.apply(
            Command::Rule {
                guild: GUILD,
                by: MOD,
                referee,
                game,
                ruling,
            },
            w.now(),
        )
    };
    // Only a referee rules, and only on an event's game.
    let refused = rule(&w, first, false, Ruling::Replay);
    assert_eq!(
        refused.result.unwrap_err().refusal(),
        Some(&Refusal::NotReferee)
    );
    let casual = w.start(CAROL, DAVE);
    let refused = rule(&w, casual, true, Ruling::Replay);
    assert_eq!(
        refused.result.unwrap_err().refusal(),
        Some(&Refusal::NotAnEventGame)
    );
    // A count is settled only in the dead-stone agreement.
    let refused = rule(&w, first, true, Ruling::Settle);
    assert_eq!(
        refused.result.unwrap_err().refusal(),
        Some(&Refusal::NotInAgreement)
    );

    // Replayed: the first game is annulled, a new one between the same players takes its
    // board, with the same colours.
    let old = w.svc.snapshot(first).unwrap();
    let replayed = rule(&w, first, true, Ruling::Replay);
    let replay = started(&replayed.after)[0];
    assert_ne!(replay, first);
    assert_eq!(w.svc.snapshot(replay).unwrap().players, old.players);
    w.restart();
    let t = event(&w, id);
    assert_eq!(t.round, 1, "a replay is no result: the round goes on");
    assert_eq!(t.games[0].match_id, Some(replay));
    assert!(w.svc.snapshot(replay).unwrap().is_running(), "loaded again");

    // Awarded to White: the board is White's by forfeit, the next game starts.
    rule(&w, replay, true, Ruling::Award(Color::White))
        .result
        .unwrap();
    w.advance(0);
    let t = event(&w, id);
    assert_eq!(t.games[0].result, Some((EventOutcome::WhiteWon, true)));
    assert_eq!(t.round, 2);
    let rulings = w.svc.event_rulings(GUILD, id).unwrap();
    let kinds: Vec<_> = rulings
        .iter()
        .map(|r| (r.game, r.ruling, r.replay))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (first, Ruling::Replay, Some(replay)),
            (replay, Ruling::Award(Color::White), None),
        ]
    );
    assert!(
        rulings
            .iter()
            .all(|r| r.referee == MOD && r.round == 1 && r.board == 0)
    );
    // A game decided is not ruled on again.
    let again = rule(&w, replay, true, Ruling::Award(Color::Black));
    assert!(again.result.is_err());
}

#[rstest]
fn a_knockout_game_both_lose_is_played_again_in_its_round_and_survives_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = create(&w, terms(Format::Knockout));
    join(&w, id, ALICE).unwrap();
    join(&w, id, BOB).unwrap();
    let first = started(&start(&w, id).after)[0];
    // A moderator annuls the game: both lose it, which decides nothing in a knockout.
    w.apply(Command::Annul {
        guild: GUILD,
        by: MOD,
        moderator: true,
        match_id: first,
    })
    .unwrap();
    let again = started(&w.advance(0));
    assert_eq!(again.len(), 1, "the final again");
    assert_ne!(again[0], first);
    let t = event(&w, id);
    assert_eq!(t.round, 1, "still the final");
    assert_eq!(
        t.games
            .iter()
            .map(|g| (g.round, g.board))
            .collect::<Vec<_>>(),
        vec![(1, 0), (1, 1)]
    );
    assert_eq!(t.games[0].result, Some((EventOutcome::BothLost, true)));
    w.restart();
    assert!(
        w.advance(0).is_empty(),
        "nothing paired twice after a restart"
    );
    resign(
        &w,
        again[0],
        w.svc.snapshot(again[0]).unwrap().players.white,
    );
    w.advance(0);
    let t = event(&w, id);
    assert_eq!(t.stage, Stage::Finished);
    assert_eq!(t.games.len(), 2);
}

#[rstest]
fn a_timed_round_waits_for_its_time_and_calls_the_referee_for_games_still_played(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let mut options = terms(Format::RoundRobin);
    options.schedule = Some(tengen::game::events::Schedule::Timed);
    options.round_interval = Some(ms(120 * SEC));
    options.absences_allowed = Some(3);
    // A timed schedule needs its interval, and another schedule takes none.
    let mut without = options.clone();
    without.round_interval = None;
    let refused = w.apply(Command::CreateEvent(Box::new(EventRequest {
        guild: GUILD,
        channel: CHANNEL,
        by: MOD,
        moderator: true,
        name: "No time".into(),
        options: without,
    })));
    assert_eq!(
        refused.unwrap_err().refusal(),
        Some(&Refusal::EventTermsNotAllowed)
    );
    let id = four_players(&w, options);
    let games = started(&start(&w, id).after);
    assert_eq!(games.len(), 2);
    // Both games of round 1 end at once: round 2 still waits for its time.
    for g in &games {
        let m = w.svc.snapshot(*g).unwrap();
        w.play_on(m.player_to_move(), "E5", board(&m)).unwrap();
        let m = w.svc.snapshot(*g).unwrap();
        w.play_on(m.player_to_move(), "C3", board(&m)).unwrap();
        resign(&w, *g, m.players.white);
    }
    assert!(started(&w.advance(0)).is_empty(), "not before its time");
    assert_eq!(event(&w, id).round, 1);
    // A restart keeps the time.
    w.restart();
    assert!(started(&w.advance(60 * SEC)).is_empty());
    let round2 = started(&w.advance(60 * SEC));
    assert_eq!(round2.len(), 2, "round 2 at its time");
    assert_eq!(event(&w, id).round, 2);
    // Round 2: one game ends, the other is still played when round 3's time comes. The
    // referee is called; once the game is awarded, round 3 starts at once.
    let m = w.svc.snapshot(round2[0]).unwrap();
    w.play_on(m.player_to_move(), "E5", board(&m)).unwrap();
    let m = w.svc.snapshot(round2[0]).unwrap();
    w.play_on(m.player_to_move(), "C3", board(&m)).unwrap();
    resign(&w, round2[0], m.players.white);
    let late = w.svc.snapshot(round2[1]).unwrap();
    w.play_on(late.player_to_move(), "E5", board(&late))
        .unwrap();
    let late = w.svc.snapshot(round2[1]).unwrap();
    w.play_on(late.player_to_move(), "C3", board(&late))
        .unwrap();
    let fired = w.advance(120 * SEC);
    let overdue = fired.iter().flat_map(|o| &o.events).find_map(|e| match e {
        Event::RoundOverdue { round, games, .. } => Some((*round, games.clone())),
        _ => None,
    });
    assert_eq!(overdue, Some((2, vec![round2[1]])));
    assert!(started(&fired).is_empty());
    let ruled = w.svc.apply(
        Command::Rule {
            guild: GUILD,
            by: MOD,
            referee: true,
            game: round2[1],
            ruling: Ruling::Award(Color::Black),
        },
        w.now(),
    );
    ruled.result.unwrap();
    let round3 = started(&w.advance(0));
    assert_eq!(round3.len(), 2, "round 3 once the last game is decided");
    assert_eq!(event(&w, id).round, 3);
}

#[rstest]
fn registration_closes_at_its_deadline_across_a_restart_and_a_late_join_is_refused(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let mut options = terms(Format::RoundRobin);
    options.purpose = Some("  For the club's new players  ".into());
    options.registration = Some(ms(600 * SEC));
    let id = create(&w, options);
    let t = event(&w, id);
    assert_eq!(
        t.terms.purpose.as_deref(),
        Some("For the club's new players")
    );
    let closes = t.registration_closes_at().expect("a deadline");
    join(&w, id, ALICE).unwrap();
    // Nothing to show before the deadline, across a restart.
    let changed = |fired: &[Outcome]| {
        fired
            .iter()
            .filter(|o| o.subject == Subject::Event(id))
            .flat_map(|o| &o.events)
            .any(|e| matches!(e, Event::EventChanged(_)))
    };
    assert!(!changed(&w.advance(300 * SEC)));
    w.restart();
    assert!(event(&w, id).registration_open(w.now()));
    assert!(!changed(&w.advance(299 * SEC)));
    join(&w, id, BOB).unwrap();
    // At the deadline the announcement is shown again, closed; a late join is refused and
    // changes nothing.
    assert!(
        changed(&w.advance(SEC)),
        "the announcement redrawn at the deadline"
    );
    assert_eq!(
        join(&w, id, CAROL).unwrap_err().refusal(),
        Some(&Refusal::RegistrationOver { closed_at: closes })
    );
    let t = event(&w, id);
    assert_eq!(t.entries.len(), 2);
    assert!(!t.registration_open(w.now()));
    // An organiser still starts it.
    assert_eq!(started(&start(&w, id).after).len(), 1);
}

/// The nigiri of `m` by buttons: the guesser (the pairing's Black) guesses `odd`, the bot's
/// hand taken from `random`.
fn guess(w: &World, m: MatchId, by: UserId, odd: bool, random: u64) -> Result<Outcome, Failure> {
    w.apply(Command::Guess {
        by,
        of: NigiriOf::Game(m),
        guess: if odd { Parity::Odd } else { Parity::Even },
        random,
    })
}

fn choose(w: &World, m: MatchId, by: UserId, colour: Color) -> Result<Outcome, Failure> {
    w.apply(Command::ChooseColour {
        by,
        of: NigiriOf::Game(m),
        colour,
    })
}

#[rstest]
fn an_event_with_nigiri_decides_each_game_s_colours_by_guess_and_choice_across_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = four_players(
        &w,
        EventOptions {
            colours: Some(ColourRule::Nigiri),
            ..terms(Format::RoundRobin)
        },
    );
    let games = started(&start(&w, id).after);
    assert_eq!(games.len(), 2);
    let t = event(&w, id);
    let m = w.svc.snapshot(games[0]).unwrap();
    let (guesser, grabber) = (m.players.black, m.players.white);
    assert!(
        m.in_nigiri(),
        "an even game of a nigiri event opens with it"
    );
    assert_eq!(m.awaited(), Some(guesser), "the guesser is pinged");
    // No move, no wrong guesser, no choice before the guess; nothing changes.
    assert_eq!(
        w.play_on(guesser, "E5", board(&m)).unwrap_err().refusal(),
        Some(&Refusal::NigiriFirst)
    );
    assert_eq!(
        guess(&w, m.id, grabber, true, 0).unwrap_err().refusal(),
        Some(&Refusal::NotYourGuess)
    );
    assert_eq!(
        guess(&w, m.id, ERIN, true, 0).unwrap_err().refusal(),
        Some(&Refusal::NotYourGame),
        "a stranger is refused"
    );
    assert_eq!(
        choose(&w, m.id, guesser, Color::Black)
            .unwrap_err()
            .refusal(),
        Some(&Refusal::NigiriGuessFirst)
    );
    assert_eq!(w.svc.snapshot(m.id).unwrap(), m);
    // The hand holds 4 stones (random 3): even. The guess "odd" is wrong: the grabber chooses.
    let o = guess(&w, m.id, guesser, true, 3).unwrap();
    assert!(o.events.iter().any(|e| matches!(
        e,
        Event::GameNigiriOpened {
            stage: NigiriStage::Choose {
                stones: 4,
                guess: Parity::Odd
            },
            ..
        }
    )));
    assert_eq!(o.to_move, Some(grabber));
    // The opened hand survives a restart.
    w.restart();
    let m = w.svc.snapshot(m.id).unwrap();
    assert_eq!(
        m.nigiri(),
        Some(NigiriStage::Choose {
            stones: 4,
            guess: Parity::Odd
        })
    );
    assert_eq!(
        choose(&w, m.id, guesser, Color::Black)
            .unwrap_err()
            .refusal(),
        Some(&Refusal::NotYourChoice)
    );
    // The grabber takes Black: the colours swap, and so does the event's board.
    let o = choose(&w, m.id, grabber, Color::Black).unwrap();
    assert_eq!(o.to_move, Some(grabber));
    let m = w.svc.snapshot(m.id).unwrap();
    assert_eq!((m.players.black, m.players.white), (grabber, guesser));
    let t2 = event(&w, id);
    let g = t2.games.iter().find(|g| g.match_id == Some(m.id)).unwrap();
    let Board::Game(p) = g.place else {
        unreachable!()
    };
    assert_eq!(t2.entries[p.black].user, grabber);
    assert_eq!(t2.entries[p.white].user, guesser);
    // The colours stay swapped after a restart, in the game and on the event's board.
    w.restart();
    let m = w.svc.snapshot(m.id).unwrap();
    assert_eq!((m.players.black, m.players.white), (grabber, guesser));
    // Play starts: Black (the grabber) moves, and winning as Black is the grabber's win.
    w.play_on(grabber, "E5", board(&m)).unwrap();
    let m = w.svc.snapshot(m.id).unwrap();
    w.play_on(guesser, "C3", board(&m)).unwrap();
    resign(&w, m.id, guesser);
    let t3 = event(&w, id);
    let g = t3.games.iter().find(|g| g.match_id == Some(m.id)).unwrap();
    let Board::Game(p) = g.place else {
        unreachable!()
    };
    assert_eq!(
        g.result.map(|r| r.0).and_then(|o| o.winner(p)),
        t.seat_of(grabber)
    );
}

#[rstest]
fn a_guesser_who_never_guesses_loses_by_absence_when_the_start_window_closes(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = four_players(
        &w,
        EventOptions {
            colours: Some(ColourRule::Nigiri),
            ..terms(Format::RoundRobin)
        },
    );
    let games = started(&start(&w, id).after);
    let m = w.svc.snapshot(games[0]).unwrap();
    let guesser = m.players.black;
    // The turn timeout passes with no automatic pass: no turn runs during the nigiri.
    let fired = w.advance(100 * SEC);
    assert!(
        !fired
            .iter()
            .flat_map(|o| &o.events)
            .any(|e| matches!(e, Event::Moved { .. })),
        "{fired:?}"
    );
    assert!(w.svc.snapshot(m.id).unwrap().in_nigiri());
    let fired = w.advance(20 * SEC);
    let ending = fired
        .iter()
        .flat_map(|o| &o.events)
        .find_map(|e| match e {
            Event::Ended {
                match_id, ending, ..
            } if *match_id == m.id => Some(*ending),
            _ => None,
        })
        .expect("the window closed");
    assert_eq!(
        ending,
        Ending::Finished {
            result: GameResult::Forfeit {
                winner: Color::White
            },
            reason: EndReason::Absence,
        }
    );
    let t = event(&w, id);
    assert_eq!(t.entries[t.seat_of(guesser).unwrap()].absences, 1);
}

#[rstest]
fn a_handicap_game_of_a_nigiri_event_keeps_the_weaker_player_black(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    for (u, r) in [(ALICE, "5k"), (BOB, "1k")] {
        w.state_rank(GUILD, u, r).unwrap();
    }
    let id = create(
        &w,
        EventOptions {
            colours: Some(ColourRule::Nigiri),
            handicap: Some(tengen::game::events::HandicapPolicy::ByRank),
            ..terms(Format::RoundRobin)
        },
    );
    for u in [ALICE, BOB] {
        join(&w, id, u).unwrap();
    }
    let games = started(&start(&w, id).after);
    let m = w.svc.snapshot(games[0]).unwrap();
    assert!(!m.in_nigiri(), "a handicap game has its colours by rank");
    assert_eq!(m.players.black, ALICE, "the weaker player takes Black");
}
