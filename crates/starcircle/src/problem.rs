//! The course's task: read `input.txt`, run depth-limited MINIMAX or ALPHABETA, write the four-line answer.
//!
//! The input holds the player to move (MAX, the player every utility is computed for), the algorithm, the depth
//! limit D, the board (rows H down to A) and the row values. The answer is the move to play, its myopic utility
//! (the utility right after it; after `pass`, of the root), the farsighted utility (the depth-D minimax value of the
//! root) and the number of nodes the algorithm visited. The searches are the core's plain
//! [`sente_core::search::minimax`] and [`sente_core::search::alphabeta`] over this crate's move generator (which
//! yields the grader's expansion order), with [`Utility`] scoring leaves and finished games alike.
//!
//! ```
//! use sente_starcircle::problem::{Problem, solve};
//! let input = "Star\nMINIMAX\n2\n0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n\
//!     0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80\n";
//! let problem: Problem = input.parse()?;
//! assert_eq!(solve(&problem).to_string(), "F4-H2\n160\n160\n5");
//! # Ok::<(), sente_starcircle::Error>(())
//! ```

use crate::error::Error;
use crate::eval::Utility;
use crate::moves::Move;
use crate::notation::{next_line, numbered_lines, parse_board, parse_side};
use crate::position::Position;
use sente_core::State;
use sente_core::search::{alphabeta, minimax};
use std::fmt;
use std::str::FromStr;

/// The two algorithms the course asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain minimax: every node to depth D.
    Minimax,
    /// Fail-soft alpha-beta that prunes on equality, in the grader's move order.
    AlphaBeta,
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Algorithm, String> {
        if s.eq_ignore_ascii_case("MINIMAX") {
            Ok(Algorithm::Minimax)
        } else if s.eq_ignore_ascii_case("ALPHABETA") {
            Ok(Algorithm::AlphaBeta)
        } else {
            Err(format!("unknown algorithm {s:?}, expected MINIMAX or ALPHABETA"))
        }
    }
}

/// One course input: the position (with the player to move, who is MAX), the algorithm and the depth limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The root position; its side to move is the player every utility is computed for.
    pub position: Position,
    /// MINIMAX or ALPHABETA.
    pub algorithm: Algorithm,
    /// The depth limit D (the root is depth 0; every move, pass included, is one ply).
    pub depth: u32,
}

impl FromStr for Problem {
    type Err = Error;

    /// Parses an `input.txt`: player, algorithm, depth, 8 board rows (H to A), row values.
    fn from_str(text: &str) -> Result<Problem, Error> {
        let lines = numbered_lines(text);
        let mut it = lines.iter();
        let (l1, player) = next_line(&mut it, 0, "the player: Star or Circle")?;
        let side = parse_side(l1, player)?;
        let (l2, algo) = next_line(&mut it, l1, "the algorithm: MINIMAX or ALPHABETA")?;
        let algorithm = algo.parse::<Algorithm>().map_err(|m| Error::syntax(l2, m))?;
        let (l3, depth) = next_line(&mut it, l2, "the depth limit")?;
        let depth = depth.parse::<u32>().map_err(|_| {
            Error::syntax(l3, format!("depth limit {depth:?} is not a number, expected an integer ≥ 0"))
        })?;
        let position = parse_board(&mut it, l3, side, true)?;
        if let Some((extra, t)) = it.next() {
            return Err(Error::syntax(*extra, format!("unexpected text {t:?} after the row values")));
        }
        Ok(Problem { position, algorithm, depth })
    }
}

/// The four answers the grader reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The move to play (`pass` when forced).
    pub next: Move,
    /// Utility for the input player right after `next`.
    pub myopic: i32,
    /// The depth-limited minimax value of the root for the input player.
    pub farsighted: i32,
    /// Nodes the algorithm visited, root included.
    pub nodes: u64,
}

impl fmt::Display for Answer {
    /// Four lines, no newline after the last, exactly as `output.txt` must hold them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}\n{}\n{}", self.next, self.myopic, self.farsighted, self.nodes)
    }
}

/// Runs the problem's algorithm and assembles the answer.
///
/// Ties at the root go to the first move in expansion order (the searches keep the first best move). With a
/// depth limit of 0 the root is the only node: the answer is the first legal move, its myopic utility, the root's
/// utility and 1 node.
#[must_use]
pub fn solve(problem: &Problem) -> Answer {
    let mut root = problem.position.clone();
    let me = root.to_move();
    let result = match problem.algorithm {
        Algorithm::Minimax => minimax(&mut root, problem.depth, &Utility),
        Algorithm::AlphaBeta => alphabeta(&mut root, problem.depth, &Utility),
    };
    let next = result.best.unwrap_or_else(|| {
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        moves[0]
    });
    let mut after = root.clone();
    after.play(next);
    Answer { next, myopic: after.utility(me), farsighted: result.value.0, nodes: result.nodes }
}

/// Parses an input text and solves it: the whole course program, minus the files.
///
/// # Errors
/// The input is malformed; the error names the line.
pub fn solve_text(input: &str) -> Result<String, Error> {
    Ok(solve(&input.parse()?).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOARD4: &str = "0,S2,0,0,0,0,0,0\nS1,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,C1\n0,0,0,0,0,0,S1,0\n0,0,0,0,0,S1,0,0\n\
        0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80";

    #[test]
    fn forced_pass_is_searched_and_counted() {
        assert_eq!(solve_text(&format!("Circle\nALPHABETA\n2\n{BOARD4}")).unwrap(), "pass\n-290\n-300\n5");
    }

    #[test]
    fn depth_zero_visits_only_the_root() {
        let a = solve_text(&format!("Circle\nMINIMAX\n0\n{BOARD4}")).unwrap();
        assert_eq!(a, "pass\n-290\n-290\n1");
    }

    #[test]
    fn header_errors_name_the_line() {
        let err = |t: String| solve_text(&t).unwrap_err().to_string();
        assert!(err(format!("Moon\nMINIMAX\n2\n{BOARD4}")).starts_with("line 1: unknown player \"Moon\""));
        assert!(err(format!("Star\nDFS\n2\n{BOARD4}")).starts_with("line 2: unknown algorithm \"DFS\""));
        assert!(err(format!("Star\nMINIMAX\ntwo\n{BOARD4}")).starts_with("line 3: depth limit \"two\""));
        assert!(err(format!("Star\nMINIMAX\n-1\n{BOARD4}")).starts_with("line 3: depth limit"));
        assert!(err("Star\nMINIMAX\n".to_string()).starts_with("line 3: unexpected end of input"));
        let no_circle = BOARD4.replace("0,0,0,0,0,0,0,C1", "0,0,0,0,0,0,0,0");
        assert!(err(format!("Star\nMINIMAX\n2\n{no_circle}")).contains("invalid position: Circle has no pieces"));
        assert!(err(String::new()).starts_with("line 1: unexpected end of input"));
    }
}
