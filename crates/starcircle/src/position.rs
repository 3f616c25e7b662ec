//! The Star/Circle position: who is where (stacks included), who is to move, how many passes in a row were just
//! played, and the row values that score it. Play and undo keep the occupancy bitboards, both sides' running scores
//! and the Zobrist hash up to date incrementally.
//!
//! Bitboards use the positional square order of [`crate::moves`] (bit 0 = H1 … bit 63 = A8). A piece off its own
//! last row is always a single piece; on its own last row (H for Star, A for Circle) a square may hold a stack,
//! whose height lives in `stacks`. The hash adds one key per piece (so a stack of n adds its key n times), plus a
//! key for Circle to move and one for each count of consecutive passes; keeping everything additive lets stacks and
//! captures update it with plain wrapping additions.

use crate::moves::{Move, SIZE, Square, col_of, row_of};
use sente_core::zobrist;
use sente_core::{Outcome, Player, State};

/// Zobrist keys: 64 per side, Circle to move, one pass, two passes.
const KEYS: [u64; 131] = zobrist::keys(0x5747_a2c1_2c1e_0004);
const SIDE_KEY: usize = 128;
const PASS_KEY: usize = 129;

/// Squares of row H (Star's last row).
pub(crate) const ROW_H: u64 = 0xFF;
/// Squares of row A (Circle's last row).
pub(crate) const ROW_A: u64 = 0xFF << 56;

/// The side's own last row, where its pieces stack and stop.
#[must_use]
pub(crate) const fn last_row(side: Player) -> u64 {
    match side {
        Player::First => ROW_H,
        Player::Second => ROW_A,
    }
}

/// The name the course uses for a side: Star moves first and up, Circle second and down.
#[must_use]
pub fn side_name(side: Player) -> &'static str {
    match side {
        Player::First => "Star",
        Player::Second => "Circle",
    }
}

/// A Star/Circle position. Star is [`Player::First`], Circle [`Player::Second`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    occ: [u64; 2],
    /// Stack heights on each side's own last row, by column.
    stacks: [[u16; 8]; 2],
    to_move: Player,
    passes: u8,
    /// Sum of row values of each side's pieces, each side weighing rows from its own start.
    score: [i32; 2],
    /// Row values for Star's rows A..H (Circle reads them from H down to A).
    values: [i32; 8],
    hash: u64,
}

impl Position {
    /// An empty board with `to_move` to move and the given row values (Star's view, rows A..H).
    #[must_use]
    pub fn empty(values: [i32; 8], to_move: Player) -> Position {
        let mut p = Position { occ: [0; 2], stacks: [[0; 8]; 2], to_move, passes: 0, score: [0; 2], values, hash: 0 };
        p.hash = p.compute_hash();
        p
    }

    /// The checkers-like start: twelve Stars on the dark squares of rows A–C, twelve Circles on rows F–H, Star to
    /// move.
    #[must_use]
    pub fn start(values: [i32; 8]) -> Position {
        let mut p = Position::empty(values, Player::First);
        for sq in 0..64u8 {
            if crate::moves::is_dark(sq) {
                match row_of(sq) {
                    0..=2 => p.put(sq, Player::First, 1),
                    5..=7 => p.put(sq, Player::Second, 1),
                    _ => {}
                }
            }
        }
        p
    }

    /// Adds `count` pieces of `side` on `sq` (building a position; no rule checks, which are the parser's job).
    pub(crate) fn put(&mut self, sq: Square, side: Player, count: u16) {
        let s = side.index();
        self.occ[s] |= 1 << sq;
        if last_row(side) & (1 << sq) != 0 {
            self.stacks[s][col_of(sq) as usize] += count;
        }
        self.score[s] += self.row_value(side, sq) * i32::from(count);
        self.hash = self.compute_hash();
    }

    /// Sets the number of consecutive passes just played (0 or 1 for a position still in play).
    pub(crate) fn set_passes(&mut self, passes: u8) {
        self.passes = passes;
        self.hash = self.compute_hash();
    }

