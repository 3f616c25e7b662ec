//! The shared invariant harness every game's tests use (OpenSpiel's `RandomSimTest`, in Rust form).
//!
//! [`random_playouts`] plays seeded random games and checks, at every step: legal moves are empty exactly when the
//! state is terminal; play followed by undo restores the state and its hash; the incremental hash equals the
//! recomputed one; the position's text and every legal move's text round-trip through the game's [`Notation`]; no
//! game outlasts `max_game_length`. [`check_searches_agree`] compares every search in the core with plain minimax.
//! Violations panic with a message naming the position, which is what a test wants.

use crate::game::{Evaluator, Game, Notation, State};
use crate::search::{Searcher, alphabeta, minimax};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// What a batch of playouts saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayoutReport {
    /// Games played.
    pub games: usize,
    /// Plies played in all.
    pub plies: usize,
    /// The longest game, in plies.
    pub longest: usize,
    /// Distinct first-move outcomes seen: wins for the first player, the second, and draws.
    pub results: [usize; 3],
}

/// Plays `games` seeded random games from the initial state, checking every invariant at every step.
///
/// # Panics
/// When an invariant is broken, with a message naming the position and move.
pub fn random_playouts<G: Notation>(game: &G, games: usize, seed: u64) -> PlayoutReport {
    random_playouts_from(game, &game.initial_state(), games, seed)
}

/// As [`random_playouts`], from a given start position.
///
/// # Panics
/// When an invariant is broken.
pub fn random_playouts_from<G: Notation>(game: &G, start: &G::State, games: usize, seed: u64) -> PlayoutReport {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut report = PlayoutReport { games, ..PlayoutReport::default() };
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut state = start.clone();
        let mut plies = 0;
        loop {
            check_state(game, &state, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            state.play(m);
            plies += 1;
            assert!(
                plies <= game.max_game_length(),
                "{}: game longer than max_game_length {} at {}",
                game.name(),
                game.max_game_length(),
                game.format_state(&state)
            );
        }
        match state.outcome() {
            Some(crate::Outcome::Win(crate::Player::First)) => report.results[0] += 1,
            Some(crate::Outcome::Win(crate::Player::Second)) => report.results[1] += 1,
            _ => report.results[2] += 1,
        }
        report.plies += plies;
        report.longest = report.longest.max(plies);
    }
    report
}

/// Checks every per-position invariant of [`random_playouts`] on one state (a parsed one, say): hash, text
/// round-trip, legal moves empty exactly when terminal, every move's text round-trip, play/undo. Returns the number
/// of legal moves. The fuzz targets call it on whatever a parser accepted.
///
/// # Panics
/// When an invariant is broken, with a message naming the position.
pub fn check_position<G: Notation>(game: &G, state: &G::State) -> usize {
    let mut moves = Vec::new();
    check_state(game, state, &mut moves);
    moves.len()
}

/// Checks one state's invariants; leaves its legal moves in `moves`.
fn check_state<G: Notation>(game: &G, state: &G::State, moves: &mut Vec<<G::State as State>::Move>) {
    let text = game.format_state(state);
    let name = game.name();
    assert_eq!(state.hash(), state.compute_hash(), "{name}: incremental hash differs from recomputed at {text}");
    match game.parse_state(&text) {
        Ok(back) => {
            assert_eq!(&back, state, "{name}: position text does not round-trip: {text}");
            assert_eq!(back.hash(), state.hash(), "{name}: parsed position hashes differently: {text}");
        }
        Err(e) => panic!("{name}: cannot parse own position text {text:?}: {e}"),
    }
    state.legal_moves(moves);
    assert_eq!(
        moves.is_empty(),
        state.outcome().is_some(),
        "{name}: legal moves empty ({}) but outcome {:?} at {text}",
        moves.is_empty(),
        state.outcome()
    );
    let mut scratch = state.clone();
    for &m in moves.iter() {
        let mtext = game.format_move(state, m);
        match game.parse_move(state, &mtext) {
            Ok(back) => assert_eq!(back, m, "{name}: move text {mtext:?} parses to another move at {text}"),
            Err(e) => panic!("{name}: cannot parse own move text {mtext:?} at {text}: {e}"),
        }
        let predicted = scratch.hash_after(m);
        scratch.play(m);
        assert_eq!(scratch.hash(), scratch.compute_hash(), "{name}: hash drifts after {mtext} at {text}");
        if let Some(h) = predicted {
            assert_eq!(h, scratch.hash(), "{name}: hash_after({mtext}) is not the hash after playing it at {text}");
        }
        scratch.undo(m);
        assert_eq!(&scratch, state, "{name}: play+undo of {mtext} does not restore {text}");
        assert_eq!(scratch.hash(), state.hash(), "{name}: play+undo of {mtext} changes the hash at {text}");
    }
}

/// Asserts that plain minimax, plain alpha-beta and the negamax [`Searcher`] (fixed depth, and iterative deepening
/// to the same depth with a fresh table) agree on the value of `state` at `depth`, and that alpha-beta visits no
/// more nodes than minimax. Returns the value.
///
/// # Panics
/// When two searches disagree.
pub fn check_searches_agree<S: State, E: Evaluator<S>>(state: &S, eval: &E, depth: u32) -> crate::Value {
    let mut s = state.clone();
    let mm = minimax(&mut s, depth, eval);
    let ab = alphabeta(&mut s, depth, eval);
    assert_eq!(&s, state, "plain searches must leave the state as they found it");
    assert_eq!(mm.value, ab.value, "alpha-beta disagrees with minimax at depth {depth} on {state:?}");
    assert!(ab.nodes <= mm.nodes, "alpha-beta visited more nodes than minimax on {state:?}");
    let (nv, _) = Searcher::<S>::new(1 << 12).search_depth(state, eval, depth);
    assert_eq!(mm.value, nv, "negamax+TT disagrees with minimax at depth {depth} on {state:?}");
    mm.value
}

/// Every distinct state reachable from `start`, in discovery order (depth-first). For exhaustive checks on small
/// games.
pub fn reachable_states<G: Game>(game: &G, start: &G::State) -> Vec<G::State> {
    let _ = game;
    let mut seen: std::collections::HashMap<u64, Vec<G::State>> = std::collections::HashMap::new();
    let mut order = Vec::new();
    let mut stack = vec![start.clone()];
    let mut moves = Vec::new();
    while let Some(s) = stack.pop() {
        let bucket = seen.entry(s.hash()).or_default();
        if bucket.contains(&s) {
            continue;
        }
        bucket.push(s.clone());
        s.legal_moves(&mut moves);
        for &m in &moves {
            let mut t = s.clone();
            t.play(m);
            stack.push(t);
        }
        order.push(s);
    }
    order
}
