//! The plain data the registry hands out: a game's description, a drawn board, a position with its legal moves,
//! an engine report and an analysis. Moves and positions appear here only as text (the games' own notation) plus
//! the board cells a move touches, so a front end can draw and click without knowing any game's types.

use sente_core::{Player, Value};
use std::fmt;
use std::time::Duration;

/// An engine strength a front end offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Short identifier (`"easy"`, `"perfect"`).
    pub name: &'static str,
    /// What a person sees.
    pub label: &'static str,
    /// The search limits the level stands for.
    pub limits: EngineLimits,
}

/// What a game tells a front end about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name used in URLs and on the command line.
    pub name: &'static str,
    /// The human title.
    pub title: &'static str,
    /// True when the registry knows the exact value of every move (a "perfect" level and per-move values).
    pub solved: bool,
    /// The two sides, first player first.
    pub players: [&'static str; 2],
    /// A few sentences of rules.
    pub rules: &'static str,
    /// What a person may paste to load a position.
    pub load_hint: &'static str,
    /// How a move is clicked on the board ("click a free cell").
    pub click_hint: &'static str,
    /// Engine strengths, weakest first.
    pub levels: Vec<Level>,
}

/// Limits for one engine search. Unset fields do not apply; callers cap them before searching.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineLimits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Wall-clock budget.
    pub time: Option<Duration>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Play from the exact solution (solved games only; ignored elsewhere).
    pub perfect: bool,
}

impl EngineLimits {
    /// Limits with only a depth.
    #[must_use]
    pub fn depth(depth: u32) -> EngineLimits {
        EngineLimits { depth: Some(depth), ..EngineLimits::default() }
    }

    /// Limits with a depth and a time budget.
    #[must_use]
    pub fn depth_time(depth: u32, millis: u64) -> EngineLimits {
        EngineLimits { depth: Some(depth), time: Some(Duration::from_millis(millis)), ..EngineLimits::default() }
    }

    /// Perfect play from the solution.
    #[must_use]
    pub fn perfect() -> EngineLimits {
        EngineLimits { perfect: true, ..EngineLimits::default() }
    }

    /// These limits with every field clamped to `cap` (a missing depth, time or node budget takes the cap's).
    #[must_use]
    pub fn capped(&self, cap: &EngineLimits) -> EngineLimits {
        fn min<T: Ord + Copy>(a: Option<T>, b: Option<T>) -> Option<T> {
            match (a, b) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            }
        }
        EngineLimits {
            depth: min(self.depth, cap.depth),
            time: min(self.time, cap.time),
            nodes: min(self.nodes, cap.nodes),
            perfect: self.perfect,
        }
    }
}

/// A value for the side to move: exact (a forced result or a solved scoring margin) or a heuristic estimate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
    /// A draw with best play (exact) .
    Draw,
    /// The exact final margin (own points minus the opponent's) of a solved scoring game.
    Margin(i32),
    /// A heuristic estimate; positive favours the side to move.
    Heuristic(i32),
}

impl Score {
    /// Reads a search value: forced results keep their distance, anything else is a heuristic (or a draw when it
    /// is 0 and `exact`).
    #[must_use]
    pub fn from_value(v: Value, exact: bool) -> Score {
        match v.plies_to_end() {
            Some(n) if v.is_win() => Score::Win(n.max(0) as u32),
            Some(n) => Score::Loss(n.max(0) as u32),
            None if exact && v == Value::DRAW => Score::Draw,
            None => Score::Heuristic(v.0),
        }
    }

    /// True for a proven result (win, loss, draw or a solved margin).
    #[must_use]
    pub fn is_exact(self) -> bool {
        !matches!(self, Score::Heuristic(_))
    }

    /// The same value seen by the other player.
    #[must_use]
    pub fn flip(self) -> Score {
        match self {
            Score::Win(n) => Score::Loss(n),
            Score::Loss(n) => Score::Win(n),
            Score::Draw => Score::Draw,
            Score::Margin(m) => Score::Margin(-m),
            Score::Heuristic(h) => Score::Heuristic(-h),
        }
    }

    /// The value of a position to the player who moved into it, one ply earlier: a loss in `n` for the side to
    /// move there is a win in `n + 1` for the mover.
    #[must_use]
    pub fn for_mover(self) -> Score {
        match self.flip() {
            Score::Win(n) => Score::Win(n + 1),
            Score::Loss(n) => Score::Loss(n + 1),
            other => other,
        }
    }

    /// A ranking key: higher is better for the side the score belongs to. Quick wins beat slow ones, slow losses
    /// beat quick ones.
    #[must_use]
    pub fn rank(self) -> i64 {
        match self {
            Score::Win(n) => 2_000_000_000 - i64::from(n),
            Score::Loss(n) => -2_000_000_000 + i64::from(n),
            Score::Draw => 0,
            Score::Margin(m) => i64::from(m),
            Score::Heuristic(h) => i64::from(h),
        }
    }

    /// `"win"`, `"loss"`, `"draw"` or `"heuristic"`; a margin is a win, loss or draw by its sign.
    #[must_use]
    pub fn verdict(self) -> &'static str {
        match self {
            Score::Win(_) => "win",
            Score::Loss(_) => "loss",
            Score::Draw => "draw",
            Score::Margin(m) if m > 0 => "win",
            Score::Margin(m) if m < 0 => "loss",
            Score::Margin(_) => "draw",
            Score::Heuristic(_) => "heuristic",
        }
    }

    /// A number for charts: ±1 for wins and losses, 0 for draws, the margin or the heuristic otherwise.
    #[must_use]
    pub fn chart(self) -> i32 {
        match self {
            Score::Win(_) => 1,
            Score::Loss(_) => -1,
            Score::Draw => 0,
            Score::Margin(m) | Score::Heuristic(m) => m,
        }
    }
}

