//! `sente gomoku contest`: the NPTU contest on one machine. Entries (NPTU programs, pbrain brains, `sente`,
//! `weights`) play a round-robin, or a Swiss system when there are many, each pairing a mini-match of `--games`
//! games from balanced openings with colours swapped, `--parallel` games at once. An illegal or malformed move, a
//! timeout or a crash loses the game, with the reason recorded. The output is a crosstable with points, W/L/D,
//! Elo with a 95% interval and faults per entry; `--out DIR` keeps the game records (with replay links for
//! `sente serve`), the crosstable, a standings CSV and the NPTU entries' working folders.
//!
//! Pairing `p` (from 0, in schedule order) plays openings `p·G/2 … p·G/2 + G/2 - 1` of the set, each twice, the
//! higher-listed entry black first. A Swiss bye scores the pairing's full points but no games.

use crate::error::CliError;
use crate::io::write_output;
use crate::tournament::elo::{Tally, integer, show};
use crate::tournament::entry::Entry;
use crate::tournament::game::{Ending, GameRecord};
use crate::tournament::schedule::{self, Job};
use crate::tournament::swiss::{History, round_robin, swiss_round};
use crate::tournament::{Settings, TournamentArgs, entry, record};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Entries above this number play a Swiss system unless `--rounds` says otherwise.
pub const ROUND_ROBIN_MAX: usize = 12;

/// Options of a contest.
#[derive(Debug, clap::Args)]
pub struct ContestArgs {
    /// The entries: `nptu:COMMAND`, `pbrain:COMMAND`, `sente`, `weights`, each optionally `LABEL=…`.
    #[arg(required = true, num_args = 2.., value_name = "ENTRY")]
    entries: Vec<String>,
    /// Games per pairing (even: each opening once with each colour).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Play a Swiss system of this many rounds instead of a round-robin [default: round-robin up to 12 entries,
    /// Swiss of ceil(log2 N) + 2 rounds above].
    #[arg(long)]
    rounds: Option<usize>,
    /// Folder for the results: games.txt, crosstable.txt, standings.csv and work/ (NPTU working folders).
    #[arg(long, value_name = "DIR", default_value = "contest")]
    out: PathBuf,
    #[command(flatten)]
    common: TournamentArgs,
}

/// Runs a contest.
///
/// # Errors
/// Bad options (exit 2), an entry that cannot be named, or results that cannot be written.
pub fn run(a: &ContestArgs) -> Result<ExitCode, CliError> {
    if a.games == 0 || a.games % 2 == 1 {
        return Err(CliError::Usage(format!("--games {} must be even and positive", a.games)));
    }
    if a.rounds == Some(0) {
        return Err(CliError::Usage("--rounds must be at least 1".into()));
    }
    let work = a.out.join("work");
    // A program must not find another contest's files in its working folder, nor results be mixed.
    let used = |p: &Path| std::fs::read_dir(p).is_ok_and(|mut d| d.next().is_some());
    if a.out.join("games.txt").exists() || used(&work) {
        return Err(CliError::Usage(format!(
            "{} already holds a contest's results; choose another --out or remove it",
            a.out.display()
        )));
    }
    std::fs::create_dir_all(&work).map_err(|e| CliError::Write { path: work.display().to_string(), source: e })?;
    let settings = a.common.settings(19, Some(std::fs::canonicalize(&work).unwrap_or(work)))?;
    let entries = entry::resolve(&a.entries, &settings)?;
    settings.warn_if_oversubscribed(&entries);
    let n = entries.len();
    let rounds =
        a.rounds.or_else(|| (n > ROUND_ROBIN_MAX).then(|| n.next_power_of_two().trailing_zeros() as usize + 2));
    let format = match rounds {
        Some(r) => format!("Swiss, {r} rounds"),
        None => "round-robin".to_string(),
    };
    let out = Path::new("-");
    write_output(
        out,
        &format!("contest of {n} entries ({format}, {} games a pairing): {}\n", a.games, settings.describe()),
    )?;
    let mut byes = vec![0usize; n];
    // games.txt is rewritten as games finish, so a contest killed outright keeps the records of its finished games.
    let mut kept = record::RecordsFile::new(&a.out.join("games.txt"), settings.game, record::RecordsFile::EVERY);
    let games = match rounds {
        None => play_pairings(&entries, &settings, &round_robin(n), a.games, 0, &mut kept),
        Some(r) => {
            let mut history = History::default();
            let mut all: Vec<GameRecord> = Vec::new();
            let mut pairing = 0;
            for round in 1..=r {
                let points: Vec<f64> = (0..n).map(|e| points_of(&all, e) + (byes[e] * a.games) as f64).collect();
                let (pairs, bye) = swiss_round(&points, &history);
                let plural = if pairs.len() == 1 { "" } else { "s" };
                record::progress(&format!("round {round}: {} pairing{plural}{}", pairs.len(), bye_text(&entries, bye)));
                if let Some(b) = bye {
                    history.bye(b);
                    byes[b] += 1;
                }
                for &(x, y) in &pairs {
                    history.meet(x, y);
                }
                let played = play_pairings(&entries, &settings, &pairs, a.games, pairing, &mut kept);
                pairing += pairs.len();
                all.extend(played);
                if settings.interrupt.is_set() {
                    break;
                }
            }
            all
        }
    };
    kept.finish(&games)?;
    if settings.interrupt.is_set() {
        return Err(CliError::Other(format!(
            "interrupted after {} games; their records are in {}",
            games.len(),
            a.out.join("games.txt").display()
        )));
    }
    let table = crosstable(&entries, &games, &byes, a.games);
    write_output(&a.out.join("crosstable.txt"), &table.text)?;
    write_output(&a.out.join("standings.csv"), &table.csv)?;
    write_output(out, &format!("{}results, records and working folders: {}\n", table.text, a.out.display()))?;
    Ok(ExitCode::SUCCESS)
}

