//! The opening set and one game: clocks, verdicts and the result.
//!
//! **The opening set.** Opening `k` of seed `S` is [`sente_gomoku::openings::opening`] with seed `1000·S + k`:
//! `--opening-stones` stones (3 by default) placed alternately, black first, on random cells of the central 5×5.
//! Three or four central stones hold no threat, so neither side starts with a forced win, and every opening is
//! played twice, once with each colour, which balances what advantage remains. The set is fixed by its seed: the
//! same seed gives the same openings on every machine, and any game can be replayed from its record. With
//! `--openings FILE` the openings come from a file instead (`OpeningSet` in `mod.rs`).
//!
//! **Verdicts.** A game ends with five in a row (under the rule: an overline does not win in exact-five, and
//! renju's forbidden moves are illegal for black), a full board (a draw), or a fault of the side to move: a move
//! later than the limit (time per move plus tolerance), an illegal or malformed move, or a crash. The faulty side
//! loses and the reason is recorded.

use super::entry::Player;
use super::{Fault, Settings};
use sente_core::{Game, Outcome, Player as Side, State};
use sente_gomoku::notation::move_text;
use sente_gomoku::openings::{opening, play_order};
use sente_gomoku::{Gomoku, Move, Position};

/// One opening: its number in the set and its stones in play order (black first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Number in the set, from 0.
    pub index: usize,
    /// The stones, black first, alternating.
    pub stones: Vec<Move>,
}

/// Opening `index` of the set with `seed`, as stones in a play order (black's and white's interleaved, each in
/// board order; the position is the same as the generator's).
pub fn opening_of(game: Gomoku, seed: u64, stones: usize, index: usize) -> Opening {
    let pos = opening(game, seed.wrapping_mul(1000).wrapping_add(index as u64), stones);
    Opening { index, stones: play_order(&pos) }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Five in a row for this side.
    Five(Side),
    /// The board filled up.
    Full,
    /// This side lost by a fault.
    Fault(Side, Fault),
}

/// One game as played: who, from where, the moves and how it ended.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Number of the game in its run, from 1.
    pub number: usize,
    /// Black's entry index and name.
    pub black: (usize, String),
    /// White's entry index and name.
    pub white: (usize, String),
    /// The opening.
    pub opening: Opening,
    /// The moves after the opening.
    pub moves: Vec<Move>,
    /// How it ended.
    pub ending: Ending,
    /// The longest time either side took for a move, in milliseconds: black's, white's.
    pub slowest_ms: [u128; 2],
    /// How many times each side (black, white) was found idle without an answer and sent the position again.
    pub resent: [usize; 2],
}

impl GameRecord {
    /// Black's score: 1, ½ or 0.
    pub fn black_score(&self) -> f64 {
        match &self.ending {
            Ending::Five(Side::First) | Ending::Fault(Side::Second, _) => 1.0,
            Ending::Five(Side::Second) | Ending::Fault(Side::First, _) => 0.0,
            Ending::Full => 0.5,
        }
    }

    /// The score of entry `entry` (which must have played the game).
    pub fn score_of(&self, entry: usize) -> f64 {
        if self.black.0 == entry { self.black_score() } else { 1.0 - self.black_score() }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.black_score() {
            s if s >= 1.0 => "1-0",
            s if s <= 0.0 => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// The fault, if the game ended with one.
    pub fn fault(&self) -> Option<&Fault> {
        match &self.ending {
            Ending::Fault(_, f) => Some(f),
            _ => None,
        }
    }

    /// Why the game ended, naming the entry: `sente wins with five`, `ann loses: timeout (…)`.
    pub fn reason(&self) -> String {
        let name = |s: Side| if s == Side::First { &self.black.1 } else { &self.white.1 };
        match &self.ending {
            Ending::Five(s) => format!("{} wins with five", name(*s)),
            Ending::Full => "draw: full board".into(),
            Ending::Fault(s, f) => format!("{} loses: {f}", name(*s)),
        }
    }
}

/// Plays one game from `opening`; `players[0]` is black. `names` are `(entry index, name)` for black and white.
pub fn play(
    settings: &Settings,
    number: usize,
    opening: &Opening,
    names: [(usize, String); 2],
    players: [&mut dyn Player; 2],
) -> GameRecord {
    let mut pos = settings.game.initial_state();
    for &m in &opening.stones {
        pos.play(m);
    }
    let mut stones = opening.stones.clone();
    let mut moves = Vec::new();
    let mut slowest_ms = [0u128; 2];
    let mut resent = [0usize; 2];
    let [black, white] = players;
    let mut ending = None;
    for (side, p) in [(Side::First, &mut *black), (Side::Second, &mut *white)] {
        if ending.is_none()
            && let Err(e) = p.new_game(number)
        {
            ending = Some(Ending::Fault(side, e));
        }
    }
    while ending.is_none() {
        if let Some(outcome) = pos.outcome() {
            ending = Some(match outcome {
                Outcome::Win(s) => Ending::Five(s),
                Outcome::Draw => Ending::Full,
            });
            break;
        }
        let side = pos.to_move();
        let player: &mut dyn Player = if side == Side::First { &mut *black } else { &mut *white };
        match judge(settings, &pos, player.play(&pos, &stones)) {
            Err(fault) => ending = Some(Ending::Fault(side, fault)),
            Ok((m, ms, again)) => {
                slowest_ms[side.index()] = slowest_ms[side.index()].max(ms);
                resent[side.index()] += usize::from(again);
                pos.play(m);
                stones.push(m);
                moves.push(m);
            }
        }
    }
    let [b, w] = names;
    let ending = ending.unwrap_or(Ending::Full);
    GameRecord { number, black: b, white: w, opening: opening.clone(), moves, ending, slowest_ms, resent }
}

/// Checks an answer against the clock and the rules: the move, its time in milliseconds and whether it was asked
/// for twice; or the fault.
fn judge(
    settings: &Settings,
    pos: &Position,
    answer: Result<super::entry::Answer, Fault>,
) -> Result<(Move, u128, bool), Fault> {
    let a = answer?;
    let limit = settings.limit();
    if a.took > limit {
        return Err(Fault::Timeout(format!("{} ms, over the {} ms limit", a.took.as_millis(), limit.as_millis())));
    }
    if !pos.is_legal(a.mv) {
        let text = move_text(pos.dims(), a.mv);
        let why = if pos.cell(a.mv.index()) != 0 { "occupied" } else { "forbidden" };
        return Err(Fault::Illegal(format!("{text} is {why}")));
    }
    Ok((a.mv, a.took.as_millis(), a.resent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_alternate_black_first_and_match_the_generator() {
        let game = Gomoku::new(15, sente_gomoku::Rule::Freestyle).expect("15x15");
        for k in 0..20 {
            let o = opening_of(game, 1, 3, k);
            assert_eq!(o.stones.len(), 3);
            let mut pos = game.initial_state();
            for &m in &o.stones {
                assert!(pos.is_legal(m));
                pos.play(m);
            }
            assert_eq!(pos, opening(game, 1000 + k as u64, 3));
        }
        assert_eq!(opening_of(game, 1, 3, 4), opening_of(game, 1, 3, 4));
    }
}
