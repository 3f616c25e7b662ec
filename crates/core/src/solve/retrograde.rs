//! Retrograde analysis over an [`Enumerable`] state space: the exact value of every position, safe on loopy games.
//!
//! [`solve`] walks every index once, generating each position's successors into a compressed edge list (CSR), then
//! inverts it into predecessor lists and runs a breadth-first queue outwards from the finished positions, with the
//! negamax convention: a position is **lost** once every successor is won for the opponent, **won** as soon as one
//! successor is lost for the opponent. Positions the queue never reaches are **draws**: from them both sides can keep
//! the game going for ever (a loop), which is why the solver never recurses and never needs the game to be acyclic.
//!
//! Because the queue pops positions in order of their distance from the end, the first lost successor that wins a
//! position is the nearest one (the winner hurries) and the last won successor that loses a position is the farthest
//! one (the loser delays), so every decided position also gets its exact **remoteness**: the number of plies to the
//! end under that play. The result is a compact [`Solution`]: one packed `u32` per index, plus each position's number
//! of moves and how many of those moves hand the opponent a win.

use crate::error::Error;
use crate::game::{Enumerable, MoveList, State};
use crate::outcome::{Outcome, Value};
use std::fmt;

/// The game-theoretic result of a position for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// The side to move wins with best play.
    Win,
    /// The side to move loses with best play.
    Loss,
    /// Neither side can force a win.
    Draw,
}

/// A solved position: its verdict and, for wins and losses, its remoteness (plies to the end when the winner
/// hurries and the loser delays). Draws have remoteness 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solved {
    /// Win, loss or draw for the side to move.
    pub verdict: Verdict,
    /// Plies to the end of the game (0 for a finished game, and for every draw).
    pub remoteness: u32,
}

impl Solved {
    /// The same result on the core's [`Value`] scale: `win_in(r)`, `loss_in(r)` or [`Value::DRAW`].
    #[must_use]
    pub fn value(self) -> Value {
        let r = i32::try_from(self.remoteness).unwrap_or(i32::MAX).min(Value::MAX_PLY);
        match self.verdict {
            Verdict::Win => Value::win_in(r),
            Verdict::Loss => Value::loss_in(r),
            Verdict::Draw => Value::DRAW,
        }
    }

    /// The result for the player who moved into a position with this result: a loss in `r` becomes a win in
    /// `r + 1`, a win a loss, a draw stays a draw.
    #[must_use]
    pub fn before_move(self) -> Solved {
        match self.verdict {
            Verdict::Win => Solved { verdict: Verdict::Loss, remoteness: self.remoteness + 1 },
            Verdict::Loss => Solved { verdict: Verdict::Win, remoteness: self.remoteness + 1 },
            Verdict::Draw => self,
        }
    }
}

impl fmt::Display for Solved {
    /// `W<k>`, `L<k>` or `D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.verdict {
            Verdict::Win => write!(f, "W{}", self.remoteness),
            Verdict::Loss => write!(f, "L{}", self.remoteness),
            Verdict::Draw => f.write_str("D"),
        }
    }
}

// One packed entry per index: the verdict in the top two bits, the remoteness below. 0 means "no position here".
const VERDICT_SHIFT: u32 = 30;
const REMOTENESS_MASK: u32 = (1 << VERDICT_SHIFT) - 1;
const WIN: u32 = 1 << VERDICT_SHIFT;
const LOSS: u32 = 2 << VERDICT_SHIFT;
const DRAW: u32 = 3 << VERDICT_SHIFT;

fn pack(verdict: Verdict, remoteness: u32) -> u32 {
    debug_assert!(remoteness <= REMOTENESS_MASK);
    let tag = match verdict {
        Verdict::Win => WIN,
        Verdict::Loss => LOSS,
        Verdict::Draw => DRAW,
    };
    tag | remoteness
}

fn unpack(entry: u32) -> Option<Solved> {
    let remoteness = entry & REMOTENESS_MASK;
    let verdict = match entry & !REMOTENESS_MASK {
        WIN => Verdict::Win,
        LOSS => Verdict::Loss,
        DRAW => Verdict::Draw,
        _ => return None,
    };
    Some(Solved { verdict, remoteness })
}

fn is_decided(entry: u32) -> bool {
    let tag = entry & !REMOTENESS_MASK;
    tag == WIN || tag == LOSS
}

/// The exact value of every index of an [`Enumerable`] game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    table: Vec<u32>,
    moves: Vec<u32>,
    losing_moves: Vec<u32>,
}

impl Solution {
    /// The size of the index space (including indices that name no position).
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// True when the index space is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The result of the position with this index; `None` when the index names no position or is out of range.
    #[must_use]
    pub fn get(&self, index: usize) -> Option<Solved> {
        self.table.get(index).copied().and_then(unpack)
    }

