//! The Gomoku evaluator's pruning hooks (reverse futility, null move, razoring) on positions with known answers:
//! each prunes only where no threat a tempo would complete is on the board, never with a decided window, only
//! within its depth; the null move is taken back exactly; and on the bench positions the pruned search visits
//! fewer nodes than the same search without it.

use sente_core::search::Searcher;
use sente_core::{Evaluator, State, Value};
use sente_gomoku::engine::eval::GomokuEval;
use sente_gomoku::notation::parse_board;
use sente_gomoku::position::{Move, Position};
use sente_gomoku::{Gomoku, Rule};

/// A 15×15 freestyle position from `(row, text)` lines, the other rows empty.
fn board(lines: &[(usize, &str)]) -> Position {
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    let mut rows = vec![".".repeat(15); 15];
    for &(r, text) in lines {
        rows[r] = format!("{text:.<15}");
    }
    parse_board(g, &(rows.join("\n") + "\n")).expect("board")
}

/// Two stones, black to move: nothing threatens anyone.
fn quiet() -> Position {
    board(&[(7, ".......x"), (8, "......o")])
}

/// Black to move against white's open three (E8 F8 G8), with three black stones far from it.
fn against_open_three() -> Position {
    board(&[(3, "..x...x"), (7, "....ooo"), (11, "..........x")])
}

/// Black to move with an open three of its own (E8 F8 G8) and white's stones far away.
fn own_open_three() -> Position {
    board(&[(3, "..o...o"), (7, "....xxx"), (11, "..........o")])
}

/// Black to move with an open two (H8 I8) and white's stones apart from it: G8 and J8 make an open three.
fn own_open_two() -> Position {
    board(&[(2, "....o"), (7, ".......xx"), (12, "..........o")])
}

/// Black to move with a three closed by white at D8 (E8 F8 G8): H8 and I8 make a four, no move an open one.
fn own_closed_three() -> Position {
    board(&[(2, "....o"), (7, "...oxxx"), (12, "..........o")])
}

/// Black to move with a three closed by white at D8 (E8 F8 G8) and an open two H6 H7 across H8: H8 makes a four and
/// an open three at once, I8 a lone four.
fn own_four_three() -> Position {
    board(&[
        (0, "o"),
        (2, "....o"),
        (5, ".......x"),
        (6, ".......x"),
        (7, "...oxxx"),
        (12, "..........o"),
        (14, "..............o"),
    ])
}

/// White to move with black's three closed at D8 (E8 F8 G8): H8 and I8 would make black a four.
fn against_closed_three() -> Position {
    board(&[(2, "....o"), (7, "...oxxx"), (12, "..........o"), (13, "x")])
}

/// White to move with black's four (E8 F8 G8 H8, D8 blocked): white must stop the five at I8.
fn against_a_four() -> Position {
    board(&[(2, "o"), (7, "...oxxxx"), (12, "o")])
}

#[test]
fn futility_prunes_quiet_nodes_far_above_beta_within_its_depth() {
    let e = GomokuEval::default();
    let pos = quiet();
    let low = Value::heuristic(-10_000);
    assert_eq!(e.futility(&pos, 1, low), Some(low));
    assert_eq!(e.futility(&pos, e.futility_depth, low), Some(low));
    assert_eq!(e.futility(&pos, e.futility_depth + 1, low), None, "beyond its depth");
    assert_eq!(e.futility(&pos, 1, Value::heuristic(10_000)), None, "not above beta");
    assert_eq!(e.futility(&pos, 1, Value::loss_in(9)), None, "a decided window");
    assert_eq!(GomokuEval { futility_margin: 0, ..e.clone() }.futility(&pos, 1, low), None, "off");
    // The margin grows with the depth: a beta just below the static value passes at one ply, not at seven.
    let v = e.evaluate(&pos);
    let close = Value(v.0 - e.futility_margin - 1);
    assert_eq!(e.futility(&pos, 1, close), Some(close));
    assert_eq!(e.futility(&pos, 7, close), None);
}

#[test]
fn null_move_is_offered_on_quiet_nodes_only() {
    let e = GomokuEval::default();
    let low = Value::heuristic(-10_000);
    assert_eq!(e.null_move(&quiet(), 3, low), Some(2));
    assert_eq!(e.null_move(&quiet(), 7, low), Some(3));
    assert_eq!(e.null_move(&quiet(), 2, low), None, "too shallow");
    assert_eq!(e.null_move(&quiet(), 3, Value::heuristic(10_000)), None, "below beta");
    assert_eq!(GomokuEval { null_move: false, ..e.clone() }.null_move(&quiet(), 3, low), None, "off");
    for (name, pos) in [("an open three", against_open_three()), ("a four", against_a_four())] {
        assert_eq!(e.null_move(&pos, 5, low), None, "{name}: a free move would win");
        assert_eq!(e.futility(&pos, 1, low), None, "{name}: no futility against it");
    }
}

