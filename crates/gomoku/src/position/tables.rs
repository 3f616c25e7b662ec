//! The packed tables of a [`Position`](super::Position): the accumulator's lanes (both colours' pattern weight
//! totals and the counts of fives, straight fours and double fours, summed over every empty cell and direction in
//! one 128-bit word), the per-level-byte tables that feed it and each cell's word of quick ordering scores and
//! threat flags, and [`Tally`] and [`CellThreats`], which read them. All are built from the pattern levels at
//! compile time, except the weight tables ([`Weighted`]), built once per process from the weights
//! in force ([`params::active`]).

use super::{MAX_CELLS, Move};
use crate::combos;
use crate::engine::params;
use crate::patterns::{self, D4, F4, FIVE, LEVELS, Pat, QUICK_OPP, QUICK_OWN};
use std::sync::LazyLock;

/// Bit shift, in a neighbour's window code, of the changed cell: `SHIFTS[0][k]` for the neighbour `k` steps forward
/// (the cell sits at its offset −k), `SHIFTS[1][k]` for the one `k` steps backward (offset +k).
pub(super) const SHIFTS: [[u32; 6]; 2] = {
    let mut t = [[0; 6]; 2];
    let mut k = 1;
    while k <= 5 {
        t[0][k] = patterns::shift(-(k as i32));
        t[1][k] = patterns::shift(k as i32);
        k += 1;
    }
    t
};

/// Width of each weight total lane in [`Weighted::acc`] (676 cells × (4 directions + one cell weight) ×
/// [`params::MAX_PARAM`] < 2^23).
pub(super) const TOT_BITS: u32 = 24;
pub(super) const TOT_MASK: u128 = (1 << TOT_BITS) - 1;
/// Width of each counter lane (676 × 4 < 2^13).
pub(super) const LANE_BITS: u32 = 13;
pub(super) const LANE_MASK: u128 = (1 << LANE_BITS) - 1;
/// Black's counter lanes; white's sit `3 * LANE_BITS` higher.
pub(super) const LANE_FIVE: u32 = 2 * TOT_BITS;
pub(super) const LANE_F4: u32 = LANE_FIVE + LANE_BITS;
pub(super) const LANE_D4: u32 = LANE_F4 + LANE_BITS;

/// [`Weighted::acc`] for the level weights `score`.
fn acc_table(score: [i32; LEVELS]) -> [u128; 256] {
    let lanes = |p: usize| -> (u128, u128) {
        let p = p % LEVELS;
        let mut c = 0u128;
        if p == FIVE as usize {
            c |= 1;
        }
        if p == F4 as usize {
            c |= 1 << (LANE_F4 - LANE_FIVE);
        }
        if p == D4 as usize {
            c |= 1 << (LANE_D4 - LANE_FIVE);
        }
        (score[p] as u128, c)
    };
    let mut t = [0u128; 256];
    let mut b = 0;
    while b < 256 {
        let (s0, c0) = lanes(b & 15);
        let (s1, c1) = lanes(b >> 4);
        t[b] = s0 | (s1 << TOT_BITS) | (c0 << LANE_FIVE) | (c1 << (LANE_FIVE + 3 * LANE_BITS));
        b += 1;
    }
    t
}

/// Every move of the largest board, in index order (for [`State::legal_moves`]).
pub(super) static ALL_MOVES: [Move; MAX_CELLS] = {
    let mut t = [Move(0); MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        t[i] = Move(i as u16);
        i += 1;
    }
    t
};

/// [`Position::flags`](super::Position::flags) bit: black makes five (white's is the next bit up).
pub const FLAG_FIVE: u8 = 1;
/// [`Position::flags`](super::Position::flags) bit: black makes a straight four or a double four (white's is the next bit up).
pub const FLAG_OPEN_FOUR: u8 = 4;
/// [`Position::flags`](super::Position::flags) bit: black makes a four of any kind (white's is the next bit up).
pub const FLAG_FOUR: u8 = 16;
/// [`Position::flags`](super::Position::flags) bits: either colour makes a four of any kind.
pub const FLAG_ANY_FOUR: u8 = FLAG_FOUR | FLAG_FOUR << 1;

/// Per packed level byte, its [`Position::flags`](super::Position::flags) bits.
pub(super) const FLAGS: [u8; 256] = {
    const fn of(p: u8) -> u8 {
        let mut f = 0;
        if p == FIVE {
            f |= FLAG_FIVE;
        }
        if p == F4 || p == D4 {
            f |= FLAG_OPEN_FOUR;
        }
        if patterns::is_four(p) {
            f |= FLAG_FOUR;
        }
        f
    }
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let (lo, hi) = (of((b & 15) as u8), of((b >> 4) as u8));
        t[b] = lo | (hi << 1);
        b += 1;
    }
    t
};

