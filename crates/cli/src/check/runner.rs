//! Running a student's program once: `sh -c CMD` in a given folder, with optional standard input, a wall-clock
//! limit, and nothing left behind.
//!
//! The program runs in a process group of its own. When it is over — finished, or out of time — the whole group
//! is killed with `SIGKILL`, so a program that forked helpers, or left one running in the background, cannot go
//! on using the machine or hold its output pipes open. On Linux the checker makes itself a *child subreaper*
//! (`PR_SET_CHILD_SUBREAPER`), so the program's orphaned descendants are re-parented to the checker rather than to
//! whatever runs as process 1, and it reaps every one of them after each run: no zombie is left, even in a
//! container whose process 1 never reaps. Standard output and error are read on their own threads (so a chatty
//! program cannot block on a full pipe) and kept up to [`CAPTURE_LIMIT`] bytes each.
//!
//! Because the program has a group of its own, a Ctrl-C at the terminal reaches only the checker. So the checker
//! catches SIGINT, SIGTERM and SIGHUP once ([`Interrupt`]): the running program's group is killed and reaped, and
//! the check stops with an error. A second Ctrl-C ends the checker at once.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// The most bytes of standard output (and of standard error) kept from one run; the rest is read and dropped.
pub const CAPTURE_LIMIT: usize = 16 << 20;

/// How a run ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited with this status code.
    Exited(i32),
    /// The program was ended by this signal (not by the checker).
    Signalled(i32),
    /// The time limit ran out and the checker killed the program's process group.
    TimedOut,
}

impl Ending {
    /// A short description for explanations: `exit status 3`, `killed by signal 11 (SIGSEGV)`.
    pub fn describe(self) -> String {
        match self {
            Ending::Exited(code) => format!("exit status {code}"),
            Ending::Signalled(sig) => format!("killed by signal {sig}{}", signal_name(sig)),
            Ending::TimedOut => "timed out".to_string(),
        }
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        1 => " (SIGHUP)",
        2 => " (SIGINT)",
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        13 => " (SIGPIPE)",
        15 => " (SIGTERM)",
        _ => "",
    }
}

/// What one run of the program left: how it ended, how long it took, what it printed.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Wall-clock time from start to exit (or to the kill).
    pub elapsed: Duration,
    /// Standard output, up to [`CAPTURE_LIMIT`] bytes.
    pub stdout: Vec<u8>,
    /// Standard error, up to [`CAPTURE_LIMIT`] bytes.
    pub stderr: Vec<u8>,
}

/// Whether [`prepare`] made this process the subreaper of orphans, which [`run`] then reaps after each program. The
/// tournament runs programs on several threads at once without it: there a sweep of every exited child could take
/// another thread's child before that thread waits for it.
static SUBREAPER: AtomicBool = AtomicBool::new(false);

/// Set when the checker was asked to stop (SIGINT, SIGTERM, SIGHUP).
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Prepares the checker's process for running programs: on Linux, become the subreaper of their orphans; catch the
/// signals that ask it to stop (a second one of them, once caught, ends it with status 130).
pub fn prepare() -> Interrupt {
    #[cfg(target_os = "linux")]
    {
        // Failure only means orphans go to process 1 as usual; the group kill still ends them.
        let _ = rustix::process::set_child_subreaper(rustix::process::getpid().into());
        SUBREAPER.store(true, Ordering::SeqCst);
    }
    catch_signals()
}

/// Catches the signals that ask the process to stop (SIGINT, SIGTERM, SIGHUP): the first sets the returned flag, a
/// second ends the process with status 130. Without the subreaper of [`prepare`], so programs may run on several
/// threads at once (the tournament).
pub fn catch_signals() -> Interrupt {
    let flag = Interrupt::default();
    #[cfg(unix)]
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM, signal_hook::consts::SIGHUP] {
        // Failure leaves the default action: the checker dies and the program runs on; nothing better to do.
        let _ = signal_hook::flag::register_conditional_shutdown(signal, 130, Arc::clone(&flag.0));
        let _ = signal_hook::flag::register(signal, Arc::clone(&flag.0));
    }
    flag
}

/// Runs `sh -c program` in `dir`, feeding `stdin` (or an empty standard input), for at most `limit`.
///
/// # Errors
/// The shell could not be started, waiting on it failed, or `interrupt` was set (the error's kind is then
/// [`std::io::ErrorKind::Interrupted`], and the program's processes are gone).
pub fn run(
    program: &str,
    dir: &Path,
    stdin: Option<Vec<u8>>,
    limit: Duration,
    interrupt: &Interrupt,
) -> std::io::Result<Run> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(program).current_dir(dir);
    cmd.stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let group = child.id();
    if let (Some(data), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // A program that never reads its input makes this fail with a broken pipe, which is its own business.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&data);
        });
    }
    let stdout = child.stdout.take().map(capture);
    let stderr = child.stderr.take().map(capture);
    let mut pause = Duration::from_millis(1);
    let finished = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        let spent = start.elapsed();
        if spent >= limit || interrupt.is_set() {
            break None;
        }
        std::thread::sleep(pause.min(limit - spent));
        pause = (pause * 2).min(Duration::from_millis(10));
    };
    let elapsed = start.elapsed();
    // Always: a finished program may have left helpers running; a timed-out one is still running.
    kill_group(group);
    let ending = match finished {
        Some(status) => ending_of(status),
        None => {
            child.wait()?;
            Ending::TimedOut
        }
    };
    reap(group);
    if interrupt.is_set() {
        return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted; the program was killed"));
    }
    // Both pipes close once every process that held them is dead; one that escaped the group may hold them longer.
    let collect = |rx: Option<mpsc::Receiver<Vec<u8>>>| {
        rx.and_then(|rx| rx.recv_timeout(Duration::from_secs(1)).ok()).unwrap_or_default()
    };
    Ok(Run { ending, elapsed, stdout: collect(stdout), stderr: collect(stderr) })
}

/// Reads a pipe to its end on a thread of its own, keeping the first [`CAPTURE_LIMIT`] bytes.
fn capture(mut pipe: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 64 * 1024];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = CAPTURE_LIMIT.saturating_sub(kept.len());
                    kept.extend_from_slice(&buf[..n.min(room)]);
                }
            }
        }
        let _ = tx.send(kept);
    });
    rx
}

fn ending_of(status: ExitStatus) -> Ending {
    #[cfg(unix)]
    if let Some(sig) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return Ending::Signalled(sig);
    }
    Ending::Exited(status.code().unwrap_or(-1))
}

/// Sends `SIGKILL` to the program's process group (which is gone already when everything in it has exited).
pub fn kill_group(group: u32) {
    #[cfg(unix)]
    if let Some(pid) = i32::try_from(group).ok().and_then(rustix::process::Pid::from_raw) {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

/// Waits for every killed member of the group that has become the checker's child, then for any other orphan.
fn reap(group: u32) {
    #[cfg(unix)]
    {
        use rustix::process::{Pid, WaitOptions, waitpgid, waitpid};
        if let Some(pid) = i32::try_from(group).ok().and_then(Pid::from_raw) {
            // Every member got SIGKILL, so each blocking wait returns at once; ECHILD ends the loop.
            while let Ok(Some(_)) = waitpgid(pid, WaitOptions::empty()) {}
        }
        // Descendants that left the group (setsid) and have ended since; the checker has no other children.
        if SUBREAPER.load(Ordering::SeqCst) {
            while let Ok(Some(_)) = waitpid(None, WaitOptions::NOHANG) {}
        }
    }
}
