//! The crate's one error type: everything that can be wrong with a board text or a move text.
//!
//! Board errors carry the 1-based line number of the offending text and say what was expected, so the CLI can print
//! `input.txt: line 3: …` and a student can fix the file without guessing.

use thiserror::Error;

/// Everything that can go wrong parsing or checking row/column input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The text holds no header line at all.
    #[error("line 1: the file is empty; expected a first line `n m` (rows, columns)")]
    Empty,
    /// The header is not two positive integers.
    #[error("line {line}: expected `n m` (two integers: rows, columns), found `{found}`")]
    Header {
        /// 1-based line number.
        line: usize,
        /// The offending text.
        found: String,
    },
    /// The board is larger than the engine supports, or has a zero side.
    #[error("line {line}: board size {rows}×{cols} is out of range; each side must be between 1 and {max}")]
    Size {
        /// 1-based line number of the header.
        line: usize,
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The largest side supported.
        max: usize,
    },
    /// A board row has the wrong number of cells.
    #[error("line {line}: row {row} has {found} cells, expected {expected} digits 0/1")]
    RowLength {
        /// 1-based line number.
        line: usize,
        /// 1-based board row.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected (the header's `m`).
        expected: usize,
    },
    /// A cell is not `0` or `1`.
    #[error("line {line}: row {row} holds `{found}`; expected only the digits 0 and 1")]
    Cell {
        /// 1-based line number.
        line: usize,
        /// 1-based board row.
        row: usize,
        /// The offending token.
        found: String,
    },
    /// Fewer board rows than the header announced.
    #[error("line {line}: the board ends after {found} of {expected} rows")]
    MissingRows {
        /// 1-based line number where a row was expected.
        line: usize,
        /// Rows read.
        found: usize,
        /// Rows announced.
        expected: usize,
    },
    /// Text after the last board row.
    #[error("line {line}: unexpected text `{found}` after the {rows} board rows")]
    Trailing {
        /// 1-based line number.
        line: usize,
        /// The offending text.
        found: String,
        /// Rows announced.
        rows: usize,
    },
    /// The optional state line (`to_move=… margin=…`) is malformed.
    #[error("line {line}: expected `to_move=first|second margin=<integer>`, found `{found}`")]
    StateLine {
        /// 1-based line number.
        line: usize,
        /// The offending text.
        found: String,
    },
    /// A starting board without any piece.
    #[error("line {line}: the board holds no piece; at least one cell must be 1")]
    NoPieces {
        /// 1-based line number of the header.
        line: usize,
    },
    /// A move text that is not `Row #: k` / `Column #: k` (or `R3`, `C4`).
    #[error("malformed move `{0}`; expected `Row #: k` or `Column #: k` (also `R3`, `C4`)")]
    MoveSyntax(String),
    /// A well-formed move that names a line off the board or without pieces.
    #[error("illegal move `{0}`: that line is off the board or holds no piece")]
    IllegalMove(String),
}
