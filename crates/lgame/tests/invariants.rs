//! Random-playout invariants from the shared test kit (legal moves empty exactly at the end, play/undo restores
//! board and hash, incremental hash equals a recomputed one, position and move text round-trip), from the start
//! and from positions spread over the whole index, plus search agreement on a few of them.

use sente_core::testkit::{check_searches_agree, random_playouts, random_playouts_from};
use sente_core::{Enumerable, NullEvaluator};
use sente_lgame::index::POSITIONS;
use sente_lgame::{LGame, Mobility};

#[test]
fn random_games_from_the_start_keep_every_invariant() {
    let report = random_playouts(&LGame, 40, 0x1_6a3e);
    assert_eq!(report.games, 40);
    // Random play does blunder into lost positions: every game ended.
    assert!(report.plies > 0 && report.longest > 0);
}

#[test]
fn random_games_from_all_over_the_index_keep_every_invariant() {
    for (k, i) in (0..POSITIONS).step_by(POSITIONS / 24).enumerate() {
        let start = LGame.state_at(i).unwrap();
        random_playouts_from(&LGame, &start, 2, k as u64);
    }
}

#[test]
fn searches_agree_with_minimax_at_depth_two() {
    for i in (0..POSITIONS).step_by(POSITIONS / 12) {
        let p = LGame.state_at(i).unwrap();
        check_searches_agree(&p, &NullEvaluator, 2);
        check_searches_agree(&p, &Mobility, 2);
    }
}
