//! VCT (victory by continuous threats): a proof search where the attacker plays fours and open threes.
//!
//! After a four the defender's reply is forced, as in VCF. After an open three the defender may block at any cell
//! that stops the three from becoming a straight four (the attacker's four points) or counter with a four of his
//! own; the attacker must win against every one of those replies (after blocking a counter-four, the attacker's
//! pending three still forces the defender). A defender who has a VCF of his own refutes the
//! three at once. At every attacker node a VCF is tried first. Depth counts attacking moves; the search is bounded
//! by the same [`Budget`] as VCF, and failed positions are remembered per depth.
//!
//! Wins are remembered too, for the rest of the process: every attacker node won by a threat (not by the VCF
//! tried first, which the root's VCF finds again) keeps its winning move and depth in a table all searches share
//! ([`won`]). A proof covers every defence, but its line follows one; when the defender answers otherwise, the
//! position after that answer was proved on the way, and the next decision's VCT reads its move there instead of
//! searching again within its share of the clock, where it could run out before finding the win a second time.

use super::threats::{cells_where, five_cells, has_open_four_move, legal_for, threat_moves};
use super::vcf::{Budget, Proof, Solver, stones_key};
use crate::patterns::{FIVE, is_four};
use crate::position::{Move, Position};
use sente_core::State;
use std::sync::atomic::{AtomicU64, Ordering};

const FAILED_SIZE: usize = 1 << 14;
/// Depth of the VCF tried at every node of the VCT.
pub const INNER_VCF_DEPTH: u32 = 8;
/// Attacking threes and fours tried per node, strongest first.
const MAX_THREATS: usize = 14;

/// Slots of the table of won positions.
const WON: usize = 1 << 16;

/// Won attacker nodes: one word a slot, the key's high bits (the slot's index holds its low 16), the winning move
/// in bits 6 to 15 and the depth it was proved at in bits 0 to 5. Written and read whole, so threads never see a
/// torn slot.
static WON_SHARED: std::sync::OnceLock<Box<[AtomicU64]>> = std::sync::OnceLock::new();

fn won_table() -> &'static [AtomicU64] {
    WON_SHARED.get_or_init(|| (0..WON).map(|_| AtomicU64::new(0)).collect())
}

/// The winning move remembered for `key` (a [`stones_key`]) proved within at most `depth` attacking moves.
pub(crate) fn won(key: u64, depth: u32) -> Option<Move> {
    let slot = won_table()[key as usize & (WON - 1)].load(Ordering::Relaxed);
    (slot != 0 && slot & !0xFFFF == key & !0xFFFF && (slot & 63) as u32 <= depth)
        .then_some(Move(((slot >> 6) & 0x3FF) as u16))
}

/// Forgets every remembered win (tests that compare two runs of the same searches start each from nothing).
#[cfg(test)]
pub(crate) fn forget_wins() {
    for slot in won_table() {
        slot.store(0, Ordering::Relaxed);
    }
}

/// Remembers that `m` wins `key`'s position within `depth` attacking moves.
fn remember_won(key: u64, m: Move, depth: u32) {
    if depth <= 63 && m.index() < 1 << 10 {
        let word = (key & !0xFFFF) | (m.0 as u64) << 6 | u64::from(depth);
        won_table()[key as usize & (WON - 1)].store(word, Ordering::Relaxed);
    }
}

struct Vct<'b> {
    vcf: Solver<'b>,
    failed: Vec<(u64, u32)>,
    line: Vec<Move>,
    /// Whether to read and write the remembered wins ([`find_vct_remembered`]).
    remember: bool,
}

