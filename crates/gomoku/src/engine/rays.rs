//! The light board the horizon VCF plays its sequences on: the position's line words (`position/rays.rs`: every
//! row, column and diagonal as one word of two-bit cells, kept by play and undo), where a solver's stone is four
//! bit operations to place or take back instead of the refresh of the forty cells around it that
//! [`Position::place_unvalued`] makes. A cell's level in one direction is read on demand from the window code cut
//! out of its line's word, through the position's own pattern table.
//!
//! [`Rays`] is in step with the position's kept levels while none of the solver's stones is on the lines, so it
//! answers the root's queries (the first fives and fours of a sequence) from those, and reads the lines only
//! below the root, where the queries are the fives after a four or a block and the fours after a four. Under renju
//! black's forbidden points are judged below the root from the levels read off the lines (and, for two open
//! threes, from the cells the words hold), afresh at every query, since a stone can lift or make one anywhere.
//! Boards wider than 22 cells are left to the position: their lines do not fit a word with their walls, so their
//! positions keep no line words.

use super::threats::{self, BLACK_INDEX, ThreatBoard, strength_of};
use crate::patterns::{FIVE, HALF, Pat, PatternTable, is_four};
use crate::position::{Move, Position, RayGeo};
use crate::{Gomoku, Rule, renju};

/// The light board: the position with the solver's stones on its line words only.
pub(crate) struct Rays<'p> {
    pos: &'p mut Position,
    table: &'static PatternTable,
    /// Stones placed on the lines alone (at 0 the position's levels agree with its lines, and answer).
    placed: u32,
    /// The hash of the stones, the solver's on the lines included.
    hash: u64,
}

