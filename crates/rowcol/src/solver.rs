//! The fast exact solver: null-window negamax over (rows, columns) masks with a shared bounded table.
//!
//! A position is the pair of masks of the rows and columns that still hold pieces (empty lines are dropped at once,
//! so two move orders that leave the same pieces meet in the table). At each node the solver
//!
//! 1. answers at once when one line holds everything (take it), when every line holds one piece (parity), or when
//!    at most three rows or columns are left (the canonical [`Endgame`] memo);
//! 2. tries cheap bounds, before touching memory: taking the longest line `M` guarantees `2M − t`, and the value
//!    never exceeds `t − 2·min over moves of (longest line left to the opponent)` (computed in closed form from the
//!    longest lines); values always have the parity of `t`;
//! 3. probes the [`Table`] for stored lower/upper bounds and a best move;
//! 4. below 24 pieces searches its first move (the table's, else the first longest line) before generating
//!    the others, since nearly every node that cuts off does so on its first move; from there up, generates every
//!    move and looks each child up in the table first (enhanced transposition cutoff);
//! 5. searches the moves (the table's move, then the larger takes first), skipping a row identical to an earlier
//!    one (the two children are mirror images), with principal-variation null windows; it stores the bounds found.
//!
//! The root runs MTD(f) (a sequence of null-window probes stepping by 2, the value's parity). With several threads
//! each probe of a large root is a young-brothers-wait split over a thread pool (`parallel.rs`). Each node
//! also stores no best move when it fails low (the entry keeps an earlier one). The best move reported is always the first move whose value equals the root value in
//! a fixed order (larger takes first, then canonical order: the root's search order, so the proofs that the moves
//! before it fall short are already in the table), so the output never depends on the thread count or on the
//! search's internal order.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::endgame::Endgame;
use crate::moves::Move;
use crate::position::{Board, MAX_SIDE};
use crate::table::Table;
use crate::worker::{Child, Worker, bits};

/// How a solve runs.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Worker threads for the root probes (1: sequential).
    pub threads: usize,
    /// Table entries (8 bytes each); `None` sizes the table by the board.
    pub table_entries: Option<usize>,
    /// Compute every legal first move's exact value too.
    pub all_moves: bool,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions { threads: 1, table_entries: None, all_moves: false }
    }
}

/// An exact solution of a starting board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The first player's margin under optimal play.
    pub value: i32,
    /// The first move that achieves `value` in the order larger takes first, then canonical order (rows, then
    /// columns) on ties.
    pub best: Move,
    /// Every legal first move with its exact value, in canonical order, when asked for.
    pub move_values: Option<Vec<(Move, i32)>>,
    /// Nodes searched.
    pub nodes: u64,
    /// Bytes held by the transposition table.
    pub table_bytes: usize,
}

/// Progress of a long solve, for a caller's progress line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The value is known to lie in `lower..=upper`.
    pub lower: i32,
    /// See `lower`.
    pub upper: i32,
    /// Nodes so far.
    pub nodes: u64,
}

/// A solver for one board; it keeps its table between calls.
#[derive(Debug)]
pub struct Solver {
    pub(crate) rows: [u16; MAX_SIDE],
    pub(crate) cols: [u16; MAX_SIDE],
    pub(crate) table: Table,
    pub(crate) nodes: AtomicU64,
    /// Endgame memos handed from one worker to the next, so each is filled once per thread, not once per probe.
    pub(crate) pool: std::sync::Mutex<Vec<Endgame>>,
    /// Threads for large roots.
    threads: usize,
    /// Their pool, started by the first probe that needs it (`None` if the system refused the threads).
    workers: std::sync::OnceLock<Option<rayon::ThreadPool>>,
    /// Nodes whose moves were shared out among the threads.
    pub(crate) splits: AtomicU64,
}

impl Solver {
    /// A solver for `board` with the given options.
    #[must_use]
    pub fn new(board: &Board, options: &SolveOptions) -> Solver {
        let table = match options.table_entries {
            Some(n) => Table::new(n),
            None => Table::for_lines(board.rows() + board.cols()),
        };
        Solver {
            rows: *board.row_masks(),
            cols: board.col_masks(),
            table,
            nodes: AtomicU64::new(0),
            pool: std::sync::Mutex::new(Vec::new()),
            splits: AtomicU64::new(0),
            threads: options.threads.max(1),
            workers: std::sync::OnceLock::new(),
        }
    }

    /// Bytes held by the table.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Nodes searched so far, over all calls and threads.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Solves the starting board: its value, the first best move and, when asked, every move's value.
    /// `progress` hears about every MTD(f) step.
    ///
    /// # Panics
    /// If the board holds no piece (a parsed board always holds one).
    pub fn solve(&self, all_moves: bool, progress: &mut dyn FnMut(&Progress)) -> Solution {
        let (rm, cm) = self.start();
        let t = self.pieces(rm, cm);
        assert!(t > 0, "the board holds no piece");
        let value = self.mtdf(rm, cm, t, progress);
        let mut children = self.children_in_order(rm, cm);
        let mut move_values = all_moves.then(Vec::new);
        if let Some(values) = move_values.as_mut() {
            for c in &children {
                let g = c.gain();
                let v = g - if g == t { 0 } else { self.mtdf(c.rm, c.cm, t - g, &mut |_| {}) };
                values.push((Move::from_index(c.index as usize), v));
            }
        }
        // The answer is the first optimal move in the root's search order without the table's move: larger takes
        // first, canonical order on ties. The probes that found the value searched the root in that order, so the
        // proofs that the moves before it fall short are already in the table.
        children.sort_by_key(|c| (std::cmp::Reverse(c.gain), c.index));
        let mut best = None;
        let mut w = Worker::new(self, Vec::new());
        for c in &children {
            let m = Move::from_index(c.index as usize);
            if let Some(values) = move_values.as_ref() {
                if values.iter().any(|&(mv, v)| mv == m && v == value) {
                    best = Some(m);
                    break;
                }
            } else {
                // Does this move reach the value? Its child must be worth at most gain − value.
                let g = c.gain();
                let ok = g == t || w.search(c.rm, c.cm, t - g, g - value, g - value + 1) <= g - value;
                if ok {
                    best = Some(m);
                    break;
                }
            }
        }
        drop(w);
        let best = best.unwrap_or(Move::from_index(children[0].index as usize));
        Solution { value, best, move_values, nodes: self.nodes(), table_bytes: self.table.bytes() }
    }

