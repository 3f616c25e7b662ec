//! Cell-combination weights fitted by `sente gomoku tune --combos` (generated: edit by running the command again).
//!
//! None fitted yet: every combination adds nothing to its class.

use crate::combos::COMBOS;

/// What each combination adds to its cell's class weight, indexed like [`crate::patterns::COMBO_EXTRA`].
#[rustfmt::skip]
pub const COMBINED: [i32; COMBOS] = [0; COMBOS];
