//! Team games through the service (SPEC §11, 赛式): pair Go's order through passes and
//! captures, with each refusal; consultation votes decided by a majority, by everyone having
//! voted, by the window (a tie, no vote, resigning), a member who left the role, and a
//! restart while a vote is open. A fake clock; a real database file.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::invitation::InviteRequest;
use tengen::game::teams::votes::Choice;
use tengen::game::teams::{Side, is_team_seat};
use tengen::game::{
    BoardRef, Command, EndReason, Ending, Event, InvitationId, InvitationRef, InviteOptions,
    MatchId, Outcome, PairRequest, Refusal, Subject, TeamGameRequest, UserId,
};
use tengen::go::{ByColor, Color, GameResult, Move, RuleSet};
use tengen::service::Failure;

const DAVE: UserId = UserId(400);
const ERIN: UserId = UserId(500);
const FRED: UserId = UserId(600);
const GINA: UserId = UserId(700);
const MOD: UserId = UserId(900);
const BOT: UserId = UserId(999);
const DRAGONS: u64 = 77;

fn pair_invite(w: &World) -> Result<Outcome, Failure> {
    // Alice and Carol invite Bob and Dave.
    w.apply(Command::InvitePair {
        request: Box::new(PairRequest {
            who: InviteRequest {
                guild: GUILD,
                channel: CHANNEL,
                inviter: ALICE,
                invitee: BOB,
                invitee_is_bot: false,
            },
            partner: CAROL,
            opponent_partner: DAVE,
            partners_are_bots: false,
        }),
        options: InviteOptions {
            size: Some(9),
            rules: Some(RuleSet::Chinese),
            ..InviteOptions::default()
        },
    })
}

fn accept(w: &World, by: UserId, id: InvitationId) -> Result<Outcome, Failure> {
    w.apply(Command::Accept {
        by,
        invitation: InvitationRef::Id(id),
    })
}

fn board(w: &World, id: MatchId) -> BoardRef {
    BoardRef {
        match_id: id,
        move_number: w.svc.snapshot(id).unwrap().move_count(),
    }
}

/// A pair Go game of Bob & Dave (Black) against Alice & Carol (White).
fn pair_game(w: &World) -> MatchId {
    let Subject::Invitation(inv) = pair_invite(w).unwrap().subject else {
        panic!()
    };
    accept(w, BOB, inv).unwrap();
    accept(w, CAROL, inv).unwrap();
    match accept(w, DAVE, inv).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    }
}

#[rstest]
fn a_pair_go_invitation_starts_once_all_three_invited_have_accepted(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let o = pair_invite(&w).unwrap();
    let Subject::Invitation(inv) = o.subject else {
        panic!()
    };
    // Alice is not one of the invited; a stranger neither.
    assert_eq!(
        accept(&w, ALICE, inv).unwrap_err().refusal(),
        Some(&Refusal::NotForYou)
    );
    assert_eq!(
        accept(&w, ERIN, inv).unwrap_err().refusal(),
        Some(&Refusal::NotForYou)
    );
    let o = accept(&w, BOB, inv).unwrap();
    assert!(matches!(o.events.as_slice(), [Event::PairAccepted(_)]));
    assert_eq!(
        accept(&w, BOB, inv).unwrap_err().refusal(),
        Some(&Refusal::InvitationAlreadyAccepted)
    );
    accept(&w, DAVE, inv).unwrap();
    let o = accept(&w, CAROL, inv).unwrap();
    let Subject::Match(id) = o.subject else {
        panic!("the third acceptance starts the game: {o:?}")
    };
    let m = w.svc.snapshot(id).unwrap();
    // The ones invited play Black: Bob is Black 1, Alice White 1.
    assert_eq!(
        m.players,
        ByColor {
            black: BOB,
            white: ALICE
        }
    );
    assert_eq!(o.to_move, Some(BOB));
    assert!(!m.config.ranked);
    // Everyone is in a game now.
    assert_eq!(
        w.invite(CAROL, ERIN).unwrap_err().refusal(),
        Some(&Refusal::YouAreBusy)
    );
}

