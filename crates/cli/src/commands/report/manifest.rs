//! Where a picture came from: the command line, the commit (from `git`, marked when code outside docs/ had
//! uncommitted changes), the UTC date and the machine. It is written in each SVG's footer and in the output
//! folder's `README.md`, an index whose rows for pictures not made this time are kept as they were.

use super::Picture;
use crate::error::CliError;
use crate::io::write_output;
use std::path::Path;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// What made a set of pictures.
#[derive(Clone, Debug)]
pub struct Provenance {
    /// The command line, as `sente report …`.
    pub command: String,
    /// The short commit hash, with ` + local changes` when the code differed from it.
    pub commit: String,
    /// `YYYY-MM-DD HH:MM UTC`.
    pub date: String,
    /// Cores, processor, memory, OS, build profile, load average at the start.
    pub machine: String,
}

impl Provenance {
    /// The provenance of this run.
    pub fn now() -> Provenance {
        let args: Vec<String> = std::env::args().skip(1).map(|a| shell_word(&a)).collect();
        let command = format!("sente {}", args.join(" ")).trim_end().to_string();
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        Provenance { command, commit: commit(), date: utc_date(secs), machine: machine() }
    }

    /// The two grey lines under a chart.
    pub fn footer(&self) -> String {
        format!("Made by `{}`\ncommit {}, {}; {}", self.command, self.commit, self.date, self.machine)
    }
}

/// Quotes a word for a shell when it needs it.
fn shell_word(w: &str) -> String {
    if !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_./,=:+".contains(c)) {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The checked-out commit; pictures are made before they are committed, so changes under docs/ do not count.
fn commit() -> String {
    let Some(hash) = git(&["rev-parse", "--short=7", "HEAD"]) else {
        return "unknown (not a git checkout)".into();
    };
    match git(&["status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)docs"]) {
        Some(s) if s.is_empty() => hash,
        _ => format!("{hash} + local changes"),
    }
}

fn machine() -> String {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| l.strip_prefix("model name")?.split_once(':').map(|x| x.1.trim().to_string()))
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let mem = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        let kib: u64 = s.lines().find_map(|l| l.strip_prefix("MemTotal:"))?.split_whitespace().next()?.parse().ok()?;
        Some(format!(", {} GiB", (kib + (1 << 19)) >> 20))
    });
    // The machine may be shared: the load when the run started says how much the timings can be trusted.
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(|l| format!(", load average {l}")));
    let profile = if cfg!(debug_assertions) { "debug build" } else { "release build" };
    format!(
        "{cores} cores ({cpu}){}, {}, {profile}{}",
        mem.unwrap_or_default(),
        std::env::consts::OS,
        load.unwrap_or_default()
    )
}

/// `YYYY-MM-DD HH:MM UTC` for seconds since 1970 (the civil-from-days conversion of H. Hinnant's date library).
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (hh, mm) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02} UTC")
}

const INDEX_HEAD: &str = "# Figures\n\n\
Made by `sente report` (see [../report.md](../report.md)); every picture has the CSV of its data beside it. \
Regenerate them all with `cargo run --release -p sente-cli -- report` from the repository root. \
This file is rewritten by the command: a row is replaced when its picture is made again.\n\n\
| picture | what it shows | command | commit | date | machine |\n|---|---|---|---|---|---|\n";

/// Rewrites `out/README.md`: one row per picture, this run's replacing earlier ones of the same name.
pub fn update_index(out: &Path, made: &[Picture], prov: &Provenance) -> Result<(), CliError> {
    let path = out.join("README.md");
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    let mut rows: Vec<(String, String)> = old
        .lines()
        .filter(|l| l.starts_with("| ["))
        .filter_map(|l| Some((l.strip_prefix("| [")?.split_once(']')?.0.to_string(), l.to_string())))
        .collect();
    for p in made {
        let file = format!("{}.svg", p.name);
        let row = format!(
            "| [{file}]({file}) ([csv]({}.csv)) | {} | `{}` | {} | {} | {} |",
            p.name, p.title, prov.command, prov.commit, prov.date, prov.machine
        );
        match rows.iter_mut().find(|(name, _)| *name == file) {
            Some(slot) => slot.1 = row,
            None => rows.push((file, row)),
        }
    }
    rows.sort();
    let mut text = INDEX_HEAD.to_string();
    for (_, row) in rows {
        text.push_str(&row);
        text.push('\n');
    }
    write_output(&path, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_utc() {
        assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_date(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_date(1_795_597_200), "2026-11-25 09:00 UTC");
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("--only=rowcol,lgame"), "--only=rowcol,lgame");
        assert_eq!(shell_word("my file"), "'my file'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }

    #[test]
    fn the_index_keeps_rows_of_pictures_not_made_again() {
        let dir = tempfile::tempdir().unwrap();
        let prov =
            |c: &str| Provenance { command: c.into(), commit: "abc1234".into(), date: "d".into(), machine: "m".into() };
        let pic = |name| Picture { name, title: format!("{name} title"), csv: String::new(), svg: String::new() };
        update_index(dir.path(), &[pic("b"), pic("a")], &prov("sente report")).unwrap();
        update_index(dir.path(), &[pic("b")], &prov("sente report --only b")).unwrap();
        let text = std::fs::read_to_string(dir.path().join("README.md")).unwrap();
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| [")).collect();
        assert_eq!(rows.len(), 2, "{text}");
        assert!(rows[0].starts_with("| [a.svg]") && rows[0].contains("`sente report`"), "{text}");
        assert!(rows[1].starts_with("| [b.svg]") && rows[1].contains("`sente report --only b`"), "{text}");
    }
}
