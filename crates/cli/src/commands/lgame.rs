//! `sente lgame …`: the complete analysis's statistics (`stats`), perfect play on a stream of positions (`best`),
//! every legal move's exact value from one position (`moves`), and the rules (`rules`).
//!
//! `best` streams: it answers each stdin line as soon as it is read (so a program can hold a conversation with it),
//! one output line per input line. A malformed line gets `error: line N: …` in its place and the rest are still
//! answered; the exit status is then 2.

use crate::error::CliError;
use crate::io::{read_input, write_output};
use clap::{Parser, Subcommand};
use sente_core::{Enumerable, Notation, State};
use sente_lgame::index::POSITIONS;
use sente_lgame::notation::format_move;
use sente_lgame::{Analysis, LGame, Position, Stats};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

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
