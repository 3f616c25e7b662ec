//! Placing and removing stones: the refresh of the forty cells within five steps along the four lines through the
//! changed cell (window codes, levels, cell words, accumulator), the saved levels that let a take-back restore them
//! without table lookups, and the rebuild from scratch that parsing uses and the tests compare against.

use super::tables::*;
use super::*;
use crate::combos;

impl Position {
    /// Puts a stone of colour index `color` on an empty cell without changing the side to move or the winner.
    /// Above a stone placed unvalued, it is placed unvalued too (the totals' class part waits for both to go).
    pub fn place(&mut self, index: usize, color: usize) {
        if self.stale == 0 {
            self.place_in::<true>(index, color);
        } else {
            self.place_in::<false>(index, color);
        }
    }

    /// [`Position::place`] for the threat solvers, which play sequences of one side's moves and read only the
    /// counters of fives and fours: the [`SCORE`](crate::patterns::SCORE) totals skip the cell classes' part (work they have no
    /// use for) until the stone is removed again, last placed first, which puts them back.
    pub fn place_unvalued(&mut self, index: usize, color: usize) {
        self.place_in::<false>(index, color);
    }

    #[inline(always)]
    fn place_in<const VALUED: bool>(&mut self, index: usize, color: usize) {
        debug_assert_eq!(self.board[index], EMPTY);
        let mut frame =
            Frame { index: index as u16, valued: VALUED, acc: self.acc, own: self.lines[index].pk, saved: [0; 64] };
        self.lines[index].open = 0;
        if VALUED {
            self.acc = self.acc.wrapping_sub(weighted().cell_acc(self.lines[index].combo));
        } else {
            self.stale += 1;
        }
        self.cache[index % SLOTS] = 0;
        self.lines[index].combo = 0;
        for d in 0..4 {
            let old = std::mem::replace(&mut self.lines[index].pk[d], 0);
            self.account(old, 0);
        }
        let stone = color as u8 + 1;
        self.board[index] = stone;
        self.set_ray(index, u64::from(stone));
        self.update_lines::<VALUED>(index, u32::from(stone), &mut frame.saved);
        self.frames.push(frame);
        self.set_occupied(index, true);
        self.hash ^= KEYS[2 * index + color];
        self.stones += 1;
    }

    /// Takes back a stone put by [`Position::place`]. The last stone placed is taken back by restoring the levels
    /// its placement saved (no table lookups); any other is recomputed, and the saved records are dropped.
    pub fn remove(&mut self, index: usize) {
        let color = usize::from(self.board[index]) - 1;
        self.board[index] = EMPTY;
        self.set_ray(index, 0);
        self.lines[index].open = u8::MAX;
        match self.frames.last() {
            Some(f) if usize::from(f.index) == index => {
                self.stale -= u32::from(!f.valued);
                self.restore(index);
                self.frames.pop();
            }
            _ => {
                self.frames.clear();
                self.update_lines::<false>(index, 0, &mut [0; 64]);
                for d in 0..4 {
                    self.lines[index].pk[d] = self.table.lookup(self.lines[index].code[d]);
                }
                self.cache[index % SLOTS] = cache_of(self.lines[index].pk);
                self.lines[index].combo = combo_of(self.lines[index].pk);
                // The accumulator, class part included, is counted afresh (the stones placed unvalued, if any, lose their undo records
                // here): a full count over the board, on this path that the search never takes.
                self.stale = 0;
                self.acc = self.recount();
            }
        }
        self.set_occupied(index, false);
        self.hash ^= KEYS[2 * index + color];
        self.stones -= 1;
    }

    /// Rewrites the window codes of the cells within reach of `index` along its four lines for its new content
    /// `stone` (0 when emptied) and refreshes their levels. Occupied cells get level 0, so the loop has no
    /// data-dependent branch: the table lookup is masked instead.
    /// The levels it overwrites go to `saved`, in visiting order, for [`Position::restore`].
    #[inline]
    fn update_lines<const VALUED: bool>(&mut self, index: usize, stone: u32, saved: &mut [u8; 64]) {
        if self.table.is_small() {
            self.update_lines_in::<true, VALUED>(index, stone, saved);
        } else {
            self.update_lines_in::<false, VALUED>(index, stone, saved);
        }
    }

