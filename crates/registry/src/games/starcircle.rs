//! Star/Circle in the arena: the course's checkers variant, searched by the core's negamax with the crate's
//! [`Heuristic`]. A position loads from the game's own text or from a whole course `input.txt` (player,
//! algorithm, depth, board, row values; the algorithm and depth lines are read and set aside). The board is the
//! course's 8×8 with row H on top; a move is clicked as its start square then its end square; a forced pass is
//! played from the move list.

use crate::GameKind;
use crate::adapter::Adapter;
use crate::games::numbers;
use crate::tree::TreeAlgorithm;
use crate::view::{BoardView, EngineLimits, GameInfo, Level};
use sente_core::search::{PlainResult, TreeRecorder};
use sente_core::{Notation, Player};
use sente_starcircle::moves::{SIZE, Square};
use sente_starcircle::{Algorithm, Error, Heuristic, Move, Position, Problem, StarCircle, Utility};

/// True when the text's second line names a course algorithm, i.e. it is an `input.txt`.
fn is_course_input(text: &str) -> bool {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).nth(1).is_some_and(|l| {
        let l = l.to_ascii_uppercase();
        l == "MINIMAX" || l == "ALPHABETA"
    })
}

impl Adapter for StarCircle {
    type Eval = Heuristic;

    fn kind(&self) -> GameKind {
        GameKind::StarCircle
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "starcircle",
            title: "Star/Circle",
            solved: false,
            players: ["Star", "Circle"],
            rules: "A checkers variant on the dark squares of an 8×8 board. Star moves up, Circle down: step one square \
                    diagonally forward, or jump an adjacent enemy piece to capture it. Pieces reaching their last row \
                    stack there. A side with no move passes; two passes in a row end the game. Each piece scores its \
                    row's value; the higher total wins.",
            load_hint: "Paste a course input.txt (player, algorithm, depth, 8 board rows H to A of 0/S<n>/C<n>, row \
                        values) or the position text: the player line, the 8 rows and the values.",
            click_hint: "click your piece, then the square it moves or jumps to; a forced pass is in the move list",
            levels: vec![
                Level { name: "easy", label: "Easy (2 plies)", limits: EngineLimits::depth(2) },
                Level { name: "medium", label: "Medium (5 plies)", limits: EngineLimits::depth_time(5, 1000) },
                Level { name: "hard", label: "Hard (1 s)", limits: EngineLimits::depth_time(64, 1000) },
                Level { name: "strong", label: "Strong (3 s)", limits: EngineLimits::depth_time(64, 3000) },
            ],
        }
    }

    fn evaluator(&self) -> Heuristic {
        Heuristic::default()
    }

    fn trace_search(
        &self,
        state: &mut Position,
        algorithm: TreeAlgorithm,
        depth: u32,
        rec: &mut TreeRecorder<Move>,
    ) -> PlainResult<Move> {
        // The course's utility scores leaves, so the tree and its node count are the grader's.
        crate::tree::trace_with(state, &Utility, algorithm, depth, rec)
    }

    fn tree_defaults(&self, text: &str) -> Option<(TreeAlgorithm, u32)> {
        let problem = text.parse::<Problem>().ok()?;
        let algorithm = match problem.algorithm {
            Algorithm::Minimax => TreeAlgorithm::Minimax,
            Algorithm::AlphaBeta => TreeAlgorithm::AlphaBeta,
        };
        Some((algorithm, problem.depth))
    }

    fn decode(&self, text: &str) -> Result<(StarCircle, Position), Error> {
        let position = if is_course_input(text) { text.parse::<Problem>()?.position } else { self.parse_state(text)? };
        Ok((StarCircle { values: position.values() }, position))
    }

    fn board(&self, state: &Position) -> BoardView {
        let cells = (0..SIZE * SIZE)
            .map(|sq: Square| match state.piece_at(sq) {
                Some((Player::First, n)) => format!("S{n}"),
                Some((Player::Second, n)) => format!("C{n}"),
                None => String::new(),
            })
            .collect();
        let rows = (0..SIZE).map(|r| char::from(b'H' - r).to_string()).collect();
        // What a piece scores on each row, top (H) first: Star's values run A..H, Circle's mirror them.
        let values = state.values();
        let row_notes = (0..SIZE as usize).map(|r| format!("★{} ●{}", values[7 - r], values[r])).collect();
        BoardView {
            rows: 8,
            cols: 8,
            cells,
            row_labels: rows,
            col_labels: numbers(8, false),
            marks: Vec::new(),
            row_notes,
        }
    }

    fn move_cells(&self, _state: &Position, m: Move) -> Vec<usize> {
        if m.is_pass() { Vec::new() } else { vec![usize::from(m.from()), usize::from(m.to())] }
    }

    fn scores(&self, state: &Position) -> Option<[i32; 2]> {
        Some([state.score(Player::First), state.score(Player::Second)])
    }
}

#[cfg(test)]
mod tests {
    use crate::{EngineLimits, GameKind};

    const INPUT: &str = "Star\nALPHABETA\n2\n0,C1,0,C1,0,C1,0,C1\nC1,0,C1,0,C1,0,C1,0\n0,0,0,0,0,0,0,0\n\
        0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,S1,0,S1,0,S1,0,S1\nS1,0,S1,0,S1,0,S1,0\n\
        10,20,30,40,50,60,70,80";

    #[test]
    fn loads_a_course_input_and_plays_a_clicked_move() {
        let g = GameKind::StarCircle.open();
        let v = g.view(INPUT).unwrap();
        assert!(v.position.starts_with("Star\n"), "{}", v.position);
        assert_eq!(v.scores, Some([120, 120]), "4 pieces on row A (10) and 4 on row B (20) each");
        assert_eq!(v.board.row_notes.first().map(String::as_str), Some("★80 ●10"), "row H: Star 80, Circle 10");
        let m = &v.moves[0];
        assert_eq!(m.cells.len(), 2);
        let (_, after) = g.play(&v.position, &m.text).unwrap();
        assert_eq!(after.to_move.index(), 1);
        let r = g.engine(&after.position, &EngineLimits::depth(3)).unwrap();
        assert_eq!(r.pv.first(), Some(&r.best));
        assert!(g.analyze(&after.position).is_err(), "Star/Circle is not solved");
    }

    #[test]
    fn errors_keep_the_line_number() {
        let g = GameKind::StarCircle.open();
        let bad = INPUT.replace("S1,0,S1,0,S1,0,S1,0", "S1,0,S1,0,X1,0,S1,0");
        let e = g.view(&bad).unwrap_err().to_string();
        assert!(e.contains("line 11"), "{e}");
        let e = g.view("Star\nMINIMAX\nxx").unwrap_err().to_string();
        assert!(e.contains("line 3"), "{e}");
    }
}
