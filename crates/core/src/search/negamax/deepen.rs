//! The iterative-deepening driver of [`Searcher`]: one search deepens a ply at a time (or, for a Lazy SMP helper,
//! every other ply) and runs each root iteration inside the evaluator's aspiration window; the Lazy SMP entry
//! point starts the helpers on the shared table and picks the answer; the cut-short rule keeps a root move that
//! finished in an interrupted iteration and beat the previous answer. The node search itself is
//! [`Searcher::negamax`] in the parent module.

use super::super::busy::Busy;
use super::super::ordering::pick_next;
use super::super::{IterationReport, SearchObserver, SearchResult};
use super::Searcher;
use crate::game::{Evaluator, State};
use crate::limits::SearchLimits;
use crate::outcome::Value;
use std::sync::Arc;

impl<S: State> Searcher<S> {
    /// Iterative deepening from `root` within `limits`, reporting each finished iteration to `observer`.
    ///
    /// # Examples
    /// ```
    /// use sente_core::examples::tictactoe::TicTacToe;
    /// use sente_core::search::{SearchLimits, Searcher};
    /// use sente_core::{Game, Notation, NullEvaluator, Value};
    /// let g = TicTacToe;
    /// // X to move can win at once on cell 3.
    /// let s = g.parse_state("XX./OO./...").unwrap();
    /// let r = Searcher::new(1024).search(&s, &NullEvaluator, &SearchLimits::depth(5), &mut ());
    /// assert_eq!(r.value, Value::win_in(1));
    /// assert_eq!(r.best, Some(2));
    /// ```
    pub fn search<E: Evaluator<S>>(
        &mut self,
        root: &S,
        eval: &E,
        limits: &SearchLimits,
        observer: &mut impl SearchObserver<S::Move>,
    ) -> SearchResult<S::Move> {
        self.tt.new_search();
        self.deepen(root, eval, limits, observer, 1, 1)
    }

