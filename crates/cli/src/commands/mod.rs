//! Dispatch from parsed arguments to each game's commands.

#[cfg(feature = "gomoku")]
pub mod analyse;
#[cfg(feature = "gomoku")]
pub mod contest;
#[cfg(feature = "gomoku")]
pub mod gauntlet;
#[cfg(feature = "gomoku")]
pub mod gomoku;
#[cfg(feature = "lgame")]
pub mod lgame;
#[cfg(feature = "gomoku")]
pub mod matches;
#[cfg(feature = "gomoku")]
pub mod openings;
#[cfg(feature = "web")]
pub mod play;
// With only some games built, the charts of the others serve none.
#[cfg_attr(not(all(feature = "rowcol", feature = "starcircle", feature = "lgame")), allow(dead_code))]
pub mod report;
#[cfg(feature = "rowcol")]
pub mod rowcol;
#[cfg(feature = "web")]
pub mod serve;
#[cfg(feature = "gomoku")]
pub mod spsa;
#[cfg(feature = "starcircle")]
pub mod starcircle;
#[cfg(feature = "tree")]
pub mod tree;
#[cfg(feature = "tree")]
mod tree_svg;
#[cfg(feature = "gomoku")]
pub mod tune;

use crate::args::{Cli, Command};
use crate::error::CliError;
use std::process::ExitCode;

/// Runs one parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    match cli.command {
        #[cfg(feature = "rowcol")]
        Command::Rowcol(args) => rowcol::run(args),
        #[cfg(feature = "starcircle")]
        Command::Starcircle(args) => starcircle::run(args),
        #[cfg(feature = "lgame")]
        Command::Lgame(args) => lgame::run(args),
        #[cfg(feature = "gomoku")]
        Command::Gomoku(args) => gomoku::run(args),
        #[cfg(feature = "gomoku")]
        Command::Match(args) => matches::run(&args),
        #[cfg(feature = "web")]
        Command::Serve(args) => serve::run(args),
        #[cfg(feature = "web")]
        Command::Play(args) => play::run(args),
        #[cfg(feature = "tree")]
        Command::Tree(args) => tree::run(&args),
        Command::Report(args) => report::run(args),
    }
}
