//! Handicap games through the match service: the stones in fixed placement (Japanese, Korean,
//! classic) or placed by Black one click each (Chinese, AGA, Ing), White first, the komi of
//! each rule set, refusals that change nothing, a restart, a turn that runs out while placing,
//! and the SGF record.

use crate::common;

use rstest::rstest;

use common::*;
use tengen::game::UserId;
use tengen::game::{InviteOptions, Refusal, Subject, Terms};
use tengen::go::{Board, BoardSize, Color, Komi, RuleSet};
use tengen::service::Failure;

const DAVE: UserId = UserId(400);
const ERIN: UserId = UserId(500);
const FRANK: UserId = UserId(600);

fn komi(text: &str) -> Komi {
    text.parse().unwrap()
}

fn handicap(size: u8, rules: RuleSet, stones: u8) -> InviteOptions {
    InviteOptions {
        size: Some(size),
        rules: Some(rules),
        handicap: Some(stones),
        ..InviteOptions::default()
    }
}

fn terms(o: &tengen::game::Outcome) -> Terms {
    o.events
        .iter()
        .find_map(|e| match e {
            tengen::game::Event::Invited(inv) => Some(inv.terms),
            _ => None,
        })
        .expect("an invitation")
}

fn allow_every_size(w: &World) {
    w.set_setting(GUILD, true, "allowed-sizes", "7,9,13,19")
        .unwrap();
}

#[rstest]
fn black_gets_the_stones_and_white_moves_first(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let o = w
        .invite_with(ALICE, BOB, handicap(9, RuleSet::Japanese, 4))
        .unwrap();
    assert_eq!(
        terms(&o),
        Terms {
            size: BoardSize::NINE,
            rules: RuleSet::Japanese,
            komi: komi("0.5"),
            handicap: 4,
            ranked: false,
            colours: tengen::game::Colours::ACCEPTOR_BLACK,
            time: tengen::game::time_control::TimeControl::Turn,
        },
        "territory counting gives no compensation"
    );
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(
        m.players.black, BOB,
        "the one who accepted takes the stones"
    );
    let start = Board::from_diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X . . . X . .
        . . . . . . . . .
        . . . . . . . . .",
    )
    .unwrap();
    assert_eq!(m.game.board(), &start);
    assert_eq!(m.game.to_move(), Color::White);
    assert_eq!(m.player_to_move(), ALICE);

    // Black may not move first; the refusal changes nothing.
    assert!(matches!(
        w.play(BOB, "E5"),
        Err(Failure::Refused(Refusal::NotYourTurn))
    ));
    w.play(ALICE, "E5").unwrap();
    w.play(BOB, "D5").unwrap();

    // A restart replays the moves on the stones.
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.config.handicap, 4);
    assert_eq!(m.game.moves().len(), 2);
    assert_eq!(m.game.board().stone_counts().black, 5);
    assert_eq!(m.game.to_move(), Color::White);

    let sgf = record(&w.svc, GUILD, id, ["Bob", "Alice"], "auto").unwrap();
    for prop in [
        "HA[4]",
        "KM[0.5]",
        "RU[Japanese]",
        "PL[W]",
        "AB[",
        ";W[ee]",
        ";B[de]",
    ] {
        assert!(sgf.contains(prop), "{prop} in {sgf}");
    }
}

