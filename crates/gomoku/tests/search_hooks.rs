//! The Gomoku evaluator's shortcuts for the core searcher must change nothing but speed: on random positions of
//! every rule and several board sizes, `searched_moves` gives the moves and the pruning flag of the default (legal
//! moves, then `select_moves`), and `leaf_value` gives, for every legal move, what playing it, valuing the child
//! (`terminal` when the game is over, else `evaluate`) and taking it back gives. The bench's pinned node count
//! (`tests/bench.rs`) checks the same end to end.

use sente_core::{Evaluator, Game, State, Value};
use sente_gomoku::engine::eval::GomokuEval;
use sente_gomoku::{Gomoku, Move, Position, Rule};

/// A small xorshift generator, so the positions are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// What the searcher computes for the child after `m` when no shortcut applies.
fn played(eval: &GomokuEval, pos: &mut Position, m: Move, ply: i32) -> (Value, bool) {
    pos.play(m);
    let r = match pos.outcome() {
        Some(o) => (eval.terminal(pos, o, ply), true),
        None => (eval.evaluate(pos), false),
    };
    pos.undo(m);
    r
}

/// Random games (moves near stones mostly, so threats appear) on `game`, calling `check` on every position.
fn walk(game: Gomoku, games: usize, seed: u64, mut check: impl FnMut(&mut Position)) {
    let mut rng = Rng(seed);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = game.initial_state();
        while pos.outcome().is_none() {
            check(&mut pos);
            pos.legal_moves(&mut moves);
            let mut near = moves.clone();
            GomokuEval::default().select_moves(&pos, &mut near);
            let pool = if rng.below(4) == 0 || near.is_empty() { &moves } else { &near };
            pos.play(pool[rng.below(pool.len())]);
        }
    }
}

const GAMES: [(usize, Rule, usize); 7] = [
    (15, Rule::Freestyle, 6),
    (19, Rule::ExactFive, 3),
    (7, Rule::Freestyle, 20),
    (6, Rule::ExactFive, 20),
    (9, Rule::Renju, 6),
    (15, Rule::Renju, 6),
    (26, Rule::Freestyle, 1),
];

#[test]
fn leaf_values_equal_playing_the_move() {
    let eval = GomokuEval::default();
    let (mut checked, mut shortcuts, mut ends) = (0, 0, 0);
    for (k, &(size, rule, games)) in GAMES.iter().enumerate() {
        let game = Gomoku::new(size, rule).expect("size");
        walk(game, games, 17 + k as u64, |pos| {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for &m in &moves {
                let ply = 1 + (m.index() % 7) as i32;
                let before = pos.clone();
                if let Some(quick) = eval.leaf_value(pos, m, ply) {
                    assert_eq!(quick, played(&eval, pos, m, ply), "{rule} {size}x{size} move {m:?} in\n{pos:?}");
                    shortcuts += 1;
                    ends += usize::from(quick.1);
                }
                assert_eq!(*pos, before);
                checked += 1;
            }
        });
    }
    // The shortcut must actually be taken (double opposing fives and crowded renju boards excepted), wins and draws
    // included.
    assert!(shortcuts * 10 > checked * 8, "{shortcuts} of {checked}");
    assert!(ends > 0);
}

#[test]
fn searched_moves_equal_legal_moves_then_select_moves() {
    let mut with_root = GomokuEval::default();
    for (k, &(size, rule, games)) in GAMES.iter().enumerate() {
        let game = Gomoku::new(size, rule).expect("size");
        walk(game, games, 41 + k as u64, |pos| {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            // The root whitelist too: every other legal move allowed at this position.
            with_root.root = Some((pos.hash(), legal.iter().copied().step_by(2).collect()));
            for eval in [&GomokuEval::default(), &with_root] {
                let mut expected = legal.clone();
                eval.select_moves(pos, &mut expected);
                let pruned = expected.len() < legal.len();
                let mut got = vec![Move(0); 3];
                assert_eq!(eval.searched_moves(pos, &mut got), pruned, "{rule} {size}x{size}\n{pos:?}");
                assert_eq!(got, expected, "{rule} {size}x{size}\n{pos:?}");
            }
        });
    }
}

/// Renju's black moves in `searched_moves` check only the cells within two steps of a stone for forbidden points:
/// every forbidden point found on random renju games is one of them.
#[test]
fn forbidden_points_lie_near_stones() {
    let mut forbidden = 0;
    for (size, seed) in [(15, 5), (9, 6), (19, 7)] {
        let game = Gomoku::new(size, Rule::Renju).expect("size");
        walk(game, 6, seed, |pos| {
            let near = pos.candidate_rows();
            for i in 0..size * size {
                if pos.is_forbidden(Move(i as u16)) {
                    assert!((near[i / size] >> (i % size)) & 1 != 0, "cell {i} far from the stones\n{pos:?}");
                    forbidden += 1;
                }
            }
        });
    }
    assert!(forbidden > 20, "{forbidden} forbidden points met");
}
