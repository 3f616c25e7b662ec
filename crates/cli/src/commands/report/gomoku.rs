//! `gomoku-ladder`: Sente's Elo difference against each sparring engine, with its interval, read from the
//! gauntlet's summary CSV (`--summary-csv FILE` of the Gomoku gauntlet). `report` never plays games itself: when
//! the file is absent the picture is skipped, and a malformed file is an input error naming the line.
//!
//! The schema, exactly: `opponent,games,wins,losses,draws,score,elo,elo_low,elo_high`, one row per opponent;
//! `score` is Sente's points share (0 to 1, a draw counting half), the Elo fields are whole numbers, Sente's rating
//! minus the opponent's, with the interval's ends.

use super::Picture;
use super::chart::{self, Estimate};
use super::manifest::Provenance;
use crate::error::CliError;
use crate::io::read_input;
use std::fmt::Write as _;
use std::path::Path;

/// The gauntlet summary's header.
pub const HEADER: &str = "opponent,games,wins,losses,draws,score,elo,elo_low,elo_high";

/// One opponent's row of the gauntlet summary.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    /// The sparring engine's name.
    pub opponent: String,
    /// Games played.
    pub games: u32,
    /// Sente's wins.
    pub wins: u32,
    /// Sente's losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
    /// Sente's points share, 0 to 1.
    pub score: f64,
    /// Sente's Elo minus the opponent's.
    pub elo: i32,
    /// The interval's low end.
    pub elo_low: i32,
    /// The interval's high end.
    pub elo_high: i32,
}

/// Splits CSV text into records, each with the line it starts on (RFC 4180, as the gauntlet writes it: a field in
/// double quotes may hold commas, doubled quotes and line breaks). Blank lines are skipped; CR before LF is dropped.
fn records(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    let text = text.trim_start_matches('\u{feff}');
    let (mut out, mut fields, mut field) = (Vec::new(), Vec::new(), String::new());
    let (mut line, mut start, mut quoted, mut was_quoted) = (1, 1, false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                line += usize::from(c == '\n');
                field.push(c);
            }
            (false, '"') if field.is_empty() && !was_quoted => (quoted, was_quoted) = (true, true),
            (false, ',') => {
                fields.push(std::mem::take(&mut field));
                was_quoted = false;
            }
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                fields.push(std::mem::take(&mut field));
                let blank = fields.len() == 1 && fields[0].trim().is_empty() && !was_quoted;
                let record = std::mem::take(&mut fields);
                if !blank {
                    out.push((start, record));
                }
                was_quoted = false;
                line += 1;
                start = line;
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(format!("line {start}: a quoted field is not closed"));
    }
    if !field.trim().is_empty() || !fields.is_empty() || was_quoted {
        fields.push(field);
        out.push((start, fields));
    }
    Ok(out)
}

/// Parses the gauntlet's summary CSV; errors say the line and what was expected.
///
/// # Errors
/// A header other than [`HEADER`], a row with the wrong number of fields or a field that is not a number, counts
/// that do not add up, a score outside 0..1, an interval that does not hold its estimate, or no row at all.
pub fn parse(text: &str) -> Result<Vec<Rung>, String> {
    let mut rows = records(text)?.into_iter();
    let header = rows.next().map(|(_, f)| f.iter().map(|x| x.trim()).collect::<Vec<_>>().join(","));
    if header.as_deref() != Some(HEADER) {
        return Err(format!("line 1: expected the header `{HEADER}`, found {:?}", header.unwrap_or_default()));
    }
    let mut rungs = Vec::new();
    for (n, row) in rows {
        let f: Vec<&str> = row.iter().map(|x| x.trim()).collect();
        if f.len() != 9 {
            return Err(format!("line {n}: expected 9 comma-separated fields ({HEADER}), found {}", f.len()));
        }
        let int = |k: usize, what: &str| {
            f[k].parse::<i64>().map_err(|_| format!("line {n}: {what} {:?} is not a whole number", f[k]))
        };
        let count = |k: usize, what: &str| {
            u32::try_from(int(k, what)?).map_err(|_| format!("line {n}: {what} {} is not a count", f[k]))
        };
        let elo = |k: usize, what: &str| {
            i32::try_from(int(k, what)?).map_err(|_| format!("line {n}: {what} {} is out of range", f[k]))
        };
        let score: f64 = f[5].parse().map_err(|_| format!("line {n}: score {:?} is not a number", f[5]))?;
        let rung = Rung {
            opponent: f[0].to_string(),
            games: count(1, "games")?,
            wins: count(2, "wins")?,
            losses: count(3, "losses")?,
            draws: count(4, "draws")?,
            score,
            elo: elo(6, "elo")?,
            elo_low: elo(7, "elo_low")?,
            elo_high: elo(8, "elo_high")?,
        };
        if rung.opponent.is_empty() {
            return Err(format!("line {n}: the opponent's name is empty"));
        }
        if u64::from(rung.wins) + u64::from(rung.losses) + u64::from(rung.draws) != u64::from(rung.games) {
            return Err(format!("line {n}: wins + losses + draws is not games ({})", rung.games));
        }
        if !(0.0..=1.0).contains(&score) {
            return Err(format!("line {n}: score {score} is not between 0 and 1"));
        }
        if !(rung.elo_low <= rung.elo && rung.elo <= rung.elo_high) {
            return Err(format!(
                "line {n}: the interval [{}, {}] does not hold elo {}",
                rung.elo_low, rung.elo_high, rung.elo
            ));
        }
        rungs.push(rung);
    }
    if rungs.is_empty() {
        return Err("no opponent rows after the header".into());
    }
    Ok(rungs)
}

