//! The JSON API: request and response DTOs (serde, kept apart from the registry's types) and the handlers.
//!
//! Every endpoint under `/api/games/{game}/` takes a JSON body holding at least the position text, so the server
//! keeps no per-game state. Searches and analyses run under the server's semaphore in `spawn_blocking`, with
//! limits capped by [`crate::Config`].

use crate::AppState;
use crate::error::ApiError;
use axum::Json;
use axum::extract::{FromRequest, Path, Request, State};
use sente_registry::{
    Analysis, BoardView, DynGame, EngineLimits, EngineReport, GameInfo, Level, MoveView, PositionView, Score,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// A JSON body whose rejections (malformed JSON, wrong content type, too large) become [`ApiError`]s, so every
/// refusal, the body-size limit's 413 included, is the API's JSON error.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &AppState) -> Result<Body<T>, ApiError> {
        match Json::<T>::from_request(req, app).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) => Err(ApiError::from_rejection(r, app.config().max_body)),
        }
    }
}

/// `{ "position": "..." }`: validate, legal moves, analysis.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The position in the game's text (or a pasted input file).
    pub position: String,
}

/// `{ "position": "...", "move": "..." }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The position before the move.
    pub position: String,
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
}

/// An engine request: a level name and/or explicit limits (all capped by the server).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    /// The position to move from.
    pub position: String,
    /// One of the game's level names (`easy`, `perfect`, …).
    pub level: Option<String>,
    /// Deepest iteration in plies.
    pub depth: Option<u32>,
    /// Time budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Node budget.
    pub nodes: Option<u64>,
}

/// Engine limits as sent and shown.
#[derive(Debug, Serialize, Clone, PartialEq, Eq)]
pub struct LimitsDto {
    /// Depth in plies, if limited.
    pub depth: Option<u32>,
    /// Time in milliseconds, if limited.
    pub time_ms: Option<u64>,
    /// Nodes, if limited.
    pub nodes: Option<u64>,
    /// Perfect play from the solution.
    pub perfect: bool,
}

impl From<&EngineLimits> for LimitsDto {
    fn from(l: &EngineLimits) -> LimitsDto {
        LimitsDto { depth: l.depth, time_ms: l.time.map(|t| t.as_millis() as u64), nodes: l.nodes, perfect: l.perfect }
    }
}

/// A level in a game's menu.
#[derive(Debug, Serialize)]
pub struct LevelDto {
    /// Identifier.
    pub name: &'static str,
    /// Label.
    pub label: &'static str,
    /// What it means.
    pub limits: LimitsDto,
}

