//! `sente gomoku match`: plays two engines against each other and reports wins, losses, draws and the Elo difference.
//!
//! Engines are `sente` (the built-in engine), `weights` (the contest guide's cell-weight bot) or `pbrain:COMMAND`,
//! any Piskvork brain run through `sh -c COMMAND`. Games alternate colours and come in pairs from the same seeded
//! opening (a few random central stones), which balances the openings. A move that is illegal, late (over
//! `--time-ms` plus `--tolerance-ms`) or missing (the engine crashed, answered ERROR or closed its output) loses
//! the game. Each game is recorded (openings, moves, result and why) to `--records` and summarised on stdout; the
//! final line gives W/L/D for the first engine, its score and the Elo difference with a 95% interval.

use crate::error::CliError;
use crate::io::write_output;
use sente_core::{Outcome, Player, State, Stopwatch};
use sente_gomoku::engine::weights::weight_move;
use sente_gomoku::engine::{Engine, ThinkLimits};
use sente_gomoku::notation::move_text;
use sente_gomoku::openings::opening;
use sente_gomoku::{Gomoku, Move, Position, Rule};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

/// Options of a match.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// First engine: `sente`, `weights` or `pbrain:COMMAND`.
    first: String,
    /// Second engine, as the first.
    second: String,
    /// Number of games (colours alternate; each opening is played twice).
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Rule: freestyle, exact or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// Lateness forgiven before a move counts as a timeout (process start-up, pipes), in milliseconds.
    #[arg(long, default_value_t = 0)]
    tolerance_ms: u64,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stones in each opening.
    #[arg(long, default_value_t = 3)]
    opening_stones: usize,
    /// Search threads of the built-in engine.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A node budget per move for the built-in engine instead of the clock.
    #[arg(long)]
    nodes: Option<u64>,
    /// Where to write the game records (one line per game).
    #[arg(long)]
    records: Option<PathBuf>,
}

/// One side of the match.
trait Contestant {
    fn name(&self) -> &str;
    /// Prepares a new game.
    fn new_game(&mut self, game: Gomoku) -> Result<(), String>;
    /// The move for the side to move in `pos`; `budget` is the time allowed.
    fn play(&mut self, pos: &Position, budget: Duration) -> Result<Move, String>;
}

struct Builtin {
    name: String,
    engine: Option<Engine>,
    nodes: Option<u64>,
    seed: u64,
}

impl Contestant for Builtin {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, _game: Gomoku) -> Result<(), String> {
        if let Some(e) = self.engine.as_mut() {
            e.clear();
        }
        self.seed += 1;
        Ok(())
    }

    fn play(&mut self, pos: &Position, budget: Duration) -> Result<Move, String> {
        match self.engine.as_mut() {
            None => weight_move(pos, self.seed).ok_or_else(|| "no move".to_string()),
            Some(engine) => {
                // Keep a margin for the thread joins and the clock checks between nodes.
                let limits = match self.nodes {
                    Some(n) => ThinkLimits { nodes: Some(n), ..ThinkLimits::default() },
                    None => ThinkLimits { time: Some(budget.mul_f64(0.85)), ..ThinkLimits::default() },
                };
                engine.think(pos, &limits).map(|d| d.best).ok_or_else(|| "no move".to_string())
            }
        }
    }
}

/// An external Piskvork brain.
struct External {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The stones the brain knows about, when it is following the game move by move.
    synced: Option<Vec<u8>>,
    time_ms: u64,
    rule: Rule,
}

impl External {
    fn spawn(command: &str, time_ms: u64, rule: Rule) -> Result<External, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(External { name: command.to_string(), child, stdin, lines: rx, synced: None, time_ms, rule })
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("brain input closed: {e}"))
    }

    /// The next answer line that is not MESSAGE/DEBUG, within `wait`.
    fn answer(&mut self, wait: Duration) -> Result<String, String> {
        let clock = Stopwatch::start();
        loop {
            let left = wait.saturating_sub(clock.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let t = l.trim();
                    let upper = t.to_ascii_uppercase();
                    if upper.starts_with("MESSAGE") || upper.starts_with("DEBUG") || t.is_empty() {
                        continue;
                    }
                    if upper.starts_with("ERROR") || upper.starts_with("UNKNOWN") {
                        return Err(format!("brain said {t:?}"));
                    }
                    return Ok(t.to_string());
                }
                Err(RecvTimeoutError::Timeout) => return Err("timeout".into()),
                Err(RecvTimeoutError::Disconnected) => return Err("brain exited".into()),
            }
        }
    }
}

