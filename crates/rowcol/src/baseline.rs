//! The plain reference solver the benchmarks compare against: alpha-beta with a transposition table, nothing more.
//!
//! This is what the course's assignment asks for, done straightforwardly: fail-soft negamax alpha-beta over the
//! (rows taken, columns taken) masks, moves sorted by the pieces they take (largest first, canonical order on ties), and an unbounded
//! `HashMap` from those masks to the lower and upper bounds found. No empty-line normalisation, no symmetry, no
//! bounds, no endgame memo, one thread; moves are only sorted by the number of pieces they take. It is kept so that every benchmark measures the fast
//! solver against it in the same run, and as a second exact oracle in tests.

use std::collections::HashMap;

use crate::moves::Move;
use crate::position::{Board, MAX_SIDE};

/// The plain alpha-beta + TT solver.
#[derive(Debug)]
pub struct Baseline {
    rows: [u16; MAX_SIDE],
    cols: [u16; MAX_SIDE],
    table: HashMap<u32, (i16, i16)>,
    nodes: u64,
}

impl Baseline {
    /// A solver for `board`.
    #[must_use]
    pub fn new(board: &Board) -> Baseline {
        Baseline { rows: *board.row_masks(), cols: board.col_masks(), table: HashMap::new(), nodes: 0 }
    }

    /// Nodes searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Entries in the table.
    #[must_use]
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The exact value of the starting board and the first move (canonical order) that achieves it.
    pub fn solve(&mut self) -> (i32, Option<Move>) {
        let (rm, cm) = (u16::MAX, u16::MAX);
        let mut best = (i32::MIN, None);
        for m in self.moves(rm, cm) {
            let (gain, crm, ccm) = self.play(rm, cm, m);
            // A window just above the best so far: later moves only need to show they are not better.
            let alpha = if best.0 == i32::MIN { -1024 } else { best.0 };
            let v = gain - self.search(crm, ccm, gain - 1024, gain - alpha);
            if v > best.0 {
                best = (v, Some(Move::from_index(m)));
            }
        }
        (if best.0 == i32::MIN { 0 } else { best.0 }, best.1)
    }

    fn moves(&self, rm: u16, cm: u16) -> Vec<usize> {
        let mut out = Vec::new();
        for i in 0..MAX_SIDE {
            if rm >> i & 1 == 1 && self.rows[i] & cm != 0 {
                out.push(i);
            }
        }
        for j in 0..MAX_SIDE {
            if cm >> j & 1 == 1 && self.cols[j] & rm != 0 {
                out.push(16 + j);
            }
        }
        out
    }

    fn play(&self, rm: u16, cm: u16, m: usize) -> (i32, u16, u16) {
        if m < 16 {
            ((self.rows[m] & cm).count_ones() as i32, rm & !(1 << m), cm)
        } else {
            ((self.cols[m - 16] & rm).count_ones() as i32, rm, cm & !(1 << (m - 16)))
        }
    }

    fn search(&mut self, rm: u16, cm: u16, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let key = u32::from(rm) << 16 | u32::from(cm);
        if let Some(&(lo, hi)) = self.table.get(&key) {
            let (lo, hi) = (i32::from(lo), i32::from(hi));
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let mut moves = self.moves(rm, cm);
        if moves.is_empty() {
            return 0;
        }
        // The one ordering any textbook alpha-beta has: larger takes first (stable, so ties keep canonical order).
        moves.sort_by_key(|&m| std::cmp::Reverse(self.play(rm, cm, m).0));
        let alpha_orig = alpha;
        let mut best = i32::MIN;
        for m in moves {
            let (gain, crm, ccm) = self.play(rm, cm, m);
            let v = gain - self.search(crm, ccm, gain - beta, gain - alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let entry = self.table.entry(key).or_insert((-512, 512));
        if best <= alpha_orig {
            entry.1 = entry.1.min(best as i16);
        } else if best >= beta {
            entry.0 = entry.0.max(best as i16);
        } else {
            *entry = (best as i16, best as i16);
        }
        best
    }
}
