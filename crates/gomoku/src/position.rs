//! A Gomoku position: stones, side to move, winner, incremental Zobrist hash and incremental line patterns.
//!
//! Besides the board, a [`Position`] keeps for every cell and direction its window code (see [`crate::patterns`]),
//! and for every empty cell the pattern each colour would make there. Placing or removing a stone touches the forty
//! cells within five steps along the four lines through it, so play and undo cost a few hundred nanoseconds and the
//! engine reads threats (fives, fours, threes) and a running evaluation total without scanning the board. Wins are
//! detected from the pattern of the played cell, so every rule's notion of five (and of an overline) is the table's.
//!
//! Speed (the search visits about a million positions a second): the refresh has no data-dependent branch
//! (occupied cells are held at level 0 by a mask), totals and threat counters live in one packed 128-bit
//! accumulator, each placement saves the levels it overwrote so that taking the last stone back restores them
//! without table lookups, and occupancy is kept as one bit per cell per row, from which the legal moves and the
//! cells near stones are read. Each cell also keeps one word of quick ordering scores and threat-flag counters,
//! summed from its levels, so move ordering reads one word a cell; and [`Position::tally_after`] tells what a
//! placement would do to the totals and counters without making it (the search values its leaves so).

use crate::patterns::{self, BLACK, D4, EMPTY, F4, FIVE, LEVELS, Pat, PatternTable, SCORE, WALL, WHITE};
use crate::renju;
use crate::rules::{Gomoku, MAX_SIDE, Rule};
use sente_core::grid::{Coord, Dims};
use sente_core::{MoveList, Outcome, Player, State};
use std::fmt;
use std::sync::Arc;

const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
const KEYS: [u64; 2 * MAX_CELLS + 1] = sente_core::zobrist::keys(0x606D_0C05_E47E);
const SIDE_KEY: u64 = KEYS[2 * MAX_CELLS];

/// The four line directions as (row step, column step): east, south, south-east, south-west.
pub const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// Per cell, the window codes of its four lines (see [`crate::patterns`]) and the packed levels both colours make
/// there (black in the low nibble; 0 for an occupied cell).
#[derive(Copy, Clone, Debug, Default)]
struct Lines {
    code: [u32; 4],
    pk: [u8; 4],
    /// 0xFF for an empty cell, 0 for an occupied one: masks the refreshed levels without a branch.
    open: u8,
}

/// The undo record of one placed stone: its cell, the accumulator before it, the cell's own levels and the
/// levels of the (at most 40) neighbours its placement refreshed, in visiting order (64 slots, so indexing is a
/// mask).
#[derive(Copy, Clone, Debug)]
struct Frame {
    index: u16,
    acc: u128,
    own: [u8; 4],
    saved: [u8; 64],
}

/// Slots of the per-cell line array: a power of two at least [`MAX_CELLS`].
const SLOTS: usize = MAX_CELLS.next_power_of_two();

/// The mask of a full (20-bit) stored code.
const CODES_MASK: u32 = patterns::CODES as u32 - 1;
use patterns::CODES;

/// Per cell: its row and column, and per direction how many cells the line refresh visits forward (`steps[d][0]`)
/// and backward (`steps[d][1]`): the pattern window's reach, cut at the board's edge.
#[derive(Copy, Clone, Debug, Default)]
struct Geo {
    row: u8,
    col: u8,
    steps: [[u8; 2]; 4],
}

/// The cell geometry of a board: how far the window reaches (freestyle's table ignores the cells five steps away,
/// so its codes need not track them) and where the edges cut it.
fn geometry(game: Gomoku) -> Arc<[Geo]> {
    let dims = game.dims();
    let (rows, cols) = (i32::from(dims.rows), i32::from(dims.cols));
    let reach = if game.rule() == Rule::Freestyle { patterns::HALF - 1 } else { patterns::HALF };
    (0..rows * cols)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let room = |dr: i32, dc: i32| {
                let mut k = 0;
                while k < reach && (0..rows).contains(&(r + (k + 1) * dr)) && (0..cols).contains(&(c + (k + 1) * dc)) {
                    k += 1;
                }
                k as u8
            };
            Geo { row: r as u8, col: c as u8, steps: DIRS.map(|(dr, dc)| [room(dr, dc), room(-dr, -dc)]) }
        })
        .collect()
}

