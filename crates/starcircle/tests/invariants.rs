//! The core test kit's invariants on Star/Circle: random playouts from the start and from course positions (legal
//! moves empty exactly at the end, play/undo, incremental hash, text round-trips, game length), and agreement of
//! plain minimax, alpha-beta and the negamax searcher under both evaluations.

use sente_core::testkit::{check_searches_agree, random_playouts, random_playouts_from};
use sente_core::{Notation, State};
use sente_starcircle::engine::opening;
use sente_starcircle::{Heuristic, Problem, StarCircle, Utility};
use std::path::Path;

fn course_inputs(every: usize) -> Vec<Problem> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/conformance");
    let mut names: Vec<_> = std::fs::read_dir(&dir).expect("dir").map(|e| e.expect("entry").path()).collect();
    names.sort();
    names
        .iter()
        .filter_map(|p| std::fs::read_to_string(p.join("input.txt")).ok())
        .step_by(every)
        .map(|t| t.parse().expect("valid input"))
        .collect()
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
    for (i, problem) in course_inputs(25).iter().enumerate() {
        let g = StarCircle { values: problem.position.values() };
        random_playouts_from(&g, &problem.position, 10, i as u64);
    }
    let _ = game;
}

#[test]
fn searches_agree_under_the_course_utility() {
    for problem in course_inputs(50) {
        check_searches_agree(&problem.position, &Utility, 5);
    }
    for seed in 0..6 {
        check_searches_agree(&opening(sente_starcircle::DEFAULT_VALUES, 6 + seed as usize, seed), &Utility, 5);
    }
}

#[test]
fn searches_agree_under_the_engine_heuristic() {
    let h = Heuristic::default();
    for problem in course_inputs(100) {
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
