//! Opening positions for matches and benchmarks: seeded ones, and opening files.
//!
//! A seeded opening is a few stones placed alternately (black first) on random cells of a central square (5×5 for
//! [`opening`], any side for [`scattered`]), drawn from SplitMix64 with the given seed, so a match is reproducible
//! from its seed. The match runner plays each opening twice with colours swapped; three or four central stones never
//! hold a threat, so neither side starts with a forced win.
//!
//! An opening file holds one opening a line, its stones in play order, black first, in the form of game records
//! (`H8 J9 H9`); blank lines and `#` comments are skipped ([`parse_openings`], [`opening_text`], [`play_order`]).
//!
//! An opening is balanced in play when the engine, playing both sides from it, wins with either colour depending
//! on how long it searches: [`black_points`] plays it out at a few node budgets ([`self_play`]).

use crate::engine::{Engine, ThinkLimits};
use crate::error::Error;
use crate::notation::{move_text, parse_move_text};
use crate::position::{Move, Position};
use crate::rules::Gomoku;
use sente_core::grid::Coord;
use sente_core::zobrist::splitmix64;
use sente_core::{Game, Outcome, Player, State};

/// The opening with `stones` stones for `seed` on `game`'s board.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, openings::opening};
/// let a = opening(Gomoku::standard(), 7, 3);
/// assert_eq!(a.stones(), 3);
/// assert_eq!(a, opening(Gomoku::standard(), 7, 3));
/// ```
#[must_use]
pub fn opening(game: Gomoku, seed: u64, stones: usize) -> Position {
    scattered(game, seed, stones, 5)
}

/// `stones` stones (at most 20) placed alternately, black first, on random cells of the central `area`×`area`
/// square (at most the board), drawn with `seed`: [`opening`] is the 5×5 case.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, openings::{opening, scattered}};
/// assert_eq!(scattered(Gomoku::standard(), 7, 3, 5), opening(Gomoku::standard(), 7, 3));
/// assert_eq!(scattered(Gomoku::standard(), 7, 4, 9).stones(), 4);
/// ```
#[must_use]
pub fn scattered(game: Gomoku, seed: u64, stones: usize, area: usize) -> Position {
    let mut pos = game.initial_state();
    let d = game.dims();
    let area = area.clamp(1, usize::from(d.rows.min(d.cols)));
    let (r0, c0) = (usize::from(d.rows) / 2 - area / 2, usize::from(d.cols) / 2 - area / 2);
    let a = area as u64;
    let mut state = seed ^ 0x0BE7_1D9C_A11E_D5EE;
    let mut placed = 0;
    let mut tries = 0;
    while placed < stones.min(20) && tries < 1000 {
        tries += 1;
        let (s, z) = splitmix64(state);
        state = s;
        let (r, c) = (r0 + (z % a) as usize, c0 + ((z / a) % a) as usize);
        let m: Move = pos.move_at(Coord::new(r as u8, c as u8));
        if pos.is_legal(m) {
            pos.play(m);
            placed += 1;
        }
    }
    pos
}

/// Plays `start` to its end with `engine` on both sides, every move searched for `nodes` nodes on the engine's
/// threads, its tables cleared first and kept from move to move (as a brain keeps them through a game). The result is
/// a function of the position, the budget, the engine's threads and what the process's threat tables already hold
/// (proved wins they remember are facts, but can end a search sooner), so the same calls in the same order give the
/// same games.
///
/// # Examples
/// ```
/// use sente_core::{Outcome, Player};
/// use sente_gomoku::engine::Engine;
/// use sente_gomoku::{Gomoku, openings::{opening, self_play}};
/// let (outcome, moves) = self_play(&mut Engine::new(1, 1), &opening(Gomoku::new(9, Default::default())?, 1, 3), 500);
/// assert!(matches!(outcome, Outcome::Win(Player::First | Player::Second) | Outcome::Draw));
/// assert!(moves >= 6); // white moves first, and a five needs three more black stones or four white ones
/// # Ok::<(), sente_gomoku::Error>(())
/// ```
pub fn self_play(engine: &mut Engine, start: &Position, nodes: u64) -> (Outcome, usize) {
    let limits = ThinkLimits { nodes: Some(nodes), ..ThinkLimits::default() };
    let mut pos = start.clone();
    let mut moves = 0;
    engine.clear();
    loop {
        if let Some(outcome) = pos.outcome() {
            return (outcome, moves);
        }
        // `think` answers `None` only where no move is legal, which `outcome` already calls the end.
        let Some(d) = engine.think(&pos, &limits) else { return (Outcome::Draw, moves) };
        pos.play(d.best);
        moves += 1;
    }
}

