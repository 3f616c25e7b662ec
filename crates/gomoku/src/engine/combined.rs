//! Cell-combination weights: what each [`crate::combos`] combination adds to its cell's class weight.
//!
//! None is in force: every combination adds nothing, so a cell is worth its class. `sente gomoku tune --combos`
//! writes this file with fitted weights (its header then holds the command). The Texel fit on the checked-in
//! records lowered the held-out loss but lost in self-play (−13, −27..+0 over 600 opening pairs), and twelve
//! weights tuned by self-play (`sente gomoku spsa --set combos`) were level (+5, −2..+13 over 1,800 pairs):
//! docs/gomoku-log.md, "Cell combinations in the evaluation".

use crate::combos::COMBOS;

/// What each combination adds to its cell's class weight, indexed like [`crate::patterns::COMBO_EXTRA`].
#[rustfmt::skip]
pub const COMBINED: [i32; COMBOS] = [0; COMBOS];
