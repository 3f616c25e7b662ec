//! `POST /api/games/{game}/tree` through `oneshot`: the Explain panel's trees with the course's counts, every
//! game answering, and the caps (depth, nodes) answering 4xx JSON errors.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use sente_server::{AppState, Config, app};
use serde_json::{Value, json};
use tower::ServiceExt;

const EXAMPLE_2: &str = "Star\nALPHABETA\n2\n0,S1,0,0,0,0,0,0\n0,0,C1,0,0,0,0,0\n0,0,0,S1,0,0,0,0\n0,0,0,0,0,0,0,0\n\
    0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n10,20,30,40,50,60,70,80";

async fn post(router: &Router, path: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post(path).header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string()));
    let resp = router.clone().oneshot(req.unwrap()).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

fn router() -> Router {
    app(AppState::new(Config::default()))
}

#[tokio::test]
async fn a_course_input_gets_its_own_algorithm_depth_and_count() {
    let r = router();
    let (s, v) = post(&r, "/api/games/starcircle/tree", json!({ "position": EXAMPLE_2 })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["algorithm"].as_str(), v["depth"].as_u64(), v["nodes"].as_u64()),
        (Some("alphabeta"), Some(2), Some(4))
    );
    assert_eq!(v["root"]["n"], 1);
    assert_eq!(v["root"]["children"][1]["cut"], "v=120 ≤ α=160");
    assert_eq!(v["root"]["children"][1]["pruned"], json!(["G3-F4"]));
    assert_eq!(v["root"]["children"][0]["move"], "F4-H2");
    assert!(v["root"]["children"][0]["cells"].as_array().is_some_and(|c| c.len() == 2));
    assert_eq!(v["caps"]["nodes"], 5000);
    let (_, m) = post(&r, "/api/games/starcircle/tree", json!({ "position": EXAMPLE_2, "algorithm": "minimax" })).await;
    assert_eq!(m["nodes"], 5);
}

#[tokio::test]
async fn every_game_draws_a_small_tree_of_its_start() {
    let r = router();
    for game in ["rowcol", "starcircle", "lgame", "gomoku", "tictactoe"] {
        let (_, info) = {
            let req = Request::get(format!("/api/games/{game}")).body(Body::empty()).unwrap();
            let resp = r.clone().oneshot(req).await.unwrap();
            let bytes = resp.into_body().collect().await.unwrap().to_bytes();
            ((), serde_json::from_slice::<Value>(&bytes).unwrap())
        };
        let start = info["initial"].as_str().unwrap_or_else(|| panic!("{game}: {info}"));
        let (s, v) = post(&r, &format!("/api/games/{game}/tree"), json!({ "position": start, "depth": 1 })).await;
        assert_eq!(s, StatusCode::OK, "{game}: {v}");
        let children = v["root"]["children"].as_array().map_or(0, Vec::len) as u64;
        assert_eq!(v["nodes"].as_u64(), Some(1 + children), "{game}");
    }
}

#[tokio::test]
async fn caps_and_bad_requests_answer_4xx() {
    let r = router();
    let ttt = ".........";
    for (body, status, code) in [
        (json!({ "position": ttt, "depth": 9 }), StatusCode::BAD_REQUEST, "bad_request"),
        (
            json!({ "position": ttt, "depth": 5, "algorithm": "minimax" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "tree_too_large",
        ),
        (json!({ "position": ttt, "algorithm": "dfs" }), StatusCode::BAD_REQUEST, "bad_request"),
        (json!({ "position": "XXXX" }), StatusCode::BAD_REQUEST, "invalid_position"),
        (json!({ "position": ttt, "width": 3 }), StatusCode::UNPROCESSABLE_ENTITY, "bad_body"),
    ] {
        let (s, v) = post(&r, "/api/games/tictactoe/tree", body.clone()).await;
        assert_eq!((s, v["code"].as_str()), (status, Some(code)), "{body}: {v}");
    }
    // Depth 4 minimax from the start is 3,610 nodes: within the cap, all sent.
    let (s, v) =
        post(&r, "/api/games/tictactoe/tree", json!({ "position": ttt, "depth": 4, "algorithm": "minimax" })).await;
    assert_eq!((s, v["nodes"].as_u64(), v["drawn"].as_u64()), (StatusCode::OK, Some(3610), Some(3610)));
}
