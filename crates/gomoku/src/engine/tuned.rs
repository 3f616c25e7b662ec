//! Pattern weights fitted by `sente gomoku tune` (generated: edit by running the command again).
//!
//! Made by:
//! ```text
//! sente gomoku tune --size 15 --rule freestyle --seed 1 --iterations 2000 --tempo 10 --out <this file> crates/gomoku/data/selfplay-50k.txt crates/gomoku/data/selfplay-100k.txt
//! ```
//! 600 games (0 lines skipped), 13169 training and 1559 held-out positions; sigmoid scale K = 1.352e-3
//! Texel loss before: training 0.217482, held out 0.218611
//! Texel loss after:  training 0.190901, held out 0.178986
//! tempo 10/8: Texel loss training 0.190901, held out 0.178986
//! weights before: [0, 2, 6, 18, 20, 70, 90, 400, 400, 2000, 0], tempo 10/8
//! weights after:  [0, 2, 0, 19, 50, 107, 199, 747, 400, 2000, 0], tempo 10/8

use crate::patterns::LEVELS;

/// The fitted [`crate::patterns::SCORE`] table, indexed by pattern level.
pub const TUNED_SCORE: [i32; LEVELS] = [0, 2, 0, 19, 50, 107, 199, 747, 400, 2000, 0];

/// The fitted tempo, in eighths: the side to move's pattern total counts `TUNED_TEMPO / 8` times the other side's.
pub const TUNED_TEMPO: i32 = 10;
