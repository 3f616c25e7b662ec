//! `sente lgame …`: the complete analysis's statistics (`stats`), perfect play on a stream of positions (`best`),
//! every legal move's exact value from one position (`moves`), the rules (`rules`), and `check`, which grades a
//! program that answers positions the way `best` does against the perfect table (the runner and reports are
//! `crate::check`'s; the judging of each answer line is here).
//!
//! `best` streams: it answers each stdin line as soon as it is read (so a program can hold a conversation with it),
//! one output line per input line. A malformed line gets `error: line N: …` in its place and the rest are still
//! answered; the exit status is then 2.

use crate::check::cases::{Draw, case_name};
use crate::check::report::{CaseResult, Verdict};
use crate::check::runner::Ending;
use crate::check::{CheckArgs, Session};
use crate::error::CliError;
use crate::io::{read_input, write_output};
use clap::{Parser, Subcommand};
use sente_core::{Enumerable, Notation, State};
use sente_lgame::index::POSITIONS;
use sente_lgame::notation::format_move;
use sente_lgame::{Analysis, LGame, MoveValue, Position, Solved, Stats, Verdict as Result3};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `sente lgame`.
#[derive(Debug, Parser)]
pub struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Solve every position and print the statistics of the analysis (counts for one side to move).
    #[command(after_help = "Examples:\n  sente lgame stats\n  sente lgame stats --json -o stats.json\n\n\
        JSON keys: positions, canonical_positions, terminal, terminal_canonical, wins, losses, draws, \
        wins_canonical, losses_canonical, draws_canonical, max_win_remoteness, max_loss_remoteness, \
        win_remoteness, loss_remoteness, branching, max_branching, mean_branching, start_value, start_moves \
        (histograms are objects from value to count).")]
    Stats {
        /// Print JSON instead of the report.
        #[arg(long)]
        json: bool,
        /// Write to this file (atomically) instead of stdout.
        #[arg(short, long, default_value = "-")]
        output: PathBuf,
    },
    /// Read positions on stdin, one per line; print the position after the engine's move and the input's value.
    #[command(
        after_help = "Examples:\n  echo 'NXX./.OX./.OX./.OON' | sente lgame best\n  sente lgame best positions.txt\n\n\
        Each output line is the position after the move (X is still the player who just moved), a space, and the \
        value of the input position for its player to move: W<k> (wins in k plies), L<k> (loses in k plies) or D. \
        A position with no move prints '- L0'. The move: in a win a fastest win, in a loss a slowest loss, in a \
        draw the drawn move that leaves the opponent the largest share of losing replies; ties go to the first \
        move in the canonical order. A malformed line prints 'error: line N: ...' and the exit status is 2."
    )]
    Best {
        /// Read the positions from this file instead of stdin (`-`, the default, streams stdin).
        #[arg(default_value = "-")]
        input: PathBuf,
    },
    /// Every legal move of one position with its exact value for the player making it.
    #[command(after_help = "Examples:\n  sente lgame moves 'NXX./.OX./.OX./.OON'\n  sente lgame moves --index 0\n\n\
        Columns: move (the L's cells a1..d4, top row 1, then a neutral's move), the position after it with X still \
        the mover, the move's value for the mover (W<k>/L<k>/D), and the opponent's losing replies / replies.")]
    Moves {
        /// The position: four rows of X, O, N and '.', top first, separated by '/'.
        position: Option<String>,
        /// Name the position by its index in the perfect index (0 to 18367) instead.
        #[arg(long)]
        index: Option<usize>,
    },
    /// Print every position (side to move fixed) in index order, one per line, with its value.
    #[command(after_help = "Examples:\n  sente lgame positions | head\n  \
        sente lgame positions --bare | sente lgame best     answer all 18,368 positions")]
    Positions {
        /// Only the position texts, without index and value.
        #[arg(long)]
        bare: bool,
    },
    /// Grade a program that answers positions as `best` does: every answer judged against the perfect table.
    #[command(
        after_help = "Examples:\n  sente lgame check --program \"$PWD/my-lgame\"             200 random positions\n  \
        sente lgame check --program \"python3 $PWD/lgame.py\" --all   all 18,368 positions\n  \
        sente lgame check --program \"$PWD/my-lgame\" --inputs positions.txt --json\n\n\
        The program gets every position on stdin (one per line) in one run and must print one line per \
        position: the position after its move (X still the mover) and the input's value (W<k>, L<k>, D), or \
        `- L0`. Accepted moves: a fastest win, a slowest loss, or a draw leaving the opponent the largest share of \
        losing replies (any such move). The time limit is for the whole run.\n\
        Verdicts: pass, wrong, format, timeout, crash. Exit status: 0 all pass, 1 some fail, 2 bad usage.\n\
        See docs/check.md."
    )]
    Check {
        #[command(flatten)]
        common: CheckArgs,
        /// Check every position (all 18,368, in index order) instead of random ones.
        #[arg(long, conflicts_with_all = ["cases", "inputs"])]
        all: bool,
    },
    /// Print the rules and the notation.
    #[command(after_help = "Example:\n  sente lgame rules")]
    Rules,
}