    /// [`Position::update_lines`] for one kind of table: with the stored codes' shift a constant, the loops over
    /// the (at most five) cells each way unroll with constant masks.
    #[inline(always)]
    fn update_lines_in<const SMALL: bool, const VALUED: bool>(
        &mut self,
        index: usize,
        stone: u32,
        saved: &mut [u8; 64],
    ) {
        let (base, mask) = if SMALL { (2, 0xFFFF) } else { (0, CODES_MASK) };
        let pats = self.table.entries();
        let w = weighted();
        let mut j = 0;
        let geo = self.geo[index];
        // The accumulator lives in registers for the loop (see [`Position::account`] for why the lanes never mix);
        // the cell classes' values gained and lost are summed apart and added, then subtracted, at the end.
        let mut acc = self.acc;
        let (mut gained, mut lost) = (0u64, 0u64);
        for d in 0..4 {
            let stride = self.strides[d];
            for (side, step) in [(0, stride), (1, -stride)] {
                let steps = usize::from(geo.steps[d][side]);
                let mut n = index as isize;
                for (k, &full_sh) in SHIFTS[side].iter().enumerate().skip(1) {
                    if k > steps {
                        break;
                    }
                    let sh = full_sh - base;
                    n += step;
                    let cell = &mut self.lines[n as usize % SLOTS];
                    let code = (cell.code[d] & !(3 << sh)) | (stone << sh);
                    cell.code[d] = code;
                    let new = pats[(code & mask) as usize % CODES] & cell.open;
                    let old = std::mem::replace(&mut cell.pk[d], new);
                    let was = cell.combo;
                    cell.combo = was
                        .wrapping_add(combos::DIGITS[usize::from(new)])
                        .wrapping_sub(combos::DIGITS[usize::from(old)]);
                    if VALUED {
                        gained += w.cell_lanes(cell.combo);
                        lost += w.cell_lanes(was);
                    }
                    let c = &mut self.cache[n as usize % SLOTS];
                    *c = c.wrapping_add(w.cache[usize::from(new)]).wrapping_sub(w.cache[usize::from(old)]);
                    saved[j % 64] = old;
                    j += 1;
                    acc = acc.wrapping_add(w.acc[usize::from(new)]).wrapping_sub(w.acc[usize::from(old)]);
                }
            }
        }
        self.acc = acc.wrapping_add(u128::from(gained)).wrapping_sub(u128::from(lost));
    }

    /// Undoes the placement on `index` recorded in the top frame (read in place, not copied): clears the stone from
    /// its neighbours' codes and puts back the levels and accumulator saved when it was placed, visiting cells in
    /// the same order.
    fn restore(&mut self, index: usize) {
        if self.table.is_small() {
            self.restore_in::<true>(index);
        } else {
            self.restore_in::<false>(index);
        }
    }

    /// [`Position::restore`] for one kind of table (constant masks, as in [`Position::update_lines_in`]).
    #[inline(always)]
    fn restore_in<const SMALL: bool>(&mut self, index: usize) {
        let base = if SMALL { 2 } else { 0 };
        let Some(f) = self.frames.last() else { return };
        let cache = &weighted().cache;
        self.lines[index].pk = f.own;
        self.lines[index].combo = combo_of(f.own);
        self.cache[index % SLOTS] = cache_of(f.own);
        let mut j = 0;
        let geo = self.geo[index];
        for d in 0..4 {
            let stride = self.strides[d];
            for (side, step) in [(0, stride), (1, -stride)] {
                let steps = usize::from(geo.steps[d][side]);
                let mut n = index as isize;
                for (k, &full_sh) in SHIFTS[side].iter().enumerate().skip(1) {
                    if k > steps {
                        break;
                    }
                    n += step;
                    let cell = &mut self.lines[n as usize % SLOTS];
                    cell.code[d] &= !(3 << (full_sh - base));
                    let back = f.saved[j % 64];
                    let now = std::mem::replace(&mut cell.pk[d], back);
                    cell.combo = cell
                        .combo
                        .wrapping_add(combos::DIGITS[usize::from(back)])
                        .wrapping_sub(combos::DIGITS[usize::from(now)]);
                    let c = &mut self.cache[n as usize % SLOTS];
                    *c = c.wrapping_add(cache[usize::from(back)]).wrapping_sub(cache[usize::from(now)]);
                    j += 1;
                }
            }
        }
        self.acc = f.acc;
    }

