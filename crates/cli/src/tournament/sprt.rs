//! The sequential probability ratio test of `sente gomoku match --sprt ELO0,ELO1`: a match that stops as soon as
//! its games tell the two hypotheses apart, as chess engine testers do (cutechess-cli, fishtest).
//!
//! H0 says the first engine is `elo0` stronger than the second, H1 that it is `elo1` stronger (logistic Elo,
//! `elo0 < elo1`). Whenever an opening pair completes (the opening played once with each colour), the
//! log-likelihood ratio of H1 against H0 is compared with the bounds `ln(β / (1 − α))` (H0 accepted at or below)
//! and `ln((1 − β) / α)` (H1 accepted at or above); the error rates α (H1 accepted when H0 holds) and β (H0
//! accepted when H1 holds) are both 5%.
//!
//! The trials are the pairs, not the games: the two games of a pair share an opening that often decides the game for
//! black, so they are not independent, while pairs on different openings are. Each pair scores 0, ¼, ½, ¾ or 1 (the
//! first engine's points over two), and the ratio is the generalised SPRT over these five outcomes (the pentanomial
//! test of fishtest): with `f` the observed frequencies, H0's distribution is the one of mean `s0` (the score `elo0`
//! implies) closest to `f`, namely `p_i = f_i / (1 + λ (a_i − s0))` with `λ` chosen so the mean is `s0` (`a_i` the
//! outcome's score), likewise H1's with `s1`, and `LLR = Σ n_i ln(p1_i / p0_i)` over the pair counts `n_i`. An
//! outcome not yet seen counts as 0.001 of a pair, as fishtest regularises, so the ratio is finite from the first
//! pair on (a run of won pairs decides too).

use super::elo::Pairs;
use std::fmt;
use std::str::FromStr;

/// The error rates of both kinds.
pub const ERROR_RATE: f64 = 0.05;

/// The two hypotheses of a sequential test, in Elo of the first engine over the second.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis (typically 0: no gain).
    pub elo0: f64,
    /// Elo difference of the alternative (the gain worth detecting).
    pub elo1: f64,
}

/// What the games so far say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The ratio reached the lower bound: the first engine is not `elo1` stronger.
    H0,
    /// The ratio reached the upper bound: the first engine is stronger by more than `elo0`.
    H1,
}

impl Sprt {
    /// The lower and upper bounds of the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        let (a, b) = (ERROR_RATE, ERROR_RATE);
        ((b / (1.0 - a)).ln(), ((1.0 - b) / a).ln())
    }

    /// The log-likelihood ratio of H1 against H0 after the opening pairs `p` (see the module docs).
    pub fn llr(&self, p: &Pairs) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let counts = p.counts.map(|c| if c == 0 { UNSEEN } else { c as f64 });
        let total: f64 = counts.iter().sum();
        let f = counts.map(|c| c / total);
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        let (l0, l1) = (tilt(&f, s0), tilt(&f, s1));
        (0..5).map(|i| counts[i] * ((1.0 + l0 * (OUTCOME[i] - s0)).ln() - (1.0 + l1 * (OUTCOME[i] - s1)).ln())).sum()
    }

    /// The verdict after the pairs `p`, or `None` while the ratio is between the bounds.
    pub fn verdict(&self, p: &Pairs) -> Option<Verdict> {
        let (lo, hi) = self.bounds();
        let llr = self.llr(p);
        if llr >= hi {
            Some(Verdict::H1)
        } else if llr <= lo {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// The report line: hypotheses, ratio, bounds and verdict after the pairs `p` of `games` games (`decided_at`:
    /// the game count at which the verdict was reached, if it was).
    pub fn describe(&self, p: &Pairs, games: usize, decided_at: Option<(usize, Verdict)>) -> String {
        let (lo, hi) = self.bounds();
        let head = format!(
            "SPRT elo0 {} elo1 {} (alpha = beta = {ERROR_RATE}): LLR {:+.2} (bounds {:+.2}..{:+.2})",
            self.elo0,
            self.elo1,
            self.llr(p),
            lo,
            hi
        );
        match decided_at {
            Some((n, Verdict::H1)) => {
                format!("{head}, H1 accepted after {n} games: the first engine is stronger by more than {}", self.elo0)
            }
            Some((n, Verdict::H0)) => {
                format!("{head}, H0 accepted after {n} games: the first engine is not {} stronger", self.elo1)
            }
            None => format!("{head}, no decision within {games} games"),
        }
    }
}

/// A pair's score (the first engine's points over two) for each of the five outcomes.
const OUTCOME: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The count an outcome not seen yet is given (fishtest's regularisation).
const UNSEEN: f64 = 1e-3;

/// The `λ` for which `p_i = f_i / (1 + λ (a_i − s))` has mean `s`: the root of `Σ f_i (a_i − s) / (1 + λ (a_i − s))`,
/// which decreases in `λ` over the interval where every `1 + λ (a_i − s)` is positive, `(−1/(1 − s), 1/s)`, from +∞
/// to −∞ (both end outcomes have some weight), so bisection finds it. `0 < s < 1`.
fn tilt(f: &[f64; 5], s: f64) -> f64 {
    let g = |l: f64| (0..5).map(|i| f[i] * (OUTCOME[i] - s) / (1.0 + l * (OUTCOME[i] - s))).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / (1.0 - s), 1.0 / s);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The expected score of a side `elo` stronger (logistic curve).
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
        })
    }
}

