//! Render + PNG encode of a real game position, 9×9 and 19×19, with the overlays of the
//! board message (last move, ko, captures, region grid). Budgets (DESIGN.md): 5 ms / 12 ms.
//!
//! `CARGO_TARGET_DIR=… cargo bench --bench render`

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

mod common;
use common::thread_cpu_ns;
use criterion::{Criterion, criterion_group, criterion_main};
use tengen::go::sgf::Record;
use tengen::go::{Game, RuleSet};
use tengen::render::{RenderOptions, render_png};

/// Replays a record from the shared game collection beside the repository.
fn game(relative: &str) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let record = Record::from_bytes(&bytes).expect("the record parses");
    record
        .replay(RuleSet::Classic.rules())
        .expect("the record replays")
        .game
}

fn bench(c: &mut Criterion) {
    for (name, file) in [
        (
            "render 9x9",
            "tests/data/go-records/9x9_pro/Cho_Hunhyun_011223.sgf",
        ),
        (
            "render 19x19",
            "tests/data/go-records/alphago/01-2016.12.29-Magist-Pan_Tingyu.sgf",
        ),
    ] {
        let g = game(file);
        let mut opts = RenderOptions::for_game(&g);
        opts.show_regions = true;
        // The first image prepares the assets of the size; the timing is of every later one.
        let png = render_png(g.board(), &opts).expect("renders");
        eprintln!("{name}: PNG of {} bytes", png.len());
        c.bench_function(name, |b| {
            b.iter(|| render_png(black_box(g.board()), black_box(&opts)).expect("renders"))
        });
        // The same work timed by this thread's CPU time: on a machine shared with other
        // builds, wall time counts the waits for a core; this counts one core's work.
        c.bench_function(&format!("{name} (thread CPU time)"), |b| {
            b.iter_custom(|iters| {
                let start = thread_cpu_ns();
                for _ in 0..iters {
                    black_box(render_png(black_box(g.board()), black_box(&opts)).expect("renders"));
                }
                Duration::from_nanos(thread_cpu_ns().saturating_sub(start))
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
