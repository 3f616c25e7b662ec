//! The evaluator that lets the core's generic searches play the row/column game.
//!
//! Row/column is a scoring game, so a finished game is not a win or a loss "in n plies" but a margin of pieces:
//! [`MarginEvaluator::terminal`] returns the final margin for the side to move, and the core's minimax, alpha-beta
//! and [`sente_core::search::Searcher`] then compute exact game values (the accumulated lead is part of the
//! [`Position`]). At a depth cut-off the lead so far is the estimate; move ordering prefers the larger take.

use sente_core::{Evaluator, Outcome, Value};

use crate::moves::Move;
use crate::position::Position;

/// Margin-valued evaluation for the core searches.
#[derive(Copy, Clone, Debug, Default)]
pub struct MarginEvaluator;

impl Evaluator<Position> for MarginEvaluator {
    /// The lead of the side to move so far (searches that reach every game end never call it).
    fn evaluate(&self, state: &Position) -> Value {
        Value::heuristic(state.margin_for_mover())
    }

    /// The final margin for the side to move.
    fn terminal(&self, state: &Position, _outcome: Outcome, _ply: i32) -> Value {
        Value(state.margin_for_mover())
    }

    /// Larger takes first.
    fn move_score(&self, state: &Position, m: Move) -> i32 {
        state.gain_of(m) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_board;
    use sente_core::State;
    use sente_core::search::minimax;

    #[test]
    fn minimax_with_margins_gives_the_game_value() {
        // The course's first sample: +3 for the first player.
        let b = parse_board("3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n").unwrap();
        let mut p = Position::new(b);
        let r = minimax(&mut p, 16, &MarginEvaluator);
        assert_eq!(r.value, Value(3));
        assert_eq!(MarginEvaluator.move_score(&p, Move::Row(2)), 4);
        p.play(Move::Row(2));
        assert_eq!(MarginEvaluator.evaluate(&p), Value(-4));
    }
}
