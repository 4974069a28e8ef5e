//! A database written by the release before the refit of issue 39 loads after it, with
//! nothing lost.
//!
//! `tests/data/before-refit-f88509b.db` was written by release f88509b (the commit before the
//! refit) through its own service API, by a scenario test added there for the purpose and not
//! kept (a `Service` on a SQLite file, `Durability::Process`, a fake clock from
//! 1_800_000_000_000 ms). What was played, on guild 1, channel 10:
//!
//! - settings: rules `japanese`, komi 6.5, `max-correspondence-games` 3, `merit-amount` 7;
//! - match 1: Alice (100) invites Bob (200), 9×9 Chinese; Bob plays Black; E5 C3 G7 C7 G3 E3,
//!   five seconds a move, then Bob resigns: W+R;
//! - match 2: Carol (300) invites Dave (400), 9×9 Japanese, the `live` byo-yomi; D4 F6 C6,
//!   still running;
//! - a pending invitation: Alice invites Bob again on 7×7;
//! - event 4, "Winter cup": a ten-game match of Erin (500) and Fred (600) created by a
//!   moderator (900), 9×9 Chinese, turn time, a start window of two minutes, one absence
//!   allowed; game 1 (match 5): E5 C3, Fred resigns; game 2 (match 6): D5, the referee awards
//!   it to White (a ruling, a win by forfeit); game 3 (match 7): E5, still running;
//! - match 8: pair Go, Gina (700) and Ivan (810) invite Hank (800) and June (820), who play
//!   Black; E5 E3 C5 G5, still running.

use std::sync::Arc;

use crate::common::*;
use tengen::game::events::{Board, Format, Outcome as EventOutcome, Stage};
use tengen::game::matches::{EndReason, Ending, Phase};
use tengen::game::teams::TeamForm;
use tengen::game::time_control::TimeControl;
use tengen::game::{EventId, MatchId, Ruling, Timestamp, UserId};
use tengen::go::{Color, GameResult, Komi, Move, RuleSet};
use tengen::runtime::ManualClock;
use tengen::service::Service;
use tengen::store::{Durability, Store};

const ERIN: UserId = UserId(500);
const FRED: UserId = UserId(600);
const MOD: UserId = UserId(900);
/// The fixture's last write.
const WRITTEN: Timestamp = Timestamp::from_millis(1_800_000_056_000);

fn moves(m: &tengen::game::matches::Match) -> Vec<String> {
    m.game
        .moves()
        .iter()
        .map(|(_, mv)| match mv {
            Move::Play(p) => p.to_string(),
            Move::Pass => "pass".to_owned(),
        })
        .collect()
}