/// Black's points, in halves (a win 2, a draw 1), over `games` self-play games from `start` ([`self_play`]), game
/// `i` searched for `nodes · (2 + i) / 2` nodes a move (the budget, then half as much again, twice as much, …): one
/// engine, so the games differ only where a longer search chooses otherwise. An opening two similar engines can win
/// with either colour scores between a quarter and three quarters of the points.
///
/// # Examples
/// ```
/// use sente_gomoku::engine::Engine;
/// use sente_gomoku::{Gomoku, openings::{black_points, opening}};
/// let halves = black_points(&mut Engine::new(1, 1), &opening(Gomoku::new(9, Default::default())?, 1, 3), 2, 500);
/// assert!(halves <= 4);
/// # Ok::<(), sente_gomoku::Error>(())
/// ```
pub fn black_points(engine: &mut Engine, start: &Position, games: u32, nodes: u64) -> u32 {
    (0..u64::from(games))
        .map(|i| match self_play(engine, start, nodes * (2 + i) / 2).0 {
            Outcome::Win(Player::First) => 2,
            Outcome::Win(Player::Second) => 0,
            Outcome::Draw => 1,
        })
        .sum()
}

/// The stones of `pos` in a play order that reaches it: black's and white's interleaved, each in board order
/// (black has as many stones as white or one more in any position a game reaches).
#[must_use]
pub fn play_order(pos: &Position) -> Vec<Move> {
    let of = |stone: u8| -> Vec<Move> {
        (0..pos.cells().len()).filter(|&i| pos.cell(i) == stone).map(|i| Move(i as u16)).collect()
    };
    let (black, white) = (of(1), of(2));
    let mut order = Vec::with_capacity(black.len() + white.len());
    for k in 0..black.len().max(white.len()) {
        order.extend(black.get(k));
        order.extend(white.get(k));
    }
    order
}

/// One line of an opening file: the stones in play order, black first, separated by spaces.
#[must_use]
pub fn opening_text(game: Gomoku, stones: &[Move]) -> String {
    stones.iter().map(|&m| move_text(game.dims(), m)).collect::<Vec<_>>().join(" ")
}

