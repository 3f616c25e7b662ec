//! `sente rowcol check`: the cases (generated boards or a folder of inputs), each solved exactly, and the judging of
//! a program's three answer lines against that solution (the runner and reports are `crate::check`'s).

use super::{CheckRowcolArgs, points};
use crate::check::Session;
use crate::check::cases::{Draw, case_name, input_files};
use crate::check::report::Verdict;
use crate::error::CliError;
use sente_rowcol::{Board, Move, Solution, SolveOptions, Solver, format_board, parse_board, random_board};
use std::process::ExitCode;
use std::time::Duration;

/// The course sets no time limit for this assignment; a minute is far more than any sound 8×8 solver needs.
const CHECK_TIME_LIMIT: Duration = Duration::from_secs(60);

/// `check`: every case's board, its exact solution, the program's answer judged.
pub(super) fn check(a: &CheckRowcolArgs) -> Result<ExitCode, CliError> {
    a.rows.within("rows", 1, sente_rowcol::MAX_SIDE)?;
    a.cols.within("cols", 1, sente_rowcol::MAX_SIDE)?;
    a.density.within("density", 0.0, 1.0)?;
    // Every input is read and parsed before the first run, so a bad file stops the check with exit 2 at once.
    let cases: Vec<(String, Board)> = match &a.common.inputs {
        Some(dir) => input_files(dir)?
            .into_iter()
            .map(|f| Ok((f.name, parse_board(&f.text).map_err(|e| CliError::input(&f.path, e))?)))
            .collect::<Result<_, CliError>>()?,
        None => {
            let n = a.common.cases.unwrap_or(20);
            (1..=n)
                .map(|k| {
                    let seed = a.common.seed.wrapping_add(k as u64 - 1);
                    let mut draw = Draw::new(seed, 0x726f_7763);
                    let rows = draw.int(a.rows.lo as u64, a.rows.hi as u64) as usize;
                    let cols = draw.int(a.cols.lo as u64, a.cols.hi as u64) as usize;
                    let density = draw.float(a.density.lo, a.density.hi);
                    (case_name(k, n), random_board(rows, cols, density, seed))
                })
                .collect()
        }
    };
    let mut session = Session::start("rowcol", &a.common, cases.len(), CHECK_TIME_LIMIT)?;
    for (name, board) in &cases {
        let opts = SolveOptions { threads: 1, table_entries: None, all_moves: true };
        let solution = Solver::new(board, &opts).solve(true, &mut |_| {});
        let expected = expected_answer(&solution);
        session.file_case(name, &format_board(board), &expected, |got| judge(board, &solution, got))?;
    }
    session.finish()
}

/// The moves that reach the optimal margin, in canonical order.
fn optimal_moves(solution: &Solution) -> Vec<Move> {
    let all = solution.move_values.as_deref().unwrap_or_default();
    all.iter().filter(|(_, v)| *v == solution.value).map(|(m, _)| *m).collect()
}

/// `expected.txt` of a failing case: Sente's answer, then every optimal move and every move's value.
fn expected_answer(solution: &Solution) -> String {
    let list = |ms: Vec<String>| ms.join(", ");
    let all = solution.move_values.as_deref().unwrap_or_default();
    format!(
        "{}\n{}\nTotal run time = <any number> seconds.\n\nevery optimal move: {}\nevery move's value: {}\n",
        solution.best,
        points(solution.value),
        list(optimal_moves(solution).iter().map(ToString::to_string).collect()),
        list(all.iter().map(|(m, v)| format!("{m} {v:+}")).collect())
    )
}

/// Judges the bytes of `output.txt`: three lines in the course's form, an optimal move, the exact margin.
///
/// Tolerated: CRLF line ends, trailing spaces or tabs, a missing final newline, blank lines after the third line.
fn judge(board: &Board, solution: &Solution, got: &[u8]) -> (Verdict, String) {
    let Ok(text) = std::str::from_utf8(got) else {
        return (Verdict::Format, "output.txt is not text (not UTF-8)".into());
    };
    let lines: Vec<&str> = text.trim_end().split('\n').map(str::trim_end).collect();
    if text.trim().is_empty() {
        return (Verdict::Format, "output.txt is empty".into());
    }
    if lines.len() != 3 {
        return (Verdict::Format, format!("expected 3 lines (move, margin, time), found {}", lines.len()));
    }
    let Some(mv) = parse_move_line(lines[0]) else {
        return (Verdict::Format, format!("line 1 {:?} is not `Row #: k` or `Column #: k`", lines[0]));
    };
    let Some(margin) = parse_margin_line(lines[1]) else {
        return (
            Verdict::Format,
            format!("line 2 {:?} is not a margin like `+3 points`, `0 points`, `-2 points`", lines[1]),
        );
    };
    if !is_time_line(lines[2]) {
        return (Verdict::Format, format!("line 3 {:?} is not `Total run time = <number> seconds.`", lines[2]));
    }
    let best = signed(solution.value);
    let by: Vec<String> = optimal_moves(solution).iter().take(3).map(ToString::to_string).collect();
    let by = by.join(" or ");
    let all = solution.move_values.as_deref().unwrap_or_default();
    let Some(&(_, value)) = all.iter().find(|(m, _)| *m == mv) else {
        let (what, count) = match mv {
            Move::Row(r) => ("row", (usize::from(r), board.rows())),
            Move::Col(c) => ("column", (usize::from(c), board.cols())),
        };
        let why = if count.0 >= count.1 {
            format!("the board has {} {what}s", count.1)
        } else {
            format!("that {what} is empty")
        };
        return (Verdict::Wrong, format!("your move {mv} is not legal: {why}; the best is {best}, by {by}"));
    };
    if value != solution.value {
        return (Verdict::Wrong, format!("your move {mv} gives {}; the best is {best}, by {by}", signed(value)));
    }
    if margin != solution.value {
        return (
            Verdict::Wrong,
            format!("your move {mv} is optimal but your margin {} is not its value {}", signed(margin), signed(value)),
        );
    }
    (Verdict::Pass, String::new())
}

