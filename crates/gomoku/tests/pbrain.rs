//! Golden transcripts of the Piskvork brain protocol: each `tests/golden/pbrain_*.in` is fed to the brain (one
//! thread, a node budget, so the moves are deterministic) and its output must equal the `.out` file byte for byte,
//! except that MESSAGE lines keep only how the move was chosen (their search statistics belong to the core).
//! `BLESS=1 cargo test -p sente-gomoku --test pbrain` rewrites the `.out` files.

use sente_gomoku::pbrain::{Options, run};
use std::path::Path;

/// Runs one transcript and returns the brain's output as compared (see the module docs).
fn check(name: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let input = std::fs::read_to_string(dir.join(format!("{name}.in"))).expect("transcript input");
    let mut output = Vec::new();
    run(input.as_bytes(), &mut output, &Options { threads: 1, nodes: Some(4000), hash_mb: None }).expect("brain runs");
    // MESSAGE lines carry search statistics (depth, value, nodes) that belong to the core searcher, not to the
    // protocol; the transcript keeps how each move was chosen and compares every other line exactly.
    let actual: String = String::from_utf8(output)
        .expect("utf-8")
        .lines()
        .map(|l| match l.strip_prefix("MESSAGE ") {
            Some(m) => format!("MESSAGE {}\n", m.split(" depth ").next().unwrap_or(m)),
            None => format!("{l}\n"),
        })
        .collect();
    let golden = dir.join(format!("{name}.out"));
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&golden, &actual).expect("bless");
        return actual;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    assert!(
        expected == actual,
        "{name}: transcript differs\n---- expected ----\n{expected}---- actual ----\n{actual}----------------"
    );
    actual
}

#[test]
fn a_whole_game_with_info_takeback_restart_and_unknown() {
    let out = check("pbrain_game");
    // The script takes back the brain's second reply, then the stone before it: both must succeed (an engine
    // change that alters that reply needs the script's first TAKEBACK to follow it, not a blessed error).
    assert!(
        out.contains("OK\nOK\nERROR taking back 8,8"),
        "the first two TAKEBACKs of pbrain_game.in no longer match the brain's moves:\n{out}"
    );
}

#[test]
fn board_command_sets_up_positions_and_the_brain_wins_or_blocks() {
    check("pbrain_board");
}

#[test]
fn errors_are_reported_and_the_brain_keeps_going() {
    check("pbrain_errors");
}

#[test]
fn renju_black_avoids_the_forbidden_double_three() {
    check("pbrain_renju");
}

/// Inputs the `pbrain` fuzz target found (docs/reliability.md), kept as a transcript: a renju BOARD that lists a
/// cell twice was taken with the stone counted twice, so the brain thought it played white and answered a point
/// forbidden to black; it now refuses such a board with ERROR, and answers the same board listed once. Then a
/// TAKEBACK of one of the brain's stones after its five leaves the brain to move by the stones: a TURN there was
/// put down in the brain's colour (completing its five again) and answered ERROR with the stone kept; such a TURN
/// is now refused and leaves the position as it was.
#[test]
fn fuzz_regressions() {
    check("pbrain_fuzz");
}

/// A second `START` of the same size reuses the brain's tables (cleared, not reallocated): the game after it is
/// answered exactly as by a brain that starts fresh, whatever game came before, and a `START` of another size still
/// gets its own game.
#[test]
fn a_repeated_start_plays_as_a_fresh_brain() {
    let game = "BEGIN\nTURN 8,6\nTURN 6,8\nTURN 9,9\nTURN 5,5\n";
    let other = "TURN 7,7\nTURN 8,8\nTURN 6,6\nTURN 9,6\nTURN 5,9\n";
    let answers = |input: &str| {
        let mut output = Vec::new();
        run(input.as_bytes(), &mut output, &Options { threads: 1, nodes: Some(4000), hash_mb: None })
            .expect("brain runs");
        String::from_utf8(output)
            .expect("utf-8")
            .lines()
            .filter(|l| !l.starts_with("MESSAGE"))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    let fresh = answers(&format!("START 15\n{game}END\n"));
    assert_eq!(fresh.lines().count(), 6, "OK, then the answers to BEGIN and four TURNs: {fresh}");
    let again = answers(&format!("START 15\n{other}START 15\n{game}START 19\nBEGIN\nEND\n"));
    let again: Vec<&str> = again.lines().collect();
    assert_eq!(again.len(), 6 + 6 + 2, "{again:?}");
    assert_eq!(again[6..12].join("\n"), fresh.trim_end(), "the game after the second START 15");
    assert_eq!(again[12..], ["OK", "9,9"], "START 19, then the centre of the larger board");
}
