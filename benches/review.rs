//! What a review costs on this machine (issue 41's budget: a 9×9 review ready within about
//! 30 s and a 19×19 one within about 3 minutes of one core): real records of `tests/data`
//! reviewed by Tengen's own engine at the review's playouts a position
//! (`tengen::review::playouts_for`), timed by the thread's CPU clock (one core's work,
//! whatever else the machine does) and by the wall clock.
//!
//! `cargo bench --bench review` (set `TENGEN_BENCH_QUICK=1` to review the first 30 positions
//! only; the totals are then scaled figures, said so).

mod common;

use std::time::Instant;

use tengen::review::{OwnAnalyst, Source, analyse, playouts_for, positions};

const RECORDS: [&str; 2] = [
    "9x9_pro/Go_Seigen_1968-08-00.sgf",
    "alphago/04-2016.12.29-Magist-Xie_Erhao.sgf",
];

fn main() {
    let quick = std::env::var_os("TENGEN_BENCH_QUICK").is_some();
    for name in RECORDS {
        let path = format!("{}/tests/data/go-records/{name}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).expect("the record is in tests/data");
        let source = Source::from_sgf(&bytes).expect("a real record reads");
        let size = source.game.size();
        let total = positions(&source.game);
        let playouts = playouts_for(size);
        let mut analyst = OwnAnalyst::new(size, 1);
        let mut done = Vec::new();
        let mut per_position = Vec::with_capacity(total);
        let mut last_cpu = common::thread_cpu_ns();
        let (cpu0, wall0) = (last_cpu, Instant::now());
        let limit = if quick { 30.min(total) } else { total };
        let stop = || false;
        let mut each = |_: &[tengen::review::Analysis]| {
            let now = common::thread_cpu_ns();
            per_position.push((now - last_cpu) as f64 / 1e6);
            last_cpu = now;
        };
        // Position by position up to the limit (the whole game unless quick).
        let mut game = source.game.clone();
        if limit < total {
            let moves = game.moves()[..limit - 1].to_vec();
            game = tengen::go::Game::from_setup(
                source.game.initial_board().clone(),
                source.game.initial_to_move(),
                *source.game.rules(),
            );
            for (c, m) in moves {
                game.play_as(c, m).expect("the record replays");
            }
        }
        analyse(&game, &mut analyst, &mut done, &stop, &mut each).expect("never fails");
        let cpu = (common::thread_cpu_ns() - cpu0) as f64 / 1e9;
        let wall = wall0.elapsed().as_secs_f64();
        per_position.sort_by(f64::total_cmp);
        let median = per_position[per_position.len() / 2];
        let scale = total as f64 / done.len() as f64;
        println!(
            "{name}: {size}×{size}, {} positions{}, {playouts} playouts a position: \
             {:.1} s of one core ({:.1} s wall){}; a position: median {median:.0} ms, \
             max {:.0} ms; {:.0} playouts a second",
            done.len(),
            if quick { format!(" of {total}") } else { String::new() },
            cpu,
            wall,
            if quick {
                format!("; the whole game about {:.0} s", cpu * scale)
            } else {
                String::new()
            },
            per_position.last().copied().unwrap_or(0.0),
            done.len() as f64 * playouts as f64 / cpu.max(1e-9),
            size = size.get(),
        );
    }
}
