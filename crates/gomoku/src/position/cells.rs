//! Per-cell queries of a [`Position`]: which empty cells are near stones (the candidate rows the move lists and
//! threat scans walk), and what a stone on an empty cell would make, read from the kept per-cell levels and words
//! (the levels per direction, the threat flags and their counters, the quick ordering key), including the flagged
//! cells on the lines through one cell that the threat solvers read after each stone.

use super::tables::{FLAG_FIVE, FLAGS, SPREAD};
#[cfg(doc)]
use super::tables::{FLAG_FOUR, FLAG_OPEN_FOUR};
use super::{MAX_SIDE, Move, Position, SLOTS};
use crate::patterns::Pat;

impl Position {
    /// Stones within two cells (king distance) of a cell: candidate moves have at least one.
    #[must_use]
    pub fn near(&self, index: usize) -> u8 {
        let rows = usize::from(self.dims().rows);
        let (r, c) = (usize::from(self.geo[index].row), usize::from(self.geo[index].col));
        let mask = (0x1Fu64 << (c + 2) >> 4) as u32;
        (r.saturating_sub(2)..(r + 3).min(rows)).map(|row| (self.occ[row] & mask).count_ones() as u8).sum()
    }

    /// The empty cells within two cells (king distance) of a stone, as one bit per column per row (see
    /// [`Position::candidates`]).
    #[must_use]
    pub fn candidate_rows(&self) -> [u32; MAX_SIDE] {
        let dims = self.dims();
        let rows = usize::from(dims.rows);
        let full = (1u32 << dims.cols) - 1;
        let mut h = [0u32; MAX_SIDE + 4];
        for (r, &x) in self.occ[..rows].iter().enumerate() {
            h[r + 2] = x | (x << 1) | (x << 2) | (x >> 1) | (x >> 2);
        }
        let mut out = [0u32; MAX_SIDE];
        for r in 0..rows {
            out[r] = (h[r] | h[r + 1] | h[r + 2] | h[r + 3] | h[r + 4]) & !self.occ[r] & full;
        }
        out
    }

    /// Calls `f` with every empty cell within two cells of a stone, in board order (row-major), until `f` returns
    /// false.
    #[inline]
    pub fn candidates(&self, f: impl FnMut(usize) -> bool) {
        let rows = usize::from(self.dims().rows);
        Position::each_cell_in(&self.candidate_rows()[..rows], usize::from(self.dims().cols), f);
    }

    /// Calls `f` with the cells set in `rows` (one bit per column per row, as [`Position::candidate_rows`] gives
    /// them) on a board `cols` wide, in board order, until `f` returns false.
    #[inline]
    pub fn each_cell_in(rows: &[u32], cols: usize, mut f: impl FnMut(usize) -> bool) {
        for (r, &bits) in rows.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                if !f(r * cols + b.trailing_zeros() as usize) {
                    return;
                }
                b &= b - 1;
            }
        }
    }

    /// For an empty cell, the levels the player with colour index `color` (0 black, 1 white) makes there in the four
    /// directions.
    #[inline]
    #[must_use]
    pub fn pats(&self, index: usize, color: usize) -> [Pat; 4] {
        let pk = self.lines[index].pk;
        let sh = 4 * color as u32;
        [(pk[0] >> sh) & 15, (pk[1] >> sh) & 15, (pk[2] >> sh) & 15, (pk[3] >> sh) & 15]
    }

    /// For an empty cell, what a stone there makes for either colour, as [`FLAG_FIVE`], [`FLAG_OPEN_FOUR`] and
    /// [`FLAG_FOUR`] bits (each shifted left by the colour index): four table lookups.
    #[inline]
    #[must_use]
    pub fn flags(&self, index: usize) -> u8 {
        let pk = self.lines[index].pk;
        FLAGS[usize::from(pk[0])] | FLAGS[usize::from(pk[1])] | FLAGS[usize::from(pk[2])] | FLAGS[usize::from(pk[3])]
    }

    /// True when the empty cell `index` has one of the [`Position::flags`] bits in `flag` (read from the cell's
    /// kept counters: one load).
    #[inline]
    #[must_use]
    pub fn has_flag(&self, index: usize, flag: u8) -> bool {
        (self.cache[index % SLOTS] >> 32) as u32 & SPREAD[usize::from(flag) % 64] != 0
    }

    /// Appends to `out` the empty cells on the four lines through `index`, at most four steps away, that have
    /// one of the [`Position::flags`] bits in `flag`, line by line (callers sort them). The steps come from the
    /// cell's geometry, so no coordinate is computed, and an occupied cell has no flags, so none is read twice.
    pub fn flagged_on_lines(&self, index: usize, flag: u8, out: &mut Vec<Move>) {
        let geo = self.geo[index];
        for d in 0..4 {
            let stride = self.strides[d];
            for (side, step) in [(0, stride), (1, -stride)] {
                let mut n = index as isize;
                for _ in 0..geo.steps[d][side].min(4) {
                    n += step;
                    if self.has_flag(n as usize, flag) {
                        out.push(Move(n as u16));
                    }
                }
            }
        }
    }

    /// True when colour `color` makes five on the empty cell `index`.
    #[inline]
    #[must_use]
    pub fn makes_five(&self, index: usize, color: usize) -> bool {
        self.has_flag(index, FLAG_FIVE << color)
    }

    /// For an empty cell, the quick ordering score for colour `me` to move: the sum over its four directions of
    /// The width cut's key of the cell for `me` to move: `me`'s levels through
    /// [`QUICK_OWN`](crate::patterns::QUICK_OWN) plus the other colour's through
    /// [`QUICK_OPP`](crate::patterns::QUICK_OPP) (kept up to date by play and undo).
    #[inline]
    #[must_use]
    pub fn quick(&self, index: usize, me: usize) -> i32 {
        ((self.cache[index % SLOTS] >> (16 * me)) & 0xFFFF) as i32
    }

    /// For an empty cell, the packed levels of both colours per direction (black in the low nibble).
    #[inline]
    #[must_use]
    pub fn packed(&self, index: usize) -> [u8; 4] {
        self.lines[index].pk
    }
}
