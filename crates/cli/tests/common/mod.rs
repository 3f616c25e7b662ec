//! Helpers shared by the CLI's integration tests: run the built `sente` binary, with or without standard input.
// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// A command for the built `sente` binary.
pub fn sente() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sente"))
}

/// Runs `sente ARGS`, feeding `stdin` from a separate thread (so large inputs and outputs cannot deadlock), and
/// collects its output.
pub fn sente_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = sente()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sente binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let text = stdin.to_string();
    let writer = std::thread::spawn(move || input.write_all(text.as_bytes()));
    let out = child.wait_with_output().expect("sente finishes");
    writer.join().expect("the stdin writer thread").expect("stdin is written");
    out
}
