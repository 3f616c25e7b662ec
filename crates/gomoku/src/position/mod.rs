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

//!
//! The packed tables behind the accumulator and the cell words live in `tables.rs` (with [`Tally`], which reads
//! the accumulator); placing and removing stones, with the refresh of the cells around them, in `update.rs`; the
//! per-cell queries (cells near stones, levels, flags, the quick key) in `cells.rs`.

mod cells;
mod rays;
mod tables;
mod update;

pub(crate) use rays::RayGeo;

use tables::*;
pub use tables::{CellThreats, FLAG_ANY_FOUR, FLAG_FIVE, FLAG_FOUR, FLAG_OPEN_FOUR, Tally};

use crate::combos;
use crate::patterns::{self, BLACK, D4, EMPTY, F4, FIVE, Pat, PatternTable, WALL, WHITE};
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
    /// The combination word of `pk` ([`combo_of`]): both colours' [`crate::combos`] codes, kept with the levels.
    combo: u32,
    /// 0xFF for an empty cell, 0 for an occupied one: masks the refreshed levels without a branch.
    open: u8,
}

/// The undo record of one placed stone: its cell, the accumulator before it, the cell's own levels and the
/// levels of the (at most 40) neighbours its placement refreshed, in visiting order (64 slots, so indexing is a
/// mask).
#[derive(Copy, Clone, Debug)]
struct Frame {
    index: u16,
    /// Placed by [`Position::place_unvalued`]: the cell classes were not counted.
    valued: bool,
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
    /// Per cell, the sum of [`Weighted::cache`](tables::Weighted) over its levels (quick ordering scores and flag counters), kept with the
    /// levels by play and undo (a separate array, so [`Lines`] keeps its 24 bytes).
    cache: Box<[u64; SLOTS]>,
    /// Per cell, its row, column and how far the line refresh reaches each way (shared by clones).
    geo: Arc<[Geo]>,
    /// The index step of each direction in [`DIRS`].
    strides: [isize; 4],
    /// Occupied cells: per row, one bit per column (bit `c` for column `c`).
    occ: [u32; MAX_SIDE],
    /// Both colours' [`SCORE`] totals (with their cell classes' weights) and counts of fives, straight fours and
    /// double fours, in lanes (see [`Weighted`](tables::Weighted)).
    acc: u128,
    /// Undo records of the stones placed since the last rebuild, last on top (see [`Position::remove`]).
    frames: Vec<Frame>,
    /// Frames on the stack placed by [`Position::place_unvalued`]: while any is, the [`SCORE`] totals lack their
    /// cell-class part.
    stale: u32,
    stones: usize,
    to_move: Player,
    winner: Option<Player>,
    hash: u64,
    /// The line words and their geometry (shared by clones), where the position keeps them (see `rays.rs`).
    ray_geo: Option<Arc<RayGeo>>,
    ray_words: Vec<u64>,
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
            stale: 0,
            stones: 0,
            to_move: Player::First,
            winner: None,
            hash: 0,
            ray_geo: RayGeo::of(game).map(Arc::new),
            ray_words: Vec::new(),
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

    /// The running sum of [`SCORE`](crate::patterns::SCORE) over every empty cell and direction, per colour.
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

    /// The hash key of a stone of colour `color` on `index`: placing or removing one changes a position's hash by
    /// it.
    #[must_use]
    pub fn stone_key(index: usize, color: usize) -> u64 {
        KEYS[2 * index + color]
    }

    /// The pattern table of the position's rule.
    #[must_use]
    pub fn pattern_table(&self) -> &'static crate::patterns::PatternTable {
        self.table
    }

    /// The hash the position would have after [`Position::place`] puts a stone of colour `color` on `index` (the
    /// side to move unchanged), computed without placing it: the threat solvers prefetch table slots with it.
    #[must_use]
    pub fn hash_with_stone(&self, index: usize, color: usize) -> u64 {
        self.hash ^ KEYS[2 * index + color]
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
        let w = weighted();
        let mut acc = self.acc;
        let (mut gained, mut lost) = (0u64, w.cell_lanes(self.lines[index].combo));
        for &old in &self.lines[index].pk {
            acc = acc.wrapping_sub(w.acc[usize::from(old)]);
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
                    let (old, was) = (cell.pk[d], cell.combo);
                    let now = was
                        .wrapping_add(combos::DIGITS[usize::from(new)])
                        .wrapping_sub(combos::DIGITS[usize::from(old)]);
                    acc = acc.wrapping_add(w.acc[usize::from(new)]).wrapping_sub(w.acc[usize::from(old)]);
                    gained += w.cell_lanes(now);
                    lost += w.cell_lanes(was);
                }
            }
        }
        Tally(acc.wrapping_add(u128::from(gained)).wrapping_sub(u128::from(lost)))
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
}

impl Position {
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

    fn hash_after(&self, m: Move) -> Option<u64> {
        Some(self.hash ^ KEYS[2 * m.index() + self.to_move.index()] ^ SIDE_KEY)
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

    /// A null move: the other side is to move, the stones stay (the search's null-move pruning only).
    fn pass(&mut self) -> bool {
        debug_assert!(self.winner.is_none(), "pass in a finished game");
        self.to_move = self.to_move.other();
        self.hash ^= SIDE_KEY;
        true
    }

    fn unpass(&mut self) {
        self.to_move = self.to_move.other();
        self.hash ^= SIDE_KEY;
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