#[test]
fn razoring_prunes_only_where_the_vcf_check_ran_and_no_own_three_wins() {
    let e = GomokuEval::default();
    let high = Value::heuristic(10_000);
    assert_eq!(e.razor(&quiet(), 1, high), Some(high));
    assert_eq!(e.razor(&quiet(), e.razor_depth + 1, high), None, "beyond its depth");
    assert_eq!(e.razor(&quiet(), 1, Value::heuristic(-10_000)), None, "not below alpha");
    assert_eq!(e.razor(&quiet(), 1, Value::win_in(9)), None, "a decided window");
    assert_eq!(GomokuEval { vcf_horizon: 0, ..e.clone() }.razor(&quiet(), 1, high), None, "no VCF check at the node");
    assert_eq!(e.razor(&own_open_three(), 1, high), None, "its own open three wins");
}

#[test]
fn a_pass_is_taken_back_exactly() {
    assert_eq!(against_a_four().to_move(), sente_core::Player::Second, "white to move against the four");
    for mut pos in [quiet(), against_open_three(), own_open_three(), against_a_four()] {
        let before = pos.clone();
        let side = pos.to_move();
        assert!(pos.pass());
        assert_eq!(pos.to_move(), side.other());
        assert_ne!(pos.hash(), before.hash());
        assert_eq!(pos.hash(), pos.compute_hash());
        pos.unpass();
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), before.hash());
    }
}

/// The pruning saves work on the bench's quiet positions: a six-ply search with it visits fewer nodes than without.
#[test]
fn the_pruned_search_visits_fewer_nodes() {
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    let on = GomokuEval::default();
    let off = GomokuEval { null_move: false, futility_margin: 0, razor_margin: 0, ..on.clone() };
    let nodes = |e: &GomokuEval| -> u64 {
        sente_gomoku::bench::positions(g)
            .iter()
            .map(|p| {
                let r = Searcher::new(1 << 16).search(p, e, &sente_core::search::SearchLimits::depth(6), &mut ());
                r.nodes
            })
            .sum()
    };
    let (pruned, plain) = (nodes(&on), nodes(&off));
    assert!(pruned < plain, "pruned {pruned} nodes, plain {plain}");
}

/// At a quiet node whose kept moves (the best twelve, and the tail after them if any) all lost, the evaluator offers
/// the other cells near stones (every near cell is searched once, none twice); where the reply was forced (a four
/// or an open three against the side to move) the other moves lose at once and none is offered.
#[test]
fn the_cells_the_width_cut_left_are_offered_at_quiet_nodes_only() {
    let e = GomokuEval::default();
    let all_near = GomokuEval { width: usize::MAX, ..e.clone() };
    let mut offered_somewhere = false;
    for game in [Gomoku::new(15, Rule::Freestyle).expect("size"), Gomoku::new(19, Rule::Renju).expect("size")] {
        for pos in sente_gomoku::bench::positions(game) {
            let (mut kept, mut near, mut rest) = (Vec::new(), Vec::new(), Vec::new());
            e.searched_moves(&pos, &mut kept);
            all_near.searched_moves(&pos, &mut near);
            e.more_moves(&pos, &kept, &mut rest);
            if kept.len() < near.len() && kept.len() == e.kept() {
                assert!(rest.iter().all(|m| !kept.contains(m)), "a kept move offered again");
                let mut both: Vec<_> = kept.iter().chain(&rest).copied().collect();
                both.sort_unstable_by_key(|m| m.0);
                near.sort_unstable_by_key(|m| m.0);
                assert_eq!(both, near, "kept and offered make the near cells");
                offered_somewhere = true;
            }
        }
    }
    assert!(offered_somewhere, "no bench position was cut");
    for pos in [against_open_three(), against_a_four()] {
        let (mut kept, mut rest) = (Vec::new(), Vec::new());
        e.searched_moves(&pos, &mut kept);
        e.more_moves(&pos, &kept, &mut rest);
        assert!(rest.is_empty(), "forced replies: {rest:?} offered");
    }
}