    /// The result of a position, looked up through the game's index.
    ///
    /// # Errors
    /// [`Error::IndexOutOfRange`] when the game indexes the state outside the solved space.
    pub fn lookup<G: Enumerable>(&self, game: &G, state: &G::State) -> Result<Solved, Error> {
        let index = game.index_of(state);
        self.get(index).ok_or(Error::IndexOutOfRange { index, count: self.len() })
    }

    /// The result of the position with this index on the core's [`Value`] scale.
    #[must_use]
    pub fn value(&self, index: usize) -> Option<Value> {
        self.get(index).map(Solved::value)
    }

    /// The number of legal moves of the position with this index (0 for finished games and non-positions).
    #[must_use]
    pub fn moves(&self, index: usize) -> u32 {
        self.moves.get(index).copied().unwrap_or(0)
    }

    /// How many of the position's moves lead to a position won for the opponent: the chances the side to move has
    /// to go wrong.
    #[must_use]
    pub fn losing_moves(&self, index: usize) -> u32 {
        self.losing_moves.get(index).copied().unwrap_or(0)
    }

    /// Every index with its result, skipping indices that name no position.
    pub fn iter(&self) -> impl Iterator<Item = (usize, Solved)> + '_ {
        self.table.iter().enumerate().filter_map(|(i, &e)| unpack(e).map(|s| (i, s)))
    }

    /// The number of positions won, lost and drawn for the side to move, in that order.
    #[must_use]
    pub fn counts(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        for (_, s) in self.iter() {
            counts[s.verdict as usize] += 1;
        }
        counts
    }
}

/// Solves every position of `game` by retrograde analysis.
///
/// # Errors
/// [`Error::IndexOutOfRange`] when a move leads to a position the game indexes outside `0..state_count()`.
///
/// # Panics
/// When the state space has 2³⁰ indices or more, or more than 2³² − 1 moves in all (the tables use 32-bit entries).
///
/// # Examples
/// ```
/// use sente_core::examples::loopy::Ladders;
/// use sente_core::solve::retrograde::{Verdict, solve};
/// use sente_core::{Enumerable, Game};
/// let game = Ladders;
/// let solution = solve(&game)?;
/// let start = solution.lookup(&game, &game.initial_state())?;
/// assert_eq!(start.verdict, Verdict::Draw);
/// # Ok::<(), sente_core::Error>(())
/// ```
pub fn solve<G: Enumerable>(game: &G) -> Result<Solution, Error> {
    let graph = Graph::build(game)?;
    Ok(graph.solve())
}

/// The move graph: successors in CSR form and the finished positions' results.
struct Graph {
    /// Per index: the packed result if finished, `DRAW` (undecided) if playable, 0 if no position.
    table: Vec<u32>,
    /// `edges[offsets[i]..offsets[i + 1]]` are the successors of index `i`.
    offsets: Vec<u32>,
    edges: Vec<u32>,
    /// Finished positions with a decisive result, the queue's seeds.
    seeds: Vec<u32>,
}

impl Graph {
    fn build<G: Enumerable>(game: &G) -> Result<Graph, Error> {
        let count = game.state_count();
        assert!(count < (1 << VERDICT_SHIFT), "retrograde: {count} states exceed the 2^30 the table can index");
        let mut table = vec![0u32; count];
        let mut offsets = Vec::with_capacity(count + 1);
        let mut edges: Vec<u32> = Vec::new();
        let mut seeds = Vec::new();
        let mut moves: MoveList<<G::State as State>::Move> = Vec::new();
        offsets.push(0);
        for (index, slot) in table.iter_mut().enumerate() {
            if let Some(mut state) = game.state_at(index) {
                if let Some(outcome) = state.outcome() {
                    *slot = terminal_entry(&state, outcome);
                    if is_decided(*slot) {
                        seeds.push(index as u32);
                    }
                } else {
                    *slot = DRAW;
                    state.legal_moves(&mut moves);
                    for &m in &moves {
                        state.play(m);
                        let child = game.index_of(&state);
                        state.undo(m);
                        if child >= count {
                            return Err(Error::IndexOutOfRange { index: child, count });
                        }
                        edges.push(child as u32);
                    }
                }
            }
            let end = u32::try_from(edges.len()).expect("retrograde: more than 2^32 - 1 moves in the state space");
            offsets.push(end);
        }
        Ok(Graph { table, offsets, edges, seeds })
    }

