//! A model Gomocup manager for the pbrain fuzz target. It feeds a command stream to one brain
//! ([`sente_gomoku::pbrain::run`]) a line at a time and, before each new line, reads what the brain answered to the
//! last one, keeping its own board from the commands the brain accepted. It checks that the brain never answers an
//! illegal move: off the board, on a stone, forbidden for its colour under the rule in force, or after the game
//! ended; that it accepts no opponent move onto a stone; and that every command gets the kind of answer the
//! protocol gives it.

use sente_gomoku::pbrain::{Command, Options, run};
use sente_gomoku::position::Position;
use sente_gomoku::{Gomoku, Rule};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};
use std::rc::Rc;

const BRAIN: u8 = 1;
const OPPONENT: u8 = 2;

/// Most lines fed, and most commands that make the brain think, per session (a fuzz input stays fast).
pub const MAX_LINES: usize = 96;
/// See [`MAX_LINES`].
pub const MAX_THINKS: usize = 6;

/// The manager's view of the game.
#[derive(Debug, Default)]
struct Model {
    dims: Option<(usize, usize)>,
    rule: u32,
    stones: BTreeMap<(usize, usize), u8>,
    board_lines: Option<Vec<String>>,
    last_top: String,
}

fn parse_move(line: &str) -> Option<(usize, usize)> {
    let (x, y) = line.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

impl Model {
    /// The brain's answer to `line` is `response` (possibly empty).
    fn observe(&mut self, line: &str, response: &str) {
        let answers: Vec<&str> =
            response.lines().filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG")).collect();
        let moves: Vec<(usize, usize)> = answers.iter().filter_map(|l| parse_move(l)).collect();
        let ok = answers == ["OK"];
        let error = answers.len() == 1 && answers[0].starts_with("ERROR");
        let ctx = format!("after {line:?} (last command {:?}) the brain said {response:?}", self.last_top);
        assert!(moves.len() <= 1, "more than one move {ctx}");
        if let Some(lines) = self.board_lines.as_mut() {
            if !line.trim().eq_ignore_ascii_case("DONE") {
                lines.push(line.to_string());
                assert!(response.is_empty(), "an answer inside BOARD {ctx}");
                return;
            }
            let lines = self.board_lines.take().unwrap_or_default();
            return self.board_done(&lines, &moves, error, &ctx);
        }
        self.last_top = line.to_string();
        if line.trim().is_empty() {
            assert!(response.is_empty(), "an answer to a blank line {ctx}");
            return;
        }
        match line.parse::<Command>() {
            Err(_) => assert!(error, "a malformed command must get ERROR {ctx}"),
            Ok(Command::Start(n)) => self.start(n, n, ok, error, &ctx),
            Ok(Command::RectStart(w, h)) => self.start(w, h, ok, error, &ctx),
            Ok(Command::Restart) => {
                assert!(ok || error, "RESTART gets OK or ERROR {ctx}");
                if ok {
                    self.stones.clear();
                }
            }
            Ok(Command::Begin) => match moves.first() {
                Some(&m) => {
                    assert!(self.stones.is_empty(), "a move to BEGIN on a board with stones {ctx}");
                    self.brain_move(m, &ctx);
                }
                None => assert!(error, "BEGIN gets a move or ERROR {ctx}"),
            },
            Ok(Command::Turn(x, y)) => match moves.first() {
                Some(&m) => {
                    assert!(self.on_board(x, y), "the brain accepted an opponent move off the board {ctx}");
                    assert!(
                        !self.stones.contains_key(&(x, y)),
                        "the brain accepted an opponent move onto a stone {ctx}"
                    );
                    self.stones.insert((x, y), OPPONENT);
                    self.brain_move(m, &ctx);
                }
                None => assert!(error, "TURN gets a move or ERROR {ctx}"),
            },
            Ok(Command::Board) => self.board_lines = Some(Vec::new()),
            Ok(Command::Info(key, value)) => {
                assert!(response.is_empty(), "INFO gets no answer {ctx}");
                if key == "rule"
                    && let Ok(v) = value.parse::<u64>()
                {
                    self.rule = v as u32;
                }
            }
            Ok(Command::Takeback(x, y)) => {
                assert!(ok || error, "TAKEBACK gets OK or ERROR {ctx}");
                if ok {
                    assert!(self.stones.remove(&(x, y)).is_some(), "OK to taking back an empty cell {ctx}");
                }
            }
            Ok(Command::About) => assert!(answers.len() == 1 && answers[0].starts_with("name="), "ABOUT {ctx}"),
            Ok(Command::End) => {}
            Ok(Command::Unknown(_)) => assert!(answers.len() == 1 && answers[0].starts_with("UNKNOWN"), "{ctx}"),
        }
    }

    fn start(&mut self, w: usize, h: usize, ok: bool, error: bool, ctx: &str) {
        assert!(ok || error, "START gets OK or ERROR {ctx}");
        if ok {
            self.dims = Some((w, h));
            self.stones.clear();
        }
    }

    fn on_board(&self, x: usize, y: usize) -> bool {
        self.dims.is_some_and(|(w, h)| x < w && y < h)
    }

    fn board_done(&mut self, lines: &[String], moves: &[(usize, usize)], error: bool, ctx: &str) {
        let Some(&m) = moves.first() else {
            assert!(error, "BOARD gets a move or ERROR {ctx}");
            return;
        };
        let mut stones = BTreeMap::new();
        for l in lines {
            let parts: Vec<&str> = l.trim().split(',').map(str::trim).collect();
            if let [x, y, f] = parts.as_slice()
                && let (Ok(x), Ok(y), Ok(f)) = (x.parse::<usize>(), y.parse::<usize>(), f.parse::<u8>())
            {
                assert!(self.on_board(x, y), "the brain accepted a BOARD stone off the board {ctx}");
                let twice = stones.insert((x, y), if f == 1 { BRAIN } else { OPPONENT }).is_some();
                assert!(!twice, "the brain accepted a BOARD listing {x},{y} twice {ctx}");
            } else {
                panic!("the brain accepted a bad BOARD line {l:?} {ctx}");
            }
        }
        self.stones = stones;
        self.brain_move(m, ctx);
    }

    /// Checks the brain's move against the manager's board and plays it there.
    fn brain_move(&mut self, (x, y): (usize, usize), ctx: &str) {
        let Some((w, h)) = self.dims else { panic!("a move before any START {ctx}") };
        assert!(x < w && y < h, "the brain moved off the board {ctx}");
        assert!(!self.stones.contains_key(&(x, y)), "the brain moved onto a stone {ctx}");
        // The brain is black exactly when the stones so far are even in number; with the colours known, the core
        // rules say whether the move is allowed (renju's forbidden points, a game already over).
        let brain_black = self.stones.len() % 2 == 0;
        let own = self.stones.values().filter(|&&s| s == BRAIN).count();
        let balanced = if brain_black { own * 2 == self.stones.len() } else { own * 2 + 1 == self.stones.len() };
        if balanced && let Ok(game) = Gomoku::rect(w, h, Rule::from_gomocup(self.rule)) {
            let mut cells = vec![0u8; w * h];
            for (&(cx, cy), &s) in &self.stones {
                cells[cy * w + cx] = if (s == BRAIN) == brain_black { 1 } else { 2 };
            }
            if let Ok(pos) = Position::from_cells(game, &cells) {
                assert!(sente_core::State::outcome(&pos).is_none(), "the brain moved after the game ended {ctx}");
                let m = sente_gomoku::Move((y * w + x) as u16);
                assert!(pos.is_legal(m), "the brain's move is not legal under rule {} {ctx}", self.rule);
            }
        }
        self.stones.insert((x, y), BRAIN);
    }
}

#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Hands the brain one line per read, checking the answer to the previous line first.
struct Feeder {
    lines: std::vec::IntoIter<String>,
    pending: Option<String>,
    buf: Vec<u8>,
    at: usize,
    out: Shared,
    seen: usize,
    model: Model,
}

impl Feeder {
    /// Gives what the brain wrote since the last call to the model, as the answer to the last line it read. Output
    /// after the end of input answers a BOARD that the end of input closed.
    fn settle(&mut self) {
        let out = self.out.0.borrow();
        let response = String::from_utf8_lossy(&out[self.seen..]).into_owned();
        self.seen = out.len();
        drop(out);
        match self.pending.take() {
            Some(line) => self.model.observe(&line, &response),
            None if self.model.board_lines.is_some() => self.model.observe("DONE", &response),
            None => assert!(response.is_empty(), "the brain spoke unprompted: {response:?}"),
        }
    }
}

impl Read for Feeder {
    fn read(&mut self, dst: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let src = self.fill_buf()?;
            let n = src.len().min(dst.len());
            dst[..n].copy_from_slice(&src[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Feeder {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at == self.buf.len() {
            self.settle();
            self.buf = self.lines.next().map(|l| format!("{l}\n").into_bytes()).unwrap_or_default();
            self.at = 0;
            if !self.buf.is_empty() {
                self.pending = Some(String::from_utf8_lossy(&self.buf[..self.buf.len() - 1]).into_owned());
            }
        }
        Ok(&self.buf[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// The lines of `text` a session feeds: at most [`MAX_LINES`], cut before the `MAX_THINKS + 1`-th command that
/// makes the brain think.
#[must_use]
pub fn session_lines(text: &str) -> Vec<String> {
    let mut thinks = 0;
    let mut lines = Vec::new();
    for l in text.lines().take(MAX_LINES) {
        let word = l.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
        if matches!(word.as_str(), "TURN" | "BEGIN" | "BOARD") {
            thinks += 1;
            if thinks > MAX_THINKS {
                break;
            }
        }
        lines.push(l.to_string());
    }
    lines
}

/// Runs `text` against one brain with a node budget per move, checking every answer.
///
/// # Panics
/// When the brain answers an illegal move or breaks the protocol.
pub fn check_session(text: &str, nodes: u64) {
    let out = Shared::default();
    // Small tables (1 MiB, a third of this) keep a START cheap, so sessions run fast; the input may still change it.
    let mut lines = vec!["INFO max_memory 3145728".to_string()];
    lines.extend(session_lines(text));
    let lines = lines.into_iter();
    let model = Model::default();
    let mut feeder = Feeder { lines, pending: None, buf: Vec::new(), at: 0, out: out.clone(), seen: 0, model };
    let options = Options { threads: 1, nodes: Some(nodes) };
    run(&mut feeder, out, &options).unwrap_or_else(|e| panic!("the brain failed: {e}"));
    // The answer to the last line read (END's, or a BOARD closed by the end of input).
    feeder.settle();
}
