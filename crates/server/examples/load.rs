//! Loopback load on a running `sente serve`: many concurrent clients sending a mix of engine, analysis, cheap
//! (validate, moves, play) and malformed requests, some of them abandoned mid-search, for a fixed time. Reports
//! p50/p99 latency per kind, status counts, and the server's resident memory over time (from `/proc/PID/status`
//! when `--pid` is given). Exit status 1 when any answer was a 5xx other than 503 (busy, with `Retry-After`), or
//! a 503 came without `Retry-After`.
//!
//! ```text
//! sente serve --addr 127.0.0.1:8099 &
//! cargo run --release -p sente-server --example load -- --addr 127.0.0.1:8099 --pid $! --clients 200 --seconds 600
//! ```
//!
//! Every request is a fresh connection (`Connection: close`), so a client that abandons its request just closes
//! the socket, as a browser tab does.

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

struct Options {
    addr: SocketAddr,
    pid: Option<u32>,
    clients: usize,
    seconds: u64,
    sample_every: u64,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        addr: "127.0.0.1:8080".parse().map_err(|_| "addr")?,
        pid: None,
        clients: 200,
        seconds: 600,
        sample_every: 30,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let [key, value] = pair else { return Err(format!("{} needs a value", pair[0])) };
        let bad = |_| format!("{key}: bad value {value:?}");
        match key.as_str() {
            "--addr" => o.addr = value.parse().map_err(|_| format!("bad address {value:?}"))?,
            "--pid" => o.pid = Some(value.parse().map_err(bad)?),
            "--clients" => o.clients = value.parse().map_err(bad)?,
            "--seconds" => o.seconds = value.parse().map_err(bad)?,
            "--sample-every" => o.sample_every = value.parse().map_err(bad)?,
            _ => return Err(format!("unknown option {key}")),
        }
    }
    Ok(o)
}

/// A request to send: its kind (for the report), the raw HTTP text, and whether to hang up before the answer.
struct Job {
    kind: &'static str,
    raw: Vec<u8>,
    abandon_after: Option<Duration>,
}