/// The unguided reduction (a node with no table move searched a ply shallower) applies from
/// `GomokuEval::unguided_depth` plies left, by one ply, and not at all when that is 0.
#[test]
fn a_node_without_a_table_move_is_reduced_from_four_plies_left() {
    let e = GomokuEval::default();
    assert_eq!((1..=8).map(|d| e.unguided_reduction(d)).collect::<Vec<_>>(), [0, 0, 0, 1, 1, 1, 1, 1]);
    let off = GomokuEval { unguided_depth: 0, ..e };
    assert!((1..=8).all(|d| off.unguided_reduction(d) == 0));
}

/// Late root moves (from the `GomokuEval::root_reduce_from`-th, counted from 0) are searched a ply shallower first
/// in iterations of four plies or more, and none when that is 0.
#[test]
fn late_root_moves_are_reduced_from_the_eleventh_in_iterations_of_four_plies() {
    let e = GomokuEval::default();
    assert_eq!(e.root_reduce_from, 10);
    for depth in 1..=12 {
        let by_index: Vec<u32> = (0..30).map(|i| e.root_reduction(i, depth)).collect();
        let expected: Vec<u32> = (0..30).map(|i| u32::from(i >= 10 && depth >= 4)).collect();
        assert_eq!(by_index, expected, "depth {depth}");
    }
    let off = GomokuEval { root_reduce_from: 0, ..e };
    assert!((0..30).all(|i| (1..=12).all(|d| off.root_reduction(i, d) == 0)));
}

/// The tail of the width cut (on by default, with the late-move reductions): a quiet node keeps eight moves beyond
/// the twelve, searched only with five plies or more left (late-move pruning from the twelfth move tried) and first
/// three plies shallower; every move from the twelfth on is so reduced, the root's included, and a quiet root keeps
/// thirty (its moves past the twelfth treated as its tail). Before the twelfth, the late-move reductions take plies
/// from the fourth quiet move on, more the later the move and the more plies are left (at four plies one from the
/// fourth, two from the ninth; at eight, one from the fourth, two from the fifth, three from the twelfth), and none
/// from a move that makes or blocks a four. `pv_relief` (off by default) makes each reduction at a
/// principal-variation node a ply smaller. With neither the tail nor the reductions, nothing is pruned and the quiet
/// root still keeps 30; the default search is the depth-5 bench's golden count.
#[test]
fn the_tail_is_searched_far_from_the_horizon_and_shallower() {
    use sente_gomoku::engine::{ROOT_WIDTH, root_width};
    let on = GomokuEval::default();
    assert_eq!((on.tail, on.reduce), (8, true));
    let off = GomokuEval { tail: 0, reduce: false, ..on.clone() };
    let e = GomokuEval { reduce: false, ..on.clone() };
    assert_eq!((e.width, e.kept(), root_width(&e), off.kept(), root_width(&off)), (12, 20, ROOT_WIDTH, 12, ROOT_WIDTH));
    for depth in 1..=12 {
        let pruned: Vec<bool> = (0..20).map(|i| e.late_move_pruning(i, depth)).collect();
        assert_eq!(pruned, (0..20).map(|i| i >= 12 && depth < 5).collect::<Vec<_>>(), "depth {depth}");
    }
    let pos = quiet();
    let moves = pos_moves(&pos);
    let reductions: Vec<u32> = moves.iter().enumerate().map(|(i, &m)| e.reduction(&pos, m, i, 8, false)).collect();
    assert!(reductions.iter().enumerate().all(|(i, &r)| r == if i >= 12 { 3 } else { 0 }), "{reductions:?}");
    for depth in [4, 8] {
        let both: Vec<u32> = moves.iter().enumerate().map(|(i, &m)| on.reduction(&pos, m, i, depth, false)).collect();
        for (i, &r) in both.iter().enumerate() {
            // round(ln depth · ln (i + 1) / 2), at least one.
            let late = match (depth, i) {
                (4, 8..) | (8, 4..=10) => 2,
                (8, 11) => 3,
                _ => 1,
            };
            let allowed = match i {
                0..=2 => r == 0,
                3..=11 => r == 0 || r == late,
                _ => r == 3,
            };
            assert!(allowed, "move {i} at depth {depth}: {both:?}");
        }
        assert!(both[3..12].iter().any(|&r| r > 0), "some quiet move is reduced: {both:?}");
        // With `pv_relief` set, every reduction at a principal-variation node, the tail's included, is that much
        // smaller; by default (0) the node's kind changes nothing.
        let relief = GomokuEval { pv_relief: 1, ..on.clone() };
        let pv: Vec<u32> = moves.iter().enumerate().map(|(i, &m)| relief.reduction(&pos, m, i, depth, true)).collect();
        assert_eq!(pv, both.iter().map(|r| r.saturating_sub(1)).collect::<Vec<_>>(), "depth {depth}");
        assert!(moves.iter().enumerate().all(|(i, &m)| on.reduction(&pos, m, i, depth, true) == both[i]));
    }
    let (mut twelve, mut twenty) = (Vec::new(), Vec::new());
    off.searched_moves(&pos, &mut twelve);
    e.searched_moves(&pos, &mut twenty);
    assert_eq!((twelve.len(), twenty.len()), (12, 20));
    assert!(twelve.iter().all(|m| twenty.contains(m)), "the tail comes after the width by the same key");

    assert!((0..20).all(|i| (1..=12).all(|d| !off.late_move_pruning(i, d))));
    let golden = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/bench_nodes.txt"))
        .expect("golden bench count");
    assert!(golden.contains(&format!(" nodes {} ", depth5_nodes(&on))), "{golden}");
    assert_ne!(depth5_nodes(&e), depth5_nodes(&off));
    assert_ne!(depth5_nodes(&on), depth5_nodes(&e));
}

