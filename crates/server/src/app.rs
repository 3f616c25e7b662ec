//! The axum application: shared state (the served games, the caps, the search semaphore), the router, and the
//! `blocking` helper that runs a search off the async threads under a search slot.
//!
//! Abandoned work is not done: hyper drops a handler's future when its client disconnects, and `blocking` holds a
//! guard in that future whose drop raises the search's [`StopFlag`], so the search ends within one clock-check
//! interval and its slot frees for the next request.

use crate::api;
use crate::error::ApiError;
use crate::pages;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Uri;
use axum::routing::{get, post};
use sente_registry::{DynGame, EngineLimits, GameKind, StopFlag};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
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
    counters: Arc<Counters>,
}

/// Live figures about the blocking work, for tests and load reports.
#[derive(Debug, Default)]
struct Counters {
    running: AtomicUsize,
    cancelled: AtomicU64,
    busy: AtomicU64,
}

/// Raises the stop flag of a search whose request future is dropped before the search answered (the client
/// disconnected); disarmed once the answer is in.
struct CancelOnDrop {
    stop: StopFlag,
    counters: Arc<Counters>,
    armed: bool,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if self.armed {
            self.stop.stop();
            self.counters.cancelled.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// Counts a blocking task from start to end, however it ends.
struct Running(Arc<Counters>);

impl Running {
    fn start(counters: Arc<Counters>) -> Running {
        counters.running.fetch_add(1, Ordering::Relaxed);
        Running(counters)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
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
        AppState(Arc::new(Inner { games, config, slots, counters: Arc::default() }))
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

    /// Searches running on the blocking pool right now.
    #[must_use]
    pub fn searches_running(&self) -> usize {
        self.0.counters.running.load(Ordering::Relaxed)
    }

    /// Searches stopped because their request was dropped (the client went away) since the server started.
    #[must_use]
    pub fn searches_cancelled(&self) -> u64 {
        self.0.counters.cancelled.load(Ordering::Relaxed)
    }

    /// Requests refused with 503 because no search slot freed up in time.
    #[must_use]
    pub fn busy_refusals(&self) -> u64 {
        self.0.counters.busy.load(Ordering::Relaxed)
    }

    /// Runs `work` on the blocking pool once a search slot is free, handing it a stop flag that is raised if this
    /// future is dropped first (the client disconnected), so `work` should pass it to its search.
    ///
    /// # Errors
    /// [`ApiError::Busy`] when no slot frees up within the queue wait; [`ApiError::Internal`] if the task died.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&StopFlag) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let slots = Arc::clone(&self.0.slots);
        let Ok(permit) = tokio::time::timeout(self.0.config.queue_wait, slots.acquire_owned()).await else {
            self.0.counters.busy.fetch_add(1, Ordering::Relaxed);
            return Err(ApiError::Busy { retry_after: retry_after(self.0.config.queue_wait) });
        };
        let permit = permit.map_err(|e| ApiError::Internal(e.to_string()))?;
        let stop = StopFlag::new();
        let mut guard = CancelOnDrop { stop: stop.clone(), counters: Arc::clone(&self.0.counters), armed: true };
        let running = Running::start(Arc::clone(&self.0.counters));
        let result = tokio::task::spawn_blocking(move || {
            let out = work(&stop);
            // The slot frees only when the work has really ended, not when its request went away.
            drop(running);
            drop(permit);
            out
        })
        .await;
        guard.armed = false;
        result.map_err(|e| ApiError::Internal(e.to_string()))
    }
}

/// The `Retry-After` a refused request is given: a few seconds, never more than the queue wait it just waited.
fn retry_after(queue_wait: Duration) -> u64 {
    queue_wait.as_secs().clamp(1, 5)
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
