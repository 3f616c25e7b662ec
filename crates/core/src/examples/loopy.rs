//! Ladders: a tiny loopy counter game whose every value is checked by hand, the retrograde solver's test subject.
//!
//! A counter holds a number from 0 to 10 and the players take turns changing it. A move takes 1 or 2 off (never
//! below 0), or climbs one of three ladders: 2 → 5, 4 → 7 and 9 → 10. The player who must move at 0 loses. The
//! ladders make the game loopy (5 → 4 → 2 → 5, 9 → 10 → 9), so no depth-first solver terminates on it, yet its
//! values are easy to derive by hand, counting plies to the end with the winner hurrying and the loser delaying:
//!
//! | counter | 0  | 1  | 2  | 3  | 4  | 5  | 6  | 7  | 8  | 9 | 10 |
//! |---------|----|----|----|----|----|----|----|----|----|---|----|
//! | value   | L0 | W1 | W1 | L2 | W3 | W3 | L4 | W5 | W5 | D | D  |
//!
//! 1 and 2 reach 0 at once. 3 can only reach 1 or 2, both won for the opponent, so it loses in 2. 4 and 5 take the
//! opponent to 3 and win in 3 (4's ladder to 7 and 5's step to 4 would only throw the win away); 6 reaches only 5
//! and 4 and loses in 4; 7 and 8 move to 6 and win in 5. Without the top ladder 9 would lose in 6 (both its steps,
//! to 8 and 7, lose), but from 9 a player can climb to 10 and from 10 step back to 9 for ever, and from 10 the only
//! other move (to 8) loses, so 9 and 10 are draws. The game starts at 10.

use crate::game::{Enumerable, Game, MoveList, Notation, State};
use crate::outcome::{Outcome, Player};
use crate::zobrist;

/// The highest counter value.
pub const TOP: u8 = 10;
/// The ladders, bottom to top.
pub const LADDERS: [(u8, u8); 3] = [(2, 5), (4, 7), (9, 10)];

const KEYS: [u64; TOP as usize + 2] = zobrist::keys(0x1add_e125_0000_0001);
const SIDE_KEY: usize = TOP as usize + 1;

/// The game (no parameters).
#[derive(Copy, Clone, Debug, Default)]
pub struct Ladders;

/// A position: the counter and the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Counter {
    value: u8,
    mover: Player,
    hash: u64,
}

/// A move: the counter before and after (the "before" lets `undo` restore it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The counter before the move.
    pub from: u8,
    /// The counter after the move.
    pub to: u8,
}

impl Counter {
    /// The position with `value` on the counter and `mover` to move.
    ///
    /// # Panics
    /// When `value` exceeds [`TOP`].
    #[must_use]
    pub fn new(value: u8, mover: Player) -> Counter {
        assert!(value <= TOP, "the counter runs from 0 to {TOP}, not {value}");
        let mut c = Counter { value, mover, hash: 0 };
        c.hash = c.compute_hash();
        c
    }

    /// The number on the counter.
    #[must_use]
    pub fn value(&self) -> u8 {
        self.value
    }
}

impl State for Counter {
    type Move = Step;

    fn to_move(&self) -> Player {
        self.mover
    }

    /// Steps down by 1, then by 2, then the ladder from here if there is one.
    fn legal_moves(&self, moves: &mut MoveList<Step>) {
        moves.clear();
        let from = self.value;
        for d in 1..=2 {
            if from >= d {
                moves.push(Step { from, to: from - d });
            }
        }
        moves.extend(LADDERS.iter().filter(|l| l.0 == from).map(|&(_, to)| Step { from, to }));
    }

    fn play(&mut self, m: Step) {
        debug_assert_eq!(m.from, self.value);
        self.hash ^= KEYS[m.from as usize] ^ KEYS[m.to as usize] ^ KEYS[SIDE_KEY];
        self.value = m.to;
        self.mover = self.mover.other();
    }

    fn undo(&mut self, m: Step) {
        debug_assert_eq!(m.to, self.value);
        self.hash ^= KEYS[m.from as usize] ^ KEYS[m.to as usize] ^ KEYS[SIDE_KEY];
        self.value = m.from;
        self.mover = self.mover.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.value == 0).then_some(Outcome::Win(self.mover.other()))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn compute_hash(&self) -> u64 {
        KEYS[self.value as usize] ^ if self.mover == Player::Second { KEYS[SIDE_KEY] } else { 0 }
    }

    fn move_key(&self, m: Step) -> usize {
        m.to as usize
    }
}

impl Game for Ladders {
    type State = Counter;

    fn name(&self) -> &'static str {
        "ladders"
    }

    fn initial_state(&self) -> Counter {
        Counter::new(TOP, Player::First)
    }

    /// The game can loop for ever, so there is no real bound; random games end with probability 1.
    fn max_game_length(&self) -> usize {
        usize::MAX
    }
}

