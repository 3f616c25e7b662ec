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
//!
//! Successor generation, the costly part, runs on scoped threads over contiguous index ranges. Each edge goes into
//! a bucket by its target's block of indices, and each block's predecessor lists are then filled by a counting sort
//! that stays in cache (random writes over all 1.6 million L-Game edges at once were the solver's largest cost);
//! blocks are shared out among the threads too. The queue itself is sequential. The result never depends on the
//! thread count.

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

/// Solves every position of `game` by retrograde analysis, generating successors on all available cores.
///
/// # Errors
/// [`Error::IndexOutOfRange`] when a move leads to a position the game indexes outside `0..state_count()`.
///
/// # Panics
/// When the state space has 2³⁰ indices or more, or a position more than 2³² − 1 moves (the tables use 32-bit
/// entries).
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
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    solve_with_threads(game, cores)
}

/// Below this many states per thread, more threads cost more than they save.
const MIN_STATES_PER_THREAD: usize = 2048;

/// As [`solve`], with at most `threads` threads (1 runs everything on the calling thread). The result does not
/// depend on the number of threads.
///
/// # Errors
/// As [`solve`].
///
/// # Panics
/// As [`solve`].
pub fn solve_with_threads<G: Enumerable>(game: &G, threads: usize) -> Result<Solution, Error> {
    solve_inner(game, threads, None)
}

/// A game-supplied shortcut that appends the index of every successor of a position to a list (one entry per
/// legal move, in any order), for games that can compute child indices faster than `play`, `index_of` and `undo`.
pub type Successors<'a, S> = &'a (dyn Fn(&S, &mut Vec<u32>) + Sync);

/// As [`solve_with_threads`], listing successors with a game-supplied function instead of playing every move.
/// It must list exactly the indices of the positions the legal moves lead to, or the values will be wrong; a game
/// that offers one should test that it gives the same [`Solution`] as [`solve`].
///
/// # Errors
/// As [`solve`].
///
/// # Panics
/// As [`solve`].
pub fn solve_with_successors<G: Enumerable>(
    game: &G,
    threads: usize,
    successors: Successors<'_, G::State>,
) -> Result<Solution, Error> {
    solve_inner(game, threads, Some(successors))
}

fn solve_inner<G: Enumerable>(
    game: &G,
    threads: usize,
    successors: Option<Successors<'_, G::State>>,
) -> Result<Solution, Error> {
    let n = game.state_count();
    assert!(n < (1 << VERDICT_SHIFT), "retrograde: {n} states exceed the 2^30 the table can index");
    let threads = threads.min(n / MIN_STATES_PER_THREAD).max(1);
    let shift = bucket_shift(n);
    let chunks: Vec<Chunk> = parallel_map(&split(n, threads), |r| Chunk::build(game, r.clone(), n, shift, successors))
        .into_iter()
        .collect::<Result<_, _>>()?;
    let preds = Predecessors::build(&chunks, n, shift, threads);
    let mut table = Vec::with_capacity(n);
    let mut moves = Vec::with_capacity(n);
    let mut queue = Vec::with_capacity(n);
    for c in chunks {
        table.extend_from_slice(&c.table);
        moves.extend_from_slice(&c.moves);
        queue.extend_from_slice(&c.seeds);
    }
    let losing_moves = propagate(&mut table, &moves, &preds, queue);
    Ok(Solution { table, moves, losing_moves })
}

/// Runs `work` on each item, on scoped threads when there is more than one, and collects the results in order.
fn parallel_map<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    if items.len() <= 1 {
        return items.iter().map(work).collect();
    }
    std::thread::scope(|scope| {
        let work = &work;
        let handles: Vec<_> = items.iter().map(|item| scope.spawn(move || work(item))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|payload| std::panic::resume_unwind(payload))).collect()
    })
}

/// Splits `0..n` into `parts` contiguous ranges of nearly equal size.
fn split(n: usize, parts: usize) -> Vec<std::ops::Range<usize>> {
    let span = n.div_ceil(parts).max(1);
    (0..n).step_by(span).map(|lo| lo..(lo + span).min(n)).collect()
}

/// Edges are bucketed by target index in blocks of `1 << shift` targets: at least 1,024 (so that a block's
/// predecessor lists stay in cache while they are filled) and at most 256 blocks.
fn bucket_shift(n: usize) -> u32 {
    let bits = usize::BITS - n.max(1).leading_zeros();
    bits.saturating_sub(8).max(10)
}

/// One contiguous range of indices after successor generation: results of finished positions, move counts, and
/// every edge as `target << 32 | source`, bucketed by target block.
struct Chunk {
    /// Per index: the packed result if finished, `DRAW` (undecided) if playable, 0 if no position.
    table: Vec<u32>,
    /// Per index: the number of moves.
    moves: Vec<u32>,
    /// Finished positions with a decisive result: the queue's seeds.
    seeds: Vec<u32>,
    /// `buckets[b]`: the edges whose target lies in block `b`, by increasing source.
    buckets: Vec<Vec<u64>>,
}

