//! `sente gomoku spsa`: tunes the evaluation's weights by self-play, with SPSA
//! ([`sente_gomoku::engine::spsa`]).
//!
//! Iteration `k` plays opening `k` of the seeded set twice, colours swapped, between two Piskvork brains of this
//! program (`sente gomoku pbrain --threads 1 --nodes N --weights …`), one with the weights `θ + cΔ`, the other with
//! `θ − cΔ`, and moves θ towards the one that scored more. The brains search a node budget instead of the clock, so a
//! run gives the same weights on any machine, however loaded (`--time-ms` plays by the clock instead, for settings
//! whose worth depends on time): `--parallel` iterations (a batch) are played at once from the same θ and applied in
//! order, so the batch size is part of the command. A progress bar shows the iterations (or,
//! when stderr is not a terminal, a plain line every twentieth of the run: [`progress_line`]); `--log` writes θ after
//! each (the file is rewritten after every batch); the result is the mean θ over the second half
//! of the run, printed as a `--weights` text (to verify with `sente gomoku match`) and, with `--out`, written as a Rust
//! source file (`crates/gomoku/src/engine/played.rs` is made so; its header holds the command; `--set combos` writes
//! `crates/gomoku/src/engine/combined.rs`, the combinations alone, `--set key` `engine/keyed.rs`, the width cut's
//! key alone, and `--set search` `engine/searched.rs`; a run `--from compiled` keeps the runs the file records and
//! adds itself as the next, `chained_header`). Ctrl-C stops after the
//! games in progress and keeps the iterations finished.

use crate::check::runner::catch_signals;
use crate::error::CliError;
use crate::io::write_output;
use crate::tournament::entry::{Entry, Kind};
use crate::tournament::schedule::{self, Job};
use crate::tournament::{OpeningSet, Settings};
use indicatif::{ProgressBar, ProgressStyle};
use sente_gomoku::engine::params::EvalParams;
use sente_gomoku::engine::spsa::{
    COMBINED_SOURCE, KEYED_SOURCE, PLAYED_SOURCE, Provenance, SEARCHED_SOURCE, Spsa, Tuned, weight_set,
};
use sente_gomoku::{Gomoku, Rule};
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Options of `sente gomoku spsa`.
#[derive(Debug, clap::Args)]
pub struct SpsaArgs {
    /// Iterations; each plays one opening twice (colours swapped) between two perturbed weight sets.
    #[arg(long, default_value_t = 1600)]
    iterations: u64,
    /// Nodes each brain searches per move (instead of a clock: the run is the same on any machine).
    #[arg(long, default_value_t = 50_000)]
    nodes: u64,
    /// Play by the clock instead: this many milliseconds a move (with the manager's 1 s tolerance), in place of
    /// --nodes. For settings whose worth depends on time (the width cut buys depth for free under a node budget);
    /// the run then depends on the machine and its load.
    #[arg(long, value_name = "MS", conflicts_with = "nodes")]
    time_ms: Option<u64>,
    /// Learning rate: after a pair of games each weight moves by RATE × its step × the score (−1 to +1).
    #[arg(long, default_value_t = 0.3)]
    rate: f64,
    /// Seed of the perturbations and of the openings (iteration k plays opening k of this seed's set).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Rule: freestyle, exact or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Start weights: `tuned` (the Texel fit of `sente gomoku tune`, engine/tuned.rs), `compiled` (the engine's
    /// weights now) or a weights text `levels=…;classes=…;tempo=…` (parts left out are the compiled ones).
    #[arg(long, default_value = "tuned")]
    from: String,
    /// The weights tuned: `quiet` (the open two, closed and open threes, straight four and the common cell classes
    /// up to a four with a two), `wide` (those, the closed two and four, two threes with twos, a four with two twos
    /// and the tempo) or `combos` (twelve common cell combinations, each added to its class: an open three or a
    /// four with a two or a closed three, two twos, the closed two's crossings) or `key` (the width cut's key:
    /// the levels from a lone stone to a simple four, the side to move's and the opponent's; printed as a weights
    /// text with `key_own=` and `key_opp=` parts, to verify by a match) or `search` (the futility and razor
    /// margins, the aspiration window, the late-move reductions' divisor, the width cut and its tail; a `search=`
    /// part).
    #[arg(long, default_value = "quiet", value_parser = ["quiet", "wide", "combos", "key", "search"])]
    set: String,
    /// Iterations played at once, each on its own core; a batch starts from one θ, so this is part of the result.
    #[arg(long, default_value_t = 2)]
    parallel: usize,
    /// Write θ after every iteration here, one JSON object a line (rewritten after every batch, to follow a run).
    #[arg(long)]
    log: Option<PathBuf>,
    /// Write the averaged weights as a Rust source file here (crates/gomoku/src/engine/played.rs; with `--set
    /// combos`, crates/gomoku/src/engine/combined.rs, the combinations alone; with `--set key`,
    /// crates/gomoku/src/engine/keyed.rs, the key alone; with `--set search`, crates/gomoku/src/engine/searched.rs,
    /// the search settings alone).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The weights named by `--from`.
fn start_weights(from: &str) -> Result<EvalParams, CliError> {
    match from {
        "tuned" => Ok(EvalParams::TUNED),
        "compiled" => Ok(EvalParams::COMPILED),
        text => text.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(format!("--from: {e}"))),
    }
}

