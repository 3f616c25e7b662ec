//! # sente-gomoku
//!
//! Gomoku: two players place black and white stones in turn on a 19×19 board (15×15 and 20×20 also; any side from
//! 5 to 26); black moves first; five in a row (horizontal, vertical or diagonal) wins; a full board is a draw. Rules
//! ([`Rule`]): *freestyle* (five or more wins; the default), *exact five* (an overline of six or more does not
//! win) and *renju* (black wins only with exactly five and may not play a double three, a double four or an
//! overline). See <https://en.wikipedia.org/wiki/Gomoku> and the Gomocup rules at <https://gomocup.org>.
//!
//! The crate holds the rules ([`Gomoku`], [`Position`] with incremental Zobrist hash and line patterns, renju
//! forbidden points, text [`notation`]) and the Gomoku-only parts of the engine ([`engine`]): pattern evaluation,
//! threat-ordered candidate moves, VCF/VCT threat-space solvers, the contest guide's cell-weight bot and time
//! management around the core's searcher. The Piskvork brain protocol lives in [`pbrain`].
//!
//! ```
//! use sente_gomoku::{Gomoku, Rule};
//! use sente_core::{Game, Notation, State};
//! let game = Gomoku::new(15, Rule::Freestyle)?;
//! let mut pos = game.initial_state();
//! let m = game.parse_move(&pos, "H8")?;
//! pos.play(m);
//! assert_eq!(game.format_move(&pos, m), "H8");
//! # Ok::<(), sente_gomoku::Error>(())
//! ```
#![deny(missing_docs)]

pub mod bench;
pub mod combos;
pub mod engine;
pub mod error;
pub mod notation;
pub mod openings;
pub mod patterns;
pub mod pbrain;
pub mod position;
mod renju;
pub mod rules;

pub use error::Error;
pub use position::{CellThreats, Move, Position};
pub use rules::{Gomoku, Rule};
