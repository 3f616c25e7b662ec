//! Renju's forbidden points for black: double three, double four and overline.
//!
//! A cell is forbidden when black playing there makes an overline (and no five), two or more fours (a double four
//! inside one line counts twice), or two or more *real* open threes. An open three is real when at least one of the
//! cells that would turn it into a straight four is itself not forbidden, which makes the definition recursive; the
//! recursion is cut after a few levels, as most renju programs do. The incremental patterns answer the common case
//! at once; only a cell with two open threes needs the recursive check, which works on a scratch copy of the board
//! reading window codes straight from the cells. The threat solvers ask the same of their light line words
//! ([`forbidden_given`]).

use crate::patterns::{self, BLACK, EMPTY, F3, F4, FIVE, OVERLINE, Pat, PatternTable, WALL};
use crate::position::{DIRS, Position};
use sente_core::grid::Dims;

/// How deep the "is the completing point itself forbidden?" recursion goes.
const MAX_DEPTH: u32 = 3;

/// True when black may not play the empty cell `index` of `pos` under renju rules.
pub(crate) fn forbidden(pos: &Position, index: usize) -> bool {
    let pats = pos.pats(index, 0);
    match quick(pats) {
        Some(answer) => answer,
        None => {
            let mut scratch = Scratch { board: pos.cells().to_vec(), dims: pos.dims(), table: table(pos) };
            scratch.real_threes(index, pats, 0) >= 2
        }
    }
}

/// [`forbidden`] for a board the caller holds apart from a position (the threat solvers' light line words):
/// `levels` are black's four levels on the empty cell `index`, and `board` gives the cells (as
/// [`Position::cells`]) when two open threes need the recursive check.
pub(crate) fn forbidden_given(
    levels: [Pat; 4],
    index: usize,
    dims: Dims,
    table: &'static PatternTable,
    board: impl FnOnce() -> Vec<u8>,
) -> bool {
    quick(levels).unwrap_or_else(|| Scratch { board: board(), dims, table }.real_threes(index, levels, 0) >= 2)
}

fn table(pos: &Position) -> &'static PatternTable {
    PatternTable::for_rule(pos.rule())
}

/// What one level adds to [`quick`]'s sum: open threes in bits 0–3, fours in 4–7 (a double four in one line
/// counts two), overlines in 8–11, fives in 12–15.
const fn weight(p: Pat) -> u16 {
    (p == F3) as u16
        | (patterns::four_count(p) as u16) << 4
        | ((p == OVERLINE) as u16) << 8
        | ((p == FIVE) as u16) << 12
}

/// [`weight`] summed over two levels, indexed by `a | b << 4`.
static PAIRS: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut k = 0;
    while k < 256 {
        t[k] = weight((k & 15) as Pat) + weight((k >> 4) as Pat);
        k += 1;
    }
    t
};

/// The verdict the four directional levels give on their own, or `None` when two open threes need checking: a
/// five is never forbidden; an overline or two fours are; fewer than two open threes are not.
fn quick(pats: [Pat; 4]) -> Option<bool> {
    let pair = |a: Pat, b: Pat| PAIRS[usize::from(a & 15 | (b & 15) << 4)];
    let sum = pair(pats[0], pats[1]) + pair(pats[2], pats[3]);
    if sum >> 12 != 0 {
        Some(false)
    } else if sum >> 8 != 0 || (sum >> 4) & 15 >= 2 {
        Some(true)
    } else if sum & 15 < 2 {
        Some(false)
    } else {
        None
    }
}

struct Scratch {
    board: Vec<u8>,
    dims: Dims,
    table: &'static PatternTable,
}

impl Scratch {
    fn cell_at(&self, r: i32, c: i32) -> Option<usize> {
        let (rows, cols) = (i32::from(self.dims.rows), i32::from(self.dims.cols));
        (r >= 0 && c >= 0 && r < rows && c < cols).then(|| (r * cols + c) as usize)
    }

    fn rc(&self, index: usize) -> (i32, i32) {
        let cols = usize::from(self.dims.cols);
        ((index / cols) as i32, (index % cols) as i32)
    }

    /// Black's level at `index` in direction `d`, read from the scratch board.
    fn level(&self, index: usize, d: usize) -> Pat {
        let (r0, c0) = self.rc(index);
        let (dr, dc) = DIRS[d];
        let mut code = 0u32;
        for k in -patterns::HALF..=patterns::HALF {
            if k != 0 {
                let v = self.cell_at(r0 + k * dr, c0 + k * dc).map_or(WALL, |n| self.board[n]);
                code |= u32::from(v) << patterns::shift(k);
            }
        }
        self.table.get(code)[0]
    }

