//! Exact values of positions with at most three rows (or three columns) holding pieces, memoised by canonical form.
//!
//! With only r ≤ 3 rows left, a column is fully described by its *type*: the set of those rows it has pieces in
//! (7 non-empty types for 3 rows), and columns of one type are interchangeable. A position is therefore a vector of
//! 7 counts, and permuting the rows permutes the types; the canonical form is the smallest packed vector over the
//! 6 row permutations. There are fewer than 42 000 such classes for 16 columns, so one small memo answers every
//! "three lines left" position of a whole solve, whichever rows, columns or original board it came from; the main
//! search hands such nodes over instead of expanding them. Fewer than three rows (or columns) are the same vectors
//! with some types unused. The same code serves three columns by reading rows as types.

use std::collections::HashMap;

/// Pieces per type: `popcount` of the 3-bit type.
const WEIGHT: [i32; 8] = [0, 1, 1, 2, 1, 2, 2, 3];

/// `PERMS[p][t]`: type `t` with its three row bits permuted by the `p`-th permutation of three rows.
const PERMS: [[usize; 8]; 6] = {
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = [[0usize; 8]; 6];
    let mut p = 0;
    while p < 6 {
        let mut t = 0;
        while t < 8 {
            let mut u = 0;
            let mut b = 0;
            while b < 3 {
                if t >> b & 1 == 1 {
                    u |= 1 << orders[p][b];
                }
                b += 1;
            }
            out[p][t] = u;
            t += 1;
        }
        p += 1;
    }
    out
};

/// Counts of the 7 column types (index 0 unused).
pub type Counts = [u8; 8];

/// The memo of exact values for positions with at most three rows.
#[derive(Debug, Default)]
pub struct Endgame {
    memo: HashMap<u64, i16, BuildMix>,
}

impl Endgame {
    /// An empty memo.
    #[must_use]
    pub fn new() -> Endgame {
        Endgame::default()
    }

    /// Classes solved so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// True before any solve.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The exact value, for the side to move, of the position whose lines across are `lines[i]` (a mask over at
    /// most three lines along, `along`): for three rows left, `lines` are the columns' masks over those rows.
    pub fn value_of_lines(&mut self, lines: impl Iterator<Item = u16>, along: u16) -> i32 {
        let mut counts = [0u8; 8];
        let bits: [u16; 3] = lowest_three(along);
        for l in lines {
            let t =
                usize::from(l & bits[0] != 0) | usize::from(l & bits[1] != 0) << 1 | usize::from(l & bits[2] != 0) << 2;
            if t != 0 {
                counts[t] += 1;
            }
        }
        self.value(counts)
    }

    /// The exact value of a type-count vector.
    pub fn value(&mut self, counts: Counts) -> i32 {
        let total: i32 = (1..8).map(|t| WEIGHT[t] * i32::from(counts[t])).sum();
        let lines_across: u8 = counts[1..].iter().sum();
        let occupied = (1..8).filter(|&t| counts[t] != 0).fold(0, |acc, t| acc | t);
        // One line across or one line along holds everything: take it.
        if lines_across <= 1 || occupied.count_ones() <= 1 {
            return total;
        }
        let key = canonical(&counts);
        if let Some(&v) = self.memo.get(&key) {
            return i32::from(v);
        }
        let mut best = i32::MIN;
        // Take a whole line along (row k): every type loses bit k.
        for k in 0..3 {
            if occupied >> k & 1 == 0 {
                continue;
            }
            let mut child = [0u8; 8];
            let mut gain = 0;
            for t in 1..8 {
                if t >> k & 1 == 1 {
                    gain += i32::from(counts[t]);
                }
                child[t & !(1 << k)] += counts[t];
            }
            child[0] = 0;
            best = best.max(gain - self.value(child));
        }
        // Take one line across of type t (all of a type are interchangeable).
        for t in 1..8 {
            if counts[t] != 0 {
                let mut child = counts;
                child[t] -= 1;
                best = best.max(WEIGHT[t] - self.value(child));
            }
        }
        self.memo.insert(key, best as i16);
        best
    }
}

fn lowest_three(mut mask: u16) -> [u16; 3] {
    let mut out = [0u16; 3];
    for o in &mut out {
        if mask != 0 {
            *o = mask & mask.wrapping_neg();
            mask &= mask - 1;
        }
    }
    out
}

/// The smallest packed count vector over the six row permutations.
fn canonical(counts: &Counts) -> u64 {
    let mut best = u64::MAX;
    for perm in &PERMS {
        let mut v = [0u8; 8];
        for t in 1..8 {
            v[perm[t]] = counts[t];
        }
        let key = (1..8).fold(0u64, |acc, t| acc << 5 | u64::from(v[t]));
        best = best.min(key);
    }
    best
}

/// A fast hasher for the memo's already well-mixed-enough 35-bit keys.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuildMix;

impl std::hash::BuildHasher for BuildMix {
    type Hasher = Mix;
    fn build_hasher(&self) -> Mix {
        Mix(0)
    }
}

/// See [`BuildMix`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Mix(u64);

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = (k ^ self.0).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_checked_small_positions() {
        let mut e = Endgame::new();
        // A 2×2 full block: any take of 2 leaves a line of 2 for the opponent: 0.
        let mut c = [0u8; 8];
        c[3] = 2;
        assert_eq!(e.value(c), 0);
        // A 2×3 full block: a column (2) leaves the 2×2 block (0): +2.
        c[3] = 3;
        assert_eq!(e.value(c), 2);
        // A 3×3 full block: a line (3) leaves 2×3 (+2 for the opponent): +1.
        let mut c = [0u8; 8];
        c[7] = 3;
        assert_eq!(e.value(c), 1);
        // Two isolated pieces in different rows and columns: 1 − 1 = 0; three: 1.
        let mut c = [0u8; 8];
        c[1] = 1;
        c[2] = 1;
        assert_eq!(e.value(c), 0);
        c[4] = 1;
        assert_eq!(e.value(c), 1);
        // Permuting the rows changes nothing.
        let mut a = [0u8; 8];
        a[1] = 2;
        a[6] = 1;
        a[3] = 4;
        let mut b = [0u8; 8];
        b[4] = 2;
        b[3] = 1;
        b[6] = 4;
        assert_eq!(canonical(&a), canonical(&b));
        assert_eq!(e.value(a), e.value(b));
        assert!(!e.is_empty());
    }

    #[test]
    fn lines_are_typed_by_the_lowest_three_along() {
        let mut e = Endgame::new();
        // Rows 2, 5 and 9; columns full over them: a 3×4 full block.
        let along = 1 << 2 | 1 << 5 | 1 << 9;
        let v = e.value_of_lines([along; 4].into_iter(), along);
        let mut c = [0u8; 8];
        c[7] = 4;
        assert_eq!(v, e.value(c));
        assert_eq!(lowest_three(along), [1 << 2, 1 << 5, 1 << 9]);
    }
}
