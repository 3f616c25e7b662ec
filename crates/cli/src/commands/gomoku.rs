//! `sente gomoku …`: the contest harness (`nptu`), the Piskvork brain (`pbrain`), the benchmark (`bench`), and the
//! tournament commands `match`, `gauntlet` and `contest` (each in its own file, `commands/{matches,gauntlet,
//! contest}.rs`, over the shared machinery in `tournament/`).
//!
//! The contest harness is one process per move: it reads the board on stdin, prints one move such as `J, 10` and
//! exits, within `--time-ms` counted from process start. Bad input is reported on stderr with exit code 2 and no move
//! is printed.

use super::matches;
use crate::error::CliError;
use crate::io::{read_input, write_output};
use clap::{Parser, Subcommand, ValueEnum};
use sente_core::{Outcome, Player, State, Stopwatch};
use sente_gomoku::engine::params::{EvalParams, install};
use sente_gomoku::engine::{Engine, ThinkLimits};
use sente_gomoku::notation::{contest_text, parse_board};
use sente_gomoku::{Gomoku, Rule};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `sente gomoku`.
#[derive(Debug, Parser)]
pub struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

/// A colour on the contest's command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "PascalCase")]
enum Colour {
    /// Black (`1` on the board), who moves first.
    Black,
    /// White (`0` on the board).
    White,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// One move for the NPTU contest harness: board on stdin, `J, 10` on stdout.
    #[command(after_help = "Example:\n  sente gomoku nptu Black < board.txt\n  J, 10\n\n\
The board is 19 lines from the top, 19 cells each separated by a space: 1 black, 0 white, . empty (any whitespace,\n\
or 361 characters with none, is accepted too). The move is a column letter A-S (A leftmost, I used), a comma, a\n\
space and the row counted from the top line, 1-19. Bad input: a message on stderr, exit code 2, no move.")]
    Nptu {
        /// The colour to play: Black or White.
        #[arg(ignore_case = true)]
        colour: Colour,
        /// Time for the whole move in milliseconds, start-up included; the engine keeps a safety margin.
        #[arg(long, default_value_t = 1000)]
        time_ms: u64,
        /// Search threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// A node budget instead of the clock (deterministic with --threads 1); for tests.
        #[arg(long)]
        nodes: Option<u64>,
    },
    /// The Gomocup (Piskvork) brain protocol on stdin/stdout; install as `pbrain-sente`.
    #[command(after_help = "Example:\n  printf 'START 15\\nBEGIN\\nEND\\n' | sente gomoku pbrain\n  OK\n  7,7")]
    Pbrain(PbrainArgs),
    /// Benchmark: a fixed position set searched to a fixed depth by one thread; deterministic nodes and nodes/s.
    #[command(after_help = "Examples:\n  sente gomoku bench --depth 8\n  \
sente gomoku bench --size 19 --time-ms 300 --threads 2   the engine's whole decision by the clock: depth, nodes\n  \
sente gomoku bench --rule renju --depth 8   the same positions' kind, made and searched under renju\n  \
sente gomoku bench --vcf crates/gomoku/tests/data/vcf.txt   time the VCF solver on every suite position")]
    Bench {
        /// Search depth in plies.
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// Board side.
        #[arg(long, default_value_t = 15)]
        size: usize,
        /// Rule: freestyle, exact or renju (the positions are made and searched under it).
        #[arg(long, default_value = "freestyle", conflicts_with = "vcf")]
        rule: String,
        /// Instead, give the engine's whole decision (threat solvers, then the search on --threads threads) this
        /// many milliseconds for every position, as a match would, and report the depth it reached and its
        /// nodes (which vary from run to run).
        #[arg(long, conflicts_with = "vcf", value_parser = clap::value_parser!(u64).range(1..=600_000))]
        time_ms: Option<u64>,
        /// Threads for --time-ms.
        #[arg(long, default_value_t = 1, requires = "time_ms", value_parser = clap::value_parser!(u64).range(1..=256))]
        threads: u64,
        /// Instead, solve every position of this VCF suite file (15x15 freestyle) and time each.
        #[arg(long)]
        vcf: Option<std::path::PathBuf>,
    },
    /// Plays a match between two engines (`sente`, `weights`, `pbrain:COMMAND`, `nptu:COMMAND`), reporting W/L/D
    /// and Elo.
    #[command(after_help = "Examples:\n  \
sente gomoku match sente weights --games 20 --time-ms 200 --records games.txt\n  \
sente gomoku match sente 'pbrain:./pbrain-wine' --size 19 --time-ms 300 --games 40\n  \
sente gomoku match sente weights --tolerance-ms 0     no tolerance: the contest's strict clock\n  \
sente gomoku match 'pbrain:./new gomoku pbrain' 'pbrain:./old gomoku pbrain' --sprt 0,25\n    \
a sequential test: stops once the games show a gain (H1) or none (H0)\n\n\
Brains are named by their ABOUT name. A move later than --time-ms plus --tolerance-ms\n\
(1000 by default, as Piskvork's manager) loses; the first line of output states both.")]
    Match(matches::MatchArgs),
    /// One engine against a list of opponents: N games each from the fixed opening set, colours swapped, W/L/D and
    /// Elo per opponent, game records and a CSV summary.
    #[command(after_help = "Examples:\n  \
