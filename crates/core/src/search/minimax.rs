//! Plain depth-limited minimax and alpha-beta: the reference searches and the test oracle.
//!
//! Both take the caller's move order (the game's canonical order, optionally rearranged by an `order` hook), count
//! every node they visit exactly (the root, interior nodes, forced passes and leaves; children alpha-beta never
//! generates are not counted), stop at a depth limit where the [`Evaluator`] scores the leaf, and score finished
//! games with [`Evaluator::terminal`]. They use no table and no heuristics of their own, so their node counts are the
//! textbook ones a course grader checks. Values are from the side to move at each node (negamax form); at the root
//! that is the player the caller searches for. Ties at the root go to the first move in order.
//!
//! Alpha-beta is fail-soft and prunes on equality: a node stops as soon as its value reaches β (in min/max terms a
//! MAX node stops when v ≥ β, a MIN node when v ≤ α).
//!
//! The `_traced` variants are the same searches reporting each node to a [`Tracer`] (see `trace.rs`); the plain
//! entry points pass `()`, whose empty hooks compile away.

use super::trace::{NodeKind, Tracer};
use crate::game::{Evaluator, MoveList, State};
use crate::outcome::Value;

/// The answer of a plain search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainResult<M> {
    /// The first move (in the given order) that reaches the root value; `None` when the root is terminal or the
    /// depth is 0.
    pub best: Option<M>,
    /// The depth-limited minimax value for the side to move at the root.
    pub value: Value,
    /// Nodes visited, root included.
    pub nodes: u64,
}

/// Rearranges a node's legal moves before they are expanded. The identity keeps the game's canonical order.
pub trait MoveOrder<S: State> {
    /// Reorders `moves` (all legal in `state`) in place.
    fn order(&mut self, state: &S, moves: &mut MoveList<S::Move>);
}

/// Keeps the game's own order.
#[derive(Copy, Clone, Debug, Default)]
pub struct CanonicalOrder;

impl<S: State> MoveOrder<S> for CanonicalOrder {
    fn order(&mut self, _state: &S, _moves: &mut MoveList<S::Move>) {}
}

struct Plain<'a, S: State, E, O, T> {
    eval: &'a E,
    order: O,
    tracer: T,
    depth: u32,
    nodes: u64,
    // Set when the tracer asks to stop; every loop then unwinds at once.
    stopped: bool,
    lists: Vec<MoveList<S::Move>>,
}

impl<S: State, E: Evaluator<S>, O: MoveOrder<S>, T: Tracer<S::Move>> Plain<'_, S, E, O, T> {
    fn new(eval: &E, order: O, tracer: T, depth: u32) -> Plain<'_, S, E, O, T> {
        Plain { eval, order, tracer, depth, nodes: 0, stopped: false, lists: Vec::new() }
    }

    /// Counts the node, then scores it if it is a leaf (terminal, at the depth limit, or without moves) or fills
    /// `self.lists[ply]` and returns `None`.
    fn leaf_or_expand(&mut self, state: &S, ply: u32, mv: Option<S::Move>, window: (Value, Value)) -> Option<Value> {
        self.nodes += 1;
        self.tracer.enter(ply, mv, window.0, window.1);
        if self.tracer.stop() {
            self.stopped = true;
            return Some(Value::DRAW);
        }
        let leaf = |tracer: &mut T, v: Value, kind: NodeKind| {
            tracer.leave(ply, v, kind);
            Some(v)
        };
        if let Some(outcome) = state.outcome() {
            return leaf(&mut self.tracer, self.eval.terminal(state, outcome, ply as i32), NodeKind::Terminal);
        }
        if ply >= self.depth {
            return leaf(&mut self.tracer, self.eval.evaluate(state), NodeKind::Horizon);
        }
        if self.lists.len() <= ply as usize {
            self.lists.resize_with(ply as usize + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.lists[ply as usize]);
        state.legal_moves(&mut moves);
        self.order.order(state, &mut moves);
        let empty = moves.is_empty();
        self.lists[ply as usize] = moves;
        if empty { leaf(&mut self.tracer, self.eval.evaluate(state), NodeKind::NoMoves) } else { None }
    }

    fn minimax(&mut self, state: &mut S, ply: u32, mv: Option<S::Move>) -> (Value, Option<S::Move>) {
        let window = (-Value::INFINITE, Value::INFINITE);
        if let Some(v) = self.leaf_or_expand(state, ply, mv, window) {
            return (v, None);
        }
        let moves = std::mem::take(&mut self.lists[ply as usize]);
        let mut best = (-Value::INFINITE, None);
        for &m in &moves {
            state.play(m);
            let v = -self.minimax(state, ply + 1, Some(m)).0;
            state.undo(m);
            if self.stopped {
                break;
            }
            if v > best.0 {
                best = (v, Some(m));
            }
        }
        self.lists[ply as usize] = moves;
        self.tracer.leave(ply, best.0, NodeKind::Interior);
        best
    }

    fn alphabeta(
        &mut self,
        state: &mut S,
        ply: u32,
        mv: Option<S::Move>,
        mut alpha: Value,
        beta: Value,
    ) -> (Value, Option<S::Move>) {
        if let Some(v) = self.leaf_or_expand(state, ply, mv, (alpha, beta)) {
            return (v, None);
        }
        let moves = std::mem::take(&mut self.lists[ply as usize]);
        let mut best = (-Value::INFINITE, None);
        for (i, &m) in moves.iter().enumerate() {
            state.play(m);
            let v = -self.alphabeta(state, ply + 1, Some(m), -beta, -alpha).0;
            state.undo(m);
            if self.stopped {
                break;
            }
            if v > best.0 {
                best = (v, Some(m));
            }
            if best.0 >= beta {
                if i + 1 < moves.len() {
                    self.tracer.cutoff(ply, best.0, beta, &moves[i + 1..]);
                }
                break;
            }
            if best.0 > alpha {
                alpha = best.0;
            }
        }
        self.lists[ply as usize] = moves;
        self.tracer.leave(ply, best.0, NodeKind::Interior);
        best
    }
}

