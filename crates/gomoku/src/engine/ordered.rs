//! Width-cut ordering tables fitted by `sente gomoku tune --order` (generated: edit by running the command again).
//!
//! Made by:
//! ```text
//! sente gomoku tune --order --size 19 --rule freestyle --seed 1 --iterations 200 --out <this file> crates/gomoku/data/selfplay-19-100ms-334.txt crates/gomoku/data/selfplay-19-100ms-335.txt
//! ```
//! 1200 games (0 lines skipped), 20363 training and 2584 held-out positions where the width cut applies
//! hand-set key (ORDER, 5/4 for the side to move): played move kept by the cut 89.4% training, 90.6% held out; loss 3.1577 / 3.1480
//! fitted key: played move kept by the cut 91.2% training, 92.6% held out; loss 2.5429 / 2.4954
//! side to move's levels: [0, 65, 116, 632, 781, 1573, 2121, 3000, 3500, 4000, 0]
//! opponent's levels:     [0, 0, 0, 169, 296, 923, 1324, 2500, 2800, 3500, 0]

use crate::patterns::LEVELS;

/// The fitted [`crate::patterns::QUICK_OWN`] table, indexed by pattern level.
pub const ORDERED_OWN: [i32; LEVELS] = [0, 65, 116, 632, 781, 1573, 2121, 3000, 3500, 4000, 0];

/// The fitted [`crate::patterns::QUICK_OPP`] table, indexed by pattern level.
pub const ORDERED_OPP: [i32; LEVELS] = [0, 0, 0, 169, 296, 923, 1324, 2500, 2800, 3500, 0];
