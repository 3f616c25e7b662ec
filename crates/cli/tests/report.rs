#![cfg(all(feature = "lgame", feature = "starcircle"))]
//! `sente report` end to end: the pictures and their CSVs land in the output folder with an index naming the
//! command, a gauntlet summary becomes the Gomoku ladder, a missing one is skipped in one line, a malformed one is
//! an input error (exit 2), and the exact pictures are the same on every run.

mod common;
use common::sente;

fn run(args: &[&str]) -> std::process::Output {
    sente().args(args).output().expect("the sente binary runs")
}

#[test]
fn pictures_csvs_and_the_index_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let summary = dir.path().join("summary.csv");
    std::fs::write(
        &summary,
        "opponent,games,wins,losses,draws,score,elo,elo_low,elo_high\nweights,10,9,1,0,0.9,382,150,800\n",
    )
    .unwrap();
    let o = run(&[
        "report",
        "--only",
        "lgame,starcircle,gomoku",
        "--starcircle-depth",
        "3",
        "--out",
        out,
        "--gauntlet-csv",
        summary.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    for name in ["lgame-remoteness", "starcircle-nodes", "gomoku-ladder"] {
        let svg = std::fs::read_to_string(dir.path().join(format!("{name}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("Made by `sente report --only"), "{name}.svg");
        assert!(dir.path().join(format!("{name}.csv")).exists(), "{name}.csv");
    }
    assert!(!dir.path().join("rowcol-solve.svg").exists(), "--only leaves the others out");
    let index = std::fs::read_to_string(dir.path().join("README.md")).unwrap();
    assert_eq!(index.lines().filter(|l| l.starts_with("| [")).count(), 3, "{index}");
    let lgame = std::fs::read_to_string(dir.path().join("lgame-remoteness.csv")).unwrap();
    let nodes = std::fs::read_to_string(dir.path().join("starcircle-nodes.csv")).unwrap();

    // A second run gives the same exact data; without a summary the ladder is skipped, saying so.
    std::fs::remove_file(&summary).unwrap();
    let o = run(&["report", "--only", "lgame,starcircle,gomoku", "--starcircle-depth", "3", "--out", out]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    let skipped: Vec<&str> = stderr.lines().filter(|l| l.contains("gomoku-ladder skipped")).collect();
    assert_eq!(skipped.len(), 1, "{stderr}");
    assert!(skipped[0].contains("gomoku-gauntlet.csv"), "{stderr}");
    assert_eq!(std::fs::read_to_string(dir.path().join("lgame-remoteness.csv")).unwrap(), lgame);
    assert_eq!(std::fs::read_to_string(dir.path().join("starcircle-nodes.csv")).unwrap(), nodes);
}

#[test]
fn a_malformed_gauntlet_summary_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    let summary = dir.path().join("gomoku-gauntlet.csv");
    std::fs::write(&summary, "opponent,games,wins\nweights,10,9\n").unwrap();
    let o = run(&["report", "--only", "gomoku", "--out", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("gomoku-gauntlet.csv: line 1: expected the header"), "{stderr}");
    assert!(!dir.path().join("gomoku-ladder.svg").exists());
}

#[test]
fn bad_options_are_usage_errors() {
    for args in [["--rowcol-sizes", "9-4"], ["--only", "chess"], ["--width", "10"]] {
        let o = run(&["report", args[0], args[1]]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
    }
}