/// The brain command of one weight set: this program as a single-threaded brain, with a node budget or (`None`)
/// by the manager's clock.
fn brain(exe: &Path, nodes: Option<u64>, weights: &EvalParams) -> String {
    let quoted = format!("'{}'", exe.display().to_string().replace('\'', r"'\''"));
    let budget = nodes.map(|n| format!(" --nodes {n}")).unwrap_or_default();
    format!("{quoted} gomoku pbrain --threads 1{budget} --weights '{weights}'")
}

/// `--nodes N` or, for a timed run, `--time-ms T`: the budget part of the command line.
fn budget_words(a: &SpsaArgs) -> String {
    match a.time_ms {
        Some(t) => format!("--time-ms {t}"),
        None => format!("--nodes {}", a.nodes),
    }
}

/// The command line that made a generated file, for its header.
fn command_line(a: &SpsaArgs) -> String {
    format!(
        "sente gomoku spsa --iterations {} {} --rate {} --seed {} --size {} --rule {} --set {} --from {} \
         --parallel {} --out <this file>",
        a.iterations,
        budget_words(a),
        a.rate,
        a.seed,
        a.size,
        a.rule,
        a.set,
        shell_word(&a.from),
        a.parallel
    )
}

/// `word` as one shell word: as it is when it needs no quoting (`tuned`, `compiled`), else in single quotes (a
/// weights text holds `;`), so that the header's command runs as written.
fn shell_word(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "=,._-".contains(c)) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Whether `start` differs from the compiled weights in its combinations at most: what `--set combos --out` needs,
/// since engine/combined.rs holds the combinations alone.
fn only_combos_differ(start: &EvalParams) -> bool {
    *start == EvalParams { combos: start.combos, ..EvalParams::COMPILED }
}

/// Whether `start` differs from the compiled weights in the search settings at most: what `--set search --out`
/// needs, since engine/searched.rs holds the settings alone.
fn only_search_differs(start: &EvalParams) -> bool {
    *start == EvalParams { search: start.search, ..EvalParams::COMPILED }
}

/// Whether `start` differs from the compiled weights in the width cut's key at most: what `--set key --out` needs,
/// since engine/keyed.rs holds the key alone.
fn only_key_differs(start: &EvalParams) -> bool {
    *start == EvalParams { key_own: start.key_own, key_opp: start.key_opp, ..EvalParams::COMPILED }
}

/// The generated key of a `--set key` run: the averaged key tables, with the command and the summary of the run
/// in its header.
fn keyed_source(a: &SpsaArgs, result: &EvalParams, summary: &str) -> String {
    let mut s = chained_header(
        "The width cut's key tuned by self-play with `sente gomoku spsa --set key`",
        KEYED_SOURCE,
        a,
        summary,
    );
    let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let _ = writeln!(s, "\nuse crate::patterns::LEVELS;\n");
    let _ = writeln!(
        s,
        "/// The side to move's key per pattern level ([`crate::patterns::QUICK_OWN`]).\npub const KEYED_OWN: [i32; \
         LEVELS] = [{}];\n",
        list(&result.key_own)
    );
    let _ = writeln!(
        s,
        "/// The opponent's key per pattern level ([`crate::patterns::QUICK_OPP`]).\npub const KEYED_OPP: [i32; \
         LEVELS] = [{}];",
        list(&result.key_opp)
    );
    s
}