/// `+3`, `0`, `-2`.
fn signed(v: i32) -> String {
    if v > 0 { format!("+{v}") } else { v.to_string() }
}

/// A positive decimal number without sign or leading zeros (`7`, `12`), as the answer lines write them.
fn plain_number(text: &str) -> Option<i32> {
    let ok = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    if ok { text.parse().ok() } else { None }
}

/// `Row #: k` (Move::Row(k-1)) or `Column #: k`.
fn parse_move_line(line: &str) -> Option<Move> {
    let (make, k): (fn(u8) -> Move, &str) = if let Some(k) = line.strip_prefix("Row #: ") {
        (Move::Row, k)
    } else {
        (Move::Col, line.strip_prefix("Column #: ")?)
    };
    let k = plain_number(k)?;
    (1..=255).contains(&k).then(|| make((k - 1) as u8))
}

/// `+3 points`, `0 points`, `-2 points` (a positive margin carries its `+`).
fn parse_margin_line(line: &str) -> Option<i32> {
    let n = line.strip_suffix(" points")?;
    match (n.strip_prefix('+'), n.strip_prefix('-')) {
        (Some(p), _) => plain_number(p).filter(|&v| v > 0),
        (_, Some(m)) => plain_number(m).filter(|&v| v > 0).map(|v| -v),
        _ => plain_number(n).filter(|&v| v == 0),
    }
}

/// `Total run time = 0.08 seconds.`: digits, optionally a point and more digits.
fn is_time_line(line: &str) -> bool {
    let Some(t) = line.strip_prefix("Total run time = ").and_then(|t| t.strip_suffix(" seconds.")) else {
        return false;
    };
    let (whole, frac) = t.split_once('.').unwrap_or((t, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && digits(frac)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(text: &str) -> (Board, Solution) {
        let board = parse_board(text).unwrap();
        let opts = SolveOptions { threads: 1, table_entries: None, all_moves: true };
        let solution = Solver::new(&board, &opts).solve(true, &mut |_| {});
        (board, solution)
    }

    #[test]
    fn any_optimal_move_with_the_exact_margin_passes() {
        // Sample 3: +2, by Column #: 4 (and other moves of the same value, if any).
        let (b, s) = solved("4 8\n11110000\n00011111\n00011111\n11110000\n");
        for m in optimal_moves(&s) {
            let got = format!("{m}\r\n+2 points  \r\nTotal run time = 0.6 seconds.");
            assert_eq!(judge(&b, &s, got.as_bytes()), (Verdict::Pass, String::new()), "{m}");
        }
        let (v, why) = judge(&b, &s, b"Row #: 1\n+2 points\nTotal run time = 1 seconds.\n");
        assert_eq!(v, Verdict::Wrong);
        assert_eq!(why, "your move Row #: 1 gives 0; the best is +2, by Column #: 4");
        let (v, why) = judge(&b, &s, b"Column #: 4\n4 points\nTotal run time = 0.6 seconds.\n");
        assert_eq!(v, Verdict::Format, "{why}");
        let (v, why) = judge(&b, &s, b"Column #: 4\n+4 points\nTotal run time = 0.6 seconds.\n");
        assert_eq!(
            (v, why.as_str()),
            (Verdict::Wrong, "your move Column #: 4 is optimal but your margin +4 is not its value +2")
        );
        let (v, why) = judge(&b, &s, b"Column #: 9\n+2 points\nTotal run time = 0.6 seconds.\n");
        assert_eq!(
            (v, why.as_str()),
            (
                Verdict::Wrong,
                "your move Column #: 9 is not legal: the board has 8 columns; the best is +2, by Column #: 4"
            )
        );
    }

    #[test]
    fn the_form_of_each_line_is_checked() {
        let (b, s) = solved("3 4\n1 1 1 1\n0 0 0 0\n1 1 1 1\n");
        let form = |t: &str| judge(&b, &s, t.as_bytes()).0;
        assert_eq!(form("Row #: 1\n0 points\nTotal run time = 0.03 seconds.\n"), Verdict::Pass);
        assert_eq!(form("Row #:1\n0 points\nTotal run time = 0.03 seconds.\n"), Verdict::Format);
        assert_eq!(form("Row #: 01\n0 points\nTotal run time = 0.03 seconds.\n"), Verdict::Format);
        assert_eq!(form("Row #: 1\n+0 points\nTotal run time = 0.03 seconds.\n"), Verdict::Format);
        assert_eq!(form("Row #: 1\n0 points\nTotal run time = 0.03 s\n"), Verdict::Format);
        assert_eq!(form("Row #: 1\n0 points\nTotal run time = .03 seconds.\n"), Verdict::Format);
        assert_eq!(form("Row #: 1\n0 points\n"), Verdict::Format);
        assert_eq!(form("Row #: 1\n0 points\nTotal run time = 3 seconds.\nextra\n"), Verdict::Format);
        assert_eq!(form(""), Verdict::Format);
        assert_eq!(form("Row #: 2\n0 points\nTotal run time = 3 seconds.\n"), Verdict::Wrong);
    }
}
