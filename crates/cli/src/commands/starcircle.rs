//! `sente starcircle …`: the course's `solve` (input.txt → output.txt, byte-exact), a terminal `play` loop against
//! the engine, an engine-versus-grader `match`, an engine `search` of one position, and `perft` move counts.

use crate::error::CliError;
use crate::io::{read_input, write_output};
use clap::{Parser, Subcommand, ValueEnum};
use sente_core::search::{IterationReport, SearchLimits};
use sente_core::{Game, Notation, Outcome, Player, State};
use sente_starcircle::engine::{Engine, MatchConfig, play_match};
use sente_starcircle::position::side_name;
use sente_starcircle::{DEFAULT_VALUES, Move, Position, StarCircle, problem};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `sente starcircle`.
#[derive(Debug, Parser)]
pub struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// The course's task: depth-limited MINIMAX or ALPHABETA on input.txt, four answer lines to output.txt.
    #[command(
        after_help = "Example:\n  sente starcircle solve                      reads ./input.txt, writes ./output.txt\n  \
        sente starcircle solve case/input.txt -      prints the answer instead\n\n\
        INPUT: Star|Circle, MINIMAX|ALPHABETA, depth, 8 board rows (H to A), 8 row values.\n\
        OUTPUT: next move (F4-H2 or pass), myopic utility, farsighted utility, nodes visited; no final newline."
    )]
    Solve {
        /// The course input file (`-` for stdin).
        #[arg(default_value = "input.txt")]
        input: PathBuf,
        /// Where to write the answer (`-` for stdout). Not touched when the input is malformed.
        #[arg(default_value = "output.txt")]
        output: PathBuf,
    },
    /// Play a game against the engine in the terminal (type moves like F4-H2; `quit` leaves).
    #[command(after_help = "Example:\n  sente starcircle play --side circle --time-ms 2000")]
    Play {
        /// Your side.
        #[arg(long, value_enum, default_value = "star")]
        side: Side,
        /// Engine thinking time per move, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        time_ms: u64,
        /// Start from this position file (the board block: player, 8 rows, row values) instead of the start.
        #[arg(long)]
        position: Option<PathBuf>,
    },
    /// Engine versus the course's alpha-beta at equal time per move; prints each game and the totals.
    #[command(after_help = "Example:\n  sente starcircle match --games 20 --time-ms 100")]
    Match {
        /// Games (each opening is played twice, sides swapped).
        #[arg(long, default_value_t = 20)]
        games: usize,
        /// Thinking time per move for both players, in milliseconds.
        #[arg(long, default_value_t = 100)]
        time_ms: u64,
        /// Random plies from the start position that make each opening.
        #[arg(long, default_value_t = 4)]
        opening_plies: usize,
        /// Seed for the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Search one position with the engine and print each iteration.
    #[command(after_help = "Example:\n  sente starcircle search position.txt --time-ms 1000\n  \
        sente starcircle search input.txt --depth 12      (a course input file works too)")]
    Search {
        /// Position file: the board block (player, 8 rows, row values), or a course input file.
        position: PathBuf,
        /// Time limit in milliseconds.
        #[arg(long)]
        time_ms: Option<u64>,
        /// Depth limit in plies.
        #[arg(long)]
        depth: Option<u32>,
    },
    /// Count the move sequences of a given length (perft), split by first move.
    #[command(after_help = "Example:\n  sente starcircle perft position.txt --depth 6")]
    Perft {
        /// Position file (board block or course input file).
        position: PathBuf,
        /// Plies.
        #[arg(long, default_value_t = 4)]
        depth: u32,
    },
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Side {
    Star,
    Circle,
}

/// Runs `sente starcircle …`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.cmd {
        Cmd::Solve { input, output } => solve(&input, &output),
        Cmd::Play { side, time_ms, position } => play(side, time_ms, position.as_deref()),
        Cmd::Match { games, time_ms, opening_plies, seed } => run_match(games, time_ms, opening_plies, seed),
        Cmd::Search { position, time_ms, depth } => search(&position, time_ms, depth),
        Cmd::Perft { position, depth } => perft(&position, depth),
    }
}

fn solve(input: &Path, output: &Path) -> Result<ExitCode, CliError> {
    let text = read_input(input)?;
    let answer = problem::solve_text(&text).map_err(|e| CliError::input(input, e))?;
    write_output(output, &answer)?;
    Ok(ExitCode::SUCCESS)
}

/// Reads a position file: a board block, or a course input file (whose algorithm and depth lines are ignored).
fn load_position(path: &Path) -> Result<Position, CliError> {
    let text = read_input(path)?;
    let game = StarCircle::default();
    match game.parse_state(&text) {
        Ok(p) => Ok(p),
        Err(board_err) => match text.parse::<problem::Problem>() {
            Ok(p) => Ok(p.position),
            Err(_) => Err(CliError::input(path, board_err)),
        },
    }
}

/// The board with row letters and column numbers, Star as `S`, Circle as `C`, stacks with their height.
fn show(pos: &Position) -> String {
    let mut out = String::new();
    for r in (0..8u8).rev() {
        out.push(char::from(b'A' + r));
        for c in 0..8u8 {
            let cell = match pos.piece_at(sente_starcircle::moves::square(r, c)) {
                None if (r + c) % 2 == 0 => " .".to_string(),
                None => "  ".to_string(),
                Some((Player::First, 1)) => " S".to_string(),
                Some((Player::Second, 1)) => " C".to_string(),
                Some((Player::First, n)) => format!("S{n}"),
                Some((Player::Second, n)) => format!("C{n}"),
            };
            out.push_str(&format!(" {cell:>2}"));
        }
        out.push('\n');
    }
    out.push_str("    1  2  3  4  5  6  7  8\n");
    out.push_str(&format!(
        "Star {} - Circle {}; {} to move\n",
        pos.score(Player::First),
        pos.score(Player::Second),
        side_name(pos.to_move())
    ));
    out
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
}

