//! Fitting the cell combinations' weights ([`crate::combos`]) to game outcomes, on top of the engine's level and
//! class weights: the Texel loss, samples and Adam steps of [`super::tune`], with only the combinations free, each
//! bounded so that its cells' weights stay in `0..=`[`MAX_PARAM`], and an L2 penalty. `sente gomoku tune --combos`
//! runs it and writes `engine/combined.rs`.

use super::params::{EvalParams, MAX_PARAM};
use super::tune::{
    FEATURES, FIRST_COMBO, FITTED, FITTED_LEVELS, Features, Freedom, Losses, Sample, TEMPO_DENOM, adam, features,
    fit_scale, held_out, loss, seen_in,
};
use crate::combos::{COMBOS, class_of_combo};

/// The fewest training positions a combination must be seen in (for either side) to be fitted by [`fit_combos`];
/// a rarer one keeps its starting weight.
pub const MIN_SEEN: usize = 50;

/// The result of [`fit_combos`].
#[derive(Clone, Debug, PartialEq)]
pub struct ComboFit {
    /// The sigmoid's scale, fitted with the starting weights and then held.
    pub k: f64,
    /// Losses of the starting weights.
    pub before: Losses,
    /// Losses with the fitted combinations, rounded.
    pub after: Losses,
    /// The fitted [`crate::patterns::COMBO_EXTRA`], indexed like it.
    pub combos: [i32; COMBOS],
    /// Per combination, the training positions it is seen in (for either side).
    pub seen: [usize; COMBOS],
    /// Training and held-out sample counts.
    pub samples: (usize, usize),
}

/// Fits what each [`crate::combos`] combination adds to its class's weight, with the level and class weights and
/// the tempo held at `base`'s, from `base`'s combinations, by `iterations` Adam steps with the L2 penalty `l2 ·
/// (K w)²` on each (`K` the sigmoid's scale, so `l2` is in the loss's units per unit of the sigmoid's argument).
/// Each cell's weight stays in `0..=`[`MAX_PARAM`] (a combination's bounds are its class's weight away from
/// them); a combination seen in fewer than [`MIN_SEEN`] training positions keeps its weight. `seed` draws the
/// held-out games as [`super::tune::fit`] does.
#[must_use]
pub fn fit_combos(samples: &[Sample], base: &EvalParams, seed: u64, iterations: u32, l2: f64) -> ComboFit {
    let (train, test): (Vec<&Sample>, Vec<&Sample>) = samples.iter().partition(|s| !held_out(seed, s.game));
    let t = f64::from(base.tempo) / f64::from(TEMPO_DENOM);
    let under = |set: &[&Sample]| -> Vec<(Features, f64)> {
        set.iter().map(|s| (features(s, t), f64::from(s.result))).collect()
    };
    let (tr, te) = (under(&train), under(&test));
    let mut w0 = [0f64; FEATURES];
    for (k, l) in FITTED.enumerate() {
        w0[k] = f64::from(base.levels[l]);
    }
    for (k, &c) in base.classes.iter().enumerate() {
        w0[FITTED_LEVELS + k] = f64::from(c);
    }
    for (k, &c) in base.combos.iter().enumerate() {
        w0[FIRST_COMBO + k] = f64::from(c);
    }
    let k = fit_scale(&tr, &w0);
    let before = Losses { train: loss(&tr, &w0, k), held_out: loss(&te, &w0, k) };
    let seen_all = seen_in(&train);
    let free: Vec<bool> = (0..FEATURES).map(|j| j > FIRST_COMBO && seen_all[j] >= MIN_SEEN).collect();
    let mut bounds = [(0.0, 0.0); FEATURES];
    for (j, b) in bounds.iter_mut().enumerate() {
        *b = if j >= FIRST_COMBO {
            let class = class_of_combo(j - FIRST_COMBO).map_or(0, |c| base.classes[c]);
            (f64::from(-class), f64::from(MAX_PARAM - class))
        } else {
            (w0[j], w0[j])
        };
    }
    let w = adam(&tr, w0, &Freedom { free: &free, bounds: &bounds, l2 }, k, iterations);
    let mut combos = [0; COMBOS];
    let mut rounded = w0;
    for (c, v) in combos.iter_mut().enumerate() {
        *v = w[FIRST_COMBO + c].round() as i32;
        rounded[FIRST_COMBO + c] = f64::from(*v);
    }
    let after = Losses { train: loss(&tr, &rounded, k), held_out: loss(&te, &rounded, k) };
    let seen = std::array::from_fn(|c| seen_all[FIRST_COMBO + c]);
    ComboFit { k, before, after, combos, seen, samples: (train.len(), test.len()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tune::tests::three_line_samples;

    /// The combinations' fit is reproducible, never ends worse on its training set, keeps every cell's weight in
    /// bounds and leaves the combinations too rare to fit, and the levels, classes and tempo, as they were.
    #[test]
    fn combination_fit_is_reproducible_bounded_and_lowers_the_loss() {
        let samples = three_line_samples(90);
        let base = EvalParams::COMPILED;
        let f = fit_combos(&samples, &base, 5, 100, 1e-4);
        assert_eq!(f, fit_combos(&samples, &base, 5, 100, 1e-4));
        assert!(f.after.train <= f.before.train, "{f:?}");
        let fitted = EvalParams { combos: f.combos, ..base };
        assert_eq!(fitted.check(), Ok(()));
        let mut moved = 0;
        for c in 0..COMBOS {
            let class = class_of_combo(c).map_or(0, |k| base.classes[k]);
            assert!((0..=MAX_PARAM).contains(&(class + f.combos[c])), "{c}: {class} + {}", f.combos[c]);
            if f.seen[c] < MIN_SEEN || c == 0 {
                assert_eq!(f.combos[c], base.combos[c], "{c} is too rare to fit");
            } else {
                moved += usize::from(f.combos[c] != base.combos[c]);
            }
        }
        assert!(moved > 0, "{:?}", f.seen);
    }
}
