//! How long the training ground takes to serve a problem and to answer a click, in process
//! (budget: p99 ≤ 25 ms, issue 40): the service on a real SQLite file fsynced as the bot's
//! default (`synchronous=FULL`), a set of 1,200 problems (the shipped set when it holds
//! problems, else copies of the test fixture spread over the levels), players who have seen
//! many problems. Each figure is measured per operation; the picture the bot attaches (the
//! problem's view of the board drawn and encoded) is measured with it in the second line of
//! each.
//!
//! `cargo bench --bench training` (set `TENGEN_BENCH_QUICK=1` for a short run).

use std::sync::Arc;
use std::time::Instant;

use tengen::game::training::fixtures::spread_set;
use tengen::game::{GuildId, Timestamp, UserId};
use tengen::problems::ProblemSet;
use tengen::service::{Service, TrainingCommand};
use tengen::store::{Durability, Store};

const GUILD: GuildId = GuildId(1);

fn percentile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    let i = ((v.len() as f64 - 1.0) * q).round() as usize;
    v[i.min(v.len() - 1)]
}

fn report(what: &str, mut ms: Vec<f64>) {
    let n = ms.len();
    let p50 = percentile(&mut ms, 0.5);
    let p99 = percentile(&mut ms, 0.99);
    let max = percentile(&mut ms, 1.0);
    println!("{what:<40} n={n:<5} p50 {p50:7.3} ms   p99 {p99:7.3} ms   max {max:7.3} ms");
}

/// The picture the bot attaches: the problem's view of the board after `moves`, its target
/// marked, as `/weiqi problem` draws it.
fn draw(p: &tengen::problems::Problem, moves: &[Option<tengen::go::Point>]) -> usize {
    tengen::discord::ui::problem_board::draw(p, moves, &[]).map_or(0, |png| png.len())
}

fn main() {
    let quick = std::env::var_os("TENGEN_BENCH_QUICK").is_some();
    let rounds = if quick { 100 } else { 1000 };
    let shipped = ProblemSet::shipped()
        .ok()
        .filter(|s| s.len() >= 100)
        .cloned();
    let (set, which) = match shipped {
        Some(s) => (s, "shipped"),
        None => (spread_set(1200), "fixture copies"),
    };
    println!("{} problems ({which}), {rounds} rounds", set.len());
    let dir = tempfile::tempdir().expect("tempdir");
    let store = Store::open(&dir.path().join("training.db"), Durability::Power).expect("open");
    let mut now = Timestamp::from_millis(1_800_000_000_000);
    let svc = Service::open(Arc::new(store), now).expect("service");
    svc.set_problem_set(Arc::new(set.clone()));
    let (mut serve, mut answer) = (Vec::new(), Vec::new());
    let (mut serve_drawn, mut answer_drawn) = (Vec::new(), Vec::new());
    let users = 20u64;
    for round in 0..rounds {
        now = Timestamp::from_millis(now.millis() + 1000);
        let user = UserId(1000 + (round as u64 % users));
        let t = Instant::now();
        let a = svc
            .train(
                TrainingCommand::Serve {
                    guild: GUILD,
                    user,
                    kind: None,
                },
                now,
            )
            .expect("serve");
        serve.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(draw(&a.problem, &a.attempt.moves.0));
        serve_drawn.push(t.elapsed().as_secs_f64() * 1e3);
        let Some(&point) = a.problem.tree.correct_moves(0).first() else {
            continue;
        };
        let t = Instant::now();
        let b = svc
            .train(
                TrainingCommand::Click {
                    user,
                    attempt: a.attempt.id,
                    drawn_at: 0,
                    point,
                },
                now,
            )
            .expect("click");
        answer.push(t.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(draw(&b.problem, &b.attempt.moves.0));
        answer_drawn.push(t.elapsed().as_secs_f64() * 1e3);
    }
    report("serve a problem", serve);
    report("serve a problem + its picture", serve_drawn);
    report("answer a click", answer);
    report("answer a click + its picture", answer_drawn);
}
