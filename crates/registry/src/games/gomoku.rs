//! Gomoku in the arena: a 15×15 freestyle board by default (any square board from 5 to 26 loads by pasting it), the
//! crate's own engine (VCF/VCT threat solvers before the core's search), and marks for the last move (drawn by the
//! page), the threats on the board (cells where either side would make five or a four) and the winning line.

use crate::GameKind;
use crate::adapter::{Adapter, Thought};
use crate::games::{letters, numbers};
use crate::view::{BoardView, EngineLimits, GameInfo, Level, Mark};
use sente_core::grid::Dims;
use sente_core::search::SearchLimits;
use sente_core::{Notation, State};
use sente_gomoku::engine::eval::GomokuEval;
use sente_gomoku::engine::threats::{five_cells, four_moves};
use sente_gomoku::engine::{Engine, Reason, ThinkLimits};
use sente_gomoku::notation::move_text;
use sente_gomoku::patterns::{BLACK, WHITE};
use sente_gomoku::position::DIRS;
use sente_gomoku::{Error, Gomoku, Move, Position, Rule};

/// Engines between searches. A fresh engine per request allocated a 16 MiB table each time, and under the issue 16
/// load (200 clients) the allocator kept 400–700 MiB of freed tables; reusing at most [`POOL`] cleared engines keeps
/// one table per concurrent search. A cleared engine searches exactly as a new one does.
static ENGINES: std::sync::Mutex<Vec<Engine>> = std::sync::Mutex::new(Vec::new());

/// The most idle engines kept (more than the server's search slots on any machine it is likely to run on).
const POOL: usize = 16;

fn take_engine() -> Engine {
    let idle = ENGINES.lock().ok().and_then(|mut pool| pool.pop());
    match idle {
        Some(mut e) => {
            e.clear();
            e
        }
        None => Engine::new(1, 16),
    }
}

fn give_back(engine: Engine) {
    if let Ok(mut pool) = ENGINES.lock()
        && pool.len() < POOL
    {
        pool.push(engine);
    }
}

/// The arena's default game.
#[must_use]
pub fn default_game() -> Gomoku {
    Gomoku::new(15, Rule::Freestyle).unwrap_or_else(|_| Gomoku::standard())
}

/// The cells of the first run of five or more `stone`s, if any.
fn winning_line(pos: &Position, dims: Dims, stone: u8) -> Option<Vec<usize>> {
    let (rows, cols) = (i32::from(dims.rows), i32::from(dims.cols));
    let at =
        |r: i32, c: i32| (0..rows).contains(&r) && (0..cols).contains(&c) && pos.cell((r * cols + c) as usize) == stone;
    for r in 0..rows {
        for c in 0..cols {
            for &(dr, dc) in &DIRS {
                // Only start at the first stone of a run.
                if !at(r, c) || at(r - dr, c - dc) {
                    continue;
                }
                let run: Vec<usize> = (0..)
                    .map(|k| (r + k * dr, c + k * dc))
                    .take_while(|&(rr, cc)| at(rr, cc))
                    .map(|(rr, cc)| (rr * cols + cc) as usize)
                    .collect();
                if run.len() >= 5 {
                    return Some(run);
                }
            }
        }
    }
    None
}

/// The size of a pasted board that fits no supported size, as the crate's size error ("board size 27x27 is not
/// supported (5 to 26 cells a side)"): its widest line and its number of non-blank lines.
fn text_size(text: &str) -> Error {
    let widths: Vec<usize> =
        text.lines().map(|l| l.chars().filter(|c| !c.is_whitespace()).count()).filter(|&w| w > 0).collect();
    Error::Size { cols: widths.iter().copied().max().unwrap_or(0), rows: widths.len() }
}

/// The heuristic scale shown to people: the side to move's chance to win, in percent, as a logistic curve of the
/// evaluation (`100 / (1 + e^(-h / 1000))`, so +1000, about an open three's lead, reads 73%), clamped to 1..99
/// because a heuristic never proves anything. The evaluator's tactical verdicts (a five to play, two fives to
/// stop, an open four to make: millions) land on the clamps.
#[must_use]
pub fn win_chance(heuristic: i32) -> u8 {
    let p = 100.0 / (1.0 + (-f64::from(heuristic) / 1000.0).exp());
    p.round().clamp(1.0, 99.0) as u8
}

fn names(dims: Dims, moves: &[Move]) -> String {
    moves.iter().map(|&m| move_text(dims, m)).collect::<Vec<_>>().join(" ")
}

impl Adapter for Gomoku {
    type Eval = GomokuEval;

    fn kind(&self) -> GameKind {
        GameKind::Gomoku
    }

