//! Soak test of the pbrain brain: a small Gomocup manager that plays many games between two brain processes under
//! match clocks and counts what goes wrong.
//!
//! For every board size and rule asked for, two long-lived brains (`BRAIN gomoku pbrain --threads 1`) play games in
//! turn, colours alternating, each from a seeded opening of three central stones. Every game starts with
//! `INFO timeout_turn`, `INFO timeout_match`, `INFO rule` and `START`; before each move the side to move is told its
//! falling `INFO time_left`, gets the position as `BOARD` on its first move of a game and the opponent's move as
//! `TURN` afterwards. A move is checked against the core rules (`Position::is_legal`: on the board, on an empty
//! point, not forbidden to black under renju, game not over). A move later than the turn limit, or one that
//! overdraws the match clock, is a timeout; a bad or missing answer is an illegal move. After every game the
//! brains' resident memory is read from `/proc/PID/status`.
//!
//! ```text
//! cargo build --release -p sente-cli
//! cargo run --release -p sente-gomoku --example pbrain_soak -- --brain target/release/sente --games 500
//! ```
//!
//! Options: `--games N` (500), `--sizes 15,19`, `--rules freestyle,exact,renju`, `--turn-ms` (1000),
//! `--match-ms` (20000 per side per game), `--tolerance-ms` (100: pipe and scheduling slack on a loaded machine),
//! `--seed` (1). Exit status 1 when any game had a timeout or an illegal move.

use sente_core::{Outcome, State, Stopwatch};
use sente_gomoku::openings::opening;
use sente_gomoku::{Gomoku, Move, Rule};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

struct Options {
    brain: String,
    games: usize,
    sizes: Vec<usize>,
    rules: Vec<Rule>,
    turn_ms: u64,
    match_ms: u64,
    tolerance_ms: u64,
    seed: u64,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        brain: "target/release/sente".into(),
        games: 500,
        sizes: vec![15, 19],
        rules: vec![Rule::Freestyle, Rule::ExactFive, Rule::Renju],
        turn_ms: 1000,
        match_ms: 20_000,
        tolerance_ms: 100,
        seed: 1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [key, value] = pair else { return Err(format!("{} needs a value", pair[0])) };
        let num = || value.parse::<u64>().map_err(|_| format!("{key}: {value:?} is not a number"));
        match key.as_str() {
            "--brain" => o.brain = value.clone(),
            "--games" => o.games = num()? as usize,
            "--sizes" => {
                o.sizes = value
                    .split(',')
                    .map(|s| s.parse().map_err(|_| format!("bad size {s:?}")))
                    .collect::<Result<_, _>>()?;
            }
            "--rules" => {
                o.rules = value.split(',').map(str::parse).collect::<Result<_, _>>().map_err(|e| format!("{e}"))?
            }
            "--turn-ms" => o.turn_ms = num()?,
            "--match-ms" => o.match_ms = num()?,
            "--tolerance-ms" => o.tolerance_ms = num()?,
            "--seed" => o.seed = num()?,
            _ => return Err(format!("unknown option {key}")),
        }
    }
    Ok(o)
}

/// One brain process and its output lines.
struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    fn spawn(path: &str) -> Result<Brain, String> {
        let mut child = Command::new(path)
            .args(["gomoku", "pbrain", "--threads", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {path}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Brain { child, stdin, lines })
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.stdin.write_all(text.as_bytes()).and_then(|()| self.stdin.flush()).map_err(|e| format!("write: {e}"))
    }

    /// The next answer that is not MESSAGE/DEBUG, within `wait`.
    fn answer(&mut self, wait: Duration) -> Result<String, String> {
        let clock = Stopwatch::start();
        loop {
            let left = wait.saturating_sub(clock.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(l) if l.starts_with("MESSAGE") || l.starts_with("DEBUG") => {}
                Ok(l) => return Ok(l),
                Err(RecvTimeoutError::Timeout) => return Err("no answer in time".into()),
                Err(RecvTimeoutError::Disconnected) => return Err("the brain closed its output".into()),
            }
        }
    }

    /// Resident memory in KiB.
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.send("END\n");
        let _ = self.child.wait();
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    moves: usize,
    wins: [usize; 2],
    draws: usize,
    timeouts: usize,
    illegal: usize,
    slowest_ms: u128,
}

