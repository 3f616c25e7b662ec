//! Game records: one line per game, with a link that replays the game in `sente serve`'s Gomoku page.
//!
//! A line reads `game 3: black sente white Wine opening H8 J9 H9 moves J8 … result 1-0 (Wine loses: timeout
//! (…)) slowest 180/95 ms replay http://127.0.0.1:8080/play/gomoku#g=…`. Moves are in the board notation (`H8`:
//! column letter, row from the top) and the opening lists its stones in play order, black first; `slowest B/W ms`
//! is the longest move each side took, to see how close an engine came to the limit; `resent B/W`, present only
//! when not zero, counts the requests a brain missed and was sent again (see `pbrain.rs`). The replay link is the
//! page's own share link (`#g=` and the base64url of `{"start": empty board, "moves": [opening and moves],
//! "cursor": n}`): with `sente serve` running on the default address, opening it loads the game with every move
//! steppable. The page replays under freestyle rules; a renju or exact-five game replays the same moves.

use super::game::GameRecord;
use crate::error::CliError;
use crate::io::write_output;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sente_gomoku::notation::{move_text, parse_move_text};
use sente_gomoku::{Gomoku, Move};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The address `sente serve` listens on by default, which replay links point to.
pub const SERVE_BASE: &str = "http://127.0.0.1:8080";

/// A game's line in a records file (no newline).
pub fn line(game: Gomoku, r: &GameRecord) -> String {
    let text = |ms: &[sente_gomoku::Move]| ms.iter().map(|&m| move_text(game.dims(), m)).collect::<Vec<_>>();
    format!(
        "game {}: black {} white {} opening {} moves {} result {} ({}) slowest {}/{} ms{} replay {}",
        r.number,
        r.black.1,
        r.white.1,
        text(&r.opening.stones).join(" "),
        text(&r.moves).join(" "),
        r.result(),
        r.reason(),
        r.slowest_ms[0],
        r.slowest_ms[1],
        if r.resent == [0, 0] { String::new() } else { format!(" resent {}/{}", r.resent[0], r.resent[1]) },
        replay_link(game, r)
    )
}

/// The short form printed as games finish: `game 3: black A white B: 1-0, B loses: timeout (…)`.
pub fn summary(r: &GameRecord) -> String {
    format!("game {}: black {} white {}: {}, {}", r.number, r.black.1, r.white.1, r.result(), r.reason())
}

/// A records file kept up to date while a run plays. Each finished game's line is held in game order and the whole
/// file is rewritten (atomically, as every output file is) when the last write is [`RecordsFile::EVERY`] old, so a
/// run that is killed outright (SIGKILL, a session or machine that ends) leaves the records of the games it finished
/// until a few seconds before; [`RecordsFile::finish`] writes the run's games at the end, an interrupted run's too.
pub struct RecordsFile {
    path: PathBuf,
    game: Gomoku,
    every: Duration,
    lines: BTreeMap<usize, String>,
    written: Option<Instant>,
    warned: bool,
}

impl RecordsFile {
    /// How often, at most, the file is rewritten while games finish.
    pub const EVERY: Duration = Duration::from_secs(10);

    /// A records file at `path` for games on `game`'s board, rewritten at most every `every`.
    pub fn new(path: &Path, game: Gomoku, every: Duration) -> RecordsFile {
        RecordsFile { path: path.to_path_buf(), game, every, lines: BTreeMap::new(), written: None, warned: false }
    }

    /// Adds a finished game and rewrites the file if the last write is old enough (or none was made). A failed
    /// write is reported once on standard error and tried again later; [`RecordsFile::finish`] returns its error.
    pub fn add(&mut self, r: &GameRecord) {
        self.lines.insert(r.number, line(self.game, r));
        if self.written.is_some_and(|t| t.elapsed() < self.every) {
            return;
        }
        self.written = Some(Instant::now());
        let text: String = self.lines.values().map(|l| format!("{l}\n")).collect();
        if let Err(e) = write_output(&self.path, &text)
            && !std::mem::replace(&mut self.warned, true)
        {
            eprintln!("warning: {e} (tried again as games finish, and at the end)");
        }
    }

    /// Writes the records of `games`, the run's games, in the order given.
    ///
    /// # Errors
    /// [`CliError::Write`] when the file cannot be written.
    pub fn finish(&self, games: &[GameRecord]) -> Result<(), CliError> {
        write_output(&self.path, &games.iter().map(|g| line(self.game, g) + "\n").collect::<String>())
    }
}

