//! `sente`: the thin binary over Sente's game crates. It parses arguments, runs one subcommand and maps errors to
//! exit codes: 0 success, 1 a failure while running, 2 bad input or usage (clap also exits 2 on usage errors).
//! A closed stdout (`sente … | head`) ends quietly with 0, as ripgrep does.

mod args;
#[cfg(any(feature = "rowcol", feature = "starcircle", feature = "lgame", feature = "gomoku"))]
// With only some games built, parts of the shared checker serve none of them (Gomoku uses only its runner).
#[cfg_attr(not(all(feature = "rowcol", feature = "starcircle", feature = "lgame")), allow(dead_code))]
mod check;
mod commands;
mod error;
mod io;
#[cfg(feature = "gomoku")]
mod tournament;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if err.is_broken_pipe() {
                return ExitCode::SUCCESS;
            }
            eprintln!("sente: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
