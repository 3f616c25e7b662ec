//! The Gomoku [`Evaluator`]: static evaluation from the incremental pattern totals, threat-first move ordering and
//! the forward pruning that turns the core's negamax into a Gomoku search.
//!
//! - `evaluate`: the side to move's pattern potential (weighted by the fitted tempo) against the opponent's, plus near-certain tactical verdicts
//!   (a five to play, two fives to stop, an open four to make) as large heuristic scores.
//! - `move_score`: a move's own threats (five, four-three, open four, threes…) and the opponent threats it blocks.
//! - `select_moves`: forced replies first (play the five; block the opponent's five; make the winning open four;
//!   against an open three, only blocks and counter-fours), otherwise cells near stones, cut to the best
//!   [`GomokuEval::width`] by a quick key (and a [`GomokuEval::tail`] after them, searched only far from the
//!   horizon: `late_move_pruning`), the cut itself living in `cut.rs`. A root whitelist lets the engine exclude
//!   moves its threat solvers proved losing.
//! - `extension`: a node with a single searched move (the block of a four, the only five) costs no depth, so lines
//!   of fours and forced blocks are followed to their end inside the horizon.
//! - `aspiration`: the root is searched first inside a window around the last iteration's value.
//! - `futility`, `null_move` and `razor`: the core's pruning before a node is searched, all off the principal
//!   variation and only where the opponent threatens nothing a tempo would complete (no five to make, no open
//!   three): a static value far above beta fails high (reverse futility), as does one that still holds beta after
//!   passing the turn (null move); a static value far below alpha with no win by fours fails low (razoring).
//! - `searched_moves` and `leaf_value`: the same moves and the same leaf values as the defaults (legal moves then
//!   `select_moves`; play, `evaluate`, undo), read straight from the position's rows, cell words and
//!   [`Position::tally_after`], so the search is unchanged and cheaper.

use super::cells::{FOURS_AND_FIVES, cell_sum, is_lone_four, value_of_lane};
use super::cut::{fill_near, is_near};
use super::threats::BLACK_INDEX;
use super::tune::TEMPO_DENOM;
use crate::patterns::{D4, F4, FIVE};
use crate::position::{Move, Position, Tally};
use sente_core::{Deadline, Evaluator, MoveList, State, Value};

/// Win next move (a five is on the board for the side to move).
const WIN_NOW: i32 = 60_000_000;
/// Two opponent fives to stop: lost.
const LOST: i32 = 50_000_000;
/// An open four to make while the opponent has no four: won in three.
const WIN_SOON: i32 = 40_000_000;

