//! Players, game outcomes and the [`Value`] scale every search speaks.
//!
//! A [`Value`] is a score from the point of view of the side to move (negamax convention). Large magnitudes encode
//! forced results: `Value::win_in(n)` is a win `n` plies from the current node, `Value::loss_in(n)` a loss. Heuristic
//! scores must stay strictly inside `±Value::MAX_HEURISTIC`. A transposition table stores wins and losses relative to
//! the node that stored them ([`Value::to_tt`]) and converts back at the probing node ([`Value::from_tt`]) so that a
//! mate distance found at one ply is still right when the entry is reused at another.

use std::fmt;
use std::ops::Neg;

/// One of the two players. `First` moves first in every game Sente knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first (Black in Gomoku, X in tic-tac-toe).
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The opponent.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`; handy for indexing per-player tables.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given player won.
    Win(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome as a [`Value`] for `player` at a terminal node (distance 0).
    #[must_use]
    pub fn value_for(self, player: Player) -> Value {
        match self {
            Outcome::Draw => Value::DRAW,
            Outcome::Win(p) if p == player => Value::win_in(0),
            Outcome::Win(_) => Value::loss_in(0),
        }
    }
}

/// A search score for the side to move: forced win/loss with a distance in plies, draw, or a heuristic number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(pub i32);

impl Value {
    /// The largest representable magnitude; used as the initial window.
    pub const INFINITE: Value = Value(1_000_000_000);
    /// A win at distance 0 (the game is already won at this node).
    pub const MATE: Value = Value(100_000_000);
    /// The longest forced line whose distance the scale keeps.
    pub const MAX_PLY: i32 = 10_000;
    /// Heuristic evaluations must lie strictly inside `±MAX_HEURISTIC`.
    pub const MAX_HEURISTIC: Value = Value(Self::MATE.0 - Self::MAX_PLY - 1);
    /// A drawn game.
    pub const DRAW: Value = Value(0);

    /// A forced win `plies` plies from now.
    #[must_use]
    pub const fn win_in(plies: i32) -> Value {
        Value(Self::MATE.0 - plies)
    }

    /// A forced loss `plies` plies from now.
    #[must_use]
    pub const fn loss_in(plies: i32) -> Value {
        Value(-Self::MATE.0 + plies)
    }

    /// A heuristic score, clamped into the heuristic range.
    #[must_use]
    pub fn heuristic(score: i32) -> Value {
        Value(score.clamp(-Self::MAX_HEURISTIC.0 + 1, Self::MAX_HEURISTIC.0 - 1))
    }

    /// True for a forced win.
    #[must_use]
    pub fn is_win(self) -> bool {
        self.0 > Self::MAX_HEURISTIC.0 && self.0 <= Self::MATE.0
    }

    /// True for a forced loss.
    #[must_use]
    pub fn is_loss(self) -> bool {
        self.0 < -Self::MAX_HEURISTIC.0 && self.0 >= -Self::MATE.0
    }

    /// True for a proven win or loss.
    #[must_use]
    pub fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// For a win or a loss, the number of plies to the end of the game.
    #[must_use]
    pub fn plies_to_end(self) -> Option<i32> {
        if self.is_win() {
            Some(Self::MATE.0 - self.0)
        } else if self.is_loss() {
            Some(self.0 + Self::MATE.0)
        } else {
            None
        }
    }

    /// Converts a value found `ply` plies below the root into one relative to the storing node (for a TT).
    #[must_use]
    pub fn to_tt(self, ply: i32) -> Value {
        if self.is_win() {
            Value(self.0 + ply)
        } else if self.is_loss() {
            Value(self.0 - ply)
        } else {
            self
        }
    }

    /// Inverse of [`Value::to_tt`]: a stored value read back at a node `ply` plies below the root.
    #[must_use]
    pub fn from_tt(self, ply: i32) -> Value {
        if self.is_win() {
            Value(self.0 - ply)
        } else if self.is_loss() {
            Value(self.0 + ply)
        } else {
            self
        }
    }
}

impl Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Display for Value {
    /// `W5` / `L4` for forced results (plies), the plain number otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.is_win(), self.is_loss(), self.plies_to_end()) {
            (true, _, Some(n)) => write!(f, "W{n}"),
            (_, true, Some(n)) => write!(f, "L{n}"),
            _ => write!(f, "{}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_round_trip_through_tt() {
        let v = Value::win_in(7);
        assert!(v.is_win());
        assert_eq!(v.plies_to_end(), Some(7));
        // Found 3 plies below the root: 7 plies from the root is 4 from the storing node.
        let stored = v.to_tt(3);
        assert_eq!(stored.plies_to_end(), Some(4));
        assert_eq!(stored.from_tt(3), v);
        assert_eq!((-v).plies_to_end(), Some(7));
        assert!((-v).is_loss());
        assert_eq!((-v).to_tt(3).from_tt(3), -v);
    }

    #[test]
    fn heuristics_never_look_like_mates() {
        assert!(!Value::heuristic(i32::MAX).is_decisive());
        assert!(!Value::heuristic(i32::MIN).is_decisive());
        assert!(Value::loss_in(0) < Value::heuristic(-5));
        assert_eq!(Outcome::Win(Player::First).value_for(Player::Second), Value::loss_in(0));
        assert_eq!(format!("{}", Value::win_in(3)), "W3");
        assert_eq!(format!("{}", Value(-12)), "-12");
    }
}
