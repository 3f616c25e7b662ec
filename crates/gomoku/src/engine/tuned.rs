//! Pattern weights fitted by `sente gomoku tune` (generated: edit by running the command again).
//!
//! Made by:
//! ```text
//! sente gomoku tune --size 15 --rule freestyle --seed 1 --iterations 2000 --out <this file> crates/gomoku/data/selfplay-100ms-302.txt crates/gomoku/data/selfplay-100ms-304.txt crates/gomoku/data/selfplay-50k.txt crates/gomoku/data/selfplay-100k.txt
//! ```
//! 2455 games (0 lines skipped), 56270 training and 6238 held-out positions; sigmoid scale K = 1.303e-3
//! Texel loss before: training 0.214138, held out 0.223687
//! Texel loss after:  training 0.172542, held out 0.169043
//! tempo 10/8: Texel loss training 0.175690, held out 0.173783
//! tempo 11/8: Texel loss training 0.172909, held out 0.170019
//! tempo 12/8: Texel loss training 0.172709, held out 0.169058
//! tempo 13/8: Texel loss training 0.172998, held out 0.169493
//! tempo 14/8: Texel loss training 0.172542, held out 0.169043 (kept: lowest held out)
//! weights before: [0, 2, 6, 18, 20, 70, 90, 400, 400, 2000, 0], classes [0, 0, 0, 0, 0], tempo 10/8
//! weights after:  [0, 0, 0, 2, 1, 77, 82, 974, 400, 2000, 0], classes [1248, 0, 290, 91, 36], tempo 14/8

use crate::patterns::LEVELS;

/// The fitted [`crate::patterns::SCORE`] table, indexed by pattern level.
pub const TUNED_SCORE: [i32; LEVELS] = [0, 0, 0, 2, 1, 77, 82, 974, 400, 2000, 0];

/// The fitted tempo, in eighths: the side to move's pattern total counts `TUNED_TEMPO / 8` times the other side's.
pub const TUNED_TEMPO: i32 = 14;

/// The fitted weight of each [`crate::patterns::cell_class`].
pub const TUNED_CLASS: [i32; crate::patterns::CLASSES] = [1248, 0, 290, 91, 36];
