//! Who can play: entry specifications, their display names, and the [`Player`] trait with the built-in engines.
//!
//! A specification is `sente` (the engine), `weights` (the contest guide's cell-weight bot), `pbrain:COMMAND` (a
//! Piskvork brain, `sh -c COMMAND`) or `nptu:COMMAND` (an NPTU contest program, run once per move as
//! `sh -c 'COMMAND Black'`). Any of them may be prefixed by `LABEL=` to name it. Otherwise a brain is named by its
//! `ABOUT` answer (`name="…"`), asked once before play, and an NPTU program by its program's file name (the
//! script's, after an interpreter such as `sh` or `python3`); a name already taken gets `#2`, `#3`, … so that self-play against a baseline build stays readable.

use super::nptu::Nptu;
use super::pbrain::Brain;
use super::{Fault, Settings};
use crate::error::CliError;
use sente_core::Stopwatch;
use sente_gomoku::engine::weights::weight_move;
use sente_gomoku::engine::{Engine, ThinkLimits};
use sente_gomoku::pbrain::turn_budget;
use sente_gomoku::{Move, Position};
use std::time::Duration;

/// What kind of engine an entry is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The built-in engine.
    Sente,
    /// The contest guide's weight bot.
    Weights,
    /// A Piskvork brain started with `sh -c COMMAND`.
    Pbrain(String),
    /// An NPTU program run as `sh -c 'COMMAND Black|White'` once per move.
    Nptu(String),
}

/// One engine taking part, with the name it is shown by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The name in output and records.
    pub name: String,
    /// The engine.
    pub kind: Kind,
}

impl Entry {
    /// The search threads the entry thinks on, as far as the referee can tell: `--threads` for the built-in
    /// engine, the value of a `--threads N` (or `--threads=N`) in a brain's or program's command, else one.
    pub fn threads(&self, settings: &Settings) -> usize {
        match &self.kind {
            Kind::Sente => settings.threads,
            Kind::Weights => 1,
            Kind::Pbrain(cmd) | Kind::Nptu(cmd) => {
                let words: Vec<&str> = cmd.split_whitespace().collect();
                let value = words.iter().enumerate().find_map(|(i, w)| {
                    w.strip_prefix("--threads=").or_else(|| (*w == "--threads").then(|| words.get(i + 1).copied())?)
                });
                value.and_then(|v| v.parse().ok()).filter(|&n| n > 0).unwrap_or(1)
            }
        }
    }
}

/// What an engine says its move is worth for the side to move, when it says so: a score in the engine's own
/// units, or a win or a loss it has proved, in so many plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// A score (positive: the side to move stands better).
    Score(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

impl Judgement {
    /// The built-in engine's value as a judgement.
    pub fn of_value(v: sente_core::Value) -> Judgement {
        match v.plies_to_end() {
            Some(n) if v.is_win() => Judgement::Win(n.unsigned_abs()),
            Some(n) if v.is_loss() => Judgement::Loss(n.unsigned_abs()),
            _ => Judgement::Score(v.0),
        }
    }
}

impl std::fmt::Display for Judgement {
    /// `+76`, `-120`, `W5`, `L4`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Judgement::Score(s) => write!(f, "{s:+}"),
            Judgement::Win(n) => write!(f, "W{n}"),
            Judgement::Loss(n) => write!(f, "L{n}"),
        }
    }
}

/// An engine's answer: the move and how long it took, as the engine's clock is measured.
#[derive(Copy, Clone, Debug)]
pub struct Answer {
    /// The cell played (not yet checked for legality).
    pub mv: Move,
    /// Time from the request to the answer (from the request sent again, when it was).
    pub took: Duration,
    /// Whether the request had to be sent again because the engine was found idle without having answered.
    pub resent: bool,
    /// What the engine said the position is worth, if it said (the built-in engine's value; a brain's last
    /// `MESSAGE` before its move that holds `eval N`, `eval +M5`…).
    pub judgement: Option<Judgement>,
}

/// An engine that plays games, one move at a time. Implementations measure their own time (from the request to
/// the answer, leaving out anything the referee does between the two); the game loop judges it.
pub trait Player {
    /// Prepares game number `index` (1-based).
    ///
    /// # Errors
    /// The engine refused or could not be reached.
    fn new_game(&mut self, index: usize) -> Result<(), Fault>;

    /// The move for the side to move in `pos`; `stones` are all stones so far in the order they were played.
    ///
    /// # Errors
    /// Timeout, malformed answer or crash.
    fn play(&mut self, pos: &Position, stones: &[Move]) -> Result<Answer, Fault>;
}