/// Plays one game; brains[0] is black. Returns the failure, if any, as (brain index, what).
fn play_game(o: &Options, game: Gomoku, seed: u64, brains: &mut [&mut Brain; 2], t: &mut Tally) -> Option<String> {
    let rule_bits = match game.rule() {
        Rule::Freestyle => 0,
        Rule::ExactFive => 1,
        Rule::Renju => 4,
    };
    let n = game.dims().cols;
    for b in brains.iter_mut() {
        let setup = format!(
            "INFO timeout_turn {}\nINFO timeout_match {}\nINFO rule {rule_bits}\nSTART {n}\n",
            o.turn_ms, o.match_ms
        );
        if let Err(e) = b.send(&setup) {
            return Some(e);
        }
        match b.answer(Duration::from_secs(10)) {
            Ok(ok) if ok == "OK" => {}
            other => return Some(format!("START answered {other:?}")),
        }
    }
    let mut pos = opening(game, seed, 3);
    let mut left = [o.match_ms as i64; 2];
    let mut started = [false; 2];
    let mut last: Option<Move> = None;
    loop {
        if let Some(outcome) = pos.outcome() {
            match outcome {
                Outcome::Win(p) => t.wins[p.index()] += 1,
                Outcome::Draw => t.draws += 1,
            }
            return None;
        }
        let side = pos.to_move().index();
        let dims = game.dims();
        let mut text = format!("INFO time_left {}\n", left[side].max(0));
        match (started[side], last) {
            (true, Some(m)) => {
                let c = dims.coord(m.index());
                text.push_str(&format!("TURN {},{}\n", c.col, c.row));
            }
            _ => {
                text.push_str("BOARD\n");
                for (i, &cell) in pos.cells().iter().enumerate() {
                    if cell != 0 {
                        let c = dims.coord(i);
                        // field 1 is the brain's own stone: black stones are side 0's.
                        let own = usize::from(cell) - 1 == side;
                        text.push_str(&format!("{},{},{}\n", c.col, c.row, if own { 1 } else { 2 }));
                    }
                }
                text.push_str("DONE\n");
            }
        }
        started[side] = true;
        let clock = Stopwatch::start();
        if let Err(e) = brains[side].send(&text) {
            t.illegal += 1;
            return Some(e);
        }
        let wait = Duration::from_millis(o.turn_ms + o.tolerance_ms + 5000);
        let answer = brains[side].answer(wait);
        let took = clock.elapsed().as_millis();
        t.slowest_ms = t.slowest_ms.max(took);
        left[side] -= took as i64;
        let colour = if side == 0 { "black" } else { "white" };
        let answer = match answer {
            Ok(a) => a,
            Err(e) => {
                t.timeouts += 1;
                return Some(format!("{colour}: {e}"));
            }
        };
        if took > u128::from(o.turn_ms + o.tolerance_ms) || left[side] < -(o.tolerance_ms as i64) {
            t.timeouts += 1;
            return Some(format!("{colour}: timeout ({took} ms, {} ms left of the match)", left[side]));
        }
        let parsed = answer.split_once(',').and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)));
        let legal = parsed.and_then(|(x, y): (usize, usize)| {
            (x < usize::from(dims.cols) && y < usize::from(dims.rows))
                .then(|| Move(dims.index(sente_core::grid::Coord::new(y as u8, x as u8)) as u16))
                .filter(|&m| pos.is_legal(m))
        });
        let Some(m) = legal else {
            t.illegal += 1;
            return Some(format!("{colour}: illegal answer {answer:?}"));
        };
        pos.play(m);
        last = Some(m);
        t.moves += 1;
    }
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("pbrain_soak: {e}");
            return ExitCode::from(2);
        }
    };
    let combos: Vec<(usize, Rule)> = o.sizes.iter().flat_map(|&s| o.rules.iter().map(move |&r| (s, r))).collect();
    let clock = Stopwatch::start();
    let mut total = Tally::default();
    println!("size rule      games moves  black white draws timeouts illegal slowest_ms  rss_kib(first..max, last)");
    for (k, &(size, rule)) in combos.iter().enumerate() {
        // Spread the games evenly; the first combinations take the remainder.
        let games = o.games / combos.len() + usize::from(k < o.games % combos.len());
        let game = match Gomoku::new(size, rule) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("pbrain_soak: {e}");
                return ExitCode::from(2);
            }
        };
        let (mut a, mut b) = match (Brain::spawn(&o.brain), Brain::spawn(&o.brain)) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("pbrain_soak: {e}");
                return ExitCode::from(2);
            }
        };
        let mut t = Tally::default();
        let mut rss = Vec::new();
        for g in 0..games {
            let seed = o.seed.wrapping_mul(1_000_003).wrapping_add((k * 100_000 + g / 2) as u64);
            let failure = if g % 2 == 0 {
                play_game(&o, game, seed, &mut [&mut a, &mut b], &mut t)
            } else {
                play_game(&o, game, seed, &mut [&mut b, &mut a], &mut t)
            };
            t.games += 1;
            if let Some(f) = failure {
                println!("  game {g} ({size}x{size} {}): {f}", rule.name());
                // A brain that failed may be out of step: start both afresh.
                (a, b) = match (Brain::spawn(&o.brain), Brain::spawn(&o.brain)) {
                    (Ok(a), Ok(b)) => (a, b),
                    _ => return ExitCode::from(2),
                };
            }
            rss.push(a.rss_kib().max(b.rss_kib()));
        }
        let first = rss.first().copied().unwrap_or(0);
        let max = rss.iter().copied().max().unwrap_or(0);
        let last = rss.last().copied().unwrap_or(0);
        println!(
            "{size:>4} {:<9} {:>5} {:>5} {:>6} {:>5} {:>5} {:>8} {:>7} {:>10}  {first}..{max}, {last}",
            rule.name(),
            t.games,
            t.moves,
            t.wins[0],
            t.wins[1],
            t.draws,
            t.timeouts,
            t.illegal,
            t.slowest_ms
        );
        total.games += t.games;
        total.moves += t.moves;
        total.timeouts += t.timeouts;
        total.illegal += t.illegal;
        total.slowest_ms = total.slowest_ms.max(t.slowest_ms);
    }
    println!(
        "total: {} games, {} moves, {} timeouts, {} illegal moves, slowest move {} ms, {:.0} s",
        total.games,
        total.moves,
        total.timeouts,
        total.illegal,
        total.slowest_ms,
        clock.elapsed().as_secs_f64()
    );
    if total.timeouts + total.illegal > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
