//! The Game/State split every Sente game implements, after OpenSpiel.
//!
//! A [`Game`] is immutable: rules and parameters (board size, variant, row weights). A [`State`] is one mutable
//! position: who is to move, the legal moves, play/undo with an incrementally kept 64-bit hash, and the outcome once
//! the game is over. Moves are compact `Copy` values; text exists only behind the [`Notation`] trait, which each game
//! implements in its own `notation` module. Heuristics live apart from the rules, in an [`Evaluator`].

use std::fmt::Debug;
use std::hash::Hash;

use crate::outcome::{Outcome, Player, Value};

/// A reusable buffer of moves. Searches keep one per ply so move generation does not allocate.
pub type MoveList<M> = Vec<M>;

/// Immutable rules and parameters of a game.
pub trait Game: Clone + Send + Sync + 'static {
    /// The mutable position type.
    type State: State;

    /// Short lowercase name, e.g. `"tictactoe"`.
    fn name(&self) -> &'static str;

    /// The standard starting position.
    fn initial_state(&self) -> Self::State;

    /// An upper bound on the number of plies any game can last (used by the test kit and search ply tables).
    fn max_game_length(&self) -> usize;
}

/// One position of a game, mutable by play/undo.
///
/// Invariants every implementation keeps (the test kit checks them): `legal_moves` is empty exactly when
/// `outcome()` is `Some`; `undo(m)` right after `play(m)` restores the state and its hash; `hash()` equals
/// `compute_hash()`.
pub trait State: Clone + Debug + Send + Sync + Eq + 'static {
    /// A compact move. It may carry what `undo` needs (a captured piece, a previous placement).
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The side to move.
    fn to_move(&self) -> Player;

    /// Clears `moves` and fills it with the legal moves, in the game's canonical order. A game whose rules force a
    /// pass returns the pass as a move; a finished game returns none.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Plays a move taken from `legal_moves` of this very state. Behaviour on any other move is unspecified (a
    /// `debug_assert!` may fire); user input goes through [`Notation::parse_move`] first.
    fn play(&mut self, m: Self::Move);

    /// Takes back `m`, which must be the last move played.
    fn undo(&mut self, m: Self::Move);

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The incrementally maintained 64-bit Zobrist hash of the position (side to move included).
    fn hash(&self) -> u64;

    /// The hash the position would have after `m`, when the game can tell without playing it (the searcher then
    /// fetches the child's table entry into cache while it plays the move). The default, `None`, asks for nothing;
    /// a game that answers must give what [`State::play`] then [`State::hash`] would (the test kit checks it).
    fn hash_after(&self, _m: Self::Move) -> Option<u64> {
        None
    }

    /// The hash recomputed from scratch; the test kit compares it with [`State::hash`].
    fn compute_hash(&self) -> u64 {
        self.hash()
    }

    /// A small integer naming the move (from-square/to-square and the like), used to index history tables. It
    /// need not be unique; collisions only blur move ordering.
    fn move_key(&self, m: Self::Move) -> usize;

    /// Hands the turn to the other side without a move (a null move, for the searcher's null-move pruning) and
    /// returns true, or returns false and changes nothing when the game has no such move (the default). The hash
    /// must change as the side to move does; [`State::unpass`] takes the pass back.
    fn pass(&mut self) -> bool {
        false
    }

    /// Takes back a [`State::pass`] that returned true, restoring the state and its hash.
    fn unpass(&mut self) {}
}

/// Text forms of positions and moves. Each game implements it once, in its `notation` module.
pub trait Notation: Game {
    /// The error a malformed position or move text produces.
    type Error: std::error::Error + Send + Sync + 'static;

    /// Writes a position in the game's canonical text.
    fn format_state(&self, state: &Self::State) -> String;

    /// Parses a position.
    ///
    /// # Errors
    /// A message naming what is wrong with the text.
    fn parse_state(&self, text: &str) -> Result<Self::State, Self::Error>;

    /// Writes a move (which must be legal in `state`).
    fn format_move(&self, state: &Self::State, m: <Self::State as State>::Move) -> String;

    /// Parses a move and resolves it against the legal moves of `state`.
    ///
    /// # Errors
    /// The text is malformed, or names no legal move.
    fn parse_move(&self, state: &Self::State, text: &str) -> Result<<Self::State as State>::Move, Self::Error>;
}

/// A heuristic evaluation, kept apart from the rules.
pub trait Evaluator<S: State>: Sync {
    /// The score of a non-terminal position for the side to move.
    fn evaluate(&self, state: &S) -> Value;

    /// The score of a finished game for the side to move, `ply` plies from the search root. The default maps the
    /// outcome onto forced win/loss/draw values; scoring games override it.
    fn terminal(&self, state: &S, outcome: Outcome, ply: i32) -> Value {
        let v = outcome.value_for(state.to_move());
        if v.is_win() {
            Value::win_in(ply)
        } else if v.is_loss() {
            Value::loss_in(ply)
        } else {
            v
        }
    }

