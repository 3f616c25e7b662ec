//! The search trees `sente tree` and the Explain panel draw: their node counts are the course's on every public
//! Star/Circle conformance case (read from `$SENTE_CONFORMANCE/starcircle/`, skipped with one line when absent, as
//! the Star/Circle crate's own conformance test does) and on the assignment's five examples; tic-tac-toe checks
//! the capped drawing, the windows and the cutoffs.

#[path = "../../starcircle/tests/common/conformance.rs"]
#[allow(dead_code)]
mod conformance;
#[path = "../../starcircle/tests/common/examples.rs"]
mod examples;

use examples::EXAMPLES;
use sente_registry::{DynGame, GameKind, TreeAlgorithm, TreeNodeView, TreeRequest, TreeView};

fn tree(game: &dyn DynGame, position: &str, algorithm: TreeAlgorithm, depth: u32, cap: usize) -> TreeView {
    let req = TreeRequest { algorithm, depth, draw_cap: cap, node_limit: None };
    game.tree(position, &req).expect("a tree")
}

/// The course's tree of an `input.txt`, with the algorithm and depth the file names.
fn course_tree(input: &str, cap: usize) -> TreeView {
    let game = GameKind::StarCircle.open();
    let (algorithm, depth) = game.tree_defaults(input).expect("an input.txt names its algorithm and depth");
    tree(game.as_ref(), input, algorithm, depth, cap)
}

fn walk<'a>(node: &'a TreeNodeView, out: &mut Vec<&'a TreeNodeView>) {
    out.push(node);
    for c in &node.children {
        walk(c, out);
    }
}

fn drawn(view: &TreeView) -> Vec<&TreeNodeView> {
    let mut out = Vec::new();
    walk(&view.root, &mut out);
    out
}

