//! The perfect index of L-Game positions (side to move fixed): 656 pairs of non-overlapping L placements times 28
//! ways to put the two identical neutrals on the 8 cells the Ls leave free, 18,368 indices in all, every one a
//! position. Also the symmetry classes: the canonical index of a position is the least index among its 8 images.
//!
//! `index = pair * 28 + neutrals`, where `pair` numbers the (mover's L, other L) pairs in increasing placement order
//! and `neutrals` is the colex rank of the two neutral cells' ranks `a < b` among the free cells:
//! `b * (b - 1) / 2 + a`. Encoding and decoding cost a table lookup and a few bit counts, so the solver can walk all
//! 1.6 million moves quickly.

use crate::LGame;
use crate::placements::{MASKS, PLACEMENTS, SYM};
use crate::position::Position;
use sente_core::Enumerable;
use sente_core::symmetry::D4;

/// Non-overlapping ordered pairs of L placements.
pub const PAIRS: usize = 656;
/// Ways to place the two neutrals on the 8 free cells.
pub const NEUTRAL_WAYS: usize = 28;
/// Positions with a fixed side to move.
pub const POSITIONS: usize = PAIRS * NEUTRAL_WAYS;

const NO_PAIR: u16 = u16::MAX;

/// `PAIR_INDEX[x][o]`: the pair number of the mover's L at `x` and the other at `o`, or `u16::MAX` if they overlap.
static PAIR_INDEX: [[u16; PLACEMENTS]; PLACEMENTS] = build_pair_index();
/// `PAIR_OF[pair]`: the placements (mover's, other's).
static PAIR_OF: [(u8, u8); PAIRS] = build_pair_of();

const fn build_pair_index() -> [[u16; PLACEMENTS]; PLACEMENTS] {
    let mut out = [[NO_PAIR; PLACEMENTS]; PLACEMENTS];
    let mut n = 0u16;
    let mut x = 0;
    while x < PLACEMENTS {
        let mut o = 0;
        while o < PLACEMENTS {
            if MASKS[x] & MASKS[o] == 0 {
                out[x][o] = n;
                n += 1;
            }
            o += 1;
        }
        x += 1;
    }
    assert!(n as usize == PAIRS, "656 non-overlapping pairs of Ls");
    out
}

const fn build_pair_of() -> [(u8, u8); PAIRS] {
    let index = build_pair_index();
    let mut out = [(0u8, 0u8); PAIRS];
    let mut x = 0;
    while x < PLACEMENTS {
        let mut o = 0;
        while o < PLACEMENTS {
            if index[x][o] != NO_PAIR {
                out[index[x][o] as usize] = (x as u8, o as u8);
            }
            o += 1;
        }
        x += 1;
    }
    out
}

/// The rank of `cell` among the set cells of `free` below it.
#[inline]
fn rank(free: u16, cell: u32) -> u32 {
    (free & ((1u16 << cell) - 1)).count_ones()
}

/// The `k`-th (from 0) set cell of `free`.
#[inline]
fn select(mut free: u16, k: u32) -> u32 {
    for _ in 0..k {
        free &= free - 1;
    }
    free.trailing_zeros()
}

/// The index of a position given as placements and a neutral mask. The Ls must not overlap and the two neutrals
/// must lie on free cells.
#[inline]
#[must_use]
pub fn encode(x: u8, o: u8, neutrals: u16) -> usize {
    let pair = PAIR_INDEX[x as usize][o as usize];
    debug_assert!(pair != NO_PAIR, "overlapping Ls {x} and {o}");
    let free = !(MASKS[x as usize] | MASKS[o as usize]);
    debug_assert!(neutrals & !free == 0 && neutrals.count_ones() == 2);
    let a = rank(free, neutrals.trailing_zeros());
    let b = rank(free, 15 - neutrals.leading_zeros());
    pair as usize * NEUTRAL_WAYS + (b * (b - 1) / 2 + a) as usize
}

/// The placements and neutral mask of an index below [`POSITIONS`].
#[must_use]
pub fn decode(index: usize) -> Option<(u8, u8, u16)> {
    if index >= POSITIONS {
        return None;
    }
    let (x, o) = PAIR_OF[index / NEUTRAL_WAYS];
    let k = (index % NEUTRAL_WAYS) as u32;
    // Invert the colex rank: b is the largest with b(b-1)/2 <= k.
    let mut b = 1;
    while (b + 1) * b / 2 <= k {
        b += 1;
    }
    let a = k - b * (b - 1) / 2;
    let free = !(MASKS[x as usize] | MASKS[o as usize]);
    Some((x, o, (1 << select(free, a)) | (1 << select(free, b))))
}

/// The least index among the 8 symmetric images of the position with this index (its class representative).
#[must_use]
pub fn canonical_index(index: usize) -> usize {
    let Some((x, o, n)) = decode(index) else { return index };
    D4::ALL
        .iter()
        .enumerate()
        .map(|(s, &t)| {
            let (xs, os) = (SYM[s][x as usize], SYM[s][o as usize]);
            encode(xs, os, crate::placements::transform_mask(n, t))
        })
        .min()
        .unwrap_or(index)
}

impl Enumerable for LGame {
    /// 18,368: every index is a position with the side to move fixed (the relative view: `X` moves).
    fn state_count(&self) -> usize {
        POSITIONS
    }

    fn index_of(&self, s: &Position) -> usize {
        s.index()
    }

    /// The position with this index, `First` to move.
    fn state_at(&self, index: usize) -> Option<Position> {
        decode(index).map(|(x, o, n)| Position::from_parts(x, o, n, sente_core::Player::First))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_inverts_decode_on_every_index() {
        for i in 0..POSITIONS {
            let (x, o, n) = decode(i).unwrap();
            assert_eq!(MASKS[x as usize] & MASKS[o as usize], 0);
            assert_eq!(n & (MASKS[x as usize] | MASKS[o as usize]), 0);
            assert_eq!(n.count_ones(), 2);
            assert_eq!(encode(x, o, n), i);
        }
        assert_eq!(decode(POSITIONS), None);
        assert_eq!(POSITIONS, 18_368);
    }

    #[test]
    fn classes_have_eight_members_each() {
        let mut members = std::collections::HashMap::<usize, usize>::new();
        for i in 0..POSITIONS {
            *members.entry(canonical_index(i)).or_default() += 1;
        }
        assert_eq!(members.len(), 2_296);
        assert!(members.values().all(|&m| m == 8));
        assert!(members.keys().all(|&c| canonical_index(c) == c));
    }
}
