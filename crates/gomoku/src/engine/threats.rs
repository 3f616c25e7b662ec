//! Threat queries over a position's incremental patterns: cells where a colour makes five, a four or an open three,
//! and the legality of such a cell for that colour (renju's forbidden points bind black only).
//!
//! The solvers ([`super::vcf`], [`super::vct`]) and the evaluator build on these. Every query scans the empty cells
//! near stones only, after checking the position's pattern counters, so a quiet position answers at once.

use crate::Gomoku;
use crate::patterns::{F3, FIVE, Pat, is_four};
use crate::position::{CellThreats, FLAG_FIVE, FLAG_FOUR, Move, Position};
use crate::rules::Rule;

/// Colour index of black.
pub const BLACK_INDEX: usize = 0;

/// True when colour `color` may put a stone on the empty cell `m` (black avoids renju forbidden points).
#[must_use]
pub fn legal_for(pos: &Position, color: usize, m: Move) -> bool {
    !(color == BLACK_INDEX && pos.rule() == Rule::Renju && pos.is_forbidden(m))
}

/// Empty cells next to stones where `pred` holds for one of the four levels of `color`, in board order.
pub fn cells_where(pos: &Position, color: usize, pred: impl Fn(Pat) -> bool, out: &mut Vec<Move>) {
    out.clear();
    pos.candidates(|i| {
        if pos.pats(i, color).iter().any(|&p| pred(p)) {
            out.push(Move(i as u16));
        }
        true
    });
}

/// The first cell where `color` makes five, if any.
#[must_use]
pub fn first_five(pos: &Position, color: usize) -> Option<Move> {
    if pos.count(color, FIVE) == 0 {
        return None;
    }
    let mut found = None;
    pos.candidates(|i| {
        if pos.makes_five(i, color) {
            found = Some(Move(i as u16));
        }
        found.is_none()
    });
    found
}

/// Every cell where `color` makes five.
pub fn five_cells(pos: &Position, color: usize, out: &mut Vec<Move>) {
    if pos.count(color, FIVE) == 0 {
        out.clear();
        return;
    }
    out.clear();
    pos.candidates(|i| {
        if pos.makes_five(i, color) {
            out.push(Move(i as u16));
        }
        true
    });
}

/// Every cell where `color` makes five, given that it had none before its stone on `last`: such cells lie on the
/// four lines through `last`, at most four cells away, so only those 32 are read. Board order, as
/// [`five_cells`].
pub fn five_cells_after(pos: &Position, color: usize, last: Move, out: &mut Vec<Move>) {
    out.clear();
    if pos.count(color, FIVE) == 0 {
        return;
    }
    pos.flagged_on_lines(last.index(), FLAG_FIVE << color, out);
    out.sort_unstable();
    debug_assert!({
        let mut all = Vec::new();
        five_cells(pos, color, &mut all);
        all == *out
    });
}

/// Cells where `color` makes a four (of any kind) and may legally play, strongest first (straight and double fours
/// before simple ones).
pub fn four_moves(pos: &Position, color: usize, out: &mut Vec<Move>) {
    four_cells(pos, color, out);
    out.retain(|&m| legal_for(pos, color, m));
}

/// Cells where `color` makes a four (of any kind), legal or not (renju's forbidden points for black included), in
/// [`four_moves`]'s order.
pub fn four_cells(pos: &Position, color: usize, out: &mut Vec<Move>) {
    // The cells' kept four counters answer with one load a cell (`cells_where(pos, color, is_four, out)` reads
    // the four levels).
    out.clear();
    pos.candidates(|i| {
        if pos.has_flag(i, FLAG_FOUR << color) {
            out.push(Move(i as u16));
        }
        true
    });
    out.sort_by_key(|&m| std::cmp::Reverse(strength(pos, color, m)));
}

/// [`four_cells`] after `color` made a four on `four` and the other colour answered, given `before`, the list
/// [`four_cells`] gave just before that four (or part of it): the cells of `before` that still make a four and
/// those on the lines through `four` that make one, in [`four_cells`]'s order, found without scanning the board.
/// With the whole list before, that is the whole list now: a stone only changes the fours of cells on its four
/// lines, at most four steps away, and the answer only takes fours away. Legality is not read: under renju a stone
/// can lift or make a forbidden point elsewhere, so black's lists keep the forbidden cells and the caller filters
/// them at each step; outside renju's black moves this is [`four_moves`]'s list.
pub fn four_moves_after(pos: &Position, color: usize, before: &[Move], four: Move, out: &mut Vec<Move>) {
    out.clear();
    let flag = FLAG_FOUR << color;
    out.extend(before.iter().copied().filter(|m| pos.has_flag(m.index(), flag)));
    pos.flagged_on_lines(four.index(), flag, out);
    // Board order first (a cell both kept and on the lines appears twice: drop the repeat); `sort_by_key` is
    // stable, so from board order it gives `four_moves`'s order.
    out.sort_unstable();
    out.dedup();
    out.sort_by_key(|&m| std::cmp::Reverse(strength(pos, color, m)));
    debug_assert!({
        let mut all = Vec::new();
        four_cells(pos, color, &mut all);
        let cols = usize::from(pos.dims().cols);
        all.retain(|m| before.contains(m) || on_a_line_within_four(m.index(), four.index(), cols));
        all == *out
    });
}

