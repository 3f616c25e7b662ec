//! Text forms: the course's board file and the `Row #: k` / `Column #: k` move text.
//!
//! A board file is a header line `n m` followed by `n` lines of `m` digits 0/1, separated by single spaces as the
//! course writes them; rows written without spaces, extra blank lines anywhere, tabs, and CRLF line ends are
//! accepted too. Positions in the middle of a game add one optional line `to_move=second margin=-3` (the side to
//! move and the first player's lead so far); a board without it is a starting position. Moves are parsed in two
//! steps, as in shakmaty: the text into a [`MoveText`], then [`MoveText::to_move`] against the position.

use sente_core::{Notation, Player, State};

use crate::error::Error;
use crate::movegen::line_mask;
use crate::moves::Move;
use crate::position::{Board, MAX_SIDE, Position, RowCol};

/// A parsed board file: the board and, for a mid-game position, the side to move and the first player's lead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardText {
    /// The pieces.
    pub board: Board,
    /// `Some((to_move, margin))` when the optional state line was present.
    pub state: Option<(Player, i32)>,
}

/// Parses the course's input format into a starting board, which must hold at least one piece.
///
/// A mid-game state line (`to_move=… margin=…`, see [`parse_board_text`]) is refused as text after the board: a
/// starting board cannot carry it, and dropping it would answer for another position.
///
/// # Errors
/// Any [`Error`] variant for board text, with the 1-based line number.
///
/// # Examples
/// ```
/// let b = sente_rowcol::parse_board("3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n")?;
/// assert_eq!((b.rows(), b.cols(), b.pieces()), (3, 4, 7));
/// # Ok::<(), sente_rowcol::Error>(())
/// ```
pub fn parse_board(text: &str) -> Result<Board, Error> {
    let parsed = parse_board_text(text)?;
    if parsed.state.is_some() {
        // Found by the rowcol_input fuzz target (issue 16): an empty board with a state line got through to the
        // solver, which panicked, and a non-empty one was solved as if the line were not there.
        let (line, found) = text
            .lines()
            .enumerate()
            .find(|(_, l)| l.trim().starts_with("to_move="))
            .map_or((0, String::new()), |(i, l)| (i + 1, l.trim().to_string()));
        return Err(Error::Trailing { line, found, rows: parsed.board.rows() });
    }
    if parsed.board.pieces() == 0 {
        return Err(Error::NoPieces { line: header_line(text) });
    }
    Ok(parsed.board)
}

fn header_line(text: &str) -> usize {
    text.lines().position(|l| !l.trim().is_empty()).map_or(1, |i| i + 1)
}

/// Parses a board file, with its optional state line. A board without a state line may be empty here; use
/// [`parse_board`] for the course's inputs.
///
/// # Errors
/// Any [`Error`] variant for board text, with the 1-based line number.
pub fn parse_board_text(text: &str) -> Result<BoardText, Error> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty());
    let (hline, header) = lines.next().ok_or(Error::Empty)?;
    let bad_header = || Error::Header { line: hline, found: header.to_string() };
    let nums: Vec<&str> = header.split_whitespace().collect();
    if nums.len() != 2 {
        return Err(bad_header());
    }
    let rows: usize = nums[0].parse().map_err(|_| bad_header())?;
    let cols: usize = nums[1].parse().map_err(|_| bad_header())?;
    if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
        return Err(Error::Size { line: hline, rows, cols, max: MAX_SIDE });
    }
    let mut masks = Vec::with_capacity(rows);
    let mut last_line = hline;
    for row in 1..=rows {
        let (line, l) =
            lines.next().ok_or(Error::MissingRows { line: last_line + 1, found: row - 1, expected: rows })?;
        last_line = line;
        masks.push(parse_row(l, line, row, cols)?);
    }
    let board = Board::from_rows(rows, cols, &masks)?;
    let mut state = None;
    if let Some((line, l)) = lines.next() {
        if l.starts_with("to_move=") {
            state = Some(parse_state_line(l, line)?);
        } else {
            return Err(Error::Trailing { line, found: l.to_string(), rows });
        }
    }
    if let Some((line, l)) = lines.next() {
        return Err(Error::Trailing { line, found: l.to_string(), rows });
    }
    Ok(BoardText { board, state })
}

