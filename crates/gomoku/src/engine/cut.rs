//! The width cut of [`GomokuEval::select_moves`](sente_core::Evaluator::select_moves): at a node where the
//! opponent threatens nothing, the cells near the stones cut to the best [`GomokuEval::width`] (and its
//! [`GomokuEval::tail`]) by the position's quick key; where a five, an open four or a four is on the board, only the
//! forced replies. With [`GomokuEval::keep_fours`] a quiet node also keeps every cell where the side to move makes a
//! four that the key ranks below the cut.
//!
//! Two paths give the same moves in the same order: [`GomokuEval::narrow`] narrows a list of near cells (the
//! default `select_moves` path), and [`GomokuEval::forced_or_cut`] reads the near cells straight from the occupancy
//! rows without listing them first (`searched_moves`, the search's path), scanning for a forced case only when the
//! position's counters say it can arise. Keys are one `u32` each (the quick score above the cell), partially
//! selected in a per-thread buffer.

use super::eval::GomokuEval;
use super::threats::has_open_four_move;
use crate::patterns::{D4, F4, FIVE};
use crate::position::{FLAG_ANY_FOUR, FLAG_FOUR, FLAG_OPEN_FOUR, Move, Position};
use sente_core::{MoveList, State};

thread_local! {
    /// The width cut's scratch buffer of move keys.
    static KEYS: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A cheap ordering key, kept by the position for every cell ([`Position::quick`]: the pattern potential of the
/// side to move, weighted 5/4, plus the other's): the width cut uses it before the full `move_score`.
#[inline]
fn quick_score(s: &Position, i: usize, me: usize) -> i32 {
    s.quick(i, me)
}

/// The width cut's key of cell `i` for side `me`: ascending = higher quick score first, then the lower cell, so that
/// plain integer comparisons make the partial selection cheaper than a tuple comparator. Quick scores stay below
/// 2^15 (checked where their table is built) and cells below 2^10 (26 x 26), so one `u32` holds both.
#[inline]
fn cut_key(s: &Position, i: usize, me: usize) -> u32 {
    ((0xFFFF - quick_score(s, i, me) as u32) << 10) | i as u32
}

/// Replaces `moves` with the `width` cells of the smallest keys in `keys` (made by [`cut_key`]), in no set order,
/// then, where `fours` is `Some(me)` ([`GomokuEval::keep_fours`]), every other cell where side `me` makes a four.
fn keep_best(s: &Position, fours: Option<usize>, keys: &mut [u32], width: usize, moves: &mut MoveList<Move>) {
    keys.select_nth_unstable(width - 1);
    moves.clear();
    moves.extend(keys[..width].iter().map(|&k| Move((k & 0x3FF) as u16)));
    if let Some(me) = fours {
        let four = FLAG_FOUR << me;
        let rest = keys[width..].iter().map(|&k| (k & 0x3FF) as usize);
        moves.extend(rest.filter(|&i| s.has_flag(i, four)).map(|i| Move(i as u16)));
    }
}

/// Whether cell `i` is set in `near` (one bit per column per row, `cols` columns).
#[inline]
pub(super) fn is_near(near: &[u32], cols: usize, i: usize) -> bool {
    (near[i / cols] >> (i % cols)) & 1 != 0
}

/// Replaces `moves` with the cells set in `near` (one bit per column per row), in board order.
#[inline]
pub(super) fn fill_near(s: &Position, near: &[u32], moves: &mut MoveList<Move>) {
    let cols = usize::from(s.dims().cols);
    // Sized first and filled through a slice, so the loop keeps its index in a register.
    let count: u32 = near.iter().map(|r| r.count_ones()).sum();
    moves.clear();
    moves.resize(count as usize, Move(0));
    let out = &mut moves[..];
    let mut at = 0;
    for (r, &bits) in near.iter().enumerate() {
        let mut b = bits;
        while b != 0 {
            out[at] = Move((r * cols + b.trailing_zeros() as usize) as u16);
            at += 1;
            b &= b - 1;
        }
    }
}

impl GomokuEval {
    /// [`GomokuEval::keep_forced`] then the width cut, over the near cells `near` read straight from the rows
    /// (what [`fill_near`] then [`GomokuEval::narrow`] give, `legal` being the number of legal moves): each forced
    /// case scans the rows for its cells only when the position's counters say it can arise.
    pub(super) fn forced_or_cut(&self, s: &Position, near: &[u32], moves: &mut MoveList<Move>, legal: usize) {
        let (me, op) = (s.to_move().index(), 1 - s.to_move().index());
        let cols = usize::from(s.dims().cols);
        let t = s.tally();
        let first = |pred: &dyn Fn(usize) -> bool| {
            let mut found = None;
            Position::each_cell_in(near, cols, |i| {
                if pred(i) {
                    found = Some(Move(i as u16));
                }
                found.is_none()
            });
            found
        };
        let all = |pred: &dyn Fn(usize) -> bool, moves: &mut MoveList<Move>| {
            moves.clear();
            Position::each_cell_in(near, cols, |i| {
                if pred(i) {
                    moves.push(Move(i as u16));
                }
                true
            });
        };
        if t.count(me, FIVE) > 0
            && let Some(m) = first(&|i| s.makes_five(i, me))
        {
            moves.clear();
            moves.push(m);
            return;
        }
        if t.count(op, FIVE) > 0 {
            all(&|i| s.makes_five(i, op), moves);
            if moves.is_empty() {
                self.cut_near(s, near, moves);
            }
            return;
        }
        if t.count(me, F4) + t.count(me, D4) > 0
            && let Some(m) = first(&|i| s.has_flag(i, FLAG_OPEN_FOUR << me))
        {
            moves.clear();
            moves.push(m);
            return;
        }
        if t.count(op, F4) + t.count(op, D4) > 0 {
            all(&|i| s.has_flag(i, FLAG_ANY_FOUR), moves);
            if !moves.is_empty() && moves.len() < legal {
                return;
            }
        }
        self.cut_near(s, near, moves);
    }

    /// At a quiet node, the near cells `near` cut to the best [`GomokuEval::width`]: what [`fill_near`] then
    /// [`GomokuEval::narrow`] give, with the keys made straight from the rows (same keys, same order).
    fn cut_near(&self, s: &Position, near: &[u32], moves: &mut MoveList<Move>) {
        let count = near.iter().map(|r| r.count_ones()).sum::<u32>() as usize;
        let width = self.kept();
        if count <= width {
            fill_near(s, near, moves);
            return;
        }
        let (me, cols) = (s.to_move().index(), usize::from(s.dims().cols));
        KEYS.with_borrow_mut(|keys| {
            keys.clear();
            keys.resize(count, 0);
            let out = &mut keys[..];
            let mut at = 0;
            for (r, &bits) in near.iter().enumerate() {
                let mut b = bits;
                while b != 0 {
                    let i = r * cols + b.trailing_zeros() as usize;
                    out[at] = cut_key(s, i, me);
                    at += 1;
                    b &= b - 1;
                }
            }
            keep_best(s, self.keep_fours.then_some(me), keys, width, moves);
        });
    }

    /// Moves a quiet node keeps: [`GomokuEval::width`] and the [`GomokuEval::tail`].
    #[must_use]
    pub fn kept(&self) -> usize {
        self.width.saturating_add(self.tail)
    }

    /// Narrows the near cells `moves` (`legal` legal moves in all) to the forced replies or, at a quiet node, to the
    /// best [`GomokuEval::width`] by their quick score.
    pub(super) fn narrow(&self, s: &Position, moves: &mut MoveList<Move>, legal: usize) {
        if self.keep_forced(s, moves, legal) {
            return;
        }
        let width = self.kept();
        if moves.len() > width {
            let me = s.to_move().index();
            // The key buffer is reused (one per thread) rather than allocated at every node.
            KEYS.with_borrow_mut(|keys| {
                keys.clear();
                keys.extend(moves.iter().map(|&m| cut_key(s, m.index(), me)));
                keep_best(s, self.keep_fours.then_some(me), keys, width, moves);
            });
        }
    }

    /// Narrows `moves` (the near cells, in board order) to the forced replies, if any; `before` is the number of
    /// legal moves. True when the width cut must not apply.
    fn keep_forced(&self, s: &Position, moves: &mut MoveList<Move>, before: usize) -> bool {
        let me = s.to_move().index();
        let op = 1 - me;
        if s.count(me, FIVE) > 0
            && let Some(&m) = moves.iter().find(|m| s.makes_five(m.index(), me))
        {
            moves.clear();
            moves.push(m);
            return true;
        }
        if s.count(op, FIVE) > 0 {
            if moves.iter().any(|m| s.makes_five(m.index(), op)) {
                moves.retain(|m| s.makes_five(m.index(), op));
                return true;
            }
            return false;
        }
        if has_open_four_move(s, me)
            && let Some(&m) = moves.iter().find(|m| s.has_flag(m.index(), FLAG_OPEN_FOUR << me))
        {
            moves.clear();
            moves.push(m);
            return true;
        }
        if has_open_four_move(s, op) {
            let defends = |m: &Move| s.has_flag(m.index(), FLAG_ANY_FOUR);
            if moves.iter().any(defends) {
                moves.retain(defends);
                return moves.len() < before;
            }
        }
        false
    }
}
