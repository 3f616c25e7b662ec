//! Perft: counting the leaves of the move tree to a fixed depth, the standard check of a move generator.

use crate::game::State;

/// Number of move sequences of exactly `depth` plies from `state` (finished games end a line early and count
/// nothing below depth 0 — they count as 0 unless `depth` is 0).
///
/// # Examples
/// ```
/// use sente_core::{Game, perft::perft, examples::tictactoe::TicTacToe};
/// assert_eq!(perft(&mut TicTacToe.initial_state(), 2), 72);
/// ```
pub fn perft<S: State>(state: &mut S, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in moves {
        state.play(m);
        total += perft(state, depth - 1);
        state.undo(m);
    }
    total
}

/// Perft split by first move: `(move, count)` in the game's move order.
pub fn divide<S: State>(state: &mut S, depth: u32) -> Vec<(S::Move, u64)> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            state.play(m);
            let n = if depth == 0 { 0 } else { perft(state, depth - 1) };
            state.undo(m);
            (m, n)
        })
        .collect()
}
