//! `sente gomoku match` (being written).

use crate::error::CliError;
use std::process::ExitCode;

/// Options of a match.
#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    /// First engine.
    first: String,
}

/// Runs a match.
pub fn run(_a: &MatchArgs) -> Result<ExitCode, CliError> {
    Err(CliError::Other("not built yet".into()))
}
