//! Texel-style fitting of the evaluation's pattern weights ([`SCORE`](crate::patterns::SCORE)) and tempo
//! ([`TEMPO`](crate::patterns::TEMPO)) to game outcomes.
//!
//! The static evaluation of a quiet position is linear in the weights: `Σ_L w_L (t · mine_L − theirs_L) + Σ_c v_c
//! (t · mine_c − theirs_c)`, where `mine_L` counts the (empty cell, direction) pairs where the side to move makes
//! level `L`, `mine_c` the empty cells of [`cell_class`] `c` for it (where its lines cross: four-three, three-three,
//! a three or four with a two…), `theirs` the same for the opponent (see [`crate::position::Tally::totals`]) and
//! `t` is the tempo, how much more a pattern counts
//! for the side that moves next (in eighths, [`TEMPO_DENOM`]). Each position of a recorded game becomes a
//! [`Sample`]: those counts and the game's result for the side to move (1, ½ or 0). The fit minimises the Texel
//! loss, the mean squared error between the result and `σ(K · eval)`: first the scale `K` with the starting
//! weights and tempo (so "before" is the best the starting table can do), then, with `K` fixed, the weights for
//! each tempo tried, by full-batch Adam. Games are split into a training set and a held-out set (one game in ten,
//! drawn from the seed); the tempo whose weights do best on the held-out games is chosen (the held-out set
//! validates the one choice the gradient cannot make), and both losses are reported, so an over-fitted table shows.
//!
//! Only quiet positions are used: none where a five can be made (a four is on the board) or where the side to
//! move can make an open four, because there the evaluation returns a tactical verdict, not the weighted sum.
//! The fit is deterministic: the same samples and seed give the same weights. The code does no I/O; the
//! `sente gomoku tune` command reads the records and writes the table.

use crate::combos::{COMBOS, combo_of_levels};
#[cfg(doc)]
use crate::patterns::cell_class;
use crate::patterns::{CLASSES, D4, F4, FIVE, LEVELS, class_of_levels};
use crate::position::{Move, Position};
use crate::rules::Gomoku;
use sente_core::zobrist::splitmix64;
use sente_core::{Game, State};

/// The fitted levels: [`crate::patterns::B1`] to [`D4`] (dead cells are worth nothing, fives are tactical).
pub const FITTED: std::ops::RangeInclusive<usize> = 1..=D4 as usize;
/// Number of fitted levels.
pub const FITTED_LEVELS: usize = D4 as usize;
/// Number of features: the fitted levels, then the [`cell_class`]es, then the [`crate::combos`] combinations.
pub const FEATURES: usize = FITTED_LEVELS + CLASSES + COMBOS;
/// Index of the first combination feature.
pub(super) const FIRST_COMBO: usize = FITTED_LEVELS + CLASSES;
/// The largest weight a level may take: the position's incremental lanes hold at most [`SCORE`](crate::patterns::SCORE)`[FIVE]` per
/// (cell, direction).
pub const MAX_WEIGHT: f64 = 2000.0;

/// The hand-set table the engine used before any fit, and the fixed start of `sente gomoku tune` (so the command
/// gives the same table whatever [`SCORE`](crate::patterns::SCORE) holds now).
pub const HAND_SCORE: [i32; LEVELS] = [0, 2, 6, 18, 20, 70, 90, 400, 400, 2000, 0];

/// The fixed start of the class weights: each class starts at the weight the earlier five-class evaluation gave
/// the cells it holds (four-four or four-three 1226, three-three 0, a four with a two 307, an open three with a two
/// 104, two twos 41, the rest 0), so a class too rare in the games to be fitted keeps a sensible weight.
pub const HAND_CLASS: [i32; CLASSES] = {
    let mut t = [0; CLASSES];
    // Every count of fours, threes and twos up to two; `cell_class` says which class it is.
    let mut n = 0;
    while n < 27 {
        let (f, th, tw) = (n / 9, n / 3 % 3, n % 3);
        if let Some(k) = crate::patterns::cell_class(f, th, tw) {
            t[k] = if f >= 2 || (f >= 1 && th >= 1) {
                1226
            } else if th >= 2 {
                0
            } else if f >= 1 && tw >= 1 {
                307
            } else if th == 1 && tw >= 1 {
                104
            } else if tw >= 2 {
                41
            } else {
                0
            };
        }
        n += 1;
    }
    t
};