fn bye_text(entries: &[Entry], bye: Option<usize>) -> String {
    bye.map(|b| format!(", bye: {}", entries[b].name)).unwrap_or_default()
}

/// Plays `pairs` as mini-matches of `games` games; the first pairing's openings start at `first_pairing·games/2`.
fn play_pairings(
    entries: &[Entry],
    settings: &Settings,
    pairs: &[(usize, usize)],
    games: usize,
    first_pairing: usize,
    kept: &mut record::RecordsFile,
) -> Vec<GameRecord> {
    let mut jobs = Vec::new();
    for (p, &(x, y)) in pairs.iter().enumerate() {
        for i in 0..games {
            let opening = settings.openings.get(settings.game, (first_pairing + p) * games / 2 + i / 2);
            let (black, white) = if i % 2 == 0 { (x, y) } else { (y, x) };
            jobs.push(Job { black, white, opening });
        }
    }
    let first_number = first_pairing * games + 1;
    schedule::run(entries, settings, &jobs, first_number, |r| {
        record::progress(&record::summary(r));
        kept.add(r);
    })
}

fn points_of(games: &[GameRecord], e: usize) -> f64 {
    games.iter().filter(|g| g.black.0 == e || g.white.0 == e).map(|g| g.score_of(e)).sum()
}

/// The crosstable as text and the standings as CSV.
struct Table {
    text: String,
    csv: String,
}

/// Ranks entries by points (byes included), then by entry order, and lays out the crosstable.
fn crosstable(entries: &[Entry], games: &[GameRecord], byes: &[usize], per_pairing: usize) -> Table {
    let n = entries.len();
    let mut tallies = vec![Tally::default(); n];
    let mut versus = vec![vec![None::<f64>; n]; n];
    let mut faults: Vec<Vec<String>> = vec![Vec::new(); n];
    for g in games {
        let (b, w) = (g.black.0, g.white.0);
        tallies[b].add(g.score_of(b));
        tallies[w].add(g.score_of(w));
        *versus[b][w].get_or_insert(0.0) += g.score_of(b);
        *versus[w][b].get_or_insert(0.0) += g.score_of(w);
        if let Ending::Fault(side, f) = &g.ending {
            let loser = if side.index() == 0 { b } else { w };
            faults[loser].push(f.kind().to_string());
        }
    }
    let points: Vec<f64> = (0..n).map(|e| tallies[e].points() + (byes[e] * per_pairing) as f64).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| points[y].total_cmp(&points[x]).then(x.cmp(&y)));
    let width = entries.iter().map(|e| e.name.chars().count()).max().unwrap_or(5).max(5);
    let cell = |v: Option<f64>| v.map_or("-".to_string(), half);
    let mut text = format!("{:>4}  {:<width$}", "rank", "entry");
    for k in 1..=n {
        text.push_str(&format!(" {k:>4}"));
    }
    text.push_str(&format!(
        "  {:>6}  {:>5}  {:<11}  {:<22}  faults\n",
        "points", "games", "+W -L =D", "Elo (95% interval)"
    ));
    let mut csv = String::from("rank,entry,games,wins,losses,draws,points,score,elo,elo_low,elo_high,faults\n");
    for (rank, &e) in order.iter().enumerate() {
        let t = &tallies[e];
        let (lo, hi) = t.interval();
        text.push_str(&format!("{:>4}  {:<width$}", rank + 1, entries[e].name));
        for &o in &order {
            text.push_str(&format!(" {:>4}", if o == e { "·".to_string() } else { cell(versus[e][o]) }));
        }
        let fault_text = summarise(&faults[e]);
        let bye = if byes[e] > 0 { format!(" ({} bye)", byes[e]) } else { String::new() };
        let elo = format!("{} ({}..{})", show(t.elo()), show(lo), show(hi));
        text.push_str(&format!(
            "  {:>6}  {:>5}  {:<11}  {elo:<22}  {}{bye}\n",
            half(points[e]),
            t.games(),
            t.wld(),
            if fault_text.is_empty() { "-".to_string() } else { fault_text.clone() }
        ));
        csv.push_str(&format!(
            "{},{},{},{},{},{},{},{:.4},{},{},{},{}\n",
            rank + 1,
            entries[e].name.replace(',', " "),
            t.games(),
            t.wins,
            t.losses,
            t.draws,
            half(points[e]),
            t.score(),
            integer(t.elo()),
            integer(lo),
            integer(hi),
            fault_text.replace(',', ";")
        ));
    }
    let lost: Vec<String> = games.iter().filter(|g| g.fault().is_some()).map(record::summary).collect();
    if !lost.is_empty() {
        text.push_str(&format!("games lost by a fault ({}):\n", lost.len()));
        for l in lost {
            text.push_str(&format!("  {l}\n"));
        }
    }
    Table { text, csv }
}