/// The evaluator (see the module docs).
#[derive(Clone, Debug)]
pub struct GomokuEval {
    /// Perturbs move ordering (0 for none). The engine leaves it at 0: its Lazy SMP helpers share one evaluator and
    /// spread out by the depths they search instead.
    pub jitter: u64,
    /// Most moves kept at a quiet node with fewer than [`GomokuEval::tail_depth`] plies left.
    pub width: usize,
    /// Moves kept beyond [`GomokuEval::width`] at a quiet node (the next ones by the cut's key), searched only at
    /// nodes with [`GomokuEval::tail_depth`] plies or more left ([`Evaluator::late_move_pruning`]); 0 for none.
    /// Every move from the `width`-th on (counted from 0 in the order searched, the root's included) is first
    /// searched [`GomokuEval::tail_reduction`] plies shallower, and again at full depth if it beats alpha; a quiet
    /// root keeps more ([`super::root_width`]), its moves past the width treated so too. 8 by default, with
    /// [`GomokuEval::reduce`] (docs/gomoku-log.md, "The tail paid for by late-move reductions"; alone it was level, "A
    /// tail to the width cut").
    pub tail: usize,
    /// See [`GomokuEval::tail`]; 5.
    pub tail_depth: u32,
    /// See [`GomokuEval::tail`]; 3.
    pub tail_reduction: u32,
    /// Moves allowed at the root (hash, moves); `None` allows all.
    pub root: Option<(u64, Vec<Move>)>,
    /// Extend nodes with a single searched move ([`Evaluator::extension`]); on by default (docs/gomoku-log.md, "The
    /// forcing extension on the fitted-key engine").
    pub extend_forced: bool,
    /// Reduce late quiet moves ([`Evaluator::reduction`]); on by default, with the [`GomokuEval::tail`].
    pub reduce: bool,
    /// With [`GomokuEval::reduce`], a late move that makes a lone four (one simple four, no open three or second
    /// four with it, and nothing of the opponent's blocked) is reduced like a quiet one. Such a four forces one
    /// block and is then spent. Off by default: it halves the depth-10 bench's nodes and plays level in self-play
    /// (docs/gomoku-log.md, "Lone fours reduced").
    pub reduce_lone_fours: bool,
    /// At a quiet node, also keep every near cell where the side to move makes a four that the width cut's key
    /// ranks below the [`GomokuEval::kept`] cells. The compiled key ([`crate::engine::keyed`]) ranks a lone simple
    /// four below an open three, so the cut can leave out the four that starts a VCF (the root's VCF stage still
    /// finds it). Off by default: with it the depth-10 bench's tree is no smaller than the fitted key's and
    /// self-play is level with the last engine (docs/gomoku-log.md, "The width cut's key tuned by self-play").
    pub keep_fours: bool,
    /// Plies taken off every reduction (the tail's and the late quiet moves') at a principal-variation node, where
    /// the line's value is decided and nodes are few, as chess engines do; 0 by default (1 was measured and not
    /// kept: docs/gomoku-log.md, "Smaller reductions on the principal variation, more for moves with no history").
    pub pv_relief: u32,
    /// Nodes with at least this many plies left and no table move are searched a ply shallower
    /// ([`Evaluator::unguided_reduction`]); 0 for never. 4 by default (docs/gomoku-log.md, "Internal iterative
    /// reduction").
    pub unguided_depth: u32,
    /// Root moves from this one on (counted from 0 in the order searched) are searched a ply shallower first in
    /// iterations of four plies or more ([`Evaluator::root_reduction`]); 0 for never. 10 by default
    /// (docs/gomoku-log.md, "Late root moves searched a ply shallower").
    pub root_reduce_from: usize,
    /// Null-move pruning ([`Evaluator::null_move`]) at nodes where the opponent threatens nothing a free move
    /// would complete.
    pub null_move: bool,
    /// Half-width of the aspiration window each iteration from the fourth on first searches the root with, around
    /// the last iteration's value ([`Evaluator::aspiration`]); `None` searches every iteration unbounded. On by
    /// default (docs/gomoku-log.md, "Aspiration windows").
    pub aspiration: Option<i32>,
    /// Reverse futility pruning ([`Evaluator::futility`]): the margin per ply left by which the static value must
    /// clear beta at a threat-free node (0 for none), and the most plies left where it applies.
    pub futility_margin: i32,
    /// See [`GomokuEval::futility_margin`].
    pub futility_depth: u32,
    /// Razoring ([`Evaluator::razor`]): the margin per ply left by which the static value must fall short of alpha
    /// (0 for none), and the most plies left where it applies.
    pub razor_margin: i32,
    /// See [`GomokuEval::razor_margin`].
    pub razor_depth: u32,
    /// Nodes with at most this many plies left look for a VCF of the side to move ([`Evaluator::prove`]): 0 for
    /// none, `u32::MAX` (the default) for every node but the root, whose VCF the engine has already looked for.
    pub vcf_horizon: u32,
    /// Node budget of each of those VCF searches.
    pub vcf_nodes: u64,
    /// The decision's hard deadline, which those VCF searches also watch (a search checks the clock only every
    /// [`sente_core::Deadline::CHECK_EVERY`] of its own nodes).
    pub vcf_deadline: Option<Deadline>,
}

/// Most attacking fours of a VCF searched inside the main search.
const HORIZON_VCF_DEPTH: u32 = 12;

