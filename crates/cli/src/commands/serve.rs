//! `sente serve`: the web arena (being built; see the web issue).

use crate::error::CliError;
use clap::Parser;
use std::process::ExitCode;

/// Arguments of `sente serve`.
#[derive(Debug, Parser)]
pub struct Args {}

/// Runs `sente serve`.
pub fn run(_args: Args) -> Result<ExitCode, CliError> {
    Err(CliError::Other("not built yet".into()))
}
