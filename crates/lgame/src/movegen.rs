//! L-Game moves: the compact [`Move`] and the legal-move generator.
//!
//! A turn lifts the mover's L and puts it down on a different placement that touches neither the other L nor a
//! neutral (it may cover cells it covered before), then optionally moves one neutral to any cell left empty. With
//! the L down, 6 cells are empty, so every L placement comes with 13 neutral options (stay, or one of two neutrals
//! to one of 6 cells): the number of moves is always a multiple of 13. The canonical order is placement order, then
//! for each placement: no neutral move, the lower-numbered neutral to each empty cell in increasing order, then the
//! higher-numbered one.

use crate::placements::{MASKS, PLACEMENTS};
use crate::position::Position;
use sente_core::MoveList;

/// Marks a move that leaves both neutrals in place.
pub const NO_NEUTRAL: u8 = u8::MAX;

/// One move: the L's new placement, optionally one neutral's move, and the L's old placement (for `undo`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) to: u8,
    pub(crate) from: u8,
    pub(crate) n_from: u8,
    pub(crate) n_to: u8,
}

impl Move {
    /// The placement the L moves to (an index into [`MASKS`]).
    #[must_use]
    pub fn placement(&self) -> u8 {
        self.to
    }

    /// The placement the L left.
    #[must_use]
    pub fn from_placement(&self) -> u8 {
        self.from
    }

    /// The neutral moved, as (from cell, to cell), if any.
    #[must_use]
    pub fn neutral(&self) -> Option<(u8, u8)> {
        (self.n_from != NO_NEUTRAL).then_some((self.n_from, self.n_to))
    }
}

/// Fills `moves` with every legal move of `pos` in the canonical order.
pub fn generate(pos: &Position, moves: &mut MoveList<Move>) {
    moves.clear();
    let from = pos.mover_l();
    let other = MASKS[pos.other_l() as usize];
    let neutrals = pos.neutrals();
    let (n_lo, n_hi) = (neutrals.trailing_zeros() as u8, (15 - neutrals.leading_zeros()) as u8);
    let blocked = other | neutrals;
    for to in 0..PLACEMENTS as u8 {
        let mask = MASKS[to as usize];
        if mask & blocked != 0 || to == from {
            continue;
        }
        moves.push(Move { to, from, n_from: NO_NEUTRAL, n_to: NO_NEUTRAL });
        let empty = !(mask | blocked);
        for n_from in [n_lo, n_hi] {
            let mut e = empty;
            while e != 0 {
                let n_to = e.trailing_zeros() as u8;
                e &= e - 1;
                moves.push(Move { to, from, n_from, n_to });
            }
        }
    }
}

/// The number of legal moves of `pos`, without generating them.
#[must_use]
pub fn count(pos: &Position) -> usize {
    pos.mover_placements().count_ones() as usize * 13
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LGame;
    use sente_core::{Enumerable, Game, State};
    use std::collections::HashSet;

    #[test]
    fn moves_are_distinct_multiples_of_13_and_the_start_has_65() {
        let game = LGame;
        let mut moves = Vec::new();
        generate(&game.initial_state(), &mut moves);
        assert_eq!(moves.len(), 65);
        for i in (0..game.state_count()).step_by(7) {
            let p = game.state_at(i).unwrap();
            generate(&p, &mut moves);
            assert_eq!(moves.len() % 13, 0);
            assert_eq!(moves.len(), count(&p));
            // Every move leads to a different position.
            let children: HashSet<_> = moves
                .iter()
                .map(|&m| {
                    let mut c = p;
                    c.play(m);
                    c.index()
                })
                .collect();
            assert_eq!(children.len(), moves.len());
        }
    }
}
