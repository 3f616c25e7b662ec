//! The 48 placements of an L piece on the 4×4 board, as compile-time tables, with their images under the board's
//! eight symmetries.
//!
//! Cells are numbered row-major from the top-left corner: cell `4 * row + col` is bit `4 * row + col` of a `u16`
//! mask. An L covers a line of three cells plus one cell beside an end of the line; its 8 orientations (the D4
//! images of one L, all distinct because an L has no symmetry of its own) fit in a 3×2 or 2×3 box, which sits in 6
//! places on the board: 8 × 6 = 48 placements. The table lists them by increasing mask, which fixes the canonical
//! move order everywhere else.

use sente_core::grid::Coord;
use sente_core::symmetry::D4;

/// The number of L placements.
pub const PLACEMENTS: usize = 48;
/// The side of the board.
pub const SIDE: u8 = 4;
/// The number of cells.
pub const CELLS: usize = 16;

/// The cells an L covers in one orientation, before the transforms (a vertical bar with a foot to the right).
const BASE_L: [(u8, u8); 4] = [(0, 0), (1, 0), (2, 0), (2, 1)];

/// Every placement's cell mask, increasing.
pub const MASKS: [u16; PLACEMENTS] = build_masks();

/// `SYM[s][p]`: the placement that is the image of placement `p` under `D4::ALL[s]`.
pub const SYM: [[u8; PLACEMENTS]; 8] = build_sym();

/// The cell index of a coordinate.
#[must_use]
pub const fn cell(c: Coord) -> usize {
    c.row as usize * SIDE as usize + c.col as usize
}

/// The coordinate of a cell index.
#[must_use]
pub const fn coord(cell: usize) -> Coord {
    Coord::new((cell / SIDE as usize) as u8, (cell % SIDE as usize) as u8)
}

/// The image of a cell mask under a symmetry.
#[must_use]
pub const fn transform_mask(mask: u16, s: D4) -> u16 {
    let mut out = 0u16;
    let mut c = 0;
    while c < CELLS {
        if mask & (1 << c) != 0 {
            out |= 1 << cell(s.apply(coord(c), SIDE));
        }
        c += 1;
    }
    out
}

/// The placement whose mask is `mask`, if `mask` is an L.
#[must_use]
pub const fn placement_of(mask: u16) -> Option<u8> {
    let mut p = 0;
    while p < PLACEMENTS {
        if MASKS[p] == mask {
            return Some(p as u8);
        }
        p += 1;
    }
    None
}

const fn build_masks() -> [u16; PLACEMENTS] {
    let mut out = [0u16; PLACEMENTS];
    let mut n = 0;
    let mut s = 0;
    while s < 8 {
        // The base L turned by one symmetry inside a 3×3 frame, then shifted to the top-left corner.
        let mut cells = [(0u8, 0u8); 4];
        let (mut min_r, mut min_c, mut max_r, mut max_c) = (u8::MAX, u8::MAX, 0u8, 0u8);
        let mut i = 0;
        while i < 4 {
            let img = D4::ALL[s].apply(Coord::new(BASE_L[i].0, BASE_L[i].1), 3);
            cells[i] = (img.row, img.col);
            min_r = if img.row < min_r { img.row } else { min_r };
            min_c = if img.col < min_c { img.col } else { min_c };
            max_r = if img.row > max_r { img.row } else { max_r };
            max_c = if img.col > max_c { img.col } else { max_c };
            i += 1;
        }
        let (h, w) = (max_r - min_r + 1, max_c - min_c + 1);
        let mut dr = 0;
        while dr + h <= SIDE {
            let mut dc = 0;
            while dc + w <= SIDE {
                let mut mask = 0u16;
                let mut k = 0;
                while k < 4 {
                    let (r, c) = (cells[k].0 - min_r + dr, cells[k].1 - min_c + dc);
                    mask |= 1 << (r as usize * SIDE as usize + c as usize);
                    k += 1;
                }
                out[n] = mask;
                n += 1;
                dc += 1;
            }
            dr += 1;
        }
        s += 1;
    }
    assert!(n == PLACEMENTS, "an L has 48 placements on a 4x4 board");
    // Insertion sort: the canonical order is by mask.
    let mut i = 1;
    while i < PLACEMENTS {
        let mut j = i;
        while j > 0 && out[j - 1] > out[j] {
            let t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    let mut k = 1;
    while k < PLACEMENTS {
        assert!(out[k - 1] < out[k], "the 8 orientations of an L are distinct");
        k += 1;
    }
    out
}

const fn build_sym() -> [[u8; PLACEMENTS]; 8] {
    let mut out = [[0u8; PLACEMENTS]; 8];
    let mut s = 0;
    while s < 8 {
        let mut p = 0;
        while p < PLACEMENTS {
            out[s][p] = match placement_of(transform_mask(MASKS[p], D4::ALL[s])) {
                Some(q) => q,
                None => panic!("the image of an L is an L"),
            };
            p += 1;
        }
        s += 1;
    }
    out
}

/// True when `mask` covers exactly four cells forming an L.
#[must_use]
pub fn is_l(mask: u16) -> bool {
    placement_of(mask).is_some()
}

/// The cells of a mask, increasing.
pub fn cells_of(mask: u16) -> impl Iterator<Item = usize> {
    (0..CELLS).filter(move |&c| mask & (1 << c) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forty_eight_distinct_four_cell_connected_ls() {
        for (p, &m) in MASKS.iter().enumerate() {
            assert_eq!(m.count_ones(), 4, "placement {p}");
            // A 3-long line plus a foot: bounding box 3×2 or 2×3.
            let cells: Vec<_> = cells_of(m).map(coord).collect();
            let rows = cells.iter().map(|c| c.row).max().unwrap() - cells.iter().map(|c| c.row).min().unwrap() + 1;
            let cols = cells.iter().map(|c| c.col).max().unwrap() - cells.iter().map(|c| c.col).min().unwrap() + 1;
            assert!((rows, cols) == (3, 2) || (rows, cols) == (2, 3), "placement {p}: {rows}x{cols}");
            // Not a T, S or square: exactly one cell of the long side's line is missing from one end.
            assert!(placement_of(m) == Some(p as u8));
        }
        assert!(MASKS.windows(2).all(|w| w[0] < w[1]));
        // An S/Z or T tetromino in the same box is not an L.
        assert!(!is_l(0b0000_0000_0110_0011));
        assert!(!is_l(0b0000_0000_0010_0111));
        assert!(is_l(0b0000_0001_0001_0011));
    }

    #[test]
    fn symmetries_permute_the_placements_and_compose() {
        for (s, t) in D4::ALL.iter().enumerate() {
            let mut seen = SYM[s].to_vec();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), PLACEMENTS, "{t:?} is a permutation");
            let inv = D4::ALL.iter().position(|&u| u == t.inverse()).unwrap();
            for p in 0..PLACEMENTS {
                assert_eq!(SYM[inv][SYM[s][p] as usize] as usize, p);
            }
        }
        assert!(SYM[0].iter().enumerate().all(|(p, &q)| p == q as usize));
    }
}
