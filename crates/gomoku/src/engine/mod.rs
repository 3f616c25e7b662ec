//! The Gomoku engine: threat solvers and forced moves first, then the core's negamax searcher on two threads.
//!
//! [`Engine::think`] decides a move in stages, each with a share of the time:
//! 1. forced moves: the only legal move, the centre on an empty board, our five, the block of a single opposing five;
//! 2. our VCF ([`vcf`]), then, unless the opponent threatens one of his own, our VCT ([`vct`]);
//! 3. if the opponent has a VCF, the root moves are narrowed to those after which he has none (forced defence);
//!    otherwise, if he has a VCT, the root moves after which he still has one are dropped; a quiet root is cut to
//!    [`root_width`] moves, wider than the inner nodes (with a [`eval::GomokuEval::tail`], the moves past the inner
//!    nodes' width are the root's tail);
//! 4. iterative-deepening PVS from [`sente_core::search::Searcher`] with the Gomoku [`eval::GomokuEval`] (threat
//!    ordering and forward pruning) under a soft deadline (no new iteration) and a hard one (stop), on every
//!    thread at once through the core's Lazy SMP (`Searcher::search_smp`, one shared transposition table).
//!
//! With two or more threads, a helper already searches the root (over the quiet root's wide list) while stages 1-3
//! run on the calling thread, so the shared table is filled for the stages' time instead of the second core idling
//! ([`Engine::think_until`], `prepare_warming`).
//!
//! The engine never prints and never reads the clock itself: budgets become core [`Deadline`]s.
//!
//! Time keeping: [`ThinkLimits::time`] is a wall the decision must not pass. The core searcher looks at the clock
//! only every [`Deadline::CHECK_EVERY`] nodes (a few milliseconds of Gomoku search), helper threads stop one such
//! interval after the main one, and a loaded machine adds scheduling delays, so the search's hard deadline is the
//! budget less a reserve ([`search_time`]), and budgets under [`SMP_MIN_TIME`] search on one thread (no join).
//!
//! [`Deadline`]: sente_core::Deadline
//! [`Deadline::CHECK_EVERY`]: sente_core::Deadline::CHECK_EVERY

mod cells;
pub mod combined;
pub mod combo_fit;
mod cut;
pub mod eval;
pub mod keyed;
pub mod order;
pub mod ordered;
pub mod params;
pub mod played;
mod rays;
pub mod searched;
pub mod spsa;
pub mod threats;
pub mod tune;
pub mod tuned;
pub mod vcf;
pub mod vct;
pub mod weights;

use crate::position::{Move, Position};
use eval::GomokuEval;
use sente_core::search::{SearchLimits, SearchResult, Searcher};
use sente_core::{Evaluator, State, StopFlag, Stopwatch, Value};
use std::time::Duration;
use vcf::{Budget, find_vcf};

/// What one decision may spend. With only `nodes` set, the decision is deterministic for one thread.
#[derive(Clone, Debug, Default)]
pub struct ThinkLimits {
    /// Wall time for the whole decision.
    pub time: Option<Duration>,
    /// Node budget of the main search (the threat solvers get fixed fractions of it).
    pub nodes: Option<u64>,
    /// Deepest search iteration.
    pub depth: Option<u32>,
}

/// Why a move was chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// It was the only reasonable move (only legal move, the centre, a five, the only block).
    Forced,
    /// It starts a proven win by continuous fours.
    Vcf,
    /// It starts a proven win by threes and fours.
    Vct,
    /// The search chose it.
    Search,
}

/// The engine's decision.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The move.
    pub best: Move,
    /// Its value for the side to move.
    pub value: Value,
    /// Deepest finished search iteration (0 when no search ran).
    pub depth: u32,
    /// Nodes spent by searches and solvers.
    pub nodes: u64,
    /// Why.
    pub reason: Reason,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<Move>,
}

impl Decision {
    /// The decision's value, or `None` for a forced move (the only move, the centre, a five, the block of a
    /// five), which is played unsearched and whose `value` is a placeholder.
    pub fn searched_value(&self) -> Option<Value> {
        (self.reason != Reason::Forced).then_some(self.value)
    }
}

/// A decision proved by a threat solver: the line's first move, valued as a win at the line's length.
fn proved(line: Vec<Move>, nodes: u64, reason: Reason) -> Decision {
    Decision { best: line[0], value: Value::win_in(line.len() as i32), depth: 0, nodes, reason, pv: line }
}

