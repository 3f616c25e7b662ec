//! One search thread of the fast solver: the node search and everything it computes per node.
//!
//! A [`Worker`] holds a thread's share of a [`Solver`]'s work: its node count, its endgame memo and the stop flags
//! of the parallel nodes above it. `search` is the fail-soft null-window negamax over (rows, columns) masks
//! described in [`crate::solver`]; per node it counts the lines ([`Scan`]), derives the static bounds in closed
//! form, probes the shared table, and generates 8-byte move records ([`Child`]) only when the node is not already
//! settled. The node's steps are separate methods ([`Worker::settle`], [`Worker::expand`], [`Worker::record`]) so
//! the parallel search's split nodes ([`crate::parallel`]) run exactly the same tests and stores.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::endgame::Endgame;
use crate::position::MAX_SIDE;
use crate::solver::Solver;

/// Per-thread search state.
pub(crate) struct Worker<'a> {
    s: &'a Solver,
    endgame: Endgame,
    nodes: u64,
    /// Stop flags of the parallel nodes this worker's search belongs to: any one raised aborts it.
    stops: Vec<&'a AtomicBool>,
    pub(crate) aborted: bool,
}

/// One generated move: its canonical index, gain, child masks and the bound on its value. Eight bytes, so a
/// node's move list is cheap to set up.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Child {
    pub(crate) index: u8,
    pub(crate) gain: u8,
    pub(crate) rm: u16,
    pub(crate) cm: u16,
    /// An upper bound on the move's value (see [`Worker::generate`]).
    pub(crate) bound: i16,
}

impl Child {
    pub(crate) fn gain(&self) -> i32 {
        i32::from(self.gain)
    }
    pub(crate) fn bound(&self) -> i32 {
        i32::from(self.bound)
    }
}

/// What a node's cheap tests leave open for the move search.
pub(crate) struct Open {
    /// The position's line counts.
    pub(crate) sc: Scan,
    /// The window, narrowed by the table's bounds.
    pub(crate) alpha: i32,
    pub(crate) beta: i32,
    /// The table's move, searched first.
    pub(crate) tt_move: Option<u8>,
    /// The table key, and whether the position is large enough to use the table.
    pub(crate) key: u32,
    pub(crate) use_table: bool,
}

/// The line counts of a position, from which its static bounds and its moves are derived.
pub(crate) struct Scan {
    /// Pieces in each row and column still in play.
    rc: [u8; MAX_SIDE],
    cc: [u8; MAX_SIDE],
    /// Rows and columns holding exactly one piece.
    ones_r: u16,
    ones_c: u16,
    /// Longest and second-longest rows (with multiplicity) and the set of longest rows; the same for columns.
    r1: i32,
    r2: i32,
    r1_mask: u16,
    c1: i32,
    c2: i32,
    c1_mask: u16,
}

impl Scan {
    /// The longest line left after taking row `i` (whose live pieces are `line`).
    fn left_after_row(&self, i: usize, line: u16) -> i32 {
        let rows_left = if self.r1_mask == 1 << i { self.r2 } else { self.r1 };
        let cols_left = if self.c1_mask & !line == 0 { self.c1 - 1 } else { self.c1 };
        rows_left.max(cols_left)
    }

    /// The longest line left after taking column `j` (whose live pieces are `line`).
    fn left_after_col(&self, j: usize, line: u16) -> i32 {
        let cols_left = if self.c1_mask == 1 << j { self.c2 } else { self.c1 };
        let rows_left = if self.r1_mask & !line == 0 { self.r1 - 1 } else { self.r1 };
        rows_left.max(cols_left)
    }
}

/// A finished worker reports its nodes and hands its endgame memo back to the pool.
impl Drop for Worker<'_> {
    fn drop(&mut self) {
        self.s.nodes.fetch_add(self.nodes, Ordering::Relaxed);
        if let Ok(mut pool) = self.s.pool.lock() {
            pool.push(std::mem::take(&mut self.endgame));
        }
    }
}