fn parse_row(l: &str, line: usize, row: usize, cols: usize) -> Result<u16, Error> {
    let mut mask = 0u16;
    let mut count = 0;
    for token in l.split_whitespace() {
        if !token.bytes().all(|b| b == b'0' || b == b'1') {
            return Err(Error::Cell { line, row, found: token.to_string() });
        }
        for b in token.bytes() {
            if count < MAX_SIDE && b == b'1' {
                mask |= 1 << count;
            }
            count += 1;
        }
    }
    if count != cols {
        return Err(Error::RowLength { line, row, found: count, expected: cols });
    }
    Ok(mask)
}

fn parse_state_line(l: &str, line: usize) -> Result<(Player, i32), Error> {
    let bad = || Error::StateLine { line, found: l.to_string() };
    let mut parts = l.split_whitespace();
    let to_move = match parts.next() {
        Some("to_move=first") => Player::First,
        Some("to_move=second") => Player::Second,
        _ => return Err(bad()),
    };
    let margin = parts.next().and_then(|p| p.strip_prefix("margin=")).and_then(|m| m.parse().ok()).ok_or_else(bad)?;
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok((to_move, margin))
}

/// Writes a board in the course's format: `n m`, then rows of digits separated by single spaces, `\n` line ends.
#[must_use]
pub fn format_board(board: &Board) -> String {
    let mut out = format!("{} {}\n", board.rows(), board.cols());
    for r in 0..board.rows() {
        let cells: Vec<&str> = (0..board.cols()).map(|c| if board.get(r, c) { "1" } else { "0" }).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}

/// A move as written, before it is checked against a position: a row or column and its 1-based number.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// True for a row, false for a column.
    pub row: bool,
    /// The 1-based line number as written.
    pub number: usize,
}

impl std::str::FromStr for MoveText {
    type Err = Error;

    /// Accepts `Row #: 3`, `Column #: 4`, `row 3`, `col 4`, `R3`, `c4` (case-insensitive).
    fn from_str(s: &str) -> Result<MoveText, Error> {
        let bad = || Error::MoveSyntax(s.to_string());
        let t = s.trim().to_ascii_lowercase();
        let split = t.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(t.len());
        let (word, rest) = t.split_at(split);
        let row = match word {
            "row" | "r" => true,
            "column" | "col" | "c" => false,
            _ => return Err(bad()),
        };
        let rest = rest.trim_start();
        let rest = rest.strip_prefix('#').map_or(rest, |r| r.trim_start());
        let rest = rest.strip_prefix(':').map_or(rest, |r| r.trim_start());
        let number = rest.parse().map_err(|_| bad())?;
        Ok(MoveText { row, number })
    }
}

impl MoveText {
    /// Resolves the text against `p`: the line must exist and still hold a piece.
    ///
    /// # Errors
    /// [`Error::IllegalMove`] otherwise.
    pub fn to_move(self, p: &Position) -> Result<Move, Error> {
        let side = if self.row { p.board().rows() } else { p.board().cols() };
        let illegal = || {
            let word = if self.row { "Row" } else { "Column" };
            Error::IllegalMove(format!("{word} #: {}", self.number))
        };
        if !(1..=side).contains(&self.number) {
            return Err(illegal());
        }
        let i = (self.number - 1) as u8;
        let m = if self.row { Move::Row(i) } else { Move::Col(i) };
        if line_mask(p, m) == 0 {
            return Err(illegal());
        }
        Ok(m)
    }
}

impl Notation for RowCol {
    type Error = Error;

    fn format_state(&self, state: &Position) -> String {
        let mut out = format_board(&state.remaining());
        // The state line marks a mid-game position; a finished one always has it, since a board alone needs a piece.
        if state.margin() != 0 || state.to_move() == Player::Second || state.pieces_left() == 0 {
            let side = if state.to_move() == Player::Second { "second" } else { "first" };
            out.push_str(&format!("to_move={side} margin={}\n", state.margin()));
        }
        out
    }

    fn parse_state(&self, text: &str) -> Result<Position, Error> {
        let parsed = parse_board_text(text)?;
        match parsed.state {
            Some((to_move, margin)) => Ok(Position::with_state(parsed.board, to_move, margin)),
            None if parsed.board.pieces() == 0 => Err(Error::NoPieces { line: header_line(text) }),
            None => Ok(Position::new(parsed.board)),
        }
    }

    fn format_move(&self, _state: &Position, m: Move) -> String {
        m.to_string()
    }

