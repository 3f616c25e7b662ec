//! `sente gomoku tune`: fits the evaluation's pattern weights, cell-class weights and tempo to the outcomes of
//! recorded games.
//!
//! It reads game records in the form `sente gomoku match --records` writes (one game per line: `game N: black A
//! white B opening xH8 oJ7 … moves K6 H8 … result 1-0 (why)`), turns every quiet position into a sample, runs the
//! seeded Texel fit of [`sente_gomoku::engine::tune`] (from the hand-set table, or `--from-current`), for each
//! tempo tried (`--tempo` fixes one), and prints the loss before and after on the training and held-out games, the
//! losses of every tempo, and the fitted table and classes. With `--out FILE` it writes them as a Rust source file
//! (the checked-in `crates/gomoku/src/engine/tuned.rs` is made so; its header holds the command). Games lost by a
//! fault (time, illegal move, crash) say nothing about the position and are skipped.
//!
//! With `--combos` it fits the cell combinations' weights instead ([`sente_gomoku::combos`]: what each multiset of a
//! cell's four line levels adds to its class's weight), with the engine's level and class weights and tempo held,
//! from the engine's combinations, with an L2 penalty (`--l2`); it prints the losses and the largest weights by
//! name and writes `crates/gomoku/src/engine/combined.rs` with `--out`.
//!
//! With `--order` it fits the width cut's ordering tables instead ([`sente_gomoku::engine::order`]): every position
//! where the cut applies becomes the list of near cells and the move played, and it prints the share of played
//! moves the cut keeps, before and after, and writes `crates/gomoku/src/engine/ordered.rs` with `--out`.

use crate::error::CliError;
use crate::io::{read_input, write_output};
use crate::tournament::record::read_line;
use sente_gomoku::combos::{COMBOS, combo_name};
use sente_gomoku::engine::combo_fit::{MIN_SEEN, fit_combos};
use sente_gomoku::engine::order::{OrderSample, fit_order, game_order_samples};
use sente_gomoku::engine::params::EvalParams;
use sente_gomoku::engine::tune::{
    HAND_CLASS, HAND_SCORE, HAND_TEMPO, Sample, TEMPO_DENOM, TEMPOS, fit, game_samples, opening_position,
};
use sente_gomoku::patterns::{CLASS_SCORE, SCORE, TEMPO};
use sente_gomoku::{Gomoku, Move, Rule};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `sente gomoku tune`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// Game record files (`-` for stdin), as written by `sente gomoku match --records`.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// Board side the games were played on.
    #[arg(long, default_value_t = 15)]
    size: usize,
    /// Rule the games were played under: freestyle, exact or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Seed drawing the held-out games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adam steps over the training set.
    #[arg(long, default_value_t = 2000)]
    iterations: u32,
    /// Write the fitted table as a Rust source file here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Start from the engine's current table and tempo instead of the hand-set ones (`tune::HAND_SCORE`, 10/8).
    #[arg(long)]
    from_current: bool,
    /// Fit the weights for this tempo only, in eighths (10 is 5/4: the side to move's patterns count 10/8 of the
    /// other side's); by default 10 to 14 are each fitted and the one with the lowest held-out loss is kept.
    #[arg(long, value_parser = clap::value_parser!(i32).range(8..=24))]
    tempo: Option<i32>,
    /// Fit the width cut's ordering tables (which moves a quiet node searches) to the moves played, instead of
    /// the evaluation to the results; `--out` then writes `crates/gomoku/src/engine/ordered.rs`.
    #[arg(long, conflicts_with_all = ["tempo", "from_current"])]
    order: bool,
    /// Fit the cell combinations' weights (what each combination of a cell's four line levels adds to its class's
    /// weight) with the engine's level and class weights and tempo held; `--out` then writes
    /// `crates/gomoku/src/engine/combined.rs`.
    #[arg(long, conflicts_with_all = ["tempo", "from_current", "order"])]
    combos: bool,
    /// With --combos: the L2 penalty on each combination's weight w, `l2 · (K w)²` added to the loss (K the
    /// sigmoid's scale).
    #[arg(long, default_value_t = 1e-4, requires = "combos")]
    l2: f64,
}

/// One parsed record line: the opening's black and white stones, the moves and black's score.
struct Record {
    black: Vec<Move>,
    white: Vec<Move>,
    moves: Vec<Move>,
    black_score: f32,
}