/// Tempos are counted in eighths: the side to move's patterns weigh `tempo / TEMPO_DENOM` times the other side's.
pub const TEMPO_DENOM: i32 = 8;
/// The hand-set tempo (5/4), the start of the fit with [`HAND_SCORE`].
pub const HAND_TEMPO: i32 = 10;
/// The tempos the fit tries by default: 5/4 to 7/4.
pub const TEMPOS: std::ops::RangeInclusive<i32> = 10..=14;

/// One quiet position of a recorded game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The side to move's features that are not 0, as (feature, count): per fitted level (feature 0 is
    /// [`crate::patterns::B1`]), the (empty cell, direction) pairs where the side to move makes it; then per
    /// [`cell_class`], the empty cells of that class for the side to move; then the same per combination.
    pub mine: Vec<(u16, f32)>,
    /// The same for the other side.
    pub theirs: Vec<(u16, f32)>,
    /// The game's result for the side to move: 1 won, 0.5 drawn, 0 lost.
    pub result: f32,
    /// Which game it came from (the held-out split is by game).
    pub game: u32,
}

/// The position an opening's stones make: black's and white's stones played alternately, black first (the order
/// the match runner's openings are played in). `None` when the stones cannot be played so (counts that do not
/// alternate, an occupied or off-board cell, a finished game).
#[must_use]
pub fn opening_position(game: Gomoku, black: &[Move], white: &[Move]) -> Option<Position> {
    if black.len() != white.len() && black.len() != white.len() + 1 {
        return None;
    }
    let mut pos = game.initial_state();
    for k in 0..black.len() {
        for m in [black.get(k), white.get(k)].into_iter().flatten() {
            if !pos.is_legal(*m) {
                return None;
            }
            pos.play(*m);
        }
    }
    Some(pos)
}

/// The sample of `pos` for the side to move, whose game result is `result`, or `None` when `pos` is not quiet.
#[must_use]
pub fn sample(pos: &Position, result: f32, game: u32) -> Option<Sample> {
    let me = pos.to_move().index();
    let op = 1 - me;
    if pos.outcome().is_some()
        || pos.count(me, FIVE) + pos.count(op, FIVE) > 0
        || pos.count(me, F4) + pos.count(me, D4) > 0
    {
        return None;
    }
    let (mut mine, mut theirs) = ([0f32; FEATURES], [0f32; FEATURES]);
    for i in 0..pos.cells().len() {
        if pos.cell(i) != 0 {
            continue;
        }
        for (color, counts) in [(me, &mut mine), (op, &mut theirs)] {
            let levels = pos.pats(i, color);
            for p in levels {
                if FITTED.contains(&usize::from(p)) {
                    counts[usize::from(p) - 1] += 1.0;
                }
            }
            if let Some(c) = class_of_levels(levels) {
                counts[FITTED_LEVELS + c] += 1.0;
            }
            let combo = combo_of_levels(levels);
            if combo != 0 {
                counts[FIRST_COMBO + combo] += 1.0;
            }
        }
    }
    let sparse = |v: [f32; FEATURES]| -> Vec<(u16, f32)> {
        v.iter().enumerate().filter(|&(_, &x)| x != 0.0).map(|(j, &x)| (j as u16, x)).collect()
    };
    Some(Sample { mine: sparse(mine), theirs: sparse(theirs), result, game })
}

/// Appends the quiet positions of one game to `out`: from `start`, every position before each of `moves`, with
/// `black_score` the game's result for black. Stops at the first illegal move, returning false.
pub fn game_samples(start: &Position, moves: &[Move], black_score: f32, game: u32, out: &mut Vec<Sample>) -> bool {
    let mut pos = start.clone();
    for &m in moves {
        let result = if pos.to_move() == sente_core::Player::First { black_score } else { 1.0 - black_score };
        out.extend(sample(&pos, result, game));
        if !pos.is_legal(m) {
            return false;
        }
        pos.play(m);
    }
    true
}

