//! The search-shape hooks of the Gomoku evaluator on positions with known answers: the forcing-move extension
//! (a node with one forced reply costs no depth) lets the core's negamax prove the VCF suite's wins at a depth that
//! counts only the attacker's fours, where the same search without it cannot; the found first move starts a real
//! VCF; and a position whose only defence is known is answered with it at every depth.

use sente_core::search::Searcher;
use sente_core::{Notation, State};
use sente_gomoku::bench::parse_suite;
use sente_gomoku::engine::eval::GomokuEval;
use sente_gomoku::engine::vcf::{Budget, find_vcf};
use sente_gomoku::notation::parse_board;
use sente_gomoku::position::FLAG_FOUR;
use sente_gomoku::{Gomoku, Move, Rule};
use std::path::Path;

fn suite() -> Vec<sente_gomoku::bench::SuiteEntry> {
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/vcf.txt")).expect("suite");
    parse_suite(g, &text).expect("suite parses")
}

/// The number of fours of a suite entry, from its id (`…-fours4`).
fn fours(id: &str) -> u32 {
    id.rsplit("fours").next().and_then(|n| n.parse().ok()).expect("id ends with the number of fours")
}

/// With the extension (and the late-move reductions, which never touch a four; the unguided reduction off, as it
/// would search the defender's new nodes shallower), a search of `fours + 1` plies proves the win in every suite
/// position, and its first move leaves the defender facing a VCF; without it, the same depth proves fewer (the wins
/// need `2 fours − 1` plies). Both searches keep every four in the width cut ([`GomokuEval::keep_fours`]): the
/// compiled key may rank a lone four out of a quiet node's cut, which these tests of the threat search leave aside
/// (the engine's root still finds every win: `the_engine_plays_a_winning_move_in_every_suite_position`).
#[test]
fn forcing_extension_proves_vcf_wins_at_the_attackers_depth() {
    let (mut with, mut without) = (0, 0);
    let entries = suite();
    for e in &entries {
        let depth = fours(&e.id) + 1;
        let on = GomokuEval {
            extend_forced: true,
            reduce: true,
            unguided_depth: 0,
            vcf_horizon: 0,
            keep_fours: true,
            ..GomokuEval::default()
        };
        let off = GomokuEval { extend_forced: false, ..on.clone() };
        let (v, best) = Searcher::new(1 << 16).search_depth(&e.position, &on, depth);
        assert!(v.is_win(), "{}: depth {depth} with the extension gives {v:?}", e.id);
        with += 1;
        // The first move keeps a VCF for the attacker (a four the defender must block, or a five).
        let mut pos = e.position.clone();
        let me = pos.to_move().index();
        pos.play(best.expect("a move"));
        if pos.outcome().is_none() {
            assert!(find_vcf(&mut pos, me, 30, &Budget::nodes(200_000)).line.is_some(), "{}: {best:?}", e.id);
        }
        // One position the plain search cannot prove at this depth is enough to show the extension's work.
        if without + 1 == with {
            let (v, _) = Searcher::new(1 << 16).search_depth(&e.position, &off, depth);
            without += usize::from(v.is_win());
        }
    }
    assert_eq!(with, entries.len());
    assert!(without < with, "the extension should matter: {without} of {with} proved without it");
}

/// Only defence: white has an open three (E8 F8 G8) and black none; black to move must block at D8 or H8 (the far
/// points C8/I8 leave white a straight four, so they lose). Every depth, with and without the extension, the
/// reductions and the width cut's tail, picks a block.
#[test]
fn the_only_defences_against_an_open_three_are_chosen() {
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    let mut rows = vec!["...............".to_string(); 15];
    rows[7] = "....ooo........".into();
    rows[3] = "..x...x........".into();
    rows[11] = "..........x....".into();
    let pos = parse_board(g, &(rows.join("\n") + "\n")).expect("board");
    assert_eq!(pos.to_move(), sente_core::Player::First, "black to move");
    let blocks = ["D8", "H8"].map(|t| g.parse_move(&pos, t).expect("move"));
    let plain = GomokuEval { extend_forced: false, reduce: false, tail: 0, ..GomokuEval::default() };
    for (eval, depth) in [&plain, &GomokuEval::default()].into_iter().flat_map(|e| (1..=6).map(move |d| (e, d))) {
        let (v, best) = Searcher::new(1 << 16).search_depth(&pos, eval, depth);
        assert!(blocks.contains(&best.expect("a move")), "depth {depth}: {best:?} ({v:?})");
        assert!(!v.is_loss(), "depth {depth}: blocking is no loss ({v:?})");
    }
    // The losing far point: after C8 white makes a straight four and wins; the search proves it.
    let mut after = pos.clone();
    after.play(g.parse_move(&pos, "C8").expect("move"));
    let (v, _) = Searcher::new(1 << 16).search_depth(&after, &GomokuEval::default(), 4);
    assert!(v.is_win(), "white wins after C8: {v:?}");
}