#[rstest]
fn a_pair_go_invitation_refuses_what_a_pair_game_cannot_be(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let bad = |partner, opponent_partner, options: InviteOptions| {
        w.apply(Command::InvitePair {
            request: Box::new(PairRequest {
                who: InviteRequest {
                    guild: GUILD,
                    channel: CHANNEL,
                    inviter: ALICE,
                    invitee: BOB,
                    invitee_is_bot: false,
                },
                partner,
                opponent_partner,
                partners_are_bots: false,
            }),
            options,
        })
        .unwrap_err()
        .refusal()
        .cloned()
    };
    assert_eq!(
        bad(BOB, DAVE, InviteOptions::default()),
        Some(Refusal::BadTeams),
        "someone twice"
    );
    let handicap = InviteOptions {
        handicap: Some(2),
        ..InviteOptions::default()
    };
    assert_eq!(bad(CAROL, DAVE, handicap), Some(Refusal::NotForTeamGames));
    let ranked = InviteOptions {
        ranked: Some(true),
        ..InviteOptions::default()
    };
    assert_eq!(bad(CAROL, DAVE, ranked), Some(Refusal::NotForTeamGames));
    // A partner already playing.
    w.start(ERIN, CAROL);
    assert_eq!(
        bad(CAROL, DAVE, InviteOptions::default()),
        Some(Refusal::TheyAreBusy)
    );
}

#[rstest]
fn pair_go_follows_black_1_white_1_black_2_white_2_through_passes_and_captures(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = pair_game(&w);
    // Black 1 Bob, White 1 Alice, Black 2 Dave, White 2 Carol.
    let order = [BOB, ALICE, DAVE, CAROL];
    // A partner out of turn is refused, and so is the other side.
    assert_eq!(
        w.play_on(DAVE, "E5", board(&w, id)).unwrap_err().refusal(),
        Some(&Refusal::PartnersMove)
    );
    assert_eq!(
        w.play_on(CAROL, "E5", board(&w, id)).unwrap_err().refusal(),
        Some(&Refusal::NotYourTurn)
    );
    assert_eq!(
        w.play_on(ERIN, "E5", board(&w, id)).unwrap_err().refusal(),
        Some(&Refusal::NotYourGame)
    );
    // A capture in the corner: White's A1 stone is taken by Black at B1... on move 8.
    //   . . .        Black: B2(1st) A2(3rd) B1(5th)  — with White's A1 captured.
    //   X X .
    //   O X .
    let script = ["B2", "A1", "A2", "J9", "B1", "H9"];
    for (k, point) in script.iter().enumerate() {
        let who = order[k % 4];
        let o = w.play_on(who, point, board(&w, id)).unwrap();
        let next = order[(k + 1) % 4];
        assert_eq!(o.to_move, Some(next), "after move {} by {who:?}", k + 1);
    }
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.game.captures().black, 1, "A1 was captured");
    // Move 7 is Dave's (Black 2): his partner passes for the side instead.
    let o = w
        .apply(Command::Pass {
            by: BOB,
            board: Some(board(&w, id)),
            game: None,
        })
        .unwrap();
    // The pass was Black's 4th move: White 4th (Carol) next, then Black 5th: Bob.
    assert_eq!(o.to_move, Some(CAROL));
    w.play_on(CAROL, "G9", board(&w, id)).unwrap();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.player_to_move(), BOB);
    assert_eq!(m.played_by.get(6), Some(&Some(BOB)), "who passed is kept");
    // Either player of a side resigns for it: two presses by Dave.
    for _ in 0..2 {
        w.apply(Command::Resign {
            by: DAVE,
            match_id: Some(id),
        })
        .unwrap();
    }
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert_eq!(
        m.ending(),
        Some(Ending::Finished {
            result: GameResult::Resignation {
                winner: Color::White
            },
            reason: EndReason::Resignation
        })
    );
    // No merit, no record on a profile.
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().wins, 0);
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().losses, 0);
    // The record names both players of each side, and who played each move.
    let names: Vec<(UserId, String)> = [
        (BOB, "Bob"),
        (DAVE, "Dave"),
        (ALICE, "Alice"),
        (CAROL, "Carol"),
    ]
    .into_iter()
    .map(|(u, n)| (u, n.to_owned()))
    .collect();
    let words = tengen::service::RecordWords {
        automatic_pass: "auto".into(),
        pass: "pass".into(),
        resign: "resign".into(),
    };
    let sgf = w.svc.sgf(GUILD, id, &names, &words).unwrap();
    assert!(sgf.contains("PB[Bob & Dave]"), "{sgf}");
    assert!(sgf.contains("PW[Alice & Carol]"), "{sgf}");
    assert!(sgf.contains("C[Dave]"), "{sgf}");
    assert!(
        sgf.contains("B[]C[Bob]"),
        "the pass says who made it: {sgf}"
    );
}