/// Bit shift, in a neighbour's window code, of the changed cell: `SHIFTS[0][k]` for the neighbour `k` steps forward
/// (the cell sits at its offset −k), `SHIFTS[1][k]` for the one `k` steps backward (offset +k).
const SHIFTS: [[u32; 6]; 2] = {
    let mut t = [[0; 6]; 2];
    let mut k = 1;
    while k <= 5 {
        t[0][k] = patterns::shift(-(k as i32));
        t[1][k] = patterns::shift(k as i32);
        k += 1;
    }
    t
};

/// Width of each [`SCORE`] total lane in [`ACC`] (676 cells × 4 directions × 2000 < 2^23).
const TOT_BITS: u32 = 24;
const TOT_MASK: u128 = (1 << TOT_BITS) - 1;
/// Width of each counter lane (676 × 4 < 2^13).
const LANE_BITS: u32 = 13;
const LANE_MASK: u128 = (1 << LANE_BITS) - 1;
/// Black's counter lanes; white's sit `3 * LANE_BITS` higher.
const LANE_FIVE: u32 = 2 * TOT_BITS;
const LANE_F4: u32 = LANE_FIVE + LANE_BITS;
const LANE_D4: u32 = LANE_F4 + LANE_BITS;

/// Per packed level byte, what one (cell, direction) pair adds to the running accumulator: black's and white's
/// [`SCORE`] (two 24-bit lanes), then one 13-bit counter lane each for black's five, straight four and double four
/// and the same three for white (126 bits in all).
const ACC: [u128; 256] = {
    const fn lanes(p: usize) -> (u128, u128) {
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
        (SCORE[p] as u128, c)
    }
    let mut t = [0u128; 256];
    let mut b = 0;
    while b < 256 {
        let (s0, c0) = lanes(b & 15);
        let (s1, c1) = lanes(b >> 4);
        t[b] = s0 | (s1 << TOT_BITS) | (c0 << LANE_FIVE) | (c1 << (LANE_FIVE + 3 * LANE_BITS));
        b += 1;
    }
    t
};

/// Every move of the largest board, in index order (for [`State::legal_moves`]).
static ALL_MOVES: [Move; MAX_CELLS] = {
    let mut t = [Move(0); MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        t[i] = Move(i as u16);
        i += 1;
    }
    t
};

/// [`Position::flags`] bit: black makes five (white's is the next bit up).
pub const FLAG_FIVE: u8 = 1;
/// [`Position::flags`] bit: black makes a straight four or a double four (white's is the next bit up).
pub const FLAG_OPEN_FOUR: u8 = 4;
/// [`Position::flags`] bit: black makes a four of any kind (white's is the next bit up).
pub const FLAG_FOUR: u8 = 16;
/// [`Position::flags`] bits: either colour makes a four of any kind.
pub const FLAG_ANY_FOUR: u8 = FLAG_FOUR | FLAG_FOUR << 1;

/// Per packed level byte, its [`Position::flags`] bits.
const FLAGS: [u8; 256] = {
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

/// Per packed level byte, what one direction adds to a cell's [`Position::cache`] word: in the low 32 bits, two
/// 16-bit lanes of quick ordering potential, for black to move (black's [`SCORE`] weighted 5/4, attack first, plus
/// white's) and for white to move (the other way round; four directions stay below 4 x 4,500 < 2^16); in the high
/// 32 bits, one 3-bit counter per [`Position::flags`] bit (bit `k` of the flags is counter `k`, six in all),
/// counting the directions that raise it (at most four, so counters never carry into each other).
const CACHE: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let (lo, hi) = (SCORE[(b & 15) % LEVELS], SCORE[(b >> 4) % LEVELS]);
        let quick = (lo * 5 / 4 + hi) as u64 | (((hi * 5 / 4 + lo) as u64) << 16);
        let f = FLAGS[b];
        let mut counts = 0u64;
        let mut k = 0;
        while k < 6 {
            if f & (1 << k) != 0 {
                counts |= 1 << (3 * k);
            }
            k += 1;
        }
        t[b] = quick | (counts << 32);
        b += 1;
    }
    t
};

/// Per [`Position::flags`] mask (6 bits), the mask of its counters in the high half of a [`CACHE`] word.
const SPREAD: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut f = 0;
    while f < 64 {
        let mut k = 0;
        while k < 6 {
            if f & (1 << k) != 0 {
                t[f] |= 7 << (3 * k);
            }
            k += 1;
        }
        f += 1;
    }
    t
};

