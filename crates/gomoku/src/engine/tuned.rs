//! Pattern weights fitted by `sente gomoku tune` (generated: edit by running the command again).
//!
//! Made by:
//! ```text
//! sente gomoku tune --size 15 --rule freestyle --seed 1 --iterations 2000 --tempo 12 --out <this file> crates/gomoku/data/selfplay-100ms-302.txt crates/gomoku/data/selfplay-100ms-304.txt crates/gomoku/data/selfplay-50k.txt crates/gomoku/data/selfplay-100k.txt
//! ```
//! 2455 games (0 lines skipped), 56270 training and 6238 held-out positions; sigmoid scale K = 1.290e-3
//! Texel loss before: training 0.190928, held out 0.193373
//! Texel loss after:  training 0.172035, held out 0.168542
//! tempo 12/8: Texel loss training 0.172035, held out 0.168542
//! weights before: [0, 2, 6, 18, 20, 70, 90, 400, 400, 2000, 0], classes [0, 41, 0, 104, 104, 0, 0, 0, 0, 307, 307, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226], tempo 10/8
//! weights after:  [0, 1, 0, 6, 10, 52, 1, 828, 400, 2000, 0], classes [0, 41, 47, 145, 171, 57, 71, 0, 123, 404, 688, 1466, 1569, 1226, 1226, 1226, 1226, 1020, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226], tempo 12/8

use crate::patterns::LEVELS;

/// The fitted [`crate::patterns::SCORE`] table, indexed by pattern level.
pub const TUNED_SCORE: [i32; LEVELS] = [0, 1, 0, 6, 10, 52, 1, 828, 400, 2000, 0];

/// The fitted tempo, in eighths: the side to move's pattern total counts `TUNED_TEMPO / 8` times the other side's.
pub const TUNED_TEMPO: i32 = 12;

/// The fitted weight of each [`crate::patterns::cell_class`] (one line, as the tests compare it).
#[rustfmt::skip]
pub const TUNED_CLASS: [i32; crate::patterns::CLASSES] = [0, 41, 47, 145, 171, 57, 71, 0, 123, 404, 688, 1466, 1569, 1226, 1226, 1226, 1226, 1020, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226];