    fn parse_move(&self, state: &Position, text: &str) -> Result<Move, Error> {
        text.parse::<MoveText>()?.to_move(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue16_a_course_input_with_a_state_line_is_refused_not_solved() {
        // An empty board with a state line used to reach the solver and panic ("the board holds no piece").
        let e = parse_board("2 2\n0 0\n0 0\nto_move=first margin=0\n").unwrap_err();
        assert!(matches!(e, Error::Trailing { line: 4, .. }), "{e}");
        let e = parse_board("3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n\nto_move=second margin=-3\n").unwrap_err();
        assert_eq!(e.to_string(), "line 6: unexpected text `to_move=second margin=-3` after the 3 board rows");
        // The position text keeps its state line.
        let p = RowCol::new(Board::from_rows(2, 2, &[0, 0]).unwrap())
            .parse_state("2 2\n0 0\n0 0\nto_move=first margin=0\n")
            .unwrap();
        assert!(p.outcome().is_some());
    }

    #[test]
    fn accepts_the_course_format_and_its_variants() {
        let spaced = parse_board("3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n").unwrap();
        let packed = parse_board("\r\n3 4\r\n1001\r\n\r\n0001\r\n1111\r\n\r\n").unwrap();
        let tabs = parse_board("\u{feff}3\t4\n1\t0 0 1\n  0 0 0 1  \n1 1 1 1").unwrap();
        assert_eq!(spaced, packed);
        assert_eq!(spaced, tabs);
        assert_eq!(format_board(&spaced), "3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n");
    }

    #[test]
    fn rejects_malformed_boards_with_line_numbers() {
        let err = |t: &str| parse_board(t).unwrap_err().to_string();
        assert_eq!(err(""), "line 1: the file is empty; expected a first line `n m` (rows, columns)");
        assert!(err("3\n1 1 1\n").starts_with("line 1: expected `n m`"));
        assert!(err("\n\n3 x\n").starts_with("line 3: expected `n m`"));
        assert!(err("17 2\n").contains("17×2 is out of range"));
        assert!(err("0 2\n").contains("out of range"));
        assert!(err("2 2\n1 1\n1 2\n").starts_with("line 3: row 2 holds `2`"));
        assert!(err("2 2\n1 1\n1 1 1\n").starts_with("line 3: row 2 has 3 cells, expected 2"));
        assert!(err("2 2\n1 1\n").starts_with("line 3: the board ends after 1 of 2 rows"));
        assert!(err("1 2\n1 1\n0 0\n").starts_with("line 3: unexpected text `0 0`"));
        assert!(err("2 2\n0 0\n\n0 0\n").starts_with("line 1: the board holds no piece"));
        assert!(err("1 2\n1 1\nto_move=third margin=0\n").starts_with("line 3: expected `to_move="));
    }

    #[test]
    fn moves_parse_in_two_steps() {
        let g = RowCol::new(parse_board("2 3\n1 0 1\n0 0 0\n").unwrap());
        let p = Position::new(*g.board());
        for (text, m) in
            [("Row #: 1", Move::Row(0)), ("column #:3", Move::Col(2)), ("R1", Move::Row(0)), ("c 1", Move::Col(0))]
        {
            assert_eq!(g.parse_move(&p, text), Ok(m), "{text}");
            assert_eq!(g.parse_move(&p, &g.format_move(&p, m)), Ok(m));
        }
        assert_eq!(g.parse_move(&p, "Row #: 2"), Err(Error::IllegalMove("Row #: 2".into())));
        assert_eq!(g.parse_move(&p, "Column #: 4"), Err(Error::IllegalMove("Column #: 4".into())));
        assert!(matches!(g.parse_move(&p, "Diagonal 1"), Err(Error::MoveSyntax(_))));
        assert!(matches!(g.parse_move(&p, "Row #: x"), Err(Error::MoveSyntax(_))));
    }

    #[test]
    fn mid_game_positions_round_trip() {
        let g = RowCol::new(parse_board("2 3\n1 0 1\n1 1 0\n").unwrap());
        let mut p = Position::new(*g.board());
        p.play(Move::Col(0));
        let text = g.format_state(&p);
        assert_eq!(text, "2 3\n0 0 1\n0 1 0\nto_move=second margin=2\n");
        assert_eq!(g.parse_state(&text), Ok(p));
        p.play(Move::Row(0));
        p.play(Move::Row(1));
        assert_eq!(g.parse_state(&g.format_state(&p)), Ok(p));
    }
}
