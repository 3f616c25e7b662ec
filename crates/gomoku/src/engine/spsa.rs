//! Self-play tuning of the evaluation's weights by SPSA (simultaneous perturbation stochastic approximation), the
//! method chess engines tune their evaluation with: no gradient and no game records, only games.
//!
//! Each iteration draws a random sign `Δᵢ = ±1` per tuned weight (of a set: [`TUNED`] or [`WIDE`]), makes two weight
//! sets `θ + cΔ` and `θ − cΔ` (`cᵢ` the weight's step) and has them play one opening twice, colours swapped. With `s`
//! the first set's result (`(wins − losses) / 2`, from −1 to +1), every weight moves by `a · cᵢ · s · Δᵢ`: a step
//! towards the side that won, scaled by its own step. The weights are kept within the position's bounds
//! (`0..=`[`MAX_PARAM`], the tempo `1..=`[`MAX_TEMPO`]). Games are noisy, so θ wanders around the optimum; the result
//! is the mean of θ over the second half of the run (Polyak averaging, [`Spsa::average`]).
//!
//! Runs are reproducible: the signs of iteration `k` come from the seed and `k` alone, and the games of one batch
//! (iterations played at once on several cores) all start from the same θ and are applied in iteration order.
//! This file holds the arithmetic; `sente gomoku spsa` plays the games between `sente gomoku pbrain --weights`
//! brains.

use super::params::{EvalParams, MAX_KEY, MAX_PARAM, MAX_TEMPO, SEARCH_BOUNDS, SEARCH_LEN, SEARCH_NAMES};
use crate::patterns::{B2, B3, B4, F2, F3, F4};
use sente_core::zobrist::splitmix64;

/// Which table a tuned weight lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// A pattern level's weight ([`EvalParams::levels`]).
    Level,
    /// A cell class's weight ([`EvalParams::classes`]).
    Class,
    /// The tempo ([`EvalParams::tempo`], in eighths; the index is 0).
    Tempo,
    /// A cell combination's weight ([`EvalParams::combos`], indexed as [`crate::combos`]).
    Combo,
    /// The width cut's key of a level the side to move makes ([`EvalParams::key_own`]).
    KeyOwn,
    /// The width cut's key of a level the opponent would make ([`EvalParams::key_opp`]).
    KeyOpp,
    /// A search setting ([`EvalParams::search`], indexed as [`SEARCH_NAMES`]).
    Search,
}

/// One tuned weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuned {
    /// Its name in logs: the level (`F3`) or the class (`c_f1w1`: one four and one two).
    pub name: &'static str,
    /// The table.
    pub table: Table,
    /// Its index in the table.
    pub index: usize,
    /// The perturbation `c`: about a tenth of the weight, enough for a pair of games to tell the two sides apart.
    pub step: f64,
}

const fn level(name: &'static str, pat: crate::patterns::Pat, step: f64) -> Tuned {
    Tuned { name, table: Table::Level, index: pat as usize, step }
}

impl Tuned {
    /// The bounds the weight is kept within: the position's.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        match self.table {
            Table::Level | Table::Class => (0.0, f64::from(MAX_PARAM)),
            Table::Combo => (-f64::from(MAX_PARAM), f64::from(MAX_PARAM)),
            Table::Tempo => (1.0, f64::from(MAX_TEMPO)),
            Table::KeyOwn | Table::KeyOpp => (0.0, f64::from(MAX_KEY)),
            Table::Search => {
                let (lo, hi) = SEARCH_BOUNDS[self.index];
                (f64::from(lo), f64::from(hi))
            }
        }
    }

    /// `v` kept within [`Tuned::bounds`].
    fn clamp(&self, v: f64) -> f64 {
        let (lo, hi) = self.bounds();
        v.clamp(lo, hi)
    }
}

/// A class by its counts of fours, open threes and twos ([`crate::patterns::cell_class`]).
const fn class(name: &'static str, fours: u32, threes: u32, twos: u32, step: f64) -> Tuned {
    let index = match crate::patterns::cell_class(fours, threes, twos) {
        Some(k) => k,
        None => panic!("no class"),
    };
    Tuned { name, table: Table::Class, index, step }
}

