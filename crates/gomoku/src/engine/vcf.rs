//! VCF (victory by continuous fours): a proof search where the attacker plays only fours, so every defender move
//! is forced, until a five or an unstoppable double threat.
//!
//! The attacker may also be answering a four of the defender's: then the only attacking move is the block, and it
//! must itself be a four. The defender loses when a four leaves two completion points, or (renju) when the only
//! block is a forbidden point for black. Failed positions are remembered by hash with the depth they failed at, so
//! transpositions of the same fours are not searched twice. The search is bounded by a node budget and an optional
//! [`Deadline`]; an exhausted budget returns "not found", never a wrong proof. [`vcf_len`], the main search's form,
//! also remembers its answers in a table shared by all threads.

use super::threats::ThreatBoard;
use crate::Gomoku;
use crate::position::{Move, Position};
use crate::rules::Rule;
use sente_core::{Deadline, State, StopFlag};
use std::sync::atomic::{AtomicU64, Ordering};

/// How much a threat search may spend.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Node limit.
    pub nodes: u64,
    /// Optional clock (the core's deadline, which also watches a stop flag).
    pub deadline: Option<Deadline>,
    /// An outside stop (the whole decision's), watched but never raised: a phase that runs out of its own time
    /// must not end the searches after it.
    pub cancel: Option<StopFlag>,
}

impl Budget {
    /// A node budget without a clock.
    #[must_use]
    pub fn nodes(nodes: u64) -> Budget {
        Budget { nodes, deadline: None, cancel: None }
    }
}

/// The result of a threat search: the winning line if one was proved, and the nodes it took either way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// Attacker's move, the defender's forced reply, and so on, ending with the attacker's five; `None` when no
    /// win was found within the budget.
    pub line: Option<Vec<Move>>,
    /// Nodes searched.
    pub nodes: u64,
}

const FAILED_SIZE: usize = 1 << 14;
/// Nodes between clock checks: a threat node scans the board, so checks must be frequent for short budgets.
const CLOCK_EVERY: u64 = 32;

/// The VCF searcher state (reusable across calls).
pub(crate) struct Solver<'b> {
    /// The node limit and the clocks of the budget, borrowed: the search inside the main search starts a solver
    /// at every node, and cloning the deadline there (a reference count shared by every thread) would make the
    /// Lazy SMP threads write one cache line at every node.
    limit: u64,
    deadline: Option<&'b Deadline>,
    cancel: Option<&'b StopFlag>,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
    failed: Vec<u64>,
    line: Vec<Move>,
    lists: Vec<Vec<Move>>,
    /// After the first four, try only fours on a line through one of the attacker's earlier fours of the same
    /// sequence (within four steps): see [`vcf_len`].
    related: bool,
}