/// Runs `sente lgame …`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.cmd {
        Cmd::Stats { json, output } => stats(json, &output),
        Cmd::Best { input } if input == Path::new("-") => best_streaming(),
        Cmd::Best { input } => best_file(&input),
        Cmd::Moves { position, index } => moves(position.as_deref(), index),
        Cmd::Positions { bare } => positions(bare),
        Cmd::Check { common, all } => check(&common, all),
        Cmd::Rules => {
            print!("{RULES}");
            Ok(ExitCode::SUCCESS)
        }
    }
}

const RULES: &str = "\
L-Game (Edward de Bono). A 4x4 board; each player owns one L-shaped piece covering 4 cells; two neutral round
pieces are shared. On a turn the player lifts their own L and puts it down on a different placement (any of the
8 orientations; it may cover cells it covered before, never the other L or a neutral), then may move one neutral
piece to any empty cell, or leave both. A player who cannot put their L down elsewhere loses.

Positions: four rows of four characters, top row first, separated by '/': X the L of the player to move, O the
other L, N a neutral, '.' empty. The start is NXX./.OX./.OX./.OON.
Moves: the L's four cells named a1..d4 (column a-d left to right, row 1-4 top to bottom), then optionally a
neutral's move from-to, e.g. 'b1c1c2c3 a1-d4'.
";

fn stats(json: bool, output: &Path) -> Result<ExitCode, CliError> {
    let stats = Stats::new(&Analysis::new());
    let text = if json {
        let mut t = serde_json::to_string_pretty(&stats).map_err(|e| CliError::Other(e.to_string()))?;
        t.push('\n');
        t
    } else {
        stats.to_string()
    };
    write_output(output, &text)?;
    Ok(ExitCode::SUCCESS)
}

/// The answer line for one input line, or the reason it is malformed.
fn answer(analysis: &Analysis, line: &str) -> Result<String, String> {
    let text = line.trim();
    if text.is_empty() {
        return Err("empty line; expected a position like NXX./.OX./.OX./.OON".to_string());
    }
    let pos: Position = LGame.parse_state(text).map_err(|e| e.to_string())?;
    let value = analysis.value(&pos);
    Ok(match analysis.best_move(&pos) {
        Some(best) => format!("{} {value}", LGame.format_state(&best.after.flipped())),
        None => format!("- {value}"),
    })
}

/// The error for the malformed lines of an input, if there were any.
fn bad_lines(path: &Path, bad: &[usize], lines: usize) -> Result<ExitCode, CliError> {
    if bad.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    let list: Vec<String> = bad.iter().take(10).map(usize::to_string).collect();
    let more = if bad.len() > 10 { ", ..." } else { "" };
    Err(CliError::input(path, format!("{} malformed line(s) of {lines}: line {}{more}", bad.len(), list.join(", "))))
}