/// A combination by its counts of closed twos, open twos, closed threes, open threes, simple fours and straight
/// fours (the digits of [`crate::combos`]).
const fn combo(name: &'static str, counts: [usize; crate::combos::KINDS], step: f64) -> Tuned {
    let (mut code, mut k, mut unit) = (0, 0, 1);
    while k < counts.len() {
        code += counts[k] * unit;
        unit *= 5;
        k += 1;
    }
    let rank = crate::combos::RANK[code];
    assert!(rank != u8::MAX, "no combination");
    Tuned { name, table: Table::Combo, index: rank as usize, step }
}

/// The combinations set: the commonest crossings of quiet lines that one class holds together (an open three with
/// an open two or with a closed three, a four with an open two or a closed three, two open twos, an open two and a
/// closed three, two closed threes) and the closed two's crossings that no class counts, each a weight added to
/// its class's.
pub const COMBOS: [Tuned; 12] = [
    combo("F3+F2", [0, 1, 0, 1, 0, 0], 15.0),
    combo("F3+B3", [0, 0, 1, 1, 0, 0], 15.0),
    combo("F3+B2", [1, 0, 0, 1, 0, 0], 10.0),
    combo("B4+F2", [0, 1, 0, 0, 1, 0], 30.0),
    combo("B4+B3", [0, 0, 1, 0, 1, 0], 30.0),
    combo("B4+B2", [1, 0, 0, 0, 1, 0], 15.0),
    combo("F2+F2", [0, 2, 0, 0, 0, 0], 6.0),
    combo("B3+F2", [0, 1, 1, 0, 0, 0], 6.0),
    combo("B3+B3", [0, 0, 2, 0, 0, 0], 6.0),
    combo("F2+B2", [1, 1, 0, 0, 0, 0], 4.0),
    combo("B3+B2", [1, 0, 1, 0, 0, 0], 4.0),
    combo("B2+B2", [2, 0, 0, 0, 0, 0], 3.0),
];

const fn key(name: &'static str, table: Table, pat: crate::patterns::Pat, step: f64) -> Tuned {
    Tuned { name, table, index: pat as usize, step }
}

/// The key set: the width cut's key ([`crate::patterns::QUICK_OWN`], [`crate::patterns::QUICK_OPP`]) at the levels
/// it was fitted on, which decide the cells a quiet node searches (fours and stronger are fixed above any sum of
/// these; the opponent's lone stone and closed two are 0 in the fit, at the bound, and stay so). Steps are about
/// an eighth of the fitted value: a cell's key is a sum of four directions, and a tenth seldom reorders the cut.
pub const KEY: [Tuned; 10] = [
    key("own_l1", Table::KeyOwn, 1, 8.0),
    key("own_B2", Table::KeyOwn, B2, 15.0),
    key("own_F2", Table::KeyOwn, F2, 80.0),
    key("own_B3", Table::KeyOwn, B3, 100.0),
    key("own_F3", Table::KeyOwn, F3, 200.0),
    key("own_B4", Table::KeyOwn, B4, 260.0),
    key("opp_F2", Table::KeyOpp, F2, 25.0),
    key("opp_B3", Table::KeyOpp, B3, 40.0),
    key("opp_F3", Table::KeyOpp, F3, 115.0),
    key("opp_B4", Table::KeyOpp, B4, 165.0),
];

const fn setting(index: usize, step: f64) -> Tuned {
    Tuned { name: SEARCH_NAMES[index], table: Table::Search, index, step }
}

/// The search set: the settings that decide how far the search looks rather than what it values
/// ([`super::searched::SEARCH`]): the reverse futility and razor margins, the aspiration half-width, the late-move
/// reductions' divisor (hundredths), each stepped by about a tenth, and the width cut and its tail, stepped by one
/// move.
pub const SEARCH: [Tuned; SEARCH_LEN] =
    [setting(0, 20.0), setting(1, 20.0), setting(2, 20.0), setting(3, 20.0), setting(4, 1.0), setting(5, 1.0)];

/// The weights SPSA tunes: the quiet levels and the common cell classes up to a four with a two, whose weights
/// decide quiet moves (fours and stronger threats are the threat search's business, and rare classes would not
/// be played often enough to be measured).
pub const TUNED: [Tuned; 11] = [
    level("F2", F2, 2.0),
    level("B3", B3, 2.0),
    level("F3", F3, 8.0),
    level("F4", F4, 80.0),
    class("c_w2", 0, 0, 2, 6.0),
    class("c_t1", 0, 1, 0, 7.0),
    class("c_t1w1", 0, 1, 1, 20.0),
    class("c_t1w2", 0, 1, 2, 25.0),
    class("c_t2", 0, 2, 0, 10.0),
    class("c_f1", 1, 0, 0, 18.0),
    class("c_f1w1", 1, 0, 1, 50.0),
];

