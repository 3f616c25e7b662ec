//! A Piskvork (Gomocup) brain as a player: one long-lived process spoken to with START/INFO/BOARD/TURN/ABOUT/END.
//!
//! Each game starts with `START` (or `RECTSTART`) and the `INFO` lines that tell the brain the turn limit and the
//! rule. A brain that played the previous move gets the opponent's answer as `TURN x,y`; otherwise (a new game, an
//! opening, a restart) it gets the whole position as `BOARD`, listed in the order the stones were played, so the
//! last stone listed is always the opponent's: Wine, for one, answers `BOARD` only then.
//!
//! Upstream Rapfi can miss a command that reaches it in the instant after it answered. Two guards keep that from
//! turning into a loss on time: the referee waits [`SETTLE`] after a brain's answer before sending it anything (not
//! charged to any clock), and a brain that stays silent past the limit is asked `ABOUT`. If it answers that but
//! no move, it was idle, so it never saw the request: the request is sent again as `BOARD` (once) and the brain's
//! clock restarts. Only a brain that answers neither, or whose move comes after the limit, loses on time. A brain
//! that answers `ABOUT` while still thinking would answer both requests; so after a request sent again the referee
//! waits one more limit (and [`PROBE`]) for a second move, and one that comes means the first was late: a loss on
//! time.
//!
//! The process runs in a process group of its own, killed as a whole when the player is dropped.

use super::entry::{Answer, Judgement, Player};
use super::{Fault, Settings};
use crate::check::runner::kill_group;
use sente_core::{State, Stopwatch};
use sente_gomoku::{Move, Position, Rule};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The pause between a brain's answer and the next command sent to it.
pub const SETTLE: Duration = Duration::from_millis(25);

/// How long a silent brain has to answer `ABOUT` before it loses on time.
const PROBE: Duration = Duration::from_millis(1000);

/// How long a brain may take to start, to answer `ABOUT` and to accept `START`.
const START: Duration = Duration::from_secs(30);

/// A running brain.
pub struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The stones the brain knows, in order, when it is following the game move by move.
    synced: Option<Vec<Move>>,
    /// When the brain last answered.
    answered: Option<Instant>,
    /// The last judgement the brain gave in a `MESSAGE` line since the last request.
    judged: Option<Judgement>,
    settings: Settings,
}

/// What a brain said.
enum Line {
    Move(String),
    About(String),
}

