//! The position's line words: every row, column and diagonal as one 64-bit word of two-bit cells (empty, black,
//! white, wall), kept by play and undo beside the per-cell levels (four bit operations a stone). They let the
//! horizon VCF ([`crate::engine::vcf`]) place its sequences' stones on the lines alone and read a cell's level in
//! one direction from the window code cut out of its line's word (renju's forbidden points too, from those levels
//! and, for two open threes, from the cells the words hold). Boards wider than [`MAX_RAY_SIDE`] keep none: their
//! lines with their walls do not fit a word.

use super::Position;
use crate::patterns::HALF;
use crate::rules::Gomoku;

/// The widest board (in rows and columns) whose lines fit a word: `HALF` wall cells each side plus the line.
pub const MAX_RAY_SIDE: usize = 32 - 2 * HALF as usize;

/// Where each cell sits on its four lines, and the empty board's words, for one board size.
#[derive(Debug)]
pub(crate) struct RayGeo {
    /// Per cell and direction (row, column, diagonal, anti-diagonal): the line's index.
    pub(crate) line: Vec<[u8; 4]>,
    /// Per cell and direction: the bit shift of the cell's two bits in its line's word.
    pub(crate) shift: Vec<[u8; 4]>,
    /// Per cell and direction: how many cells (at most four) lie forward (along `stride`) and backward of it.
    pub(crate) room: Vec<[[u8; 2]; 4]>,
    /// The step between neighbouring cells' indices along each direction (a step forward is two bits up).
    pub(crate) stride: [isize; 4],
    /// Board size.
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// Every line's word on the empty board: walls outside the line, empty cells on it.
    empty: Vec<u64>,
}

impl RayGeo {
    /// The geometry of `game`'s board, or `None` where the position keeps no line words.
    pub(crate) fn of(game: Gomoku) -> Option<RayGeo> {
        let dims = game.dims();
        let (rows, cols) = (usize::from(dims.rows), usize::from(dims.cols));
        (rows <= MAX_RAY_SIDE && cols <= MAX_RAY_SIDE).then(|| RayGeo::new(rows, cols))
    }

    fn new(rows: usize, cols: usize) -> RayGeo {
        let (r_n, c_n) = (rows as isize, cols as isize);
        // Lines: rows, then columns, then diagonals (row − column constant), then anti-diagonals (row + column).
        let diag0 = rows + cols;
        let anti0 = diag0 + rows + cols - 1;
        let mut empty = vec![u64::MAX; anti0 + rows + cols - 1];
        let (mut line, mut shift, mut room) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..rows * cols {
            let (r, c) = ((i / cols) as isize, (i % cols) as isize);
            // Each direction's line, the cell's place along it (growing along the direction's stride) and the
            // line's length.
            let first_anti_row = (r + c - (c_n - 1)).max(0);
            let specs = [
                (r as usize, c, c_n),
                (rows + c as usize, r, r_n),
                (diag0 + (r - c + c_n - 1) as usize, r.min(c), (r_n - (r - c).max(0)).min(c_n - (c - r).max(0))),
                (anti0 + (r + c) as usize, r - first_anti_row, (r + c).min(r_n - 1) - first_anti_row + 1),
            ];
            let (mut l, mut s, mut m) = ([0u8; 4], [0u8; 4], [[0u8; 2]; 4]);
            for (d, &(id, at, len)) in specs.iter().enumerate() {
                let bit = 2 * (at as usize + HALF as usize);
                l[d] = id as u8;
                s[d] = bit as u8;
                m[d] = [(len - 1 - at).min(4) as u8, at.min(4) as u8];
                empty[id] &= !(3 << bit);
            }
            line.push(l);
            shift.push(s);
            room.push(m);
        }
        RayGeo { line, shift, room, stride: [1, c_n, c_n + 1, c_n - 1], rows, cols, empty }
    }
}

impl Position {
    /// The line geometry and words, where the position keeps them.
    #[inline]
    pub(crate) fn rays(&self) -> Option<(&RayGeo, &[u64])> {
        self.ray_geo.as_deref().map(|g| (g, &self.ray_words[..]))
    }

    /// Writes `stone` (0 empty, 1 black, 2 white) into the line words of cell `index`, and nothing else: the
    /// solver's light stones, which it takes back before the position is used again. No-op without line words.
    #[inline]
    pub(crate) fn set_ray(&mut self, index: usize, stone: u64) {
        if let Some(g) = self.ray_geo.as_deref() {
            let (line, shift) = (g.line[index], g.shift[index]);
            for d in 0..4 {
                let w = &mut self.ray_words[usize::from(line[d])];
                *w = (*w & !(3 << shift[d])) | (stone << shift[d]);
            }
        }
    }

    /// Rewrites the line words from the board.
    pub(super) fn rebuild_rays(&mut self) {
        let Some(g) = self.ray_geo.clone() else { return };
        self.ray_words.clone_from(&g.empty);
        for i in 0..self.board.len() {
            if self.board[i] != 0 {
                self.set_ray(i, u64::from(self.board[i]));
            }
        }
    }
}
