//! `sente starcircle …`: the course's `solve` (input.txt → output.txt, byte-exact), a terminal `play` loop against
//! the engine, an engine-versus-grader `match`, an engine `search` of one position, `perft` move counts, and `check`,
//! which grades a student's program byte for byte against `solve` on generated or given inputs (the runner and
//! reports are `crate::check`'s; generating positions and judging the four lines are here).

use crate::check::cases::{Draw, Range, case_name, input_files};
use crate::check::report::Verdict;
use crate::check::{CheckArgs, Session};
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
    /// Grade a program that does the course's task: run it on inputs in fresh folders, compare output.txt byte for byte.
    #[command(
        after_help = "Examples:\n  sente starcircle check --program \"python $PWD/hw1cs561s2018.py\"   50 cases\n  \
        sente starcircle check --program \"$PWD/a.out\" --cases 200 --depth 1-4 --pieces 1-6 --seed 9\n  \
        sente starcircle check --program \"$PWD/a.out\" --inputs cases/ --time-limit 10s --junit report.xml\n\n\
        Judged: output.txt must equal Sente's answer byte for byte (four lines, no newline after the last; one \
        final newline is tolerated). Right numbers with other whitespace or line ends are `format`.\n\
        Verdicts: pass, wrong, format, timeout, crash. Exit status: 0 all pass, 1 some fail, 2 bad usage.\n\
        See docs/check.md."
    )]
    Check(CheckStarCircleArgs),
}

