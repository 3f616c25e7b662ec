//! Helpers the fuzz targets share: seeded random positions, the move-text property, and the pbrain manager model.

pub mod pbrain;

use sente_core::testkit::check_position;
use sente_core::{Game, Notation, State};

/// A small deterministic generator (xorshift64*), so a fuzz input always means the same position.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, zero included).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// The position after up to `plies` random legal moves from the start (fewer if the game ends).
pub fn random_position<G: Game>(game: &G, plies: usize, seed: u64) -> G::State {
    let mut rng = Rng::new(seed);
    let mut state = game.initial_state();
    let mut moves = Vec::new();
    for _ in 0..plies {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        state.play(m);
    }
    state
}

/// The move-notation property: if `text` parses in `state`, it names a legal move whose canonical text parses
/// back to it, and the position after it keeps every core invariant.
///
/// # Panics
/// When the property fails.
pub fn check_move_text<G: Notation>(game: &G, state: &G::State, text: &str) {
    let Ok(m) = game.parse_move(state, text) else { return };
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    let at = game.format_state(state);
    assert!(legal.contains(&m), "{text:?} parsed to {m:?}, which is not legal in {at:?}");
    let canonical = game.format_move(state, m);
    match game.parse_move(state, &canonical) {
        Ok(back) => assert_eq!(back, m, "{canonical:?} (from {text:?}) parses to another move in {at:?}"),
        Err(e) => panic!("canonical move text {canonical:?} (from {text:?}) does not parse in {at:?}: {e}"),
    }
    let mut after = state.clone();
    after.play(m);
    check_position(game, &after);
}
