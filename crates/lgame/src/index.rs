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

/// `FREE_RANK[pair][cell]`: the rank of `cell` among the cells the pair's Ls leave free (a table, because the
/// solver encodes 1.6 million positions and a bit count is not one instruction on the baseline x86-64 target).
static FREE_RANK: [[u8; 16]; PAIRS] = build_free_rank();
/// `COLEX[a][b]` for ranks `a < b`: `b * (b - 1) / 2 + a`.
static COLEX: [[u8; 8]; 8] = build_colex();

const fn build_free_rank() -> [[u8; 16]; PAIRS] {
    let pairs = build_pair_of();
    let mut out = [[u8::MAX; 16]; PAIRS];
    let mut p = 0;
    while p < PAIRS {
        let free = !(MASKS[pairs[p].0 as usize] | MASKS[pairs[p].1 as usize]);
        let (mut cell, mut rank) = (0, 0u8);
        while cell < 16 {
            if free & (1 << cell) != 0 {
                out[p][cell] = rank;
                rank += 1;
            }
            cell += 1;
        }
        p += 1;
    }
    out
}

const fn build_colex() -> [[u8; 8]; 8] {
    let mut out = [[0u8; 8]; 8];
    let mut b = 1;
    while b < 8 {
        let mut a = 0;
        while a < b {
            out[a][b] = (b * (b - 1) / 2 + a) as u8;
            a += 1;
        }
        b += 1;
    }
    out
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
    let pair = PAIR_INDEX[x as usize][o as usize] as usize;
    debug_assert!(pair != NO_PAIR as usize, "overlapping Ls {x} and {o}");
    debug_assert!(neutrals & (MASKS[x as usize] | MASKS[o as usize]) == 0 && neutrals.count_ones() == 2);
    let ranks = &FREE_RANK[pair];
    let a = ranks[neutrals.trailing_zeros() as usize & 15];
    let b = ranks[(15 - neutrals.leading_zeros()) as usize & 15];
    pair * NEUTRAL_WAYS + COLEX[a as usize & 7][b as usize & 7] as usize
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

/// Appends the index of every position one move away from `pos`, in the canonical move order (the same positions,
/// in the same order, as playing each of [`crate::movegen::generate`]'s moves and taking the index). This is the
/// solver's shortcut: per L placement one table lookup gives the ranks of all free cells, and the 13 neutral
/// options become 13 indices without building a position.
pub fn successors(pos: &Position, out: &mut Vec<u32>) {
    let (from, other, n) = (pos.mover_l() as usize, pos.other_l() as usize, pos.neutrals());
    let (lo, hi) = (n.trailing_zeros() as usize & 15, (15 - n.leading_zeros()) as usize & 15);
    let blocked = MASKS[other] | n;
    for to in 0..PLACEMENTS {
        let mask = MASKS[to];
        if mask & blocked != 0 || to == from {
            continue;
        }
        // After the move the other player moves: their L is `other`, ours is `to`.
        let pair = PAIR_INDEX[other][to] as usize;
        let ranks = &FREE_RANK[pair];
        let base = (pair * NEUTRAL_WAYS) as u32;
        let colex = |a: u8, b: u8| base + u32::from(COLEX[a.min(b) as usize & 7][a.max(b) as usize & 7]);
        let (rl, rh) = (ranks[lo], ranks[hi]);
        out.push(colex(rl, rh));
        let empty = !(mask | blocked);
        // The lower neutral moves (the higher stays), then the higher one.
        for stays in [rh, rl] {
            let mut e = empty;
            while e != 0 {
                let cell = e.trailing_zeros() as usize;
                e &= e - 1;
                out.push(colex(ranks[cell], stays));
            }
        }
    }
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
    fn successor_indices_match_playing_every_move() {
        use sente_core::State;
        let (mut fast, mut moves) = (Vec::new(), Vec::new());
        for i in 0..POSITIONS {
            let p = LGame.state_at(i).unwrap();
            fast.clear();
            successors(&p, &mut fast);
            p.legal_moves(&mut moves);
            let slow: Vec<u32> = moves
                .iter()
                .map(|&m| {
                    let mut c = p;
                    c.play(m);
                    c.index() as u32
                })
                .collect();
            assert_eq!(fast, slow, "index {i}");
        }
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
