//! `rowcol-solve`: the row/column fast solver against the plain alpha-beta + TT baseline, time and nodes against
//! board size on a log scale. Boards are `sente rowcol gen` boards (square, seeds 1..=K); both solvers run in this
//! process one after the other, and must agree on every value.

use super::Picture;
use super::chart::{self, BLUE, Panel, Series, VERMILLION};
use super::manifest::Provenance;
use crate::error::CliError;
use sente_rowcol::{Baseline, SolveOptions, Solver, random_board};
use std::fmt::Write as _;
use std::time::Instant;

/// What to measure.
#[derive(Clone, Debug)]
pub struct Options {
    /// Square board sides.
    pub sides: Vec<usize>,
    /// Boards per side (seeds 1..=boards).
    pub boards: u64,
    /// Piece density.
    pub density: f64,
    /// The largest side the baseline runs on.
    pub baseline_max: usize,
    /// Threads of the fast solver.
    pub threads: usize,
}

/// One solve.
#[derive(Clone, Debug, PartialEq)]
struct Run {
    side: usize,
    seed: u64,
    pieces: u32,
    engine: &'static str,
    value: i32,
    nodes: u64,
    seconds: f64,
}

/// Solves taking less than this are repeated, keeping the fastest run.
const SHORT: f64 = 0.2;
/// Runs of a short solve in all.
const REPEATS: u32 = 5;

/// Runs `solve`, and again while it is short, up to [`REPEATS`] runs: the fastest time is the one least disturbed
/// by other work on the machine (a solve of a few microseconds is easily doubled by one preemption).
fn fastest<T>(mut solve: impl FnMut() -> T) -> (T, f64) {
    let mut best: Option<(T, f64)> = None;
    for _ in 0..REPEATS {
        let start = Instant::now();
        let result = solve();
        let secs = start.elapsed().as_secs_f64();
        if best.as_ref().is_none_or(|b| secs < b.1) {
            best = Some((result, secs));
        }
        if best.as_ref().is_some_and(|b| b.1 >= SHORT) {
            break;
        }
    }
    best.expect("REPEATS is at least 1")
}

fn measure(o: &Options) -> Result<Vec<Run>, CliError> {
    let opts = SolveOptions { threads: o.threads, table_entries: None, all_moves: false };
    // Unrecorded solves first, so the first measured board does not pay for the process's first touch of the
    // allocator, the thread pool and the endgame tables.
    let first = o.sides.first().copied().unwrap_or(6).min(8);
    let warm = random_board(first, first, o.density, 1);
    Solver::new(&warm, &opts).solve(false, &mut |_| {});
    Baseline::new(&warm).solve();
    let mut runs = Vec::new();
    for &side in &o.sides {
        for seed in 1..=o.boards {
            let board = random_board(side, side, o.density, seed);
            let pieces = board.pieces();
            let run = |engine, value, nodes, seconds| Run { side, seed, pieces, engine, value, nodes, seconds };
            let (s, secs) = fastest(|| Solver::new(&board, &opts).solve(false, &mut |_| {}));
            let fast = run("sente", s.value, s.nodes, secs);
            eprint!("report: rowcol {side}x{side} seed {seed} ({pieces} pieces): Sente {}", chart::seconds(secs));
            runs.push(fast);
            if side <= o.baseline_max {
                let ((value, nodes), secs) = fastest(|| {
                    let mut b = Baseline::new(&board);
                    (b.solve().0, b.nodes())
                });
                eprint!(", baseline {}", chart::seconds(secs));
                if value != s.value {
                    return Err(CliError::Other(format!(
                        "rowcol {side}x{side} seed {seed}: Sente's value {} differs from the baseline's {value}",
                        s.value
                    )));
                }
                runs.push(run("baseline", value, nodes, secs));
            }
            eprintln!();
        }
    }
    Ok(runs)
}

fn csv(runs: &[Run]) -> String {
    let mut out = String::from("side,seed,pieces,engine,value,nodes,seconds\n");
    for r in runs {
        let _ =
            writeln!(out, "{},{},{},{},{},{},{:.6}", r.side, r.seed, r.pieces, r.engine, r.value, r.nodes, r.seconds);
    }
    out
}

