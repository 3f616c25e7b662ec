//! `bench`: a fixed, seeded set of middle-game positions searched to a fixed depth by one thread, giving a
//! deterministic node count (Stockfish's signature habit) and a nodes-per-second figure.
//!
//! The positions are made by the weight bot playing from seeded openings (stopping at quiet positions), so they are defined by code, not stored
//! text. The searcher is the engine's: core PVS with the Gomoku evaluator, its table cleared for every position.

use crate::engine::eval::GomokuEval;
use crate::engine::threats::has_open_four_move;
use crate::engine::weights::weight_move;
use crate::openings::opening;
use crate::patterns::FIVE;
use crate::position::Position;
use crate::rules::Gomoku;
use sente_core::search::{SearchLimits, Searcher};
use sente_core::{State, Stopwatch};
use std::time::Duration;

/// How many positions the bench searches.
pub const POSITIONS: u64 = 8;

/// One position's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The position searched.
    pub position: Position,
    /// Nodes the search visited.
    pub nodes: u64,
    /// Wall time.
    pub time: Duration,
}

/// The bench's positions on `game`'s board: opening `k`, then the weight bot plays at least `10 + 2k` plies and on
/// until the position is quiet (neither side can make a five or an open four), so every search has a real tree.
#[must_use]
pub fn positions(game: Gomoku) -> Vec<Position> {
    (0..8 * POSITIONS).filter_map(|k| quiet_after(game, k, 10 + 2 * k)).take(POSITIONS as usize).collect()
}

/// Opening `k + 1`, then the weight bot's moves: at least `plies` of them and on until neither side can make a
/// five or an open four; `None` when the game ends first.
fn quiet_after(game: Gomoku, k: u64, plies: u64) -> Option<Position> {
    let quiet = |p: &Position| (0..2).all(|c| p.count(c, FIVE) == 0 && !has_open_four_move(p, c));
    let mut pos = opening(game, k + 1, 3);
    let mut played = 0;
    while pos.outcome().is_none() {
        if played >= plies && quiet(&pos) {
            return Some(pos);
        }
        pos.play(weight_move(&pos, k + 1)?);
        played += 1;
    }
    None
}

/// How many positions the timed bench (`sente gomoku bench --time-ms`) gives the engine.
pub const TIMED_POSITIONS: usize = 16;

/// The timed bench's positions on `game`'s board: opening `k`, then the weight bot plays 8 to 19 plies and on until
/// the position is quiet, kept when neither side wins by threats (no VCF within 12 fours and 20,000 nodes, no VCT
/// of the engine's depth within 20,000 nodes), so the engine's decision ends in its main search rather than in a
/// threat solver.
#[must_use]
pub fn search_positions(game: Gomoku) -> Vec<Position> {
    use crate::engine::vcf::{Budget, find_vcf};
    use crate::engine::{VCT_DEPTH, vct::find_vct};
    let budget = Budget::nodes(20_000);
    let calm = |p: &Position| {
        (0..2).all(|c| {
            find_vcf(&mut p.clone(), c, 12, &budget).line.is_none()
                && find_vct(&mut p.clone(), c, VCT_DEPTH, &budget).line.is_none()
        })
    };
    (0..64 * TIMED_POSITIONS as u64)
        .filter_map(|k| quiet_after(game, k, 8 + k % 12).filter(|p| calm(p)))
        .take(TIMED_POSITIONS)
        .collect()
}

/// Searches every bench position to `depth` with one thread and a 16 MiB table.
#[must_use]
pub fn run(game: Gomoku, depth: u32) -> Vec<BenchLine> {
    run_with(game, depth, &GomokuEval::default())
}

/// [`run`] with the evaluator `eval` (another setting of the same search).
#[must_use]
pub fn run_with(game: Gomoku, depth: u32, eval: &GomokuEval) -> Vec<BenchLine> {
    // One 16 MiB table, cleared between positions (the search is the same as with a fresh searcher).
    // Building the table writes (and so touches) every entry before the first clock starts, so page faults are not
    // timed; the next positions clear it.
    let mut searcher: Searcher<Position> = Searcher::with_megabytes(16);
    positions(game)
        .into_iter()
        .enumerate()
        .map(|(k, position)| {
            if k > 0 {
                searcher.clear();
            }
            let clock = Stopwatch::start();
            let r = searcher.search(&position, eval, &SearchLimits::depth(depth), &mut ());
            BenchLine { position, nodes: r.nodes, time: clock.elapsed() }
        })
        .collect()
}

/// One entry of a position suite file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    /// The entry's name (its `id` line).
    pub id: String,
    /// The position (side to move deduced from the stones).
    pub position: Position,
}

/// Parses a suite file in shakmaty's perft-file habit: `id NAME` then `pos ROWS` with the board's rows joined by
/// `/` (`x` black, `o` white, `.` empty); blank lines and `#` comments are skipped.
///
/// # Errors
/// A malformed line or board, with its line number.
pub fn parse_suite(game: Gomoku, text: &str) -> Result<Vec<SuiteEntry>, crate::Error> {
    let mut out = Vec::new();
    let mut id = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |detail: String| crate::Error::Suite { line: n + 1, detail };
        if let Some(name) = line.strip_prefix("id ") {
            id = Some(name.trim().to_string());
        } else if let Some(rows) = line.strip_prefix("pos ") {
            let name = id.take().ok_or_else(|| bad("a pos line needs an id line before it".into()))?;
            let position =
                crate::notation::parse_board(game, &rows.replace('/', "\n")).map_err(|e| bad(e.to_string()))?;
            out.push(SuiteEntry { id: name, position });
        } else {
            return Err(bad(format!("expected `id NAME` or `pos ROWS`, found {line:?}")));
        }
    }
    Ok(out)
}

/// Writes a position as one `pos` line's argument: rows joined by `/`.
#[must_use]
pub fn suite_rows(pos: &Position) -> String {
    let cols = usize::from(pos.dims().cols);
    pos.cells()
        .chunks(cols)
        .map(|r| r.iter().map(|&c| ['.', 'x', 'o'][usize::from(c)]).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}
