//! The complete analysis of the L-Game and perfect play from it.
//!
//! [`Analysis::new`] runs the core's retrograde solver over all 18,368 positions (side to move fixed) and keeps its
//! table. From it: the exact value of any position, the exact value of every legal move ([`Analysis::move_values`],
//! what a web page needs to show), and the engine's choice ([`Analysis::best_move`]):
//!
//! - in a won position, a fastest win (a move to a position lost for the opponent in `k - 1` plies);
//! - in a lost position, a slowest loss (every move goes to a position won for the opponent; one where they need
//!   the most plies);
//! - in a drawn position, the drawn move that maximises the opponent's chance to go wrong: the share of the
//!   opponent's replies that lead to a position won for us (the paper's rule). Shares are compared exactly.
//!
//! Ties go to the first move in the canonical move order (see [`crate::movegen`]), so answers are deterministic.

use crate::classes::Classes;
use crate::movegen::{self, Move};
use crate::position::Position;
use sente_core::State;
use sente_core::solve::retrograde::{self, Solution, Solved, Verdict};

/// The solved L-Game.
#[derive(Clone, Debug)]
pub struct Analysis {
    classes: Classes,
    /// The solution of the class-level game, by class.
    solution: Solution,
}

/// One legal move with its exact value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// The position after it (the opponent to move).
    pub after: Position,
    /// The value of the move for the player making it: the value of the position after it, seen from this side.
    pub value: Solved,
    /// The opponent's replies from `after` that lead to a position won for the player making this move.
    pub opponent_losing_replies: u32,
    /// The opponent's replies from `after`.
    pub opponent_replies: u32,
}

impl Default for Analysis {
    fn default() -> Analysis {
        Analysis::new()
    }
}

impl Analysis {
    /// Solves every position (a few milliseconds).
    ///
    /// The core's retrograde solver runs on the 2,296 symmetry classes ([`Classes`]), listing each class's
    /// successors with [`crate::index::successors`], which computes the 13 child indices of each L placement
    /// straight from tables instead of playing every move. Every position then takes its class's result. The tests
    /// check that this gives, position by position, exactly what the plain [`retrograde::solve`] gives on all
    /// 18,368 positions.
    ///
    /// # Panics
    /// Never in practice: the index covers every position a move can reach, which the tests check.
    #[must_use]
    pub fn new() -> Analysis {
        let classes = Classes::new();
        let solution = retrograde::solve_with_successors(&classes, 1, &|p, out| classes.successors(p, out))
            .unwrap_or_else(|e| panic!("the L-Game index is complete: {e}"));
        Analysis { classes, solution }
    }

    /// The symmetry classes.
    #[must_use]
    pub fn classes(&self) -> &Classes {
        &self.classes
    }

    /// The solver's table for the class-level game, by class number.
    #[must_use]
    pub fn class_solution(&self) -> &Solution {
        &self.solution
    }

    /// The value of the position with this index for the side to move.
    ///
    /// # Panics
    /// When `index` is not below [`crate::index::POSITIONS`].
    #[must_use]
    pub fn value_at(&self, index: usize) -> Solved {
        let class = self.classes.class_of(index);
        self.solution.get(class).unwrap_or_else(|| panic!("L-Game class {class} out of range"))
    }

    /// The number of legal moves of the position with this index.
    #[must_use]
    pub fn moves_at(&self, index: usize) -> u32 {
        self.solution.moves(self.classes.class_of(index))
    }

    /// How many moves of the position with this index lead to a position won for the opponent.
    #[must_use]
    pub fn losing_moves_at(&self, index: usize) -> u32 {
        self.solution.losing_moves(self.classes.class_of(index))
    }

    /// The value of a position for the side to move.
    #[must_use]
    pub fn value(&self, pos: &Position) -> Solved {
        self.value_at(pos.index())
    }

    /// The number of the side to move's moves, and how many of them lead to a position won for the opponent.
    #[must_use]
    pub fn losing_share(&self, pos: &Position) -> (u32, u32) {
        let i = pos.index();
        (self.losing_moves_at(i), self.moves_at(i))
    }

    /// Every legal move of `pos` with its exact value, in the canonical move order.
    #[must_use]
    pub fn move_values(&self, pos: &Position) -> Vec<MoveValue> {
        let mut moves = Vec::new();
        movegen::generate(pos, &mut moves);
        moves.into_iter().map(|m| self.move_value(pos, m)).collect()
    }

