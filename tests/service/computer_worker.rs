//! The computer's worker threads play real games through the runtime: its moves arrive as
//! outcomes like a person's, a turn interrupted by a restart is thought again, and a whole
//! game ends and is recorded against its level. Searches are capped at a few hundred
//! playouts so the test is quick; strength is measured by the match scripts, not here.

use crate::common;

use std::sync::Arc;
use std::time::Duration as Wait;

use common::*;
use tengen::game::{
    BoardRef, Command, Ending, Event, InviteOptions, MatchId, Outcome, Subject, UserId,
};
use tengen::go::{Color, Level, Move, Point};
use tengen::runtime::{Clock, ComputerConfig, Handle, ManualClock};
use tengen::service::Service;
use tengen::store::{Durability, Store};
use tokio::sync::mpsc::UnboundedReceiver;

const BOT: UserId = UserId(999);

fn config() -> ComputerConfig {
    ComputerConfig {
        threads: 1,
        max_games: 4,
        max_playouts: Some(300),
        external: false,
        review_playouts: None,
    }
}

fn start_game(size: u8) -> Command {
    Command::PlayComputer {
        guild: GUILD,
        channel: CHANNEL,
        user: ALICE,
        computer: BOT,
        level: Some(Level::Advanced),
        options: InviteOptions {
            size: Some(size),
            ..InviteOptions::default()
        },
        color: None,
    }
}

/// Waits for the next outcome the workers or the scheduler publish.
async fn next(rx: &mut UnboundedReceiver<Outcome>) -> Outcome {
    tokio::time::timeout(Wait::from_secs(60), rx.recv())
        .await
        .expect("the computer answers within a minute")
        .expect("the runtime is running")
}

