//! Tic-tac-toe in the arena: the core's example game, solved on first use by the core's retrograde analysis
//! (5,478 positions), so every move shows its exact value. It is the smallest complete test of the whole stack.

use crate::GameKind;
use crate::adapter::Adapter;
use crate::games::{letters, moves_from_positions, numbers};
use crate::view::{BoardView, EngineLimits, GameInfo, Level, Mark, Score};
use sente_core::examples::tictactoe::{Board, TicTacToe};
use sente_core::solve::retrograde::{Solution, solve};
use sente_core::{Enumerable, Notation, NullEvaluator, Outcome, State};
use std::sync::OnceLock;

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The solution of every tic-tac-toe position, computed once per process.
fn solution() -> Option<&'static Solution> {
    static SOLUTION: OnceLock<Option<Solution>> = OnceLock::new();
    SOLUTION.get_or_init(|| solve(&TicTacToe).ok()).as_ref()
}

fn exact(state: &Board) -> Option<Score> {
    let s = solution()?.get(TicTacToe.index_of(state))?;
    Some(Score::from_value(s.value(), true))
}

impl Adapter for TicTacToe {
    type Eval = NullEvaluator;

    fn kind(&self) -> GameKind {
        GameKind::TicTacToe
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "tictactoe",
            title: "Tic-tac-toe",
            solved: true,
            players: ["X", "O"],
            rules: "X and O take turns filling a free cell of the 3×3 grid; three in a row, column or diagonal wins. \
                    A full grid without a line is a draw. With best play the game is a draw.",
            load_hint: "Nine cells row by row, X, O or '.', e.g. XO..X...O (slashes and spaces are ignored).",
            click_hint: "click a free cell",
            levels: vec![
                Level { name: "easy", label: "Easy (1 ply)", limits: EngineLimits::depth(1) },
                Level { name: "medium", label: "Medium (3 plies)", limits: EngineLimits::depth(3) },
                Level { name: "perfect", label: "Perfect (solved)", limits: EngineLimits::perfect() },
            ],
        }
    }

    fn evaluator(&self) -> NullEvaluator {
        NullEvaluator
    }

    fn board(&self, state: &Board) -> BoardView {
        let cells: Vec<String> =
            self.format_state(state).chars().map(|c| if c == '.' { String::new() } else { c.to_string() }).collect();
        let mut marks = Vec::new();
        if let Some(Outcome::Win(_)) = state.outcome()
            && let Some(line) = LINES.iter().find(|l| {
                let c = &cells[l[0]];
                !c.is_empty() && l.iter().all(|&i| &cells[i] == c)
            })
        {
            marks.push(Mark { kind: "win", cells: line.to_vec(), note: "three in a row".to_string() });
        }
        BoardView {
            rows: 3,
            cols: 3,
            cells,
            row_labels: numbers(3, false),
            col_labels: letters(3),
            marks,
            row_notes: Vec::new(),
        }
    }

    fn move_cells(&self, _state: &Board, m: u8) -> Vec<usize> {
        vec![usize::from(m)]
    }

    fn exact_moves(&self, state: &Board) -> Option<Vec<(u8, Score)>> {
        moves_from_positions::<TicTacToe>(state, exact)
    }

    fn exact_value(&self, state: &Board) -> Option<Score> {
        exact(state)
    }
}

#[cfg(test)]
mod tests {
    use crate::{EngineLimits, GameKind, Score};

    #[test]
    fn every_opening_move_is_valued_and_the_start_is_a_draw() {
        let g = GameKind::TicTacToe.open();
        let a = g.analyze(&g.initial()).unwrap();
        assert_eq!(a.score, Score::Draw);
        assert_eq!(a.moves.len(), 9);
        assert!(a.moves.iter().all(|m| m.score == Score::Draw));
        // After X centre, O edge loses: X wins.
        let (_, v) = g.play(&g.initial(), "5").unwrap();
        let a = g.analyze(&v.position).unwrap();
        let edge = a.moves.iter().find(|m| m.mv.text == "2").unwrap();
        assert_eq!(edge.score.verdict(), "loss");
        let corner = a.moves.iter().find(|m| m.mv.text == "1").unwrap();
        assert_eq!(corner.score, Score::Draw);
    }

    #[test]
    fn perfect_and_searching_engines_take_an_immediate_win() {
        let g = GameKind::TicTacToe.open();
        let pos = "XX.OO....";
        for limits in [EngineLimits::perfect(), EngineLimits::depth(3)] {
            let r = g.engine(pos, &limits).unwrap();
            assert_eq!(r.best, "3", "{limits:?}");
            assert_eq!(r.score, Score::Win(1));
        }
    }

    #[test]
    fn bad_input_is_refused_with_the_reason() {
        let g = GameKind::TicTacToe.open();
        assert!(g.view("XXX").unwrap_err().to_string().contains("expected 9 cells"));
        assert!(g.play(&g.initial(), "10").is_err());
        let won = "XXXOO....";
        assert!(g.view(won).unwrap().outcome.is_some());
        assert!(g.play(won, "6").unwrap_err().to_string().contains("over"));
        assert!(g.engine(won, &EngineLimits::depth(2)).is_err());
        assert_eq!(g.analyze(won).unwrap().score, Score::Loss(0));
        let v = g.view(won).unwrap();
        assert_eq!(v.board.marks[0].cells, vec![0, 1, 2]);
    }
}
