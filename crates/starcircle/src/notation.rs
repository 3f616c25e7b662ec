//! Text forms: the board block of the course's input file, `F4-H2` moves, and their parsers.
//!
//! A position is written as the course writes the board part of `input.txt`: the side to move (`Star` or
//! `Circle`, followed by `after pass` when the opponent has just passed, or `after 2 passes` once the game ended
//! that way), then eight lines of eight comma-separated cells for rows H down to A (`0`, `S<n>` or `C<n>`), then
//! the eight row values. The parser also accepts the lines joined by `/` on one line, for test files and command
//! lines. Pieces on light squares are accepted (a few public course inputs have them) and move by the same
//! diagonal rules. Blank lines, surrounding spaces, a byte-order mark and Windows line ends are ignored; everything else
//! that is off gives an [`Error`] naming the line.
//!
//! Moves are parsed in two steps, as shakmaty does: the text becomes a [`MoveText`], which is then resolved against
//! the legal moves of the position, so a well-formed but impossible move gets its own error.

use crate::StarCircle;
use crate::error::Error;
use crate::moves::{Move, SIZE, Square, parse_square, row_of, square, square_name};
use crate::position::{Position, side_name};
use sente_core::{Notation, Player, State, Value};

/// The largest stack the parser accepts on one square.
pub const MAX_STACK: u16 = 999;

/// `max |row value| × pieces` must stay below this, so every score and evaluation fits the search's value range
/// with room to spare.
pub const MAX_SCORE: i64 = (Value::MAX_HEURISTIC.0 / 4) as i64;

/// The non-blank lines of a text with their 1-based line numbers, trimmed (BOM and `\r` dropped). A text without
/// line breaks but with `/` is split there instead.
#[must_use]
pub fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let sep = if !text.contains('\n') && text.contains('/') { '/' } else { '\n' };
    text.split(sep).enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty()).collect()
}

/// Takes the next numbered line or reports what was expected there.
pub(crate) fn next_line<'a>(
    lines: &mut std::slice::Iter<'_, (usize, &'a str)>,
    last_line: usize,
    expected: &str,
) -> Result<(usize, &'a str), Error> {
    lines.next().copied().ok_or_else(|| Error::Missing { line: last_line + 1, expected: expected.to_string() })
}

/// Parses a side name (`Star` or `Circle`, any case).
pub(crate) fn parse_side(line: usize, text: &str) -> Result<Player, Error> {
    if text.eq_ignore_ascii_case("star") {
        Ok(Player::First)
    } else if text.eq_ignore_ascii_case("circle") {
        Ok(Player::Second)
    } else {
        Err(Error::syntax(line, format!("unknown player {text:?}, expected Star or Circle")))
    }
}

fn parse_cell(line: usize, col: usize, text: &str) -> Result<Option<(Player, u16)>, Error> {
    let bad = || {
        Error::syntax(
            line,
            format!("cell {} is {text:?}, expected 0, S<n> or C<n> with n from 1 to {MAX_STACK}", col + 1),
        )
    };
    if text == "0" {
        return Ok(None);
    }
    let mut chars = text.chars();
    let side = match chars.next().map(|c| c.to_ascii_uppercase()) {
        Some('S') => Player::First,
        Some('C') => Player::Second,
        _ => return Err(bad()),
    };
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 4 {
        return Err(bad());
    }
    match digits.parse::<u16>() {
        Ok(n) if (1..=MAX_STACK).contains(&n) => Ok(Some((side, n))),
        _ => Err(bad()),
    }
}

/// Parses the row values line: eight comma-separated integers.
pub(crate) fn parse_values(line: usize, text: &str) -> Result<[i32; 8], Error> {
    let cells: Vec<&str> = text.split(',').map(str::trim).collect();
    if cells.len() != 8 {
        return Err(Error::syntax(line, format!("{} row values, expected 8 comma-separated integers", cells.len())));
    }
    let mut values = [0; 8];
    for (i, c) in cells.iter().enumerate() {
        values[i] = c
            .parse::<i32>()
            .map_err(|_| Error::syntax(line, format!("row value {} is {c:?}, expected an integer", i + 1)))?;
    }
    Ok(values)
}