impl<'a> Worker<'a> {
    pub(crate) fn new(s: &'a Solver, stops: Vec<&'a AtomicBool>) -> Worker<'a> {
        let endgame = s.pool.lock().ok().and_then(|mut p| p.pop()).unwrap_or_default();
        Worker { s, endgame, nodes: 0, stops, aborted: false }
    }

    /// Counts the pieces of every line in play and finds the longest ones.
    pub(crate) fn scan(&self, rm: u16, cm: u16) -> Scan {
        let s = self.s;
        let (rc, ones_r, r1, r2, r1_mask) = count_lines(rm, &s.rows, cm);
        let (cc, ones_c, c1, c2, c1_mask) = count_lines(cm, &s.cols, rm);
        Scan { rc, cc, ones_r, ones_c, r1, r2, r1_mask, c1, c2, c1_mask }
    }

    /// The position's static bounds `(lower, upper)`: taking the longest line `M` guarantees `2M − t`, and after
    /// any move the opponent can take the longest line left and at worst lose the rest, so the value is at most
    /// `t − 2·min over moves of (longest line left)`.
    fn static_bounds(&self, rm: u16, cm: u16, t: i32, sc: &Scan) -> (i32, i32) {
        let s = self.s;
        // Rows holding every longest column, and columns holding every longest row: taking one of those shortens
        // every longest line across by one.
        let cover_rows = bits(sc.c1_mask).fold(rm, |acc, j| acc & s.cols[j]);
        let cover_cols = bits(sc.r1_mask).fold(cm, |acc, i| acc & s.rows[i]);
        let min_left = min_left_one_side(sc.r1, sc.r2, sc.r1_mask, sc.c1, cover_rows)
            .min(min_left_one_side(sc.c1, sc.c2, sc.c1_mask, sc.r1, cover_cols));
        (2 * sc.r1.max(sc.c1) - t, t - 2 * min_left)
    }

    /// Fills `list` with the distinct moves (rows, then columns, in canonical order) and returns how many.
    ///
    /// A row whose live pieces equal an earlier row's is skipped (the two children are mirror images), and so for
    /// columns. Each child's `bound` is `t − 2·M(child)`, where `M(child)` is the longest line the move leaves:
    /// the opponent can take it and at worst lose all the rest, so the move is worth at most that.
    fn generate(&self, rm: u16, cm: u16, t: i32, sc: &Scan, list: &mut [Child; 32]) -> usize {
        let s = self.s;
        let mut n = 0;
        for rows in [true, false] {
            let (along, across, lines, counts, ones_across) =
                if rows { (rm, cm, &s.rows, &sc.rc, sc.ones_c) } else { (cm, rm, &s.cols, &sc.cc, sc.ones_r) };
            let first = n;
            // A 64-bit filter of the lines seen: the exact comparison runs only when a line's bit is already set.
            let mut filter = 0u64;
            for i in bits(along) {
                let line = lines[i] & across;
                let h = u32::from(line).wrapping_mul(0x9E37_79B1) >> 26;
                if filter >> h & 1 == 1 {
                    let dup = list[first..n].iter().any(|c| lines[usize::from(c.index & 15)] & across == line);
                    if dup {
                        continue;
                    }
                }
                filter |= 1 << h;
                let left = if rows { sc.left_after_row(i, line) } else { sc.left_after_col(i, line) };
                let (crm, ccm, index) = if rows {
                    (rm & !(1 << i), cm & !(line & ones_across), i as u8)
                } else {
                    (rm & !(line & ones_across), cm & !(1 << i), 16 + i as u8)
                };
                list[n] = Child { index, gain: counts[i], rm: crm, cm: ccm, bound: (t - 2 * left) as i16 };
                n += 1;
            }
        }
        n
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0 && self.stops.iter().any(|s| s.load(Ordering::Relaxed)) {
            self.aborted = true;
        }
    }

    /// Fail-soft negamax: the value of the position (rows `rm`, columns `cm`, `t` pieces, all lines non-empty)
    /// if it lies strictly between `alpha` and `beta`, else a bound on the far side of the window.
    pub(crate) fn search(&mut self, rm: u16, cm: u16, t: i32, alpha: i32, beta: i32) -> i32 {
        let o = match self.settle(rm, cm, t, alpha, beta) {
            Ok(o) => o,
            Err(v) => return v,
        };
        let (mut alpha, beta, sc) = (o.alpha, o.beta, &o.sc);

        // Below the enhanced transposition cutoff, the first move (the table's, else the first longest line) is
        // searched before the others are generated: nearly every node that cuts off does so on its first move.
        let mut best = i32::MIN;
        let mut best_move = None;
        let mut done = None;
        if t < ETC_MIN_PIECES {
            let index = o.tt_move.unwrap_or_else(|| {
                if sc.r1 >= sc.c1 { sc.r1_mask.trailing_zeros() as u8 } else { 16 + sc.c1_mask.trailing_zeros() as u8 }
            });
            let c = self.child(rm, cm, t, sc, index);
            done = Some(index);
            if c.bound() <= alpha {
                best = c.bound();
            } else {
                let v = self.try_move(&c, t, alpha, beta, true);
                if self.aborted {
                    return 0;
                }
                best = v;
                best_move = Some(index);
                alpha = alpha.max(v);
                if alpha >= beta {
                    if o.use_table {
                        self.s.table.store(o.key, best, t, best_move, t as u32);
                    }
                    return best;
                }
            }
        }

        let mut buf = [Child::default(); 32];
        let n = match self.expand(rm, cm, t, &o, alpha, &mut buf) {
            Ok(n) => n,
            Err(v) => return v,
        };
        let list = &mut buf[..n];
        // Order: the table's move, then larger takes first (canonical order on ties). Most nodes cut after the
        // first move, so only the first is selected at once; the rest are sorted when a second move is needed.
        let first = list.iter().position(|c| Some(c.index) == o.tt_move).unwrap_or_else(|| {
            let mut b = 0;
            for (i, c) in list.iter().enumerate().skip(1) {
                if c.gain > list[b].gain {
                    b = i;
                }
            }
            b
        });
        list[..=first].rotate_right(1);
        for k in 0..n {
            if k == 1 {
                list[1..].sort_unstable_by_key(|c| (std::cmp::Reverse(c.gain), c.index));
            }
            let c = list[k];
            if Some(c.index) == done {
                continue;
            }
            if c.bound() <= alpha {
                // This move cannot beat alpha: count its bound and skip the search.
                best = best.max(c.bound());
                continue;
            }
            let v = self.try_move(&c, t, alpha, beta, best_move.is_none());
            if self.aborted {
                return 0;
            }
            if v > best || best_move.is_none() {
                best = best.max(v);
                best_move = Some(c.index);
                if v > alpha {
                    alpha = v;
                }
            }
            if alpha >= beta {
                break;
            }
        }
        self.record(&o, t, best, best_move);
        best
    }

    /// A node's cheap tests, in order: trivial positions, the endgame memo, the static bounds, the table. Either
    /// the node's value (or bound) or what the move search needs.
    #[inline(always)]
    pub(crate) fn settle(&mut self, rm: u16, cm: u16, t: i32, mut alpha: i32, mut beta: i32) -> Result<Open, i32> {
        self.tick();
        if self.aborted {
            return Err(0);
        }
        let nr = rm.count_ones();
        let nc = cm.count_ones();
        if nr <= 1 || nc <= 1 {
            return Err(t);
        }
        if nr <= 3 {
            let s = self.s;
            return Err(self.endgame.value_of_lines(bits(cm).map(|j| s.cols[j] & rm), rm));
        }
        if nc <= 3 {
            let s = self.s;
            return Err(self.endgame.value_of_lines(bits(rm).map(|i| s.rows[i] & cm), cm));
        }

        // Static bounds first: they need no memory access, and a node they settle would only pay a cache miss
        // for its table probe. The probe's bucket is on its way meanwhile.
        let key = key(rm, cm);
        let use_table = t >= TABLE_MIN_PIECES;
        if use_table {
            self.s.table.prefetch(key);
        }
        let sc = self.scan(rm, cm);
        if sc.r1 == 1 && sc.c1 == 1 {
            // Every piece is alone in its row and its column: each move takes one piece, so parity decides.
            return Err(t & 1);
        }
        let (lower, upper) = self.static_bounds(rm, cm, t, &sc);
        if lower >= beta {
            return Err(lower);
        }
        if upper <= alpha {
            return Err(upper);
        }

        // Table: stored bounds narrow the window or settle the node; its move is searched first.
        let mut tt_move = None;
        if let Some(p) = if use_table { self.s.table.probe(key) } else { None } {
            if p.lower >= beta {
                return Err(p.lower);
            }
            if p.upper <= alpha {
                return Err(p.upper);
            }
            if p.lower == p.upper {
                return Err(p.lower);
            }
            alpha = alpha.max(p.lower - 1);
            beta = beta.min(p.upper + 1);
            tt_move = p.best;
        }
        Ok(Open { sc, alpha, beta, tt_move, key, use_table })
    }

    /// Fills `list` with the node's moves and, from 24 pieces up, runs the enhanced transposition cutoff: a child
    /// whose stored upper bound already proves the node ≥ beta ends it (`Err` with that value, stored); a stored
    /// lower bound tightens that child's bound. `alpha` is the node's current lower window edge.
    #[inline(always)]
    pub(crate) fn expand(
        &mut self,
        rm: u16,
        cm: u16,
        t: i32,
        o: &Open,
        alpha: i32,
        list: &mut [Child; 32],
    ) -> Result<usize, i32> {
        let n = self.generate(rm, cm, t, &o.sc, list);
        if t >= ETC_MIN_PIECES {
            for c in list[..n].iter() {
                if c.bound() > alpha {
                    self.s.table.prefetch(self::key(c.rm, c.cm));
                }
            }
            for c in list[..n].iter_mut() {
                // A move already bounded at or below alpha is skipped below whatever the table says.
                if c.bound() <= alpha {
                    continue;
                }
                if let Some(p) = self.s.table.probe(self::key(c.rm, c.cm)) {
                    let v = c.gain() - p.upper;
                    if v >= o.beta {
                        self.s.table.store(o.key, v, t, Some(c.index), t as u32);
                        return Err(v);
                    }
                    c.bound = c.bound.min((c.gain() - p.lower) as i16);
                }
            }
        }
        Ok(n)
    }

    /// Stores a searched node's result: `best` (fail-soft) against the window `o` left for the moves.
    pub(crate) fn record(&self, o: &Open, t: i32, best: i32, best_move: Option<u8>) {
        if !o.use_table {
            return;
        }
        let (lo, hi) = if best <= o.alpha {
            (-t, best)
        } else if best >= o.beta {
            (best, t)
        } else {
            (best, best)
        };
        // A node that failed low has no best move, only the move whose bound happened to be highest: storing it
        // would put a poor move first when a later probe with a lower window needs this node to cut (on 13×13 and
        // 14×14 boards that more than doubled the nodes). The entry keeps any earlier move instead.
        let best_move = if best <= o.alpha { None } else { best_move };
        self.s.table.store(o.key, lo, hi, best_move, t as u32);
    }

    /// The value of move `c` (fail-soft within `alpha..beta`): a full window for the first move searched, else
    /// a null window first and a re-search if the move turns out to lie inside the window.
    fn try_move(&mut self, c: &Child, t: i32, alpha: i32, beta: i32, first: bool) -> i32 {
        let g = c.gain();
        let ct = t - g;
        if first {
            return g - self.search(c.rm, c.cm, ct, g - beta, g - alpha);
        }
        let v = g - self.search(c.rm, c.cm, ct, g - alpha - 1, g - alpha);
        if v > alpha && v < beta && !self.aborted { g - self.search(c.rm, c.cm, ct, g - beta, g - alpha) } else { v }
    }

    /// The move with canonical index `index` (a row below 16, a column from 16) as a [`Child`].
    pub(crate) fn child(&self, rm: u16, cm: u16, t: i32, sc: &Scan, index: u8) -> Child {
        let s = self.s;
        let i = usize::from(index & 15);
        if index < 16 {
            let line = s.rows[i] & cm;
            let bound = (t - 2 * sc.left_after_row(i, line)) as i16;
            Child { index, gain: sc.rc[i], rm: rm & !(1 << i), cm: cm & !(line & sc.ones_c), bound }
        } else {
            let line = s.cols[i] & rm;
            let bound = (t - 2 * sc.left_after_col(i, line)) as i16;
            Child { index, gain: sc.cc[i], rm: rm & !(line & sc.ones_r), cm: cm & !(1 << i), bound }
        }
    }
}

