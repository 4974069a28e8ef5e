//! Ranked play through the match service: a ranked game that finished moves both ratings in
//! the transaction of its result (and survives a restart); an unranked, abandoned or annulled
//! one moves nothing; the server's `ranked-default`; a handicap softens the update.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::Standing;
use tengen::game::rating::{Rank, rank_value};
use tengen::game::{Colours, ColoursWhy, Command, GuildId, InviteOptions, Subject, UserId};
use tengen::go::Color;
use tengen::service::{Leaderboard, Ranking};

const DAVE: UserId = UserId(400);

fn ranked(yes: bool) -> InviteOptions {
    InviteOptions {
        ranked: Some(yes),
        ..InviteOptions::default()
    }
}

/// `inviter` invites `invitee` with `options`, who accepts and plays Black.
fn start_with(w: &World, inviter: UserId, invitee: UserId, options: InviteOptions) -> u64 {
    w.invite_with(inviter, invitee, options).unwrap();
    match w.accept(invitee, inviter).unwrap().subject {
        Subject::Match(id) => id.get() as u64,
        s => panic!("{s:?}"),
    }
}

fn resign(w: &World, who: UserId) {
    // Resign is pressed twice.
    w.resign(who).unwrap();
    w.resign(who).unwrap();
    assert!(w.svc.match_of(who).is_none(), "the game ended");
}

#[rstest]
fn a_ranked_game_moves_both_ratings_and_survives_a_restart(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    start_with(&w, ALICE, BOB, ranked(true));
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "D5").unwrap();
    resign(&w, ALICE);

    let bob = w
        .svc
        .profile(GUILD, BOB)
        .unwrap()
        .standing
        .expect("Bob is rated");
    let alice = w
        .svc
        .profile(GUILD, ALICE)
        .unwrap()
        .standing
        .expect("Alice is rated");
    assert!(
        bob.rating > 1500.0 && alice.rating < 1500.0,
        "{bob:?} {alice:?}"
    );
    assert!(
        (bob.rating - 1500.0 - (1500.0 - alice.rating)).abs() < 1e-6,
        "equal players move by the same amount"
    );
    assert!(bob.deviation < 350.0 && bob.provisional);
    assert_eq!((bob.games, bob.wins, bob.losses, bob.streak), (1, 1, 0, 1));
    assert_eq!(
        (alice.games, alice.wins, alice.losses, alice.streak),
        (1, 0, 1, -1)
    );
    // 1500 is 6 kyu; a new player's first game moves their rating by about 160 points, and a
    // provisional rating's rank follows it at once.
    assert_eq!(alice.rank, Rank::of(rank_value(alice.rating)));
    assert_eq!(alice.rank.to_string(), "9 kyu", "{alice:?}");
    assert_eq!(bob.rank.to_string(), "4 kyu", "{bob:?}");

    w.restart();
    assert_eq!(w.svc.profile(GUILD, BOB).unwrap().standing, Some(bob));
    // The record carries the ranks.
    let id = w.svc.recent_games(GUILD, BOB, 1).unwrap()[0].id;
    let sgf = record(&w.svc, GUILD, id, ["Bob", "Alice"], "auto").unwrap();
    assert!(sgf.contains("BR[4k]") && sgf.contains("WR[9k]"), "{sgf}");

    // A second win: the streak grows.
    start_with(&w, ALICE, BOB, ranked(true));
    resign(&w, ALICE);
    let bob2 = w.svc.profile(GUILD, BOB).unwrap().standing.unwrap();
    assert_eq!((bob2.games, bob2.streak), (2, 2));
    assert!(bob2.rating > bob.rating);
}

