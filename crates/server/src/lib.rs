//! # sente-server
//!
//! Sente's web arena: an axum [`app`] that serves a home page, one page per game (SVG board, engine levels, hint,
//! undo/redo, move values and a value chart) and the JSON API those pages use, all over the registry's
//! [`sente_registry::DynGame`]. Assets are embedded with `include_str!`, so the binary works offline. Searches run
//! in `spawn_blocking` behind a semaphore, with depth, time and node caps from [`Config`].
//!
//! ```
//! use sente_server::{AppState, Config, app};
//! let router = app(AppState::new(Config::default()));
//! # drop(router);
//! ```
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod api;
mod app;
pub mod error;
mod pages;
pub mod tree;

pub use app::{AppState, Config, app};
pub use error::ApiError;

use std::future::Future;
use tokio::net::TcpListener;

/// Serves `state` on an already bound listener until `shutdown` resolves.
///
/// # Errors
/// The listener's I/O errors.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state)).with_graceful_shutdown(shutdown).await
}