impl Brain {
    /// Starts `sh -c command`.
    ///
    /// # Errors
    /// [`Fault::Start`] when the shell cannot be started.
    pub fn spawn(command: &str, settings: &Settings) -> Result<Brain, Fault> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|e| Fault::Start(format!("cannot start {command:?}: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(Fault::Start("no pipes to the brain".into()));
        };
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Brain { child, stdin, lines: rx, synced: None, answered: None, judged: None, settings: settings.clone() })
    }

    /// The brain's `ABOUT` name (`name="…"`, or the whole answer when it has no such field); the brain is started
    /// for the question and ended after it.
    ///
    /// # Errors
    /// The brain could not be started or did not answer within 30 s.
    pub fn about_name(command: &str, settings: &Settings) -> Result<String, Fault> {
        let mut brain = Brain::spawn(command, settings)?;
        brain.send("ABOUT\n")?;
        match brain.next_line(START)? {
            Some(Line::About(text) | Line::Move(text)) => Ok(about_field(&text, "name").unwrap_or(text)),
            None => Err(Fault::Start("no answer to ABOUT within 30 s".into())),
        }
    }

    fn send(&mut self, text: &str) -> Result<(), Fault> {
        self.stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| Fault::Crash(format!("brain input closed: {e}")))
    }

    /// The next meaningful line within `wait` (`None` on silence). MESSAGE/DEBUG lines are skipped; ERROR and
    /// UNKNOWN answers, and a closed output, are crashes.
    fn next_line(&mut self, wait: Duration) -> Result<Option<Line>, Fault> {
        let clock = Stopwatch::start();
        loop {
            let left = wait.saturating_sub(clock.elapsed());
            let line = match self.lines.recv_timeout(left) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crash("brain exited".into())),
            };
            let t = line.trim();
            let upper = t.to_ascii_uppercase();
            if upper.starts_with("MESSAGE") {
                self.judged = message_judgement(t).or(self.judged);
                continue;
            }
            if t.is_empty() || upper.starts_with("DEBUG") {
                continue;
            }
            self.answered = Some(Instant::now());
            if upper.starts_with("ERROR") || upper.starts_with("UNKNOWN") {
                return Err(Fault::Crash(format!("brain said {t:?}")));
            }
            if is_about(t) {
                return Ok(Some(Line::About(t.to_string())));
            }
            return Ok(Some(Line::Move(t.to_string())));
        }
    }

    /// Waits out [`SETTLE`] since the brain's last answer and drops whatever it said since (stale answers).
    fn settle(&mut self) {
        if let Some(at) = self.answered {
            std::thread::sleep(SETTLE.saturating_sub(at.elapsed()));
        }
        while self.lines.try_recv().is_ok() {}
    }

    /// `BOARD` with the stones in play order (field 1 the brain's, 2 the opponent's), or `BEGIN` on an empty board.
    fn board(pos: &Position, stones: &[Move]) -> String {
        if stones.is_empty() {
            return "BEGIN\n".into();
        }
        let cols = usize::from(pos.dims().cols);
        let mine = pos.to_move().index() as u8 + 1;
        let mut s = String::from("BOARD\n");
        for m in stones {
            let i = m.index();
            s.push_str(&format!("{},{},{}\n", i % cols, i / cols, if pos.cell(i) == mine { 1 } else { 2 }));
        }
        s.push_str("DONE\n");
        s
    }

    /// Sends `request` and waits for a move, probing a silent brain with `ABOUT` once (see the module docs).
    fn ask(&mut self, request: &str, retry: &str) -> Result<(String, Duration, bool), Fault> {
        let limit = self.settings.limit();
        self.settle();
        self.judged = None;
        self.send(request)?;
        let mut clock = Stopwatch::start();
        let mut resent = false;
        loop {
            match self.next_line(limit.saturating_sub(clock.elapsed()))? {
                Some(Line::Move(text)) if resent => return self.confirm_missed(text, clock.elapsed()),
                Some(Line::Move(text)) => return Ok((text, clock.elapsed(), false)),
                Some(Line::About(_)) => continue,
                None => {}
            }
            // Silent past the limit: idle (it missed the request) or still thinking?
            let late = clock.elapsed();
            self.send("ABOUT\n")?;
            match self.next_line(PROBE)? {
                Some(Line::Move(text)) => return Ok((text, clock.elapsed(), resent)),
                Some(Line::About(_)) if !resent => {
                    resent = true;
                    self.send(retry)?;
                    clock = Stopwatch::start();
                }
                Some(Line::About(_)) => {
                    return Err(Fault::Timeout(format!(
                        "no move in {} ms even after the request was sent again",
                        late.as_millis()
                    )));
                }
                None => {
                    return Err(Fault::Timeout(format!(
                        "no move in {} ms, and no answer to ABOUT after it",
                        late.as_millis()
                    )));
                }
            }
        }
    }

    /// After a request sent again, tells a brain that had missed the first one from one that answered `ABOUT`
    /// while still thinking: the latter answers both requests, its first move being the late answer to the first.
    /// So a second move within the limit means a loss on time; silence confirms the first request was missed.
    fn confirm_missed(&mut self, text: String, took: Duration) -> Result<(String, Duration, bool), Fault> {
        match self.next_line(self.settings.limit() + PROBE)? {
            Some(Line::Move(_)) => Err(Fault::Timeout(format!(
                "still thinking past the {} ms limit: it answered ABOUT, then both requests",
                self.settings.limit().as_millis()
            ))),
            _ => Ok((text, took, true)),
        }
    }
}

