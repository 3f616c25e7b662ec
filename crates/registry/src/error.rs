//! The registry's one error type: everything a caller (the web API, terminal play) can get wrong when it hands a
//! game some text. Messages carry the game's own parse error, which names the line and what was expected.

use thiserror::Error;

/// Why a registry call was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RegistryError {
    /// No game has this name.
    #[error("unknown game {name:?}; known games: {known}")]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
    /// The position text does not parse or is not a legal position.
    #[error("invalid {game} position: {message}")]
    Position {
        /// The game's name.
        game: &'static str,
        /// The game's parse error (line and what was expected).
        message: String,
    },
    /// The move text is malformed or names no legal move.
    #[error("illegal {game} move {text:?}: {message}")]
    Move {
        /// The game's name.
        game: &'static str,
        /// The move as given.
        text: String,
        /// Why it was refused.
        message: String,
    },
    /// The game is already over, so there is no move to play or search.
    #[error("the {game} game is over: there is no move to play")]
    GameOver {
        /// The game's name.
        game: &'static str,
    },
    /// An adapter's own reading of a game text failed; the message names the line and what was expected.
    #[error("{0}")]
    Text(String),
    /// Exact values were asked of a game the registry has not solved.
    #[error("this {game} position is searched, not solved: exact values are not available for it (ask the engine)")]
    NotSolved {
        /// The game's name.
        game: &'static str,
    },
    /// A search tree grew past the caller's cap on nodes.
    #[error("the {game} search tree has more than {limit} nodes; choose a smaller depth or a later position")]
    TreeTooLarge {
        /// The game's name.
        game: &'static str,
        /// The cap.
        limit: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_game_and_the_text() {
        let e = RegistryError::Move { game: "tictactoe", text: "10".into(), message: "no such cell".into() };
        assert_eq!(e.to_string(), "illegal tictactoe move \"10\": no such cell");
        let e = RegistryError::UnknownGame { name: "chess".into(), known: "tictactoe".into() };
        assert!(e.to_string().contains("chess"));
    }
}
