//! `sente gomoku openings`: writes an opening file of positions the engine judges balanced.
//!
//! From the seeded 3-stone openings most games go to the side with black, so both games of an opening pair
//! usually end 1–0 for black and say nothing about which engine is stronger. This command draws candidates (`--stones`
//! stones placed alternately, black first, on random cells of the central `--area` square, candidate `k` from seed
//! `1_000_003·S + k`), searches each with the engine on one thread for a fixed number of nodes (deterministic), and
//! keeps those whose value for the side to move lies within `±--band` and is no proven result, until `--count` are
//! kept. With `--play N` a kept candidate must also be balanced in play: the engine plays it out against itself `N`
//! times, at `--play-nodes` a move and larger budgets (`sente_gomoku::openings::black_points`), and black must score
//! between a quarter and three quarters of the points. The file (one opening a line, stones in play order, black
//! first, a `#` header with the command) is what `match`, `gauntlet` and `contest` read with `--openings`. It is
//! written only once complete.

use crate::error::CliError;
use crate::io::write_output;
use indicatif::{ProgressBar, ProgressStyle};
use sente_core::State;
use sente_gomoku::engine::{Engine, ThinkLimits};
use sente_gomoku::openings::{black_points, opening_text, play_order, scattered};
use sente_gomoku::{Gomoku, Rule};
use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `sente gomoku openings`.
#[derive(Debug, clap::Args)]
pub struct OpeningsArgs {
    /// Openings to write.
    #[arg(long, default_value_t = 500)]
    count: usize,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Rule: freestyle, exact or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Stones in each opening, placed alternately, black first.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=20))]
    stones: u8,
    /// Side of the central square the stones are drawn from.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(1..=26))]
    area: u8,
    /// Seed of the candidates (candidate k is drawn from seed 1000003*S + k).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes of the engine's search of each candidate (one thread, so the file depends on nothing else).
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Keep a candidate whose value for the side to move is within plus or minus this many evaluation units (an
    /// open three is worth about 1,500; the fitted win-rate curve gives 73% at 740).
    #[arg(long, default_value_t = 150)]
    band: i32,
    /// Also play each candidate inside the band out this many times, the engine against itself (0: do not play;
    /// else at least 2), and keep it only if black scores between a quarter and three quarters of the points.
    #[arg(long, default_value_t = 0)]
    play: u32,
    /// Nodes a move of the first self-play game; game i searches (2 + i) / 2 times as many (one thread).
    #[arg(long, default_value_t = 10_000)]
    play_nodes: u64,
    /// Give up once this many candidates per opening still to find (that is, N times one more than the openings
    /// kept so far) have been drawn with too few kept: the band or the self-play test is too strict for the other
    /// settings. Deep self-play (`--play-nodes 100000`) can need more than the default.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..))]
    max_tries: u64,
    /// Where to write the file (`-` for stdout).
    #[arg(long, default_value = "-")]
    out: PathBuf,
}

/// Writes the opening file.
///
/// # Errors
/// [`CliError::Usage`] for an unknown rule, an unsupported size or a band no candidate meets; [`CliError::Write`]
/// when the file cannot be written.
pub fn run(a: &OpeningsArgs) -> Result<ExitCode, CliError> {
    let rule: Rule = a.rule.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(e.to_string()))?;
    let game = Gomoku::new(a.size, rule).map_err(|e| CliError::Usage(e.to_string()))?;
    if a.count == 0 || a.nodes == 0 || a.band < 0 {
        return Err(CliError::Usage("--count and --nodes must be at least 1 and --band at least 0".into()));
    }
    if a.play == 1 || a.play_nodes == 0 {
        return Err(CliError::Usage(
            "--play must be 0 (no games) or at least 2 (one game cannot split its points), and --play-nodes at least 1"
                .into(),
        ));
    }
    let progress = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(a.count as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} openings  {msg}  {elapsed} (eta {eta})") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut engine = Engine::new(1, 16);
    let limits = ThinkLimits { nodes: Some(a.nodes), ..ThinkLimits::default() };
    let (mut kept, mut seen) = (Vec::new(), HashSet::new());
    let (mut tried, mut played) = (0usize, 0usize);
    while kept.len() < a.count {
        if tried as u64 >= a.max_tries.saturating_mul(kept.len() as u64 + 1) {
            return Err(CliError::Usage(format!(
                "only {} of {tried} candidates ({} distinct) were within ±{}{} (raise --band or --max-tries, or widen \
                 --area or change --stones for more distinct positions)",
                kept.len(),
                seen.len(),
                a.band,
                if a.play > 0 { format!(" and balanced in {} self-play games", a.play) } else { String::new() }
            )));
        }
        let pos =
            scattered(game, a.seed.wrapping_mul(1_000_003).wrapping_add(tried as u64), a.stones.into(), a.area.into());
        tried += 1;
        if pos.stones() < usize::from(a.stones) || !seen.insert(pos.hash()) {
            continue;
        }
        engine.clear();
        let Some(d) = engine.think(&pos, &limits) else { continue };
        if d.value.is_decisive() || d.value.0.abs() > a.band {
            continue;
        }
        let halves = if a.play > 0 {
            played += 1;
            progress.set_message(format!("{tried} candidates searched, {played} played out"));
            let halves = black_points(&mut engine, &pos, a.play, a.play_nodes);
            // Black's points (halves / 2) between a quarter and three quarters of the games.
            if 2 * halves < a.play || 2 * halves > 3 * a.play {
                continue;
            }
            Some(halves)
        } else {
            None
        };
        kept.push((pos, d.value.0, halves));
        progress.set_position(kept.len() as u64);
        progress.set_message(format!("{tried} candidates searched, {played} played out"));
    }
    progress.finish_and_clear();
    let mut text = String::new();
    let play_options =
        if a.play > 0 { format!(" --play {} --play-nodes {}", a.play, a.play_nodes) } else { String::new() };
    let _ = writeln!(
        text,
        "# sente gomoku openings --size {} --rule {} --stones {} --area {} --seed {} --nodes {} --band {}{play_options} \
         --count {}",
        a.size,
        rule.name(),
        a.stones,
        a.area,
        a.seed,
        a.nodes,
        a.band,
        a.count
    );
    let _ = writeln!(
        text,
        "# {} of {tried} candidates kept: the engine's value for the side to move within ±{} after {} nodes",
        kept.len(),
        a.band,
        a.nodes
    );
    if a.play > 0 {
        let _ = writeln!(
            text,
            "# and, of the {played} within it played out {} times by the engine against itself (from {} nodes a move), \
             those where black scored a quarter to three quarters of the points",
            a.play, a.play_nodes
        );
    }
    let _ = writeln!(
        text,
        "# one opening a line, stones in play order, black first (value for the side to move{})",
        if a.play > 0 { "; black's points in its self-play games" } else { "" }
    );
    for (pos, value, halves) in &kept {
        let stones = play_order(pos);
        let _ = match halves {
            Some(h) => writeln!(
                text,
                "{}  # {value:+}; black {} of {}",
                opening_text(game, &stones),
                f64::from(*h) / 2.0,
                a.play
            ),
            None => writeln!(text, "{}  # {value:+}", opening_text(game, &stones)),
        };
    }
    write_output(&a.out, &text)?;
    if a.out.as_os_str() != "-" {
        let played = if a.play > 0 { format!(", {played} played out") } else { String::new() };
        eprintln!("wrote {} openings ({tried} candidates searched{played}) to {}", kept.len(), a.out.display());
    }
    Ok(ExitCode::SUCCESS)
}