impl Chunk {
    fn build<G: Enumerable>(
        game: &G,
        range: std::ops::Range<usize>,
        n: usize,
        shift: u32,
        successors: Option<Successors<'_, G::State>>,
    ) -> Result<Chunk, Error> {
        let blocks = (n >> shift) + 1;
        let mut chunk = Chunk {
            table: vec![0; range.len()],
            moves: vec![0; range.len()],
            seeds: Vec::new(),
            buckets: vec![Vec::new(); blocks],
        };
        let mut moves: MoveList<<G::State as State>::Move> = Vec::new();
        let mut children: Vec<u32> = Vec::new();
        // After a sample of the range, size the buckets for the rest from the edges per position seen so far.
        let sample_end = range.start + range.len() / 16;
        for (k, index) in range.enumerate() {
            if k > 0 && index == sample_end {
                let per_state = chunk.buckets.iter().map(Vec::len).sum::<usize>() as f64 / (k as f64);
                let expect = (per_state * (chunk.table.len() - k) as f64 * 1.05 / blocks as f64) as usize;
                chunk.buckets.iter_mut().for_each(|b| b.reserve(expect));
            }
            let Some(mut state) = game.state_at(index) else { continue };
            if let Some(outcome) = state.outcome() {
                chunk.table[k] = terminal_entry(&state, outcome);
                if is_decided(chunk.table[k]) {
                    chunk.seeds.push(index as u32);
                }
                continue;
            }
            chunk.table[k] = DRAW;
            children.clear();
            match successors {
                Some(list) => list(&state, &mut children),
                None => {
                    state.legal_moves(&mut moves);
                    for &m in &moves {
                        state.play(m);
                        let child = game.index_of(&state);
                        state.undo(m);
                        children.push(u32::try_from(child).unwrap_or(u32::MAX));
                    }
                }
            }
            chunk.moves[k] = u32::try_from(children.len()).expect("retrograde: more than 2^32 - 1 moves in a position");
            for &child in &children {
                if child as usize >= n {
                    return Err(Error::IndexOutOfRange { index: child as usize, count: n });
                }
                chunk.buckets[child as usize >> shift].push(u64::from(child) << 32 | index as u64);
            }
        }
        Ok(chunk)
    }
}

/// Predecessor lists (CSR), one part per block of targets, each filled by a counting sort of that block's edges
/// (blocks are shared out among the threads, so no two threads write the same memory).
struct Predecessors {
    shift: u32,
    parts: Vec<(Vec<u32>, Vec<u32>)>,
}

impl Predecessors {
    fn build(chunks: &[Chunk], n: usize, shift: u32, threads: usize) -> Predecessors {
        let blocks = (n >> shift) + 1;
        let groups = split(blocks, threads);
        let parts = parallel_map(&groups, |g| g.clone().map(|b| Self::block(chunks, b, n, shift)).collect::<Vec<_>>());
        Predecessors { shift, parts: parts.into_iter().flatten().collect() }
    }

    /// The predecessor CSR of block `b`'s targets.
    fn block(chunks: &[Chunk], b: usize, n: usize, shift: u32) -> (Vec<u32>, Vec<u32>) {
        let lo = b << shift;
        let len = (n.saturating_sub(lo)).min(1 << shift);
        let mut start = vec![0u32; len + 1];
        for chunk in chunks {
            for &e in &chunk.buckets[b] {
                start[(e >> 32) as usize - lo + 1] += 1;
            }
        }
        for k in 0..len {
            start[k + 1] += start[k];
        }
        let mut cursor = start.clone();
        let mut preds = vec![0u32; start[len] as usize];
        for chunk in chunks {
            for &e in &chunk.buckets[b] {
                let slot = &mut cursor[(e >> 32) as usize - lo];
                preds[*slot as usize] = e as u32;
                *slot += 1;
            }
        }
        (start, preds)
    }

    fn of(&self, s: usize) -> &[u32] {
        let (start, preds) = &self.parts[s >> self.shift];
        let k = s & ((1 << self.shift) - 1);
        &preds[start[k] as usize..start[k + 1] as usize]
    }
}

/// The breadth-first queue from the finished positions. Decides `table` in place and returns, per index, the
/// number of successors won for the opponent.
fn propagate(table: &mut [u32], moves: &[u32], preds: &Predecessors, mut queue: Vec<u32>) -> Vec<u32> {
    let mut losing = vec![0u32; table.len()];
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head] as usize;
        head += 1;
        let entry = table[s];
        let next = (entry & REMOTENESS_MASK) + 1;
        if entry & !REMOTENESS_MASK == LOSS {
            for &p in preds.of(s) {
                // Moving here wins; the first such successor popped is the nearest: the winner hurries.
                if !is_decided(table[p as usize]) {
                    table[p as usize] = WIN | next;
                    queue.push(p);
                }
            }
        } else {
            for &p in preds.of(s) {
                let pi = p as usize;
                losing[pi] += 1;
                // The last won successor is the farthest: the loser delays.
                if losing[pi] == moves[pi] && !is_decided(table[pi]) {
                    table[pi] = LOSS | next;
                    queue.push(p);
                }
            }
        }
    }
    losing
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
    fn the_thread_count_does_not_change_the_result() {
        let one = solve_with_threads(&TicTacToe, 1).unwrap();
        for threads in [2, 3, 8] {
            assert_eq!(solve_with_threads(&TicTacToe, threads).unwrap(), one, "{threads} threads");
        }
        assert_eq!(split(10, 3), vec![0..4, 4..8, 8..10]);
        assert_eq!((bucket_shift(0), bucket_shift(18_368), bucket_shift(1 << 29)), (10, 10, 22));
        assert_eq!(split(0, 3), Vec::<std::ops::Range<usize>>::new());
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