impl Default for GomokuEval {
    /// The engine's settings; the width, tail, aspiration and pruning margins are the search settings in force
    /// ([`super::params::active`], [`super::searched::SEARCH`] unless another set was installed).
    fn default() -> GomokuEval {
        let [futility, razor, aspiration, _, width, tail] = super::params::active().search;
        GomokuEval {
            jitter: 0,
            width: width as usize,
            tail: tail as usize,
            tail_depth: 5,
            tail_reduction: 3,
            root: None,
            extend_forced: true,
            reduce: true,
            reduce_lone_fours: false,
            keep_fours: false,
            pv_relief: 0,
            unguided_depth: 4,
            root_reduce_from: 10,
            null_move: true,
            aspiration: Some(aspiration),
            futility_margin: futility,
            futility_depth: 7,
            razor_margin: razor,
            razor_depth: 7,
            vcf_horizon: u32::MAX,
            vcf_nodes: 65_536,
            vcf_deadline: None,
        }
    }
}

impl GomokuEval {
    /// Static threat value of a cell for colour `color`: what playing there makes.
    #[must_use]
    pub fn cell_value(pos: &Position, i: usize, color: usize) -> i32 {
        value_of_lane((cell_sum(pos, i) >> (32 * color)) as u32)
    }

    /// [`Evaluator::reduction`] away from the principal variation: the tail's reduction, or the late quiet move's.
    fn reduction_off_pv(&self, s: &Position, m: Move, index: usize, depth: u32) -> u32 {
        if self.tail > 0 && index >= self.width {
            return self.tail_reduction;
        }
        if !self.reduce || index < 3 {
            return 0;
        }
        if opponent_threatens(s) {
            return 0;
        }
        let sum = cell_sum(s, m.index());
        if sum & FOURS_AND_FIVES != 0 && !(self.reduce_lone_fours && is_lone_four(sum, s.to_move().index())) {
            return 0;
        }
        late_reduction(depth, index)
    }
}

/// Whether a corner of `s` other than cell `besides` is empty with no stone within two steps: a cell black may
/// play under renju whatever stone goes on `besides` (a forbidden point needs a black stone within two steps on
/// one of its lines).
fn open_corner(s: &Position, besides: usize) -> bool {
    let d = s.dims();
    let (rows, cols) = (usize::from(d.rows), usize::from(d.cols));
    [0, cols - 1, (rows - 1) * cols, rows * cols - 1]
        .into_iter()
        .any(|c| c != besides && s.near(c) == 0 && s.cell(c) == 0)
}

/// [`GomokuEval::evaluate`]'s verdict for colour `me` to move from a position's totals and counters, or, when the
/// opponent has two or more (cell, direction) fives, `Err` with the plain pattern balance (the caller looks for
/// the cells).
fn judge(t: Tally, me: usize, rule: crate::Rule) -> Result<Value, i32> {
    let op = 1 - me;
    if t.count(me, FIVE) > 0 {
        return Ok(Value::heuristic(WIN_NOW));
    }
    let totals = t.totals();
    let base = (totals[me] * super::params::active().tempo) / TEMPO_DENOM - totals[op];
    match t.count(op, FIVE) {
        0 => {}
        1 => return Ok(Value::heuristic(base)),
        _ => return Err(base),
    }
    if t.count(me, F4) + t.count(me, D4) > 0 && !(me == BLACK_INDEX && rule == crate::Rule::Renju) {
        return Ok(Value::heuristic(WIN_SOON));
    }
    Ok(Value::heuristic(base))
}

/// True when the opponent of the side to move threatens something a free tempo would complete: a five to make, or
/// an open four to make (an open three). The side to move's replies are then forced.
fn opponent_threatens(s: &Position) -> bool {
    let op = 1 - s.to_move().index();
    s.count(op, FIVE) + s.count(op, F4) + s.count(op, D4) > 0
}

/// The static value for the side to move of a position where the opponent threatens nothing a free tempo would
/// complete (no five to make, no open three), or `None`: where the pruning hooks may judge a node unsearched.
fn quiet_value(s: &Position) -> Option<Value> {
    if opponent_threatens(s) {
        return None;
    }
    judge(s.tally(), s.to_move().index(), s.rule()).ok()
}

