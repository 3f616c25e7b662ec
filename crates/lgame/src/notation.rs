//! Text forms of L-Game positions and moves.
//!
//! **Positions**: four rows of four characters, top row first, separated by `/`: `X` the L of the player to move,
//! `O` the other L, `N` a neutral, `.` an empty cell. The standard start is `NXX./.OX./.OX./.OON`. Parsing checks,
//! in this order, the layout, every character, each L's cell count and shape, and the number of neutrals, and says
//! which one failed.
//!
//! **Moves**: cells are named by column `a`–`d` (left to right) and row `1`–`4` (top to bottom, the order the
//! position text is written in). A move is the L's four new cells, then optionally a space and one neutral's move
//! `from-to`: `b1c1c2c3` or `b1c1c2c3 a1-d4`. Parsing is two-step, as in shakmaty: the syntax becomes a
//! [`MoveText`], which [`MoveText::resolve`] then matches against the legal moves, so malformed and illegal moves
//! get different errors.

use crate::LGame;
use crate::error::Error;
use crate::movegen::{self, Move};
use crate::placements::{self, CELLS, MASKS};
use crate::position::Position;
use sente_core::{Notation, Player};
use std::fmt;

/// The name of a cell, `a1` (top-left) to `d4` (bottom-right).
#[must_use]
pub fn cell_name(cell: usize) -> String {
    let c = placements::coord(cell);
    format!("{}{}", char::from(b'a' + c.col), c.row + 1)
}

fn cell_names(mask: u16) -> String {
    placements::cells_of(mask).map(cell_name).collect()
}

/// Parses a cell name `a1`..`d4`.
fn parse_cell(s: &str) -> Option<usize> {
    let mut it = s.chars();
    let (c, r) = (it.next()?, it.next()?);
    if it.next().is_some() || !('a'..='d').contains(&c) || !('1'..='4').contains(&r) {
        return None;
    }
    Some((r as usize - '1' as usize) * 4 + (c as usize - 'a' as usize))
}

/// Writes the board with `x` shown as `X` and `o` as `O`.
#[must_use]
pub fn format_board(x: u8, o: u8, neutrals: u16) -> String {
    let (xm, om) = (MASKS[x as usize], MASKS[o as usize]);
    let mut s = String::with_capacity(19);
    for cell in 0..CELLS {
        if cell > 0 && cell % 4 == 0 {
            s.push('/');
        }
        let bit = 1 << cell;
        s.push(if xm & bit != 0 {
            'X'
        } else if om & bit != 0 {
            'O'
        } else if neutrals & bit != 0 {
            'N'
        } else {
            '.'
        });
    }
    s
}

/// Parses a position text (surrounding whitespace is ignored); `First` is to move.
///
/// # Errors
/// The first problem found: layout, a bad character, an L with the wrong number of cells or the wrong shape, or
/// the wrong number of neutrals.
pub fn parse_position(text: &str) -> Result<Position, Error> {
    let rows: Vec<&str> = text.trim().split('/').collect();
    if rows.len() != 4 {
        return Err(Error::Layout { found: format!("found {} row(s)", rows.len()) });
    }
    let (mut x, mut o, mut n) = (0u16, 0u16, 0u16);
    for (r, row) in rows.iter().enumerate() {
        let len = row.chars().count();
        if len != 4 {
            return Err(Error::Layout { found: format!("row {} has {len} cell(s)", r + 1) });
        }
        for (c, ch) in row.chars().enumerate() {
            let bit = 1u16 << (4 * r + c);
            match ch {
                'X' => x |= bit,
                'O' => o |= bit,
                'N' => n |= bit,
                '.' => {}
                _ => return Err(Error::BadChar { row: r + 1, col: c + 1, ch }),
            }
        }
    }
    let piece = |mask: u16, name: char| -> Result<u8, Error> {
        if mask.count_ones() != 4 {
            return Err(Error::PieceSize { piece: name, cells: mask.count_ones() });
        }
        placements::placement_of(mask).ok_or_else(|| Error::NotAnL { piece: name, cells: cell_names(mask) })
    };
    let (xp, op) = (piece(x, 'X')?, piece(o, 'O')?);
    if n.count_ones() != 2 {
        return Err(Error::Neutrals { count: n.count_ones() });
    }
    Position::try_from_parts(xp, op, n, Player::First)
        .ok_or_else(|| Error::Layout { found: "the pieces overlap".to_string() })
}

impl fmt::Display for Position {
    /// The position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_board(self.mover_l(), self.other_l(), self.neutrals()))
    }
}

impl std::str::FromStr for Position {
    type Err = Error;
    fn from_str(s: &str) -> Result<Position, Error> {
        parse_position(s)
    }
}

/// A syntactically valid move, not yet checked against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The cells of the L's new placement.
    pub cells: u16,
    /// A neutral's move as (from cell, to cell).
    pub neutral: Option<(u8, u8)>,
}

