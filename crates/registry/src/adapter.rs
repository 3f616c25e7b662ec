//! The one generic implementation of [`DynGame`]: [`Arena`] wraps any game that implements [`Adapter`] (the
//! core's `Game + Notation` plus a few drawing and solving hooks) and does parsing, move lists, play, engine search
//! and analysis for all of them, so each game's file only says how its board looks and, if solved, how to read
//! its exact values.

use crate::error::RegistryError;
use crate::tree::{TreeAlgorithm, TreeRequest, TreeView};
use crate::view::{
    Analysis, BoardView, EngineLimits, EngineReport, GameInfo, Mark, MoveValue, MoveView, OutcomeView, PositionView,
    Score,
};
use crate::{DynGame, GameKind};
use sente_core::search::{PlainResult, SearchLimits, Searcher, TreeRecorder};
use sente_core::{Evaluator, Notation, Outcome, State, StopFlag, Stopwatch, Value};

/// The move type of a game's states.
pub type MoveOf<G> = <<G as sente_core::Game>::State as State>::Move;

/// What a game adds to the core's traits to be served: its description, its board drawing and, for solved games,
/// its exact values.
pub trait Adapter: Notation {
    /// The heuristic the engine searches with.
    type Eval: Evaluator<Self::State> + Send + Sync;

    /// Which registry entry this is.
    fn kind(&self) -> GameKind;

    /// The description shown to people.
    fn info(&self) -> GameInfo;

    /// The engine's heuristic.
    fn evaluator(&self) -> Self::Eval;

    /// Reads a position as a person pastes it (an `input.txt`, a board). The default is the game's own text;
    /// games whose parameters travel with the position (row values, board size) return a reconfigured game.
    ///
    /// # Errors
    /// The game's parse error.
    fn decode(&self, text: &str) -> Result<(Self, Self::State), Self::Error> {
        Ok((self.clone(), self.parse_state(text)?))
    }

    /// Writes a position so that [`Adapter::decode`] reads it back (the default is the game's own text).
    fn encode(&self, state: &Self::State) -> String {
        self.format_state(state)
    }

    /// The board to draw.
    fn board(&self, state: &Self::State) -> BoardView;

    /// The cells a person clicks to make `m`, in order.
    fn move_cells(&self, state: &Self::State, m: MoveOf<Self>) -> Vec<usize>;

    /// The points each player holds (scoring games).
    fn scores(&self, _state: &Self::State) -> Option<[i32; 2]> {
        None
    }

    /// Extra highlights (threats, a winning line).
    fn marks(&self, _state: &Self::State) -> Vec<Mark> {
        Vec::new()
    }

    /// The exact value of every legal move for the side to move, in the game's move order; `None` for games the
    /// registry has not solved.
    fn exact_moves(&self, _state: &Self::State) -> Option<Vec<(MoveOf<Self>, Score)>> {
        None
    }

    /// The move perfect play chooses (a solved game's own tie-break rule); `None` lets the registry take the first
    /// best-ranked move of [`Adapter::exact_moves`].
    fn perfect_move(&self, _state: &Self::State) -> Option<MoveOf<Self>> {
        None
    }

    /// A game's own engine (threat solvers before the search, say); `None` uses the core's [`Searcher`] with
    /// [`Adapter::evaluator`].
    fn think(&self, _state: &Self::State, _limits: &SearchLimits) -> Option<Thought<MoveOf<Self>>> {
        None
    }

    /// True when [`Adapter::exact_moves`] answers for this position (the default: the game is solved). A game
    /// solved only up to a size (row/column boards beyond the server's caps) says no here, and the position is
    /// searched, not solved.
    fn solvable(&self, _state: &Self::State) -> bool {
        self.info().solved
    }

    /// The side to move's chance to win, in percent, that a heuristic value stands for; `None` (the default)
    /// for games whose heuristic has no such scale, which then show the raw value.
    fn win_chance(&self, _heuristic: i32) -> Option<u8> {
        None
    }

    /// Runs the traced plain search for `sente tree` and the Explain panel. The default searches with
    /// [`Adapter::evaluator`]; a game with a course's own scoring (Star/Circle's utility) uses that instead, so
    /// the node counts are the course's.
    fn trace_search(
        &self,
        state: &mut Self::State,
        algorithm: TreeAlgorithm,
        depth: u32,
        rec: &mut TreeRecorder<MoveOf<Self>>,
    ) -> PlainResult<MoveOf<Self>> {
        crate::tree::trace_with(state, &self.evaluator(), algorithm, depth, rec)
    }

