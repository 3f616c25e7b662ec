//! The published figures of Tsai & Lin's L-Game analysis, reproduced from the complete retrograde analysis.
//!
//! The paper counts both sides to move in its totals and its two move-count tables (36,736 positions), and one side
//! in its per-side figures (18,368 per side, 6,144 wins and 120 losses per side, 2,296 classes with 768 wins and 15
//! losses). Our counts are all for one side to move, so the both-sides figures appear here halved.

use sente_core::solve::retrograde::Verdict;
use sente_core::{Enumerable, Game, State, Symmetric};
use sente_lgame::index::{POSITIONS, canonical_index};
use sente_lgame::{Analysis, LGame, Stats};
use std::collections::BTreeMap;

/// The paper's move-count table ("Child Node個數統計"), both sides to move: moves → positions.
const PAPER_BRANCHING_BOTH_SIDES: [(u32, usize); 18] = [
    (0, 240),
    (13, 1440),
    (26, 2400),
    (39, 2880),
    (52, 4880),
    (65, 3456),
    (78, 3920),
    (91, 3072),
    (104, 2016),
    (117, 3200),
    (130, 3696),
    (143, 1536),
    (156, 1248),
    (169, 896),
    (182, 480),
    (195, 512),
    (208, 0),
    (221, 864),
];

/// The paper's table of move counts of its "WinNodes" (positions with a move into a position with no move, i.e.
/// won in one ply), both sides: moves → positions. It sums to 12,288 = 2 × 6,144.
const PAPER_WIN_IN_ONE_BRANCHING_BOTH_SIDES: [(u32, usize); 18] = [
    (0, 0),
    (13, 0),
    (26, 32),
    (39, 96),
    (52, 464),
    (65, 848),
    (78, 800),
    (91, 928),
    (104, 1040),
    (117, 1216),
    (130, 2048),
    (143, 1312),
    (156, 784),
    (169, 880),
    (182, 464),
    (195, 512),
    (208, 0),
    (221, 864),
];

fn halved(table: &[(u32, usize)]) -> BTreeMap<u32, usize> {
    table.iter().filter(|&&(_, n)| n > 0).map(|&(k, n)| (k, n / 2)).collect()
}

#[test]
fn counts_match_the_paper() {
    let s = Stats::new(&Analysis::new());
    // 36,736 positions for both sides, 18,368 each; 2,296 without symmetry.
    assert_eq!(s.positions, 18_368);
    assert_eq!(s.canonical_positions, 2_296);
    // 240 lost positions with no move for both sides, 120 each, 15 classes.
    assert_eq!((s.terminal, s.terminal_canonical), (120, 15));
    // 6,144 WinNodes per side, 768 classes.
    assert_eq!(s.wins_in_one(), 6_144);
    // After the 224 further lost positions (112 per side, 14 classes) the wins per side grow to 8,048.
    assert_eq!((s.wins, s.losses, s.draws), (8_048, 232, 10_088));
    assert_eq!((s.wins_canonical, s.losses_canonical, s.draws_canonical), (1_006, 29, 1_261));
    // At most 221 moves, 88.89 on average, always a multiple of 13.
    assert_eq!(s.max_branching, 221);
    assert_eq!((s.mean_branching * 100.0).round() / 100.0, 88.89);
    assert!(s.branching.keys().all(|k| k % 13 == 0));
    assert_eq!(s.branching, halved(&PAPER_BRANCHING_BOTH_SIDES));
    assert_eq!(s.win_in_one_branching, halved(&PAPER_WIN_IN_ONE_BRANCHING_BOTH_SIDES));
    // The start is a draw with 65 moves.
    assert_eq!((s.start_value.as_str(), s.start_moves), ("D", 65));
}

/// The paper found its extra lost positions in rounds: 48, 48, 80 and 48 positions for both sides, each round
/// those whose every move leads to a position the previous rounds had shown won for the opponent. Those rounds are
/// exactly the losses in 2, 4, 6 and 8 plies.
#[test]
fn the_papers_rounds_of_late_losses_are_the_loss_remoteness_levels() {
    let s = Stats::new(&Analysis::new());
    let rounds: Vec<usize> = [2, 4, 6, 8].iter().map(|r| 2 * s.loss_remoteness[r]).collect();
    assert_eq!(rounds, vec![48, 48, 80, 48]);
    assert_eq!(s.loss_remoteness.keys().copied().collect::<Vec<_>>(), vec![0, 2, 4, 6, 8]);
    assert_eq!(s.win_remoteness.keys().copied().collect::<Vec<_>>(), vec![1, 3, 5, 7, 9]);
    assert_eq!((s.max_win_remoteness, s.max_loss_remoteness), (9, 8));
    // The paper's first two rounds (its six drawn-out special positions per side and symmetry) have exactly one L
    // placement, so 13 moves, all losing.
    let a = Analysis::new();
    for i in 0..POSITIONS {
        let v = a.value_at(i);
        if v.verdict == Verdict::Loss && (v.remoteness == 2 || v.remoteness == 4) {
            assert_eq!(a.moves_at(i), 13, "index {i}");
        }
    }
}

#[test]
fn every_class_has_eight_members_with_one_value() {
    let a = Analysis::new();
    let mut members: BTreeMap<usize, usize> = BTreeMap::new();
    for i in 0..LGame.state_count() {
        let p = LGame.state_at(i).unwrap();
        let images = p.symmetric_images();
        let mut idx: Vec<usize> = images.iter().map(|q| q.index()).collect();
        idx.sort_unstable();
        idx.dedup();
        assert_eq!(idx.len(), 8, "no L-Game position is its own mirror image");
        assert_eq!(idx[0], canonical_index(i));
        for q in &images {
            assert_eq!(a.value(q), a.value(&p), "symmetric positions have one value");
            assert_eq!(a.moves_at(q.index()), a.moves_at(i));
        }
        *members.entry(canonical_index(i)).or_default() += 1;
    }
    assert_eq!(members.len(), 2_296);
    assert!(members.values().all(|&n| n == 8));
}

#[test]
fn the_start_is_a_draw_with_65_moves() {
    let a = Analysis::new();
    let start = LGame.initial_state();
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 65);
    assert_eq!(a.value(&start).verdict, Verdict::Draw);
    // Both players moving first or second see the same game: the start's mirror (X and O swapped) is drawn too.
    assert_eq!(a.value(&start.flipped()).verdict, Verdict::Draw);
}