    /// Lazy SMP: this searcher and `threads − 1` helpers search the same root at once, sharing the transposition
    /// table, so each thread's results steer the others. Helpers skip alternate depths to spread out, and every
    /// thread puts off a later move whose child another thread is searching at that moment (simplified ABDADA,
    /// see `busy.rs`), so the threads do not walk the same subtrees in step. Every report is the main thread's; the
    /// result is the main thread's too unless a helper finished a deeper iteration (and the main thread proved
    /// nothing), then the helper's. `nodes` counts all threads. With `threads ≤ 1` this is [`Searcher::search`].
    pub fn search_smp<E: Evaluator<S>>(
        &mut self,
        root: &S,
        eval: &E,
        limits: &SearchLimits,
        observer: &mut (impl SearchObserver<S::Move> + Send),
        threads: usize,
    ) -> SearchResult<S::Move> {
        if threads <= 1 {
            return self.search(root, eval, limits, observer);
        }
        self.tt.new_search();
        // Helpers obey a private flag, raised when the main thread ends (or the caller's flag is raised, which ends
        // the main thread too).
        let helpers_stop = crate::limits::StopFlag::new();
        let helper_limits = SearchLimits { stop: helpers_stop.clone(), nodes: None, ..limits.clone() };
        let busy = Arc::new(Busy::default());
        self.busy = Some(Arc::clone(&busy));
        std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads)
                .map(|i| {
                    let mut helper = self.helper();
                    helper.busy = Some(Arc::clone(&busy));
                    let helper_limits = helper_limits.clone();
                    scope.spawn(move || helper.deepen(root, eval, &helper_limits, &mut (), 1 + i as u32 % 2, 2))
                })
                .collect();
            let mut result = self.deepen(root, eval, limits, observer, 1, 1);
            helpers_stop.stop();
            let mut nodes = result.nodes;
            for h in handles {
                let Ok(helper) = h.join() else { continue };
                nodes += helper.nodes;
                // A helper that finished a deeper iteration than the main thread answers instead.
                if helper.depth > result.depth && helper.best.is_some() && !result.value.is_decisive() {
                    result = SearchResult { stopped: result.stopped, ..helper };
                }
            }
            result.nodes = nodes;
            self.busy = None;
            result
        })
    }

    /// Iterative deepening from `first` in steps of `step` plies.
    fn deepen<E: Evaluator<S>>(
        &mut self,
        root: &S,
        eval: &E,
        limits: &SearchLimits,
        observer: &mut impl SearchObserver<S::Move>,
        first: u32,
        step: u32,
    ) -> SearchResult<S::Move> {
        let deadline = limits.start();
        self.begin(deadline.clone());
        let mut state = root.clone();
        let mut result = self.fallback(&state, eval);
        let max = limits.max_depth();
        let mut depth = first.min(max);
        while depth <= max {
            let this_depth = depth;
            depth = if depth == max { max + 1 } else { (depth + step).min(max) };
            let depth = this_depth;
            let value = self.root_search(&mut state, depth, eval, &result);
            if self.aborted {
                result.stopped = true;
                // A root move that finished in this cut-short iteration and beat the others finished here, the
                // previous answer among them, was searched deeper than that answer: keep it.
                if let Some(&m) = self.pv[0].first()
                    && result.best != Some(m)
                    && result.best.is_none_or(|b| self.root_done.contains(&b))
                {
                    result.best = Some(m);
                    result.pv = self.pv[0].clone();
                    result.value = self.root_value;
                }
                break;
            }
            let pv = self.pv[0].clone();
            observer.on_iteration(&IterationReport {
                depth,
                value,
                pv: &pv,
                nodes: self.nodes,
                elapsed: deadline.elapsed(),
                hashfull: self.own.as_ref().unwrap_or(&self.tt).fill_permille(),
            });
            let exact = !self.hit_horizon || value.is_decisive();
            result =
                SearchResult { best: pv.first().copied(), value, pv, depth, nodes: self.nodes, stopped: false, exact };
            if !self.hit_horizon || deadline.soft_expired() {
                break;
            }
        }
        result.nodes = self.nodes;
        self.deadline = None;
        self.give_back_table();
        result
    }

    /// One iteration at the root: unbounded, or inside the evaluator's aspiration window around the last
    /// finished iteration's value (`last`), widened on the side a value falls outside until it lands inside.
    fn root_search<E: Evaluator<S>>(
        &mut self,
        state: &mut S,
        depth: u32,
        eval: &E,
        last: &SearchResult<S::Move>,
    ) -> Value {
        let full = (-Value::INFINITE, Value::INFINITE);
        let mut delta =
            eval.aspiration().filter(|_| depth >= 4 && last.depth > 0 && !last.value.is_decisive()).unwrap_or(0);
        let mut window = if delta > 0 { (Value(last.value.0 - delta), Value(last.value.0 + delta)) } else { full };
        loop {
            self.hit_horizon = false;
            let value = self.negamax(state, depth, 0, window.0, window.1, eval);
            if self.aborted || window == full {
                return value;
            }
            delta = delta.saturating_mul(4);
            if value <= window.0 {
                window.0 = if value.is_decisive() || delta > 1 << 20 { full.0 } else { Value(value.0 - delta) };
            } else if value >= window.1 {
                window.1 = if value.is_decisive() || delta > 1 << 20 { full.1 } else { Value(value.0 + delta) };
            } else {
                return value;
            }
        }
    }

    /// One fixed-depth search without iterative deepening or limits: the value and best move. Used by tests that
    /// compare against plain minimax at the same depth.
    pub fn search_depth<E: Evaluator<S>>(&mut self, root: &S, eval: &E, depth: u32) -> (Value, Option<S::Move>) {
        self.tt.new_search();
        self.begin(SearchLimits::default().start());
        let mut state = root.clone();
        let v = self.negamax(&mut state, depth, 0, -Value::INFINITE, Value::INFINITE, eval);
        self.deadline = None;
        self.give_back_table();
        (v, self.pv[0].first().copied())
    }

    /// The answer when not even depth 1 finishes: the first ordered legal move and a static value.
    fn fallback<E: Evaluator<S>>(&mut self, state: &S, eval: &E) -> SearchResult<S::Move> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        eval.select_moves(state, &mut moves);
        let mut scores = Vec::new();
        self.history.score(state, eval, &moves, None, 0, &mut scores);
        if !moves.is_empty() {
            pick_next(&mut moves, &mut scores, 0);
        }
        let value = match state.outcome() {
            Some(o) => eval.terminal(state, o, 0),
            None => eval.evaluate(state),
        };
        SearchResult {
            best: moves.first().copied(),
            value,
            pv: moves.first().copied().into_iter().collect(),
            depth: 0,
            nodes: 0,
            stopped: false,
            exact: state.outcome().is_some(),
        }
    }
}
