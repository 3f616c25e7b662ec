//! The width cut's key tuned by self-play with `sente gomoku spsa --set key` (generated: edit by running the commands again).
//!
//! Made by, in order (a run `--from compiled` continues from the table the runs before it made):
//! ```text
//! sente gomoku spsa --iterations 1200 --nodes 50000 --rate 0.3 --seed 5 --size 15 --rule freestyle --set key --from 'key_own=0,65,116,632,781,1573,2121,3000,3500,4000,0;key_opp=0,0,0,169,296,923,1324,2500,2800,3500,0' --parallel 2 --out <this file>
//! ```
//! run 1: 1200 iterations, 2400 games: the plus side 1136 wins, 1117 losses, 147 draws; 0 games lost by a fault
//! start:  levels=0,1,0,19,24,95,1,708,400,2000,0;classes=0,22,8,137,218,48,71,0,105,375,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12;combos=
//! theta at the end: own_l1 56.6, own_B2 167.8, own_F2 572.0, own_B3 466.0, own_F3 1689.0, own_B4 678.0, opp_F2 105.2, opp_B3 266.0, opp_F3 733.2, opp_B4 1200.2
//! result (mean theta over iterations 601 to 1200): levels=0,1,0,19,24,95,1,708,400,2000,0;classes=0,22,8,137,218,48,71,0,105,375,688,1466,1569,1226,1226,1226,1226,1020,1226,1226,1226,1226,1226,1226,1226,1226;tempo=12;combos=;key_own=0,47,162,578,578,2107,771,3000,3500,4000,0;key_opp=0,0,0,86,201,831,1416,2500,2800,3500,0
//! (written from the run's printed summary: at f39cad3, run as `--from compiled` when the compiled key was the
//! `tune --order` fit that `--from` names above, before `--set key --out` existed; the command remakes this file.
//! Compiled in as [`crate::patterns::QUICK_OWN`] and [`crate::patterns::QUICK_OPP`], in place of that fit
//! ([`super::ordered`]): +12 (+3..+22) over 1,200 opening pairs against it (15×15, 100 ms). It ranks a lone simple
//! four of the side to move (771) below an open three (2,107), so a quiet node's cut can leave out a four that
//! starts a VCF; the root's VCF stage still finds the win, and keeping every four
//! ([`super::eval::GomokuEval::keep_fours`]) gives the gain back. docs/gomoku-log.md, "The width cut's key tuned by
//! self-play".)

use crate::patterns::LEVELS;

/// The side to move's key per pattern level ([`crate::patterns::QUICK_OWN`]).
pub const KEYED_OWN: [i32; LEVELS] = [0, 47, 162, 578, 578, 2107, 771, 3000, 3500, 4000, 0];

/// The opponent's key per pattern level ([`crate::patterns::QUICK_OPP`]).
pub const KEYED_OPP: [i32; LEVELS] = [0, 0, 0, 86, 201, 831, 1416, 2500, 2800, 3500, 0];
