//! Opening positions for matches and benchmarks: seeded ones, and opening files.
//!
//! A seeded opening is a few stones placed alternately (black first) on random cells of a central square (5×5 for
//! [`opening`], any side for [`scattered`]), drawn from SplitMix64 with the given seed, so a match is reproducible
//! from its seed. The match runner plays each opening twice with colours swapped; three or four central stones never
//! hold a threat, so neither side starts with a forced win.
//!
//! An opening file holds one opening a line, its stones in play order, black first, in the form of game records
//! (`H8 J9 H9`); blank lines and `#` comments are skipped ([`parse_openings`], [`opening_text`], [`play_order`]).

use crate::error::Error;
use crate::notation::{move_text, parse_move_text};
use crate::position::{Move, Position};
use crate::rules::Gomoku;
use sente_core::grid::Coord;
use sente_core::zobrist::splitmix64;
use sente_core::{Game, State};

/// The opening with `stones` stones for `seed` on `game`'s board.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, openings::opening};
/// let a = opening(Gomoku::standard(), 7, 3);
/// assert_eq!(a.stones(), 3);
/// assert_eq!(a, opening(Gomoku::standard(), 7, 3));
/// ```
#[must_use]
pub fn opening(game: Gomoku, seed: u64, stones: usize) -> Position {
    scattered(game, seed, stones, 5)
}

/// `stones` stones (at most 20) placed alternately, black first, on random cells of the central `area`×`area`
/// square (at most the board), drawn with `seed`: [`opening`] is the 5×5 case.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, openings::{opening, scattered}};
/// assert_eq!(scattered(Gomoku::standard(), 7, 3, 5), opening(Gomoku::standard(), 7, 3));
/// assert_eq!(scattered(Gomoku::standard(), 7, 4, 9).stones(), 4);
/// ```
#[must_use]
pub fn scattered(game: Gomoku, seed: u64, stones: usize, area: usize) -> Position {
    let mut pos = game.initial_state();
    let d = game.dims();
    let area = area.clamp(1, usize::from(d.rows.min(d.cols)));
    let (r0, c0) = (usize::from(d.rows) / 2 - area / 2, usize::from(d.cols) / 2 - area / 2);
    let a = area as u64;
    let mut state = seed ^ 0x0BE7_1D9C_A11E_D5EE;
    let mut placed = 0;
    let mut tries = 0;
    while placed < stones.min(20) && tries < 1000 {
        tries += 1;
        let (s, z) = splitmix64(state);
        state = s;
        let (r, c) = (r0 + (z % a) as usize, c0 + ((z / a) % a) as usize);
        let m: Move = pos.move_at(Coord::new(r as u8, c as u8));
        if pos.is_legal(m) {
            pos.play(m);
            placed += 1;
        }
    }
    pos
}

/// The stones of `pos` in a play order that reaches it: black's and white's interleaved, each in board order
/// (black has as many stones as white or one more in any position a game reaches).
#[must_use]
pub fn play_order(pos: &Position) -> Vec<Move> {
    let of = |stone: u8| -> Vec<Move> {
        (0..pos.cells().len()).filter(|&i| pos.cell(i) == stone).map(|i| Move(i as u16)).collect()
    };
    let (black, white) = (of(1), of(2));
    let mut order = Vec::with_capacity(black.len() + white.len());
    for k in 0..black.len().max(white.len()) {
        order.extend(black.get(k));
        order.extend(white.get(k));
    }
    order
}

/// One line of an opening file: the stones in play order, black first, separated by spaces.
#[must_use]
pub fn opening_text(game: Gomoku, stones: &[Move]) -> String {
    stones.iter().map(|&m| move_text(game.dims(), m)).collect::<Vec<_>>().join(" ")
}

