//! Playing the game: the engine (the core's negamax [`Searcher`] with its transposition table, iterative deepening
//! and time limit, over the [`Heuristic`]), the course's search as an opponent at equal time ([`GraderPlayer`]),
//! and self-play matches between the two.
//!
//! The grader's search has no clock of its own, so [`GraderPlayer`] deepens it one ply at a time — depth 1, 2, … —
//! and keeps the move of the deepest iteration that finished within the time limit. It stops an overrunning
//! iteration through the plain search's move-order hook: once the deadline passes, every node it would still expand
//! is left unexpanded, the search unwinds at once, and that iteration's result is thrown away. Both players get
//! the same time per move and read the clock only through the core's [`Deadline`].

use crate::eval::{Heuristic, Utility};
use crate::moves::Move;
use crate::position::Position;
use sente_core::search::{MoveOrder, SearchLimits, SearchResult, Searcher, alphabeta_ordered};
use sente_core::zobrist::splitmix64;
use sente_core::{Deadline, MoveList, Outcome, Player, State};
use std::time::Duration;

/// The playing engine: a searcher that keeps its table between moves of one game.
#[derive(Debug)]
pub struct Engine {
    searcher: Searcher<Position>,
    eval: Heuristic,
}

impl Engine {
    /// An engine with a transposition table of about `megabytes` MiB.
    #[must_use]
    pub fn new(megabytes: usize) -> Engine {
        Engine { searcher: Searcher::with_megabytes(megabytes), eval: Heuristic::default() }
    }

    /// Forgets what earlier games taught the table.
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Searches `pos` within `limits`, passing every finished iteration to `observer`.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &SearchLimits,
        observer: &mut impl sente_core::search::SearchObserver<Move>,
    ) -> SearchResult<Move> {
        self.searcher.search(pos, &self.eval, limits, observer)
    }

    /// The move to play in `pos` with `time` to think, or `None` when the game is over.
    pub fn choose(&mut self, pos: &Position, time: Duration) -> Option<Move> {
        self.search(pos, &SearchLimits::time(time), &mut ()).best
    }
}

/// Leaves every node unexpanded once the deadline has passed, so an overrunning plain search unwinds at once.
struct Cutoff<'a> {
    deadline: &'a Deadline,
    calls: u64,
    stopped: bool,
}

impl MoveOrder<Position> for &mut Cutoff<'_> {
    fn order(&mut self, _state: &Position, moves: &mut MoveList<Move>) {
        self.calls += 1;
        if !self.stopped && self.calls.is_multiple_of(64) && self.deadline.should_stop(0) {
            self.stopped = true;
        }
        if self.stopped {
            moves.clear();
        }
    }
}

/// What the grader's search found at one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GraderChoice {
    /// The move of the deepest finished iteration.
    pub best: Move,
    /// That iteration's depth.
    pub depth: u32,
}

/// The course's plain alpha-beta (the [`Utility`] evaluation, the grader's move order) deepened until time runs out
/// or `max_depth` is reached.
#[derive(Copy, Clone, Debug)]
pub struct GraderPlayer {
    /// The deepest iteration tried.
    pub max_depth: u32,
}

impl Default for GraderPlayer {
    fn default() -> GraderPlayer {
        GraderPlayer { max_depth: SearchLimits::MAX_DEPTH }
    }
}

impl GraderPlayer {
    /// The move the grader's search picks in `pos` with `time` to think, or `None` when the game is over.
    #[must_use]
    pub fn choose(&self, pos: &Position, time: Duration) -> Option<GraderChoice> {
        let deadline = SearchLimits::time(time).start();
        let mut state = pos.clone();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut choice = GraderChoice { best: *moves.first()?, depth: 0 };
        let mut last_nodes = 0;
        for depth in 1..=self.max_depth {
            let mut cut = Cutoff { deadline: &deadline, calls: 0, stopped: false };
            let r = alphabeta_ordered(&mut state, depth, &Utility, &mut cut);
            if cut.stopped {
                break;
            }
            if let Some(best) = r.best {
                choice = GraderChoice { best, depth };
            }
            // The same node count twice means the whole game tree fits: deeper iterations change nothing.
            if r.nodes == last_nodes || deadline.soft_expired() {
                break;
            }
            last_nodes = r.nodes;
        }
        Some(choice)
    }
}

/// Settings of an engine-versus-grader match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games to play; each opening is played twice, the engine taking each side once.
    pub games: usize,
    /// Thinking time per move, the same for both players.
    pub time: Duration,
    /// Random plies played from the start position to vary the openings.
    pub opening_plies: usize,
    /// Seed of the opening choice.
    pub seed: u64,
    /// Row values of the game.
    pub values: [i32; 8],
    /// Engine table size, MiB.
    pub megabytes: usize,
}