/// Losses of a weight table on the two sets.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Losses {
    /// Mean Texel loss on the training games.
    pub train: f64,
    /// Mean Texel loss on the held-out games.
    pub held_out: f64,
}

/// The result of [`fit`].
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// The sigmoid's scale, fitted with the starting weights and tempo and then held.
    pub k: f64,
    /// Losses of the starting weights and tempo (at the fitted `k`).
    pub before: Losses,
    /// Losses of the chosen weights and tempo, rounded.
    pub after: Losses,
    /// The fitted table, indexed by level like [`SCORE`](crate::patterns::SCORE) (levels outside [`FITTED`] keep
    /// their values).
    pub weights: [i32; LEVELS],
    /// The fitted [`CLASS_SCORE`](crate::patterns::CLASS_SCORE), indexed by [`cell_class`].
    pub classes: [i32; CLASSES],
    /// The chosen tempo, in eighths ([`TEMPO_DENOM`]).
    pub tempo: i32,
    /// Every tempo tried, with the losses of the weights fitted for it.
    pub tried: Vec<(i32, Losses)>,
    /// Training and held-out sample counts.
    pub samples: (usize, usize),
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// A sample's features under tempo `t` (a multiple of the other side's weight): `t · mine − theirs` per feature
/// that either side has, in increasing order of feature (so sums over them add in the order a dense vector would).
pub(super) fn features(s: &Sample, t: f64) -> Features {
    let (mut a, mut b) = (s.mine.iter().peekable(), s.theirs.iter().peekable());
    let mut out = Vec::with_capacity(s.mine.len() + s.theirs.len());
    loop {
        let j = match (a.peek(), b.peek()) {
            (Some(&&(i, _)), Some(&&(k, _))) => i.min(k),
            (Some(&&(i, _)), None) => i,
            (None, Some(&&(k, _))) => k,
            (None, None) => return out,
        };
        let mine = a.next_if(|&&(i, _)| i == j).map_or(0.0, |&(_, x)| f64::from(x));
        let theirs = b.next_if(|&&(k, _)| k == j).map_or(0.0, |&(_, x)| f64::from(x));
        out.push((j, t * mine - theirs));
    }
}

/// A sample's sparse features (see [`features`]).
pub(super) type Features = Vec<(u16, f64)>;

fn eval(f: &Features, w: &[f64; FEATURES]) -> f64 {
    f.iter().map(|&(j, x)| x * w[usize::from(j) % FEATURES]).sum()
}

/// Mean Texel loss of weights `w` over samples given as (features, result).
pub(super) fn loss(samples: &[(Features, f64)], w: &[f64; FEATURES], k: f64) -> f64 {
    let sum: f64 = samples.iter().map(|(f, r)| (r - sigmoid(k * eval(f, w))).powi(2)).sum();
    if samples.is_empty() { 0.0 } else { sum / samples.len() as f64 }
}

/// Whether game `game` is held out under `seed` (one game in ten).
#[must_use]
pub fn held_out(seed: u64, game: u32) -> bool {
    splitmix64(seed ^ (u64::from(game) << 20)).1.is_multiple_of(10)
}

