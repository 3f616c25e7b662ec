//! A light board for the horizon VCF: every row, column and diagonal as one 64-bit word of two-bit cells (empty,
//! black, white, wall), so a stone is four bit operations to place or take back instead of the refresh of the
//! forty cells around it that [`Position::place_unvalued`] makes. A cell's level in one direction is read on
//! demand from the window code cut out of its line's word, through the position's own pattern table.
//!
//! [`Rays`] borrows the position it starts from and is in step with it while none of its own stones is on the
//! board, so it answers the root's queries (the first fives and fours of a sequence) from the position's kept
//! words, and only reads its lines below the root. It answers the queries of [`ThreatBoard`] that the VCF solver
//! asks between a four and its block; renju is left to the position (a stone there can lift a forbidden point
//! anywhere), and so are boards wider than 22 cells, whose lines do not fit a word with their walls.

use super::threats::{self, ThreatBoard, strength_of};
use crate::Gomoku;
use crate::patterns::{FIVE, HALF, Pat, PatternTable, is_four};
use crate::position::{Move, Position};
use crate::rules::Rule;
use std::rc::Rc;

/// The widest board (in rows and columns) whose lines fit a word: `HALF` wall cells each side plus the line.
pub const MAX_RAY_SIDE: usize = 32 - 2 * HALF as usize;

/// Where each cell sits on its four lines, and the empty board's words, for one board size.
struct RayGeo {
    rows: usize,
    cols: usize,
    /// Per cell and direction (row, column, diagonal, anti-diagonal): the line's index.
    line: Vec<[u8; 4]>,
    /// Per cell and direction: the bit shift of the cell's two bits in its line's word.
    shift: Vec<[u8; 4]>,
    /// Per cell and direction: how many cells (at most four) lie forward and backward of it on its line.
    room: Vec<[[u8; 2]; 4]>,
    /// The step between neighbouring cells' indices along each direction.
    stride: [isize; 4],
    /// Every line's word on the empty board: walls outside the line, empty cells on it.
    empty: Vec<u64>,
}

impl RayGeo {
    fn new(rows: usize, cols: usize) -> RayGeo {
        let (r_n, c_n) = (rows as isize, cols as isize);
        // Lines: rows, then columns, then diagonals (row − column constant), then anti-diagonals (row + column).
        let diag0 = rows + cols;
        let anti0 = diag0 + rows + cols - 1;
        let mut empty = vec![u64::MAX; anti0 + rows + cols - 1];
        let (mut line, mut shift, mut room) = (Vec::new(), Vec::new(), Vec::new());
        let stride = [1, c_n, c_n + 1, c_n - 1];
        for i in 0..rows * cols {
            let (r, c) = ((i / cols) as isize, (i % cols) as isize);
            // Each direction's (line, position along it, length): positions grow along `stride`.
            let specs = [
                (r as usize, c, c_n),
                (rows + c as usize, r, r_n),
                (diag0 + (r - c + c_n - 1) as usize, r.min(c), (r_n - (r - c).max(0)).min(c_n - (c - r).max(0))),
                (
                    anti0 + (r + c) as usize,
                    r - (r + c - (c_n - 1)).max(0),
                    (r + c).min(r_n - 1) - (r + c - (c_n - 1)).max(0) + 1,
                ),
            ];
            let mut l = [0u8; 4];
            let mut s = [0u8; 4];
            let mut m = [[0u8; 2]; 4];
            for (d, &(id, pos, len)) in specs.iter().enumerate() {
                let bit = 2 * (pos as usize + HALF as usize);
                l[d] = id as u8;
                s[d] = bit as u8;
                m[d] = [(len - 1 - pos).min(4) as u8, pos.min(4) as u8];
                empty[id] &= !(3 << bit);
            }
            line.push(l);
            shift.push(s);
            room.push(m);
        }
        RayGeo { rows, cols, line, shift, room, stride, empty }
    }
}

thread_local! {
    /// The geometry of the last board size asked for on this thread.
    static GEO: std::cell::RefCell<Option<Rc<RayGeo>>> = const { std::cell::RefCell::new(None) };
}

