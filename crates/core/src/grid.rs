//! Board geometry shared by the grid games: coordinates, the eight directions, and walks along lines.
//!
//! A [`Coord`] is a (row, column) pair on a board of at most 255×255 cells; [`Dims`] knows the board's size and
//! converts between coordinates and dense cell indices (row-major). Line scans (Gomoku's fives, Star/Circle's
//! diagonals) use [`Dims::step`] so no game writes its own bounds checks.

/// A cell, row first. Row 0 is the top row of the board as printed unless a game says otherwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Coord {
    /// Row index from 0.
    pub row: u8,
    /// Column index from 0.
    pub col: u8,
}

impl Coord {
    /// A coordinate.
    #[must_use]
    pub const fn new(row: u8, col: u8) -> Coord {
        Coord { row, col }
    }
}

/// A direction as (row delta, column delta).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dir {
    /// Row delta, −1, 0 or 1.
    pub dr: i8,
    /// Column delta, −1, 0 or 1.
    pub dc: i8,
}

impl Dir {
    /// The four line directions (each line counted once): east, south, south-east, south-west.
    pub const LINES: [Dir; 4] =
        [Dir { dr: 0, dc: 1 }, Dir { dr: 1, dc: 0 }, Dir { dr: 1, dc: 1 }, Dir { dr: 1, dc: -1 }];
    /// All eight neighbours' directions.
    pub const ALL: [Dir; 8] = [
        Dir { dr: -1, dc: -1 },
        Dir { dr: -1, dc: 0 },
        Dir { dr: -1, dc: 1 },
        Dir { dr: 0, dc: -1 },
        Dir { dr: 0, dc: 1 },
        Dir { dr: 1, dc: -1 },
        Dir { dr: 1, dc: 0 },
        Dir { dr: 1, dc: 1 },
    ];

    /// The opposite direction.
    #[must_use]
    pub const fn reverse(self) -> Dir {
        Dir { dr: -self.dr, dc: -self.dc }
    }
}

/// The size of a rectangular board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dims {
    /// Number of rows.
    pub rows: u8,
    /// Number of columns.
    pub cols: u8,
}

impl Dims {
    /// A board of `rows` × `cols`.
    #[must_use]
    pub const fn new(rows: u8, cols: u8) -> Dims {
        Dims { rows, cols }
    }

    /// Number of cells.
    #[must_use]
    pub const fn cells(self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// True when the coordinate lies on the board.
    #[must_use]
    pub const fn contains(self, c: Coord) -> bool {
        c.row < self.rows && c.col < self.cols
    }

    /// Row-major index of a cell.
    #[must_use]
    pub const fn index(self, c: Coord) -> usize {
        c.row as usize * self.cols as usize + c.col as usize
    }

    /// The cell with a row-major index.
    #[must_use]
    pub const fn coord(self, index: usize) -> Coord {
        Coord { row: (index / self.cols as usize) as u8, col: (index % self.cols as usize) as u8 }
    }

    /// The neighbour `n` steps away in direction `d`, if it is on the board.
    #[must_use]
    pub fn step(self, c: Coord, d: Dir, n: i32) -> Option<Coord> {
        let r = i32::from(c.row) + i32::from(d.dr) * n;
        let col = i32::from(c.col) + i32::from(d.dc) * n;
        if r < 0 || col < 0 || r >= i32::from(self.rows) || col >= i32::from(self.cols) {
            return None;
        }
        Some(Coord::new(r as u8, col as u8))
    }

    /// The cells from `c` (exclusive) walking in direction `d` until the edge.
    pub fn ray(self, c: Coord, d: Dir) -> impl Iterator<Item = Coord> {
        (1..).map_while(move |n| self.step(c, d, n))
    }

    /// Every cell, row-major.
    pub fn iter(self) -> impl Iterator<Item = Coord> {
        (0..self.cells()).map(move |i| self.coord(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_and_rays_stop_at_edges() {
        let d = Dims::new(3, 4);
        for c in d.iter() {
            assert_eq!(d.coord(d.index(c)), c);
        }
        let ray: Vec<_> = d.ray(Coord::new(0, 0), Dir { dr: 1, dc: 1 }).collect();
        assert_eq!(ray, vec![Coord::new(1, 1), Coord::new(2, 2)]);
        assert_eq!(d.step(Coord::new(0, 0), Dir { dr: -1, dc: 0 }, 1), None);
        assert_eq!(d.cells(), 12);
    }
}