fn play(side: Side, time_ms: u64, position: Option<&Path>) -> Result<ExitCode, CliError> {
    let game = StarCircle::default();
    let mut pos = match position {
        Some(p) => load_position(p)?,
        None => game.initial_state(),
    };
    let human = match side {
        Side::Star => Player::First,
        Side::Circle => Player::Second,
    };
    let mut engine = Engine::new(64);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    while !pos.is_over() {
        write!(out, "\n{}", show(&pos))?;
        let moves = legal(&pos);
        let m = if pos.to_move() == human {
            if moves.len() == 1 && moves[0].is_pass() {
                writeln!(out, "You have no move and pass.")?;
                moves[0]
            } else {
                let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
                write!(out, "Your move ({}): ", list.join(" "))?;
                out.flush()?;
                let Some(line) = lines.next().transpose()? else { return Ok(ExitCode::SUCCESS) };
                if line.trim().eq_ignore_ascii_case("quit") {
                    return Ok(ExitCode::SUCCESS);
                }
                match game.parse_move(&pos, &line) {
                    Ok(m) => m,
                    Err(e) => {
                        writeln!(out, "{e}")?;
                        continue;
                    }
                }
            }
        } else {
            let r = engine.search(&pos, &SearchLimits::time(Duration::from_millis(time_ms)), &mut ());
            let Some(m) = r.best else {
                return Err(CliError::Other(format!(
                    "the engine found no move in a game still in play:\n{}",
                    show(&pos)
                )));
            };
            writeln!(out, "Engine plays {m} (depth {}, value {}, {} nodes)", r.depth, r.value, r.nodes)?;
            m
        };
        pos.play(m);
    }
    write!(out, "\n{}", show(&pos))?;
    let verdict = match pos.outcome() {
        Some(Outcome::Win(p)) if p == human => "You win.",
        Some(Outcome::Win(_)) => "The engine wins.",
        _ => "Draw.",
    };
    writeln!(out, "Game over: {verdict}")?;
    Ok(ExitCode::SUCCESS)
}

fn run_match(games: usize, time_ms: u64, opening_plies: usize, seed: u64) -> Result<ExitCode, CliError> {
    if games == 0 {
        return Err(CliError::Usage("--games must be at least 1".into()));
    }
    let config = MatchConfig {
        games,
        time: Duration::from_millis(time_ms),
        opening_plies,
        seed,
        values: DEFAULT_VALUES,
        megabytes: 32,
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "engine (negamax+TT+ID, heuristic) vs grader (plain alpha-beta, utility), {time_ms} ms/move each")?;
    let mut failed = None;
    let report = play_match(&config, |g| {
        let result = match g.outcome {
            Outcome::Win(p) if p == g.engine_side => "engine wins",
            Outcome::Win(_) => "grader wins",
            Outcome::Draw => "draw",
        };
        let line = format!(
            "game {:>3}: engine {:<6} {:<11} margin {:>5}  {:>3} plies  depth engine {:.1} grader {:.1}",
            g.index + 1,
            side_name(g.engine_side),
            result,
            g.margin,
            g.plies,
            g.engine_depth,
            g.grader_depth
        );
        if let Err(e) = writeln!(out, "{line}") {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    writeln!(
        out,
        "engine +{} ={} -{} ({:.1}%), mean margin {:.1}, mean depth engine {:.1} grader {:.1}",
        report.wins,
        report.draws,
        report.losses,
        100.0 * (report.wins as f64 + 0.5 * report.draws as f64) / games as f64,
        report.margin_sum as f64 / games as f64,
        report.engine_depth,
        report.grader_depth
    )?;
    Ok(ExitCode::SUCCESS)
}

fn search(path: &Path, time_ms: Option<u64>, depth: Option<u32>) -> Result<ExitCode, CliError> {
    let pos = load_position(path)?;
    if time_ms.is_none() && depth.is_none() {
        return Err(CliError::Usage("give --time-ms, --depth or both".into()));
    }
    let limits = SearchLimits { depth, time: time_ms.map(Duration::from_millis), ..SearchLimits::default() };
    let mut engine = Engine::new(64);
    let mut out = std::io::stdout().lock();
    let mut lines = Vec::new();
    let r = engine.search(&pos, &limits, &mut |it: &IterationReport<'_, Move>| {
        let pv: Vec<String> = it.pv.iter().map(ToString::to_string).collect();
        lines.push(format!(
            "depth {:>2} value {:>8} nodes {:>10} time {:>6} ms  pv {}",
            it.depth,
            it.value.to_string(),
            it.nodes,
            it.elapsed.as_millis(),
            pv.join(" ")
        ));
    });
    for l in lines {
        writeln!(out, "{l}")?;
    }
    match r.best {
        Some(m) => writeln!(out, "bestmove {m}")?,
        None => writeln!(out, "game over")?,
    }
    Ok(ExitCode::SUCCESS)
}

fn perft(path: &Path, depth: u32) -> Result<ExitCode, CliError> {
    let mut pos = load_position(path)?;
    let mut out = std::io::stdout().lock();
    let mut total = 0;
    for (m, n) in sente_core::perft::divide(&mut pos, depth.max(1)) {
        writeln!(out, "{m}: {n}")?;
        total += n;
    }
    writeln!(out, "total {total}")?;
    Ok(ExitCode::SUCCESS)
}
