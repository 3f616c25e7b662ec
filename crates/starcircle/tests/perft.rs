//! Move-generation checks: the perft file (hand-checked counts on stacks, captures onto a stack, forced passes and
//! double passes), and a naive, independently written generator that must list the same moves in the same
//! (grader's) order at every node visited — from generated course inputs, from every public conformance input (when
//! `../shared/conformance` is present) and along random games.

use sente_core::perft::perft;
use sente_core::{Game, Notation, State};
use sente_starcircle::{Position, StarCircle};
use std::path::Path;

mod common;
use common::naive::{self, Grid, Node};

#[test]
fn perft_file_counts() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.txt");
    let text = std::fs::read_to_string(&path).expect("perft.txt");
    let game = StarCircle::default();
    let (mut id, mut pos, mut checked) = (String::new(), None::<Position>, 0);
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("pos ") {
            pos = Some(game.parse_state(rest).unwrap_or_else(|e| panic!("perft.txt line {}: {e}", n + 1)));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, count) = rest.split_once(' ').expect("perft <depth> <count>");
            let mut p = pos.clone().expect("pos before perft");
            let got = perft(&mut p, d.parse().expect("depth"));
            assert_eq!(got, count.parse::<u64>().expect("count"), "{id} perft {d}");
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} perft lines");
}

/// The naive model's node for a position, read from the position's text (`Star after pass` / `… after 2 passes`,
/// eight rows H..A); the row values do not matter to move generation.
fn node_of(game: &StarCircle, p: &Position) -> Node {
    let text = game.format_state(p);
    let mut lines = text.lines();
    let head = lines.next().expect("player line");
    let side = if head.starts_with("Star") { 'S' } else { 'C' };
    let passes = if head.ends_with("after pass") {
        1
    } else if head.ends_with("passes") {
        2
    } else {
        0
    };
    let mut grid: Grid = [[None; 8]; 8];
    for (i, line) in lines.take(8).enumerate() {
        for (c, cell) in line.split(',').enumerate() {
            if cell != "0" {
                grid[7 - i][c] = Some((cell.chars().next().expect("cell"), cell[1..].parse().expect("count")));
            }
        }
    }
    Node { grid, side, passes, values: [0; 8] }
}

fn check_node(game: &StarCircle, p: &mut Position, depth: u32, nodes: &mut u64) {
    let node = node_of(game, p);
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let ours: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let naive: Vec<String> = naive::moves(&node).into_iter().map(naive::name).collect();
    assert_eq!(ours, naive, "at\n{}", game.format_state(p));
    *nodes += 1;
    if depth > 0 {
        for m in moves {
            p.play(m);
            check_node(game, p, depth - 1, nodes);
            p.undo(m);
        }
    }
}

#[test]
fn generator_agrees_with_a_naive_one_on_every_conformance_input() {
    let Some(cases) = common::conformance::cases("generator_agrees_with_a_naive_one_on_every_conformance_input") else {
        return;
    };
    let game = StarCircle::default();
    let mut nodes = 0;
    for case in cases {
        let text = std::fs::read_to_string(case.join("input.txt")).expect("input.txt");
        let problem: sente_starcircle::Problem = text.parse().expect("valid input");
        let mut p = problem.position;
        check_node(&game, &mut p, 3, &mut nodes);
    }
    assert!(nodes > 100_000, "visited {nodes}");
}

#[test]
fn generator_agrees_with_a_naive_one_on_generated_inputs() {
    let game = StarCircle::default();
    let mut nodes = 0;
    for seed in 0..400 {
        let problem: sente_starcircle::Problem = naive::random_input(seed).parse().expect("valid input");
        let mut p = problem.position;
        check_node(&game, &mut p, 3, &mut nodes);
    }
    assert!(nodes > 20_000, "visited {nodes}");
}

#[test]
fn generator_agrees_with_a_naive_one_along_random_games() {
    let game = StarCircle::default();
    let mut nodes = 0;
    for seed in 0..40 {
        let mut p = sente_starcircle::engine::opening(game.values, 200, seed);
        check_node(&game, &mut p, 0, &mut nodes);
        for plies in [5, 15, 25, 35] {
            let mut q = sente_starcircle::engine::opening(game.values, plies, seed);
            check_node(&game, &mut q, 2, &mut nodes);
        }
    }
    // The start position's whole tree to depth 4, so the `start` perft values are checked by this generator too.
    check_node(&game, &mut game.initial_state(), 4, &mut nodes);
    assert!(nodes > 3000);
}