/// The wide set: [`TUNED`] and the weights it leaves as fitted that a few thousand games still play often: the
/// closed two and closed four levels, the crossings of two open threes with twos and of a four with two twos, and
/// the tempo.
pub const WIDE: [Tuned; 17] = [
    TUNED[0],
    TUNED[1],
    TUNED[2],
    TUNED[3],
    TUNED[4],
    TUNED[5],
    TUNED[6],
    TUNED[7],
    TUNED[8],
    TUNED[9],
    TUNED[10],
    level("B2", B2, 2.0),
    level("B4", B4, 4.0),
    class("c_t2w1", 0, 2, 1, 10.0),
    class("c_t2w2", 0, 2, 2, 10.0),
    class("c_f1w2", 1, 0, 2, 60.0),
    Tuned { name: "tempo", table: Table::Tempo, index: 0, step: 1.0 },
];

/// The set of weights named `name`: `quiet` ([`TUNED`], the default), `wide` ([`WIDE`]), `combos` ([`COMBOS`]),
/// `key` ([`KEY`]) or `search` ([`SEARCH`]).
#[must_use]
pub fn weight_set(name: &str) -> Option<&'static [Tuned]> {
    match name {
        "quiet" => Some(&TUNED),
        "wide" => Some(&WIDE),
        "combos" => Some(&COMBOS),
        "key" => Some(&KEY),
        "search" => Some(&SEARCH),
        _ => None,
    }
}

/// The state of a run: the start, the current θ and every θ so far.
#[derive(Clone, Debug)]
pub struct Spsa {
    set: &'static [Tuned],
    start: EvalParams,
    theta: Vec<f64>,
    rate: f64,
    seed: u64,
    trace: Vec<Vec<f64>>,
}

impl Spsa {
    /// A run of the weights `set` from `start` with learning rate `rate` (the `a` above) and seed `seed`.
    #[must_use]
    pub fn new(set: &'static [Tuned], start: EvalParams, rate: f64, seed: u64) -> Spsa {
        let theta = set.iter().map(|t| f64::from(get(&start, t))).collect();
        Spsa { set, start, theta, rate, seed, trace: Vec::new() }
    }

    /// The tuned weights, in the order of [`Spsa::theta`].
    #[must_use]
    pub fn set(&self) -> &'static [Tuned] {
        self.set
    }

    /// The signs Δ of iteration `k` (from 0).
    #[must_use]
    pub fn signs(&self, k: u64) -> Vec<f64> {
        let mut state = self.seed ^ splitmix64(k).1;
        self.set
            .iter()
            .map(|_| {
                let (next, out) = splitmix64(state);
                state = next;
                if out >> 63 == 0 { 1.0 } else { -1.0 }
            })
            .collect()
    }

    /// The two weight sets of an iteration with signs `delta`: `θ + cΔ` and `θ − cΔ`, rounded and kept in bounds.
    #[must_use]
    pub fn pair(&self, delta: &[f64]) -> (EvalParams, EvalParams) {
        let shifted = |sign: f64| {
            let t: Vec<f64> =
                self.theta.iter().zip(self.set).zip(delta).map(|((v, t), d)| v + sign * t.step * d).collect();
            self.params_of(&t)
        };
        (shifted(1.0), shifted(-1.0))
    }

    /// Moves θ after the plus set of [`Spsa::pair`] scored `score` (wins less losses, halved: −1 to +1) against
    /// the minus set, and records the new θ.
    pub fn update(&mut self, delta: &[f64], score: f64) {
        for ((v, t), d) in self.theta.iter_mut().zip(self.set).zip(delta) {
            *v = t.clamp(*v + self.rate * t.step * score * d);
        }
        self.trace.push(self.theta.clone());
    }

    /// The current θ, one value per tuned weight.
    #[must_use]
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// Iterations applied so far.
    #[must_use]
    pub fn iterations(&self) -> usize {
        self.trace.len()
    }

    /// The mean θ over the second half of the iterations (the current θ when there are none), as weights.
    #[must_use]
    pub fn average(&self) -> EvalParams {
        let tail = &self.trace[self.trace.len() / 2..];
        if tail.is_empty() {
            return self.params_of(&self.theta);
        }
        let mean: Vec<f64> =
            (0..self.set.len()).map(|i| tail.iter().map(|t| t[i]).sum::<f64>() / tail.len() as f64).collect();
        self.params_of(&mean)
    }

    /// The start with the tuned weights set to `values`, rounded and kept in bounds.
    #[must_use]
    pub fn params_of(&self, values: &[f64]) -> EvalParams {
        let mut p = self.start;
        for (t, &v) in self.set.iter().zip(values) {
            let w = t.clamp(v.round()) as i32;
            match t.table {
                Table::Level => p.levels[t.index] = w,
                Table::Class => p.classes[t.index] = w,
                Table::Tempo => p.tempo = w,
                Table::Combo => p.combos[t.index] = w,
                Table::KeyOwn => p.key_own[t.index] = w,
                Table::KeyOpp => p.key_opp[t.index] = w,
                Table::Search => p.search[t.index] = w,
            }
        }
        p
    }
}