sente gomoku gauntlet weights --games 20 --time-ms 200 --parallel 2\n  \
sente gomoku gauntlet 'base=pbrain:../baseline/sente gomoku pbrain --threads 1' \\\n    \
--engine sente --games 100 --time-ms 200 --summary-csv selfplay.csv --records games.txt\n  \
sente gomoku gauntlet weights 'pbrain:../anchors/pbrain-wine' --size 19 \\\n    \
--engine 'pbrain:./target/release/sente gomoku pbrain'\n\n\
Opening k of --seed S: --opening-stones stones (3) placed alternately, black first, on\n\
random cells of the central 5x5, drawn from seed 1000*S+k. Games 2k+1 and 2k+2 against each\n\
opponent play opening k, the engine black first (--openings FILE: line k of an opening\n\
file instead, see `sente gomoku openings`). A move later than --time-ms plus\n\
--tolerance-ms (1000 by default, as Piskvork's manager) loses, as do an illegal or\n\
malformed move and a crash. The CSV: opponent,games,wins,losses,draws,score,elo,elo_low,\n\
elo_high (score 0..1; Elo rounded, an infinite bound as +-999).")]
    Gauntlet(super::gauntlet::GauntletArgs),
    /// The NPTU contest on one machine: NPTU programs and pbrain brains (and `sente`, `weights`) play a
    /// round-robin (or Swiss) from balanced openings; crosstable, scores, Elo, game records.
    #[command(after_help = "Examples:\n  \
sente gomoku contest 'ann=nptu:/home/ann/gomoku' 'bob=nptu:python3 /home/bob/bot.py' \\\n    \
weights sente --time-ms 1000 --parallel 2 --out contest\n  \
sente gomoku contest nptu:./a.out 'pbrain:./pbrain-wine' sente --games 4\n  \
sente gomoku contest $(for d in students/*; do echo \"${d#*/}=nptu:$PWD/$d/gomoku\"; done) \\\n    \
--rounds 5\n\n\
An NPTU entry runs once per move as `COMMAND Black` or `COMMAND White` in its working\n\
folder (OUT/work/<entry>/game-<n>/), reads the board on stdin (361 characters: 1 black,\n\
0 white, . empty) and prints a move such as `J, 10`. A timeout (past --time-ms plus\n\
--tolerance-ms), an illegal or malformed move or a crash loses. See docs/contest.md.")]
    Contest(super::contest::ContestArgs),
    /// Fits the evaluation's pattern weights, cell-class weights and tempo to recorded games (Texel loss before and after, seeded); with --combos, the cell combinations' weights on top of the engine's table; with --order, the width cut's ordering tables to the moves played.
    #[command(
        after_help = "Examples:\n  sente gomoku tune games.txt --seed 1 --out crates/gomoku/src/engine/tuned.rs\n  \
                            sente gomoku tune games.txt --tempo 10     fit the weights for a tempo of 10/8 only\n  \
                            sente gomoku tune --combos games.txt --l2 1e-4 --out crates/gomoku/src/engine/combined.rs\n  \
                            sente gomoku tune --order games.txt --size 19 --out crates/gomoku/src/engine/ordered.rs"
    )]
    Tune(super::tune::TuneArgs),
    /// Tunes the evaluation's weights by self-play (SPSA): pairs of games between perturbed weight sets, each
    /// step towards the set that won; prints the averaged weights, writes them as a Rust file with --out.
    #[command(after_help = "Examples:\n  \
