//! Verdicts and the three ways a check reports them: one line per failing case plus a summary (text), one JSON
//! object (`--json`), and JUnit XML for CI (`--junit FILE`).
//!
//! JSON: `{"game", "program", "cases", "passed", "failed", "kept", "results": [{"case", "verdict", "explanation",
//! "seconds"}]}`; every case is listed, passing ones with an empty explanation. JUnit: one `<testsuite>` with one
//! `<testcase>` per case; `wrong` and `format` are `<failure>`s, `timeout` and `crash` are `<error>`s (the program did
//! not finish its job), and the explanation is the message.

use serde::Serialize;
use std::fmt::Write as _;
use std::time::Duration;

/// The judgement of one case.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The answer is right and in the right form.
    Pass,
    /// The answer is in the right form but not right.
    Wrong,
    /// The answer is missing, or not in the form the course grades.
    Format,
    /// The program ran out of time and was killed.
    Timeout,
    /// The program exited with a non-zero status or was killed by a signal.
    Crash,
}

impl Verdict {
    /// The name used in every report: `pass`, `wrong`, `format`, `timeout`, `crash`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Wrong => "wrong",
            Verdict::Format => "format",
            Verdict::Timeout => "timeout",
            Verdict::Crash => "crash",
        }
    }
}

/// One judged case.
#[derive(Clone, Debug, Serialize)]
pub struct CaseResult {
    /// The case's name (`case-007`, or the input file's name).
    pub case: String,
    /// The verdict.
    pub verdict: Verdict,
    /// One line saying what is wrong; empty for a pass.
    pub explanation: String,
    /// Wall-clock seconds the program ran for this case.
    pub seconds: f64,
}

impl CaseResult {
    /// The line printed for a failing case.
    pub fn line(&self) -> String {
        format!("{:<14} {:<7} {}", self.case, self.verdict.name(), self.explanation)
    }
}

/// Every case of a finished check.
#[derive(Debug, Serialize)]
pub struct Report {
    /// `rowcol`, `starcircle` or `lgame`.
    pub game: &'static str,
    /// The command that was checked.
    pub program: String,
    /// Number of cases.
    pub cases: usize,
    /// Cases that passed.
    pub passed: usize,
    /// Cases that did not.
    pub failed: usize,
    /// Where the failing cases' folders are kept (absent when every case passed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kept: Option<String>,
    /// Every case, in order.
    pub results: Vec<CaseResult>,
    /// Wall-clock time of the whole check.
    #[serde(skip)]
    pub elapsed: Duration,
}

impl Report {
    /// Builds the report and counts.
    pub fn new(game: &'static str, program: &str, results: Vec<CaseResult>, kept: Option<String>) -> Report {
        let passed = results.iter().filter(|r| r.verdict == Verdict::Pass).count();
        Report {
            game,
            program: program.to_string(),
            cases: results.len(),
            passed,
            failed: results.len() - passed,
            kept,
            results,
            elapsed: Duration::ZERO,
        }
    }

    /// The summary line: `20 cases: 18 passed, 2 failed (1 wrong, 1 timeout) in 3.2 s`.
    pub fn summary(&self) -> String {
        let plural = if self.cases == 1 { "" } else { "s" };
        let mut text = format!("{} case{plural}: {} passed, {} failed", self.cases, self.passed, self.failed);
        let kinds: Vec<String> = [Verdict::Wrong, Verdict::Format, Verdict::Timeout, Verdict::Crash]
            .iter()
            .filter_map(|&v| {
                let n = self.results.iter().filter(|r| r.verdict == v).count();
                (n > 0).then(|| format!("{n} {}", v.name()))
            })
            .collect();
        if !kinds.is_empty() {
            let _ = write!(text, " ({})", kinds.join(", "));
        }
        let _ = write!(text, " in {:.1} s", self.elapsed.as_secs_f64());
        if let Some(kept) = &self.kept {
            let _ = write!(text, "; failing cases kept in {kept}");
        }
        text
    }

    /// The report as one JSON object.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":{:?}}}", e.to_string()))
    }

    /// The report as a JUnit XML document.
    pub fn junit(&self) -> String {
        let errors = self.results.iter().filter(|r| matches!(r.verdict, Verdict::Timeout | Verdict::Crash)).count();
        let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            xml,
            "<testsuite name=\"sente {} check\" tests=\"{}\" failures=\"{}\" errors=\"{errors}\" time=\"{:.3}\">",
            self.game,
            self.cases,
            self.failed - errors,
            self.elapsed.as_secs_f64()
        );
        for r in &self.results {
            let _ = write!(
                xml,
                "  <testcase classname=\"sente.{}\" name=\"{}\" time=\"{:.3}\"",
                self.game,
                escape(&r.case),
                r.seconds
            );
            let tag = match r.verdict {
                Verdict::Pass => {
                    xml.push_str("/>\n");
                    continue;
                }
                Verdict::Wrong | Verdict::Format => "failure",
                Verdict::Timeout | Verdict::Crash => "error",
            };
            let _ = writeln!(
                xml,
                ">\n    <{tag} type=\"{}\" message=\"{}\"/>\n  </testcase>",
                r.verdict.name(),
                escape(&r.explanation)
            );
        }
        xml.push_str("</testsuite>\n");
        xml
    }
}

/// Escapes text for an XML attribute; control characters XML 1.0 cannot hold become `?`.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' => out.push_str("&#9;"),
            c if (c as u32) < 0x20 => out.push('?'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Report {
        let r = |case: &str, verdict, explanation: &str| CaseResult {
            case: case.into(),
            verdict,
            explanation: explanation.into(),
            seconds: 0.5,
        };
        Report::new(
            "rowcol",
            "./a.out",
            vec![
                r("case-001", Verdict::Pass, ""),
                r("case-002", Verdict::Wrong, "your move <Row #: 2> & \"more\""),
                r("case-003", Verdict::Timeout, "no answer within 1 s"),
            ],
            Some("/tmp/kept".into()),
        )
    }

    #[test]
    fn summary_counts_each_kind() {
        let s = sample().summary();
        assert!(s.starts_with("3 cases: 1 passed, 2 failed (1 wrong, 1 timeout) in 0.0 s"), "{s}");
        assert!(s.ends_with("failing cases kept in /tmp/kept"), "{s}");
    }

    #[test]
    fn json_has_the_documented_keys() {
        let v: serde_json::Value = serde_json::from_str(&sample().json()).unwrap();
        assert_eq!((v["cases"].as_u64(), v["passed"].as_u64(), v["failed"].as_u64()), (Some(3), Some(1), Some(2)));
        assert_eq!(v["results"][1]["verdict"], "wrong");
        assert_eq!(v["results"][2]["case"], "case-003");
        assert_eq!(v["results"][0]["explanation"], "");
    }

    #[test]
    fn junit_escapes_and_splits_failures_from_errors() {
        let x = sample().junit();
        assert!(x.contains("tests=\"3\" failures=\"1\" errors=\"1\""), "{x}");
        assert!(x.contains("message=\"your move &lt;Row #: 2&gt; &amp; &quot;more&quot;\""), "{x}");
        assert!(x.contains("<error type=\"timeout\""), "{x}");
        assert_eq!(x.matches("<testcase").count(), 3);
    }
}
