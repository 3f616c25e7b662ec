//! Evaluation weights tuned by self-play with `sente gomoku spsa` (generated: edit by running the commands again).
//!
//! Made by, in order (a run `--from compiled` continues from the table the runs before it made):
//! ```text
//! sente gomoku spsa --iterations 1600 --nodes 50000 --rate 0.3 --seed 1 --size 15 --rule freestyle --from tuned --parallel 2 --out <this file>
//! ```
//! run 1: 1600 iterations, 3200 games: the plus side 1560 wins, 1512 losses, 128 draws; 0 games lost by a fault
//! start:  levels=0,1,0,6,10,52,1,828,400,2000,0;classes=0,41,47,145,171,57,71,0,123,404,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12
//! theta at the end: F2 21.6, B3 4.2, F3 100.0, F4 636.0, c_w2 41.0, c_t1 70.1, c_t1w1 205.0, c_t1w2 0.0, c_t2 141.0, c_f1 198.6, c_f1w1 434.0
//! result (mean theta over iterations 801 to 1600): levels=0,1,0,13,4,74,1,820,400,2000,0;classes=0,38,63,205,57,115,71,0,194,461,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12

use crate::patterns::{CLASSES, LEVELS};

/// The weight per pattern level.
pub const PLAYED_SCORE: [i32; LEVELS] = [0, 1, 0, 13, 4, 74, 1, 820, 400, 2000, 0];

/// The tempo, in eighths.
pub const PLAYED_TEMPO: i32 = 12;

/// The weight per cell class (one line, as the tests compare it).
#[rustfmt::skip]
pub const PLAYED_CLASS: [i32; CLASSES] = [0, 38, 63, 205, 57, 115, 71, 0, 194, 461, 688, 1466, 1569, 1226, 1226, 1226, 1226, 1020, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226];