impl MoveText {
    /// Parses the syntax of a move (four cells, then optionally `from-to`).
    ///
    /// # Errors
    /// [`Error::MoveSyntax`] naming the part that is wrong.
    pub fn parse(text: &str) -> Result<MoveText, Error> {
        let bad = |detail: &str| Error::MoveSyntax { text: text.to_string(), detail: detail.to_string() };
        let mut parts = text.split_whitespace();
        let l = parts.next().ok_or_else(|| bad("the move is empty"))?;
        if l.len() != 8 || !l.is_ascii() {
            return Err(bad("the L part must name 4 cells, like b1c1c2c3"));
        }
        let mut cells = 0u16;
        for i in 0..4 {
            let c = parse_cell(&l[2 * i..2 * i + 2]).ok_or_else(|| bad("cells are named a1 to d4"))?;
            cells |= 1 << c;
        }
        if cells.count_ones() != 4 {
            return Err(bad("the L part names a cell twice"));
        }
        let neutral = match parts.next() {
            None => None,
            Some(nm) => {
                let (a, b) = nm.split_once('-').ok_or_else(|| bad("a neutral move is written from-to, like a1-d4"))?;
                let from = parse_cell(a).ok_or_else(|| bad("cells are named a1 to d4"))?;
                let to = parse_cell(b).ok_or_else(|| bad("cells are named a1 to d4"))?;
                Some((from as u8, to as u8))
            }
        };
        if parts.next().is_some() {
            return Err(bad("unexpected text after the neutral move"));
        }
        Ok(MoveText { cells, neutral })
    }

    /// Finds the legal move of `pos` this text names.
    ///
    /// # Errors
    /// [`Error::IllegalMove`] saying why no legal move matches.
    pub fn resolve(&self, pos: &Position, text: &str) -> Result<Move, Error> {
        let illegal = |detail: String| Error::IllegalMove { text: text.to_string(), detail };
        let to = placements::placement_of(self.cells)
            .ok_or_else(|| illegal(format!("{} is not an L", cell_names(self.cells))))?;
        let mut moves = Vec::new();
        movegen::generate(pos, &mut moves);
        let found = moves.iter().find(|m| m.placement() == to && m.neutral() == self.neutral);
        found.copied().ok_or_else(|| {
            if !moves.iter().any(|m| m.placement() == to) {
                illegal(format!("the L cannot be put down on {}", cell_names(self.cells)))
            } else {
                illegal("no neutral can make that move once the L is down".to_string())
            }
        })
    }
}

/// The text of a move.
#[must_use]
pub fn format_move(m: Move) -> String {
    let mut s = cell_names(MASKS[m.placement() as usize]);
    if let Some((from, to)) = m.neutral() {
        s.push(' ');
        s.push_str(&cell_name(from as usize));
        s.push('-');
        s.push_str(&cell_name(to as usize));
    }
    s
}

impl Notation for LGame {
    type Error = Error;

    fn format_state(&self, state: &Position) -> String {
        state.to_string()
    }

    fn parse_state(&self, text: &str) -> Result<Position, Error> {
        parse_position(text)
    }

    fn format_move(&self, _state: &Position, m: Move) -> String {
        format_move(m)
    }

    fn parse_move(&self, state: &Position, text: &str) -> Result<Move, Error> {
        MoveText::parse(text)?.resolve(state, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::START;
    use sente_core::{Enumerable, Game, State};

    #[test]
    fn every_position_round_trips() {
        let game = LGame;
        for i in 0..game.state_count() {
            let p = game.state_at(i).unwrap();
            let text = game.format_state(&p);
            assert_eq!(game.parse_state(&text), Ok(p), "{text}");
        }
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let err = |t: &str| parse_position(t).unwrap_err();
        assert!(matches!(err("NXX./.OX./.OX."), Error::Layout { .. }));
        assert!(matches!(err("NXX./.OX./.OX./.OONN"), Error::Layout { .. }));
        assert_eq!(err("NXX./.OX./.OZ./.OON"), Error::BadChar { row: 3, col: 3, ch: 'Z' });
        assert_eq!(err("NXXX/.OX./.OX./.OON"), Error::PieceSize { piece: 'X', cells: 5 });
        assert!(matches!(err("NXX./.OX./XO../.OON"), Error::NotAnL { piece: 'X', .. }));
        assert_eq!(err("NXX./.OX./.OX./.OO."), Error::Neutrals { count: 1 });
        assert_eq!(err("NXX./NOX./.OX./.OON"), Error::Neutrals { count: 3 });
        assert!(err("nxx./.ox./.ox./.oon").to_string().contains("row 1, column 1"));
        assert_eq!(parse_position(&format!("  {START}\r\n")).map(|p| p.to_string()), Ok(START.to_string()));
    }

    #[test]
    fn moves_round_trip_and_reject_nonsense() {
        let game = LGame;
        let p = game.initial_state();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        for &m in &moves {
            let t = game.format_move(&p, m);
            assert_eq!(game.parse_move(&p, &t), Ok(m), "{t}");
        }
        assert_eq!(format_move(moves[1]).len(), 14);
        assert!(matches!(game.parse_move(&p, "a1a2"), Err(Error::MoveSyntax { .. })));
        assert!(matches!(game.parse_move(&p, "a1a2a3e4"), Err(Error::MoveSyntax { .. })));
        assert!(matches!(game.parse_move(&p, "a1a2a3b3 a1"), Err(Error::MoveSyntax { .. })));
        // The current placement of X is not a move; a T is not an L.
        assert!(matches!(game.parse_move(&p, "b1c1c2c3"), Err(Error::IllegalMove { .. })));
        assert!(matches!(game.parse_move(&p, "a2b2c2b3"), Err(Error::IllegalMove { .. })));
    }
}
