//! Where the course's public conformance cases live, and what a test does when they are not there.
//!
//! The 1,001 cases (`case-NNNN/input.txt` + `output.txt`, and `disputed/`) come from other people's public
//! repositories, so they are not part of Sente: they are read from `../shared/conformance/starcircle/` beside the
//! repository (present on every development machine and in CI), or from `$SENTE_CONFORMANCE/starcircle/` when that
//! variable names another folder. Without them, a test that needs them prints one line saying it was skipped and
//! passes. With `SENTE_CONFORMANCE_REQUIRED=1` (which `.ci/run` sets when it finds `../shared/`) an absent folder or
//! a short set is a failure instead.

use std::io::Write;
use std::path::{Path, PathBuf};

/// How many public cases the full set holds.
pub const EXPECTED_CASES: usize = 1001;

/// The conformance root: `$SENTE_CONFORMANCE`, or `../shared/conformance` beside the repository.
pub fn root() -> PathBuf {
    match std::env::var_os("SENTE_CONFORMANCE") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        // Every crate sits two folders below the repository root.
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance"),
    }
}

/// Whether the cases must be present (`SENTE_CONFORMANCE_REQUIRED=1`).
pub fn required() -> bool {
    std::env::var("SENTE_CONFORMANCE_REQUIRED").is_ok_and(|v| v == "1")
}

/// The Star/Circle folder, if present; otherwise one line on stderr (`test` names the skipped test) and `None`.
///
/// # Panics
/// When the cases are required and the folder is absent.
pub fn dir(test: &str) -> Option<PathBuf> {
    let dir = root().join("starcircle");
    if dir.is_dir() {
        return Some(dir);
    }
    let why = format!(
        "no Star/Circle conformance cases at {} (set SENTE_CONFORMANCE to the folder that holds starcircle/)",
        dir.display()
    );
    assert!(!required(), "{test}: {why}, and SENTE_CONFORMANCE_REQUIRED=1");
    // Straight to the process's stderr, past the test harness's capture, so the skip shows in every run.
    let _ = writeln!(std::io::stderr(), "skipped {test}: {why}");
    None
}

/// Every `case-*` folder, sorted; `None` (after one line on stderr) when the set is absent.
///
/// # Panics
/// When the cases are required and absent or fewer than [`EXPECTED_CASES`], or the folder cannot be listed.
pub fn cases(test: &str) -> Option<Vec<PathBuf>> {
    let dir = dir(test)?;
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("case-")))
        .collect();
    cases.sort();
    assert!(
        !required() || cases.len() >= EXPECTED_CASES,
        "{test}: {} holds {} cases, expected {EXPECTED_CASES}",
        dir.display(),
        cases.len()
    );
    Some(cases)
}

/// One case's folder by name (`case-0767`), if the set is present.
pub fn case(test: &str, name: &str) -> Option<PathBuf> {
    dir(test).map(|d| d.join(name))
}

/// The input texts of every `every`-th case (none when the set is absent).
pub fn inputs(test: &str, every: usize) -> Vec<String> {
    cases(test)
        .unwrap_or_default()
        .iter()
        .step_by(every.max(1))
        .map(|c| std::fs::read_to_string(c.join("input.txt")).expect("input.txt"))
        .collect()
}