impl Enumerable for Ladders {
    /// Every counter value with either side to move.
    fn state_count(&self) -> usize {
        2 * (TOP as usize + 1)
    }

    fn index_of(&self, s: &Counter) -> usize {
        2 * s.value as usize + s.mover.index()
    }

    fn state_at(&self, index: usize) -> Option<Counter> {
        let value = u8::try_from(index / 2).ok().filter(|&v| v <= TOP)?;
        let mover = if index.is_multiple_of(2) { Player::First } else { Player::Second };
        Some(Counter::new(value, mover))
    }
}

/// Why a Ladders text was rejected.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ParseError {
    /// Not `<counter>:<player>` with a counter 0–10 and player 1 or 2.
    #[error("expected <counter 0-{TOP}>:<player 1 or 2>, e.g. \"7:1\", got {0:?}")]
    BadPosition(String),
    /// Not the counter value after a legal move.
    #[error("expected the counter after a legal move, got {0:?}")]
    BadMove(String),
}

impl Notation for Ladders {
    type Error = ParseError;

    /// The counter, a colon, and the side to move as 1 or 2: `"10:1"` is the start.
    fn format_state(&self, s: &Counter) -> String {
        format!("{}:{}", s.value, s.mover.index() + 1)
    }

    fn parse_state(&self, text: &str) -> Result<Counter, ParseError> {
        let bad = || ParseError::BadPosition(text.to_string());
        let (v, p) = text.trim().split_once(':').ok_or_else(bad)?;
        let value: u8 = v.parse().map_err(|_| bad())?;
        let mover = match p {
            "1" => Player::First,
            "2" => Player::Second,
            _ => return Err(bad()),
        };
        if value > TOP {
            return Err(bad());
        }
        Ok(Counter::new(value, mover))
    }

    /// The counter after the move.
    fn format_move(&self, _s: &Counter, m: Step) -> String {
        m.to.to_string()
    }

    fn parse_move(&self, s: &Counter, text: &str) -> Result<Step, ParseError> {
        let bad = || ParseError::BadMove(text.to_string());
        let to: u8 = text.trim().parse().map_err(|_| bad())?;
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        moves.into_iter().find(|m| m.to == to).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::retrograde::{Solved, Verdict, solve};

    /// The hand-derived table of the module documentation.
    const EXPECTED: [(Verdict, u32); TOP as usize + 1] = [
        (Verdict::Loss, 0),
        (Verdict::Win, 1),
        (Verdict::Win, 1),
        (Verdict::Loss, 2),
        (Verdict::Win, 3),
        (Verdict::Win, 3),
        (Verdict::Loss, 4),
        (Verdict::Win, 5),
        (Verdict::Win, 5),
        (Verdict::Draw, 0),
        (Verdict::Draw, 0),
    ];

    #[test]
    fn retrograde_matches_the_hand_derived_values_for_both_sides() {
        let game = Ladders;
        let solution = solve(&game).unwrap();
        assert_eq!(solution.len(), 22);
        for (n, &(verdict, remoteness)) in EXPECTED.iter().enumerate() {
            for mover in [Player::First, Player::Second] {
                let s = Counter::new(n as u8, mover);
                assert_eq!(solution.lookup(&game, &s).unwrap(), Solved { verdict, remoteness }, "counter {n}");
            }
        }
        assert_eq!(solution.counts(), [12, 6, 4]);
    }

    #[test]
    fn move_counts_and_losing_moves_are_hand_checked() {
        let game = Ladders;
        let solution = solve(&game).unwrap();
        let at = |n: u8| game.index_of(&Counter::new(n, Player::First));
        // (counter, moves, moves into a position won for the opponent)
        let expected = [(0, 0, 0), (1, 1, 0), (2, 3, 2), (3, 2, 2), (4, 3, 2), (5, 2, 1), (6, 2, 2), (9, 3, 2)];
        for (n, moves, losing) in expected {
            assert_eq!((solution.moves(at(n)), solution.losing_moves(at(n))), (moves, losing), "counter {n}");
        }
    }

    #[test]
    fn play_undo_and_notation_round_trip() {
        let game = Ladders;
        let mut s = game.parse_state("2:2").unwrap();
        assert_eq!(game.format_state(&s), "2:2");
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        assert_eq!(moves.iter().map(|m| m.to).collect::<Vec<_>>(), vec![1, 0, 5]);
        let before = s;
        let m = game.parse_move(&s, "5").unwrap();
        s.play(m);
        assert_eq!((s.value(), s.to_move(), s.hash()), (5, Player::First, s.compute_hash()));
        s.undo(m);
        assert_eq!(s, before);
        assert!(game.parse_state("11:1").is_err());
        assert!(game.parse_state("3:3").is_err());
        assert!(game.parse_move(&s, "3").is_err());
        assert_eq!(Counter::new(0, Player::First).outcome(), Some(Outcome::Win(Player::Second)));
    }
}