/// The pieces of each line along one side (the lines `along`, masked by the lines `across` still in play): the
/// counts, the lines holding one piece, the longest and second-longest counts (with multiplicity) and the set of
/// longest lines.
fn count_lines(along: u16, lines: &[u16; MAX_SIDE], across: u16) -> ([u8; MAX_SIDE], u16, i32, i32, u16) {
    // Branch-free over all sixteen slots (lines out of play count 0), so the compiler can do each step on whole
    // vectors: popcounts, the maximum, the masks of the lines at the maximum and holding one piece.
    let mut counts = [0u8; MAX_SIDE];
    for i in 0..MAX_SIDE {
        let live = (along >> i) & 1;
        counts[i] = ((lines[i] & across).count_ones() as u16 * live) as u8;
    }
    let first = counts.iter().copied().max().unwrap_or(0);
    let (mut first_mask, mut ones) = (0u16, 0u16);
    for (i, &k) in counts.iter().enumerate() {
        first_mask |= u16::from(k == first) << i;
        ones |= u16::from(k == 1) << i;
    }
    first_mask &= along;
    let second = if first_mask.count_ones() >= 2 {
        first
    } else {
        counts.iter().map(|&k| if k == first { 0 } else { k }).max().unwrap_or(0)
    };
    (counts, ones, i32::from(first), i32::from(second), first_mask)
}

