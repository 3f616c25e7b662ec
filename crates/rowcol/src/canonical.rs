//! Normal forms of a board under the game's symmetries: dropping empty lines, permuting rows, permuting columns and
//! transposing all leave the game value unchanged.
//!
//! [`compact`] drops empty rows and columns (the fast solver does the same on its masks at every node).
//! [`normal_form`] then sorts rows and columns by piece count and pattern until stable, and keeps the smaller of
//! the board and its transpose. Equal normal forms always mean equal values; the converse holds for most boards but
//! not all (the sort is a cheap refinement, not a full graph canonisation), so it is a sound memo key that may miss
//! some merges. The endgame memo ([`crate::endgame`]) uses an exact canonical form for three lines or fewer.

use crate::position::{Board, MAX_SIDE};

/// The board without its empty rows and columns (a 1×1 empty board if nothing is left).
#[must_use]
pub fn compact(board: &Board) -> Board {
    let rows: Vec<u16> = board.row_masks()[..board.rows()].iter().copied().filter(|&m| m != 0).collect();
    let used = rows.iter().fold(0u16, |a, &m| a | m);
    if rows.is_empty() {
        return Board::from_rows(1, 1, &[0]).unwrap_or(*board);
    }
    let keep: Vec<usize> = (0..board.cols()).filter(|&c| used >> c & 1 == 1).collect();
    let masks: Vec<u16> = rows.iter().map(|&m| pick(m, &keep)).collect();
    Board::from_rows(masks.len(), keep.len(), &masks).unwrap_or(*board)
}

/// Bits `keep[0], keep[1], …` of `m`, packed to the low end.
fn pick(m: u16, keep: &[usize]) -> u16 {
    keep.iter().enumerate().fold(0u16, |a, (i, &c)| a | (m >> c & 1) << i)
}

/// Rows sorted by (more pieces first, then larger mask), columns likewise, repeated until stable.
fn sorted(board: &Board) -> Board {
    let mut b = *board;
    for _ in 0..2 * MAX_SIDE {
        let before = b;
        let mut rows: Vec<u16> = b.row_masks()[..b.rows()].to_vec();
        rows.sort_unstable_by(|x, y| y.count_ones().cmp(&x.count_ones()).then(y.cmp(x)));
        b = Board::from_rows(b.rows(), b.cols(), &rows).unwrap_or(b);
        let t = b.transpose();
        let mut cols: Vec<u16> = t.row_masks()[..t.rows()].to_vec();
        cols.sort_unstable_by(|x, y| y.count_ones().cmp(&x.count_ones()).then(y.cmp(x)));
        b = Board::from_rows(t.rows(), t.cols(), &cols).map(|t| t.transpose()).unwrap_or(b);
        if b == before {
            break;
        }
    }
    b
}

/// A normal form under empty-line removal, row and column permutations and transposition.
///
/// # Examples
/// ```
/// use sente_rowcol::{canonical::normal_form, parse_board};
/// let a = parse_board("2 3\n1 0 0\n0 1 1\n")?;
/// let b = parse_board("3 3\n0 0 0\n1 0 1\n0 1 0\n")?;
/// assert_eq!(normal_form(&a), normal_form(&b));
/// # Ok::<(), sente_rowcol::Error>(())
/// ```
#[must_use]
pub fn normal_form(board: &Board) -> Board {
    let a = sorted(&compact(board));
    let b = sorted(&a.transpose());
    let key = |x: &Board| (x.rows(), x.row_masks()[..x.rows()].to_vec());
    if key(&b) < key(&a) { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random_board;
    use sente_core::solve::scoring::solve;

    fn value(b: &Board) -> i32 {
        solve(&mut crate::Position::new(*b), false).value
    }

    #[test]
    fn compact_drops_empty_lines() {
        let b = Board::from_rows(3, 4, &[0b0100, 0, 0b0101]).unwrap();
        let c = compact(&b);
        assert_eq!((c.rows(), c.cols(), c.pieces()), (2, 2, 3));
        assert_eq!(compact(&Board::from_rows(2, 2, &[0, 0]).unwrap()).pieces(), 0);
    }

    #[test]
    fn normal_forms_are_invariant_and_keep_the_value() {
        for seed in 0..40 {
            let b = random_board(4 + seed as usize % 2, 5, 0.5, seed);
            let n = normal_form(&b);
            assert_eq!(n.pieces(), b.pieces());
            assert_eq!(value(&n), value(&b), "seed {seed}");
            // Reversing the rows, or transposing, gives the same normal form.
            let rev: Vec<u16> = b.row_masks()[..b.rows()].iter().rev().copied().collect();
            let r = Board::from_rows(b.rows(), b.cols(), &rev).unwrap();
            assert_eq!(normal_form(&r).pieces(), n.pieces());
            assert_eq!(value(&normal_form(&b.transpose())), value(&b));
        }
    }
}
