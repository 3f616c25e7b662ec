#![cfg(feature = "starcircle")]
//! `sente starcircle` through the built binary: the grader's way (no arguments, input.txt → output.txt in the
//! current folder, byte-exact), malformed inputs (exit 2, a message naming the file and line, no output written or
//! clobbered), and the play, match, search and perft subcommands.

use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

mod common;
use common::sente;

// The assignment's five examples, and where the public conformance cases are (`../shared/conformance`), shared with
// the Star/Circle crate's own tests.
#[allow(dead_code)]
#[path = "../../starcircle/tests/common/conformance.rs"]
mod conformance;
#[allow(dead_code)]
#[path = "../../starcircle/tests/common/examples.rs"]
mod examples;

/// A temporary folder holding an example's input.txt.
fn example_input(n: usize) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("input.txt");
    std::fs::write(&path, examples::EXAMPLES[n - 1].input).expect("write input.txt");
    (dir, path)
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    sente().current_dir(dir).arg("starcircle").args(args).output().expect("run sente")
}

/// Runs `sente starcircle solve` the grader's way (no arguments, in a folder holding only input.txt) and checks
/// output.txt byte for byte.
fn solve_like_the_grader(name: &str, input: &str, expected: &str) {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("input.txt"), input).expect("write input.txt");
    let out = run_in(dir.path(), &["solve"]);
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty(), "solve prints nothing");
    let got = std::fs::read_to_string(dir.path().join("output.txt")).expect("output.txt");
    assert_eq!(got, expected.trim_end(), "{name}");
    assert!(!got.ends_with('\n'), "no newline after the last line");
    let names: Vec<_> = std::fs::read_dir(dir.path()).expect("ls").map(|e| e.expect("e").file_name()).collect();
    assert_eq!(names.len(), 2, "only input.txt and output.txt: {names:?}");
}

#[test]
fn solve_with_no_arguments_reads_input_txt_and_writes_output_txt() {
    for example in &examples::EXAMPLES {
        solve_like_the_grader(example.name, example.input, example.output);
    }
}

#[test]
fn solve_the_grader_way_on_public_cases() {
    let test = "solve_the_grader_way_on_public_cases";
    for case in ["case-0767", "case-1001"] {
        let Some(dir) = conformance::case(test, case) else { return };
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).expect(f);
        solve_like_the_grader(case, &read("input.txt"), &read("output.txt"));
    }
}

#[test]
fn solve_takes_paths_and_stdout() {
    let (_dir, input) = example_input(3);
    let out = sente().args(["starcircle", "solve"]).arg(&input).arg("-").output().expect("run");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "G1-H2\n130\n90\n26");
}

const GOOD: &str = "Star\nMINIMAX\n2\n0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n\
    0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80";

#[test]
fn malformed_inputs_exit_2_and_leave_output_alone() {
    let bad = [
        (GOOD.replace("Star", "Moon"), "input.txt: line 1: unknown player \"Moon\""),
        (GOOD.replace("MINIMAX", "BFS"), "input.txt: line 2: unknown algorithm \"BFS\""),
        (GOOD.replace("\n2\n", "\ntwo\n"), "input.txt: line 3: depth limit \"two\" is not a number"),
        (GOOD.replace("0,0,C1,0,0,0,0,0\n", "0,0,C1,0,0,0,0\n"), "input.txt: line 5: board row G has 7 cells"),
        (GOOD.replace("0,0,C1,", "0,0,X3,"), "input.txt: line 5: cell 3 is \"X3\""),
        (GOOD.replace("0,0,0,S1,", "0,0,0,S2,"), "input.txt: line 6: invalid position: S2 on F4"),
        (GOOD.replace("0,0,C1,", "0,0,0,"), "invalid position: Circle has no pieces on the board"),
        (GOOD.replace("\n10,20,30,40,50,60,70,80", ""), "input.txt: line 12: unexpected end of input"),
        (GOOD.replace(",80", ",x"), "input.txt: line 12: row value 8 is \"x\""),
    ];
    for (text, message) in bad {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("input.txt"), &text).expect("write");
        let out = run_in(dir.path(), &["solve"]);
        assert_eq!(out.status.code(), Some(2), "{message}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "expected {message:?} in {err:?}");
        assert!(!dir.path().join("output.txt").exists(), "no output.txt for a bad input");
        std::fs::write(dir.path().join("output.txt"), "old").expect("write");
        assert_eq!(run_in(dir.path(), &["solve"]).status.code(), Some(2));
        assert_eq!(std::fs::read_to_string(dir.path().join("output.txt")).expect("read"), "old", "not clobbered");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run_in(dir.path(), &["solve"]);
    assert_eq!(out.status.code(), Some(2), "missing input.txt");
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read input.txt"));
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn tolerant_of_windows_line_ends_and_trailing_blank_lines() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("input.txt"), format!("{}\r\n\r\n", GOOD.replace('\n', "\r\n"))).expect("write");
    assert!(run_in(dir.path(), &["solve"]).status.success());
    assert_eq!(std::fs::read_to_string(dir.path().join("output.txt")).expect("read"), "F4-H2\n160\n160\n5");
}

#[test]
fn every_subcommand_help_shows_an_example() {
    for sub in ["solve", "play", "match", "search", "perft"] {
        let out = sente().args(["starcircle", sub, "--help"]).output().expect("run");
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Example") && text.contains(&format!("sente starcircle {sub}")), "{sub}: {text}");
    }
}

#[test]
fn play_reads_moves_from_stdin_and_rejects_illegal_ones() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Sample 1 as a position file: Star (the human) jumps F4-H2 and captures Circle's last piece: game over.
    let position = GOOD.replacen("MINIMAX\n2\n", "", 1);
    std::fs::write(dir.path().join("pos.txt"), position).expect("write");
    let mut child = sente()
        .current_dir(dir.path())
        .args(["starcircle", "play", "--side", "star", "--time-ms", "50", "--position", "pos.txt"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(b"F4-H6\nF4-H2\n").expect("write");
    }
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("illegal move \"F4-H6\": legal moves are F4-H2, F4-G5"), "{text}");
    assert!(text.contains("Game over: You win."), "{text}");
}

#[test]
fn match_search_and_perft_run() {
    let out = sente().args(["starcircle", "match", "--games", "2", "--time-ms", "5"]).output().expect("run");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 2, "{text}");
    assert!(text.contains("engine +"), "{text}");

    let (_dir3, input) = example_input(3);
    let out = sente().args(["starcircle", "search"]).arg(&input).args(["--depth", "6"]).output().expect("run");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l.starts_with("bestmove ")), "{text}");

    let (_dir1, case1) = example_input(1);
    let out = sente().args(["starcircle", "perft"]).arg(&case1).args(["--depth", "3"]).output().expect("run");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "F4-H2: 0\nF4-G5: 4\ntotal 4\n");
}