sente gomoku spsa --log spsa.jsonl --out crates/gomoku/src/engine/played.rs\n  \
sente gomoku spsa --iterations 200 --from compiled     a short run from the weights now\n  \
sente gomoku spsa --set wide --from compiled     also B2, B4, rarer crossings, tempo\n  \
sente gomoku spsa --set key --from compiled     the width cut's key (key_own=, key_opp=)\n  \
sente gomoku spsa --set search --from compiled     pruning margins, reductions, width (search=)\n  \
sente gomoku spsa --set search --from compiled --time-ms 100     by the clock, not nodes\n  \
sente gomoku match 'pbrain:sente gomoku pbrain --weights \"tempo=10\"' \\\n    \
'pbrain:sente gomoku pbrain' --games 600 --time-ms 100     verify weights by a match\n\n\
Iteration k plays opening k of the --seed set twice, colours swapped, between two brains of\n\
this program (`gomoku pbrain --threads 1 --nodes N --weights W`): theta + c*delta against\n\
theta - c*delta, delta a seeded random sign per weight, c the weight's step. Each weight moves\n\
by RATE * c * score * delta (score = (wins - losses) / 2 of the plus side); the result is\n\
the mean theta over the second half of the run. Node budgets make a run reproducible (a\n\
--time-ms run depends on the machine); the --parallel iterations of a batch share one theta,\n\
so the batch size is part of the result.\n\
Tuned weights: F2, B3, F3, F4 (levels) and the cell classes of two twos, an open three alone,\n\
with one or two twos, two threes, a four alone and a four with a two (--set quiet, the\n\
default). See docs/gomoku.md for the wide, combos, key and search sets.")]
    Spsa(super::spsa::SpsaArgs),
    /// An oracle engine judges every move of recorded games: agreement with its move, the drop of its
    /// judgement from one turn to the next, the costliest moves of each player.
    #[command(after_help = "Examples:\n  \
sente gomoku analyse games.txt --player sente --lost \\\n    \
--oracle 'pbrain:../anchors/pbrain-rapfi' --time-ms 1000 --parallel 2 --csv judged.csv\n  \
sente gomoku analyse games.txt --games 3,5 --oracle sente --time-ms 3000\n\n\
Every position after the opening where the player (--player; by default both) was to move\n\
is given to the oracle, which answers a move and, where it reports one (`sente`, or a brain's\n\
`MESSAGE ... eval N` line, `eval +M5` and `eval W5` for proved wins), a judgement for the\n\
player to move. A move's drop is that judgement less the one at the same player's next turn:\n\
the cost of the move and the reply to it, in the oracle's units. A won position no longer\n\
won, or a position turned lost, is counted apart. Scores of different oracles do not compare.")]
    Analyse(super::analyse::AnalyseArgs),
    /// Writes an opening file of positions the engine judges balanced, for `match`/`gauntlet --openings`.
    #[command(after_help = "Examples:\n  \
sente gomoku openings --count 500 --out openings-15.txt\n  \
sente gomoku openings --size 19 --stones 4 --area 7 --band 150 --out openings-19.txt\n  \
sente gomoku openings --stones 3 --band 600 --play 4 --count 100 --out played-15.txt\n  \
sente gomoku match NEW OLD --openings openings-15.txt --games 1000\n\n\
Candidate k (seed 1000003*S+k) places --stones stones alternately, black first, on random\n\
cells of the central --area square; the engine searches it on one thread for --nodes nodes\n\
and keeps it when its value for the side to move is within +-BAND and no proven result.\n\
With --play N the engine then plays it out against itself N times (N >= 2), game i at\n\
(2+i)/2 times --play-nodes nodes a move, and keeps it only if black scores between a\n\
quarter and three quarters of the points: balanced in play, not only by the evaluation.\n\
The same options give the same file. A file is one opening a line: stones in play order,\n\
black first (H8 J9 H9), # comments.")]
    Openings(super::openings::OpeningsArgs),
}

/// Options of `sente gomoku pbrain`.
#[derive(Debug, clap::Args)]
pub struct PbrainArgs {
    /// Search threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// A node budget per move instead of the clock (deterministic with --threads 1); for tests.
    #[arg(long)]
    nodes: Option<u64>,
    /// Size of the search's tables in MiB (64 by default); a manager's `INFO max_memory` still caps them at a
    /// third of it.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=65536))]
    hash: Option<u64>,
    /// Evaluation weights instead of the compiled ones: `levels=W0,…,W10;classes=C0,…,C25;tempo=T`, with
    /// `combos=NAME:W,…` and the width cut's key `key_own=K0,…,K10;key_opp=K0,…,K10`, any part left out keeping
    /// its compiled value (what `sente gomoku spsa` prints and plays with).
    #[arg(long, value_name = "WEIGHTS")]
    weights: Option<String>,
}

