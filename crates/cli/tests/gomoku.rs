#![cfg(feature = "gomoku")]
//! `sente gomoku …` end to end: the contest harness's input forms, output format and input errors, and one Piskvork
//! transcript through the binary. Searches run on one thread with a node budget, so outputs are exact.

use std::path::Path;
use std::process::Output;

fn data(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gomoku").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

mod common;
use common::sente_with_stdin as sente;

fn nptu(colour: &str, board: &str) -> Output {
    sente(&["gomoku", "nptu", colour, "--threads", "1", "--nodes", "20000"], board)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn empty_board_gets_the_centre() {
    let out = nptu("Black", &data("empty.txt"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "J, 10\n");
}

#[test]
fn the_default_clock_is_used_when_no_node_budget_is_given() {
    // The empty board is answered before any search, so this stays fast whatever the clock.
    let out = sente(&["gomoku", "nptu", "black"], &data("empty.txt"));
    assert_eq!(text(&out.stdout), "J, 10\n");
}

#[test]
fn white_blocks_a_four_and_black_completes_five() {
    let out = nptu("White", &data("white_must_block.txt"));
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "I, 10\n".to_string()), "{}", text(&out.stderr));
    let out = nptu("Black", &data("black_wins.txt"));
    assert_eq!(text(&out.stdout), "C, 7\n", "{}", text(&out.stderr));
}

#[test]
fn a_board_of_361_characters_without_spaces_is_accepted() {
    let out = nptu("White", &data("flat_361.txt"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mv = text(&out.stdout);
    let re_ok = mv.ends_with('\n')
        && mv.trim_end().split_once(", ").is_some_and(|(c, r)| {
            c.len() == 1 && "ABCDEFGHIJKLMNOPQRS".contains(c) && r.parse::<u32>().is_ok_and(|r| (1..=19).contains(&r))
        });
    assert!(re_ok, "{mv:?} is not in the contest's format");
    assert_ne!(mv, "J, 10\n", "the centre is taken");
}

fn rejected(colour: &str, file: &str, needle: &str) {
    let out = nptu(colour, &data(file));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{file}: {err}");
    assert!(out.stdout.is_empty(), "{file}: no move may be printed, got {:?}", text(&out.stdout));
    assert!(err.contains(needle), "{file}: expected {needle:?} in {err:?}");
}

#[test]
fn bad_input_is_refused_with_exit_2_and_no_move() {
    rejected("Black", "bad_char.txt", "line 1, column 5: unexpected character 'q'");
    rejected("Black", "short.txt", "expected 361 cells (19 rows of 19), found 342");
    rejected("Black", "white_must_block.txt", "stone counts impossible for Black to move: 4 black and 3 white");
    rejected("White", "empty.txt", "stone counts impossible for White to move");
    rejected("White", "already_won.txt", "already won: black has five in a row");
    rejected("White", "full.txt", "the board is full");
    let out = sente(&["gomoku", "nptu", "Red"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn pbrain_answers_a_short_session() {
    let out = sente(
        &["gomoku", "pbrain", "--threads", "1", "--nodes", "3000"],
        "ABOUT\nSTART 15\nBEGIN\nTURN 8,8\nFOO\nEND\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert!(lines[0].starts_with("name=\"sente\""), "{lines:?}");
    assert_eq!(lines[1], "OK");
    assert_eq!(lines[3], "7,7");
    assert!(lines[4].starts_with("MESSAGE "), "{lines:?}");
    let (x, y) = lines[5].split_once(',').expect("a move");
    assert!(x.parse::<u32>().is_ok_and(|x| x < 15) && y.parse::<u32>().is_ok_and(|y| y < 15), "{lines:?}");
    assert_eq!(lines[6], "UNKNOWN command \"FOO\"");
    assert_eq!(lines.len(), 7);
}

/// `match --sprt`: the engine against the weight bot wins every game, so the sequential test accepts H1 long
/// before the 40 games allowed (each won opening pair adds about 0.42 to the ratio at 200 Elo: eight pairs, sixteen
/// games, pass the bound), and no further game starts; a malformed test is a usage error.
#[test]
fn match_with_sprt_stops_when_the_test_decides() {
    let out =
        sente(&["gomoku", "match", "sente", "weights", "--games", "40", "--nodes", "3000", "--sprt", "0,200"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // The ratio moves only when a pair completes.
    assert!(stdout.contains("game 15: black sente white weights: 1-0, sente wins with five (LLR +2.93)"), "{stdout}");
    assert!(stdout.contains("game 16: black weights white sente: 0-1, sente wins with five (LLR +3.35)"), "{stdout}");
    assert!(!stdout.contains("game 17:"), "{stdout}");
    assert!(stdout.contains("sente vs weights: 16 games, +16 -0 =0"), "{stdout}");
    assert!(
        stdout.contains("opening pairs (each opening once with each colour): 8 pairs 0/½/1/1½/2: 0 0 0 0 8"),
        "{stdout}"
    );
    assert!(stdout.contains("H1 accepted after 16 games: the first engine is stronger by more than 0"), "{stdout}");
    assert!(
        stdout.contains("\nby colour: sente as black +8 -0 =0, as white +8 -0 =0; slowest move: sente "),
        "{stdout}"
    );
    let bad = sente(&["gomoku", "match", "sente", "weights", "--sprt", "20,0"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("expected ELO0,ELO1 with ELO0 < ELO1"), "{}", text(&bad.stderr));
}

#[test]
fn match_runner_plays_alternating_games_and_writes_records() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("games.txt");
    let out = sente(
        &["gomoku", "match", "sente", "weights", "--games", "2", "--nodes", "3000", "--size", "15"]
            .into_iter()
            .chain(["--records", rec.to_str().expect("utf-8 path")])
            .collect::<Vec<_>>(),
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("game 1: black sente white weights"), "{stdout}");
    assert!(stdout.contains("game 2: black weights white sente"), "{stdout}");
    assert!(stdout.contains("sente vs weights: 2 games, +2 -0 =0"), "{stdout}");
    let records = std::fs::read_to_string(&rec).expect("records written");
    assert_eq!(records.lines().count(), 2);
    assert!(records.lines().all(|l| l.contains(" moves ") && l.contains(" result ")), "{records}");
    let bad = sente(&["gomoku", "match", "sente", "stockfish"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("unknown engine \"stockfish\""));
}

/// `tune` fits the weights for every tempo from 10/8 to 14/8 and keeps the one with the lowest held-out loss, or
/// for the one `--tempo` names; a tempo outside 8..=24 is a usage error (exit 2).
#[test]
fn tune_fits_each_tempo_and_reports_the_one_kept() {
    let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gomoku/data/selfplay-50k.txt");
    let records = records.to_str().unwrap();
    let out = sente(&["gomoku", "tune", records, "--iterations", "50"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for t in 10..=14 {
        assert!(stdout.contains(&format!("tempo {t}/8: Texel loss training ")), "{stdout}");
    }
    assert_eq!(stdout.matches("(kept: lowest held out)").count(), 1, "{stdout}");
    let kept = stdout.lines().find(|l| l.contains("(kept")).unwrap();
    let after = stdout.lines().find(|l| l.starts_with("weights after:")).unwrap();
    assert!(after.ends_with(&format!("tempo {}", kept.split_whitespace().nth(1).unwrap().trim_end_matches(':'))));

    let out = sente(&["gomoku", "tune", records, "--iterations", "50", "--tempo", "12"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("tempo 12/8: Texel loss").count(), 1, "{stdout}");
    assert!(!stdout.contains("tempo 10/8: Texel loss"), "{stdout}");

    let out = sente(&["gomoku", "tune", records, "--tempo", "30"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--tempo"), "{}", text(&out.stderr));
}

/// `tune --order` fits the width cut's ordering tables to the moves played and reports the share of played moves
/// the cut keeps, before and after; `--order` with `--tempo` is a usage error (exit 2), and so is a file of no games.
#[test]
fn tune_order_fits_the_cut_and_reports_what_it_keeps() {
    let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gomoku/data/selfplay-50k.txt");
    let records = records.to_str().unwrap();
    let out = sente(&["gomoku", "tune", "--order", records, "--iterations", "30"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("hand-set key (ORDER, 5/4 for the side to move): played move kept by the cut"), "{stdout}");
    assert!(stdout.contains("fitted key: played move kept by the cut"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("side to move's levels: [")), "{stdout}");

    let out = sente(&["gomoku", "tune", "--order", records, "--tempo", "12"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--tempo"), "{}", text(&out.stderr));
    let out = sente(&["gomoku", "tune", "--order", "-"], "not a record\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no quiet position in the records"), "{}", text(&out.stderr));
}

/// `tune --combos` fits the cell combinations' weights on top of the engine's table and names the largest; `--l2`
/// needs `--combos`, and a negative one is a usage error (exit 2), as is `--combos` with `--tempo`.
#[test]
fn tune_combos_fits_the_combinations_and_names_the_largest() {
    let records = Path::new(env!("CARGO_MANIFEST_DIR")).join("../gomoku/data/selfplay-50k.txt");
    let records = records.to_str().unwrap();
    let out = sente(&["gomoku", "tune", "--combos", records, "--iterations", "30"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Texel loss before: training "), "{stdout}");
    assert!(stdout.contains("combinations seen in 50 training positions or more"), "{stdout}");
    let largest = stdout.lines().find(|l| l.starts_with("largest: ")).unwrap();
    assert!(largest.contains('+') && largest.contains(" positions)"), "{largest}");
    for bad in [vec!["--l2", "1e-3"], vec!["--combos", "--l2", "-1"], vec!["--combos", "--tempo", "12"]] {
        let mut args = vec!["gomoku", "tune", records, "--iterations", "1"];
        args.extend(bad.iter().copied());
        let out = sente(&args, "");
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(text(&out.stderr).contains("--"), "{}", text(&out.stderr));
    }
}

/// `openings --play N` keeps only candidates black scores a quarter to three quarters of the points on in N
/// self-play games: each line says black's points, the header the options; the same options give the same file, and
/// `--play 1` (one game cannot split) is a usage error that leaves an existing output file alone.
#[test]
fn openings_balanced_in_play_say_black_points_and_are_reproducible() {
    let dir = tempfile::tempdir().expect("tempdir");
    let book = dir.path().join("played.txt");
    let book = book.to_str().expect("utf-8 path");
    let args = [
        "gomoku",
        "openings",
        "--count",
        "2",
        "--nodes",
        "2000",
        "--band",
        "600",
        "--play",
        "2",
        "--play-nodes",
        "300",
        "--out",
        book,
    ];
    let out = sente(&args, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("played out) to "), "{}", text(&out.stderr));
    let first = std::fs::read_to_string(book).expect("written");
    assert!(first.starts_with("# sente gomoku openings --size 15 --rule freestyle --stones 4 --area 7 --seed 1 --nodes 2000 --band 600 --play 2 --play-nodes 300 --count 2\n"), "{first}");
    assert!(first.contains("played out 2 times by the engine against itself (from 300 nodes a move)"), "{first}");
    let lines: Vec<&str> = first.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 2, "{first}");
    for l in &lines {
        let (_, comment) = l.split_once("  # ").expect("a comment");
        let (value, points) = comment.split_once("; black ").expect("black's points");
        assert!(value.parse::<i32>().expect("a value").abs() <= 600, "{l}");
        assert!(["0.5 of 2", "1 of 2", "1.5 of 2"].contains(&points), "{l}");
    }
    let out = sente(&args, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(book).expect("written"), first, "the same options give the same file");

    let out = sente(&["gomoku", "openings", "--play", "1", "--out", book], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--play must be 0 (no games) or at least 2"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(book).expect("kept"), first, "a refused run leaves the file alone");
}

/// `openings` writes the same file for the same options, every line an opening the match runner then plays from
/// `--openings` (the header names the file and its count; games 2k+1 and 2k+2 play line k); a malformed file is
/// refused with its line (exit 2) before any game, and settings too few candidates meet are a usage error.
#[test]
fn openings_are_generated_reproducibly_and_played_from_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let book = dir.path().join("openings.txt");
    let book = book.to_str().expect("utf-8 path");
    let args = ["gomoku", "openings", "--count", "3", "--nodes", "2000", "--stones", "3", "--out", book];
    let out = sente(&args, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let first = std::fs::read_to_string(book).expect("written");
    let out = sente(&args, "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(book).expect("written"), first, "the same options give the same file");
    let lines: Vec<&str> = first.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{first}");
    for l in &lines {
        let (stones, value) = l.split_once("  # ").expect("a value comment");
        assert_eq!(stones.split_whitespace().count(), 3, "{l}");
        assert!(value.parse::<i32>().expect("a value").abs() <= 150, "{l}");
    }

    let out =
        sente(&["gomoku", "match", "sente", "weights", "--games", "4", "--nodes", "2000", "--openings", book], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.lines().next().unwrap().ends_with(&format!("openings: {book} (3 openings)")), "{stdout}");
    let records = dir.path().join("games.txt");
    let out = sente(
        &["gomoku", "match", "sente", "weights", "--games", "2", "--nodes", "2000", "--openings", book]
            .into_iter()
            .chain(["--records", records.to_str().expect("utf-8 path")])
            .collect::<Vec<_>>(),
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let played = std::fs::read_to_string(&records).expect("records");
    let first_opening = lines[0].split_once("  # ").unwrap().0;
    assert!(played.lines().all(|g| g.contains(&format!(" opening {first_opening} moves "))), "{played}");

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# fine so far\nH8 J9 H9\nH8 Z99\n").expect("write");
    let out = sente(&["gomoku", "match", "sente", "weights", "--openings", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("bad.txt: line 3: ") && err.contains("Z99"), "{err}");
    assert!(text(&out.stdout).is_empty(), "no game starts");
    let out = sente(&["gomoku", "match", "sente", "weights", "--openings", book, "--opening-stones", "4"], "");
    assert_eq!(out.status.code(), Some(2), "a file's openings have their own stones");

    // A 1x1 area holds one position: the second opening never comes.
    let out = sente(
        &["gomoku", "openings", "--count", "2", "--nodes", "500", "--stones", "1", "--area", "1", "--band", "1000000"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("only 1 of 400 candidates (1 distinct)") && err.contains("widen --area"), "{err}");
    assert!(text(&out.stdout).is_empty(), "no file written");
    // --max-tries sets how many candidates each opening still to find may take.
    let tight = "gomoku openings --count 2 --nodes 500 --stones 1 --area 1 --band 1000000 --max-tries 7";
    let out = sente(&tight.split(' ').collect::<Vec<_>>(), "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("only 1 of 14 candidates (1 distinct)") && err.contains("--max-tries"), "{err}");
    let out = sente(&["gomoku", "openings", "--max-tries", "0"], "");
    assert_eq!(out.status.code(), Some(2), "at least one try per opening");
}

#[test]
fn the_timed_bench_reports_every_position_and_a_total() {
    let out = sente(&["gomoku", "bench", "--time-ms", "20", "--threads", "2"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 17, "{stdout}");
    assert!(lines[..16].iter().all(|l| l.starts_with("position") && l.contains(" depth ")), "{stdout}");
    assert!(lines[16].starts_with("total: 16 positions, 20 ms each, 2 threads, nodes "), "{stdout}");
    // --threads belongs to the timed bench only.
    let out = sente(&["gomoku", "bench", "--threads", "2"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_bench_takes_a_rule() {
    let out = sente(&["gomoku", "bench", "--rule", "renju", "--depth", "3"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 9, "{stdout}");
    assert!(stdout.lines().last().is_some_and(|l| l.starts_with("total: 8 positions, depth 3, nodes ")), "{stdout}");
    let out = sente(&["gomoku", "bench", "--rule", "caro"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--rule"), "{}", text(&out.stderr));
    // The VCF suite is freestyle's.
    let out = sente(&["gomoku", "bench", "--rule", "renju", "--vcf", "suite.txt"], "");
    assert_eq!(out.status.code(), Some(2));
}