#[rstest]
fn each_rule_set_and_size_has_its_komi_and_stones(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    allow_every_size(&w);
    let cases = [
        (RuleSet::Chinese, "0.5", 0),
        (RuleSet::Aga, "0.5", -1),
        (RuleSet::Japanese, "0.5", i32::MIN),
        (RuleSet::Korean, "0.5", i32::MIN),
        (RuleSet::Classic, "0.5", i32::MIN),
        (RuleSet::Ing, "0.5", i32::MIN),
    ];
    let players = [(ALICE, BOB), (CAROL, DAVE), (ERIN, FRANK)];
    let mut k = 0;
    for size in [9u8, 13, 19] {
        for stones in [2u8, 5, 9] {
            for &(rules, base, per_stone_after) in &cases {
                let (inviter, invitee) = players[k % players.len()];
                k += 1;
                let o = w
                    .invite_with(inviter, invitee, handicap(size, rules, stones))
                    .unwrap();
                let t = terms(&o);
                // Chinese: a point a stone; AGA: a point a stone after the first; others none.
                let expected = match per_stone_after {
                    i32::MIN => komi(base),
                    offset => Komi::from_half_points(
                        komi(base).half_points() + 2 * (i32::from(stones) + offset),
                    ),
                };
                assert_eq!(t.komi, expected, "{size}×{size}, {stones} stones, {rules}");
                let id = match w.accept(invitee, inviter).unwrap().subject {
                    Subject::Match(id) => id,
                    s => panic!("{s:?}"),
                };
                if rules.free_handicap() {
                    // Black clicks the stones; here on the fixed points, in their order.
                    let points =
                        tengen::go::fixed_points(BoardSize::new(size).unwrap(), stones).unwrap();
                    for p in points {
                        w.play(invitee, &p.to_string()).unwrap();
                    }
                }
                let m = w.svc.snapshot(id).unwrap();
                assert_eq!(
                    m.game.board().stone_counts().black,
                    u32::from(stones),
                    "{size}×{size}, {stones} stones, {rules}"
                );
                assert_eq!(m.game.to_move(), Color::White);
                assert_eq!(m.game.rules().komi, expected, "played as shown");
                // Resign is pressed twice.
                w.resign(inviter).unwrap();
                w.resign(inviter).unwrap();
                assert!(w.svc.match_of(inviter).is_none(), "the game ended");
            }
        }
    }
}

#[rstest]
fn one_stone_is_no_komi_and_black_first(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let o = w
        .invite_with(ALICE, BOB, handicap(9, RuleSet::Japanese, 1))
        .unwrap();
    assert_eq!((terms(&o).komi, terms(&o).handicap), (komi("0.5"), 1));
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.game.board().stone_counts().black, 0);
    assert_eq!(m.game.to_move(), Color::Black);
}

#[rstest]
fn a_komi_asked_for_wins_over_the_handicap_komi(#[values(Sqlite, Postgres)] backend: Backend) {
    let Some(w) = World::on(backend) else {
        return;
    };
    let options = InviteOptions {
        komi: Some(0.0),
        ..handicap(9, RuleSet::Chinese, 3)
    };
    let o = w.invite_with(ALICE, BOB, options).unwrap();
    assert_eq!((terms(&o).komi, terms(&o).handicap), (komi("0"), 3));
}

#[rstest]
fn stones_the_board_cannot_hold_are_refused_and_nothing_changes(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    // 7×7 holds four stones at most.
    let r = w.refusal(tengen::game::Command::Invite {
        who: tengen::game::invitation::InviteRequest {
            guild: GUILD,
            channel: CHANNEL,
            inviter: ALICE,
            invitee: BOB,
            invitee_is_bot: false,
        },
        options: handicap(7, RuleSet::Chinese, 5),
    });
    assert_eq!(
        r,
        Refusal::HandicapNotPossible {
            stones: 5,
            size: BoardSize::new(7).unwrap(),
            max: 4,
        }
    );
    assert!(w.svc.pending_invitations().is_empty());
    // Five stones on 9×9 are fine.
    w.invite_with(ALICE, BOB, handicap(9, RuleSet::Chinese, 5))
        .unwrap();
    assert_eq!(w.svc.pending_invitations()[0].terms.handicap, 5);
}