/// Parses one record line; `None` for a line that is no finished game on this board or was lost by a fault.
fn parse_record(game: Gomoku, line: &str) -> Option<Record> {
    let r = read_line(game, line).filter(|r| !r.by_fault)?;
    let black_score = match r.result.as_str() {
        "1-0" => 1.0,
        "0-1" => 0.0,
        _ => 0.5,
    };
    let [black, white] = r.opening;
    Some(Record { black, white, moves: r.moves, black_score })
}

/// The generated table's source text.
fn table_source(a: &TuneArgs, weights: &[i32], classes: &[i32], tempo: i32, summary: &str) -> String {
    let mut s =
        generated_header(a, "Pattern weights fitted by `sente gomoku tune`", summary, "crate::patterns::LEVELS");
    let _ = writeln!(s, "/// The fitted [`crate::patterns::SCORE`] table, indexed by pattern level.");
    let list: Vec<String> = weights.iter().map(i32::to_string).collect();
    let _ = writeln!(s, "pub const TUNED_SCORE: [i32; LEVELS] = [{}];", list.join(", "));
    let _ = writeln!(
        s,
        "\n/// The fitted tempo, in eighths: the side to move's pattern total counts `TUNED_TEMPO / 8` times the other \
         side's.\npub const TUNED_TEMPO: i32 = {tempo};"
    );
    let list: Vec<String> = classes.iter().map(i32::to_string).collect();
    let _ = writeln!(
        s,
        "\n/// The fitted weight of each [`crate::patterns::cell_class`] (one line, as the tests compare it).\n\
         #[rustfmt::skip]\npub const TUNED_CLASS: [i32; crate::patterns::CLASSES] = [{}];",
        list.join(", ")
    );
    s
}

/// The command line that made a generated file, for its header.
fn command_line(a: &TuneArgs) -> String {
    let files: Vec<String> = a.records.iter().map(|p| p.display().to_string()).collect();
    format!(
        "sente gomoku tune{}{} --size {} --rule {} --seed {} --iterations {}{}{} --out <this file> {}",
        if a.order { " --order" } else { "" },
        if a.combos { format!(" --combos --l2 {:e}", a.l2) } else { String::new() },
        a.size,
        a.rule,
        a.seed,
        a.iterations,
        if a.from_current { " --from-current" } else { "" },
        a.tempo.map(|t| format!(" --tempo {t}")).unwrap_or_default(),
        files.join(" ")
    )
}

/// The head of a generated table file: what it holds, the command that made it, its summary, the import `uses`.
fn generated_header(a: &TuneArgs, what: &str, summary: &str, uses: &str) -> String {
    let mut s = format!("//! {what} (generated: edit by running the command again).\n//!\n");
    let _ = writeln!(s, "//! Made by:\n//! ```text\n//! {}\n//! ```", command_line(a));
    for line in summary.lines() {
        let _ = writeln!(s, "//! {line}");
    }
    let _ = writeln!(s, "\nuse {uses};\n");
    s
}

/// The generated ordering tables' source text.
fn order_source(a: &TuneArgs, own: &[i32], opp: &[i32], summary: &str) -> String {
    let mut s = generated_header(
        a,
        "Width-cut ordering tables fitted by `sente gomoku tune --order`",
        summary,
        "crate::patterns::LEVELS",
    );
    let list = |t: &[i32]| t.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let _ = writeln!(s, "/// The fitted [`crate::patterns::QUICK_OWN`] table, indexed by pattern level.");
    let _ = writeln!(s, "pub const ORDERED_OWN: [i32; LEVELS] = [{}];", list(own));
    let _ = writeln!(s, "\n/// The fitted [`crate::patterns::QUICK_OPP`] table, indexed by pattern level.");
    let _ = writeln!(s, "pub const ORDERED_OPP: [i32; LEVELS] = [{}];", list(opp));
    s
}

/// What [`read_games`] read: the games taken, the lines skipped, and how many of those were played on a board of
/// another size (by their replay link).
struct Read {
    games: u32,
    skipped: usize,
    other_size: usize,
}

impl Read {
    /// `N games (M lines skipped[, K of them played on another board size])`.
    fn describe(&self) -> String {
        let other = if self.other_size == 0 {
            String::new()
        } else {
            format!(", {} of them played on another board size", self.other_size)
        };
        format!("{} games ({} lines skipped{other})", self.games, self.skipped)
    }
}

