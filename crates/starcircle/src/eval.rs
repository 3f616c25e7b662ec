//! Evaluations: the course's [`Utility`] (what the grader's searches score leaves with) and the engine's stronger
//! [`Heuristic`].
//!
//! The core's searches are negamax, so an evaluation is always for the side to move. The course's utility for the
//! input player p is `score(p) − score(opponent)`; since that is zero-sum, the utility for whoever is to move at a
//! node is the same number with the sign the negamax convention wants, and the value at the root (where the input
//! player moves) is the course's utility itself.
//!
//! The engine's [`Heuristic`] estimates the *final* score instead of the current one: a piece that still has rows
//! to climb will usually climb them, so its value is credited with part of the rise to its last row — most of it
//! when no opponent piece stands in the cone ahead of it (nothing can block or capture it any more), less when the
//! way is contested. The side to move also gets half of its best immediate capture, a cheap stand-in for a
//! quiescence search. Finished games are scored as wins, losses or draws by the final score.

use crate::moves::{SIZE, Square, col_of, row_of};
use crate::position::{Position, last_row};
use sente_core::{Evaluator, Outcome, Player, State, Value};

/// The course's utility, for the side to move; finished games are scored the same way (no win bonus).
#[derive(Copy, Clone, Debug, Default)]
pub struct Utility;

impl Evaluator<Position> for Utility {
    fn evaluate(&self, state: &Position) -> Value {
        Value(state.utility(state.to_move()))
    }

    fn terminal(&self, state: &Position, _outcome: Outcome, _ply: i32) -> Value {
        Value(state.utility(state.to_move()))
    }
}

/// For each side and square, the opponent squares that can still meet a piece there: the forward cone
/// (`|column distance| ≤ row distance`, rows strictly ahead).
const fn cones() -> [[u64; 64]; 2] {
    let mut out = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = (row_of(sq as Square) as i32, col_of(sq as Square) as i32);
        let mut t = 0;
        while t < 64 {
            let (tr, tc) = (row_of(t as Square) as i32, col_of(t as Square) as i32);
            let dc = if tc > c { tc - c } else { c - tc };
            if tr > r && dc <= tr - r + 1 {
                out[0][sq] |= 1 << t;
            }
            if tr < r && dc <= r - tr + 1 {
                out[1][sq] |= 1 << t;
            }
            t += 1;
        }
        sq += 1;
    }
    out
}

const CONES: [[u64; 64]; 2] = cones();

/// The engine's evaluation: expected final score difference for the side to move.
#[derive(Copy, Clone, Debug)]
pub struct Heuristic {
    /// Share (in 1/16) of the remaining rise credited to a piece nothing can stop.
    pub free_share: i32,
    /// Share (in 1/16) of the remaining rise credited to a contested piece.
    pub contested_share: i32,
    /// Share (in 1/16) of the best immediate capture credited to the side to move.
    pub capture_share: i32,
}

impl Default for Heuristic {
    fn default() -> Heuristic {
        Heuristic { free_share: 14, contested_share: 6, capture_share: 8 }
    }
}

impl Heuristic {
    /// Sixteenths of a side's expected final score beyond its current one.
    fn potential(&self, pos: &Position, side: Player) -> i32 {
        let top = pos.row_value(side, if side == Player::First { 0 } else { 63 });
        let opp = pos.occupancy(side.other());
        let mut bits = pos.occupancy(side) & !last_row(side);
        let mut total = 0;
        while bits != 0 {
            let sq = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            let rise = top - pos.row_value(side, sq);
            let share =
                if CONES[side.index()][sq as usize] & opp == 0 { self.free_share } else { self.contested_share };
            total += rise * share;
        }
        total
    }

    /// The best gain (opponent's piece value plus the jumper's two-row rise) of a capture the side to move has.
    fn best_capture(pos: &Position) -> i32 {
        let mut moves = Vec::with_capacity(16);
        pos.legal_moves(&mut moves);
        let side = pos.to_move();
        moves
            .iter()
            .filter_map(|m| {
                m.captured().map(|mid| {
                    pos.row_value(side.other(), mid) + pos.row_value(side, m.to()) - pos.row_value(side, m.from())
                })
            })
            .max()
            .unwrap_or(0)
    }
}

impl Evaluator<Position> for Heuristic {
    fn evaluate(&self, pos: &Position) -> Value {
        let me = pos.to_move();
        let base = 16 * pos.utility(me);
        let rise = self.potential(pos, me) - self.potential(pos, me.other());
        let capture = self.capture_share * Self::best_capture(pos);
        Value::heuristic(base + rise + capture)
    }

    fn terminal(&self, pos: &Position, outcome: Outcome, ply: i32) -> Value {
        match outcome {
            Outcome::Draw => Value::DRAW,
            Outcome::Win(p) if p == pos.to_move() => Value::win_in(ply),
            Outcome::Win(_) => Value::loss_in(ply),
        }
    }

    fn move_score(&self, pos: &Position, m: crate::moves::Move) -> i32 {
        // Captures first (bigger prizes earlier), then moves that reach the last row, then advances.
        let side = pos.to_move();
        let capture = m.captured().map_or(0, |mid| 1000 + pos.row_value(side.other(), mid));
        let home = if !m.is_pass() && last_row(side) & (1 << m.to()) != 0 { 500 } else { 0 };
        capture + home + i32::from(SIZE) - i32::from(col_of(m.to()).abs_diff(3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StarCircle;
    use sente_core::Notation;

    #[test]
    fn utility_is_for_the_side_to_move() {
        let g = StarCircle::default();
        let text = "Circle\n0,S2,0,0,0,0,0,0\nS1,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,C1\n0,0,0,0,0,0,S1,0\n\
            0,0,0,0,0,S1,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80";
        let p = g.parse_state(text).unwrap();
        assert_eq!(Utility.evaluate(&p), Value(-290));
        let h = Heuristic::default().evaluate(&p);
        assert!(h.0 < -290 * 16, "Star's free pieces will climb further: {h}");
    }

    #[test]
    fn cones_see_pieces_ahead_only() {
        let g3 = crate::moves::parse_square("G3").unwrap();
        let f4 = crate::moves::parse_square("F4").unwrap();
        let c3 = crate::moves::parse_square("C3").unwrap();
        assert!(CONES[0][f4 as usize] & (1 << g3) != 0);
        assert!(CONES[0][f4 as usize] & (1 << c3) == 0);
        assert!(CONES[1][g3 as usize] & (1 << f4) != 0);
    }
}
