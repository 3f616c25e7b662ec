//! Legal moves in the grader's expansion order, the forced pass, and the end of the game.
//!
//! A piece steps diagonally forward onto an empty square, or jumps diagonally over an adjacent opponent piece onto
//! the empty square beyond, removing it (single jumps only; capturing is optional). Either may also land on the
//! mover's own last row where its own pieces already stand: they stack there and never move again. A side with no
//! step and no jump must pass, and may pass only then; the game is over after two passes in a row or when a side
//! has no piece left, and then there are no moves at all.
//!
//! Order: by start square in positional order (row H first, column 1 first within a row), then by end square in
//! the same order. With positional square indices that is ascending `(from, to)`: pieces are visited from the low
//! bit up, and each piece's targets are listed lowest index first — for Star (moving to lower indices) the two
//! jumps before the two steps, for Circle the two steps before the two jumps.

use crate::moves::{Move, Square, col_of, row_of};
use crate::position::{Position, last_row};
use sente_core::State;

/// No target in this slot.
const NONE: u8 = u8::MAX;

/// For each side and start square, up to four `(end, jumped)` pairs in end-square order (`jumped` is [`NONE`] for
/// a step): Star jumps left, jumps right, steps left, steps right; Circle steps left, steps right, jumps left,
/// jumps right. Built at compile time so the generator does no edge arithmetic.
const fn targets() -> [[[(u8, u8); 4]; 64]; 2] {
    let mut out = [[[(NONE, NONE); 4]; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (row, col) = (row_of(sq as Square) as i32, col_of(sq as Square) as i32);
        // (row delta, column delta, jump) in end-square order for each side.
        let star = [(2, -2, true), (2, 2, true), (1, -1, false), (1, 1, false)];
        let circle = [(-1, -1, false), (-1, 1, false), (-2, -2, true), (-2, 2, true)];
        let mut side = 0;
        while side < 2 {
            let dirs = if side == 0 { star } else { circle };
            let mut k = 0;
            let mut i = 0;
            while i < 4 {
                let (dr, dc, jump) = dirs[i];
                let (r, c) = (row + dr, col + dc);
                if r >= 0 && r < 8 && c >= 0 && c < 8 {
                    let to = crate::moves::square(r as u8, c as u8);
                    let over =
                        if jump { crate::moves::square((row + dr / 2) as u8, (col + dc / 2) as u8) } else { NONE };
                    out[side][sq][k] = (to, over);
                    k += 1;
                }
                i += 1;
            }
            side += 1;
        }
        sq += 1;
    }
    out
}

const TARGETS: [[[(u8, u8); 4]; 64]; 2] = targets();

/// Fills `moves` with the legal moves of `pos` in the grader's order: the steps and jumps, or the single forced
/// pass, or nothing once the game is over.
pub fn generate(pos: &Position, moves: &mut Vec<Move>) {
    moves.clear();
    if pos.is_over() {
        return;
    }
    let side = pos.to_move();
    let after_pass = pos.passes() == 1;
    let own = pos.occupancy(side);
    let opp = pos.occupancy(side.other());
    let landing = !(own | opp) | (own & last_row(side));
    let table = &TARGETS[side.index()];
    let mut movers = own & !last_row(side);
    while movers != 0 {
        let from = movers.trailing_zeros() as usize;
        movers &= movers - 1;
        for &(to, over) in &table[from] {
            if to == NONE {
                break;
            }
            if landing & (1 << to) == 0 || (over != NONE && opp & (1 << over) == 0) {
                continue;
            }
            moves.push(Move::new(from as Square, to, over != NONE, after_pass));
        }
    }
    if moves.is_empty() {
        moves.push(Move::pass(after_pass));
    }
}

/// True when the side to move has a step or a jump (so it may not pass).
#[must_use]
pub fn has_move(pos: &Position) -> bool {
    let mut moves = Vec::with_capacity(16);
    generate(pos, &mut moves);
    moves.first().is_some_and(|m| !m.is_pass())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::parse_square;
    use sente_core::Player;

    const VALUES: [i32; 8] = [10, 20, 30, 40, 50, 60, 70, 80];

    fn pos(side: Player, pieces: &[(&str, Player, u16)]) -> Position {
        let mut p = Position::empty(VALUES, side);
        for &(name, who, n) in pieces {
            p.put(parse_square(name).unwrap(), who, n);
        }
        p
    }

    fn texts(p: &Position) -> Vec<String> {
        let mut v = Vec::new();
        generate(p, &mut v);
        v.iter().map(ToString::to_string).collect()
    }

    const S: Player = Player::First;
    const C: Player = Player::Second;

    #[test]
    fn course_ordering_example() {
        // The assignment's own example: C3-D4, C3-D2 and E5-F4 expand as E5-F4, C3-D2, C3-D4.
        let p = pos(S, &[("C3", S, 1), ("E5", S, 1), ("F6", C, 1), ("G7", C, 1)]);
        assert_eq!(texts(&p), ["E5-F4", "C3-D2", "C3-D4"]);
    }

    #[test]
    fn star_jumps_come_before_steps_and_circle_steps_before_jumps() {
        let p = pos(S, &[("D4", S, 1), ("E3", C, 1), ("E5", C, 1)]);
        assert_eq!(texts(&p), ["D4-F2", "D4-F6"]);
        let p = pos(S, &[("D4", S, 1), ("E3", C, 1)]);
        assert_eq!(texts(&p), ["D4-F2", "D4-E5"]);
        let p = pos(C, &[("E5", C, 1), ("D4", S, 1), ("A1", S, 1)]);
        assert_eq!(texts(&p), ["E5-D6", "E5-C3"]);
    }

    #[test]
    fn stacks_captures_onto_stacks_and_passes() {
        // Official sample 1: F4 jumps G3 onto the Star already on H2.
        let p = pos(S, &[("H2", S, 1), ("G3", C, 1), ("F4", S, 1)]);
        assert_eq!(texts(&p), ["F4-H2", "F4-G5"]);
        // Circle may not land on Star's stack; Star's parked pieces never move.
        let p = pos(C, &[("H2", S, 2), ("G1", S, 1), ("F8", C, 1), ("E7", S, 1), ("D6", S, 1)]);
        assert_eq!(texts(&p), ["pass"]);
        let mut p = pos(C, &[("B2", S, 1), ("C3", C, 1), ("A1", C, 3)]);
        assert_eq!(texts(&p), ["C3-B4", "C3-A1"]);
        let mut v = Vec::new();
        generate(&p, &mut v);
        p.play(v[1]);
        assert_eq!(p.piece_at(parse_square("A1").unwrap()), Some((C, 4)));
        assert!(p.is_over(), "Star has no pieces left");
        assert!(texts(&p).is_empty());
    }

    #[test]
    fn double_pass_ends_the_game() {
        let mut p = pos(S, &[("H2", S, 1), ("A1", C, 1)]);
        assert_eq!(texts(&p), ["pass"]);
        assert!(!has_move(&p));
        let mut v = Vec::new();
        generate(&p, &mut v);
        p.play(v[0]);
        assert_eq!(texts(&p), ["pass"]);
        generate(&p, &mut v);
        p.play(v[0]);
        assert!(p.is_over());
        assert!(texts(&p).is_empty());
    }
}