#[test]
fn a_database_written_by_the_release_before_the_refit_loads_with_nothing_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/before-refit-f88509b.db"
        ),
        &path,
    )
    .unwrap();
    let _clock = ManualClock::new(WRITTEN);
    let store = Store::open(&path, Durability::Process).unwrap();
    let svc = Service::open(Arc::new(store), WRITTEN).unwrap();

    // The server's settings.
    let s = svc.settings(GUILD).unwrap();
    assert_eq!(s.rules, RuleSet::Japanese);
    assert_eq!(s.komi, Some(Komi::from_half_points(13)));
    assert_eq!(s.max_correspondence_games, 3);
    assert_eq!(s.merit_amount, 7);

    // The finished game, its moves and result.
    let done = svc
        .load_match(MatchId(1))
        .unwrap()
        .expect("match 1 is kept");
    assert_eq!(done.players.black, BOB);
    assert_eq!(moves(&done), ["E5", "C3", "G7", "C7", "G3", "E3"]);
    let Phase::Ended(ended) = &done.phase else {
        panic!("{:?}", done.phase)
    };
    assert_eq!(
        ended.ending,
        Ending::Finished {
            result: GameResult::from_sgf("W+R").unwrap(),
            reason: EndReason::Resignation
        }
    );

    // The running game, in play again with its clock.
    let running = svc.snapshot(MatchId(2)).expect("match 2 runs again");
    assert_eq!(running.phase, Phase::Play);
    assert_eq!(moves(&running), ["D4", "F6", "C6"]);
    assert_eq!(running.config.rules, RuleSet::Japanese);
    assert!(matches!(running.config.time, TimeControl::ByoYomi { .. }));

    // The pending invitation.
    let pending = svc.pending_invitations();
    assert!(
        pending
            .iter()
            .any(|i| i.inviter == ALICE && i.invitee == BOB && i.terms.size.get() == 7),
        "{pending:?}"
    );

    // The event: its terms, its games, its standings.
    let t = svc.event(GUILD, EventId(4)).unwrap();
    assert_eq!(t.name, "Winter cup");
    assert_eq!(t.terms.format, Format::TenGame);
    assert_eq!(t.terms.rules, RuleSet::Chinese);
    assert_eq!(t.terms.absences_allowed, 1);
    assert_eq!((t.stage, t.round), (Stage::Running, 3));
    let users: Vec<UserId> = t.entries.iter().map(|e| e.user).collect();
    assert_eq!(users, [ERIN, FRED]);
    let games: Vec<_> = t
        .games
        .iter()
        .map(|g| (g.place, g.match_id, g.result))
        .collect();
    let (erin, fred) = (0, 1);
    let game = |black, white| Board::Game(tengen::game::events::Pairing { black, white });
    assert_eq!(
        games,
        [
            (
                game(erin, fred),
                Some(MatchId(5)),
                Some((EventOutcome::BlackWon, false))
            ),
            (
                game(fred, erin),
                Some(MatchId(6)),
                Some((EventOutcome::WhiteWon, true))
            ),
            (game(erin, fred), Some(MatchId(7)), None),
        ]
    );
    let table: Vec<(usize, u32)> = t
        .standings()
        .iter()
        .map(|s| (s.seat, s.main_half))
        .collect();
    assert_eq!(table, [(erin, 4), (fred, 0)], "Erin won both games");
    assert!(svc.snapshot(MatchId(7)).is_some(), "game 3 runs again");

    // The referee's ruling.
    let rulings = svc.event_rulings(GUILD, EventId(4)).unwrap();
    assert_eq!(rulings.len(), 1);
    let r = rulings[0];
    assert_eq!(
        (r.game, r.ruling, r.referee, r.round, r.replay),
        (MatchId(6), Ruling::Award(Color::White), MOD, 2, None)
    );

    // The pair game, its sides and who made each move.
    let pair = svc.snapshot(MatchId(8)).expect("match 8 runs again");
    let teams = pair.teams.as_ref().expect("a team game");
    assert_eq!(teams.form, TeamForm::Pair);
    assert_eq!(moves(&pair), ["E5", "E3", "C5", "G5"]);
    assert_eq!(
        pair.played_by,
        [800, 700, 820, 810].map(|u| Some(UserId(u))),
        "Hank, Gina, June, Ivan"
    );
}

/// A stored name no variant has (here in the JSON forms, which no `CHECK` guards) is a typed
/// error for its row: the team game is kept out of play and reported, the event's read fails
/// and names the value; nothing panics, nothing becomes a default.
#[test]
fn an_unknown_stored_name_is_an_error_for_its_row_not_a_default() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/before-refit-f88509b.db"
        ),
        &path,
    )
    .unwrap();
    {
        let c = rusqlite::Connection::open(&path).unwrap();
        c.execute(
            "UPDATE matches SET teams = replace(teams, '\"pair\"', '\"trio\"') WHERE id = 8",
            [],
        )
        .unwrap();
        c.execute(
            "UPDATE events SET terms = replace(terms, '\"even\"', '\"uneven\"') WHERE id = 4",
            [],
        )
        .unwrap();
    }
    let store = Store::open(&path, Durability::Process).unwrap();
    let svc = Service::open(Arc::new(store), WRITTEN).unwrap();
    let problems = svc.load_problems();
    let pair = problems
        .iter()
        .find(|p| p.subject == tengen::game::Subject::Match(MatchId(8)))
        .expect("the pair game is reported");
    assert!(
        matches!(&pair.error, tengen::service::LoadError::Row(e) if e.table == "matches" && e.cause.contains("trio")),
        "{:?}",
        pair.error
    );
    assert!(svc.snapshot(MatchId(8)).is_none(), "kept out of play");
    assert!(svc.snapshot(MatchId(2)).is_some(), "the others run");
    let e = svc.event(GUILD, EventId(4)).unwrap_err();
    assert!(format!("{e:?}").contains("uneven"), "{e:?}");
}
