//! Random playouts through the registry's text interface, for every served game: at every step the position text
//! round-trips (`view(position).position == position`, same side to move, same board), legal moves are empty
//! exactly when the game is over, every move's cells lie on the board, playing a listed move succeeds, and solved
//! games value exactly the legal moves with at least one best. The core's `testkit` checks the games themselves;
//! this checks the adapters (the L-Game's absolute side to move, row/column's carried points) on top of them.

use sente_registry::{DynGame, GameKind, PositionView};

/// A tiny deterministic generator (64-bit LCG), so the playouts are reproducible without a dependency.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn check_view(game: &dyn DynGame, v: &PositionView) {
    let name = game.info().name;
    let again = game.view(&v.position).unwrap_or_else(|e| panic!("{name}: {:?} does not re-parse: {e}", v.position));
    assert_eq!(again.position, v.position, "{name}: text round trip");
    assert_eq!(again.to_move, v.to_move, "{name}: side to move survives the round trip at {:?}", v.position);
    assert_eq!(again.board, v.board, "{name}: board");
    assert_eq!(again.scores, v.scores, "{name}: scores survive the round trip at {:?}", v.position);
    assert_eq!(v.moves.is_empty(), v.outcome.is_some(), "{name}: moves empty exactly at the end, {:?}", v.position);
    let cells = v.board.rows * v.board.cols;
    assert_eq!(v.board.cells.len(), cells, "{name}");
    for m in &v.moves {
        assert!(m.cells.iter().all(|&c| c < cells), "{name}: move {} has a cell off the board", m.text);
    }
}

fn playouts(kind: GameKind, games: usize, max_plies: usize, seed: u64) -> usize {
    let game = kind.open();
    let solved = game.info().solved;
    let mut rng = Lcg(seed);
    let mut plies = 0;
    for _ in 0..games {
        let mut v = game.view(&game.initial()).unwrap();
        for _ in 0..max_plies {
            check_view(game.as_ref(), &v);
            if solved && plies % 7 == 0 {
                let a = game.analyze(&v.position).unwrap();
                let texts: Vec<_> = a.moves.iter().map(|m| m.mv.text.clone()).collect();
                let legal: Vec<_> = v.moves.iter().map(|m| m.text.clone()).collect();
                assert_eq!(texts, legal, "{kind}: analysis values exactly the legal moves");
                assert_eq!(a.moves.is_empty(), !a.moves.iter().any(|m| m.best), "{kind}: a best move exists");
            }
            if v.moves.is_empty() {
                break;
            }
            let mv = v.moves[rng.below(v.moves.len())].text.clone();
            let (played, next) = game.play(&v.position, &mv).unwrap_or_else(|e| panic!("{kind}: {mv}: {e}"));
            assert_eq!(played, mv, "{kind}: a listed move plays under its own text");
            assert_ne!(next.to_move, v.to_move, "{kind}: the turn passes");
            v = next;
            plies += 1;
        }
    }
    plies
}

#[test]
fn every_game_survives_random_playouts_through_text() {
    for &kind in GameKind::ALL {
        let (games, max_plies) = match kind {
            GameKind::Gomoku => (3, 40),
            GameKind::LGame => (20, 60),
            _ => (20, 200),
        };
        let plies = playouts(kind, games, max_plies, 0x5e17e ^ kind as u64);
        assert!(plies >= games, "{kind}: played {plies} plies");
    }
}