/// The source of the checked-in table ([`super::played`]), whose header records the runs that made it.
pub const PLAYED_SOURCE: &str = include_str!("played.rs");
/// The source of the width cut's key ([`super::keyed`]), whose header records the `--set key` runs that made it.
pub const KEYED_SOURCE: &str = include_str!("keyed.rs");
/// The source of the combination weights ([`super::combined`]): hand-written until a `--set combos` run writes it.
pub const COMBINED_SOURCE: &str = include_str!("combined.rs");
/// The source of the search settings ([`super::searched`]): hand-written until a `--set search` run writes it.
pub const SEARCHED_SOURCE: &str = include_str!("searched.rs");

/// The runs a generated file's header records, in order: a run `--from compiled` continues from the table the
/// runs before it made, so the file is remade by running every command again, one after the other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Provenance {
    /// The commands, one per run.
    pub commands: Vec<String>,
    /// Each run's summary: its first line is `run N: …`, then `start:`, `theta at the end:` and `result …` lines.
    pub runs: Vec<Vec<String>>,
}

impl Provenance {
    /// Reads the header of a file written by `sente gomoku spsa --out`: the commands between the ```` ```text ````
    /// fences and, after them, one block of lines per `run N:` line.
    #[must_use]
    pub fn parse(source: &str) -> Provenance {
        let mut p = Provenance::default();
        let mut fenced = false;
        for line in source.lines().map_while(|l| l.strip_prefix("//!")).map(str::trim_start) {
            if line.starts_with("```") {
                fenced = line == "```text";
            } else if fenced {
                p.commands.push(line.to_string());
            } else if line.starts_with("run ") && line.contains(": ") {
                p.runs.push(vec![line.to_string()]);
            } else if let Some(run) = p.runs.last_mut().filter(|_| !line.is_empty()) {
                run.push(line.to_string());
            }
        }
        p
    }

    /// The weights text that follows `key` on a line of `run` (the `start:` or `result` line), if any.
    #[must_use]
    pub fn weights<S: AsRef<str>>(run: &[S], key: &str) -> Option<String> {
        let line = run.iter().map(AsRef::as_ref).find(|l| l.starts_with(key))?;
        line.rsplit(' ').next().map(str::to_string)
    }
}