/// Plain minimax to `depth` plies in the game's canonical move order.
///
/// # Examples
/// ```
/// use sente_core::examples::tictactoe::TicTacToe;
/// use sente_core::{Game, NullEvaluator, Value, search::minimax};
/// let mut s = TicTacToe.initial_state();
/// let r = minimax(&mut s, 9, &NullEvaluator);
/// assert_eq!(r.value, Value::DRAW);
/// assert_eq!(r.nodes, 549_946);
/// ```
pub fn minimax<S: State, E: Evaluator<S>>(state: &mut S, depth: u32, eval: &E) -> PlainResult<S::Move> {
    minimax_ordered(state, depth, eval, CanonicalOrder)
}

/// Plain minimax with a caller-supplied move order.
pub fn minimax_ordered<S: State, E: Evaluator<S>, O: MoveOrder<S>>(
    state: &mut S,
    depth: u32,
    eval: &E,
    order: O,
) -> PlainResult<S::Move> {
    let mut p = Plain::new(eval, order, (), depth);
    let (value, best) = p.minimax(state, 0, None);
    PlainResult { best, value, nodes: p.nodes }
}

/// Plain fail-soft alpha-beta (no table, no reordering) to `depth` plies in the game's canonical move order.
pub fn alphabeta<S: State, E: Evaluator<S>>(state: &mut S, depth: u32, eval: &E) -> PlainResult<S::Move> {
    alphabeta_ordered(state, depth, eval, CanonicalOrder)
}

/// Plain fail-soft alpha-beta with a caller-supplied move order.
pub fn alphabeta_ordered<S: State, E: Evaluator<S>, O: MoveOrder<S>>(
    state: &mut S,
    depth: u32,
    eval: &E,
    order: O,
) -> PlainResult<S::Move> {
    let mut p = Plain::new(eval, order, (), depth);
    let (value, best) = p.alphabeta(state, 0, None, -Value::INFINITE, Value::INFINITE);
    PlainResult { best, value, nodes: p.nodes }
}

/// [`minimax`] reporting every node to `tracer` (same order, same count).
///
/// # Examples
/// ```
/// use sente_core::examples::tictactoe::TicTacToe;
/// use sente_core::{Game, NullEvaluator, search::{TreeRecorder, minimax_traced}};
/// let mut s = TicTacToe.initial_state();
/// let mut tree = TreeRecorder::new(100, None);
/// let r = minimax_traced(&mut s, 2, &NullEvaluator, &mut tree);
/// assert_eq!((r.nodes, tree.visited(), tree.nodes().len()), (82, 82, 82));
/// ```
pub fn minimax_traced<S: State, E: Evaluator<S>, T: Tracer<S::Move>>(
    state: &mut S,
    depth: u32,
    eval: &E,
    tracer: T,
) -> PlainResult<S::Move> {
    let mut p = Plain::new(eval, CanonicalOrder, tracer, depth);
    let (value, best) = p.minimax(state, 0, None);
    PlainResult { best, value, nodes: p.nodes }
}

/// [`alphabeta`] reporting every node, window and cutoff to `tracer` (same order, same count).
pub fn alphabeta_traced<S: State, E: Evaluator<S>, T: Tracer<S::Move>>(
    state: &mut S,
    depth: u32,
    eval: &E,
    tracer: T,
) -> PlainResult<S::Move> {
    let mut p = Plain::new(eval, CanonicalOrder, tracer, depth);
    let (value, best) = p.alphabeta(state, 0, None, -Value::INFINITE, Value::INFINITE);
    PlainResult { best, value, nodes: p.nodes }
}
