//! The searcher's own tests: leaf shortcuts, cut-short iterations and the pruning hooks, on tic-tac-toe.

use super::*;
use crate::examples::tictactoe::{Board, TicTacToe};
use crate::search::IterationReport;
use crate::{Game, Notation, SearchLimits};
use std::sync::atomic::{AtomicU32, Ordering};

/// A heuristic with many distinct values, so null windows fail high and PVS re-searches leaves.
struct Scattered;

impl Evaluator<Board> for Scattered {
    fn evaluate(&self, s: &Board) -> Value {
        Value::heuristic((s.hash() % 97) as i32 - 48)
    }
}

/// The same evaluator, answering `leaf_value` by playing the move on a copy.
struct Shortcut;

impl Evaluator<Board> for Shortcut {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn leaf_value(&self, s: &Board, m: u8, ply: i32) -> Option<(Value, bool)> {
        let mut child = *s;
        child.play(m);
        Some(match child.outcome() {
            Some(o) => (self.terminal(&child, o, ply), true),
            None => (self.evaluate(&child), false),
        })
    }
}

/// Valuing leaves through [`Evaluator::leaf_value`] changes nothing a search reports: value, move, principal
/// variation, node count and exactness, at every depth, from every third position of tic-tac-toe.
#[test]
fn leaf_values_give_the_same_search() {
    let game = TicTacToe;
    let states = crate::testkit::reachable_states(&game, &game.initial_state());
    let (mut plain, mut quick) = (Searcher::new(1 << 12), Searcher::new(1 << 12));
    for s in states.iter().step_by(3) {
        for depth in 1..=5 {
            plain.clear();
            quick.clear();
            let a = plain.search(s, &Scattered, &SearchLimits::depth(depth), &mut ());
            let b = quick.search(s, &Shortcut, &SearchLimits::depth(depth), &mut ());
            assert_eq!(a, b, "depth {depth} from {}", game.format_state(s));
        }
    }
}

/// [`Scattered`] with an aspiration window of half-width `.0`.
struct Windowed(i32);

impl Evaluator<Board> for Windowed {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn aspiration(&self) -> Option<i32> {
        Some(self.0)
    }
}

/// Aspiration windows, narrow or wide, change no iteration's value: a value outside the window is searched again
/// until it lands inside, at every depth, from every third position of tic-tac-toe, wins and losses included.
#[test]
fn aspiration_windows_give_the_same_values() {
    let game = TicTacToe;
    let states = crate::testkit::reachable_states(&game, &game.initial_state());
    let (mut plain, mut windowed) = (Searcher::new(1 << 12), Searcher::new(1 << 12));
    let mut outside = 0;
    for s in states.iter().step_by(3) {
        for depth in 1..=7 {
            plain.clear();
            let a = plain.search(s, &Scattered, &SearchLimits::depth(depth), &mut ());
            let last = if depth > 1 {
                plain.search(s, &Scattered, &SearchLimits::depth(depth - 1), &mut ()).value
            } else {
                a.value
            };
            for width in [1, 5, 30] {
                windowed.clear();
                let b = windowed.search(s, &Windowed(width), &SearchLimits::depth(depth), &mut ());
                assert_eq!(a.value, b.value, "depth {depth} width {width} from {}", game.format_state(s));
                outside += usize::from((a.value.0 - last.0).abs() > width);
            }
        }
    }
    // The windows were missed often enough for the re-searches to be tested.
    assert!(outside > 100, "{outside}");
}

