//! Who plays whom: every pair once (round-robin) or a Swiss system for many entries.
//!
//! **Swiss.** Each round pairs entries of equal or close scores who have not met: entries are ranked by points
//! (then by entry order, which is the seeding), and the first unpaired entry meets the highest-ranked entry it has
//! not played, backtracking when a choice would leave someone with no possible opponent. With an odd number of
//! entries the lowest-ranked entry without a bye so far sits out the round and scores the pairing's full points
//! (as in chess Swiss events). When no pairing without rematches exists (more rounds than the field allows),
//! rematches are allowed for that round.

use std::collections::HashSet;

/// Every pair `(i, j)` with `i < j < n`, in order.
pub fn round_robin(n: usize) -> Vec<(usize, usize)> {
    (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect()
}

/// The pairs already played, in either order.
#[derive(Clone, Debug, Default)]
pub struct History {
    met: HashSet<(usize, usize)>,
    byes: HashSet<usize>,
}

impl History {
    /// Records that `a` met `b`.
    pub fn meet(&mut self, a: usize, b: usize) {
        self.met.insert((a.min(b), a.max(b)));
    }

    /// Records a bye for `a`.
    pub fn bye(&mut self, a: usize) {
        self.byes.insert(a);
    }

    /// Whether `a` and `b` have met.
    pub fn met(&self, a: usize, b: usize) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }
}

/// One Swiss round for entries with `points`: the pairs (higher-ranked first) and the entry with the bye, if any.
pub fn swiss_round(points: &[f64], history: &History) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut ranked: Vec<usize> = (0..points.len()).collect();
    ranked.sort_by(|&a, &b| points[b].total_cmp(&points[a]).then(a.cmp(&b)));
    let bye = (ranked.len() % 2 == 1).then(|| {
        let k = ranked.iter().rposition(|e| !history.byes.contains(e)).unwrap_or(ranked.len() - 1);
        ranked.remove(k)
    });
    let pairs = pair(&ranked, history, false).or_else(|| pair(&ranked, history, true)).unwrap_or_default();
    (pairs, bye)
}

/// Pairs `ranked` (an even number of entries) top-down, avoiding rematches unless `rematches`.
fn pair(ranked: &[usize], history: &History, rematches: bool) -> Option<Vec<(usize, usize)>> {
    let Some((&first, rest)) = ranked.split_first() else { return Some(Vec::new()) };
    for (k, &other) in rest.iter().enumerate() {
        if !rematches && history.met(first, other) {
            continue;
        }
        let mut left = rest.to_vec();
        left.remove(k);
        if let Some(mut pairs) = pair(&left, history, rematches) {
            pairs.insert(0, (first, other));
            return Some(pairs);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_has_every_pair_once() {
        assert_eq!(round_robin(3), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(round_robin(6).len(), 15);
    }

    #[test]
    fn first_round_pairs_neighbours_by_seed() {
        let (pairs, bye) = swiss_round(&[0.0; 4], &History::default());
        assert_eq!((pairs, bye), (vec![(0, 1), (2, 3)], None));
    }

    #[test]
    fn later_rounds_pair_equal_scores_without_rematches() {
        let mut h = History::default();
        h.meet(0, 1);
        h.meet(2, 3);
        // 0 and 2 won: they meet; 1 and 3 lost: they meet.
        let (pairs, _) = swiss_round(&[2.0, 0.0, 2.0, 0.0], &h);
        assert_eq!(pairs, vec![(0, 2), (1, 3)]);
    }

    #[test]
    fn backtracking_avoids_a_dead_end() {
        // Ranked 0,1,2,3; 0 has met 1, so greedy pairing takes 0-2, which leaves 1-3, who have met too.
        let mut h = History::default();
        h.meet(0, 1);
        h.meet(1, 3);
        let (pairs, _) = swiss_round(&[3.0, 2.0, 1.0, 0.0], &h);
        assert_eq!(pairs, vec![(0, 3), (1, 2)]);
    }

    #[test]
    fn odd_fields_give_the_bye_to_the_lowest_without_one() {
        let mut h = History::default();
        let (pairs, bye) = swiss_round(&[2.0, 1.0, 0.0], &h);
        assert_eq!((pairs, bye), (vec![(0, 1)], Some(2)));
        h.bye(2);
        let (_, bye) = swiss_round(&[2.0, 1.0, 0.0], &h);
        assert_eq!(bye, Some(1));
    }

    #[test]
    fn rematches_are_allowed_only_when_nothing_else_works() {
        let mut h = History::default();
        h.meet(0, 1);
        let (pairs, _) = swiss_round(&[1.0, 0.0], &h);
        assert_eq!(pairs, vec![(0, 1)]);
    }
}
