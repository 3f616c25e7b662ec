//! `sente gomoku analyse`: an oracle engine judges every move of recorded games.
//!
//! For each game of the records (as `match`, `gauntlet` and `contest` write them) and each position after the
//! opening where the chosen player was to move, the oracle (`sente` or a Piskvork brain, `pbrain:COMMAND`) is asked
//! for its move at `--time-ms`, and its judgement of the position is read (the built-in engine's value, a brain's
//! `MESSAGE … eval N` line). A move agrees when it is the oracle's. Its **drop** is the oracle's judgement at that
//! turn less its judgement at the same player's next turn (both for the player to move), so it charges the move
//! together with the opponent's reply: against a strong opponent it is what the move cost. A move after which a
//! won position is no longer won, or a position not lost becomes lost, is counted apart, since a proved result has
//! no score to subtract. The report lists every judged move, then per player the moves judged, the share that
//! agreed, the mean drop and its spread where the oracle gave scores, and the moves that cost most.
//!
//! The oracle's scores are in its own units (Rapfi's classical evaluation and Sente's differ several-fold), so
//! drops compare players judged by the same oracle, not across oracles. Positions are judged one game at a time per
//! worker (`--parallel`), each worker with its own oracle process, so a brain follows a game as it would play it.

use crate::error::CliError;
use crate::io::{read_input, write_output};
use crate::tournament::entry::{self, Judgement};
use crate::tournament::record::{ReadGame, board_rows, read_line};
use crate::tournament::{OpeningSet, Settings};
use sente_core::{Game, State};
use sente_gomoku::notation::move_text;
use sente_gomoku::{Gomoku, Move, Rule};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

/// Options of `sente gomoku analyse`.
#[derive(Debug, clap::Args)]
pub struct AnalyseArgs {
    /// Game record files (`-` for stdin), as `sente gomoku match|gauntlet|contest --records` write them.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// The engine that judges the moves: `sente` or `pbrain:COMMAND` (a brain that reports `eval` in its MESSAGE
    /// lines gives drops; one that does not, only agreement).
    #[arg(long, default_value = "sente")]
    oracle: String,
    /// Judge only this player's moves (its name in the records); by default both players'.
    #[arg(long)]
    player: Option<String>,
    /// Only the games this player lost (with --player).
    #[arg(long, requires = "player")]
    lost: bool,
    /// Only these games (their numbers in the records), e.g. `3,5,7`.
    #[arg(long, value_delimiter = ',')]
    games: Vec<usize>,
    /// Board side the games were played on.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Rule the games were played under: freestyle, exact or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// The oracle's time per position in milliseconds (told to brains as `INFO timeout_turn`).
    #[arg(long, default_value_t = 1000)]
    time_ms: u64,
    /// Search threads of the oracle `sente`.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// A node budget per position for the oracle `sente` instead of the clock (deterministic with --threads 1).
    #[arg(long)]
    nodes: Option<u64>,
    /// Games judged at once, each by an oracle process of its own.
    #[arg(long, default_value_t = 1)]
    parallel: usize,
    /// How many of each player's costliest moves to list.
    #[arg(long, default_value_t = 10)]
    worst: usize,
    /// Also write one CSV row per judged move here: game,move,colour,player,played,oracle,judgement,drop.
    #[arg(long)]
    csv: Option<PathBuf>,
}

/// One judged move.
#[derive(Clone, Debug)]
struct Judged {
    /// The game's number and the move's number in it (1 is black's first stone, the opening's included).
    game: usize,
    number: usize,
    /// 0 black, 1 white.
    colour: usize,
    played: Move,
    oracle: Move,
    judgement: Option<Judgement>,
}

/// What became of a position between a player's turn and its next one, by the oracle's judgements.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Change {
    /// Both scores: the first less the second.
    Drop(i32),
    /// A proved win that is no longer one.
    WinLost,
    /// A position not lost that is now a proved loss.
    Losing,
    /// Nothing to compare (no judgement, or proved the same way before and after).
    Unknown,
}

