//! The L-Game in the arena, perfectly played from the crate's retrograde [`Analysis`] (solved once per process, a
//! few milliseconds): every move shows win/draw/loss with its distance, and "perfect" uses the paper's rule for
//! drawn positions.
//!
//! The game's own text is relative (`X` is always the L of the side to move), so the absolute side to move would
//! be lost between requests. The arena's text adds it: `NXX./.OX./.OX./.OON` (first player to move, the game's own
//! form, as a person pastes it) or the same followed by ` second`. On the board the first player's L is drawn as
//! `1`, the second's as `2`, whichever is to move.

use crate::GameKind;
use crate::adapter::Adapter;
use crate::games::{letters, numbers};
use crate::view::{BoardView, EngineLimits, GameInfo, Level, Score};
use sente_core::solve::retrograde::{Solved, Verdict};
use sente_core::{Notation, Player, State};
use sente_lgame::placements::{CELLS, MASKS, cells_of};
use sente_lgame::{Analysis, Error, LGame, Mobility, Move, Position};
use std::sync::OnceLock;

fn analysis() -> &'static Analysis {
    static ANALYSIS: OnceLock<Analysis> = OnceLock::new();
    ANALYSIS.get_or_init(Analysis::new)
}

fn score(s: Solved) -> Score {
    match s.verdict {
        Verdict::Win => Score::Win(s.remoteness),
        Verdict::Loss => Score::Loss(s.remoteness),
        Verdict::Draw => Score::Draw,
    }
}

impl Adapter for LGame {
    type Eval = Mobility;

    fn kind(&self) -> GameKind {
        GameKind::LGame
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "lgame",
            title: "L-Game",
            solved: true,
            players: ["Blue", "Red"],
            rules: "de Bono's L-Game on a 4×4 board. On your turn lift your L and put it down on a different place \
                    (turned or flipped as you like, never on the other L or a neutral), then you may move one neutral \
                    disc to any empty cell. A player who cannot move their L loses. Perfect play is a draw.",
            load_hint: "Four rows top to bottom joined by '/': X the L of the side to move, O the other L, N a \
                        neutral, '.' empty, e.g. NXX./.OX./.OX./.OON; add ' second' when the second player is to move.",
            click_hint: "click the four cells of your L's new place; then either press Enter (or 'Play') to leave \
                         the neutrals, or click a neutral and the empty cell it moves to",
            levels: vec![
                Level { name: "easy", label: "Easy (1 ply)", limits: EngineLimits::depth(1) },
                Level { name: "medium", label: "Medium (3 plies)", limits: EngineLimits::depth_time(3, 2000) },
                Level { name: "hard", label: "Hard (6 plies)", limits: EngineLimits::depth_time(6, 3000) },
                Level { name: "perfect", label: "Perfect (solved)", limits: EngineLimits::perfect() },
            ],
        }
    }

    fn evaluator(&self) -> Mobility {
        Mobility
    }

    fn decode(&self, text: &str) -> Result<(LGame, Position), Error> {
        let trimmed = text.trim();
        let (board, side) = match trimmed.rsplit_once(char::is_whitespace) {
            Some((b, s)) if s.eq_ignore_ascii_case("second") || s == "2" => (b, Player::Second),
            Some((b, s)) if s.eq_ignore_ascii_case("first") || s == "1" => (b, Player::First),
            _ => (trimmed, Player::First),
        };
        let p = self.parse_state(board)?;
        let p = Position::try_from_parts(p.mover_l(), p.other_l(), p.neutrals(), side).unwrap_or(p);
        Ok((LGame, p))
    }

    fn encode(&self, state: &Position) -> String {
        let text = self.format_state(state);
        if state.to_move() == Player::Second { format!("{text} second") } else { text }
    }

    fn board(&self, state: &Position) -> BoardView {
        let (mine, theirs) = if state.to_move() == Player::First { ("1", "2") } else { ("2", "1") };
        let (x, o) = (MASKS[state.mover_l() as usize], MASKS[state.other_l() as usize]);
        let cells = (0..CELLS)
            .map(|i| {
                let bit = 1u16 << i;
                let t = if x & bit != 0 {
                    mine
                } else if o & bit != 0 {
                    theirs
                } else if state.neutrals() & bit != 0 {
                    "N"
                } else {
                    ""
                };
                t.to_string()
            })
            .collect();
        let cols = letters(4).into_iter().map(|l| l.to_lowercase()).collect();
        BoardView {
            rows: 4,
            cols: 4,
            cells,
            row_labels: numbers(4, false),
            col_labels: cols,
            marks: Vec::new(),
            row_notes: Vec::new(),
        }
    }

    fn move_cells(&self, _state: &Position, m: Move) -> Vec<usize> {
        let mut cells: Vec<usize> = cells_of(MASKS[m.placement() as usize]).collect();
        if let Some((from, to)) = m.neutral() {
            cells.extend([usize::from(from), usize::from(to)]);
        }
        cells
    }

    fn exact_moves(&self, state: &Position) -> Option<Vec<(Move, Score)>> {
        Some(analysis().move_values(state).into_iter().map(|mv| (mv.mv, score(mv.value))).collect())
    }

    fn exact_value(&self, state: &Position) -> Option<Score> {
        Some(score(analysis().value(state)))
    }

    fn perfect_move(&self, state: &Position) -> Option<Move> {
        analysis().best_move(state).map(|mv| mv.mv)
    }
}

#[cfg(test)]
mod tests {
    use crate::{EngineLimits, GameKind, Score};
    use sente_lgame::START;

    #[test]
    fn the_start_is_a_draw_and_the_side_to_move_survives_the_round_trip() {
        let g = GameKind::LGame.open();
        assert_eq!(g.initial(), START);
        let a = g.analyze(START).unwrap();
        assert_eq!(a.score, Score::Draw);
        let r = g.engine(START, &EngineLimits::perfect()).unwrap();
        assert!(r.perfect);
        let (_, after) = g.play(START, &r.best).unwrap();
        assert_eq!(after.to_move.index(), 1);
        assert!(after.position.ends_with(" second"));
        let again = g.view(&after.position).unwrap();
        assert_eq!(again.to_move.index(), 1);
        assert_eq!(again.board.cells, after.board.cells);
        // The first player's L keeps its colour token whoever is to move.
        let ones = after.board.cells.iter().filter(|c| *c == "1").count();
        assert_eq!(ones, 4);
    }

    #[test]
    fn moves_are_clicked_as_their_cells() {
        let g = GameKind::LGame.open();
        let v = g.view(START).unwrap();
        assert!(v.moves.iter().all(|m| m.cells.len() == 4 || m.cells.len() == 6));
        assert!(g.view("NXX./.OX./.OX./.OO").unwrap_err().to_string().contains("invalid lgame position"));
        let searched = g.engine(START, &EngineLimits::depth(2)).unwrap();
        assert!(!searched.perfect);
        assert_eq!(searched.pv.first(), Some(&searched.best));
    }
}