fn csv(rungs: &[Rung]) -> String {
    let mut out = format!("{HEADER}\n");
    for r in rungs {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{}",
            csv_field(&r.opponent),
            r.games,
            r.wins,
            r.losses,
            r.draws,
            r.score,
            r.elo,
            r.elo_low,
            r.elo_high
        );
    }
    out
}

/// A CSV field, quoted when it holds a comma, a quote or a line break (as the gauntlet writes it).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

/// The gauntlet writes an unbounded Elo (every game won, or every game lost) as ±999.
const UNBOUNDED: i32 = 999;

/// An Elo difference as written beside its rung: `+241`, `-191`, and `+∞`/`−∞` for the gauntlet's ±999.
fn elo_text(elo: i32) -> String {
    match elo {
        e if e >= UNBOUNDED => "+∞".into(),
        e if e <= -UNBOUNDED => "−∞".into(),
        e => format!("{e:+}"),
    }
}

/// The chart: one rung per opponent, the weakest (largest Elo difference) on the left.
fn draw(rungs: &[Rung], width: u32, prov: &Provenance) -> Result<String, CliError> {
    let mut sorted: Vec<&Rung> = rungs.iter().collect();
    sorted.sort_by(|a, b| b.elo.cmp(&a.elo).then_with(|| a.opponent.cmp(&b.opponent)));
    let estimates: Vec<Estimate> = sorted
        .iter()
        .map(|r| Estimate {
            name: r.opponent.clone(),
            value: f64::from(r.elo),
            low: f64::from(r.elo_low),
            high: f64::from(r.elo_high),
            note: format!(
                "{} [{}, {}]\n+{} −{} ={}",
                elo_text(r.elo),
                elo_text(r.elo_low),
                elo_text(r.elo_high),
                r.wins,
                r.losses,
                r.draws
            ),
        })
        .collect();
    let games: u32 = rungs.iter().map(|r| r.games).sum();
    let title = format!("Gomoku: Sente against the sparring engines ({} games)", chart::thousands(u64::from(games)));
    chart::intervals(
        &title,
        ("opponent (weakest on the left)", "Elo difference (Sente minus opponent)"),
        &estimates,
        (width, width * 11 / 20),
        &prov.footer(),
    )
}

