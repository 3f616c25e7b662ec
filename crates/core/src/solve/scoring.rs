//! A memoised exact solver for acyclic two-player scoring games over [`ScoringState`].
//!
//! In a scoring game every move earns the mover some points and the game ends when no move is left; the difference
//! of the totals decides it. The value of a position for the side to move is
//! `value(s) = max over moves m of (gain(m) − value(s after m))`, and 0 when no move is left. This module computes
//! it by a plain depth-first recursion with a hash map keyed by [`ScoringState::memo_key`], in the game's own move
//! order, so it visits every distinct position once. It is simple on purpose: it is the reference oracle that the
//! games' fast solvers are tested against, not a fast solver itself.
//!
//! ```
//! use sente_core::solve::scoring::solve;
//! # use sente_core::solve::scoring::doc_example::Coins;
//! // A take-from-either-end coin row 3 1 5: taking 3 leaves 1 5 (worth 4 to the opponent), taking 5 leaves 3 1
//! // (worth 2), so the first player takes 5 and wins 5 − 2 = 3.
//! let s = solve(&mut Coins::new(&[3, 1, 5]), true);
//! assert_eq!(s.value, 3);
//! assert_eq!(s.move_values.unwrap().len(), 2);
//! ```

use std::collections::HashMap;

use crate::game::{MoveList, ScoringState};

/// The exact solution of a scoring position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoringSolution<M> {
    /// The value for the side to move: its final margin under optimal play by both sides.
    pub value: i32,
    /// The first move in the game's order whose value equals `value`; `None` when the game is over.
    pub best: Option<M>,
    /// Every legal move with its exact value (`gain − value of the rest`), in the game's order, when asked for.
    pub move_values: Option<Vec<(M, i32)>>,
    /// Distinct positions solved (the size of the memo).
    pub positions: usize,
}

/// The reusable memo: positions already solved, by [`ScoringState::memo_key`].
#[derive(Debug, Default)]
pub struct ScoringSolver {
    memo: HashMap<u64, i32>,
}

impl ScoringSolver {
    /// An empty solver.
    #[must_use]
    pub fn new() -> ScoringSolver {
        ScoringSolver::default()
    }

    /// Distinct positions solved so far.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The exact value of `state` for the side to move. The state is restored before returning.
    pub fn value<S: ScoringState>(&mut self, state: &mut S) -> i32 {
        let key = state.memo_key();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let mut best = 0;
        for (i, &m) in moves.iter().enumerate() {
            let v = self.move_value(state, m);
            if i == 0 || v > best {
                best = v;
            }
        }
        self.memo.insert(key, best);
        best
    }

    /// The exact value of playing `m` (legal in `state`): its gain minus the value of the rest for the opponent.
    pub fn move_value<S: ScoringState>(&mut self, state: &mut S, m: S::Move) -> i32 {
        let gain = state.gain(m);
        state.play(m);
        let rest = self.value(state);
        state.undo(m);
        gain - rest
    }

    /// Solves `state`: its value, the first best move in the game's order and, when `all_moves` is set, the value
    /// of every legal move.
    pub fn solve<S: ScoringState>(&mut self, state: &mut S, all_moves: bool) -> ScoringSolution<S::Move> {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        let values: Vec<(S::Move, i32)> = moves.iter().map(|&m| (m, self.move_value(state, m))).collect();
        let mut best: Option<(S::Move, i32)> = None;
        for &(m, v) in &values {
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        ScoringSolution {
            value: best.map_or(0, |(_, v)| v),
            best: best.map(|(m, _)| m),
            move_values: all_moves.then_some(values),
            positions: self.memo.len(),
        }
    }
}

/// Solves `state` with a fresh memo (see [`ScoringSolver::solve`]).
pub fn solve<S: ScoringState>(state: &mut S, all_moves: bool) -> ScoringSolution<S::Move> {
    ScoringSolver::new().solve(state, all_moves)
}

/// A tiny scoring game for the examples and tests: a row of coins, each move takes the coin at either end.
#[doc(hidden)]
pub mod doc_example {
    use crate::game::{MoveList, ScoringState, State};
    use crate::outcome::{Outcome, Player};

    /// Coins in a row; `lo..hi` are still on the table. `margin` is the first player's lead so far.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct Coins {
        coins: Vec<i32>,
        lo: usize,
        hi: usize,
        margin: i32,
    }

    impl Coins {
        /// A fresh row, first player to move.
        #[must_use]
        pub fn new(coins: &[i32]) -> Coins {
            Coins { coins: coins.to_vec(), lo: 0, hi: coins.len(), margin: 0 }
        }

        fn taken(&self) -> usize {
            self.coins.len() - (self.hi - self.lo)
        }

        fn coin(&self, right: bool) -> i32 {
            if right { self.coins[self.hi - 1] } else { self.coins[self.lo] }
        }
    }

