//! Search: the public API shared by every game.
//!
//! - [`minimax`]/[`alphabeta`]: plain reference searches with exact node counts (the test oracle and the
//!   Star/Circle grader's algorithms); [`minimax_traced`]/[`alphabeta_traced`] report every node to a [`Tracer`],
//!   and a [`TreeRecorder`] turns that into the search tree `sente tree` and the web's Explain panel draw.
//! - [`Searcher`]: negamax alpha-beta with a bounded transposition table, principal variation search, killer and
//!   history ordering, iterative deepening and limits by depth, nodes or time. It never prints: each finished
//!   iteration goes to a [`SearchObserver`].

mod busy;
mod minimax;
mod negamax;
mod ordering;
mod trace;

pub use crate::limits::{SearchLimits, StopFlag};
pub use minimax::{
    CanonicalOrder, MoveOrder, PlainResult, alphabeta, alphabeta_ordered, alphabeta_traced, minimax, minimax_ordered,
    minimax_traced,
};
pub use negamax::Searcher;
pub use ordering::History;
pub use trace::{NodeKind, TraceNode, Tracer, TreeRecorder};

use crate::outcome::Value;
use std::time::Duration;

/// The result of a [`Searcher`] run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the root has no legal move.
    pub best: Option<M>,
    /// The value of the root for the side to move, from the deepest completed iteration.
    pub value: Value,
    /// The principal variation, starting with `best`.
    pub pv: Vec<M>,
    /// The deepest fully completed iteration.
    pub depth: u32,
    /// Nodes visited over all iterations.
    pub nodes: u64,
    /// True when a limit or the stop flag cut the search short.
    pub stopped: bool,
    /// True when `value` is proven rather than estimated: a forced win or loss, or an iteration in which every line
    /// ended in a finished game (no heuristic leaf), so the value is the game-theoretic one.
    pub exact: bool,
}

/// A report sent after each completed iteration.
#[derive(Clone, Debug)]
pub struct IterationReport<'a, M> {
    /// The iteration's depth.
    pub depth: u32,
    /// Its value for the side to move.
    pub value: Value,
    /// Its principal variation.
    pub pv: &'a [M],
    /// Nodes visited so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// Transposition-table fill, permille.
    pub hashfull: u32,
}

/// Receives progress from a search (a protocol's `info` lines, a progress bar, a server's log).
pub trait SearchObserver<M> {
    /// Called after every completed iteration.
    fn on_iteration(&mut self, report: &IterationReport<'_, M>);
}

/// The observer that ignores everything.
impl<M> SearchObserver<M> for () {
    fn on_iteration(&mut self, _report: &IterationReport<'_, M>) {}
}

/// Any closure taking a report is an observer.
impl<M, F: FnMut(&IterationReport<'_, M>)> SearchObserver<M> for F {
    fn on_iteration(&mut self, report: &IterationReport<'_, M>) {
        self(report);
    }
}
