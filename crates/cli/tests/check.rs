#![cfg(all(unix, feature = "rowcol", feature = "starcircle", feature = "lgame"))]
//! `sente <game> check` through the built binary, against the student programs in `tests/fixtures/students/`:
//! each must get its verdict (pass, wrong, format, timeout, crash), the reports must have their documented form,
//! failing cases' folders must be kept with what a student needs, a timed-out program must leave no process and no
//! zombie behind, and bad usage must exit with 2. Cases are few and small, and time limits short, so this stays fast.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

mod common;
use common::sente;

fn student(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/students").join(name);
    format!("sh '{}'", path.display())
}

/// Runs `sente GAME check --program 'sh STUDENT' ARGS`, with `$SENTE` set for the students that call Sente.
/// Failing cases are kept in a temporary folder of the test's own (unless the test names one), so nothing is left.
fn check(game: &str, name: &str, args: &[&str]) -> Output {
    let keep = tempfile::tempdir().expect("tempdir");
    let mut cmd = sente();
    cmd.args([game, "check", "--program", &student(name)]).args(args).env("SENTE", env!("CARGO_BIN_EXE_sente"));
    if !args.contains(&"--keep") {
        cmd.arg("--keep").arg(keep.path().join("kept"));
    }
    cmd.output().expect("run sente")
}

/// Runs a check with `--json` and returns its exit code and report.
fn check_json(game: &str, name: &str, args: &[&str]) -> (i32, Value) {
    let out = check(game, name, &[args, &["--json"]].concat());
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{name}: not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().unwrap_or(-1), report)
}

fn verdicts(report: &Value) -> Vec<String> {
    report["results"].as_array().expect("results").iter().map(|r| r["verdict"].as_str().unwrap().to_string()).collect()
}

fn explanations(report: &Value) -> Vec<String> {
    report["results"].as_array().unwrap().iter().map(|r| r["explanation"].as_str().unwrap().to_string()).collect()
}

/// Asserts that every case got `verdict`, the counts agree, and the exit code is 0 only for a pass.
fn all_get(game: &str, name: &str, args: &[&str], verdict: &str) -> Value {
    let (code, report) = check_json(game, name, args);
    let v = verdicts(&report);
    assert!(!v.is_empty() && v.iter().all(|x| x == verdict), "{name}: {v:?}\n{report}");
    let n = v.len() as u64;
    let passed = if verdict == "pass" { n } else { 0 };
    assert_eq!((report["cases"].as_u64(), report["passed"].as_u64()), (Some(n), Some(passed)), "{report}");
    assert_eq!(report["failed"].as_u64(), Some(n - passed));
    assert_eq!(code, if verdict == "pass" { 0 } else { 1 }, "{name}");
    report
}

const ROWCOL: &[&str] = &["--cases", "6", "--seed", "3", "--rows", "2-6", "--cols", "2-6"];
const STARCIRCLE: &[&str] = &["--cases", "5", "--seed", "3", "--depth", "1-3", "--pieces", "1-6"];

#[test]
fn rowcol_students_get_their_verdicts() {
    all_get("rowcol", "rowcol/correct.sh", ROWCOL, "pass");
    all_get("rowcol", "rowcol/last_optimal.sh", ROWCOL, "pass");
    let report = all_get("rowcol", "rowcol/spaced.sh", ROWCOL, "format");
    assert!(
        explanations(&report)[0].starts_with("line 1 \"Column # :")
            || explanations(&report)[0].starts_with("line 1 \"Row # :")
    );
    let report = all_get("rowcol", "any/crash.sh", ROWCOL, "crash");
    assert_eq!(explanations(&report)[0], "the program ended with exit status 1: IndexError: list index out of range");
    let report = all_get("rowcol", "any/silent.sh", ROWCOL, "format");
    assert_eq!(explanations(&report)[0], "no output.txt was written");
}

#[test]
fn rowcol_greedy_student_is_wrong_where_greed_is_not_optimal() {
    let (code, report) =
        check_json("rowcol", "rowcol/greedy.sh", &["--cases", "12", "--seed", "1", "--rows", "3-7", "--cols", "3-7"]);
    let v = verdicts(&report);
    assert!(v.iter().all(|x| x == "pass" || x == "wrong"), "{v:?}");
    assert!(v.iter().any(|x| x == "wrong"), "greed is not optimal on every board: {v:?}");
    assert_eq!(code, 1);
    for e in explanations(&report).iter().filter(|e| !e.is_empty()) {
        assert!(e.contains("; the best is ") || e.contains("is not its value"), "{e}");
    }
}

