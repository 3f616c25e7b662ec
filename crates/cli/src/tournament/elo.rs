//! Score statistics of a series of games: wins, losses, draws, the score fraction, the Elo difference it implies
//! and a 95% interval for it.
//!
//! The interval is the normal approximation over the per-game scores (their sample variance over the number of
//! games, ±1.96 standard errors), mapped through the logistic Elo curve. When every game was won (or every game
//! lost) the variance is zero and the normal interval says nothing, so the inner bound is then the exact one-sided
//! binomial bound (the score whose chance of `n` wins in `n` games is 2.5%) and the outer bound is infinite.
//! Games played in pairs (one opening, each colour once) have a second interval over the pair scores ([`Pairs`]).
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

/// The first engine's points in each pair of games played on one opening, once with each colour, counted by value
/// (0, ½, 1, 1½, 2: the pentanomial counts).
///
/// The games of a pair share their opening, which in Gomoku often decides the game for the side with black, so
/// the two results are correlated: most pairs split 1–1 whichever engine is stronger. Pairs on different openings
/// are independent, so the interval over the pair scores (the normal approximation of their sample variance, as
/// engine testers such as fishtest compute it) measures what the games say, usually tighter than the per-game
/// interval of [`Tally`], which treats every game as independent.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Pairs by the first engine's points in them: `counts[k]` pairs scored `k/2`.
    pub counts: [usize; 5],
}

impl Pairs {
    /// The complete pairs among a series' games, given as (index in the series from 0, first engine's score):
    /// games `2k` and `2k + 1` are pair `k` (the match and gauntlet order: one opening, then the colours swapped).
    /// A game whose partner is missing (a series cut short) is left out.
    pub fn of(games: impl IntoIterator<Item = (usize, f64)>) -> Pairs {
        let mut halves: std::collections::BTreeMap<usize, Vec<f64>> = std::collections::BTreeMap::new();
        for (i, score) in games {
            halves.entry(i / 2).or_default().push(score);
        }
        let mut p = Pairs::default();
        for scores in halves.values().filter(|s| s.len() == 2) {
            let points = (2.0 * (scores[0] + scores[1])).round().clamp(0.0, 4.0);
            p.counts[points as usize] += 1;
        }
        p
    }

    /// The number of pairs.
    pub fn pairs(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The first engine's score as a fraction 0..1 over the pairs' games (0.5 with no pairs).
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        self.counts.iter().enumerate().map(|(k, &c)| c as f64 * k as f64 / 4.0).sum::<f64>() / n as f64
    }

    /// The 95% interval of the Elo difference from the pair scores' variance, or `None` with fewer than two pairs
    /// or when every pair scored the same (no variance to estimate).
    pub fn interval(&self) -> Option<(f64, f64)> {
        if self.pairs() < 2 {
            return None;
        }
        let n = self.pairs() as f64;
        let s = self.score();
        let var =
            self.counts.iter().enumerate().map(|(k, &c)| c as f64 * (k as f64 / 4.0 - s).powi(2)).sum::<f64>() / n;
        if var == 0.0 {
            return None;
        }
        let half = 1.96 * (var / n).sqrt();
        Some((elo_of(s - half), elo_of(s + half)))
    }

    /// `42 pairs 0/½/1/1½/2: 3 2 30 2 5, Elo +17 (95% interval -30..+64)`.
    pub fn describe(&self) -> String {
        let [a, b, c, d, e] = self.counts;
        let interval = match self.interval() {
            Some((lo, hi)) => format!("95% interval {}..{}", show(lo), show(hi)),
            None => "no interval: too few pairs or all alike".into(),
        };
        format!(
            "{} pairs 0/½/1/1½/2: {a} {b} {c} {d} {e}, Elo {} ({interval})",
            self.pairs(),
            show(elo_of(self.score()))
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
    fn pairs_count_complete_pairs_by_points() {
        // Pair 0: won both; pair 1: split; pair 2: a draw and a loss; game 6 has no partner.
        let p = Pairs::of([(0, 1.0), (1, 1.0), (3, 0.0), (2, 1.0), (4, 0.5), (5, 0.0), (6, 1.0)]);
        assert_eq!(p.counts, [0, 1, 1, 0, 1]);
        assert_eq!(p.pairs(), 3);
        assert!((p.score() - 3.5 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn the_pair_interval_is_tighter_when_pairs_split_by_colour() {
        // 100 games: 10 pairs won twice, 4 lost twice, 36 split (each engine won with black). The games alone: 56
        // wins, 44 losses.
        let p = Pairs { counts: [4, 0, 36, 0, 10] };
        let t = Tally { wins: 56, losses: 44, draws: 0 };
        assert!((p.score() - t.score()).abs() < 1e-12);
        let (lo, hi) = p.interval().unwrap();
        let (tlo, thi) = t.interval();
        // Pair scores 0, ½, 1 with weights .08 .72 .2: mean .56, variance 0.0664 over 50 pairs.
        let half = 1.96 * (0.0664f64 / 50.0).sqrt();
        assert!((lo - elo_of(0.56 - half)).abs() < 1e-9 && (hi - elo_of(0.56 + half)).abs() < 1e-9);
        assert!(hi - lo < thi - tlo);
        assert_eq!(
            p.describe(),
            format!("50 pairs 0/½/1/1½/2: 4 0 36 0 10, Elo +42 (95% interval {}..{})", show(lo), show(hi))
        );
    }

    #[test]
    fn alike_pairs_give_no_interval() {
        let p = Pairs { counts: [0, 0, 7, 0, 0] };
        assert_eq!(p.interval(), None);
        assert_eq!(p.describe(), "7 pairs 0/½/1/1½/2: 0 0 7 0 0, Elo +0 (no interval: too few pairs or all alike)");
        assert_eq!(Pairs::of([(0, 1.0)]).interval(), None);
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
