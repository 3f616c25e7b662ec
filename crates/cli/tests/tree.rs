#![cfg(feature = "tree")]
//! `sente tree` through the built binary: the course's node counts in `--json` (the assignment's examples and,
//! when `$SENTE_CONFORMANCE` is present, every public case), the exact text of Example 2's pruned tree, the other
//! formats, and usage errors exiting 2.

mod common;
use common::{sente, sente_with_stdin};

#[allow(dead_code)]
#[path = "../../starcircle/tests/common/conformance.rs"]
mod conformance;
#[allow(dead_code)]
#[path = "../../starcircle/tests/common/examples.rs"]
mod examples;

fn stdout(args: &[&str], stdin: &str) -> String {
    let out = sente_with_stdin(args, stdin);
    assert!(out.status.success(), "sente {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn json_nodes(input: &str) -> u64 {
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["tree", "starcircle", "-", "--json", "--max-drawn", "1"], input)).expect("JSON");
    assert!(json["root"].is_object());
    json["nodes"].as_u64().expect("a node count")
}

#[test]
fn json_counts_the_assignment_examples_nodes() {
    for e in &examples::EXAMPLES {
        let expected: u64 = e.output.lines().nth(3).and_then(|l| l.parse().ok()).expect("line 4");
        assert_eq!(json_nodes(e.input), expected, "{}", e.name);
    }
}

#[test]
fn json_counts_every_conformance_cases_nodes() {
    let Some(cases) = conformance::cases("json_counts_every_conformance_cases_nodes") else { return };
    let mut failures = Vec::new();
    for case in &cases {
        let input = std::fs::read_to_string(case.join("input.txt")).expect("input.txt");
        let output = std::fs::read_to_string(case.join("output.txt")).expect("output.txt");
        let expected = output.lines().nth(3).map(str::trim).unwrap_or_default();
        let got = json_nodes(&input);
        if got.to_string() != expected {
            failures.push(format!("{}: {got} nodes, expected {expected}", case.display()));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn text_shows_example_two_windows_and_its_pruned_leaf() {
    let text = stdout(&["tree", "starcircle", "-"], examples::EXAMPLES[1].input);
    assert_eq!(
        text,
        "starcircle alphabeta, depth 2: 4 nodes visited; value 160, best move F4-H2\n\
         #1 root MAX Star [α=-∞, β=+∞] = 160\n\
         \x20 #2 F4-H2 MIN Circle [α=-∞, β=+∞] = 160 (game over)\n\
         \x20 #3 F4-G5 MIN Circle [α=160, β=+∞] = 120\n\
         \x20   #4 G3-F2 MAX Star [α=160, β=+∞] = 120 (depth limit)\n\
         \x20   pruned by v=120 ≤ α=160: G3-F4\n"
    );
    // Options override the file's algorithm: minimax visits the pruned leaf too.
    let minimax = stdout(&["tree", "starcircle", "-", "--algorithm", "minimax"], examples::EXAMPLES[1].input);
    assert!(minimax.starts_with("starcircle minimax, depth 2: 5 nodes visited"), "{minimax}");
}

#[test]
fn tictactoe_counts_past_the_drawing_cap() {
    let text = stdout(&["tree", "tictactoe", "--algorithm", "minimax", "--depth", "9", "--max-drawn", "100"], "");
    let first = text.lines().next().unwrap_or_default();
    assert_eq!(
        first,
        "tictactoe minimax, depth 9: 549946 nodes visited (100 drawn, 549846 more counted but not drawn); value 0, \
         best move 1"
    );
    assert_eq!(text.lines().filter(|l| l.trim_start().starts_with('#')).count(), 100);
}

#[test]
fn dot_and_svg_draw_every_drawn_node() {
    let args = ["tree", "tictactoe", "--algorithm", "alphabeta", "--depth", "2"];
    let json: serde_json::Value = serde_json::from_str(&stdout(&[&args[..], &["--json"]].concat(), "")).expect("JSON");
    let drawn = json["drawn"].as_u64().expect("drawn") as usize;
    let dot = stdout(&[&args[..], &["--dot"]].concat(), "");
    assert!(dot.starts_with("digraph tree {") && dot.ends_with("}\n"));
    assert_eq!(dot.matches(" -> n").count(), drawn - 1, "one edge per drawn child");
    let svg = stdout(&[&args[..], &["--svg"]].concat(), "");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<g class=\"node\"").count(), drawn);
}

#[test]
fn bad_options_and_positions_exit_2_with_a_message() {
    for (args, stdin, needle) in [
        (&["tree", "chess"][..], "", "unknown game \"chess\""),
        (&["tree", "tictactoe", "--algorithm", "dfs"][..], "", "unknown algorithm \"dfs\""),
        (&["tree", "tictactoe", "--depth", "65"][..], "", "at most 64"),
        (&["tree", "tictactoe", "-"][..], "XXXX", "invalid tictactoe position"),
        (&["tree", "starcircle", "-"][..], "Star\nMINIMAX\n2\n", "line 4"),
        (&["tree", "tictactoe", "--dot", "--svg"][..], "", "cannot be used with"),
    ] {
        let out = sente_with_stdin(args, stdin);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let help = sente().args(["tree", "--help"]).output().expect("help");
    assert!(String::from_utf8_lossy(&help.stdout).contains("Examples:"));
}