    /// Predecessor lists (CSR) by a counting sort of the edges on their target.
    fn predecessors(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.table.len();
        let mut start = vec![0u32; n + 1];
        for &c in &self.edges {
            start[c as usize + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut cursor = start.clone();
        let mut preds = vec![0u32; self.edges.len()];
        for p in 0..n {
            for &c in &self.edges[self.offsets[p] as usize..self.offsets[p + 1] as usize] {
                let slot = &mut cursor[c as usize];
                preds[*slot as usize] = p as u32;
                *slot += 1;
            }
        }
        (start, preds)
    }

    fn solve(self) -> Solution {
        let (pstart, preds) = self.predecessors();
        let Graph { mut table, offsets, edges, seeds } = self;
        let n = table.len();
        let moves: Vec<u32> = offsets.windows(2).map(|w| w[1] - w[0]).collect();
        // Undecided successors left before a position is known to be lost.
        let mut left = moves.clone();
        let mut queue = seeds;
        queue.reserve(n.saturating_sub(queue.len()));
        let mut head = 0;
        while head < queue.len() {
            let s = queue[head] as usize;
            head += 1;
            let entry = table[s];
            let next = (entry & REMOTENESS_MASK) + 1;
            let lost_here = entry & !REMOTENESS_MASK == LOSS;
            for &p in &preds[pstart[s] as usize..pstart[s + 1] as usize] {
                let p = p as usize;
                if is_decided(table[p]) {
                    continue;
                }
                if lost_here {
                    // Moving here wins; the first such successor popped is the nearest.
                    table[p] = WIN | next;
                    queue.push(p as u32);
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        // The last won successor is the farthest: the loser delays.
                        table[p] = LOSS | next;
                        queue.push(p as u32);
                    }
                }
            }
        }
        let losing_moves = (0..n)
            .map(|p| {
                let succ = &edges[offsets[p] as usize..offsets[p + 1] as usize];
                succ.iter().filter(|&&c| table[c as usize] & !REMOTENESS_MASK == WIN).count() as u32
            })
            .collect();
        Solution { table, moves, losing_moves }
    }
}

/// The packed entry of a finished position for its side to move.
fn terminal_entry<S: State>(state: &S, outcome: Outcome) -> u32 {
    match outcome {
        Outcome::Draw => pack(Verdict::Draw, 0),
        Outcome::Win(p) if p == state.to_move() => pack(Verdict::Win, 0),
        Outcome::Win(_) => pack(Verdict::Loss, 0),
    }
}

/// Solves `game` and returns the result of its initial position as well (a convenience for callers and tests).
///
/// # Errors
/// As [`solve`].
pub fn solve_from_start<G: Enumerable>(game: &G) -> Result<(Solution, Solved), Error> {
    let solution = solve(game)?;
    let start = solution.lookup(game, &game.initial_state())?;
    Ok((solution, start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NullEvaluator;
    use crate::examples::tictactoe::TicTacToe;
    use crate::search::minimax;

    #[test]
    fn packing_round_trips() {
        for verdict in [Verdict::Win, Verdict::Loss, Verdict::Draw] {
            for r in [0, 1, 77, REMOTENESS_MASK] {
                assert_eq!(unpack(pack(verdict, r)), Some(Solved { verdict, remoteness: r }));
            }
        }
        assert_eq!(unpack(0), None);
        assert_eq!(Solved { verdict: Verdict::Win, remoteness: 3 }.to_string(), "W3");
        assert_eq!(Solved { verdict: Verdict::Loss, remoteness: 0 }.to_string(), "L0");
        assert_eq!(Solved { verdict: Verdict::Draw, remoteness: 0 }.to_string(), "D");
        assert_eq!(Solved { verdict: Verdict::Loss, remoteness: 4 }.value(), Value::loss_in(4));
        let w = Solved { verdict: Verdict::Loss, remoteness: 2 }.before_move();
        assert_eq!(w, Solved { verdict: Verdict::Win, remoteness: 3 });
    }

    /// Tic-tac-toe is acyclic, so plain minimax to the end gives the same values and the same distances: every
    /// legal position's retrograde value equals its full-depth minimax value.
    #[test]
    fn tictactoe_agrees_with_full_minimax_on_every_position() {
        let game = TicTacToe;
        let (solution, start) = solve_from_start(&game).unwrap();
        assert_eq!(start, Solved { verdict: Verdict::Draw, remoteness: 0 });
        let mut checked = 0;
        for (index, solved) in solution.iter() {
            let mut s = game.state_at(index).unwrap();
            let exact = minimax(&mut s, 9, &NullEvaluator).value;
            assert_eq!(solved.value(), exact, "index {index}: {s:?}");
            let mut moves = Vec::new();
            s.legal_moves(&mut moves);
            assert_eq!(solution.moves(index) as usize, moves.len());
            checked += 1;
        }
        assert!(checked > 5_000);
        assert_eq!(solution.get(game.state_count()), None);
    }

    #[test]
    fn losing_moves_count_successors_won_for_the_opponent() {
        let game = TicTacToe;
        let solution = solve(&game).unwrap();
        for (index, _) in solution.iter().step_by(37) {
            let mut s = game.state_at(index).unwrap();
            let mut moves = Vec::new();
            s.legal_moves(&mut moves);
            let mut losing = 0;
            for m in moves {
                s.play(m);
                if solution.lookup(&game, &s).unwrap().verdict == Verdict::Win {
                    losing += 1;
                }
                s.undo(m);
            }
            assert_eq!(solution.losing_moves(index), losing);
        }
    }
}