/// True when cells `a` and `b` of a board `cols` wide lie on one row, column or diagonal at most four steps apart.
#[must_use]
pub fn on_a_line_within_four(a: usize, b: usize, cols: usize) -> bool {
    let (dr, dc) = ((a / cols).abs_diff(b / cols), (a % cols).abs_diff(b % cols));
    (dr == 0 || dc == 0 || dr == dc) && dr.max(dc) <= 4
}

/// Cells where `color` makes a four or an open three and may legally play, strongest first.
pub fn threat_moves(pos: &Position, color: usize, out: &mut Vec<Move>) {
    cells_where(pos, color, |p| is_four(p) || p == F3, out);
    out.retain(|&m| legal_for(pos, color, m));
    out.sort_by_key(|&m| std::cmp::Reverse(strength(pos, color, m)));
}

/// A rough ordering key for a threat move: the sum of its levels' [`ORDER`](crate::patterns::ORDER) potential, with
/// fours weighing most. Ordering keeps its own table, not the evaluation's fitted [`SCORE`](crate::patterns::SCORE),
/// whose cell classes take most of a four's worth away from the per-direction weights.
#[must_use]
pub fn strength(pos: &Position, color: usize, m: Move) -> i32 {
    strength_of(pos.pats(m.index(), color))
}

/// [`strength`] from a cell's four levels.
#[must_use]
pub fn strength_of(levels: [Pat; 4]) -> i32 {
    levels.iter().map(|&p| crate::patterns::ORDER[usize::from(p)]).sum()
}

/// True when colour `color` makes a four of any kind on the empty cell `m`.
#[must_use]
pub fn makes_four(pos: &Position, m: Move, color: usize) -> bool {
    CellThreats::of(pos.pats(m.index(), color)).fours > 0
}

/// The board a VCF search plays its sequences on: the [`Position`] itself, or the light line words of
/// [`super::rays::Rays`]. Each query means what the free function of the same name means for a position.
pub(crate) trait ThreatBoard {
    /// The game (rule and board size).
    fn game(&self) -> Gomoku;
    /// The hash of the stones on the board ([`Position::hash`]).
    fn stones_hash(&self) -> u64;
    /// [`Position::hash_with_stone`].
    fn hash_with_stone(&self, index: usize, color: usize) -> u64;
    /// True when `color` has a five to make.
    fn has_five(&self, color: usize) -> bool;
    /// [`first_five`].
    fn first_five(&self, color: usize) -> Option<Move>;
    /// [`five_cells`].
    fn five_cells(&self, color: usize, out: &mut Vec<Move>);
    /// [`five_cells_after`].
    fn five_cells_after(&self, color: usize, last: Move, out: &mut Vec<Move>);
    /// [`four_moves`].
    fn four_moves(&self, color: usize, out: &mut Vec<Move>);
    /// [`four_cells`].
    fn four_cells(&self, color: usize, out: &mut Vec<Move>);
    /// [`four_moves_after`].
    fn four_moves_after(&self, color: usize, before: &[Move], four: Move, out: &mut Vec<Move>);
    /// [`legal_for`].
    fn legal_for(&self, color: usize, m: Move) -> bool;
    /// [`makes_four`].
    fn makes_four(&self, m: Move, color: usize) -> bool;
    /// Puts a stone of colour `color` on the empty cell `index` ([`Position::place_unvalued`]).
    fn place(&mut self, index: usize, color: usize);
    /// Takes back the stone last placed, on `index`.
    fn remove(&mut self, index: usize);
    /// [`on_a_line_within_four`] for two cells of this board.
    fn on_a_line_within_four(&self, a: Move, b: Move) -> bool {
        on_a_line_within_four(a.index(), b.index(), usize::from(self.game().dims().cols))
    }
}

impl ThreatBoard for Position {
    fn game(&self) -> Gomoku {
        Position::game(self)
    }
    fn stones_hash(&self) -> u64 {
        sente_core::State::hash(self)
    }
    fn hash_with_stone(&self, index: usize, color: usize) -> u64 {
        Position::hash_with_stone(self, index, color)
    }
    fn has_five(&self, color: usize) -> bool {
        self.count(color, FIVE) > 0
    }
    fn first_five(&self, color: usize) -> Option<Move> {
        first_five(self, color)
    }
    fn five_cells(&self, color: usize, out: &mut Vec<Move>) {
        five_cells(self, color, out);
    }
    fn five_cells_after(&self, color: usize, last: Move, out: &mut Vec<Move>) {
        five_cells_after(self, color, last, out);
    }
    fn four_moves(&self, color: usize, out: &mut Vec<Move>) {
        four_moves(self, color, out);
    }
    fn four_cells(&self, color: usize, out: &mut Vec<Move>) {
        four_cells(self, color, out);
    }
    fn four_moves_after(&self, color: usize, before: &[Move], four: Move, out: &mut Vec<Move>) {
        four_moves_after(self, color, before, four, out);
    }
    fn legal_for(&self, color: usize, m: Move) -> bool {
        legal_for(self, color, m)
    }
    fn makes_four(&self, m: Move, color: usize) -> bool {
        makes_four(self, m, color)
    }
    fn place(&mut self, index: usize, color: usize) {
        self.place_unvalued(index, color);
    }
    fn remove(&mut self, index: usize) {
        Position::remove(self, index);
    }
}

/// True when `color` has a straight four, a double four or a five available (a threat that cannot be parried by a
/// single block unless the opponent already has a four).
#[must_use]
pub fn has_open_four_move(pos: &Position, color: usize) -> bool {
    pos.count(color, crate::patterns::F4) + pos.count(color, crate::patterns::D4) > 0
}