/// The moves of `moves` (for the side to move in `pos`) after which the opponent has no VCT of [`VCT_DEPTH`]
/// attacking moves found within `each` (a budget per move), and the nodes spent. A move not checked before
/// `each`'s deadline or cancel flag stays. `pos` is restored.
pub fn vct_safe_moves(pos: &mut Position, moves: &[Move], each: &Budget) -> (Vec<Move>, u64) {
    let op = 1 - pos.to_move().index();
    let (mut keep, mut nodes) = (Vec::new(), 0);
    for &m in moves {
        let out = each.cancel.as_ref().is_some_and(StopFlag::is_stopped)
            || each.deadline.as_ref().is_some_and(|d| d.should_stop(0));
        if !out {
            pos.play(m);
            let refutation = vct::find_vct_remembered(pos, op, VCT_DEPTH, each);
            pos.undo(m);
            nodes += refutation.nodes;
            if refutation.line.is_some() {
                continue;
            }
        }
        keep.push(m);
    }
    (keep, nodes)
}

/// The moves searched at a quiet root of `pos` (`legal`: its legal moves): the evaluator's own choice (forced
/// replies, or the near cells cut by the quick key) with the cut at [`root_width`] instead of
/// [`GomokuEval::width`] and its tail.
#[must_use]
pub fn root_moves(pos: &Position, legal: &[Move]) -> Vec<Move> {
    let wide = GomokuEval { width: root_width(&GomokuEval::default()), tail: 0, ..GomokuEval::default() };
    let mut moves = legal.to_vec();
    wide.select_moves(pos, &mut moves);
    moves
}

/// A reusable engine: the core searcher, its shared table, and the thread count.
#[derive(Debug)]
pub struct Engine {
    searcher: Searcher<Position>,
    threads: usize,
}

const VCF_DEPTH: u32 = 20;
/// Most attacking moves of the engine's VCT searches.
pub const VCT_DEPTH: u32 = 5;
/// Moves searched at a quiet root; see [`root_width`].
pub const ROOT_WIDTH: usize = 30;

/// Moves searched at a quiet root with `eval`: [`ROOT_WIDTH`], or what an inner quiet node keeps
/// ([`GomokuEval::kept`]) if that is more. With a [`GomokuEval::tail`], the moves the root tries from the
/// [`GomokuEval::width`]-th on are its tail, searched as an inner node's (docs/gomoku-log.md, "A wider root").
#[must_use]
pub fn root_width(eval: &GomokuEval) -> usize {
    ROOT_WIDTH.max(eval.kept())
}

/// Node budget of each check that a root move leaves the opponent no VCT.
const VCT_CHECK_NODES: u64 = 5_000;

/// Budgets shorter than this search on one thread: joining Lazy SMP helpers costs up to one clock-check interval.
pub const SMP_MIN_TIME: Duration = Duration::from_millis(150);

/// The part of a decision's time budget `time` that the search may run until its hard deadline, counted from the
/// start of the decision: a twentieth of the budget (at least 3 ms, at most 25 ms) is kept back for the core's
/// clock-check interval (under a millisecond of search), the helper threads' join and scheduling delays.
///
/// # Examples
/// ```
/// use std::time::Duration;
/// use sente_gomoku::engine::search_time;
/// assert_eq!(search_time(Duration::from_millis(290)), Duration::from_micros(275_500));
/// assert_eq!(search_time(Duration::from_millis(40)), Duration::from_millis(37));
/// assert_eq!(search_time(Duration::from_millis(3)), Duration::ZERO);
/// ```
#[must_use]
pub fn search_time(time: Duration) -> Duration {
    let reserve = (time / 20).clamp(Duration::from_millis(3), Duration::from_millis(25));
    time.saturating_sub(reserve)
}

impl Engine {
    /// An engine using `threads` search threads (at least 1) and about `tt_megabytes` MiB of tables in all.
    #[must_use]
    pub fn new(threads: usize, tt_megabytes: usize) -> Engine {
        Engine { searcher: Searcher::with_megabytes(tt_megabytes.max(1)), threads: threads.max(1) }
    }

    /// Number of search threads.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets all learnt tables (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// Chooses a move for the side to move, or `None` when the game is over.
    pub fn think(&mut self, root: &Position, limits: &ThinkLimits) -> Option<Decision> {
        self.think_until(root, limits, &StopFlag::new())
    }