/// Fits the weights of the levels in [`FITTED`] and of the [`cell_class`]es to `samples`, starting from `start`
/// and `start_classes` (usually [`HAND_SCORE`] and [`HAND_CLASS`]) and tempo `start_tempo`, with `iterations` Adam steps for each tempo of `tempos` (in eighths; the start's when
/// empty), and keeps the tempo whose weights do best on the held-out games; `seed` draws those games. A level
/// present in fewer than 1% of the training positions keeps its starting weight.
///
/// # Examples
/// ```
/// use sente_gomoku::engine::tune::{HAND_CLASS, HAND_SCORE, HAND_TEMPO, fit, game_samples, opening_position};
/// use sente_gomoku::{Gomoku, Rule, notation::parse_move_text};
/// let game = Gomoku::new(15, Rule::Freestyle)?;
/// let mv = |t: &str| parse_move_text(game.dims(), t);
/// let start = opening_position(game, &[mv("H8")?], &[]).expect("a legal opening");
/// let moves = ["H9", "I8", "I9", "J8", "G8", "K8", "J9", "L8"].map(|t| mv(t)).into_iter().collect::<Result<Vec<_>, _>>()?;
/// let mut samples = Vec::new();
/// for g in 0..20 {
///     game_samples(&start, &moves, 1.0, g, &mut samples);
/// }
/// let f = fit(&samples, &HAND_SCORE, &HAND_CLASS, HAND_TEMPO, &[10, 12], 1, 50);
/// assert!(f.after.train <= f.before.train);
/// assert_eq!(f.tried.len(), 2);
/// # Ok::<(), sente_gomoku::Error>(())
/// ```
#[must_use]
pub fn fit(
    samples: &[Sample],
    start: &[i32; LEVELS],
    start_classes: &[i32; CLASSES],
    start_tempo: i32,
    tempos: &[i32],
    seed: u64,
    iterations: u32,
) -> Fit {
    let (train, test): (Vec<&Sample>, Vec<&Sample>) = samples.iter().partition(|s| !held_out(seed, s.game));
    let tempo_of = |t: i32| f64::from(t) / f64::from(TEMPO_DENOM);
    let under = |set: &[&Sample], t: i32| -> Vec<(Features, f64)> {
        set.iter().map(|s| (features(s, tempo_of(t)), f64::from(s.result))).collect()
    };
    let mut w0 = [0f64; FEATURES];
    for (k, l) in FITTED.enumerate() {
        w0[k] = f64::from(start[l]);
    }
    for (k, &c) in start_classes.iter().enumerate() {
        w0[FITTED_LEVELS + k] = f64::from(c);
    }
    // A level seen in fewer than one training position in a hundred (the double four in one line) has too little
    // data to be fitted: it keeps its starting weight.
    let seen = seen_in(&train);
    // The combinations are held at 0 here (`fit_combos` fits them).
    let free: Vec<bool> = seen.iter().enumerate().map(|(j, &c)| j < FIRST_COMBO && c * 100 >= train.len()).collect();
    let bounds = [(0.0, MAX_WEIGHT); FEATURES];
    let (train0, test0) = (under(&train, start_tempo), under(&test, start_tempo));
    let k = fit_scale(&train0, &w0);
    let before = Losses { train: loss(&train0, &w0, k), held_out: loss(&test0, &w0, k) };
    let tempos = if tempos.is_empty() { vec![start_tempo] } else { tempos.to_vec() };
    let mut best: Option<(Losses, [i32; LEVELS], [i32; CLASSES], i32)> = None;
    let mut tried = Vec::new();
    for &t in &tempos {
        let (tr, te) = (under(&train, t), under(&test, t));
        let w = adam(&tr, w0, &Freedom { free: &free, bounds: &bounds, l2: 0.0 }, k, iterations);
        let mut weights = *start;
        let mut rounded = [0f64; FEATURES];
        for (j, l) in FITTED.enumerate() {
            weights[l] = w[j].round() as i32;
            rounded[j] = f64::from(weights[l]);
        }
        let mut classes = [0; CLASSES];
        for (k, c) in classes.iter_mut().enumerate() {
            *c = w[FITTED_LEVELS + k].round() as i32;
            rounded[FITTED_LEVELS + k] = f64::from(*c);
        }
        let after = Losses { train: loss(&tr, &rounded, k), held_out: loss(&te, &rounded, k) };
        tried.push((t, after));
        if best.as_ref().is_none_or(|(b, ..)| after.held_out < b.held_out) {
            best = Some((after, weights, classes, t));
        }
    }
    let (after, weights, classes, tempo) = best.expect("at least one tempo");
    Fit { k, before, after, weights, classes, tempo, tried, samples: (train.len(), test.len()) }
}

/// Which weights [`adam`] moves, within which bounds, and the L2 penalty on them.
pub(super) struct Freedom<'a> {
    /// The weights that move.
    pub(super) free: &'a [bool],
    /// Each weight's bounds.
    pub(super) bounds: &'a [(f64, f64); FEATURES],
    /// The penalty on a moving weight `w` (and its scale `K`) is `l2 · (K w)²`, added to the loss: 0 for none.
    pub(super) l2: f64,
}