    /// The value of one piece of `side` on `sq`.
    #[must_use]
    pub fn row_value(&self, side: Player, sq: Square) -> i32 {
        match side {
            Player::First => self.values[row_of(sq) as usize],
            Player::Second => self.values[(SIZE - 1 - row_of(sq)) as usize],
        }
    }

    /// The side and number of pieces on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<(Player, u16)> {
        [Player::First, Player::Second].into_iter().find(|p| self.occ[p.index()] & (1 << sq) != 0).map(|p| {
            let n = if last_row(p) & (1 << sq) != 0 { self.stacks[p.index()][col_of(sq) as usize] } else { 1 };
            (p, n)
        })
    }

    /// Occupancy bitboard of a side (positional square order).
    #[must_use]
    pub fn occupancy(&self, side: Player) -> u64 {
        self.occ[side.index()]
    }

    /// Number of pieces a side has on the board, stacked ones included.
    #[must_use]
    pub fn piece_count(&self, side: Player) -> u32 {
        let s = side.index();
        let stacked: u32 = self.stacks[s].iter().map(|&n| u32::from(n)).sum();
        (self.occ[s] & !last_row(side)).count_ones() + stacked
    }

    /// The course's utility for `side`: its score minus the opponent's.
    #[must_use]
    pub fn utility(&self, side: Player) -> i32 {
        self.score[side.index()] - self.score[side.other().index()]
    }

    /// Sum of the row values of a side's pieces.
    #[must_use]
    pub fn score(&self, side: Player) -> i32 {
        self.score[side.index()]
    }

    /// Row values, Star's view (rows A..H).
    #[must_use]
    pub fn values(&self) -> [i32; 8] {
        self.values
    }

    /// Consecutive passes just played: 1 after a pass, 2 once the game ended by a double pass.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    fn piece_key(side: Player, sq: Square) -> u64 {
        KEYS[side.index() * 64 + sq as usize]
    }

    fn flags_key(to_move: Player, passes: u8) -> u64 {
        let side = if to_move == Player::Second { KEYS[SIDE_KEY] } else { 0 };
        let pass = match passes {
            0 => 0,
            n => KEYS[PASS_KEY + usize::from(n.min(2)) - 1],
        };
        side.wrapping_add(pass)
    }

    #[inline]
    /// Adds a piece of `side` on `sq` (stacking on the side's last row).
    fn add_piece(&mut self, side: Player, sq: Square) {
        let s = side.index();
        if last_row(side) & (1 << sq) != 0 {
            self.stacks[s][col_of(sq) as usize] += 1;
        }
        self.occ[s] |= 1 << sq;
        self.score[s] += self.row_value(side, sq);
        self.hash = self.hash.wrapping_add(Self::piece_key(side, sq));
    }

    #[inline]
    /// Removes one piece of `side` from `sq`.
    fn remove_piece(&mut self, side: Player, sq: Square) {
        let s = side.index();
        if last_row(side) & (1 << sq) != 0 {
            let h = &mut self.stacks[s][col_of(sq) as usize];
            *h -= 1;
            if *h == 0 {
                self.occ[s] &= !(1 << sq);
            }
        } else {
            self.occ[s] &= !(1 << sq);
        }
        self.score[s] -= self.row_value(side, sq);
        self.hash = self.hash.wrapping_sub(Self::piece_key(side, sq));
    }

    #[inline]
    fn set_flags(&mut self, to_move: Player, passes: u8) {
        self.hash = self.hash.wrapping_sub(Self::flags_key(self.to_move, self.passes));
        self.to_move = to_move;
        self.passes = passes;
        self.hash = self.hash.wrapping_add(Self::flags_key(to_move, passes));
    }

    /// True when the game is over: two passes in a row, or a side without pieces.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.passes >= 2 || self.occ[0] == 0 || self.occ[1] == 0
    }
}

