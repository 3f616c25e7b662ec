//! `sente gomoku match` (also `sente match`): two engines play a series of games; the first engine's W/L/D, score
//! and Elo difference with a 95% interval are reported, the interval over the opening pairs (`elo::Pairs`), and
//! the first engine's tally with each colour with each side's slowest move.
//!
//! Engines are entry specifications (`sente`, `weights`, `pbrain:COMMAND`, `nptu:COMMAND`, optionally `LABEL=…`),
//! shown by name (a brain by its `ABOUT` name). Game `k` (from 1) plays opening `(k-1)/2` of the set, the first
//! engine black in odd games, so each opening is played once with each colour. The clocks, verdicts, openings and
//! records are the tournament module's; this file only pairs the two engines and prints. With `--sprt ELO0,ELO1`
//! the match ends as soon as the sequential test over the opening pairs (`tournament::sprt`) decides; every progress
//! line then shows the log-likelihood ratio so far.

use crate::error::CliError;
use crate::io::write_output;
use crate::tournament::elo::{Pairs, Tally};
use crate::tournament::game::colours_and_clocks;
use crate::tournament::schedule::{self, Job};
use crate::tournament::sprt::{Sprt, Verdict};
use crate::tournament::{TournamentArgs, entry, record};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Options of a match.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// First engine: `sente`, `weights`, `pbrain:COMMAND` or `nptu:COMMAND` (optionally `LABEL=…`).
    first: String,
    /// Second engine, as the first.
    second: String,
    /// Number of games (colours alternate; each opening is played twice); with --sprt, the most games played.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Sequential test: stop as soon as the games accept H0 (the first engine is ELO0 stronger) or H1 (ELO1
    /// stronger), at 5% error rates, e.g. `--sprt 0,20` to test a change against the last engine.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<Sprt>,
    /// Where to write the game records (one line per game, with a replay link).
    #[arg(long)]
    records: Option<PathBuf>,
    /// Working folders of NPTU entries [default: a temporary folder, removed afterwards].
    #[arg(long, value_name = "DIR")]
    workdir: Option<PathBuf>,
    #[command(flatten)]
    common: TournamentArgs,
}

/// Runs a match.
///
/// # Errors
/// Bad options or engines that cannot be started (exit 2); records that cannot be written.
pub fn run(a: &MatchArgs) -> Result<ExitCode, CliError> {
    let temp = tempfile::tempdir().map_err(CliError::Io)?;
    let workdir = a.workdir.clone().unwrap_or_else(|| temp.path().to_path_buf());
    let settings = a.common.settings(15, Some(workdir))?;
    let entries = entry::resolve(&[a.first.clone(), a.second.clone()], &settings)?;
    settings.warn_if_oversubscribed(&entries);
    let jobs: Vec<Job> = (0..a.games)
        .map(|i| {
            let opening = settings.openings.get(settings.game, i / 2);
            if i % 2 == 0 { Job { black: 0, white: 1, opening } } else { Job { black: 1, white: 0, opening } }
        })
        .collect();
    write_output(Path::new("-"), &format!("{}\n", settings.describe()))?;
    let mut running = Tally::default();
    let mut scores = Vec::new();
    let mut decided: Option<(usize, Verdict)> = None;
    let mut kept = a.records.as_deref().map(|p| record::RecordsFile::new(p, settings.game, record::RecordsFile::EVERY));
    let games = schedule::run_until(&entries, &settings, &jobs, 1, |r| {
        if let Some(k) = &mut kept {
            k.add(r);
        }
        running.add(r.score_of(0));
        scores.push((r.number - 1, r.score_of(0)));
        let mut line = record::summary(r);
        if let Some(sprt) = a.sprt {
            // The test looks at the complete opening pairs: the ratio moves when a game completes its pair.
            let pairs = Pairs::of(scores.iter().copied());
            line += &format!(" (LLR {:+.2})", sprt.llr(&pairs));
            if decided.is_none() {
                decided = sprt.verdict(&pairs).map(|v| (running.games(), v));
            }
        }
        record::progress(&line);
        if decided.is_some() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    // Every game shown to the callback is returned and no other, so its running tally is the match's.
    let tally = running;
    let faults = games.iter().filter(|g| g.fault().is_some()).count();
    if let Some(kept) = &kept {
        kept.finish(&games)?;
    }
    settings.check_interrupt(games.len(), jobs.len())?;
    let out = format!(
        "{} vs {}: {} games, {}, {}\ngames lost by timeout, illegal or malformed move, crash or failed start: {faults}\n",
        entries[0].name,
        entries[1].name,
        tally.games(),
        tally.wld(),
        tally.describe()
    );
    write_output(Path::new("-"), &out)?;
    let pairs = Pairs::of(games.iter().map(|g| (g.number - 1, g.score_of(0))));
    write_output(
        Path::new("-"),
        &format!("opening pairs (each opening once with each colour): {}\n", pairs.describe()),
    )?;
    if let Some(sprt) = a.sprt {
        write_output(Path::new("-"), &(sprt.describe(&pairs, tally.games(), decided) + "\n"))?;
    }
    write_output(
        Path::new("-"),
        &format!("by colour: {}\n", colours_and_clocks(&games, (0, &entries[0].name), (1, &entries[1].name))),
    )?;
    Ok(ExitCode::SUCCESS)
}
