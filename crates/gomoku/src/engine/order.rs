//! Fitting the width cut's ordering tables ([`QUICK_OWN`](crate::patterns::QUICK_OWN) and
//! [`QUICK_OPP`](crate::patterns::QUICK_OPP)) to the moves played in recorded games: the start that
//! `sente gomoku spsa --set key` then tunes by self-play ([`super::keyed`]).
//!
//! At a quiet node the search keeps only the best [`GomokuEval::width`] moves by a quick key, so a good move the
//! key ranks lower is never searched there, for either side. The key of a cell for the side to move is linear in
//! its four directional levels: `Σ_d own[mine_d] + Σ_d opp[theirs_d]`, one table for what the side to move makes
//! there and one for what the opponent would make. Each quiet position of a recorded game (one where the width cut
//! applies) becomes an [`OrderSample`]: every cell near a stone, with its levels, and which one was played. The fit
//! maximises the likelihood of the played moves under a softmax over each position's cells (a conditional logit,
//! the same model a policy is), by full-batch Adam from zero, on the levels below a four; the four and five levels
//! keep fixed values above every fitted sum (the width cut's forced cases catch them first anyway). Games are split
//! into training and held-out sets by [`held_out`]; the loss and the share of played moves the width cut keeps are
//! reported for the hand-set key ([`ORDER`], the side to move's levels weighted 5/4) and the fitted one on both.
//! The fit is deterministic: the same samples and seed give the same tables. No I/O here; `sente gomoku tune
//! --order` reads the records and writes the tables.

use super::eval::GomokuEval;
use super::tune::held_out;
use crate::patterns::{B4, F4, LEVELS, ORDER};
use crate::position::{Move, Position};
use sente_core::{Evaluator, MoveList, State};

/// The fitted levels: [`crate::patterns::DEAD`] (the reference, 0 before the shift) to [`B4`].
const FITTED: usize = B4 as usize + 1;
/// Per-level values from [`F4`] on, for the side to move and for the opponent: a straight four, a double four, a
/// five, an overline. Above any sum of fitted values, as threats rank above shape.
const THREAT_OWN: [i32; LEVELS - F4 as usize] = [3000, 3500, 4000, 0];
const THREAT_OPP: [i32; LEVELS - F4 as usize] = [2500, 2800, 3500, 0];
/// One fitted unit of log-likelihood is worth this much key.
const SCALE: f64 = 400.0;

/// One quiet position: its near cells grouped by their levels, and the played one.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderSample {
    /// Distinct (side to move's four levels, opponent's four levels), each sorted, with how many cells have them.
    pub cells: Vec<([u8; 8], u16)>,
    /// Index in `cells` of the played cell's levels.
    pub chosen: usize,
    /// Which game it came from (the held-out split is by game).
    pub game: u32,
}

/// The sample of `pos` where `played` was played, or `None` when the width cut does not apply there (a forced
/// reply, a threat to meet, few candidates) or `played` is no cell near a stone.
#[must_use]
pub fn order_sample(pos: &Position, played: Move, game: u32) -> Option<OrderSample> {
    // The cut the key decides: the width alone, what every node keeps (its tail comes after it by the same key).
    let eval = GomokuEval { tail: 0, ..GomokuEval::default() };
    let i = played.index();
    if pos.outcome().is_some() || i >= pos.cells().len() || pos.cell(i) != 0 || pos.near(i) == 0 {
        return None;
    }
    let mut kept = MoveList::new();
    pos.legal_moves(&mut kept);
    eval.select_moves(pos, &mut kept);
    if kept.len() != eval.width {
        return None;
    }
    let me = pos.to_move().index();
    let mut cells: Vec<([u8; 8], u16)> = Vec::new();
    let mut chosen = 0;
    for c in 0..pos.cells().len() {
        if pos.cell(c) != 0 || pos.near(c) == 0 {
            continue;
        }
        let (mut own, mut opp) = (pos.pats(c, me), pos.pats(c, 1 - me));
        own.sort_unstable();
        opp.sort_unstable();
        let key = [own[0], own[1], own[2], own[3], opp[0], opp[1], opp[2], opp[3]];
        let at = match cells.iter().position(|(k, _)| *k == key) {
            Some(at) => at,
            None => {
                cells.push((key, 0));
                cells.len() - 1
            }
        };
        cells[at].1 += 1;
        if c == i {
            chosen = at;
        }
    }
    Some(OrderSample { cells, chosen, game })
}

/// Appends the samples of one game to `out`: from `start`, the position before each of `moves`. Stops at the first
/// illegal move, returning false.
pub fn game_order_samples(start: &Position, moves: &[Move], game: u32, out: &mut Vec<OrderSample>) -> bool {
    let mut pos = start.clone();
    for &m in moves {
        out.extend(order_sample(&pos, m, game));
        if !pos.is_legal(m) {
            return false;
        }
        pos.play(m);
    }
    true
}

