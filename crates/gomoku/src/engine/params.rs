//! The evaluation's weights in force in this process: the pattern levels' weights, the cell classes' weights and
//! the tempo that [`crate::patterns::SCORE`], [`crate::patterns::CLASS_SCORE`] and [`crate::patterns::TEMPO`]
//! hold, or another set installed once at start-up.
//!
//! The position's incremental tables (its accumulator lanes and class values) are built from the active set the
//! first time a position is made, so a set can only be chosen before that: [`install`] fails once the tables
//! exist with different weights. This is how `sente gomoku pbrain --weights` and the self-play tuner
//! (`sente gomoku spsa`, [`super::spsa`]) run the engine with weights other than the compiled ones, each brain a
//! process of its own; the engine's searches with the compiled weights are unchanged.
//!
//! The text form (`levels=0,1,…;classes=0,41,…;tempo=12;combos=F3+B3:40,…`, see [`EvalParams::from_str`]) is what
//! the tuner passes on a brain's command line and writes in its log.

use super::searched::SEARCH;
use crate::Error;
use crate::combos::{COMBOS, class_of_combo, combo_by_name, combo_name};
use crate::patterns::{CLASS_SCORE, CLASSES, COMBO_EXTRA, FIVE, LEVELS, QUICK_OPP, QUICK_OWN, SCORE, TEMPO};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// The largest weight of a level or a class: the position's 24-bit total lanes hold 676 cells × (4 directions +
/// one class) × this with room to spare.
pub const MAX_PARAM: i32 = 2000;
/// The largest tempo, in eighths (the side to move's total counts at most four times the other side's).
pub const MAX_TEMPO: i32 = 32;
/// The levels of the width cut's key that may move ([`EvalParams::key_own`], [`EvalParams::key_opp`]): dead to
/// simple four. The stronger levels keep their compiled values, which rank them above any sum of these.
pub const KEY_FREE: usize = crate::patterns::B4 as usize + 1;
/// The largest key value of a free level: below the smallest fixed one of either table.
pub const MAX_KEY: i32 = 2499;

/// One set of evaluation weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalParams {
    /// Weight per pattern level, indexed like [`SCORE`].
    pub levels: [i32; LEVELS],
    /// Weight per cell class, indexed like [`CLASS_SCORE`].
    pub classes: [i32; CLASSES],
    /// The tempo in eighths, as [`TEMPO`].
    pub tempo: i32,
    /// What each [`crate::combos`] combination adds to its cell's class weight, indexed like [`COMBO_EXTRA`]: a
    /// cell's weight is its class's plus its combination's, held to `0..=`[`MAX_PARAM`].
    pub combos: [i32; COMBOS],
    /// The width cut's key per level for what the side to move makes on a cell, as [`QUICK_OWN`].
    pub key_own: [i32; LEVELS],
    /// The same for what the opponent would make there, as [`QUICK_OPP`].
    pub key_opp: [i32; LEVELS],
    /// The search settings [`super::searched::SEARCH`] holds, named by [`SEARCH_NAMES`]: the futility and razor
    /// margins, the aspiration half-width, the late-move reductions' divisor in hundredths, the width cut and its
    /// tail ([`super::eval::GomokuEval`], whose default reads them).
    pub search: [i32; SEARCH_LEN],
}

/// How many search settings [`EvalParams::search`] holds.
pub const SEARCH_LEN: usize = 6;
/// The search settings' names in the text form (`search=futility:200,width:12`), in [`EvalParams::search`]'s order.
pub const SEARCH_NAMES: [&str; SEARCH_LEN] = ["futility", "razor", "aspiration", "lmr", "width", "tail"];
/// Each search setting's bounds: a margin of 0 turns its pruning off, the divisor stays above half a ply, the
/// width keeps four moves and the tail fits a node's list.
pub const SEARCH_BOUNDS: [(i32, i32); SEARCH_LEN] = [(0, 2000), (0, 2000), (10, 2000), (50, 1000), (4, 40), (0, 40)];

impl EvalParams {
    /// The compiled weights.
    pub const COMPILED: EvalParams = EvalParams {
        levels: SCORE,
        classes: CLASS_SCORE,
        tempo: TEMPO,
        combos: COMBO_EXTRA,
        key_own: QUICK_OWN,
        key_opp: QUICK_OPP,
        search: SEARCH,
    };

