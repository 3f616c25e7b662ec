//! The statistics of the complete analysis, as the paper reports them: counts of positions, symmetry classes,
//! finished positions, wins, losses and draws, remoteness and branching histograms, and the start position.
//!
//! Every count is for one side to move (the relative view: 18,368 positions); the paper often counts both sides
//! (36,736), which is exactly twice ours. [`Stats`] serialises to the JSON of `sente lgame stats --json` with the
//! keys in the issue's order, histograms as objects from value to count; its `Display` is the readable report.

use crate::LGame;
use crate::analysis::Analysis;
use crate::index::POSITIONS;
use sente_core::Game;
use sente_core::solve::retrograde::Verdict;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// A histogram from a value to the number of positions with it.
pub type Histogram = BTreeMap<u32, usize>;

/// The statistics of the complete analysis (one side to move).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Positions with the side to move fixed.
    pub positions: usize,
    /// Classes of positions under the 8 symmetries of the board.
    pub canonical_positions: usize,
    /// Positions with no move (lost for the side to move).
    pub terminal: usize,
    /// Classes of terminal positions.
    pub terminal_canonical: usize,
    /// Positions won for the side to move.
    pub wins: usize,
    /// Positions lost for the side to move (terminal ones included).
    pub losses: usize,
    /// Drawn positions.
    pub draws: usize,
    /// Classes of won positions.
    pub wins_canonical: usize,
    /// Classes of lost positions.
    pub losses_canonical: usize,
    /// Classes of drawn positions.
    pub draws_canonical: usize,
    /// The longest forced win, in plies.
    pub max_win_remoteness: u32,
    /// The longest forced loss, in plies.
    pub max_loss_remoteness: u32,
    /// Won positions by remoteness.
    pub win_remoteness: Histogram,
    /// Lost positions by remoteness.
    pub loss_remoteness: Histogram,
    /// Positions by number of legal moves.
    pub branching: Histogram,
    /// The largest number of legal moves.
    pub max_branching: u32,
    /// The mean number of legal moves per position.
    pub mean_branching: f64,
    /// The start position's value: `W<k>`, `L<k>` or `D`.
    pub start_value: String,
    /// The start position's number of legal moves.
    pub start_moves: u32,
    /// Won positions by number of legal moves, not part of the JSON.
    #[serde(skip)]
    pub win_branching: Histogram,
    /// Positions won in one ply by number of legal moves (the paper's second table), not part of the JSON.
    #[serde(skip)]
    pub win_in_one_branching: Histogram,
}

impl Stats {
    /// Gathers the statistics from a finished analysis.
    #[must_use]
    pub fn new(analysis: &Analysis) -> Stats {
        let classes = analysis.classes();
        let mut s = Stats {
            positions: POSITIONS,
            canonical_positions: 0,
            terminal: 0,
            terminal_canonical: 0,
            wins: 0,
            losses: 0,
            draws: 0,
            wins_canonical: 0,
            losses_canonical: 0,
            draws_canonical: 0,
            max_win_remoteness: 0,
            max_loss_remoteness: 0,
            win_remoteness: Histogram::new(),
            loss_remoteness: Histogram::new(),
            branching: Histogram::new(),
            max_branching: 0,
            mean_branching: 0.0,
            start_value: String::new(),
            start_moves: 0,
            win_branching: Histogram::new(),
            win_in_one_branching: Histogram::new(),
        };
        let mut total_moves = 0u64;
        for i in 0..POSITIONS {
            let v = analysis.value_at(i);
            let moves = analysis.moves_at(i);
            let canonical = classes.representative(classes.class_of(i)) == i;
            total_moves += u64::from(moves);
            *s.branching.entry(moves).or_default() += 1;
            s.max_branching = s.max_branching.max(moves);
            s.canonical_positions += usize::from(canonical);
            if moves == 0 {
                s.terminal += 1;
                s.terminal_canonical += usize::from(canonical);
            }
            match v.verdict {
                Verdict::Win => {
                    s.wins += 1;
                    s.wins_canonical += usize::from(canonical);
                    s.max_win_remoteness = s.max_win_remoteness.max(v.remoteness);
                    *s.win_remoteness.entry(v.remoteness).or_default() += 1;
                    *s.win_branching.entry(moves).or_default() += 1;
                    if v.remoteness == 1 {
                        *s.win_in_one_branching.entry(moves).or_default() += 1;
                    }
                }
                Verdict::Loss => {
                    s.losses += 1;
                    s.losses_canonical += usize::from(canonical);
                    s.max_loss_remoteness = s.max_loss_remoteness.max(v.remoteness);
                    *s.loss_remoteness.entry(v.remoteness).or_default() += 1;
                }
                Verdict::Draw => {
                    s.draws += 1;
                    s.draws_canonical += usize::from(canonical);
                }
            }
        }
        s.mean_branching = total_moves as f64 / POSITIONS as f64;
        let start = LGame.initial_state();
        s.start_value = analysis.value(&start).to_string();
        s.start_moves = analysis.moves_at(start.index());
        s
    }

