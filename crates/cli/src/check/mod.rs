//! The referee shared by `sente rowcol check`, `sente starcircle check` and `sente lgame check`: the options every
//! checker takes, the time-limit syntax, the folder each case runs in, the verdicts for a program that timed out,
//! crashed or wrote nothing, the progress bar, and the reports. What counts as a right answer is each game's own
//! business and stays in its command file; this module never looks inside an answer.
//!
//! A check keeps one root folder (`--keep DIR`, or a fresh one under the system's temporary folder). Every case
//! runs in `ROOT/<case>/`, which holds only `input.txt` when the program starts. A passing case's folder is
//! removed; a failing one is kept with `expected.txt`, `explanation.txt`, `stdout.txt` and `stderr.txt` added next
//! to what the program left (its `output.txt` is the answer it gave). When every case passes, a temporary root is
//! removed too.

pub mod cases;
pub mod report;
pub mod runner;

use crate::error::CliError;
use crate::io::write_output;
use indicatif::{ProgressBar, ProgressStyle};
use report::{CaseResult, Report, Verdict};
use runner::{Ending, Interrupt, Run};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The options every checker takes (flattened into each game's `check` subcommand).
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The program to check, run as `sh -c CMD` in a fresh folder for every case (so name files by absolute
    /// paths: `--program "$PWD/a.out"`).
    #[arg(long, value_name = "CMD")]
    pub program: String,
    /// How many cases to generate [default: rowcol 20, starcircle 50 (the course grades 50), lgame 200].
    #[arg(long, value_name = "N")]
    pub cases: Option<usize>,
    /// Seed of the generated cases (case k uses seed S+k-1, so a failing case can be made again alone).
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Check these inputs instead of generated ones: a folder of input files (each *.txt or *.in file, and each
    /// subfolder holding an input.txt, is one case); for lgame, a file of positions, one per line.
    #[arg(long, value_name = "PATH", conflicts_with = "cases")]
    pub inputs: Option<PathBuf>,
    /// Time limit: `30` or `30s` (seconds), `1.5s`, `500ms`. Per case; for lgame, for the whole run [default:
    /// starcircle 180 s (the course's 3 minutes), rowcol and lgame 60 s].
    #[arg(long, value_name = "TIME", value_parser = parse_time_limit)]
    pub time_limit: Option<Duration>,
    /// Print the report as one JSON object on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the report as JUnit XML to this file.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Keep the failing cases' folders here (a new or empty folder) instead of a fresh temporary one.
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
}

/// Parses a time limit: `30` and `30s` are seconds, `1.5s` too, `500ms` milliseconds. Positive, at most a day.
///
/// # Errors
/// Anything else, with what was expected.
pub fn parse_time_limit(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, scale) = match t.strip_suffix("ms") {
        Some(n) => (n, 1e-3),
        None => (t.strip_suffix('s').unwrap_or(t), 1.0),
    };
    let well_formed = !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && number.bytes().filter(|&b| b == b'.').count() <= 1
        && number.bytes().any(|b| b.is_ascii_digit());
    let seconds = number.parse::<f64>().ok().filter(|_| well_formed).map(|n| n * scale);
    match seconds {
        Some(s) if s > 0.0 && s <= 86_400.0 => Ok(Duration::from_secs_f64(s)),
        Some(_) => Err(format!("time limit {text:?} must be above 0 and at most a day")),
        None => Err(format!("time limit {text:?} is not a time; expected e.g. 30, 30s, 1.5s or 500ms")),
    }
}

/// A duration as people write it: `500 ms`, `2 s`, `1.5 s`.
pub fn show_duration(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        let s = format!("{:.3}", d.as_secs_f64());
        format!("{} s", s.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// A check in progress: the root folder, the verdicts so far, the progress bar.
pub struct Session<'a> {
    game: &'static str,
    args: &'a CheckArgs,
    limit: Duration,
    root: PathBuf,
    temporary_root: bool,
    results: Vec<CaseResult>,
    progress: ProgressBar,
    start: Instant,
    interrupt: Interrupt,
}

impl<'a> Session<'a> {
    /// Starts a check of `cases` cases of `game`, with `default_limit` unless `--time-limit` was given.
    ///
    /// # Errors
    /// An empty program, no cases, or a `--keep` folder that is not new or empty, or that cannot be made.
    pub fn start(
        game: &'static str,
        args: &'a CheckArgs,
        cases: usize,
        default_limit: Duration,
    ) -> Result<Session<'a>, CliError> {
        if args.program.trim().is_empty() {
            return Err(CliError::Usage("--program is empty; give the command that runs the program".into()));
        }
        if cases == 0 {
            return Err(CliError::Usage("no cases to check: --cases must be at least 1".into()));
        }
        let write_err = |path: &Path| {
            let path = path.display().to_string();
            move |source| CliError::Write { path, source }
        };
        let (root, temporary_root) = match &args.keep {
            Some(dir) => {
                if std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_some()) {
                    return Err(CliError::Usage(format!("--keep {}: the folder is not empty", dir.display())));
                }
                std::fs::create_dir_all(dir).map_err(write_err(dir))?;
                (dir.clone(), false)
            }
            None => {
                let tmp = std::env::temp_dir();
                let dir = tempfile::Builder::new()
                    .prefix(&format!("sente-check-{game}-"))
                    .tempdir_in(&tmp)
                    .map_err(write_err(&tmp))?;
                (dir.keep(), true)
            }
        };
        let interrupt = runner::prepare();
        let progress = if std::io::stderr().is_terminal() && cases > 1 {
            let bar = ProgressBar::new(cases as u64);
            if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} cases  {msg}  {elapsed} (eta {eta})")
            {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        let limit = args.time_limit.unwrap_or(default_limit);
        Ok(Session {
            game,
            args,
            limit,
            root,
            temporary_root,
            results: Vec::new(),
            progress,
            start: Instant::now(),
            interrupt,
        })
    }

    /// The folder of a case (or of a whole run) under the root, not made yet.
    pub fn case_dir(&self, name: &str) -> PathBuf {
        self.root.join(name)
    }

    /// A fresh, empty folder for a case (or for a whole run), under the root.
    ///
    /// # Errors
    /// It cannot be made.
    pub fn fresh_dir(&self, name: &str) -> Result<PathBuf, CliError> {
        let dir = self.case_dir(name);
        if dir.exists() {
            let _ = std::fs::remove_dir_all(&dir);
        }
        std::fs::create_dir_all(&dir).map_err(|source| CliError::Write { path: dir.display().to_string(), source })?;
        Ok(dir)
    }

    /// Runs the program in `dir` with `stdin` (or none), under the time limit.
    ///
    /// # Errors
    /// The shell could not be started.
    pub fn run_program(&self, dir: &Path, stdin: Option<Vec<u8>>) -> Result<Run, CliError> {
        runner::run(&self.args.program, dir, stdin, self.limit, &self.interrupt).map_err(|e| {
            if e.kind() == std::io::ErrorKind::Interrupted {
                self.progress.finish_and_clear();
                CliError::Other(format!("check interrupted; cases so far are in {}", self.root.display()))
            } else {
                CliError::Other(format!("cannot run the program `{}`: {e}", self.args.program))
            }
        })
    }

    /// The verdict for a run that did not end normally (timeout, crash), or `None` when it exited with 0.
    pub fn abnormal(&self, run: &Run) -> Option<(Verdict, String)> {
        match run.ending {
            Ending::Exited(0) => None,
            Ending::TimedOut => {
                Some((Verdict::Timeout, format!("no answer within the time limit of {}", show_duration(self.limit))))
            }
            ending => {
                let last = String::from_utf8_lossy(&run.stderr);
                let last = last.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
                let mut why = format!("the program ended with {}", ending.describe());
                if matches!(ending, Ending::Exited(126 | 127)) {
                    why.push_str(" (not found or not runnable? CMD runs inside the case folder: give absolute paths)");
                }
                if !last.is_empty() {
                    why.push_str(": ");
                    why.extend(last.chars().take(160));
                }
                Some((Verdict::Crash, why))
            }
        }
    }

    /// One file case: writes `input` as `input.txt` in a fresh folder, runs the program there, and judges what
    /// it left in `output.txt` with `judge` (which sees the exact bytes).
    ///
    /// # Errors
    /// The folder cannot be made or the program cannot be started.
    pub fn file_case(
        &mut self,
        name: &str,
        input: &str,
        expected: &str,
        judge: impl FnOnce(&[u8]) -> (Verdict, String),
    ) -> Result<(), CliError> {
        let dir = self.fresh_dir(name)?;
        let input_path = dir.join("input.txt");
        std::fs::write(&input_path, input)
            .map_err(|source| CliError::Write { path: input_path.display().to_string(), source })?;
        let run = self.run_program(&dir, None)?;
        let (verdict, explanation) = match self.abnormal(&run) {
            Some(v) => v,
            None => match std::fs::read(dir.join("output.txt")) {
                Ok(bytes) => judge(&bytes),
                Err(_) => (Verdict::Format, missing_output(&dir)),
            },
        };
        let result = CaseResult { case: name.to_string(), verdict, explanation, seconds: run.elapsed.as_secs_f64() };
        let files = [("expected.txt", expected.as_bytes()), ("stdout.txt", &run.stdout), ("stderr.txt", &run.stderr)];
        self.record(result, &dir, &files)
    }

    /// Records a judged case. A pass removes its folder; a failure keeps it, with `files` (name, contents) written
    /// beside what the program left, `explanation.txt` among them, and prints its line (unless `--json`).
    /// The folder is made here when it does not exist yet (checkers that run no program per case make none for
    /// the passing ones).
    ///
    /// # Errors
    /// Stdout cannot be written (a closed pipe ends the check quietly, as everywhere in `sente`).
    pub fn record(&mut self, result: CaseResult, dir: &Path, files: &[(&str, &[u8])]) -> Result<(), CliError> {
        if result.verdict == Verdict::Pass {
            if dir.exists() {
                let _ = std::fs::remove_dir_all(dir);
            }
        } else {
            let _ = std::fs::create_dir_all(dir);
            let explanation = format!("{}: {}\n", result.verdict.name(), result.explanation);
            for (name, contents) in files.iter().chain(&[("explanation.txt", explanation.as_bytes())]) {
                let _ = std::fs::write(dir.join(name), contents);
            }
            if !self.args.json {
                self.progress.suspend(|| writeln!(std::io::stdout().lock(), "{}", result.line()))?;
            }
        }
        self.results.push(result);
        let failed = self.results.iter().filter(|r| r.verdict != Verdict::Pass).count();
        self.progress.set_message(format!("{failed} failed"));
        self.progress.inc(1);
        Ok(())
    }

    /// Whether any case recorded so far failed.
    pub fn any_failed(&self) -> bool {
        self.results.iter().any(|r| r.verdict != Verdict::Pass)
    }

    /// Ends the check: prints the report (and writes the JUnit file) and gives the exit code, 0 when every case
    /// passed and 1 otherwise.
    ///
    /// # Errors
    /// The JUnit file or stdout cannot be written.
    pub fn finish(self) -> Result<ExitCode, CliError> {
        self.progress.finish_and_clear();
        let failed = self.any_failed();
        let kept = if failed {
            Some(self.root.display().to_string())
        } else {
            if self.temporary_root {
                let _ = std::fs::remove_dir_all(&self.root);
            }
            None
        };
        let mut report = Report::new(self.game, &self.args.program, self.results, kept);
        report.elapsed = self.start.elapsed();
        if let Some(path) = &self.args.junit {
            write_output(path, &report.junit())?;
        }
        let text = if self.args.json { report.json() } else { report.summary() };
        write_output(Path::new("-"), &format!("{text}\n"))?;
        Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
    }
}

/// Why there is no `output.txt`, naming a file that differs only in case if there is one.
fn missing_output(dir: &Path) -> String {
    let near = std::fs::read_dir(dir).ok().and_then(|entries| {
        entries
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .find(|n| n.eq_ignore_ascii_case("output.txt"))
    });
    match near {
        Some(n) => format!("no output.txt was written (there is {n}; the name is case-sensitive)"),
        None => "no output.txt was written".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_in_seconds_and_milliseconds() {
        assert_eq!(parse_time_limit("30"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_time_limit("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_time_limit("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_time_limit("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_time_limit(" 2 "), Ok(Duration::from_secs(2)));
        for bad in ["", "s", "ms", "abc", "-1", "0", "0ms", "1e3", "inf", "NaN", "1.2.3", "10m", "5 s", "100000"] {
            assert!(parse_time_limit(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(show_duration(Duration::from_millis(500)), "500 ms");
        assert_eq!(show_duration(Duration::from_secs(30)), "30 s");
        assert_eq!(show_duration(Duration::from_millis(1500)), "1.5 s");
    }
}
