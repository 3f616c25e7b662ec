//! The core's one error type. The core reads no files and parses no text, so its errors are about misuse of the
//! generic machinery: asking a solver for a state outside its space, or a search with no legal move.

use thiserror::Error;

/// Errors from the core's solvers and searches.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A state's index fell outside the enumerable space.
    #[error("state index {index} is outside the state space of {count} states")]
    IndexOutOfRange {
        /// The offending index.
        index: usize,
        /// The size of the space.
        count: usize,
    },
    /// A search was asked to move in a finished game.
    #[error("the game is already over: there is no move to search")]
    GameOver,
}