/// The late-move reductions take plies from a late move that makes an open three, as from any quiet move, but by
/// default never from one that makes a four, nor from any move while the opponent has an open three. With
/// `reduce_lone_fours` set they also take plies from a lone four (one simple four, no three with it, nothing of the
/// opponent's blocked: it forces one block and is spent), never from a four that comes with an open three or one that
/// blocks. Each move near the stones is asked as if it were the sixth tried, at eight plies left.
#[test]
fn late_threes_are_reduced_and_fours_only_when_lone_and_asked() {
    use sente_gomoku::patterns::{B4, D4, F4, FIVE};
    let whole = GomokuEval::default();
    assert!(!whole.reduce_lone_fours);
    let e = GomokuEval { reduce_lone_fours: true, ..whole.clone() };
    let fours = |p: &Position, c: usize| [B4, F4, D4, FIVE].iter().map(|&l| p.count(c, l)).sum::<u16>();
    // Threes, lone fours, fours with a three.
    let mut checked = [0, 0, 0];
    for pos in [own_open_two(), own_closed_three(), own_four_three()] {
        for m in pos_moves(&pos) {
            let mut after = pos.clone();
            after.play(m);
            let r = e.reduction(&pos, m, 5, 8, false);
            let made_three = after.count(0, F4) > pos.count(0, F4);
            if after.count(0, FIVE) > 0 {
                assert_eq!(whole.reduction(&pos, m, 5, 8, false), 0, "{m:?} makes a four");
                if made_three {
                    assert_eq!(r, 0, "{m:?} makes a four and an open three");
                    checked[2] += 1;
                } else {
                    assert_eq!(r, 2, "{m:?} makes a lone four: reduced as a quiet sixth move at eight plies left");
                    checked[1] += 1;
                }
            } else if made_three && fours(&after, 1) == fours(&pos, 1) {
                assert_eq!(r, 2, "{m:?} makes an open three: reduced as a quiet sixth move at eight plies left");
                checked[0] += 1;
            }
        }
    }
    assert!(checked[0] >= 2 && checked[1] >= 3 && checked[2] >= 1, "threes and fours among the moves: {checked:?}");
    let pos = against_open_three();
    for eval in [&e, &whole] {
        assert!(pos_moves(&pos).iter().all(|&m| eval.reduction(&pos, m, 5, 8, false) == 0), "none against a three");
    }
    // Black's closed three seen from white's side: the cells where black would make a four are blocks, not reduced.
    let blocks = against_closed_three();
    let black_fours: Vec<Move> =
        pos_moves(&blocks).into_iter().filter(|&m| blocks.tally_after(m.index(), 0).count(0, FIVE) > 0).collect();
    assert!(!black_fours.is_empty());
    assert!(black_fours.iter().all(|&m| e.reduction(&blocks, m, 5, 8, false) == 0), "{black_fours:?}");
    assert!(depth5_nodes(&e) < depth5_nodes(&whole), "reducing lone fours shrinks the bench's tree");
}

/// The nodes of the 15×15 freestyle bench searched to depth 5 with `eval`.
fn depth5_nodes(eval: &GomokuEval) -> u64 {
    let g = Gomoku::new(15, Rule::Freestyle).expect("size");
    sente_gomoku::bench::run_with(g, 5, eval).iter().map(|l| l.nodes).sum()
}

/// The legal moves of `pos` near stones.
fn pos_moves(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    GomokuEval { width: usize::MAX, tail: 0, ..GomokuEval::default() }.searched_moves(pos, &mut moves);
    moves
}