/// Parses a specification into an optional label and a kind.
///
/// # Errors
/// Anything that is none of the forms above.
pub fn parse(spec: &str) -> Result<(Option<String>, Kind), String> {
    let kind = |s: &str| match s {
        "sente" => Some(Kind::Sente),
        "weights" => Some(Kind::Weights),
        _ => {
            let program = |p: &str| p.trim().to_string();
            s.strip_prefix("pbrain:")
                .filter(|c| !c.trim().is_empty())
                .map(|c| Kind::Pbrain(program(c)))
                .or_else(|| s.strip_prefix("nptu:").filter(|c| !c.trim().is_empty()).map(|c| Kind::Nptu(program(c))))
        }
    };
    if let Some(k) = kind(spec) {
        return Ok((None, k));
    }
    if let Some((label, rest)) = spec.split_once('=')
        && !label.is_empty()
        && !label.contains([' ', ':'])
        && let Some(k) = kind(rest)
    {
        return Ok((Some(label.to_string()), k));
    }
    Err(format!(
        "unknown engine {spec:?} (expected sente, weights, pbrain:COMMAND or nptu:COMMAND, optionally as LABEL=…)"
    ))
}

/// Parses every specification and names each entry (asking brains for their `ABOUT` name).
///
/// # Errors
/// [`CliError::Usage`] for a malformed specification or a brain that cannot be started.
pub fn resolve(specs: &[String], settings: &Settings) -> Result<Vec<Entry>, CliError> {
    let mut entries: Vec<Entry> = Vec::new();
    for spec in specs {
        let (label, kind) = parse(spec).map_err(CliError::Usage)?;
        let base = match (&label, &kind) {
            (Some(l), _) => l.clone(),
            (None, Kind::Sente) => "sente".into(),
            (None, Kind::Weights) => "weights".into(),
            (None, Kind::Pbrain(cmd)) => Brain::about_name(cmd, settings)
                .map_err(|e| CliError::Usage(format!("brain {cmd:?} did not answer ABOUT: {e}")))?,
            (None, Kind::Nptu(cmd)) => program_name(cmd),
        };
        let taken = |n: &str| entries.iter().any(|e| e.name.eq_ignore_ascii_case(n));
        let mut name = base.clone();
        let mut k = 2;
        while taken(&name) {
            name = format!("{base}#{k}");
            k += 1;
        }
        entries.push(Entry { name, kind });
    }
    Ok(entries)
}

/// The file name of the program a command runs: `./students/ann/a.out --fast` is `a.out`; past an interpreter,
/// the script: `python3 /home/bob/bot.py` is `bot.py`.
fn program_name(cmd: &str) -> String {
    const INTERPRETERS: [&str; 9] = ["sh", "bash", "dash", "python", "python3", "node", "ruby", "perl", "java"];
    let file = |w: &str| w.rsplit('/').find(|s| !s.is_empty()).unwrap_or(w).to_string();
    let mut words = cmd.split_whitespace().map(file);
    let first = words.next().unwrap_or_else(|| cmd.to_string());
    match words.next() {
        Some(script) if INTERPRETERS.contains(&first.as_str()) && !script.starts_with('-') => script,
        _ => first,
    }
}

impl Entry {
    /// A fresh player for this entry, on a worker of its own.
    ///
    /// # Errors
    /// [`Fault::Start`] when the engine's process cannot be started.
    pub fn player(&self, settings: &Settings) -> Result<Box<dyn Player>, Fault> {
        Ok(match &self.kind {
            Kind::Sente => Box::new(Builtin {
                engine: Some(Engine::new(settings.threads, 64)),
                nodes: settings.nodes,
                time: settings.time,
                base: 0,
                seed: 0,
            }),
            Kind::Weights => {
                Box::new(Builtin { engine: None, nodes: None, time: settings.time, base: settings.seed, seed: 0 })
            }
            Kind::Pbrain(cmd) => Box::new(Brain::spawn(cmd, settings)?),
            Kind::Nptu(cmd) => Box::new(Nptu::new(cmd, &self.name, settings)?),
        })
    }
}

/// `sente` (with an engine) or `weights` (without).
struct Builtin {
    engine: Option<Engine>,
    nodes: Option<u64>,
    time: Duration,
    /// The weight bot's tie-breaks come from `base` and the game's number, so they do not depend on scheduling.
    base: u64,
    seed: u64,
}

impl Builtin {
    /// A move's limits: the node budget, or the time Sente's own brain would take from the same turn limit
    /// ([`turn_budget`]), so `sente` and `pbrain:sente …` search for the same time.
    fn limits(&self) -> ThinkLimits {
        match self.nodes {
            Some(n) => ThinkLimits { nodes: Some(n), ..ThinkLimits::default() },
            None => ThinkLimits { time: Some(turn_budget(self.time)), ..ThinkLimits::default() },
        }
    }
}

impl Player for Builtin {
    fn new_game(&mut self, index: usize) -> Result<(), Fault> {
        if let Some(e) = self.engine.as_mut() {
            e.clear();
        }
        self.seed = self.base.wrapping_mul(1_000_003).wrapping_add(index as u64);
        Ok(())
    }