/// `best` on a whole file: every line answered, then the output written at once.
fn best_file(path: &Path) -> Result<ExitCode, CliError> {
    let text = read_input(path)?;
    let analysis = Analysis::new();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut bad = Vec::new();
    let mut lines = 0;
    for (i, line) in text.lines().enumerate() {
        lines += 1;
        match answer(&analysis, line) {
            Ok(a) => out.push_str(&a),
            Err(why) => {
                out.push_str(&format!("error: line {}: {why}", i + 1));
                bad.push(i + 1);
            }
        }
        out.push('\n');
    }
    write_output(Path::new("-"), &out)?;
    bad_lines(path, &bad, lines)
}

/// `best` on stdin, answering line by line.
fn best_streaming() -> Result<ExitCode, CliError> {
    let analysis = Analysis::new();
    // Our own buffer, so that we can see whether more input is already waiting without blocking on it.
    let mut input = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let mut out = std::io::stdout().lock();
    let mut buf = Vec::new();
    let mut bad = Vec::new();
    let mut line_no = 0usize;
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        line_no += 1;
        let reply = match std::str::from_utf8(&buf) {
            Ok(line) => answer(&analysis, line),
            Err(_) => Err("the line is not UTF-8 text".to_string()),
        };
        match reply {
            Ok(text) => writeln!(out, "{text}")?,
            Err(why) => {
                writeln!(out, "error: line {line_no}: {why}")?;
                bad.push(line_no);
            }
        }
        // Answer at once when no more input is waiting, so an interactive peer never waits on our buffer.
        if input.buffer().is_empty() {
            out.flush()?;
        }
    }
    out.flush()?;
    bad_lines(Path::new("<stdin>"), &bad, line_no)
}

