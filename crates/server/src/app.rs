//! The axum application: shared state (the served games, the caps, the search semaphore), the router, and the
//! `blocking` helper that runs a search off the async threads under a search slot.

use crate::api;
use crate::error::ApiError;
use crate::pages;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Uri;
use axum::routing::{get, post};
use sente_registry::{DynGame, EngineLimits, GameKind};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Server limits. Every engine request is capped by `cap`; at most `max_searches` searches run at once and a
/// request waits at most `queue_wait` for a slot.
#[derive(Clone, Debug)]
pub struct Config {
    /// The most any search may use (depth, time, nodes).
    pub cap: EngineLimits,
    /// Concurrent searches.
    pub max_searches: usize,
    /// How long a request may wait for a search slot before it gets a 503.
    pub queue_wait: Duration,
    /// Largest request body, bytes.
    pub max_body: usize,
}

impl Default for Config {
    /// Depth 64, 5 s and 50 million nodes per search; one search per core; 30 s queue; 64 KiB bodies.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        Config {
            cap: EngineLimits {
                depth: Some(64),
                time: Some(Duration::from_secs(5)),
                nodes: Some(50_000_000),
                perfect: false,
            },
            max_searches: cores,
            queue_wait: Duration::from_secs(30),
            max_body: 64 * 1024,
        }
    }
}

struct Inner {
    games: Vec<Arc<dyn DynGame>>,
    config: Config,
    slots: Arc<Semaphore>,
}

/// What every handler shares: cheap to clone.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

impl AppState {
    /// Every registered game under `config`.
    #[must_use]
    pub fn new(config: Config) -> AppState {
        let games = GameKind::ALL.iter().map(|k| Arc::from(k.open())).collect();
        Self::with_games(games, config)
    }

    /// Some games under `config` (tests serve a subset).
    #[must_use]
    pub fn with_games(games: Vec<Arc<dyn DynGame>>, config: Config) -> AppState {
        let slots = Arc::new(Semaphore::new(config.max_searches.max(1)));
        AppState(Arc::new(Inner { games, config, slots }))
    }

    /// The served games.
    #[must_use]
    pub fn games(&self) -> &[Arc<dyn DynGame>] {
        &self.0.games
    }

    /// The limits in force.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.0.config
    }

    /// A served game by name.
    ///
    /// # Errors
    /// [`ApiError::Registry`] with an unknown-game error naming the served games.
    pub fn game(&self, name: &str) -> Result<Arc<dyn DynGame>, ApiError> {
        self.0.games.iter().find(|g| g.info().name == name).cloned().ok_or_else(|| {
            let known: Vec<_> = self.0.games.iter().map(|g| g.info().name).collect();
            sente_registry::RegistryError::UnknownGame { name: name.to_string(), known: known.join(", ") }.into()
        })
    }

    /// Runs `work` on the blocking pool once a search slot is free.
    ///
    /// # Errors
    /// [`ApiError::Busy`] when no slot frees up within the queue wait; [`ApiError::Internal`] if the task died.
    pub async fn blocking<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let slots = Arc::clone(&self.0.slots);
        let permit = tokio::time::timeout(self.0.config.queue_wait, slots.acquire_owned())
            .await
            .map_err(|_| ApiError::Busy)?
            .map_err(|e| ApiError::Internal(e.to_string()))?;
        let result = tokio::task::spawn_blocking(move || {
            let out = work();
            drop(permit);
            out
        })
        .await;
        result.map_err(|e| ApiError::Internal(e.to_string()))
    }
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::NotFound(uri.path().to_string())
}

/// The whole application: pages, assets and the JSON API.
pub fn app(state: AppState) -> Router {
    let max_body = state.config().max_body;
    let api = Router::new()
        .route("/games", get(api::list_games))
        .route("/games/{game}", get(api::game_info))
        .route("/games/{game}/validate", post(api::validate))
        .route("/games/{game}/moves", post(api::legal_moves))
        .route("/games/{game}/play", post(api::play))
        .route("/games/{game}/engine", post(api::engine))
        .route("/games/{game}/analysis", post(api::analysis))
        .route("/games/{game}/tree", post(crate::tree::tree))
        .fallback(not_found);
    Router::new()
        .route("/", get(pages::index))
        .route("/play/{game}", get(pages::game_page))
        .route("/assets/{file}", get(pages::asset))
        .nest("/api", api)
        .fallback(pages::missing)
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(state)
}
