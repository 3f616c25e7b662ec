//! The board, the game's rules object and the playable position.
//!
//! A [`Board`] is an n×m grid of pieces (n, m ≤ 16), one `u16` bit mask per row. [`RowCol`] is the immutable game:
//! the starting board. A [`Position`] is the board plus the sets of rows and columns already taken, the side to move
//! and the first player's lead so far. Two positions are equal when they hold the same remaining pieces, the same
//! side to move and the same lead, whatever lines were taken to get there (a taken line and an emptied one are the
//! same thing); the Zobrist hash is therefore kept over the remaining pieces, updated piece by piece on play/undo.

use sente_core::{Game, MoveList, Outcome, Player, ScoringState, State, zobrist};

use crate::error::Error;
use crate::movegen;
use crate::moves::Move;

/// The largest board side the engine supports.
pub const MAX_SIDE: usize = 16;

/// One key per cell (row-major, 16 columns a row) and one for the side to move.
static KEYS: [u64; MAX_SIDE * MAX_SIDE + 1] = zobrist::keys(0x0e0c_0b0a_5e47_e003);

/// An n×m board of pieces: bit `c` of `cells[r]` is the piece at row `r`, column `c` (0-based).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: [u16; MAX_SIDE],
}

impl Board {
    /// A board from row masks. Bits at or beyond `cols` are cleared.
    ///
    /// # Errors
    /// [`Error::Size`] when a side is 0 or above [`MAX_SIDE`] (reported at line 1).
    pub fn from_rows(rows: usize, cols: usize, masks: &[u16]) -> Result<Board, Error> {
        if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) || masks.len() != rows {
            return Err(Error::Size { line: 1, rows, cols, max: MAX_SIDE });
        }
        let keep = if cols == 16 { u16::MAX } else { (1u16 << cols) - 1 };
        let mut cells = [0u16; MAX_SIDE];
        for (c, &m) in cells.iter_mut().zip(masks) {
            *c = m & keep;
        }
        Ok(Board { rows, cols, cells })
    }

    /// Rows (n).
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns (m).
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The row masks (`rows()` of them are meaningful; the rest are 0).
    #[must_use]
    pub fn row_masks(&self) -> &[u16; MAX_SIDE] {
        &self.cells
    }

    /// The column masks: bit `r` of the result's entry `c` is the piece at row `r`, column `c`.
    #[must_use]
    pub fn col_masks(&self) -> [u16; MAX_SIDE] {
        let mut cols = [0u16; MAX_SIDE];
        for r in 0..self.rows {
            for (c, col) in cols.iter_mut().enumerate().take(self.cols) {
                if self.cells[r] >> c & 1 == 1 {
                    *col |= 1 << r;
                }
            }
        }
        cols
    }

    /// True when a piece stands at (`row`, `col`), 0-based.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> bool {
        row < self.rows && col < self.cols && self.cells[row] >> col & 1 == 1
    }

    /// Number of pieces on the board.
    #[must_use]
    pub fn pieces(&self) -> u32 {
        self.cells.iter().map(|r| r.count_ones()).sum()
    }

    /// The m×n mirror image across the main diagonal (the game value is the same).
    #[must_use]
    pub fn transpose(&self) -> Board {
        let cols = self.col_masks();
        Board { rows: self.cols, cols: self.rows, cells: cols }
    }
}

/// The game: its parameter is the starting board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowCol {
    board: Board,
}

impl RowCol {
    /// The game starting from `board`.
    #[must_use]
    pub fn new(board: Board) -> RowCol {
        RowCol { board }
    }

    /// The starting board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl Game for RowCol {
    type State = Position;

    fn name(&self) -> &'static str {
        "rowcol"
    }

    fn initial_state(&self) -> Position {
        Position::new(self.board)
    }

    fn max_game_length(&self) -> usize {
        // Every move removes a whole line for good.
        self.board.rows + self.board.cols
    }
}

/// A position: the starting board, the lines still in play, the side to move and the first player's lead.
#[derive(Copy, Clone, Debug)]
pub struct Position {
    board: Board,
    live_rows: u16,
    live_cols: u16,
    to_move: Player,
    margin: i32,
    hash: u64,
}

