//! Star/Circle `input.txt` (the course problem) and position text. Properties: a problem that parses writes back
//! (player, algorithm, depth, `format_board`) to text that parses to the same problem; its position keeps every
//! core invariant; for a shallow depth the solver's answer is a legal move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sente_core::testkit::check_position;
use sente_core::{Notation, Player};
use sente_starcircle::StarCircle;
use sente_starcircle::notation::format_board;
use sente_starcircle::problem::{Algorithm, Problem, solve};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(problem) = text.parse::<Problem>() {
        let pos = &problem.position;
        let side = if sente_core::State::to_move(pos) == Player::First { "Star" } else { "Circle" };
        let algo = match problem.algorithm {
            Algorithm::Minimax => "MINIMAX",
            Algorithm::AlphaBeta => "ALPHABETA",
        };
        let written = format!("{side}\n{algo}\n{}\n{}\n", problem.depth, format_board(pos));
        match written.parse::<Problem>() {
            Ok(back) => assert_eq!(back, problem, "input.txt does not round-trip: {text:?} -> {written:?}"),
            Err(e) => panic!("own input text {written:?} (from {text:?}) does not parse: {e}"),
        }
        let game = StarCircle { values: pos.values() };
        let moves = check_position(&game, pos);
        if problem.depth <= 2 && moves > 0 {
            let answer = solve(&problem);
            let mut legal = Vec::new();
            sente_core::State::legal_moves(pos, &mut legal);
            assert!(legal.contains(&answer.next), "the answer {} is not a legal move in {text:?}", answer.next);
        }
    }
    let game = StarCircle::default();
    if let Ok(pos) = game.parse_state(text) {
        check_position(&StarCircle { values: pos.values() }, &pos);
    }
});
