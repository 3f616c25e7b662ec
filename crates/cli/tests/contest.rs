#![cfg(all(unix, feature = "gomoku"))]
//! `sente gomoku contest`, `gauntlet` and `match` through the built binary, with the fixture entries of
//! `tests/fixtures/contest/`: a contest among three entries gives the expected crosstable and files, every fault
//! gets its verdict and reason, a brain that misses a command is not lost on time, the gauntlet's CSV keeps its
//! schema, and bad usage exits with 2. The built-in engine plays on node budgets; the only clock in play is the
//! limit that ends the fixtures that hang (1 s), so the tests are deterministic.

use std::path::Path;
use std::process::Output;

mod common;
use common::sente;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/contest").join(name);
    format!("sh {}", path.display())
}

/// Runs `sente ARGS` with `$SENTE` set for the fixtures that call Sente.
fn run(args: &[&str]) -> Output {
    sente().args(args).env("SENTE", env!("CARGO_BIN_EXE_sente")).output().expect("run sente")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn contest_of_three_fixture_entries_gives_the_expected_crosstable() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().join("results");
    let good = format!("good=nptu:{}", fixture("sente.sh"));
    let illegal = format!("nptu:{}", fixture("illegal.sh"));
    let slow = format!("slow=nptu:{}", fixture("timeout.sh"));
    let out_arg = out_dir.to_str().expect("utf-8 path");
    let out = run(&[
        "gomoku",
        "contest",
        &good,
        &illegal,
        &slow,
        "--time-ms",
        "300",
        "--tolerance-ms",
        "700",
        "--parallel",
        "2",
        "--out",
        out_arg,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // White moves first after the three-stone opening, so each faulty entry loses every game in which it is
    // white; illegal.sh and slow split their pairing.
    let expected = "\
rank  entry         1    2    3  points  games  +W -L =D     Elo (95% interval)      faults
   1  good          ·    2    2       4      4  +4 -0 =0     +inf (-72..+inf)        -
   2  illegal.sh    0    ·    1       1      4  +1 -3 =0     -191 (-inf..+126)       illegal 3
   3  slow          0    1    ·       1      4  +1 -3 =0     -191 (-inf..+126)       timeout 3
";
    assert!(stdout.contains(expected), "{stdout}");
    assert!(stdout.starts_with("contest of 3 entries (round-robin, 2 games a pairing): 19x19 freestyle, 300 ms"));
    assert!(stdout.contains("slow loses: timeout (no move within 1000 ms)"), "{stdout}");
    assert!(stdout.contains("illegal.sh loses: illegal ("), "{stdout}");
    let table = std::fs::read_to_string(out_dir.join("crosstable.txt")).expect("crosstable.txt");
    assert!(table.starts_with(expected), "{table}");
    let games = std::fs::read_to_string(out_dir.join("games.txt")).expect("games.txt");
    assert_eq!(games.lines().count(), 6);
    for (k, line) in games.lines().enumerate() {
        assert!(line.starts_with(&format!("game {}: black ", k + 1)), "{line}");
        assert!(line.contains(" replay http://127.0.0.1:8080/play/gomoku#g="), "{line}");
    }
    let csv = std::fs::read_to_string(out_dir.join("standings.csv")).expect("standings.csv");
    assert_eq!(csv.lines().nth(3), Some("3,slow,4,1,3,0,1,0.2500,-191,-999,126,timeout 3"));
    // The good entry kept its log in its working folder for the games in which it moved.
    let log = std::fs::read_to_string(out_dir.join("work/good/game-2/moves.log")).expect("moves.log kept");
    assert!(log.lines().all(|l| l == "White"), "{log}");
}

#[test]
fn swiss_rounds_pair_by_points_and_give_byes_to_the_lowest() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out_dir = dir.path().join("swiss");
    let out_arg = out_dir.to_str().expect("utf-8 path");
    let out = run(&[
        "gomoku",
        "contest",
        "sente",
        "weights",
        "w2=weights",
        "--rounds",
        "2",
        "--nodes",
        "3000",
        "--size",
        "15",
        "--out",
        out_arg,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("contest of 3 entries (Swiss, 2 rounds, 2 games a pairing): 15x15 freestyle"));
    // Round 1: all level, the last entry sits out; round 2: the leaders meet and weights, now alone at 0, sits out.
    assert!(stdout.contains("round 1: 1 pairing, bye: w2\n"), "{stdout}");
    assert!(stdout.contains("round 2: 1 pairing, bye: weights\n"), "{stdout}");
    assert!(stdout.contains("game 3: black sente white w2: "), "{stdout}");
    let expected = "\
   1  sente      ·    2    2       4      4  +4 -0 =0     +inf (-72..+inf)        -
   2  weights    0    ·    -       2      2  +0 -2 =0     -inf (-inf..+291)       - (1 bye)
   3  w2         0    -    ·       2      2  +0 -2 =0     -inf (-inf..+291)       - (1 bye)
";
    assert!(stdout.contains(expected), "{stdout}");
}

#[test]
fn crashes_and_malformed_moves_lose_with_their_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("games.txt");
    let rec_arg = rec.to_str().expect("utf-8 path");
    let crash = format!("nptu:{}", fixture("crash.sh"));
    let out = run(&["gomoku", "match", "weights", &crash, "--games", "2", "--size", "19", "--records", rec_arg]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("weights vs crash.sh: 2 games, +2 -0 =0"), "{stdout}");
    let records = std::fs::read_to_string(&rec).expect("records");
    // The shell that ran the script reports its child's SIGSEGV as status 139 (128 + 11).
    let reason = "crash.sh loses: crash (exit status 139; stderr: Segmentation fault (core dumped))";
    assert_eq!(records.lines().filter(|l| l.contains(reason)).count(), 2, "{records}");
    let malformed = format!("nptu:{}", fixture("malformed.sh"));
    let out = run(&["gomoku", "match", &malformed, "weights", "--games", "1", "--size", "19"]);
    assert!(
        text(&out.stdout).contains("malformed.sh loses: malformed (output \"J10\\n\" is not a move like \"J, 10\")"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_brain_that_misses_a_command_is_sent_it_again_not_lost_on_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let rec = dir.path().join("games.txt");
    let forgetful = format!("forgetful=pbrain:{}", fixture("forgetful.sh"));
    let rec_arg = rec.to_str().expect("utf-8 path");
    let out = run(&[
        "gomoku",
        "match",
        "weights",
        &forgetful,
        "--games",
        "2",
        "--time-ms",
        "200",
        "--tolerance-ms",
        "300",
        "--records",
        rec_arg,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("15x15 freestyle, 200 ms a move + 300 ms tolerance"), "{stdout}");
    assert!(stdout.contains("games lost by timeout, illegal or malformed move, crash or failed start: 0"), "{stdout}");
    // The two games share one opening: one pair.
    assert!(stdout.contains("opening pairs (each opening once with each colour): 1 pairs 0/½/1/1½/2: "), "{stdout}");
    let records = std::fs::read_to_string(&rec).expect("records");
    // Game 1: the brain is white and misses its first TURN; the position is sent again once.
    assert!(records.lines().next().is_some_and(|l| l.contains(" resent 0/1 ")), "{records}");
}

#[test]
fn a_brain_that_answers_about_while_thinking_still_loses_on_time() {
    let thinker = format!("pbrain:{}", fixture("thinker.sh"));
    let out =
        run(&["gomoku", "match", "weights", &thinker, "--games", "1", "--time-ms", "100", "--tolerance-ms", "200"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // Named by its ABOUT answer; white, so it moves first after the opening, 0.4 s late.
    assert!(
        stdout.contains(
            "thinker loses: timeout (still thinking past the 300 ms limit: it answered ABOUT, then both requests)"
        ),
        "{stdout}"
    );
}

#[test]
fn gauntlet_names_brains_by_about_and_writes_the_summary_csv() {
    let dir = tempfile::tempdir().expect("tempdir");
    let csv = dir.path().join("ladder.csv");
    let rec = dir.path().join("games.txt");
    let brain = format!("pbrain:{} gomoku pbrain --nodes 2000 --threads 1", env!("CARGO_BIN_EXE_sente"));
    let (csv_arg, rec_arg) = (csv.to_str().expect("utf-8"), rec.to_str().expect("utf-8"));
    let out = run(&[
        "gomoku",
        "gauntlet",
        "weights",
        &brain,
        "--engine",
        "sente",
        "--nodes",
        "2000",
        "--games",
        "2",
        "--parallel",
        "2",
        "--summary-csv",
        csv_arg,
        "--records",
        rec_arg,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("gauntlet of sente: 15x15 freestyle, 1000 ms a move + 1000 ms tolerance"), "{stdout}");
    // The brain answers ABOUT with name="sente": taken by the engine under test, so it is sente#2.
    assert!(stdout.contains("sente vs weights: 2 games, +2 -0 =0"), "{stdout}");
    // Both games on one opening: one pair, won twice, which gives no interval of its own.
    assert!(
        stdout.contains("; 1 pairs 0/½/1/1½/2: 0 0 0 0 1, Elo +inf (no interval: too few pairs or all alike); faults"),
        "{stdout}"
    );
    assert!(stdout.contains("\n  sente as black +1 -0 =0, as white +1 -0 =0; slowest move: sente "), "{stdout}");
    assert!(stdout.contains("sente vs sente#2: 2 games, "), "{stdout}");
    let summary = std::fs::read_to_string(&csv).expect("csv written");
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines[0], "opponent,games,wins,losses,draws,score,elo,elo_low,elo_high");
    assert_eq!(lines[1], "weights,2,2,0,0,1.0000,999,-291,999");
    assert!(lines[2].starts_with("sente#2,2,"), "{summary}");
    assert_eq!(lines.len(), 3);
    assert_eq!(std::fs::read_to_string(&rec).expect("records").lines().count(), 4);
}

#[test]
fn bad_usage_exits_with_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let used = dir.path().join("old");
    std::fs::create_dir_all(&used).expect("mkdir");
    std::fs::write(used.join("games.txt"), "game 1: …\n").expect("write");
    for (args, message) in [
        (&["gomoku", "gauntlet", "weights", "--games", "3"][..], "must be even"),
        (&["gomoku", "gauntlet", "stockfish"][..], "unknown engine \"stockfish\""),
        (&["gomoku", "contest", "weights"][..], "ENTRY"),
        (&["gomoku", "contest", "weights", "sente", "--rule", "go"][..], "rule"),
        (&["gomoku", "match", "weights", "pbrain:exit 0"][..], "did not answer ABOUT"),
        (&["gomoku", "match", "weights", "sente", "--parallel", "0"][..], "--parallel"),
        (&["gomoku", "contest", "weights", "sente", "--out", used.to_str().expect("utf-8")][..], "already holds"),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(message), "{args:?}: {}", text(&out.stderr));
    }
}
