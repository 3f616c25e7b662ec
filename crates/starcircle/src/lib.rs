//! # sente-starcircle
//!
//! Star/Circle, the checkers variant of USC's CSCI-561 (spring 2018, homework 1), with the course's exact
//! depth-limited MINIMAX and ALPHABETA and a real engine to play it.
//!
//! Rules: an 8×8 board of which only the dark squares are used (rows A at the bottom to H at the top, columns 1–8;
//! a square is dark when row index + column index is even, counting from 0). Star moves up (toward H), Circle down
//! (toward A). A move takes one piece diagonally forward by one onto an empty square, or jumps diagonally over an
//! adjacent opponent piece onto the empty square beyond it and removes that piece (single jumps; capturing is
//! optional). Pieces may also land, by step or jump, on their own last row (H for Star, A for Circle) where their
//! own pieces already stand: they stack there and never move again. A side with no legal move must pass, and may
//! pass only then. The game ends after two passes in a row, or when only one side has pieces left.
//!
//! Scoring: eight increasing row values; a Star piece on row r (A = 0) is worth `values[r]`, a Circle piece on row
//! r is worth `values[7 − r]` (each side weighs rows from its own start). A side's utility is its total minus the
//! opponent's. The side with the higher total when the game ends wins.
//!
//! Modules: [`moves`] (squares, [`Move`]), [`position`] ([`Position`]: play/undo, hash), [`movegen`] (the grader's
//! expansion order, forced pass, game end), [`notation`] (text forms), [`eval`] (the course's [`Utility`] and the
//! engine's [`Heuristic`]), [`problem`] (the course's input → output), [`engine`] (timed search and matches).
#![deny(missing_docs)]

pub mod engine;
pub mod error;
pub mod eval;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod position;
pub mod problem;

pub use error::Error;
pub use eval::{Heuristic, Utility};
pub use moves::Move;
pub use position::Position;
pub use problem::{Algorithm, Answer, Problem, solve};

use sente_core::Game;

/// The row values of the course's samples: 10, 20, …, 80.
pub const DEFAULT_VALUES: [i32; 8] = [10, 20, 30, 40, 50, 60, 70, 80];

/// The game, parametrised by its row values (Star's view, rows A..H).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StarCircle {
    /// Row values for Star's rows A..H; Circle reads them from H down to A.
    pub values: [i32; 8],
}

impl Default for StarCircle {
    fn default() -> StarCircle {
        StarCircle { values: DEFAULT_VALUES }
    }
}

impl Game for StarCircle {
    type State = Position;

    fn name(&self) -> &'static str {
        "starcircle"
    }

    /// Twelve Stars on the dark squares of rows A–C, twelve Circles on rows F–H, Star to move.
    fn initial_state(&self) -> Position {
        Position::start(self.values)
    }

    /// Every step or jump takes a piece at least one row forward, so there are at most 32 pieces × 7 rows of them;
    /// at most one pass separates two of them, and two passes end the game.
    fn max_game_length(&self) -> usize {
        2 * 32 * 7 + 2
    }
}
