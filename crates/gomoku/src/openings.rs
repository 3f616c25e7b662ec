//! Seeded opening positions for matches and benchmarks.
//!
//! An opening is a few stones placed alternately (black first) on random cells of the central 5×5 square, drawn
//! from SplitMix64 with the given seed, so a match is reproducible from its seed. Openings are "balanced" by the
//! match runner, which plays each one twice with colours swapped; three or four central stones never hold a threat,
//! so neither side starts with a forced win.

use crate::position::{Move, Position};
use crate::rules::Gomoku;
use sente_core::grid::Coord;
use sente_core::zobrist::splitmix64;
use sente_core::{Game, State};

/// The opening with `stones` stones for `seed` on `game`'s board.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, openings::opening};
/// let a = opening(Gomoku::standard(), 7, 3);
/// assert_eq!(a.stones(), 3);
/// assert_eq!(a, opening(Gomoku::standard(), 7, 3));
/// ```
#[must_use]
pub fn opening(game: Gomoku, seed: u64, stones: usize) -> Position {
    let mut pos = game.initial_state();
    let d = game.dims();
    let (r0, c0) = (i32::from(d.rows) / 2 - 2, i32::from(d.cols) / 2 - 2);
    let mut state = seed ^ 0x0BE7_1D9C_A11E_D5EE;
    let mut placed = 0;
    let mut tries = 0;
    while placed < stones.min(20) && tries < 1000 {
        tries += 1;
        let (s, z) = splitmix64(state);
        state = s;
        let (r, c) = (r0 + (z % 5) as i32, c0 + ((z / 5) % 5) as i32);
        let m: Move = pos.move_at(Coord::new(r as u8, c as u8));
        if pos.is_legal(m) {
            pos.play(m);
            placed += 1;
        }
    }
    pos
}
