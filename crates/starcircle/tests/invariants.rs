//! The core test kit's invariants on Star/Circle: random playouts from the start and from course positions (legal
//! moves empty exactly at the end, play/undo, incremental hash, text round-trips, game length), and agreement of
//! plain minimax, alpha-beta and the negamax searcher under both evaluations. The course positions are the
//! assignment's examples, generated course inputs and, when `../shared/conformance` is present, the public cases.

use sente_core::testkit::{check_searches_agree, random_playouts, random_playouts_from};
use sente_core::{Notation, State};
use sente_starcircle::engine::opening;
use sente_starcircle::{Heuristic, Problem, StarCircle, Utility};

mod common;

/// The examples, 20 generated inputs and every `every`-th public case (when present).
fn course_inputs(test: &str, every: usize) -> Vec<Problem> {
    let examples = common::examples::EXAMPLES.iter().map(|e| e.input.to_string());
    let generated = (0..20).map(|seed| common::naive::random_input(1_000 + seed));
    let public = common::conformance::inputs(test, every);
    examples.chain(generated).chain(public).map(|t| t.parse().expect("valid input")).collect()
}

#[test]
fn random_playouts_from_the_start() {
    let game = StarCircle::default();
    let report = random_playouts(&game, 300, 7);
    assert_eq!(report.games, 300);
    assert!(report.longest > 20, "games this short suggest a broken generator: {report:?}");
    assert!(report.results[0] > 0 && report.results[1] > 0, "both sides win sometimes: {report:?}");
}

#[test]
fn random_playouts_from_course_positions() {
    let game = StarCircle::default();
    for (i, problem) in course_inputs("random_playouts_from_course_positions", 25).iter().enumerate() {
        let g = StarCircle { values: problem.position.values() };
        random_playouts_from(&g, &problem.position, 10, i as u64);
    }
    let _ = game;
}

#[test]
fn searches_agree_under_the_course_utility() {
    for problem in course_inputs("searches_agree_under_the_course_utility", 50) {
        check_searches_agree(&problem.position, &Utility, 5);
    }
    for seed in 0..6 {
        check_searches_agree(&opening(sente_starcircle::DEFAULT_VALUES, 6 + seed as usize, seed), &Utility, 5);
    }
}

#[test]
fn searches_agree_under_the_engine_heuristic() {
    let h = Heuristic::default();
    for problem in course_inputs("searches_agree_under_the_engine_heuristic", 100) {
        check_searches_agree(&problem.position, &h, 5);
    }
    for seed in 0..4 {
        check_searches_agree(&opening(sente_starcircle::DEFAULT_VALUES, 10, seed), &h, 4);
    }
}

#[test]
fn position_text_round_trips_after_passes() {
    let game = StarCircle::default();
    let text = "Star / 0,S1,0,0,0,0,0,0 / 0,0,0,0,0,0,0,0 / 0,0,0,0,0,0,0,0 / 0,0,0,0,0,0,0,0 / 0,0,0,0,0,0,0,0 / \
        0,0,0,0,0,0,0,0 / 0,0,0,0,0,0,0,0 / C1,0,0,0,0,0,0,0 / 10,20,30,40,50,60,70,80";
    let mut p = game.parse_state(text).expect("valid");
    let mut moves = Vec::new();
    for expected in ["Circle after pass", "Star after 2 passes"] {
        p.legal_moves(&mut moves);
        p.play(moves[0]);
        let t = game.format_state(&p);
        assert!(t.starts_with(expected), "{t}");
        assert_eq!(game.parse_state(&t).expect("round trip"), p);
    }
}