/// An iteration cut short by the node budget answers with a root move that finished in it only when that move
/// beat the previous iteration's move, which finished too: the kept move's value is its exact value one ply
/// deeper than the last finished iteration, and higher than the previous move's value at that depth.
#[test]
fn a_cut_short_iteration_keeps_only_a_finished_better_root_move() {
    let game = TicTacToe;
    let depth_value = |s: &Board, m: u8, depth: u32| {
        let mut child = *s;
        child.play(m);
        (-crate::search::minimax(&mut child, depth - 1, &Scattered).value).from_tt(1)
    };
    let mut kept = 0;
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter().filter(|s| s.outcome().is_none()) {
        for budget in (1..=6).map(|k| k * Deadline::CHECK_EVERY) {
            let mut last = (0, None);
            let r = Searcher::new(1 << 12).search(
                s,
                &Scattered,
                &SearchLimits::nodes(budget),
                &mut |rep: &IterationReport<'_, u8>| last = (rep.depth, rep.pv.first().copied()),
            );
            let (Some(before), Some(now)) = (last.1, r.best) else { continue };
            if !r.stopped || now == before {
                continue;
            }
            kept += 1;
            let cut = last.0 + 1;
            assert_eq!(r.value, depth_value(s, now, cut), "{}", game.format_state(s));
            assert!(r.value > depth_value(s, before, cut), "{}", game.format_state(s));
            assert_eq!(r.pv.first(), Some(&now));
        }
    }
    assert!(kept > 0, "no cut-short iteration changed its answer");
}

/// The pruning hooks answering "prune" wherever they are asked.
struct AlwaysPrune {
    futility: bool,
    null_move: bool,
}

impl Evaluator<Board> for AlwaysPrune {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn futility(&self, _s: &Board, _depth: u32, beta: Value) -> Option<Value> {
        self.futility.then_some(beta)
    }

    fn null_move(&self, _s: &Board, _depth: u32, _beta: Value) -> Option<u32> {
        self.null_move.then_some(1)
    }
}