impl<'p> Rays<'p> {
    /// The light board of `pos`, or `None` where the position keeps no line words (a board wider than 22 cells).
    pub(crate) fn of(pos: &'p mut Position) -> Option<Rays<'p>> {
        pos.rays()?;
        let (table, hash) = (pos.pattern_table(), sente_core::State::hash(&*pos));
        Some(Rays { pos, table, placed: 0, hash })
    }

    /// The geometry and the words (present: checked by [`Rays::of`]).
    #[inline]
    fn lines(&self) -> (&RayGeo, &[u64]) {
        self.pos.rays().unwrap_or_else(|| unreachable!("a light board keeps its position's line words"))
    }

    #[inline]
    fn is_empty(&self, i: usize) -> bool {
        let (g, w) = self.lines();
        (w[usize::from(g.line[i][0])] >> g.shift[i][0]) & 3 == 0
    }

    /// The level colour `color` makes on an empty cell whose two bits sit at `shift` in the line word `w`: the
    /// ten cells around it as a window code, looked up in the position's table.
    #[inline]
    fn level_in(&self, w: u64, shift: u32, color: usize) -> Pat {
        let code = ((w >> (shift - 2 * HALF as u32)) & 0x3FF) | (((w >> (shift + 2)) & 0x3FF) << 10);
        (self.table.packed(code as u32) >> (4 * color)) & 15
    }

    /// The levels colour `color` makes on the empty cell `i` in the four directions.
    #[inline]
    fn levels(&self, i: usize, color: usize) -> [Pat; 4] {
        let (g, w) = self.lines();
        let (line, shift) = (&g.line[i], &g.shift[i]);
        std::array::from_fn(|d| self.level_in(w[usize::from(line[d])], u32::from(shift[d]), color))
    }

    /// Calls `f` with every empty cell on the four lines through `i`, at most four steps away, and the level
    /// colour `color` makes there along that line, on the lines where `color` has at least `stones` stones within
    /// four steps of `i` (`i` included): a five or a four along a line through `i` that needs `i`'s stone has
    /// that many there, so the other lines are skipped unread.
    #[inline]
    fn on_lines(&self, i: usize, color: usize, stones: u32, mut f: impl FnMut(usize, Pat)) {
        let (g, words) = self.lines();
        let (line, shift, room) = (&g.line[i], &g.shift[i], &g.room[i]);
        for d in 0..4 {
            let w = words[usize::from(line[d])];
            let (s, stride) = (u32::from(shift[d]), g.stride[d]);
            // The nine cells from four steps back to four ahead, two bits each; a colour's stone is 01 or 10.
            let x = (w >> (s - 8)) & 0x3FFFF;
            let (lo, hi) = (x & 0x15555, (x >> 1) & 0x15555);
            if (if color == 0 { lo & !hi } else { hi & !lo }).count_ones() < stones {
                continue;
            }
            for k in 1..=u32::from(room[d][0]) {
                let sh = s + 2 * k;
                if (w >> sh) & 3 == 0 {
                    f((i as isize + k as isize * stride) as usize, self.level_in(w, sh, color));
                }
            }
            for k in 1..=u32::from(room[d][1]) {
                let sh = s - 2 * k;
                if (w >> sh) & 3 == 0 {
                    f((i as isize - k as isize * stride) as usize, self.level_in(w, sh, color));
                }
            }
        }
    }

    /// Keeps the cells of `out` (board order, no repeats) where `color` makes a four, strongest first as
    /// [`threats::four_moves`] orders them: each cell's levels read once.
    fn keep_fours(&self, color: usize, out: &mut Vec<Move>) {
        let key = |m: Move| {
            let levels = self.levels(m.index(), color);
            levels.iter().any(|&p| is_four(p)).then(|| (-strength_of(levels), m.0))
        };
        // Board order breaks ties, as the stable sort of a board-ordered list does.
        if out.len() <= 64 {
            let mut keyed = [(0, 0); 64];
            let mut n = 0;
            for k in out.iter().filter_map(|&m| key(m)) {
                keyed[n] = k;
                n += 1;
            }
            keyed[..n].sort_unstable();
            out.clear();
            out.extend(keyed[..n].iter().map(|&(_, i)| Move(i)));
        } else {
            let mut keyed: Vec<_> = out.iter().filter_map(|&m| key(m)).collect();
            keyed.sort_unstable();
            out.clear();
            out.extend(keyed.iter().map(|&(_, i)| Move(i)));
        }
    }

    /// Every empty cell within two cells of a stone where `pred` holds, in board order (the scans below the root
    /// that a forced block leaves: rare).
    fn scan(&self, pred: impl Fn(usize) -> bool, out: &mut Vec<Move>) {
        let (rows, cols) = (self.lines().0.rows, self.lines().0.cols);
        let near = |r: usize, c: usize| {
            (r.saturating_sub(2)..(r + 3).min(rows))
                .any(|rr| (c.saturating_sub(2)..(c + 3).min(cols)).any(|cc| !self.is_empty(rr * cols + cc)))
        };
        out.clear();
        for i in 0..rows * cols {
            if self.is_empty(i) && near(i / cols, i % cols) && pred(i) {
                out.push(Move(i as u16));
            }
        }
    }

    fn makes_four_at(&self, i: usize, color: usize) -> bool {
        self.levels(i, color).iter().any(|&p| is_four(p))
    }

    /// Whether black may not play the empty cell `i` under renju, judged on the lines (the solver's stones
    /// included).
    fn forbidden_on_lines(&self, i: usize) -> bool {
        let board = || {
            let (g, w) = self.lines();
            (0..g.rows * g.cols).map(|c| ((w[usize::from(g.line[c][0])] >> g.shift[c][0]) & 3) as u8).collect()
        };
        renju::forbidden_given(self.levels(i, BLACK_INDEX), i, self.pos.dims(), self.table, board)
    }

    /// Whether `color`'s fours need a legality check: black's under renju.
    fn binds(&self, color: usize) -> bool {
        color == BLACK_INDEX && self.pos.rule() == Rule::Renju
    }
}

/// Below the root every query is read from the lines. Two of them rest on what the solver's sequences are: a
/// colour's fives after its own stone (a four of the attacker, a block of the defender) lie on that stone's lines
/// and in their direction, since neither side had a five to make before it; and below the root neither side has a
/// five left on the board where the solver asks [`ThreatBoard::has_five`] (after the attacker's four, for the
/// defender) or [`ThreatBoard::first_five`] (at the attacker's turn): the attacker's single five is always
/// blocked, and the defender's, found on its block's lines, always taken by the attacker's forced block.
impl ThreatBoard for Rays<'_> {
    fn game(&self) -> Gomoku {
        self.pos.game()
    }

    fn stones_hash(&self) -> u64 {
        self.hash
    }

    fn hash_with_stone(&self, index: usize, color: usize) -> u64 {
        self.hash ^ Position::stone_key(index, color)
    }

    fn has_five(&self, color: usize) -> bool {
        self.placed == 0 && self.pos.count(color, FIVE) > 0
    }

    fn first_five(&self, color: usize) -> Option<Move> {
        if self.placed == 0 { threats::first_five(self.pos, color) } else { None }
    }

    fn five_cells(&self, color: usize, out: &mut Vec<Move>) {
        if self.placed == 0 {
            threats::five_cells(self.pos, color, out);
        } else {
            self.scan(|i| self.levels(i, color).contains(&FIVE), out);
        }
    }

    fn five_cells_after(&self, color: usize, last: Move, out: &mut Vec<Move>) {
        if self.placed == 0 {
            return threats::five_cells_after(self.pos, color, last, out);
        }
        out.clear();
        self.on_lines(last.index(), color, 4, |n, level| {
            if level == FIVE {
                out.push(Move(n as u16));
            }
        });
        out.sort_unstable();
    }

