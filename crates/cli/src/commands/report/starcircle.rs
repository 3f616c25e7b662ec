//! `starcircle-nodes`: how many nodes the course's MINIMAX and ALPHABETA visit at each depth limit, counted by the
//! course's rule (root included, as line 4 of `output.txt`), on two fixed positions written as the course's
//! `input.txt`: the start position and a middlegame of nine pieces a side. Node counts are exact, so the CSV is
//! the same on every machine.

use super::Picture;
use super::chart::{self, BLUE, Panel, Series, VERMILLION};
use super::manifest::Provenance;
use crate::error::CliError;
use sente_starcircle::{Problem, solve};
use std::fmt::Write as _;
use std::time::Instant;

/// The two positions, as `input.txt` without the algorithm and depth lines: (name, player, board and values).
const POSITIONS: [(&str, &str, &str); 2] = [
    (
        "start",
        "Star",
        "0,C1,0,C1,0,C1,0,C1\nC1,0,C1,0,C1,0,C1,0\n0,C1,0,C1,0,C1,0,C1\n0,0,0,0,0,0,0,0\n0,0,0,0,0,0,0,0\n\
         S1,0,S1,0,S1,0,S1,0\n0,S1,0,S1,0,S1,0,S1\nS1,0,S1,0,S1,0,S1,0\n10,20,30,40,50,60,70,80",
    ),
    (
        "middlegame",
        "Star",
        "0,C1,0,0,0,C1,0,0\nC1,0,0,0,C1,0,C1,0\n0,0,0,C1,0,0,0,C1\n0,0,S1,0,C1,0,0,0\n0,S1,0,C1,0,S1,0,0\n\
         S1,0,0,0,0,0,S1,0\n0,0,0,S1,0,0,0,S1\n0,0,S1,0,S1,0,0,0\n10,20,30,40,50,60,70,80",
    ),
];

/// One search: its position, algorithm and depth, and what the course's answer says.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Run {
    position: &'static str,
    algorithm: &'static str,
    depth: u32,
    nodes: u64,
    farsighted: i32,
    next: String,
}

fn measure(max_depth: u32) -> Result<Vec<Run>, CliError> {
    let mut runs = Vec::new();
    for (position, player, board) in POSITIONS {
        for name in ["MINIMAX", "ALPHABETA"] {
            for depth in 1..=max_depth {
                let input = format!("{player}\n{name}\n{depth}\n{board}\n");
                let problem: Problem =
                    input.parse().map_err(|e| CliError::Other(format!("starcircle {position}: {e}")))?;
                let start = Instant::now();
                let a = solve(&problem);
                let secs = start.elapsed().as_secs_f64();
                eprintln!("report: starcircle {position} {name} depth {depth}: {} nodes, {secs:.3} s", a.nodes);
                let next = a.next.to_string();
                runs.push(Run { position, algorithm: name, depth, nodes: a.nodes, farsighted: a.farsighted, next });
            }
        }
    }
    Ok(runs)
}

fn csv(runs: &[Run]) -> String {
    let mut out = String::from("position,algorithm,depth,nodes,farsighted,next\n");
    for r in runs {
        let _ = writeln!(out, "{},{},{},{},{},{}", r.position, r.algorithm, r.depth, r.nodes, r.farsighted, r.next);
    }
    out
}

fn draw(runs: &[Run], max_depth: u32, width: u32, prov: &Provenance) -> Result<String, CliError> {
    let series = |position: &str, algorithm: &str, color| Series {
        label: Some(algorithm.to_string()),
        color,
        points: runs
            .iter()
            .filter(|r| r.position == position && r.algorithm == algorithm)
            .map(|r| (f64::from(r.depth), r.nodes as f64))
            .collect(),
        joined: true,
        filled: true,
    };
    let panel = |position: &str, title: &str| Panel {
        title: title.to_string(),
        x_desc: "depth limit (plies)".into(),
        y_desc: "nodes visited".into(),
        x_range: 0.5..f64::from(max_depth) + 0.5,
        x_format: |x| if x.fract().abs() < 1e-9 { format!("{x:.0}") } else { String::new() },
        y_format: chart::count,
        series: vec![series(position, "MINIMAX", VERMILLION), series(position, "ALPHABETA", BLUE)],
    };
    let panels = [
        panel("start", "From the start position (log scale)"),
        panel("middlegame", "From a middlegame, nine pieces a side (log scale)"),
    ];
    let title = "Star/Circle: nodes the course's searches visit";
    chart::log_lines(title, &panels, width, width * 2 / 5, &prov.footer())
}

/// Runs both searches to every depth up to `max_depth` and draws `starcircle-nodes`.
///
/// # Errors
/// The chart cannot be laid out.
pub fn picture(max_depth: u32, width: u32, prov: &Provenance) -> Result<Picture, CliError> {
    let runs = measure(max_depth)?;
    Ok(Picture {
        name: "starcircle-nodes",
        title: "Star/Circle: nodes of MINIMAX and ALPHABETA by depth limit, start position and a middlegame".into(),
        csv: csv(&runs),
        svg: draw(&runs, max_depth, width, prov)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sente_starcircle::{DEFAULT_VALUES, Position};

    #[test]
    fn the_start_text_is_the_start_position() {
        let input = format!("Star\nMINIMAX\n1\n{}\n", POSITIONS[0].2);
        let p: Problem = input.parse().unwrap();
        assert_eq!(p.position, Position::start(DEFAULT_VALUES));
    }

    #[test]
    fn alphabeta_agrees_with_minimax_and_visits_no_more() {
        let runs = measure(3).unwrap();
        assert_eq!(runs.len(), 12);
        for mm in runs.iter().filter(|r| r.algorithm == "MINIMAX") {
            let ab =
                runs.iter().find(|r| r.algorithm == "ALPHABETA" && r.position == mm.position && r.depth == mm.depth);
            let ab = ab.unwrap();
            assert_eq!(ab.farsighted, mm.farsighted, "{mm:?}");
            assert!(ab.nodes <= mm.nodes, "{ab:?} {mm:?}");
        }
        assert!(csv(&runs).starts_with("position,algorithm,depth,nodes,farsighted,next\nstart,MINIMAX,1,"));
        let prov =
            Provenance { command: "sente report".into(), commit: "c".into(), date: "d".into(), machine: "m".into() };
        let svg = draw(&runs, 3, 800, &prov).unwrap();
        for must in ["<svg", "MINIMAX", "ALPHABETA", "depth limit", "middlegame"] {
            assert!(svg.contains(must), "no {must:?} in the SVG");
        }
    }
}