/// Draws `gomoku-ladder` from the gauntlet summary at `path`; `None` when there is no such file.
///
/// # Errors
/// The file exists but cannot be read or is malformed, or the chart cannot be laid out.
pub fn picture(path: &Path, width: u32, prov: &Provenance) -> Result<Option<Picture>, CliError> {
    if !path.exists() {
        return Ok(None);
    }
    let rungs = parse(&read_input(path)?).map_err(|e| CliError::input(path, e))?;
    Ok(Some(Picture {
        name: "gomoku-ladder",
        title: format!(
            "Gomoku strength ladder: Elo difference with its interval against each sparring engine (from {})",
            path.display()
        ),
        csv: csv(&rungs),
        svg: draw(&rungs, width, prov)?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "opponent,games,wins,losses,draws,score,elo,elo_low,elo_high\n\
        random,20,20,0,0,1,800,500,1200\n\
        weights,20,15,3,2,0.8,241,110,390\n\
        pbrain-wine,10,2,7,1,0.25,-191,-420,-20\n";

    fn prov() -> Provenance {
        Provenance { command: "sente report".into(), commit: "c".into(), date: "d".into(), machine: "m".into() }
    }

    #[test]
    fn the_summary_is_read_and_drawn() {
        let rungs = parse(SAMPLE).unwrap();
        assert_eq!(rungs.len(), 3);
        assert_eq!(rungs[2].opponent, "pbrain-wine");
        assert_eq!((rungs[2].elo, rungs[2].elo_low, rungs[2].elo_high), (-191, -420, -20));
        assert!((rungs[1].score - 0.8).abs() < 1e-12);
        assert_eq!(parse(&csv(&rungs)).unwrap(), rungs, "the CSV written beside the picture reads back the same");
        let svg = draw(&rungs, 800, &prov()).unwrap();
        for must in ["<svg", "random", "weights", "pbrain-wine", "Elo difference", "(50 games)", "-191 [-420, -20]"] {
            assert!(svg.contains(must), "no {must:?} in the SVG");
        }
        let (a, b) = (svg.find(">\nrandom\n<").unwrap(), svg.find(">\npbrain-wine\n<").unwrap());
        assert!(a < b, "the weakest opponent is drawn first");
    }

    #[test]
    fn a_file_from_the_gauntlet_becomes_a_picture_and_a_missing_one_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("gomoku-gauntlet.csv");
        assert!(picture(&path, 800, &prov()).unwrap().is_none());
        std::fs::write(&path, SAMPLE.replace('\n', "\r\n")).unwrap();
        let p = picture(&path, 800, &prov()).unwrap().unwrap();
        assert_eq!(p.name, "gomoku-ladder");
        assert_eq!(p.csv, SAMPLE);
        std::fs::write(&path, "opponent,games\nx,1\n").unwrap();
        let err = picture(&path, 800, &prov()).err().unwrap();
        assert!(err.to_string().contains("line 1: expected the header"), "{err}");
        assert_eq!(err.exit_code(), 2);
    }

    #[test]
    fn quoted_names_are_read_as_the_gauntlet_writes_them() {
        let text = format!(
            "{HEADER}\r\n\"pbrain:./x --opt a,b\",4,4,0,0,1,999,200,999\r\n\r\n\"say \"\"hi\"\"\",2,0,2,0,0,-999,-999,-100\r\n"
        );
        let rungs = parse(&text).unwrap();
        assert_eq!(rungs[0].opponent, "pbrain:./x --opt a,b");
        assert_eq!(rungs[1].opponent, "say \"hi\"");
        assert_eq!((rungs[1].elo, rungs[1].elo_low), (-999, -999));
        assert_eq!(parse(&csv(&rungs)).unwrap(), rungs);
        assert_eq!(
            (elo_text(999), elo_text(-999), elo_text(0), elo_text(-5)),
            ("+∞".into(), "−∞".into(), "+0".into(), "-5".into())
        );
        let svg = draw(&rungs, 800, &prov()).unwrap();
        assert!(svg.contains("+∞ [+200, +∞]") && svg.contains("+4 −0 =0"), "unbounded ends are written as such");
        let lines = records("a,\"b\nc\"\nd,e\n").unwrap();
        let own = |v: &[&str]| v.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(lines, vec![(1, own(&["a", "b\nc"])), (3, own(&["d", "e"]))]);
    }

    #[test]
    fn malformed_rows_name_their_line() {
        let bad = |row: &str| parse(&format!("{HEADER}\n{row}\n")).unwrap_err();
        assert!(bad("a,2,1,0,0,1,5,0,9").contains("line 2: wins + losses + draws"));
        assert!(bad("a,1,1,0,0,1.5,5,0,9").contains("score 1.5"));
        assert!(bad("a,1,1,0,0,1,5,6,9").contains("does not hold elo 5"));
        assert!(bad("a,1,1,0,0,1,5.5,0,9").contains("elo \"5.5\" is not a whole number"));
        assert!(bad("a,1,1,0").contains("expected 9"));
        assert!(bad(",1,1,0,0,1,5,0,9").contains("name is empty"));
        assert!(bad("\"a,1,1,0,0,1,5,0,9").contains("line 2: a quoted field is not closed"));
        assert_eq!(parse(&format!("{HEADER}\n")).unwrap_err(), "no opponent rows after the header");
    }
}