    /// The number of positions won in exactly one ply (the paper's first "WinNode" count).
    #[must_use]
    pub fn wins_in_one(&self) -> usize {
        self.win_remoteness.get(&1).copied().unwrap_or(0)
    }
}

fn histogram_lines(f: &mut fmt::Formatter<'_>, h: &Histogram, prefix: &str) -> fmt::Result {
    for (k, n) in h {
        writeln!(f, "    {prefix}{k:<5} {n:>6}")?;
    }
    Ok(())
}

impl fmt::Display for Stats {
    /// A readable report, counts for one side to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "L-Game: complete retrograde analysis (counts for one side to move; x8 symmetry classes)")?;
        writeln!(f, "  positions            {:>6}   classes {:>5}", self.positions, self.canonical_positions)?;
        writeln!(f, "  terminal (no move)   {:>6}   classes {:>5}", self.terminal, self.terminal_canonical)?;
        writeln!(f, "  won for the mover    {:>6}   classes {:>5}", self.wins, self.wins_canonical)?;
        writeln!(f, "  lost for the mover   {:>6}   classes {:>5}", self.losses, self.losses_canonical)?;
        writeln!(f, "  drawn                {:>6}   classes {:>5}", self.draws, self.draws_canonical)?;
        writeln!(f, "  won in one ply       {:>6}", self.wins_in_one())?;
        writeln!(
            f,
            "  longest win  {} plies, longest loss {} plies",
            self.max_win_remoteness, self.max_loss_remoteness
        )?;
        writeln!(f, "  wins by remoteness (plies, positions):")?;
        histogram_lines(f, &self.win_remoteness, "W")?;
        writeln!(f, "  losses by remoteness (plies, positions):")?;
        histogram_lines(f, &self.loss_remoteness, "L")?;
        writeln!(f, "  legal moves per position (moves: positions, of which won, of which won in one ply):")?;
        for (k, n) in &self.branching {
            let w = self.win_branching.get(k).copied().unwrap_or(0);
            let w1 = self.win_in_one_branching.get(k).copied().unwrap_or(0);
            writeln!(f, "    {k:<5} {n:>6} {w:>6} {w1:>6}")?;
        }
        writeln!(f, "  moves: at most {}, mean {:.2}", self.max_branching, self.mean_branching)?;
        writeln!(f, "  start {}: {}, {} moves", crate::START, self.start_value, self.start_moves)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_keys_are_the_issues_in_order() {
        let s = Stats::new(&Analysis::new());
        let json = serde_json::to_string(&s).unwrap();
        let keys = [
            "positions",
            "canonical_positions",
            "terminal",
            "terminal_canonical",
            "wins",
            "losses",
            "draws",
            "wins_canonical",
            "losses_canonical",
            "draws_canonical",
            "max_win_remoteness",
            "max_loss_remoteness",
            "win_remoteness",
            "loss_remoteness",
            "branching",
            "max_branching",
            "mean_branching",
            "start_value",
            "start_moves",
        ];
        let mut at = 0;
        for k in keys {
            let pos = json[at..].find(&format!("\"{k}\":")).unwrap_or_else(|| panic!("{k} missing or out of order"));
            at += pos + k.len();
        }
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v.as_object().unwrap().len(), keys.len());
        assert_eq!(v["branching"]["221"], serde_json::json!(s.branching[&221]));
    }
}
