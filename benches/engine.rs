//! Engine budgets of DESIGN.md: light random playouts on 9×9 (≥ 100,000 a second on one core),
//! and one move with legality and superko checks on 19×19 (≤ 1 µs).

use std::hint::black_box;
use std::path::Path;

mod common;
use common::thread_cpu_ns;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use tengen::go::light_playout::{Rng, playout};
use tengen::go::sgf::Record;
use tengen::go::{Board, BoardSize, Color, Game, Move, RuleSet};

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    let empty = Board::new(BoardSize::NINE);
    let mut rng = Rng::new(2026);
    group.bench_function("9x9 light playout from the empty board", |b| {
        b.iter(|| {
            let mut board = empty.clone();
            black_box(playout(&mut board, Color::Black, &mut rng, 3 * 81))
        })
    });
    // CPU time is read coarsely (it moves on at scheduler ticks): each iteration is a batch
    // of 1,000 playouts, about 10 ms.
    group.throughput(Throughput::Elements(1000));
    group.bench_function(
        "9x9 light playouts, batches of 1000 (thread CPU time)",
        |b| {
            b.iter_custom(|iters| {
                let start = thread_cpu_ns();
                for _ in 0..iters * 1000 {
                    let mut board = empty.clone();
                    black_box(playout(&mut board, Color::Black, &mut rng, 3 * 81));
                }
                std::time::Duration::from_nanos(thread_cpu_ns().saturating_sub(start))
            })
        },
    );
    group.finish();
}

/// A real 19×19 game replayed to move 150 under positional superko: a board with history.
fn midgame() -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go-records/alphago");
    let mut files: Vec<_> = std::fs::read_dir(&path)
        .expect("records folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let bytes = std::fs::read(&files[0]).expect("a record");
    let record = Record::from_bytes(&bytes).expect("readable record");
    let (board, first) = record.initial().expect("setup");
    let mut game = Game::from_setup(board, first, RuleSet::Chinese.rules());
    for m in record.moves.iter().take(150) {
        game.play_as(m.color, m.mv).expect("legal record");
    }
    game
}

fn one_move(c: &mut Criterion) {
    let game = midgame();
    let legal: Vec<Move> = game
        .legal_moves()
        .into_iter()
        .filter(|m| *m != Move::Pass)
        .collect();
    let mut group = c.benchmark_group("move");
    for (name, rules) in [
        ("positional superko", RuleSet::Chinese),
        ("situational superko", RuleSet::Aga),
    ] {
        let mut g = game.clone();
        let mut base = Game::from_setup(
            g.initial_board().clone(),
            g.initial_to_move(),
            rules.rules(),
        );
        for &(c, m) in g.moves() {
            base.play_as(c, m).expect("legal");
        }
        g = base;
        let mut i = 0;
        group.bench_function(
            format!("19x19 play with {name}, 150 moves of history"),
            |b| {
                b.iter_batched_ref(
                    || {
                        i = (i + 1) % legal.len();
                        (g.clone(), legal[i])
                    },
                    |(game, mv)| black_box(game.play(*mv)),
                    BatchSize::SmallInput,
                )
            },
        );
    }
    let mut i = 0;
    group.bench_function("19x19 is_legal with positional superko", |b| {
        b.iter(|| {
            i = (i + 1) % legal.len();
            black_box(game.is_legal(legal[i]))
        })
    });
    group.finish();
}

criterion_group!(benches, playouts, one_move);
criterion_main!(benches);