fn post(path: &str, body: &str, content_type: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: load\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

fn api(game: &str, endpoint: &str, body: &Value) -> Vec<u8> {
    post(&format!("/api/games/{game}/{endpoint}"), &body.to_string(), "application/json")
}

/// Positions the mix uses, fetched from the server at the start.
struct Positions {
    initial: BTreeMap<String, String>,
    gomoku_mid: String,
}

fn job(p: &Positions, r: u64) -> Job {
    let init = |g: &str| p.initial.get(g).cloned().unwrap_or_default();
    let plain = |kind, raw| Job { kind, raw, abandon_after: None };
    match r % 100 {
        // Engine moves (25%): short levels, the way the pages ask.
        0..=7 => plain("engine", api("gomoku", "engine", &json!({"position": p.gomoku_mid, "level": "easy"}))),
        8..=11 => plain("engine", api("gomoku", "engine", &json!({"position": p.gomoku_mid, "time_ms": 300}))),
        12..=16 => {
            plain("engine", api("starcircle", "engine", &json!({"position": init("starcircle"), "level": "medium"})))
        }
        17..=20 => plain("engine", api("lgame", "engine", &json!({"position": init("lgame"), "level": "perfect"}))),
        21..=24 => plain("engine", api("rowcol", "engine", &json!({"position": init("rowcol"), "level": "perfect"}))),
        // Analyses (10%).
        25..=29 => plain("analysis", api("lgame", "analysis", &json!({"position": init("lgame")}))),
        30..=34 => plain("analysis", api("tictactoe", "analysis", &json!({"position": "X...O...."}))),
        // Cheap calls (45%).
        35..=49 => plain("cheap", api("gomoku", "validate", &json!({"position": p.gomoku_mid}))),
        50..=59 => plain("cheap", api("starcircle", "moves", &json!({"position": init("starcircle")}))),
        60..=69 => plain("cheap", api("tictactoe", "play", &json!({"position": ".........", "move": "5"}))),
        70..=79 => plain("cheap", b"GET /api/games HTTP/1.1\r\nHost: load\r\nConnection: close\r\n\r\n".to_vec()),
        // Malformed (15%): bad JSON, wrong type, unknown game, bad position, illegal move, too large, not HTTP.
        80..=81 => plain("malformed", post("/api/games/gomoku/engine", "{\"position\": ", "application/json")),
        82 => plain("malformed", post("/api/games/gomoku/validate", "{}", "text/plain")),
        83..=84 => plain("malformed", api("nosuchgame", "validate", &json!({"position": ""}))),
        85..=86 => plain("malformed", api("gomoku", "engine", &json!({"position": "xx\nq", "level": "easy"}))),
        87..=88 => plain("malformed", api("tictactoe", "play", &json!({"position": "X........", "move": "1"}))),
        89 => plain("malformed", api("lgame", "validate", &json!({"position": "x".repeat(100_000)}))),
        90..=91 => plain("malformed", b"\x16\x03\x01garbage that is not HTTP\r\n\r\n".to_vec()),
        92..=94 => plain("malformed", api("gomoku", "engine", &json!({"position": p.gomoku_mid, "depth": 0}))),
        // Abandoned (5%): a long search whose client hangs up; the server must stop it.
        _ => Job {
            kind: "abandoned",
            raw: api("gomoku", "engine", &json!({"position": p.gomoku_mid, "time_ms": 5000})),
            abandon_after: Some(Duration::from_millis(50 + r % 200)),
        },
    }
}

/// The status line's code and whether a `Retry-After` header came with it; `None` if there was no HTTP answer.
async fn exchange(addr: SocketAddr, job: &Job) -> Option<(u16, bool, Vec<u8>)> {
    let mut s = TcpStream::connect(addr).await.ok()?;
    s.write_all(&job.raw).await.ok()?;
    if let Some(wait) = job.abandon_after {
        tokio::time::sleep(wait).await;
        return None;
    }
    let mut out = Vec::new();
    // The server may answer a body over its limit before reading it all, then close: what came is enough.
    let _ = s.read_to_end(&mut out).await;
    let text = String::from_utf8_lossy(&out);
    let code = text.split_whitespace().nth(1)?.parse().ok()?;
    let retry = text.to_ascii_lowercase().contains("\r\nretry-after:");
    let body = out.windows(4).position(|w| w == b"\r\n\r\n").map(|i| out[i + 4..].to_vec()).unwrap_or_default();
    Some((code, retry, body))
}

#[derive(Default)]
struct Stats {
    latencies: BTreeMap<&'static str, Vec<u32>>,
    statuses: BTreeMap<String, u64>,
    bad: Vec<String>,
}

fn rss_kib(pid: u32) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn fetch_positions(addr: SocketAddr) -> Result<Positions, String> {
    let get = Job {
        kind: "",
        raw: b"GET /api/games HTTP/1.1\r\nHost: load\r\nConnection: close\r\n\r\n".to_vec(),
        abandon_after: None,
    };
    let (code, _, body) = exchange(addr, &get).await.ok_or("no answer from the server")?;
    let games: Value = serde_json::from_slice(&body).map_err(|e| format!("GET /api/games ({code}): {e}"))?;
    let mut initial = BTreeMap::new();
    for g in games.as_array().ok_or("no game list")? {
        initial.insert(g["name"].as_str().unwrap_or("").to_string(), g["initial"].as_str().unwrap_or("").to_string());
    }
    let mut gomoku_mid = initial.get("gomoku").cloned().unwrap_or_default();
    for mv in ["H8", "I9", "H9"] {
        let play = Job {
            kind: "",
            raw: api("gomoku", "play", &json!({"position": gomoku_mid, "move": mv})),
            abandon_after: None,
        };
        let (_, _, body) = exchange(addr, &play).await.ok_or("no answer to play")?;
        let v: Value = serde_json::from_slice(&body).map_err(|e| format!("play: {e}"))?;
        gomoku_mid = v["after"]["position"].as_str().ok_or_else(|| format!("play {mv}: {v}"))?.to_string();
    }
    Ok(Positions { initial, gomoku_mid })
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("load: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let positions = match fetch_positions(o.addr).await {
        Ok(p) => Arc::new(p),
        Err(e) => {
            eprintln!("load: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let stats = Arc::new(Mutex::new(Stats::default()));
    let start = Instant::now();
    let end = start + Duration::from_secs(o.seconds);
    let mut tasks = Vec::new();
    for c in 0..o.clients {
        let (stats, positions, addr) = (Arc::clone(&stats), Arc::clone(&positions), o.addr);
        tasks.push(tokio::spawn(async move {
            let mut rng = 0x9e37_79b9_7f4a_7c15_u64 ^ (c as u64 + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            while Instant::now() < end {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let job = job(&positions, rng >> 11);
                let t = Instant::now();
                let answer = exchange(addr, &job).await;
                let ms = t.elapsed().as_millis() as u32;
                let mut s = stats.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                let status = match answer {
                    Some((code, retry, _)) => {
                        if code >= 500 && code != 503 {
                            s.bad.push(format!("{} -> {code}", job.kind));
                        }
                        if code == 503 && !retry {
                            s.bad.push(format!("{} -> 503 without Retry-After", job.kind));
                        }
                        s.latencies.entry(job.kind).or_default().push(ms);
                        code.to_string()
                    }
                    None if job.abandon_after.is_some() => "hung up".to_string(),
                    None => "no answer".to_string(),
                };
                *s.statuses.entry(status).or_default() += 1;
            }
        }));
    }
    if let Some(pid) = o.pid {
        println!("t_s rss_kib");
        println!("0 {}", rss_kib(pid));
    }
    let mut next_sample = o.sample_every;
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let t = start.elapsed().as_secs();
        if t >= next_sample {
            next_sample += o.sample_every;
            if let Some(pid) = o.pid {
                println!("{t} {}", rss_kib(pid));
            }
        }
    }
    for t in tasks {
        let _ = t.await;
    }
    if let Some(pid) = o.pid {
        println!("{} {} (end)", start.elapsed().as_secs(), rss_kib(pid));
    }
    let s = stats.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    println!("kind       requests  p50_ms  p99_ms  max_ms");
    let mut all = Vec::new();
    for (kind, lat) in &s.latencies {
        let mut v = lat.clone();
        v.sort_unstable();
        println!(
            "{kind:<10} {:>8} {:>7} {:>7} {:>7}",
            v.len(),
            percentile(&v, 0.5),
            percentile(&v, 0.99),
            v.last().unwrap_or(&0)
        );
        all.extend(v);
    }
    all.sort_unstable();
    println!(
        "{:<10} {:>8} {:>7} {:>7} {:>7}",
        "all",
        all.len(),
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all.last().unwrap_or(&0)
    );
    let statuses: Vec<String> = s.statuses.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    println!("statuses: {}", statuses.join(", "));
    println!(
        "clients {}, {} s, {:.0} answered requests/s",
        o.clients,
        o.seconds,
        all.len() as f64 / o.seconds.max(1) as f64
    );
    if s.bad.is_empty() {
        std::process::ExitCode::SUCCESS
    } else {
        println!("FAILED: {} bad answers, first: {:?}", s.bad.len(), &s.bad[..s.bad.len().min(5)]);
        std::process::ExitCode::from(1)
    }
}