/// Parses the eight board lines (rows H down to A) and the row values into a position with `side` to move, checking
/// that it is a legal Star/Circle position. `lines` must be positioned at row H; `last` is the line number before.
/// With `need_both_sides`, a board where a side has no piece (a finished game) is refused, as a course input must
/// be.
pub(crate) fn parse_board(
    lines: &mut std::slice::Iter<'_, (usize, &str)>,
    last: usize,
    side: Player,
    need_both_sides: bool,
) -> Result<Position, Error> {
    let mut cells = Vec::with_capacity(64);
    let mut last = last;
    for r in (0..SIZE).rev() {
        let row_name = char::from(b'A' + r);
        let (line, text) = next_line(lines, last, &format!("board row {row_name}: 8 comma-separated cells"))?;
        last = line;
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() != 8 {
            return Err(Error::syntax(
                line,
                format!("board row {row_name} has {} cells, expected 8 comma-separated cells", parts.len()),
            ));
        }
        for (c, p) in parts.iter().enumerate() {
            if let Some((who, n)) = parse_cell(line, c, p)? {
                cells.push((line, square(r, c as u8), who, n));
            }
        }
    }
    let (vline, vtext) = next_line(lines, last, "the 8 row values")?;
    let values = parse_values(vline, vtext)?;
    build(cells, values, side, vline, need_both_sides)
}

fn build(
    cells: Vec<(usize, Square, Player, u16)>,
    values: [i32; 8],
    side: Player,
    vline: usize,
    need_both_sides: bool,
) -> Result<Position, Error> {
    // Every check comes before any piece is placed: the position keeps running scores, which must not be summed
    // from values the range check would refuse.
    let mut pieces: i64 = 0;
    for &(line, sq, who, n) in &cells {
        let own_last = if who == Player::First { SIZE - 1 } else { 0 };
        if n > 1 && row_of(sq) != own_last {
            return Err(Error::position(
                line,
                format!(
                    "{}{n} on {}: {} pieces stack only on row {}",
                    if who == Player::First { 'S' } else { 'C' },
                    square_name(sq),
                    side_name(who),
                    char::from(b'A' + own_last)
                ),
            ));
        }
        pieces += i64::from(n);
    }
    let last_board_line = cells.last().map_or(vline.saturating_sub(1), |c| c.0);
    for who in [Player::First, Player::Second] {
        if need_both_sides && !cells.iter().any(|c| c.2 == who) {
            return Err(Error::position(last_board_line, format!("{} has no pieces on the board", side_name(who))));
        }
    }
    let biggest = values.iter().map(|v| i64::from(*v).abs()).max().unwrap_or(0);
    if biggest * pieces > MAX_SCORE {
        return Err(Error::position(
            vline,
            format!("row values up to {biggest} with {pieces} pieces exceed the score range ({MAX_SCORE})"),
        ));
    }
    let mut pos = Position::empty(values, side);
    for &(_, sq, who, n) in &cells {
        pos.put(sq, who, n);
    }
    Ok(pos)
}

/// Writes the board block (8 rows, H first) and the row values line, without the player line.
#[must_use]
pub fn format_board(pos: &Position) -> String {
    let mut out = String::new();
    for r in (0..SIZE).rev() {
        let row: Vec<String> = (0..SIZE)
            .map(|c| match pos.piece_at(square(r, c)) {
                None => "0".to_string(),
                Some((Player::First, n)) => format!("S{n}"),
                Some((Player::Second, n)) => format!("C{n}"),
            })
            .collect();
        out.push_str(&row.join(","));
        out.push('\n');
    }
    let values: Vec<String> = pos.values().iter().map(ToString::to_string).collect();
    out.push_str(&values.join(","));
    out
}

/// A move as written, before it is matched against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `pass`.
    Pass,
    /// `F4-H2`: start and end squares.
    Step(Square, Square),
}

impl std::str::FromStr for MoveText {
    type Err = Error;

    fn from_str(text: &str) -> Result<MoveText, Error> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(MoveText::Pass);
        }
        let malformed = || Error::MalformedMove { text: text.to_string() };
        let (a, b) = t.split_once('-').ok_or_else(malformed)?;
        Ok(MoveText::Step(parse_square(a.trim()).ok_or_else(malformed)?, parse_square(b.trim()).ok_or_else(malformed)?))
    }
}

impl MoveText {
    /// The legal move of `pos` this text names.
    ///
    /// # Errors
    /// [`Error::IllegalMove`] when no legal move matches.
    pub fn to_move(self, pos: &Position, text: &str) -> Result<Move, Error> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|m| match self {
                MoveText::Pass => m.is_pass(),
                MoveText::Step(f, t) => !m.is_pass() && m.from() == f && m.to() == t,
            })
            .ok_or_else(|| Error::IllegalMove {
                text: text.trim().to_string(),
                legal: if moves.is_empty() {
                    "none (the game is over)".to_string()
                } else {
                    moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
                },
            })
    }
}

fn parse_player_line(line: usize, text: &str) -> Result<(Player, u8), Error> {
    let lower = text.to_ascii_lowercase();
    let (name, passes) = if let Some(n) = lower.strip_suffix(" after pass") {
        (n, 1)
    } else if let Some(n) = lower.strip_suffix(" after 2 passes") {
        (n, 2)
    } else {
        (lower.as_str(), 0)
    };
    Ok((parse_side(line, name.trim())?, passes))
}

