//! `sente rowcol …`: the course's `solve` (input.txt → output.txt, three byte-exact lines, with `--all-moves` and
//! `--json` extras), the reproducible input generator `gen`, and `bench`, which measures the fast solver against the
//! plain alpha-beta + TT baseline (each solve in its own process, so time and peak memory are its own), and `check`,
//! which grades a student's program on generated or given boards (its cases and judging in `check`, the runner and
//! reports `crate::check`'s).

mod check;

use crate::check::CheckArgs;
use crate::check::cases::Range;
use crate::error::CliError;
use crate::io::{read_input, write_output};
use clap::{Parser, Subcommand, ValueEnum};
use sente_rowcol::{Baseline, Board, Move, SolveOptions, Solver, format_board, parse_board, random_board};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `sente rowcol`.
#[derive(Debug, Parser)]
pub struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Solve a board exactly: the first player's best first move and margin, in the course's three-line format.
    #[command(
        after_help = "Examples:\n  sente rowcol solve                         reads ./input.txt, writes ./output.txt\n  \
        sente rowcol solve board.txt - --all-moves  prints the answer and every first move's value\n  \
        sente rowcol solve board.txt out.txt --json also prints the answer as JSON on stdout\n\n\
        INPUT: `n m`, then n rows of m digits 0/1 separated by spaces (1 <= n, m <= 16, at least one 1).\n\
        OUTPUT: `Row #: k` or `Column #: k`, the margin (`+3 points`, `0 points`, `-2 points`) and\n\
        `Total run time = 0.012 seconds.`; not created or changed when the input is malformed."
    )]
    Solve(SolveArgs),
    /// Write reproducible random boards in the course's input format (never an empty board).
    #[command(
        after_help = "Examples:\n  sente rowcol gen --rows 8 --cols 8 --density 0.5 --seed 1          one board on stdout\n  \
        sente rowcol gen --rows 12 --cols 12 --density 0.5 --seed 1 --count 5 --dir tests\n\
        \x20   writes tests/rowcol-12x12-d0.5-s1.txt … tests/rowcol-12x12-d0.5-s5.txt (board k uses seed S+k-1)"
    )]
    Gen(GenArgs),
    /// Benchmark the fast solver against the plain alpha-beta + TT baseline (time and peak memory per process).
    #[command(
        after_help = "Examples:\n  sente rowcol bench                              12x12 to 14x14, 3 boards each, both engines\n  \
        sente rowcol bench --sizes 16 --boards 2 --no-baseline --threads 2\n  \
        sente rowcol bench --sizes 8 --boards 50 --no-baseline          whole-process times for 8x8"
    )]
    Bench(BenchArgs),
    /// Grade a program that does the course's task: run it on boards in fresh folders and judge each output.txt.
    #[command(
        after_help = "Examples:\n  sente rowcol check --program \"python3 $PWD/hw3.py\"       20 boards, 1-8 x 1-8\n  \
        sente rowcol check --program \"$PWD/a.out\" --cases 100 --seed 7 --rows 8 --cols 8 --json\n  \
        sente rowcol check --program \"$PWD/a.out\" --inputs my-boards/ --time-limit 5s --junit report.xml\n\n\
        Judged: output.txt must hold exactly three lines: `Row #: k` or `Column #: k`, the margin (`+3 points`, \
        `0 points`, `-2 points`) and `Total run time = <number> seconds.`; CRLF, trailing spaces and a missing \
        final newline are tolerated. Any optimal move is accepted; the margin must be the exact value.\n\
        Verdicts: pass, wrong, format, timeout, crash. Exit status: 0 all pass, 1 some fail, 2 bad usage.\n\
        See docs/check.md."
    )]
    Check(CheckRowcolArgs),
}