impl Contestant for External {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self, game: Gomoku) -> Result<(), String> {
        let d = game.dims();
        let start =
            if d.rows == d.cols { format!("START {}\n", d.cols) } else { format!("RECTSTART {},{}\n", d.cols, d.rows) };
        self.send(&start)?;
        let ok = self.answer(Duration::from_secs(30))?;
        if !ok.eq_ignore_ascii_case("OK") {
            return Err(format!("expected OK after START, got {ok:?}"));
        }
        let rule = match self.rule {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
            Rule::Renju => 4,
        };
        let info =
            format!("INFO timeout_turn {}\nINFO timeout_match 0\nINFO rule {rule}\nINFO game_type 1\n", self.time_ms);
        self.send(&info)?;
        self.synced = None;
        Ok(())
    }

    fn play(&mut self, pos: &Position, budget: Duration) -> Result<Move, String> {
        let d = pos.dims();
        let cols = usize::from(d.cols);
        // Follow the game with TURN when exactly one stone (the opponent's) was added since the brain's last move.
        let added: Option<Vec<usize>> =
            self.synced.as_ref().map(|before| (0..pos.cells().len()).filter(|&i| before[i] != pos.cell(i)).collect());
        let request = match added.as_deref() {
            Some([i]) => format!("TURN {},{}\n", i % cols, i / cols),
            _ => {
                let me = pos.to_move().index() as u8 + 1;
                let mut s = String::from("BOARD\n");
                for i in 0..pos.cells().len() {
                    let c = pos.cell(i);
                    if c != 0 {
                        s.push_str(&format!("{},{},{}\n", i % cols, i / cols, if c == me { 1 } else { 2 }));
                    }
                }
                s.push_str("DONE\n");
                s
            }
        };
        self.send(&request)?;
        let reply = self.answer(budget + Duration::from_secs(1))?;
        let bad = || format!("malformed move {reply:?}");
        let (x, y) = reply.split_once(',').ok_or_else(bad)?;
        let (x, y): (usize, usize) = (x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?);
        if x >= cols || y >= usize::from(d.rows) {
            return Err(format!("move {reply:?} is off the board"));
        }
        let m = Move((y * cols + x) as u16);
        let mut after = pos.cells().to_vec();
        after[m.index()] = pos.to_move().index() as u8 + 1;
        self.synced = Some(after);
        Ok(m)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("END\n");
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn contestant(spec: &str, a: &MatchArgs, rule: Rule) -> Result<Box<dyn Contestant>, CliError> {
    match spec {
        "sente" => Ok(Box::new(Builtin {
            name: "sente".into(),
            engine: Some(Engine::new(a.threads, 64)),
            nodes: a.nodes,
            seed: 0,
        })),
        "weights" => Ok(Box::new(Builtin { name: "weights".into(), engine: None, nodes: None, seed: a.seed })),
        _ => match spec.strip_prefix("pbrain:") {
            Some(cmd) => Ok(Box::new(External::spawn(cmd, a.time_ms, rule).map_err(CliError::Usage)?)),
            None => {
                Err(CliError::Usage(format!("unknown engine {spec:?} (expected sente, weights or pbrain:COMMAND)")))
            }
        },
    }
}

/// The result of one game for the first engine: 1, 0.5 or 0, and why.
struct GameResult {
    score: f64,
    reason: String,
    record: String,
}

fn play_game(a: &MatchArgs, game: Gomoku, index: usize, players: &mut [Box<dyn Contestant>; 2]) -> GameResult {
    let start = opening(game, a.seed.wrapping_mul(1000) + (index / 2) as u64, a.opening_stones);
    let first_is_black = index.is_multiple_of(2);
    let budget = Duration::from_millis(a.time_ms);
    let limit = budget + Duration::from_millis(a.tolerance_ms);
    let mut pos = start.clone();
    let opening_text: Vec<String> = {
        let mut moves = Vec::new();
        for i in 0..start.cells().len() {
            if start.cell(i) != 0 {
                moves.push(format!(
                    "{}{}",
                    if start.cell(i) == 1 { "x" } else { "o" },
                    move_text(game.dims(), Move(i as u16))
                ));
            }
        }
        moves
    };
    let mut moves = Vec::new();
    let names = [players[0].name().to_string(), players[1].name().to_string()];
    let (black, white) = if first_is_black { (0, 1) } else { (1, 0) };
    let mut failure = None;
    for (k, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game(game) {
            failure = Some((k, format!("could not start: {e}")));
        }
    }
    while failure.is_none() && pos.outcome().is_none() {
        let side = if pos.to_move() == Player::First { black } else { white };
        let clock = Stopwatch::start();
        let answer = players[side].play(&pos, budget);
        let took = clock.elapsed();
        match answer {
            Err(e) => failure = Some((side, e)),
            Ok(_) if took > limit => failure = Some((side, format!("timeout ({} ms)", took.as_millis()))),
            Ok(m) if !pos.is_legal(m) => {
                failure = Some((side, format!("illegal move {}", move_text(game.dims(), m))));
            }
            Ok(m) => {
                moves.push(move_text(game.dims(), m));
                pos.play(m);
            }
        }
    }
    let (score, reason) = match (failure, pos.outcome()) {
        (Some((loser, why)), _) => (if loser == 0 { 0.0 } else { 1.0 }, format!("{} loses: {why}", names[loser])),
        (None, Some(Outcome::Win(p))) => {
            let winner = if p == Player::First { black } else { white };
            (if winner == 0 { 1.0 } else { 0.0 }, format!("{} wins with five", names[winner]))
        }
        _ => (0.5, "draw: full board".to_string()),
    };
    let black_score = if first_is_black { score } else { 1.0 - score };
    let result = if black_score == 1.0 {
        "1-0"
    } else if black_score == 0.0 {
        "0-1"
    } else {
        "1/2-1/2"
    };
    let record = format!(
        "game {}: black {} white {} opening {} moves {} result {result} ({reason})",
        index + 1,
        names[black],
        names[white],
        opening_text.join(" "),
        moves.join(" ")
    );
    GameResult { score, reason, record }
}

/// The Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

fn summary(first: &str, second: &str, scores: &[f64]) -> String {
    let n = scores.len() as f64;
    let (w, l) = (scores.iter().filter(|&&s| s == 1.0).count(), scores.iter().filter(|&&s| s == 0.0).count());
    let d = scores.len() - w - l;
    let s = scores.iter().sum::<f64>() / n.max(1.0);
    let var = scores.iter().map(|x| (x - s).powi(2)).sum::<f64>() / n.max(1.0);
    let half = 1.96 * (var / n.max(1.0)).sqrt();
    let fmt = |x: f64| {
        if x.is_finite() {
            format!("{:+.0}", if x.abs() < 0.5 { 0.0 } else { x })
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    let interval = if s >= 1.0 {
        // No loss and no draw: the exact one-sided bound of a binomial with all successes.
        format!("95% interval {}..+inf", fmt(elo(0.025f64.powf(1.0 / n))))
    } else if s <= 0.0 {
        format!("95% interval -inf..{}", fmt(elo(1.0 - 0.025f64.powf(1.0 / n))))
    } else {
        let (lo, hi) = ((s - half).max(1e-9), (s + half).min(1.0 - 1e-9));
        format!("95% interval {}..{}", fmt(elo(lo)), fmt(elo(hi)))
    };
    format!(
        "{first} vs {second}: {} games, +{w} -{l} ={d}, score {:.1}%, Elo {} ({interval})\n",
        scores.len(),
        100.0 * s,
        fmt(elo(s.clamp(0.0, 1.0)))
    )
}

/// Runs a match.
pub fn run(a: &MatchArgs) -> Result<ExitCode, CliError> {
    let rule: Rule = a.rule.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(e.to_string()))?;
    let game = Gomoku::new(a.size, rule).map_err(|e| CliError::Usage(e.to_string()))?;
    let mut players = [contestant(&a.first, a, rule)?, contestant(&a.second, a, rule)?];
    let mut scores = Vec::new();
    let mut records = String::new();
    let mut faults = 0;
    for i in 0..a.games {
        let r = play_game(a, game, i, &mut players);
        if r.reason.contains("loses") {
            faults += 1;
        }
        println!("{}", r.record.split(" moves ").next().unwrap_or_default().to_string() + &format!(": {}", r.reason));
        records.push_str(&r.record);
        records.push('\n');
        scores.push(r.score);
    }
    if let Some(p) = &a.records {
        write_output(p, &records)?;
    }
    let mut out = summary(&a.first, &a.second, &scores);
    out.push_str(&format!("games lost by timeout, illegal move or crash: {faults}\n"));
    write_output(std::path::Path::new("-"), &out)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_summary_handles_even_perfect_and_mixed_scores() {
        assert!(summary("a", "b", &[1.0, 0.0]).contains("Elo +0"));
        let perfect = summary("a", "b", &[1.0; 20]);
        assert!(perfect.contains("+20 -0 =0") && perfect.contains("..+inf"), "{perfect}");
        let mixed = summary("a", "b", &[1.0, 1.0, 1.0, 0.5]);
        assert!(mixed.contains("score 87.5%") && mixed.contains("Elo +338"), "{mixed}");
    }
}
