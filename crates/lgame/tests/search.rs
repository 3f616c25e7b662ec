//! The retrograde values agree with plain depth-limited search (the core's minimax and negamax searcher) on
//! sampled positions, and the engine's choices follow the stated rules, recomputed here from scratch.
//!
//! A position won or lost in `r` plies must search to exactly `win_in(r)` / `loss_in(r)` at depth `r` (and, with
//! the plain table-free searches, to a non-decisive value below); a drawn position must never search to a
//! decisive value.

use sente_core::search::{Searcher, minimax};
use sente_core::solve::retrograde::Verdict;
use sente_core::testkit::check_searches_agree;
use sente_core::{Enumerable, NullEvaluator, State, Value};
use sente_lgame::index::{POSITIONS, canonical_index};
use sente_lgame::{Analysis, LGame, Mobility, Position};

/// Class representatives, every `step`-th one, with their values.
fn sample(a: &Analysis, step: usize) -> Vec<(Position, sente_lgame::Solved)> {
    (0..POSITIONS)
        .filter(|&i| canonical_index(i) == i)
        .step_by(step)
        .map(|i| (LGame.state_at(i).unwrap(), a.value_at(i)))
        .collect()
}

#[test]
fn plain_searches_agree_with_retrograde_at_depth_two() {
    let a = Analysis::new();
    for (p, v) in sample(&a, 23) {
        // Minimax, alpha-beta and negamax+TT agree with each other...
        let searched = check_searches_agree(&p, &NullEvaluator, 2);
        // ...and with the table wherever the result is within two plies.
        if v.verdict != Verdict::Draw && v.remoteness <= 2 {
            assert_eq!(searched, v.value(), "{p}");
        } else {
            assert!(!searched.is_decisive(), "{p}: search found {searched} but the table says {v}");
        }
    }
}

#[test]
fn every_decided_class_up_to_five_plies_searches_to_its_exact_value() {
    let a = Analysis::new();
    let mut searcher = Searcher::new(1 << 18);
    let mut checked = [0usize; 6];
    for i in (0..POSITIONS).filter(|&i| canonical_index(i) == i) {
        let v = a.value_at(i);
        if v.verdict == Verdict::Draw || v.remoteness > 5 || v.remoteness == 0 {
            continue;
        }
        // Won in one: every 10th class is plenty; the longer ones are all checked.
        if v.remoteness == 1 && checked[1] > 0 && i % 10 != 0 {
            continue;
        }
        let p = LGame.state_at(i).unwrap();
        let r = v.remoteness;
        // The table may graft deeper results onto shallower nodes (a relative position recurs at other plies), so
        // a search can see past its horizon; but it can never prove a faster win or a slower loss than the truth,
        // and at depth r it must prove the truth.
        let (exact, _) = searcher.search_depth(&p, &Mobility, r);
        assert_eq!(exact, v.value(), "{p} at depth {r}");
        checked[r as usize] += 1;
    }
    assert!(checked[1] > 50 && checked[2] == 3 && checked[3] > 0 && checked[4] == 3 && checked[5] > 0, "{checked:?}");
}

#[test]
fn drawn_positions_never_search_to_a_decisive_value() {
    let a = Analysis::new();
    let mut searcher = Searcher::new(1 << 18);
    let mut n = 0;
    for (p, v) in sample(&a, 11) {
        if v.verdict != Verdict::Draw {
            continue;
        }
        searcher.clear();
        let (value, _) = searcher.search_depth(&p, &Mobility, 4);
        assert!(!value.is_decisive(), "{p}: drawn, but depth 4 finds {value}");
        n += 1;
    }
    assert!(n > 50);
}

#[test]
fn terminal_positions_are_losses_in_zero_for_minimax_too() {
    let a = Analysis::new();
    for i in (0..POSITIONS).filter(|&i| a.moves_at(i) == 0) {
        let mut p = LGame.state_at(i).unwrap();
        assert!(p.outcome().is_some());
        assert_eq!(minimax(&mut p, 3, &NullEvaluator).value, Value::loss_in(0));
        assert_eq!(a.value_at(i).value(), Value::loss_in(0));
    }
}

/// The engine's move, checked against the rules with every grandchild's value recomputed from the table.
#[test]
fn best_moves_follow_the_rules_on_every_class() {
    let a = Analysis::new();
    let mut moves = Vec::new();
    let mut replies = Vec::new();
    for (p, v) in sample(&a, 1) {
        let best = a.best_move(&p);
        p.legal_moves(&mut moves);
        let Some(best) = best else {
            assert!(moves.is_empty());
            continue;
        };
        // The value of each move for the mover, and for draws the share of the opponent's replies that lose.
        let mut scored = Vec::new();
        for &m in &moves {
            let mut c = p;
            c.play(m);
            let cv = a.value(&c);
            c.legal_moves(&mut replies);
            let losing = replies
                .iter()
                .filter(|&&r| {
                    let mut g = c;
                    g.play(r);
                    a.value(&g).verdict == Verdict::Win
                })
                .count();
            scored.push((m, cv, losing as u64, replies.len() as u64));
        }
        let first = match v.verdict {
            Verdict::Win => scored.iter().find(|s| s.1.verdict == Verdict::Loss && s.1.remoteness + 1 == v.remoteness),
            Verdict::Loss => scored.iter().find(|s| s.1.remoteness + 1 == v.remoteness),
            Verdict::Draw => {
                let drawn = scored.iter().filter(|s| s.1.verdict == Verdict::Draw);
                // The first move whose share no other drawn move beats.
                let top = drawn.clone().fold(None::<(u64, u64)>, |acc, s| match acc {
                    Some((l, n)) if l * s.3 >= s.2 * n => Some((l, n)),
                    _ => Some((s.2, s.3)),
                });
                let (l, n) = top.unwrap();
                drawn.clone().find(|s| s.2 * n == l * s.3)
            }
        };
        assert_eq!(Some(best.mv), first.map(|s| s.0), "{p} ({v})");
    }
}
