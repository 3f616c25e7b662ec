//! L-Game benchmarks: the complete retrograde analysis, and the engine's move over every position.
//!
//! Run: `cargo bench -p sente-lgame --bench lgame`.

use criterion::{Criterion, criterion_group, criterion_main};
use sente_core::Enumerable;
use sente_core::solve::retrograde;
use sente_lgame::{Analysis, LGame};
use std::hint::black_box;

fn analysis(c: &mut Criterion) {
    let mut g = c.benchmark_group("lgame");
    g.bench_function("full_retrograde_analysis", |b| b.iter(|| retrograde::solve(black_box(&LGame))));
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