    /// `false` takes the left end, `true` the right end.
    impl State for Coins {
        type Move = bool;

        fn to_move(&self) -> Player {
            if self.taken().is_multiple_of(2) { Player::First } else { Player::Second }
        }

        fn legal_moves(&self, moves: &mut MoveList<bool>) {
            moves.clear();
            match self.hi - self.lo {
                0 => {}
                1 => moves.push(false),
                _ => moves.extend([false, true]),
            }
        }

        fn play(&mut self, right: bool) {
            let sign = if self.to_move() == Player::First { 1 } else { -1 };
            self.margin += sign * self.coin(right);
            if right { self.hi -= 1 } else { self.lo += 1 }
        }

        fn undo(&mut self, right: bool) {
            if right {
                self.hi += 1
            } else {
                self.lo -= 1
            }
            let sign = if self.to_move() == Player::First { 1 } else { -1 };
            self.margin -= sign * self.coin(right);
        }

        fn outcome(&self) -> Option<Outcome> {
            (self.lo == self.hi).then_some(match self.margin {
                0 => Outcome::Draw,
                m if m > 0 => Outcome::Win(Player::First),
                _ => Outcome::Win(Player::Second),
            })
        }

        fn hash(&self) -> u64 {
            ((self.lo as u64) << 32) | self.hi as u64
        }

        fn move_key(&self, right: bool) -> usize {
            usize::from(right)
        }
    }

    impl ScoringState for Coins {
        fn gain(&self, right: bool) -> i32 {
            self.coin(right)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::doc_example::Coins;
    use super::*;
    use crate::game::State;
    use crate::outcome::Player;

    /// Brute force without memo: the textbook recursion the solver must equal.
    fn brute(s: &mut Coins) -> i32 {
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let mut best = None::<i32>;
        for m in moves {
            let g = s.gain(m);
            s.play(m);
            let v = g - brute(s);
            s.undo(m);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        best.unwrap_or(0)
    }

    #[test]
    fn hand_checked_values() {
        // Empty row: nothing to take.
        assert_eq!(
            solve(&mut Coins::new(&[]), false),
            ScoringSolution { value: 0, best: None, move_values: None, positions: 0 }
        );
        // One coin: take it.
        assert_eq!(solve(&mut Coins::new(&[7]), false).value, 7);
        // 1 2: take 2, the opponent takes 1 → +1; taking 1 first gives 1 − 2 = −1.
        let s = solve(&mut Coins::new(&[1, 2]), true);
        assert_eq!((s.value, s.best), (1, Some(true)));
        assert_eq!(s.move_values, Some(vec![(false, -1), (true, 1)]));
        // 5 5: both moves are worth 0; ties go to the first move in order.
        let s = solve(&mut Coins::new(&[5, 5]), false);
        assert_eq!((s.value, s.best), (0, Some(false)));
        // 2 9 3: left → 2 − v(9 3) = 2 − 6 = −4; right → 3 − v(2 9) = 3 − 7 = −4: a loss by 4 either way.
        let s = solve(&mut Coins::new(&[2, 9, 3]), true);
        assert_eq!(s.value, -4);
        assert_eq!(s.move_values, Some(vec![(false, -4), (true, -4)]));
        // 8 15 3 7: the classic example; taking 7 (then 15 is defended) wins 22 − 11 = 11.
        let s = solve(&mut Coins::new(&[8, 15, 3, 7]), true);
        assert_eq!((s.value, s.best), (11, Some(true)));
    }

    #[test]
    fn agrees_with_brute_force_and_restores_the_state() {
        let mut seed = 0x1234_5678_u64;
        for len in 0..12 {
            let coins: Vec<i32> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                    (seed >> 59) as i32
                })
                .collect();
            let mut s = Coins::new(&coins);
            let before = s.clone();
            let sol = solve(&mut s, true);
            assert_eq!(s, before);
            assert_eq!(sol.value, brute(&mut s.clone()), "coins {coins:?}");
            let values = sol.move_values.unwrap();
            assert_eq!(sol.value, values.iter().map(|&(_, v)| v).max().unwrap_or(0));
            assert_eq!(sol.best, values.iter().find(|&&(_, v)| v == sol.value).map(|&(m, _)| m));
            // Distinct positions of a row of n coins: the n(n+1)/2 non-empty intervals plus the empty ones reached.
            assert!(sol.positions <= len * (len + 1) / 2 + len + 1);
        }
    }

    #[test]
    fn memo_is_reused_across_calls() {
        let mut solver = ScoringSolver::new();
        let mut s = Coins::new(&[4, 1, 6, 2]);
        let v = solver.value(&mut s);
        let n = solver.positions();
        assert_eq!(solver.value(&mut s), v);
        assert_eq!(solver.positions(), n);
        assert_eq!(s.to_move(), Player::First);
    }
}