/// Runs `sente gomoku …`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.cmd {
        Cmd::Nptu { colour, time_ms, threads, nodes } => nptu(colour, time_ms, threads, nodes),
        Cmd::Pbrain(a) => pbrain(&a),
        Cmd::Bench { vcf: Some(file), size, .. } => bench_vcf(&file, size),
        Cmd::Bench { size, rule, time_ms: Some(ms), threads, vcf: None, .. } => {
            bench_timed(ms, threads as usize, &bench_game(size, &rule)?)
        }
        Cmd::Bench { depth, size, rule, vcf: None, .. } => bench(depth, &bench_game(size, &rule)?),
        Cmd::Match(a) => matches::run(&a),
        Cmd::Gauntlet(a) => super::gauntlet::run(&a),
        Cmd::Contest(a) => super::contest::run(&a),
        Cmd::Tune(a) => super::tune::run(&a),
        Cmd::Spsa(a) => super::spsa::run(&a),
        Cmd::Analyse(a) => super::analyse::run(&a),
        Cmd::Openings(a) => super::openings::run(&a),
    }
}

fn nptu(colour: Colour, time_ms: u64, threads: usize, nodes: Option<u64>) -> Result<ExitCode, CliError> {
    let clock = Stopwatch::start();
    let stdin = Path::new("-");
    let shown = Path::new("<stdin>");
    let text = read_input(stdin)?;
    let game = Gomoku::standard();
    let pos = parse_board(game, &text).map_err(|e| CliError::input(shown, e))?;
    let (black, white) = (count(&pos, 1), count(&pos, 2));
    let expected = if colour == Colour::Black { Player::First } else { Player::Second };
    if let Some(outcome) = pos.outcome() {
        let detail = match outcome {
            Outcome::Win(Player::First) => "the game is already won: black has five in a row".to_string(),
            Outcome::Win(Player::Second) => "the game is already won: white has five in a row".to_string(),
            Outcome::Draw => "the board is full: no move is left".to_string(),
        };
        return Err(CliError::input(shown, detail));
    }
    if pos.to_move() != expected {
        return Err(CliError::input(
            shown,
            format!(
                "stone counts impossible for {colour:?} to move: {black} black and {white} white (Black moves when \
                 the counts are equal, White when black has one more)"
            ),
        ));
    }
    // The budget counts from process start: keep a quarter of the time and 50 ms for start-up, threads and exit.
    let budget = Duration::from_millis(time_ms * 3 / 4).saturating_sub(Duration::from_millis(50) + clock.elapsed());
    let limits =
        ThinkLimits { time: nodes.is_none().then_some(budget.max(Duration::from_millis(5))), nodes, depth: None };
    let mut engine = Engine::new(threads, 64);
    let decision = engine.think(&pos, &limits).ok_or_else(|| CliError::Other("no legal move".into()))?;
    write_output(stdin, &format!("{}\n", contest_text(game.dims(), decision.best)))?;
    Ok(ExitCode::SUCCESS)
}

fn count(pos: &sente_gomoku::Position, stone: u8) -> usize {
    pos.cells().iter().filter(|&&c| c == stone).count()
}

fn pbrain(a: &PbrainArgs) -> Result<ExitCode, CliError> {
    if let Some(text) = &a.weights {
        let weights: EvalParams =
            text.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(format!("--weights: {e}")))?;
        install(weights).map_err(|e| CliError::Usage(format!("--weights: {e}")))?;
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let options = sente_gomoku::pbrain::Options {
        threads: a.threads,
        nodes: a.nodes,
        hash_mb: a.hash.map(|mb| usize::try_from(mb).unwrap_or(usize::MAX)),
    };
    sente_gomoku::pbrain::run(stdin.lock(), stdout.lock(), &options)?;
    Ok(ExitCode::SUCCESS)
}

/// The bench's game: `size` and the rule named `rule`, or a usage error.
fn bench_game(size: usize, rule: &str) -> Result<Gomoku, CliError> {
    let rule: Rule = rule.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(format!("--rule: {e}")))?;
    Gomoku::new(size, rule).map_err(|e| CliError::Usage(e.to_string()))
}