#[derive(Debug, Parser)]
struct SolveArgs {
    /// The course input file (`-` for stdin).
    #[arg(default_value = "input.txt")]
    input: PathBuf,
    /// Where to write the three answer lines (`-` for stdout).
    #[arg(default_value = "output.txt")]
    output: PathBuf,
    /// Also print every legal first move's exact value on stdout.
    #[arg(long)]
    all_moves: bool,
    /// Also print the answer (and, with --all-moves, every move's value) as JSON on stdout.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Solver: the fast one, or the plain alpha-beta + TT baseline (for benchmarks).
    #[arg(long, value_enum, default_value = "fast")]
    engine: Engine,
    /// Transposition table size in MiB (default: by board size, up to 1024).
    #[arg(long)]
    table_mb: Option<usize>,
    /// Print nodes, seconds and peak memory on stderr (one `stats:` line).
    #[arg(long)]
    stats: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Engine {
    Fast,
    Baseline,
}

#[derive(Debug, Parser)]
struct GenArgs {
    /// Rows (1–16).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=16))]
    rows: u8,
    /// Columns (1–16).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=16))]
    cols: u8,
    /// Probability that a cell holds a piece (0–1).
    #[arg(long)]
    density: f64,
    /// Seed of the first board.
    #[arg(long)]
    seed: u64,
    /// Number of boards (seeds S, S+1, …).
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Write files here instead of printing (required when --count is above 1).
    #[arg(long)]
    dir: Option<PathBuf>,
}

#[derive(Debug, Parser)]
struct BenchArgs {
    /// Square board sides to measure, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = vec![12usize, 13, 14])]
    sizes: Vec<usize>,
    /// Boards per size (seeds 1..=K).
    #[arg(long, default_value_t = 3)]
    boards: u64,
    /// Piece density.
    #[arg(long, default_value_t = 0.5)]
    density: f64,
    /// Threads for the fast solver.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Skip the baseline.
    #[arg(long)]
    no_baseline: bool,
}

#[derive(Debug, Parser)]
struct CheckRowcolArgs {
    #[command(flatten)]
    common: CheckArgs,
    /// Rows of the generated boards, N or MIN-MAX (the course: 1 to 8; Sente solves up to 16).
    #[arg(long, default_value = "1-8", value_parser = Range::<usize>::parse, value_name = "N|MIN-MAX")]
    rows: Range<usize>,
    /// Columns of the generated boards, N or MIN-MAX.
    #[arg(long, default_value = "1-8", value_parser = Range::<usize>::parse, value_name = "N|MIN-MAX")]
    cols: Range<usize>,
    /// Piece density of the generated boards, P or MIN-MAX (0 to 1).
    #[arg(long, default_value = "0.2-0.8", value_parser = Range::<f64>::parse, value_name = "P|MIN-MAX")]
    density: Range<f64>,
}

/// Runs `sente rowcol …`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.cmd {
        Cmd::Solve(a) => solve(&a),
        Cmd::Gen(a) => generate(&a),
        Cmd::Bench(a) => bench(&a),
        Cmd::Check(a) => check::check(&a),
    }
}

fn points(v: i32) -> String {
    if v > 0 { format!("+{v} points") } else { format!("{v} points") }
}