/// The value of tuned weight `t` in `p`.
#[must_use]
pub fn get(p: &EvalParams, t: &Tuned) -> i32 {
    match t.table {
        Table::Level => p.levels[t.index],
        Table::Class => p.classes[t.index],
        Table::Tempo => p.tempo,
        Table::Combo => p.combos[t.index],
        Table::KeyOwn => p.key_own[t.index],
        Table::KeyOpp => p.key_opp[t.index],
        Table::Search => p.search[t.index],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuned_weights_are_distinct_and_name_the_classes_they_index() {
        for (i, a) in TUNED.iter().enumerate() {
            assert!(TUNED[i + 1..].iter().all(|b| (a.table, a.index) != (b.table, b.index)), "{} twice", a.name);
        }
        for (i, a) in WIDE.iter().enumerate() {
            assert!(WIDE[i + 1..].iter().all(|b| (a.table, a.index) != (b.table, b.index)), "{} twice", a.name);
        }
        assert_eq!(WIDE[..TUNED.len()], TUNED, "the wide set starts with the quiet one");
        let c = |n: &str| WIDE.iter().find(|t| t.name == n).unwrap().index;
        assert_eq!((c("c_w2"), c("c_t1"), c("c_t2"), c("c_f1"), c("c_f1w1")), (1, 2, 5, 8, 9));
        assert_eq!((c("c_t2w1"), c("c_t2w2"), c("c_f1w2")), (6, 7, 10));
        assert_eq!((weight_set("quiet").map(<[_]>::len), weight_set("wide").map(<[_]>::len)), (Some(11), Some(17)));
        assert!(weight_set("all").is_none());
    }

    /// The wide set moves the tempo and the other weights it adds, each within its own bounds, and the quiet set's
    /// signs are the first of the wide set's (the draws per weight come in the set's order).
    #[test]
    fn the_wide_set_tunes_the_tempo_within_its_bounds() {
        let mut s = Spsa::new(&WIDE, EvalParams::COMPILED, 100.0, 3);
        let quiet = Spsa::new(&TUNED, EvalParams::COMPILED, 100.0, 3);
        assert_eq!(s.signs(5)[..TUNED.len()], quiet.signs(5)[..]);
        let up = vec![1.0; WIDE.len()];
        s.update(&up, 1.0);
        let p = s.params_of(s.theta());
        assert_eq!(p.tempo, MAX_TEMPO);
        assert_eq!(p.levels[B2 as usize], 200);
        assert_eq!(p.check(), Ok(()));
        for _ in 0..10 {
            s.update(&up, -1.0);
        }
        let p = s.params_of(s.theta());
        assert_eq!((p.tempo, p.levels[B4 as usize], p.classes[10]), (1, 0, 0));
        assert_eq!(p.check(), Ok(()));
    }

    /// The key set moves the width cut's free levels only, within their bounds, and the position plays with the
    /// moved key (a brain's key is in its weights text).
    #[test]
    fn the_key_set_moves_the_free_key_levels_within_bounds() {
        for (i, a) in KEY.iter().enumerate() {
            assert!(KEY[i + 1..].iter().all(|b| (a.table, a.index) != (b.table, b.index)), "{} twice", a.name);
            assert!(a.index < super::super::params::KEY_FREE, "{} is a fixed level", a.name);
        }
        let mut s = Spsa::new(&KEY, EvalParams::COMPILED, 100.0, 3);
        s.update(&vec![1.0; KEY.len()], 1.0);
        let p = s.params_of(s.theta());
        assert_eq!((p.key_own[B4 as usize], p.key_opp[F3 as usize]), (MAX_KEY, MAX_KEY));
        assert_eq!(
            (p.levels, p.classes, p.tempo),
            (EvalParams::COMPILED.levels, EvalParams::COMPILED.classes, EvalParams::COMPILED.tempo)
        );
        assert_eq!(p.check(), Ok(()));
        for _ in 0..2 {
            s.update(&vec![-1.0; KEY.len()], 1.0);
        }
        let p = s.params_of(s.theta());
        assert_eq!((p.key_own[1], p.key_opp[B3 as usize]), (0, 0));
        assert_eq!(p.to_string().parse::<EvalParams>(), Ok(p));
    }

    /// The weights on the `key` line of a generated file's run, parsed.
    fn header_weights<S: AsRef<str>>(run: &[S], key: &str) -> EvalParams {
        Provenance::weights(run, key).unwrap_or_else(|| panic!("no {key} line")).parse().unwrap()
    }

    /// The compiled key (engine/keyed.rs) is the result of the last `--set key` run its header records: the first
    /// started from the `tune --order` fit (engine/ordered.rs), each later one (`--from compiled`) continues the one
    /// before, and every run moved only the key's free levels.
    #[test]
    fn the_keyed_table_is_what_its_header_records() {
        use super::super::{keyed, ordered, params::KEY_FREE};
        let p = Provenance::parse(KEYED_SOURCE);
        assert!(!p.runs.is_empty() && p.commands.len() == p.runs.len(), "{p:?}");
        assert!(p.commands.iter().all(|c| c.starts_with("sente gomoku spsa ") && c.contains(" --set key ")));
        assert!(p.commands[1..].iter().all(|c| c.contains(" --from compiled ")), "{:?}", p.commands);
        let first = &p.commands[0];
        let from = first.split(" --from '").nth(1).and_then(|r| r.split('\'').next()).expect("a --from text");
        let start: EvalParams = from.parse().unwrap();
        assert_eq!((start.key_own, start.key_opp), (ordered::ORDERED_OWN, ordered::ORDERED_OPP));
        for (i, run) in p.runs.iter().enumerate() {
            assert!(run[0].starts_with(&format!("run {}: ", i + 1)), "{}", run[0]);
            // A run moves the key alone: its result keeps the evaluation weights it started with (the table
            // compiled then, which a later `--set quiet` run may have changed since).
            let (began, result) = (header_weights(run, "start:"), header_weights(run, "result "));
            assert_eq!((result.levels, result.classes, result.tempo), (began.levels, began.classes, began.tempo));
        }
        let result = header_weights(p.runs.last().unwrap(), "result ");
        assert_eq!((result.key_own, result.key_opp), (keyed::KEYED_OWN, keyed::KEYED_OPP));
        assert_eq!(keyed::KEYED_OWN[KEY_FREE..], ordered::ORDERED_OWN[KEY_FREE..]);
        assert_eq!(keyed::KEYED_OPP[KEY_FREE..], ordered::ORDERED_OPP[KEY_FREE..]);
        // The hand-written tables record no run, so a run from them starts a chain.
        assert_eq!(Provenance::parse(COMBINED_SOURCE), Provenance::default());
        assert_eq!(Provenance::parse(SEARCHED_SOURCE), Provenance::default());
    }

    /// The combinations set names the combinations it moves, and moves them below zero as well as above (a
    /// combination's weight is added to its class's).
    #[test]
    fn the_combinations_set_moves_named_combinations_both_ways() {
        for t in &COMBOS {
            assert_eq!(crate::combos::combo_name(t.index), t.name);
        }
        let start = EvalParams { combos: [0; crate::combos::COMBOS], ..EvalParams::COMPILED };
        let mut s = Spsa::new(&COMBOS, start, 1.0, 3);
        s.update(&vec![-1.0; COMBOS.len()], 1.0);
        let p = s.params_of(s.theta());
        let f3b3 = crate::combos::combo_by_name("F3+B3").unwrap();
        assert_eq!((p.combos[f3b3], p.levels, p.classes), (-15, start.levels, start.classes));
        assert_eq!(p.check(), Ok(()));
        assert_eq!(weight_set("combos").map(<[_]>::len), Some(12));
    }

    #[test]
    fn signs_are_seeded_per_iteration_and_balanced() {
        let s = Spsa::new(&TUNED, EvalParams::COMPILED, 0.3, 7);
        assert_eq!(s.signs(3), Spsa::new(&TUNED, EvalParams::COMPILED, 0.3, 7).signs(3));
        assert_ne!(s.signs(3), Spsa::new(&TUNED, EvalParams::COMPILED, 0.3, 8).signs(3));
        let plus: usize = (0..1000).map(|k| s.signs(k).iter().filter(|&&d| d > 0.0).count()).sum();
        assert!((5000..6000).contains(&plus), "{plus} of 11000 signs positive");
    }

    #[test]
    fn the_pair_straddles_theta_and_a_win_moves_theta_towards_the_winner() {
        let mut s = Spsa::new(&TUNED, EvalParams::COMPILED, 0.5, 1);
        let d = s.signs(0);
        let (plus, minus) = s.pair(&d);
        for (i, t) in TUNED.iter().enumerate() {
            let (p, m, v) = (f64::from(get(&plus, t)), f64::from(get(&minus, t)), s.theta()[i]);
            // A weight whose minus side would go below zero is clamped there.
            assert_eq!(p, (v + t.step * d[i]).max(0.0), "{}", t.name);
            assert_eq!(m, (v - t.step * d[i]).max(0.0), "{}", t.name);
        }
        let before = s.theta().to_vec();
        s.update(&d, 1.0);
        for (i, t) in TUNED.iter().enumerate() {
            assert_eq!(s.theta()[i], (before[i] + 0.5 * t.step * d[i]).max(0.0), "{}", t.name);
        }
        // Weights other than the tuned ones keep the start's values.
        let avg = s.average();
        assert_eq!((avg.tempo, avg.classes[17]), (EvalParams::COMPILED.tempo, EvalParams::COMPILED.classes[17]));
    }

    #[test]
    fn theta_stays_in_bounds_and_the_average_is_over_the_second_half() {
        let mut s = Spsa::new(&TUNED, EvalParams::COMPILED, 10.0, 1);
        let up = vec![1.0; TUNED.len()];
        for _ in 0..50 {
            s.update(&up, -1.0);
        }
        assert!(s.theta().iter().all(|&v| v == 0.0));
        for _ in 0..50 {
            s.update(&up, 1.0);
        }
        assert_eq!(s.iterations(), 100);
        // The second half climbed from 0 by `rate · step` an iteration, up to the bound.
        let avg = s.average();
        for t in &TUNED {
            let mean = (1..=50).map(|k| (f64::from(k) * 10.0 * t.step).min(f64::from(MAX_PARAM))).sum::<f64>() / 50.0;
            assert_eq!(get(&avg, t), mean.round() as i32, "{}", t.name);
        }
    }

    /// The checked-in table ([`super::super::played`]) is the one its header says the runs made: the first run
    /// started from the Texel fit or the weights text its command gives, each later one (`--from compiled`) from
    /// the result of the one before, the last result parses to the compiled weights, which pass the position's
    /// bounds, and only the weights SPSA tunes moved.
    #[test]
    fn the_played_table_is_what_its_header_records() {
        use super::super::played;
        let p = Provenance::parse(PLAYED_SOURCE);
        assert!(!p.runs.is_empty() && p.commands.len() == p.runs.len(), "{p:?}");
        assert!(p.commands.iter().all(|c| c.starts_with("sente gomoku spsa ")), "{:?}", p.commands);
        assert!(p.commands[1..].iter().all(|c| c.contains(" --from compiled ")), "{:?}", p.commands);
        // The first run starts from the Texel fit (`--from tuned`) or from the weights text its command quotes.
        let first = &p.commands[0];
        let mut at = if first.contains(" --from tuned ") {
            EvalParams::TUNED
        } else {
            let text = first.split(" --from '").nth(1).and_then(|t| t.split('\'').next());
            text.unwrap_or_else(|| panic!("no start in {first}")).parse().unwrap()
        };
        for (i, run) in p.runs.iter().enumerate() {
            assert!(run[0].starts_with(&format!("run {}: ", i + 1)), "{}", run[0]);
            assert_eq!(header_weights(run, "start:"), at, "run {} starts where the one before ended", i + 1);
            at = header_weights(run, "result (mean theta");
        }
        // The header's texts have no combinations and no key: they read as the compiled ones.
        let table = EvalParams {
            levels: played::PLAYED_SCORE,
            classes: played::PLAYED_CLASS,
            tempo: played::PLAYED_TEMPO,
            combos: crate::patterns::COMBO_EXTRA,
            ..EvalParams::COMPILED
        };
        assert_eq!(at, table);
        assert_eq!(table.check(), Ok(()));
        let start = EvalParams::TUNED;
        // A run's set is named by `--set` (the quiet set when its command names none).
        let set: &[Tuned] = if p.commands.iter().any(|c| c.contains(" --set wide ")) { &WIDE } else { &TUNED };
        let tuned_at = |t: Table, i: usize| set.iter().any(|w| (w.table, w.index) == (t, i));
        for i in 0..table.levels.len() {
            assert!(tuned_at(Table::Level, i) || table.levels[i] == start.levels[i], "level {i} moved");
        }
        for i in 0..table.classes.len() {
            assert!(tuned_at(Table::Class, i) || table.classes[i] == start.classes[i], "class {i} moved");
        }
        assert!(tuned_at(Table::Tempo, 0) || table.tempo == start.tempo);
    }

    #[test]
    fn provenance_reads_commands_and_runs_and_stops_at_the_code() {
        let src = "//! Title.\n//!\n//! Made by:\n//! ```text\n//! sente a\n//! sente b\n//! ```\n//! run 1: x\n//! start:  \
                   levels=1\n//! run 2: y\n//! result (mean theta over iterations 2 to 3): tempo=3\n\nuse x;\n//! run 3: z\n";
        let p = Provenance::parse(src);
        assert_eq!(p.commands, ["sente a", "sente b"]);
        assert_eq!(
            p.runs,
            [
                vec!["run 1: x", "start:  levels=1"],
                vec!["run 2: y", "result (mean theta over iterations 2 to 3): tempo=3"]
            ]
        );
        assert_eq!(Provenance::weights(&p.runs[0], "start:").as_deref(), Some("levels=1"));
        assert_eq!(Provenance::weights(&p.runs[1], "start:"), None);
    }
}