/// The least "longest line left" over the moves along one side (say rows): the longest rows are `r1` (the set
/// `r1_mask`), then `r2`; the longest columns are `c1`, and `cover` is the set of rows holding a piece in every
/// longest column. Taking a row leaves the longest other row and the longest columns, one shorter if the row
/// covered them all.
fn min_left_one_side(r1: i32, r2: i32, r1_mask: u16, c1: i32, cover: u16) -> i32 {
    let across = |covers: bool| if covers { c1 - 1 } else { c1 };
    if r1_mask.count_ones() == 1 {
        // The single longest row leaves r2; any other row leaves r1.
        let own = r2.max(across(cover & r1_mask != 0));
        let others = r1.max(across(cover & !r1_mask != 0));
        own.min(others)
    } else {
        r1.max(across(cover != 0))
    }
}

/// Positions with fewer pieces bypass the table: re-searching them is cheaper than the cache miss of a probe.
const TABLE_MIN_PIECES: i32 = 10;

/// Positions with fewer pieces skip the enhanced transposition cutoff (its probes cost more than they save).
const ETC_MIN_PIECES: i32 = 24;

/// The table key of a position: its live rows and columns.
pub(crate) fn key(rm: u16, cm: u16) -> u32 {
    u32::from(rm) << 16 | u32::from(cm)
}