    /// [`Engine::think`] that also ends early, with the best move found so far, once `stop` is raised (a server
    /// whose client went away raises it so no CPU is spent on an answer nobody reads).
    pub fn think_until(&mut self, root: &Position, limits: &ThinkLimits, stop: &StopFlag) -> Option<Decision> {
        let clock = Stopwatch::start();
        let mut legal = Vec::new();
        root.legal_moves(&mut legal);
        let forced =
            |m: Move| Decision { best: m, value: Value::DRAW, depth: 0, nodes: 0, reason: Reason::Forced, pv: vec![m] };
        match legal.len() {
            0 => return None,
            1 => return Some(forced(legal[0])),
            _ => {}
        }
        let mut pos = root.clone();
        let eval = GomokuEval::default();
        let mut narrowed = legal.clone();
        eval.select_moves(&pos, &mut narrowed);
        if pos.stones() == 0 || narrowed.len() == 1 {
            return Some(forced(narrowed[0]));
        }
        let threads = if limits.time.is_some_and(|t| t < SMP_MIN_TIME) { 1 } else { self.threads };
        let (prepared, warm_nodes) = if threads > 1 {
            self.prepare_warming(root, &mut pos, &legal, &narrowed, limits, stop)
        } else {
            (prepare(&mut pos, &legal, &narrowed, limits, stop), 0)
        };
        let (mut eval, spent) = match prepared {
            Ok(p) => p,
            Err(mut d) => {
                d.nodes += warm_nodes;
                return Some(d);
            }
        };
        let spent = spent + warm_nodes;
        // The search's hard deadline keeps the reserve; with no time left it still runs a token search (one
        // clock-check interval at most) so the move comes from the evaluator, not from list order.
        let remaining =
            limits.time.map(|t| search_time(t).saturating_sub(clock.elapsed()).max(Duration::from_micros(500)));
        eval.vcf_deadline =
            remaining.map(|t| SearchLimits { time: Some(t), stop: stop.clone(), ..SearchLimits::default() }.start());
        let result = self.search(&pos, &eval, limits, remaining, threads, stop);
        let best = result.best.unwrap_or(narrowed[0]);
        Some(Decision {
            best,
            value: result.value,
            depth: result.depth,
            nodes: result.nodes + spent,
            reason: Reason::Search,
            pv: if result.pv.is_empty() { vec![best] } else { result.pv },
        })
    }

    /// [`prepare`] on this thread while a helper searches `root` on another, over the quiet root's wide list and
    /// without the stages' verdicts, into the shared table, so the search proper starts with the table already
    /// filled for the stages' time (about a quarter of a decision) instead of leaving the second core idle; the
    /// helper stops when the stages end. Also returns the helper's nodes.
    fn prepare_warming(
        &self,
        root: &Position,
        pos: &mut Position,
        legal: &[Move],
        narrowed: &[Move],
        limits: &ThinkLimits,
        stop: &StopFlag,
    ) -> (Result<(GomokuEval, u64), Decision>, u64) {
        let helper_stop = StopFlag::new();
        let mut helper = self.searcher.helper();
        let helper_limits = SearchLimits {
            time: limits.time.map(search_time),
            depth: limits.depth,
            stop: helper_stop.clone(),
            ..SearchLimits::default()
        };
        let helper_eval = GomokuEval {
            vcf_deadline: Some(helper_limits.start()),
            root: quiet_root(root, legal, narrowed),
            ..GomokuEval::default()
        };
        std::thread::scope(|scope| {
            let handle = scope.spawn(|| helper.search(root, &helper_eval, &helper_limits, &mut ()).nodes);
            let prepared = prepare(pos, legal, narrowed, limits, stop);
            helper_stop.stop();
            (prepared, handle.join().unwrap_or(0))
        })
    }

    /// The negamax search: the core's Lazy SMP over a shared table when there are several threads.
    fn search(
        &mut self,
        pos: &Position,
        eval: &GomokuEval,
        limits: &ThinkLimits,
        remaining: Option<Duration>,
        threads: usize,
        stop: &StopFlag,
    ) -> SearchResult<Move> {
        let search_limits = SearchLimits {
            depth: limits.depth,
            nodes: limits.nodes,
            time: remaining,
            soft_time: remaining.map(|t| t.mul_f64(0.6)),
            stop: stop.clone(),
        };
        self.searcher.search_smp(pos, eval, &search_limits, &mut (), threads)
    }
}