impl<'b> Solver<'b> {
    pub(crate) fn new(budget: &'b Budget) -> Solver<'b> {
        Solver::with_failed(budget, vec![0; FAILED_SIZE])
    }

    /// A solver that remembers failures in `failed` (a power-of-two length of at least 64, [`fail_entry`]s), which may hold entries of earlier
    /// searches: a recorded failure is a fact about the position, the attacker and the depth, not about a budget.
    pub(crate) fn with_failed(budget: &'b Budget, failed: Vec<u64>) -> Solver<'b> {
        Solver::limited(budget.nodes, budget.deadline.as_ref(), budget.cancel.as_ref(), failed)
    }

    /// [`Solver::with_failed`] from a budget's parts.
    fn limited(
        limit: u64,
        deadline: Option<&'b Deadline>,
        cancel: Option<&'b StopFlag>,
        failed: Vec<u64>,
    ) -> Solver<'b> {
        debug_assert!(failed.len().is_power_of_two() && failed.len() > FAIL_DEPTH as usize);
        Solver {
            limit,
            deadline,
            cancel,
            nodes: 0,
            aborted: false,
            failed,
            line: Vec::new(),
            lists: Vec::new(),
            related: false,
        }
    }

    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.limit
            || (self.nodes.is_multiple_of(CLOCK_EVERY)
                && (self.deadline.is_some_and(|d| d.should_stop(0)) || self.cancel.is_some_and(StopFlag::is_stopped)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Attacker `att` to move. True when it wins by continuous fours within `depth` attacking moves.
    pub(crate) fn attack<B: ThreatBoard>(&mut self, pos: &mut B, att: usize, depth: u32) -> bool {
        self.attack_after(pos, att, depth, None, None)
    }

    /// [`Solver::attack`] on the position's light line words where it keeps them (the same search, fewer
    /// instructions a stone: see `rays.rs`), else on the position.
    pub(crate) fn attack_on(&mut self, pos: &mut Position, att: usize, depth: u32) -> bool {
        match super::rays::Rays::of(pos) {
            Some(mut rays) => self.attack(&mut rays, att, depth),
            None => self.attack(pos, att, depth),
        }
    }

    /// [`Solver::attack`] where `block`, when given, is the defender's stone just placed, before which the
    /// defender had no five to make (so its fives are read on that stone's lines only), and `before`, when given,
    /// is the attacker's four list of the position before its last four and that four (so the new list is read
    /// from them, [`four_moves_after`], instead of the board).
    fn attack_after<B: ThreatBoard>(
        &mut self,
        pos: &mut B,
        att: usize,
        depth: u32,
        block: Option<Move>,
        before: Option<(&[Move], Move)>,
    ) -> bool {
        if self.tick() {
            return false;
        }
        let def = 1 - att;
        if let Some(f) = pos.first_five(att) {
            self.line.push(f);
            return true;
        }
        let renju_black = att == super::threats::BLACK_INDEX && pos.game().rule() == Rule::Renju;
        // The same stones can be searched for either attacker (a VCT asks about the defender's fours too), and a
        // thread's table outlives a game, so the key also names the rule and board: a failure under one rule or
        // size says nothing about another. A known failure is answered before any move is listed.
        let key = solver_key(pos, att);
        let slot = (key as usize) & (self.failed.len() - 1);
        if depth == 0 || failed_at(self.failed[slot], key, depth) {
            return false;
        }
        let mut list = self.lists.pop().unwrap_or_default();
        // Whether `list` is every four of the attacker (not the one block of a defender's four).
        let mut full = false;
        // The defender's fives: made by its last block, if any, else (at the root) anywhere.
        match block {
            Some(b) => pos.five_cells_after(def, b, &mut list),
            None if pos.has_five(def) => pos.five_cells(def, &mut list),
            None => list.clear(),
        }
        if !list.is_empty() {
            // The defender threatens five: the only move is the block, and it must be a four to keep the initiative.
            let ok = list.len() == 1 && pos.legal_for(att, list[0]) && pos.makes_four(list[0], att);
            if !ok {
                self.lists.push(list);
                return false;
            }
        } else {
            full = true;
            // Under renju black's list keeps its forbidden fours (a later stone can lift them): the tries drop them.
            match before {
                Some((fours, four)) => pos.four_moves_after(att, fours, four, &mut list),
                None if renju_black => pos.four_cells(att, &mut list),
                None => pos.four_moves(att, &mut list),
            }
        }
        // The moves tried: after the first four, in the related form, only the fours near the sequence's own. The
        // next node's list is read from `list`, every four: a four dropped here may be related there.
        let mut tries = self.lists.pop().unwrap_or_default();
        tries.clone_from(&list);
        if full && renju_black {
            tries.retain(|&m| pos.legal_for(att, m));
        }
        if full && self.related && before.is_some() {
            // The attacker's stones of this sequence are the line's even entries (attacker and defender
            // alternate: every attacking move is a four, every defence its forced block).
            let line = &self.line;
            tries.retain(|&c| line.iter().step_by(2).any(|&s| pos.on_a_line_within_four(c, s)));
        }
        let mut won = false;
        for &m in &tries {
            pos.place(m.index(), att);
            self.line.push(m);
            won = self.defend(pos, att, depth - 1, m, full.then_some(&list[..]));
            pos.remove(m.index());
            if won || self.aborted {
                break;
            }
            self.line.pop();
        }
        self.lists.push(tries);
        self.lists.push(list);
        if !won && !self.aborted {
            self.failed[slot] = fail_entry(key, depth);
        }
        won
    }

    /// The attacker has just made a four with its stone on `four` (having had no five to make before it); the
    /// defender must block it. `fours`, when given, is the attacker's four list from before `four`.
    fn defend<B: ThreatBoard>(
        &mut self,
        pos: &mut B,
        att: usize,
        depth: u32,
        four: Move,
        fours: Option<&[Move]>,
    ) -> bool {
        let def = 1 - att;
        if pos.has_five(def) {
            return false;
        }
        let mut fives = self.lists.pop().unwrap_or_default();
        pos.five_cells_after(att, four, &mut fives);
        let result = match fives.len() {
            0 => false,
            1 if pos.legal_for(def, fives[0]) => {
                let b = fives[0];
                // The attacker's next step first reads the failure table at the position after the block: start
                // that slot's cache miss before the block is placed.
                let next = stones_key(pos.hash_with_stone(b.index(), def), pos.game(), att);
                sente_core::memory::prefetch(&self.failed[(next as usize) & (self.failed.len() - 1)]);
                pos.place(b.index(), def);
                self.line.push(b);
                let won = self.attack_after(pos, att, depth, Some(b), fours.map(|f| (f, four)));
                pos.remove(b.index());
                if !won {
                    self.line.pop();
                }
                won
            }
            1 => {
                // The only block is forbidden to black: the five follows.
                self.line.push(fives[0]);
                true
            }
            _ => {
                self.line.extend_from_slice(&fives[..2]);
                true
            }
        };
        self.lists.push(fives);
        result
    }

    pub(crate) fn take_line(&mut self) -> Vec<Move> {
        std::mem::take(&mut self.line)
    }
}

/// The key of `pos` with attacker `att` (0 black, 1 white) under its rule and board: the stones' hash mixed with
/// [`game_key`] and a tag for white.
fn solver_key(pos: &impl ThreatBoard, att: usize) -> u64 {
    stones_key(pos.stones_hash(), pos.game(), att)
}

/// [`solver_key`] for the stones whose hash is `hash` on the board and rule of `pos`.
pub(crate) fn stones_key(hash: u64, game: Gomoku, att: usize) -> u64 {
    hash ^ game_key(game) ^ if att == 0 { 0 } else { 0x9E37_79B9_7F4A_7C15 }
}

/// A key for the rule and board size of `pos`, mixed into the failure table's keys.
fn game_key(g: Gomoku) -> u64 {
    let d = g.dims();
    let tag = (g.rule() as u64) << 16 | u64::from(d.cols) << 8 | u64::from(d.rows);
    tag.wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// Failures remembered between [`vcf_len`] calls, per thread.
const HORIZON_FAILED: usize = 1 << 16;

/// Slots of the table of [`vcf_len`] answers.
const ANSWERS: usize = 1 << 17;

/// The answers of [`vcf_len`], shared by every thread of the process (the Lazy SMP helpers start each search
/// with fresh thread-local tables, so a per-thread table would keep their answers from one move to the next):
/// one word a slot, the key's high bits and the answer in its low six (the slot's index holds the key's low
/// bits), written and read whole, so two threads writing at once never leave a slot that reads as a wrong answer.
static ANSWERS_SHARED: std::sync::OnceLock<Box<[AtomicU64]>> = std::sync::OnceLock::new();

fn answers() -> &'static [AtomicU64] {
    ANSWERS_SHARED.get_or_init(|| (0..ANSWERS).map(|_| AtomicU64::new(0)).collect())
}

/// The key of [`vcf_len`]'s remembered answer for a position's [`solver_key`], depth and budget.
fn answer_key(solver_key: u64, max_depth: u32, nodes: u64) -> u64 {
    solver_key ^ (u64::from(max_depth) << 48 ^ nodes).wrapping_mul(0xA24B_AED4_963E_E407)
}

/// Starts the cache misses of what [`vcf_len`] reads first after `m` is played in `pos`, for the side to move
/// then (the main search asks it at every node): the remembered answer and, on a miss there, this thread's
/// failure-table slot for the same position. A hint only.
pub fn prefetch_answer(pos: &Position, m: Move, max_depth: u32, nodes: u64) {
    let Some(key) = child_key(pos, m) else { return };
    sente_core::memory::prefetch(&answers()[answer_slot(answer_key(key, max_depth, nodes))]);
    SCRATCH.with_borrow(|scratch| {
        let failed = &scratch.failed;
        if !failed.is_empty() {
            sente_core::memory::prefetch(&failed[(key as usize) & (failed.len() - 1)]);
        }
    });
}

/// The [`solver_key`] of the position after `m` for the side to move then, computed without playing `m`.
fn child_key(pos: &Position, m: Move) -> Option<u64> {
    Some(stones_key(pos.hash_after(m)?, pos.game(), 1 - pos.to_move().index()))
}

/// `key`'s slot in [`answers`].
fn answer_slot(key: u64) -> usize {
    key as usize & (ANSWERS - 1)
}

/// The low bits of an [`answers`] slot or a failure-table entry that hold its answer or depth (the slot's index
/// holds the key's low bits, so the key needs only the others).
const LOW: u64 = 63;
/// The deepest failure a failure-table entry records as such (deeper ones are recorded at this depth: never
/// reached by the searches, which ask at most 30 fours).
const FAIL_DEPTH: u32 = LOW as u32;

/// A failure-table entry: the key's high bits and the depth the search failed at.
fn fail_entry(key: u64, depth: u32) -> u64 {
    (key & !LOW) | u64::from(depth.min(FAIL_DEPTH))
}

/// True when `entry` records a failure of `key` at `depth` or deeper.
fn failed_at(entry: u64, key: u64, depth: u32) -> bool {
    entry & !LOW == key & !LOW && (entry & LOW) as u32 >= depth
}

/// The answer remembered for `key`: 0 for "no VCF", the line's length plus one for a win.
fn recall(key: u64) -> Option<u64> {
    let slot = answers()[answer_slot(key)].load(Ordering::Relaxed);
    (slot & !LOW == key & !LOW && slot != 0).then_some(slot & LOW)
}

/// Remembers `answer` for `key` (an answer too long for the slot's bits is not kept).
fn remember(key: u64, answer: u64) {
    if answer <= LOW {
        answers()[answer_slot(key)].store((key & !LOW) | answer, Ordering::Relaxed);
    }
}

/// What [`vcf_len`] keeps per thread between calls: the failure table, and the solver's line and pool of move
/// lists, so the many small searches of the main search allocate nothing once the pool is warm.
struct Scratch {
    failed: Vec<u64>,
    line: Vec<Move>,
    lists: Vec<Vec<Move>>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch { failed: Vec::new(), line: Vec::new(), lists: Vec::new() })
    };
}

/// The length of a VCF for colour `attacker` within `max_depth` fours and `nodes` nodes, if one is found before
/// `deadline` (checked every 32 nodes): the search's form for use at many nodes (no line kept for the caller, and
/// the failure table reused between calls on the same thread). Every settled answer (a win, a failure, or a budget
/// spent without a win; not one cut short by the deadline) is remembered process-wide for the position, attacker,
/// rule, board and budget, so the main search, which asks again at every node of every iteration and of the next
/// moves, searches each position's fours once. `pos` is restored before returning.
///
/// Unlike [`find_vcf`] it does not try every four after the first: only those on a line through one of the
/// attacker's earlier fours of the same sequence, at most four steps from it (a four elsewhere changes nothing the
/// sequence built, so it could have come first, where every four is tried). That gives up the rare win whose
/// order matters otherwise, and it searches less than half the nodes (docs/gomoku-log.md, "Related fours").
pub fn vcf_len(
    pos: &mut Position,
    attacker: usize,
    max_depth: u32,
    nodes: u64,
    deadline: Option<&Deadline>,
) -> Option<usize> {
    let key = answer_key(solver_key(pos, attacker), max_depth, nodes);
    if let Some(known) = recall(key) {
        return (known != 0).then(|| known as usize - 1);
    }
    let (answer, settled) = SCRATCH.with_borrow_mut(|scratch| {
        if scratch.failed.len() != HORIZON_FAILED {
            scratch.failed = vec![0; HORIZON_FAILED];
        }
        let mut solver = Solver::limited(nodes, deadline, None, std::mem::take(&mut scratch.failed));
        solver.line = std::mem::take(&mut scratch.line);
        solver.lists = std::mem::take(&mut scratch.lists);
        solver.related = true;
        let won = solver.attack_on(pos, attacker, max_depth);
        let len = solver.line.len();
        scratch.failed = std::mem::take(&mut solver.failed);
        scratch.line = std::mem::take(&mut solver.line);
        scratch.line.clear();
        scratch.lists = std::mem::take(&mut solver.lists);
        (won.then_some(len), won || !solver.aborted || solver.nodes >= nodes)
    });
    if settled {
        remember(key, answer.map_or(0, |l| l as u64 + 1));
    }
    answer
}

/// Searches a VCF for colour `attacker` (0 black, 1 white) in `pos`, whoever is to move there, with at most
/// `max_depth` attacking fours. `pos` is restored before returning.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, Rule, notation::{parse_board, move_text}};
/// use sente_gomoku::engine::vcf::{find_vcf, Budget};
/// let game = Gomoku::new(9, Rule::Freestyle)?;
/// // Black to move: a broken three plus a second line give fours all the way to five.
/// let mut pos = parse_board(game, ".........\n.........\n..xx.x...\n.........\n....x....\n....x....\no.o.o.o..\n.........\no........\n")?;
/// let proof = find_vcf(&mut pos, 0, 10, &Budget::nodes(10_000));
/// let line = proof.line.expect("a VCF");
/// assert_eq!(line.len() % 2, 1, "the attacker moves first and last");
/// # Ok::<(), sente_gomoku::Error>(())
/// ```
pub fn find_vcf(pos: &mut Position, attacker: usize, max_depth: u32, budget: &Budget) -> Proof {
    if pos.outcome().is_some() {
        return Proof { line: None, nodes: 0 };
    }
    let mut solver = Solver::new(budget);
    let won = solver.attack_on(pos, attacker, max_depth);
    Proof { line: won.then(|| solver.take_line()), nodes: solver.nodes }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Gomoku;
    use sente_core::{Game, MoveList};

    /// The answer slot the searcher prefetches before a move is the one [`vcf_len`] reads after it, under every
    /// rule, along random games.
    #[test]
    fn the_prefetched_answer_is_the_one_looked_up_after_the_move() {
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
            let mut pos = Gomoku::new(15, rule).unwrap().initial_state();
            let mut seed = 7 + rule as u64;
            let mut moves = MoveList::new();
            while pos.outcome().is_none() && pos.stones() < 60 {
                pos.legal_moves(&mut moves);
                for k in 0..4 {
                    let m = moves[(seed as usize + 37 * k) % moves.len()];
                    let expected = child_key(&pos, m).map(|k| answer_key(k, HORIZON_DEPTH_FOR_TEST, 4096));
                    pos.play(m);
                    let attacker = pos.to_move().index();
                    assert_eq!(expected, Some(answer_key(solver_key(&pos, attacker), HORIZON_DEPTH_FOR_TEST, 4096)));
                    pos.undo(m);
                }
                let (next, r) = sente_core::zobrist::splitmix64(seed);
                seed = next;
                pos.play(moves[r as usize % moves.len()]);
            }
        }
    }

