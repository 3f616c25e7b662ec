//! The gomoku crate's one error type: malformed boards and moves, impossible positions and unsupported parameters.
//!
//! Parse errors carry the line and column of the offending text so a command-line front end can report
//! `file: line 3, column 7: …` without knowing anything about the format.

use thiserror::Error;

/// Everything the gomoku crate can reject.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Error {
    /// A character that names no cell content.
    #[error(
        "line {line}, column {col}: unexpected character {ch:?} (expected 1/x for black, 0/o for white, . for empty)"
    )]
    BadCell {
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        col: usize,
        /// The character.
        ch: char,
    },
    /// The board text has the wrong number of cells.
    #[error("expected {expected} cells ({rows} rows of {cols}), found {found}{where_}")]
    CellCount {
        /// Cells the board needs.
        expected: usize,
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
        /// Cells found.
        found: usize,
        /// Where the text went wrong, e.g. `" (line 20 is one row too many)"`; may be empty.
        where_: String,
    },
    /// Stone counts no legal game reaches.
    #[error(
        "impossible stone counts: {black} black and {white} white (black moves first, so black has as many stones as white or one more)"
    )]
    Counts {
        /// Black stones.
        black: usize,
        /// White stones.
        white: usize,
    },
    /// Both sides already have five in a row.
    #[error("both black and white have five in a row")]
    BothWin,
    /// A five of the player who cannot have moved last.
    #[error("{0} has five in a row but did not make the last move (the stone counts say so)")]
    WinnerOrder(&'static str),
    /// The board is too small or too large.
    #[error("board size {cols}x{rows} is not supported (5 to 26 cells a side)")]
    Size {
        /// Columns.
        cols: usize,
        /// Rows.
        rows: usize,
    },
    /// An unknown rule name.
    #[error("unknown rule {0:?} (expected freestyle, exact or renju)")]
    Rule(String),
    /// A move text that is not a column letter and a row number.
    #[error("malformed move {0:?} (expected a column letter and a row number counted from the top, e.g. J10)")]
    MoveSyntax(String),
    /// A move outside the board.
    #[error("move {0:?} is off the board")]
    OffBoard(String),
    /// A move onto a stone.
    #[error("move {0:?} is on an occupied cell")]
    Occupied(String),
    /// A renju forbidden point for black.
    #[error("move {0:?} is forbidden for black under renju rules (double three, double four or overline)")]
    Forbidden(String),
    /// A malformed line of a position suite file.
    #[error("line {line}: {detail}")]
    Suite {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        detail: String,
    },
    /// A move after the end of the game.
    #[error("the game is already over")]
    GameOver,
    /// Evaluation weights that are malformed, out of bounds or too late to install.
    #[error("evaluation weights: {0}")]
    Params(String),
}
