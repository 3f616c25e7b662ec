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
use crate::game::{Evaluator, MoveList, State};
use crate::limits::Deadline;
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
        // Internal iterative reduction: a node with no table move to try first may be searched shallower (and is
        // stored at that depth).
        let depth =
            if ply > 0 && tt_move.is_none() { depth - eval.unguided_reduction(depth).min(depth - 1) } else { depth };
        // Forcing-move extension: the evaluator may deepen a node whose replies are forced. The node is stored at
        // the depth it was asked for: a later search that asks for one ply more extends it again and searches it
        // deeper, instead of reading this result as deep enough.
        let asked = depth;
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
        let mut widened = false;
        let mut cut_late = false;
        loop {
            let m = if next < moves.len() {
                pick_next(&mut moves, &mut scores, next);
                moves[next]
            } else if next - moves.len() < deferred.len() {
                deferred[next - moves.len()]
            } else if !widened && (pruned || cut_late) && best.is_loss() && !self.aborted {
                // Every searched move lost by force, but the list was cut (or its late moves left out): search the
                // moves the cut left out (those the evaluator offers) before calling the node lost.
                widened = true;
                let searched = std::mem::take(&mut moves);
                eval.more_moves(state, &searched, &mut moves);
                if moves.is_empty() {
                    moves = searched;
                    break;
                }
                self.history.score(state, eval, &moves, None, ply, &mut scores);
                deferred.clear();
                next = 0;
                continue;
            } else {
                break;
            };
            let may_defer = next < moves.len() && i > 0;
            next += 1;
            // Late-move pruning: the evaluator may leave the rest of the list to deeper searches. The list ends
            // here, so a loss over it is searched again wider (above) and the subtree is no longer complete.
            if ply > 0 && i > 0 && !widened && next <= moves.len() && eval.late_move_pruning(i, depth) {
                next -= 1;
                moves.truncate(next);
                cut_late = true;
                self.hit_horizon = true;
                continue;
            }
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
                let r = if i > 0 && depth > 2 {
                    let root = if ply == 0 { eval.root_reduction(i, depth) } else { 0 };
                    eval.reduction(state, m, i, depth, !off_pv).max(root).min(depth - 2)
                } else {
                    0
                };
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
        let stored_depth = if self.hit_horizon { asked.min(u32::from(PROVEN - 1)) as u16 } else { PROVEN };
        self.hit_horizon |= outer_horizon;
        let value = best.to_tt(ply as i32);
        match &mut self.own {
            Some(tt) => tt.store_exclusive(key, best_move, value, stored_depth, bound),
            None => self.tt.store(key, best_move, value, stored_depth, bound),
        }
        best
    }
}

mod deepen;

#[cfg(test)]
mod tests;