/// How one match game went.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Game number from 0.
    pub index: usize,
    /// The engine's side.
    pub engine_side: Player,
    /// The final outcome.
    pub outcome: Outcome,
    /// The engine's utility at the end (its score minus the grader side's).
    pub margin: i32,
    /// Plies played (opening included).
    pub plies: usize,
    /// The grader search's average finished depth over its moves.
    pub grader_depth: f64,
    /// The engine's average finished depth over its moves.
    pub engine_depth: f64,
}

/// The totals of a match.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchReport {
    /// Games the engine won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games the engine lost.
    pub losses: usize,
    /// Sum of the engine's final margins.
    pub margin_sum: i64,
    /// Average finished depth of the engine's searches.
    pub engine_depth: f64,
    /// Average finished depth of the grader's searches.
    pub grader_depth: f64,
}

/// Plays up to `plies` pseudo-random moves (deterministic in `seed`) from the start position, stopping early rather
/// than play a move that ends the game, so the result is always still in play.
#[must_use]
pub fn opening(values: [i32; 8], plies: usize, seed: u64) -> Position {
    let mut rng = seed;
    let mut pos = Position::start(values);
    let mut moves = Vec::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        let (next, r) = splitmix64(rng);
        rng = next;
        let m = moves[(r % moves.len() as u64) as usize];
        pos.play(m);
        if pos.is_over() {
            pos.undo(m);
            break;
        }
    }
    pos
}

/// Plays one game from `start`, the engine on `engine_side`; returns the final position and both sides' average
/// finished depths.
fn play_game(
    start: &Position,
    engine_side: Player,
    time: Duration,
    engine: &mut Engine,
) -> (Position, usize, f64, f64) {
    let mut pos = start.clone();
    let mut plies = 0;
    let (mut ed, mut en, mut gd, mut gn) = (0u64, 0u64, 0u64, 0u64);
    engine.new_game();
    while !pos.is_over() {
        let m = if pos.to_move() == engine_side {
            let r = engine.search(&pos, &SearchLimits::time(time), &mut ());
            ed += u64::from(r.depth);
            en += 1;
            r.best
        } else {
            GraderPlayer::default().choose(&pos, time).map(|c| {
                gd += u64::from(c.depth);
                gn += 1;
                c.best
            })
        };
        let Some(m) = m else { break };
        pos.play(m);
        plies += 1;
    }
    let avg = |s: u64, n: u64| if n == 0 { 0.0 } else { s as f64 / n as f64 };
    (pos, plies, avg(ed, en), avg(gd, gn))
}

/// Plays a match, calling `on_game` after every game.
pub fn play_match(config: &MatchConfig, mut on_game: impl FnMut(&GameRecord)) -> MatchReport {
    let mut engine = Engine::new(config.megabytes);
    let mut report = MatchReport::default();
    let (mut ed, mut gd) = (0.0, 0.0);
    for index in 0..config.games {
        let start = opening(config.values, config.opening_plies, config.seed.wrapping_add((index / 2) as u64));
        let engine_side = if index % 2 == 0 { Player::First } else { Player::Second };
        let (end, plies, e_depth, g_depth) = play_game(&start, engine_side, config.time, &mut engine);
        let outcome = end.outcome().unwrap_or(Outcome::Draw);
        let margin = end.utility(engine_side);
        match outcome {
            Outcome::Win(p) if p == engine_side => report.wins += 1,
            Outcome::Win(_) => report.losses += 1,
            Outcome::Draw => report.draws += 1,
        }
        report.margin_sum += i64::from(margin);
        ed += e_depth;
        gd += g_depth;
        on_game(&GameRecord {
            index,
            engine_side,
            outcome,
            margin,
            plies,
            grader_depth: g_depth,
            engine_depth: e_depth,
        });
    }
    if config.games > 0 {
        report.engine_depth = ed / config.games as f64;
        report.grader_depth = gd / config.games as f64;
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DEFAULT_VALUES;

    #[test]
    fn openings_are_deterministic_and_playable() {
        let a = opening(DEFAULT_VALUES, 6, 3);
        assert_eq!(a, opening(DEFAULT_VALUES, 6, 3));
        assert!(!a.is_over());
    }

    #[test]
    fn grader_player_matches_the_plain_search_when_time_allows() {
        let pos = opening(DEFAULT_VALUES, 4, 1);
        let c = GraderPlayer { max_depth: 4 }.choose(&pos, Duration::from_secs(60)).unwrap();
        assert_eq!(c.depth, 4);
        let mut s = pos.clone();
        let r = sente_core::search::alphabeta(&mut s, c.depth, &Utility);
        assert_eq!(r.best, Some(c.best));
    }
}