/// The generated search settings of a `--set search` run: the averaged settings, with the command and the summary
/// of the run in its header.
fn searched_source(a: &SpsaArgs, result: &EvalParams, summary: &str) -> String {
    let mut s = chained_header(
        "The search settings tuned by self-play with `sente gomoku spsa --set search`",
        SEARCHED_SOURCE,
        a,
        summary,
    );
    let list = result.search.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let _ = writeln!(
        s,
        "
/// `{}` ([`super::params::SEARCH_NAMES`]).
pub const SEARCH: [i32; super::params::SEARCH_LEN] = [{list}];",
        sente_gomoku::engine::params::SEARCH_NAMES.join("`, `")
    );
    s
}

/// The header of a generated file: `title`, then the commands and the summaries of the runs that made it. A run
/// `--from compiled` continues the checked-in file `compiled` (the source of the file it rewrites), so the header
/// keeps the runs recorded there and adds this one as the next; any other start begins a new chain. A hand-written
/// file records no runs, so a run from it is the first.
fn chained_header(title: &str, compiled: &str, a: &SpsaArgs, summary: &str) -> String {
    let mut made = if a.from == "compiled" { Provenance::parse(compiled) } else { Provenance::default() };
    made.commands.push(command_line(a));
    let n = made.runs.len() + 1;
    made.runs.push(
        summary.lines().enumerate().map(|(j, l)| if j == 0 { format!("run {n}: {l}") } else { l.into() }).collect(),
    );
    let mut s = format!(
        "//! {title} (generated: edit by running the commands again).\n//!\n//! Made by, in order (a run `--from \
         compiled` continues from the table the runs before it made):\n//! ```text\n"
    );
    for c in &made.commands {
        let _ = writeln!(s, "//! {c}");
    }
    let _ = writeln!(s, "//! ```");
    for line in made.runs.iter().flatten() {
        let _ = writeln!(s, "//! {line}");
    }
    s
}

/// The generated combination table of a `--set combos` run: the averaged combination weights, with the command
/// and the summary of the run in its header.
fn combos_source(a: &SpsaArgs, result: &EvalParams, summary: &str) -> String {
    let mut s = chained_header(
        "Cell-combination weights tuned by self-play with `sente gomoku spsa --set combos`",
        COMBINED_SOURCE,
        a,
        summary,
    );
    s.push_str("\nuse crate::combos::COMBOS;\n\n");
    s.push_str(&super::tune::combined_table(&result.combos));
    s
}

/// Tuned weights by name, as `F2 22, B3 24, …`.
fn named(set: &[Tuned], values: &[f64]) -> String {
    set.iter().zip(values).map(|(t, v)| format!("{} {v:.1}", t.name)).collect::<Vec<_>>().join(", ")
}

/// The generated file: the averaged weights, with the commands and the summaries of the runs that made them in its
/// header. A run `--from compiled` continues the checked-in table, so its header keeps the runs recorded there.
fn source(a: &SpsaArgs, result: &EvalParams, summary: &str) -> String {
    let mut s =
        chained_header("Evaluation weights tuned by self-play with `sente gomoku spsa`", PLAYED_SOURCE, a, summary);
    let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let _ = writeln!(s, "\nuse crate::patterns::{{CLASSES, LEVELS}};\n");
    let _ = writeln!(
        s,
        "/// The weight per pattern level.\npub const PLAYED_SCORE: [i32; LEVELS] = [{}];\n",
        list(&result.levels)
    );
    let _ = writeln!(s, "/// The tempo, in eighths.\npub const PLAYED_TEMPO: i32 = {};\n", result.tempo);
    let _ = writeln!(
        s,
        "/// The weight per cell class (one line, as the tests compare it).\n#[rustfmt::skip]\npub const PLAYED_CLASS: \
         [i32; CLASSES] = [{}];",
        list(&result.classes)
    );
    s
}