/// Parses an opening file for `game`: one opening a line, its stones in play order, black first (`H8 J9 H9`);
/// blank lines and everything from a `#` to the end of its line are skipped. Every stone must be a legal move in turn (on the board, on
/// an empty cell, not forbidden to black in renju) and no opening may hold a five.
///
/// # Errors
/// [`Error::Suite`] naming the line and what was expected, also for a file without any opening.
///
/// # Examples
/// ```
/// use sente_gomoku::{Gomoku, openings::{opening_text, parse_openings}};
/// let game = Gomoku::standard();
/// let book = parse_openings(game, "# two openings\nH8 J9 H9\n\nG7 H8\n")?;
/// assert_eq!(book.len(), 2);
/// assert_eq!(opening_text(game, &book[0]), "H8 J9 H9");
/// assert!(parse_openings(game, "H8 H8\n").unwrap_err().to_string().starts_with("line 1: "));
/// # Ok::<(), sente_gomoku::Error>(())
/// ```
pub fn parse_openings(game: Gomoku, text: &str) -> Result<Vec<Vec<Move>>, Error> {
    let mut book = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |detail: String| Error::Suite { line: n + 1, detail };
        let mut pos = game.initial_state();
        let mut stones = Vec::new();
        for token in line.split_whitespace() {
            let m = parse_move_text(game.dims(), token).map_err(|e| bad(e.to_string()))?;
            if pos.outcome().is_some() {
                return Err(bad(format!("the opening has five in a row before {token} (expected a position in play)")));
            }
            if !pos.is_legal(m) {
                let why = if pos.cell(m.index()) != 0 { "on an occupied cell" } else { "forbidden for black (renju)" };
                return Err(bad(format!("stone {token} is {why} (expected stones in play order, black first)")));
            }
            pos.play(m);
            stones.push(m);
        }
        if pos.outcome().is_some() {
            return Err(bad("the opening has five in a row (expected a position in play)".into()));
        }
        book.push(stones);
    }
    if book.is_empty() {
        return Err(Error::Suite {
            line: text.lines().count().max(1),
            detail: "no opening in the file (expected one opening a line, e.g. `H8 J9 H9`)".into(),
        });
    }
    Ok(book)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn seeded_openings_read_back_from_their_file_lines() {
        for (side, rule) in [(15, Rule::Freestyle), (19, Rule::Renju)] {
            let game = Gomoku::new(side, rule).expect("size");
            let text: String =
                (0..40).map(|k| opening_text(game, &play_order(&scattered(game, k, 4, 7))) + "\n").collect();
            let book = parse_openings(game, &text).expect("valid");
            assert_eq!(book.len(), 40);
            for (k, stones) in book.iter().enumerate() {
                let mut pos = game.initial_state();
                for &m in stones {
                    pos.play(m);
                }
                assert_eq!(pos, scattered(game, k as u64, 4, 7), "{side} {rule} opening {k}");
            }
        }
    }

    /// A side with an open four to play wins every self-play game at once, whatever the budget; the points
    /// count for black whichever side that is.
    #[test]
    fn self_play_ends_where_a_side_has_won_and_counts_black_points() {
        let game = Gomoku::new(15, Rule::Freestyle).expect("size");
        let place = |moves: &str| {
            let mut pos = game.initial_state();
            for m in parse_openings(game, moves).expect("valid")[0].clone() {
                pos.play(m);
            }
            pos
        };
        let mut engine = Engine::new(1, 1);
        // Black H8..H11 open, white scattered far away; black to move.
        let black_to_win = place("H8 A1 H9 A3 H10 A5 H11 A7");
        assert_eq!(self_play(&mut engine, &black_to_win, 200), (Outcome::Win(Player::First), 1));
        assert_eq!(black_points(&mut engine, &black_to_win, 3, 200), 6);
        // White G8..G11 open, black scattered; white to move.
        let white_to_win = place("A1 G8 A3 G9 A5 G10 A7 G11 A9");
        assert_eq!(self_play(&mut engine, &white_to_win, 200), (Outcome::Win(Player::Second), 1));
        assert_eq!(black_points(&mut engine, &white_to_win, 2, 200), 0);
        // From a quiet opening (two stones each, black to move) a five needs at least three more stones of its
        // side, so at least five moves.
        let start = scattered(game, 3, 4, 7);
        let (outcome, moves) = self_play(&mut engine, &start, 300);
        assert!(moves >= 5, "{outcome:?} after {moves}");
    }

    #[test]
    fn malformed_opening_files_name_the_line_and_what_was_expected() {
        let game = Gomoku::new(15, Rule::Freestyle).expect("size");
        let cases = [
            ("H8 J9\nH8 J9 H8\n", "line 2: stone H8 is on an occupied cell"),
            ("# c\n\nH8 J9 Q3\n", "line 3: move \"Q3\" is off the board"),
            ("H8 J9 8H\n", "line 1: malformed move \"8H\""),
            ("H8 A1 H9 A2 H10 A3 H11 A4 H12\n", "line 1: the opening has five in a row (expected a position in play)"),
            ("H8 A1 H9 A2 H10 A3 H11 A4 H12 B1\n", "line 1: the opening has five in a row before B1"),
            ("# nothing\n\n", "line 2: no opening in the file"),
            ("", "line 1: no opening in the file"),
        ];
        for (text, expected) in cases {
            let err = parse_openings(game, text).expect_err(text).to_string();
            assert!(err.starts_with(expected), "{text:?}: {err}");
        }
        let renju = Gomoku::new(15, Rule::Renju).expect("size");
        // D1 would make black's A1..F1 an overline, forbidden to black in renju.
        let err = parse_openings(renju, "A1 H8 B1 H9 C1 H10 E1 H11 F1 A15 D1\n").expect_err("overline").to_string();
        assert!(err.starts_with("line 1: stone D1 is forbidden for black (renju)"), "{err}");
    }
}
