//! The CLI's one error type and its exit codes.
//!
//! Input errors name the file (or `<stdin>`), the line and what was expected; they exit with 2 and are raised
//! before any output file is touched. Failures while running exit with 1.

use std::fmt;
use std::path::Path;

/// Everything a subcommand can fail with.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// An input file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// An input was read but is malformed. `detail` usually starts with `line N:`.
    #[error("{path}: {detail}")]
    Input {
        /// The file.
        path: String,
        /// What is wrong and what was expected.
        detail: String,
    },
    /// Arguments that clap accepted but that make no sense together.
    #[error("{0}")]
    Usage(String),
    /// An output could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Writing to stdout failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// Anything else that went wrong while running.
    #[error("{0}")]
    Other(String),
}

impl CliError {
    /// A malformed input in `path`; `err` should say the line and what was expected.
    pub fn input(path: &Path, err: impl fmt::Display) -> CliError {
        CliError::Input { path: path.display().to_string(), detail: err.to_string() }
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Read { .. } | CliError::Input { .. } | CliError::Usage(_) => 2,
            CliError::Write { .. } | CliError::Io(_) | CliError::Other(_) => 1,
        }
    }

    /// True when stdout was closed under us (`sente … | head`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == std::io::ErrorKind::BrokenPipe)
    }
}
