//! Watching the plain searches: a [`Tracer`] hook and a [`TreeRecorder`] that builds the search tree from it.
//!
//! [`minimax_traced`](super::minimax_traced) and [`alphabeta_traced`](super::alphabeta_traced) are the very
//! searches [`minimax`](super::minimax) and [`alphabeta`](super::alphabeta) run (same code, same move order, same
//! node count); they only report each step to a tracer. The untraced entry points pass the tracer `()`, whose
//! empty methods compile away, so the course's searches pay nothing for being watchable.
//!
//! Every report is in negamax form, as the search sees it: the window and values are for the side to move at the
//! node. Showing them as MAX/MIN values for the root player is a matter of presentation, left to the caller.
//!
//! The recorder keeps at most `cap` nodes (the first ones in expansion order) and counts the rest, charging each
//! undrawn node to its deepest drawn ancestor, so a drawing can be capped while the count stays whole. With a
//! `limit` it stops the search once that many nodes were visited ([`TreeRecorder::stopped`]), which is how a
//! server refuses a tree too big to send.

use crate::outcome::Value;

/// How a node's value came about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The game is over here; scored by [`crate::Evaluator::terminal`].
    Terminal,
    /// The depth limit; scored by [`crate::Evaluator::evaluate`].
    Horizon,
    /// Not over, yet no legal move (a rule without passes); scored by the evaluator.
    NoMoves,
    /// The value backed up from the children.
    Interior,
}

/// Receives each step of a plain search. Every method has an empty default.
pub trait Tracer<M> {
    /// A node is entered and counted; `mv` led to it from its parent (`None` at the root). The window is the
    /// side to move's (`-∞, +∞` throughout plain minimax).
    fn enter(&mut self, _ply: u32, _mv: Option<M>, _alpha: Value, _beta: Value) {}

    /// The node just entered at `ply` is finished with `value` for its side to move.
    fn leave(&mut self, _ply: u32, _value: Value, _kind: NodeKind) {}

    /// Alpha-beta stopped the node at `ply`: its value reached `beta`, so the `pruned` moves are never expanded.
    fn cutoff(&mut self, _ply: u32, _value: Value, _beta: Value, _pruned: &[M]) {}

    /// Asked after every entered node: `true` abandons the search (its result then means nothing).
    fn stop(&self) -> bool {
        false
    }
}

/// The tracer that watches nothing.
impl<M> Tracer<M> for () {}

impl<M, T: Tracer<M>> Tracer<M> for &mut T {
    fn enter(&mut self, ply: u32, mv: Option<M>, alpha: Value, beta: Value) {
        (**self).enter(ply, mv, alpha, beta);
    }
    fn leave(&mut self, ply: u32, value: Value, kind: NodeKind) {
        (**self).leave(ply, value, kind);
    }
    fn cutoff(&mut self, ply: u32, value: Value, beta: Value, pruned: &[M]) {
        (**self).cutoff(ply, value, beta, pruned);
    }
    fn stop(&self) -> bool {
        (**self).stop()
    }
}

/// One recorded node, in negamax form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceNode<M> {
    /// Its number in expansion order, the root being 1 (the course's count of nodes visited so far).
    pub number: u64,
    /// Distance from the root.
    pub ply: u32,
    /// The move from the parent; `None` at the root.
    pub mv: Option<M>,
    /// The window on entry, for the side to move.
    pub alpha: Value,
    /// See `alpha`.
    pub beta: Value,
    /// The backed-up value for the side to move.
    pub value: Value,
    /// How the value came about.
    pub kind: NodeKind,
    /// Indices (into [`TreeRecorder::nodes`]) of the drawn children, in order.
    pub children: Vec<usize>,
    /// Moves alpha-beta never expanded here, in order.
    pub pruned: Vec<M>,
    /// The value and the β it reached, when the node was cut off.
    pub cut: Option<(Value, Value)>,
    /// Descendants visited but not drawn (past the recorder's cap).
    pub hidden: u64,
    /// The number of the last node of its subtree: once the search has visited it, this node's value is final.
    pub last: u64,
}

/// A [`Tracer`] that records the tree, drawing at most `cap` nodes and counting all of them.
#[derive(Clone, Debug)]
pub struct TreeRecorder<M> {
    cap: usize,
    limit: Option<u64>,
    visited: u64,
    nodes: Vec<TraceNode<M>>,
    // One entry per open node: its index when drawn.
    stack: Vec<Option<usize>>,
}

impl<M: Copy> TreeRecorder<M> {
    /// A recorder drawing at most `cap` nodes and stopping the search past `limit` visited nodes, if given.
    #[must_use]
    pub fn new(cap: usize, limit: Option<u64>) -> TreeRecorder<M> {
        TreeRecorder { cap, limit, visited: 0, nodes: Vec::new(), stack: Vec::new() }
    }

    /// The nodes visited (the course's count), drawn or not.
    #[must_use]
    pub fn visited(&self) -> u64 {
        self.visited
    }

