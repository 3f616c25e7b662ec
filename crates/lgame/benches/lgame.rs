//! L-Game benchmarks: the complete retrograde analysis (as `Analysis::new` runs it, and by the plain generic solver
//! over all 18,368 positions), and the engine's move over every position.
//!
//! Run: `cargo bench -p sente-lgame --bench lgame`.

use criterion::{Criterion, criterion_group, criterion_main};
use sente_core::Enumerable;
use sente_core::solve::retrograde;
use sente_lgame::{Analysis, LGame, index};
use std::hint::black_box;

fn analysis(c: &mut Criterion) {
    let mut g = c.benchmark_group("lgame");
    // What `sente lgame stats` and `best` run: the generic solver on the 2,296 symmetry classes.
    g.bench_function("analysis_classes", |b| b.iter(Analysis::new));
    // The generic solver on all 18,368 positions: with the game's successor shortcut, and playing every move.
    g.bench_function("retrograde_positions_shortcut", |b| {
        b.iter(|| retrograde::solve_with_successors(black_box(&LGame), 64, &index::successors))
    });
    g.sample_size(20);
    g.bench_function("retrograde_positions_plain", |b| b.iter(|| retrograde::solve(black_box(&LGame))));
    g.bench_function("retrograde_positions_plain_1_thread", |b| {
        b.iter(|| retrograde::solve_with_threads(black_box(&LGame), 1))
    });
    let a = Analysis::new();
    let all: Vec<_> = (0..LGame.state_count()).filter_map(|i| LGame.state_at(i)).collect();
    g.sample_size(10);
    g.bench_function("best_move_all_18368_positions", |b| {
        b.iter(|| all.iter().filter_map(|p| a.best_move(black_box(p))).count())
    });
    g.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
