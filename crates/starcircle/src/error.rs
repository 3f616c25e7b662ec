//! The crate's one error type: everything that can be wrong with a position text, a move text or a course input
//! file. Parse errors carry the 1-based line number of the offending text and say what was expected there, so the
//! CLI can print `input.txt: line 5: …` and exit 2.

use thiserror::Error;

/// What went wrong while reading Star/Circle text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A line holds something other than what the format expects at that place.
    #[error("line {line}: {message}")]
    Syntax {
        /// 1-based line number in the text that was parsed.
        line: usize,
        /// What was found and what was expected.
        message: String,
    },
    /// The text ended before a required line.
    #[error("line {line}: unexpected end of input, expected {expected}")]
    Missing {
        /// The line number the missing line would have had.
        line: usize,
        /// What that line should hold.
        expected: String,
    },
    /// The board is well formed but is not a legal Star/Circle position (a stack off a last row, a side without
    /// pieces, row values too large).
    #[error("line {line}: invalid position: {message}")]
    Position {
        /// 1-based line of the board row (or row-value line) at fault.
        line: usize,
        /// Why the position is rejected.
        message: String,
    },
    /// A move text that is not of the form `F4-H2` or `pass`.
    #[error("malformed move {text:?}: expected a move like F4-H2 (row letter A-H, column 1-8) or pass")]
    MalformedMove {
        /// The text as given.
        text: String,
    },
    /// A well-formed move that is not legal in the position.
    #[error("illegal move {text:?}: legal moves are {legal}")]
    IllegalMove {
        /// The text as given.
        text: String,
        /// The legal moves, comma separated.
        legal: String,
    },
}

impl Error {
    /// A syntax error at `line`.
    pub(crate) fn syntax(line: usize, message: impl Into<String>) -> Error {
        Error::Syntax { line, message: message.into() }
    }

    /// An invalid-position error at `line`.
    pub(crate) fn position(line: usize, message: impl Into<String>) -> Error {
        Error::Position { line, message: message.into() }
    }
}