    /// The drawn nodes; index 0 is the root (when anything was visited), children follow their parents.
    #[must_use]
    pub fn nodes(&self) -> &[TraceNode<M>] {
        &self.nodes
    }

    /// True when the search was abandoned at the limit.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.limit.is_some_and(|l| self.visited > l)
    }

    fn current(&mut self) -> Option<&mut TraceNode<M>> {
        let i = (*self.stack.last()?)?;
        self.nodes.get_mut(i)
    }
}

impl<M: Copy> Tracer<M> for TreeRecorder<M> {
    fn enter(&mut self, ply: u32, mv: Option<M>, alpha: Value, beta: Value) {
        self.visited += 1;
        let parent = self.stack.last().copied();
        let drawable = self.nodes.len() < self.cap && parent.is_none_or(|p| p.is_some());
        if !drawable {
            // Past the cap: charge the node to its deepest drawn ancestor (the drawn ones are a prefix of the stack).
            if let Some(a) = self.stack.iter().rev().find_map(|s| *s) {
                self.nodes[a].hidden += 1;
            }
            self.stack.push(None);
            return;
        }
        let index = self.nodes.len();
        self.nodes.push(TraceNode {
            number: self.visited,
            ply,
            mv,
            alpha,
            beta,
            value: Value::DRAW,
            kind: NodeKind::Interior,
            children: Vec::new(),
            pruned: Vec::new(),
            cut: None,
            hidden: 0,
            last: self.visited,
        });
        if let Some(Some(p)) = parent {
            self.nodes[p].children.push(index);
        }
        self.stack.push(Some(index));
    }

    fn leave(&mut self, _ply: u32, value: Value, kind: NodeKind) {
        let visited = self.visited;
        if let Some(node) = self.current() {
            node.value = value;
            node.kind = kind;
            node.last = visited;
        }
        self.stack.pop();
    }

    fn cutoff(&mut self, _ply: u32, value: Value, beta: Value, pruned: &[M]) {
        if let Some(node) = self.current() {
            node.pruned = pruned.to_vec();
            node.cut = Some((value, beta));
        }
    }

    fn stop(&self) -> bool {
        self.stopped()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples::tictactoe::TicTacToe;
    use crate::search::{alphabeta, alphabeta_traced, minimax, minimax_traced};
    use crate::{Game, NullEvaluator};

    #[test]
    fn traced_searches_count_and_answer_as_the_plain_ones() {
        for depth in 0..=9 {
            let mut s = TicTacToe.initial_state();
            let mut tree = TreeRecorder::new(usize::MAX, None);
            let traced = alphabeta_traced(&mut s, depth, &NullEvaluator, &mut tree);
            assert_eq!(traced, alphabeta(&mut s, depth, &NullEvaluator), "depth {depth}");
            assert_eq!(tree.visited(), traced.nodes);
            assert_eq!(tree.nodes().len() as u64, traced.nodes);
            assert_eq!(tree.nodes()[0].value, traced.value);
            assert_eq!(tree.nodes()[0].last, traced.nodes);
        }
        let mut s = TicTacToe.initial_state();
        let mut tree = TreeRecorder::new(1000, None);
        let traced = minimax_traced(&mut s, 4, &NullEvaluator, &mut tree);
        assert_eq!(traced, minimax(&mut s, 4, &NullEvaluator));
        // 1 + 9 + 72 + 504 + 3024 nodes; the first 1000 drawn, the rest charged to drawn ancestors.
        assert_eq!(tree.visited(), 3610);
        assert_eq!(tree.nodes().len(), 1000);
        let hidden: u64 = tree.nodes().iter().map(|n| n.hidden).sum();
        assert_eq!(hidden + 1000, 3610);
    }

    #[test]
    fn numbers_follow_expansion_order_and_cutoffs_name_their_bound() {
        let mut s = TicTacToe.initial_state();
        let mut tree = TreeRecorder::new(usize::MAX, None);
        alphabeta_traced(&mut s, 9, &NullEvaluator, &mut tree);
        for (i, n) in tree.nodes().iter().enumerate() {
            assert_eq!(n.number, i as u64 + 1);
            for &c in &n.children {
                assert_eq!(tree.nodes()[c].ply, n.ply + 1);
            }
            if let Some((v, beta)) = n.cut {
                assert!(v >= beta && !n.pruned.is_empty());
                assert_eq!(v, n.value);
            }
        }
        assert!(tree.nodes().iter().any(|n| n.cut.is_some()));
    }

    #[test]
    fn a_limit_stops_the_search() {
        let mut s = TicTacToe.initial_state();
        let mut tree = TreeRecorder::new(10, Some(500));
        minimax_traced(&mut s, 9, &NullEvaluator, &mut tree);
        assert!(tree.stopped());
        assert_eq!(tree.visited(), 501);
        assert_eq!(s, TicTacToe.initial_state());
    }
}