    fn forbidden(&mut self, index: usize, depth: u32) -> bool {
        let pats = [0, 1, 2, 3].map(|d| self.level(index, d));
        match quick(pats) {
            Some(answer) => answer,
            None => self.real_threes(index, pats, depth) >= 2,
        }
    }

    /// With black on `index`, how many of the directions where it made an open three can still become a straight
    /// four on a point that is not itself forbidden.
    fn real_threes(&mut self, index: usize, pats: [Pat; 4], depth: u32) -> usize {
        self.board[index] = BLACK;
        let (r0, c0) = self.rc(index);
        let mut real = 0;
        for d in 0..4 {
            if pats[d] != F3 {
                continue;
            }
            let (dr, dc) = DIRS[d];
            for k in (-4..=4).filter(|&k| k != 0) {
                let Some(e) = self.cell_at(r0 + k * dr, c0 + k * dc) else { continue };
                if self.board[e] == EMPTY
                    && self.level(e, d) == F4
                    && (depth >= MAX_DEPTH || !self.forbidden(e, depth + 1))
                {
                    real += 1;
                    break;
                }
            }
        }
        self.board[index] = EMPTY;
        real
    }
}

#[cfg(test)]
mod tests {
    use crate::notation::parse_board;
    use crate::{Gomoku, Rule};
    use sente_core::grid::Coord;

    /// Is the cell marked `*` forbidden for black in this 15×15 renju diagram (black to move)?
    fn forbidden_at(diagram: &str) -> bool {
        let game = Gomoku::new(15, Rule::Renju).expect("size");
        let rows: Vec<&str> = diagram.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let mut star = None;
        let mut text = String::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '*' {
                    star = Some(Coord::new(r as u8, c as u8));
                    text.push('.');
                } else {
                    text.push(ch);
                }
            }
            text.push('\n');
        }
        let pos = parse_board(game, &text).expect("diagram");
        let m = pos.move_at(star.expect("a * in the diagram"));
        pos.is_forbidden(m)
    }

    /// The table form of `quick` gives the plain reading of the rules for every four levels.
    #[test]
    fn quick_reads_the_levels_as_the_rules_do() {
        use crate::patterns::{F3, FIVE, OVERLINE, four_count};
        let plain = |p: [u8; 4]| {
            if p.contains(&FIVE) {
                Some(false)
            } else if p.contains(&OVERLINE) || p.iter().map(|&l| four_count(l)).sum::<u32>() >= 2 {
                Some(true)
            } else if p.iter().filter(|&&l| l == F3).count() < 2 {
                Some(false)
            } else {
                None
            }
        };
        let mut undecided = 0;
        for k in 0..11u32.pow(4) {
            let p = [0, 1, 2, 3].map(|d| (k / 11u32.pow(d) % 11) as u8);
            assert_eq!(super::quick(p), plain(p), "{p:?}");
            undecided += usize::from(plain(p).is_none());
        }
        assert!(undecided > 0);
    }

    const EMPTY_ROW: &str = "...............";

    fn diagram(rows: &[&str]) -> String {
        let mut all: Vec<String> = rows.iter().map(|r| format!("{r:.<15}")).collect();
        while all.len() < 15 {
            all.push(EMPTY_ROW.to_string());
        }
        all.join("\n")
    }

    #[test]
    fn double_three_is_forbidden() {
        // Black threes along the row and the column through * (white stones far away balance the counts).
        let d = diagram(&["", "", "", "....x", "....x", "..xx*", "", "", "", "", "", "", "o.o.o.o"]);
        assert!(forbidden_at(&d));
    }

    #[test]
    fn three_blocked_on_one_side_is_not_a_three() {
        let d = diagram(&["", "", "....o", "....x", "....x", "..xx*", "", "", "", "", "", "", "o.o.o"]);
        assert!(!forbidden_at(&d), "the column three is closed at the top, so this is a single three");
    }

    #[test]
    fn double_four_and_overline_are_forbidden_but_five_is_not() {
        let four_four = diagram(&["", "", "....x", "....x", "....x", ".xxx*", "", "", "", "", "", "", "o.o.o.o.o.o"]);
        assert!(forbidden_at(&four_four));
        let overline = diagram(&["", "", "", "", "", "xxx*xx", "", "", "", "", "", "", "o.o.o.o.o"]);
        assert!(forbidden_at(&overline));
        let five_and_three = diagram(&["", "", "", "....x", "....x", "xxxx*", "", "", "", "", "", "", "o.o.o.o.o.o"]);
        assert!(!forbidden_at(&five_and_three), "a five wins even with a three beside it");
        let in_line = diagram(&["", "", "", "", "", "x.x*x.x", "", "", "", "", "", "", "o.o.o.o"]);
        assert!(forbidden_at(&in_line), "two fours in one line");
    }
}