#[rstest]
fn under_chinese_rules_black_places_the_stones_where_they_like_then_white_moves(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(mut w) = World::on(backend) else {
        return;
    };
    let o = w
        .invite_with(ALICE, BOB, handicap(9, RuleSet::Chinese, 3))
        .unwrap();
    assert_eq!(
        terms(&o).komi,
        komi("3.5"),
        "Chinese counting gives White a point a stone"
    );
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    let m = w.svc.snapshot(id).unwrap();
    assert!(m.placing());
    assert_eq!(m.game.board().stone_counts().black, 0, "an empty board");
    assert_eq!(m.player_to_move(), BOB, "Black places first");

    // White waits, Black may not pass, and a taken point is refused; nothing changes.
    assert!(matches!(
        w.play(ALICE, "E5"),
        Err(Failure::Refused(Refusal::NotYourTurn))
    ));
    assert!(matches!(
        w.pass(BOB),
        Err(Failure::Refused(Refusal::PlaceHandicapFirst { left: 3 }))
    ));
    w.play(BOB, "C3").unwrap();
    assert!(matches!(
        w.play(BOB, "C3"),
        Err(Failure::Refused(Refusal::Illegal(
            tengen::go::IllegalMove::Occupied
        )))
    ));
    assert_eq!(w.svc.snapshot(id).unwrap().stones_left_to_place(), 2);

    // A restart in the middle of the placement keeps the stones and whose turn it is.
    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!((m.placed.len(), m.player_to_move()), (1, BOB));
    w.play(BOB, "E5").unwrap();
    w.play(BOB, "G7").unwrap();

    let m = w.svc.snapshot(id).unwrap();
    assert!(!m.placing());
    let start = Board::from_diagram(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . X . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . . . . . .
        . . X . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    )
    .unwrap();
    assert_eq!(m.game.board(), &start);
    assert_eq!(m.game.initial_board(), &start, "a setup, not moves");
    assert!(m.game.moves().is_empty());
    assert_eq!(m.game.to_move(), Color::White);
    assert_eq!(m.player_to_move(), ALICE);
    assert!(matches!(
        w.play(BOB, "D4"),
        Err(Failure::Refused(Refusal::NotYourTurn))
    ));
    w.play(ALICE, "D4").unwrap();
    w.play(BOB, "F4").unwrap();

    w.restart();
    let m = w.svc.snapshot(id).unwrap();
    assert_eq!(m.game.initial_board(), &start);
    assert_eq!((m.game.moves().len(), m.move_count()), (2, 5));
    assert_eq!(m.game.to_move(), Color::White);
    let sgf = record(&w.svc, GUILD, id, ["Bob", "Alice"], "auto").unwrap();
    for prop in [
        "HA[3]",
        "KM[3.5]",
        "RU[Chinese]",
        "AB[gc][ee][cg]",
        "PL[W]",
        ";W[df]",
        ";B[ff]",
    ] {
        assert!(sgf.contains(prop), "{prop} in {sgf}");
    }
}

#[rstest]
fn a_placing_turn_that_runs_out_puts_the_rest_on_the_fixed_points(
    #[values(Sqlite, Postgres)] backend: Backend,
) {
    let Some(w) = World::on(backend) else {
        return;
    };
    w.invite_with(ALICE, BOB, handicap(9, RuleSet::Aga, 4))
        .unwrap();
    let id = match w.accept(BOB, ALICE).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    // Black takes one fixed point and one of their own, then lets the turn run out.
    w.play(BOB, "C3").unwrap();
    w.play(BOB, "E5").unwrap();
    w.advance(181_000);
    let m = w.svc.snapshot(id).unwrap();
    assert!(!m.placing());
    assert_eq!(m.placed.len(), 4);
    assert_eq!(&m.automatic[..], &[false, false, true, true]);
    // C3 was taken: the two that come next in the fixed order are G7 and C7.
    let stones: Vec<String> = m.placed.iter().map(|p| p.to_string()).collect();
    assert_eq!(stones, ["C3", "E5", "G7", "C7"]);
    assert_eq!(
        m.player_to_move(),
        ALICE,
        "White's turn, not an automatic pass"
    );
    assert!(m.game.moves().is_empty());
}
