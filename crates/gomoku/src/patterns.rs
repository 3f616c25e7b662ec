//! Line patterns: what one stone added to an empty cell makes along one direction, read from a lookup table.
//!
//! Every cell keeps, per direction, a *window code*: the ten cells at offsets −5..−1 and +1..+5 around it, two bits
//! each (empty, black, white, wall), twenty bits in all. [`PatternTable`] maps a code to the [`Pat`] level that black
//! and white would make by playing the centre cell: a five, an overline, an open four (two completion points five
//! apart), a double four within one line, a simple four, open or closed threes and twos, or nothing. Levels are
//! defined recursively, the way Gomoku players define them: a four is one move from a five (a straight four has two
//! such moves), a three is one move from a four, a two one move from a three. The table is built once per rule from
//! the ~132 thousand window codes that can occur, with memoisation, in a few milliseconds. Rules decide what counts
//! as five: for an *exact* colour (exact-five rule, or black in renju) a run of six or more is an overline, which is
//! why the window reaches five cells on each side.

use crate::rules::Rule;
use sente_core::Player;
use std::sync::OnceLock;

/// An empty cell.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;
/// Off the board.
pub const WALL: u8 = 3;

/// How far the window reaches on each side.
pub const HALF: i32 = 5;

/// A pattern level, ordered by strength up to [`FIVE`].
pub type Pat = u8;
/// No five can ever pass through the cell in this line.
pub const DEAD: Pat = 0;
/// A lone stone with room for a five.
pub const B1: Pat = 1;
/// A closed two (one move from a closed three).
pub const B2: Pat = 2;
/// An open two (one move from an open three).
pub const F2: Pat = 3;
/// A closed three (one move from a simple four).
pub const B3: Pat = 4;
/// An open three (one move from a straight four).
pub const F3: Pat = 5;
/// A simple four: one cell completes a five.
pub const B4: Pat = 6;
/// A straight (open) four: two completion points five cells apart.
pub const F4: Pat = 7;
/// Two separate fours in one line (e.g. `X.XXX.X`): two completion points, counted as two fours.
pub const D4: Pat = 8;
/// A five: the move wins.
pub const FIVE: Pat = 9;
/// Six or more in a row for a colour that needs exactly five: no win (and forbidden to black in renju).
pub const OVERLINE: Pat = 10;
/// Number of levels.
pub const LEVELS: usize = 11;

/// True for the three kinds of four.
#[must_use]
pub const fn is_four(p: Pat) -> bool {
    matches!(p, B4 | F4 | D4)
}

/// How many fours a level makes (renju counts a double four in one line as two).
#[must_use]
pub const fn four_count(p: Pat) -> u32 {
    match p {
        B4 | F4 => 1,
        D4 => 2,
        _ => 0,
    }
}

/// Bit shift of the two-bit field for offset `k` (−5..=5, not 0) in a window code.
#[inline]
#[must_use]
pub const fn shift(k: i32) -> u32 {
    (if k < 0 { k + HALF } else { k + HALF - 1 }) as u32 * 2
}

/// Number of distinct window codes (twenty bits).
pub const CODES: usize = 1 << 20;

/// The potential of one cell-direction pattern for its colour, used by the incremental evaluation: the table fitted
/// to game outcomes by `sente gomoku tune` ([`crate::engine::tuned`]) and then tuned by self-play with `sente gomoku
/// spsa` ([`crate::engine::played`]; each file's header holds its command). Each entry stays at most 2,000, the bound
/// the position's accumulator lanes are sized for.
pub const SCORE: [i32; LEVELS] = crate::engine::played::PLAYED_SCORE;

/// The potential of one cell-direction pattern for move ordering (the position's quick keys and the threat values
/// of moves): the per-direction table `sente gomoku tune` fitted before the evaluation had cell classes. The fit
/// with classes moves the twos' and threes' worth into the classes (an open two alone is worth 2 there), which
/// would leave the ordering nearly blind in quiet positions, so ordering keeps its own table.
pub const ORDER: [i32; LEVELS] = [0, 1, 0, 17, 23, 110, 189, 954, 400, 2000, 0];

