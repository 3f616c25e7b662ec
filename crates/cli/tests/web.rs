#![cfg(feature = "web")]
//! `sente serve` and `sente play` as a user runs them: the built binary on a free loopback port, spoken to over a
//! real socket with plain HTTP/1.1; argument and input errors exit 2 with a message. The bounded loopback load test
//! (many concurrent games, no failed request) lives here too; its figures are in docs/BENCHMARKS.md.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_sente");

/// A running `sente serve`, killed on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(BIN)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("{line}"));
        let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
        assert!(addr.starts_with("127.0.0.1:"), "{line}");
        Server { child, addr }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request on a fresh connection; returns the status code and the body.
fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let status = raw.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = raw.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default();
    (status, body)
}

fn json(body: &str) -> serde_json::Value {
    serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

#[test]
fn serve_prints_the_url_and_answers_pages_and_api() {
    let server = Server::start(&[]);
    let (status, home) = request(&server.addr, "GET", "/", "");
    assert_eq!(status, 200);
    for game in ["rowcol", "starcircle", "lgame", "gomoku"] {
        assert!(home.contains(&format!("/play/{game}")), "home page links {game}");
        let (status, page) = request(&server.addr, "GET", &format!("/play/{game}"), "");
        assert_eq!(status, 200, "{game}");
        assert!(page.contains("/assets/app.js"));
    }
    let (status, body) =
        request(&server.addr, "POST", "/api/games/tictactoe/engine", r#"{"position":"XX.OO....","level":"perfect"}"#);
    assert_eq!(status, 200, "{body}");
    assert_eq!(json(&body)["move"], "3");
    let (status, body) = request(&server.addr, "POST", "/api/games/tictactoe/play", "{not json");
    assert_eq!(status, 400);
    assert_eq!(json(&body)["code"], "bad_body");
}

#[test]
fn serve_caps_come_from_the_flags() {
    let server = Server::start(&["--max-depth", "2", "--max-time-ms", "300"]);
    let (status, body) = request(&server.addr, "POST", "/api/games/starcircle/engine", &{
        let (_, games) = request(&server.addr, "GET", "/api/games/starcircle", "");
        serde_json::json!({"position": json(&games)["initial"], "depth": 50}).to_string()
    });
    assert_eq!(status, 200, "{body}");
    let e = json(&body);
    assert_eq!(e["limits"]["depth"], 2);
    assert_eq!(e["limits"]["time_ms"], 300);
    assert!(e["depth"].as_u64().unwrap() <= 2);
}

#[test]
fn bad_arguments_and_inputs_exit_2_with_a_message() {
    let run = |args: &[&str]| Command::new(BIN).args(args).stdin(Stdio::null()).output().unwrap();
    let out = run(&["serve", "--max-depth", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 1"));
    let out = run(&["play", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game \"chess\""));
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("board.txt");
    std::fs::write(&bad, "3 4\n1 0 0 1\n0 0 2 1\n1 1 1 1\n").unwrap();
    let out = run(&["play", "rowcol", "--position", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("board.txt") && err.contains("line 3"), "{err}");
    let out = run(&["play", "lgame", "--level", "godlike"]);
    assert_eq!(out.status.code(), Some(2));
    // Without a terminal, play explains itself instead of garbling the output.
    let out = run(&["play", "tictactoe"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("interactive terminal"));
}

/// The loopback load test: `SENTE_LOAD_GAMES` games (default 24) at once, each over its own connections, playing
/// engine against engine through the API to the end of the game. Bounded: tic-tac-toe games last at most 9 plies
/// and the L-Game games stop after 12. No request may fail. Prints requests, seconds, requests/s and the slowest
/// request (`-- --nocapture` shows them).
#[test]
fn load_many_concurrent_games_without_a_failed_request() {
    let games: usize = std::env::var("SENTE_LOAD_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(24);
    let server = Server::start(&["--max-time-ms", "2000"]);
    let start = Instant::now();
    let workers: Vec<_> = (0..games)
        .map(|g| {
            let addr = server.addr.clone();
            std::thread::spawn(move || {
                let (game, mut position, plies) = if g % 2 == 0 {
                    ("tictactoe", ".........".to_string(), 9)
                } else {
                    ("lgame", "NXX./.OX./.OX./.OON".to_string(), 12)
                };
                let level = if g % 4 < 2 { "perfect" } else { "easy" };
                let (mut count, mut slowest) = (0u32, Duration::ZERO);
                for _ in 0..plies {
                    let t = Instant::now();
                    let body = serde_json::json!({"position": position, "level": level}).to_string();
                    let (status, reply) = request(&addr, "POST", &format!("/api/games/{game}/engine"), &body);
                    count += 1;
                    if status == 409 {
                        break;
                    }
                    assert_eq!(status, 200, "{game} engine: {reply}");
                    let mv = json(&reply)["move"].clone();
                    let body = serde_json::json!({"position": position, "move": mv}).to_string();
                    let (status, reply) = request(&addr, "POST", &format!("/api/games/{game}/play"), &body);
                    count += 1;
                    assert_eq!(status, 200, "{game} play: {reply}");
                    slowest = slowest.max(t.elapsed());
                    let after = json(&reply)["after"].clone();
                    position = after["position"].as_str().unwrap().to_string();
                    if !after["outcome"].is_null() {
                        break;
                    }
                }
                (count, slowest)
            })
        })
        .collect();
    let mut requests = 0;
    let mut slowest = Duration::ZERO;
    for w in workers {
        let (n, s) = w.join().expect("a game thread failed a request");
        requests += n;
        slowest = slowest.max(s);
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "load: {games} concurrent games, {requests} requests, 0 failed, {secs:.2} s, {:.0} requests/s, slowest move pair {} ms",
        f64::from(requests) / secs,
        slowest.as_millis()
    );
    assert!(requests as usize >= games * 2);
}
