//! The symmetry classes of L-Game positions, and the class-level game the analysis solves.
//!
//! The 8 symmetries of the board map positions to positions, moves to moves and values to values, and no L-Game
//! position is its own image (an L has no symmetry), so the 18,368 positions fall into exactly 2,296 classes of 8.
//! Solving the game on the classes instead of the positions gives every position's value, remoteness, move count
//! and count of losing moves at an eighth of the cost. [`Classes`] is that game: an [`Enumerable`] whose index is
//! the class number (classes numbered in order of their least position index, which is also the representative),
//! so the core's generic retrograde solver runs on it unchanged. A move from a representative can lead to two
//! positions of one class; the solver counts such moves twice, as it must.

use crate::LGame;
use crate::index::{self, POSITIONS, decode, encode};
use crate::placements::{SYM, cell, coord};
use crate::position::Position;
use sente_core::symmetry::D4;
use sente_core::{Enumerable, Game};

/// The number of symmetry classes.
pub const CLASSES: usize = 2_296;

/// `CELL_SYM[s][c]`: the image of cell `c` under `D4::ALL[s]`.
const CELL_SYM: [[u8; 16]; 8] = build_cell_sym();

const fn build_cell_sym() -> [[u8; 16]; 8] {
    let mut out = [[0u8; 16]; 8];
    let mut s = 0;
    while s < 8 {
        let mut c = 0;
        while c < 16 {
            out[s][c] = cell(D4::ALL[s].apply(coord(c), 4)) as u8;
            c += 1;
        }
        s += 1;
    }
    out
}

/// The indices of the 8 images of the position with this index, in the order of [`D4::ALL`].
#[must_use]
pub fn images(index: usize) -> [usize; 8] {
    let mut out = [index; 8];
    if let Some((x, o, n)) = decode(index) {
        let (lo, hi) = (n.trailing_zeros() as usize & 15, (15 - n.leading_zeros()) as usize & 15);
        for (s, slot) in out.iter_mut().enumerate() {
            let ns = (1u16 << CELL_SYM[s][lo]) | (1u16 << CELL_SYM[s][hi]);
            *slot = encode(SYM[s][x as usize], SYM[s][o as usize], ns);
        }
    }
    out
}

/// The L-Game on symmetry classes (see the module documentation).
#[derive(Clone, Debug)]
pub struct Classes {
    /// Per position index: its class.
    class_of: Vec<u16>,
    /// Per class: its representative's position index (the least in the class).
    reps: Vec<u32>,
}

impl Default for Classes {
    fn default() -> Classes {
        Classes::new()
    }
}

impl Classes {
    /// Numbers the classes by walking the positions in index order and labelling each new position's 8 images.
    #[must_use]
    pub fn new() -> Classes {
        const UNSET: u16 = u16::MAX;
        let mut class_of = vec![UNSET; POSITIONS];
        let mut reps = Vec::with_capacity(CLASSES);
        for i in 0..POSITIONS {
            if class_of[i] != UNSET {
                continue;
            }
            let c = reps.len() as u16;
            reps.push(i as u32);
            for j in images(i) {
                class_of[j] = c;
            }
        }
        Classes { class_of, reps }
    }

    /// The class of the position with this index.
    #[must_use]
    pub fn class_of(&self, index: usize) -> usize {
        self.class_of[index] as usize
    }

    /// The position index of a class's representative.
    #[must_use]
    pub fn representative(&self, class: usize) -> usize {
        self.reps[class] as usize
    }

    /// The number of classes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.reps.len()
    }

    /// True when there are no classes (never, for the L-Game).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.reps.is_empty()
    }

    /// Appends the class of every position one move away from `pos` (see [`index::successors`]).
    pub fn successors(&self, pos: &Position, out: &mut Vec<u32>) {
        let start = out.len();
        index::successors(pos, out);
        for c in &mut out[start..] {
            *c = u32::from(self.class_of[*c as usize]);
        }
    }
}

impl Game for Classes {
    type State = Position;

    fn name(&self) -> &'static str {
        "lgame-classes"
    }

    fn initial_state(&self) -> Position {
        LGame.initial_state()
    }

    fn max_game_length(&self) -> usize {
        LGame.max_game_length()
    }
}

impl Enumerable for Classes {
    /// 2,296.
    fn state_count(&self) -> usize {
        self.reps.len()
    }

    /// The class of the position.
    fn index_of(&self, s: &Position) -> usize {
        self.class_of(s.index())
    }

    /// The class's representative.
    fn state_at(&self, class: usize) -> Option<Position> {
        self.reps.get(class).and_then(|&i| LGame.state_at(i as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_have_eight_distinct_members_and_the_least_represents_them() {
        let classes = Classes::new();
        assert_eq!(classes.len(), CLASSES);
        let mut size = vec![0; CLASSES];
        for i in 0..POSITIONS {
            let c = classes.class_of(i);
            size[c] += 1;
            assert!(classes.representative(c) <= i);
            assert_eq!(classes.representative(c), index::canonical_index(i));
            let mut imgs = images(i).to_vec();
            imgs.sort_unstable();
            imgs.dedup();
            assert_eq!(imgs.len(), 8);
        }
        assert!(size.iter().all(|&n| n == 8));
    }

    #[test]
    fn images_agree_with_transforming_the_position() {
        let p = LGame.initial_state();
        let imgs = images(p.index());
        for (s, &t) in D4::ALL.iter().enumerate() {
            assert_eq!(imgs[s], p.transformed(t).index());
        }
    }
}