    /// The Texel fit of `sente gomoku tune` ([`super::tuned`]), where self-play tuning starts.
    pub const TUNED: EvalParams = EvalParams {
        levels: super::tuned::TUNED_SCORE,
        classes: super::tuned::TUNED_CLASS,
        tempo: super::tuned::TUNED_TEMPO,
        combos: [0; COMBOS],
        key_own: QUICK_OWN,
        key_opp: QUICK_OPP,
        search: SEARCH,
    };

    /// Checks the bounds the position's tables need: every level and class weight in `0..=`[`MAX_PARAM`], the
    /// five's weight the compiled one (the evaluation reads fives from their own counters), the tempo in
    /// `1..=`[`MAX_TEMPO`].
    ///
    /// # Errors
    /// [`Error::Params`] naming the first weight out of bounds.
    pub fn check(&self) -> Result<(), Error> {
        let bad = |what: String| Err(Error::Params(what));
        for (i, &w) in self.levels.iter().enumerate() {
            if !(0..=MAX_PARAM).contains(&w) {
                return bad(format!("level {i} has weight {w} (expected 0 to {MAX_PARAM})"));
            }
        }
        let five = usize::from(FIVE);
        if self.levels[five] != SCORE[five] {
            return bad(format!("the five's weight (level {five}) is {}, not {}", self.levels[five], SCORE[five]));
        }
        for (i, &w) in self.classes.iter().enumerate() {
            if !(0..=MAX_PARAM).contains(&w) {
                return bad(format!("class {i} has weight {w} (expected 0 to {MAX_PARAM})"));
            }
        }
        for (i, &w) in self.combos.iter().enumerate() {
            if !(-MAX_PARAM..=MAX_PARAM).contains(&w) {
                return bad(format!(
                    "combination {} has weight {w} (expected {} to {MAX_PARAM})",
                    combo_name(i),
                    -MAX_PARAM
                ));
            }
        }
        if !(1..=MAX_TEMPO).contains(&self.tempo) {
            return bad(format!("tempo {} (expected 1 to {MAX_TEMPO} eighths)", self.tempo));
        }
        for (name, key, compiled) in [("key_own", &self.key_own, &QUICK_OWN), ("key_opp", &self.key_opp, &QUICK_OPP)] {
            for (i, &w) in key.iter().enumerate() {
                if i < KEY_FREE && !(0..=MAX_KEY).contains(&w) {
                    return bad(format!("{name} level {i} has key {w} (expected 0 to {MAX_KEY})"));
                }
                if i >= KEY_FREE && w != compiled[i] {
                    return bad(format!(
                        "{name} level {i} is fixed at {} (only levels below {KEY_FREE} move)",
                        compiled[i]
                    ));
                }
            }
        }
        for ((name, &(lo, hi)), &v) in SEARCH_NAMES.iter().zip(&SEARCH_BOUNDS).zip(&self.search) {
            if !(lo..=hi).contains(&v) {
                return bad(format!("search setting {name} is {v} (expected {lo} to {hi})"));
            }
        }
        Ok(())
    }
}

impl EvalParams {
    /// The weight of a cell of combination `combo` (an index of [`crate::combos`]): its class's weight plus the
    /// combination's own, held to `0..=`[`MAX_PARAM`] (the position's total lanes never go negative).
    #[must_use]
    pub fn cell_weight(&self, combo: usize) -> i32 {
        let class = class_of_combo(combo).map_or(0, |c| self.classes[c]);
        (class + self.combos[combo % COMBOS]).clamp(0, MAX_PARAM)
    }
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams::COMPILED
    }
}

static ACTIVE: OnceLock<EvalParams> = OnceLock::new();

/// The weights in force: the installed set, or the compiled one (fixed from the first call on).
pub fn active() -> &'static EvalParams {
    ACTIVE.get_or_init(EvalParams::default)
}

/// Makes `params` the weights of every evaluation in this process.
///
/// # Errors
/// [`Error::Params`] when a weight is out of bounds ([`EvalParams::check`]) or when other weights are already in
/// force (a position was made, or another set installed, before).
pub fn install(params: EvalParams) -> Result<(), Error> {
    params.check()?;
    let now = ACTIVE.get_or_init(|| params);
    if *now == params {
        Ok(())
    } else {
        Err(Error::Params("other weights are already in use in this process (install before any position)".into()))
    }
}