/// Parses an opening file for `game`: one opening a line, its stones in play order, black first (`H8 J9 H9`);
/// blank lines and everything from a `#` to the end of its line are skipped. Every stone must be a legal move in turn (on the board, on
/// an empty cell, not forbidden to black in renju) and no opening may hold a five.
///
/// # Errors
/// [`Error::Suite`] naming the line and what was expected, also for a file without any opening.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, openings::{opening_text, parse_openings}};
/// let game = Gomoku::standard();
/// let book = parse_openings(game, "# two openings\nH8 J9 H9\n\nG7 H8\n")?;
/// assert_eq!(book.len(), 2);
/// assert_eq!(opening_text(game, &book[0]), "H8 J9 H9");
/// assert!(parse_openings(game, "H8 H8\n").unwrap_err().to_string().starts_with("line 1: "));
/// # Ok::<(), sente_gomoku::Error>(())
/// ```
pub fn parse_openings(game: Gomoku, text: &str) -> Result<Vec<Vec<Move>>, Error> {
    let mut book = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |detail: String| Error::Suite { line: n + 1, detail };
        let mut pos = game.initial_state();
        let mut stones = Vec::new();
        for token in line.split_whitespace() {
            let m = parse_move_text(game.dims(), token).map_err(|e| bad(e.to_string()))?;
            if pos.outcome().is_some() {
                return Err(bad(format!("the opening has five in a row before {token} (expected a position in play)")));
            }
            if !pos.is_legal(m) {
                let why = if pos.cell(m.index()) != 0 { "on an occupied cell" } else { "forbidden for black (renju)" };
                return Err(bad(format!("stone {token} is {why} (expected stones in play order, black first)")));
            }
            pos.play(m);
            stones.push(m);
        }
        if pos.outcome().is_some() {
            return Err(bad("the opening has five in a row (expected a position in play)".into()));
        }
        book.push(stones);
    }
    if book.is_empty() {
        return Err(Error::Suite {
            line: text.lines().count().max(1),
            detail: "no opening in the file (expected one opening a line, e.g. `H8 J9 H9`)".into(),
        });
    }
    Ok(book)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn seeded_openings_read_back_from_their_file_lines() {
        for (side, rule) in [(15, Rule::Freestyle), (19, Rule::Renju)] {
            let game = Gomoku::new(side, rule).expect("size");
            let text: String =
                (0..40).map(|k| opening_text(game, &play_order(&scattered(game, k, 4, 7))) + "\n").collect();
            let book = parse_openings(game, &text).expect("valid");
            assert_eq!(book.len(), 40);
            for (k, stones) in book.iter().enumerate() {
                let mut pos = game.initial_state();
                for &m in stones {
                    pos.play(m);
                }
                assert_eq!(pos, scattered(game, k as u64, 4, 7), "{side} {rule} opening {k}");
            }
        }
    }

    #[test]
    fn malformed_opening_files_name_the_line_and_what_was_expected() {
        let game = Gomoku::new(15, Rule::Freestyle).expect("size");
        let cases = [
            ("H8 J9\nH8 J9 H8\n", "line 2: stone H8 is on an occupied cell"),
            ("# c\n\nH8 J9 Q3\n", "line 3: move \"Q3\" is off the board"),
            ("H8 J9 8H\n", "line 1: malformed move \"8H\""),
            ("H8 A1 H9 A2 H10 A3 H11 A4 H12\n", "line 1: the opening has five in a row (expected a position in play)"),
            ("H8 A1 H9 A2 H10 A3 H11 A4 H12 B1\n", "line 1: the opening has five in a row before B1"),
            ("# nothing\n\n", "line 2: no opening in the file"),
            ("", "line 1: no opening in the file"),
        ];
        for (text, expected) in cases {
            let err = parse_openings(game, text).expect_err(text).to_string();
            assert!(err.starts_with(expected), "{text:?}: {err}");
        }
        let renju = Gomoku::new(15, Rule::Renju).expect("size");
        // D1 would make black's A1..F1 an overline, forbidden to black in renju.
        let err = parse_openings(renju, "A1 H8 B1 H9 C1 H10 E1 H11 F1 A15 D1\n").expect_err("overline").to_string();
        assert!(err.starts_with("line 1: stone D1 is forbidden for black (renju)"), "{err}");
    }
}