#[rstest]
fn pair_go_s_order_and_its_movers_survive_a_restart(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = pair_game(&w);
    w.play_on(BOB, "E5", board(&w, id)).unwrap();
    w.play_on(ALICE, "D4", board(&w, id)).unwrap();
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.player_to_move(), DAVE);
    assert_eq!(m.played_by, vec![Some(BOB), Some(ALICE)]);
    assert_eq!(
        w.play_on(BOB, "C3", board(&w, id)).unwrap_err().refusal(),
        Some(&Refusal::PartnersMove)
    );
    w.play_on(DAVE, "C3", board(&w, id)).unwrap();
}

/// A consultation between two listed teams of three: Alice, Bob, Carol (Black) against Dave,
/// Erin, Fred (White), a minute a move.
fn consultation(w: &World) -> MatchId {
    let o = w
        .apply(Command::TeamGame(Box::new(TeamGameRequest {
            guild: GUILD,
            channel: CHANNEL,
            by: MOD,
            moderator: true,
            sides: ByColor {
                black: Some(Side::members(vec![ALICE, BOB, CAROL])),
                white: Some(Side::members(vec![DAVE, ERIN, FRED])),
            },
            computer: None,
            options: InviteOptions {
                size: Some(9),
                rules: Some(RuleSet::Chinese),
                ..InviteOptions::default()
            },
            window: ms(60 * SEC),
        })))
        .unwrap();
    match o.subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    }
}

fn vote(
    w: &World,
    by: UserId,
    roles: &[u64],
    id: MatchId,
    choice: Choice,
) -> Result<Outcome, Failure> {
    let n = w.svc.snapshot(id).map(|m| m.move_count());
    w.apply(Command::Vote {
        by,
        roles: roles.to_vec(),
        game: id,
        board: n,
        choice,
    })
}

fn point(s: &str) -> Choice {
    Choice::Play(s.parse().unwrap())
}

fn last_move(w: &World, id: MatchId) -> Option<(Color, Move)> {
    w.svc.load_match(id).unwrap().unwrap().game.last_move()
}

#[rstest]
fn a_majority_of_the_team_plays_its_move_at_once(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = consultation(&w);
    let m = w.svc.snapshot(id).unwrap();
    assert!(is_team_seat(m.players.black) && is_team_seat(m.players.white));
    assert_eq!(
        m.awaited(),
        None,
        "a team is told in its thread, not pinged as a player"
    );
    vote(&w, ALICE, &[], id, point("E5")).unwrap();
    assert_eq!(last_move(&w, id), None, "one of three is no majority");
    let o = vote(&w, BOB, &[], id, point("E5")).unwrap();
    assert!(o.events.iter().any(|e| matches!(
        e,
        Event::VoteClosed { choice, .. } if *choice == point("E5")
    )));
    assert_eq!(
        last_move(&w, id),
        Some((Color::Black, Move::Play("E5".parse().unwrap())))
    );
    // The votes of that move are over: Carol's late vote is for a move already played.
    assert_eq!(
        w.apply(Command::Vote {
            by: CAROL,
            roles: vec![],
            game: id,
            board: Some(0),
            choice: point("D4"),
        })
        .unwrap_err()
        .refusal(),
        Some(&Refusal::NotYourTeamsTurn)
    );
    // White's team: Dave votes on a board drawn before Black's move closed.
    assert_eq!(
        w.apply(Command::Vote {
            by: DAVE,
            roles: vec![],
            game: id,
            board: Some(0),
            choice: point("D4"),
        })
        .unwrap_err()
        .refusal(),
        Some(&Refusal::VoteClosed)
    );
    // A stranger and the other team are refused; nothing changes.
    let before = w.svc.snapshot(id).unwrap();
    assert_eq!(
        vote(&w, GINA, &[], id, point("D4")).unwrap_err().refusal(),
        Some(&Refusal::NotOnTeam)
    );
    assert_eq!(
        vote(&w, ALICE, &[], id, point("D4")).unwrap_err().refusal(),
        Some(&Refusal::NotYourTeamsTurn)
    );
    assert_eq!(
        vote(&w, DAVE, &[], id, point("E5")).unwrap_err().refusal(),
        Some(&Refusal::Illegal(tengen::go::IllegalMove::Occupied)),
        "an occupied point"
    );
    assert_eq!(w.svc.snapshot(id).unwrap(), before);
    // A member cannot play directly; they vote.
    assert_eq!(
        w.play_on(DAVE, "D4", board(&w, id)).unwrap_err().refusal(),
        Some(&Refusal::VoteOnTeamBoard)
    );
}