/// Seconds rounded up to the millisecond, so even the fastest run reports a non-zero time.
fn seconds(d: Duration) -> String {
    let ms = d.as_micros().div_ceil(1000).max(1);
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

fn solve(a: &SolveArgs) -> Result<ExitCode, CliError> {
    let start = Instant::now();
    let text = read_input(&a.input)?;
    let board = parse_board(&text).map_err(|e| CliError::input(&a.input, e))?;
    let threads = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let (value, best, moves, nodes) = match a.engine {
        Engine::Fast => {
            let opts =
                SolveOptions { threads, table_entries: a.table_mb.map(|mb| (mb << 20) / 8), all_moves: a.all_moves };
            let solver = Solver::new(&board, &opts);
            let mut progress = ProgressLine::new(start);
            let s = solver.solve(a.all_moves, &mut |p| progress.update(p.lower, p.upper, p.nodes));
            progress.finish();
            (s.value, s.best, s.move_values, s.nodes)
        }
        Engine::Baseline => {
            let mut b = Baseline::new(&board);
            let (v, m) = b.solve();
            let m = m.ok_or_else(|| CliError::Other("no legal move".into()))?;
            (v, m, None, b.nodes())
        }
    };
    let elapsed = start.elapsed();
    let answer = format!("{best}\n{}\nTotal run time = {} seconds.\n", points(value), seconds(elapsed));
    write_output(&a.output, &answer)?;
    let mut out = std::io::stdout().lock();
    if a.json {
        let json = serde_json::json!({
            "rows": board.rows(),
            "cols": board.cols(),
            "pieces": board.pieces(),
            "best": best.to_string(),
            "value": value,
            "moves": moves.as_ref().map(|ms| ms.iter().map(|(m, v)| serde_json::json!({
                "move": m.to_string(), "gain": gain(&board, *m), "value": v })).collect::<Vec<_>>()),
            "nodes": nodes,
            "seconds": elapsed.as_secs_f64(),
        });
        writeln!(out, "{json}")?;
    } else if let Some(ms) = &moves {
        for (m, v) in ms {
            let mark = if *m == best { "  <- best" } else { "" };
            writeln!(out, "{:<14} takes {:>2}  {}{mark}", m.to_string(), gain(&board, *m), points(*v))?;
        }
    }
    if a.stats {
        eprintln!(
            "stats: engine={:?} value={value} best={best} nodes={nodes} seconds={:.6} cpu_seconds={:.2} peak_kib={}",
            a.engine,
            elapsed.as_secs_f64(),
            cpu_seconds(),
            peak_kib()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn gain(board: &Board, m: Move) -> u32 {
    sente_rowcol::Position::new(*board).gain_of(m)
}

/// Peak resident memory of this process (Linux `VmHWM`), 0 where unknown.
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// User plus system CPU time of this process so far (Linux `/proc/self/stat`, 100 ticks a second), 0 where unknown.
fn cpu_seconds() -> f64 {
    let ticks = std::fs::read_to_string("/proc/self/stat").ok().and_then(|s| {
        let rest = s.rsplit_once(')')?.1;
        let f: Vec<u64> = rest.split_whitespace().skip(11).take(2).filter_map(|x| x.parse().ok()).collect();
        (f.len() == 2).then(|| f[0] + f[1])
    });
    ticks.unwrap_or(0) as f64 / 100.0
}

/// A progress line on stderr, shown once a solve has run for a second.
struct ProgressLine {
    start: Instant,
    shown: bool,
}

impl ProgressLine {
    fn new(start: Instant) -> ProgressLine {
        ProgressLine { start, shown: false }
    }

    fn update(&mut self, lower: i32, upper: i32, nodes: u64) {
        let t = self.start.elapsed();
        if t >= Duration::from_secs(1) {
            eprint!(
                "\rsolving: value in [{lower:+}, {upper:+}]  {:.1} Mnodes  {:.1} s   ",
                nodes as f64 / 1e6,
                t.as_secs_f64()
            );
            self.shown = true;
        }
    }

    fn finish(&self) {
        if self.shown {
            eprintln!();
        }
    }
}

fn generate(a: &GenArgs) -> Result<ExitCode, CliError> {
    if !(0.0..=1.0).contains(&a.density) {
        return Err(CliError::Usage(format!("--density {} is not between 0 and 1", a.density)));
    }
    if a.count == 0 {
        return Err(CliError::Usage("--count must be at least 1".into()));
    }
    let Some(dir) = &a.dir else {
        if a.count > 1 {
            return Err(CliError::Usage("--count above 1 needs --dir (one file per board)".into()));
        }
        let b = random_board(a.rows.into(), a.cols.into(), a.density, a.seed);
        std::io::stdout().lock().write_all(format_board(&b).as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    };
    std::fs::create_dir_all(dir).map_err(|source| CliError::Write { path: dir.display().to_string(), source })?;
    for k in 0..a.count {
        let seed = a.seed.wrapping_add(k);
        let b = random_board(a.rows.into(), a.cols.into(), a.density, seed);
        let path = dir.join(format!("rowcol-{}x{}-d{}-s{seed}.txt", a.rows, a.cols, a.density));
        write_output(&path, &format_board(&b))?;
        println!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// One measured child process.
struct Run {
    seconds: f64,
    cpu: f64,
    peak_kib: u64,
    value: String,
}

fn run_child(input: &Path, engine: &str, threads: usize) -> Result<Run, CliError> {
    let exe = std::env::current_exe()?;
    let start = Instant::now();
    let out = std::process::Command::new(exe)
        .args(["rowcol", "solve"])
        .arg(input)
        .arg("-")
        .args(["--engine", engine, "--threads", &threads.to_string(), "--stats"])
        .output()?;
    let seconds = start.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stats = stderr
        .lines()
        .find(|l| l.starts_with("stats:"))
        .ok_or_else(|| CliError::Other(format!("benchmark child failed on {}: {stderr}", input.display())))?;
    let field = |name: &str| {
        stats.split_whitespace().find_map(|f| f.strip_prefix(name).map(str::to_string)).unwrap_or_default()
    };
    Ok(Run {
        seconds,
        cpu: field("cpu_seconds=").parse().unwrap_or(0.0),
        peak_kib: field("peak_kib=").parse().unwrap_or(0),
        value: field("value="),
    })
}

fn bench(a: &BenchArgs) -> Result<ExitCode, CliError> {
    let dir = std::env::temp_dir().join(format!("sente-rowcol-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|source| CliError::Write { path: dir.display().to_string(), source })?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "board            pieces value  fast s  fast cpu  fast MiB  base s  base cpu  base MiB  speed-up  memory"
    )?;
    for &n in &a.sizes {
        for seed in 1..=a.boards {
            let b = random_board(n, n, a.density, seed);
            let path = dir.join(format!("{n}x{n}-{seed}.txt"));
            write_output(&path, &format_board(&b))?;
            let fast = run_child(&path, "fast", a.threads)?;
            let label = format!("{n}x{n} d{} s{seed}", a.density);
            if a.no_baseline {
                writeln!(
                    out,
                    "{label:<16} {:>6} {:>5} {:>7.3} {:>9.2} {:>9.1}",
                    b.pieces(),
                    fast.value,
                    fast.seconds,
                    fast.cpu,
                    fast.peak_kib as f64 / 1024.0
                )?;
                out.flush()?;
                continue;
            }
            let base = run_child(&path, "baseline", 1)?;
            if base.value != fast.value {
                return Err(CliError::Other(format!("{label}: fast {} != baseline {}", fast.value, base.value)));
            }
            writeln!(
                out,
                "{label:<16} {:>6} {:>5} {:>7.3} {:>9.2} {:>9.1} {:>7.2} {:>9.2} {:>9.1} {:>8.1}x {:>6.2}",
                b.pieces(),
                fast.value,
                fast.seconds,
                fast.cpu,
                fast.peak_kib as f64 / 1024.0,
                base.seconds,
                base.cpu,
                base.peak_kib as f64 / 1024.0,
                base.seconds / fast.seconds,
                fast.peak_kib as f64 / base.peak_kib.max(1) as f64,
            )?;
            out.flush()?;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(ExitCode::SUCCESS)
}
