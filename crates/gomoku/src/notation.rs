//! Text forms of Gomoku positions and moves.
//!
//! A position is its rows from the top, one line each: `x` (or `1`) black, `o` (or `0`) white, `.` empty. The
//! parser also takes the contest harness's form (cells separated by spaces, or all 361 characters on one line) and
//! names the line and column of anything it does not understand. Moves are a column letter (A is the leftmost, I is
//! used) and a row number counted from the top line: `J10` is the centre of the 19×19 board; the contest prints the
//! same cell as `J, 10`. Parsing a move happens in two steps: syntax ([`parse_move_text`]), then legality against
//! the position ([`Notation::parse_move`]).

use crate::error::Error;
use crate::patterns::{BLACK, EMPTY, WHITE};
use crate::position::{Move, Position};
use crate::rules::Gomoku;
use sente_core::grid::{Coord, Dims};
use sente_core::{Notation, State};

const LETTERS: &[u8; 26] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The stone a board character stands for, if any.
fn cell_of(ch: char) -> Option<u8> {
    match ch {
        'x' | 'X' | '1' | 'b' | 'B' => Some(BLACK),
        'o' | 'O' | '0' | 'w' | 'W' => Some(WHITE),
        '.' | '-' | '+' | '_' => Some(EMPTY),
        _ => None,
    }
}

/// Parses a board (see the module docs) into a position of `game`, deducing the side to move and the winner.
///
/// # Errors
/// A character that is no cell, the wrong number of cells, or stones no game reaches.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, Rule, notation::parse_board};
/// use sente_core::{Player, State};
/// let game = Gomoku::new(5, Rule::Freestyle)?;
/// let pos = parse_board(game, "1 . . . .\n. . . . .\n. . 0 . .\n. . . . .\n. . . . .\n")?;
/// assert_eq!(pos.to_move(), Player::First);
/// # Ok::<(), sente_gomoku::Error>(())
/// ```
pub fn parse_board(game: Gomoku, text: &str) -> Result<Position, Error> {
    let dims = game.dims();
    let expected = dims.cells();
    let mut cells = Vec::with_capacity(expected);
    let mut overflow_line = None;
    let mut last_line = 0;
    for (ln, line) in text.lines().enumerate() {
        for (col, ch) in line.chars().enumerate() {
            if ch.is_whitespace() {
                continue;
            }
            let v = cell_of(ch).ok_or(Error::BadCell { line: ln + 1, col: col + 1, ch })?;
            if cells.len() == expected && overflow_line.is_none() {
                overflow_line = Some(ln + 1);
            }
            cells.push(v);
            last_line = ln + 1;
        }
    }
    if cells.len() != expected {
        let where_ = match overflow_line {
            Some(l) => format!(" (cell {} is on line {l})", expected + 1),
            None if cells.is_empty() => " (the input is empty)".to_string(),
            None => format!(" (the cells end on line {last_line})"),
        };
        return Err(Error::CellCount {
            expected,
            rows: usize::from(dims.rows),
            cols: usize::from(dims.cols),
            found: cells.len(),
            where_,
        });
    }
    Position::from_cells(game, &cells)
}

/// The text of a move on a board of `dims`, e.g. `J10`.
#[must_use]
pub fn move_text(dims: Dims, m: Move) -> String {
    let c = dims.coord(m.index());
    format!("{}{}", char::from(LETTERS[usize::from(c.col)]), u32::from(c.row) + 1)
}

/// The contest harness's form of a move: `J, 10`.
#[must_use]
pub fn contest_text(dims: Dims, m: Move) -> String {
    let c = dims.coord(m.index());
    format!("{}, {}", char::from(LETTERS[usize::from(c.col)]), u32::from(c.row) + 1)
}

/// Parses the syntax of a move (`J10`, `j10`, `J, 10`, `J 10`) into a cell of a board of `dims`; legality is not
/// checked.
///
/// # Errors
/// [`Error::MoveSyntax`] for malformed text, [`Error::OffBoard`] for a cell outside the board.
pub fn parse_move_text(dims: Dims, text: &str) -> Result<Move, Error> {
    let t = text.trim();
    let syntax = || Error::MoveSyntax(text.to_string());
    let mut chars = t.chars();
    let letter = chars.next().filter(char::is_ascii_alphabetic).ok_or_else(syntax)?;
    let rest = chars.as_str().trim_start_matches([',', ' ']).trim();
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) || rest.len() > 3 {
        return Err(syntax());
    }
    let row: usize = rest.parse().map_err(|_| syntax())?;
    let col = usize::from(letter.to_ascii_uppercase() as u8 - b'A');
    if row == 0 || row > usize::from(dims.rows) || col >= usize::from(dims.cols) {
        return Err(Error::OffBoard(t.to_string()));
    }
    Ok(Move(dims.index(Coord::new((row - 1) as u8, col as u8)) as u16))
}

