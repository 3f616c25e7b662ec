//! Criterion benchmarks of the Gomoku engine: play/undo with incremental patterns, a fixed-depth search of one bench
//! position, and the VCF solver over the 40-position suite (the suite's "each within 100 ms" target is timed here and
//! by `sente gomoku bench --vcf`).

use criterion::{Criterion, criterion_group, criterion_main};
use sente_core::State;
use sente_core::search::{SearchLimits, Searcher};
use sente_gomoku::bench::{parse_suite, positions};
use sente_gomoku::engine::eval::GomokuEval;
use sente_gomoku::engine::vcf::{Budget, find_vcf};
use sente_gomoku::{Gomoku, Rule};
use std::hint::black_box;

fn engine(c: &mut Criterion) {
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    let start = positions(g).swap_remove(2);
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    c.bench_function("play_undo_all_moves", |b| {
        let mut pos = start.clone();
        b.iter(|| {
            for &m in &moves {
                pos.play(m);
                black_box(pos.totals());
                pos.undo(m);
            }
        });
    });
    c.bench_function("search_depth_6", |b| {
        b.iter(|| {
            let mut s: Searcher<_> = Searcher::new(1 << 16);
            black_box(s.search(&start, &GomokuEval::default(), &SearchLimits::depth(6), &mut ()).nodes)
        });
    });
    let text = include_str!("../tests/data/vcf.txt");
    let suite = parse_suite(g, text).expect("suite");
    c.bench_function("vcf_suite_40_positions", |b| {
        b.iter(|| {
            for e in &suite {
                let mut pos = e.position.clone();
                let me = pos.to_move().index();
                black_box(find_vcf(&mut pos, me, 30, &Budget::nodes(1_000_000)).line);
            }
        });
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
