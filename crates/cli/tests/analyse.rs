#![cfg(all(unix, feature = "gomoku"))]
//! `sente gomoku analyse` through the built binary: an oracle (the built-in engine, and Sente's own brain over the
//! Piskvork protocol) judges the moves of a hand-written record in which black lets a won position go, and of a
//! match's records; bad input exits with 2 and leaves the CSV unwritten. Oracles search on node budgets, so the
//! judgements are deterministic.

use std::process::Output;

mod common;
use common::sente;

fn run(args: &[&str]) -> Output {
    sente().args(args).output().expect("run sente")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Black's H8 I8 J8 is closed at G8 and K6 K7 point at K8, so at move 11 black wins by fours from K8 (a four and
/// an open three at once). Black plays O15 instead and white takes K8 at move 12. White's other stones sit in
/// the corners and never threaten.
const BLUNDER: &str = "game 1: black a white b opening H8 G8 I8 moves A1 J8 O1 K6 A15 K7 O13 O15 K8 N1 A13 \
                       result 1/2-1/2 (draw: agreed)\n";

#[test]
fn a_win_by_fours_missed_is_found_by_either_oracle() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("games.txt");
    std::fs::write(&rec, BLUNDER).expect("write");
    let csv = dir.path().join("judged.csv");
    let brain = format!("pbrain:{} gomoku pbrain --nodes 2000 --threads 1", env!("CARGO_BIN_EXE_sente"));
    for oracle in ["sente", brain.as_str()] {
        let out = run(&[
            "gomoku",
            "analyse",
            rec.to_str().expect("utf-8"),
            "--oracle",
            oracle,
            "--nodes",
            "2000",
            "--player",
            "a",
            "--csv",
            csv.to_str().expect("utf-8"),
        ]);
        assert_eq!(out.status.code(), Some(0), "{oracle}: {}", text(&out.stderr));
        let stdout = text(&out.stdout);
        // Black's moves after the opening: 5, 7, 9, 11 and 13; white's are not judged with --player a.
        let judged: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game 1 move ")).collect();
        assert_eq!(judged.len(), 5, "{oracle}: {stdout}");
        assert!(judged.iter().all(|l| l.contains(" black a: ")), "{oracle}: {stdout}");
        let blunder = judged[3];
        assert!(blunder.starts_with("game 1 move 11 black a: played O15 ≠ oracle K8 (W"), "{oracle}: {blunder}");
        assert!(stdout.contains("\na: 5 moves judged, 0 the oracle's move (0.0%)"), "{oracle}: {stdout}");
        let rows = std::fs::read_to_string(&csv).expect("csv");
        let rows: Vec<&str> = rows.lines().collect();
        assert_eq!(rows[0], "game,move,colour,player,played,oracle,judgement,drop");
        assert_eq!(rows.len(), 6, "{rows:?}");
        assert!(rows[4].starts_with("1,11,black,a,O15,K8,W"), "{rows:?}");
    }
}

#[test]
fn a_matchs_records_are_judged_for_both_players() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("games.txt");
    let out = run(&[
        "gomoku",
        "match",
        "sente",
        "weights",
        "--nodes",
        "1000",
        "--games",
        "2",
        "--records",
        rec.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let records = std::fs::read_to_string(&rec).expect("records");
    let out = run(&["gomoku", "analyse", rec.to_str().expect("utf-8"), "--nodes", "1000", "--parallel", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Every move after each game's three opening stones is judged once, game by game.
    let moves: usize = records
        .lines()
        .map(|l| l.split(" moves ").nth(1).unwrap().split(" result ").next().unwrap().split_whitespace().count())
        .sum();
    assert_eq!(stdout.lines().filter(|l| l.starts_with("game ")).count(), moves, "{stdout}");
    assert!(stdout.contains("\nsente: ") && stdout.contains("\nweights: "), "{stdout}");
    assert!(text(&out.stderr).starts_with("judging 2 games (0 record lines skipped) with sente at 1000 nodes"));
}

#[test]
fn bad_input_exits_with_2_and_writes_no_csv() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("games.txt");
    std::fs::write(&rec, BLUNDER).expect("write");
    let garbage = dir.path().join("garbage.txt");
    std::fs::write(&garbage, "not a record\n").expect("write");
    let illegal = dir.path().join("illegal.txt");
    let twice = BLUNDER.replace("J8 O1", "H8 O1");
    std::fs::write(&illegal, format!("{BLUNDER}{twice}")).expect("write");
    let csv = dir.path().join("judged.csv");
    let (rec, garbage, illegal, csv) = (
        rec.to_str().expect("utf-8"),
        garbage.to_str().expect("utf-8"),
        illegal.to_str().expect("utf-8"),
        csv.to_str().expect("utf-8"),
    );
    for (args, message) in [
        (&["gomoku", "analyse", "/nonexistent/games.txt"][..], "/nonexistent/games.txt"),
        (&["gomoku", "analyse", garbage, "--csv", csv][..], "no game to judge: none of the record lines"),
        (&["gomoku", "analyse", rec, "--player", "nobody", "--csv", csv][..], "no game to judge"),
        (&["gomoku", "analyse", rec, "--games", "7", "--csv", csv][..], "no game to judge"),
        (&["gomoku", "analyse", rec, "--oracle", "stockfish"][..], "unknown engine \"stockfish\""),
        (&["gomoku", "analyse", rec, "--lost"][..], "--player"),
        (&["gomoku", "analyse", illegal, "--csv", csv][..], "line 2: move 5 (H8) is not legal there"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(message), "{args:?}: {}", text(&out.stderr));
    }
    assert!(!std::path::Path::new(csv).exists());
}