/// The width cut's quick key per cell-direction level, for the side to move's levels: fitted to the moves played
/// in recorded games by `sente gomoku tune --order` ([`crate::engine::ordered`]), then tuned by self-play with
/// `sente gomoku spsa --set key` ([`crate::engine::keyed`]; each file's header holds its command).
/// A cell's key is the sum over its four directions of this table at the side to move's level and [`QUICK_OPP`] at
/// the opponent's.
pub const QUICK_OWN: [i32; LEVELS] = crate::engine::keyed::KEYED_OWN;
/// The width cut's quick key per level for the opponent's levels (see [`QUICK_OWN`]).
pub const QUICK_OPP: [i32; LEVELS] = crate::engine::keyed::KEYED_OPP;

/// Number of cell classes: how one colour's four directional levels at an empty cell combine (see [`cell_class`]).
pub const CLASSES: usize = 26;

/// A cell's class for one colour from how many of its four directions make a four (of any kind), an open three,
/// and an open two or closed three (a line one move from a three), each counted up to two: `9 fours + 3 threes +
/// twos - 1`, or none when the cell makes none of them (so four-four is 17 and up, four-three 11 to 16, three-three
/// 5 to 7, a lone four 8, a lone two 0). The evaluation adds a fitted weight per class ([`CLASS_SCORE`]) on top of the
/// per-direction [`SCORE`]s, so a cell where lines cross counts more (or less) than the sum of its lines.
#[must_use]
pub const fn cell_class(fours: u32, threes: u32, twos: u32) -> Option<usize> {
    let k = 9 * cap2(fours) + 3 * cap2(threes) + cap2(twos);
    if k == 0 { None } else { Some(k - 1) }
}

/// `n` counted up to two.
const fn cap2(n: u32) -> usize {
    if n < 2 { n as usize } else { 2 }
}

/// [`cell_class`] of one colour's four levels at a cell.
#[must_use]
pub fn class_of_levels(levels: [Pat; 4]) -> Option<usize> {
    let count = |f: fn(Pat) -> bool| levels.iter().filter(|&&p| f(p)).count() as u32;
    cell_class(count(is_four), count(|p| p == F3), count(|p| p == F2 || p == B3))
}

/// The weight of each [`cell_class`] for its colour, fitted and tuned with [`SCORE`] ([`crate::engine::played`]).
pub const CLASS_SCORE: [i32; CLASSES] = crate::engine::played::PLAYED_CLASS;

/// What each [`crate::combos`] combination adds to its cell's [`CLASS_SCORE`], fitted by `sente gomoku tune --combos`
/// ([`crate::engine::combined`], whose header holds the command).
pub const COMBO_EXTRA: [i32; crate::combos::COMBOS] = crate::engine::combined::COMBINED;

/// The tempo of the evaluation, in eighths: the side to move's [`SCORE`] total counts `TEMPO / 8` times the other
/// side's (it moves first, so its patterns are closer to becoming threats). Fitted with [`SCORE`] by `tune` (self-play
/// tuning keeps it).
pub const TEMPO: i32 = crate::engine::played::PLAYED_TEMPO;

/// Per window code, the level black and white would make by playing the centre, packed in one byte (black in the
/// low nibble). Freestyle levels never depend on the cells five steps away, so its table drops them and indexes
/// 65,536 entries (64 KiB, cache-resident); the exact rules need the full 2^20.
pub struct PatternTable {
    /// Indexed by the code (or, for freestyle, by [`small_index`], using the first 65,536 entries only; the
    /// rest is never touched). The fixed size lets lookups skip bounds checks.
    pats: Box<[u8; CODES]>,
    small: bool,
    /// The index mask for a stored code (see [`PatternTable::stored`]).
    mask: u32,
}

impl std::fmt::Debug for PatternTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PatternTable")
    }
}

/// The freestyle table's index: offsets −4..−1 and +1..+4 of a window code.
#[inline]
const fn small_index(code: u32) -> usize {
    (((code >> 2) & 0xFF) | (((code >> 10) & 0xFF) << 8)) as usize
}

impl PatternTable {
    /// The levels `[black, white]` for a window code.
    #[inline]
    #[must_use]
    pub fn get(&self, code: u32) -> [Pat; 2] {
        let b = self.packed(code);
        [b & 15, b >> 4]
    }

    /// The levels for a window code packed in one byte: black in the low nibble, white in the high one.
    #[inline]
    #[must_use]
    pub fn packed(&self, code: u32) -> u8 {
        let i = if self.small { small_index(code) } else { code as usize % CODES };
        self.pats[i]
    }