/// A game's description.
#[derive(Debug, Serialize)]
pub struct GameDto {
    /// URL name.
    pub name: &'static str,
    /// Title.
    pub title: &'static str,
    /// Exact values available.
    pub solved: bool,
    /// Side names, first player first.
    pub players: [&'static str; 2],
    /// Rules in brief.
    pub rules: &'static str,
    /// What to paste to load a position.
    pub load_hint: &'static str,
    /// How a move is clicked.
    pub click_hint: &'static str,
    /// Engine levels, weakest first.
    pub levels: Vec<LevelDto>,
    /// The starting position.
    pub initial: String,
}

impl GameDto {
    /// The description of a game starting at `initial`.
    #[must_use]
    pub fn new(info: GameInfo, initial: String) -> GameDto {
        GameDto {
            name: info.name,
            title: info.title,
            solved: info.solved,
            players: info.players,
            rules: info.rules,
            load_hint: info.load_hint,
            click_hint: info.click_hint,
            levels: info
                .levels
                .iter()
                .map(|l: &Level| LevelDto { name: l.name, label: l.label, limits: (&l.limits).into() })
                .collect(),
            initial,
        }
    }
}

/// A value for some player.
#[derive(Debug, Serialize, Clone, PartialEq, Eq)]
pub struct ScoreDto {
    /// `win in 3`, `draw`, `loss by 2`, `+12`.
    pub text: String,
    /// `win`, `loss`, `draw` or `heuristic`.
    pub verdict: &'static str,
    /// Plies to the end for forced results.
    pub plies: Option<u32>,
    /// The exact final margin of a solved scoring game.
    pub margin: Option<i32>,
    /// True for proven values.
    pub exact: bool,
    /// A number for charts (±1 for wins/losses, the margin or heuristic otherwise).
    pub chart: i32,
    /// For a heuristic value in a game with a human scale (Gomoku): the side's chance to win in percent. `text`
    /// then reads `73% to win (estimate)`.
    pub chance: Option<u8>,
}

impl From<Score> for ScoreDto {
    fn from(s: Score) -> ScoreDto {
        let (plies, margin) = match s {
            Score::Win(n) | Score::Loss(n) => (Some(n), None),
            Score::Margin(m) => (None, Some(m)),
            Score::Draw => (None, None),
            Score::Heuristic(_) => (None, None),
        };
        ScoreDto {
            text: s.to_string(),
            verdict: s.verdict(),
            plies,
            margin,
            exact: s.is_exact(),
            chart: s.chart(),
            chance: None,
        }
    }
}

impl ScoreDto {
    /// An engine's score: a heuristic with a win chance reads as that chance; a forced reply claims nothing.
    fn of_report(r: &EngineReport) -> ScoreDto {
        let mut dto = ScoreDto::from(r.score);
        dto.text = r.value_text();
        dto.chance = r.chance;
        if r.forced {
            dto.verdict = "forced";
            dto.chart = 0;
        }
        dto
    }
}

/// A move and the cells that make it.
#[derive(Debug, Serialize)]
pub struct MoveDto {
    /// Notation.
    pub text: String,
    /// Cells to click, in order.
    pub cells: Vec<usize>,
}

impl From<MoveView> for MoveDto {
    fn from(m: MoveView) -> MoveDto {
        MoveDto { text: m.text, cells: m.cells }
    }
}

/// A highlight.
#[derive(Debug, Serialize)]
pub struct MarkDto {
    /// `win`, `threat`, `last`.
    pub kind: &'static str,
    /// Cells.
    pub cells: Vec<usize>,
    /// Caption.
    pub note: String,
}

/// A board to draw.
#[derive(Debug, Serialize)]
pub struct BoardDto {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Cell tokens, row-major.
    pub cells: Vec<String>,
    /// Row labels, top first.
    pub row_labels: Vec<String>,
    /// Column labels.
    pub col_labels: Vec<String>,
    /// Highlights.
    pub marks: Vec<MarkDto>,
    /// A note per row, top first, drawn right of the board (Star/Circle's row values); empty when none.
    pub row_notes: Vec<String>,
}

impl From<BoardView> for BoardDto {
    fn from(b: BoardView) -> BoardDto {
        BoardDto {
            rows: b.rows,
            cols: b.cols,
            cells: b.cells,
            row_labels: b.row_labels,
            col_labels: b.col_labels,
            marks: b.marks.into_iter().map(|m| MarkDto { kind: m.kind, cells: m.cells, note: m.note }).collect(),
            row_notes: b.row_notes,
        }
    }
}

/// The end of a game.
#[derive(Debug, Serialize)]
pub struct OutcomeDto {
    /// 0 (first player) or 1, or null for a draw.
    pub winner: Option<usize>,
    /// A sentence.
    pub text: String,
}

/// A position and all a page shows of it.
#[derive(Debug, Serialize)]
pub struct PositionDto {
    /// Canonical text: send it back with the next request.
    pub position: String,
    /// 0 when the first player is to move, 1 otherwise.
    pub to_move: usize,
    /// Legal moves.
    pub moves: Vec<MoveDto>,
    /// The result once the game is over.
    pub outcome: Option<OutcomeDto>,
    /// The board.
    pub board: BoardDto,
    /// Points so far, first player first (scoring games).
    pub scores: Option<[i32; 2]>,
    /// Exact values are available (`analysis` answers): a solved game within the server's caps.
    pub solved: bool,
}

impl From<PositionView> for PositionDto {
    fn from(v: PositionView) -> PositionDto {
        PositionDto {
            position: v.position,
            to_move: v.to_move.index(),
            moves: v.moves.into_iter().map(MoveDto::from).collect(),
            outcome: v.outcome.map(|o| OutcomeDto { winner: o.winner.map(|p| p.index()), text: o.text }),
            board: v.board.into(),
            scores: v.scores,
            solved: v.solved,
        }
    }
}

/// The answer to `play`.
#[derive(Debug, Serialize)]
pub struct PlayResponse {
    /// The move as the game writes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after it.
    pub after: PositionDto,
}

/// The answer to `moves`.
#[derive(Debug, Serialize)]
pub struct MovesResponse {
    /// Legal moves in the game's order.
    pub moves: Vec<MoveDto>,
}

/// The engine's answer.
#[derive(Debug, Serialize)]
pub struct EngineResponse {
    /// The chosen move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position's value for the side to move.
    pub score: ScoreDto,
    /// Principal variation.
    pub pv: Vec<String>,
    /// Completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// From the solution.
    pub perfect: bool,
    /// The only reasonable move, played without a search (`score.verdict` is `forced`).
    pub forced: bool,
    /// The limits actually applied (after the server's caps).
    pub limits: LimitsDto,
}

/// One move's exact value.
#[derive(Debug, Serialize)]
pub struct MoveValueDto {
    /// Notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Cells to click.
    pub cells: Vec<usize>,
    /// Value for the mover.
    pub score: ScoreDto,
    /// One of the best moves.
    pub best: bool,
}

/// The analysis answer.
#[derive(Debug, Serialize)]
pub struct AnalysisResponse {
    /// The position's value for the side to move.
    pub score: ScoreDto,
    /// Every legal move.
    pub moves: Vec<MoveValueDto>,
}

impl From<Analysis> for AnalysisResponse {
    fn from(a: Analysis) -> AnalysisResponse {
        AnalysisResponse {
            score: a.score.into(),
            moves: a
                .moves
                .into_iter()
                .map(|m| MoveValueDto { mv: m.mv.text, cells: m.mv.cells, score: m.score.into(), best: m.best })
                .collect(),
        }
    }
}

fn engine_response(r: EngineReport, limits: &EngineLimits) -> EngineResponse {
    EngineResponse {
        score: ScoreDto::of_report(&r),
        mv: r.best,
        pv: r.pv,
        depth: r.depth,
        nodes: r.nodes,
        time_ms: r.elapsed.as_millis() as u64,
        perfect: r.perfect,
        forced: r.forced,
        limits: limits.into(),
    }
}

/// `GET /api/games`.
pub async fn list_games(State(app): State<AppState>) -> Json<Vec<GameDto>> {
    Json(app.games().iter().map(|g| GameDto::new(g.info(), g.initial())).collect())
}

/// `GET /api/games/{game}`.
pub async fn game_info(State(app): State<AppState>, Path(game): Path<String>) -> Result<Json<GameDto>, ApiError> {
    let g = app.game(&game)?;
    Ok(Json(GameDto::new(g.info(), g.initial())))
}

/// `POST /api/games/{game}/validate`.
pub async fn validate(
    State(app): State<AppState>,
    Path(game): Path<String>,
    Body(req): Body<PositionRequest>,
) -> Result<Json<PositionDto>, ApiError> {
    Ok(Json(app.game(&game)?.view(&req.position)?.into()))
}

/// `POST /api/games/{game}/moves`.
pub async fn legal_moves(
    State(app): State<AppState>,
    Path(game): Path<String>,
    Body(req): Body<PositionRequest>,
) -> Result<Json<MovesResponse>, ApiError> {
    let view = app.game(&game)?.view(&req.position)?;
    Ok(Json(MovesResponse { moves: view.moves.into_iter().map(MoveDto::from).collect() }))
}

/// `POST /api/games/{game}/play`.
pub async fn play(
    State(app): State<AppState>,
    Path(game): Path<String>,
    Body(req): Body<PlayRequest>,
) -> Result<Json<PlayResponse>, ApiError> {
    let (mv, after) = app.game(&game)?.play(&req.position, &req.mv)?;
    Ok(Json(PlayResponse { mv, after: after.into() }))
}

/// The limits a request asks for: its level's, overridden by explicit fields, then capped.
fn requested_limits(app: &AppState, g: &dyn DynGame, req: &EngineRequest) -> Result<EngineLimits, ApiError> {
    let info = g.info();
    let mut limits = match &req.level {
        Some(name) => info.levels.iter().find(|l| l.name == name).map(|l| l.limits.clone()).ok_or_else(|| {
            let known: Vec<_> = info.levels.iter().map(|l| l.name).collect();
            ApiError::BadRequest(format!("unknown level {name:?} for {}; levels: {}", info.name, known.join(", ")))
        })?,
        None => EngineLimits::default(),
    };
    if req.depth == Some(0) || req.time_ms == Some(0) || req.nodes == Some(0) {
        return Err(ApiError::BadRequest("depth, time_ms and nodes must be at least 1".into()));
    }
    if let Some(d) = req.depth {
        limits.depth = Some(d);
    }
    if let Some(t) = req.time_ms {
        limits.time = Some(Duration::from_millis(t));
    }
    if let Some(n) = req.nodes {
        limits.nodes = Some(n);
    }
    Ok(limits.capped(&app.config().cap))
}

/// `POST /api/games/{game}/engine`.
pub async fn engine(
    State(app): State<AppState>,
    Path(game): Path<String>,
    Body(req): Body<EngineRequest>,
) -> Result<Json<EngineResponse>, ApiError> {
    let g = app.game(&game)?;
    let limits = requested_limits(&app, g.as_ref(), &req)?;
    // Validate cheaply on the async thread so a bad position never waits for a search slot.
    g.view(&req.position)?;
    let task_limits = limits.clone();
    let report = app.blocking(move |stop| g.engine_until(&req.position, &task_limits, stop)).await??;
    Ok(Json(engine_response(report, &limits)))
}

/// `POST /api/games/{game}/analysis`.
pub async fn analysis(
    State(app): State<AppState>,
    Path(game): Path<String>,
    Body(req): Body<PositionRequest>,
) -> Result<Json<AnalysisResponse>, ApiError> {
    let g: Arc<dyn DynGame> = app.game(&game)?;
    // The view says whether this position is within the solver's caps, cheaply and before waiting for a slot.
    if !g.view(&req.position)?.solved {
        return Err(sente_registry::RegistryError::NotSolved { game: g.info().name }.into());
    }
    let analysis = app.blocking(move |_| g.analyze(&req.position)).await??;
    Ok(Json(analysis.into()))
}