    fn four_moves(&self, color: usize, out: &mut Vec<Move>) {
        if self.placed == 0 {
            return threats::four_moves(self.pos, color, out);
        }
        self.four_cells(color, out);
        if self.binds(color) {
            out.retain(|m| !self.forbidden_on_lines(m.index()));
        }
    }

    fn four_cells(&self, color: usize, out: &mut Vec<Move>) {
        if self.placed == 0 {
            return threats::four_cells(self.pos, color, out);
        }
        self.scan(|_| true, out);
        self.keep_fours(color, out);
    }

    fn four_moves_after(&self, color: usize, before: &[Move], four: Move, out: &mut Vec<Move>) {
        if self.placed == 0 {
            return threats::four_moves_after(self.pos, color, before, four, out);
        }
        out.clear();
        out.extend(before.iter().copied().filter(|m| self.is_empty(m.index())));
        // A four the stone on `four` made runs along one of its lines, through it; any other was in `before`.
        self.on_lines(four.index(), color, 3, |n, level| {
            if is_four(level) {
                out.push(Move(n as u16));
            }
        });
        out.sort_unstable();
        out.dedup();
        self.keep_fours(color, out);
    }

    fn legal_for(&self, color: usize, m: Move) -> bool {
        if !self.binds(color) {
            return true;
        }
        if self.placed == 0 { threats::legal_for(self.pos, color, m) } else { !self.forbidden_on_lines(m.index()) }
    }

    fn makes_four(&self, m: Move, color: usize) -> bool {
        if self.placed == 0 { threats::makes_four(self.pos, m, color) } else { self.makes_four_at(m.index(), color) }
    }

    /// From the line geometry: the same line and at most four steps (eight bits) apart, no division.
    fn on_a_line_within_four(&self, a: Move, b: Move) -> bool {
        let g = self.lines().0;
        let (la, lb, sa, sb) = (&g.line[a.index()], &g.line[b.index()], &g.shift[a.index()], &g.shift[b.index()]);
        (0..4).any(|d| la[d] == lb[d] && sa[d].abs_diff(sb[d]) <= 8)
    }

    fn place(&mut self, index: usize, color: usize) {
        self.pos.set_ray(index, color as u64 + 1);
        self.hash ^= Position::stone_key(index, color);
        self.placed += 1;
    }

    fn remove(&mut self, index: usize) {
        let color = {
            let (g, w) = self.lines();
            (w[usize::from(g.line[index][0])] >> g.shift[index][0]) & 3
        };
        self.pos.set_ray(index, 0);
        self.hash ^= Position::stone_key(index, color as usize - 1);
        self.placed -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;
    use sente_core::{Game, MoveList, State};

    /// Along random games on boards from 5 to 22 cells (the widest with line words) under every rule, every empty
    /// cell's levels read from the lines equal the position's kept levels, and so does black's renju legality, with the light board's own stones
    /// placed and taken back in between; and the lines say which cells are near on a line as the coordinates do.
    #[test]
    fn levels_read_from_the_lines_are_the_positions() {
        let (mut seed, mut forbids) = (17, 0);
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
            for side in [5, 9, 15, 19, 22] {
                let mut pos = Gomoku::new(side, rule).unwrap().initial_state();
                let mut moves = MoveList::new();
                while pos.outcome().is_none() && pos.stones() < side * side / 2 {
                    let mut rays = Rays::of(&mut pos).expect("line words");
                    // A light stone on and off the lines changes nothing once taken back.
                    let probe = (0..side * side).find(|&i| rays.is_empty(i)).expect("an empty cell");
                    rays.place(probe, 1);
                    rays.remove(probe);
                    for i in 0..side * side {
                        if rays.is_empty(i) {
                            for c in 0..2 {
                                assert_eq!(rays.levels(i, c), rays.pos.pats(i, c), "{rule} {side} cell {i} colour {c}");
                            }
                            if rule == Rule::Renju {
                                let forbidden = rays.pos.is_forbidden(Move(i as u16));
                                assert_eq!(rays.forbidden_on_lines(i), forbidden, "{side} cell {i}");
                                forbids += usize::from(forbidden);
                            }
                        }
                    }
                    for a in (0..side * side).step_by(7) {
                        for b in 0..side * side {
                            let (a, b) = (Move(a as u16), Move(b as u16));
                            let direct = threats::on_a_line_within_four(a.index(), b.index(), side);
                            assert_eq!(rays.on_a_line_within_four(a, b), direct, "{side}: {a:?} {b:?}");
                        }
                    }
                    pos.legal_moves(&mut moves);
                    let (next, r) = sente_core::zobrist::splitmix64(seed);
                    seed = next;
                    pos.play(moves[r as usize % moves.len()]);
                }
                assert!(pos.stones() > 4);
            }
        }
        assert!(Rays::of(&mut Gomoku::new(23, Rule::Freestyle).unwrap().initial_state()).is_none());
        assert!(forbids > 10, "{forbids} forbidden points met");
    }
}
