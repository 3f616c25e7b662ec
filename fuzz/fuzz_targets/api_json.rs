//! The web API's JSON bodies, deserialised, validated and handled by the real router with tiny search limits
//! (depth 3, 2,000 nodes, 200 ms). Byte 0 picks the endpoint, byte 1 the game and whether a JSON content type is
//! sent; the rest is the body. Properties: no 5xx (one slot, so no 503 either); every answer is JSON, an error one
//! with `error` and `code`; a validated position is canonical (it validates to itself); a played move and an
//! engine's move are legal in the position sent; the position after a play validates.
#![no_main]

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use sente_registry::{EngineLimits, GameKind};
use sente_server::{AppState, Config, app};
use serde_json::Value;
use std::sync::OnceLock;
use std::time::Duration;
use tower::ServiceExt;

const ENDPOINTS: [&str; 5] = ["validate", "moves", "play", "engine", "analysis"];
const GAMES: [&str; 6] = ["rowcol", "starcircle", "lgame", "gomoku", "tictactoe", "nosuchgame"];

struct Harness {
    runtime: tokio::runtime::Runtime,
    router: Router,
}

fn harness() -> &'static Harness {
    static H: OnceLock<Harness> = OnceLock::new();
    H.get_or_init(|| {
        let config = Config {
            cap: EngineLimits {
                depth: Some(3),
                time: Some(Duration::from_millis(200)),
                nodes: Some(2_000),
                perfect: false,
            },
            max_searches: 1,
            queue_wait: Duration::from_secs(30),
            ..Config::default()
        };
        let runtime =
            tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap_or_else(|e| panic!("{e}"));
        Harness { runtime, router: app(AppState::new(config)) }
    })
}

fn call(h: &Harness, path: &str, body: Vec<u8>, json: bool) -> (StatusCode, Value, String) {
    let mut req = Request::post(path);
    if json {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let req = req.body(Body::from(body)).unwrap_or_else(|e| panic!("{e}"));
    h.runtime.block_on(async {
        let resp = h.router.clone().oneshot(req).await.unwrap_or_else(|e| match e {});
        let status = resp.status();
        let bytes = resp.into_body().collect().await.unwrap_or_else(|e| panic!("{e}")).to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{path} answered {status} non-JSON {text:?}: {e}"));
        (status, value, text)
    })
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let endpoint = ENDPOINTS[usize::from(data[0]) % ENDPOINTS.len()];
    let game = GAMES[usize::from(data[1] & 0x7f) % GAMES.len()];
    let json = data[1] & 0x80 == 0;
    let body = data[2..].to_vec();
    let h = harness();
    let path = format!("/api/games/{game}/{endpoint}");
    let (status, v, text) = call(h, &path, body.clone(), json);
    let ctx = || format!("{path} {} -> {status} {text}", String::from_utf8_lossy(&body));
    assert!(!status.is_server_error(), "server error: {}", ctx());
    if !status.is_success() {
        assert!(v["error"].is_string() && v["code"].is_string(), "error without error/code: {}", ctx());
        return;
    }
    let sent: Value = serde_json::from_slice(&body).unwrap_or_else(|_| panic!("200 for a non-JSON body: {}", ctx()));
    let position = sent["position"].as_str().unwrap_or_else(|| panic!("200 without a position: {}", ctx()));
    let g =
        GameKind::ALL.iter().map(|k| k.open()).find(|g| g.info().name == game).unwrap_or_else(|| panic!("{}", ctx()));
    match endpoint {
        "validate" => {
            let canonical = v["position"].as_str().unwrap_or_else(|| panic!("no position: {}", ctx()));
            let again = g.view(canonical).unwrap_or_else(|e| panic!("canonical text fails ({e}): {}", ctx()));
            assert_eq!(again.position, canonical, "canonical text is not canonical: {}", ctx());
        }
        "play" => {
            let after = v["after"]["position"].as_str().unwrap_or_else(|| panic!("no after: {}", ctx()));
            g.view(after).unwrap_or_else(|e| panic!("the position after the move fails ({e}): {}", ctx()));
            let mv = v["move"].as_str().unwrap_or_else(|| panic!("no move: {}", ctx()));
            let (_, replay) = g.play(position, mv).unwrap_or_else(|e| panic!("played move not legal ({e}): {}", ctx()));
            assert_eq!(replay.position, after, "replaying the canonical move differs: {}", ctx());
        }
        "engine" => {
            let mv = v["move"].as_str().unwrap_or_else(|| panic!("no move: {}", ctx()));
            g.play(position, mv).unwrap_or_else(|e| panic!("engine move not legal ({e}): {}", ctx()));
        }
        _ => {}
    }
});