/// The threat stages of a decision on `pos` (restored): our VCF, the opponent's, our VCT, the opponent's, then the
/// root defences. A proved win ends the decision (`Err`); otherwise the evaluator for the search, its root list
/// narrowed where a defence applies, and the nodes spent.
fn prepare(
    pos: &mut Position,
    legal: &[Move],
    narrowed: &[Move],
    limits: &ThinkLimits,
    stop: &StopFlag,
) -> Result<(GomokuEval, u64), Decision> {
    let me = pos.to_move().index();
    let op = 1 - me;
    let mut eval = GomokuEval::default();
    let budget = |share: f64, nodes_share: u64| Budget {
        nodes: limits.nodes.map_or(u64::MAX, |n| (n / nodes_share).max(1000)),
        deadline: limits.time.map(|t| SearchLimits::time(t.mul_f64(share)).start()),
        cancel: Some(stop.clone()),
    };
    let mut spent = 0;
    // Our wins by force.
    let b = budget(0.1, 10);
    let ours = find_vcf(pos, me, VCF_DEPTH, &b);
    spent += ours.nodes;
    if let Some(line) = ours.line {
        return Err(proved(line, spent, Reason::Vcf));
    }
    let threat = find_vcf(pos, op, VCF_DEPTH, &b);
    spent += threat.nodes;
    let mut their_vct = false;
    if threat.line.is_none() {
        let b = budget(0.15, 5);
        let vct = vct::find_vct_remembered(pos, me, VCT_DEPTH, &b);
        spent += vct.nodes;
        if let Some(line) = vct.line {
            // The VCT line follows one defence only; its length is no distance to the end, so report the
            // bound the solver's depths guarantee.
            let bound = 2 * (VCT_DEPTH + vct::INNER_VCF_DEPTH) as usize + 1;
            let mut d = proved(line, spent, Reason::Vct);
            d.value = Value::win_in(bound as i32);
            return Err(d);
        }
        // Would the opponent, moving now, win by threes?
        let theirs = vct::find_vct_remembered(pos, op, VCT_DEPTH, &budget(0.1, 10));
        spent += theirs.nodes;
        their_vct = theirs.line.is_some();
    }
    // Forced defence: keep the root moves after which the opponent has no VCF.
    if threat.line.is_some() {
        let b = budget(0.15, 10);
        let each = Budget { nodes: b.nodes / 8, ..b.clone() };
        let mut safe = Vec::new();
        for &m in narrowed {
            if stop.is_stopped() || each.deadline.as_ref().is_some_and(|d| d.should_stop(0)) {
                // Out of time: keep the moves proved safe so far (all moves if none was).
                break;
            }
            pos.play(m);
            let refutation = find_vcf(pos, op, VCF_DEPTH, &each);
            pos.undo(m);
            spent += refutation.nodes;
            if refutation.line.is_none() {
                safe.push(m);
            }
        }
        if !safe.is_empty() {
            eval.root = Some((pos.hash(), safe));
        }
    }
    // Defence against threes: drop the root moves after which the opponent still has a VCT (a move not
    // checked in time stays); if every move loses so, keep them all.
    if their_vct {
        let b = budget(0.15, 10);
        let each = Budget { nodes: (b.nodes / 8).min(VCT_CHECK_NODES), ..b.clone() };
        let (keep, nodes) = vct_safe_moves(pos, narrowed, &each);
        spent += nodes;
        if !keep.is_empty() && keep.len() < narrowed.len() {
            eval.root = Some((pos.hash(), keep));
        }
    }
    if eval.root.is_none() {
        eval.root = quiet_root(pos, legal, narrowed);
    }
    Ok((eval, spent))
}

/// The root list of a quiet root (one the width cut applied to, `narrowed` being the evaluator's moves of `pos`, as
/// many as a quiet node keeps): the search looks wider there than inside ([`root_moves`]). `None` elsewhere.
fn quiet_root(pos: &Position, legal: &[Move], narrowed: &[Move]) -> Option<(u64, Vec<Move>)> {
    (narrowed.len() == GomokuEval::default().kept()).then(|| (pos.hash(), root_moves(pos, legal)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Gomoku, Rule};

    /// The helper that searches while the stages run shares only the search's table: the stages decide the same
    /// (the same proof, or the same root list after the same nodes) as without it, on the bench positions of two
    /// boards, each run starting with no remembered VCT wins.
    #[test]
    fn the_warming_helper_changes_nothing_the_stages_decide() {
        let limits = ThinkLimits { nodes: Some(200_000), ..ThinkLimits::default() };
        let stop = StopFlag::new();
        let engine = Engine::new(2, 16);
        for game in [Gomoku::new(15, Rule::Freestyle).unwrap(), Gomoku::new(19, Rule::Freestyle).unwrap()] {
            for root in crate::bench::positions(game) {
                let mut legal = Vec::new();
                root.legal_moves(&mut legal);
                let mut narrowed = legal.clone();
                GomokuEval::default().select_moves(&root, &mut narrowed);
                let verdict = |r: Result<(GomokuEval, u64), Decision>| match r {
                    Ok((eval, spent)) => (eval.root, spent, None),
                    Err(d) => (None, d.nodes, Some(d.pv)),
                };
                // Each run from no remembered VCT wins, or the second would read the first's.
                vct::forget_wins();
                let alone = verdict(prepare(&mut root.clone(), &legal, &narrowed, &limits, &stop));
                vct::forget_wins();
                let mut pos = root.clone();
                let (warmed, _) = engine.prepare_warming(&root, &mut pos, &legal, &narrowed, &limits, &stop);
                assert_eq!(alone, verdict(warmed));
                assert_eq!(pos.hash(), root.hash(), "the stages restore the position");
            }
        }
    }
}