impl Position {
    /// The starting position of `board`: every line in play, first player to move, no points yet.
    #[must_use]
    pub fn new(board: Board) -> Position {
        let live_rows = low_bits(board.rows);
        let live_cols = low_bits(board.cols);
        let mut p = Position { board, live_rows, live_cols, to_move: Player::First, margin: 0, hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    /// A position with the given remaining pieces, side to move and first player's lead (the text form).
    #[must_use]
    pub fn with_state(board: Board, to_move: Player, margin: i32) -> Position {
        let mut p = Position::new(board);
        p.to_move = to_move;
        p.margin = margin;
        p.hash = p.compute_hash();
        p
    }

    /// The starting board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The remaining pieces of row `r` as a column mask.
    #[must_use]
    pub fn row_mask(&self, r: usize) -> u16 {
        if self.live_rows >> r & 1 == 1 { self.board.cells[r] & self.live_cols } else { 0 }
    }

    /// The remaining pieces as a board of the same size (taken cells become empty).
    #[must_use]
    pub fn remaining(&self) -> Board {
        let mut b = self.board;
        for r in 0..b.rows {
            b.cells[r] = self.row_mask(r);
        }
        b
    }

    /// Rows still in play (bit mask), including ones emptied by column moves.
    #[must_use]
    pub fn live_rows(&self) -> u16 {
        self.live_rows
    }

    /// Columns still in play (bit mask).
    #[must_use]
    pub fn live_cols(&self) -> u16 {
        self.live_cols
    }

    /// Pieces left.
    #[must_use]
    pub fn pieces_left(&self) -> u32 {
        (0..self.board.rows).map(|r| self.row_mask(r).count_ones()).sum()
    }

    /// The first player's points minus the second player's so far.
    #[must_use]
    pub fn margin(&self) -> i32 {
        self.margin
    }

    /// The lead of the side to move so far.
    #[must_use]
    pub fn margin_for_mover(&self) -> i32 {
        if self.to_move == Player::First { self.margin } else { -self.margin }
    }

    /// Pieces `m` would take now.
    #[must_use]
    pub fn gain_of(&self, m: Move) -> u32 {
        movegen::line_mask(self, m).count_ones()
    }

    /// XORs the keys of every remaining piece on line `m` into the hash.
    fn toggle_line(&mut self, m: Move) {
        let mut bits = movegen::line_mask(self, m);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let cell = match m {
                Move::Row(r) => r as usize * MAX_SIDE + i,
                Move::Col(c) => i * MAX_SIDE + c as usize,
            };
            self.hash ^= KEYS[cell];
        }
    }

    fn sign(&self) -> i32 {
        if self.to_move == Player::First { 1 } else { -1 }
    }
}

fn low_bits(n: usize) -> u16 {
    if n >= 16 { u16::MAX } else { (1u16 << n) - 1 }
}

/// Equal when the remaining pieces, the side to move and the lead are equal.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board.rows == other.board.rows
            && self.board.cols == other.board.cols
            && self.to_move == other.to_move
            && self.margin == other.margin
            && (0..self.board.rows).all(|r| self.row_mask(r) == other.row_mask(r))
    }
}

impl Eq for Position {}

impl State for Position {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        movegen::legal_moves(self, moves);
    }

    fn play(&mut self, m: Move) {
        debug_assert!(movegen::line_mask(self, m) != 0, "{m} takes nothing");
        let gain = self.gain_of(m) as i32;
        self.toggle_line(m);
        match m {
            Move::Row(r) => self.live_rows &= !(1 << r),
            Move::Col(c) => self.live_cols &= !(1 << c),
        }
        self.margin += self.sign() * gain;
        self.to_move = self.to_move.other();
        self.hash ^= KEYS[MAX_SIDE * MAX_SIDE];
    }

    fn undo(&mut self, m: Move) {
        self.hash ^= KEYS[MAX_SIDE * MAX_SIDE];
        self.to_move = self.to_move.other();
        match m {
            Move::Row(r) => self.live_rows |= 1 << r,
            Move::Col(c) => self.live_cols |= 1 << c,
        }
        self.toggle_line(m);
        self.margin -= self.sign() * self.gain_of(m) as i32;
    }

    fn outcome(&self) -> Option<Outcome> {
        if (0..self.board.rows).any(|r| self.row_mask(r) != 0) {
            return None;
        }
        Some(match self.margin {
            0 => Outcome::Draw,
            m if m > 0 => Outcome::Win(Player::First),
            _ => Outcome::Win(Player::Second),
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.to_move == Player::Second { KEYS[MAX_SIDE * MAX_SIDE] } else { 0 };
        for r in 0..self.board.rows {
            let mut bits = self.row_mask(r);
            while bits != 0 {
                h ^= KEYS[r * MAX_SIDE + bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        h
    }

    fn move_key(&self, m: Move) -> usize {
        m.index()
    }
}

impl ScoringState for Position {
    fn gain(&self, m: Move) -> i32 {
        self.gain_of(m) as i32
    }

    /// The remaining pieces only: the rest of the game does not depend on who moves or on the lead.
    fn memo_key(&self) -> u64 {
        self.hash ^ if self.to_move == Player::Second { KEYS[MAX_SIDE * MAX_SIDE] } else { 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        let masks: Vec<u16> =
            rows.iter().map(|r| r.bytes().enumerate().map(|(i, b)| u16::from(b == b'1') << i).sum()).collect();
        Board::from_rows(rows.len(), rows[0].len(), &masks).unwrap()
    }

    #[test]
    fn play_undo_restores_and_scores() {
        let b = board(&["1001", "0001", "1111"]);
        assert_eq!(b.pieces(), 7);
        let mut p = Position::new(b);
        let start = p;
        p.play(Move::Col(3));
        assert_eq!(p.margin(), 3);
        assert_eq!(p.to_move(), Player::Second);
        assert_eq!(p.gain_of(Move::Row(2)), 3);
        p.play(Move::Row(2));
        assert_eq!(p.margin(), 0);
        assert_eq!(p.hash(), p.compute_hash());
        p.undo(Move::Row(2));
        p.undo(Move::Col(3));
        assert_eq!(p, start);
        assert_eq!(p.hash(), start.hash());
    }

    #[test]
    fn equality_and_memo_key_ignore_how_lines_were_emptied() {
        let b = board(&["1001", "0001", "1111"]);
        // Column 4 alone, or row 2 (whose only piece is in column 4) then column 4: the same pieces remain.
        let mut a = Position::new(b);
        a.play(Move::Col(3));
        let mut e = Position::new(b);
        e.play(Move::Row(1));
        e.play(Move::Col(3));
        assert_eq!(a.memo_key(), e.memo_key());
        assert_ne!(a, e, "different side to move and lead");
        assert_eq!(a.remaining(), e.remaining());
        assert_eq!(b.transpose().transpose(), b);
        assert_eq!(b.transpose().rows(), 4);
        assert!(b.transpose().get(3, 1));
    }
}