    fn info(&self) -> GameInfo {
        GameInfo {
            name: "gomoku",
            title: "Gomoku",
            solved: false,
            players: ["Black", "White"],
            rules: "Black and White take turns placing a stone on an empty cell; Black starts. Five or more in a row \
                    (across, down or diagonal) wins; a full board is a draw. Freestyle rules on a 15×15 board.",
            load_hint: "Paste a board: one line per row from the top, x (or 1) black, o (or 0) white, '.' empty; \
                        cells may be separated by spaces. Any square size from 5 to 26 works.",
            click_hint: "click an empty cell",
            levels: vec![
                Level { name: "easy", label: "Easy (2 plies)", limits: EngineLimits::depth_time(2, 1000) },
                Level { name: "medium", label: "Medium (0.5 s)", limits: EngineLimits::depth_time(64, 500) },
                Level { name: "hard", label: "Hard (2 s)", limits: EngineLimits::depth_time(64, 2000) },
                Level { name: "strong", label: "Strong (5 s)", limits: EngineLimits::depth_time(64, 5000) },
            ],
        }
    }

    fn evaluator(&self) -> GomokuEval {
        GomokuEval::default()
    }

    fn decode(&self, text: &str) -> Result<(Gomoku, Position), Error> {
        let cells = text.chars().filter(|c| !c.is_whitespace()).count();
        let side = (5..=26).find(|n| n * n == cells);
        let game = match side {
            Some(n) => Gomoku::new(n, self.rule())?,
            None => *self,
        };
        match game.parse_state(text) {
            // No square size fits the cell count: say which size the text has and what is allowed, rather than
            // how many cells the default board would need.
            Err(Error::CellCount { .. }) if side.is_none() => Err(text_size(text)),
            other => Ok((game, other?)),
        }
    }

    fn win_chance(&self, heuristic: i32) -> Option<u8> {
        Some(win_chance(heuristic))
    }

    fn board(&self, state: &Position) -> BoardView {
        let dims = self.dims();
        let cells = state
            .cells()
            .iter()
            .map(|&c| match c {
                BLACK => "B".to_string(),
                WHITE => "W".to_string(),
                _ => String::new(),
            })
            .collect();
        let mut marks = Vec::new();
        if let Some(p) = state.winner() {
            let stone = if p.index() == 0 { BLACK } else { WHITE };
            if let Some(line) = winning_line(state, dims, stone) {
                marks.push(Mark { kind: "win", cells: line, note: "five in a row".to_string() });
            }
        } else if state.outcome().is_none() {
            let mut buf = Vec::new();
            for (color, name) in [(0usize, "Black"), (1, "White")] {
                five_cells(state, color, &mut buf);
                let fives = buf.clone();
                four_moves(state, color, &mut buf);
                buf.retain(|m| !fives.contains(m));
                let mut cells: Vec<usize> = fives.iter().chain(buf.iter()).map(|m| m.index()).collect();
                cells.dedup();
                if !cells.is_empty() {
                    let note = format!("{name}: five at [{}], four at [{}]", names(dims, &fives), names(dims, &buf));
                    marks.push(Mark { kind: "threat", cells, note });
                }
            }
        }
        let (rows, cols) = (usize::from(dims.rows), usize::from(dims.cols));
        BoardView {
            rows,
            cols,
            cells,
            row_labels: numbers(rows, false),
            col_labels: letters(cols),
            marks,
            row_notes: Vec::new(),
        }
    }

    fn move_cells(&self, _state: &Position, m: Move) -> Vec<usize> {
        vec![m.index()]
    }

