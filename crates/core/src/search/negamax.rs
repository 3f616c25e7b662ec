//! Negamax alpha-beta with a transposition table, principal variation search and iterative deepening.
//!
//! [`Searcher`] owns the reusable parts (table, killers, history, per-ply move buffers) so a long-running engine
//! keeps its table between moves. One call to [`Searcher::search`] deepens one ply at a time until a limit stops
//! it, reports every finished iteration to the observer, and returns the deepest finished iteration's move, value
//! and principal variation. An iteration cut short by a limit keeps only a root move that finished in it and beat
//! the previous iteration's move (searched first, and finished too): that move was searched deeper; otherwise the
//! previous iteration's answer stands. When an iteration reaches no depth cut-off at all, its value is exact and
//! the search ends early. An evaluator may ask for aspiration windows ([`Evaluator::aspiration`]): each iteration
//! from the fourth first searches the root inside a window around the last value and widens it on a miss, so the
//! values are those of the unbounded search.
//!
//! Off the principal variation (null-window nodes) the evaluator may prune a node before its moves are searched:
//! reverse futility ([`Evaluator::futility`]) and null-move pruning ([`Evaluator::null_move`], with
//! [`State::pass`]) fail high, razoring ([`Evaluator::razor`], after [`Evaluator::prove`]) fails low. Their
//! defaults prune nothing, so exact searches are unchanged.

use super::busy::Busy;
use super::ordering::{History, pick_next};
use super::{IterationReport, SearchObserver, SearchResult};
use crate::game::{Evaluator, MoveList, State};
use crate::limits::{Deadline, SearchLimits};
use crate::outcome::Value;
use crate::tt::{Bound, TranspositionTable};
use std::sync::Arc;

/// Lazy SMP threads put off a move another thread is searching only at nodes with at least this many plies left
/// (shallower subtrees cost less than the bookkeeping).
const DEFER_DEPTH: u32 = 3;

/// The stored depth of an entry whose subtree was searched to the end of the game everywhere: valid at any depth.
const PROVEN: u16 = u16::MAX;

/// A reusable negamax searcher for one game's states.
#[derive(Debug)]
pub struct Searcher<S: State> {
    tt: Arc<TranspositionTable<S::Move>>,
    /// During a search on a table no other searcher holds, the table itself, taken out of `tt` (which holds a
    /// placeholder meanwhile), so probes and stores skip the shard locks.
    own: Option<TranspositionTable<S::Move>>,
    history: History<S::Move>,
    lists: Vec<MoveList<S::Move>>,
    scores: Vec<Vec<i64>>,
    pv: Vec<Vec<S::Move>>,
    /// Per ply, whether the node there was reached by a null move (so it does not pass again).
    passed: Vec<bool>,
    nodes: u64,
    deadline: Option<Deadline>,
    aborted: bool,
    hit_horizon: bool,
    /// The root moves whose search finished in the current iteration, and the best value among them.
    root_done: Vec<S::Move>,
    root_value: Value,
    /// During a Lazy SMP search, the positions some thread is searching; per ply, the moves put off because of it.
    busy: Option<Arc<Busy>>,
    deferred: Vec<Vec<S::Move>>,
}

impl<S: State> Searcher<S> {
    /// A searcher whose table holds at most `tt_entries` entries.
    #[must_use]
    pub fn new(tt_entries: usize) -> Searcher<S> {
        Self::with_table(Arc::new(TranspositionTable::new(tt_entries)))
    }

    /// A searcher whose table takes about `megabytes` MiB.
    #[must_use]
    pub fn with_megabytes(megabytes: usize) -> Searcher<S> {
        Self::with_table(Arc::new(TranspositionTable::with_megabytes(megabytes)))
    }

    /// A searcher using a table shared with other searchers (Lazy SMP helpers).
    #[must_use]
    pub fn with_table(tt: Arc<TranspositionTable<S::Move>>) -> Searcher<S> {
        Searcher {
            tt,
            own: None,
            history: History::new(),
            lists: Vec::new(),
            scores: Vec::new(),
            pv: Vec::new(),
            passed: Vec::new(),
            nodes: 0,
            deadline: None,
            aborted: false,
            hit_horizon: false,
            root_done: Vec::new(),
            root_value: -Value::INFINITE,
            busy: None,
            deferred: Vec::new(),
        }
    }

    /// A fresh searcher on this one's table (a Lazy SMP helper, or one that fills the table for a search to come).
    #[must_use]
    pub fn helper(&self) -> Searcher<S> {
        Searcher::with_table(Arc::clone(&self.tt))
    }

    /// The transposition table.
    #[must_use]
    pub fn tt(&self) -> &Arc<TranspositionTable<S::Move>> {
        &self.tt
    }