// A cell's quick key, four directions of the largest values, stays below 2^15: the width cut packs it with the cell.
// (A key of other weights moves only levels below the fixed ones, which stay the largest: `EvalParams::check`.)
const _: () = {
    let (mut own, mut opp, mut p) = (0, 0, 0);
    while p < LEVELS {
        own = if QUICK_OWN[p] > own { QUICK_OWN[p] } else { own };
        opp = if QUICK_OPP[p] > opp { QUICK_OPP[p] } else { opp };
        assert!(QUICK_OWN[p] >= 0 && QUICK_OPP[p] >= 0);
        p += 1;
    }
    assert!(4 * (own + opp) < 1 << 15);
};

/// Per packed level byte, what one direction adds to a cell's [`Position::cache`](super::Position::cache) word: in the low 32 bits, two
/// 16-bit lanes of quick ordering potential, for black to move (black's levels through `own` plus white's
/// through `opp`) and for white to move (the other way round; four directions stay below 4 x 7,500 < 2^16); in the high
/// 32 bits, six 3-bit counters, each counting the directions that raise it (at most four, so counters never carry
/// into each other): one per [`Position::flags`](super::Position::flags) bit (bit `k` of the flags is counter
/// [`FLAG_SLOT`]`[k]`).
const fn cache_table(own: &[i32; LEVELS], opp: &[i32; LEVELS]) -> [u64; 256] {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let (lo, hi) = ((b & 15) % LEVELS, (b >> 4) % LEVELS);
        let quick = (own[lo] + opp[hi]) as u64 | (((own[hi] + opp[lo]) as u64) << 16);
        let f = FLAGS[b];
        let mut counts = 0u64;
        let mut k = 0;
        while k < 6 {
            if f & (1 << k) != 0 {
                counts |= 1 << (3 * FLAG_SLOT[k]);
            }
            k += 1;
        }
        t[b] = quick | (counts << 32);
        b += 1;
    }
    t
}

/// The tables that hold the evaluation's weights, built once per process from the weights in force
/// ([`params::active`]). Hot loops fetch them once ([`weighted`]) and index them inside.
pub(super) struct Weighted {
    /// Per packed level byte, what one (cell, direction) pair adds to the running accumulator: black's and white's
    /// level weights (two 24-bit lanes), then one 13-bit counter lane each for black's five, straight four and
    /// double four and the same three for white (126 bits in all).
    pub(super) acc: [u128; 256],
    /// Per combination code ([`crate::combos`]), the weight of a cell of that combination
    /// ([`params::EvalParams::cell_weight`]; 0 for codes no cell has).
    cell: Box<[u32; combos::CODES]>,
    /// Per packed level byte, what one direction adds to a cell's cache word ([`cache_table`]) under the key in
    /// force ([`params::EvalParams::key_own`] and [`params::EvalParams::key_opp`], the compiled [`QUICK_OWN`] and
    /// [`QUICK_OPP`] unless the weights move it).
    pub(super) cache: [u64; 256],
}

impl Weighted {
    /// What a cell whose combination word (black's code low, white's at bit 16, see [`combos::DIGITS`]) is `w`
    /// adds to the accumulator's total lanes: each colour's cell weight in its lane.
    #[inline]
    pub(super) fn cell_acc(&self, w: u32) -> u128 {
        u128::from(self.cell_lanes(w))
    }

    /// [`Weighted::cell_acc`] as a `u64` (the total lanes are its low 48 bits), for loops that sum many cells
    /// before touching the accumulator.
    #[inline]
    pub(super) fn cell_lanes(&self, w: u32) -> u64 {
        let lane = |code: u32| u64::from(self.cell[(code & combos::CODE_MASK) as usize % combos::CODES]);
        lane(w) | (lane(w >> 16) << TOT_BITS)
    }
}

static WEIGHTED: LazyLock<Weighted> = LazyLock::new(|| {
    let p = params::active();
    let mut cell: Box<[u32; combos::CODES]> =
        vec![0u32; combos::CODES].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!());
    for (code, v) in cell.iter_mut().enumerate() {
        let rank = combos::RANK[code];
        if rank != u8::MAX {
            *v = p.cell_weight(usize::from(rank)) as u32;
        }
    }
    Weighted { acc: acc_table(p.levels), cell, cache: cache_table(&p.key_own, &p.key_opp) }
});

/// The combination word of a cell with packed levels `pk`: the sum of [`combos::DIGITS`] over its directions.
#[inline]
pub(super) fn combo_of(pk: [u8; 4]) -> u32 {
    pk.iter().map(|&b| combos::DIGITS[usize::from(b)]).sum()
}