impl fmt::Display for EvalParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(",");
        write!(f, "levels={};classes={};tempo={}", list(&self.levels), list(&self.classes), self.tempo)?;
        let combos: Vec<String> = (0..COMBOS)
            .filter(|&c| self.combos[c] != 0)
            .map(|c| format!("{}:{}", combo_name(c), self.combos[c]))
            .collect();
        write!(f, ";combos={}", combos.join(","))?;
        // The key is written only where it is not the compiled one, so texts from before it existed keep their form.
        if self.key_own != QUICK_OWN || self.key_opp != QUICK_OPP {
            write!(f, ";key_own={};key_opp={}", list(&self.key_own), list(&self.key_opp))?;
        }
        // So are the search settings, each by name.
        if self.search != SEARCH {
            let named: Vec<String> =
                SEARCH_NAMES.iter().zip(&self.search).map(|(name, v)| format!("{name}:{v}")).collect();
            write!(f, ";search={}", named.join(","))?;
        }
        Ok(())
    }
}

impl FromStr for EvalParams {
    type Err = Error;

    /// Reads `levels=W0,…,W10;classes=C0,…,C25;tempo=T;combos=NAME:W,…;key_own=K0,…,K10;key_opp=K0,…,K10;
    /// search=NAME:V,…`: any of the seven parts (in any order, separated by `;`) may be left out and keeps its
    /// compiled value; a list of levels or classes must have every entry; `combos` lists the combinations whose
    /// weight is not 0 by name (`F3+B3:40,F2+F2:-12`; empty for none) and `search` the settings it changes
    /// (`futility:150,width:14`). The result is checked ([`EvalParams::check`]).
    fn from_str(s: &str) -> Result<Self, Error> {
        let mut p = EvalParams::COMPILED;
        let bad = |what: String| Error::Params(what);
        for part in s.split(';').map(str::trim).filter(|t| !t.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                bad(format!(
                    "{part:?} is not KEY=VALUE (KEY: levels, classes, tempo, combos, key_own, key_opp or search)"
                ))
            })?;
            let numbers = |n: usize| -> Result<Vec<i32>, Error> {
                let v = value
                    .split(',')
                    .map(|x| x.trim().parse::<i32>().map_err(|_| bad(format!("{key}: {x:?} is not an integer"))))
                    .collect::<Result<Vec<_>, _>>()?;
                if v.len() == n { Ok(v) } else { Err(bad(format!("{key} has {} weights, expected {n}", v.len()))) }
            };
            match key.trim() {
                "levels" => p.levels.copy_from_slice(&numbers(LEVELS)?),
                "classes" => p.classes.copy_from_slice(&numbers(CLASSES)?),
                "tempo" => p.tempo = numbers(1)?[0],
                "combos" => p.combos = combos(value)?,
                "key_own" => p.key_own.copy_from_slice(&numbers(LEVELS)?),
                "key_opp" => p.key_opp.copy_from_slice(&numbers(LEVELS)?),
                "search" => p.search = search(value)?,
                other => {
                    return Err(bad(format!(
                        "unknown part {other:?} (expected levels, classes, tempo, combos, key_own, key_opp or search)"
                    )));
                }
            }
        }
        p.check()?;
        Ok(p)
    }
}

/// The `search` part's value: `NAME:V` entries separated by commas ([`SEARCH_NAMES`]), every other setting the
/// compiled one.
fn search(value: &str) -> Result<[i32; SEARCH_LEN], Error> {
    let mut out = SEARCH;
    for entry in value.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let bad = || Error::Params(format!("search: {entry:?} is not NAME:VALUE (e.g. futility:200)"));
        let (name, v) = entry.split_once(':').ok_or_else(bad)?;
        let k = SEARCH_NAMES.iter().position(|n| *n == name.trim()).ok_or_else(|| {
            Error::Params(format!("search: {name:?} is not a setting (expected one of {})", SEARCH_NAMES.join(", ")))
        })?;
        out[k] = v.trim().parse().map_err(|_| bad())?;
    }
    Ok(out)
}