/// How many training positions have each feature (for either side).
pub(super) fn seen_in(train: &[&Sample]) -> [usize; FEATURES] {
    let mut seen = [0usize; FEATURES];
    for s in train {
        let mut here = [false; FEATURES];
        for &(j, _) in s.mine.iter().chain(&s.theirs) {
            here[usize::from(j) % FEATURES] = true;
        }
        for (c, h) in seen.iter_mut().zip(here) {
            *c += usize::from(h);
        }
    }
    seen
}

/// `iterations` full-batch Adam steps on the weights `freedom` frees, from `w`, with the scale `k` held.
pub(super) fn adam(
    train: &[(Features, f64)],
    mut w: [f64; FEATURES],
    freedom: &Freedom,
    k: f64,
    iterations: u32,
) -> [f64; FEATURES] {
    // Adam's steps are about `lr` per weight whatever the gradient's size; a weight's step moves the sigmoid's
    // argument by `lr · k` a feature, held at 1/400 so that fits at any scale `k` take steps alike.
    let (b1, b2, lr) = (0.9, 0.999, 0.0025 / k);
    let (mut m, mut v) = ([0f64; FEATURES], [0f64; FEATURES]);
    for t in 1..=iterations {
        let mut grad = [0f64; FEATURES];
        for (f, r) in train {
            let p = sigmoid(k * eval(f, &w));
            let d = -2.0 * (r - p) * p * (1.0 - p) * k;
            for &(j, x) in f {
                grad[usize::from(j) % FEATURES] += d * x;
            }
        }
        let n = train.len().max(1) as f64;
        for j in (0..FEATURES).filter(|&j| freedom.free[j]) {
            let g = grad[j] / n + 2.0 * freedom.l2 * k * k * w[j];
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let (mh, vh) = (m[j] / (1.0 - b1.powi(t as i32)), v[j] / (1.0 - b2.powi(t as i32)));
            let (lo, hi) = freedom.bounds[j];
            w[j] = (w[j] - lr * mh / (vh.sqrt() + 1e-12)).clamp(lo, hi);
        }
    }
    w
}