#[rstest]
fn unranked_abandoned_and_annulled_games_move_nothing(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // Unranked, finished.
    start_with(&w, ALICE, BOB, ranked(false));
    resign(&w, ALICE);
    // Ranked, abandoned: both players away for two turns.
    start_with(&w, ALICE, BOB, ranked(true));
    w.play(BOB, "E5").unwrap();
    w.play(ALICE, "D5").unwrap();
    w.advance(360 * SEC);
    assert!(w.svc.match_of(ALICE).is_none(), "abandoned");
    // Ranked, annulled by a moderator.
    let id = start_with(&w, CAROL, DAVE, ranked(true));
    w.apply(Command::Annul {
        guild: GUILD,
        by: ALICE,
        moderator: true,
        match_id: tengen::game::MatchId(id as i64),
    })
    .unwrap();
    for p in [ALICE, BOB, CAROL, DAVE] {
        assert_eq!(w.svc.profile(GUILD, p).unwrap().standing, None, "{p:?}");
    }
}

#[rstest]
fn the_servers_default_decides_when_the_invitation_does_not_say(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    start_with(&w, ALICE, BOB, InviteOptions::default());
    resign(&w, ALICE);
    assert_eq!(
        w.svc.profile(GUILD, BOB).unwrap().standing,
        None,
        "off by default"
    );
    w.set_setting(GUILD, true, "ranked-default", "true")
        .unwrap();
    start_with(&w, ALICE, BOB, InviteOptions::default());
    resign(&w, ALICE);
    assert!(w.svc.profile(GUILD, BOB).unwrap().standing.is_some());
}

#[rstest]
fn a_win_with_handicap_stones_is_worth_less(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    start_with(&w, ALICE, BOB, ranked(true));
    resign(&w, ALICE);
    let even = w.svc.profile(GUILD, BOB).unwrap().standing.unwrap().rating - 1500.0;
    let stones = InviteOptions {
        handicap: Some(3),
        ..ranked(true)
    };
    start_with(&w, CAROL, DAVE, stones);
    resign(&w, CAROL);
    let with_stones = w.svc.profile(GUILD, DAVE).unwrap().standing.unwrap().rating - 1500.0;
    assert!(
        with_stones > 0.0 && with_stones < even,
        "{with_stones} < {even}"
    );
}

#[rstest]
fn a_ranked_game_takes_its_handicap_from_the_rank_difference_and_the_weaker_plays_black(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // Equal new players: an even game.
    let o = w.invite_with(ALICE, BOB, ranked(true)).unwrap();
    let even = invited_terms(&o);
    assert_eq!((even.handicap, even.colours), (0, Colours::ACCEPTOR_BLACK));
    w.apply(Command::Cancel {
        by: ALICE,
        invitation: tengen::game::InvitationRef::To {
            guild: GUILD,
            invitee: None,
        },
    })
    .unwrap();
    // Bob wins three ranked games: he climbs, Alice falls.
    for _ in 0..3 {
        start_with(&w, ALICE, BOB, ranked(true));
        resign(&w, ALICE);
    }
    let rank = |u| w.svc.profile(GUILD, u).unwrap().standing.unwrap().rank;
    let gap = f64::from(rank(BOB).0 - rank(ALICE).0);
    assert!(gap >= 6.0, "{:?} {:?}", rank(BOB), rank(ALICE));
    let expected = tengen::game::rating::ranked_handicap(9, gap, 9);
    assert!(expected >= 1);
    // Alice, the weaker, invites: she takes Black (and the stones), though she invited.
    let o = w.invite_with(ALICE, BOB, ranked(true)).unwrap();
    let t = invited_terms(&o);
    let lower_rank = Colours {
        inviter: Color::Black,
        why: ColoursWhy::LowerRank,
    };
    assert_eq!((t.handicap, t.colours), (expected, lower_rank));
    assert_eq!(t.komi, tengen::go::handicap_komi(t.rules, expected));
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!((m.players.black, m.players.white), (ALICE, BOB));
    assert_eq!(m.config.handicap, expected);
    resign(&w, BOB);
    // Asking for a handicap (or a komi) turns the automatic one off.
    let o = w
        .invite_with(
            BOB,
            ALICE,
            InviteOptions {
                handicap: Some(0),
                ..ranked(true)
            },
        )
        .unwrap();
    assert_eq!(invited_terms(&o).handicap, 0);
}