/// The plain progress line printed instead of the bar when stderr is not a terminal (a run in the background, its
/// output sent to a file): printed when a batch brings the iteration count `done` past a multiple of a twentieth of
/// `total` (and at the end), `None` otherwise.
fn progress_line(before: u64, done: u64, total: u64, elapsed: Duration, record: (u64, u64, u64)) -> Option<String> {
    let step = (total / 20).max(1);
    if done / step == before / step && done < total {
        return None;
    }
    let secs = elapsed.as_secs();
    let eta = (secs * (total - done)).checked_div(done).unwrap_or(0);
    let (w, l, d) = record;
    Some(format!(
        "spsa: {done}/{total} iterations, {}:{:02} elapsed, eta {}:{:02}; the plus side {w}-{l}-{d}",
        secs / 60,
        secs % 60,
        eta / 60,
        eta % 60
    ))
}

/// Runs `sente gomoku spsa`.
///
/// # Errors
/// Bad options (exit 2), an unwritable log or output, an interruption (exit 1, after writing what was done).
pub fn run(a: &SpsaArgs) -> Result<ExitCode, CliError> {
    let rule: Rule = a.rule.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(e.to_string()))?;
    let game = Gomoku::new(a.size, rule).map_err(|e| CliError::Usage(e.to_string()))?;
    if a.parallel == 0 || a.nodes == 0 || a.iterations == 0 || a.time_ms == Some(0) {
        return Err(CliError::Usage("--parallel, --nodes, --time-ms and --iterations must be at least 1".into()));
    }
    if !(a.rate.is_finite() && a.rate > 0.0) {
        return Err(CliError::Usage(format!("--rate {} is not a positive number", a.rate)));
    }
    let start = start_weights(&a.from)?;
    if a.set == "key" && a.out.is_some() && !only_key_differs(&start) {
        return Err(CliError::Usage(
            "--set key --out writes engine/keyed.rs, the key alone: --from must keep the compiled levels, classes, \
             tempo and combinations (e.g. --from compiled, or --from 'key_own=…;key_opp=…')"
                .into(),
        ));
    }
    if a.set == "combos" && a.out.is_some() && !only_combos_differ(&start) {
        return Err(CliError::Usage(
            "--set combos --out writes engine/combined.rs, the combinations alone: --from must keep the compiled \
             levels, classes and tempo (e.g. --from 'combos=' or --from compiled)"
                .into(),
        ));
    }
    if a.set == "search" && a.out.is_some() && !only_search_differs(&start) {
        return Err(CliError::Usage(
            "--set search --out writes engine/searched.rs, the search settings alone: --from must keep the compiled \
             weights and key (e.g. --from compiled, or --from 'search=…')"
                .into(),
        ));
    }
    let set = weight_set(&a.set)
        .ok_or_else(|| CliError::Usage(format!("--set {}: expected quiet, wide, combos, key or search", a.set)))?;
    let exe = std::env::current_exe().map_err(CliError::Io)?;
    let settings = Settings {
        game,
        time: Duration::from_millis(a.time_ms.unwrap_or(10_000)),
        tolerance: Duration::from_secs(1),
        threads: 1,
        nodes: if a.time_ms.is_some() { None } else { Some(a.nodes) },
        seed: a.seed,
        openings: OpeningSet::Seeded { seed: a.seed, stones: 3 },
        parallel: a.parallel,
        workdir: None,
        interrupt: catch_signals(),
    };
    let mut log = String::new();
    let mut spsa = Spsa::new(set, start, a.rate, a.seed);
    let (mut wins, mut losses, mut draws, mut faults) = (0u64, 0u64, 0u64, 0usize);
    let bar = ProgressBar::new(a.iterations);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} iterations, eta {eta} {msg}")
            .map_err(|e| CliError::Other(e.to_string()))?
            .progress_chars("=> "),
    );
    let plain = !std::io::stderr().is_terminal();
    let started = Instant::now();
    let mut k = 0u64;
    while k < a.iterations && !settings.interrupt.is_set() {
        let batch: Vec<u64> = (k..a.iterations.min(k + a.parallel as u64)).collect();
        let mut entries = Vec::new();
        let mut jobs = Vec::new();
        let mut signs = Vec::new();
        for (i, &it) in batch.iter().enumerate() {
            let delta = spsa.signs(it);
            let (plus, minus) = spsa.pair(&delta);
            entries.push(Entry { name: format!("plus{it}"), kind: Kind::Pbrain(brain(&exe, settings.nodes, &plus)) });
            entries.push(Entry { name: format!("minus{it}"), kind: Kind::Pbrain(brain(&exe, settings.nodes, &minus)) });
            let opening = settings.openings.get(game, it as usize);
            jobs.push(Job { black: 2 * i, white: 2 * i + 1, opening: opening.clone() });
            jobs.push(Job { black: 2 * i + 1, white: 2 * i, opening });
            signs.push(delta);
        }
        let games = schedule::run(&entries, &settings, &jobs, 1, |_| {});
        if games.len() < jobs.len() {
            break; // interrupted: the batch is not applied
        }
        for (i, (&it, delta)) in batch.iter().zip(&signs).enumerate() {
            // The games come back in job order: this iteration's are 2i and 2i + 1.
            let pair = &games[2 * i..2 * i + 2];
            for g in pair {
                match g.score_of(2 * i) {
                    s if s > 0.5 => wins += 1,
                    s if s < 0.5 => losses += 1,
                    _ => draws += 1,
                }
            }
            faults += pair.iter().filter(|g| g.fault().is_some()).count();
            let score = pair.iter().map(|g| g.score_of(2 * i)).sum::<f64>() - 1.0;
            spsa.update(delta, score);
            let theta: Vec<f64> = spsa.theta().iter().map(|v| (v * 100.0).round() / 100.0).collect();
            let _ = writeln!(log, "{}", serde_json::json!({ "iteration": it + 1, "score": score, "theta": theta }));
        }
        let before = k;
        k += batch.len() as u64;
        if plain && let Some(line) = progress_line(before, k, a.iterations, started.elapsed(), (wins, losses, draws)) {
            eprintln!("{line}");
        }
        if let Some(p) = &a.log {
            write_output(p, &log)?; // after every batch, so a long run can be followed and a crash keeps its trace
        }
        bar.set_position(k);
        bar.set_message(format!("θ: {}", named(spsa.set(), spsa.theta())));
    }
    bar.finish_and_clear();
    if let Some(p) = &a.log {
        write_output(p, &log)?;
    }
    let done = spsa.iterations();
    let result = spsa.average();
    let summary = format!(
        "{done} iterations, {} games: the plus side {wins} wins, {losses} losses, {draws} draws; {faults} games lost \
         by a fault\nstart:  {start}\ntheta at the end: {}\nresult (mean theta over iterations {} to {done}): \
         {result}\n",
        2 * done,
        named(spsa.set(), spsa.theta()),
        done / 2 + 1,
    );
    write_output(Path::new("-"), &summary)?;
    if let Some(p) = &a.out {
        let text = match a.set.as_str() {
            "combos" => combos_source(a, &result, &summary),
            "key" => keyed_source(a, &result, &summary),
            "search" => searched_source(a, &result, &summary),
            _ => source(a, &result, &summary),
        };
        write_output(p, &text)?;
    }
    if settings.interrupt.is_set() {
        return Err(CliError::Other(format!("interrupted after {done} of {} iterations", a.iterations)));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(from: &str) -> SpsaArgs {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            a: SpsaArgs,
        }
        use clap::Parser as _;
        Cli::parse_from(["spsa", "--iterations", "4", "--seed", "9", "--from", from]).a
    }

    /// `--set combos --out` writes the combinations alone, with the command and the summary in the header, and
    /// only from a start that keeps the compiled levels, classes and tempo.
    #[test]
    fn the_combinations_file_holds_the_run_and_its_weights() {
        let mut result = EvalParams::COMPILED;
        result.combos[3] = 17;
        result.combos[sente_gomoku::combos::COMBOS - 1] = -6;
        let mut a = args("combos=");
        a.set = "combos".into();
        let text = combos_source(&a, &result, "4 iterations, 8 games\nresult: combos=X:17\n");
        assert!(
            text.contains("//! sente gomoku spsa --iterations 4 ") && text.contains(" --set combos --from combos= ")
        );
        assert!(text.contains("//! run 1: 4 iterations, 8 games\n//! result: combos=X:17\n"), "{text}");
        let array = text.lines().last().unwrap();
        assert!(array.starts_with("pub const COMBINED: [i32; COMBOS] = [0, 0, 0, 17, 0,") && array.ends_with(", -6];"));
        assert_eq!(array.matches(", ").count(), sente_gomoku::combos::COMBOS - 1);
        assert!(only_combos_differ(&start_weights("combos=").unwrap()));
        assert!(only_combos_differ(&result));
        assert!(!only_combos_differ(&start_weights("tempo=11").unwrap()));
    }

    /// Without a terminal the run reports every twentieth of its iterations, whatever the batch size, and at the end.
    #[test]
    fn plain_progress_every_twentieth_and_at_the_end() {
        let at = Duration::from_secs(125);
        let lines: Vec<u64> = (0..800)
            .step_by(3)
            .filter_map(|k| progress_line(k, (k + 3).min(800), 800, at, (1, 2, 3)).map(|_| k))
            .collect();
        assert_eq!(lines.len(), 20, "{lines:?}");
        assert_eq!(
            progress_line(38, 40, 800, at, (5, 4, 1)).unwrap(),
            "spsa: 40/800 iterations, 2:05 elapsed, eta 39:35; the plus side 5-4-1"
        );
        assert!(progress_line(40, 42, 800, at, (5, 4, 1)).is_none());
        assert!(progress_line(0, 3, 3, at, (0, 0, 0)).is_some());
        assert!(progress_line(0, 1, 7, at, (0, 0, 0)).is_some(), "a short run reports every iteration");
    }

    /// A run `--from compiled` keeps the runs of the checked-in table and adds itself as the next one; any other
    /// start begins a new chain. Either way the header reads back as it was written.
    #[test]
    fn the_header_chains_runs_from_the_compiled_table() {
        let summary = "4 iterations, 8 games\nstart:  tempo=1\nresult (mean theta over iterations 3 to 4): tempo=2\n";
        let played = Provenance::parse(PLAYED_SOURCE);
        let chained = Provenance::parse(&source(&args("compiled"), &EvalParams::COMPILED, summary));
        assert_eq!(chained.commands[..played.commands.len()], played.commands[..]);
        assert_eq!(chained.runs[..played.runs.len()], played.runs[..]);
        let n = played.runs.len() + 1;
        assert_eq!(chained.commands.len(), n);
        assert!(
            chained.commands[n - 1].contains(" --seed 9 ") && chained.commands[n - 1].contains(" --from compiled ")
        );
        assert_eq!(chained.runs[n - 1][0], format!("run {n}: 4 iterations, 8 games"));
        assert_eq!(chained.runs[n - 1].len(), 3);
        let text = "levels=0,1,0,22,24,98,1,784,400,2000,0;tempo=12";
        let from_text = Provenance::parse(&source(&args(text), &EvalParams::COMPILED, summary));
        assert_eq!(from_text.commands.len(), 1);
        assert!(from_text.commands[0].contains(&format!(" --from '{text}' ")), "{}", from_text.commands[0]);
        // The key's file chains its own runs the same way, and a hand-written table starts a chain at run 1.
        let mut key_args = args("compiled");
        key_args.set = "key".into();
        let keyed = Provenance::parse(KEYED_SOURCE);
        let key_chain = Provenance::parse(&keyed_source(&key_args, &EvalParams::COMPILED, summary));
        assert_eq!(key_chain.runs[..keyed.runs.len()], keyed.runs[..]);
        assert_eq!(key_chain.commands.len(), keyed.commands.len() + 1);
        assert_eq!(key_chain.runs.last().unwrap()[0], format!("run {}: 4 iterations, 8 games", keyed.runs.len() + 1));
        key_args.set = "search".into();
        let searched = Provenance::parse(&searched_source(&key_args, &EvalParams::COMPILED, summary));
        assert_eq!((searched.commands.len(), searched.runs[0][0].as_str()), (1, "run 1: 4 iterations, 8 games"));
        let fresh = Provenance::parse(&source(&args("tuned"), &EvalParams::TUNED, summary));
        assert_eq!(fresh.commands.len(), 1);
        assert_eq!(
            fresh.runs,
            [vec!["run 1: 4 iterations, 8 games", "start:  tempo=1", summary.lines().nth(2).unwrap()]]
        );
    }
}
