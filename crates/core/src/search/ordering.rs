//! Move ordering for the negamax searcher: TT move first, then the game's own [`Evaluator::move_score`], killer
//! moves and the history heuristic.
//!
//! Moves are picked lazily (selection of the best remaining score), so a node that cuts off after its first move
//! pays for scoring but not for a full sort.

use crate::game::{Evaluator, State};

/// Two killer slots per ply and a butterfly-style history table indexed by [`State::move_key`].
#[derive(Clone, Debug)]
pub struct History<M> {
    killers: Vec<[Option<M>; 2]>,
    table: Vec<i32>,
}

const HISTORY_SIZE: usize = 1 << 14;
const TT_MOVE: i64 = 1 << 40;
const KILLER: i64 = 1 << 30;

impl<M: Copy + Eq> History<M> {
    /// Empty tables.
    #[must_use]
    pub fn new() -> History<M> {
        History { killers: Vec::new(), table: vec![0; 2 * HISTORY_SIZE] }
    }

    /// Forgets killers and ages history between searches.
    pub fn new_search(&mut self) {
        self.killers.clear();
        for h in &mut self.table {
            *h /= 8;
        }
    }

    fn slot<S: State<Move = M>>(state: &S, m: M) -> usize {
        state.to_move().index() * HISTORY_SIZE + state.move_key(m) % HISTORY_SIZE
    }

    /// Records a move that caused a beta cutoff at `ply` with `depth` plies left.
    pub fn record_cutoff<S: State<Move = M>>(&mut self, state: &S, m: M, ply: usize, depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = &mut self.table[Self::slot(state, m)];
        *h = (*h + (depth * depth) as i32).min(1 << 24);
    }

    /// Scores `moves` into `scores` (same length) for this node.
    pub fn score<S: State<Move = M>, E: Evaluator<S>>(
        &self,
        state: &S,
        eval: &E,
        moves: &[M],
        tt_move: Option<M>,
        ply: usize,
        scores: &mut Vec<i64>,
    ) {
        scores.clear();
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        scores.extend(moves.iter().map(|&m| {
            if Some(m) == tt_move {
                TT_MOVE
            } else {
                let mut s = i64::from(eval.move_score(state, m)) * 4096 + i64::from(self.table[Self::slot(state, m)]);
                if Some(m) == killers[0] {
                    s += KILLER;
                } else if Some(m) == killers[1] {
                    s += KILLER / 2;
                }
                s
            }
        }));
    }
}

impl<M: Copy + Eq> Default for History<M> {
    fn default() -> Self {
        Self::new()
    }
}

/// Swaps the best-scored move among `moves[i..]` into position `i`.
pub(crate) fn pick_next<M>(moves: &mut [M], scores: &mut [i64], i: usize) {
    // The highest score first (a reduction without a loop-carried compare-and-select), then its first position:
    // the same move as keeping the first maximum in one pass.
    let rest = &scores[i..];
    let top = rest.iter().copied().max().unwrap_or(i64::MIN);
    let best = i + rest.iter().position(|&s| s == top).unwrap_or(0);
    moves.swap(i, best);
    scores.swap(i, best);
}