    /// Moves one (cell, direction) pair from packed levels `old` to `new` in the totals and counters.
    #[inline]
    fn account(&mut self, old: u8, new: u8) {
        // Every lane stays non-negative and below its width, so adding before subtracting never carries or
        // borrows across lanes.
        let w = weighted();
        self.acc = self.acc.wrapping_add(w.acc[usize::from(new)]).wrapping_sub(w.acc[usize::from(old)]);
    }

    #[inline]
    fn set_occupied(&mut self, index: usize, on: bool) {
        let (r, c) = (usize::from(self.geo[index].row), usize::from(self.geo[index].col));
        if on {
            self.occ[r] |= 1 << c;
        } else {
            self.occ[r] &= !(1 << c);
        }
    }

    /// The accumulator counted afresh from the levels and cell words of every cell (occupied ones count nothing).
    fn recount(&self) -> u128 {
        let w = weighted();
        let mut acc = 0u128;
        for i in 0..self.board.len() {
            for &b in &self.lines[i].pk {
                acc += w.acc[usize::from(b)];
            }
            acc += w.cell_acc(self.lines[i].combo);
        }
        acc
    }

    /// Recomputes every derived table from the board (codes, levels, accumulator, occupancy, undo records, hash).
    pub(super) fn rebuild(&mut self) {
        let dims = self.dims();
        let (rows, cols) = (i32::from(dims.rows), i32::from(dims.cols));
        self.occ = [0; MAX_SIDE];
        self.frames.clear();
        self.stale = 0;
        for i in 0..self.board.len() {
            let (r0, c0) = ((i / cols as usize) as i32, (i % cols as usize) as i32);
            for (d, &(dr, dc)) in DIRS.iter().enumerate() {
                let mut code = 0u32;
                for k in -patterns::HALF..=patterns::HALF {
                    if k == 0 {
                        continue;
                    }
                    let (r, c) = (r0 + k * dr, c0 + k * dc);
                    let v = if r < 0 || c < 0 || r >= rows || c >= cols {
                        WALL
                    } else {
                        self.board[(r * cols + c) as usize]
                    };
                    code |= u32::from(v) << patterns::shift(k);
                }
                let code = self.table.stored(code);
                self.lines[i].code[d] = code;
                let b = if self.board[i] == EMPTY { self.table.lookup(code) } else { 0 };
                self.lines[i].pk[d] = b;
                self.lines[i].open = if self.board[i] == EMPTY { u8::MAX } else { 0 };
            }
            self.cache[i] = cache_of(self.lines[i].pk);
            self.lines[i].combo = combo_of(self.lines[i].pk);
        }
        self.rebuild_rays();
        self.acc = self.recount();
        for i in 0..self.board.len() {
            if self.board[i] != EMPTY {
                self.set_occupied(i, true);
            }
        }
        self.hash = self.compute_hash();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays and takes back random stones under every rule and on small and large boards, checking after every
    /// step that the incrementally kept levels, counters, totals and occupancy equal a rebuild from the board.
    #[test]
    fn incremental_tables_equal_a_rebuild() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
            for side in [5, 7, 15, 19, 26] {
                let mut p = Position::new(Gomoku::new(side, rule).expect("size"));
                let mut placed = Vec::new();
                for step in 0..300 {
                    if !placed.is_empty() && (next(3) == 0 || placed.len() == side * side) {
                        // Mostly the last stone (the search's order, undone from the saved records), sometimes any.
                        let k = if next(4) == 0 { next(placed.len()) } else { placed.len() - 1 };
                        let i = placed.remove(k);
                        p.remove(i);
                    } else {
                        let empties: Vec<usize> = (0..side * side).filter(|&i| p.cell(i) == EMPTY).collect();
                        let i = empties[next(empties.len())];
                        let color = next(2);
                        if next(3) == 0 {
                            p.place_unvalued(i, color)
                        } else if p.stale == 0 {
                            // The leaves' read-only tally of a move (`tally_after`) is the tally after playing it.
                            let after = p.tally_after(i, color);
                            p.place(i, color);
                            assert_eq!(p.tally(), after, "{rule} {side}x{side} step {step}: tally after");
                        } else {
                            p.place(i, color)
                        }
                        placed.push(i);
                    }
                    let mut fresh = p.clone();
                    fresh.rebuild();
                    let pk = |q: &Position| q.lines.iter().map(|l| l.pk).collect::<Vec<_>>();
                    assert_eq!(pk(&p), pk(&fresh), "{rule} {side}x{side} step {step}: levels");
                    if p.stale == 0 {
                        assert_eq!(p.acc, fresh.acc, "{rule} {side}x{side} step {step}: totals and counters");
                    } else {
                        // Unvalued stones leave the totals without the class part; the counters stay exact.
                        let counters = !((1u128 << LANE_FIVE) - 1);
                        assert_eq!(
                            p.acc & counters,
                            fresh.acc & counters,
                            "{rule} {side}x{side} step {step}: counters"
                        );
                    }
                    assert_eq!(p.cache, fresh.cache, "{rule} {side}x{side} step {step}: cell caches");
                    assert_eq!(p.ray_words, fresh.ray_words, "{rule} {side}x{side} step {step}: line words");
                    assert_eq!(p.ray_words.is_empty(), side > 22, "{rule} {side}x{side}");
                    for i in (0..side * side).filter(|&i| p.cell(i) == EMPTY) {
                        for flag in [1u8, 2, 4, 8, 16, 32, 6, 17, 48] {
                            assert_eq!(p.has_flag(i, flag), p.flags(i) & flag != 0, "{rule} {side}x{side} step {step}");
                        }
                    }
                    for c in 0..2 {
                        for level in [FIVE, F4, D4] {
                            let brute: usize = (0..side * side)
                                .filter(|&i| p.cell(i) == EMPTY)
                                .map(|i| p.pats(i, c).iter().filter(|&&l| l == level).count())
                                .sum();
                            assert_eq!(usize::from(p.count(c, level)), brute, "{rule} {side}x{side} step {step}");
                        }
                    }
                    if p.stale == 0 {
                        assert_eq!(p.totals(), fresh.totals(), "{rule} {side}x{side} step {step}: totals");
                    }
                    assert_eq!(p.occ, fresh.occ, "{rule} {side}x{side} step {step}: occupancy");
                    let brute = |i: usize| {
                        let (r, c) = ((i / side) as i32, (i % side) as i32);
                        (0..side * side)
                            .filter(|&j| {
                                let (rj, cj) = ((j / side) as i32, (j % side) as i32);
                                p.cell(j) != EMPTY && (rj - r).abs() <= 2 && (cj - c).abs() <= 2
                            })
                            .count() as u8
                    };
                    let near: Vec<u8> = (0..side * side).map(brute).collect();
                    assert!((0..side * side).all(|i| p.near(i) == near[i]), "{rule} {side}x{side} step {step}: near");
                    let mut cand = Vec::new();
                    p.candidates(|i| {
                        cand.push(i);
                        true
                    });
                    let expect: Vec<usize> = (0..side * side).filter(|&i| p.cell(i) == EMPTY && near[i] > 0).collect();
                    assert_eq!(cand, expect, "{rule} {side}x{side} step {step}: candidates");
                }
            }
        }
    }
}
