//! Cell combinations: which lines cross at an empty cell, for one colour, as the multiset of its four directional
//! levels.
//!
//! The evaluation's cell term was first a [`cell_class`](crate::patterns::cell_class): how many of the four
//! directions make a four, an open three, and an open two or closed three, each counted up to two (26 classes).
//! A *combination* keeps more: how many directions make each of six kinds — closed two, open two, closed three,
//! open three, simple four, and straight or double four — so that, say, an open two crossing a closed three is told
//! apart from two open twos, and a closed two from nothing. Lone stones, dead lines and fives are not counted (a
//! five is tactical; the evaluation reads fives from their own counters). Four directions make
//! [`COMBOS`] = 210 combinations, the empty one included.
//!
//! A position keeps, per empty cell, the combination *code* of each colour: the sum over its four directions of
//! `5^kind`, one base-5 digit per kind, so a refresh adds the new level's digit and subtracts the old one's
//! ([`DIGITS`] holds both colours' digits of a packed level byte, black in the low 16 bits). A code indexes the
//! value table directly ([`CODES`] entries); [`RANK`] turns it into the combination's index, the one
//! [`crate::engine::params::EvalParams::combos`] and the tuner use, whose [`combo_name`] is written like `F3+B3`.

use crate::patterns::{B2, B3, B4, D4, F2, F3, F4, Pat, cell_class};

/// Number of kinds counted: closed two, open two, closed three, open three, simple four, straight or double four.
pub const KINDS: usize = 6;
/// Number of combinations of at most four kinds (with repeats), the empty one included: `C(10, 4)`.
pub const COMBOS: usize = 210;
/// Size of the value table indexed by a code: `5^6` rounded up to a power of two, so a code is masked, not divided.
pub const CODES: usize = 1 << 14;
/// The mask of one colour's code in a cell's combination word.
pub const CODE_MASK: u32 = (CODES as u32) - 1;

/// The names of the kinds, in digit order.
const KIND_NAMES: [&str; KINDS] = ["B2", "F2", "B3", "F3", "B4", "F4"];

/// The kind a level counts as, or `None` for a level not counted (dead, lone stone, five, overline).
#[must_use]
pub const fn kind(p: Pat) -> Option<usize> {
    match p {
        B2 => Some(0),
        F2 => Some(1),
        B3 => Some(2),
        F3 => Some(3),
        B4 => Some(4),
        F4 | D4 => Some(5),
        _ => None,
    }
}

const fn digit(p: Pat) -> u32 {
    match kind(p) {
        Some(k) => 5u32.pow(k as u32),
        None => 0,
    }
}

/// Per packed level byte (black's level in the low nibble), black's digit in bits 0-15 and white's in 16-31: four
/// directions sum without carries between the colours (a code stays below `4 · 5^5 < 2^14`).
pub const DIGITS: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = digit((b & 15) as u8) | (digit((b >> 4) as u8) << 16);
        b += 1;
    }
    t
};

/// A code's digits, one count per kind.
#[must_use]
pub const fn counts(code: usize) -> [u32; KINDS] {
    let mut c = [0u32; KINDS];
    let mut rest = code as u32;
    let mut k = 0;
    while k < KINDS {
        c[k] = rest % 5;
        rest /= 5;
        k += 1;
    }
    c
}

/// Per code, the combination's index (in increasing order of code, so the empty combination is 0), or
/// `u8::MAX` for a code no cell can have (more than four directions, or past `5^6`).
pub const RANK: [u8; CODES] = {
    let mut t = [u8::MAX; CODES];
    let (mut code, mut next) = (0, 0);
    while code < CODES {
        let c = counts(code);
        let total = c[0] + c[1] + c[2] + c[3] + c[4] + c[5];
        if code < 15_625 && total <= 4 {
            t[code] = next as u8;
            next += 1;
        }
        code += 1;
    }
    assert!(next == COMBOS);
    t
};

