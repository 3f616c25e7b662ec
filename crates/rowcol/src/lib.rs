//! # sente-rowcol: the row/column game (縱橫殺棋)
//!
//! Rules (NTNU AI course, assignment 3, 2023): an n×m board holds pieces. Players alternate; a move takes every
//! piece of one row or one column that still holds at least one. When no piece is left, whoever took more pieces
//! wins; the margin is the score. The program must find an optimal first move for the first player: the largest
//! winning margin, else the smallest loss (or a draw). Parameters: 1 ≤ n, m ≤ 16 (the course allows 8).
//!
//! The crate has the board and the playable [`Position`] (implementing the core's `State` and `ScoringState`, so
//! the core's minimax, alpha-beta, searcher and memoised scoring solver all play it), the course's text formats
//! ([`notation`]), a reproducible [`random_board`] generator, the fast exact [`Solver`] (see [`solver`]) and the
//! plain alpha-beta + TT [`Baseline`] it is benchmarked against.
//!
//! ```
//! use sente_rowcol::{parse_board, Move, SolveOptions, Solver};
//! let board = parse_board("3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n")?;
//! let s = Solver::new(&board, &SolveOptions::default()).solve(false, &mut |_| {});
//! assert_eq!((s.best, s.value), (Move::Row(2), 3));
//! # Ok::<(), sente_rowcol::Error>(())
//! ```

pub mod baseline;
pub mod canonical;
pub mod endgame;
pub mod error;
pub mod eval;
pub mod generate;
pub mod movegen;
pub mod moves;
pub mod notation;
mod parallel;
pub mod position;
pub mod solver;
pub mod table;
mod worker;

pub use baseline::Baseline;
pub use error::Error;
pub use eval::MarginEvaluator;
pub use generate::random_board;
pub use moves::Move;
pub use notation::{format_board, parse_board};
pub use position::{Board, MAX_SIDE, Position, RowCol};
pub use solver::{Progress, Solution, SolveOptions, Solver};
