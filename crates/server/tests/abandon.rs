//! Abandoned work is not done, over a real socket: a client that disconnects mid-search stops its search (the slot
//! frees long before the search's own time would end, and the next request does not wait), and a request that
//! cannot get a search slot within the queue wait gets 503 with `Retry-After`.
//!
//! The searches asked for here are long (20 s) and the checks wait a few seconds at most, so a pass means the
//! search really was stopped, not that it happened to finish.

use sente_registry::{EngineLimits, GameKind};
use sente_server::{AppState, Config, serve};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One search slot, a short queue, and caps high enough that a request's own 20 s stands.
fn config(queue_wait: Duration) -> Config {
    Config {
        cap: EngineLimits { depth: Some(64), time: Some(Duration::from_secs(60)), nodes: None, perfect: false },
        max_searches: 1,
        queue_wait,
        ..Config::default()
    }
}

async fn start(config: Config) -> (AppState, std::net::SocketAddr) {
    let state = AppState::new(config);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve(listener, state.clone(), std::future::pending()));
    (state, addr)
}

/// A Gomoku position after two moves, so the engine really searches (an empty board is answered at once).
fn gomoku_position() -> String {
    let g = GameKind::Gomoku.open();
    let (_, v) = g.play(&g.initial(), "h8").unwrap();
    let (_, v) = g.play(&v.position, "j9").unwrap();
    v.position
}

fn engine_request(position: &str, time_ms: u64) -> String {
    let body = serde_json::json!({ "position": position, "time_ms": time_ms }).to_string();
    format!(
        "POST /api/games/gomoku/engine HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// Sends `request` and returns the whole response text.
async fn exchange(addr: std::net::SocketAddr, request: &str) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(request.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

async fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "{what} did not happen within {limit:?}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_stops_its_search_and_frees_the_slot() {
    let (state, addr) = start(config(Duration::from_secs(2))).await;
    let position = gomoku_position();
    let mut client = TcpStream::connect(addr).await.unwrap();
    client.write_all(engine_request(&position, 20_000).as_bytes()).await.unwrap();
    wait_until("the search starting", Duration::from_secs(5), || state.searches_running() == 1).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(client);
    // Noticed by hyper, the guard raises the stop flag and the search ends within one clock-check interval.
    wait_until("the abandoned search stopping", Duration::from_secs(3), || state.searches_running() == 0).await;
    assert_eq!(state.searches_cancelled(), 1);
    // The one slot is free again: the next request is served at once, not after 20 s nor with a 503.
    let start = Instant::now();
    let reply = exchange(addr, &engine_request(&position, 100)).await;
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(start.elapsed() < Duration::from_secs(2), "the next request waited {:?}", start.elapsed());
    assert_eq!(state.searches_cancelled(), 1, "a finished search is not counted as cancelled");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_gets_no_slot_in_time_gets_503_with_retry_after() {
    let (state, addr) = start(config(Duration::from_millis(300))).await;
    let position = gomoku_position();
    let mut holder = TcpStream::connect(addr).await.unwrap();
    holder.write_all(engine_request(&position, 20_000).as_bytes()).await.unwrap();
    wait_until("the search starting", Duration::from_secs(5), || state.searches_running() == 1).await;
    let start = Instant::now();
    let reply = exchange(addr, &engine_request(&position, 100)).await;
    let waited = start.elapsed();
    assert!(reply.starts_with("HTTP/1.1 503"), "{reply}");
    assert!(reply.to_ascii_lowercase().contains("\r\nretry-after: 1\r\n"), "{reply}");
    assert!(reply.contains(r#""code":"busy""#), "{reply}");
    assert!(waited >= Duration::from_millis(300) && waited < Duration::from_secs(3), "waited {waited:?}");
    assert_eq!(state.busy_refusals(), 1);
    // Invalid input never queues for a slot: it is refused at once even while the slot is taken.
    let bad = exchange(addr, &engine_request("not a board", 100)).await;
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    drop(holder);
    wait_until("the holder's search stopping", Duration::from_secs(3), || state.searches_running() == 0).await;
}