    /// Forgets everything learnt (table, killers, history), e.g. for a new game.
    pub fn clear(&mut self) {
        self.give_back_table();
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear_exclusive(),
            None => self.tt.clear(),
        }
        self.history = History::new();
    }

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

    /// Takes the table out of its `Arc` for the search when no other searcher holds it (see `own`).
    fn take_table(&mut self) {
        // A table still taken (a search that unwound before giving it back) stays in use.
        if self.own.is_none() && Arc::strong_count(&self.tt) == 1 && Arc::weak_count(&self.tt) == 0 {
            let shared = std::mem::replace(&mut self.tt, Arc::new(TranspositionTable::new(2)));
            match Arc::try_unwrap(shared) {
                Ok(table) => self.own = Some(table),
                Err(shared) => self.tt = shared,
            }
        }
    }

    /// Puts a table taken by [`Searcher::take_table`] back.
    fn give_back_table(&mut self) {
        if let Some(table) = self.own.take() {
            self.tt = Arc::new(table);
        }
    }

    fn begin(&mut self, deadline: Deadline) {
        self.take_table();
        self.history.new_search();
        self.nodes = 0;
        self.aborted = false;
        self.deadline = Some(deadline);
        self.ensure_ply(0);
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

    fn ensure_ply(&mut self, ply: usize) {
        if self.lists.len() <= ply + 1 {
            self.lists.resize_with(ply + 2, Vec::new);
            self.scores.resize_with(ply + 2, Vec::new);
            self.pv.resize_with(ply + 2, Vec::new);
            self.passed.resize(ply + 2, false);
            self.deferred.resize_with(ply + 2, Vec::new);
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(Deadline::CHECK_EVERY)
            && self.deadline.as_ref().is_some_and(|d| d.should_stop(self.nodes))
        {
            self.aborted = true;
        }
    }

    /// A depth-0 node whose value came from [`Evaluator::leaf_value`] (`true`: the game is over): the same steps
    /// as [`Searcher::negamax`] at such a node, without the position.
    fn leaf(&mut self, ply: usize, (value, over): (Value, bool)) -> Value {
        self.tick();
        self.ensure_ply(ply);
        self.pv[ply].clear();
        if self.aborted {
            return Value::DRAW;
        }
        if !over {
            self.hit_horizon = true;
        }
        value
    }

    fn negamax<E: Evaluator<S>>(
        &mut self,
        state: &mut S,
        depth: u32,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        eval: &E,
    ) -> Value {
        self.tick();
        self.ensure_ply(ply);
        self.pv[ply].clear();
        if self.aborted {
            return Value::DRAW;
        }
        if let Some(outcome) = state.outcome() {
            return eval.terminal(state, outcome, ply as i32);
        }
        if depth == 0 {
            self.hit_horizon = true;
            return eval.evaluate(state);
        }

        // Transposition table: a deep-enough entry may settle the node; any entry offers a move to try first.
        let key = state.hash();
        let alpha_orig = alpha;
        let mut tt_move = None;
        let entry = match &mut self.own {
            Some(tt) => tt.probe_exclusive(key),
            None => self.tt.probe(key),
        };
        if let Some(e) = entry {
            tt_move = e.best;
            if ply > 0 && u32::from(e.depth) >= depth {
                let v = e.value.from_tt(ply as i32);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    // Only an entry whose whole subtree ended in finished games (stored at PROVEN depth) keeps this
                    // iteration's value proven.
                    if e.depth != PROVEN {
                        self.hit_horizon = true;
                    }
                    if let Some(m) = e.best {
                        self.pv[ply].push(m);
                    }
                    return v;
                }
            }
        }

        // The pruning hooks are asked off the principal variation only: at null-window nodes below the root.
        let off_pv = ply > 0 && beta.0 - alpha.0 == 1;
        // Static pruning: a node the evaluator judges far enough above beta for its depth fails high unsearched.
        if off_pv && let Some(v) = eval.futility(state, depth, beta) {
            self.hit_horizon = true;
            return v;
        }
        // Null-move pruning, never twice in a row: if the side to move, having passed, still holds beta against the
        // other side's shallower search, the node fails high unsearched.
        if off_pv
            && !self.passed[ply]
            && let Some(r) = eval.null_move(state, depth, beta)
            && state.pass()
        {
            self.passed[ply + 1] = true;
            let v = -self.negamax(state, depth.saturating_sub(1 + r), ply + 1, -beta, Value(-beta.0 + 1), eval);
            self.passed[ply + 1] = false;
            state.unpass();
            if self.aborted {
                return Value::DRAW;
            }
            if v >= beta && !v.is_decisive() {
                self.hit_horizon = true;
                self.pv[ply].clear();
                return beta;
            }
        }

        // A forced win the evaluator's solver proves settles the node (its value is exact, not a horizon's).
        if ply > 0
            && let Some(v) = eval.prove(state, depth, ply as i32)
        {
            return v;
        }

        // Razoring: a node the evaluator judges far enough below alpha for its depth, with no forced win found
        // above, fails low unsearched.
        if off_pv && let Some(v) = eval.razor(state, depth, alpha) {
            self.hit_horizon = true;
            return v;
        }

        // Move generation and ordering.
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let pruned = eval.searched_moves(state, &mut moves);
        if moves.is_empty() {
            self.lists[ply] = moves;
            self.scores[ply] = scores;
            self.hit_horizon = true;
            return eval.evaluate(state);
        }
        // Forcing-move extension: the evaluator may deepen a node whose replies are forced.
        let depth = depth + eval.extension(state, &moves);
        self.history.score(state, eval, &moves, tt_move, ply, &mut scores);
        // Whether this node's subtree reaches a heuristic leaf (or prunes moves) is tracked apart from the rest of
        // the tree, so a fully resolved subtree can be stored as valid at any depth.
        let outer_horizon = std::mem::replace(&mut self.hit_horizon, pruned);

        // Principal variation search over the moves.
        let mut best = -Value::INFINITE;
        let mut best_move = None;
        if ply == 0 {
            self.root_done.clear();
        }
        // With other threads searching (Lazy SMP), a later move whose child another thread is searching now is
        // put off to the end of the list (simplified ABDADA); `i` counts the moves searched.
        let mut deferred = std::mem::take(&mut self.deferred[ply]);
        deferred.clear();
        let share = if depth >= DEFER_DEPTH { self.busy.clone() } else { None };
        let (mut next, mut i) = (0, 0);
        loop {
            let m = if next < moves.len() {
                pick_next(&mut moves, &mut scores, next);
                moves[next]
            } else if next - moves.len() < deferred.len() {
                deferred[next - moves.len()]
            } else {
                break;
            };
            let may_defer = next < moves.len() && i > 0;
            next += 1;
            let mut v;
            // At the last ply the evaluator may value a child without playing it: the same value, visited (and
            // re-searched by PVS) like a leaf.
            if let Some(leaf) = if depth == 1 { eval.leaf_value(state, m, ply as i32 + 1) } else { None } {
                v = -self.leaf(ply + 1, leaf);
                if i > 0 && v > alpha && v < beta && !self.aborted {
                    v = -self.leaf(ply + 1, leaf);
                }
            } else {
                // Late-move reduction (asked before the move is played): see below.
                let r = if i > 0 && depth > 2 { eval.reduction(state, m, i, depth).min(depth - 2) } else { 0 };
                // A child with plies left probes the table first thing (and the evaluator's own tables after it):
                // start those cache misses now, so they overlap playing the move.
                if depth > 1 {
                    if let Some(h) = state.hash_after(m) {
                        self.own.as_ref().unwrap_or(&self.tt).prefetch(h);
                    }
                    eval.prefetch(state, m);
                }
                state.play(m);
                let child = share.as_ref().map(|b| (b, state.hash()));
                if let Some((b, key)) = child {
                    if may_defer && b.is_busy(key) {
                        state.undo(m);
                        deferred.push(m);
                        continue;
                    }
                    b.enter(key);
                }
                if i == 0 {
                    v = -self.negamax(state, depth - 1, ply + 1, -beta, -alpha, eval);
                } else {
                    // Late-move reduction: a shallower null-window search first; one that beats alpha is searched
                    // again at full depth before PVS widens the window.
                    v = -self.negamax(state, depth - 1 - r, ply + 1, Value(-alpha.0 - 1), -alpha, eval);
                    if r > 0 && v > alpha && !self.aborted {
                        v = -self.negamax(state, depth - 1, ply + 1, Value(-alpha.0 - 1), -alpha, eval);
                    }
                    if v > alpha && v < beta && !self.aborted {
                        v = -self.negamax(state, depth - 1, ply + 1, -beta, -alpha, eval);
                    }
                }
                if let Some((b, key)) = child {
                    b.leave(key);
                }
                state.undo(m);
            }
            i += 1;
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.root_done.push(m);
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if ply == 0 {
                        self.root_value = v;
                    }
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(m);
                    head[ply].extend_from_slice(&tail[0]);
                }
            }
            if alpha >= beta {
                self.history.record_cutoff(state, m, ply, depth);
                break;
            }
        }
        self.lists[ply] = moves;
        self.scores[ply] = scores;
        self.deferred[ply] = deferred;
        if self.aborted {
            return Value::DRAW;
        }

        let bound = if best <= alpha_orig {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let stored_depth = if self.hit_horizon { depth.min(u32::from(PROVEN - 1)) as u16 } else { PROVEN };
        self.hit_horizon |= outer_horizon;
        let value = best.to_tt(ply as i32);
        match &mut self.own {
            Some(tt) => tt.store_exclusive(key, best_move, value, stored_depth, bound),
            None => self.tt.store(key, best_move, value, stored_depth, bound),
        }
        best
    }
}

#[cfg(test)]
mod tests;
