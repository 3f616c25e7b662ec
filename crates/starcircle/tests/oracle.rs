//! Sente's own Star/Circle guarantees, independent of the public conformance cases: the assignment's five examples,
//! and thousands of generated course inputs whose four output lines (move, myopic and farsighted utility, and the
//! exact node count) must equal those of a naive MINIMAX/ALPHABETA written apart from the crate (`common::naive`).
//! A fresh clone without `../shared/conformance` still tests every rule the grader checks.

mod common;

use common::examples::EXAMPLES;
use common::naive::{self, Seen};
use sente_starcircle::problem::solve_text;

#[test]
fn the_assignment_examples_exactly() {
    let mut seen = Seen::default();
    for example in &EXAMPLES {
        assert_eq!(solve_text(example.input).expect("valid input"), example.output, "{}", example.name);
        assert_eq!(naive::solve(example.input, &mut seen), example.output, "{} (naive model)", example.name);
    }
}

#[test]
fn generated_cases_agree_with_a_naive_search() {
    const CASES: u64 = 3000;
    let mut seen = Seen::default();
    let mut failures = Vec::new();
    for seed in 0..CASES {
        let input = naive::random_input(seed);
        let expected = naive::solve(&input, &mut seen);
        match solve_text(&input) {
            Ok(got) if got == expected => {}
            Ok(got) => failures.push(format!("seed {seed}:\n{input}\n--- naive\n{expected}\n--- sente\n{got}")),
            Err(e) => failures.push(format!("seed {seed}: rejected: {e}\n{input}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {CASES} cases differ:\n{}",
        failures.len(),
        failures[..3.min(failures.len())].join("\n\n")
    );
    // The cases must keep covering every rule the grader checks, or this test would prove little.
    let floor = |n: usize, what: &str| assert!(n >= 20, "only {n} cases with {what}: {seen:?}");
    floor(seen.root_passes, "a forced pass at the root");
    floor(seen.inner_passes, "forced passes inside the tree");
    floor(seen.finished_leaves, "finished games as leaves");
    floor(seen.root_ties, "ties at the root (MINIMAX)");
    floor(seen.depth_zero, "depth 0");
    floor(seen.stacks_made, "a best move onto a stack");
    floor(seen.pruned_cases, "ALPHABETA pruning something");
}