/// The indices of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_board;
    use crate::position::Board;
    use crate::solver::SolveOptions;

    /// The longest line left after removing row `i` (or column `j`) of the position, counted directly.
    fn longest_after(s: &Solver, rm: u16, cm: u16, row: Option<usize>, col: Option<usize>) -> i32 {
        let rm = row.map_or(rm, |i| rm & !(1 << i));
        let cm = col.map_or(cm, |j| cm & !(1 << j));
        let r = bits(rm).map(|i| (s.rows[i] & cm).count_ones()).max().unwrap_or(0);
        let c = bits(cm).map(|j| (s.cols[j] & rm).count_ones()).max().unwrap_or(0);
        r.max(c) as i32
    }

    #[test]
    fn closed_form_static_bounds_match_a_direct_count() {
        let mut checked = 0;
        for seed in 0..300u64 {
            let n = 4 + (seed % 9) as usize;
            let b = random_board(n, n + (seed % 3) as usize, 0.2 + (seed % 7) as f64 * 0.1, seed);
            let s = Solver::new(&b, &SolveOptions { table_entries: Some(64), ..SolveOptions::default() });
            let w = Worker::new(&s, Vec::new());
            // Random sub-positions: drop a pseudo-random set of lines, then the lines left empty.
            let (rm, cm) = s.normalise(!(seed.wrapping_mul(0x9E37_79B9) as u16), !((seed >> 3) as u16 & 0x0505));
            if rm.count_ones() < 2 || cm.count_ones() < 2 {
                continue;
            }
            let t = s.pieces(rm, cm);
            let sc = w.scan(rm, cm);
            let (lower, upper) = w.static_bounds(rm, cm, t, &sc);
            let longest = longest_after(&s, rm, cm, None, None);
            let min_left = bits(rm)
                .map(|i| longest_after(&s, rm, cm, Some(i), None))
                .chain(bits(cm).map(|j| longest_after(&s, rm, cm, None, Some(j))))
                .min()
                .unwrap_or(0);
            assert_eq!((lower, upper), (2 * longest - t, t - 2 * min_left), "seed {seed}");
            checked += 1;
        }
        assert!(checked > 200);
    }

    #[test]
    fn lone_pieces_are_decided_by_parity() {
        for k in 1..=9usize {
            // k pieces on a diagonal: each line holds one piece, each move takes one.
            let masks: Vec<u16> = (0..k).map(|i| 1 << i).collect();
            let b = Board::from_rows(k, k, &masks).unwrap_or_else(|e| panic!("{e}"));
            let s = Solver::new(&b, &SolveOptions::default());
            assert_eq!(s.solve(false, &mut |_| {}).value, (k % 2) as i32);
        }
    }
}
