//! The JSON API driven through `tower::ServiceExt::oneshot`, without a socket: listing games, validating, legal
//! moves, play, engine moves with levels and caps, analysis, and every kind of bad request getting a 4xx JSON
//! error. Also a bounded concurrent load run (many games at once, no failed request).

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use sente_registry::EngineLimits;
use sente_server::{AppState, Config, app};
use serde_json::{Value, json};
use std::time::Duration;
use tower::ServiceExt;

fn router() -> Router {
    app(AppState::new(Config::default()))
}

async fn send(router: &Router, req: Request<Body>) -> (StatusCode, Value) {
    let resp = router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let value =
        serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
    (status, value)
}

async fn post(router: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post(path).header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string()));
    send(router, req.unwrap()).await
}

async fn get(router: &Router, path: &str) -> (StatusCode, Value) {
    send(router, Request::get(path).body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn lists_games_with_levels_and_initial_positions() {
    let r = router();
    let (status, body) = get(&r, "/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let games = body.as_array().unwrap();
    let ttt = games.iter().find(|g| g["name"] == "tictactoe").unwrap();
    assert_eq!(ttt["solved"], true);
    assert_eq!(ttt["initial"], ".........");
    assert!(ttt["levels"].as_array().unwrap().iter().any(|l| l["name"] == "perfect"));
    let names: Vec<_> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["rowcol", "starcircle", "lgame", "gomoku", "tictactoe"]);
    let (status, one) = get(&r, "/api/games/tictactoe").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one["title"], "Tic-tac-toe");
}

#[tokio::test]
async fn validate_moves_and_play_round_trip() {
    let r = router();
    let (status, v) = post(&r, "/api/games/tictactoe/validate", json!({"position": "X../.O./..."})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["position"], "X...O....");
    assert_eq!(v["to_move"], 0);
    assert_eq!(v["board"]["cells"][0], "X");
    assert_eq!(v["moves"].as_array().unwrap().len(), 7);
    let (_, m) = post(&r, "/api/games/tictactoe/moves", json!({"position": "X...O...."})).await;
    assert_eq!(m["moves"][0]["text"], "2");
    assert_eq!(m["moves"][0]["cells"], json!([1]));
    let (status, p) = post(&r, "/api/games/tictactoe/play", json!({"position": "X...O....", "move": "9"})).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(p["move"], "9");
    assert_eq!(p["after"]["position"], "X...O...X");
    assert_eq!(p["after"]["to_move"], 1);
}

#[tokio::test]
async fn engine_levels_and_explicit_limits_are_capped() {
    let r = router();
    let (status, e) =
        post(&r, "/api/games/tictactoe/engine", json!({"position": "XX.OO....", "level": "perfect"})).await;
    assert_eq!(status, StatusCode::OK, "{e}");
    assert_eq!(e["move"], "3");
    assert_eq!(e["score"]["text"], "win in 1");
    assert_eq!(e["perfect"], true);
    let (status, e) = post(&r, "/api/games/tictactoe/engine", json!({"position": ".........", "depth": 1000})).await;
    assert_eq!(status, StatusCode::OK, "{e}");
    assert_eq!(e["limits"]["depth"], 64, "the server caps the depth");
    assert_eq!(e["limits"]["time_ms"], 5000, "and fills in its time cap");
    assert_eq!(e["score"]["chart"], 0, "the empty board is worth nothing to either side: {e}");
    assert_eq!(e["pv"].as_array().unwrap()[0], e["move"]);
    // A tighter server cap wins over the request.
    let cap = EngineLimits { depth: Some(2), ..Config::default().cap };
    let tight = app(AppState::new(Config { cap, ..Config::default() }));
    let (_, e) = post(&tight, "/api/games/tictactoe/engine", json!({"position": ".........", "depth": 9})).await;
    assert_eq!(e["limits"]["depth"], 2);
    assert!(e["depth"].as_u64().unwrap() <= 2);
}

#[tokio::test]
async fn analysis_values_every_move() {
    let r = router();
    let (status, a) = post(&r, "/api/games/tictactoe/analysis", json!({"position": "....X...."})).await;
    assert_eq!(status, StatusCode::OK, "{a}");
    assert_eq!(a["score"]["verdict"], "draw");
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    let edge = moves.iter().find(|m| m["move"] == "2").unwrap();
    assert_eq!(edge["score"]["verdict"], "loss");
    assert_eq!(edge["best"], false);
    let corner = moves.iter().find(|m| m["move"] == "1").unwrap();
    assert_eq!(corner["best"], true);
}

#[tokio::test]
async fn bad_requests_get_4xx_json_errors() {
    let r = router();
    let cases: Vec<(&str, Value, StatusCode, &str)> = vec![
        ("/api/games/chess/validate", json!({"position": ""}), StatusCode::NOT_FOUND, "unknown_game"),
        ("/api/games/tictactoe/validate", json!({"position": "XXXX"}), StatusCode::BAD_REQUEST, "invalid_position"),
        (
            "/api/games/tictactoe/play",
            json!({"position": "X........", "move": "1"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "illegal_move",
        ),
        ("/api/games/tictactoe/play", json!({"position": "XXXOO....", "move": "6"}), StatusCode::CONFLICT, "game_over"),
        ("/api/games/tictactoe/engine", json!({"position": "XXXOO...."}), StatusCode::CONFLICT, "game_over"),
        (
            "/api/games/tictactoe/engine",
            json!({"position": ".........", "level": "godlike"}),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        (
            "/api/games/tictactoe/engine",
            json!({"position": ".........", "time_ms": 0}),
            StatusCode::BAD_REQUEST,
            "bad_request",
        ),
        ("/api/games/tictactoe/play", json!({"position": "........."}), StatusCode::UNPROCESSABLE_ENTITY, "bad_body"),
        ("/api/games/tictactoe/validate", json!({"position": 5}), StatusCode::UNPROCESSABLE_ENTITY, "bad_body"),
        (
            "/api/games/tictactoe/validate",
            json!({"position": "", "extra": 1}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_body",
        ),
        ("/api/nothing", json!({}), StatusCode::NOT_FOUND, "not_found"),
    ];
    for (path, body, status, code) in cases {
        let (got, err) = post(&r, path, body.clone()).await;
        assert_eq!(got, status, "{path} {body}: {err}");
        assert_eq!(err["code"], code, "{path} {body}: {err}");
        assert!(err["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    // Malformed JSON, a missing content type and an oversized body.
    let req = Request::post("/api/games/tictactoe/validate").header(header::CONTENT_TYPE, "application/json");
    let (got, err) = send(&r, req.body(Body::from("{\"position\": ")).unwrap()).await;
    assert_eq!((got, err["code"].as_str()), (StatusCode::BAD_REQUEST, Some("bad_body")));
    let req = Request::post("/api/games/tictactoe/validate").body(Body::from("{}")).unwrap();
    let (got, err) = send(&r, req).await;
    assert_eq!((got, err["code"].as_str()), (StatusCode::UNSUPPORTED_MEDIA_TYPE, Some("bad_body")));
    let huge = json!({"position": "X".repeat(200_000)});
    let (got, err) = post(&r, "/api/games/tictactoe/validate", huge).await;
    assert_eq!((got, err["code"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("too_large")));
    assert!(err["error"].as_str().is_some_and(|e| e.contains("64 KiB")), "{err}");
}

/// Issue 13, bug 8: a Gomoku board of an unsupported size is refused with the real rule (5 to 26 a side), and a
/// 70 KB paste gets the API's JSON 413.
#[tokio::test]
async fn gomoku_load_errors_state_the_size_rule() {
    let r = router();
    for n in [4usize, 27] {
        let board = format!("{}\n", ".".repeat(n)).repeat(n);
        let (s, e) = post(&r, "/api/games/gomoku/validate", json!({"position": board})).await;
        let msg = e["error"].as_str().unwrap_or_default();
        assert_eq!((s, e["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_position")), "{e}");
        assert!(msg.contains(&format!("{n}x{n}")) && msg.contains("5 to 26"), "{msg}");
    }
    let paste = format!("{}\n", ".".repeat(260)).repeat(270);
    let (s, e) = post(&r, "/api/games/gomoku/validate", json!({"position": paste})).await;
    assert_eq!((s, e["code"].as_str()), (StatusCode::PAYLOAD_TOO_LARGE, Some("too_large")), "{e}");
}

/// Issue 13, bug 5: row/column boards up to 24 lines are solved (a 9x9 board gets exact values); beyond, the
/// position says it is not solved and analysis refuses plainly.
#[tokio::test]
async fn rowcol_boards_are_solved_within_the_caps_and_searched_beyond() {
    let r = router();
    let grid = |n: usize| {
        let rows: String = (0..n)
            .map(|i| (0..n).map(|j| if (i * 7 + j * 3) % 5 < 3 { '1' } else { '0' }).collect::<String>() + "\n")
            .collect();
        format!("{n} {n}\n{rows}")
    };
    let (s, v) = post(&r, "/api/games/rowcol/validate", json!({"position": grid(9)})).await;
    assert_eq!((s, v["solved"].as_bool()), (StatusCode::OK, Some(true)), "{v}");
    let (s, a) = post(&r, "/api/games/rowcol/analysis", json!({"position": v["position"]})).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert!(a["moves"].as_array().unwrap().iter().all(|m| m["score"]["exact"] == true));
    let (s, v) = post(&r, "/api/games/rowcol/validate", json!({"position": grid(13)})).await;
    assert_eq!((s, v["solved"].as_bool()), (StatusCode::OK, Some(false)), "{v}");
    let (s, a) = post(&r, "/api/games/rowcol/analysis", json!({"position": v["position"]})).await;
    assert_eq!((s, a["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("not_solved")), "{a}");
    assert!(a["error"].as_str().unwrap().contains("searched, not solved"), "{a}");
    let (s, e) = post(&r, "/api/games/rowcol/engine", json!({"position": v["position"], "level": "medium"})).await;
    assert_eq!(s, StatusCode::OK, "{e}");
}

/// Issue 13, bug 4: Gomoku's forced replies say so, and heuristic values read as a win chance.
#[tokio::test]
async fn gomoku_scores_use_the_human_scale() {
    let r = router();
    let (_, g) = get(&r, "/api/games/gomoku").await;
    let (_, e) = post(&r, "/api/games/gomoku/engine", json!({"position": g["initial"], "level": "easy"})).await;
    assert_eq!((e["forced"].as_bool(), e["score"]["verdict"].as_str()), (Some(true), Some("forced")), "{e}");
    let (_, p) = post(&r, "/api/games/gomoku/play", json!({"position": g["initial"], "move": "H8"})).await;
    let (_, p) = post(&r, "/api/games/gomoku/play", json!({"position": p["after"]["position"], "move": "I9"})).await;
    let (_, e) =
        post(&r, "/api/games/gomoku/engine", json!({"position": p["after"]["position"], "level": "easy"})).await;
    let chance = e["score"]["chance"].as_u64().unwrap_or(0);
    assert!((1..=99).contains(&chance), "{e}");
    assert!(e["score"]["text"].as_str().unwrap().ends_with("% to win (estimate)"), "{e}");
}

/// Every game answers the whole cycle: validate its start, play its first move, let the engine reply at the
/// weakest level; solved games value every move, the others refuse analysis with a 422.
#[tokio::test]
async fn every_game_plays_through_the_api() {
    let r = router();
    let (_, games) = get(&r, "/api/games").await;
    for g in games.as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let base = format!("/api/games/{name}");
        let (s, v) = post(&r, &format!("{base}/validate"), json!({"position": g["initial"]})).await;
        assert_eq!(s, StatusCode::OK, "{name}: {v}");
        let first = v["moves"][0]["text"].clone();
        let (s, p) = post(&r, &format!("{base}/play"), json!({"position": v["position"], "move": first})).await;
        assert_eq!(s, StatusCode::OK, "{name}: {p}");
        let after = p["after"]["position"].clone();
        let level = g["levels"][0]["name"].clone();
        let (s, e) = post(&r, &format!("{base}/engine"), json!({"position": after, "level": level})).await;
        if p["after"]["outcome"].is_null() {
            assert_eq!(s, StatusCode::OK, "{name}: {e}");
            let legal: Vec<_> = p["after"]["moves"].as_array().unwrap().iter().map(|m| m["text"].clone()).collect();
            assert!(legal.contains(&e["move"]), "{name}: engine move {} is legal", e["move"]);
        }
        let (s, a) = post(&r, &format!("{base}/analysis"), json!({"position": v["position"]})).await;
        if g["solved"] == true {
            assert_eq!(s, StatusCode::OK, "{name}: {a}");
            assert_eq!(a["moves"].as_array().unwrap().len(), v["moves"].as_array().unwrap().len());
            assert!(a["moves"].as_array().unwrap().iter().all(|m| m["score"]["exact"] == true));
        } else {
            assert_eq!((s, a["code"].as_str()), (StatusCode::UNPROCESSABLE_ENTITY, Some("not_solved")), "{name}");
        }
    }
}

#[tokio::test]
async fn pages_and_assets_are_served() {
    let r = router();
    for (path, needle) in [
        ("/", "/play/tictactoe"),
        ("/", "/play/gomoku"),
        ("/play/lgame", "L-Game"),
        ("/play/tictactoe", "\"name\":\"tictactoe\""),
        ("/assets/app.js", "new Turn(api, CFG)"),
        ("/assets/turn.js", "export class Turn"),
        ("/assets/style.css", ".board"),
    ] {
        let (status, body) = get(&r, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(body.as_str().unwrap().contains(needle), "{path} lacks {needle}");
    }
    assert_eq!(get(&r, "/play/chess").await.0, StatusCode::NOT_FOUND);
    assert_eq!(get(&r, "/assets/secret").await.0, StatusCode::NOT_FOUND);
}

/// A bounded load run without a socket: 64 games at once, each playing engine against engine to the end through
/// the API. No request may fail. The load test over a real socket is `tests/load.rs` (see docs/BENCHMARKS.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_concurrent_games_all_succeed() {
    let config = Config { max_searches: 2, queue_wait: Duration::from_secs(60), ..Config::default() };
    let r = app(AppState::new(config));
    let mut tasks = Vec::new();
    for g in 0..64 {
        let r = r.clone();
        tasks.push(tokio::spawn(async move {
            let mut position = ".........".to_string();
            let level = ["easy", "medium", "perfect"][g % 3];
            for _ in 0..9 {
                let (s, e) =
                    post(&r, "/api/games/tictactoe/engine", json!({"position": position, "level": level})).await;
                if s == StatusCode::CONFLICT {
                    break;
                }
                assert_eq!(s, StatusCode::OK, "{e}");
                let (s, p) =
                    post(&r, "/api/games/tictactoe/play", json!({"position": position, "move": e["move"]})).await;
                assert_eq!(s, StatusCode::OK, "{p}");
                position = p["after"]["position"].as_str().unwrap().to_string();
            }
            position
        }));
    }
    for t in tasks {
        let end = t.await.unwrap();
        assert_eq!(end.len(), 9);
    }
}
