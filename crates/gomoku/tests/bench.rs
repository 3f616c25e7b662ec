//! The bench's deterministic node count: the fixed position set searched to a fixed depth by one thread must visit
//! exactly the number of nodes in `tests/golden/bench_nodes.txt` (a change in search, ordering or evaluation shows
//! up here first). `BLESS=1 cargo test -p sente-gomoku --test bench` rewrites it.

use sente_gomoku::{Gomoku, Rule, bench};
use std::path::Path;

#[test]
fn bench_node_count_matches_the_golden_file() {
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    let lines = bench::run(g, 5);
    let per: Vec<String> = lines.iter().map(|l| l.nodes.to_string()).collect();
    let total: u64 = lines.iter().map(|l| l.nodes).sum();
    let actual = format!("depth 5 positions {} nodes {total} per-position {}\n", lines.len(), per.join(" "));
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/bench_nodes.txt");
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&golden, &actual).expect("bless");
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    assert_eq!(expected, actual, "bench node count changed; rerun with BLESS=1 if intended");
    let again: u64 = bench::run(g, 5).iter().map(|l| l.nodes).sum();
    assert_eq!(again, total, "the same search twice visits the same nodes");
}

#[test]
fn the_timed_bench_positions_are_quiet_and_threat_free() {
    use sente_gomoku::engine::vcf::{Budget, find_vcf};
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    let positions = bench::search_positions(g);
    assert_eq!(positions.len(), bench::TIMED_POSITIONS);
    for p in &positions {
        for c in 0..2 {
            assert!(find_vcf(&mut p.clone(), c, 12, &Budget::nodes(20_000)).line.is_none(), "{p:?}");
        }
    }
    assert_eq!(positions, bench::search_positions(g), "the same positions every run");
}
