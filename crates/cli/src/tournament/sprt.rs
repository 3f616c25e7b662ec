//! The sequential probability ratio test of `sente gomoku match --sprt ELO0,ELO1`: a match that stops as soon as
//! its games tell the two hypotheses apart, as chess engine testers do (cutechess-cli, fishtest).
//!
//! H0 says the first engine is `elo0` stronger than the second, H1 that it is `elo1` stronger (logistic Elo,
//! `elo0 < elo1`). After every game the log-likelihood ratio of H1 against H0 is compared with the bounds
//! `ln(β / (1 − α))` (H0 accepted at or below) and `ln((1 − β) / α)` (H1 accepted at or above). Each game is a
//! trial won with probability `s0` under H0 and `s1` under H1 (the scores the two Elo differences imply), a draw
//! counting as half a win and half a loss, so with `w` wins, `l` losses and `d` draws
//! `LLR = (w + d/2) ln(s1/s0) + (l + d/2) ln((1 − s1)/(1 − s0))`: Wald's test, exact while draws are rare (as in
//! Gomoku), and defined from the first game on (a run of wins decides too). The error rates α (H1 accepted when H0
//! holds) and β (H0 accepted when H1 holds) are both 5%.

use super::elo::Tally;
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

    /// The log-likelihood ratio of H1 against H0 after the games of `t`.
    pub fn llr(&self, t: &Tally) -> f64 {
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        let half = 0.5 * t.draws as f64;
        (t.wins as f64 + half) * (s1 / s0).ln() + (t.losses as f64 + half) * ((1.0 - s1) / (1.0 - s0)).ln()
    }

    /// The verdict after the games of `t`, or `None` while the ratio is between the bounds.
    pub fn verdict(&self, t: &Tally) -> Option<Verdict> {
        let (lo, hi) = self.bounds();
        let llr = self.llr(t);
        if llr >= hi {
            Some(Verdict::H1)
        } else if llr <= lo {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// The report line: hypotheses, ratio, bounds and verdict after `t` (`decided_at`: the game count at which the
    /// verdict was reached, if it was).
    pub fn describe(&self, t: &Tally, decided_at: Option<(usize, Verdict)>) -> String {
        let (lo, hi) = self.bounds();
        let head = format!(
            "SPRT elo0 {} elo1 {} (alpha = beta = {ERROR_RATE}): LLR {:+.2} (bounds {:+.2}..{:+.2})",
            self.elo0,
            self.elo1,
            self.llr(t),
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
            None => format!("{head}, no decision within {} games", t.games()),
        }
    }
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

    fn tally(wins: usize, losses: usize, draws: usize) -> Tally {
        Tally { wins, losses, draws }
    }

    #[test]
    fn bounds_are_the_wald_bounds_for_five_percent_errors() {
        let (lo, hi) = Sprt { elo0: 0.0, elo1: 20.0 }.bounds();
        // ln(0.05 / 0.95) = -2.944, ln(0.95 / 0.05) = +2.944.
        assert!((lo + 2.944_438_979).abs() < 1e-6 && (hi - 2.944_438_979).abs() < 1e-6, "{lo} {hi}");
    }

    /// The ratio is that of the two binomial likelihoods, computed here the long way as a product over the games.
    #[test]
    fn llr_is_the_ratio_of_the_binomial_likelihoods() {
        let sprt = Sprt { elo0: 0.0, elo1: 10.0 };
        let (s0, s1): (f64, f64) = (0.5, 1.0 / (1.0 + 10f64.powf(-10.0 / 400.0)));
        for t in [tally(60, 40, 0), tally(30, 35, 6), tally(101, 97, 2), tally(5, 1, 1), tally(0, 0, 0)] {
            let games = std::iter::repeat_n(1.0, t.wins)
                .chain(std::iter::repeat_n(0.0, t.losses))
                .chain(std::iter::repeat_n(0.5, t.draws));
            let (mut l0, mut l1) = (1.0f64, 1.0f64);
            for x in games {
                l0 *= s0.powf(x) * (1.0 - s0).powf(1.0 - x);
                l1 *= s1.powf(x) * (1.0 - s1).powf(1.0 - x);
            }
            assert!((sprt.llr(&t) - (l1 / l0).ln()).abs() < 1e-9, "{t:?}");
        }
        // +60 -40 against 0 vs 10 Elo: 60 ln(1.028774) + 40 ln(0.971226) = 1.7016 - 1.1674 = 0.534.
        assert!((sprt.llr(&tally(60, 40, 0)) - 0.5342).abs() < 1e-3, "{}", sprt.llr(&tally(60, 40, 0)));
    }

    #[test]
    fn verdicts_come_at_the_bounds_and_not_before() {
        let sprt = Sprt { elo0: 0.0, elo1: 50.0 };
        assert_eq!(sprt.verdict(&tally(0, 0, 0)), None);
        assert_eq!(sprt.verdict(&tally(8, 0, 0)), None, "eight straight wins are not yet enough");
        assert_eq!(sprt.verdict(&tally(25, 0, 0)), Some(Verdict::H1), "twenty-five are");
        assert_eq!(sprt.verdict(&tally(10, 10, 0)), None);
        assert_eq!(sprt.verdict(&tally(80, 20, 0)), Some(Verdict::H1));
        assert_eq!(sprt.verdict(&tally(20, 80, 0)), Some(Verdict::H0));
        // Even play over many games rejects a 50 Elo gain.
        assert_eq!(sprt.verdict(&tally(200, 200, 0)), Some(Verdict::H0));
        let line = sprt.describe(&tally(80, 20, 0), Some((100, Verdict::H1)));
        assert!(line.starts_with("SPRT elo0 0 elo1 50 (alpha = beta = 0.05): LLR +"), "{line}");
        assert!(line.ends_with("H1 accepted after 100 games: the first engine is stronger by more than 0"), "{line}");
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