/// The weight tables of this process.
#[inline]
pub(super) fn weighted() -> &'static Weighted {
    &WEIGHTED
}

/// The [`Weighted::cache`] counter of each [`Position::flags`](super::Position::flags) bit.
const FLAG_SLOT: [u32; 6] = [0, 1, 2, 3, 4, 5];

/// Per [`Position::flags`](super::Position::flags) mask (6 bits), the mask of its counters in the high half of a [`Weighted::cache`] word.
pub(super) const SPREAD: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut f = 0;
    while f < 64 {
        let mut k = 0;
        while k < 6 {
            if f & (1 << k) != 0 {
                t[f] |= 7 << (3 * FLAG_SLOT[k]);
            }
            k += 1;
        }
        f += 1;
    }
    t
};

/// The sum of [`Weighted::cache`] over a cell's four levels.
#[inline]
pub(super) fn cache_of(pk: [u8; 4]) -> u64 {
    let cache = &weighted().cache;
    pk.iter().map(|&b| cache[usize::from(b)]).sum()
}

/// Per 4-bit mask, the positions of its set bits in order (unused entries repeat the last one).
pub(super) const NIBBLE_OFFSETS: [[u8; 4]; 16] = {
    let mut t = [[0u8; 4]; 16];
    let mut f = 0;
    while f < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if f & (1 << bit) != 0 {
                t[f][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        while k < 4 {
            t[f][k] = if k > 0 { t[f][k - 1] } else { 0 };
            k += 1;
        }
        f += 1;
    }
    t
};

/// A position's running totals and threat counters in one packed word (see [`Position::tally`](super::Position::tally)): the lanes of
/// the accumulator (both colours' [`SCORE`](patterns::SCORE) totals, then per colour the counts of fives, straight fours and double
/// fours), summed over every empty cell and direction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tally(pub(super) u128);

impl Tally {
    /// Number of (empty cell, direction) pairs where colour `color` makes level `level`, which must be
    /// [`FIVE`], [`F4`] or [`D4`] (the levels the tally counts; any other reads as [`D4`]).
    #[inline]
    #[must_use]
    pub fn count(self, color: usize, level: Pat) -> u16 {
        let lane = match level {
            FIVE => LANE_FIVE,
            F4 => LANE_F4,
            _ => LANE_D4,
        } + 3 * LANE_BITS * color as u32;
        ((self.0 >> lane) & LANE_MASK) as u16
    }

    /// The sum of [`SCORE`](patterns::SCORE) over every empty cell and direction plus every empty cell's weight
    /// (its class's [`CLASS_SCORE`](patterns::CLASS_SCORE) and its combination's
    /// [`COMBO_EXTRA`](patterns::COMBO_EXTRA), see [`crate::combos`]), per colour.
    #[inline]
    #[must_use]
    pub fn totals(self) -> [i32; 2] {
        [(self.0 & TOT_MASK) as i32, ((self.0 >> TOT_BITS) & TOT_MASK) as i32]
    }
}

/// Counts of one colour's threats at one cell.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CellThreats {
    /// The move makes five.
    pub five: bool,
    /// Fours made (a straight four counts once, a double four in one line twice).
    pub fours: u32,
    /// A straight four (or double four) among them.
    pub open_four: bool,
    /// Open threes made.
    pub threes: u32,
    /// The move makes an overline (for an exact colour).
    pub overline: bool,
}

impl CellThreats {
    /// Summarises the four directional levels of one colour at one cell.
    #[inline]
    #[must_use]
    pub fn of(pats: [Pat; 4]) -> CellThreats {
        // Each level contributes to packed counters: threes in bits 0-7, fours 8-15, open fours 16-23, five 24-27,
        // overline 28-31; four lookups and adds replace the branches.
        const INFO: [u32; LEVELS] =
            [0, 0, 0, 0, 0, 1, 1 << 8, (1 << 8) | (1 << 16), (2 << 8) | (1 << 16), 1 << 24, 1 << 28];
        let sum: u32 = pats.iter().map(|&p| INFO[usize::from(p)]).sum();
        CellThreats {
            five: (sum >> 24) & 15 != 0,
            fours: (sum >> 8) & 255,
            open_four: (sum >> 16) & 255 != 0,
            threes: sum & 255,
            overline: sum >> 28 != 0,
        }
    }

    /// A move that wins by force unless the opponent already has a four: five, straight four, double four or
    /// four-three.
    #[must_use]
    pub fn winning(&self) -> bool {
        self.five || self.open_four || self.fours >= 2 || (self.fours >= 1 && self.threes >= 1)
    }
}
