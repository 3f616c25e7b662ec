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

use super::elo::Tally;
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

    /// The colour entry `who` had, if this was a game between `who` and `against`.
    pub fn side_of(&self, who: usize, against: usize) -> Option<Side> {
        if self.black.0 == who && self.white.0 == against {
            Some(Side::First)
        } else if self.white.0 == who && self.black.0 == against {
            Some(Side::Second)
        } else {
            None
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

/// Entry `who`'s games against entry `against` split by the colour `who` had: its tally as black, then as white.
/// From these openings black's advantage often decides, so a score reads differently when one colour carries it.
pub fn colour_tallies(games: &[GameRecord], who: usize, against: usize) -> [Tally; 2] {
    let mut t = [Tally::default(); 2];
    for g in games {
        if let Some(side) = g.side_of(who, against) {
            t[side.index()].add(g.score_of(who));
        }
    }
    t
}

/// The longest time entry `who` took for one move in its games against entry `against`, in milliseconds.
pub fn slowest_move(games: &[GameRecord], who: usize, against: usize) -> u128 {
    games.iter().filter_map(|g| g.side_of(who, against).map(|side| g.slowest_ms[side.index()])).max().unwrap_or(0)
}

/// `sente as black +49 -1 =0, as white +39 -11 =0; slowest move: sente 284 ms, Carbon 276 ms`: how entry `who`
/// did with each colour against entry `against`, and each side's slowest move (against the limit, what a
/// tolerance must allow for).
pub fn colours_and_clocks(games: &[GameRecord], who: (usize, &str), against: (usize, &str)) -> String {
    let [black, white] = colour_tallies(games, who.0, against.0);
    format!(
        "{} as black {}, as white {}; slowest move: {} {} ms, {} {} ms",
        who.1,
        black.wld(),
        white.wld(),
        who.1,
        slowest_move(games, who.0, against.0),
        against.1,
        slowest_move(games, against.0, who.0)
    )
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

    fn game(number: usize, black: usize, white: usize, ending: Ending, slowest_ms: [u128; 2]) -> GameRecord {
        let name = |i: usize| (i, ["a", "b", "c"][i].to_string());
        GameRecord {
            number,
            black: name(black),
            white: name(white),
            opening: Opening { index: 0, stones: vec![Move(112)] },
            moves: Vec::new(),
            ending,
            slowest_ms,
            resent: [0, 0],
        }
    }

    /// Each game counts for the colour the entry had, faults and full boards included, and only games between
    /// the two entries count; the slowest move is the entry's own, whichever colour it had.
    #[test]
    fn colour_tallies_and_slowest_moves_follow_the_entry() {
        let games = [
            game(1, 0, 1, Ending::Five(Side::First), [10, 20]),
            game(2, 1, 0, Ending::Five(Side::First), [30, 40]),
            game(3, 0, 1, Ending::Fault(Side::First, Fault::Timeout("late".into())), [900, 5]),
            game(4, 1, 0, Ending::Full, [7, 8]),
            game(5, 0, 2, Ending::Five(Side::Second), [5000, 5000]),
        ];
        let [black, white] = colour_tallies(&games, 0, 1);
        assert_eq!((black.wins, black.losses, black.draws), (1, 1, 0));
        assert_eq!((white.wins, white.losses, white.draws), (0, 1, 1));
        let [black, white] = colour_tallies(&games, 1, 0);
        assert_eq!((black.wins, black.losses, black.draws), (1, 0, 1));
        assert_eq!((white.wins, white.losses, white.draws), (1, 1, 0));
        assert_eq!(slowest_move(&games, 0, 1), 900);
        assert_eq!(slowest_move(&games, 1, 0), 30);
        assert_eq!(slowest_move(&games, 2, 1), 0);
        assert_eq!(
            colours_and_clocks(&games, (0, "a"), (1, "b")),
            "a as black +1 -1 =0, as white +0 -1 =1; slowest move: a 900 ms, b 30 ms"
        );
    }
}
