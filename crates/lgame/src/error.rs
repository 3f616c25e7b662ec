//! The L-Game crate's one error type: everything that can be wrong with a position or move text.
//!
//! Position errors name the row and column (1-based, top row first) or the piece at fault; callers reading files or
//! stdin add the line number.

use thiserror::Error;

/// Why a position or move text was rejected.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// The text is not four rows of four cells separated by `/`.
    #[error("expected 4 rows of 4 cells separated by '/' (like NXX./.OX./.OX./.OON), but {found}")]
    Layout {
        /// What was found instead.
        found: String,
    },
    /// A cell holds a character other than `X`, `O`, `N` or `.`.
    #[error("row {row}, column {col}: unexpected character {ch:?} (expected X, O, N or .)")]
    BadChar {
        /// 1-based row, top first.
        row: usize,
        /// 1-based column, left first.
        col: usize,
        /// The character.
        ch: char,
    },
    /// An L piece covers a number of cells other than 4.
    #[error("piece {piece} covers {cells} cells, but an L covers exactly 4")]
    PieceSize {
        /// `X` or `O`.
        piece: char,
        /// How many cells it covers.
        cells: u32,
    },
    /// An L piece covers 4 cells that do not form an L.
    #[error("the 4 cells of piece {piece} ({cells}) do not form an L")]
    NotAnL {
        /// `X` or `O`.
        piece: char,
        /// The cells, named a1..d4.
        cells: String,
    },
    /// The board does not hold exactly two neutrals.
    #[error("found {count} neutral pieces (N), but there are exactly 2")]
    Neutrals {
        /// How many were found.
        count: u32,
    },
    /// A move text is malformed.
    #[error(
        "malformed move {text:?}: {detail} (expected the L's 4 cells, then optionally a neutral move, like \"b1c1c2c3 a1-d4\")"
    )]
    MoveSyntax {
        /// The move text.
        text: String,
        /// What is wrong.
        detail: String,
    },
    /// A well-formed move text that is not legal in the position.
    #[error("move {text:?} is not legal here: {detail}")]
    IllegalMove {
        /// The move text.
        text: String,
        /// Why.
        detail: String,
    },
}
