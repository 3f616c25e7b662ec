//! The L-Game position: the mover's L, the other L and the two neutrals, seen from the side to move, with play/undo
//! and an incrementally kept Zobrist hash.
//!
//! Positions are **relative**: `x` is always the L of the player to move and `o` the other one, which is exactly what
//! the text notation writes (`X` and `O`). After a move the roles swap. Which absolute player is to move is kept as
//! a label (`mover`) so that [`State::to_move`] alternates and outcomes name a real player, but it takes no part in
//! equality or the hash: two positions with the same board seen from the side to move are the same game position,
//! with the same value and the same index.
//!
//! The Zobrist hash of a position is the XOR of four keys (the two Ls and the two neutrals). It is recomputed when
//! asked for rather than kept up to date in `play` and `undo`: with only four pieces, recomputing costs four table
//! loads, fewer than updating it twice per move, and the retrograde solver plays and takes back 1.6 million moves
//! without ever asking for a hash.

use crate::index;
use crate::movegen::{Move, NO_NEUTRAL};
use crate::placements::{MASKS, SYM, transform_mask};
use sente_core::symmetry::D4;
use sente_core::{MoveList, Outcome, Player, State, Symmetric, zobrist};

/// Zobrist keys: 48 for the mover's L, 48 for the other L, 16 for neutral cells.
const KEYS: [u64; 112] = zobrist::keys(0x16a3_e5ee_d000_0005);
const KEY_X: usize = 0;
const KEY_O: usize = 48;
const KEY_N: usize = 96;

/// An L-Game position (see the module documentation for the relative view).
#[derive(Copy, Clone, Debug)]
pub struct Position {
    x: u8,
    o: u8,
    neutrals: u16,
    mover: Player,
}

impl PartialEq for Position {
    /// The boards are compared; the absolute `mover` label is not (see the module documentation).
    fn eq(&self, other: &Position) -> bool {
        (self.x, self.o, self.neutrals) == (other.x, other.o, other.neutrals)
    }
}

impl Eq for Position {}

impl Position {
    /// A position from its parts: the mover's placement, the other placement, the neutral cell mask (two bits) and
    /// the absolute player to move. The caller guarantees the parts are consistent (see [`Position::try_from_parts`]).
    #[must_use]
    pub(crate) fn from_parts(x: u8, o: u8, neutrals: u16, mover: Player) -> Position {
        Position { x, o, neutrals, mover }
    }

    /// A position from its parts, or `None` when the Ls overlap, a placement is out of range, or the neutrals are
    /// not two free cells.
    #[must_use]
    pub fn try_from_parts(x: u8, o: u8, neutrals: u16, mover: Player) -> Option<Position> {
        let (xm, om) = (*MASKS.get(x as usize)?, *MASKS.get(o as usize)?);
        let ok = xm & om == 0 && neutrals.count_ones() == 2 && neutrals & (xm | om) == 0;
        ok.then(|| Position::from_parts(x, o, neutrals, mover))
    }

    /// The placement (index into [`MASKS`]) of the side to move's L.
    #[must_use]
    pub fn mover_l(&self) -> u8 {
        self.x
    }

    /// The placement of the other L.
    #[must_use]
    pub fn other_l(&self) -> u8 {
        self.o
    }

    /// The two neutral cells as a mask.
    #[must_use]
    pub fn neutrals(&self) -> u16 {
        self.neutrals
    }

    /// The dense index of this position (see [`crate::index`]).
    #[must_use]
    pub fn index(&self) -> usize {
        index::encode(self.x, self.o, self.neutrals)
    }

    /// The same board with the roles of the two Ls swapped: what the player who is *not* to move sees. The `best`
    /// command prints the position after its move this way, so that `X` is still the player who just moved.
    #[must_use]
    pub fn flipped(&self) -> Position {
        Position::from_parts(self.o, self.x, self.neutrals, self.mover.other())
    }

    /// The image of this position under a symmetry of the board.
    #[must_use]
    pub fn transformed(&self, s: D4) -> Position {
        let k = D4::ALL.iter().position(|&t| t == s).unwrap_or(0);
        Position::from_parts(
            SYM[k][self.x as usize],
            SYM[k][self.o as usize],
            transform_mask(self.neutrals, s),
            self.mover,
        )
    }