fn invited_terms(o: &tengen::game::Outcome) -> tengen::game::Terms {
    o.events
        .iter()
        .find_map(|e| match e {
            tengen::game::Event::Invited(inv) => Some(inv.terms),
            _ => None,
        })
        .expect("an invitation")
}

#[rstest]
fn a_starting_rank_is_stated_once_before_the_first_ranked_game(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    use tengen::game::Refusal;
    use tengen::service::Failure;
    let Some(w) = World::on(backend) else {
        return;
    };
    let refused = |r: Result<tengen::game::Standing, Failure>| match r {
        Err(Failure::Refused(r)) => r,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refused(w.state_rank(GUILD, ALICE, "4d")),
        Refusal::RankNotAllowed
    );
    assert_eq!(
        refused(w.state_rank(GUILD, ALICE, "strong")),
        Refusal::RankNotAllowed
    );
    let s = w.state_rank(GUILD, ALICE, "2d").unwrap();
    assert_eq!(s.rank.to_string(), "2 dan");
    assert!(s.provisional && s.games == 0);
    assert_eq!(
        refused(w.state_rank(GUILD, ALICE, "5k")),
        Refusal::AlreadyRated
    );
    // Bob played a ranked game: he can no longer state one.
    start_with(&w, CAROL, BOB, ranked(true));
    resign(&w, CAROL);
    assert_eq!(
        refused(w.state_rank(GUILD, BOB, "1d")),
        Refusal::AlreadyRated
    );
    // Alice's stated 2 dan against a new 6 kyu, seven ranks apart: on 9×9 (six ranks a
    // stone) that is one stone, a game without komi, Dave taking Black though he invited.
    let o = w.invite_with(DAVE, ALICE, ranked(true)).unwrap();
    let t = invited_terms(&o);
    assert_eq!(
        (
            t.handicap,
            t.colours.inviter,
            t.colours.why,
            t.komi.to_string()
        ),
        (1, Color::Black, ColoursWhy::LowerRank, "0.5".into())
    );
    assert_eq!(w.svc.profile(GUILD, ALICE).unwrap().standing, Some(s));
}

/// A page of the leaderboard by rating.
fn rating_page(w: &World, guild: GuildId, limit: u32, offset: u32) -> Vec<(UserId, Standing)> {
    match w
        .svc
        .leaderboard(guild, Ranking::Rating, limit, offset)
        .unwrap()
    {
        Leaderboard::Rating(page) => page,
        other => panic!("{other:?}"),
    }
}

#[rstest]
fn the_leaderboard_by_rating_lists_rated_players_best_first_a_page_at_a_time(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // Alice beats Bob twice and Carol once; Carol beats Bob; Dave only states a rank.
    for (winner, loser) in [(ALICE, BOB), (ALICE, BOB), (ALICE, CAROL), (CAROL, BOB)] {
        start_with(&w, loser, winner, ranked(true));
        resign(&w, loser);
    }
    w.state_rank(GUILD, DAVE, "1d").unwrap();
    let board = rating_page(&w, GUILD, 10, 0);
    let order: Vec<UserId> = board.iter().map(|(u, _)| *u).collect();
    assert_eq!(order, [ALICE, CAROL, BOB], "{board:?}");
    assert!(board.windows(2).all(|p| p[0].1.rating >= p[1].1.rating));
    assert_eq!(board[0].1.wins, 3);
    // A stated rank is no place on the board until a ranked game is finished.
    assert!(board.iter().all(|(u, _)| *u != DAVE));
    // Pages: two, then the rest, then nothing.
    let first = rating_page(&w, GUILD, 2, 0);
    let rest = rating_page(&w, GUILD, 2, 2);
    assert_eq!(first.len(), 2);
    assert_eq!(rest.iter().map(|(u, _)| *u).collect::<Vec<_>>(), [BOB]);
    assert!(rating_page(&w, GUILD, 2, 4).is_empty());
    // Another server has its own.
    assert!(rating_page(&w, tengen::game::GuildId(GUILD.get() + 1), 10, 0).is_empty());
}