fn moves(text: Option<&str>, index: Option<usize>) -> Result<ExitCode, CliError> {
    let pos = match (text, index) {
        (Some(t), None) => LGame.parse_state(t).map_err(|e| CliError::input(Path::new("<position>"), e))?,
        (None, Some(i)) => LGame.state_at(i).ok_or_else(|| {
            CliError::Usage(format!("--index {i} is out of range: positions are numbered 0 to {}", POSITIONS - 1))
        })?,
        _ => return Err(CliError::Usage("give either a position or --index N".to_string())),
    };
    let analysis = Analysis::new();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} {} ({} moves)",
        LGame.format_state(&pos),
        analysis.value(&pos),
        analysis.move_values(&pos).len()
    )?;
    if pos.outcome().is_some() {
        writeln!(out, "no move: the player to move has lost")?;
    }
    for mv in analysis.move_values(&pos) {
        let after = LGame.format_state(&mv.after.flipped());
        let share = format!("{}/{}", mv.opponent_losing_replies, mv.opponent_replies);
        writeln!(out, "{:<15} {after} {:<4} {share}", format_move(mv.mv), mv.value.to_string())?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn positions(bare: bool) -> Result<ExitCode, CliError> {
    let analysis = if bare { None } else { Some(Analysis::new()) };
    let mut text = String::with_capacity(POSITIONS * 32);
    for i in 0..POSITIONS {
        let pos = LGame.state_at(i).ok_or_else(|| CliError::Other(format!("index {i} names no position")))?;
        match &analysis {
            Some(a) => text.push_str(&format!("{i} {pos} {}\n", a.value_at(i))),
            None => text.push_str(&format!("{pos}\n")),
        }
    }
    write_output(Path::new("-"), &text)?;
    Ok(ExitCode::SUCCESS)
}

/// No course sets one; a minute answers every position many times over.
const CHECK_TIME_LIMIT: Duration = Duration::from_secs(60);

/// `check`: the positions, one run of the program on all of them, then every answer line judged.
fn check(args: &CheckArgs, all: bool) -> Result<ExitCode, CliError> {
    let positions: Vec<(String, Position)> = if let Some(path) = &args.inputs {
        let text = read_input(path)?;
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.is_empty() {
            return Err(CliError::input(path, "no positions; expected one per line, like NXX./.OX./.OX./.OON"));
        }
        let mut v = Vec::with_capacity(lines.len());
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let pos =
                LGame.parse_state(line.trim()).map_err(|e| CliError::input(path, format!("line {}: {e}", i + 1)))?;
            v.push((case_name(v.len() + 1, lines.len()), pos));
        }
        v
    } else {
        let n = if all { POSITIONS } else { args.cases.unwrap_or(200) };
        let mut v = Vec::with_capacity(n);
        for k in 1..=n {
            let index = if all {
                k - 1
            } else {
                Draw::new(args.seed.wrapping_add(k as u64 - 1), 0x6c67).int(0, POSITIONS as u64 - 1) as usize
            };
            let pos =
                LGame.state_at(index).ok_or_else(|| CliError::Other(format!("index {index} names no position")))?;
            v.push((case_name(k, n), pos));
        }
        v
    };
    let analysis = Analysis::new();
    let mut session = Session::start("lgame", args, positions.len(), CHECK_TIME_LIMIT)?;
    let stdin: String = positions.iter().map(|(_, p)| format!("{}\n", LGame.format_state(p))).collect();
    let run_dir = session.fresh_dir("run")?;
    let _ = std::fs::write(run_dir.join("input.txt"), &stdin);
    let run = session.run_program(&run_dir, Some(stdin.into_bytes()))?;
    let _ = std::fs::write(run_dir.join("stdout.txt"), &run.stdout);
    let _ = std::fs::write(run_dir.join("stderr.txt"), &run.stderr);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let answers: Vec<&str> = stdout.lines().collect();
    let extra = answers.len().saturating_sub(positions.len());
    let abnormal = session.abnormal(&run);
    let seconds = run.elapsed.as_secs_f64() / positions.len() as f64;
    for (i, (name, pos)) in positions.iter().enumerate() {
        let (mut verdict, mut explanation) = match (&abnormal, answers.get(i)) {
            // A crash voids every answer; a timeout only the ones still missing.
            (Some(v), _) if run.ending != Ending::TimedOut => v.clone(),
            (Some(v), None) => v.clone(),
            (None, None) => {
                (Verdict::Format, format!("no answer line: {} lines for {} positions", answers.len(), positions.len()))
            }
            (_, Some(line)) => judge(&analysis, pos, line),
        };
        if i + 1 == positions.len() && extra > 0 && verdict == Verdict::Pass {
            verdict = Verdict::Format;
            explanation = format!("{extra} line(s) more than the {} positions given", positions.len());
        }
        let dir = session.case_dir(name);
        let result = CaseResult { case: name.clone(), verdict, explanation, seconds };
        if verdict == Verdict::Pass {
            session.record(result, &dir, &[])?;
            continue;
        }
        let input = format!("{}\n", LGame.format_state(pos));
        let got = answers.get(i).map_or(String::new(), |l| format!("{l}\n"));
        let want = expected(&analysis, pos);
        let files = [("input.txt", input.as_bytes()), ("got.txt", got.as_bytes()), ("expected.txt", want.as_bytes())];
        session.record(result, &dir, &files)?;
    }
    if !session.any_failed() {
        let _ = std::fs::remove_dir_all(&run_dir);
    }
    session.finish()
}

/// The drawn moves' share of losing replies, as a comparable fraction (a, b) meaning a/b.
fn share(mv: &MoveValue) -> (u64, u64) {
    (u64::from(mv.opponent_losing_replies), u64::from(mv.opponent_replies).max(1))
}

/// Whether a move is one the perfect player may make: the position's own value, and for a draw the largest share.
fn accepted(target: Solved, best_share: (u64, u64), mv: &MoveValue) -> bool {
    mv.value == target && (target.verdict != Result3::Draw || share(mv).0 * best_share.1 == best_share.0 * share(mv).1)
}

/// The largest share of losing replies among the drawn moves of `moves` (only used for a drawn position).
fn best_draw_share(target: Solved, moves: &[MoveValue]) -> (u64, u64) {
    moves.iter().filter(|m| m.value == target).map(share).fold((0, 1), |b, s| if s.0 * b.1 > b.0 * s.1 { s } else { b })
}

