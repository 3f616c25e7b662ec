//! The search settings that `sente gomoku spsa --set search` tunes, as the engine compiles them: the reverse
//! futility and razor margins per ply, the aspiration half-width, the divisor of the late-move reductions'
//! product of logarithms (in hundredths of a ply) and the width cut with its tail. [`super::eval::GomokuEval`]'s
//! default reads them through [`super::params::active`], so `sente gomoku pbrain --weights 'search=…'` plays
//! another set without a rebuild.
//!
//! Each value was measured by self-play on its own (docs/gomoku.md: "Pruning off the principal variation",
//! "Aspiration windows", "Late-move reductions that grow with the depth", "The tail paid for by late-move
//! reductions").

/// `futility`, `razor`, `aspiration`, `lmr`, `width`, `tail` ([`super::params::SEARCH_NAMES`]).
pub const SEARCH: [i32; super::params::SEARCH_LEN] = [200, 200, 150, 200, 12, 8];