    /// Where the side to move could put its L down (placements other than its own that touch neither the other L
    /// nor a neutral), as a 48-bit set.
    #[must_use]
    pub fn mover_placements(&self) -> u64 {
        free_placements(self.x, MASKS[self.o as usize] | self.neutrals)
    }

    /// Where the other player could put its L down if it were to move now.
    #[must_use]
    pub fn other_placements(&self) -> u64 {
        free_placements(self.o, MASKS[self.x as usize] | self.neutrals)
    }
}

/// The placements other than `own` that avoid `blocked`, as a bit set over the 48 placements.
fn free_placements(own: u8, blocked: u16) -> u64 {
    let mut set = 0u64;
    for (p, &m) in MASKS.iter().enumerate() {
        if m & blocked == 0 && p != own as usize {
            set |= 1 << p;
        }
    }
    set
}

impl State for Position {
    type Move = Move;

    fn to_move(&self) -> Player {
        self.mover
    }

    /// Every placement of the mover's L (in placement order), each followed by its 13 neutral options: none, then
    /// the lower neutral to each free cell in increasing order, then the higher one likewise.
    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        crate::movegen::generate(self, moves);
    }

    fn play(&mut self, m: Move) {
        debug_assert_eq!(m.from, self.x, "move {m:?} does not belong to {self:?}");
        if m.n_from != NO_NEUTRAL {
            self.neutrals ^= (1 << m.n_from) | (1 << m.n_to);
        }
        self.x = self.o;
        self.o = m.to;
        self.mover = self.mover.other();
    }

    fn undo(&mut self, m: Move) {
        debug_assert_eq!(m.to, self.o, "move {m:?} was not the last one played on {self:?}");
        if m.n_from != NO_NEUTRAL {
            self.neutrals ^= (1 << m.n_from) | (1 << m.n_to);
        }
        self.o = self.x;
        self.x = m.from;
        self.mover = self.mover.other();
    }

    /// The side to move loses when its L has nowhere else to go.
    fn outcome(&self) -> Option<Outcome> {
        (self.mover_placements() == 0).then_some(Outcome::Win(self.mover.other()))
    }

    /// The Zobrist hash, recomputed from the four pieces (see the module documentation).
    fn hash(&self) -> u64 {
        let n = self.neutrals;
        let (lo, hi) = (n.trailing_zeros() as usize & 15, (15 - n.leading_zeros()) as usize & 15);
        KEYS[KEY_X + self.x as usize] ^ KEYS[KEY_O + self.o as usize] ^ KEYS[KEY_N + lo] ^ KEYS[KEY_N + hi]
    }

    /// The hash the slow way, key by key over the board's cells, as a check on [`State::hash`].
    fn compute_hash(&self) -> u64 {
        let mut h = KEYS[KEY_X + self.x as usize] ^ KEYS[KEY_O + self.o as usize];
        for c in crate::placements::cells_of(self.neutrals) {
            h ^= KEYS[KEY_N + c];
        }
        h
    }

    /// The new placement and the neutral's destination (0 when no neutral moves).
    fn move_key(&self, m: Move) -> usize {
        m.to as usize * 17 + if m.n_from == NO_NEUTRAL { 16 } else { m.n_to as usize }
    }
}

impl Symmetric for Position {
    /// The eight images in the order of [`D4::ALL`], identity first.
    fn symmetric_images(&self) -> Vec<Position> {
        D4::ALL.iter().map(|&s| self.transformed(s)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LGame, START};
    use sente_core::{Game, Notation};

    #[test]
    fn play_undo_restore_board_hash_and_mover() {
        let game = LGame;
        let start = game.initial_state();
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        assert_eq!(moves.len(), 65);
        for &m in &moves {
            let mut p = start;
            p.play(m);
            assert_eq!(p.hash(), p.compute_hash());
            assert_eq!(p.to_move(), Player::Second);
            assert_eq!(p.x, start.o, "the roles swap");
            p.undo(m);
            assert_eq!(p, start);
            assert_eq!((p.hash(), p.to_move()), (start.hash(), Player::First));
        }
        assert_eq!(game.format_state(&start), START);
    }

    #[test]
    fn flipping_twice_and_the_identity_change_nothing() {
        let p = LGame.initial_state();
        assert_eq!(p.flipped().flipped(), p);
        assert_eq!(p.transformed(D4::Identity), p);
        let imgs = p.symmetric_images();
        assert_eq!(imgs.len(), 8);
        assert!(imgs.iter().all(|q| q.hash() == q.compute_hash()));
    }
}