/// `expected.txt` of a failing case: `best`'s answer, then every accepted answer line.
fn expected(analysis: &Analysis, pos: &Position) -> String {
    let target = analysis.value(pos);
    let moves = analysis.move_values(pos);
    let best_share = best_draw_share(target, &moves);
    let mut text = answer(analysis, &LGame.format_state(pos)).unwrap_or_default();
    text.push_str("\n\naccepted answers:\n");
    for mv in moves.iter().filter(|m| accepted(target, best_share, m)) {
        text.push_str(&format!("{} {target}\n", LGame.format_state(&mv.after.flipped())));
    }
    if moves.is_empty() {
        text.push_str("- L0\n");
    }
    text
}

/// Judges one answer line for `pos`: form, a legal move, an accepted move, the exact value.
fn judge(analysis: &Analysis, pos: &Position, line: &str) -> (Verdict, String) {
    let target = analysis.value(pos);
    let moves = analysis.move_values(pos);
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let [after, value] = tokens[..] else {
        return (Verdict::Format, format!("{line:?} is not `<position after the move> <value>`"));
    };
    if !(value == "D"
        || value.len() > 1 && value.starts_with(['W', 'L']) && value[1..].bytes().all(|b| b.is_ascii_digit()))
    {
        return (Verdict::Format, format!("value {value:?} is not W<k>, L<k> or D"));
    }
    if moves.is_empty() {
        return if after == "-" && value == "L0" {
            (Verdict::Pass, String::new())
        } else {
            (Verdict::Wrong, "the player to move has no move: the answer is `- L0`".into())
        };
    }
    if after == "-" {
        return (
            Verdict::Wrong,
            format!("`-` claims no move, but the position has {} moves and is {target}", moves.len()),
        );
    }
    let Ok(got) = LGame.parse_state(after) else {
        return (Verdict::Format, format!("{after:?} is not a position like NXX./.OX./.OX./.OON"));
    };
    let got = LGame.format_state(&got);
    let Some(mv) = moves.iter().find(|m| LGame.format_state(&m.after.flipped()) == got) else {
        return (Verdict::Wrong, format!("{after} is not reachable by one legal move"));
    };
    let best_share = best_draw_share(target, &moves);
    if mv.value != target {
        return (
            Verdict::Wrong,
            format!("your move {} gives {}; the position is {target}", format_move(mv.mv), mv.value),
        );
    }
    if !accepted(target, best_share, mv) {
        let (a, b) = share(mv);
        return (
            Verdict::Wrong,
            format!(
                "your move {} draws but leaves {a}/{b} losing replies; the draw rule wants {}/{}",
                format_move(mv.mv),
                best_share.0,
                best_share.1
            ),
        );
    }
    if value != target.to_string() {
        return (Verdict::Wrong, format!("your move is right but the value {value} is not {target}"));
    }
    (Verdict::Pass, String::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sente_core::Game;

    #[test]
    fn the_engine_passes_and_mistakes_are_named() {
        let a = Analysis::new();
        for i in (0..POSITIONS).step_by(97) {
            let pos = LGame.state_at(i).unwrap();
            let line = answer(&a, &LGame.format_state(&pos)).unwrap();
            assert_eq!(judge(&a, &pos, &line), (Verdict::Pass, String::new()), "index {i}: {line}");
            let target = a.value(&pos);
            let best_share = best_draw_share(target, &a.move_values(&pos));
            for mv in a.move_values(&pos) {
                let line = format!("{} {target}", LGame.format_state(&mv.after.flipped()));
                let ok = accepted(target, best_share, &mv);
                assert_eq!(judge(&a, &pos, &line).0 == Verdict::Pass, ok, "index {i}: {line}");
            }
        }
        let start = LGame.initial_state();
        assert_eq!(judge(&a, &start, "NXX./.OX./.OX./.OON").0, Verdict::Format);
        assert_eq!(judge(&a, &start, "NXX./.OX./.OX./.OON D").0, Verdict::Wrong);
        assert_eq!(judge(&a, &start, "NXX./.OX./.OX./.OON draw").0, Verdict::Format);
        assert_eq!(judge(&a, &start, "- L0").0, Verdict::Wrong);
    }
}