#[rstest]
fn when_the_window_closes_the_most_voted_wins_a_tie_goes_to_the_first_and_no_vote_is_a_pass(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = consultation(&w);
    // Alice E5 at 1 s, Bob D4 at 2 s, Carol changes nothing: a tie of one each, E5 first.
    w.clock.advance(ms(SEC));
    vote(&w, ALICE, &[], id, point("E5")).unwrap();
    w.clock.advance(ms(SEC));
    vote(&w, BOB, &[], id, point("D4")).unwrap();
    let fired = w.advance(58 * SEC);
    assert!(
        fired
            .iter()
            .flat_map(|o| &o.events)
            .any(|e| matches!(e, Event::VoteClosed { tally, .. } if tally.len() == 2)),
        "{fired:?}"
    );
    assert_eq!(
        last_move(&w, id),
        Some((Color::Black, Move::Play("E5".parse().unwrap())))
    );
    // White's window closes with no vote: a pass (automatic, as for a player away).
    w.advance(60 * SEC);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.game.last_move(), Some((Color::White, Move::Pass)));
    assert_eq!(m.automatic.last(), Some(&true));
    // One resign vote of three is no majority: Black's next move is Bob's point.
    vote(&w, ALICE, &[], id, Choice::Resign).unwrap();
    vote(&w, BOB, &[], id, point("C3")).unwrap();
    w.advance(60 * SEC);
    assert_eq!(
        last_move(&w, id),
        Some((Color::Black, Move::Play("C3".parse().unwrap())))
    );
    // Two of three vote to resign: White's team resigns at once.
    vote(&w, DAVE, &[], id, Choice::Resign).unwrap();
    vote(&w, ERIN, &[], id, Choice::Resign).unwrap();
    let m = w.svc.load_match(id).unwrap().unwrap();
    assert_eq!(
        m.ending(),
        Some(Ending::Finished {
            result: GameResult::Resignation {
                winner: Color::Black
            },
            reason: EndReason::Resignation
        })
    );
    // The record carries how each move was voted.
    let words = tengen::service::RecordWords {
        automatic_pass: "no vote".into(),
        pass: "pass".into(),
        resign: "resign".into(),
    };
    let sgf = w.svc.sgf(GUILD, id, &[], &words).unwrap();
    assert!(sgf.contains("C[E5 1 · D4 1]"), "{sgf}");
    assert!(sgf.contains("C[no vote]"), "{sgf}");
    // Alice's resign vote came first: of equal counts, it is named first.
    assert!(sgf.contains("C[resign 1 · C3 1]"), "{sgf}");
}

#[rstest]
fn everyone_having_voted_closes_the_vote_before_the_window(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = consultation(&w);
    vote(&w, ALICE, &[], id, point("E5")).unwrap();
    vote(&w, BOB, &[], id, point("D4")).unwrap();
    // Carol changes her mind twice: her last vote counts, and the three have voted.
    vote(&w, CAROL, &[], id, point("C3")).unwrap();
    assert_eq!(
        last_move(&w, id),
        Some((Color::Black, Move::Play("E5".parse().unwrap()))),
        "three different points: the first to reach one vote"
    );
}

/// A role's team (the Dragons) against the computer.
fn role_against_computer(w: &World) -> MatchId {
    let o = w
        .apply(Command::TeamGame(Box::new(TeamGameRequest {
            guild: GUILD,
            channel: CHANNEL,
            by: MOD,
            moderator: true,
            sides: ByColor {
                black: Some(Side::role(DRAGONS)),
                white: None,
            },
            computer: Some((BOT, None)),
            options: InviteOptions {
                size: Some(9),
                ..InviteOptions::default()
            },
            window: ms(30 * SEC),
        })))
        .unwrap();
    match o.subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    }
}