    /// The algorithm and depth a position text asks for itself (a course `input.txt`), if any.
    fn tree_defaults(&self, _text: &str) -> Option<(TreeAlgorithm, u32)> {
        None
    }

    /// The exact value of the position for the side to move; `None` for unsolved games.
    /// The default reads a finished game's outcome and otherwise takes the best of [`Adapter::exact_moves`].
    fn exact_value(&self, state: &Self::State) -> Option<Score> {
        let moves = self.exact_moves(state)?;
        match state.outcome() {
            Some(Outcome::Draw) => Some(Score::Draw),
            Some(Outcome::Win(p)) if p == state.to_move() => Some(Score::Win(0)),
            Some(Outcome::Win(_)) => Some(Score::Loss(0)),
            None => best_of(&moves).map(|(_, s)| s),
        }
    }
}

/// What a game's own engine found.
#[derive(Clone, Debug)]
pub struct Thought<M> {
    /// The move.
    pub best: M,
    /// Its value for the side to move.
    pub value: Value,
    /// The expected line, starting with `best`.
    pub pv: Vec<M>,
    /// Deepest finished iteration.
    pub depth: u32,
    /// Nodes spent.
    pub nodes: u64,
    /// True when `value` is proven (a draw included), not a heuristic estimate.
    pub exact: bool,
    /// True when the move was the only reasonable one and nothing was searched (`value` then means nothing).
    pub forced: bool,
}

/// The best-ranked move, the first in order on ties.
pub fn best_of<M: Copy>(moves: &[(M, Score)]) -> Option<(M, Score)> {
    moves.iter().copied().fold(None, |best, (m, s)| match best {
        Some((_, b)) if b.rank() >= s.rank() => best,
        _ => Some((m, s)),
    })
}

/// A served game: any [`Adapter`] behind the object-safe [`DynGame`] interface.
#[derive(Clone, Debug)]
pub struct Arena<G> {
    game: G,
}

impl<G: Adapter> Arena<G> {
    /// Wraps a game.
    pub fn new(game: G) -> Arena<G> {
        Arena { game }
    }

    fn decode(&self, text: &str) -> Result<(G, G::State), RegistryError> {
        self.game.decode(text).map_err(|e| RegistryError::Position { game: self.game.name(), message: e.to_string() })
    }

    fn view_of(game: &G, state: &G::State) -> PositionView {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let moves = moves.into_iter().map(|m| Self::move_view(game, state, m)).collect();
        let players = game.info().players;
        let outcome = state.outcome().map(|o| match o {
            Outcome::Win(p) => OutcomeView { winner: Some(p), text: format!("{} wins", players[p.index()]) },
            Outcome::Draw => OutcomeView { winner: None, text: "Draw".to_string() },
        });
        PositionView {
            position: game.encode(state),
            to_move: state.to_move(),
            moves,
            outcome,
            board: game.board(state),
            scores: game.scores(state),
            solved: game.solvable(state),
        }
    }

    fn move_view(game: &G, state: &G::State, m: MoveOf<G>) -> MoveView {
        MoveView { text: game.format_move(state, m), cells: game.move_cells(state, m) }
    }

    fn parse_move(game: &G, state: &G::State, text: &str) -> Result<MoveOf<G>, RegistryError> {
        if state.outcome().is_some() {
            return Err(RegistryError::GameOver { game: game.name() });
        }
        game.parse_move(state, text).map_err(|e| RegistryError::Move {
            game: game.name(),
            text: text.to_string(),
            message: e.to_string(),
        })
    }

    /// Perfect play: the best exact move (quickest win, slowest loss, widest margin), first in move order on ties.
    fn perfect(game: &G, state: &G::State, clock: Stopwatch) -> Option<EngineReport> {
        let moves = game.exact_moves(state)?;
        let (m, score) = match game.perfect_move(state) {
            Some(m) => moves.iter().copied().find(|&(x, _)| x == m)?,
            None => best_of(&moves)?,
        };
        let best = game.format_move(state, m);
        let mut pv = vec![best.clone()];
        let mut line = state.clone();
        line.play(m);
        // Follow the solution a few plies for a principal variation.
        for _ in 0..7 {
            let Some(next) = game.exact_moves(&line) else { break };
            let Some(m) = game.perfect_move(&line).or_else(|| best_of(&next).map(|(m, _)| m)) else { break };
            pv.push(game.format_move(&line, m));
            line.play(m);
        }
        Some(EngineReport {
            best,
            score,
            pv,
            depth: 0,
            nodes: 0,
            elapsed: clock.elapsed(),
            perfect: true,
            forced: false,
            chance: None,
        })
    }
}