    /// The code a position keeps for a full window code: the code itself, or for freestyle's table the 16 bits of
    /// offsets −4..−1 and +1..+4 (the full code shifted right by 2), which is then
    /// the table index.
    #[inline]
    #[must_use]
    pub(crate) fn stored(&self, full: u32) -> u32 {
        if self.small { small_index(full) as u32 } else { full }
    }

    /// True for freestyle's small table, whose stored codes sit 2 bits lower than the full ones.
    #[inline]
    #[must_use]
    pub(crate) fn is_small(&self) -> bool {
        self.small
    }

    /// The table, for loops that index it with a stored code masked to 16 (small) or 20 bits themselves.
    #[inline]
    #[must_use]
    pub(crate) fn entries(&self) -> &[u8; CODES] {
        &self.pats
    }

    /// The packed levels for a stored code: one masked load, the same for every rule.
    #[inline]
    #[must_use]
    pub(crate) fn lookup(&self, stored: u32) -> u8 {
        self.pats[(stored & self.mask) as usize % CODES]
    }

    /// The shared table for a rule, built on first use.
    #[must_use]
    pub fn for_rule(rule: Rule) -> &'static PatternTable {
        static TABLES: [OnceLock<PatternTable>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let i = match rule {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
            Rule::Renju => 2,
        };
        TABLES[i].get_or_init(|| PatternTable::build(rule))
    }

    fn build(rule: Rule) -> PatternTable {
        let exact = [rule.exact_for(Player::First), rule.exact_for(Player::Second)];
        let mut memos = [Memo::new(false), Memo::new(true)];
        let small = rule == Rule::Freestyle;
        let size = if small { 1 << 16 } else { CODES };
        let mut pats: Box<[u8; CODES]> =
            vec![0u8; CODES].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!());
        for (i, slot) in pats[..size].iter_mut().enumerate() {
            let code = if small {
                // Rebuild a full code whose outermost cells continue the wall (or are empty).
                let (left, right) = (i as u32 & 0xFF, (i as u32 >> 8) & 0xFF);
                let outer_left = if left & 3 == u32::from(WALL) { u32::from(WALL) } else { 0 };
                let outer_right = if (right >> 6) & 3 == u32::from(WALL) { u32::from(WALL) } else { 0 };
                outer_left | (left << 2) | (right << 10) | (outer_right << 18)
            } else {
                i as u32
            };
            if !valid(code) {
                continue;
            }
            let mut levels = [0u8; 2];
            for (color, level) in levels.iter_mut().enumerate() {
                let rel = if color == 0 { code } else { swap_colors(code) };
                *level = memos[usize::from(exact[color])].level(expand(rel));
            }
            *slot = levels[0] | (levels[1] << 4);
        }
        PatternTable { pats, small, mask: if small { 0xFFFF } else { CODES as u32 - 1 } }
    }
}

/// True when walls only occur as a contiguous run at the far ends of the window.
fn valid(code: u32) -> bool {
    let side_ok = |ks: [i32; 5]| {
        let mut wall = false;
        ks.iter().all(|&k| {
            let v = (code >> shift(k)) & 3;
            if v == u32::from(WALL) {
                wall = true;
                true
            } else {
                !wall
            }
        })
    };
    side_ok([-1, -2, -3, -4, -5]) && side_ok([1, 2, 3, 4, 5])
}

/// Swaps black and white in every field (walls and empties stay).
fn swap_colors(code: u32) -> u32 {
    ((code & 0x5_5555) << 1) | ((code & 0xA_AAAA) >> 1)
}

/// The eleven-cell code (offsets −5..=5, slot `k + 5`) with the centre holding the moving colour (1).
fn expand(rel: u32) -> u32 {
    (rel & 0x3FF) | (u32::from(BLACK) << 10) | ((rel >> 10) << 12)
}

/// Memoised levels of eleven-cell lines whose centre holds "own" stone 1 (opponent 2, wall 3).
struct Memo {
    exact: bool,
    memo: Vec<u8>,
}

const UNSET: u8 = u8::MAX;

impl Memo {
    fn new(exact: bool) -> Memo {
        Memo { exact, memo: Vec::new() }
    }