/// The median of each side's values of one engine, as (side, median) points.
fn medians(runs: &[Run], engine: &str, value: fn(&Run) -> f64) -> Vec<(f64, f64)> {
    let mut sides: Vec<usize> = runs.iter().filter(|r| r.engine == engine).map(|r| r.side).collect();
    sides.dedup();
    sides
        .into_iter()
        .map(|side| {
            let mut v: Vec<f64> = runs.iter().filter(|r| r.engine == engine && r.side == side).map(value).collect();
            v.sort_by(f64::total_cmp);
            let mid = v.len() / 2;
            let m = if v.len() % 2 == 1 { v[mid] } else { (v[mid - 1] + v[mid]) / 2.0 };
            (side as f64, m)
        })
        .collect()
}

fn series(runs: &[Run], value: fn(&Run) -> f64, o: &Options) -> Vec<Series> {
    let each = |engine: &str| runs.iter().filter(|r| r.engine == engine).map(|r| (r.side as f64, value(r))).collect();
    let threads = if o.threads == 1 { "1 thread".to_string() } else { format!("{} threads", o.threads) };
    let of = if o.boards == 1 { String::new() } else { format!(", median of {} boards", o.boards) };
    vec![
        Series { label: None, color: VERMILLION, points: each("baseline"), joined: false, filled: false },
        Series { label: None, color: BLUE, points: each("sente"), joined: false, filled: false },
        Series {
            label: Some(format!("baseline: alpha-beta + TT, 1 thread{of}")),
            color: VERMILLION,
            points: medians(runs, "baseline", value),
            joined: true,
            filled: true,
        },
        Series {
            label: Some(format!("Sente's solver, {threads}{of}")),
            color: BLUE,
            points: medians(runs, "sente", value),
            joined: true,
            filled: true,
        },
    ]
}

fn side_tick(x: f64) -> String {
    if x.fract().abs() < 1e-9 { format!("{x:.0}×{x:.0}") } else { String::new() }
}

fn draw(runs: &[Run], o: &Options, width: u32, prov: &Provenance) -> Result<String, CliError> {
    let lo = o.sides.iter().min().copied().unwrap_or(1) as f64 - 0.5;
    let hi = o.sides.iter().max().copied().unwrap_or(1) as f64 + 0.5;
    let panel = |title: &str, y_desc: &str, y_format: fn(f64) -> String, value: fn(&Run) -> f64| Panel {
        title: title.to_string(),
        x_desc: format!("board (random, density {}; each hollow dot is one board)", o.density),
        y_desc: y_desc.to_string(),
        x_range: lo..hi,
        x_format: side_tick,
        y_format,
        series: series(runs, value, o),
    };
    let panels = [
        panel("Time to solve (log scale)", "wall time", chart::seconds, |r| r.seconds.max(1e-7)),
        panel("Nodes searched (log scale)", "nodes", chart::count, |r| r.nodes.max(1) as f64),
    ];
    let title = "Row/column: exact solve, Sente against the baseline";
    chart::log_lines(title, &panels, width, width * 9 / 20, &prov.footer())
}

/// Measures and draws `rowcol-solve`.
///
/// # Errors
/// The two solvers disagree on a value, or the chart cannot be laid out.
pub fn picture(o: &Options, width: u32, prov: &Provenance) -> Result<Picture, CliError> {
    let runs = measure(o)?;
    Ok(Picture {
        name: "rowcol-solve",
        title: "Row/column exact solve: time and nodes against board size, Sente and the baseline".into(),
        csv: csv(&runs),
        svg: draw(&runs, o, width, prov)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_are_measured_drawn_and_agree() {
        let o = Options { sides: vec![3, 4, 5], boards: 2, density: 0.5, baseline_max: 4, threads: 1 };
        let runs = measure(&o).unwrap();
        assert_eq!(runs.iter().filter(|r| r.engine == "sente").count(), 6);
        assert_eq!(runs.iter().filter(|r| r.engine == "baseline").count(), 4, "no baseline above --baseline-max");
        let text = csv(&runs);
        assert!(text.starts_with("side,seed,pieces,engine,value,nodes,seconds\n3,1,"), "{text}");
        assert_eq!(text.lines().count(), 11);
        let med = medians(&runs, "sente", |r| r.nodes as f64);
        assert_eq!(med.iter().map(|p| p.0).collect::<Vec<_>>(), [3.0, 4.0, 5.0]);
        let prov =
            Provenance { command: "sente report".into(), commit: "c".into(), date: "d".into(), machine: "m".into() };
        let svg = draw(&runs, &o, 800, &prov).unwrap();
        for must in ["<svg", "Time to solve", "Nodes searched", "5×5", "Sente&apos;s solver", "baseline: alpha-beta"] {
            assert!(svg.contains(must) || svg.contains(&must.replace("&apos;", "'")), "no {must:?} in the SVG");
        }
    }
}