/// Reads every record of `a`'s files, calling `take` with each parsed game and its start. A line whose replay link
/// starts from a board of another size than `--size` is skipped (its moves could parse on this board and mean
/// other cells near the edges).
fn read_games(
    a: &TuneArgs,
    game: Gomoku,
    mut take: impl FnMut(&Record, &sente_gomoku::Position, u32) -> bool,
) -> Result<Read, CliError> {
    let (mut games, mut skipped, mut other_size) = (0u32, 0usize, 0usize);
    for path in &a.records {
        let text = read_input(path)?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            if crate::tournament::record::board_rows(line).is_some_and(|rows| rows != a.size) {
                skipped += 1;
                other_size += 1;
                continue;
            }
            let record = parse_record(game, line);
            let start = record.as_ref().and_then(|r| opening_position(game, &r.black, &r.white));
            match (record, start) {
                (Some(r), Some(start)) if take(&r, &start, games) => games += 1,
                _ => skipped += 1,
            }
        }
    }
    Ok(Read { games, skipped, other_size })
}

/// The generated combination table's source text.
fn combos_source(a: &TuneArgs, combos: &[i32], summary: &str) -> String {
    let mut s = generated_header(
        a,
        "Cell-combination weights fitted by `sente gomoku tune --combos`",
        summary,
        "crate::combos::COMBOS",
    );
    s.push_str(&combined_table(combos));
    s
}

/// The `COMBINED` declaration of engine/combined.rs holding `combos` (the file's body after its header and `use`
/// line), as both `tune --combos` and `spsa --set combos` write it.
pub(crate) fn combined_table(combos: &[i32]) -> String {
    let list: Vec<String> = combos.iter().map(i32::to_string).collect();
    format!(
        "/// What each combination adds to its cell's class weight, indexed like \
         [`crate::patterns::COMBO_EXTRA`].\n#[rustfmt::skip]\npub const COMBINED: [i32; COMBOS] = [{}];\n",
        list.join(", ")
    )
}

/// `sente gomoku tune --combos`.
fn run_combos(a: &TuneArgs, game: Gomoku) -> Result<ExitCode, CliError> {
    if !(a.l2.is_finite() && a.l2 >= 0.0) {
        return Err(CliError::Usage(format!("--l2 {} (expected a number of 0 or more)", a.l2)));
    }
    let (samples, read) = read_samples(a, game)?;
    let base = EvalParams::COMPILED;
    let f = fit_combos(&samples, &base, a.seed, a.iterations, a.l2);
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "{}, {} training and {} held-out positions; sigmoid scale K = {:.3e}; L2 {:e}",
        read.describe(),
        f.samples.0,
        f.samples.1,
        f.k,
        a.l2
    );
    let _ = writeln!(summary, "Texel loss before: training {:.6}, held out {:.6}", f.before.train, f.before.held_out);
    let _ = writeln!(summary, "Texel loss after:  training {:.6}, held out {:.6}", f.after.train, f.after.held_out);
    let fitted = (1..COMBOS).filter(|&c| f.seen[c] >= MIN_SEEN).count();
    let _ = writeln!(summary, "{fitted} of {} combinations seen in {MIN_SEEN} training positions or more", COMBOS - 1);
    let mut order: Vec<usize> = (0..COMBOS).filter(|&c| f.combos[c] != 0).collect();
    order.sort_by_key(|&c| (std::cmp::Reverse(f.combos[c].abs()), c));
    let top: Vec<String> = order
        .iter()
        .take(12)
        .map(|&c| format!("{} {:+} ({} positions)", combo_name(c), f.combos[c], f.seen[c]))
        .collect();
    let _ = writeln!(summary, "largest: {}", top.join(", "));
    if let Some(p) = &a.out {
        write_output(p, &combos_source(a, &f.combos, &summary))?;
    }
    write_output(std::path::Path::new("-"), &summary)?;
    Ok(ExitCode::SUCCESS)
}

/// The quiet positions of `a`'s records, with what was read; a usage error when there is none.
fn read_samples(a: &TuneArgs, game: Gomoku) -> Result<(Vec<Sample>, Read), CliError> {
    let mut samples: Vec<Sample> = Vec::new();
    let read = read_games(a, game, |r, start, g| game_samples(start, &r.moves, r.black_score, g, &mut samples))?;
    if samples.is_empty() {
        return Err(CliError::Usage(format!(
            "no quiet position in the records: {} read (expected lines as `sente gomoku match --records` writes \
             them: `game N: black A white B opening H8 J9 moves … result 1-0 (…)`, on a {size}×{size} board: \
             --size)",
            read.describe(),
            size = a.size
        )));
    }
    Ok((samples, read))
}

