//! A heuristic for searching the L-Game without the table: mobility.
//!
//! The number of places an L can be put down is what decides the game (a player with none has lost, and the
//! paper notes that positions with 13 or more placements, 169 or more moves, are nearly always won), so the
//! evaluation is the difference between the mover's and the opponent's placement counts. The perfect player does
//! not need it; it serves depth-limited searches, such as the tests that check the solver against search.

use crate::position::Position;
use sente_core::{Evaluator, Value};

/// Placement count of the side to move minus the opponent's, in hundredths.
#[derive(Copy, Clone, Debug, Default)]
pub struct Mobility;

impl Evaluator<Position> for Mobility {
    fn evaluate(&self, p: &Position) -> Value {
        let mine = p.mover_placements().count_ones() as i32;
        let theirs = p.other_placements().count_ones() as i32;
        Value::heuristic(100 * (mine - theirs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LGame;
    use sente_core::{Enumerable, Game, State};

    #[test]
    fn start_is_balanced_and_a_stuck_l_is_worse() {
        let start = LGame.initial_state();
        // X has 5 placements at the start, and the start is its own image under a half turn with X and O swapped.
        assert_eq!(start.mover_placements().count_ones(), 5);
        assert_eq!(Mobility.evaluate(&start), Value(0));
        // Where the mover cannot move at all, mobility says it is behind.
        let terminal = (0..LGame.state_count()).filter_map(|i| LGame.state_at(i)).find(|p| p.outcome().is_some());
        let terminal = terminal.unwrap();
        assert_eq!(terminal.mover_placements(), 0);
        assert!(Mobility.evaluate(&terminal) < Value(0));
    }
}
