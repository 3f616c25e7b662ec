//! Legal moves: every row, then every column, that still holds at least one piece.
//!
//! The order (rows top to bottom, then columns left to right) is the game's canonical order; "the first best move"
//! in every solver means the first in this order.

use sente_core::MoveList;

use crate::moves::Move;
use crate::position::Position;

/// The remaining pieces on line `m`: a column mask for a row move, a row mask for a column move.
#[must_use]
pub fn line_mask(p: &Position, m: Move) -> u16 {
    match m {
        Move::Row(r) => p.row_mask(r as usize),
        Move::Col(c) => {
            if p.live_cols() >> c & 1 == 0 {
                return 0;
            }
            let mut mask = 0u16;
            let mut rows = p.live_rows();
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                if p.board().row_masks()[r] >> c & 1 == 1 {
                    mask |= 1 << r;
                }
            }
            mask
        }
    }
}

/// Clears `moves` and fills it with the legal moves in canonical order.
pub fn legal_moves(p: &Position, moves: &mut MoveList<Move>) {
    moves.clear();
    let b = p.board();
    let mut occupied_cols = 0u16;
    for r in 0..b.rows() {
        let mask = p.row_mask(r);
        if mask != 0 {
            moves.push(Move::Row(r as u8));
            occupied_cols |= mask;
        }
    }
    while occupied_cols != 0 {
        let c = occupied_cols.trailing_zeros();
        occupied_cols &= occupied_cols - 1;
        moves.push(Move::Col(c as u8));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Board;
    use sente_core::State;

    #[test]
    fn rows_then_columns_with_pieces_only() {
        // 1 0 0 1 / 0 0 0 0 / 1 1 0 1
        let b = Board::from_rows(3, 4, &[0b1001, 0, 0b1011]).unwrap();
        let mut p = Position::new(b);
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert_eq!(moves, vec![Move::Row(0), Move::Row(2), Move::Col(0), Move::Col(1), Move::Col(3)]);
        assert_eq!(line_mask(&p, Move::Col(3)), 0b101);
        p.play(Move::Row(2));
        p.legal_moves(&mut moves);
        assert_eq!(moves, vec![Move::Row(0), Move::Col(0), Move::Col(3)]);
        p.play(Move::Row(0));
        p.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert!(p.outcome().is_some());
    }
}
