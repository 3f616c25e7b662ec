//! The fast solver on several threads: a young-brothers-wait split of the null-window search over a work-stealing
//! thread pool.
//!
//! Every probe of the solver's MTD(f) is a null-window search, and in a well-ordered null-window tree a node either
//! cuts on its first move (a cut node: the other moves are never needed) or has to refute every move (an all
//! node: every move is needed). So a node near the root searches its first move alone, itself split further down
//! if it is large, and only when that move fails to cut hands the remaining moves to the pool at once: they are
//! then almost certainly all needed, so two threads rarely do work that one would have skipped. A move that does
//! cut raises the node's stop flag, and every search below that node, on any thread, stops at its next check.
//!
//! Splitting happens at every such node within [`SPLIT_PLIES`] of the root that still holds [`SPLIT_MIN_PIECES`]
//! pieces, so the one big subtree that decides a probe is itself shared out instead of leaving a thread idle.
//! Tasks run in rayon's work-stealing pool (FIFO within a node, so the larger takes still go first); all threads
//! share the solver's table. Below the split nodes, each task runs the ordinary sequential [`Worker`] search.

use std::cmp::Reverse;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::solver::Solver;
use crate::worker::{Child, Worker};

/// Nodes at most this many plies below the root may split.
const SPLIT_PLIES: u32 = 8;

/// Nodes with fewer pieces are searched by one thread: their subtrees are too small to be worth sharing.
const SPLIT_MIN_PIECES: i32 = 50;

/// The null-window search "is the value of (rows `rm`, columns `cm`, `t` pieces) at least `beta`?" on the
/// current rayon pool: a fail-soft bound, or `None` when a raised flag in `stops` cut the search short (its result
/// is then meaningless and nothing wrong was stored).
pub(crate) fn search(s: &Solver, stops: &[&AtomicBool], rm: u16, cm: u16, t: i32, beta: i32, ply: u32) -> Option<i32> {
    let mut w = Worker::new(s, stops.to_vec());
    if ply >= SPLIT_PLIES || t < SPLIT_MIN_PIECES {
        let v = w.search(rm, cm, t, beta - 1, beta);
        return (!w.aborted).then_some(v);
    }
    let o = match w.settle(rm, cm, t, beta - 1, beta) {
        Ok(o) => o,
        Err(v) => return (!w.aborted).then_some(v),
    };
    let mut buf = [Child::default(); 32];
    let n = match w.expand(rm, cm, t, &o, o.alpha, &mut buf) {
        Ok(n) => n,
        Err(v) => return Some(v),
    };
    let list = &mut buf[..n];
    list.sort_unstable_by_key(|c| (Some(c.index) != o.tt_move, Reverse(c.gain), c.index));

    // The eldest brother alone: it decides a cut node.
    let mut best = i32::MIN;
    let mut best_move = None;
    let mut rest = n;
    for (k, c) in list.iter().enumerate() {
        if c.bound() <= o.alpha {
            best = best.max(c.bound());
            continue;
        }
        let g = c.gain();
        let v = g - search(s, stops, c.rm, c.cm, t - g, g - o.alpha, ply + 1)?;
        best = best.max(v);
        best_move = Some(c.index);
        if v >= o.beta {
            w.record(&o, t, best, best_move);
            return Some(best);
        }
        rest = k + 1;
        break;
    }

    // The younger brothers together: every one is needed unless one of them cuts.
    if rest < n {
        s.splits.fetch_add(1, Ordering::Relaxed);
    }
    let cut = AtomicBool::new(false);
    let mut chain = stops.to_vec();
    chain.push(&cut);
    let found = Mutex::new((best, best_move));
    rayon::scope_fifo(|scope| {
        for c in &list[rest..] {
            if c.bound() <= o.alpha {
                if let Ok(mut f) = found.lock() {
                    f.0 = f.0.max(c.bound());
                }
                continue;
            }
            let (chain, found, cut, o) = (&chain, &found, &cut, &o);
            scope.spawn_fifo(move |_| {
                if chain.iter().any(|f| f.load(Ordering::Relaxed)) {
                    return;
                }
                let g = c.gain();
                let Some(cv) = search(s, chain, c.rm, c.cm, t - g, g - o.alpha, ply + 1) else { return };
                let v = g - cv;
                if let Ok(mut f) = found.lock()
                    && (v > f.0 || f.1.is_none())
                {
                    *f = (f.0.max(v), Some(c.index));
                }
                if v >= o.beta {
                    cut.store(true, Ordering::Relaxed);
                }
            });
        }
    });
    if stops.iter().any(|f| f.load(Ordering::Relaxed)) {
        // A node above stopped: some of the younger brothers may be missing.
        return None;
    }
    // Either every younger brother was searched, or one of them cut (and `found` holds its value).
    let (best, best_move) = found.into_inner().ok()?;
    w.record(&o, t, best, best_move);
    Some(best)
}

#[cfg(test)]
mod tests {
    use crate::generate::random_board;
    use crate::solver::{SolveOptions, Solver};

    #[test]
    fn split_searches_agree_with_one_thread() {
        // 10×10 boards of 72 pieces and more take the parallel path; small tables make the threads evict each
        // other's entries too.
        let mut splits = 0;
        for seed in 0..6u64 {
            let b = random_board(10, 10, 0.75 + 0.01 * seed as f64, 300 + seed);
            if b.pieces() < 72 {
                continue;
            }
            let one = Solver::new(&b, &SolveOptions::default()).solve(false, &mut |_| {});
            for (threads, entries) in [(2, None), (3, None), (2, Some(1 << 10))] {
                let s = Solver::new(&b, &SolveOptions { threads, table_entries: entries, all_moves: false });
                let sol = s.solve(false, &mut |_| {});
                assert_eq!((sol.value, sol.best), (one.value, one.best), "seed {seed}, {threads} threads");
                splits += s.splits.load(std::sync::atomic::Ordering::Relaxed);
            }
        }
        assert!(splits > 0, "no node was split");
    }
}