fn change(before: Option<Judgement>, after: Option<Judgement>) -> Change {
    match (before, after) {
        (Some(Judgement::Score(a)), Some(Judgement::Score(b))) => Change::Drop(a - b),
        (Some(Judgement::Win(_)), Some(Judgement::Score(_) | Judgement::Loss(_))) => Change::WinLost,
        (Some(Judgement::Score(_)), Some(Judgement::Loss(_))) => Change::Losing,
        _ => Change::Unknown,
    }
}

/// The games of the records that `a` selects, and how many lines were skipped.
fn select_games(a: &AnalyseArgs, game: Gomoku) -> Result<(Vec<ReadGame>, usize), CliError> {
    let (mut games, mut skipped) = (Vec::new(), 0);
    for path in &a.records {
        let text = read_input(path)?;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let read = read_line(game, line).filter(|_| board_rows(line).is_none_or(|rows| rows == a.size));
            let Some(g) = read else {
                skipped += 1;
                continue;
            };
            let mut pos = game.initial_state();
            for (k, &m) in g.stones().iter().enumerate() {
                if !pos.is_legal(m) {
                    let detail =
                        format!("line {}: move {} ({}) is not legal there", n + 1, k + 1, move_text(game.dims(), m));
                    return Err(CliError::input(path, detail));
                }
                pos.play(m);
            }
            let side = a.player.as_ref().map(|p| g.names.iter().position(|n| n == p));
            let lost = |s: usize| g.result == if s == 0 { "0-1" } else { "1-0" };
            let wanted = (a.games.is_empty() || a.games.contains(&g.number))
                && match side {
                    None => true,
                    Some(None) => false,
                    Some(Some(s)) => !a.lost || lost(s),
                };
            if wanted {
                games.push(g);
            }
        }
    }
    Ok((games, skipped))
}

/// Judges every selected position of one game with `oracle`; `None` when `interrupt` is set before the end.
fn judge_game(
    g: &ReadGame,
    player: Option<&str>,
    oracle: &mut dyn entry::Player,
    settings: &Settings,
) -> Result<Option<Vec<Judged>>, String> {
    let game = settings.game;
    let stones = g.stones();
    let mut pos = game.initial_state();
    let opening = g.opening[0].len() + g.opening[1].len();
    let mut out = Vec::new();
    oracle.new_game(g.number).map_err(|f| format!("game {}: the oracle did not start: {f}", g.number))?;
    for (k, &played) in stones.iter().enumerate() {
        let colour = k % 2;
        if k >= opening && player.is_none_or(|p| g.names[colour] == p) {
            if settings.interrupt.is_set() {
                return Ok(None);
            }
            let answer = oracle
                .play(&pos, &stones[..k])
                .map_err(|f| format!("game {} move {}: the oracle failed: {f}", g.number, k + 1))?;
            out.push(Judged {
                game: g.number,
                number: k + 1,
                colour,
                played,
                oracle: answer.mv,
                judgement: answer.judgement,
            });
        }
        pos.play(played); // checked legal when the records were read
    }
    Ok(Some(out))
}

