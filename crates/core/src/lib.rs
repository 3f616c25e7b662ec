//! # sente-core
//!
//! The game-agnostic heart of Sente: the [`Game`]/[`State`] split every game implements, the [`Value`] scale, plain
//! reference searches ([`search::minimax`], [`search::alphabeta`]), a negamax alpha-beta with transposition table,
//! iterative deepening and move ordering ([`search::Searcher`]), exact solvers ([`solve`]) and a shared test kit
//! ([`testkit`]). It performs no I/O and never prints; the clock is read only in [`limits`].
//!
//! ```
//! use sente_core::examples::tictactoe::TicTacToe;
//! use sente_core::search::{Searcher, SearchLimits};
//! use sente_core::{Game, NullEvaluator, Value};
//!
//! let game = TicTacToe;
//! let mut searcher = Searcher::new(1 << 16);
//! let result = searcher.search(&game.initial_state(), &NullEvaluator, &SearchLimits::depth(9), &mut ());
//! assert_eq!(result.value, Value::DRAW);
//! ```
#![deny(missing_docs)]

pub mod error;
pub mod examples;
pub mod game;
pub mod grid;
pub mod limits;
pub mod memory;
pub mod outcome;
pub mod perft;
pub mod search;
pub mod solve;
pub mod symmetry;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod tt;
pub mod zobrist;

pub use error::Error;
pub use game::{Enumerable, Evaluator, Game, MoveList, Notation, NullEvaluator, ScoringState, State, Symmetric};
pub use limits::{Deadline, SearchLimits, StopFlag, Stopwatch};
pub use outcome::{Outcome, Player, Value};