    /// The exact value of the position with rows `rm` and columns `cm` in play (for tests and the CLI).
    pub fn value_of(&self, rm: u16, cm: u16) -> i32 {
        let (rm, cm) = self.normalise(rm, cm);
        let t = self.pieces(rm, cm);
        if t == 0 { 0 } else { self.mtdf(rm, cm, t, &mut |_| {}) }
    }

    fn start(&self) -> (u16, u16) {
        self.normalise(u16::MAX, u16::MAX)
    }

    /// Drops lines without pieces: rows with a piece in a live column, columns with a piece in a live row.
    pub(crate) fn normalise(&self, rm: u16, cm: u16) -> (u16, u16) {
        let mut r = 0u16;
        let mut c = 0u16;
        for i in bits(rm) {
            if self.rows[i] & cm != 0 {
                r |= 1 << i;
            }
        }
        for j in bits(cm) {
            if self.cols[j] & r != 0 {
                c |= 1 << j;
            }
        }
        (r, c)
    }

    pub(crate) fn pieces(&self, rm: u16, cm: u16) -> i32 {
        bits(rm).map(|i| (self.rows[i] & cm).count_ones() as i32).sum()
    }

    /// The root's moves in canonical order.
    fn children_in_order(&self, rm: u16, cm: u16) -> Vec<Child> {
        let w = Worker::new(self, Vec::new());
        let (t, sc) = (self.pieces(rm, cm), w.scan(rm, cm));
        bits(rm)
            .map(|i| i as u8)
            .chain(bits(cm).map(|j| 16 + j as u8))
            .map(|index| w.child(rm, cm, t, &sc, index))
            .collect()
    }

    /// MTD(f): null-window probes until the bounds meet.
    fn mtdf(&self, rm: u16, cm: u16, t: i32, progress: &mut dyn FnMut(&Progress)) -> i32 {
        let (mut lower, mut upper) = (-t, t);
        // Start from the margin of a greedy game (both sides always take the longest line): cheap, of the right
        // parity, and usually within a few points of the truth, which saves MTD(f) steps.
        let mut guess = self.greedy(rm, cm);
        while lower < upper {
            let beta = if guess <= lower { lower + 2 } else { guess };
            let g = self.probe(rm, cm, t, beta);
            if g >= beta {
                lower = g;
            } else {
                upper = g;
            }
            // Values have the parity of t: round the bounds inwards.
            if (lower - t) & 1 != 0 {
                lower += 1;
            }
            if (upper - t) & 1 != 0 {
                upper -= 1;
            }
            guess = if g >= beta { lower } else { upper };
            progress(&Progress { lower, upper, nodes: self.nodes() });
        }
        lower
    }

    /// The mover's margin when both sides always take the longest line (the first in canonical order on ties).
    fn greedy(&self, mut rm: u16, mut cm: u16) -> i32 {
        let mut margin = 0;
        let mut sign = 1;
        loop {
            let mut best = (0, 0usize);
            for i in bits(rm) {
                let k = (self.rows[i] & cm).count_ones();
                if k > best.0 {
                    best = (k, i);
                }
            }
            for j in bits(cm) {
                let k = (self.cols[j] & rm).count_ones();
                if k > best.0 {
                    best = (k, 16 + j);
                }
            }
            if best.0 == 0 {
                return margin;
            }
            margin += sign * best.0 as i32;
            sign = -sign;
            if best.1 < 16 {
                rm &= !(1 << best.1);
            } else {
                cm &= !(1 << (best.1 - 16));
            }
        }
    }

    /// One null-window probe "value ≥ beta?" at the root: a fail-soft bound. With several threads, large roots
    /// are searched by the [young-brothers-wait split](crate::parallel) over the solver's thread pool.
    fn probe(&self, rm: u16, cm: u16, t: i32, beta: i32) -> i32 {
        let pool =
            || self.workers.get_or_init(|| rayon::ThreadPoolBuilder::new().num_threads(self.threads).build().ok());
        if self.threads > 1
            && t >= PARALLEL_MIN_PIECES
            && let Some(pool) = pool()
        {
            // Nothing above the root can stop it, so the search always finishes.
            return pool.install(|| crate::parallel::search(self, &[], rm, cm, t, beta, 0)).unwrap_or(beta - 1);
        }
        let mut w = Worker::new(self, Vec::new());
        w.search(rm, cm, t, beta - 1, beta)
    }
}

/// Smaller roots are solved on one thread: starting threads would cost more than the whole solve.
const PARALLEL_MIN_PIECES: i32 = 72;