#[test]
fn rowcol_inputs_folder_and_kept_case_folder() {
    let inputs = tempfile::tempdir().unwrap();
    std::fs::write(
        inputs.path().join("sample3.txt"),
        "4 8\n1 1 1 1 0 0 0 0\n0 0 0 1 1 1 1 1\n0 0 0 1 1 1 1 1\n1 1 1 1 0 0 0 0\n",
    )
    .unwrap();
    std::fs::create_dir(inputs.path().join("full")).unwrap();
    std::fs::write(inputs.path().join("full/input.txt"), "3 3\n1 1 1\n1 1 1\n1 1 1\n").unwrap();
    std::fs::write(inputs.path().join("line.txt"), "1 3\n1 1 1\n").unwrap();
    std::fs::write(inputs.path().join("README.md"), "not an input: left alone\n").unwrap();
    std::fs::create_dir(inputs.path().join("notes")).unwrap();
    let dir = inputs.path().to_str().unwrap();
    // Several optimal moves on the full board: the last one is as good as the first.
    let report = all_get("rowcol", "rowcol/last_optimal.sh", &["--inputs", dir], "pass");
    assert_eq!(report["results"][0]["case"], "full");
    let keep = tempfile::tempdir().unwrap();
    let kept = keep.path().join("kept");
    let out = check("rowcol", "rowcol/greedy.sh", &["--inputs", dir, "--keep", kept.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let line = "sample3.txt    wrong   your move Row #: 2 gives 0; the best is +2, by Column #: 4";
    assert!(text.lines().any(|l| l == line), "{text}");
    let full = "full           wrong   your move Row #: 1 is optimal but your margin +3 is not its value +1";
    assert!(text.lines().any(|l| l == full), "{text}");
    assert!(text.lines().last().unwrap().starts_with("3 cases: 1 passed, 2 failed (2 wrong) in "), "{text}");
    assert!(text.contains(&format!("failing cases kept in {}", kept.display())), "{text}");
    let case = kept.join("sample3.txt");
    let read = |name: &str| std::fs::read_to_string(case.join(name)).unwrap_or_else(|_| panic!("{name} kept"));
    assert!(read("input.txt").starts_with("4 8\n"));
    assert!(read("output.txt").starts_with("Row #: 2\n"));
    assert!(read("expected.txt").starts_with("Column #: 4\n+2 points\n"));
    assert_eq!(read("explanation.txt"), "wrong: your move Row #: 2 gives 0; the best is +2, by Column #: 4\n");
    assert!(kept.join("full/explanation.txt").exists());
    assert!(!kept.join("line.txt").exists(), "a passing case's folder is removed");
}

#[test]
fn starcircle_students_get_their_verdicts() {
    all_get("starcircle", "starcircle/correct.sh", STARCIRCLE, "pass");
    let report = all_get("starcircle", "starcircle/no_root.sh", STARCIRCLE, "wrong");
    for e in explanations(&report) {
        assert!(e.starts_with("your number of nodes ") && e.contains("(expected "), "{e}");
    }
    let report = all_get("starcircle", "starcircle/crlf.sh", STARCIRCLE, "format");
    assert!(explanations(&report)[0].contains("Windows line ends"));
    all_get("starcircle", "any/crash.sh", STARCIRCLE, "crash");
    all_get("starcircle", "any/silent.sh", STARCIRCLE, "format");
}

#[test]
fn timed_out_programs_and_their_helpers_are_killed() {
    let tmp = tempfile::tempdir().unwrap();
    let pids = tmp.path().join("pids");
    let out = sente()
        .args(["starcircle", "check", "--program", &student("any/slow.sh"), "--cases", "2", "--time-limit", "1s"])
        .args(["--depth", "1", "--json", "--keep"])
        .arg(tmp.path().join("kept"))
        .env("PIDS", &pids)
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(verdicts(&report), ["timeout", "timeout"]);
    assert_eq!(explanations(&report)[0], "no answer within the time limit of 1 s");
    // Two runs, a helper and a shell each (a run on a very busy machine might not get as far; one surely does).
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert!(pids.lines().count() >= 2, "{pids}");
    for pid in pids.lines() {
        assert!(!Path::new(&format!("/proc/{pid}")).exists(), "process {pid} outlived the check");
    }
}

#[test]
fn an_interrupted_check_kills_the_running_program() {
    let tmp = tempfile::tempdir().unwrap();
    let pids = tmp.path().join("pids");
    let mut child = sente()
        .args(["rowcol", "check", "--program", &student("any/slow.sh"), "--cases", "3", "--time-limit", "60"])
        .arg("--keep")
        .arg(tmp.path().join("kept"))
        .env("PIDS", &pids)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the program has started its helper (both pids written), then press Ctrl-C.
    while std::fs::read_to_string(&pids).map_or(0, |t| t.lines().count()) < 2 {
        assert!(child.try_wait().unwrap().is_none(), "the check ended before the program started");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let status = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("check interrupted"));
    for pid in std::fs::read_to_string(&pids).unwrap().lines() {
        assert!(!Path::new(&format!("/proc/{pid}")).exists(), "process {pid} outlived the interrupted check");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn no_zombie_is_left_while_the_check_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let out = sente()
        .args(["rowcol", "check", "--program", &student("any/zombies.sh"), "--cases", "3", "--time-limit", "1s"])
        .arg("--json")
        .arg("--keep")
        .arg(tmp.path().join("kept"))
        .env("MARK", tmp.path().join("mark"))
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    // The later runs exit 0 without output only when they found no zombie (otherwise they exit 1: crash).
    assert_eq!(verdicts(&report), ["timeout", "format", "format"], "{report}");
}

#[test]
fn lgame_students_get_their_verdicts() {
    let args = ["--cases", "40", "--seed", "5"];
    all_get("lgame", "lgame/correct.sh", &args, "pass");
    let (code, report) = check_json("lgame", "lgame/any_win.sh", &args);
    let v = verdicts(&report);
    assert!(v.iter().all(|x| x == "pass" || x == "wrong"), "{v:?}");
    assert!(v.iter().any(|x| x == "wrong") && v.iter().any(|x| x == "pass"), "{v:?}");
    assert_eq!(code, 1);
    for e in explanations(&report).iter().filter(|e| !e.is_empty()) {
        assert!(e.contains(" gives ") || e.contains("the draw rule wants"), "{e}");
    }
    all_get("lgame", "any/silent.sh", &["--cases", "3"], "format");
    all_get("lgame", "any/crash.sh", &["--cases", "3"], "crash");
    all_get("lgame", "any/slow.sh", &["--cases", "3", "--time-limit", "200ms"], "timeout");
}

#[test]
fn junit_report_for_ci() {
    let tmp = tempfile::tempdir().unwrap();
    let xml: PathBuf = tmp.path().join("report.xml");
    let out = check("rowcol", "any/crash.sh", &["--cases", "2", "--junit", xml.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let xml = std::fs::read_to_string(&xml).unwrap();
    assert!(xml.contains("<testsuite name=\"sente rowcol check\" tests=\"2\" failures=\"0\" errors=\"2\""), "{xml}");
    assert_eq!(xml.matches("<error type=\"crash\"").count(), 2, "{xml}");
}

#[test]
fn bad_usage_exits_with_2() {
    let code = |game: &str, args: &[&str]| {
        let out = check(game, "any/silent.sh", args);
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    };
    for limit in ["abc", "0", "1.5x", "-3s", ""] {
        assert_eq!(code("rowcol", &["--time-limit", limit]).0, Some(2), "--time-limit {limit:?}");
    }
    assert_eq!(code("rowcol", &["--rows", "0-4"]).0, Some(2));
    assert_eq!(code("rowcol", &["--density", "0.5-2"]).0, Some(2));
    assert_eq!(code("starcircle", &["--pieces", "13"]).0, Some(2));
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("bad.txt"), "3 3\n1 1 1\n1 1\n1 1 1\n").unwrap();
    let (status, err) = code("rowcol", &["--inputs", tmp.path().to_str().unwrap()]);
    assert_eq!(status, Some(2));
    assert!(err.contains("bad.txt: line 3"), "{err}");
    let (status, err) = code("rowcol", &["--keep", tmp.path().to_str().unwrap()]);
    assert_eq!(status, Some(2));
    assert!(err.contains("not empty"), "{err}");
    assert_eq!(code("lgame", &["--all", "--cases", "3"]).0, Some(2));
    assert_eq!(code("starcircle", &["--cases", "0"]).0, Some(2));
    let out = sente().args(["rowcol", "check", "--program", " "]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
