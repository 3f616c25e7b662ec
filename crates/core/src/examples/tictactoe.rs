//! Tic-tac-toe, the core's first example game and test subject.
//!
//! Small enough to search exhaustively (549,946 nodes in the full game tree, 5,478 distinct positions, a draw), so
//! every search and solver in the core is checked against plain minimax on every one of its states.

use crate::game::{Enumerable, Game, MoveList, Notation, State};
use crate::outcome::{Outcome, Player};
use crate::zobrist;

const KEYS: [u64; 19] = zobrist::keys(0x7177_7ac7_0e00_0001);
const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The game (it has no parameters).
#[derive(Copy, Clone, Debug, Default)]
pub struct TicTacToe;

/// A position: two 9-bit masks, X (first player) and O.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    x: u16,
    o: u16,
    hash: u64,
}

impl Board {
    fn won(mask: u16) -> bool {
        LINES.iter().any(|l| l.iter().all(|&c| mask & (1 << c) != 0))
    }

    fn key(&self, cell: usize) -> u64 {
        KEYS[cell + if self.to_move() == Player::First { 0 } else { 9 }]
    }
}

impl State for Board {
    type Move = u8;

    fn to_move(&self) -> Player {
        if (self.x | self.o).count_ones().is_multiple_of(2) { Player::First } else { Player::Second }
    }

    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        moves.clear();
        if self.outcome().is_some() {
            return;
        }
        moves.extend((0..9u8).filter(|&c| (self.x | self.o) & (1 << c) == 0));
    }

    fn play(&mut self, m: u8) {
        debug_assert!((self.x | self.o) & (1 << m) == 0);
        self.hash ^= self.key(m as usize) ^ KEYS[18];
        if self.to_move() == Player::First {
            self.x |= 1 << m;
        } else {
            self.o |= 1 << m;
        }
    }

    fn undo(&mut self, m: u8) {
        if self.x & (1 << m) != 0 {
            self.x &= !(1 << m);
        } else {
            self.o &= !(1 << m);
        }
        self.hash ^= self.key(m as usize) ^ KEYS[18];
    }

    fn outcome(&self) -> Option<Outcome> {
        if Self::won(self.x) {
            Some(Outcome::Win(Player::First))
        } else if Self::won(self.o) {
            Some(Outcome::Win(Player::Second))
        } else if (self.x | self.o) == 0x1FF {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..9 {
            if self.x & (1 << c) != 0 {
                h ^= KEYS[c] ^ KEYS[18];
            }
            if self.o & (1 << c) != 0 {
                h ^= KEYS[c + 9] ^ KEYS[18];
            }
        }
        h
    }

    fn move_key(&self, m: u8) -> usize {
        m as usize
    }
}

impl Game for TicTacToe {
    type State = Board;

    fn name(&self) -> &'static str {
        "tictactoe"
    }

    fn initial_state(&self) -> Board {
        Board::default()
    }

    fn max_game_length(&self) -> usize {
        9
    }
}

/// Why a tic-tac-toe text was rejected.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParseError {
    /// The position is not 9 cells of `X`, `O` or `.`, or has impossible counts.
    #[error("expected 9 cells of X, O or . with X moving first, got {0:?}")]
    BadPosition(String),
    /// The move is not a free cell number 1–9.
    #[error("expected a free cell number 1-9, got {0:?}")]
    BadMove(String),
}

impl Notation for TicTacToe {
    type Error = ParseError;

    /// Nine characters, row by row: `X`, `O` or `.`.
    fn format_state(&self, s: &Board) -> String {
        (0..9)
            .map(|c| {
                if s.x & (1 << c) != 0 {
                    'X'
                } else if s.o & (1 << c) != 0 {
                    'O'
                } else {
                    '.'
                }
            })
            .collect()
    }

    fn parse_state(&self, text: &str) -> Result<Board, ParseError> {
        let bad = || ParseError::BadPosition(text.to_string());
        let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace() && *c != '/').collect();
        if cells.len() != 9 {
            return Err(bad());
        }
        let mut b = Board::default();
        for (i, ch) in cells.iter().enumerate() {
            match ch {
                'X' | 'x' => b.x |= 1 << i,
                'O' | 'o' => b.o |= 1 << i,
                '.' | '-' => {}
                _ => return Err(bad()),
            }
        }
        let (nx, no) = (b.x.count_ones(), b.o.count_ones());
        if nx != no && nx != no + 1 {
            return Err(bad());
        }
        b.hash = b.compute_hash();
        Ok(b)
    }

    /// Cells are numbered 1–9 row by row.
    fn format_move(&self, _s: &Board, m: u8) -> String {
        (m + 1).to_string()
    }

    fn parse_move(&self, s: &Board, text: &str) -> Result<u8, ParseError> {
        let bad = || ParseError::BadMove(text.to_string());
        let n: u8 = text.trim().parse().map_err(|_| bad())?;
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        moves.into_iter().find(|&m| m + 1 == n).ok_or_else(bad)
    }
}

impl Enumerable for TicTacToe {
    /// Each cell empty, X or O: 3⁹ indices, of which the reachable-looking ones are states.
    fn state_count(&self) -> usize {
        19_683
    }

    fn index_of(&self, s: &Board) -> usize {
        (0..9).rev().fold(0, |acc, c| {
            acc * 3
                + if s.x & (1 << c) != 0 {
                    1
                } else if s.o & (1 << c) != 0 {
                    2
                } else {
                    0
                }
        })
    }

    fn state_at(&self, index: usize) -> Option<Board> {
        let mut b = Board::default();
        let mut i = index;
        for c in 0..9 {
            match i % 3 {
                1 => b.x |= 1 << c,
                2 => b.o |= 1 << c,
                _ => {}
            }
            i /= 3;
        }
        let (nx, no) = (b.x.count_ones(), b.o.count_ones());
        // Both sides cannot have a line, and the side that made the last move is the only one that may have one.
        let legal = (nx == no || nx == no + 1)
            && !(Board::won(b.x) && Board::won(b.o))
            && !(Board::won(b.x) && nx == no)
            && !(Board::won(b.o) && nx != no);
        if !legal || i != 0 {
            return None;
        }
        b.hash = b.compute_hash();
        Some(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::minimax;
    use crate::{NullEvaluator, Value};
    use std::collections::HashSet;

    fn distinct(s: &mut Board, seen: &mut HashSet<Board>) {
        if !seen.insert(*s) {
            return;
        }
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        for m in moves {
            s.play(m);
            distinct(s, seen);
            s.undo(m);
        }
    }

    #[test]
    fn full_tree_has_549_946_nodes_and_5_478_states_and_is_a_draw() {
        let mut s = TicTacToe.initial_state();
        let r = minimax(&mut s, 9, &NullEvaluator);
        assert_eq!(r.nodes, 549_946);
        assert_eq!(r.value, Value::DRAW);
        let mut seen = HashSet::new();
        distinct(&mut s, &mut seen);
        assert_eq!(seen.len(), 5_478);
    }

    #[test]
    fn notation_round_trips() {
        let s = TicTacToe.parse_state("XO./.X./..O").unwrap();
        assert_eq!(TicTacToe.format_state(&s), "XO..X...O");
        assert_eq!(s.to_move(), Player::First);
        assert!(TicTacToe.parse_state("XX.......").is_err());
        assert!(TicTacToe.parse_move(&s, "1").is_err());
        assert_eq!(TicTacToe.parse_move(&s, "3"), Ok(2));
    }
}