/// How well a key does on a set of samples.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct OrderScore {
    /// Mean negative log-likelihood of the played move under the key's softmax (at the fitted scale).
    pub loss: f64,
    /// Share of played moves among the best [`GomokuEval::width`] cells by the key (ties shared evenly).
    pub kept: f64,
}

/// The result of [`fit_order`].
#[derive(Clone, Debug, PartialEq)]
pub struct OrderFit {
    /// The hand-set key ([`ORDER`] weighted 5/4 for the side to move) on the training and held-out samples.
    pub before: (OrderScore, OrderScore),
    /// The fitted tables, rounded, on the same samples.
    pub after: (OrderScore, OrderScore),
    /// The fitted table for the side to move's levels, indexed by level.
    pub own: [i32; LEVELS],
    /// The fitted table for the opponent's levels.
    pub opp: [i32; LEVELS],
    /// Training and held-out sample counts.
    pub samples: (usize, usize),
}

/// Weights as one vector: the side to move's fitted levels, then the opponent's.
type Weights = [f64; 2 * FITTED];

/// A cell's key under `w` (fitted levels) with the threat levels' fixed values.
fn key(w: &Weights, levels: &[u8; 8]) -> f64 {
    levels
        .iter()
        .enumerate()
        .map(|(k, &p)| {
            let (p, own) = (usize::from(p), k < 4);
            match (p < FITTED, own) {
                (true, true) => w[p],
                (true, false) => w[FITTED + p],
                (false, true) => f64::from(THREAT_OWN[p - FITTED]) / SCALE,
                (false, false) => f64::from(THREAT_OPP[p - FITTED]) / SCALE,
            }
        })
        .sum()
}

/// Loss and kept share of `w` on `samples`, with the gradient of the mean loss when `grad` is given.
fn score(samples: &[&OrderSample], w: &Weights, width: usize, mut grad: Option<&mut Weights>) -> OrderScore {
    let (mut loss, mut kept) = (0.0, 0.0);
    let mut keys = Vec::new();
    for s in samples {
        keys.clear();
        keys.extend(s.cells.iter().map(|(l, _)| key(w, l)));
        let top = keys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = s.cells.iter().zip(&keys).map(|((_, n), &k)| f64::from(*n) * (k - top).exp()).sum();
        let mine = keys[s.chosen];
        loss += z.ln() - (mine - top);
        let (mut above, mut tied) = (0.0, 0.0);
        for ((_, n), &k) in s.cells.iter().zip(&keys) {
            if k > mine {
                above += f64::from(*n);
            } else if k == mine {
                tied += f64::from(*n);
            }
        }
        // The played cell sits at a uniformly random place among the `tied` cells after the `above` ones.
        let places = (width as f64 - above).clamp(0.0, tied);
        kept += places / tied;
        if let Some(g) = grad.as_deref_mut() {
            for (j, ((l, n), &k)) in s.cells.iter().zip(&keys).enumerate() {
                let p = f64::from(*n) * (k - top).exp() / z - if j == s.chosen { 1.0 } else { 0.0 };
                for (d, &lv) in l.iter().enumerate() {
                    let lv = usize::from(lv);
                    if lv < FITTED {
                        g[lv + if d < 4 { 0 } else { FITTED }] += p;
                    }
                }
            }
        }
    }
    let n = samples.len().max(1) as f64;
    if let Some(g) = grad {
        g.iter_mut().for_each(|x| *x /= n);
    }
    OrderScore { loss: loss / n, kept: kept / n }
}

/// The integer tables of fitted weights `w`: scaled, each side shifted so its dead level is 0 (a constant per
/// direction changes no ranking, and the position's cell words count a dead direction as nothing), a level fitted
/// below the dead one raised to 0 (the words' lanes hold no negative value), the threat levels' fixed values after
/// them.
fn tables(w: &Weights) -> ([i32; LEVELS], [i32; LEVELS]) {
    let side = |ws: &[f64], threat: &[i32]| {
        let mut t = [0; LEVELS];
        for (p, &x) in ws.iter().enumerate() {
            t[p] = (((x - ws[0]) * SCALE).round() as i32).max(0);
        }
        t[FITTED..].copy_from_slice(threat);
        t
    };
    (side(&w[..FITTED], &THREAT_OWN), side(&w[FITTED..], &THREAT_OPP))
}

/// The weights an integer table pair stands for (the inverse of [`tables`] up to the shift).
fn weights(own: &[i32; LEVELS], opp: &[i32; LEVELS]) -> Weights {
    std::array::from_fn(|j| f64::from(if j < FITTED { own[j] } else { opp[j - FITTED] }) / SCALE)
}

