//! `POST /api/games/{game}/tree`: the search tree of a position for the game page's Explain panel.
//!
//! The body is `{ "position": "...", "algorithm": "alphabeta", "depth": 2 }` (algorithm and depth optional: a
//! Star/Circle `input.txt` names its own, otherwise alpha-beta to depth 2). The answer is the registry's
//! [`TreeView`] (the same JSON as `sente tree --json`) plus the caps. Trees are for reading, so they are small:
//! a depth above [`MAX_DEPTH`] is refused with 400, and a search that visits more than [`MAX_NODES`] nodes is
//! abandoned and refused with 422 (`tree_too_large`), never truncated, so every count shown is whole.

use crate::AppState;
use crate::api::Body;
use crate::error::ApiError;
use axum::Json;
use axum::extract::{Path, State};
use sente_registry::{DynGame, TreeAlgorithm, TreeRequest, TreeView};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The deepest tree the server draws.
pub const MAX_DEPTH: u32 = 8;
/// The most nodes a tree may visit (all of them are sent).
pub const MAX_NODES: u64 = 5_000;

/// `{ "position": "...", "algorithm": "...", "depth": N }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeBody {
    /// The position (or a pasted input file).
    pub position: String,
    /// `minimax`, `alphabeta` or `negamax`.
    pub algorithm: Option<String>,
    /// Depth limit in plies.
    pub depth: Option<u32>,
}

/// The caps a tree request ran under.
#[derive(Debug, Serialize)]
pub struct TreeCaps {
    /// See [`MAX_DEPTH`].
    pub depth: u32,
    /// See [`MAX_NODES`].
    pub nodes: u64,
}

/// The tree and the caps.
#[derive(Debug, Serialize)]
pub struct TreeResponse {
    /// The registry's tree (`nodes`, `root`, …).
    #[serde(flatten)]
    pub tree: TreeView,
    /// The server's caps.
    pub caps: TreeCaps,
}

/// `POST /api/games/{game}/tree`.
pub async fn tree(
    State(app): State<AppState>,
    Path(game): Path<String>,
    Body(req): Body<TreeBody>,
) -> Result<Json<TreeResponse>, ApiError> {
    let g: Arc<dyn DynGame> = app.game(&game)?;
    let defaults = g.tree_defaults(&req.position);
    let algorithm = match &req.algorithm {
        Some(a) => a.parse::<TreeAlgorithm>().map_err(|e| ApiError::BadRequest(e.to_string()))?,
        None => defaults.map_or(TreeAlgorithm::AlphaBeta, |d| d.0),
    };
    let depth = req.depth.or(defaults.map(|d| d.1)).unwrap_or(2);
    if depth > MAX_DEPTH {
        return Err(ApiError::BadRequest(format!("depth {depth} is too deep for a drawn tree: at most {MAX_DEPTH}")));
    }
    let request = TreeRequest { algorithm, depth, draw_cap: MAX_NODES as usize, node_limit: Some(MAX_NODES) };
    // The tracer stops the search past the node cap, so a tree's work is bounded without the disconnect flag.
    let tree = app.blocking(move |_stop| g.tree(&req.position, &request)).await??;
    Ok(Json(TreeResponse { tree, caps: TreeCaps { depth: MAX_DEPTH, nodes: MAX_NODES } }))
}
