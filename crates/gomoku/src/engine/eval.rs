//! The Gomoku [`Evaluator`]: static evaluation from the incremental pattern totals, threat-first move ordering and
//! the forward pruning that turns the core's negamax into a Gomoku search.
//!
//! - `evaluate`: the side to move's pattern potential against the opponent's, plus near-certain tactical verdicts
//!   (a five to play, two fives to stop, an open four to make) as large heuristic scores.
//! - `move_score`: a move's own threats (five, four-three, open four, threes…) and the opponent threats it blocks.
//! - `select_moves`: forced replies first (play the five; block the opponent's five; make the winning open four;
//!   against an open three, only blocks and counter-fours), otherwise cells near stones, cut to the best
//!   [`GomokuEval::width`] by `move_score`. A root whitelist lets the engine exclude moves its threat solvers
//!   proved losing.

use super::threats::{BLACK_INDEX, has_open_four_move};
use crate::patterns::{FIVE, SCORE, is_four};
use crate::position::{CellThreats, Move, Position};
use sente_core::{Evaluator, MoveList, State, Value};

/// Win next move (a five is on the board for the side to move).
const WIN_NOW: i32 = 60_000_000;
/// Two opponent fives to stop: lost.
const LOST: i32 = 50_000_000;
/// An open four to make while the opponent has no four: won in three.
const WIN_SOON: i32 = 40_000_000;

/// The evaluator (see the module docs).
#[derive(Clone, Debug)]
pub struct GomokuEval {
    /// Perturbs move ordering (0 for none); helper threads of a parallel search use different values.
    pub jitter: u64,
    /// Most moves kept at a quiet node.
    pub width: usize,
    /// Moves allowed at the root (hash, moves); `None` allows all.
    pub root: Option<(u64, Vec<Move>)>,
}

impl Default for GomokuEval {
    fn default() -> GomokuEval {
        GomokuEval { jitter: 0, width: 20, root: None }
    }
}

impl GomokuEval {
    /// Static threat value of a cell for colour `color`: what playing there makes.
    #[must_use]
    pub fn cell_value(pos: &Position, i: usize, color: usize) -> i32 {
        let pats = pos.pats(i, color);
        let t = CellThreats::of(pats);
        let base: i32 = pats.iter().map(|&p| SCORE[usize::from(p)]).sum();
        if t.five {
            1_000_000
        } else if t.open_four || t.fours >= 2 {
            200_000
        } else if t.fours >= 1 && t.threes >= 1 {
            100_000
        } else if t.threes >= 2 {
            20_000
        } else {
            base
        }
    }

    fn keep_forced(&self, s: &Position, moves: &mut MoveList<Move>) -> bool {
        let me = s.to_move().index();
        let op = 1 - me;
        let before = moves.len();
        if s.count(me, FIVE) > 0
            && let Some(&m) = moves.iter().find(|m| s.pats(m.index(), me).contains(&FIVE))
        {
            moves.clear();
            moves.push(m);
            return true;
        }
        if s.count(op, FIVE) > 0 {
            let blocks = moves.iter().filter(|m| s.pats(m.index(), op).contains(&FIVE)).count();
            if blocks > 0 {
                moves.retain(|m| s.pats(m.index(), op).contains(&FIVE));
                return true;
            }
            return false;
        }
        if has_open_four_move(s, me)
            && let Some(&m) = moves.iter().find(|m| CellThreats::of(s.pats(m.index(), me)).open_four)
        {
            moves.clear();
            moves.push(m);
            return true;
        }
        if has_open_four_move(s, op) {
            let defends = |m: &Move| {
                s.pats(m.index(), op).iter().any(|&p| is_four(p)) || s.pats(m.index(), me).iter().any(|&p| is_four(p))
            };
            if moves.iter().any(defends) {
                moves.retain(defends);
                return moves.len() < before;
            }
        }
        false
    }
}

/// Per packed byte (both colours' levels in one direction), the potential for the side whose level sits in the
/// low nibble (weighted 5/4, attack first) plus the other's: `QUICK[0]` when black moves, `QUICK[1]` for white.
const QUICK: [[i32; 256]; 2] = {
    let mut t = [[0; 256]; 2];
    let mut b = 0;
    while b < 256 {
        let (lo, hi) = (SCORE[(b & 15) % 11], SCORE[(b >> 4) % 11]);
        t[0][b] = lo * 5 / 4 + hi;
        t[1][b] = hi * 5 / 4 + lo;
        b += 1;
    }
    t
};

/// A cheap ordering key (four table lookups): the width cut uses it before the full `move_score`.
#[inline]
fn quick_score(s: &Position, i: usize, me: usize) -> i32 {
    let pk = s.packed(i);
    QUICK[me][usize::from(pk[0])]
        + QUICK[me][usize::from(pk[1])]
        + QUICK[me][usize::from(pk[2])]
        + QUICK[me][usize::from(pk[3])]
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Evaluator<Position> for GomokuEval {
    fn evaluate(&self, s: &Position) -> Value {
        let me = s.to_move().index();
        let op = 1 - me;
        if s.count(me, FIVE) > 0 {
            return Value::heuristic(WIN_NOW);
        }
        let t = s.totals();
        let base = (t[me] * 5) / 4 - t[op];
        if s.count(op, FIVE) > 0 {
            if s.count(op, FIVE) >= 2 {
                let mut cells = Vec::new();
                super::threats::five_cells(s, op, &mut cells);
                if cells.len() >= 2 {
                    return Value::heuristic(-LOST);
                }
            }
            return Value::heuristic(base);
        }
        if has_open_four_move(s, me) && !(me == BLACK_INDEX && s.rule() == crate::Rule::Renju) {
            return Value::heuristic(WIN_SOON);
        }
        Value::heuristic(base)
    }

    fn move_score(&self, s: &Position, m: Move) -> i32 {
        let me = s.to_move().index();
        let i = m.index();
        let score = Self::cell_value(s, i, me) * 5 / 4 + Self::cell_value(s, i, 1 - me);
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
        if self.keep_forced(s, moves) {
            return;
        }
        if moves.iter().any(|m| s.near(m.index()) > 0) {
            moves.retain(|m| s.near(m.index()) > 0);
        }
        if moves.len() > self.width {
            let me = s.to_move().index();
            // One integer key per move, ascending = higher quick score first, then the lower cell: plain integer
            // comparisons make the partial selection cheaper than a tuple comparator.
            let mut keys: Vec<u64> = moves
                .iter()
                .map(|&m| ((((1i64 << 40) - i64::from(quick_score(s, m.index(), me))) as u64) << 16) | u64::from(m.0))
                .collect();
            keys.select_nth_unstable(self.width - 1);
            moves.clear();
            moves.extend(keys[..self.width].iter().map(|&k| Move((k & 0xFFFF) as u16)));
        }
    }
}
