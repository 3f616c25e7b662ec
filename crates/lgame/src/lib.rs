//! # sente-lgame: de Bono's L-Game, strongly solved
//!
//! Rules (Edward de Bono, 1967; see also Tsai & Lin, "益智遊戲 L 棋 (L-Game) 之電腦解法及分析", NTNU): a 4×4 board;
//! each player owns one L-shaped piece covering 4 cells, and two neutral round pieces are shared. On a turn the
//! player lifts their own L and puts it down on a different placement (any of the 8 orientations; it may cover cells
//! it covered before, never the other L or a neutral), then may move one neutral piece to any empty cell, or leave
//! both. A player who cannot put their L down elsewhere loses. The two neutrals are identical. Games can go on for
//! ever; with perfect play they do.
//!
//! Parameters: none. The state space is tiny (18,368 positions with the side to move fixed, 2,296 up to the 8
//! symmetries of the board), so [`Analysis`] solves all of it with the core's retrograde solver in milliseconds and
//! then plays perfectly, including the paper's rule for drawn positions (pick the drawn move that gives the
//! opponent the largest share of losing replies).
//!
//! ```
//! use sente_lgame::{Analysis, LGame, START};
//! use sente_core::Notation;
//! let analysis = Analysis::new();
//! let start = LGame.parse_state(START)?;
//! assert_eq!(analysis.value(&start).to_string(), "D");
//! # Ok::<(), sente_lgame::Error>(())
//! ```

pub mod analysis;
pub mod classes;
pub mod error;
pub mod eval;
pub mod index;
pub mod movegen;
pub mod notation;
pub mod placements;
pub mod position;
pub mod stats;

pub use analysis::{Analysis, MoveValue};
pub use error::Error;
pub use eval::Mobility;
pub use movegen::Move;
pub use position::Position;
pub use sente_core::solve::retrograde::{Solved, Verdict};
pub use stats::Stats;

use sente_core::{Game, Notation};

/// The standard starting position.
pub const START: &str = "NXX./.OX./.OX./.OON";

/// The L-Game (it has no parameters).
#[derive(Copy, Clone, Debug, Default)]
pub struct LGame;

impl Game for LGame {
    type State = Position;

    fn name(&self) -> &'static str {
        "lgame"
    }

    fn initial_state(&self) -> Position {
        // START is a constant the tests parse; a failure here is a bug in this crate, not bad input.
        self.parse_state(START).unwrap_or_else(|e| panic!("the start position {START} must parse: {e}"))
    }

    /// Games can loop for ever, so there is no real bound; random games end with probability 1 (a few hundred
    /// plies on average).
    fn max_game_length(&self) -> usize {
        usize::MAX
    }
}
