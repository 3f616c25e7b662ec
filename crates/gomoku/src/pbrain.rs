//! Piskvork protocol (being written).
use std::io::{BufRead, Write};

/// Brain options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Threads.
    pub threads: usize,
    /// Node budget.
    pub nodes: Option<u64>,
}

/// Runs the brain.
///
/// # Errors
/// I/O errors.
pub fn run<R: BufRead, W: Write>(_input: R, _output: W, _options: &Options) -> std::io::Result<()> {
    Ok(())
}
