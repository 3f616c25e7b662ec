//! The machinery behind `sente gomoku match`, `gauntlet` and `contest`: the options they share, the engines that
//! can take part, one game's play loop with its clocks and verdicts, the opening set, scheduling games
//! `--parallel`, Swiss pairing, score statistics and game records. The commands themselves
//! (`commands/{matches,gauntlet,contest}.rs`) only choose who plays whom and print the results.
//!
//! Fair clocks follow the Piskvork manager: a brain is told the turn limit (`INFO timeout_turn`), and a move counts
//! as late only past that limit plus a tolerance (1 s by default) that absorbs process start-up, pipes and a busy
//! machine. The limit and the tolerance are printed at the start of every run.
//!
//! - `entry.rs`: entry specifications (`sente`, `weights`, `pbrain:CMD`, `nptu:CMD`, `LABEL=SPEC`), their names and
//!   the [`Player`] trait every engine implements, with the built-in engines.
//! - `pbrain.rs`: a Piskvork brain process; `nptu.rs`: an NPTU contest program, one process per move.
//! - `game.rs`: the opening set and one game with its verdicts; `schedule.rs`: many games on `--parallel` workers.
//! - `swiss.rs`: round-robin and Swiss pairings; `elo.rs`: W/L/D, score and Elo; `sprt.rs`: the sequential test
//!   that ends a match early; `record.rs`: game records.

pub mod elo;
pub mod entry;
pub mod game;
pub mod nptu;
pub mod pbrain;
pub mod record;
pub mod schedule;
pub mod sprt;
pub mod swiss;

use crate::check::runner::{Interrupt, catch_signals};
use crate::error::CliError;
use game::{Opening, opening_of};
use sente_gomoku::openings::parse_openings;
use sente_gomoku::{Gomoku, Move, Rule};
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// The options every tournament command takes (flattened into `match`, `gauntlet` and `contest`).
#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// Board side [default: 15; 19 for `contest`, the NPTU board].
    #[arg(long)]
    pub size: Option<usize>,
    /// Rule: freestyle, exact or renju.
    #[arg(long, default_value = "freestyle")]
    pub rule: String,
    /// Time per move in milliseconds, told to brains as `INFO timeout_turn`.
    #[arg(long, default_value_t = 1000)]
    pub time_ms: u64,
    /// Lateness forgiven before a move counts as a timeout (the Piskvork manager's tolerance), in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub tolerance_ms: u64,
    /// Seed of the opening set (opening k is drawn from seed 1000·S + k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stones in each opening (placed alternately, black first, in the central 5×5).
    #[arg(long, default_value_t = 3)]
    pub opening_stones: usize,
    /// Play the openings of this file instead of seeded ones: one a line, stones in play order, black first
    /// (`H8 J9 H9`), `#` comments; opening k is the file's k-th (from the start again after the last).
    #[arg(long, value_name = "FILE", conflicts_with = "opening_stones")]
    pub openings: Option<PathBuf>,
    /// Search threads of the built-in engine `sente`.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// A node budget per move for `sente` instead of the clock (deterministic with --threads 1).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Games played at once (each game has its own engine processes).
    #[arg(long, default_value_t = 1)]
    pub parallel: usize,
}

impl TournamentArgs {
    /// The settings these options describe, on a board of `size` unless `--size` was given.
    ///
    /// # Errors
    /// [`CliError::Usage`] for an unknown rule, an unsupported size or zero `--parallel`/`--threads`.
    pub fn settings(&self, default_size: usize, workdir: Option<PathBuf>) -> Result<Settings, CliError> {
        let rule: Rule = self.rule.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(e.to_string()))?;
        let game = Gomoku::new(self.size.unwrap_or(default_size), rule).map_err(|e| CliError::Usage(e.to_string()))?;
        if self.parallel == 0 || self.threads == 0 {
            return Err(CliError::Usage("--parallel and --threads must be at least 1".into()));
        }
        if self.time_ms == 0 {
            return Err(CliError::Usage("--time-ms must be at least 1".into()));
        }
        let openings = match &self.openings {
            None => OpeningSet::Seeded { seed: self.seed, stones: self.opening_stones },
            Some(path) => {
                let text = crate::io::read_input(path)?;
                let list = parse_openings(game, &text).map_err(|e| CliError::input(path, e))?;
                OpeningSet::File { path: path.display().to_string(), list }
            }
        };
        Ok(Settings {
            game,
            time: Duration::from_millis(self.time_ms),
            tolerance: Duration::from_millis(self.tolerance_ms),
            threads: self.threads,
            nodes: self.nodes,
            seed: self.seed,
            openings,
            parallel: self.parallel,
            workdir,
            interrupt: catch_signals(),
        })
    }
}