impl<G: Adapter> DynGame for Arena<G> {
    fn kind(&self) -> GameKind {
        self.game.kind()
    }

    fn info(&self) -> GameInfo {
        self.game.info()
    }

    fn initial(&self) -> String {
        self.game.encode(&self.game.initial_state())
    }

    fn view(&self, position: &str) -> Result<PositionView, RegistryError> {
        let (game, state) = self.decode(position)?;
        Ok(Self::view_of(&game, &state))
    }

    fn play(&self, position: &str, mv: &str) -> Result<(String, PositionView), RegistryError> {
        let (game, mut state) = self.decode(position)?;
        let m = Self::parse_move(&game, &state, mv)?;
        let text = game.format_move(&state, m);
        state.play(m);
        Ok((text, Self::view_of(&game, &state)))
    }

    fn engine_until(
        &self,
        position: &str,
        limits: &EngineLimits,
        stop: &StopFlag,
    ) -> Result<EngineReport, RegistryError> {
        let clock = Stopwatch::start();
        let (game, state) = self.decode(position)?;
        if state.outcome().is_some() {
            return Err(RegistryError::GameOver { game: game.name() });
        }
        if limits.perfect
            && game.solvable(&state)
            && let Some(report) = Self::perfect(&game, &state, clock)
        {
            return Ok(report);
        }
        let search_limits = SearchLimits {
            depth: limits.depth,
            nodes: limits.nodes,
            time: limits.time,
            stop: stop.clone(),
            ..SearchLimits::default()
        };
        let t = match game.think(&state, &search_limits) {
            Some(t) => t,
            None => {
                let r = Searcher::new(1 << 16).search(&state, &game.evaluator(), &search_limits, &mut ());
                let best = r.best.ok_or(RegistryError::GameOver { game: game.name() })?;
                // The searcher knows whether every line of its last iteration ended in a finished game.
                Thought {
                    best,
                    value: r.value,
                    pv: r.pv,
                    depth: r.depth,
                    nodes: r.nodes,
                    exact: r.exact,
                    forced: false,
                }
            }
        };
        let best = t.best;
        // Walk the principal variation on a copy, so each move is printed in the position it is played from.
        let mut line = state.clone();
        let mut pv = Vec::new();
        let mut legal = Vec::new();
        for &m in &t.pv {
            line.legal_moves(&mut legal);
            if !legal.contains(&m) {
                break;
            }
            pv.push(game.format_move(&line, m));
            line.play(m);
        }
        let score = Score::from_value(t.value, t.exact);
        let chance = match score {
            Score::Heuristic(h) if !t.forced => game.win_chance(h),
            _ => None,
        };
        Ok(EngineReport {
            best: game.format_move(&state, best),
            score,
            pv,
            depth: t.depth,
            nodes: t.nodes,
            elapsed: clock.elapsed(),
            perfect: false,
            forced: t.forced,
            chance,
        })
    }

    fn tree(&self, position: &str, request: &TreeRequest) -> Result<TreeView, RegistryError> {
        let (game, state) = self.decode(position)?;
        crate::tree::build(&game, &state, request)
    }

    fn tree_defaults(&self, position: &str) -> Option<(TreeAlgorithm, u32)> {
        self.game.tree_defaults(position)
    }

    fn analyze(&self, position: &str) -> Result<Analysis, RegistryError> {
        let (game, state) = self.decode(position)?;
        let not_solved = || RegistryError::NotSolved { game: game.name() };
        if !game.solvable(&state) {
            return Err(not_solved());
        }
        if state.outcome().is_some() {
            let score = game.exact_value(&state).ok_or_else(not_solved)?;
            return Ok(Analysis { score, moves: Vec::new() });
        }
        let moves = game.exact_moves(&state).ok_or_else(not_solved)?;
        let (_, score) = best_of(&moves).ok_or_else(not_solved)?;
        let top = score.rank();
        let moves = moves
            .into_iter()
            .map(|(m, s)| MoveValue { mv: Self::move_view(&game, &state, m), score: s, best: s.rank() == top })
            .collect();
        Ok(Analysis { score, moves })
    }
}
