//! Many tasks pressing on the same games at once: every accepted move is applied once, in
//! order, and the stored game equals the game in memory.

use crate::common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use common::*;
use tengen::game::{BoardRef, Command, Event, MatchId, UserId};
use tengen::go::{Move, Point};
use tengen::service::Service;
use tengen::store::{Durability, Store};

/// The engine's seedable generator, with `below` taking and giving `u64` here.
struct Rng(tengen::go::light_playout::Rng);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0
            .below(usize::try_from(n.max(1)).unwrap_or(usize::MAX)) as u64
    }
}

#[test]
fn concurrent_clicks_on_the_same_games_are_applied_once_each_in_order() {
    let w = World::new();
    w.set_setting(GUILD, true, "allowed-sizes", "9,19").unwrap();
    w.set_setting(GUILD, true, "board-size", "19").unwrap();
    let games: Vec<(MatchId, UserId, UserId)> = (0..12u64)
        .map(|k| {
            let (a, b) = (UserId(10_000 + 2 * k), UserId(10_001 + 2 * k));
            (w.start(a, b), a, b)
        })
        .collect();
    let acked: Mutex<HashMap<MatchId, Vec<(u32, Point)>>> = Mutex::new(HashMap::new());
    let refused = Mutex::new(0u32);
    std::thread::scope(|s| {
        for t in 0..16u64 {
            let (w, games, acked, refused) = (&w, &games, &acked, &refused);
            s.spawn(move || {
                let mut rng = Rng(tengen::go::light_playout::Rng::new(
                    0x9E37_79B9_7F4A_7C15 ^ ((t + 1) * 7919),
                ));
                for _ in 0..400 {
                    // Half the threads hammer game 0; the others spread over every game.
                    let g = if t.is_multiple_of(2) {
                        0
                    } else {
                        rng.below(games.len() as u64) as usize
                    };
                    let (id, a, b) = games[g];
                    let Some(m) = w.svc.snapshot(id) else {
                        continue;
                    };
                    let seen = m.move_count();
                    let by = if rng.below(2) == 0 { a } else { b };
                    let p = Point::new(rng.below(19) as u8, rng.below(19) as u8).unwrap();
                    let r = w.svc.apply(
                        Command::Play {
                            by,
                            point: p,
                            board: Some(BoardRef {
                                match_id: id,
                                move_number: seen,
                            }),
                        },
                        w.now(),
                    );
                    // No deadline is due (the clock stands still): only the click's own result.
                    assert!(r.fired.is_empty());
                    match r.result {
                        Ok(o) => {
                            for e in o.events {
                                if let Event::Moved {
                                    number,
                                    mv: Move::Play(q),
                                    ..
                                } = e
                                {
                                    acked
                                        .lock()
                                        .unwrap()
                                        .entry(id)
                                        .or_default()
                                        .push((number, q));
                                }
                            }
                        }
                        Err(_) => *refused.lock().unwrap() += 1,
                    }
                }
            });
        }
    });
    let acked = acked.into_inner().unwrap();
    let total: usize = acked.values().map(Vec::len).sum();
    assert!(total > 500, "only {total} moves went through");
    assert!(
        *refused.lock().unwrap() > 0,
        "stale boards and wrong turns must have been refused"
    );
    // Each accepted move once, numbered 1..n without a gap, equal to the game in memory.
    for (id, _, _) in &games {
        let mut mine = acked.get(id).cloned().unwrap_or_default();
        mine.sort_by_key(|(n, _)| *n);
        let m = w.svc.snapshot(*id).unwrap();
        let memory: Vec<(u32, Point)> = m
            .game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, (_, mv))| match mv {
                Move::Play(p) => (i as u32 + 1, *p),
                Move::Pass => panic!("no passes were sent"),
            })
            .collect();
        assert_eq!(mine, memory, "match {id}");
    }
    // The stored games equal the games in memory.
    let reopened = Service::open(
        Arc::new(Store::open(&w.path(), Durability::Process).unwrap()),
        w.now(),
    )
    .unwrap();
    for (id, _, _) in &games {
        let a = w.svc.snapshot(*id).unwrap();
        let b = reopened.snapshot(*id).unwrap();
        // Every field: moves, position, deadlines, phase (no time passed, so no turn renewed).
        assert_eq!(a, b, "match {id}");
    }
    eprintln!(
        "{total} moves accepted, {} refused",
        refused.lock().unwrap()
    );
}