/// What [`pruning_is_asked_off_the_principal_variation_only`] expects of a search of `depth` plies from `pos` (`ply`
/// plies from the root) whose every null-window node fails high before its moves: on the leftmost line, searched
/// with the full window, the first move's value, beaten only by a later move that ends the game (a finished game
/// is valued before any pruning); at the last ply every move is valued. Value for the side to move, and the line.
fn leftmost(pos: &Board, ply: i32, depth: u32) -> (Value, Vec<u8>) {
    if let Some(o) = pos.outcome() {
        return (Scattered.terminal(pos, o, ply), Vec::new());
    }
    if depth == 0 {
        return (Scattered.evaluate(pos), Vec::new());
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best: Option<(Value, Vec<u8>)> = None;
    for (i, &m) in moves.iter().enumerate() {
        let mut child = *pos;
        child.play(m);
        if i > 0 && depth > 1 && child.outcome().is_none() {
            continue;
        }
        let (v, rest) = leftmost(&child, ply + 1, depth - 1);
        if best.as_ref().is_none_or(|b| -v > b.0) {
            best = Some((-v, std::iter::once(m).chain(rest).collect()));
        }
    }
    best.expect("a legal move")
}

/// The pruning hooks are asked only at null-window nodes, never at the root or on the principal variation: with a
/// futility hook that prunes wherever it is asked, a fixed-depth search keeps exactly its leftmost line (every first
/// move is searched with the full window, every later move with a null window that the hook fails high, unless it
/// ends the game), so its value and principal variation are [`leftmost`]'s.
#[test]
fn pruning_is_asked_off_the_principal_variation_only() {
    let game = TicTacToe;
    let prune = AlwaysPrune { futility: true, null_move: false };
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter().step_by(5) {
        if s.outcome().is_some() {
            continue;
        }
        for depth in 1..=5 {
            let (value, line) = leftmost(s, 0, depth);
            let mut searcher = Searcher::new(1 << 12);
            let (v, best) = searcher.search_depth(s, &prune, depth);
            assert_eq!((v, best), (value, line.first().copied()), "depth {depth} from {}", game.format_state(s));
            assert_eq!(searcher.pv[0], line, "depth {depth} from {}", game.format_state(s));
        }
    }
}

/// A null move asked of a game that cannot pass (the default [`State::pass`]) changes nothing: value, move, principal
/// variation and node count equal the plain search's, at every depth.
#[test]
fn a_null_move_in_a_game_without_passes_changes_nothing() {
    let game = TicTacToe;
    let asks = AlwaysPrune { futility: false, null_move: true };
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter().step_by(7) {
        for depth in 1..=5 {
            let a = Searcher::new(1 << 12).search(s, &Scattered, &SearchLimits::depth(depth), &mut ());
            let b = Searcher::new(1 << 12).search(s, &asks, &SearchLimits::depth(depth), &mut ());
            assert_eq!(a, b, "depth {depth} from {}", game.format_state(s));
        }
    }
}

/// A move whose child another Lazy SMP thread is searching is put off, never dropped: with every other child of the
/// root and their children marked busy, a search of the whole game still visits every root move, in another order,
/// and finds the exact value of every position; the root's first move is still searched first.
#[test]
fn busy_children_are_searched_last_not_skipped() {
    let game = TicTacToe;
    let (mut checked, mut reordered) = (0, 0);
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter().step_by(7) {
        if s.outcome().is_some() {
            continue;
        }
        let exact = crate::search::minimax(&mut { *s }, 9, &Scattered).value;
        let mut plain = Searcher::new(1 << 12);
        let (v, _) = plain.search_depth(s, &Scattered, 9);
        assert_eq!(v, exact);
        let first = plain.root_done.first().copied();

        let busy = Arc::new(Busy::default());
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        for &m in moves.iter().step_by(2) {
            let mut child = *s;
            child.play(m);
            busy.enter(child.hash());
            let mut grand = Vec::new();
            child.legal_moves(&mut grand);
            for &g in &grand {
                let mut c = child;
                c.play(g);
                busy.enter(c.hash());
            }
        }
        let mut deferring = Searcher::new(1 << 12);
        deferring.busy = Some(busy);
        let (v, _) = deferring.search_depth(s, &Scattered, 9);
        assert_eq!(v, exact, "{}", game.format_state(s));
        assert_eq!(deferring.root_done.len(), moves.len(), "{}", game.format_state(s));
        assert_eq!(deferring.root_done.first().copied(), first);
        if deferring.root_done != plain.root_done {
            reordered += 1;
        }
        checked += 1;
    }
    assert!(checked > 10 && reordered > 0, "{reordered} of {checked} searches put a move off");
}

/// A forward-pruning evaluator that searches only the first two legal moves of every node, and, when `widen` is
/// set, offers the rest through [`Evaluator::more_moves`].
struct FirstTwo {
    widen: bool,
}

impl Evaluator<Board> for FirstTwo {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn select_moves(&self, _s: &Board, moves: &mut MoveList<u8>) {
        moves.truncate(2);
    }

    fn more_moves(&self, s: &Board, searched: &[u8], moves: &mut MoveList<u8>) {
        if self.widen {
            s.legal_moves(moves);
            moves.retain(|m| !searched.contains(m));
        }
    }
}

/// A forced loss proved over a cut list is searched again over the moves the cut left out: with the other moves
/// offered, every win or loss a whole-game search of a two-move-wide tic-tac-toe reports is the exact one (a proof
/// needs every defence refuted); without them, some positions are called lost that are not.
#[test]
fn a_loss_over_a_cut_list_is_searched_again_wider() {
    let game = TicTacToe;
    let (mut unsound_cut, mut checked) = (0, 0);
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter() {
        if s.outcome().is_some() {
            continue;
        }
        let exact = crate::search::minimax(&mut { *s }, 9, &Scattered).value;
        let (cut, _) = Searcher::new(1 << 12).search_depth(s, &FirstTwo { widen: false }, 9);
        let (wide, _) = Searcher::new(1 << 12).search_depth(s, &FirstTwo { widen: true }, 9);
        let unsound = |v: Value| (v.is_loss() && !exact.is_loss()) || (v.is_win() && !exact.is_win());
        assert!(!unsound(wide), "{} called {wide:?}, exactly {exact:?}", game.format_state(s));
        unsound_cut += usize::from(unsound(cut));
        checked += 1;
    }
    assert!(unsound_cut > 0, "the cut list alone called none of {checked} positions wrongly");
}

/// [`Scattered`] that extends every node with an even number of moves by one ply (every other ply of a game).
struct ExtendLate;

impl Evaluator<Board> for ExtendLate {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn extension(&self, _s: &Board, moves: &[u8]) -> u32 {
        u32::from(moves.len().is_multiple_of(2))
    }
}

/// A node extended by [`Evaluator::extension`] is stored at the depth it was asked for, not the extended one: a
/// later, deeper iteration that asks for one ply more searches it again (extended again) instead of reading the
/// shallower result. So iterative deepening to a depth finds what one search straight to that depth finds, at
/// every depth from every reachable tic-tac-toe position.
#[test]
fn an_extended_node_is_stored_at_the_depth_it_was_asked_for() {
    let game = TicTacToe;
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter().step_by(3) {
        if s.outcome().is_some() {
            continue;
        }
        for depth in 2..=5 {
            let deepened = Searcher::new(1 << 12).search(s, &ExtendLate, &SearchLimits::depth(depth), &mut ());
            let (direct, _) = Searcher::new(1 << 12).search_depth(s, &ExtendLate, depth);
            assert_eq!(deepened.value, direct, "depth {depth} from {}", game.format_state(s));
        }
    }
}

/// Deepening with `eval` far enough (40 plies) from every third reachable tic-tac-toe position gives its exact
/// value, as a plain search to the end does, and calls it exact: a reduction hook may shape the search, never its
/// answer once every line ends in a finished game.
fn deepening_far_enough_is_exact(eval: &impl Evaluator<Board>) {
    let game = TicTacToe;
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter().step_by(3) {
        let exact = Searcher::new(1 << 12).search(s, &crate::NullEvaluator, &SearchLimits::depth(9), &mut ()).value;
        let r = Searcher::new(1 << 12).search(s, eval, &SearchLimits::depth(40), &mut ());
        assert_eq!(r.value, exact, "from {}", game.format_state(s));
        assert!(r.exact);
    }
}

/// [`Scattered`] that reduces every node with two or more plies left and no table move by a ply, counting the
/// nodes it was asked about.
#[derive(Default)]
struct Unguided(AtomicU32);

impl Evaluator<Board> for Unguided {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn unguided_reduction(&self, depth: u32) -> u32 {
        self.0.fetch_add(1, Ordering::Relaxed);
        u32::from(depth >= 2)
    }
}

/// Internal iterative reduction searches new nodes shallower and only those: a fresh search visits fewer nodes
/// than without it, the same search again on the warm table asks the hook at under a third as many nodes (only
/// at the nodes it reaches that the first search did not, the others having a table move now), and deepening far
/// enough still ends every game, so the exact value of every reachable position is found.
#[test]
fn only_nodes_without_a_table_move_are_reduced() {
    let game = TicTacToe;
    let root = game.initial_state();
    let (reduced, plain) = (Unguided::default(), Scattered);
    let mut a = Searcher::new(1 << 16);
    a.search_depth(&root, &reduced, 5);
    let mut b = Searcher::new(1 << 16);
    b.search_depth(&root, &plain, 5);
    assert!(a.nodes < b.nodes, "reduced {} plain {}", a.nodes, b.nodes);
    assert!(reduced.0.load(Ordering::Relaxed) > 0);

    let again = Unguided::default();
    a.search_depth(&root, &again, 5);
    let (fresh, warm) = (reduced.0.load(Ordering::Relaxed), again.0.load(Ordering::Relaxed));
    assert!(warm * 3 < fresh, "fresh table {fresh} asks, warm table {warm}");

    deepening_far_enough_is_exact(&Unguided::default());
}

/// [`Scattered`] that reduces every root move after the second by a ply, counting the times it was asked.
#[derive(Default)]
struct LateRoot(AtomicU32);

impl Evaluator<Board> for LateRoot {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn root_reduction(&self, index: usize, _depth: u32) -> u32 {
        self.0.fetch_add(1, Ordering::Relaxed);
        u32::from(index >= 2)
    }
}

/// The root reduction is asked at the root only (once for each move after the first, not at the thousands of
/// inner nodes), saves nodes, and deepening far enough still finds every position's exact value: a reduced move
/// that beats the best so far is searched again at full depth.
#[test]
fn only_root_moves_are_reduced_by_the_root_hook() {
    let game = TicTacToe;
    let root = game.initial_state();
    let (reduced, plain) = (LateRoot::default(), Scattered);
    let mut a = Searcher::new(1 << 16);
    a.search_depth(&root, &reduced, 5);
    let mut b = Searcher::new(1 << 16);
    b.search_depth(&root, &plain, 5);
    assert!(a.nodes < b.nodes, "reduced {} plain {}", a.nodes, b.nodes);
    let asked = reduced.0.load(Ordering::Relaxed);
    assert!((1..=8).contains(&asked), "asked {asked} times for 9 root moves");

    deepening_far_enough_is_exact(&LateRoot::default());
}

/// [`Scattered`] that leaves out every move after the second at nodes with fewer than `below` plies left (late-move
/// pruning), offers the moves a loss should be searched again over, and counts the times it was asked.
struct LateTwo {
    below: u32,
    asked: AtomicU32,
}

impl LateTwo {
    fn new(below: u32) -> LateTwo {
        LateTwo { below, asked: AtomicU32::new(0) }
    }
}

impl Evaluator<Board> for LateTwo {
    fn evaluate(&self, s: &Board) -> Value {
        Scattered.evaluate(s)
    }

    fn late_move_pruning(&self, index: usize, depth: u32) -> bool {
        self.asked.fetch_add(1, Ordering::Relaxed);
        index >= 2 && depth < self.below
    }

    fn more_moves(&self, s: &Board, searched: &[u8], moves: &mut MoveList<u8>) {
        s.legal_moves(moves);
        moves.retain(|m| !searched.contains(m));
    }
}

/// Late-move pruning is asked below the root only (a one-ply search asks nothing: its nodes below the root are
/// leaves), saves nodes where it applies and changes nothing where it does not (a search whose every node has as
/// many plies left as the threshold visits what the plain search visits).
#[test]
fn late_moves_are_left_out_below_the_root_only() {
    let game = TicTacToe;
    let root = game.initial_state();
    let one_ply = LateTwo::new(u32::MAX);
    Searcher::new(1 << 16).search_depth(&root, &one_ply, 1);
    assert_eq!(one_ply.asked.load(Ordering::Relaxed), 0);

    let (pruned, never) = (LateTwo::new(u32::MAX), LateTwo::new(0));
    let (mut a, mut b, mut c) = (Searcher::new(1 << 16), Searcher::new(1 << 16), Searcher::new(1 << 16));
    a.search_depth(&root, &pruned, 5);
    let (vb, _) = b.search_depth(&root, &never, 5);
    let (vc, _) = c.search_depth(&root, &Scattered, 5);
    assert!(pruned.asked.load(Ordering::Relaxed) > 0);
    assert!(a.nodes < b.nodes, "pruned {} plain {}", a.nodes, b.nodes);
    assert_eq!((vb, b.nodes), (vc, c.nodes), "a hook that prunes nothing changes nothing");
    deepening_far_enough_is_exact(&LateTwo::new(3));
}

/// A forced loss over a list whose late moves were left out is searched again over them: with every node keeping
/// only its first two moves tried, every win or loss a whole-game search of tic-tac-toe reports is the exact one.
#[test]
fn a_loss_over_late_pruned_moves_is_searched_again_wider() {
    let game = TicTacToe;
    let mut checked = 0;
    for s in crate::testkit::reachable_states(&game, &game.initial_state()).iter() {
        if s.outcome().is_some() {
            continue;
        }
        let exact = crate::search::minimax(&mut { *s }, 9, &Scattered).value;
        let (v, _) = Searcher::new(1 << 12).search_depth(s, &LateTwo::new(u32::MAX), 9);
        let unsound = (v.is_loss() && !exact.is_loss()) || (v.is_win() && !exact.is_win());
        assert!(!unsound, "{} called {v:?}, exactly {exact:?}", game.format_state(s));
        checked += 1;
    }
    assert!(checked > 1000);
}
