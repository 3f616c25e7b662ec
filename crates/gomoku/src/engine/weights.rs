//! The contest guide's cell-weight bot: the weak built-in opponent (test sparring partner, the web page's easy
//! level).
//!
//! Following the guide, every empty cell gets a weight for each side: 1 next to a stone, 2 where we would make a live
//! three, 3 at the ends of the opponent's live three (defence before attack at equal level), 4 where we would make
//! a live four, 5 where the opponent would complete five (its hole four must be stopped) and 6 where we complete
//! five ourselves. As in the guide's `blackcompare`, a cell keeps the larger weight, and equal weights from both
//! sides add one. The bot plays the heaviest cell, the first in board order on ties (or a seeded choice among
//! ties), and the centre on an empty board. It does not search.

use super::threats::legal_for;
use crate::patterns::{D4, F3, F4, FIVE};
use crate::position::{Move, Position};
use sente_core::State;

fn own_weight(pats: [u8; 4]) -> u32 {
    if pats.contains(&FIVE) {
        6
    } else if pats.iter().any(|&p| p == F4 || p == D4) {
        4
    } else if pats.contains(&F3) {
        2
    } else {
        0
    }
}

fn opp_weight(pats: [u8; 4]) -> u32 {
    if pats.contains(&FIVE) {
        5
    } else if pats.iter().any(|&p| p == F4 || p == D4) {
        3
    } else {
        0
    }
}

fn adjacent(pos: &Position, i: usize) -> bool {
    let d = pos.dims();
    let (r, c) = (i / usize::from(d.cols), i % usize::from(d.cols));
    (r.saturating_sub(1)..=(r + 1).min(usize::from(d.rows) - 1)).any(|rr| {
        (c.saturating_sub(1)..=(c + 1).min(usize::from(d.cols) - 1))
            .any(|cc| pos.cell(rr * usize::from(d.cols) + cc) != 0)
    })
}

/// The weight of an empty cell for the side to move.
#[must_use]
pub fn weight(pos: &Position, i: usize) -> u32 {
    let me = pos.to_move().index();
    let own = own_weight(pos.pats(i, me)).max(u32::from(adjacent(pos, i)));
    let opp = opp_weight(pos.pats(i, 1 - me));
    if own == opp && own > 0 { own + 1 } else { own.max(opp) }
}

/// The bot's move, or `None` when the game is over. `seed` picks among equally heavy cells (0: the first).
#[must_use]
pub fn weight_move(pos: &Position, seed: u64) -> Option<Move> {
    if pos.outcome().is_some() {
        return None;
    }
    let me = pos.to_move().index();
    if pos.stones() == 0 {
        let d = pos.dims();
        return Some(pos.move_at(sente_core::grid::Coord::new(d.rows / 2, d.cols / 2)));
    }
    let mut best = Vec::new();
    let mut best_w = 0;
    for i in 0..pos.cells().len() {
        if pos.cell(i) != 0 || !legal_for(pos, me, Move(i as u16)) {
            continue;
        }
        let w = weight(pos, i);
        if w > best_w || best.is_empty() {
            best_w = w;
            best.clear();
        }
        if w == best_w {
            best.push(Move(i as u16));
        }
    }
    let pick =
        if seed == 0 { 0 } else { (sente_core::zobrist::splitmix64(seed ^ pos.hash()).1 % best.len() as u64) as usize };
    best.get(pick).copied()
}
