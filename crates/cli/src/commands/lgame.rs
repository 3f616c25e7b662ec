//! `sente lgame …` subcommands (being built; see the lgame issue).

use crate::error::CliError;
use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Arguments of `sente lgame`.
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

/// Runs `sente lgame …`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.cmd {
        Cmd::Rules => Err(CliError::Other("not built yet".into())),
    }
}
