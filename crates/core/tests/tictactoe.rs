//! Exhaustive checks of every core search on tic-tac-toe: every reachable state, every search, the same value.

use sente_core::examples::tictactoe::TicTacToe;
use sente_core::search::{SearchLimits, Searcher, alphabeta, minimax};
use sente_core::testkit::{check_searches_agree, random_playouts, reachable_states};
use sente_core::{Game, NullEvaluator, State, Value};

#[test]
fn every_search_agrees_with_minimax_on_every_state() {
    let game = TicTacToe;
    let states = reachable_states(&game, &game.initial_state());
    assert_eq!(states.len(), 5_478);
    let mut searcher = Searcher::new(1 << 14);
    for s in &states {
        let exact = check_searches_agree(s, &NullEvaluator, 9);
        // Iterative deepening with a table shared across all states still finds the exact value.
        let r = searcher.search(s, &NullEvaluator, &SearchLimits::depth(9), &mut ());
        assert_eq!(r.value, exact, "iterative deepening disagrees on {s:?}");
        assert!(r.exact, "a full-depth tic-tac-toe search is proven on {s:?}");
        if let Some(best) = r.best {
            // The chosen move really achieves the value.
            let mut after = *s;
            after.play(best);
            // The child's value is relative to the child: one ply further from this node.
            let held = (-minimax(&mut after, 9, &NullEvaluator).value).from_tt(1);
            assert_eq!(held, exact, "best move does not hold the value on {s:?}");
            assert_eq!(r.pv.first(), Some(&best));
        } else {
            assert!(s.outcome().is_some());
        }
    }
}

#[test]
fn shallow_depths_agree_too() {
    // Depth-limited values (leaves scored 0) must also match between every search.
    let game = TicTacToe;
    for s in reachable_states(&game, &game.initial_state()).iter().step_by(7) {
        for depth in 1..=4 {
            check_searches_agree(s, &NullEvaluator, depth);
        }
    }
}

#[test]
fn full_tree_counts_and_value() {
    let mut s = TicTacToe.initial_state();
    let mm = minimax(&mut s, 9, &NullEvaluator);
    assert_eq!((mm.nodes, mm.value), (549_946, Value::DRAW));
    let ab = alphabeta(&mut s, 9, &NullEvaluator);
    assert_eq!(ab.value, Value::DRAW);
    assert!(ab.nodes < 549_946 / 10, "alpha-beta should prune most of the tree, visited {}", ab.nodes);
}

#[test]
fn random_playouts_hold_every_invariant() {
    let report = random_playouts(&TicTacToe, 500, 1);
    assert_eq!(report.games, 500);
    assert!(report.longest <= 9 && report.longest >= 5);
    assert_eq!(report.results.iter().sum::<usize>(), 500);
}

#[test]
fn node_and_time_limits_stop_the_search_with_a_move() {
    let game = TicTacToe;
    let r = Searcher::new(1 << 10).search(&game.initial_state(), &NullEvaluator, &SearchLimits::nodes(50), &mut ());
    assert!(r.stopped);
    assert!(r.best.is_some(), "a stopped search still returns a legal move");
    let mut depths = Vec::new();
    let r = Searcher::new(1 << 10).search(
        &game.initial_state(),
        &NullEvaluator,
        &SearchLimits::depth(4),
        &mut |rep: &sente_core::search::IterationReport<'_, u8>| depths.push(rep.depth),
    );
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.depth, 4);
    assert!(!r.exact, "a depth-4 search of the empty board ends on heuristic leaves");
}

#[test]
fn lazy_smp_finds_the_exact_values_too() {
    let game = TicTacToe;
    let mut searcher = Searcher::new(1 << 12);
    for s in reachable_states(&game, &game.initial_state()).iter().step_by(11) {
        let exact = minimax(&mut { *s }, 9, &NullEvaluator).value;
        let r = searcher.search_smp(s, &NullEvaluator, &SearchLimits::depth(9), &mut (), 2);
        assert_eq!(r.value, exact, "Lazy SMP disagrees on {s:?}");
        assert_eq!(r.best.is_some(), s.outcome().is_none());
    }
}
