//! One adapter per served game: how its board is drawn, how a move is clicked, its scores and, for the solved
//! games, where its exact values come from. Shared helpers for grid labels and solved-table look-ups live here.

pub mod gomoku;
pub mod lgame;
pub mod rowcol;
pub mod starcircle;
pub mod tictactoe;

use crate::adapter::MoveOf;
use crate::view::Score;
use sente_core::{Game, State};

/// Column labels `A`, `B`, … (skipping nothing).
#[must_use]
pub fn letters(n: usize) -> Vec<String> {
    (0..n).map(|i| char::from(b'A' + (i % 26) as u8).to_string()).collect()
}

/// Labels `1..=n`, or `n..=1` when `descending`.
#[must_use]
pub fn numbers(n: usize, descending: bool) -> Vec<String> {
    let mut v: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    if descending {
        v.reverse();
    }
    v
}

/// The exact value of every move of a win/loss/draw game, given the exact value of any position for its side to
/// move: each move is worth its resulting position's value, seen by the mover one ply earlier.
pub fn moves_from_positions<G: Game>(
    state: &G::State,
    mut value: impl FnMut(&G::State) -> Option<Score>,
) -> Option<Vec<(MoveOf<G>, Score)>> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut child = state.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        child.play(m);
        let v = value(&child);
        child.undo(m);
        out.push((m, v?.for_mover()));
    }
    Some(out)
}
