//! `lgame-remoteness`: how far every won and lost L-Game position is from the end of the game under perfect play,
//! from the complete retrograde analysis (the histograms of `sente lgame stats --json`). Wins lie at odd
//! remoteness and losses at even, so the bars never share a column; draws have none and are counted in the title.

use super::Picture;
use super::chart::{self, BLUE, Bar, VERMILLION};
use super::manifest::Provenance;
use crate::error::CliError;
use sente_lgame::{Analysis, Stats};
use std::fmt::Write as _;

fn csv(stats: &Stats) -> String {
    let mut out = String::from("outcome,remoteness,positions\n");
    for (outcome, hist) in [("win", &stats.win_remoteness), ("loss", &stats.loss_remoteness)] {
        for (r, n) in hist {
            let _ = writeln!(out, "{outcome},{r},{n}");
        }
    }
    let _ = writeln!(out, "draw,,{}", stats.draws);
    out
}

fn draw(stats: &Stats, width: u32, prov: &Provenance) -> Result<String, CliError> {
    let bars: Vec<Bar> = [&stats.win_remoteness, &stats.loss_remoteness]
        .iter()
        .enumerate()
        .flat_map(|(group, hist)| hist.iter().map(move |(&x, &n)| Bar { x, count: n as u64, group }))
        .collect();
    let title = format!(
        "L-Game: positions by remoteness ({} positions, {} drawn)",
        chart::thousands(stats.positions as u64),
        chart::thousands(stats.draws as u64)
    );
    let win = format!("won for the side to move ({})", chart::thousands(stats.wins as u64));
    let loss = format!("lost for the side to move ({})", chart::thousands(stats.losses as u64));
    chart::log_bars(
        &title,
        ("remoteness: plies to the end under perfect play (0 = no move left)", "positions (log scale)"),
        &[(&win, BLUE), (&loss, VERMILLION)],
        &bars,
        (width, width * 11 / 20),
        &prov.footer(),
    )
}

/// Analyses the whole game and draws `lgame-remoteness`.
///
/// # Errors
/// The chart cannot be laid out.
pub fn picture(width: u32, prov: &Provenance) -> Result<Picture, CliError> {
    eprintln!("report: lgame: solving all 18,368 positions");
    let stats = Stats::new(&Analysis::new());
    Ok(Picture {
        name: "lgame-remoteness",
        title: "L-Game: won and lost positions by remoteness (plies to the end under perfect play)".into(),
        csv: csv(&stats),
        svg: draw(&stats, width, prov)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_histogram_holds_every_decided_position() {
        let stats = Stats::new(&Analysis::new());
        let text = csv(&stats);
        assert!(text.starts_with("outcome,remoteness,positions\nwin,1,"), "{text}");
        let total: usize = text.lines().skip(1).map(|l| l.rsplit(',').next().unwrap().parse::<usize>().unwrap()).sum();
        assert_eq!(total, 18_368, "wins, losses and draws add up to every position");
        let prov =
            Provenance { command: "sente report".into(), commit: "c".into(), date: "d".into(), machine: "m".into() };
        let svg = draw(&stats, 800, &prov).unwrap();
        for must in ["<svg", "remoteness", "10,088 drawn", "6,144", "lost for the side to move (232)"] {
            assert!(svg.contains(must), "no {must:?} in the SVG");
        }
    }
}