/// Whether `o` is a move (or pass) by the computer.
fn computer_moved(o: &Outcome) -> bool {
    o.events.iter().any(|e| {
        matches!(
            e,
            Event::Moved {
                color: Color::White,
                automatic: false,
                ..
            }
        )
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_answers_each_move_and_a_whole_game_is_recorded_against_its_level() {
    let w = World::new();
    let path = w.path();
    let World { dir: _dir, svc, .. } = w;
    drop(svc);
    let clock = Arc::new(ManualClock::new(T0));
    let svc = Service::open(
        Arc::new(Store::open(&path, Durability::Process).unwrap()),
        clock.now(),
    )
    .unwrap();
    let (handle, scheduler, mut rx) = Handle::start(svc, clock.clone(), config());
    let o = handle.apply(start_game(9)).await.result.unwrap();
    let Subject::Match(id) = o.subject else {
        panic!("{o:?}")
    };
    // Alice plays a few moves where the board is empty, then passes until the game ends.
    let mut ended = None;
    for turn in 0..200 {
        let m = handle.game(id).await.unwrap().unwrap();
        let board = BoardRef {
            match_id: id,
            move_number: m.move_count(),
        };
        let command = if turn < 6 {
            let point = first_empty(&m.game, turn);
            Command::Play {
                by: ALICE,
                point,
                board: Some(board),
            }
        } else {
            Command::Pass {
                by: ALICE,
                board: Some(board),
                game: None,
            }
        };
        let mine = handle.apply(command).await.result.unwrap();
        if mine.is_final() {
            ended = Some(mine);
            break;
        }
        let theirs = next(&mut rx).await;
        assert_eq!(theirs.subject, Subject::Match(id));
        assert!(
            computer_moved(&theirs) || theirs.is_final(),
            "{:?}",
            theirs.events
        );
        if theirs.is_final() {
            ended = Some(theirs);
            break;
        }
        assert_eq!(theirs.to_move, Some(ALICE), "Alice is told it is her turn");
    }
    let ended = ended.expect("the game ends");
    assert!(ended.is_final());
    let m = handle.game(id).await.unwrap().unwrap();
    assert!(
        matches!(m.ending(), Some(Ending::Finished { .. })),
        "{:?}",
        m.ending()
    );
    let p = handle.profile(GUILD, ALICE).await.unwrap();
    let record: u32 = p
        .against_computer
        .iter()
        .filter(|r| r.0 == Level::Advanced)
        .map(|r| r.1 + r.2 + r.3)
        .sum();
    assert_eq!(record, 1, "{:?}", p.against_computer);
    assert_eq!((p.merit, p.wins, p.losses), (0, 0, 0));
    scheduler.stop().await;
    drop(handle);
}

/// An empty point for Alice's `turn`-th move, away from the computer's stones.
fn first_empty(game: &tengen::go::Game, turn: usize) -> Point {
    let size = game.size().get();
    let wanted = [(2, 2), (6, 6), (2, 6), (6, 2), (4, 4), (4, 2)];
    let (c, r) = wanted[turn % wanted.len()];
    let preferred = Point::new(c, r).unwrap();
    if game.board().get(preferred).is_none() && game.is_legal(Move::Play(preferred)) {
        return preferred;
    }
    (0..size)
        .flat_map(|r| (0..size).map(move |c| (c, r)))
        .filter_map(|(c, r)| Point::new(c, r))
        .find(|&p| game.board().get(p).is_none() && game.is_legal(Move::Play(p)))
        .expect("an empty point")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_of_the_computer_cut_by_a_restart_is_thought_again() {
    // The bot stops right after Alice's move was committed, before the computer answered.
    let w = World::new();
    let id = match w.apply(start_game(9)).unwrap().subject {
        Subject::Match(id) => id,
        s => panic!("{s:?}"),
    };
    w.play(ALICE, "E5").unwrap();
    let path = w.path();
    let World { dir: _dir, svc, .. } = w;
    drop(svc);

    let clock = Arc::new(ManualClock::new(T0));
    let svc = Service::open(
        Arc::new(Store::open(&path, Durability::Process).unwrap()),
        clock.now(),
    )
    .unwrap();
    let (handle, scheduler, mut rx) = Handle::start(svc, clock.clone(), config());
    let o = next(&mut rx).await;
    assert_eq!(o.subject, Subject::Match(id));
    assert!(computer_moved(&o), "{:?}", o.events);
    let m = handle.game(id).await.unwrap().unwrap();
    assert_eq!(m.move_count(), 2);
    assert_eq!(m.player_to_move(), ALICE);
    scheduler.stop().await;
    drop(handle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_games_against_the_computer_are_answered_by_one_worker() {
    let clock = Arc::new(ManualClock::new(T0));
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.db"), Durability::Process).unwrap();
    let svc = Service::open(Arc::new(store), clock.now()).unwrap();
    let (handle, scheduler, mut rx) = Handle::start(svc, clock.clone(), config());
    let players = [ALICE, BOB, CAROL];
    let mut games: Vec<MatchId> = Vec::new();
    for (k, &user) in players.iter().enumerate() {
        let mut command = start_game(if k == 0 { 9 } else { 7 });
        if let Command::PlayComputer {
            user: u, color: c, ..
        } = &mut command
        {
            *u = user;
            // The computer moves first in these games.
            *c = Some(Color::White);
        }
        let o = handle.apply(command).await.result.unwrap();
        let Subject::Match(id) = o.subject else {
            panic!("{o:?}")
        };
        games.push(id);
    }
    // A fourth would be within the host's limit of four; a fifth is refused.
    let mut answered = std::collections::BTreeSet::new();
    while answered.len() < games.len() {
        let o = next(&mut rx).await;
        assert!(
            o.events.iter().any(|e| matches!(
                e,
                Event::Moved {
                    color: Color::Black,
                    ..
                }
            )),
            "{:?}",
            o.events
        );
        let Subject::Match(id) = o.subject else {
            panic!("{o:?}")
        };
        answered.insert(id);
    }
    assert_eq!(answered.into_iter().collect::<Vec<_>>(), games);
    scheduler.stop().await;
    drop(handle);
}