    fn move_value(&self, pos: &Position, mv: Move) -> MoveValue {
        let mut after = *pos;
        after.play(mv);
        let i = after.index();
        MoveValue {
            mv,
            after,
            value: self.value_at(i).before_move(),
            opponent_losing_replies: self.losing_moves_at(i),
            opponent_replies: self.moves_at(i),
        }
    }

    /// The engine's move (see the module documentation for the rules), or `None` when `pos` has no move.
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<MoveValue> {
        let target = self.value(pos);
        let mut moves = Vec::new();
        movegen::generate(pos, &mut moves);
        let mut best: Option<MoveValue> = None;
        for &m in &moves {
            let mv = self.move_value(pos, m);
            if mv.value != target {
                continue;
            }
            let better = match (&best, target.verdict) {
                (None, _) => true,
                // Fastest win and slowest loss: every move with the position's own value is one.
                (Some(_), Verdict::Win | Verdict::Loss) => false,
                // Larger share of losing replies, compared exactly: a/b > c/d ⇔ a·d > c·b.
                (Some(b), Verdict::Draw) => {
                    u64::from(mv.opponent_losing_replies) * u64::from(b.opponent_replies)
                        > u64::from(b.opponent_losing_replies) * u64::from(mv.opponent_replies)
                }
            };
            if better {
                best = Some(mv);
            }
        }
        debug_assert!(moves.is_empty() || best.is_some(), "a move always holds the position's value");
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LGame;
    use sente_core::{Enumerable, Game};

    #[test]
    fn the_start_is_a_draw_with_65_moves_and_the_engine_keeps_it() {
        let a = Analysis::new();
        let start = LGame.initial_state();
        assert_eq!(a.value(&start), Solved { verdict: Verdict::Draw, remoteness: 0 });
        let values = a.move_values(&start);
        assert_eq!(values.len(), 65);
        let best = a.best_move(&start).unwrap();
        assert_eq!(best.value.verdict, Verdict::Draw);
        // No drawn move gives the opponent a larger share of losing replies.
        for v in values.iter().filter(|v| v.value.verdict == Verdict::Draw) {
            let lhs = u64::from(v.opponent_losing_replies) * u64::from(best.opponent_replies);
            assert!(lhs <= u64::from(best.opponent_losing_replies) * u64::from(v.opponent_replies));
        }
    }

    #[test]
    fn the_class_level_shortcut_gives_the_plain_solution_on_every_position() {
        let plain = retrograde::solve(&LGame).unwrap();
        let a = Analysis::new();
        for (i, v) in plain.iter() {
            assert_eq!(a.value_at(i), v, "index {i}");
            assert_eq!((a.moves_at(i), a.losing_moves_at(i)), (plain.moves(i), plain.losing_moves(i)), "index {i}");
        }
        assert_eq!(plain.len(), crate::index::POSITIONS);
        // The plain solver with the table shortcut and one or several threads: the same solution.
        let fast = retrograde::solve_with_successors(&LGame, 3, &crate::index::successors).unwrap();
        assert_eq!(fast, plain);
        assert_eq!(retrograde::solve_with_threads(&LGame, 1).unwrap(), plain);
    }

    #[test]
    fn move_values_follow_negamax_with_remoteness() {
        let a = Analysis::new();
        for i in (0..crate::index::POSITIONS).step_by(101) {
            let p = LGame.state_at(i).unwrap();
            let v = a.value(&p);
            let moves = a.move_values(&p);
            match v.verdict {
                Verdict::Win => {
                    assert!(
                        moves.iter().all(|m| m.value.verdict != Verdict::Win || m.value.remoteness >= v.remoteness)
                    );
                    assert!(moves.iter().any(|m| m.value == v));
                }
                Verdict::Loss => {
                    assert!(moves.iter().all(|m| m.value.verdict == Verdict::Loss));
                    assert_eq!(moves.iter().map(|m| m.value.remoteness).max().unwrap_or(0), v.remoteness);
                }
                Verdict::Draw => {
                    assert!(moves.iter().all(|m| m.value.verdict != Verdict::Win));
                    assert!(moves.iter().any(|m| m.value.verdict == Verdict::Draw));
                }
            }
            match a.best_move(&p) {
                Some(b) => assert_eq!(b.value, v),
                None => assert_eq!(v, Solved { verdict: Verdict::Loss, remoteness: 0 }),
            }
        }
    }
}
