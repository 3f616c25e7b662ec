//! Move-generation checks: the perft file (hand-checked counts on stacks, captures onto a stack, forced passes and
//! double passes), and a naive, independently written generator that must list the same moves in the same
//! (grader's) order at every node visited — from every conformance input and along random games.

use sente_core::perft::perft;
use sente_core::{Game, Notation, State};
use sente_starcircle::{Position, StarCircle};
use std::path::Path;

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

/// A deliberately plain generator over a text grid: `grid[r][c]` for row r (0 = A) and column c (0 = column 1),
/// `'S'`/`'C'` and a count, or `None`.
type Grid = [[Option<(char, u16)>; 8]; 8];

fn grid_of(game: &StarCircle, p: &Position) -> (char, u8, Grid) {
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
        let r = 7 - i;
        for (c, cell) in line.split(',').enumerate() {
            if cell != "0" {
                let who = cell.chars().next().expect("cell");
                grid[r][c] = Some((who, cell[1..].parse().expect("count")));
            }
        }
    }
    (side, passes, grid)
}

fn naive_moves(side: char, passes: u8, grid: &Grid) -> Vec<String> {
    let has = |who: char| grid.iter().flatten().any(|c| matches!(c, Some((w, _)) if *w == who));
    if passes >= 2 || !has('S') || !has('C') {
        return Vec::new();
    }
    let (dir, last, opp): (i32, i32, char) = if side == 'S' { (1, 7, 'C') } else { (-1, 0, 'S') };
    let name = |r: i32, c: i32| format!("{}{}", (b'A' + r as u8) as char, c + 1);
    let order = |r: i32, c: i32| (7 - r) * 8 + c;
    let mut found = Vec::new();
    for r in 0..8i32 {
        for c in 0..8i32 {
            if !matches!(grid[r as usize][c as usize], Some((w, _)) if w == side) || r == last {
                continue;
            }
            let free = |rr: i32, cc: i32| match grid[rr as usize][cc as usize] {
                None => true,
                Some((w, _)) => w == side && rr == last,
            };
            for dc in [-1, 1] {
                let (r1, c1) = (r + dir, c + dc);
                if (0..8).contains(&r1) && (0..8).contains(&c1) {
                    if free(r1, c1) {
                        found.push(((order(r, c), order(r1, c1)), format!("{}-{}", name(r, c), name(r1, c1))));
                    } else if matches!(grid[r1 as usize][c1 as usize], Some((w, _)) if w == opp) {
                        let (r2, c2) = (r1 + dir, c1 + dc);
                        if (0..8).contains(&r2) && (0..8).contains(&c2) && free(r2, c2) {
                            found.push(((order(r, c), order(r2, c2)), format!("{}-{}", name(r, c), name(r2, c2))));
                        }
                    }
                }
            }
        }
    }
    found.sort();
    let mut moves: Vec<String> = found.into_iter().map(|(_, m)| m).collect();
    if moves.is_empty() {
        moves.push("pass".to_string());
    }
    moves
}

fn check_node(game: &StarCircle, p: &mut Position, depth: u32, nodes: &mut u64) {
    let (side, passes, grid) = grid_of(game, p);
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    let ours: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(ours, naive_moves(side, passes, &grid), "at\n{}", game.format_state(p));
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
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance");
    let game = StarCircle::default();
    let mut nodes = 0;
    for entry in std::fs::read_dir(&dir).expect("conformance dir") {
        let path = entry.expect("entry").path().join("input.txt");
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let problem: sente_starcircle::Problem = text.parse().expect("valid input");
        let mut p = problem.position;
        check_node(&game, &mut p, 3, &mut nodes);
    }
    assert!(nodes > 100_000, "visited {nodes}");
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