    fn play(&mut self, pos: &Position, _stones: &[Move]) -> Result<Answer, Fault> {
        let clock = Stopwatch::start();
        let limits = self.limits();
        let (mv, judgement) = match self.engine.as_mut() {
            None => (weight_move(pos, self.seed), None),
            Some(engine) => match engine.think(pos, &limits) {
                Some(d) => (Some(d.best), d.searched_value().map(Judgement::of_value)),
                None => (None, None),
            },
        };
        let mv = mv.ok_or_else(|| Fault::Crash(format!("no move in a position with {} stones", pos.stones())))?;
        Ok(Answer { mv, took: clock.elapsed(), resent: false, judgement })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifications_parse_with_and_without_labels() {
        assert_eq!(parse("sente"), Ok((None, Kind::Sente)));
        assert_eq!(parse("pbrain:./b --x=1"), Ok((None, Kind::Pbrain("./b --x=1".into()))));
        assert_eq!(parse("base=pbrain:../baseline/sente gomoku pbrain").map(|p| p.0), Ok(Some("base".into())));
        assert_eq!(parse("ann=nptu:./a.out"), Ok((Some("ann".into()), Kind::Nptu("./a.out".into()))));
        assert!(parse("stockfish").is_err());
        assert!(parse("pbrain:").is_err());
        assert!(parse("x=y").is_err());
    }

    /// The built-in engine thinks as long as its own brain would under the same turn limit: at 100 ms a move the
    /// brain keeps 10 ms back, so the built-in engine must too (it once took 85 ms while the brain then took 40 ms,
    /// and won two games in three against an identical brain).
    #[test]
    fn the_builtin_engine_takes_its_brains_time() {
        let builtin = |ms| Builtin { engine: None, nodes: None, time: Duration::from_millis(ms), base: 0, seed: 0 };
        for ms in [30, 100, 300, 1000, 5000] {
            assert_eq!(builtin(ms).limits().time, Some(turn_budget(Duration::from_millis(ms))));
        }
        assert_eq!(builtin(100).limits().time, Some(Duration::from_millis(90)));
        let by_nodes = Builtin { nodes: Some(5000), ..builtin(100) };
        assert_eq!((by_nodes.limits().nodes, by_nodes.limits().time), (Some(5000), None));
    }

    /// Games at once are warned of when, each keeping busy the most threads of its players, they need more cores
    /// than the machine has; a brain's threads are read from its command's `--threads`.
    #[test]
    fn games_at_once_needing_more_cores_than_there_are_are_warned_of() {
        let settings = |parallel, threads| Settings {
            game: sente_gomoku::Gomoku::new(15, sente_gomoku::Rule::Freestyle).unwrap(),
            time: Duration::from_millis(100),
            tolerance: Duration::from_millis(1000),
            threads,
            nodes: None,
            seed: 1,
            openings: super::super::OpeningSet::Seeded { seed: 1, stones: 3 },
            parallel,
            workdir: None,
            interrupt: crate::check::runner::Interrupt::default(),
        };
        let entry = |spec: &str| Entry { name: spec.into(), kind: parse(spec).unwrap().1 };
        let one = settings(1, 1);
        assert_eq!(entry("pbrain:sente gomoku pbrain --threads 2").threads(&one), 2);
        assert_eq!(entry("pbrain:./brain --threads=3 --fast").threads(&one), 3);
        assert_eq!(entry("pbrain:./brain --threads").threads(&one), 1);
        assert_eq!(entry("nptu:./a.out").threads(&one), 1);
        assert_eq!(entry("weights").threads(&one), 1);
        assert_eq!(entry("sente").threads(&settings(1, 4)), 4);

        let pair = [entry("sente"), entry("pbrain:base gomoku pbrain --threads 2")];
        assert_eq!(settings(1, 1).core_warning(&pair, 2), None);
        let w = settings(2, 1).core_warning(&pair, 2).expect("2 games of 2 threads on 2 cores");
        assert!(w.contains("need 4 cores") && w.contains("has 2") && w.contains("--parallel 1 fits"), "{w}");
        assert!(settings(3, 2).core_warning(&[entry("sente"), entry("weights")], 16).is_none());
        assert!(settings(3, 1).core_warning(&[entry("sente"), entry("weights")], 2).is_some());
    }

    #[test]
    fn program_names_are_the_first_words_file_name() {
        assert_eq!(program_name("./students/ann/a.out --fast"), "a.out");
        assert_eq!(program_name("python3 /home/bob/bot.py"), "bot.py");
        assert_eq!(program_name("sh tests/fixtures/contest/illegal.sh"), "illegal.sh");
        assert_eq!(program_name("python3 -u bot.py"), "python3");
    }
}
