#![cfg(feature = "rowcol")]
//! `sente rowcol` through the built binary: the grader's way (no arguments, input.txt → output.txt in the current
//! folder), the course's samples as golden files, `--all-moves` and `--json`, malformed inputs (exit 2, a message
//! naming the file and line, no output created or clobbered) and the generator's reproducibility.

use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::sente;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/rowcol").join(name)
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    sente().current_dir(dir).arg("rowcol").args(args).output().expect("run sente")
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).expect("read")
}

/// The first two lines must match the golden file byte for byte; the third is the run time.
fn check_answer(got: &str, golden: &str) {
    let (head, time) = got.split_at(got.find("Total run time").expect("a time line"));
    assert_eq!(head, golden);
    let secs = time.strip_prefix("Total run time = ").and_then(|t| t.strip_suffix(" seconds.\n")).expect("time format");
    let (whole, frac) = secs.split_once('.').expect("decimal point");
    assert!(whole.bytes().all(|b| b.is_ascii_digit()) && frac.len() == 3, "time `{secs}`");
    assert_eq!(got.lines().count(), 3);
}

#[test]
fn solve_with_no_arguments_reads_input_txt_and_writes_output_txt() {
    for case in ["sample1", "sample2", "sample3"] {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::copy(data(&format!("{case}.in")), dir.path().join("input.txt")).expect("copy");
        let out = run_in(dir.path(), &["solve"]);
        assert!(out.status.success(), "{case}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(out.stdout.is_empty(), "solve prints nothing by default");
        check_answer(&read(&dir.path().join("output.txt")), &read(&data(&format!("{case}.out"))));
        let names = std::fs::read_dir(dir.path()).expect("ls").count();
        assert_eq!(names, 2, "only input.txt and output.txt");
    }
}

#[test]
fn packed_rows_crlf_and_blank_lines_are_accepted() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = dir.path().join("in.txt");
    std::fs::write(&input, "\r\n4 8\r\n11110000\r\n\r\n00011111\r\n00011111\r\n11110000\r\n\r\n").expect("write");
    let out = run_in(dir.path(), &["solve", "in.txt", "-"]);
    assert!(out.status.success());
    check_answer(&String::from_utf8_lossy(&out.stdout), &read(&data("sample3.out")));
}

#[test]
fn all_moves_and_json() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = data("sample3.in");
    let out = run_in(dir.path(), &["solve", input.to_str().expect("utf-8"), "out.txt", "--all-moves"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 12, "{text}");
    assert!(text.contains("Column #: 4    takes  4  +2 points  <- best"), "{text}");
    assert!(text.contains("Row #: 1       takes  4  0 points"), "{text}");
    check_answer(&read(&dir.path().join("out.txt")), &read(&data("sample3.out")));

    let out = run_in(dir.path(), &["solve", input.to_str().expect("utf-8"), "out.txt", "--json", "--all-moves"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["best"], "Column #: 4");
    assert_eq!(v["value"], 2);
    assert_eq!(v["moves"].as_array().expect("moves").len(), 12);
    assert_eq!(v["moves"][3]["value"], 0);
    assert_eq!(v["moves"][11]["value"], -2);
}

#[test]
fn malformed_inputs_exit_2_and_leave_the_output_alone() {
    let cases = [
        ("empty.txt", "", "line 1: the file is empty"),
        ("nopieces.txt", "2 2\n0 0\n0 0\n", "line 1: the board holds no piece"),
        ("count.txt", "2 3\n1 0 1\n1 1\n", "line 3: row 2 has 2 cells, expected 3"),
        ("rows.txt", "3 2\n1 0\n1 1\n", "line 4: the board ends after 2 of 3 rows"),
        ("digit.txt", "2 2\n1 0\n1 2\n", "line 3: row 2 holds `2`"),
        ("big.txt", "17 4\n", "line 1: board size 17×4 is out of range"),
        ("header.txt", "3 four\n", "line 1: expected `n m`"),
        ("extra.txt", "1 2\n1 1\n1 1\n", "line 3: unexpected text `1 1`"),
    ];
    for (name, text, message) in cases {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join(name), text).expect("write");
        // No output file yet: none may appear.
        let out = run_in(dir.path(), &["solve", name, "fresh.txt"]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("{name}: {message}")), "{name}: {err}");
        assert!(!dir.path().join("fresh.txt").exists(), "{name}: output created");
        // An existing output file is not changed.
        std::fs::write(dir.path().join("output.txt"), "old").expect("write");
        std::fs::copy(dir.path().join(name), dir.path().join("input.txt")).expect("copy");
        assert_eq!(run_in(dir.path(), &["solve"]).status.code(), Some(2));
        assert_eq!(read(&dir.path().join("output.txt")), "old", "{name}: output clobbered");
        assert_eq!(std::fs::read_dir(dir.path()).expect("ls").count(), 3, "{name}: stray files");
    }
    // A missing input file.
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run_in(dir.path(), &["solve"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read input.txt"));
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn the_generator_is_reproducible_and_golden() {
    let dir = tempfile::tempdir().expect("tempdir");
    let args = ["gen", "--rows", "4", "--cols", "6", "--density", "0.5", "--seed", "7"];
    let a = run_in(dir.path(), &args);
    let b = run_in(dir.path(), &args);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_eq!(String::from_utf8_lossy(&a.stdout), read(&data("gen-4x6-d0.5-s7.txt")));

    let out = run_in(
        dir.path(),
        &["gen", "--rows", "3", "--cols", "3", "--density", "0", "--seed", "1", "--count", "4", "--dir", "g"],
    );
    assert!(out.status.success());
    let listed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(listed.lines().count(), 4);
    for seed in 1..=4 {
        let text = read(&dir.path().join(format!("g/rowcol-3x3-d0-s{seed}.txt")));
        assert_eq!(text.matches('1').count(), 1, "one piece (the header `3 3` holds no 1): {text}");
        // Every generated file solves.
        let p = format!("g/rowcol-3x3-d0-s{seed}.txt");
        assert!(run_in(dir.path(), &["solve", &p, "-"]).status.success());
    }
    let bad = run_in(dir.path(), &["gen", "--rows", "3", "--cols", "3", "--density", "1.5", "--seed", "1"]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = run_in(dir.path(), &["gen", "--rows", "17", "--cols", "3", "--density", "0.5", "--seed", "1"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_baseline_engine_agrees() {
    let dir = tempfile::tempdir().expect("tempdir");
    let input = data("gen-4x6-d0.5-s7.txt");
    for engine in ["fast", "baseline"] {
        let out = run_in(dir.path(), &["solve", input.to_str().expect("utf-8"), "-", "--engine", engine, "--stats"]);
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).starts_with("Row #: 2\n+3 points\n"), "{engine}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("stats: engine="));
    }
}
