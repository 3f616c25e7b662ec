//! # sente-registry
//!
//! The façade the web arena and terminal play stand on: a [`GameKind`] per served game and one object-safe
//! [`DynGame`] trait that speaks only text (positions and moves in each game's own notation). It is implemented
//! once, generically, by [`Arena`] over the core's `Game + Notation` traits plus a small per-game [`Adapter`]
//! (board drawing, scores, exact values for the solved games) in `games/`.
//!
//! ```
//! use sente_registry::{GameKind, EngineLimits};
//! let game = GameKind::TicTacToe.open();
//! let start = game.initial();
//! let (played, view) = game.play(&start, "5")?;
//! assert_eq!(played, "5");
//! assert_eq!(view.moves.len(), 8);
//! let reply = game.engine(&view.position, &EngineLimits::perfect())?;
//! assert!(reply.perfect);
//! # Ok::<(), sente_registry::RegistryError>(())
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod adapter;
pub mod error;
pub mod games;
pub mod tree;
pub mod view;

pub use adapter::{Adapter, Arena, Thought};
pub use error::RegistryError;
pub use sente_core::StopFlag;
pub use tree::{TreeAlgorithm, TreeNodeView, TreeRequest, TreeView};
pub use view::{
    Analysis, BoardView, EngineLimits, EngineReport, GameInfo, Level, Mark, MoveValue, MoveView, OutcomeView,
    PositionView, Score,
};

use std::fmt;
use std::str::FromStr;

/// One served game, its whole interface in text. Every method parses the position it is given, so callers keep no
/// game state of their own beyond the position string.
pub trait DynGame: Send + Sync {
    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// The description shown to people.
    fn info(&self) -> GameInfo;

    /// The starting position's text.
    fn initial(&self) -> String;

    /// Parses and validates a position (a pasted `input.txt`, a board) and describes it.
    ///
    /// # Errors
    /// [`RegistryError::Position`] with the game's message (line and what was expected).
    fn view(&self, position: &str) -> Result<PositionView, RegistryError>;

    /// Plays a move; returns the move's canonical text and the new position.
    ///
    /// # Errors
    /// The position is invalid, the game is over, or the move is malformed or illegal.
    fn play(&self, position: &str, mv: &str) -> Result<(String, PositionView), RegistryError>;

    /// Lets the engine choose a move within `limits` (which the caller has already capped).
    ///
    /// # Errors
    /// The position is invalid or the game is over.
    fn engine(&self, position: &str, limits: &EngineLimits) -> Result<EngineReport, RegistryError> {
        self.engine_until(position, limits, &StopFlag::new())
    }

    /// [`DynGame::engine`] that also ends early, answering with the best move found so far, once `stop` is
    /// raised (the server raises it when the client that asked has gone).
    ///
    /// # Errors
    /// The position is invalid or the game is over.
    fn engine_until(
        &self,
        position: &str,
        limits: &EngineLimits,
        stop: &StopFlag,
    ) -> Result<EngineReport, RegistryError>;

    /// The exact value of the position and of every legal move.
    ///
    /// # Errors
    /// The position is invalid, or the game is not solved ([`RegistryError::NotSolved`]).
    fn analyze(&self, position: &str) -> Result<Analysis, RegistryError>;

    /// The search tree of a position (see [`tree`]).
    ///
    /// # Errors
    /// The position is invalid, or the search visits more nodes than the request's limit.
    fn tree(&self, position: &str, request: &TreeRequest) -> Result<TreeView, RegistryError>;

    /// The algorithm and depth a position text names itself (a Star/Circle `input.txt`), if any.
    fn tree_defaults(&self, position: &str) -> Option<(TreeAlgorithm, u32)>;
}

/// The games the registry serves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// The row/column removal scoring game (solved at every position).
    RowCol,
    /// Star/Circle, the course's checkers variant.
    StarCircle,
    /// de Bono's L-Game (strongly solved).
    LGame,
    /// Gomoku, freestyle on 15×15.
    Gomoku,
    /// Tic-tac-toe, the core's example game (solved).
    TicTacToe,
}

impl GameKind {
    /// Every served game, in the order a menu shows them.
    pub const ALL: &'static [GameKind] =
        &[GameKind::RowCol, GameKind::StarCircle, GameKind::LGame, GameKind::Gomoku, GameKind::TicTacToe];

    /// The name used in URLs and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameKind::RowCol => "rowcol",
            GameKind::StarCircle => "starcircle",
            GameKind::LGame => "lgame",
            GameKind::Gomoku => "gomoku",
            GameKind::TicTacToe => "tictactoe",
        }
    }

    /// The game behind the registry's interface.
    #[must_use]
    pub fn open(self) -> Box<dyn DynGame> {
        match self {
            GameKind::RowCol => Box::new(Arena::new(games::rowcol::RowColArena::standard())),
            GameKind::StarCircle => Box::new(Arena::new(sente_starcircle::StarCircle::default())),
            GameKind::LGame => Box::new(Arena::new(sente_lgame::LGame)),
            GameKind::Gomoku => Box::new(Arena::new(games::gomoku::default_game())),
            GameKind::TicTacToe => Box::new(Arena::new(sente_core::examples::tictactoe::TicTacToe)),
        }
    }

    /// Every served game, opened.
    #[must_use]
    pub fn open_all() -> Vec<Box<dyn DynGame>> {
        GameKind::ALL.iter().map(|k| k.open()).collect()
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = RegistryError;

    fn from_str(name: &str) -> Result<GameKind, RegistryError> {
        GameKind::ALL.iter().copied().find(|k| k.name().eq_ignore_ascii_case(name.trim())).ok_or_else(|| {
            RegistryError::UnknownGame {
                name: name.to_string(),
                known: GameKind::ALL.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "),
            }
        })
    }
}