fn geometry(rows: usize, cols: usize) -> Rc<RayGeo> {
    GEO.with_borrow_mut(|g| match g {
        Some(geo) if geo.rows == rows && geo.cols == cols => Rc::clone(geo),
        _ => {
            let geo = Rc::new(RayGeo::new(rows, cols));
            *g = Some(Rc::clone(&geo));
            geo
        }
    })
}

/// The light board: `pos` with the solver's stones added on the line words only.
pub(crate) struct Rays<'p> {
    pos: &'p Position,
    table: &'static PatternTable,
    geo: Rc<RayGeo>,
    /// Line words, filled from `pos` when the first stone is placed (a search that places none never reads them).
    words: Vec<u64>,
    built: bool,
    /// Stones placed on top of `pos` (at 0 the two agree and `pos` answers).
    placed: u32,
    hash: u64,
}

impl<'p> Rays<'p> {
    /// A light board for `pos`, or `None` where it does not apply (renju, or a board wider than
    /// [`MAX_RAY_SIDE`]).
    pub(crate) fn of(pos: &'p Position) -> Option<Rays<'p>> {
        let dims = pos.dims();
        let (rows, cols) = (usize::from(dims.rows), usize::from(dims.cols));
        if pos.rule() == Rule::Renju || rows > MAX_RAY_SIDE || cols > MAX_RAY_SIDE {
            return None;
        }
        Some(Rays {
            pos,
            table: pos.pattern_table(),
            geo: geometry(rows, cols),
            words: Vec::new(),
            built: false,
            placed: 0,
            hash: sente_core::State::hash(pos),
        })
    }

    fn build(&mut self) {
        self.words.clear();
        self.words.extend_from_slice(&self.geo.empty);
        for (i, &stone) in self.pos.cells().iter().enumerate() {
            if stone != 0 {
                self.set(i, u64::from(stone));
            }
        }
        self.built = true;
    }

    #[inline]
    fn set(&mut self, i: usize, stone: u64) {
        let (line, shift) = (self.geo.line[i], self.geo.shift[i]);
        for d in 0..4 {
            let w = &mut self.words[usize::from(line[d])];
            *w = (*w & !(3 << shift[d])) | (stone << shift[d]);
        }
    }

    #[inline]
    fn is_empty(&self, i: usize) -> bool {
        (self.words[usize::from(self.geo.line[i][0])] >> self.geo.shift[i][0]) & 3 == 0
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
        let (line, shift) = (&self.geo.line[i], &self.geo.shift[i]);
        std::array::from_fn(|d| self.level_in(self.words[usize::from(line[d])], u32::from(shift[d]), color))
    }

    /// Calls `f` with every empty cell on the four lines through `i`, at most four steps away, and the level
    /// colour `color` makes there along that line, on the lines where `color` has at least `stones` stones within
    /// four steps of `i` (`i` included): a five or a four along a line through `i` that needs `i`'s stone has
    /// that many there, so the other lines are skipped unread.
    #[inline]
    fn on_lines(&self, i: usize, color: usize, stones: u32, mut f: impl FnMut(usize, Pat)) {
        let (line, shift, room) = (&self.geo.line[i], &self.geo.shift[i], &self.geo.room[i]);
        for d in 0..4 {
            let w = self.words[usize::from(line[d])];
            let (s, stride) = (u32::from(shift[d]), self.geo.stride[d]);
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
        let (rows, cols) = (self.geo.rows, self.geo.cols);
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

    fn legal_for(&self, _color: usize, _m: Move) -> bool {
        true
    }

    fn makes_four(&self, m: Move, color: usize) -> bool {
        if self.placed == 0 { threats::makes_four(self.pos, m, color) } else { self.makes_four_at(m.index(), color) }
    }

    fn place(&mut self, index: usize, color: usize) {
        if !self.built {
            self.build();
        }
        self.set(index, color as u64 + 1);
        self.hash ^= Position::stone_key(index, color);
        self.placed += 1;
    }

    fn remove(&mut self, index: usize) {
        let color = (self.words[usize::from(self.geo.line[index][0])] >> self.geo.shift[index][0]) & 3;
        self.set(index, 0);
        self.hash ^= Position::stone_key(index, color as usize - 1);
        self.placed -= 1;
    }
}
