//! The row/column game in the arena, solved exactly by the crate's [`Solver`] at every position, so each legal
//! move shows the final margin it leads to and "perfect" plays the best one.
//!
//! The game's own text keeps only the first player's lead, but the page shows each player's running score, so the
//! arena wraps the game in [`RowColArena`], whose text adds one line `points=<first>,<second>` after the game's
//! own (a pasted course `input.txt` has none: both start at 0). The board gets one extra column and row of
//! handles: a row is taken by clicking the handle at its right end, a column by the handle below it.

use crate::GameKind;
use crate::adapter::{Adapter, MoveOf};
use crate::error::RegistryError;
use crate::games::numbers;
use crate::view::{BoardView, EngineLimits, GameInfo, Level, Score};
use sente_core::{Game, Notation, State};
use sente_rowcol::{Board, MarginEvaluator, Move, Position, RowCol, SolveOptions, Solver, parse_board};

/// The arena's starting board (the course's 3×4 sample grown to 5×6).
const START: &str = "5 6\n1 0 1 1 0 1\n0 1 1 0 1 1\n1 1 0 1 0 0\n0 1 1 1 1 0\n1 0 0 1 1 1\n";

/// Boards with more lines (rows plus columns) than this are searched, not solved, so no request can run for
/// minutes: the solver answers every move of a full 12×12 board in well under a second, while a 16×16 board
/// takes tens of seconds on two cores (docs/rowcol.md).
pub const MAX_SOLVED_LINES: usize = 24;

/// The row/column game plus the points each player held when the position was loaded.
#[derive(Clone, Debug)]
pub struct RowColArena {
    game: RowCol,
    /// Points held at load time, first player first.
    base: [i32; 2],
    /// The first player's lead at load time.
    base_margin: i32,
    /// Pieces left at load time.
    base_left: u32,
}

impl RowColArena {
    /// The arena's default game.
    #[must_use]
    pub fn standard() -> RowColArena {
        // START is a constant checked by the tests; failing here is a bug in this file, not bad input.
        let board: Board = parse_board(START).unwrap_or_else(|e| panic!("the arena's start board must parse: {e}"));
        let start = Position::new(board);
        RowColArena { game: RowCol::new(board), base: [0, 0], base_margin: 0, base_left: start.pieces_left() }
    }

    fn points(&self, state: &Position) -> [i32; 2] {
        let taken = self.base_left.saturating_sub(state.pieces_left()) as i32;
        let gained = state.margin() - self.base_margin;
        [self.base[0] + (taken + gained) / 2, self.base[1] + (taken - gained) / 2]
    }

    fn within_caps(state: &Position) -> bool {
        state.board().rows() + state.board().cols() <= MAX_SOLVED_LINES
    }
}

impl Game for RowColArena {
    type State = Position;

    fn name(&self) -> &'static str {
        "rowcol"
    }

    fn initial_state(&self) -> Position {
        self.game.initial_state()
    }

    fn max_game_length(&self) -> usize {
        self.game.max_game_length()
    }
}

impl Notation for RowColArena {
    type Error = RegistryError;

    fn format_state(&self, state: &Position) -> String {
        let [a, b] = self.points(state);
        format!("{}points={a},{b}\n", self.game.format_state(state))
    }

    fn parse_state(&self, text: &str) -> Result<Position, RegistryError> {
        self.decode(text).map(|(_, p)| p)
    }

    fn format_move(&self, state: &Position, m: Move) -> String {
        self.game.format_move(state, m)
    }

    fn parse_move(&self, state: &Position, text: &str) -> Result<Move, RegistryError> {
        self.game.parse_move(state, text).map_err(|e| RegistryError::Text(e.to_string()))
    }
}

/// Splits off the `points=a,b` line; the rest is the game's own text.
fn split_points(text: &str) -> Result<(String, Option<[i32; 2]>), RegistryError> {
    let mut rest = String::with_capacity(text.len());
    let mut points = None;
    for (i, line) in text.lines().enumerate() {
        let Some(p) = line.trim().strip_prefix("points=") else {
            rest.push_str(line);
            rest.push('\n');
            continue;
        };
        let parsed = p.split_once(',').and_then(|(a, b)| Some([a.trim().parse().ok()?, b.trim().parse().ok()?]));
        let bad = || RegistryError::Text(format!("line {}: expected `points=<first>,<second>`, found `{line}`", i + 1));
        points = Some(parsed.ok_or_else(bad)?);
    }
    Ok((rest, points))
}

impl Adapter for RowColArena {
    type Eval = MarginEvaluator;

