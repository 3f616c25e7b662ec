//! Dispatch from parsed arguments to each game's commands.

#[cfg(feature = "gomoku")]
pub mod gomoku;
#[cfg(feature = "lgame")]
pub mod lgame;
#[cfg(feature = "gomoku")]
pub mod matches;
#[cfg(feature = "web")]
pub mod play;
#[cfg(feature = "rowcol")]
pub mod rowcol;
#[cfg(feature = "web")]
pub mod serve;
#[cfg(feature = "starcircle")]
pub mod starcircle;
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
    }
}