    fn level(&mut self, full: u32) -> Pat {
        if self.memo.is_empty() {
            self.memo = vec![UNSET; 1 << 22];
        }
        let cached = self.memo[full as usize];
        if cached != UNSET {
            return cached;
        }
        let cell = |k: i32| ((full >> (2 * (k + HALF))) & 3) as u8;
        let mut run = 1;
        let mut k = 1;
        while k <= HALF && cell(k) == BLACK {
            run += 1;
            k += 1;
        }
        k = -1;
        while k >= -HALF && cell(k) == BLACK {
            run += 1;
            k -= 1;
        }
        let level = if run >= 5 {
            if self.exact && run > 5 { OVERLINE } else { FIVE }
        } else {
            let mut n5 = 0;
            let mut points = [0i32; 2];
            let mut best = DEAD;
            for k in -4..=4 {
                if k == 0 || cell(k) != EMPTY {
                    continue;
                }
                let child = self.level(full | (u32::from(BLACK) << (2 * (k + HALF))));
                if child == FIVE {
                    if n5 < 2 {
                        points[n5] = k;
                    }
                    n5 += 1;
                } else if child != OVERLINE {
                    best = best.max(child);
                }
            }
            match n5 {
                0 => match best {
                    F4 | D4 => F3,
                    B4 => B3,
                    F3 => F2,
                    B3 => B2,
                    DEAD => DEAD,
                    _ => B1,
                },
                1 => B4,
                2 if points[1] - points[0] == 5 => F4,
                _ => D4,
            }
        };
        self.memo[full as usize] = level;
        level
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The levels for a line written as text around the centre `*` (x own = black, o opponent, | wall).
    fn line(rule: Rule, text: &str) -> [Pat; 2] {
        let cells: Vec<char> = text.chars().collect();
        let c = cells.iter().position(|&ch| ch == '*').expect("centre");
        let mut code = 0u32;
        for k in -HALF..=HALF {
            if k == 0 {
                continue;
            }
            let i = c as i32 + k;
            let v = if i < 0 || i >= cells.len() as i32 {
                WALL
            } else {
                match cells[i as usize] {
                    'x' => BLACK,
                    'o' => WHITE,
                    '|' => WALL,
                    _ => EMPTY,
                }
            };
            code |= u32::from(v) << shift(k);
        }
        PatternTable::for_rule(rule).get(code)
    }

    #[test]
    fn levels_of_classic_shapes() {
        let f = Rule::Freestyle;
        assert_eq!(line(f, "....xx*xx....")[0], FIVE);
        assert_eq!(line(f, ".....*xxxx...")[0], FIVE);
        assert_eq!(line(f, ".....*xxx....")[0], F4);
        assert_eq!(line(f, "....o*xxx....")[0], B4);
        assert_eq!(line(f, "....x.*xx....")[0], B4, "broken four");
        assert_eq!(line(f, "..x.x*x.x..")[0], D4, "two fours in one line");
        assert_eq!(line(f, ".....*xx.....")[0], F3);
        assert_eq!(line(f, "....o*xx.....")[0], B3);
        assert_eq!(line(f, ".....*.xx....")[0], F3, "split three");
        assert_eq!(line(f, ".....*x......")[0], F2);
        assert_eq!(line(f, ".....*.......")[0], B1);
        assert_eq!(line(f, "|*xx.o")[0], DEAD, "no room for five");
        // The same line seen by white: nothing of its own, and room only if the black stones were gone.
        assert_eq!(line(f, ".....*xxx....")[1], B1);
        assert_eq!(line(f, "|....*oo.....")[1], F3);
    }

    #[test]
    fn overlines_depend_on_the_rule() {
        assert_eq!(line(Rule::Freestyle, "..xxx*xx...")[0], FIVE);
        assert_eq!(line(Rule::ExactFive, "..xxx*xx...")[0], OVERLINE);
        assert_eq!(line(Rule::ExactFive, "..xxx*xx...").map(|p| p == OVERLINE), [true, false]);
        assert_eq!(line(Rule::Renju, "..xxx*xx...")[0], OVERLINE);
        assert_eq!(line(Rule::Renju, "..ooo*oo...")[1], FIVE, "white may make an overline in renju");
        // Black x.xxxx: filling the gap makes six; under exact rules the only five point is on the right.
        assert_eq!(line(Rule::ExactFive, ".x.xx*x.....")[0], B4);
        assert_eq!(line(Rule::Freestyle, ".x.xx*x.....")[0], F4, "two completion points five apart");
    }
}