/// Everything a game needs to know besides who plays.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Board and rule.
    pub game: Gomoku,
    /// Time per move.
    pub time: Duration,
    /// Lateness forgiven on top of `time`.
    pub tolerance: Duration,
    /// Threads of the built-in engine.
    pub threads: usize,
    /// Node budget of the built-in engine, instead of the clock.
    pub nodes: Option<u64>,
    /// Seed of the built-in weight bot's choices (and of the seeded openings).
    pub seed: u64,
    /// Where the openings come from.
    pub openings: OpeningSet,
    /// Games at once.
    pub parallel: usize,
    /// Where NPTU entries get their working folders (a temporary folder when `None`).
    pub workdir: Option<PathBuf>,
    /// Set by the first Ctrl-C (or SIGTERM, SIGHUP): no new game starts, the game in progress is not counted, and
    /// running programs are killed; a second Ctrl-C ends at once.
    pub interrupt: Interrupt,
}

impl Settings {
    /// The latest a move may arrive: the time per move plus the tolerance.
    pub fn limit(&self) -> Duration {
        self.time + self.tolerance
    }

    /// After an interruption, the error that ends the command (exit 1), saying how many games were played.
    ///
    /// # Errors
    /// [`CliError::Other`] when the run was interrupted.
    pub fn check_interrupt(&self, played: usize, planned: usize) -> Result<(), CliError> {
        if self.interrupt.is_set() {
            return Err(CliError::Other(format!(
                "interrupted after {played} of {planned} games; the records of those games are written"
            )));
        }
        Ok(())
    }

    /// A warning when the games played at once need more cores than `cores`: a game thinks on one player at a
    /// time, so it keeps busy as many cores as the most threads of its entries ([`entry::Entry::threads`]), and
    /// `--parallel` games at once that many times over. Engines that share cores search less than their clock
    /// allows, which biases a match towards the side that suffers less from it.
    pub fn core_warning(&self, entries: &[entry::Entry], cores: usize) -> Option<String> {
        let threads = entries.iter().map(|e| e.threads(self)).max().unwrap_or(1);
        let need = self.parallel * threads;
        (need > cores).then(|| {
            let fits = (cores / threads).max(1);
            format!(
                "warning: {} games at once with engines of up to {threads} search thread{} need {need} cores and this \
                 machine has {cores}: the engines will share cores and search less than their clock allows \
                 (--parallel {fits} fits)",
                self.parallel,
                if threads == 1 { "" } else { "s" }
            )
        })
    }

    /// [`Settings::core_warning`] for this machine's cores, printed to standard error.
    pub fn warn_if_oversubscribed(&self, entries: &[entry::Entry]) {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        if let Some(w) = self.core_warning(entries, cores) {
            eprintln!("{w}");
        }
    }

    /// The line every run prints first: board, rule, clock and openings.
    pub fn describe(&self) -> String {
        let d = self.game.dims();
        format!(
            "{}x{} {}, {} ms a move + {} ms tolerance (a move later than {} ms loses), openings: {}",
            d.cols,
            d.rows,
            self.game.rule().name(),
            self.time.as_millis(),
            self.tolerance.as_millis(),
            self.limit().as_millis(),
            self.openings
        )
    }
}

/// Where a run's openings come from: the seeded set or an opening file.
#[derive(Clone, Debug)]
pub enum OpeningSet {
    /// Opening `k` is drawn from seed `1000·seed + k` with `stones` stones (see `game.rs`).
    Seeded {
        /// The `--seed`.
        seed: u64,
        /// The `--opening-stones`.
        stones: usize,
    },
    /// Opening `k` is the file's `k`-th, from the start again after the last.
    File {
        /// The file, as given.
        path: String,
        /// Its openings, stones in play order.
        list: Vec<Vec<Move>>,
    },
}

impl OpeningSet {
    /// Opening number `index` on `game`'s board.
    pub fn get(&self, game: Gomoku, index: usize) -> Opening {
        match self {
            OpeningSet::Seeded { seed, stones } => opening_of(game, *seed, *stones, index),
            OpeningSet::File { list, .. } => Opening { index, stones: list[index % list.len()].clone() },
        }
    }
}

impl fmt::Display for OpeningSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningSet::Seeded { seed, stones } => write!(f, "seed {seed}, {stones} stones"),
            OpeningSet::File { path, list } => write!(f, "{path} ({} openings)", list.len()),
        }
    }
}

/// Why a game was lost other than on the board. Each is a verdict of its own in records and summaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No move within the limit (or a move that came after it).
    Timeout(String),
    /// A move on an occupied or forbidden cell.
    Illegal(String),
    /// An answer that is not a move in the expected form, or a cell off the board.
    Malformed(String),
    /// The engine exited, was killed, closed its output or answered `ERROR`.
    Crash(String),
    /// The engine could not be started or did not accept a new game.
    Start(String),
}

impl Fault {
    /// The verdict's one-word name: `timeout`, `illegal`, `malformed`, `crash` or `start`.
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::Timeout(_) => "timeout",
            Fault::Illegal(_) => "illegal",
            Fault::Malformed(_) => "malformed",
            Fault::Crash(_) => "crash",
            Fault::Start(_) => "start",
        }
    }

    /// Whether the engine should be restarted before its next game.
    pub fn needs_restart(&self) -> bool {
        matches!(self, Fault::Timeout(_) | Fault::Crash(_) | Fault::Start(_))
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (Fault::Timeout(d) | Fault::Illegal(d) | Fault::Malformed(d) | Fault::Crash(d) | Fault::Start(d)) = self;
        write!(f, "{} ({d})", self.kind())
    }
}
