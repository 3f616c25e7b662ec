//! The compact move: take every piece of one row or one column.
//!
//! Lines are 0-based inside the engine and 1-based in text (`Row #: 3` is `Move::Row(2)`). The canonical move order,
//! used for "the first best move" everywhere, is all rows top to bottom, then all columns left to right; [`Move::index`]
//! numbers moves in that order (rows `0..16`, columns `16..32`).

use std::fmt;

/// Take a whole row or a whole column (0-based index).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Take every remaining piece of this row.
    Row(u8),
    /// Take every remaining piece of this column.
    Col(u8),
}

impl Move {
    /// The move's position in the canonical order: rows `0..16`, then columns `16..32`.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Move::Row(r) => r as usize,
            Move::Col(c) => 16 + c as usize,
        }
    }

    /// The inverse of [`Move::index`].
    #[must_use]
    pub fn from_index(index: usize) -> Move {
        if index < 16 { Move::Row(index as u8) } else { Move::Col((index - 16) as u8) }
    }
}

/// The course's move text: `Row #: 3` or `Column #: 4` (1-based).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Row(r) => write!(f, "Row #: {}", r + 1),
            Move::Col(c) => write!(f, "Column #: {}", c + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_and_orders_rows_first() {
        for i in 0..32 {
            assert_eq!(Move::from_index(i).index(), i);
        }
        assert!(Move::Row(15) < Move::Col(0));
        assert_eq!(Move::Row(2).to_string(), "Row #: 3");
        assert_eq!(Move::Col(3).to_string(), "Column #: 4");
    }
}