/// Points as `2`, `1.5`, `0`.
fn half(x: f64) -> String {
    if x.fract() == 0.0 { format!("{x:.0}") } else { format!("{x:.1}") }
}

/// `timeout 2, crash 1`, in order of first appearance.
fn summarise(kinds: &[String]) -> String {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for k in kinds {
        match seen.iter_mut().find(|(s, _)| s == k) {
            Some((_, c)) => *c += 1,
            None => seen.push((k.clone(), 1)),
        }
    }
    seen.iter().map(|(k, c)| format!("{k} {c}")).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Fault;
    use crate::tournament::entry::Kind;
    use crate::tournament::game::Opening;
    use sente_core::Player as Side;

    fn game(number: usize, black: usize, white: usize, ending: Ending) -> GameRecord {
        let name = |k: usize| ["a", "b", "c"][k].to_string();
        GameRecord {
            number,
            black: (black, name(black)),
            white: (white, name(white)),
            opening: Opening { index: 0, stones: Vec::new() },
            moves: Vec::new(),
            ending,
            slowest_ms: [0, 0],
            resent: [0, 0],
        }
    }

    #[test]
    fn crosstable_ranks_by_points_and_lists_faults() {
        let entries: Vec<Entry> =
            ["a", "b", "c"].iter().map(|n| Entry { name: n.to_string(), kind: Kind::Weights }).collect();
        let games = [
            game(1, 0, 1, Ending::Five(Side::Second)),
            game(2, 1, 0, Ending::Five(Side::First)),
            game(3, 0, 2, Ending::Full),
            game(4, 2, 0, Ending::Fault(Side::First, Fault::Crash("exit status 1".into()))),
            game(5, 1, 2, Ending::Five(Side::First)),
            game(6, 2, 1, Ending::Fault(Side::First, Fault::Timeout("no move".into()))),
        ];
        let t = crosstable(&entries, &games, &[0, 0, 0], 2);
        let expected = "\
rank  entry    1    2    3  points  games  +W -L =D     Elo (95% interval)      faults
   1  b        ·    2    2       4      4  +4 -0 =0     +inf (-72..+inf)        -
   2  a        0    ·  1.5     1.5      4  +1 -2 =1     -89 (-inf..+221)        -
   3  c        0  0.5    ·     0.5      4  +0 -3 =1     -338 (-inf..-117)       crash 1, timeout 1
games lost by a fault (2):
  game 4: black c white a: 0-1, c loses: crash (exit status 1)
  game 6: black c white b: 0-1, c loses: timeout (no move)
";
        assert_eq!(t.text, expected, "{}", t.text);
        assert_eq!(t.csv.lines().nth(1), Some("1,b,4,4,0,0,4,1.0000,999,-72,999,"));
        assert_eq!(t.csv.lines().nth(3), Some("3,c,4,0,3,1,0.5,0.1250,-338,-999,-117,crash 1; timeout 1"));
    }

    #[test]
    fn fault_kinds_are_counted() {
        let k = |s: &str| s.to_string();
        assert_eq!(summarise(&[k("timeout"), k("crash"), k("timeout")]), "timeout 2, crash 1");
        assert_eq!(half(1.5), "1.5");
        assert_eq!(half(2.0), "2");
    }
}
