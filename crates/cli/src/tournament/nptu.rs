//! An NPTU contest program as a player: one process per move, as the contest's harness runs entries.
//!
//! For each move the program runs as `sh -c 'COMMAND Black'` (or `White`) in its working folder, gets the board on
//! standard input as the contest guide states — 361 characters for the 19×19 board (rows from the top: `1`
//! black, `0` white, `.` empty; no spaces, no newline) — and must print one move such as `J, 10` (the guide's
//! `/[A-S], ((1[0-9])|[1-9])\n?/`; letters go on past `S` on larger boards) and exit with status 0, all within the
//! per-move limit (time plus tolerance, process start-up included). Anything else is a verdict: no exit in time is
//! a timeout; a non-zero status, a signal or no output is a crash; other output is malformed.
//!
//! The working folder is `WORKDIR/<entry>/game-<n>/`, one per game so that games played in parallel cannot see
//! each other's files; the program may keep files there between its moves, and the folder is kept afterwards.
//! Processes run through the checker's runner (`check/runner.rs`): a process group of their own, killed as a
//! whole when the move is over.

use super::entry::{Answer, Player};
use super::{Fault, Settings};
use crate::check::runner::{self, Ending};
use sente_core::{Player as Side, State};
use sente_gomoku::notation::parse_move_text;
use sente_gomoku::{Move, Position};
use std::path::PathBuf;

/// A program run once per move.
pub struct Nptu {
    command: String,
    root: PathBuf,
    folder: PathBuf,
    settings: Settings,
}

impl Nptu {
    /// The player for `command`, with working folders under `WORKDIR/<name>/`.
    ///
    /// # Errors
    /// [`Fault::Start`] when the settings have no working folder.
    pub fn new(command: &str, name: &str, settings: &Settings) -> Result<Nptu, Fault> {
        let dir = settings.workdir.clone().ok_or_else(|| Fault::Start("no working folder for NPTU entries".into()))?;
        let slug: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
        let root = dir.join(slug);
        Ok(Nptu { command: command.to_string(), folder: root.clone(), root, settings: settings.clone() })
    }
}

/// The board as the contest sends it: every cell from the top row, `1` black, `0` white, `.` empty.
pub fn board_text(pos: &Position) -> String {
    pos.cells().iter().map(|&c| ['.', '1', '0'][usize::from(c)]).collect()
}

/// Parses the program's output strictly: a letter, `, `, a row number without leading zero, an optional newline.
fn parse_output(pos: &Position, out: &[u8]) -> Result<Move, Fault> {
    let text = String::from_utf8_lossy(out);
    let body = text.strip_suffix('\n').unwrap_or(&text);
    let shown = if text.chars().count() > 40 {
        format!("{:?}…", text.chars().take(40).collect::<String>())
    } else {
        format!("{text:?}")
    };
    let well_formed = body.len() >= 4
        && body.as_bytes()[0].is_ascii_uppercase()
        && body[1..].starts_with(", ")
        && body[3..].bytes().all(|b| b.is_ascii_digit())
        && !body[3..].starts_with('0')
        && body.len() <= 6;
    if !well_formed {
        return Err(Fault::Malformed(format!("output {shown} is not a move like \"J, 10\"")));
    }
    parse_move_text(pos.dims(), body).map_err(|e| Fault::Malformed(format!("output {shown}: {e}")))
}

impl Player for Nptu {
    fn new_game(&mut self, index: usize) -> Result<(), Fault> {
        self.folder = self.root.join(format!("game-{index}"));
        std::fs::create_dir_all(&self.folder)
            .map_err(|e| Fault::Start(format!("cannot make {}: {e}", self.folder.display())))
    }

    fn play(&mut self, pos: &Position, _stones: &[Move]) -> Result<Answer, Fault> {
        let colour = if pos.to_move() == Side::First { "Black" } else { "White" };
        let program = format!("{} {colour}", self.command);
        let limit = self.settings.limit();
        let input = board_text(pos).into_bytes();
        let run = runner::run(&program, &self.folder, Some(input), limit, &self.settings.interrupt)
            .map_err(|e| Fault::Start(format!("cannot run {program:?}: {e}")))?;
        let first_error = || {
            let e = String::from_utf8_lossy(&run.stderr);
            e.lines().find(|l| !l.trim().is_empty()).map(|l| format!("; stderr: {}", l.trim())).unwrap_or_default()
        };
        match run.ending {
            Ending::TimedOut => Err(Fault::Timeout(format!("no move within {} ms", limit.as_millis()))),
            Ending::Exited(0) if run.stdout.is_empty() => {
                Err(Fault::Crash(format!("exited without a move{}", first_error())))
            }
            Ending::Exited(0) => {
                Ok(Answer { mv: parse_output(pos, &run.stdout)?, took: run.elapsed, resent: false, judgement: None })
            }
            other => Err(Fault::Crash(format!("{}{}", other.describe(), first_error()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sente_core::Game;
    use sente_gomoku::{Gomoku, Rule};

    #[test]
    fn output_must_match_the_contest_form() {
        let pos = Gomoku::new(19, Rule::Freestyle).expect("19x19").initial_state();
        let centre = parse_output(&pos, b"J, 10\n").expect("a move");
        assert_eq!(sente_gomoku::notation::move_text(pos.dims(), centre), "J10");
        assert!(parse_output(&pos, b"J, 10").is_ok());
        for bad in [&b"J10\n"[..], b"J,10", b"j, 10", b"J, 010", b"J, 10\n\n", b"", b"J, 20", b"Z, 1"] {
            assert!(matches!(parse_output(&pos, bad), Err(Fault::Malformed(_))), "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn board_text_has_one_character_a_cell() {
        let mut pos = Gomoku::new(19, Rule::Freestyle).expect("19x19").initial_state();
        pos.play(Move(0));
        pos.play(Move(1));
        let text = board_text(&pos);
        assert_eq!(text.len(), 361);
        assert!(text.starts_with("10."));
    }
}
