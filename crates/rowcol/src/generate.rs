//! Reproducible random boards in the course's format, for test inputs of varied size and difficulty.
//!
//! Each cell holds a piece with probability `density`, drawn from SplitMix64 seeded with `seed` (the same generator
//! the Zobrist keys use, so the boards never change with a dependency's version). Board `k` of a batch uses seed
//! `seed + k`. A board that comes out empty gets one piece at a seeded cell, so every board is a valid input.

use sente_core::zobrist::splitmix64;

use crate::position::{Board, MAX_SIDE};

/// A random `rows`×`cols` board (sides clamped to 1..=16, density to 0..=1), never empty.
///
/// # Examples
/// ```
/// let a = sente_rowcol::random_board(8, 8, 0.5, 42);
/// assert_eq!(a, sente_rowcol::random_board(8, 8, 0.5, 42));
/// assert!(a.pieces() > 0);
/// ```
#[must_use]
pub fn random_board(rows: usize, cols: usize, density: f64, seed: u64) -> Board {
    let rows = rows.clamp(1, MAX_SIDE);
    let cols = cols.clamp(1, MAX_SIDE);
    let threshold = (density.clamp(0.0, 1.0) * 2f64.powi(53)) as u64;
    let mut state = seed;
    let mut draw = || {
        let (s, out) = splitmix64(state);
        state = s;
        out >> 11
    };
    let mut masks = vec![0u16; rows];
    for mask in &mut masks {
        for c in 0..cols {
            if draw() < threshold {
                *mask |= 1 << c;
            }
        }
    }
    if masks.iter().all(|&m| m == 0) {
        let cell = (draw() % (rows * cols) as u64) as usize;
        masks[cell / cols] |= 1 << (cell % cols);
    }
    // Sides are in range, so this cannot fail; fall back to a single piece to stay panic-free.
    Board::from_rows(rows, cols, &masks).unwrap_or_else(|_| single_piece())
}

fn single_piece() -> Board {
    match Board::from_rows(1, 1, &[1]) {
        Ok(b) => b,
        Err(_) => unreachable!("a 1×1 board is always in range"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_never_empty_and_near_the_density() {
        assert_eq!(random_board(12, 13, 0.5, 7), random_board(12, 13, 0.5, 7));
        assert_ne!(random_board(12, 13, 0.5, 7), random_board(12, 13, 0.5, 8));
        for seed in 0..50 {
            assert!(random_board(3, 3, 0.0, seed).pieces() == 1);
            assert!(random_board(2, 2, 0.1, seed).pieces() >= 1);
        }
        assert_eq!(random_board(16, 16, 1.0, 1).pieces(), 256);
        let p = random_board(16, 16, 0.5, 3).pieces();
        assert!((96..=160).contains(&p), "{p}");
        let b = random_board(40, 0, 0.5, 3);
        assert_eq!((b.rows(), b.cols()), (16, 1));
    }
}
