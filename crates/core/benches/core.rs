//! Core benchmarks: tic-tac-toe solved by every search, and the negamax searcher's node rate.
//!
//! Run: `cargo bench -p sente-core --bench core`. Throughput is reported in nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sente_core::examples::tictactoe::TicTacToe;
use sente_core::search::{SearchLimits, Searcher, alphabeta, minimax};
use sente_core::{Game, NullEvaluator};
use std::hint::black_box;

fn tictactoe(c: &mut Criterion) {
    let root = TicTacToe.initial_state();
    let mut g = c.benchmark_group("tictactoe_full_solve");

    let nodes = minimax(&mut root.clone(), 9, &NullEvaluator).nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("minimax", |b| b.iter(|| minimax(&mut black_box(root), 9, &NullEvaluator)));

    let nodes = alphabeta(&mut root.clone(), 9, &NullEvaluator).nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("alphabeta", |b| b.iter(|| alphabeta(&mut black_box(root), 9, &NullEvaluator)));

    // Negamax with a fresh table each time: iterative deepening, TT, PVS, killers, history.
    let nodes = Searcher::new(1 << 16).search(&root, &NullEvaluator, &SearchLimits::depth(9), &mut ()).nodes;
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("negamax_id_tt", |b| {
        b.iter(|| Searcher::new(1 << 16).search(black_box(&root), &NullEvaluator, &SearchLimits::depth(9), &mut ()))
    });
    g.finish();
}

criterion_group!(benches, tictactoe);
criterion_main!(benches);
