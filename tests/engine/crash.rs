//! A child process plays many games against a real database file and is killed with SIGKILL
//! at random moments; after each restart every acknowledged move is there, no game is
//! half-written, and play continues.
//!
//! The child is this same test binary, run with `TENGEN_CRASH_CHILD` set: the `crash_child`
//! test then plays instead of returning at once. It prints one line per acknowledged move,
//! flushed, only after `Service::apply` returned (so after the commit).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tengen::game::{ChannelId, Command, Event, GuildId, InvitationRef, MatchId, Subject, UserId};
use tengen::go::Move;
use tengen::runtime::{Clock, SystemClock};
use tengen::service::Service;
use tengen::store::{Durability, Store};

const CHILD_ENV: &str = "TENGEN_CRASH_CHILD";
const GUILD: GuildId = GuildId(7);
const GAMES: usize = 24;

/// The engine's seedable generator, with `below` taking and giving `u64` here.
struct Rng(tengen::go::light_playout::Rng);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0
            .below(usize::try_from(n.max(1)).unwrap_or(usize::MAX)) as u64
    }
}

fn seed() -> u64 {
    let t = SystemTime_now_nanos();
    (t ^ 0x2545_F491_4F6C_DD1D) | 1
}

#[allow(non_snake_case)]
fn SystemTime_now_nanos() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// The child: keeps `GAMES` games running and plays random legal moves in them, forever.
#[test]
fn crash_child() {
    let Ok(path) = std::env::var(CHILD_ENV) else {
        return;
    };
    let clock = SystemClock;
    let store = Store::open(path.as_ref(), Durability::Process).unwrap();
    let svc = Service::open(Arc::new(store), clock.now()).unwrap();
    assert!(svc.load_problems().is_empty(), "{:?}", svc.load_problems());
    let mut rng = Rng(tengen::go::light_playout::Rng::new(seed()));
    let out = std::io::stdout();
    let mut next_user = 1_000_000 + 2 * (rng.below(1 << 30));
    loop {
        let running = svc.running();
        if running.len() < GAMES {
            let (a, b) = (UserId(next_user), UserId(next_user + 1));
            next_user += 2;
            let inv = svc
                .apply(Command::invite(GUILD, ChannelId(1), a, b), clock.now())
                .result
                .unwrap();
            let Subject::Invitation(id) = inv.subject else {
                unreachable!()
            };
            svc.apply(
                Command::Accept {
                    by: b,
                    invitation: InvitationRef::Id(id),
                },
                clock.now(),
            )
            .result
            .unwrap();
            let mut o = out.lock();
            writeln!(o, "S {id}").unwrap();
            o.flush().unwrap();
            continue;
        }
        let id = running[rng.below(running.len() as u64) as usize];
        let Some(m) = svc.snapshot(id) else { continue };
        let legal = m.game.legal_moves();
        let mv = if rng.below(30) == 0 || legal.len() <= 1 {
            Move::Pass
        } else {
            legal[rng.below(legal.len() as u64 - 1) as usize]
        };
        let by = m.player_to_move();
        let cmd = match mv {
            Move::Play(point) => Command::Play {
                by,
                point,
                board: None,
            },
            Move::Pass => Command::Pass {
                by,
                board: None,
                game: None,
            },
        };
        let applied = svc.apply(cmd, clock.now());
        applied.result.as_ref().unwrap();
        // Every committed outcome counts: a deadline fired first is acknowledged too.
        let mut lines = String::new();
        for e in applied.outcomes().flat_map(|o| &o.events) {
            if let Event::Moved {
                match_id,
                number,
                mv,
                ..
            } = e
            {
                lines.push_str(&format!("M {match_id} {number} {mv}\n"));
            }
        }
        let mut o = out.lock();
        o.write_all(lines.as_bytes()).unwrap();
        o.flush().unwrap();
    }
}

#[test]
fn sigkill_at_random_moments_loses_no_acknowledged_move() {
    if std::env::var(CHILD_ENV).is_ok() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.db");
    let exe = std::env::current_exe().unwrap();
    let mut rng = Rng(tengen::go::light_playout::Rng::new(seed()));
    // (match, number) -> move, and the round it was acknowledged in.
    let mut acked: HashMap<(i64, u32), (String, usize)> = HashMap::new();
    let mut started = 0usize;
    let rounds = 10;
    let mut kills = 0;
    let began = Instant::now();
    for round in 0..rounds {
        let mut child = Process::new(&exe)
            .args([
                "--exact",
                "crash::crash_child",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &path)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .collect::<Vec<String>>()
        });
        // Let it start (open, recover) and play, then kill it at a random moment.
        std::thread::sleep(Duration::from_millis(150 + rng.below(600)));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        kills += 1;
        // Every line the child printed was acknowledged after its commit.
        for line in reader.join().unwrap() {
            let parts: Vec<&str> = line.split(' ').collect();
            match parts.as_slice() {
                ["M", id, n, mv] => {
                    let key = (id.parse().unwrap(), n.parse().unwrap());
                    let prev = acked.insert(key, ((*mv).to_owned(), round));
                    assert!(prev.is_none(), "move {key:?} acknowledged twice");
                }
                ["S", _] => started += 1,
                _ => {} // the test harness's own lines
            }
        }
        // Restart: everything acknowledged is there, nothing is half-written.
        let store = Store::open(&path, Durability::Process).unwrap();
        let ok = store
            .read(|tx| {
                tx.query_i64(
                    "SELECT count(*) FROM pragma_integrity_check WHERE integrity_check = 'ok'",
                )
            })
            .unwrap();
        assert_eq!(ok, 1, "integrity check");
        let mismatched = store
            .read(|tx| {
                tx.query_i64(
                    "SELECT count(*) FROM matches AS x WHERE x.move_count != \
                     (SELECT count(*) FROM moves AS m WHERE m.match_id = x.id)",
                )
            })
            .unwrap();
        assert_eq!(mismatched, 0, "a match row and its moves disagree");
        let svc = Service::open(Arc::new(store), SystemClock.now()).unwrap();
        assert!(svc.load_problems().is_empty(), "{:?}", svc.load_problems());
        let mut games: HashMap<i64, Vec<(tengen::go::Color, Move)>> = HashMap::new();
        for (&(id, n), (mv, _)) in &acked {
            let moves = games.entry(id).or_insert_with(|| {
                svc.load_match(MatchId(id))
                    .unwrap()
                    .expect("acknowledged game lost")
                    .game
                    .moves()
                    .to_vec()
            });
            let stored = moves
                .get(n as usize - 1)
                .unwrap_or_else(|| panic!("move {n} of {id} lost"));
            assert_eq!(stored.1.to_string(), *mv, "move {n} of match {id}");
        }
    }
    let rounds_per_game = {
        let mut by_game: HashMap<i64, std::collections::HashSet<usize>> = HashMap::new();
        for (&(id, _), &(_, r)) in &acked {
            by_game.entry(id).or_default().insert(r);
        }
        by_game.values().filter(|s| s.len() > 1).count()
    };
    assert!(
        acked.len() > 1000,
        "only {} moves acknowledged",
        acked.len()
    );
    assert!(rounds_per_game > 0, "no game continued across a restart");
    eprintln!(
        "crash test: {rounds} rounds, {kills} SIGKILLs, {} moves acknowledged and found, {started} games started, {rounds_per_game} games continued across restarts, {:.1} s",
        acked.len(),
        began.elapsed().as_secs_f64()
    );
}
