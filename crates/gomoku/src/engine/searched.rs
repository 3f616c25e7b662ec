//! The search settings that `sente gomoku spsa --set search` tunes, as the engine compiles them: the reverse
//! futility and razor margins per ply, the aspiration half-width, the divisor of the late-move reductions'
//! product of logarithms (in hundredths of a ply) and the width cut with its tail. [`super::eval::GomokuEval`]'s
//! default reads them through [`super::params::active`], so `sente gomoku pbrain --weights 'search=…'` plays
//! another set without a rebuild.
//!
//! Each value was measured by self-play on its own (docs/gomoku-log.md: "Pruning off the principal variation",
//! "Aspiration windows", "Late-move reductions that grow with the depth", "The tail paid for by late-move
//! reductions"). Two `spsa --set search` runs, one at a node budget and one by the clock, found no set that beats
//! them in timed self-play ("Search settings tuned by self-play, by nodes and by the clock"), so this file stays
//! hand-written.

/// `futility`, `razor`, `aspiration`, `lmr`, `width`, `tail` ([`super::params::SEARCH_NAMES`]).
pub const SEARCH: [i32; super::params::SEARCH_LEN] = [200, 200, 150, 200, 12, 8];
