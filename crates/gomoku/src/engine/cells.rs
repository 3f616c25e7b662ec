//! Per-cell threat values for move ordering: what a stone on a cell makes in its four directions, for each colour
//! at once, from the position's packed levels. One table entry per packed byte (both colours' levels in one
//! direction) adds that direction's open threes, fours, open fours, fives and [`ORDER`] potential into one 32-bit
//! lane per colour, so a cell's four entries sum without carries; small tables then turn a lane into a threat
//! class (five, open four or four-four, four-three, three-three) or, below those, the pattern potential.
//! [`super::eval::GomokuEval`]'s move scores, its late-move reductions and [`super::eval::GomokuEval::cell_value`]
//! read them.

use crate::patterns::{B4, D4, F3, F4, FIVE, ORDER};
use crate::position::Position;

/// Per packed byte (both colours' levels in one direction), one 32-bit lane per colour (black low) holding what
/// that level adds to a cell's threats: open threes in bits 0-3, fours in 4-7 (a double four counts two), straight
/// or double fours in 8-11, fives in 12-15 and the [`ORDER`] potential in 16-31. Four directions sum without carries
/// between fields.
const CELL: [u64; 256] = {
    const fn lane(p: usize) -> u64 {
        let p = p % 11;
        let mut v = (ORDER[p] as u64) << 16;
        if p == F3 as usize {
            v += 1;
        }
        if p == B4 as usize || p == F4 as usize {
            v += 1 << 4;
        }
        if p == D4 as usize {
            v += 2 << 4;
        }
        if p == F4 as usize || p == D4 as usize {
            v += 1 << 8;
        }
        if p == FIVE as usize {
            v += 1 << 12;
        }
        v
    }
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = lane(b & 15) | (lane(b >> 4) << 32);
        b += 1;
    }
    t
};

/// The fields of one colour's lane that count fours, open fours and fives (bits 4-15).
const LANE_FOURS_AND_FIVES: u32 = 0xFFF0;

/// The fields of a [`cell_sum`] that count fours and fives (bits 4-15 of each colour's lane): a move whose sum has
/// any of them set makes or blocks a four or a five; open threes (bits 0-3) and the potential are left out.
pub(super) const FOURS_AND_FIVES: u64 = (LANE_FOURS_AND_FIVES as u64) << 32 | LANE_FOURS_AND_FIVES as u64;

/// Whether a [`cell_sum`] says that a stone of colour `me` there makes a *lone four*: exactly one simple four, with
/// no open three, open or double four or five in another direction, and no four or five of the other colour's
/// through the cell (so the move blocks nothing). Such a four forces one block and is then spent.
#[inline]
pub(super) fn is_lone_four(sum: u64, me: usize) -> bool {
    let (mine, theirs) = ((sum >> (32 * me)) as u32, (sum >> (32 * (1 - me))) as u32);
    // Open threes (bits 0-3) none, fours (4-7) one, open fours (8-11) and fives (12-15) none.
    mine & 0xFFFF == 1 << 4 && theirs & LANE_FOURS_AND_FIVES == 0
}

/// The sum of [`CELL`] over a cell's four directions.
#[inline]
pub(super) fn cell_sum(s: &Position, i: usize) -> u64 {
    let pk = s.packed(i);
    CELL[usize::from(pk[0])] + CELL[usize::from(pk[1])] + CELL[usize::from(pk[2])] + CELL[usize::from(pk[3])]
}

/// A cell's threat value for one colour from its [`CELL`] lane sum: five, open four or four-four, four-three,
/// three-three, else the pattern potential.
#[inline]
pub(super) fn value_of_lane(lane: u32) -> i32 {
    // The class comes from small tables instead of a chain of branches (which mispredicts at random): the threes,
    // fours and open-four fields index one, the five field adds its half.
    let class = usize::from(CLASS_OF[(lane & 0xFFF) as usize]) + 18 * usize::from(lane & 0xF000 != 0);
    let v = CLASS_VALUE[class % 64];
    if v != 0 { v } else { (lane >> 16) as i32 }
}

/// Per low 12 bits of a [`CELL`] lane (threes, fours, open fours), `min(threes, 2) + 3 min(fours, 2) + 9 [open
/// four]`: [`value_of_lane`]'s class without the five.
const CLASS_OF: [u8; 4096] = {
    let mut t = [0u8; 4096];
    let mut i = 0;
    while i < 4096 {
        let (threes, fours, open_four) = (i & 15, (i >> 4) & 15, (i >> 8) & 15);
        let threes = if threes < 2 { threes } else { 2 };
        let fours = if fours < 2 { fours } else { 2 };
        t[i] = (threes + 3 * fours + if open_four != 0 { 9 } else { 0 }) as u8;
        i += 1;
    }
    t
};

/// [`value_of_lane`]'s class values by `min(threes, 2) + 3 min(fours, 2) + 9 [open four] + 18 [five]`; 0 means
/// "the pattern potential". Classes stop at 35; the table is padded to 64 so the index is masked, not divided.
const CLASS_VALUE: [i32; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 36 {
        let (threes, fours, open_four, five) = (i % 3, (i / 3) % 3, (i / 9) % 2, i / 18);
        t[i] = if five != 0 {
            1_000_000
        } else if open_four != 0 || fours >= 2 {
            200_000
        } else if fours >= 1 && threes >= 1 {
            100_000
        } else if threes >= 2 {
            20_000
        } else {
            0
        };
        i += 1;
    }
    t
};
