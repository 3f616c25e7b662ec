//! Evaluation weights tuned by self-play with `sente gomoku spsa` (generated: edit by running the commands again).
//!
//! Made by, in order (a run `--from compiled` continues from the table the runs before it made):
//! ```text
//! sente gomoku spsa --iterations 1600 --nodes 50000 --rate 0.3 --seed 4 --size 15 --rule freestyle --from 'levels=0,1,0,22,24,98,1,784,400,2000,0;classes=0,32,54,127,177,0,71,0,147,478,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12' --parallel 2 --out <this file>
//! sente gomoku spsa --iterations 900 --time-ms 80 --rate 0.3 --seed 12 --size 15 --rule freestyle --set quiet --from compiled --parallel 2 --out <this file>
//! ```
//! run 1: 1600 iterations, 3200 games: the plus side 1501 wins, 1528 losses, 171 draws; 0 games lost by a fault
//! start:  levels=0,1,0,22,24,98,1,784,400,2000,0;classes=0,32,54,127,177,0,71,0,147,478,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12
//! theta at the end: F2 18.7, B3 23.1, F3 101.6, F4 844.0, c_w2 22.1, c_t1 5.2, c_t1w1 160.0, c_t1w2 278.2, c_t2 39.0, c_f1 122.7, c_f1w1 560.5
//! result (mean theta over iterations 801 to 1600): levels=0,1,0,19,24,95,1,708,400,2000,0;classes=0,22,8,137,218,48,71,0,105,375,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12
//! run 2: 900 iterations, 1800 games: the plus side 824 wins, 874 losses, 102 draws; 0 games lost by a fault
//! start:  levels=0,1,0,19,24,95,1,708,400,2000,0;classes=0,22,8,137,218,48,71,0,105,375,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12;combos=
//! theta at the end: F2 17.2, B3 26.4, F3 68.6, F4 636.0, c_w2 54.4, c_t1 54.2, c_t1w1 155.0, c_t1w2 180.5, c_t2 57.0, c_f1 164.4, c_f1w1 480.0
//! result (mean theta over iterations 451 to 900): levels=0,1,0,17,26,82,1,615,400,2000,0;classes=0,47,49,143,258,45,71,0,149,424,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12;combos=
//! (run 2 plays by the clock, so running it again gives other weights; written from its printed summary, 2026-12-07.
//! Against run 1's table, 100 ms a move: +15 (+2..+28) over 600 opening pairs on 15×15, +15 (−3..+33) over 300 on
//! 19×19; docs/gomoku-log.md, "Openings balanced in play against Rapfi; the evaluation tuned by the clock".)

use crate::patterns::{CLASSES, LEVELS};

/// The weight per pattern level.
pub const PLAYED_SCORE: [i32; LEVELS] = [0, 1, 0, 17, 26, 82, 1, 615, 400, 2000, 0];

/// The tempo, in eighths.
pub const PLAYED_TEMPO: i32 = 12;

/// The weight per cell class (one line, as the tests compare it).
#[rustfmt::skip]
pub const PLAYED_CLASS: [i32; CLASSES] = [0, 47, 49, 143, 258, 45, 71, 0, 149, 424, 688, 1466, 1569, 1226, 1226, 1226, 1226, 1020, 1226, 1226, 1226, 1226, 1226, 1226, 1226, 1226];