impl State for Position {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Vec<Move>) {
        crate::movegen::generate(self, moves);
    }

    fn play(&mut self, m: Move) {
        debug_assert_eq!(m.after_pass(), self.passes == 1, "move {m} was not generated in this position");
        let side = self.to_move;
        if m.is_pass() {
            self.set_flags(side.other(), self.passes + 1);
            return;
        }
        debug_assert!(self.occ[side.index()] & (1 << m.from()) != 0, "no piece to move for {m}");
        // A moving piece never stands on its own last row, and the piece jumped over never stands on its owner's
        // last row (a jump passes over rows B to G only), so only the end square can involve a stack.
        let s = side.index();
        self.occ[s] &= !(1 << m.from());
        self.score[s] -= self.row_value(side, m.from());
        self.hash = self.hash.wrapping_sub(Self::piece_key(side, m.from()));
        self.add_piece(side, m.to());
        if let Some(mid) = m.captured() {
            let o = side.other();
            self.occ[o.index()] &= !(1 << mid);
            self.score[o.index()] -= self.row_value(o, mid);
            self.hash = self.hash.wrapping_sub(Self::piece_key(o, mid));
        }
        self.set_flags(side.other(), 0);
    }

    fn undo(&mut self, m: Move) {
        let side = self.to_move.other();
        if m.is_pass() {
            self.set_flags(side, self.passes - 1);
            return;
        }
        let s = side.index();
        if let Some(mid) = m.captured() {
            let o = side.other();
            self.occ[o.index()] |= 1 << mid;
            self.score[o.index()] += self.row_value(o, mid);
            self.hash = self.hash.wrapping_add(Self::piece_key(o, mid));
        }
        self.remove_piece(side, m.to());
        self.occ[s] |= 1 << m.from();
        self.score[s] += self.row_value(side, m.from());
        self.hash = self.hash.wrapping_add(Self::piece_key(side, m.from()));
        self.set_flags(side, u8::from(m.after_pass()));
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(match self.utility(Player::First) {
            u if u > 0 => Outcome::Win(Player::First),
            u if u < 0 => Outcome::Win(Player::Second),
            _ => Outcome::Draw,
        })
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = Self::flags_key(self.to_move, self.passes);
        for side in [Player::First, Player::Second] {
            let mut bits = self.occ[side.index()];
            while bits != 0 {
                let sq = bits.trailing_zeros() as Square;
                bits &= bits - 1;
                let n = self.piece_at(sq).map_or(0, |(_, n)| n);
                h = h.wrapping_add(Self::piece_key(side, sq).wrapping_mul(u64::from(n)));
            }
        }
        h
    }

    fn move_key(&self, m: Move) -> usize {
        if m.is_pass() { 64 * 64 } else { usize::from(m.from()) * 64 + usize::from(m.to()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::parse_square;

    const VALUES: [i32; 8] = [10, 20, 30, 40, 50, 60, 70, 80];

    fn sq(name: &str) -> Square {
        parse_square(name).unwrap()
    }

    #[test]
    fn start_position_scores_and_counts() {
        let p = Position::start(VALUES);
        assert_eq!(p.piece_count(Player::First), 12);
        assert_eq!(p.piece_count(Player::Second), 12);
        // Star: 4 pieces each on A, B, C = 4*(10+20+30); Circle the same from its side.
        assert_eq!(p.score(Player::First), 240);
        assert_eq!(p.utility(Player::Second), 0);
        assert_eq!(p.hash(), p.compute_hash());
        assert!(p.outcome().is_none());
    }

    #[test]
    fn stacks_count_every_piece_and_capture_updates_scores() {
        let mut p = Position::empty(VALUES, Player::First);
        p.put(sq("H2"), Player::First, 2);
        p.put(sq("G3"), Player::Second, 1);
        p.put(sq("F4"), Player::First, 1);
        assert_eq!(p.piece_at(sq("H2")), Some((Player::First, 2)));
        assert_eq!(p.utility(Player::First), 160 + 60 - 20);
        let before = p.clone();
        let m = Move::new(sq("F4"), sq("H2"), true, false);
        p.play(m);
        assert_eq!(p.piece_at(sq("H2")), Some((Player::First, 3)));
        assert_eq!(p.piece_at(sq("G3")), None);
        assert_eq!(p.utility(Player::First), 240);
        assert_eq!(p.hash(), p.compute_hash());
        assert_eq!(p.outcome(), Some(Outcome::Win(Player::First)));
        p.undo(m);
        assert_eq!(p, before);
    }
}