/// The `combos` part's value: `NAME:W` entries separated by commas, every other combination 0.
fn combos(value: &str) -> Result<[i32; COMBOS], Error> {
    let mut out = [0; COMBOS];
    for entry in value.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let bad = || Error::Params(format!("combos: {entry:?} is not NAME:WEIGHT (e.g. F3+B3:40)"));
        let (name, w) = entry.split_once(':').ok_or_else(bad)?;
        let c = combo_by_name(name).ok_or_else(|| {
            Error::Params(format!("combos: {name:?} is not a combination (kinds B2, F2, B3, F3, B4, F4 joined by +)"))
        })?;
        out[c] = w.trim().parse().map_err(|_| bad())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_parts_default_to_the_compiled_weights() {
        let p = EvalParams::COMPILED;
        assert_eq!(p.to_string().parse::<EvalParams>(), Ok(p));
        let t: EvalParams = "tempo=10".parse().unwrap();
        assert_eq!((t.levels, t.classes, t.tempo), (SCORE, CLASS_SCORE, 10));
        let mut q = p;
        q.classes[5] = 0;
        q.levels[3] = 22;
        assert_eq!(q.to_string().parse::<EvalParams>(), Ok(q));
        q.combos = [0; COMBOS];
        q.combos[combo_by_name("F3+B3").unwrap()] = -40;
        assert!(q.to_string().ends_with(";combos=F3+B3:-40"), "{q}");
        assert_eq!(q.to_string().parse::<EvalParams>(), Ok(q));
        let none: EvalParams = "combos=".parse().unwrap();
        assert_eq!(none.combos, [0; COMBOS]);
        assert!(!p.to_string().contains("key_"), "the compiled key is left out: {p}");
        let mut k = p;
        k.key_own[3] += 40;
        k.key_opp[5] = 0;
        assert!(k.to_string().contains(";key_own="), "{k}");
        assert_eq!(k.to_string().parse::<EvalParams>(), Ok(k));
        assert!(!p.to_string().contains("search="), "the compiled search settings are left out: {p}");
        let w: EvalParams = "search=width:14, lmr:250".parse().unwrap();
        assert_eq!((w.search[4], w.search[3], w.search[0]), (14, 250, SEARCH[0]));
        assert!(w.to_string().contains(";search=futility:"), "{w}");
        assert_eq!(w.to_string().parse::<EvalParams>(), Ok(w));
    }

    #[test]
    fn bad_text_and_out_of_bounds_weights_are_refused_with_the_reason() {
        let err = |s: &str| s.parse::<EvalParams>().unwrap_err().to_string();
        assert!(err("levels=1,2").contains("levels has 2 weights, expected 11"));
        assert!(err("tempo=x").contains("\"x\" is not an integer"));
        assert!(err("speed=3").contains("unknown part"));
        assert!(err("tempo").contains("not KEY=VALUE"));
        assert!(err("tempo=0").contains("tempo 0"));
        assert!(err("combos=F3+X3:4").contains("not a combination"));
        assert!(err("combos=F3+B3").contains("not NAME:WEIGHT"));
        assert!(err("combos=F3:2001").contains("combination F3 has weight 2001"));
        assert!(err("key_own=1,2").contains("key_own has 2 weights, expected 11"));
        assert!(err("search=depth:3").contains("not a setting"));
        assert!(err("search=width").contains("not NAME:VALUE"));
        assert!(err("search=width:3").contains("search setting width is 3 (expected 4 to 40)"));
        let mut p = EvalParams::COMPILED;
        p.key_own[2] = MAX_KEY + 1;
        assert!(p.check().unwrap_err().to_string().contains("key_own level 2 has key 2500"));
        p = EvalParams::COMPILED;
        p.key_opp[KEY_FREE] += 1;
        assert!(p.check().unwrap_err().to_string().contains("is fixed"));
        p = EvalParams::COMPILED;
        p.classes[2] = MAX_PARAM + 1;
        assert!(p.check().unwrap_err().to_string().contains("class 2 has weight 2001"));
        p = EvalParams::COMPILED;
        p.levels[usize::from(FIVE)] = 1999;
        assert!(p.check().is_err());
    }

    #[test]
    fn install_keeps_the_weights_already_in_force() {
        // Tests share one process: the compiled weights are in force once any position exists.
        let _ = crate::Gomoku::standard();
        let _ = active();
        assert_eq!(install(EvalParams::COMPILED), Ok(()));
        let mut other = EvalParams::COMPILED;
        other.tempo += 1;
        assert!(install(other).unwrap_err().to_string().contains("already in use"));
    }
}