fn bench(depth: u32, game: &Gomoku) -> Result<ExitCode, CliError> {
    let game = *game;
    let lines = sente_gomoku::bench::run(game, depth);
    let mut out = String::new();
    let (mut nodes, mut time) = (0u64, Duration::ZERO);
    for (i, l) in lines.iter().enumerate() {
        nodes += l.nodes;
        time += l.time;
        let nps = l.nodes as f64 / l.time.as_secs_f64().max(1e-9);
        out.push_str(&format!(
            "position {:>2}  stones {:>3}  nodes {:>10}  time {:>8.1} ms  nps {:>10.0}\n",
            i + 1,
            l.position.stones(),
            l.nodes,
            l.time.as_secs_f64() * 1000.0,
            nps
        ));
    }
    let nps = nodes as f64 / time.as_secs_f64().max(1e-9);
    out.push_str(&format!(
        "total: {} positions, depth {depth}, nodes {nodes}, time {:.1} ms, {nps:.0} nodes/s (1 thread)\n",
        lines.len(),
        time.as_secs_f64() * 1000.0
    ));
    write_output(Path::new("-"), &out)?;
    Ok(ExitCode::SUCCESS)
}

/// `bench --time-ms`: the engine's decision by the clock on every bench position, with fresh tables for each (as
/// a new game would have).
fn bench_timed(ms: u64, threads: usize, game: &Gomoku) -> Result<ExitCode, CliError> {
    use sente_gomoku::engine::{Engine, ThinkLimits};
    let game = *game;
    let limits = ThinkLimits { time: Some(Duration::from_millis(ms)), ..ThinkLimits::default() };
    let mut engine = Engine::new(threads, 64);
    let mut out = String::new();
    let (mut nodes, mut depths, mut searched) = (0u64, 0u32, 0u32);
    let positions = sente_gomoku::bench::search_positions(game);
    for (i, position) in positions.iter().enumerate() {
        engine.clear();
        let start = std::time::Instant::now();
        let d = engine.think(position, &limits).ok_or_else(|| CliError::Usage("a bench position is over".into()))?;
        let took = start.elapsed();
        nodes += d.nodes;
        if d.reason == sente_gomoku::engine::Reason::Search && !d.value.is_decisive() {
            depths += d.depth;
            searched += 1;
        }
        out.push_str(&format!(
            "position {:>2}  stones {:>3}  {:<6}  depth {:>2}  nodes {:>10}  time {:>6.1} ms\n",
            i + 1,
            position.stones(),
            format!("{:?}", d.reason).to_lowercase(),
            d.depth,
            d.nodes,
            took.as_secs_f64() * 1000.0,
        ));
    }
    let mean = f64::from(depths) / f64::from(searched.max(1));
    out.push_str(&format!(
        "total: {} positions, {ms} ms each, {threads} thread{}, nodes {nodes}, mean depth {mean:.2} over the {searched} searches that proved nothing\n",
        positions.len(),
        if threads == 1 { "" } else { "s" },
    ));
    write_output(Path::new("-"), &out)?;
    Ok(ExitCode::SUCCESS)
}

fn bench_vcf(file: &Path, size: usize) -> Result<ExitCode, CliError> {
    use sente_gomoku::engine::vcf::{Budget, find_vcf};
    let game = Gomoku::new(size, Rule::Freestyle).map_err(|e| CliError::Usage(e.to_string()))?;
    let text = read_input(file)?;
    let suite = sente_gomoku::bench::parse_suite(game, &text).map_err(|e| CliError::input(file, e))?;
    let mut out = String::new();
    let (mut worst, mut solved, mut total) = (Duration::ZERO, 0, Duration::ZERO);
    for e in &suite {
        let mut pos = e.position.clone();
        let me = pos.to_move().index();
        let clock = Stopwatch::start();
        let proof = find_vcf(&mut pos, me, 30, &Budget::nodes(10_000_000));
        let t = clock.elapsed();
        worst = worst.max(t);
        total += t;
        let found = proof.line.as_ref().map(|l| {
            solved += 1;
            sente_gomoku::notation::move_text(game.dims(), l[0])
        });
        out.push_str(&format!(
            "{:<28} {:>6} nodes {:>8.3} ms  {}\n",
            e.id,
            proof.nodes,
            t.as_secs_f64() * 1000.0,
            found.map_or("no VCF".to_string(), |m| format!("VCF starting {m}"))
        ));
    }
    out.push_str(&format!(
        "solved {solved} of {} positions; slowest {:.3} ms, total {:.3} ms\n",
        suite.len(),
        worst.as_secs_f64() * 1000.0,
        total.as_secs_f64() * 1000.0
    ));
    write_output(Path::new("-"), &out)?;
    Ok(ExitCode::SUCCESS)
}