/// The sigmoid scale minimising the training loss of weights `w`: a golden-section search over `log K`.
pub(super) fn fit_scale(train: &[(Features, f64)], w: &[f64; FEATURES]) -> f64 {
    let f = |lk: f64| loss(train, w, lk.exp());
    let (mut lo, mut hi) = ((1e-7f64).ln(), (1.0f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut fa, mut fb) = (f(a), f(b));
    for _ in 0..60 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = f(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = f(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::notation::parse_move_text;
    use crate::patterns::{CLASS_SCORE, SCORE, TEMPO};
    use crate::rules::Rule;

    fn moves(game: Gomoku, text: &str) -> Vec<Move> {
        text.split_whitespace().map(|t| parse_move_text(game.dims(), t).unwrap()).collect()
    }

    /// The features are the tally's totals: with [`SCORE`](crate::patterns::SCORE) as weights and
    /// [`TEMPO`](crate::patterns::TEMPO) as tempo, a sample's value is the evaluation's `t · mine − theirs` over the
    /// fitted levels.
    #[test]
    fn features_reproduce_the_pattern_totals() {
        let game = Gomoku::new(15, Rule::Freestyle).unwrap();
        let start = opening_position(game, &moves(game, "H8 I9"), &moves(game, "J7")).unwrap();
        let mut pos = start.clone();
        let mut checked = 0;
        for m in moves(game, "G9 G7 K9 F8 L10 H6") {
            pos.play(m);
            let Some(s) = sample(&pos, 0.5, 0) else { continue };
            checked += 1;
            let mut w = [0f64; FEATURES];
            for (j, l) in FITTED.enumerate() {
                w[j] = f64::from(SCORE[l]);
            }
            for (k, &c) in CLASS_SCORE.iter().enumerate() {
                w[FITTED_LEVELS + k] = f64::from(c);
            }
            for (k, &c) in crate::patterns::COMBO_EXTRA.iter().enumerate() {
                w[FIRST_COMBO + k] = f64::from(c);
            }
            let me = pos.to_move().index();
            let t = pos.totals();
            let tempo = f64::from(TEMPO) / f64::from(TEMPO_DENOM);
            let value = eval(&features(&s, tempo), &w);
            assert!((value - (tempo * f64::from(t[me]) - f64::from(t[1 - me]))).abs() < 1e-6);
        }
        assert!(checked >= 3, "{checked}");
    }

    /// Positions with a four on the board, or an open four to make, are not samples.
    #[test]
    fn tactical_positions_are_skipped() {
        let game = Gomoku::new(15, Rule::Freestyle).unwrap();
        // Black to move with an open three: he can make an open four.
        let pos = opening_position(game, &moves(game, "G8 H8 I8"), &moves(game, "A1 A3 A5")).unwrap();
        assert!(sample(&pos, 1.0, 0).is_none());
        let mut out = Vec::new();
        assert!(game_samples(&pos, &moves(game, "J8"), 1.0, 0, &mut out));
        assert!(out.is_empty());
    }

    /// The same samples and seed give the same fit; a fit never ends worse than it began on its training set, and
    /// learns that a side whose open twos win should value open twos more.
    #[test]
    fn fit_is_reproducible_and_lowers_the_loss() {
        let game = Gomoku::new(15, Rule::Freestyle).unwrap();
        let start = opening_position(game, &moves(game, "H8"), &[]).unwrap();
        let line = moves(game, "H9 J10 A15 K11 A14 F6 A13 E5");
        let mut samples = Vec::new();
        for g in 0..30 {
            assert!(game_samples(&start, &line, if g % 3 == 0 { 0.5 } else { 1.0 }, g, &mut samples));
        }
        let a = fit(&samples, &SCORE, &CLASS_SCORE, TEMPO, &[TEMPO], 7, 200);
        assert_eq!(a, fit(&samples, &SCORE, &CLASS_SCORE, TEMPO, &[TEMPO], 7, 200));
        assert!(a.after.train <= a.before.train, "{a:?}");
        assert!(a.samples.0 > 0 && a.samples.1 > 0, "{a:?}");
        assert_eq!(a.weights[usize::from(FIVE)], SCORE[usize::from(FIVE)]);
        assert_eq!((a.tempo, a.tried.len()), (TEMPO, 1));
    }

    /// The samples of `games` games from H8 that cycle through three lines, won, lost and drawn by black in turn.
    pub(in crate::engine) fn three_line_samples(games: usize) -> Vec<Sample> {
        let game = Gomoku::new(15, Rule::Freestyle).unwrap();
        let start = opening_position(game, &moves(game, "H8"), &[]).unwrap();
        let mut samples = Vec::new();
        for (g, line) in ["H9 J10 A15 K11 A14 F6 A13 E5", "G9 G7 K9 F8 L10 H6 A1 A2", "I9 J9 H10 G11 K8 J7 N2 N3"]
            .iter()
            .cycle()
            .take(games)
            .enumerate()
        {
            let result = [1.0, 0.0, 0.5][g % 3];
            assert!(game_samples(&start, &moves(game, line), result, g as u32, &mut samples));
        }
        samples
    }

    /// With several tempos, each gets its own weights, and the one kept is the one with the lowest held-out loss.
    #[test]
    fn the_tempo_with_the_best_held_out_loss_is_kept() {
        let samples = three_line_samples(60);
        let f = fit(&samples, &HAND_SCORE, &[0; CLASSES], HAND_TEMPO, &TEMPOS.collect::<Vec<_>>(), 3, 100);
        assert_eq!(f.tried.iter().map(|&(t, _)| t).collect::<Vec<_>>(), TEMPOS.collect::<Vec<_>>());
        let best = f.tried.iter().map(|(_, l)| l.held_out).fold(f64::INFINITY, f64::min);
        assert_eq!(f.after.held_out, best);
        assert!(f.tried.iter().any(|&(t, l)| t == f.tempo && l == f.after), "{f:?}");
    }
}