/// Prints a progress line on stdout; a closed stdout is ignored here (the final report notices it).
pub fn progress(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// The page's share link for the game (see the module docs).
pub fn replay_link(game: Gomoku, r: &GameRecord) -> String {
    let d = game.dims();
    let empty_row = ".".repeat(usize::from(d.cols)) + "\n";
    let moves: Vec<String> = r.opening.stones.iter().chain(&r.moves).map(|&m| move_text(d, m)).collect();
    let state = serde_json::json!({
        "start": empty_row.repeat(usize::from(d.rows)),
        "cursor": moves.len(),
        "moves": moves,
    });
    format!("{SERVE_BASE}/play/gomoku#g={}", base64url(state.to_string().as_bytes()))
}

/// Base64 with the URL alphabet (`-`, `_`) and no padding, as the page's `b64` writes it.
pub fn base64url(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Decodes [`base64url`]'s text; `None` for a character outside its alphabet or a length it cannot write.
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text).ok()
}

/// The number of board rows a record line's replay link starts from (its `start` board), or `None` when the line
/// has no such link (records written before links carried the board).
pub fn board_rows(line: &str) -> Option<usize> {
    let (_, link) = line.rsplit_once("#g=")?;
    let bytes = base64url_decode(link.split_whitespace().next()?)?;
    let state: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    Some(state.get("start")?.as_str()?.lines().count())
}

/// One record line read back: what `sente gomoku tune` and `analyse` need of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadGame {
    /// The game's number in its run.
    pub number: usize,
    /// Black's and white's names.
    pub names: [String; 2],
    /// The opening's black and white stones, each in play order.
    pub opening: [Vec<Move>; 2],
    /// The moves after the opening.
    pub moves: Vec<Move>,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Whether the game was lost other than on the board (a timeout, an illegal move, a crash).
    pub by_fault: bool,
}

impl ReadGame {
    /// Every stone in play order: the opening's, black first and alternating, then the moves.
    pub fn stones(&self) -> Vec<Move> {
        let [black, white] = &self.opening;
        let mut all = Vec::with_capacity(black.len() + white.len() + self.moves.len());
        for k in 0..black.len().max(white.len()) {
            all.extend(black.get(k).into_iter().chain(white.get(k)));
        }
        all.extend(&self.moves);
        all
    }
}

