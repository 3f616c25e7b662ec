//! The core test kit on row/column positions: random playouts check every `State`/`Notation` invariant (legal moves
//! empty exactly at the end, play+undo, incremental hash, text round trips, game length), and the core's searches
//! (minimax, alpha-beta, the negamax searcher) agree on exact values from random positions.

use sente_core::testkit::{check_searches_agree, random_playouts, random_playouts_from};
use sente_core::{Game, State, Value};
use sente_rowcol::{MarginEvaluator, RowCol, random_board};

#[test]
fn random_playouts_keep_every_invariant() {
    for seed in 0..30u64 {
        let rows = 1 + (seed % 16) as usize;
        let cols = 1 + (seed * 7 % 16) as usize;
        let game = RowCol::new(random_board(rows, cols, 0.5, seed));
        let report = random_playouts(&game, 20, seed);
        assert!(report.longest <= game.max_game_length());
        assert_eq!(report.games, 20);
    }
}

#[test]
fn playouts_from_mid_game_positions() {
    let game = RowCol::new(random_board(6, 5, 0.6, 99));
    let mut start = game.initial_state();
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    start.play(moves[moves.len() / 2]);
    random_playouts_from(&game, &start, 50, 5);
}

#[test]
fn core_searches_agree_on_exact_values() {
    for seed in 0..40u64 {
        let b = random_board(2 + (seed % 3) as usize, 2 + (seed / 3 % 3) as usize, 0.6, 500 + seed);
        let game = RowCol::new(b);
        let depth = (b.rows() + b.cols()) as u32;
        let v = check_searches_agree(&game.initial_state(), &MarginEvaluator, depth);
        let oracle = sente_core::solve::scoring::solve(&mut game.initial_state(), false).value;
        assert_eq!(v, Value(oracle), "seed {seed}");
    }
}
