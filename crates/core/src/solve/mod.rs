//! Exact solvers: retrograde analysis for enumerable (possibly loopy) games and a memoised solver for acyclic
//! scoring games.

pub mod retrograde;
pub mod scoring;
