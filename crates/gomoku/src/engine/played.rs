//! Evaluation weights tuned by self-play with `sente gomoku spsa` (generated: edit by running the commands again).
//!
//! Made by, in order (a run `--from compiled` continues from the table the runs before it made):
//! ```text
//! sente gomoku spsa --iterations 1600 --nodes 50000 --rate 0.3 --seed 4 --size 15 --rule freestyle --from 'levels=0,1,0,22,24,98,1,784,400,2000,0;classes=0,32,54,127,177,0,71,0,147,478,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12' --parallel 2 --out <this file>
//! ```
//! run 1: 1600 iterations, 3200 games: the plus side 1501 wins, 1528 losses, 171 draws; 0 games lost by a fault
//! start:  levels=0,1,0,22,24,98,1,784,400,2000,0;classes=0,32,54,127,177,0,71,0,147,478,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12
//! theta at the end: F2 18.7, B3 23.1, F3 101.6, F4 844.0, c_w2 22.1, c_t1 5.2, c_t1w1 160.0, c_t1w2 278.2, c_t2 39.0, c_f1 122.7, c_f1w1 560.5
//! result (mean theta over iterations 801 to 1600): levels=0,1,0,19,24,95,1,708,400,2000,0;classes=0,22,8,137,218,48,71,0,105,375,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12

use crate::patterns::{CLASSES, LEVELS};

/// The weight per pattern level.
pub const PLAYED_SCORE: [i32; LEVELS] = [0, 1, 0, 19, 24, 95, 1, 708, 400, 2000, 0];

/// The tempo, in eighths.
pub const PLAYED_TEMPO: i32 = 12;

/// The weight per cell class (one line, as the tests compare it).
#[rustfmt::skip]
pub const PLAYED_CLASS: [i32; CLASSES] = [0, 22, 8, 137, 218, 48, 71, 0, 105, 375, 688, 1466, 1569, 1226, 1226, 1226, 1226, 1020, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226];