/// Plies by which a late quiet move (the `index`-th tried, from 0) is first searched shallower with `depth` plies
/// left: `round(ln depth · ln (index + 1) / divisor)`, at least one, as chess engines grow their late-move
/// reductions (the core keeps at least one ply of the child's search). The divisor is the `lmr` search setting in
/// hundredths ([`super::params::active`]; docs/gomoku-log.md, "Late-move reductions that grow with the depth"): 2
/// reduces the fourth move by one ply up to 8 plies left and by two from 9, the ninth by two from 4 plies left and
/// by three from 10.
fn late_reduction(depth: u32, index: usize) -> u32 {
    static TABLE: std::sync::LazyLock<[[u8; 64]; 64]> = std::sync::LazyLock::new(|| {
        let divisor = f64::from(super::params::active().search[3]) / 100.0;
        let mut t = [[1u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate() {
                let plies = ((d as f64).ln() * ((i + 1) as f64).ln() / divisor).round();
                *r = (plies as u8).max(1);
            }
        }
        t
    });
    u32::from(TABLE[(depth as usize).min(63)][index.min(63)])
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Evaluator<Position> for GomokuEval {
    fn evaluate(&self, s: &Position) -> Value {
        let me = s.to_move().index();
        judge(s.tally(), me, s.rule()).unwrap_or_else(|base| {
            // Two or more (cell, direction) fives for the opponent: lost if they lie on two cells.
            let mut cells = Vec::new();
            super::threats::five_cells(s, 1 - me, &mut cells);
            Value::heuristic(if cells.len() >= 2 { -LOST } else { base })
        })
    }

    /// The leaf after `m` is judged from the totals and counters the move would leave
    /// ([`Position::tally_after`]), without playing it: a five ends the game, a full board draws, and the rest is
    /// [`GomokuEval::evaluate`]'s verdict unless it would have to look for the cells of two opposing fives. Under
    /// renju, after a white move, black must have a legal move for that: a corner with no stone within two steps
    /// (so no forbidden point) vouches for one; without such a corner the move is played instead.
    fn leaf_value(&self, s: &Position, m: Move, ply: i32) -> Option<(Value, bool)> {
        let (i, mover) = (m.index(), s.to_move().index());
        if s.rule() == crate::Rule::Renju && mover != BLACK_INDEX && !open_corner(s, i) {
            return None;
        }
        if s.makes_five(i, mover) {
            return Some((Value::loss_in(ply), true));
        }
        if s.stones() + 1 == s.cells().len() {
            return Some((Value::DRAW, true));
        }
        judge(s.tally_after(i, mover), 1 - mover, s.rule()).ok().map(|v| (v, false))
    }

    fn move_score(&self, s: &Position, m: Move) -> i32 {
        let me = s.to_move().index();
        let i = m.index();
        let sum = cell_sum(s, i);
        // Values are never negative, so `* 5 >> 2` is the `* 5 / 4` of the evaluation without the sign fix-up.
        let score =
            ((value_of_lane((sum >> (32 * me)) as u32) * 5) >> 2) + value_of_lane((sum >> (32 * (1 - me))) as u32);
        if self.jitter == 0 { score } else { score + (mix(self.jitter ^ (i as u64) ^ s.hash()) % 16) as i32 }
    }

    fn select_moves(&self, s: &Position, moves: &mut MoveList<Move>) {
        if let Some((hash, allowed)) = &self.root
            && *hash == s.hash()
            && moves.iter().any(|m| allowed.contains(m))
        {
            moves.retain(|m| allowed.contains(m));
            return;
        }
        if s.stones() == 0 {
            let d = s.dims();
            let centre = s.move_at(sente_core::grid::Coord::new(d.rows / 2, d.cols / 2));
            if moves.contains(&centre) {
                moves.clear();
                moves.push(centre);
            }
            return;
        }
        let legal = moves.len();
        // Keep the cells near stones (all moves if none is): every forced reply below is one of them, so the
        // forced-move checks scan the short list. When `moves` is every empty cell (the rules' legal
        // moves outside renju), the near cells are read straight from the position's occupancy rows.
        let near = s.candidate_rows();
        if near.iter().any(|&r| r != 0) {
            if s.stones() + moves.len() == s.cells().len() {
                fill_near(s, &near, moves);
            } else {
                let cols = usize::from(s.dims().cols);
                let near_move = |m: &Move| is_near(&near, cols, m.index());
                if moves.iter().any(near_move) {
                    moves.retain(near_move);
                }
            }
        }
        self.narrow(s, moves, legal);
    }

    /// At a quiet node (the opponent has no five to make and no open four to make, so no reply was forced) whose
    /// best [`GomokuEval::width`] moves all lost by force: the other cells near stones, so a defence the quick key
    /// ranked lower is still found before the node counts as lost.
    fn more_moves(&self, s: &Position, searched: &[Move], moves: &mut MoveList<Move>) {
        if opponent_threatens(s) {
            return;
        }
        let (near, cols) = (s.candidate_rows(), usize::from(s.dims().cols));
        s.legal_moves(moves);
        moves.retain(|m| is_near(&near, cols, m.index()) && !searched.contains(m));
    }

    /// The child's first look-up after the table is [`GomokuEval::prove`]'s remembered VCF answer: start it.
    fn prefetch(&self, s: &Position, m: Move) {
        if self.vcf_horizon > 0 {
            super::vcf::prefetch_answer(s, m, HORIZON_VCF_DEPTH, self.vcf_nodes);
        }
    }

    /// [`GomokuEval::aspiration`]: the root's window around the last iteration's value.
    fn aspiration(&self) -> Option<i32> {
        self.aspiration
    }

    /// A node with a single searched move (the block of a four, the only five) costs no depth: the line goes on
    /// to the position after the forced reply, so threat sequences are seen to the end of the horizon.
    fn extension(&self, _s: &Position, moves: &[Move]) -> u32 {
        u32::from(self.extend_forced && moves.len() == 1)
    }

    /// A node with [`GomokuEval::unguided_depth`] plies or more left and no table move is searched a ply
    /// shallower: it is new to the search, its moves are ordered by the quick key alone, and the next iteration
    /// finds its table move and searches it at full depth.
    fn unguided_reduction(&self, depth: u32) -> u32 {
        u32::from(self.unguided_depth > 0 && depth >= self.unguided_depth)
    }

    /// The quiet root keeps [`super::root_width`] moves; from the [`GomokuEval::root_reduce_from`]-th searched on
    /// (after the table's move, those the move scores and the history rank last), each is first searched a ply
    /// shallower in iterations of four plies or more, and again at full depth if it beats the best so far.
    fn root_reduction(&self, index: usize, depth: u32) -> u32 {
        u32::from(self.root_reduce_from > 0 && index >= self.root_reduce_from && depth >= 4)
    }

    /// The [`GomokuEval::tail`] of a quiet node's list is searched only with [`GomokuEval::tail_depth`] plies or
    /// more left: nearer the horizon the node keeps the first [`GomokuEval::width`] moves it tries.
    fn late_move_pruning(&self, index: usize, depth: u32) -> bool {
        self.tail > 0 && index >= self.width && depth < self.tail_depth
    }

    /// Moves from the [`GomokuEval::width`]-th on (the tail, wherever searched) are first searched
    /// [`GomokuEval::tail_reduction`] plies shallower. With [`GomokuEval::reduce`] set, late quiet moves before
    /// them are searched shallower first, by more the more plies are left and the later the move
    /// (`round(ln depth · ln (index + 1) / 2)` plies, at least one): not before the fourth move, never while the
    /// opponent threatens (a four or an open three, whose defences [`GomokuEval::select_moves`] has already
    /// narrowed), and never for a move that makes or blocks a four or a five (with
    /// [`GomokuEval::reduce_lone_fours`] set, but for a lone four). A move that makes or blocks an open
    /// three is reduced like a quiet one (docs/gomoku-log.md, "Late threes reduced"): the threat it makes is
    /// answered at the child, and a four that follows is still searched in full. At a principal-variation node (`pv`) either
    /// reduction is [`GomokuEval::pv_relief`] plies smaller.
    fn reduction(&self, s: &Position, m: Move, index: usize, depth: u32, pv: bool) -> u32 {
        let plies = self.reduction_off_pv(s, m, index, depth);
        if pv { plies.saturating_sub(self.pv_relief) } else { plies }
    }

    /// With at least three plies left, when the opponent has no five to make and no open three (so a free move
    /// would not give him an open four) and the static value already reaches `beta`: pass, reduced by two plies
    /// (three from depth 7). A free move that lets the opponent win by fours is seen by the VCF at the child.
    fn null_move(&self, s: &Position, depth: u32, beta: Value) -> Option<u32> {
        if !self.null_move || depth < 3 || beta.is_decisive() {
            return None;
        }
        let v = quiet_value(s)?;
        (v >= beta).then_some(2 + u32::from(depth >= 7))
    }

    /// With at most [`GomokuEval::futility_depth`] plies left, when the opponent has no five to make and no open
    /// three and the static value clears `beta` by [`GomokuEval::futility_margin`] per ply left: fail high at
    /// `beta`. It is asked before the node's VCF check, which it makes unnecessary: a win by fours is above beta too.
    fn futility(&self, s: &Position, depth: u32, beta: Value) -> Option<Value> {
        if self.futility_margin == 0 || depth > self.futility_depth || beta.is_decisive() {
            return None;
        }
        let v = quiet_value(s)?;
        (v.0 - self.futility_margin * depth as i32 >= beta.0).then_some(beta)
    }

    /// With at most [`GomokuEval::razor_depth`] plies left, no VCF for the side to move (asked after
    /// [`Evaluator::prove`]) and no open three of its own, when the static value falls short of `alpha` by
    /// [`GomokuEval::razor_margin`] per ply left: fail low at `alpha`.
    fn razor(&self, s: &Position, depth: u32, alpha: Value) -> Option<Value> {
        // Only where the VCF check ran (its win would have settled the node before this).
        if self.razor_margin == 0 || depth > self.razor_depth.min(self.vcf_horizon) || alpha.is_decisive() {
            return None;
        }
        let v = judge(s.tally(), s.to_move().index(), s.rule()).ok()?;
        (v.0 + self.razor_margin * depth as i32 <= alpha.0).then_some(alpha)
    }

    /// At a node with at most [`GomokuEval::vcf_horizon`] plies left (by default every node), a win by continuous
    /// fours for the side to move, found by a small VCF search ([`super::vcf::vcf_len`], [`GomokuEval::vcf_nodes`]
    /// nodes), settles the node: the static evaluation sees only fours already made, so a VCF one move beyond the
    /// horizon would otherwise look like an ordinary position, and inside the tree a proved node needs no search.
    fn prove(&self, s: &mut Position, depth: u32, ply: i32) -> Option<Value> {
        if depth > self.vcf_horizon {
            return None;
        }
        // The solver's first step lists the side to move's fours (or the block of a five threat), so a position
        // without one costs a single scan of the cells near stones.
        let len =
            super::vcf::vcf_len(s, s.to_move().index(), HORIZON_VCF_DEPTH, self.vcf_nodes, self.vcf_deadline.as_ref())?;
        Some(Value::win_in(ply + len as i32))
    }

    /// The same moves as the default (legal moves, then [`GomokuEval::select_moves`]) without building the legal
    /// list: outside renju's black moves every empty cell is legal, so the near cells come straight from the
    /// occupancy rows. Renju's black moves check only the near cells for forbidden points: a forbidden point
    /// needs a black stone within two steps on one of its lines (an overline, a four or an open three through
    /// it), so every cell farther from the stones is legal. The root whitelist and the empty board take the
    /// default path.
    fn searched_moves(&self, s: &Position, moves: &mut MoveList<Move>) -> bool {
        let special =
            s.winner().is_some() || s.stones() == 0 || self.root.as_ref().is_some_and(|(hash, _)| *hash == s.hash());
        let near = s.candidate_rows();
        if !special && near.iter().any(|&r| r != 0) {
            let empty = s.cells().len() - s.stones();
            if s.rule() != crate::Rule::Renju || s.to_move() == sente_core::Player::Second {
                self.forced_or_cut(s, &near, moves, empty);
                return moves.len() < empty;
            }
            fill_near(s, &near, moves);
            let near_count = moves.len();
            moves.retain(|m| !s.is_forbidden(*m));
            if !moves.is_empty() {
                let legal = empty - (near_count - moves.len());
                self.narrow(s, moves, legal);
                return moves.len() < legal;
            }
        }
        s.legal_moves(moves);
        let generated = moves.len();
        self.select_moves(s, moves);
        moves.len() < generated
    }
}
