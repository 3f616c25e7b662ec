//! Star/Circle benchmarks: the course's MINIMAX and ALPHABETA at depth 10 on a busy middlegame position (seven
//! pieces a side in contact), every public conformance case solved in-process, perft from the start position, and
//! the engine's fixed-depth search. Figures and the commands that produced them are in docs/BENCHMARKS.md.

use criterion::{Criterion, criterion_group, criterion_main};
use sente_core::perft::perft;
use sente_core::search::{SearchLimits, Searcher, alphabeta, minimax};
use sente_core::{Game, State};
use sente_starcircle::problem::solve_text;
use sente_starcircle::{Heuristic, Position, Problem, StarCircle, Utility};
use std::hint::black_box;

#[allow(dead_code)]
#[path = "../tests/common/conformance.rs"]
mod conformance;

/// The benchmark's middlegame: Star to move, seven pieces a side, several captures in reach within a few plies.
const MIDDLEGAME: &str = "Star\nMINIMAX\n10\n0,C1,0,0,0,0,0,0\nC1,0,0,0,C1,0,0,0\n0,0,0,C1,0,0,0,C1\n\
    C1,0,0,0,0,0,S1,0\n0,S1,0,0,0,C1,0,0\nS1,0,S1,0,0,0,S1,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80";

fn middlegame() -> Position {
    MIDDLEGAME.parse::<Problem>().expect("benchmark position").position
}

fn grader(c: &mut Criterion) {
    let root = middlegame();
    let mut g = c.benchmark_group("grader");
    g.sample_size(10);
    g.bench_function("minimax_d10_middlegame", |b| {
        b.iter(|| {
            let mut s = root.clone();
            let r = minimax(&mut s, 10, &Utility);
            assert_eq!(r.nodes, 220_253_367);
            black_box(r)
        });
    });
    g.bench_function("minimax_d8_middlegame", |b| b.iter(|| black_box(minimax(&mut root.clone(), 8, &Utility))));
    g.bench_function("alphabeta_d10_middlegame", |b| {
        b.iter(|| black_box(alphabeta(&mut root.clone(), 10, &Utility)));
    });
    g.finish();
}

fn conformance(c: &mut Criterion) {
    // The public cases live beside the repository (`../shared/conformance`); without them this group is skipped.
    let inputs = conformance::inputs("bench conformance/all_1001_cases", 1);
    if inputs.is_empty() {
        return;
    }
    let mut g = c.benchmark_group("conformance");
    g.sample_size(10);
    g.bench_function("all_1001_cases", |b| {
        b.iter(|| inputs.iter().map(|t| solve_text(t).expect("valid").len()).sum::<usize>());
    });
    g.finish();
}

fn movegen_and_engine(c: &mut Criterion) {
    let game = StarCircle::default();
    let mut g = c.benchmark_group("engine");
    g.sample_size(10);
    g.bench_function("perft5_start", |b| b.iter(|| perft(&mut game.initial_state(), 5)));
    let root = middlegame();
    g.bench_function("searcher_d14_middlegame", |b| {
        b.iter(|| {
            let mut s = Searcher::<Position>::new(1 << 20);
            let r = s.search(&root, &Heuristic::default(), &SearchLimits::depth(14), &mut ());
            black_box((r.best, r.nodes, root.to_move()))
        });
    });
    g.finish();
}

criterion_group!(benches, grader, conformance, movegen_and_engine);
criterion_main!(benches);
