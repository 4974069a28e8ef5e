//! The engine's speed: playouts a second with the search's playout policy (9×9 and 19×19, from
//! the empty board), and whole simulations a second through the tree (selection, expansion,
//! playout, backup) as `genmove` runs them. Measured in thread CPU time, one core.

use std::hint::black_box;

mod common;
use common::thread_cpu_ns;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tengen::ai::{Engine, Limits, NoStop, Options, Tuning, run_playouts};
use tengen::go::Level;
use tengen::go::{Board, BoardSize, Color, Game, RuleSet};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("ai playout");
    for (size, batch) in [(BoardSize::NINE, 1000u64), (BoardSize::NINETEEN, 100)] {
        let empty = Board::new(size);
        let mut seed = 1u64;
        group.throughput(Throughput::Elements(batch));
        group.bench_function(
            format!("{size} policy playouts, batches of {batch} (thread CPU time)"),
            |b| {
                b.iter_custom(|iters| {
                    let start = thread_cpu_ns();
                    for _ in 0..iters {
                        seed += 1;
                        black_box(run_playouts(&empty, Color::Black, batch as usize, seed));
                    }
                    std::time::Duration::from_nanos(thread_cpu_ns().saturating_sub(start))
                })
            },
        );
    }
    group.finish();
}

fn tree(c: &mut Criterion) {
    let mut group = c.benchmark_group("ai tree");
    group.sample_size(10);
    for (size, n) in [(BoardSize::NINE, 10_000u64), (BoardSize::NINETEEN, 2_000)] {
        let game = Game::new(size, RuleSet::Chinese.rules());
        let limits = Limits {
            playouts: n,
            ..Limits::default()
        };
        group.throughput(Throughput::Elements(n));
        group.bench_function(
            format!("{size} genmove of {n} simulations from the empty board (thread CPU time)"),
            |b| {
                b.iter_custom(|iters| {
                    let start = thread_cpu_ns();
                    for k in 0..iters {
                        let mut engine = Engine::new(
                            Level::Advanced,
                            Options {
                                seed: k + 1,
                                // The search itself: the 19×19 book answers the empty
                                // board without one.
                                tuning: Tuning {
                                    book: Some(false),
                                    ..Tuning::default()
                                },
                                ..Options::default()
                            },
                        );
                        black_box(engine.genmove(&game, &limits, &NoStop));
                    }
                    std::time::Duration::from_nanos(thread_cpu_ns().saturating_sub(start))
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, playouts, tree);
criterion_main!(benches);
