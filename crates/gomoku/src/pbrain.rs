//! The Gomocup (Piskvork) brain protocol: a manager talks to the engine over stdin/stdout, one command per line.
//!
//! Commands ([`Command`], parsed with `FromStr`): `START n`, `RECTSTART w,h`, `RESTART`, `BEGIN`, `TURN x,y`,
//! `BOARD` … `x,y,field` … `DONE`, `INFO key value`, `TAKEBACK x,y`, `ABOUT`, `END`. Coordinates are `x,y` =
//! column,row from 0 at the top left. The brain answers `OK` to START/RECTSTART/RESTART/TAKEBACK, its move `x,y` to
//! BEGIN/TURN/BOARD, the `ABOUT` line, `UNKNOWN text` to a command it does not know and `ERROR text` to a command it
//! cannot obey; it may also say `MESSAGE text` (shown by the manager; Sente reports how it chose each move) and
//! `DEBUG text`. INFO keys: `timeout_turn`, `timeout_match`, `time_left` (milliseconds), `max_memory` (bytes),
//! `game_type`, `rule` (1 exact five, 4 renju), `evaluate`, `folder`. The time for a move is the smaller of
//! `timeout_turn` and a tenth of `time_left`, less a safety margin; the tables ([`Options::hash_mb`], 64 MiB by
//! default) stay under a third of `max_memory`.
//! Reference: <https://plastovicka.github.io/protocl2en.htm>.

use crate::engine::{Decision, Engine, Reason, ThinkLimits};
use crate::patterns::{BLACK, EMPTY, WHITE};
use crate::position::{Move, Position};
use crate::rules::{Gomoku, Rule};
use sente_core::grid::Coord;
use sente_core::{Player, State, Stopwatch};
use std::io::{BufRead, Write};
use std::str::FromStr;
use std::time::Duration;

/// Brain options that the protocol does not carry.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Search threads.
    pub threads: usize,
    /// A node budget per move instead of the clock (deterministic with one thread); for tests.
    pub nodes: Option<u64>,
    /// Size of the engine's tables in MiB ([`DEFAULT_HASH_MB`] when `None`), at most a third of the manager's
    /// `max_memory` when it sends one.
    pub hash_mb: Option<usize>,
}

/// The engine's table size in MiB when neither `--hash` nor the manager's `max_memory` says otherwise.
pub const DEFAULT_HASH_MB: usize = 64;

/// One line from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START size`.
    Start(usize),
    /// `RECTSTART width,height`.
    RectStart(usize, usize),
    /// `RESTART`.
    Restart,
    /// `BEGIN`.
    Begin,
    /// `TURN x,y`: the opponent's move.
    Turn(usize, usize),
    /// `BOARD`: stone lines follow until `DONE`.
    Board,
    /// `INFO key value`.
    Info(String, String),
    /// `TAKEBACK x,y`.
    Takeback(usize, usize),
    /// `ABOUT`.
    About,
    /// `END`.
    End,
    /// Anything else (the text, for the UNKNOWN answer).
    Unknown(String),
}

/// A malformed argument of a known command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadArgs(pub String);