/// `ELO0,ELO1`, e.g. `0,20`.
impl FromStr for Sprt {
    type Err = String;

    fn from_str(s: &str) -> Result<Sprt, String> {
        let bad = || format!("expected ELO0,ELO1 with ELO0 < ELO1 (e.g. 0,20), not '{s}'");
        let (a, b) = s.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo0.abs() < 800.0 && elo1.abs() < 800.0) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(counts: [usize; 5]) -> Pairs {
        Pairs { counts }
    }

    #[test]
    fn bounds_are_the_wald_bounds_for_five_percent_errors() {
        let (lo, hi) = Sprt { elo0: 0.0, elo1: 20.0 }.bounds();
        // ln(0.05 / 0.95) = -2.944, ln(0.95 / 0.05) = +2.944.
        assert!((lo + 2.944_438_979).abs() < 1e-6 && (hi - 2.944_438_979).abs() < 1e-6, "{lo} {hi}");
    }

    /// The tilted distributions are distributions with the hypotheses' means, and the ratio is the likelihood
    /// ratio of the counts under them, computed here the long way.
    #[test]
    fn llr_is_the_likelihood_ratio_of_the_constrained_fits() {
        let sprt = Sprt { elo0: 0.0, elo1: 10.0 };
        for counts in [[40, 3, 300, 2, 55], [10, 0, 20, 0, 20], [1, 0, 0, 0, 0], [0, 0, 7, 0, 0], [3, 1, 4, 1, 5]] {
            let c = counts.map(|c| if c == 0 { UNSEEN } else { c as f64 });
            let total: f64 = c.iter().sum();
            let f = c.map(|x| x / total);
            let mut ratio = 0.0;
            let mut fits = Vec::new();
            for s in [expected_score(0.0), expected_score(10.0)] {
                let l = tilt(&f, s);
                let p: Vec<f64> = (0..5).map(|i| f[i] / (1.0 + l * (OUTCOME[i] - s))).collect();
                assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{counts:?} {p:?}");
                assert!(((0..5).map(|i| p[i] * OUTCOME[i]).sum::<f64>() - s).abs() < 1e-9, "{counts:?}");
                fits.push(p);
            }
            for i in 0..5 {
                ratio += c[i] * (fits[1][i] / fits[0][i]).ln();
            }
            assert!((sprt.llr(&pairs(counts)) - ratio).abs() < 1e-6, "{counts:?}");
        }
        assert_eq!(sprt.llr(&pairs([0; 5])), 0.0);
    }

    #[test]
    fn verdicts_come_at_the_bounds_and_not_before() {
        let sprt = Sprt { elo0: 0.0, elo1: 50.0 };
        assert_eq!(sprt.verdict(&pairs([0; 5])), None);
        // A run of won pairs: the fits for both hypotheses must give the unseen outcomes their weight, so each adds
        // only about 0.13 to the ratio at 50 Elo.
        assert_eq!(sprt.verdict(&pairs([0, 0, 0, 0, 20])), None, "twenty won pairs are not yet enough");
        assert_eq!(sprt.verdict(&pairs([0, 0, 0, 0, 25])), Some(Verdict::H1), "twenty-five are");
        assert_eq!(sprt.verdict(&pairs([5, 0, 10, 0, 5])), None);
        // The same 60% score says more when the pairs split by colour than when each pair goes one way.
        assert_eq!(sprt.verdict(&pairs([0, 0, 80, 0, 20])), Some(Verdict::H1));
        assert!(sprt.llr(&pairs([0, 0, 80, 0, 20])) > sprt.llr(&pairs([20, 0, 40, 0, 40])));
        assert_eq!(sprt.verdict(&pairs([20, 0, 80, 0, 0])), Some(Verdict::H0));
        // Even play over many pairs rejects a 50 Elo gain.
        assert_eq!(sprt.verdict(&pairs([50, 10, 280, 10, 50])), Some(Verdict::H0));
        let line = sprt.describe(&pairs([0, 0, 80, 0, 20]), 200, Some((200, Verdict::H1)));
        assert!(line.starts_with("SPRT elo0 0 elo1 50 (alpha = beta = 0.05): LLR +"), "{line}");
        assert!(line.ends_with("H1 accepted after 200 games: the first engine is stronger by more than 0"), "{line}");
        let line = sprt.describe(&pairs([5, 0, 10, 0, 5]), 41, None);
        assert!(line.ends_with("no decision within 41 games"), "{line}");
    }

    #[test]
    fn parses_two_ordered_elo_values() {
        assert_eq!("0,20".parse(), Ok(Sprt { elo0: 0.0, elo1: 20.0 }));
        assert_eq!("-5, 5".parse(), Ok(Sprt { elo0: -5.0, elo1: 5.0 }));
        for bad in ["20", "20,0", "0,x", "0,20,30", "5,5", "0,inf", ""] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }
}
