//! A Gomoku position: stones, side to move, winner, incremental Zobrist hash and incremental line patterns.
//!
//! Besides the board, a [`Position`] keeps for every cell and direction its window code (see [`crate::patterns`]),
//! and for every empty cell the pattern each colour would make there. Placing or removing a stone touches the forty
//! cells within five steps along the four lines through it, so play and undo cost a few hundred nanoseconds and the
//! engine reads threats (fives, fours, threes) and a running evaluation total without scanning the board. Wins are
//! detected from the pattern of the played cell, so every rule's notion of five (and of an overline) is the table's.

use crate::patterns::{self, BLACK, EMPTY, FIVE, LEVELS, Pat, PatternTable, SCORE, WALL, WHITE};
use crate::renju;
use crate::rules::{Gomoku, MAX_SIDE, Rule};
use sente_core::grid::{Coord, Dims};
use sente_core::{MoveList, Outcome, Player, State};
use std::fmt;

const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
const KEYS: [u64; 2 * MAX_CELLS + 1] = sente_core::zobrist::keys(0x606D_0C05_E47E);
const SIDE_KEY: u64 = KEYS[2 * MAX_CELLS];

/// The four line directions as (row step, column step): east, south, south-east, south-west.
pub const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

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
    codes: Vec<[u32; 4]>,
    /// Per cell and direction, the packed levels (black in the low nibble, white in the high one).
    pk: Vec<[u8; 4]>,
    near: Vec<u8>,
    totals: [i32; 2],
    counts: [[u16; LEVELS]; 2],
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
            codes: vec![[0; 4]; cells],
            pk: vec![[0; 4]; cells],
            near: vec![0; cells],
            totals: [0; 2],
            counts: [[0; LEVELS]; 2],
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
    #[inline]
    #[must_use]
    pub fn near(&self, index: usize) -> u8 {
        self.near[index]
    }

    /// For an empty cell, the levels the player with colour index `color` (0 black, 1 white) makes there in the four
    /// directions.
    #[inline]
    #[must_use]
    pub fn pats(&self, index: usize, color: usize) -> [Pat; 4] {
        let pk = self.pk[index];
        let sh = 4 * color as u32;
        [(pk[0] >> sh) & 15, (pk[1] >> sh) & 15, (pk[2] >> sh) & 15, (pk[3] >> sh) & 15]
    }

    /// For an empty cell, the packed levels of both colours per direction (black in the low nibble).
    #[inline]
    #[must_use]
    pub fn packed(&self, index: usize) -> [u8; 4] {
        self.pk[index]
    }

    /// Number of (empty cell, direction) pairs where colour `color` makes level `level`.
    #[inline]
    #[must_use]
    pub fn count(&self, color: usize, level: Pat) -> u16 {
        self.counts[color][usize::from(level)]
    }

    /// The running sum of [`SCORE`] over every empty cell and direction, per colour.
    #[inline]
    #[must_use]
    pub fn totals(&self) -> [i32; 2] {
        self.totals
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
        for d in 0..4 {
            let b = self.pk[index][d];
            for (c, p) in [b & 15, b >> 4].into_iter().enumerate() {
                self.totals[c] -= SCORE[usize::from(p)];
                self.counts[c][usize::from(p)] -= 1;
            }
        }
        let stone = color as u8 + 1;
        self.board[index] = stone;
        self.update_lines(index, u32::from(stone));
        self.update_near(index, true);
        self.hash ^= KEYS[2 * index + color];
        self.stones += 1;
    }

    /// Takes back a stone put by [`Position::place`].
    pub fn remove(&mut self, index: usize) {
        let color = usize::from(self.board[index]) - 1;
        self.board[index] = EMPTY;
        self.update_lines(index, 0);
        self.update_near(index, false);
        for d in 0..4 {
            let b = self.table.packed(self.codes[index][d]);
            self.pk[index][d] = b;
            for (c, p) in [b & 15, b >> 4].into_iter().enumerate() {
                self.totals[c] += SCORE[usize::from(p)];
                self.counts[c][usize::from(p)] += 1;
            }
        }
        self.hash ^= KEYS[2 * index + color];
        self.stones -= 1;
    }

    /// Rewrites the window codes of the cells within five steps of `index` for its new content `stone` (0 when
    /// emptied) and refreshes the patterns of those that are empty.
    fn update_lines(&mut self, index: usize, stone: u32) {
        let dims = self.dims();
        let (rows, cols) = (i32::from(dims.rows), i32::from(dims.cols));
        let (r0, c0) = ((index / cols as usize) as i32, (index % cols as usize) as i32);
        // Freestyle's table ignores the cells five steps away, so its codes need not track them.
        let reach = if self.game.rule() == Rule::Freestyle { patterns::HALF - 1 } else { patterns::HALF };
        for (d, &(dr, dc)) in DIRS.iter().enumerate() {
            let stride = dr * cols + dc;
            for sign in [1, -1] {
                // Steps to the edge in this direction, so the loop needs no bounds checks.
                let (sr, sc) = (sign * dr, sign * dc);
                let room_r = if sr > 0 {
                    rows - 1 - r0
                } else if sr < 0 {
                    r0
                } else {
                    reach
                };
                let room_c = if sc > 0 {
                    cols - 1 - c0
                } else if sc < 0 {
                    c0
                } else {
                    reach
                };
                let steps = reach.min(room_r).min(room_c);
                let mut n = index as i32;
                for k in 1..=steps {
                    n += sign * stride;
                    let nu = n as usize;
                    let sh = patterns::shift(-sign * k);
                    let code = &mut self.codes[nu][d];
                    *code = (*code & !(3 << sh)) | (stone << sh);
                    if self.board[nu] == EMPTY {
                        self.refresh(nu, d);
                    }
                }
            }
        }
    }

    #[inline]
    fn refresh(&mut self, n: usize, d: usize) {
        let new = self.table.packed(self.codes[n][d]);
        let old = self.pk[n][d];
        if new == old {
            return;
        }
        self.pk[n][d] = new;
        for c in 0..2 {
            let sh = 4 * c as u32;
            let (o, p) = (usize::from((old >> sh) & 15), usize::from((new >> sh) & 15));
            if o != p {
                self.totals[c] += SCORE[p] - SCORE[o];
                self.counts[c][o] -= 1;
                self.counts[c][p] += 1;
            }
        }
    }

    fn update_near(&mut self, index: usize, add: bool) {
        let dims = self.dims();
        let (rows, cols) = (i32::from(dims.rows), i32::from(dims.cols));
        let (r0, c0) = ((index / cols as usize) as i32, (index % cols as usize) as i32);
        for r in (r0 - 2).max(0)..=(r0 + 2).min(rows - 1) {
            for c in (c0 - 2).max(0)..=(c0 + 2).min(cols - 1) {
                let n = (r * cols + c) as usize;
                if add {
                    self.near[n] += 1;
                } else {
                    self.near[n] -= 1;
                }
            }
        }
    }

    /// Recomputes every derived table from the board (codes, patterns, totals, neighbour counts, hash).
    fn rebuild(&mut self) {
        let dims = self.dims();
        let (rows, cols) = (i32::from(dims.rows), i32::from(dims.cols));
        self.totals = [0; 2];
        self.counts = [[0; LEVELS]; 2];
        self.near.fill(0);
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
                self.codes[i][d] = code;
                self.pk[i][d] = 0;
                if self.board[i] == EMPTY {
                    let b = self.table.packed(code);
                    self.pk[i][d] = b;
                    for (c, p) in [b & 15, b >> 4].into_iter().enumerate() {
                        self.totals[c] += SCORE[usize::from(p)];
                        self.counts[c][usize::from(p)] += 1;
                    }
                }
            }
        }
        for i in 0..self.board.len() {
            if self.board[i] != EMPTY {
                self.update_near(i, true);
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
        let renju_black = self.rule() == Rule::Renju && self.to_move == Player::First;
        for (i, &c) in self.board.iter().enumerate() {
            if c == EMPTY && !(renju_black && renju::forbidden(self, i)) {
                moves.push(Move(i as u16));
            }
        }
    }

    fn play(&mut self, m: Move) {
        let i = m.index();
        let color = self.to_move.index();
        debug_assert!(self.is_legal(m), "illegal move {m:?}");
        let wins = self.pats(i, color).contains(&FIVE);
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
