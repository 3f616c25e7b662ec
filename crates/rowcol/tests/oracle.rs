//! The fast solver, the baseline and the endgame memo against the core's reference oracles: plain minimax on every
//! board up to 3×3, the memoised scoring solver on random boards up to 5×5 and on a few larger ones.

use sente_core::search::minimax;
use sente_core::solve::scoring::solve;
use sente_core::{ScoringState, Value};
use sente_rowcol::{Baseline, Board, MarginEvaluator, Move, Position, SolveOptions, Solver, random_board};

/// Value and first best move from the core's memoised scoring solver (the reference).
fn oracle(b: &Board) -> (i32, Option<Move>, Vec<(Move, i32)>) {
    let s = solve(&mut Position::new(*b), true);
    (s.value, s.best, s.move_values.unwrap_or_default())
}

/// The fast solver's answer among the optimal moves: the first in the order larger takes first, then canonical.
fn first_by_gain(b: &Board, moves: &[(Move, i32)], value: i32) -> Option<Move> {
    let cols = b.col_masks();
    let gain = |m: Move| match m {
        Move::Row(i) => b.row_masks()[usize::from(i)].count_ones(),
        Move::Col(j) => cols[usize::from(j)].count_ones(),
    };
    let mut optimal: Vec<Move> = moves.iter().filter(|&&(_, v)| v == value).map(|&(m, _)| m).collect();
    optimal.sort_by_key(|&m| (std::cmp::Reverse(gain(m)), m.index()));
    optimal.first().copied()
}

fn fast(b: &Board, threads: usize, all_moves: bool) -> sente_rowcol::Solution {
    let opts = SolveOptions { threads, table_entries: Some(1 << 12), all_moves };
    Solver::new(b, &opts).solve(all_moves, &mut |_| {})
}

#[test]
fn every_board_up_to_3x3_matches_plain_minimax() {
    let mut boards = 0;
    for rows in 1..=3 {
        for cols in 1..=3 {
            for bits in 1u32..1 << (rows * cols) {
                let masks: Vec<u16> = (0..rows).map(|r| (bits >> (r * cols) & ((1 << cols) - 1)) as u16).collect();
                let b = Board::from_rows(rows, cols, &masks).unwrap();
                let mm = minimax(&mut Position::new(b), (rows + cols) as u32, &MarginEvaluator);
                let (v, best, moves) = oracle(&b);
                assert_eq!(mm.value, Value(v), "{b:?}");
                assert_eq!(mm.best, best, "{b:?}");
                let s = fast(&b, 1, true);
                assert_eq!((s.value, Some(s.best)), (v, first_by_gain(&b, &moves, v)), "{b:?}");
                assert_eq!(s.move_values.unwrap(), moves, "{b:?}");
                assert_eq!(Baseline::new(&b).solve(), (v, best), "{b:?}");
                boards += 1;
            }
        }
    }
    assert_eq!(boards, 1 + 3 + 7 + 3 + 15 + 63 + 7 + 63 + 511);
}

#[test]
fn random_boards_up_to_5x5_match_the_scoring_oracle() {
    for seed in 0..600u64 {
        let rows = 1 + (seed % 5) as usize;
        let cols = 1 + (seed / 5 % 5) as usize;
        let density = [0.3, 0.5, 0.7, 0.9][(seed / 25 % 4) as usize];
        let b = random_board(rows, cols, density, seed);
        let (v, best, moves) = oracle(&b);
        let s = fast(&b, 1 + (seed % 2) as usize, seed % 3 == 0);
        assert_eq!((s.value, Some(s.best)), (v, first_by_gain(&b, &moves, v)), "seed {seed}: {b:?}");
        if let Some(mv) = s.move_values {
            assert_eq!(mv, moves, "seed {seed}");
        }
        assert_eq!(Baseline::new(&b).solve(), (v, best), "seed {seed}");
    }
}

#[test]
fn larger_boards_match_the_scoring_oracle() {
    // Up to 6×7: the oracle's memo still fits easily; these exercise the table, the bounds and the endgame memo.
    for seed in 0..24u64 {
        let b = random_board(5 + (seed % 2) as usize, 6 + (seed % 2) as usize, 0.5, 1000 + seed);
        let (v, _, moves) = oracle(&b);
        for threads in [1, 2] {
            let s = fast(&b, threads, false);
            assert_eq!((s.value, Some(s.best)), (v, first_by_gain(&b, &moves, v)), "seed {seed}, {threads} threads");
        }
    }
}

#[test]
fn the_course_samples() {
    let cases = [
        ("3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n", Move::Row(2), 3),
        ("3 4\n1 1 1 1\n0 0 0 0\n1 1 1 1\n", Move::Row(0), 0),
        ("4 8\n1 1 1 1 0 0 0 0\n0 0 0 1 1 1 1 1\n0 0 0 1 1 1 1 1\n1 1 1 1 0 0 0 0\n", Move::Col(3), 2),
    ];
    for (text, best, value) in cases {
        let b = sente_rowcol::parse_board(text).unwrap();
        assert_eq!(oracle(&b).0, value);
        let s = fast(&b, 2, true);
        assert_eq!((s.best, s.value), (best, value), "{text}");
        // The gain of the best move is what the course's figures show.
        let _ = Position::new(b).gain(best);
    }
}

#[test]
fn the_parallel_root_agrees_with_one_thread_and_the_baseline() {
    // Roots of 72 pieces or more take the parallel path (the young-brothers-wait split over a thread pool); dense
    // 9×9 boards reach it and still solve quickly.
    for seed in 0..4u64 {
        let b = random_board(9, 9, 0.95, 2000 + seed);
        assert!(b.pieces() >= 72, "seed {seed}: {} pieces", b.pieces());
        let one = fast(&b, 1, false);
        let (v, _) = Baseline::new(&b).solve();
        assert_eq!(one.value, v, "seed {seed}");
        for _ in 0..3 {
            let two = fast(&b, 2, false);
            assert_eq!((two.value, two.best), (one.value, one.best), "seed {seed}");
        }
    }
}