    const HORIZON_DEPTH_FOR_TEST: u32 = 12;

    /// The search of [`vcf_len`] (related fours) and of [`find_vcf`] (every four) visits the same nodes in the
    /// same order and proves the same lines on the light line words as on the position, for both colours, under
    /// every rule, on boards of 15 and 19: from the timed bench's positions and along random continuations of them that make
    /// no five and no open four (and the position is given back unchanged).
    #[test]
    fn the_light_board_searches_as_the_position_does() {
        use crate::patterns::{D4, F4, FIVE};
        let (mut searched, mut won) = (0, 0);
        let games = [Rule::Freestyle, Rule::ExactFive, Rule::Renju].into_iter().flat_map(|r| [(r, 15), (r, 19)]);
        for (rule, size) in games {
            let game = Gomoku::new(size, rule).unwrap();
            for (k, start) in crate::bench::search_positions(game).into_iter().enumerate() {
                let mut pos = start;
                let mut seed = 1_000 * k as u64 + size as u64 + rule as u64;
                let mut moves = MoveList::new();
                for _ in 0..24 {
                    for att in 0..2 {
                        let budget = Budget::nodes(3_000);
                        // `vcf_len`'s related fours, and `find_vcf`'s every four, in turn.
                        let related = (pos.stones() + att) % 2 == 0;
                        let run = |board: &mut dyn FnMut(&mut Solver) -> bool| {
                            let mut solver = Solver::with_failed(&budget, vec![0; 1 << 12]);
                            solver.related = related;
                            let w = board(&mut solver);
                            (w, solver.take_line(), solver.nodes)
                        };
                        let hash = pos.hash();
                        let heavy = run(&mut |solver| solver.attack(&mut pos, att, HORIZON_DEPTH_FOR_TEST));
                        let mut rays = super::super::rays::Rays::of(&mut pos).expect("a light board");
                        let light = run(&mut |solver| solver.attack(&mut rays, att, HORIZON_DEPTH_FOR_TEST));
                        assert_eq!(
                            heavy,
                            light,
                            "{rule:?} {size} position {k} after {} stones, attacker {att}",
                            pos.stones()
                        );
                        assert_eq!(pos.hash(), hash);
                        searched += u32::from(heavy.2 > 10);
                        won += u32::from(heavy.0);
                    }
                    // A stone near the others that makes no five and no open four, blocking the opponent's five.
                    pos.legal_moves(&mut moves);
                    let me = pos.to_move().index();
                    let quiet = |m: &Move| {
                        let t = pos.tally_after(m.index(), me);
                        pos.near(m.index()) > 0 && t.count(me, FIVE) + t.count(me, F4) + t.count(me, D4) == 0
                    };
                    let mut next: Vec<_> = moves.iter().copied().filter(quiet).collect();
                    if let Some(block) = moves.iter().copied().find(|m| pos.makes_five(m.index(), 1 - me)) {
                        next = vec![block];
                    }
                    if next.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let (s, r) = sente_core::zobrist::splitmix64(seed);
                    seed = s;
                    pos.play(next[r as usize % next.len()]);
                    if pos.outcome().is_some() {
                        break;
                    }
                }
            }
        }
        assert!(searched > 200 && won > 20, "{searched} searches of more than ten nodes, {won} wins");
    }
}