impl Notation for Gomoku {
    type Error = Error;

    fn format_state(&self, state: &Position) -> String {
        let cols = usize::from(self.dims().cols);
        let mut out = String::with_capacity(state.cells().len() + state.cells().len() / cols);
        for row in state.cells().chunks(cols) {
            out.extend(row.iter().map(|&c| ['.', 'x', 'o'][usize::from(c)]));
            out.push('\n');
        }
        out
    }

    fn parse_state(&self, text: &str) -> Result<Position, Error> {
        parse_board(*self, text)
    }

    fn format_move(&self, _state: &Position, m: Move) -> String {
        move_text(self.dims(), m)
    }

    fn parse_move(&self, state: &Position, text: &str) -> Result<Move, Error> {
        let m = parse_move_text(self.dims(), text)?;
        if state.winner().is_some() || state.outcome().is_some() {
            return Err(Error::GameOver);
        }
        if state.cell(m.index()) != EMPTY {
            return Err(Error::Occupied(text.trim().to_string()));
        }
        if !state.is_legal(m) {
            return Err(Error::Forbidden(text.trim().to_string()));
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rule;
    use sente_core::{Game, Player};

    #[test]
    fn moves_round_trip_and_read_contest_form() {
        let g = Gomoku::standard();
        let s = g.initial_state();
        let m = g.parse_move(&s, "J, 10").expect("centre");
        assert_eq!(move_text(g.dims(), m), "J10");
        assert_eq!(contest_text(g.dims(), m), "J, 10");
        assert_eq!(g.parse_move(&s, "j10"), Ok(m));
        assert_eq!(g.parse_move(&s, "S19").map(|m| move_text(g.dims(), m)), Ok("S19".to_string()));
        assert!(matches!(g.parse_move(&s, "T1"), Err(Error::OffBoard(_))));
        assert!(matches!(g.parse_move(&s, "J0"), Err(Error::OffBoard(_))));
        assert!(matches!(g.parse_move(&s, "10J"), Err(Error::MoveSyntax(_))));
        assert!(matches!(g.parse_move(&s, "J1O"), Err(Error::MoveSyntax(_))));
    }

    #[test]
    fn boards_in_every_accepted_layout() {
        let g = Gomoku::standard();
        let mut flat = ".".repeat(361);
        flat.replace_range(180..181, "1");
        let a = g.parse_state(&flat).expect("361 characters on one line");
        let spaced: String = flat
            .as_bytes()
            .chunks(19)
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|&b| char::from(b).to_string()).collect();
                cells.join(" ") + "\n"
            })
            .collect();
        let b = g.parse_state(&spaced).expect("contest layout");
        assert_eq!(a, b);
        assert_eq!(a.to_move(), Player::Second);
        assert_eq!(g.parse_state(&g.format_state(&a)), Ok(a));
    }

    #[test]
    fn bad_boards_say_where() {
        let g = Gomoku::standard();
        let mut text = ".".repeat(361);
        text.insert(40, '\n');
        text.replace_range(45..46, "q");
        assert_eq!(g.parse_state(&text), Err(Error::BadCell { line: 2, col: 5, ch: 'q' }));
        let short = ".".repeat(360);
        assert!(matches!(g.parse_state(&short), Err(Error::CellCount { found: 360, .. })));
        let long = ".".repeat(361) + "\n.";
        let err = g.parse_state(&long).expect_err("one cell too many");
        assert!(err.to_string().contains("cell 362 is on line 2"), "{err}");
        let two_black = format!("11{}", ".".repeat(359));
        assert_eq!(g.parse_state(&two_black), Err(Error::Counts { black: 2, white: 0 }));
        let g5 = Gomoku::new(5, Rule::Freestyle).expect("size");
        let both = "11111\n00000\n.....\n.....\n.....\n";
        assert!(matches!(g5.parse_state(both), Err(Error::BothWin)));
        let black_won = "11111\n0000.\n.....\n.....\n.....\n";
        assert_eq!(g5.parse_state(black_won).map(|p| p.winner()), Ok(Some(Player::First)));
        let black_late = "11111\n0000.\n0....\n.....\n.....\n";
        assert!(matches!(g5.parse_state(black_late), Err(Error::WinnerOrder("black"))));
    }
}