/// `sente gomoku tune --order`.
fn run_order(a: &TuneArgs, game: Gomoku) -> Result<ExitCode, CliError> {
    let mut samples: Vec<OrderSample> = Vec::new();
    let read = read_games(a, game, |r, start, g| game_order_samples(start, &r.moves, g, &mut samples))?;
    if samples.is_empty() {
        return Err(CliError::Usage(format!(
            "no quiet position in the records: {} read (expected lines as `sente gomoku match --records` writes \
             them, on a {size}×{size} board: --size)",
            read.describe(),
            size = a.size
        )));
    }
    let f = fit_order(&samples, a.seed, a.iterations);
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "{}, {} training and {} held-out positions where the width cut applies",
        read.describe(),
        f.samples.0,
        f.samples.1
    );
    for (name, (train, held)) in [("hand-set key (ORDER, 5/4 for the side to move)", f.before), ("fitted key", f.after)]
    {
        let _ = writeln!(
            summary,
            "{name}: played move kept by the cut {:.1}% training, {:.1}% held out; loss {:.4} / {:.4}",
            100.0 * train.kept,
            100.0 * held.kept,
            train.loss,
            held.loss
        );
    }
    let _ = writeln!(summary, "side to move's levels: {:?}", f.own);
    let _ = writeln!(summary, "opponent's levels:     {:?}", f.opp);
    if let Some(p) = &a.out {
        write_output(p, &order_source(a, &f.own, &f.opp, &summary))?;
    }
    write_output(std::path::Path::new("-"), &summary)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs `sente gomoku tune`.
