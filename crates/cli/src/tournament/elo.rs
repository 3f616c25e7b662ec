//! Score statistics of a series of games: wins, losses, draws, the score fraction, the Elo difference it implies
//! and a 95% interval for it.
//!
//! The interval is the normal approximation over the per-game scores (their sample variance over the number of
//! games, ±1.96 standard errors), mapped through the logistic Elo curve. When every game was won (or every game
//! lost) the variance is zero and the normal interval says nothing, so the inner bound is then the exact one-sided
//! binomial bound (the score whose chance of `n` wins in `n` games is 2.5%) and the outer bound is infinite.
//! Infinite values print as `+inf`/`-inf`; the CSV summary, which must hold integers, writes them as ±[`ELO_CAP`].

/// The Elo magnitude an infinite bound is written as where a number is required (the CSV summary).
pub const ELO_CAP: f64 = 999.0;

/// Wins, losses and draws of one side over a series of games.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: usize,
    /// Games lost.
    pub losses: usize,
    /// Games drawn.
    pub draws: usize,
}

impl Tally {
    /// Adds one game scored 1, ½ or 0.
    pub fn add(&mut self, score: f64) {
        if score >= 1.0 {
            self.wins += 1;
        } else if score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The number of games.
    pub fn games(&self) -> usize {
        self.wins + self.losses + self.draws
    }

    /// Points: a win is 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The score as a fraction 0..1 (0.5 with no games).
    pub fn score(&self) -> f64 {
        if self.games() == 0 { 0.5 } else { self.points() / self.games() as f64 }
    }

    /// The Elo difference the score implies (infinite for a perfect or a null score).
    pub fn elo(&self) -> f64 {
        elo_of(self.score())
    }

    /// The 95% interval of the Elo difference, `(low, high)`; either end may be infinite.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.games() as f64;
        if self.games() == 0 {
            return (f64::NEG_INFINITY, f64::INFINITY);
        }
        let s = self.score();
        if s >= 1.0 {
            return (elo_of(0.025f64.powf(1.0 / n)), f64::INFINITY);
        }
        if s <= 0.0 {
            return (f64::NEG_INFINITY, elo_of(1.0 - 0.025f64.powf(1.0 / n)));
        }
        let sq = |x: f64| x * x;
        let var = (self.wins as f64 * sq(1.0 - s) + self.draws as f64 * sq(0.5 - s) + self.losses as f64 * sq(s)) / n;
        let half = 1.96 * (var / n).sqrt();
        (elo_of(s - half), elo_of(s + half))
    }

    /// `+W -L =D`.
    pub fn wld(&self) -> String {
        format!("+{} -{} ={}", self.wins, self.losses, self.draws)
    }

    /// `score 87.5%, Elo +338 (95% interval +120..+inf)`.
    pub fn describe(&self) -> String {
        let (lo, hi) = self.interval();
        format!(
            "score {:.1}%, Elo {} (95% interval {}..{})",
            100.0 * self.score(),
            show(self.elo()),
            show(lo),
            show(hi)
        )
    }
}

/// The Elo difference for a score fraction: `-400 log10(1/s - 1)`, infinite at 0 and 1.
pub fn elo_of(score: f64) -> f64 {
    if score >= 1.0 {
        f64::INFINITY
    } else if score <= 0.0 {
        f64::NEG_INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo value as printed: signed and rounded (`+338`, `-12`, `+0`), or `+inf`/`-inf`.
pub fn show(elo: f64) -> String {
    if elo.is_finite() {
        let r = elo.round();
        format!("{:+.0}", if r == 0.0 { 0.0 } else { r })
    } else if elo > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

/// An Elo value as an integer for files: rounded, infinities as ±[`ELO_CAP`].
pub fn integer(elo: f64) -> i64 {
    elo.clamp(-ELO_CAP, ELO_CAP).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: usize, losses: usize, draws: usize) -> Tally {
        Tally { wins, losses, draws }
    }

    #[test]
    fn even_score_is_zero_elo_with_a_symmetric_interval() {
        let t = tally(5, 5, 0);
        assert_eq!(show(t.elo()), "+0");
        let (lo, hi) = t.interval();
        assert!((lo + hi).abs() < 1e-9 && lo < -100.0, "{lo} {hi}");
    }

    #[test]
    fn known_values() {
        // 87.5%: -400 log10(1/0.875 - 1) = +338.
        let t = tally(3, 0, 1);
        assert_eq!(show(t.elo()), "+338");
        assert!((t.score() - 0.875).abs() < 1e-12);
        // 75% is +191; 10 games +7 -2 =1 give a standard error of sqrt(var/n).
        assert_eq!(integer(elo_of(0.75)), 191);
        let t = tally(7, 2, 1);
        let (lo, hi) = t.interval();
        let half = 1.96 * (0.1625f64 / 10.0).sqrt();
        assert!((lo - elo_of(0.75 - half)).abs() < 1e-9 && (hi - elo_of(0.75 + half)).abs() < 1e-9);
        assert_eq!(integer(lo), 0);
    }

    #[test]
    fn perfect_and_null_scores_use_the_exact_binomial_bound() {
        let t = tally(20, 0, 0);
        let (lo, hi) = t.interval();
        assert!(hi.is_infinite() && lo > 0.0);
        // 0.025^(1/20) = 0.8315: +277 Elo.
        assert_eq!(integer(lo), 277);
        assert_eq!(t.describe(), "score 100.0%, Elo +inf (95% interval +277..+inf)");
        let (lo, hi) = tally(0, 20, 0).interval();
        assert_eq!((integer(lo), integer(hi)), (-999, -277));
    }

    #[test]
    fn tally_counts_scores() {
        let mut t = Tally::default();
        for s in [1.0, 0.5, 0.0, 1.0] {
            t.add(s);
        }
        assert_eq!((t.wld().as_str(), t.points(), t.games()), ("+2 -1 =1", 2.5, 4));
    }
}