impl Vct<'_> {
    fn attack(&mut self, pos: &mut Position, att: usize, depth: u32) -> bool {
        if self.vcf.tick() {
            return false;
        }
        let def = 1 - att;
        if let Some(f) = super::threats::first_five(pos, att) {
            self.line.push(f);
            return true;
        }
        let mut moves = Vec::new();
        if pos.count(def, FIVE) > 0 {
            // The defender countered with a four: block it. The attack goes on only if our threats survive the
            // block (a four made by the block, or an open three still on the board), which `defend` checks.
            five_cells(pos, def, &mut moves);
            if moves.len() != 1 || !legal_for(pos, att, moves[0]) {
                return false;
            }
            let b = moves[0];
            pos.place_unvalued(b.index(), att);
            self.line.push(b);
            let won = self.defend(pos, att, depth);
            pos.remove(b.index());
            if !won {
                self.line.pop();
            }
            return won;
        } else {
            if self.remember
                && depth > 0
                && let Some(m) = won(stones_key(pos.hash(), pos.game(), att), depth)
            {
                self.line.push(m);
                return true;
            }
            self.vcf.take_line();
            if self.vcf.attack_on(pos, att, INNER_VCF_DEPTH) {
                self.line.extend(self.vcf.take_line());
                return true;
            }
            if self.vcf.aborted {
                return false;
            }
            threat_moves(pos, att, &mut moves);
            moves.truncate(MAX_THREATS);
        }
        let key = pos.hash();
        let slot = (key as usize) & (FAILED_SIZE - 1);
        if depth == 0 || (self.failed[slot].0 == key && self.failed[slot].1 >= depth) {
            return false;
        }
        for &m in &moves {
            pos.place_unvalued(m.index(), att);
            self.line.push(m);
            let won = self.defend(pos, att, depth - 1);
            pos.remove(m.index());
            if won {
                if self.remember {
                    remember_won(stones_key(pos.hash(), pos.game(), att), m, depth);
                }
                return true;
            }
            self.line.pop();
            if self.vcf.aborted {
                return false;
            }
        }
        self.failed[slot] = (key, depth);
        false
    }

    /// The attacker has just made a four or an open three.
    fn defend(&mut self, pos: &mut Position, att: usize, depth: u32) -> bool {
        let def = 1 - att;
        if pos.count(def, FIVE) > 0 {
            return false;
        }
        let mut fives = Vec::new();
        five_cells(pos, att, &mut fives);
        match fives.len() {
            0 => {}
            1 if legal_for(pos, def, fives[0]) => {
                let b = fives[0];
                pos.place_unvalued(b.index(), def);
                self.line.push(b);
                let won = self.attack(pos, att, depth);
                pos.remove(b.index());
                if !won {
                    self.line.pop();
                }
                return won;
            }
            _ => {
                self.line.push(fives[0]);
                return true;
            }
        }
        if !has_open_four_move(pos, att) {
            return false;
        }
        // A defender with a VCF of his own answers the three with it.
        self.vcf.take_line();
        let counter = self.vcf.attack_on(pos, def, INNER_VCF_DEPTH);
        self.vcf.take_line();
        if counter || self.vcf.aborted {
            return false;
        }
        let mut replies = Vec::new();
        cells_where(pos, att, |p| is_four(p) || p == FIVE, &mut replies);
        let mut counters = Vec::new();
        cells_where(pos, def, is_four, &mut counters);
        for m in counters {
            if !replies.contains(&m) {
                replies.push(m);
            }
        }
        let mark = self.line.len();
        for r in replies {
            if !legal_for(pos, def, r) {
                continue;
            }
            pos.place_unvalued(r.index(), def);
            let won = self.attack(pos, att, depth);
            pos.remove(r.index());
            self.line.truncate(mark);
            if !won {
                return false;
            }
        }
        // Every reply loses; the line keeps only the attacker's first move (the replies branch).
        true
    }
}

/// Searches a VCT for colour `attacker` in `pos` with at most `max_depth` attacking moves. On success the proof's
/// line starts with the attacker's first move (later moves follow one defence only). `pos` is restored. The answer
/// depends only on the position and the budget (see [`find_vct_remembered`] for the engine's form).
pub fn find_vct(pos: &mut Position, attacker: usize, max_depth: u32, budget: &Budget) -> Proof {
    search(pos, attacker, max_depth, budget, false)
}

/// [`find_vct`] that also reads and writes the wins remembered in this process ([`won`]): an attacker node proved
/// by an earlier search (at no more attacking moves than are left) is won at once, and every node this search
/// wins by a threat is kept for later ones. The engine's decisions use it, so a win proved at one move is still
/// found at the next, whichever defence came in between. Its answer depends on what was searched before.
pub fn find_vct_remembered(pos: &mut Position, attacker: usize, max_depth: u32, budget: &Budget) -> Proof {
    search(pos, attacker, max_depth, budget, true)
}

fn search(pos: &mut Position, attacker: usize, max_depth: u32, budget: &Budget, remember: bool) -> Proof {
    if pos.outcome().is_some() {
        return Proof { line: None, nodes: 0 };
    }
    let mut vct = Vct { vcf: Solver::new(budget), failed: vec![(0, 0); FAILED_SIZE], line: Vec::new(), remember };
    let won = vct.attack(pos, attacker, max_depth);
    Proof { line: won.then_some(vct.line), nodes: vct.vcf.nodes }
}