/// Fits the ordering tables to `samples` with `iterations` full-batch Adam steps from zero; `seed` draws the
/// held-out games (one in ten, as [`super::tune::fit`] does).
#[must_use]
pub fn fit_order(samples: &[OrderSample], seed: u64, iterations: u32) -> OrderFit {
    let width = GomokuEval::default().width;
    let (held, train): (Vec<&OrderSample>, Vec<&OrderSample>) = samples.iter().partition(|s| held_out(seed, s.game));
    let hand_own: [i32; LEVELS] = std::array::from_fn(|p| ORDER[p] * 5 / 4);
    let hand = weights(&hand_own, &ORDER);
    // The hand-set key's ranking, scored at the log-likelihood scale that suits it best among a few.
    let scaled = |k: f64| -> Weights { hand.map(|x| x * k) };
    let best_k = [0.25, 0.5, 1.0, 2.0, 4.0]
        .into_iter()
        .map(|k| (k, score(&train, &scaled(k), width, None).loss))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(1.0, |(k, _)| k);
    let before = (score(&train, &scaled(best_k), width, None), score(&held, &scaled(best_k), width, None));
    let mut w: Weights = [0.0; 2 * FITTED];
    let (mut m, mut v) = ([0.0; 2 * FITTED], [0.0; 2 * FITTED]);
    let (lr, b1, b2) = (0.05, 0.9, 0.999);
    for t in 1..=iterations {
        let mut g = [0.0; 2 * FITTED];
        score(&train, &w, width, Some(&mut g));
        for j in 0..w.len() {
            m[j] = b1 * m[j] + (1.0 - b1) * g[j];
            v[j] = b2 * v[j] + (1.0 - b2) * g[j] * g[j];
            let (mh, vh) = (m[j] / (1.0 - b1.powi(t as i32)), v[j] / (1.0 - b2.powi(t as i32)));
            w[j] -= lr * mh / (vh.sqrt() + 1e-8);
        }
    }
    let (own, opp) = tables(&w);
    let fitted = weights(&own, &opp);
    let after = (score(&train, &fitted, width, None), score(&held, &fitted, width, None));
    OrderFit { before, after, own, opp, samples: (train.len(), held.len()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move_text;
    use crate::{Gomoku, Rule};
    use sente_core::Game;

    fn game_moves(game: Gomoku, text: &str) -> Vec<Move> {
        text.split_whitespace().map(|t| parse_move_text(game.dims(), t).unwrap()).collect()
    }

    #[test]
    fn samples_group_cells_by_levels_and_mark_the_played_one() {
        let game = Gomoku::new(15, Rule::Freestyle).unwrap();
        let mut pos = game.initial_state();
        for m in game_moves(game, "H8 J9 I10 G7 F9 K8") {
            pos.play(m);
        }
        let played = parse_move_text(game.dims(), "G9").unwrap();
        let s = order_sample(&pos, played, 3).expect("a quiet position with more near cells than the width");
        let near = (0..pos.cells().len()).filter(|&c| pos.cell(c) == 0 && pos.near(c) > 0).count();
        assert_eq!(s.cells.iter().map(|(_, n)| usize::from(*n)).sum::<usize>(), near);
        let me = pos.to_move().index();
        let (mut own, mut opp) = (pos.pats(played.index(), me), pos.pats(played.index(), 1 - me));
        own.sort_unstable();
        opp.sort_unstable();
        assert_eq!(s.cells[s.chosen].0[..4], own);
        assert_eq!(s.cells[s.chosen].0[4..], opp);
        // A stone on an occupied cell or far from every stone is no sample.
        assert!(order_sample(&pos, parse_move_text(game.dims(), "H8").unwrap(), 3).is_none());
        assert!(order_sample(&pos, parse_move_text(game.dims(), "A1").unwrap(), 3).is_none());
    }

    #[test]
    fn the_fit_learns_a_preferred_level_and_is_reproducible() {
        // Synthetic positions: the played cell is the only one where the side to move makes an open two, among
        // cells that make a closed two; the fit must rank open twos first and keep every played move.
        let samples: Vec<OrderSample> = (0..200)
            .map(|g| OrderSample {
                cells: vec![([0, 0, 0, 3, 0, 0, 0, 1], 1), ([0, 0, 0, 2, 0, 0, 0, 1], 30)],
                chosen: 0,
                game: g,
            })
            .collect();
        let f = fit_order(&samples, 1, 200);
        assert!(f.own[3] > f.own[2], "{:?}", f.own);
        assert!(f.after.0.kept > 0.99 && f.after.1.kept > 0.99);
        assert!(f.after.0.loss < f.before.0.loss);
        assert_eq!(f, fit_order(&samples, 1, 200));
        assert!(f.own.iter().chain(&f.opp).all(|&x| (0..=4000).contains(&x)));
    }
}