pub fn run(a: &TuneArgs) -> Result<ExitCode, CliError> {
    let rule: Rule = a.rule.parse().map_err(|e: sente_gomoku::Error| CliError::Usage(e.to_string()))?;
    let game = Gomoku::new(a.size, rule).map_err(|e| CliError::Usage(e.to_string()))?;
    if a.order {
        return run_order(a, game);
    }
    if a.combos {
        return run_combos(a, game);
    }
    let (samples, read) = read_samples(a, game)?;
    let (start, start_classes, start_tempo) =
        if a.from_current { (SCORE, CLASS_SCORE, TEMPO) } else { (HAND_SCORE, HAND_CLASS, HAND_TEMPO) };
    let tempos: Vec<i32> = a.tempo.map_or_else(|| TEMPOS.collect(), |t| vec![t]);
    let f = fit(&samples, &start, &start_classes, start_tempo, &tempos, a.seed, a.iterations);
    let mut summary = String::new();
    let _ = writeln!(
        summary,
        "{}, {} training and {} held-out positions; sigmoid scale K = {:.3e}",
        read.describe(),
        f.samples.0,
        f.samples.1,
        f.k
    );
    let _ = writeln!(summary, "Texel loss before: training {:.6}, held out {:.6}", f.before.train, f.before.held_out);
    let _ = writeln!(summary, "Texel loss after:  training {:.6}, held out {:.6}", f.after.train, f.after.held_out);
    for (t, l) in &f.tried {
        let _ = writeln!(
            summary,
            "tempo {t}/{TEMPO_DENOM}: Texel loss training {:.6}, held out {:.6}{}",
            l.train,
            l.held_out,
            if *t == f.tempo && f.tried.len() > 1 { " (kept: lowest held out)" } else { "" }
        );
    }
    let _ =
        writeln!(summary, "weights before: {start:?}, classes {start_classes:?}, tempo {start_tempo}/{TEMPO_DENOM}");
    let _ =
        writeln!(summary, "weights after:  {:?}, classes {:?}, tempo {}/{TEMPO_DENOM}", f.weights, f.classes, f.tempo);
    if let Some(p) = &a.out {
        write_output(p, &table_source(a, &f.weights, &f.classes, f.tempo, &summary))?;
    }
    write_output(std::path::Path::new("-"), &summary)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sente_gomoku::notation::parse_move_text;

    #[test]
    fn records_parse_and_faults_are_skipped() {
        let game = Gomoku::new(15, Rule::Freestyle).unwrap();
        let line = "game 1: black sente white pbrain:x --nodes 5 opening oJ7 xF10 xJ10 moves K6 H8 result 0-1 \
                    (pbrain:x --nodes 5 wins with five)";
        let r = parse_record(game, line).unwrap();
        assert_eq!((r.black.len(), r.white.len(), r.moves.len(), r.black_score), (2, 1, 2, 0.0));
        // Today's records list the opening in play order, black first, with the slowest-move and replay fields.
        let line = "game 3: black sente white sente#2 opening J6 I10 I9 moves H9 H8 result 0-1 (sente#2 wins with \
                    five) slowest 72/32 ms replay http://127.0.0.1:8080/play/gomoku#g=e30";
        let r = parse_record(game, line).unwrap();
        assert_eq!((r.black.len(), r.white.len(), r.moves.len(), r.black_score), (2, 1, 2, 0.0));
        assert_eq!(r.white[0], parse_move_text(game.dims(), "I10").unwrap());
        let fault = "game 2: black a white b opening xH8 moves result 1-0 (b loses: timeout (12 ms))";
        assert!(parse_record(game, fault).is_none());
        assert!(parse_record(game, "garbage").is_none());
    }

    /// A record whose replay link starts from a 19×19 board is skipped by a 15×15 fit, and counted as such, even
    /// when its moves would parse on the smaller board.
    #[test]
    fn records_of_another_board_size_are_skipped_and_counted() {
        use crate::tournament::game::{Ending, GameRecord, Opening};
        let record = |size: usize| {
            let game = Gomoku::new(size, Rule::Freestyle).unwrap();
            let at = |t: &str| parse_move_text(game.dims(), t).unwrap();
            let r = GameRecord {
                number: 1,
                black: (0, "a".into()),
                white: (1, "b".into()),
                opening: Opening { index: 0, stones: ["H8", "J9", "H9"].map(at).into() },
                moves: ["H10", "J10", "H11", "J11", "H12", "J12", "H7"].map(at).into(),
                ending: Ending::Five(sente_core::Player::First),
                slowest_ms: [1, 1],
                resent: [0, 0],
            };
            crate::tournament::record::line(game, &r)
        };
        let file = std::env::temp_dir().join(format!("sente-tune-sizes-{}.txt", std::process::id()));
        std::fs::write(&file, format!("{}\n{}\n", record(15), record(19))).unwrap();
        let a = TuneArgs {
            records: vec![file.clone()],
            size: 15,
            rule: "freestyle".into(),
            seed: 1,
            iterations: 1,
            out: None,
            from_current: false,
            tempo: None,
            order: false,
            combos: false,
            l2: 1e-4,
        };
        let game = Gomoku::new(15, Rule::Freestyle).unwrap();
        let read = read_games(&a, game, |_, _, _| true).unwrap();
        let _ = std::fs::remove_file(&file);
        assert_eq!((read.games, read.skipped, read.other_size), (1, 1, 1));
        assert_eq!(read.describe(), "1 games (1 lines skipped, 1 of them played on another board size)");
    }

    /// Runs the command `a` (whose `out` is replaced by a temporary file) and checks that the lines of the file it
    /// writes starting with `prefix` (`count` of them) are those of the checked-in `file`.
    fn reproduces(mut a: TuneArgs, file: &str, prefix: &str, count: usize) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let out = std::env::temp_dir().join(format!("sente-{prefix}{}.rs", std::process::id()));
        a.records = a.records.iter().map(|f| root.join("crates/gomoku/data").join(f)).collect();
        a.out = Some(out.clone());
        run(&a).unwrap();
        let tables = |text: &str| {
            let lines: Vec<&str> = text.lines().filter(|l| l.starts_with(prefix)).collect();
            (lines.len() == count).then(|| lines.join("\n"))
        };
        let made = std::fs::read_to_string(&out).unwrap();
        let _ = std::fs::remove_file(&out);
        let checked_in = std::fs::read_to_string(root.join("crates/gomoku/src/engine").join(file)).unwrap();
        assert!(tables(&made).is_some());
        assert_eq!(tables(&made), tables(&checked_in));
    }

    /// The checked-in table is what the command in its header makes from the checked-in records.
    #[test]
    fn checked_in_table_is_reproduced_by_its_command() {
        let a = TuneArgs {
            records: ["selfplay-100ms-302.txt", "selfplay-100ms-304.txt", "selfplay-50k.txt", "selfplay-100k.txt"]
                .map(PathBuf::from)
                .into(),
            size: 15,
            rule: "freestyle".into(),
            seed: 1,
            iterations: 2000,
            out: None,
            from_current: false,
            tempo: Some(12),
            order: false,
            combos: false,
            l2: 1e-4,
        };
        reproduces(a, "tuned.rs", "pub const TUNED_", 3);
    }

    /// The checked-in ordering tables are what the command in their header makes from the checked-in records.
    #[test]
    fn checked_in_order_tables_are_reproduced_by_their_command() {
        let a = TuneArgs {
            records: ["selfplay-19-100ms-334.txt", "selfplay-19-100ms-335.txt"].map(PathBuf::from).into(),
            size: 19,
            rule: "freestyle".into(),
            seed: 1,
            iterations: 200,
            out: None,
            from_current: false,
            tempo: None,
            order: true,
            combos: false,
            l2: 1e-4,
        };
        reproduces(a, "ordered.rs", "pub const ORDERED_", 2);
    }
}