/// The value of `key="…"` in an ABOUT answer; spaces around `=` are allowed (Wine answers `name = "Wine"`).
fn about_field(text: &str, key: &str) -> Option<String> {
    let mut from = 0;
    while let Some(at) = text[from..].find(key) {
        let after = from + at + key.len();
        let boundary = text[..from + at].chars().next_back().is_none_or(|c| !c.is_ascii_alphanumeric());
        let rest = text[after..].trim_start();
        if let Some(value) = rest.strip_prefix('=').map(str::trim_start).and_then(|r| r.strip_prefix('"'))
            && boundary
        {
            let len = value.find('"')?;
            return Some(value[..len].to_string()).filter(|s| !s.is_empty());
        }
        from = after;
    }
    None
}

/// The judgement in a brain's `MESSAGE` line: the word `eval` (any case, then `:` or `=` or spaces) followed by
/// a signed number (`eval -200`), a win or loss in plies as Rapfi writes it (`Eval +M3`, `-M2`) or as Sente does
/// (`eval W5`, `L4`). `None` when the line has no such word or what follows it is none of these.
pub fn message_judgement(text: &str) -> Option<Judgement> {
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("eval") {
        let start = from + at;
        from = start + 4;
        if lower[..start].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let rest = text[from..].trim_start_matches([' ', ':', '=']);
        let word = rest.split(|c: char| c.is_whitespace() || c == ',' || c == '|').next().unwrap_or("");
        let (sign, body) = match word.split_at_checked(1) {
            Some(("-", b)) => (-1, b),
            Some(("+", b)) => (1, b),
            _ => (1, word),
        };
        let plies = |b: &str| b.parse::<u32>().ok();
        let found = match body.split_at_checked(1) {
            Some(("M" | "m", n)) => plies(n).map(|n| if sign < 0 { Judgement::Loss(n) } else { Judgement::Win(n) }),
            Some(("W", n)) if sign > 0 => plies(n).map(Judgement::Win),
            Some(("L", n)) if sign > 0 => plies(n).map(Judgement::Loss),
            _ => body.parse::<i32>().ok().map(|v| Judgement::Score(sign * v)),
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether a line is an ABOUT answer (it names the brain, its version or its author).
fn is_about(text: &str) -> bool {
    ["name", "version", "author"].iter().any(|key| about_field(text, key).is_some())
}

impl Player for Brain {
    fn new_game(&mut self, _index: usize) -> Result<(), Fault> {
        let d = self.settings.game.dims();
        let start =
            if d.rows == d.cols { format!("START {}\n", d.cols) } else { format!("RECTSTART {},{}\n", d.cols, d.rows) };
        self.settle();
        self.send(&start)?;
        match self.next_line(START) {
            Ok(Some(Line::Move(ok))) if ok.eq_ignore_ascii_case("OK") => {}
            Ok(Some(Line::Move(other) | Line::About(other))) => {
                return Err(Fault::Start(format!("expected OK after START, got {other:?}")));
            }
            Ok(None) => return Err(Fault::Start("no OK after START within 30 s".into())),
            Err(e) => return Err(Fault::Start(e.to_string())),
        }
        let rule = match self.settings.game.rule() {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
            Rule::Renju => 4,
        };
        // No match clock: only the turn limit binds.
        let info = format!(
            "INFO timeout_turn {}\nINFO timeout_match 100000000\nINFO time_left 100000000\nINFO rule {rule}\n\
             INFO game_type 1\n",
            self.settings.time.as_millis()
        );
        self.send(&info)?;
        self.synced = None;
        Ok(())
    }

    fn play(&mut self, pos: &Position, stones: &[Move]) -> Result<Answer, Fault> {
        let cols = usize::from(pos.dims().cols);
        let board = Brain::board(pos, stones);
        // TURN only when the brain saw every stone but the opponent's last one.
        let request = match (&self.synced, stones.split_last()) {
            (Some(known), Some((last, before))) if known.as_slice() == before => {
                format!("TURN {},{}\n", last.index() % cols, last.index() / cols)
            }
            _ => board.clone(),
        };
        self.synced = None;
        let (reply, took, resent) = self.ask(&request, &board)?;
        let bad = || Fault::Malformed(format!("answer {reply:?} is not a move x,y"));
        let (x, y) = reply.split_once(',').ok_or_else(bad)?;
        let (x, y): (usize, usize) = (x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?);
        if x >= cols || y >= usize::from(pos.dims().rows) {
            return Err(Fault::Malformed(format!("move {reply:?} is off the board")));
        }
        let mv = Move((y * cols + x) as u16);
        let mut known = stones.to_vec();
        known.push(mv);
        self.synced = Some(known);
        Ok(Answer { mv, took, resent, judgement: self.judged })
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.send("END\n");
        let clock = Stopwatch::start();
        while clock.elapsed() < Duration::from_millis(200) {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        kill_group(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sente_core::Game;
    use sente_gomoku::Gomoku;

    #[test]
    fn judgements_are_read_from_message_lines() {
        let j = message_judgement;
        assert_eq!(j("MESSAGE Speed 637K | Depth 19-47 | Eval -200 | Node 603K"), Some(Judgement::Score(-200)));
        assert_eq!(j("MESSAGE Depth 6-2 | Eval +M3 | Node 10"), Some(Judgement::Win(3)));
        assert_eq!(j("MESSAGE Depth 8-2 | Eval -M2 | Node 14"), Some(Judgement::Loss(2)));
        assert_eq!(j("MESSAGE search depth 18 eval -1170 nodes 782133"), Some(Judgement::Score(-1170)));
        assert_eq!(j("MESSAGE VCF win depth 0 eval W5 nodes 12"), Some(Judgement::Win(5)));
        assert_eq!(j("MESSAGE forced depth 0 eval L4 nodes 3"), Some(Judgement::Loss(4)));
        assert_eq!(j("MESSAGE eval: 35"), Some(Judgement::Score(35)));
        assert_eq!(j("MESSAGE eval=+12"), Some(Judgement::Score(12)));
        // Not an eval: another word that contains it, or no number after it.
        assert_eq!(j("MESSAGE reevaluating 3 moves"), None);
        assert_eq!(j("MESSAGE eval pending, depth 3"), None);
        assert_eq!(j("MESSAGE depth 3 nodes 100"), None);
    }

    #[test]
    fn about_names_are_read_from_the_name_field() {
        let text = r#"name="Rapfi", version="2024", author="x""#;
        assert_eq!(about_field(text, "name").as_deref(), Some("Rapfi"));
        assert_eq!(about_field("hello", "name"), None);
        let wine = r#"name = "Wine", version ="2.1", author = "JinJieWang", country = "China""#;
        assert_eq!(about_field(wine, "name").as_deref(), Some("Wine"));
        assert_eq!(about_field(wine, "version").as_deref(), Some("2.1"));
        assert!(is_about(wine) && is_about(text) && !is_about("7,7") && !is_about("OK"));
        assert_eq!(about_field(r#"nickname="x", name="y""#, "name").as_deref(), Some("y"));
    }

    #[test]
    fn board_lists_stones_in_play_order_ending_with_the_opponents() {
        let game = Gomoku::new(15, Rule::Freestyle).expect("15x15");
        let mut pos = game.initial_state();
        let stones = [Move(112), Move(113), Move(97)];
        for &m in &stones {
            pos.play(m);
        }
        // White to move: the last stone (black's) is the opponent's, field 2.
        assert_eq!(Brain::board(&pos, &stones), "BOARD\n7,7,2\n8,7,1\n7,6,2\nDONE\n");
        assert_eq!(Brain::board(&game.initial_state(), &[]), "BEGIN\n");
    }
}