impl Notation for StarCircle {
    type Error = Error;

    fn format_state(&self, state: &Position) -> String {
        let suffix = match state.passes() {
            0 => "",
            1 => " after pass",
            _ => " after 2 passes",
        };
        format!("{}{suffix}\n{}", side_name(state.to_move()), format_board(state))
    }

    fn parse_state(&self, text: &str) -> Result<Position, Error> {
        let lines = numbered_lines(text);
        let mut it = lines.iter();
        let (line, first) = next_line(&mut it, 0, "the player to move: Star or Circle")?;
        let (side, passes) = parse_player_line(line, first)?;
        let mut pos = parse_board(&mut it, line, side, false)?;
        if let Some((extra, t)) = it.next() {
            return Err(Error::syntax(*extra, format!("unexpected text {t:?} after the row values")));
        }
        pos.set_passes(passes);
        Ok(pos)
    }

    fn format_move(&self, _state: &Position, m: Move) -> String {
        m.to_string()
    }

    fn parse_move(&self, state: &Position, text: &str) -> Result<Move, Error> {
        text.parse::<MoveText>()?.to_move(state, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE1: &str = "Star\n0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n\
        0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80";

    #[test]
    fn round_trips_and_slash_form() {
        let g = StarCircle::default();
        let p = g.parse_state(SAMPLE1).unwrap();
        assert_eq!(g.format_state(&p), SAMPLE1);
        let one_line = SAMPLE1.replace('\n', " / ");
        assert_eq!(g.parse_state(&one_line).unwrap(), p);
        let crlf = format!("\u{feff}{}\r\n\r\n", SAMPLE1.replace('\n', "\r\n"));
        assert_eq!(g.parse_state(&crlf).unwrap(), p);
        let mut q = p.clone();
        q.set_passes(1);
        assert_eq!(g.parse_state(&g.format_state(&q)).unwrap(), q);
    }

    /// Row values whose score the range check refuses are refused before any piece is counted into a score: a
    /// tall stack under a huge value used to overflow the running score (found by the `starcircle_input` fuzz
    /// target) instead of reaching the check.
    #[test]
    fn huge_row_values_with_stacks_are_refused_without_overflow() {
        let g = StarCircle::default();
        let text = "Star\nS999,0,S999,0,0,0,0,S999\n0,0,C1,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n\
            0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,1924791548";
        let e = g.parse_state(text).unwrap_err();
        assert!(e.to_string().contains("exceed the score range"), "{e}");
    }

    #[test]
    fn moves_parse_in_two_steps() {
        let g = StarCircle::default();
        let p = g.parse_state(SAMPLE1).unwrap();
        assert_eq!(g.parse_move(&p, "F4-H2").unwrap().to_string(), "F4-H2");
        assert_eq!(g.parse_move(&p, " f4-g5 ").unwrap().to_string(), "F4-G5");
        assert!(matches!(g.parse_move(&p, "F4H2"), Err(Error::MalformedMove { .. })));
        assert!(matches!(g.parse_move(&p, "F4-J2"), Err(Error::MalformedMove { .. })));
        let e = g.parse_move(&p, "pass").unwrap_err();
        assert_eq!(e.to_string(), "illegal move \"pass\": legal moves are F4-H2, F4-G5");
    }

    #[test]
    fn bad_boards_name_the_line() {
        let g = StarCircle::default();
        let err = |t: &str| g.parse_state(t).unwrap_err().to_string();
        assert!(err(&SAMPLE1.replace("Star", "Moon")).starts_with("line 1: unknown player"));
        assert!(err(&SAMPLE1.replace("0,0,C1,", "0,0,X3,")).starts_with("line 3: cell 3 is \"X3\""));
        assert!(err(&SAMPLE1.replace("0,0,0,S1,", "0,0,0,S2,")).starts_with("line 4: invalid position: S2 on F4"));
        // A finished game (one side gone) is a position, though not a course input.
        assert!(g.parse_state(&SAMPLE1.replace("0,0,C1,", "0,0,0,")).unwrap().is_over());
        assert!(err(&SAMPLE1.replace(",80", "")).starts_with("line 10: 7 row values"));
        assert!(err(&SAMPLE1.replace(",80", ",eighty")).starts_with("line 10: row value 8"));
        assert!(err(&SAMPLE1.replace("0,0,0,S1,0,0,0,0", "0,0,0,S1,0,0,0")).starts_with("line 4: board row F has 7"));
        assert!(err("Star\n0,0,0,0,0,0,0,0").starts_with("line 3: unexpected end of input, expected board row G"));
        assert!(err(&format!("{SAMPLE1}\nmore")).starts_with("line 11: unexpected text"));
        assert!(err(&SAMPLE1.replace(",80", ",80000000")).contains("exceed the score range"));
    }
}