/// The sum of [`CACHE`] over a cell's four levels.
#[inline]
fn cache_of(pk: [u8; 4]) -> u64 {
    pk.iter().map(|&b| CACHE[usize::from(b)]).sum()
}

/// Per 4-bit mask, the positions of its set bits in order (unused entries repeat the last one).
const NIBBLE_OFFSETS: [[u8; 4]; 16] = {
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

/// A move: the row-major index of the cell a stone goes on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u16);

impl Move {
    /// The cell index.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The stone value of a player: black for the first player, white for the second.
#[must_use]
pub fn stone_of(p: Player) -> u8 {
    match p {
        Player::First => BLACK,
        Player::Second => WHITE,
    }
}

/// A position (see the module docs).
#[derive(Clone)]
pub struct Position {
    game: Gomoku,
    table: &'static PatternTable,
    board: Vec<u8>,
    /// Per cell, its four window codes and packed levels (indexed modulo [`SLOTS`], so without bounds checks).
    lines: Box<[Lines; SLOTS]>,
    /// Per cell, the sum of [`CACHE`] over its levels (quick ordering scores and flag counters), kept with the
    /// levels by play and undo (a separate array, so [`Lines`] keeps its 24 bytes).
    cache: Box<[u64; SLOTS]>,
    /// Per cell, its row, column and how far the line refresh reaches each way (shared by clones).
    geo: Arc<[Geo]>,
    /// The index step of each direction in [`DIRS`].
    strides: [isize; 4],
    /// Occupied cells: per row, one bit per column (bit `c` for column `c`).
    occ: [u32; MAX_SIDE],
    /// Both colours' [`SCORE`] totals and counts of fives, straight fours and double fours, in lanes (see [`ACC`]).
    acc: u128,
    /// Undo records of the stones placed since the last rebuild, last on top (see [`Position::remove`]).
    frames: Vec<Frame>,
    stones: usize,
    to_move: Player,
    winner: Option<Player>,
    hash: u64,
}

impl Position {
    /// The empty board of `game`.
    #[must_use]
    pub fn new(game: Gomoku) -> Position {
        let cells = game.dims().cells();
        let mut p = Position {
            game,
            table: PatternTable::for_rule(game.rule()),
            board: vec![EMPTY; cells],
            lines: Box::new([Lines::default(); SLOTS]),
            cache: Box::new([0; SLOTS]),
            geo: geometry(game),
            strides: DIRS.map(|(dr, dc)| (dr * i32::from(game.dims().cols) + dc) as isize),
            occ: [0; MAX_SIDE],
            acc: 0,
            frames: Vec::new(),
            stones: 0,
            to_move: Player::First,
            winner: None,
            hash: 0,
        };
        p.rebuild();
        p
    }

    /// A position from cell contents (row-major, [`EMPTY`]/[`BLACK`]/[`WHITE`]), with the side to move and the
    /// winner deduced from the stones.
    ///
    /// # Errors
    /// Impossible stone counts, both sides with a five, or a five by the side that cannot have moved last.
    pub fn from_cells(game: Gomoku, cells: &[u8]) -> Result<Position, crate::Error> {
        let dims = game.dims();
        debug_assert_eq!(cells.len(), dims.cells());
        let black = cells.iter().filter(|&&c| c == BLACK).count();
        let white = cells.iter().filter(|&&c| c == WHITE).count();
        if black != white && black != white + 1 {
            return Err(crate::Error::Counts { black, white });
        }
        let mut p = Position::new(game);
        p.board.copy_from_slice(cells);
        p.stones = black + white;
        p.to_move = if black == white { Player::First } else { Player::Second };
        p.rebuild();
        let fives = [p.has_five(Player::First), p.has_five(Player::Second)];
        p.winner = match fives {
            [true, true] => return Err(crate::Error::BothWin),
            [true, false] if p.to_move == Player::Second => Some(Player::First),
            [false, true] if p.to_move == Player::First => Some(Player::Second),
            [true, false] => return Err(crate::Error::WinnerOrder("black")),
            [false, true] => return Err(crate::Error::WinnerOrder("white")),
            [false, false] => None,
        };
        Ok(p)
    }

    /// The game (board size and rule).
    #[must_use]
    pub fn game(&self) -> Gomoku {
        self.game
    }

    /// Board dimensions.
    #[must_use]
    pub fn dims(&self) -> Dims {
        self.game.dims()
    }

    /// The rule.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.game.rule()
    }

    /// The stone on a cell ([`EMPTY`], [`BLACK`] or [`WHITE`]).
    #[inline]
    #[must_use]
    pub fn cell(&self, index: usize) -> u8 {
        self.board[index]
    }

    /// All cells, row-major.
    #[must_use]
    pub fn cells(&self) -> &[u8] {
        &self.board
    }

    /// Stones on the board.
    #[must_use]
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// The player who has five, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

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
    pub fn candidates(&self, mut f: impl FnMut(usize) -> bool) {
        let cols = usize::from(self.dims().cols);
        for (r, &bits) in self.candidate_rows()[..usize::from(self.dims().rows)].iter().enumerate() {
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

    /// True when colour `color` makes five on the empty cell `index`.
    #[inline]
    #[must_use]
    pub fn makes_five(&self, index: usize, color: usize) -> bool {
        self.has_flag(index, FLAG_FIVE << color)
    }

    /// For an empty cell, the quick ordering score for colour `me` to move: the sum over its four directions of
    /// `me`'s [`SCORE`] potential weighted 5/4 plus the other colour's (kept up to date by play and undo).
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

    /// Number of (empty cell, direction) pairs where colour `color` makes level `level`.
    #[inline]
    #[must_use]
    pub fn count(&self, color: usize, level: Pat) -> u16 {
        match level {
            FIVE | F4 | D4 => self.tally().count(color, level),
            // Levels the engine never asks about are counted on demand.
            _ => (0..self.board.len())
                .filter(|&i| self.board[i] == EMPTY)
                .map(|i| self.pats(i, color).iter().filter(|&&p| p == level).count() as u16)
                .sum(),
        }
    }

    /// The running sum of [`SCORE`] over every empty cell and direction, per colour.
    #[inline]
    #[must_use]
    pub fn totals(&self) -> [i32; 2] {
        self.tally().totals()
    }

    /// The running totals and threat counters.
    #[inline]
    #[must_use]
    pub fn tally(&self) -> Tally {
        Tally(self.acc)
    }

    /// The totals and counters the position would have after colour `color` puts a stone on the empty cell
    /// `index`, computed without placing it: the refresh [`Position::place`] would make, reading only. The
    /// search values its leaves with it instead of playing and taking back the last move.
    #[must_use]
    pub fn tally_after(&self, index: usize, color: usize) -> Tally {
        if self.table.is_small() {
            self.tally_after_in::<true>(index, color)
        } else {
            self.tally_after_in::<false>(index, color)
        }
    }

    /// [`Position::tally_after`] for one kind of table: with the stored codes' shift a constant, the loops over
    /// the (at most five) cells each way unroll with constant masks.
    #[inline(always)]
    fn tally_after_in<const SMALL: bool>(&self, index: usize, color: usize) -> Tally {
        let (base, mask) = if SMALL { (2, 0xFFFF) } else { (0, CODES_MASK) };
        let pats = self.table.entries();
        let mut acc = self.acc;
        for &old in &self.lines[index].pk {
            acc = acc.wrapping_sub(ACC[usize::from(old)]);
        }
        let geo = self.geo[index];
        let stone = color as u32 + 1;
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
                    let cell = &self.lines[n as usize % SLOTS];
                    let code = ((cell.code[d] & !(3 << sh)) | (stone << sh)) & mask;
                    let new = pats[code as usize % CODES] & cell.open;
                    acc = acc.wrapping_add(ACC[usize::from(new)]).wrapping_sub(ACC[usize::from(cell.pk[d])]);
                }
            }
        }
        Tally(acc)
    }

    /// The move at a coordinate.
    #[must_use]
    pub fn move_at(&self, c: Coord) -> Move {
        Move(self.dims().index(c) as u16)
    }

    /// True when `m` is a renju forbidden point for black (always false under other rules). Meaningful for an empty
    /// cell whatever the side to move.
    #[must_use]
    pub fn is_forbidden(&self, m: Move) -> bool {
        self.rule() == Rule::Renju && self.board[m.index()] == EMPTY && renju::forbidden(self, m.index())
    }

    /// True when the side to move may play `m`: an empty cell, not forbidden, game not over.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        m.index() < self.board.len()
            && self.board[m.index()] == EMPTY
            && self.winner.is_none()
            && !(self.to_move == Player::First && self.is_forbidden(m))
    }

    /// Puts a stone of colour index `color` on an empty cell without changing the side to move or the winner: the
    /// threat solvers use it to play sequences of one side's moves.
    pub fn place(&mut self, index: usize, color: usize) {
        debug_assert_eq!(self.board[index], EMPTY);
        let mut frame = Frame { index: index as u16, acc: self.acc, own: self.lines[index].pk, saved: [0; 64] };
        self.lines[index].open = 0;
        self.cache[index % SLOTS] = 0;
        for d in 0..4 {
            let old = std::mem::replace(&mut self.lines[index].pk[d], 0);
            self.account(old, 0);
        }
        let stone = color as u8 + 1;
        self.board[index] = stone;
        self.update_lines(index, u32::from(stone), &mut frame.saved);
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
        self.lines[index].open = u8::MAX;
        match self.frames.last() {
            Some(f) if usize::from(f.index) == index => {
                self.restore(index);
                self.frames.pop();
            }
            _ => {
                self.frames.clear();
                self.update_lines(index, 0, &mut [0; 64]);
                for d in 0..4 {
                    let new = self.table.lookup(self.lines[index].code[d]);
                    self.lines[index].pk[d] = new;
                    self.account(0, new);
                }
                self.cache[index % SLOTS] = cache_of(self.lines[index].pk);
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
    fn update_lines(&mut self, index: usize, stone: u32, saved: &mut [u8; 64]) {
        if self.table.is_small() {
            self.update_lines_in::<true>(index, stone, saved);
        } else {
            self.update_lines_in::<false>(index, stone, saved);
        }
    }

    /// [`Position::update_lines`] for one kind of table: with the stored codes' shift a constant, the loops over
    /// the (at most five) cells each way unroll with constant masks.
    #[inline(always)]
    fn update_lines_in<const SMALL: bool>(&mut self, index: usize, stone: u32, saved: &mut [u8; 64]) {
        let (base, mask) = if SMALL { (2, 0xFFFF) } else { (0, CODES_MASK) };
        let pats = self.table.entries();
        let mut j = 0;
        let geo = self.geo[index];
        // The accumulator lives in registers for the loop (see [`Position::account`] for why the lanes never mix).
        let mut acc = self.acc;
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
                    let c = &mut self.cache[n as usize % SLOTS];
                    *c = c.wrapping_add(CACHE[usize::from(new)]).wrapping_sub(CACHE[usize::from(old)]);
                    saved[j % 64] = old;
                    j += 1;
                    acc = acc.wrapping_add(ACC[usize::from(new)]).wrapping_sub(ACC[usize::from(old)]);
                }
            }
        }
        self.acc = acc;
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
        self.lines[index].pk = f.own;
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
                    let c = &mut self.cache[n as usize % SLOTS];
                    *c = c.wrapping_add(CACHE[usize::from(back)]).wrapping_sub(CACHE[usize::from(now)]);
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
        self.acc = self.acc.wrapping_add(ACC[usize::from(new)]).wrapping_sub(ACC[usize::from(old)]);
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

    /// Recomputes every derived table from the board (codes, levels, accumulator, occupancy, undo records, hash).
    fn rebuild(&mut self) {
        let dims = self.dims();
        let (rows, cols) = (i32::from(dims.rows), i32::from(dims.cols));
        self.acc = 0;
        self.occ = [0; MAX_SIDE];
        self.frames.clear();
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
                self.acc += ACC[usize::from(b)];
            }
            self.cache[i] = cache_of(self.lines[i].pk);
        }
        for i in 0..self.board.len() {
            if self.board[i] != EMPTY {
                self.set_occupied(i, true);
            }
        }
        self.hash = self.compute_hash();
    }

    /// True when `p` has a winning line on the board (scanned from scratch; used when parsing).
    fn has_five(&self, p: Player) -> bool {
        let dims = self.dims();
        let stone = stone_of(p);
        let exact = self.rule().exact_for(p);
        let at = |r: i32, c: i32| {
            r >= 0 && c >= 0 && r < i32::from(dims.rows) && c < i32::from(dims.cols) && {
                self.board[(r * i32::from(dims.cols) + c) as usize] == stone
            }
        };
        dims.iter().any(|co| {
            let (r, c) = (i32::from(co.row), i32::from(co.col));
            at(r, c)
                && DIRS.iter().any(|&(dr, dc)| {
                    if at(r - dr, c - dc) {
                        return false;
                    }
                    let mut n = 1;
                    while at(r + n * dr, c + n * dc) {
                        n += 1;
                    }
                    n == 5 || (n > 5 && !exact)
                })
        })
    }

    /// True when black (to move) has at least one non-forbidden empty cell.
    fn black_can_move(&self) -> bool {
        (0..self.board.len()).any(|i| self.board[i] == EMPTY && !renju::forbidden(self, i))
    }
}