#[derive(Debug, Parser)]
struct CheckStarCircleArgs {
    #[command(flatten)]
    common: CheckArgs,
    /// Depth limit of the generated inputs, D or MIN-MAX (the course: up to 10).
    #[arg(long, default_value = "1-10", value_parser = Range::<u32>::parse, value_name = "D|MIN-MAX")]
    depth: Range<u32>,
    /// Pieces of each side in the generated inputs, N or MIN-MAX (1 to 12, as many as a side starts with).
    #[arg(long, default_value = "1-12", value_parser = Range::<u32>::parse, value_name = "N|MIN-MAX")]
    pieces: Range<u32>,
    /// Algorithm of the generated inputs (`both`: drawn per case).
    #[arg(long, value_enum, default_value = "both")]
    algorithm: AlgorithmChoice,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum AlgorithmChoice {
    Minimax,
    Alphabeta,
    Both,
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
        Cmd::Check(a) => check(&a),
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

/// Vocareum's limit for the course: "a maximum runtime of 3 minutes per test case".
const CHECK_TIME_LIMIT: Duration = Duration::from_secs(180);

/// `check`: every case's input, Sente's answer, the program's output.txt compared byte for byte.
fn check(a: &CheckStarCircleArgs) -> Result<ExitCode, CliError> {
    a.depth.within("depth", 0, 20)?;
    a.pieces.within("pieces", 1, 12)?;
    // Every input is read and parsed before the first run, so a bad file stops the check with exit 2 at once; the
    // reference answers are computed case by case, so the progress bar moves from the start.
    let inputs: Vec<(String, problem::Problem, String)> = match &a.common.inputs {
        Some(dir) => input_files(dir)?
            .into_iter()
            .map(|f| Ok((f.name, f.text.parse().map_err(|e| CliError::input(&f.path, e))?, f.text)))
            .collect::<Result<_, CliError>>()?,
        None => {
            let n = a.common.cases.unwrap_or(50);
            let mut cases = Vec::with_capacity(n);
            for k in 1..=n {
                let text = random_input(a, a.common.seed.wrapping_add(k as u64 - 1));
                let parsed = text
                    .parse()
                    .map_err(|e| CliError::Other(format!("generated case {k} is not a valid input ({e}):\n{text}")))?;
                cases.push((case_name(k, n), parsed, text));
            }
            cases
        }
    };
    let mut session = Session::start("starcircle", &a.common, inputs.len(), CHECK_TIME_LIMIT)?;
    for (name, parsed, input) in &inputs {
        let answer = problem::solve(parsed).to_string();
        session.file_case(name, input, &answer, |got| judge(&answer, got))?;
    }
    session.finish()
}

/// A random course input: side, algorithm, depth, pieces of each side on dark squares (stacked only on their own
/// last row), and eight increasing row values.
fn random_input(a: &CheckStarCircleArgs, seed: u64) -> String {
    let mut draw = Draw::new(seed, 0x7374_6172);
    let side = if draw.int(0, 1) == 0 { "Star" } else { "Circle" };
    let algorithm = match a.algorithm {
        AlgorithmChoice::Minimax => "MINIMAX",
        AlgorithmChoice::Alphabeta => "ALPHABETA",
        AlgorithmChoice::Both if draw.int(0, 1) == 0 => "MINIMAX",
        AlgorithmChoice::Both => "ALPHABETA",
    };
    let depth = draw.int(a.depth.lo.into(), a.depth.hi.into());
    // cells[row][col], row 0 = A: (owner 'S' or 'C', count).
    let mut cells = [[(' ', 0u32); 8]; 8];
    for (owner, last_row) in [('S', 7usize), ('C', 0usize)] {
        let pieces = draw.int(a.pieces.lo.into(), a.pieces.hi.into());
        let mut placed = 0;
        // Bounded: with at most 12 pieces a side, 32 dark squares always leave room; the bound only guards the loop.
        for _ in 0..10_000 {
            if placed == pieces {
                break;
            }
            let sq = draw.int(0, 31) as usize;
            let (row, col) = (sq / 4, 2 * (sq % 4) + (sq / 4) % 2);
            let cell = &mut cells[row][col];
            if cell.1 == 0 || (cell.0 == owner && row == last_row) {
                *cell = (owner, cell.1 + 1);
                placed += 1;
            }
        }
    }
    let mut text = format!("{side}\n{algorithm}\n{depth}\n");
    for row in cells.iter().rev() {
        let row: Vec<String> =
            row.iter().map(|&(o, n)| if n == 0 { "0".to_string() } else { format!("{o}{n}") }).collect();
        text.push_str(&row.join(","));
        text.push('\n');
    }
    let mut value = 0;
    let values: Vec<String> = (0..8)
        .map(|_| {
            value += draw.int(1, 30);
            value.to_string()
        })
        .collect();
    text.push_str(&values.join(","));
    text.push('\n');
    text
}

/// What each of the four answer lines is, for explanations.
const LINE_NAMES: [&str; 4] = ["next move", "myopic utility", "farsighted utility", "number of nodes"];

/// Judges the bytes of `output.txt` against Sente's answer (four lines, no final newline).
///
/// Byte-exact, with one allowance: a single `\n` after the fourth line (the course forbids an *empty line* after
/// it, which a second newline would make). Anything else that differs is `format` when the four values are still
/// right (other line ends, spaces, blank lines) or not in the course's form, and `wrong` otherwise.
fn judge(expected: &str, got: &[u8]) -> (Verdict, String) {
    if got == expected.as_bytes() || got.strip_suffix(b"\n") == Some(expected.as_bytes()) {
        return (Verdict::Pass, String::new());
    }
    let Ok(text) = std::str::from_utf8(got) else {
        return (Verdict::Format, "output.txt is not text (not UTF-8)".into());
    };
    if text.trim().is_empty() {
        return (Verdict::Format, "output.txt is empty".into());
    }
    let (want, lines) = (tidy(expected), tidy(text));
    if lines == want {
        let what = if text.contains('\r') {
            "Windows line ends (\\r\\n); the course wants Unix ones"
        } else if text.ends_with("\n\n") || text.ends_with("\n \n") {
            "an empty line after the last line"
        } else {
            "spaces at the end of a line"
        };
        return (Verdict::Format, format!("the answer is right but not byte-exact: {what}"));
    }
    if lines.len() != 4 {
        return (Verdict::Format, format!("expected 4 lines (move, myopic, farsighted, nodes), found {}", lines.len()));
    }
    if let Some(bad) = (0..4).find(|&i| !well_formed(i, lines[i])) {
        return (Verdict::Format, format!("line {} {:?} is not a {}", bad + 1, lines[bad], LINE_NAMES[bad]));
    }
    let diffs: Vec<String> = (0..4)
        .filter(|&i| lines[i] != want[i])
        .map(|i| format!("{} {} (expected {})", LINE_NAMES[i], lines[i], want[i]))
        .collect();
    (Verdict::Wrong, format!("your {}", diffs.join("; ")))
}

/// The lines of an answer without trailing whitespace, line ends or blank lines at the end.
fn tidy(text: &str) -> Vec<&str> {
    text.trim_end().split('\n').map(str::trim_end).collect()
}

/// Whether line `i` of an answer has the course's form: `pass` or `F4-H2`, then three integers (nodes ≥ 1).
fn well_formed(i: usize, line: &str) -> bool {
    let integer = |t: &str| {
        let digits = t.strip_prefix('-').unwrap_or(t);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'))
    };
    let square = |t: &[u8]| t.len() == 2 && (b'A'..=b'H').contains(&t[0]) && (b'1'..=b'8').contains(&t[1]);
    match i {
        0 => {
            line == "pass"
                || (line.len() == 5
                    && line.as_bytes()[2] == b'-'
                    && square(&line.as_bytes()[..2])
                    && square(&line.as_bytes()[3..]))
        }
        3 => integer(line) && !line.starts_with('-'),
        _ => integer(line),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANSWER: &str = "F4-H2\n160\n160\n5";

    #[test]
    fn byte_exact_with_one_final_newline_allowed() {
        assert_eq!(judge(ANSWER, ANSWER.as_bytes()).0, Verdict::Pass);
        assert_eq!(judge(ANSWER, b"F4-H2\n160\n160\n5\n").0, Verdict::Pass);
        for (got, why) in [
            ("F4-H2\n160\n160\n5\n\n", "an empty line after the last line"),
            ("F4-H2\r\n160\r\n160\r\n5", "Windows line ends"),
            ("F4-H2 \n160\n160\n5", "spaces at the end of a line"),
        ] {
            let (v, e) = judge(ANSWER, got.as_bytes());
            assert_eq!(v, Verdict::Format, "{got:?}");
            assert!(e.contains(why), "{e}");
        }
    }

    #[test]
    fn wrong_values_and_malformed_lines() {
        assert_eq!(
            judge(ANSWER, b"F4-G5\n160\n160\n6"),
            (Verdict::Wrong, "your next move F4-G5 (expected F4-H2); number of nodes 6 (expected 5)".into())
        );
        assert_eq!(judge(ANSWER, b"F4-H2\n160\n160").0, Verdict::Format);
        assert_eq!(judge(ANSWER, b"f4-h2\n160\n160\n5").0, Verdict::Format);
        assert_eq!(judge(ANSWER, b"F4-H2\n160.0\n160\n5").0, Verdict::Format);
        assert_eq!(judge(ANSWER, b"").0, Verdict::Format);
        assert_eq!(judge(ANSWER, b"pass\n-290\n-300\n5").0, Verdict::Wrong);
    }

    #[test]
    fn generated_inputs_are_valid_and_reproducible() {
        let args = CheckStarCircleArgs {
            common: CheckArgs {
                program: String::new(),
                cases: None,
                seed: 1,
                inputs: None,
                time_limit: None,
                json: false,
                junit: None,
                keep: None,
            },
            depth: Range { lo: 1, hi: 3 },
            pieces: Range { lo: 1, hi: 12 },
            algorithm: AlgorithmChoice::Both,
        };
        for seed in 0..200 {
            let text = random_input(&args, seed);
            assert_eq!(text, random_input(&args, seed));
            assert!(problem::solve_text(&text).is_ok(), "seed {seed}:\n{text}");
        }
    }
}
