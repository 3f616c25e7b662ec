//! The dihedral group D4 acting on square boards: four rotations and four reflections.
//!
//! L-Game positions, Gomoku openings and square row/column boards share these transforms; canonicalisation picks the
//! least image under a game-supplied key.

use crate::grid::Coord;

/// One of the eight symmetries of a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum D4 {
    /// Identity.
    Identity,
    /// Rotation by 90° clockwise.
    Rot90,
    /// Rotation by 180°.
    Rot180,
    /// Rotation by 270° clockwise.
    Rot270,
    /// Mirror left–right.
    FlipH,
    /// Mirror top–bottom.
    FlipV,
    /// Reflection in the main diagonal (transpose).
    Transpose,
    /// Reflection in the anti-diagonal.
    AntiTranspose,
}

impl D4 {
    /// All eight, identity first.
    pub const ALL: [D4; 8] =
        [D4::Identity, D4::Rot90, D4::Rot180, D4::Rot270, D4::FlipH, D4::FlipV, D4::Transpose, D4::AntiTranspose];

    /// Image of a cell on an `n`×`n` board.
    #[must_use]
    pub const fn apply(self, c: Coord, n: u8) -> Coord {
        let (r, k) = (c.row, c.col);
        let m = n - 1;
        match self {
            D4::Identity => Coord::new(r, k),
            D4::Rot90 => Coord::new(k, m - r),
            D4::Rot180 => Coord::new(m - r, m - k),
            D4::Rot270 => Coord::new(m - k, r),
            D4::FlipH => Coord::new(r, m - k),
            D4::FlipV => Coord::new(m - r, k),
            D4::Transpose => Coord::new(k, r),
            D4::AntiTranspose => Coord::new(m - k, m - r),
        }
    }

    /// The inverse transform.
    #[must_use]
    pub const fn inverse(self) -> D4 {
        match self {
            D4::Rot90 => D4::Rot270,
            D4::Rot270 => D4::Rot90,
            other => other,
        }
    }
}

/// The least image of `x` under the eight symmetries, by `key`. `transform` maps a value by one symmetry.
pub fn canonical<T, K: Ord>(x: &T, transform: impl Fn(&T, D4) -> T, key: impl Fn(&T) -> K) -> (T, D4) {
    let mut best = (transform(x, D4::Identity), D4::Identity);
    let mut best_key = key(&best.0);
    for s in &D4::ALL[1..] {
        let y = transform(x, *s);
        let k = key(&y);
        if k < best_key {
            best_key = k;
            best = (y, *s);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_laws_hold_on_a_4x4_board() {
        for s in D4::ALL {
            for r in 0..4 {
                for c in 0..4 {
                    let p = Coord::new(r, c);
                    assert_eq!(s.inverse().apply(s.apply(p, 4), 4), p, "{s:?}");
                }
            }
        }
        // The eight images of an off-axis cell are distinct.
        let mut imgs: Vec<_> = D4::ALL.iter().map(|s| s.apply(Coord::new(0, 1), 4)).collect();
        imgs.sort();
        imgs.dedup();
        assert_eq!(imgs.len(), 8);
    }
}