    fn kind(&self) -> GameKind {
        GameKind::RowCol
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "rowcol",
            title: "Row/Column",
            solved: true,
            players: ["First", "Second"],
            rules: "Players take turns removing every piece of one row or one column that still holds a piece, and \
                    score one point per piece taken. When the board is empty the higher score wins; the difference is \
                    the margin. Every move is shown with the exact final margin it leads to.",
            load_hint: "Paste a course input.txt: a line `n m`, then n rows of m digits 0/1 (spaces optional). A \
                        mid-game position adds `to_move=second margin=-3` and optionally `points=4,7`.",
            click_hint: "click the ◀ handle at the right of a row or the ▲ handle under a column",
            levels: vec![
                Level { name: "easy", label: "Easy (1 ply)", limits: EngineLimits::depth(1) },
                Level { name: "medium", label: "Medium (3 plies)", limits: EngineLimits::depth_time(3, 1000) },
                Level { name: "perfect", label: "Perfect (solved)", limits: EngineLimits::perfect() },
            ],
        }
    }

    fn evaluator(&self) -> MarginEvaluator {
        MarginEvaluator
    }

    fn decode(&self, text: &str) -> Result<(RowColArena, Position), RegistryError> {
        let (rest, points) = split_points(text)?;
        let state = self.game.parse_state(&rest).map_err(|e| RegistryError::Text(e.to_string()))?;
        let m = state.margin();
        let base = points.unwrap_or([m.max(0), (-m).max(0)]);
        let game =
            RowColArena { game: RowCol::new(*state.board()), base, base_margin: m, base_left: state.pieces_left() };
        Ok((game, state))
    }

    fn encode(&self, state: &Position) -> String {
        self.format_state(state)
    }

    fn board(&self, state: &Position) -> BoardView {
        let (rows, cols) = (state.board().rows(), state.board().cols());
        let left = state.remaining();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut cells = Vec::with_capacity((rows + 1) * (cols + 1));
        for r in 0..=rows {
            for c in 0..=cols {
                let t = if r < rows && c < cols {
                    if left.get(r, c) { "P" } else { "" }
                } else if r < rows {
                    if moves.contains(&Move::Row(r as u8)) { "R" } else { "" }
                } else if c < cols {
                    if moves.contains(&Move::Col(c as u8)) { "C" } else { "" }
                } else {
                    "#"
                };
                cells.push(t.to_string());
            }
        }
        let mut row_labels = numbers(rows, false);
        row_labels.push(String::new());
        let mut col_labels = numbers(cols, false);
        col_labels.push(String::new());
        BoardView {
            rows: rows + 1,
            cols: cols + 1,
            cells,
            row_labels,
            col_labels,
            marks: Vec::new(),
            row_notes: Vec::new(),
        }
    }

    fn move_cells(&self, state: &Position, m: Move) -> Vec<usize> {
        let (rows, cols) = (state.board().rows(), state.board().cols());
        match m {
            Move::Row(r) => vec![usize::from(r) * (cols + 1) + cols],
            Move::Col(c) => vec![rows * (cols + 1) + usize::from(c)],
        }
    }

    fn scores(&self, state: &Position) -> Option<[i32; 2]> {
        Some(self.points(state))
    }

    fn solvable(&self, state: &Position) -> bool {
        Self::within_caps(state)
    }

    fn exact_moves(&self, state: &Position) -> Option<Vec<(MoveOf<Self>, Score)>> {
        if !Self::within_caps(state) {
            return None;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(Vec::new());
        }
        let solution = Solver::new(&state.remaining(), &SolveOptions::default()).solve(true, &mut |_| {});
        let lead = state.margin_for_mover();
        let values = solution.move_values?;
        Some(
            moves
                .into_iter()
                .filter_map(|m| values.iter().find(|(v, _)| *v == m).map(|&(_, v)| (m, Score::Margin(lead + v))))
                .collect(),
        )
    }

    fn exact_value(&self, state: &Position) -> Option<Score> {
        if state.outcome().is_some() {
            return Some(Score::Margin(state.margin_for_mover()));
        }
        let best = self.exact_moves(state)?.into_iter().map(|(_, s)| s).max_by_key(|s| s.rank())?;
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use crate::{EngineLimits, GameKind, Score};

    #[test]
    fn every_move_gets_its_final_margin_and_scores_run() {
        let g = GameKind::RowCol.open();
        let start = g.initial();
        assert!(start.ends_with("points=0,0\n"), "{start}");
        let a = g.analyze(&start).unwrap();
        let best = a.moves.iter().filter(|m| m.best).count();
        assert!(best >= 1);
        let r = g.engine(&start, &EngineLimits::perfect()).unwrap();
        assert_eq!(Some(r.score), a.moves.iter().find(|m| m.mv.text == r.best).map(|m| m.score));
        let (_, after) = g.play(&start, "Row #: 1").unwrap();
        assert_eq!(after.scores, Some([4, 0]));
        let (_, after) = g.play(&after.position, "c3").unwrap();
        assert_eq!(after.scores, Some([4, 2]));
        // The value of the position is the mover's best final margin, consistent one ply later.
        let b = g.analyze(&after.position).unwrap();
        assert!(matches!(b.score, Score::Margin(_)));
    }

    #[test]
    fn the_course_input_loads_and_handles_are_clicked() {
        let g = GameKind::RowCol.open();
        let v = g.view("3 4\n1 0 0 1\n0 0 0 1\n1 1 1 1\n").unwrap();
        assert_eq!((v.board.rows, v.board.cols), (4, 5));
        let row3 = v.moves.iter().find(|m| m.text == "Row #: 3").unwrap();
        assert_eq!(row3.cells, vec![2 * 5 + 4]);
        assert_eq!(v.board.cells[14], "R");
        let a = g.analyze(&v.position).unwrap();
        let best: Vec<_> = a.moves.iter().filter(|m| m.best).map(|m| m.mv.text.as_str()).collect();
        assert_eq!(best[0], "Row #: 3");
        assert_eq!(a.score, Score::Margin(3));
        let e = g.view("3 4\n1 0 0 1\n0 0 0 1\npoints=x\n").unwrap_err().to_string();
        assert!(e.contains("line 4"), "{e}");
    }
}