    /// An ordering bonus for `m` in `state` (higher searched earlier). Games plug threat knowledge in here.
    fn move_score(&self, _state: &S, _m: S::Move) -> i32 {
        0
    }

    /// Restricts the legal moves the negamax searcher considers at a node (forward pruning: Gomoku keeps the cells
    /// near stones, or only the forced defences against a four). The default keeps every move. It must leave at
    /// least one move when `moves` is non-empty. Plain minimax and alpha-beta never call it.
    fn select_moves(&self, _state: &S, _moves: &mut MoveList<S::Move>) {}

    /// Fills `moves` with the moves the negamax searcher tries at a non-terminal node and returns true when some
    /// legal move was left out (forward pruning, which keeps the node's value from counting as proven).
    ///
    /// The default is [`State::legal_moves`] narrowed by [`Evaluator::select_moves`]. A game whose evaluator can
    /// produce its searched moves straight from the position (Gomoku's best cells near stones) overrides it to skip
    /// building the full legal list at every node; the override must give the same moves, in the same order, and
    /// the same answer as the default.
    fn searched_moves(&self, state: &S, moves: &mut MoveList<S::Move>) -> bool {
        state.legal_moves(moves);
        let generated = moves.len();
        self.select_moves(state, moves);
        moves.len() < generated
    }

    /// The moves to search next at a node whose searched moves (`searched`, as [`Evaluator::searched_moves`] gave
    /// them) all lost by force although forward pruning left some out: the left-out moves that might still hold.
    /// A loss proved over a cut list is no proof (the defence may be a move the cut dropped), so the negamax
    /// searcher searches these too, once, before it returns the loss. The default adds nothing; an evaluator
    /// that prunes only moves it knows to lose keeps it.
    fn more_moves(&self, _state: &S, _searched: &[S::Move], _moves: &mut MoveList<S::Move>) {}

    /// The value of the position `m` leads to, for the side to move there, when the evaluator can tell it without
    /// playing the move, with `true` when `m` ends the game. The negamax searcher asks it for every move at its
    /// last ply (where the child is a leaf) instead of playing the move, evaluating and taking it back; the child
    /// still counts as a visited node. `ply` is the child's distance from the root.
    ///
    /// The answer must be what [`State::play`], then [`Evaluator::terminal`] (when the game is over) or
    /// [`Evaluator::evaluate`], then [`State::undo`] would give. The default, `None`, plays the move.
    fn leaf_value(&self, _state: &S, _m: S::Move, _ply: i32) -> Option<(Value, bool)> {
        None
    }

    /// Plies added to the search depth at a node whose searched moves are `moves` (a forcing-move extension: a
    /// node with a single forced reply costs no depth). The default, 0, extends nothing; exact solvers keep it.
    fn extension(&self, _state: &S, _moves: &[S::Move]) -> u32 {
        0
    }

    /// Plies by which the negamax searcher reduces a node below the root with `depth` plies left that has no move
    /// from the transposition table to try first (internal iterative reduction): such a node was not searched
    /// before, or not deeply, so its moves are ordered by guesswork; searched a ply shallower, it costs little
    /// and leaves a table move for the next iteration, which searches it at its full depth. The node is stored at
    /// the reduced depth. The default, 0, reduces nothing; exact solvers keep it.
    fn unguided_reduction(&self, _depth: u32) -> u32 {
        0
    }

    /// Plies by which the negamax searcher may reduce the null-window search of the `index`-th root move tried
    /// (from 0) in an iteration of `depth` plies (late root moves, ordered after the table's move by the move
    /// scores and the history, are rarely the answer). As with [`Evaluator::reduction`], a reduced search that
    /// beats alpha is searched again at full depth. The default, 0, reduces nothing; exact solvers keep it.
    fn root_reduction(&self, _index: usize, _depth: u32) -> u32 {
        0
    }

    /// Plies by which the negamax searcher may reduce the null-window search of `m`, the `index`-th move tried
    /// (from 0) at a node with `depth` plies left (late-move reductions). `pv` says the node is on the principal
    /// variation (the root, or a node searched with a window wider than a null window: the nodes where the pruning
    /// hooks are not asked), where chess engines reduce less. A reduced search that beats alpha is searched again
    /// at full depth, so a reduction only saves time on moves that turn out bad. The default, 0, reduces nothing.
    fn reduction(&self, _state: &S, _m: S::Move, _index: usize, _depth: u32, _pv: bool) -> u32 {
        0
    }