/// Reads one record line; `None` for a line that is not a game record on `game`'s board. The opening may be in
/// play order, black first (`H8 J9 H9`, today's form), or mark each stone's colour (`xH8 oJ9 xH9`, older records).
pub fn read_line(game: Gomoku, line: &str) -> Option<ReadGame> {
    let (head, rest) = line.strip_prefix("game ")?.split_once(": black ")?;
    let number = head.trim().parse().ok()?;
    let (black, rest) = rest.split_once(" white ")?;
    let (white, rest) = rest.split_once(" opening ")?;
    let (opening, rest) = rest.split_once(" moves ")?;
    let (moves, rest) = rest.rsplit_once(" result ")?;
    let (result, why) = rest.split_once(' ').unwrap_or((rest, ""));
    if !matches!(result, "1-0" | "0-1" | "1/2-1/2") {
        return None;
    }
    let mv = |t: &str| parse_move_text(game.dims(), t).ok();
    let (mut b, mut w) = (Vec::new(), Vec::new());
    for (k, stone) in opening.split_whitespace().enumerate() {
        match stone.split_at_checked(1)? {
            ("x", cell) => b.push(mv(cell)?),
            ("o", cell) => w.push(mv(cell)?),
            _ if k % 2 == 0 => b.push(mv(stone)?),
            _ => w.push(mv(stone)?),
        }
    }
    Some(ReadGame {
        number,
        names: [black.to_string(), white.to_string()],
        opening: [b, w],
        moves: moves.split_whitespace().map(mv).collect::<Option<Vec<_>>>()?,
        result: result.to_string(),
        by_fault: why.contains(" loses"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Fault;
    use crate::tournament::game::{Ending, Opening};
    use sente_core::Player as Side;
    use sente_gomoku::{Move, Rule};

    #[test]
    fn base64url_matches_the_standard_encoding_without_padding() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn base64url_decodes_what_it_encodes() {
        for text in [&b""[..], b"f", b"fo", b"foo", b"foob", &[0xfb, 0xff, 0x00, 0x10]] {
            assert_eq!(base64url_decode(&base64url(text)).as_deref(), Some(text));
        }
        assert_eq!(base64url_decode("Zm9v!"), None);
        assert_eq!(base64url_decode("Zm9vY"), None);
    }

    #[test]
    fn a_record_line_tells_its_board_size() {
        for size in [15, 19] {
            let game = Gomoku::new(size, Rule::Freestyle).expect("board");
            let r = GameRecord {
                number: 1,
                black: (0, "a".into()),
                white: (1, "b".into()),
                opening: Opening { index: 0, stones: vec![Move(112)] },
                moves: vec![Move(0)],
                ending: Ending::Fault(Side::Second, Fault::Timeout("late".into())),
                slowest_ms: [1, 1],
                resent: [0, 0],
            };
            assert_eq!(board_rows(&line(game, &r)), Some(size));
        }
        assert_eq!(board_rows("game 1: black a white b opening H8 moves result 1-0 (a wins with five)"), None);
        assert_eq!(board_rows("… replay http://127.0.0.1:8080/play/gomoku#g=e30"), None);
    }

    #[test]
    fn record_lines_name_players_moves_result_and_reason() {
        let game = Gomoku::new(15, Rule::Freestyle).expect("15x15");
        let r = GameRecord {
            number: 3,
            black: (0, "sente".into()),
            white: (1, "ann".into()),
            opening: Opening { index: 0, stones: vec![Move(112), Move(113), Move(97)] },
            moves: vec![Move(0)],
            ending: Ending::Fault(Side::Second, Fault::Timeout("no move within 2000 ms".into())),
            slowest_ms: [5, 2000],
            resent: [0, 0],
        };
        let l = line(game, &r);
        assert!(
            l.starts_with(
                "game 3: black sente white ann opening H8 I8 H7 moves A1 result 1-0 \
                 (ann loses: timeout (no move within 2000 ms)) slowest 5/2000 ms replay http://127.0.0.1:8080/play/gomoku#g="
            ),
            "{l}"
        );
        assert_eq!(summary(&r), "game 3: black sente white ann: 1-0, ann loses: timeout (no move within 2000 ms)");
        // The link decodes to the page's share format: an empty board, the opening and the moves, the last shown.
        let b64 = l.rsplit("#g=").next().expect("a hash");
        let json: serde_json::Value = serde_json::from_slice(&decode(b64)).expect("JSON");
        assert_eq!(json["start"], format!("{}\n", ".".repeat(15)).repeat(15));
        assert_eq!(json["moves"], serde_json::json!(["H8", "I8", "H7", "A1"]));
        assert_eq!(json["cursor"], 4);
    }

    /// The records file holds every game finished so far in game order, rewritten as they finish, and the run's
    /// games at the end.
    #[test]
    fn the_records_file_is_written_as_games_finish() {
        let game = Gomoku::new(15, Rule::Freestyle).expect("15x15");
        let record = |number: usize| GameRecord {
            number,
            black: (0, "a".into()),
            white: (1, "b".into()),
            opening: Opening { index: 0, stones: vec![Move(112)] },
            moves: vec![Move(number as u16)],
            ending: Ending::Five(Side::First),
            slowest_ms: [1, 1],
            resent: [0, 0],
        };
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.txt");
        let numbers = |p: &Path| -> Vec<String> {
            std::fs::read_to_string(p).unwrap().lines().map(|l| l.split(':').next().unwrap().to_string()).collect()
        };
        let mut kept = RecordsFile::new(&path, game, Duration::ZERO);
        kept.add(&record(2));
        assert_eq!(numbers(&path), ["game 2"]);
        kept.add(&record(1));
        assert_eq!(numbers(&path), ["game 1", "game 2"]);
        kept.finish(&[record(1), record(2), record(3)]).unwrap();
        assert_eq!(numbers(&path), ["game 1", "game 2", "game 3"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap().lines().next().unwrap(), line(game, &record(1)));
        // Within the interval only the first game is written at once.
        let slow = dir.path().join("slow.txt");
        let mut kept = RecordsFile::new(&slow, game, Duration::from_secs(3600));
        kept.add(&record(1));
        kept.add(&record(2));
        assert_eq!(numbers(&slow), ["game 1"]);
        // A file that cannot be written is no panic: the end reports it.
        let mut bad = RecordsFile::new(&dir.path().join("missing/dir/games.txt"), game, Duration::ZERO);
        bad.add(&record(1));
        assert!(matches!(bad.finish(&[record(1)]), Err(CliError::Write { .. })));
    }

    /// Base64url without padding, back to bytes (the page's `unb64`).
    fn decode(text: &str) -> Vec<u8> {
        const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let values: Vec<u32> =
            text.bytes().map(|b| ALPHABET.iter().position(|&a| a == b).expect("base64url") as u32).collect();
        let mut out = Vec::new();
        for chunk in values.chunks(4) {
            let n = chunk.iter().enumerate().fold(0u32, |n, (k, &v)| n | (v << (18 - 6 * k)));
            out.extend(n.to_be_bytes()[1..chunk.len()].iter());
        }
        out
    }
}
