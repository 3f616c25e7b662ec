//! `sente starcircle …` subcommands (being built; see the starcircle issue).

use crate::error::CliError;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Arguments of `sente starcircle`.
#[derive(Debug, Parser)]
pub struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Prints the rules summary.
    Rules,
}

/// Runs `sente starcircle …`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.cmd {
        Cmd::Rules => Err(CliError::Other("not built yet".into())),
    }
}