#[test]
fn every_conformance_case_counts_the_courses_nodes() {
    let Some(cases) = conformance::cases("every_conformance_case_counts_the_courses_nodes") else { return };
    let mut failures = Vec::new();
    for case in &cases {
        let input = std::fs::read_to_string(case.join("input.txt")).expect("input.txt");
        let output = std::fs::read_to_string(case.join("output.txt")).expect("output.txt");
        let lines: Vec<&str> = output.lines().map(str::trim).collect();
        let view = course_tree(&input, 1);
        if view.nodes.to_string() != lines[3] || view.value != lines[2] {
            failures.push(format!(
                "{}: nodes {} value {}, expected {}",
                case.display(),
                view.nodes,
                view.value,
                output
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn the_assignment_examples_count_their_nodes() {
    for example in &EXAMPLES {
        let view = course_tree(example.input, 5000);
        let expected: Vec<&str> = example.output.lines().collect();
        assert_eq!(view.nodes.to_string(), expected[3], "{}", example.name);
        assert_eq!(view.value, expected[2], "{}", example.name);
        // Small enough to be drawn whole, numbered 1..=n in expansion order.
        let numbers: Vec<u64> = drawn(&view).iter().map(|n| n.n).collect();
        assert_eq!(numbers, (1..=view.nodes).collect::<Vec<_>>(), "{}", example.name);
        if expected[0] != "pass" {
            assert_eq!(view.best.as_deref(), Some(expected[0]), "{}", example.name);
        }
    }
}

#[test]
fn example_two_prunes_the_leaf_the_course_prunes() {
    // Example 1 draws all five nodes; Example 2's alpha-beta cuts the second root move's MIN node after its first
    // reply, pruning the second.
    let minimax = course_tree(EXAMPLES[0].input, 5000);
    assert_eq!(minimax.root.children.len(), 2);
    assert!(drawn(&minimax).iter().all(|n| n.cut.is_none()));
    let ab = course_tree(EXAMPLES[1].input, 5000);
    let cut: Vec<_> = drawn(&ab).into_iter().filter(|n| n.cut.is_some()).collect();
    assert_eq!(cut.len(), 1);
    let node = cut[0];
    assert!(!node.max, "a MIN node is cut by α");
    assert!(node.cut.as_deref().is_some_and(|c| c.contains("≤ α=")), "{:?}", node.cut);
    assert_eq!(node.pruned.len(), 1);
    // The window the MIN node was entered with: α raised by the first root move.
    assert_eq!((node.alpha.as_str(), node.beta.as_str()), ("160", "+∞"));
}

#[test]
fn tictactoe_counts_whole_trees_and_caps_the_drawing() {
    let game = GameKind::TicTacToe.open();
    let start = game.initial();
    let view = tree(game.as_ref(), &start, TreeAlgorithm::Minimax, 9, 5000);
    assert_eq!(view.nodes, 549_946);
    assert_eq!(view.drawn, 5000);
    let nodes = drawn(&view);
    assert_eq!(nodes.len(), 5000);
    let hidden: u64 = nodes.iter().map(|n| n.hidden).sum();
    assert_eq!(hidden + 5000, 549_946);
    assert_eq!(view.value, "0");
    // The first 5,000 nodes in expansion order all lie under the first move; the other eight are counted only.
    assert_eq!(view.root.children.len(), 1);
    assert_eq!(view.root.children[0].mv.as_deref(), Some("1"));
    assert_eq!(view.root.last, 549_946);
}

/// A shown value seen by the other player.
fn neg(s: &str) -> String {
    match s {
        "+∞" => "-∞".into(),
        "-∞" => "+∞".into(),
        "0" => "0".into(),
        _ if s.starts_with('W') => s.replacen('W', "L", 1),
        _ if s.starts_with('L') => s.replacen('L', "W", 1),
        _ => s.strip_prefix('-').map_or_else(|| format!("-{s}"), str::to_string),
    }
}

#[test]
fn tictactoe_alphabeta_and_negamax_are_one_search_in_two_forms() {
    let game = GameKind::TicTacToe.open();
    // X holds 1 and 2, O holds 4 and 5: X wins at once on 3, and must, or O wins on 6.
    let mut position = game.initial();
    for m in ["1", "4", "2", "5"] {
        position = game.play(&position, m).expect("legal").1.position;
    }
    let ab = tree(game.as_ref(), &position, TreeAlgorithm::AlphaBeta, 9, 5000);
    let nega = tree(game.as_ref(), &position, TreeAlgorithm::Negamax, 9, 5000);
    assert_eq!(ab.nodes, nega.nodes);
    assert_eq!(ab.best.as_deref(), Some("3"));
    assert_eq!(ab.value, "W1");
    let (a, n) = (drawn(&ab), drawn(&nega));
    assert_eq!(a.len() as u64, ab.nodes);
    for (x, y) in a.iter().zip(&n) {
        assert_eq!((x.n, x.max), (y.n, y.max));
        if x.max {
            assert_eq!((&x.value, &x.alpha, &x.beta), (&y.value, &y.alpha, &y.beta));
        } else {
            // A MIN node's value and window are the negamax ones negated, the window's ends swapped.
            assert_eq!(
                (x.value.clone(), x.alpha.clone(), x.beta.clone()),
                (neg(&y.value), neg(&y.beta), neg(&y.alpha))
            );
        }
        assert_eq!(x.cut.is_some(), y.cut.is_some());
    }
    assert!(a.iter().any(|x| !x.max && x.cut.as_deref().is_some_and(|c| c.contains("≤ α="))));
    assert!(n.iter().all(|y| y.cut.as_deref().is_none_or(|c| c.contains("≥ β="))));
    let minimax = tree(game.as_ref(), &position, TreeAlgorithm::Minimax, 9, 5000);
    assert!(minimax.nodes > ab.nodes);
    assert_eq!(minimax.value, ab.value);
}

#[test]
fn a_node_limit_refuses_big_trees() {
    let game = GameKind::TicTacToe.open();
    let req = TreeRequest { algorithm: TreeAlgorithm::Minimax, depth: 9, draw_cap: 100, node_limit: Some(1000) };
    let err = game.tree(&game.initial(), &req).expect_err("too big");
    assert!(err.to_string().contains("more than 1000 nodes"), "{err}");
}
