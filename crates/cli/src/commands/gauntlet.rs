//! `sente gomoku gauntlet`: one engine under test against a list of opponents, N games each from the fixed opening
//! set with colours swapped, `--parallel` games at once; per opponent W/L/D, score and Elo with a 95% interval,
//! the engine's tally with each colour and each side's slowest move, game records, and `--summary-csv` for
//! `sente report`'s strength ladder.
//!
//! The CSV holds exactly the header `opponent,games,wins,losses,draws,score,elo,elo_low,elo_high` and one row per
//! opponent, from the engine under test's side: `score` a fraction 0..1 (four decimals), the Elo numbers rounded
//! to integers, an infinite bound written as ±999.

use crate::error::CliError;
use crate::io::write_output;
use crate::tournament::elo::{Pairs, Tally, integer};
use crate::tournament::game::{Ending, GameRecord, colours_and_clocks};
use crate::tournament::schedule::{self, Job};
use crate::tournament::{TournamentArgs, entry, record};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The CSV header `sente report` reads.
pub const CSV_HEADER: &str = "opponent,games,wins,losses,draws,score,elo,elo_low,elo_high";

/// Options of a gauntlet.
#[derive(Debug, clap::Args)]
pub struct GauntletArgs {
    /// The opponents: `sente`, `weights`, `pbrain:COMMAND`, `nptu:COMMAND` (optionally `LABEL=…`), any number.
    #[arg(required = true, value_name = "OPPONENT")]
    opponents: Vec<String>,
    /// The engine under test, in the same form.
    #[arg(long, default_value = "sente")]
    engine: String,
    /// Games per opponent (even: each opening is played once with each colour).
    #[arg(long, default_value_t = 20)]
    games: usize,
    /// Where to write the game records (one line per game, with a replay link).
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Write the per-opponent summary as CSV to this file.
    #[arg(long, value_name = "FILE")]
    summary_csv: Option<PathBuf>,
    /// Working folders of NPTU entries [default: a temporary folder, removed afterwards].
    #[arg(long, value_name = "DIR")]
    workdir: Option<PathBuf>,
    #[command(flatten)]
    common: TournamentArgs,
}

/// Runs a gauntlet.
///
/// # Errors
/// Bad options (an odd or zero `--games`, an unknown engine, a brain that does not start: exit 2); output files
/// that cannot be written.
pub fn run(a: &GauntletArgs) -> Result<ExitCode, CliError> {
    if a.games == 0 || a.games % 2 == 1 {
        return Err(CliError::Usage(format!(
            "--games {} must be even and positive (each opening is played once with each colour)",
            a.games
        )));
    }
    let temp = tempfile::tempdir().map_err(CliError::Io)?;
    let workdir = a.workdir.clone().unwrap_or_else(|| temp.path().to_path_buf());
    let settings = a.common.settings(15, Some(workdir))?;
    let specs: Vec<String> = std::iter::once(a.engine.clone()).chain(a.opponents.iter().cloned()).collect();
    let entries = entry::resolve(&specs, &settings)?;
    settings.warn_if_oversubscribed(&entries);
    let mut jobs = Vec::new();
    for opp in 1..entries.len() {
        for i in 0..a.games {
            let opening = settings.openings.get(settings.game, i / 2);
            let (black, white) = if i % 2 == 0 { (0, opp) } else { (opp, 0) };
            jobs.push(Job { black, white, opening });
        }
    }
    let out = Path::new("-");
    write_output(out, &format!("gauntlet of {}: {}\n", entries[0].name, settings.describe()))?;
    let mut kept = a.records.as_deref().map(|p| record::RecordsFile::new(p, settings.game, record::RecordsFile::EVERY));
    let games = schedule::run(&entries, &settings, &jobs, 1, |r| {
        record::progress(&record::summary(r));
        if let Some(k) = &mut kept {
            k.add(r);
        }
    });
    let mut tallies = vec![Tally::default(); entries.len()];
    for g in &games {
        let opp = if g.black.0 == 0 { g.white.0 } else { g.black.0 };
        tallies[opp].add(g.score_of(0));
    }
    let mut report = String::new();
    let mut csv = format!("{CSV_HEADER}\n");
    for (k, e) in entries.iter().enumerate().skip(1) {
        let t = &tallies[k];
        let (lo, hi) = t.interval();
        // Opponent k's games are jobs (k − 1)·N .. k·N (numbered from 1), in opening pairs.
        let pairs = Pairs::of(
            games
                .iter()
                .filter(|g| g.black.0 == k || g.white.0 == k)
                .map(|g| (g.number - 1 - (k - 1) * a.games, g.score_of(0))),
        );
        report.push_str(&format!(
            "{} vs {}: {} games, {}, {}; {}; faults: {} {}, {} {}\n",
            entries[0].name,
            e.name,
            t.games(),
            t.wld(),
            t.describe(),
            pairs.describe(),
            entries[0].name,
            faults_of(&games, 0, k),
            e.name,
            faults_of(&games, k, 0),
        ));
        report.push_str(&format!("  {}\n", colours_and_clocks(&games, (0, &entries[0].name), (k, &e.name))));
        csv.push_str(&format!(
            "{},{},{},{},{},{:.4},{},{},{}\n",
            csv_field(&e.name),
            t.games(),
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            integer(t.elo()),
            integer(lo),
            integer(hi)
        ));
    }
    if let Some(kept) = &kept {
        kept.finish(&games)?;
    }
    // No summary of a partial gauntlet: its CSV would read as a finished one.
    settings.check_interrupt(games.len(), jobs.len())?;
    if let Some(p) = &a.summary_csv {
        write_output(p, &csv)?;
    }
    write_output(out, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// Games between `who` and `against` that `who` lost by a fault (timeout, illegal or malformed move, crash).
fn faults_of(games: &[GameRecord], who: usize, against: usize) -> usize {
    games
        .iter()
        .filter(|g| matches!(&g.ending, Ending::Fault(loser, _) if g.side_of(who, against) == Some(*loser)))
        .count()
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_only_when_needed() {
        assert_eq!(csv_field("Rapfi"), "Rapfi");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