    /// Late-move pruning below the root: whether the negamax searcher leaves out the `index`-th move (from 0, in
    /// the order searched) of a node with `depth` plies left, and with it every later move of the node's list. Not
    /// asked for a node's first move, at the root, or for the moves [`Evaluator::more_moves`] adds; a node whose
    /// searched moves all lose by force offers the left-out moves there again. An evaluator whose lists hold moves
    /// that only deeper searches can afford keeps them out of shallow nodes this way. The default, `false`, leaves
    /// out nothing; exact solvers keep it.
    fn late_move_pruning(&self, _index: usize, _depth: u32) -> bool {
        false
    }

    /// A value proved at a node before its moves are searched, with `depth` plies left and `ply` plies from the
    /// root: a threat solver's forced win for the side to move, as [`Value::win_in`] counted from the root. The
    /// node then returns it like a finished game. `state` must be as it was when this returns. The default, `None`,
    /// proves nothing; exact solvers keep it.
    fn prove(&self, _state: &mut S, _depth: u32, _ply: i32) -> Option<Value> {
        None
    }

    /// Null-move pruning at a node searched with a null window (off the principal variation) at `beta`, with
    /// `depth` plies left: `Some(r)` asks the searcher to pass the turn ([`State::pass`]) and search the other side's
    /// reply `1 + r` plies shallower with the window at `beta`; if the side to move still reaches `beta` after
    /// giving a move away, the node returns that bound unsearched. Only sound where moving never hurts the mover
    /// (no zugzwang) and the evaluator has ruled out threats a free move would complete. The default, `None`, never
    /// passes; exact solvers keep it.
    fn null_move(&self, _state: &S, _depth: u32, _beta: Value) -> Option<u32> {
        None
    }

    /// Reverse futility pruning at a node searched with a null window at `beta`, with `depth` plies left: a value
    /// of at least `beta` that the node returns unsearched, when the evaluator judges the side to move so far above
    /// `beta` that no reply within `depth` plies brings it back (its static value less a margin per ply, with no
    /// threat against it). The default, `None`, prunes nothing; exact solvers keep it.
    fn futility(&self, _state: &S, _depth: u32, _beta: Value) -> Option<Value> {
        None
    }

    /// Aspiration windows: the half-width of the window around the previous iteration's value that each
    /// iteration from the fourth on first searches the root with; a value outside it is searched again with the
    /// window widened fourfold on that side, then unbounded. The default, `None`, searches every iteration with an
    /// unbounded window; exact solvers keep it.
    fn aspiration(&self) -> Option<i32> {
        None
    }

    /// Called by the negamax searcher before it plays `m` from `state` to search the child with plies left (where
    /// the child will look things up): an evaluator that reads a large table of its own at every node, such as a
    /// cache of solver answers, may start that read's cache miss here ([`crate::memory::prefetch`]) so it overlaps
    /// the move being played. A hint only, never a change of any value; the default does nothing.
    fn prefetch(&self, _state: &S, _m: S::Move) {}

    /// Razoring at a node searched with a null window at `alpha` (`beta` = `alpha + 1`), with `depth` plies left,
    /// asked after [`Evaluator::prove`] found no forced win: a value of at most `alpha` that the node returns
    /// unsearched, when the evaluator judges the side to move so far below `alpha` that no quiet move within `depth`
    /// plies brings it up. The default, `None`, prunes nothing; exact solvers keep it.
    fn razor(&self, _state: &S, _depth: u32, _alpha: Value) -> Option<Value> {
        None
    }
}

/// The evaluator that knows nothing: every non-terminal position is worth 0. Exact solvers use it.
#[derive(Copy, Clone, Debug, Default)]
pub struct NullEvaluator;

impl<S: State> Evaluator<S> for NullEvaluator {
    fn evaluate(&self, _state: &S) -> Value {
        Value::DRAW
    }
}

/// A game whose positions map one-to-one onto `0..state_count()`, as retrograde analysis needs.
///
/// Every state reachable by `play` from an enumerated state must itself be enumerated. Indices that do not name a
/// legal position return `None` from `state_at`.
pub trait Enumerable: Game {
    /// The size of the index space.
    fn state_count(&self) -> usize;

    /// The dense index of a position.
    fn index_of(&self, state: &Self::State) -> usize;

    /// The position with this index, if the index names one.
    fn state_at(&self, index: usize) -> Option<Self::State>;
}

/// A position of a two-player scoring game without cycles: every move earns the mover some points, the game ends
/// when no move is left, and the difference of the totals decides it.
pub trait ScoringState: State {
    /// Points the side to move earns by playing `m`.
    fn gain(&self, m: Self::Move) -> i32;

    /// A key identifying the position for memoisation (the hash by default).
    fn memo_key(&self) -> u64 {
        self.hash()
    }
}

/// An optional symmetry group acting on positions (rotations, reflections, relabellings).
pub trait Symmetric: State {
    /// All images of this position under the group, identity first.
    fn symmetric_images(&self) -> Vec<Self>;
}