impl fmt::Display for Score {
    /// `win in 3`, `loss in 4`, `draw`, `win by 5`, `loss by 2`, `+12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Loss(n) => write!(f, "loss in {n}"),
            Score::Draw | Score::Margin(0) => f.write_str("draw"),
            Score::Margin(m) if m > 0 => write!(f, "win by {m}"),
            Score::Margin(m) => write!(f, "loss by {}", -m),
            Score::Heuristic(h) => write!(f, "{h:+}"),
        }
    }
}

/// A group of highlighted cells: Gomoku's threats and winning line, the last move, a solved game's best moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// `"win"` (the winning line), `"threat"` (a cell that makes a four or an open three), `"last"`.
    pub kind: &'static str,
    /// Cell indices, row-major.
    pub cells: Vec<usize>,
    /// A short caption.
    pub note: String,
}

/// A board as a front end draws it: a grid of cell tokens, row-major, with labels and marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// One token per cell (the game's own letters; `""` for an empty cell, `"#"` for a cell that cannot be used).
    pub cells: Vec<String>,
    /// Labels down the side, top row first.
    pub row_labels: Vec<String>,
    /// Labels along the bottom, left to right.
    pub col_labels: Vec<String>,
    /// Highlights.
    pub marks: Vec<Mark>,
    /// A short note per row, top first, drawn right of the board (Star/Circle: what a piece scores on that row for
    /// each side); empty when a game has none.
    pub row_notes: Vec<String>,
}

/// A legal move: its text and the cells a person clicks to make it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The move in the game's notation.
    pub text: String,
    /// The cells to click, in order (a placement is one cell; a step is from then to).
    pub cells: Vec<usize>,
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// A sentence for the status line.
    pub text: String,
}

/// A parsed position with everything a front end shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionView {
    /// The position in the game's canonical text (send it back with the next request).
    pub position: String,
    /// The side to move.
    pub to_move: Player,
    /// The legal moves in the game's order (empty once the game is over).
    pub moves: Vec<MoveView>,
    /// The result, once the game is over.
    pub outcome: Option<OutcomeView>,
    /// The board to draw.
    pub board: BoardView,
    /// The players' points so far, first player first (scoring games only).
    pub scores: Option<[i32; 2]>,
    /// True when exact values are available for this position (a solved game within the solver's caps).
    pub solved: bool,
}

/// What the engine found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineReport {
    /// The move it plays, in notation.
    pub best: String,
    /// The value of the position for the side to move.
    pub score: Score,
    /// The principal variation in notation, starting with `best`.
    pub pv: Vec<String>,
    /// Deepest completed iteration (0 for perfect play from a table).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
    /// True when the move came from the exact solution.
    pub perfect: bool,
    /// True when the move was forced (the only reasonable one) and nothing was searched: `score` says nothing
    /// then, and a front end keeps the value it already knew.
    pub forced: bool,
    /// For a heuristic `score`, the side to move's chance to win in percent, where the game defines that scale.
    pub chance: Option<u8>,
}

impl EngineReport {
    /// The value as people read it: `forced move (not searched)`, `73% to win (estimate)` where the game has a
    /// win-chance scale, else the score (`win in 3`, `+120`).
    #[must_use]
    pub fn value_text(&self) -> String {
        if self.forced {
            "forced move (not searched)".to_string()
        } else if let Some(c) = self.chance {
            format!("{c}% to win (estimate)")
        } else {
            self.score.to_string()
        }
    }
}

/// One legal move with its exact value for the player making it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: MoveView,
    /// Its exact value for the mover.
    pub score: Score,
    /// True when no other move is better.
    pub best: bool,
}

/// The exact value of a position and of every legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position's value for the side to move.
    pub score: Score,
    /// Every legal move, in the game's order.
    pub moves: Vec<MoveValue>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_flip_rank_and_print() {
        assert_eq!(Score::Loss(2).for_mover(), Score::Win(3));
        assert_eq!(Score::Margin(4).for_mover(), Score::Margin(-4));
        assert!(Score::Win(1).rank() > Score::Win(5).rank());
        assert!(Score::Loss(7).rank() > Score::Loss(1).rank());
        assert!(Score::Draw.rank() > Score::Loss(99).rank());
        assert_eq!(Score::Win(3).to_string(), "win in 3");
        assert_eq!(Score::Margin(-2).to_string(), "loss by 2");
        assert_eq!(Score::Heuristic(12).to_string(), "+12");
        assert_eq!(Score::from_value(Value::win_in(5), false), Score::Win(5));
        assert_eq!(Score::from_value(Value::DRAW, true), Score::Draw);
        assert_eq!(Score::from_value(Value::DRAW, false), Score::Heuristic(0));
    }

    #[test]
    fn capping_takes_the_smaller_limit_and_fills_gaps() {
        let cap = EngineLimits::depth_time(10, 2000);
        let asked = EngineLimits { depth: Some(40), nodes: Some(5), ..EngineLimits::default() };
        let got = asked.capped(&cap);
        assert_eq!(got.depth, Some(10));
        assert_eq!(got.time, Some(Duration::from_millis(2000)));
        assert_eq!(got.nodes, Some(5));
    }
}