/// Runs `sente gomoku analyse`.
///
/// # Errors
/// Unreadable files, a record with an illegal move or no selected game (exit 2), an oracle that fails or an
/// interruption (exit 1, after the report of the games judged), an unwritable CSV.
pub fn run(a: &AnalyseArgs) -> Result<ExitCode, CliError> {
    let rule: Rule = a.rule.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(e.to_string()))?;
    let game = Gomoku::new(a.size, rule).map_err(|e| CliError::Usage(e.to_string()))?;
    if a.parallel == 0 || a.threads == 0 || a.time_ms == 0 {
        return Err(CliError::Usage("--parallel, --threads and --time-ms must be at least 1".into()));
    }
    let (games, skipped) = select_games(a, game)?;
    if games.is_empty() {
        return Err(CliError::Usage(format!(
            "no game to judge: none of the record lines is a game on a {s}×{s} board that the options select \
             ({skipped} lines skipped; a record line reads `game 3: black A white B opening H8 J9 H9 moves … \
             result 1-0 (…)`)",
            s = a.size
        )));
    }
    let settings = Settings {
        game,
        time: Duration::from_millis(a.time_ms),
        tolerance: Duration::from_millis(1000),
        threads: a.threads,
        nodes: a.nodes,
        seed: 0,
        openings: OpeningSet::Seeded { seed: 0, stones: 0 },
        parallel: a.parallel,
        workdir: None,
        interrupt: crate::check::runner::catch_signals(),
    };
    let oracle = entry::resolve(std::slice::from_ref(&a.oracle), &settings)?.remove(0);
    eprintln!(
        "judging {} games ({} record lines skipped) with {} at {}, {} at once",
        games.len(),
        skipped,
        oracle.name,
        a.nodes.map_or(format!("{} ms a position", a.time_ms), |n| format!("{n} nodes a position")),
        a.parallel
    );
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<Vec<Judged>>>> = Mutex::new(vec![None; games.len()]);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..a.parallel.min(games.len()) {
            scope.spawn(|| {
                let mut player = match oracle.player(&settings) {
                    Ok(p) => p,
                    Err(f) => return *failure.lock().unwrap() = Some(format!("the oracle did not start: {f}")),
                };
                loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        *n += 1;
                        *n - 1
                    };
                    if i >= games.len() || settings.interrupt.is_set() || failure.lock().unwrap().is_some() {
                        return;
                    }
                    match judge_game(&games[i], a.player.as_deref(), player.as_mut(), &settings) {
                        Ok(None) => return,
                        Ok(Some(rows)) => {
                            eprintln!("game {}: {} moves judged", games[i].number, rows.len());
                            results.lock().unwrap()[i] = Some(rows);
                        }
                        Err(e) => return *failure.lock().unwrap() = Some(e),
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(CliError::Other(e));
    }
    let judged: Vec<(usize, Vec<Judged>)> =
        results.into_inner().unwrap().into_iter().enumerate().filter_map(|(i, r)| Some((i, r?))).collect();
    // After Ctrl-C the games judged so far are still reported (and written), then the run ends with exit 1.
    let report = report(a, game, &games, &judged);
    print!("{}", report.text);
    if let Some(path) = &a.csv {
        write_output(path, &report.csv)?;
    }
    if settings.interrupt.is_set() {
        return Err(CliError::Other(format!(
            "interrupted after {} of {} games; the report covers those",
            judged.len(),
            games.len()
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// One player's tally over the judged moves.
#[derive(Default)]
struct Tally {
    name: String,
    moves: usize,
    agreed: usize,
    drops: Vec<i32>,
    wins_lost: usize,
    losing: usize,
    /// Each costly move's cost (proved changes first) and description.
    worst: Vec<(i32, String)>,
}

/// The printed report and the CSV.
struct Report {
    text: String,
    csv: String,
}

fn report(a: &AnalyseArgs, game: Gomoku, games: &[ReadGame], judged: &[(usize, Vec<Judged>)]) -> Report {
    let cell = |m: Move| move_text(game.dims(), m);
    let mut text = String::new();
    let mut csv = String::from("game,move,colour,player,played,oracle,judgement,drop\n");
    let mut players: Vec<Tally> = Vec::new();
    for (i, rows) in judged {
        let g = &games[*i];
        for (k, r) in rows.iter().enumerate() {
            // The same player's next judged turn in this game, two plies on.
            let after = rows[k + 1..].iter().find(|n| n.number == r.number + 2).map(|n| n.judgement);
            let ch = after.map_or(Change::Unknown, |after| change(r.judgement, after));
            let name = &g.names[r.colour];
            let colour = ["black", "white"][r.colour];
            let shown = r.judgement.map_or("-".to_string(), |j| j.to_string());
            let (drop_text, drop_csv) = match ch {
                Change::Drop(d) => (format!(", drop {d}"), d.to_string()),
                Change::WinLost => (", a won position no longer won".to_string(), "win-lost".to_string()),
                Change::Losing => (", the position is now lost".to_string(), "losing".to_string()),
                Change::Unknown => (String::new(), String::new()),
            };
            let mark = if r.played == r.oracle { "=" } else { "≠" };
            let _ = writeln!(
                text,
                "game {} move {} {colour} {name}: played {} {mark} oracle {} ({shown}){drop_text}",
                r.game,
                r.number,
                cell(r.played),
                cell(r.oracle)
            );
            let _ = writeln!(
                csv,
                "{},{},{colour},{},{},{},{},{drop_csv}",
                r.game,
                r.number,
                csv_field(name),
                cell(r.played),
                cell(r.oracle),
                r.judgement.map_or(String::new(), |j| j.to_string())
            );
            let p = match players.iter().position(|p| &p.name == name) {
                Some(p) => p,
                None => {
                    players.push(Tally { name: name.clone(), ..Tally::default() });
                    players.len() - 1
                }
            };
            let p = &mut players[p];
            p.moves += 1;
            p.agreed += usize::from(r.played == r.oracle);
            let at =
                format!("game {} move {} {} (oracle {}, {shown})", r.game, r.number, cell(r.played), cell(r.oracle));
            match ch {
                Change::Drop(d) => {
                    p.drops.push(d);
                    p.worst.push((d, at));
                }
                Change::WinLost => {
                    p.wins_lost += 1;
                    p.worst.push((i32::MAX, format!("{at}: a won position no longer won")));
                }
                Change::Losing => {
                    p.losing += 1;
                    p.worst.push((i32::MAX - 1, format!("{at}: the position is now lost")));
                }
                Change::Unknown => {}
            }
        }
    }
    let _ = writeln!(text);
    for Tally { name, moves, agreed, drops, wins_lost, losing, mut worst } in players {
        let share = 100.0 * agreed as f64 / moves.max(1) as f64;
        let _ = write!(text, "{name}: {moves} moves judged, {agreed} the oracle's move ({share:.1}%)");
        if drops.is_empty() {
            let _ = writeln!(text, "; no scores to compare");
        } else {
            let n = drops.len() as f64;
            let mean = drops.iter().map(|&d| f64::from(d)).sum::<f64>() / n;
            let var = drops.iter().map(|&d| (f64::from(d) - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
            let _ = writeln!(
                text,
                "; mean drop {mean:.1} (95% interval {:.1}..{:.1}) over {} moves with scores; {wins_lost} won \
                 positions no longer won, {losing} moves after which the position was lost",
                mean - 1.96 * (var / n).sqrt(),
                mean + 1.96 * (var / n).sqrt(),
                drops.len()
            );
        }
        worst.sort_by_key(|w| std::cmp::Reverse(w.0));
        for (d, at) in worst.iter().take(a.worst) {
            match *d {
                d if d >= i32::MAX - 1 => {
                    let _ = writeln!(text, "  {at}");
                }
                d => {
                    let _ = writeln!(text, "  {at}: drop {d}");
                }
            }
        }
    }
    Report { text, csv }
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_compare_scores_and_proofs() {
        use Judgement::{Loss, Score, Win};
        assert_eq!(change(Some(Score(100)), Some(Score(40))), Change::Drop(60));
        assert_eq!(change(Some(Score(-10)), Some(Score(30))), Change::Drop(-40));
        assert_eq!(change(Some(Win(5)), Some(Score(900))), Change::WinLost);
        assert_eq!(change(Some(Win(5)), Some(Loss(4))), Change::WinLost);
        assert_eq!(change(Some(Score(0)), Some(Loss(6))), Change::Losing);
        assert_eq!(change(Some(Win(5)), Some(Win(3))), Change::Unknown);
        assert_eq!(change(Some(Loss(5)), Some(Loss(3))), Change::Unknown);
        assert_eq!(change(None, Some(Score(3))), Change::Unknown);
    }

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("sente"), "sente");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
