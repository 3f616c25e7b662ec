//! `sente play <game>`: terminal play (being built; see the web issue).

use crate::error::CliError;
use clap::Parser;
use std::process::ExitCode;

/// Arguments of `sente play`.
#[derive(Debug, Parser)]
pub struct Args {}

/// Runs `sente play`.
pub fn run(_args: Args) -> Result<ExitCode, CliError> {
    Err(CliError::Other("not built yet".into()))
}