    fn think(&self, state: &Position, limits: &SearchLimits) -> Option<Thought<Move>> {
        let think = ThinkLimits { time: limits.time, nodes: limits.nodes, depth: limits.depth };
        let mut engine = take_engine();
        let d = engine.think_until(state, &think, &limits.stop);
        give_back(engine);
        let d = d?;
        Some(Thought {
            best: d.best,
            value: d.value,
            pv: d.pv,
            depth: d.depth,
            nodes: d.nodes,
            exact: d.value.is_decisive(),
            forced: d.reason == Reason::Forced,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::{EngineLimits, GameKind, Score};

    fn board(stones: &[(usize, char)], n: usize) -> String {
        let mut cells = vec!['.'; n * n];
        for &(i, c) in stones {
            cells[i] = c;
        }
        cells.chunks(n).map(|r| r.iter().collect::<String>() + "\n").collect()
    }

    #[test]
    fn the_engine_completes_a_four_and_the_line_is_marked() {
        let g = GameKind::Gomoku.open();
        // Black has four in row 1 (cells 0..4) and is to move (4 black, 4 white).
        let text = board(&[(0, 'x'), (1, 'x'), (2, 'x'), (3, 'x'), (30, 'o'), (31, 'o'), (32, 'o'), (50, 'o')], 15);
        let v = g.view(&text).unwrap();
        assert_eq!(v.board.rows, 15);
        assert!(v.board.marks.iter().any(|m| m.kind == "threat" && m.cells.contains(&4)), "{:?}", v.board.marks);
        let r = g.engine(&text, &EngineLimits::depth_time(4, 2000)).unwrap();
        assert_eq!(r.best, "E1");
        // A forced five is reported as forced (no value claimed), never as a loss.
        assert!(!matches!(r.score, Score::Loss(_)));
        let (_, after) = g.play(&text, "E1").unwrap();
        assert_eq!(after.outcome.as_ref().and_then(|o| o.winner).map(|p| p.index()), Some(0));
        let line = after.board.marks.iter().find(|m| m.kind == "win").unwrap();
        assert_eq!(line.cells, vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn sizes_outside_5_to_26_name_the_real_rule() {
        let g = GameKind::Gomoku.open();
        for n in [4, 27] {
            let e = g.view(&board(&[], n)).unwrap_err().to_string();
            assert!(e.contains(&format!("{n}x{n}")) && e.contains("5 to 26"), "{e}");
        }
        let e = g.view(".....\n.....\n").unwrap_err().to_string();
        assert!(e.contains("5x2") && e.contains("5 to 26"), "{e}");
    }

    #[test]
    fn heuristics_read_as_a_win_chance_and_forced_replies_say_so() {
        assert_eq!(super::win_chance(0), 50);
        assert_eq!(super::win_chance(1000), 73);
        assert_eq!(super::win_chance(-1000), 27);
        assert_eq!(super::win_chance(50_000_000), 99);
        assert_eq!(super::win_chance(-60_000_000), 1);
        let g = GameKind::Gomoku.open();
        // The first move of the game is forced (the centre): no search, no value.
        let r = g.engine(&g.initial(), &EngineLimits::depth_time(2, 1000)).unwrap();
        assert!(r.forced && r.chance.is_none(), "{r:?}");
        // Black H8, White I9, Black H9: a searched move carries a chance.
        let (_, v) = g.play(&g.initial(), "H8").unwrap();
        let (_, v) = g.play(&v.position, "I9").unwrap();
        let r = g.engine(&v.position, &EngineLimits::depth_time(2, 1000)).unwrap();
        assert!(!r.forced, "{r:?}");
        assert!(matches!(r.score, Score::Heuristic(_)) == r.chance.is_some(), "{r:?}");
    }

    #[test]
    fn issue16_pooled_engines_search_exactly_as_fresh_ones() {
        // Engines are reused between requests (the server's memory stayed at 400-700 MiB under load when each
        // request allocated its own table); a reused, cleared engine must give the same node-limited answer.
        let g = GameKind::Gomoku.open();
        let (_, v) = g.play(&g.initial(), "H8").unwrap();
        let (_, v) = g.play(&v.position, "I9").unwrap();
        let limits = EngineLimits { nodes: Some(20_000), depth: Some(64), ..EngineLimits::default() };
        let first = g.engine(&v.position, &limits).unwrap();
        let fresh = super::Engine::new(1, 16);
        super::give_back(fresh);
        for _ in 0..3 {
            let again = g.engine(&v.position, &limits).unwrap();
            assert_eq!(
                (&again.best, &again.pv, again.nodes, again.depth),
                (&first.best, &first.pv, first.nodes, first.depth)
            );
        }
    }

    #[test]
    fn a_raised_stop_flag_ends_a_long_think_at_once_with_a_legal_move() {
        let g = GameKind::Gomoku.open();
        let (_, v) = g.play(&g.initial(), "H8").unwrap();
        let (_, v) = g.play(&v.position, "I9").unwrap();
        let stop = crate::StopFlag::new();
        stop.stop();
        let clock = sente_core::Stopwatch::start();
        let r = g.engine_until(&v.position, &EngineLimits::depth_time(64, 30_000), &stop).unwrap();
        assert!(clock.elapsed() < std::time::Duration::from_secs(5), "took {:?}", clock.elapsed());
        assert!(g.play(&v.position, &r.best).is_ok(), "{r:?}");
    }

    #[test]
    fn any_square_board_loads_and_bad_cells_are_named() {
        let g = GameKind::Gomoku.open();
        let v = g.view(&board(&[(12, 'x')], 9)).unwrap();
        assert_eq!((v.board.rows, v.board.cols, v.to_move.index()), (9, 9, 1));
        let e = g.view("..x\n..q\n").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
    }
}
