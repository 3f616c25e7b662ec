#![cfg(feature = "lgame")]
//! `sente lgame …` end to end: the stats JSON keys and figures, `best` answers, error lines and exit status, the
//! whole index through `best`, and `moves`.

use std::process::Output;

mod common;
use common::sente_with_stdin as sente;

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn stats_json_has_exactly_the_issues_keys_and_the_papers_figures() {
    let o = sente(&["lgame", "stats", "--json"], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut expected = vec![
        "positions",
        "canonical_positions",
        "terminal",
        "terminal_canonical",
        "wins",
        "losses",
        "draws",
        "wins_canonical",
        "losses_canonical",
        "draws_canonical",
        "max_win_remoteness",
        "max_loss_remoteness",
        "win_remoteness",
        "loss_remoteness",
        "branching",
        "max_branching",
        "mean_branching",
        "start_value",
        "start_moves",
    ];
    let mut got = keys.clone();
    got.sort_unstable();
    expected.sort_unstable();
    assert_eq!(got, expected);
    assert_eq!(v["positions"], 18_368);
    assert_eq!(v["canonical_positions"], 2_296);
    assert_eq!(v["terminal"], 120);
    assert_eq!(v["terminal_canonical"], 15);
    assert_eq!(v["wins"], 8_048);
    assert_eq!(v["losses_canonical"], 29);
    assert_eq!(v["win_remoteness"]["1"], 6_144);
    assert_eq!(v["loss_remoteness"]["0"], 120);
    assert_eq!(v["branching"]["221"], 432);
    assert_eq!(v["max_branching"], 221);
    assert!((v["mean_branching"].as_f64().unwrap() - 88.89).abs() < 0.005);
    assert_eq!(v["start_value"], "D");
    assert_eq!(v["start_moves"], 65);
    // The histograms sum to their totals.
    let sum = |h: &serde_json::Value| h.as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum(&v["branching"]), 18_368);
    assert_eq!(sum(&v["win_remoteness"]), 8_048);
    assert_eq!(sum(&v["loss_remoteness"]), 232);
}

#[test]
fn stats_report_is_readable_and_can_go_to_a_file() {
    let o = sente(&["lgame", "stats"], "");
    let text = stdout(&o);
    assert!(text.contains("18368") && text.contains("2296") && text.contains("mean 88.89"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stats.json");
    let o = sente(&["lgame", "stats", "--json", "-o", path.to_str().unwrap()], "");
    assert!(o.status.success() && o.stdout.is_empty());
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(v["draws"], 10_088);
}

#[test]
fn best_answers_each_line_and_flags_bad_ones() {
    let input = "NXX./.OX./.OX./.OON\nNXX./.OX./.OZ./.OON\n\n.NXX/.OX./.OX./.OON\nXXX./XOO./.NO./..ON\n";
    let o = sente(&["lgame", "best"], input);
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0], ".NXX/.OX./.OX./.OON D");
    assert_eq!(lines[1], "error: line 2: row 3, column 3: unexpected character 'Z' (expected X, O, N or .)");
    assert!(lines[2].starts_with("error: line 3: empty line"), "{}", lines[2]);
    assert!(lines[3].ends_with(" D"), "{}", lines[3]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2, 3"));
}

/// The same board seen by the other player: X and O swapped.
fn swap_sides(board: &str) -> String {
    board
        .chars()
        .map(|c| {
            if c == 'X' {
                'O'
            } else if c == 'O' {
                'X'
            } else {
                c
            }
        })
        .collect()
}

#[test]
fn best_plays_a_perfect_game_from_the_longest_win_down_to_l0() {
    // X is stuck in the top-left corner: no move.
    let o = sente(&["lgame", "best"], "XXX./XOOO/NO../.N..\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "- L0\n");
    // A position won in 9 plies, the longest win: the winner hurries and the loser delays, so both sides' answers
    // count down W9, L8, ..., W1 and the game ends with the loser stuck.
    let mut pos = "XXXO/X.NO/N.OO/....".to_string();
    for k in (1..=9).rev() {
        let o = sente(&["lgame", "best"], &format!("{pos}\n"));
        let out = stdout(&o);
        let (after, value) = out.trim_end().split_once(' ').unwrap();
        let expected = if k % 2 == 1 { format!("W{k}") } else { format!("L{k}") };
        assert_eq!(value, expected, "{pos} -> {out}");
        pos = swap_sides(after);
    }
    let o = sente(&["lgame", "best"], &format!("{pos}\n"));
    assert_eq!(stdout(&o), "- L0\n", "the game ends at {pos}");
}

#[test]
fn best_answers_every_position_of_the_index() {
    let listed = sente(&["lgame", "positions", "--bare"], "");
    let input = stdout(&listed);
    assert_eq!(input.lines().count(), 18_368);
    let with_values = stdout(&sente(&["lgame", "positions"], ""));
    assert!(with_values.starts_with("0 "), "{}", &with_values[..40]);
    let o = sente(&["lgame", "best"], &input);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 18_368);
    assert_eq!(out.lines().filter(|l| *l == "- L0").count(), 120);
    assert_eq!(out.lines().filter(|l| l.ends_with(" D")).count(), 10_088);
    // The same input from a file gives the same answers.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("all.txt");
    std::fs::write(&path, &input).unwrap();
    let from_file = sente(&["lgame", "best", path.to_str().unwrap()], "");
    assert_eq!(stdout(&from_file), out);
}

#[test]
fn moves_lists_every_move_with_its_value() {
    let o = sente(&["lgame", "moves", "NXX./.OX./.OX./.OON"], "");
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with("NXX./.OX./.OX./.OON D (65 moves)\n"), "{out}");
    assert_eq!(out.lines().count(), 66);
    let o = sente(&["lgame", "moves", "--index", "18368"], "");
    assert_eq!(o.status.code(), Some(2));
    let o = sente(&["lgame", "moves", "NXX./.OX./.OX./.OO."], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("neutral"));
}
