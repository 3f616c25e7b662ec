//! Random self-play under every rule and board size, checking the core test kit's invariants at every step (legal
//! moves empty exactly at the end, play/undo restores state and hash, incremental hash equals the recomputed one,
//! text round trips, bounded length), plus agreement of the core searches on small Gomoku positions.

use sente_core::testkit::{check_searches_agree, random_playouts, random_playouts_from};
use sente_core::{Game, Notation};
use sente_gomoku::{Gomoku, Rule};

#[test]
fn random_games_keep_every_invariant() {
    for (size, rule, games) in
        [(15, Rule::Freestyle, 6), (19, Rule::ExactFive, 3), (20, Rule::Freestyle, 2), (9, Rule::Renju, 10)]
    {
        let g = Gomoku::new(size, rule).expect("size");
        let report = random_playouts(&g, games, 6);
        assert_eq!(report.games, games);
    }
}

#[test]
fn crowded_small_boards_reach_wins_draws_and_renju_forbidden_points() {
    let g = Gomoku::new(7, Rule::Renju).expect("size");
    let report = random_playouts(&g, 40, 99);
    assert!(report.results.iter().sum::<usize>() == 40);
    let g = Gomoku::new(6, Rule::ExactFive).expect("size");
    let start = g.parse_state("x.o...\n......\n......\n......\n......\n......\n").expect("board");
    random_playouts_from(&g, &start, 40, 3);
}

#[test]
fn searches_agree_on_a_small_board() {
    let g = Gomoku::new(5, Rule::Freestyle).expect("size");
    let pos = g.parse_state("xxo..\noxx..\n.o...\n..o..\n.....\n").expect("board");
    check_searches_agree(&pos, &sente_core::NullEvaluator, 3);
    let _ = g.initial_state();
}