/// Per combination index, its code.
pub const CODE_OF: [u16; COMBOS] = {
    let mut t = [0u16; COMBOS];
    let mut code = 0;
    while code < CODES {
        if RANK[code] != u8::MAX {
            t[RANK[code] as usize] = code as u16;
        }
        code += 1;
    }
    t
};

/// The combination index of one colour's four levels at a cell.
#[must_use]
pub fn combo_of_levels(levels: [Pat; 4]) -> usize {
    let code: u32 = levels.iter().map(|&p| digit(p)).sum();
    usize::from(RANK[code as usize % CODES])
}

/// The [`cell_class`] of a combination: fours (simple, straight or double), open threes, and open twos or closed
/// threes, from its counts.
#[must_use]
pub const fn class_of_combo(combo: usize) -> Option<usize> {
    let c = counts(CODE_OF[combo % COMBOS] as usize);
    cell_class(c[4] + c[5], c[3], c[1] + c[2])
}

/// A combination's name: its kinds joined by `+`, strongest first (`F3+B3`, `F2+F2+B2`), or `-` for the empty one.
#[must_use]
pub fn combo_name(combo: usize) -> String {
    let c = counts(usize::from(CODE_OF[combo % COMBOS]));
    let mut parts = Vec::new();
    for k in (0..KINDS).rev() {
        for _ in 0..c[k] {
            parts.push(KIND_NAMES[k]);
        }
    }
    if parts.is_empty() { "-".to_string() } else { parts.join("+") }
}

/// The combination named `name` ([`combo_name`]'s form, kinds in any order), or `None`.
#[must_use]
pub fn combo_by_name(name: &str) -> Option<usize> {
    if name.trim() == "-" {
        return Some(0);
    }
    let parts: Vec<&str> = name.split('+').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut code = 0usize;
    for part in parts {
        let k = KIND_NAMES.iter().position(|&n| n.eq_ignore_ascii_case(part.trim()))?;
        code += 5usize.pow(k as u32);
    }
    Some(usize::from(RANK[code % CODES]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::{B1, DEAD, FIVE, LEVELS, class_of_levels};

    /// Every combination of four levels gets the class its counts give, whichever level set makes it; names
    /// round-trip; the ranks are dense.
    #[test]
    fn combinations_refine_the_classes_and_names_round_trip() {
        let mut seen = [false; COMBOS];
        for a in 0..LEVELS as u8 {
            for b in a..LEVELS as u8 {
                for c in b..LEVELS as u8 {
                    for d in c..LEVELS as u8 {
                        let levels = [a, b, c, d];
                        let combo = combo_of_levels(levels);
                        assert!(combo < COMBOS);
                        seen[combo] = true;
                        assert_eq!(class_of_combo(combo), class_of_levels(levels), "{levels:?}");
                        let packed = levels.map(|p| p | (p << 4));
                        let code: u32 = packed.iter().map(|&p| DIGITS[usize::from(p)]).sum();
                        assert_eq!(usize::from(RANK[(code & CODE_MASK) as usize]), combo);
                        assert_eq!(usize::from(RANK[(code >> 16) as usize]), combo);
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s), "every combination is made by some levels");
        for combo in 0..COMBOS {
            assert_eq!(combo_by_name(&combo_name(combo)), Some(combo), "{}", combo_name(combo));
        }
        assert_eq!(combo_name(0), "-");
        assert_eq!(combo_of_levels([DEAD, B1, FIVE, B1]), 0);
        assert_eq!(combo_name(combo_of_levels([B3, F3, B1, DEAD])), "F3+B3");
        assert_eq!(combo_of_levels([F4, D4, B2, B2]), combo_by_name("B2+F4+B2+F4").unwrap());
        assert_eq!(combo_by_name("F3+F3+F3+F3+F3"), None);
        assert_eq!(combo_by_name("F5"), None);
    }
}
