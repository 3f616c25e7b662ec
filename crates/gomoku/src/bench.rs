//! `bench`: a fixed, seeded set of middle-game positions searched to a fixed depth by one thread, giving a
//! deterministic node count (Stockfish's signature habit) and a nodes-per-second figure.
//!
//! The positions are made by the weight bot playing from seeded openings, so they are defined by code, not stored
//! text. The searcher is the engine's: core PVS with the Gomoku evaluator, a fresh table for every position.

use crate::engine::eval::GomokuEval;
use crate::engine::weights::weight_move;
use crate::openings::opening;
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

/// The bench's positions on `game`'s board: opening `k` then `10 + 2k` plies of the weight bot.
#[must_use]
pub fn positions(game: Gomoku) -> Vec<Position> {
    (0..POSITIONS)
        .map(|k| {
            let mut pos = opening(game, k + 1, 3);
            for _ in 0..10 + 2 * k {
                match weight_move(&pos, k + 1) {
                    Some(m) if pos.outcome().is_none() => pos.play(m),
                    _ => break,
                }
            }
            pos
        })
        .filter(|p| p.outcome().is_none())
        .collect()
}

/// Searches every bench position to `depth` with one thread and a 16 MiB table.
#[must_use]
pub fn run(game: Gomoku, depth: u32) -> Vec<BenchLine> {
    positions(game)
        .into_iter()
        .map(|position| {
            let mut searcher: Searcher<Position> = Searcher::with_megabytes(16);
            // Touch the table before the clock starts, so page faults are not timed.
            searcher.clear();
            let clock = Stopwatch::start();
            let r = searcher.search(&position, &GomokuEval::default(), &SearchLimits::depth(depth), &mut ());
            BenchLine { position, nodes: r.nodes, time: clock.elapsed() }
        })
        .collect()
}