impl State for Position {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        if self.winner.is_some() {
            return;
        }
        if self.rule() == Rule::Renju && self.to_move == Player::First {
            for (i, &c) in self.board.iter().enumerate() {
                if c == EMPTY && !renju::forbidden(self, i) {
                    moves.push(Move(i as u16));
                }
            }
            return;
        }
        // Every empty cell in board order, compacted without data-dependent branches: four cells at a time, the
        // free ones (per the occupancy bits) are written from the table of their offsets and the write position
        // advances by their number; slots past it are overwritten later or cut off.
        let dims = self.dims();
        let (cols, full) = (usize::from(dims.cols), (1u32 << dims.cols) - 1);
        let n = self.board.len() - self.stones;
        moves.resize(n + cols + 4, Move(0));
        let out = &mut moves[..];
        let mut at = 0;
        for (r, &row) in self.occ[..usize::from(dims.rows)].iter().enumerate() {
            let base = r * cols;
            if row == 0 {
                // A row without stones is copied whole.
                out[at..at + cols].copy_from_slice(&ALL_MOVES[base..base + cols]);
                at += cols;
                continue;
            }
            let free = !row & full;
            for c in (0..cols).step_by(4) {
                let f = ((free >> c) & 15) as usize;
                let first = (base + c) as u16;
                for (k, &off) in NIBBLE_OFFSETS[f].iter().enumerate() {
                    out[at + k] = Move(first + u16::from(off));
                }
                at += f.count_ones() as usize;
            }
        }
        moves.truncate(n);
    }

    fn play(&mut self, m: Move) {
        let i = m.index();
        let color = self.to_move.index();
        debug_assert!(self.is_legal(m), "illegal move {m:?}");
        let wins = self.makes_five(i, color);
        self.place(i, color);
        if wins {
            self.winner = Some(self.to_move);
        }
        self.to_move = self.to_move.other();
        self.hash ^= SIDE_KEY;
    }

    fn undo(&mut self, m: Move) {
        self.remove(m.index());
        self.winner = None;
        self.to_move = self.to_move.other();
        self.hash ^= SIDE_KEY;
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(w) = self.winner {
            Some(Outcome::Win(w))
        } else if self.stones == self.board.len() {
            Some(Outcome::Draw)
        } else if self.rule() == Rule::Renju && self.to_move == Player::First && !self.black_can_move() {
            // Every empty cell is forbidden to black: black cannot move and loses.
            Some(Outcome::Win(Player::Second))
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.to_move == Player::Second { SIDE_KEY } else { 0 };
        for (i, &c) in self.board.iter().enumerate() {
            if c != EMPTY {
                h ^= KEYS[2 * i + usize::from(c) - 1];
            }
        }
        h
    }

    fn move_key(&self, m: Move) -> usize {
        m.index()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.game == other.game && self.to_move == other.to_move && self.board == other.board
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Position ({} {}x{}, {:?} to move)",
            self.rule(),
            self.dims().cols,
            self.dims().rows,
            self.to_move
        )?;
        for row in self.board.chunks(usize::from(self.dims().cols)) {
            let line: String = row.iter().map(|&c| ['.', 'x', 'o', '#'][usize::from(c)]).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

/// A position's running totals and threat counters in one packed word (see [`Position::tally`]): the lanes of
/// the accumulator (both colours' [`SCORE`] totals, then per colour the counts of fives, straight fours and double
/// fours), summed over every empty cell and direction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Tally(u128);

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

    /// The sum of [`SCORE`] over every empty cell and direction, per colour.
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
                        p.place(i, next(2));
                        placed.push(i);
                    }
                    let mut fresh = p.clone();
                    fresh.rebuild();
                    let pk = |q: &Position| q.lines.iter().map(|l| l.pk).collect::<Vec<_>>();
                    assert_eq!(pk(&p), pk(&fresh), "{rule} {side}x{side} step {step}: levels");
                    assert_eq!(p.acc, fresh.acc, "{rule} {side}x{side} step {step}: totals and counters");
                    assert_eq!(p.cache, fresh.cache, "{rule} {side}x{side} step {step}: cell caches");
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
                    assert_eq!(p.totals(), fresh.totals(), "{rule} {side}x{side} step {step}: totals");
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