/// The horizon VCF ([`GomokuEval::vcf_horizon`]): a search of three plies proves every suite win (the attacker's
/// first four, the forced block, then a node one ply from the horizon whose VCF solver finds the rest), with a
/// first move that keeps a VCF and a value no longer than the line; the plain search proves only the short ones.
/// Both keep every four in the width cut, as in `forcing_extension_proves_vcf_wins_at_the_attackers_depth`.
#[test]
fn horizon_vcf_proves_suite_wins_at_depth_three() {
    let entries = suite();
    let (mut plain, mut proved) = (0, 0);
    for e in &entries {
        let on = GomokuEval { vcf_horizon: 1, vcf_nodes: 2_000, keep_fours: true, ..GomokuEval::default() };
        let (v, best) = Searcher::new(1 << 16).search_depth(&e.position, &on, 3);
        assert!(v.is_win(), "{}: depth 3 with the horizon VCF gives {v:?}", e.id);
        proved += 1;
        let mut pos = e.position.clone();
        let me = pos.to_move().index();
        pos.play(best.expect("a move"));
        if pos.outcome().is_none() {
            assert!(find_vcf(&mut pos, me, 30, &Budget::nodes(200_000)).line.is_some(), "{}: {best:?}", e.id);
        }
        let plain_eval = GomokuEval { vcf_horizon: 0, ..on.clone() };
        let (v, _) = Searcher::new(1 << 16).search_depth(&e.position, &plain_eval, 3);
        plain += usize::from(v.is_win());
    }
    assert_eq!(proved, entries.len());
    assert!(plain < proved, "the horizon VCF should matter: {plain} of {proved} proved without it");
}

/// A quiet root keeps more than an inner node keeps: on the bench's quiet middle-game positions, the root keeps
/// `root_width` moves (`ROOT_WIDTH`, 30, against the inner nodes' twelve and their tail of eight), and every move an
/// inner node keeps is among them. With [`GomokuEval::keep_fours`], an inner node keeps the same cells and then
/// every other cell where the side to move makes a four.
#[test]
fn a_quiet_root_keeps_the_inner_cut_and_the_next_best_moves() {
    use sente_core::Evaluator;
    use sente_gomoku::engine::{ROOT_WIDTH, root_moves, root_width};
    let width = root_width(&GomokuEval::default());
    assert_eq!(width, ROOT_WIDTH);
    assert!(width > GomokuEval::default().kept());
    let (mut added, mut fours_seen) = (0, 0);
    for size in [15, 19] {
        let g = Gomoku::new(size, Rule::Freestyle).expect("size");
        for pos in sente_gomoku::bench::positions(g) {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let root = root_moves(&pos, &legal);
            let mut inner = legal.clone();
            GomokuEval::default().select_moves(&pos, &mut inner);
            assert!(inner.len() <= root.len() && root.len() == width, "{} and {}", inner.len(), root.len());
            assert!(inner.iter().all(|m| root.contains(m)));
            let four = FLAG_FOUR << pos.to_move().index();
            let mut kept = legal.clone();
            GomokuEval { keep_fours: true, ..GomokuEval::default() }.select_moves(&pos, &mut kept);
            assert_eq!(kept[..inner.len()], inner[..]);
            let makes_four = |m: &Move| pos.has_flag(m.index(), four);
            assert!(kept[inner.len()..].iter().all(makes_four));
            let fours: Vec<&Move> = legal.iter().filter(|m| makes_four(m)).collect();
            assert!(fours.iter().all(|m| kept.contains(m)));
            fours_seen += fours.len();
            added += kept.len() - inner.len();
        }
    }
    assert!(added > 0, "the default cut keeps all {fours_seen} fours of the bench positions");
}

/// The engine as the brains run it (root VCF stage, thirty root moves, the compiled key) plays a move that keeps a
/// VCF in every suite position, including those whose first four the inner cut's key ranks below its width.
#[test]
fn the_engine_plays_a_winning_move_in_every_suite_position() {
    use sente_gomoku::engine::{Engine, ThinkLimits};
    let mut engine = Engine::new(1, 4);
    for e in &suite() {
        let limits = ThinkLimits { depth: Some(3), nodes: Some(200_000), ..ThinkLimits::default() };
        let d = engine.think(&e.position, &limits).expect("the game is not over");
        let mut pos = e.position.clone();
        let me = pos.to_move().index();
        pos.play(d.best);
        if pos.outcome().is_none() {
            assert!(find_vcf(&mut pos, me, 30, &Budget::nodes(200_000)).line.is_some(), "{}: {:?}", e.id, d.best);
        }
    }
}