fn coords(text: &str) -> Result<(usize, usize), BadArgs> {
    let bad = || BadArgs(format!("expected x,y but found {text:?}"));
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok((x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
}

impl FromStr for Command {
    type Err = BadArgs;

    fn from_str(line: &str) -> Result<Command, BadArgs> {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        Ok(match word.to_ascii_uppercase().as_str() {
            "START" => {
                Command::Start(rest.parse().map_err(|_| BadArgs(format!("expected a board size, found {rest:?}")))?)
            }
            "RECTSTART" => {
                let (w, h) = coords(rest)?;
                Command::RectStart(w, h)
            }
            "RESTART" => Command::Restart,
            "BEGIN" => Command::Begin,
            "TURN" => {
                let (x, y) = coords(rest)?;
                Command::Turn(x, y)
            }
            "BOARD" => Command::Board,
            "INFO" => {
                let (k, v) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                Command::Info(k.to_ascii_lowercase(), v.trim().to_string())
            }
            "TAKEBACK" => {
                let (x, y) = coords(rest)?;
                Command::Takeback(x, y)
            }
            "ABOUT" => Command::About,
            "END" => Command::End,
            _ => Command::Unknown(line.to_string()),
        })
    }
}

/// The time the brain gives its engine for one move under a turn limit `turn`: the turn less a fortieth of it,
/// and at least 10 ms, for the pipes and the manager's own clock (never under 10 ms). A referee that runs the engine
/// in its own process gives it the same, so the engine and its own brain search for the same time.
///
/// # Examples
/// ```
/// use std::time::Duration;
/// use sente_gomoku::pbrain::turn_budget;
/// assert_eq!(turn_budget(Duration::from_millis(1000)), Duration::from_millis(975));
/// assert_eq!(turn_budget(Duration::from_millis(300)), Duration::from_millis(290));
/// assert_eq!(turn_budget(Duration::from_millis(50)), Duration::from_millis(40));
/// assert_eq!(turn_budget(Duration::from_millis(15)), Duration::from_millis(10));
/// ```
#[must_use]
pub fn turn_budget(turn: Duration) -> Duration {
    let ms = u64::try_from(turn.as_millis()).unwrap_or(u64::MAX);
    Duration::from_millis(ms.saturating_sub((ms / 40).max(10)).max(10))
}

/// The size in MiB of the engine's tables: `hash` (`--hash`; [`DEFAULT_HASH_MB`] when `None`), held to a third of
/// the manager's `max_memory` (bytes, 0 for no limit) and to at least 1.
///
/// ```
/// use sente_gomoku::pbrain::table_mb;
/// assert_eq!(table_mb(None, 0), 64);
/// assert_eq!(table_mb(Some(256), 0), 256);
/// assert_eq!(table_mb(Some(256), 300 << 20), 100);
/// assert_eq!(table_mb(None, 1 << 20), 1);
/// ```
#[must_use]
pub fn table_mb(hash: Option<usize>, max_memory: u64) -> usize {
    let wanted = hash.unwrap_or(DEFAULT_HASH_MB).max(1);
    if max_memory == 0 {
        wanted
    } else {
        wanted.min(usize::try_from((max_memory / 3) >> 20).unwrap_or(usize::MAX)).max(1)
    }
}

/// The brain's state between commands.
struct Brain {
    options: Options,
    game: Option<Gomoku>,
    rule: Rule,
    pos: Option<Position>,
    engine: Option<Engine>,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    max_memory: u64,
    /// The table size (MiB) of `engine`, kept so that a START with the same memory limit clears its tables
    /// instead of allocating new ones.
    engine_mb: usize,
    /// The brain's colour in this game, once it has moved.
    me: Option<Player>,
}

/// Replies are collected, then written and flushed together.
type Out = Vec<String>;

impl Brain {
    fn new(options: Options) -> Brain {
        Brain {
            options,
            game: None,
            rule: Rule::Freestyle,
            pos: None,
            engine: None,
            timeout_turn: 5000,
            timeout_match: 0,
            time_left: None,
            max_memory: 0,
            engine_mb: 0,
            me: None,
        }
    }

    fn start(&mut self, cols: usize, rows: usize, out: &mut Out) {
        match Gomoku::rect(cols, rows, self.rule) {
            Ok(g) => {
                self.game = Some(g);
                self.pos = Some(Position::new(g));
                self.me = None;
                let mb = table_mb(self.options.hash_mb, self.max_memory);
                let threads = self.options.threads.max(1);
                match &mut self.engine {
                    Some(engine) if self.engine_mb == mb && engine.threads() == threads => engine.clear(),
                    _ => {
                        // Drop the old tables before allocating new ones, so the two never coexist.
                        self.engine = None;
                        self.engine = Some(Engine::new(threads, mb));
                        self.engine_mb = mb;
                    }
                }
                out.push("OK".into());
            }
            Err(e) => out.push(format!("ERROR {e}")),
        }
    }

    fn cell(&self, x: usize, y: usize) -> Option<Move> {
        let g = self.game?;
        let d = g.dims();
        (x < usize::from(d.cols) && y < usize::from(d.rows)).then(|| Move(d.index(Coord::new(y as u8, x as u8)) as u16))
    }

    fn limits(&self) -> ThinkLimits {
        if self.options.nodes.is_some() {
            return ThinkLimits { nodes: self.options.nodes, ..ThinkLimits::default() };
        }
        let turn = if self.timeout_turn == 0 { 200 } else { self.timeout_turn };
        let mut time = turn_budget(Duration::from_millis(turn));
        if let Some(left) = self.time_left
            && self.timeout_match > 0
        {
            time = time.min(Duration::from_millis(left / 10)).max(Duration::from_millis(10));
        }
        ThinkLimits { time: Some(time), ..ThinkLimits::default() }
    }

    /// Thinks, plays and answers the brain's move.
    fn reply_move(&mut self, out: &mut Out) {
        let limits = self.limits();
        let (Some(pos), Some(engine)) = (self.pos.as_mut(), self.engine.as_mut()) else {
            out.push("ERROR no game started (send START first)".into());
            return;
        };
        let clock = Stopwatch::start();
        match engine.think(pos, &limits) {
            None => out.push("ERROR the game is over: no move to play".into()),
            Some(d) => {
                out.push(describe(&d, if self.options.nodes.is_some() { None } else { Some(clock.elapsed()) }));
                let c = pos.dims().coord(d.best.index());
                self.me = Some(pos.to_move());
                pos.play(d.best);
                out.push(format!("{},{}", c.col, c.row));
            }
        }
    }

    fn turn(&mut self, x: usize, y: usize, out: &mut Out) {
        let Some(m) = self.cell(x, y) else {
            out.push(format!("ERROR move {x},{y} is off the board or no game is started"));
            return;
        };
        let Some(pos) = self.pos.as_mut() else { return };
        if !pos.is_legal(m) {
            out.push(format!("ERROR move {x},{y} is not legal here"));
            return;
        }
        // After a TAKEBACK of one of the brain's own stones the stones may say the brain is to move: a stone put
        // for the opponent would then be the brain's colour.
        if self.me == Some(pos.to_move()) {
            out.push(format!("ERROR move {x},{y}: the opponent is not to move here (send BOARD to set up a position)"));
            return;
        }
        pos.play(m);
        // An ERROR leaves the position as it was: a move that ends the game is taken back.
        if pos.outcome().is_some() {
            pos.undo(m);
            out.push(format!("ERROR move {x},{y} ends the game: no move to play"));
            return;
        }
        self.reply_move(out);
    }

    /// Reads `x,y,field` lines until DONE, sets up the position with the brain to move, and answers a move.
    fn board<R: BufRead>(&mut self, input: &mut R, out: &mut Out) -> std::io::Result<()> {
        let mut stones = Vec::new();
        let mut error = None;
        let mut line = String::new();
        loop {
            line.clear();
            if input.read_line(&mut line)? == 0 {
                break;
            }
            let t = line.trim();
            if t.eq_ignore_ascii_case("DONE") {
                break;
            }
            let parts: Vec<&str> = t.split(',').map(str::trim).collect();
            match parts.as_slice() {
                [x, y, f] => match (x.parse::<usize>(), y.parse::<usize>(), f.parse::<u8>()) {
                    (Ok(x), Ok(y), Ok(f)) if (1..=3).contains(&f) => stones.push((x, y, f)),
                    _ => error = error.or(Some(format!("bad BOARD line {t:?} (expected x,y,field)"))),
                },
                _ => error = error.or(Some(format!("bad BOARD line {t:?} (expected x,y,field)"))),
            }
        }
        if let Some(e) = error {
            out.push(format!("ERROR {e}"));
            return Ok(());
        }
        let Some(game) = self.game else {
            out.push("ERROR no game started (send START first)".into());
            return Ok(());
        };
        let own = stones.iter().filter(|s| s.2 == 1).count();
        let opp = stones.len() - own;
        let own_black = own == opp;
        if !own_black && opp != own + 1 {
            out.push(format!("ERROR impossible board: {own} own stones and {opp} opponent stones"));
            return Ok(());
        }
        let mut cells = vec![EMPTY; game.dims().cells()];
        for &(x, y, f) in &stones {
            let Some(m) = self.cell(x, y) else {
                out.push(format!("ERROR stone {x},{y} is off the board"));
                return Ok(());
            };
            // A cell listed twice would leave the stone counts, and so the colours, wrong.
            if cells[m.index()] != EMPTY {
                out.push(format!("ERROR stone {x},{y} is listed twice"));
                return Ok(());
            }
            cells[m.index()] = if (f == 1) == own_black { BLACK } else { WHITE };
        }
        match Position::from_cells(game, &cells) {
            // An ERROR leaves the brain's position as it was.
            Ok(p) if p.outcome().is_some() => out.push("ERROR the board is a finished game: no move to play".into()),
            Ok(p) => {
                self.pos = Some(p);
                self.me = None;
                self.reply_move(out);
            }
            Err(e) => out.push(format!("ERROR {e}")),
        }
        Ok(())
    }

    fn info(&mut self, key: &str, value: &str) {
        let num = value.parse::<u64>().ok();
        match (key, num) {
            ("timeout_turn", Some(v)) => self.timeout_turn = v,
            ("timeout_match", Some(v)) => self.timeout_match = v,
            ("time_left", Some(v)) => self.time_left = Some(v),
            ("max_memory", Some(v)) => self.max_memory = v,
            ("rule", Some(v)) => {
                self.rule = Rule::from_gomocup(v as u32);
                if let Some(g) = self.game {
                    let g = g.with_rule(self.rule);
                    self.game = Some(g);
                    let cells = self.pos.as_ref().map(|p| p.cells().to_vec()).unwrap_or_default();
                    self.pos = Position::from_cells(g, &cells).ok().or_else(|| Some(Position::new(g)));
                }
            }
            _ => {}
        }
    }

    /// Removes a stone (normally the last one played) and re-derives the side to move from the stones left.
    fn takeback(&mut self, x: usize, y: usize, out: &mut Out) {
        let (Some(m), Some(pos)) = (self.cell(x, y), self.pos.as_ref()) else {
            out.push(format!("ERROR no stone to take back at {x},{y}"));
            return;
        };
        if pos.cell(m.index()) == EMPTY {
            out.push(format!("ERROR no stone to take back at {x},{y}"));
            return;
        }
        let mut cells = pos.cells().to_vec();
        cells[m.index()] = EMPTY;
        match Position::from_cells(pos.game(), &cells) {
            Ok(p) => {
                self.pos = Some(p);
                out.push("OK".into());
            }
            Err(e) => out.push(format!("ERROR taking back {x},{y} would leave an impossible position: {e}")),
        }
    }
}

/// The MESSAGE line that tells the manager how a move was chosen.
fn describe(d: &Decision, elapsed: Option<Duration>) -> String {
    let how = match d.reason {
        Reason::Forced => "forced",
        Reason::Vcf => "VCF win",
        Reason::Vct => "VCT win",
        Reason::Search => "search",
    };
    let time = elapsed.map(|t| format!(" time {} ms", t.as_millis())).unwrap_or_default();
    let eval = d.searched_value().map(|v| format!(" eval {v}")).unwrap_or_default();
    format!("MESSAGE {how} depth {}{eval} nodes {}{time}", d.depth, d.nodes)
}

/// Runs the brain until END or end of input.
///
/// # Errors
/// Reading or writing failed.
pub fn run<R: BufRead, W: Write>(mut input: R, mut output: W, options: &Options) -> std::io::Result<()> {
    let mut brain = Brain::new(options.clone());
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        if line.trim().is_empty() {
            continue;
        }
        let mut out = Out::new();
        match line.parse::<Command>() {
            Err(BadArgs(e)) => out.push(format!("ERROR {e}")),
            Ok(Command::End) => return Ok(()),
            Ok(Command::Start(n)) => brain.start(n, n, &mut out),
            Ok(Command::RectStart(w, h)) => brain.start(w, h, &mut out),
            Ok(Command::Restart) => match brain.game {
                Some(g) => {
                    brain.pos = Some(Position::new(g));
                    brain.me = None;
                    if let Some(e) = brain.engine.as_mut() {
                        e.clear();
                    }
                    out.push("OK".into());
                }
                None => out.push("ERROR no game started (send START first)".into()),
            },
            Ok(Command::Begin) => {
                if brain.pos.as_ref().is_some_and(|p| p.stones() > 0) {
                    out.push("ERROR BEGIN needs an empty board".into());
                } else {
                    brain.reply_move(&mut out);
                }
            }
            Ok(Command::Turn(x, y)) => brain.turn(x, y, &mut out),
            Ok(Command::Board) => brain.board(&mut input, &mut out)?,
            Ok(Command::Info(k, v)) => brain.info(&k, &v),
            Ok(Command::Takeback(x, y)) => brain.takeback(x, y, &mut out),
            Ok(Command::About) => out.push(format!(
                "name=\"sente\", version=\"{}\", author=\"Sente developers\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )),
            Ok(Command::Unknown(t)) => out.push(format!("UNKNOWN command {t:?}")),
        }
        for l in out {
            writeln!(output, "{l}")?;
        }
        output.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse() {
        assert_eq!("START 20".parse(), Ok(Command::Start(20)));
        assert_eq!("rectstart 20,15".parse(), Ok(Command::RectStart(20, 15)));
        assert_eq!("TURN 7, 8".parse(), Ok(Command::Turn(7, 8)));
        assert_eq!("INFO timeout_turn 1000".parse(), Ok(Command::Info("timeout_turn".into(), "1000".into())));
        assert_eq!("SWAP2BOARD".parse(), Ok(Command::Unknown("SWAP2BOARD".into())));
        assert!("TURN 7".parse::<Command>().is_err());
        assert!("START x".parse::<Command>().is_err());
    }

    #[test]
    fn time_budget_respects_turn_and_match_clock() {
        let mut b = Brain::new(Options { threads: 1, nodes: None, hash_mb: None });
        b.info("timeout_turn", "1000");
        assert_eq!(b.limits().time, Some(Duration::from_millis(975)));
        b.info("timeout_match", "100000");
        b.info("time_left", "3000");
        assert_eq!(b.limits().time, Some(Duration::from_millis(300)));
        b.info("timeout_turn", "0");
        b.info("time_left", "100000");
        assert_eq!(b.limits().time, Some(Duration::from_millis(190)));
    }
}