#[rstest]
fn a_role_s_team_learns_its_members_by_their_votes_and_one_who_left_the_role_is_refused(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let id = role_against_computer(&w);
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.players.white, BOT);
    assert!(m.computer.is_some());
    // No one known yet: a vote does not decide at once; the window does.
    vote(&w, ALICE, &[DRAGONS], id, point("E5")).unwrap();
    assert_eq!(last_move(&w, id), None);
    assert_eq!(
        vote(&w, BOB, &[3], id, point("E5")).unwrap_err().refusal(),
        Some(&Refusal::NotOnTeam),
        "Bob does not hold the role"
    );
    w.advance(30 * SEC);
    assert_eq!(
        last_move(&w, id),
        Some((Color::Black, Move::Play("E5".parse().unwrap())))
    );
    // The computer answers as a player does.
    w.apply(Command::Play {
        by: BOT,
        point: "C3".parse().unwrap(),
        board: Some(board(&w, id)),
    })
    .unwrap();
    // Alice is known now: her vote alone is everyone's, and decides at once.
    vote(&w, ALICE, &[DRAGONS], id, point("G7")).unwrap();
    assert_eq!(
        last_move(&w, id),
        Some((Color::Black, Move::Play("G7".parse().unwrap())))
    );
    w.apply(Command::Play {
        by: BOT,
        point: "C7".parse().unwrap(),
        board: Some(board(&w, id)),
    })
    .unwrap();
    // She left the role: her vote is refused, and the state is as it was.
    let before = w.svc.snapshot(id).unwrap();
    assert_eq!(
        vote(&w, ALICE, &[], id, point("G3")).unwrap_err().refusal(),
        Some(&Refusal::NotOnTeam)
    );
    assert_eq!(w.svc.snapshot(id).unwrap(), before);
    // Bob joins the role: two known, his one vote is no majority.
    vote(&w, BOB, &[DRAGONS], id, point("G3")).unwrap();
    assert_eq!(
        last_move(&w, id),
        Some((Color::White, Move::Play("C7".parse().unwrap())))
    );
}

#[rstest]
fn votes_in_progress_survive_a_restart_and_the_window_counts_on_from_where_it_stood(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let id = consultation(&w);
    w.clock.advance(ms(20 * SEC));
    vote(&w, ALICE, &[], id, point("E5")).unwrap();
    let deadline = w.svc.snapshot(id).unwrap().turn_deadline;
    // The bot is down for 100 s (it said it was alive at the vote).
    w.svc.mark_alive(w.now()).unwrap();
    w.clock.advance(ms(100 * SEC));
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.ballot.len(), 1, "Alice's vote is kept");
    assert_eq!(
        m.turn_deadline,
        deadline + ms(100 * SEC),
        "40 s of the window left"
    );
    // Bob's vote makes the majority with Alice's.
    vote(&w, BOB, &[], id, point("E5")).unwrap();
    assert_eq!(
        last_move(&w, id),
        Some((Color::Black, Move::Play("E5".parse().unwrap())))
    );
}

#[rstest]
fn team_games_are_started_by_moderators_unless_the_server_lets_everyone(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let request = |moderator| {
        Command::TeamGame(Box::new(TeamGameRequest {
            guild: GUILD,
            channel: CHANNEL,
            by: ALICE,
            moderator,
            sides: ByColor {
                black: Some(Side::members(vec![ALICE])),
                white: Some(Side::members(vec![BOB, CAROL])),
            },
            computer: None,
            options: InviteOptions::default(),
            window: ms(60 * SEC),
        }))
    };
    assert_eq!(w.refusal(request(false)), Refusal::TeamGamesByModerators);
    w.set_setting(GUILD, true, "team-games-for-everyone", "true")
        .unwrap();
    let o = w.apply(request(false)).unwrap();
    let Subject::Match(id) = o.subject else {
        panic!()
    };
    // One person against a team: her one vote decides.
    vote(&w, ALICE, &[], id, point("E5")).unwrap();
    assert!(last_move(&w, id).is_some());
    // Bad sides: a person on both, an empty list, the same role twice.
    let bad = |black: Side, white: Side| {
        w.refusal(Command::TeamGame(Box::new(TeamGameRequest {
            guild: GUILD,
            channel: CHANNEL,
            by: MOD,
            moderator: true,
            sides: ByColor {
                black: Some(black),
                white: Some(white),
            },
            computer: None,
            options: InviteOptions::default(),
            window: ms(60 * SEC),
        })))
    };
    assert_eq!(
        bad(Side::members(vec![DAVE]), Side::members(vec![DAVE, ERIN])),
        Refusal::BadTeams
    );
    assert_eq!(
        bad(Side::members(vec![]), Side::members(vec![ERIN])),
        Refusal::BadTeams
    );
    assert_eq!(bad(Side::role(5), Side::role(5)), Refusal::BadTeams);
}
