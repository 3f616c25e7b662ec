//! The three kinds of chart `sente report` draws, as SVG text (plotters' SVG backend, no fonts needed: the text is
//! left to the browser): lines and points on a logarithmic value axis (one or more panels stacked), bars on a
//! logarithmic count axis, and estimates with intervals over named categories.
//!
//! Every chart has a title, labelled axes with ticks, a legend where there is more than one series, and a grey
//! footer line that says what made it. Colours are the Okabe–Ito palette, which colour-blind readers can tell apart.

use crate::error::CliError;
use plotters::coord::Shift;
use plotters::coord::combinators::IntoLogRange;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use std::fmt::Display;
use std::ops::Range;

/// Okabe–Ito blue.
pub const BLUE: RGBColor = RGBColor(0x00, 0x72, 0xB2);
/// Okabe–Ito vermillion.
pub const VERMILLION: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
const GREY: RGBColor = RGBColor(0x60, 0x60, 0x60);
const FONT: &str = "sans-serif";
// Text sizes below are plotters' sizes; its SVG backend writes `font-size` as the size / 1.24, so 17 is a 13.7 px
// tick label, readable when a README shows the 800-pixel picture at its width.

/// Turns any drawing failure into the CLI's error.
fn drawing<E: Display>(e: E) -> CliError {
    CliError::Other(format!("drawing a chart: {e}"))
}

/// One series of a line chart.
#[derive(Clone, Debug)]
pub struct Series {
    /// The legend's text; `None` keeps the series out of the legend.
    pub label: Option<String>,
    /// Its colour.
    pub color: RGBColor,
    /// The points, in drawing order.
    pub points: Vec<(f64, f64)>,
    /// Join the points with a line (otherwise points only).
    pub joined: bool,
    /// Filled markers (otherwise hollow, lighter ones).
    pub filled: bool,
}

/// One panel of a line chart: x linear, y logarithmic.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The panel's caption.
    pub title: String,
    /// The x axis' description.
    pub x_desc: String,
    /// The y axis' description.
    pub y_desc: String,
    /// The x range shown.
    pub x_range: Range<f64>,
    /// How an x tick is written.
    pub x_format: fn(f64) -> String,
    /// How a y tick is written.
    pub y_format: fn(f64) -> String,
    /// The series.
    pub series: Vec<Series>,
}

/// A logarithmic axis range that holds every positive `values` with whole decades at both ends.
#[must_use]
pub fn decades(values: impl IntoIterator<Item = f64>) -> Range<f64> {
    let (mut lo, mut hi) = (f64::INFINITY, 0.0f64);
    for v in values.into_iter().filter(|v| *v > 0.0 && v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if hi == 0.0 {
        return 1.0..10.0;
    }
    let lo = 10f64.powf(lo.log10().floor());
    let hi = 10f64.powf(hi.log10().ceil()).max(lo * 10.0);
    lo..hi
}

/// Stacked panels of lines on a logarithmic y axis, `width` wide and `panel_height` tall each, under one title.
///
/// # Errors
/// Only if plotters fails to lay out the chart.
pub fn log_lines(
    title: &str,
    panels: &[Panel],
    width: u32,
    panel_height: u32,
    footer: &str,
) -> Result<String, CliError> {
    let mut svg = String::new();
    {
        let height = panel_height * panels.len() as u32 + 40 + FOOTER_HEIGHT;
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let (body, foot) = titled(&root, title)?;
        for (panel, area) in panels.iter().zip(body.split_evenly((panels.len(), 1))) {
            draw_panel(&area, panel)?;
        }
        draw_footer(&foot, footer)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

fn draw_panel(area: &Area<'_>, panel: &Panel) -> Result<(), CliError> {
    let y_range = decades(panel.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)));
    let mut chart = ChartBuilder::on(area)
        .caption(&panel.title, (FONT, 20))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(84)
        .build_cartesian_2d(panel.x_range.clone(), y_range.log_scale())
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .x_desc(&panel.x_desc)
        .y_desc(&panel.y_desc)
        .x_label_formatter(&|x| (panel.x_format)(*x))
        .y_label_formatter(&|y| (panel.y_format)(*y))
        .label_style((FONT, 17))
        .axis_desc_style((FONT, 18))
        .light_line_style(RGBColor(0xF0, 0xF0, 0xF0))
        .bold_line_style(RGBColor(0xD8, 0xD8, 0xD8))
        .draw()
        .map_err(drawing)?;
    for s in &panel.series {
        let color = s.color;
        if s.joined {
            chart.draw_series(LineSeries::new(s.points.iter().copied(), color.stroke_width(2))).map_err(drawing)?;
        }
        let marker = if s.filled { color.filled() } else { color.mix(0.55).stroke_width(1) };
        let size = if s.filled { 4 } else { 3 };
        let anno = chart.draw_series(s.points.iter().map(move |&p| Circle::new(p, size, marker))).map_err(drawing)?;
        if let Some(label) = &s.label {
            let joined = s.joined;
            anno.label(label).legend(move |(x, y)| {
                let line = if joined { color.stroke_width(2) } else { TRANSPARENT.stroke_width(0) };
                EmptyElement::at((x, y))
                    + PathElement::new(vec![(0, 0), (22, 0)], line)
                    + Circle::new((11, 0), size, marker)
            });
        }
    }
    if panel.series.iter().filter(|s| s.label.is_some()).count() > 1 {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font((FONT, 17))
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(0xB0, 0xB0, 0xB0))
            .draw()
            .map_err(drawing)?;
    }
    Ok(())
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Writes the title at the top and splits what is left into the chart's body and a footer of two lines.
fn titled<'a>(root: &Area<'a>, title: &str) -> Result<(Area<'a>, Area<'a>), CliError> {
    let root = root.titled(title, (FONT, 26)).map_err(drawing)?;
    let (_, height) = root.dim_in_pixel();
    Ok(root.split_vertically(height.saturating_sub(FOOTER_HEIGHT)))
}

const FOOTER_HEIGHT: u32 = 44;

fn draw_footer(area: &Area<'_>, footer: &str) -> Result<(), CliError> {
    let style = TextStyle::from((FONT, 15)).color(&GREY);
    for (k, line) in footer.lines().enumerate() {
        area.draw_text(line, &style, (14, 6 + 17 * k as i32)).map_err(drawing)?;
    }
    Ok(())
}

/// One bar of a bar chart.
#[derive(Clone, Debug)]
pub struct Bar {
    /// Where it stands on the x axis (a whole number).
    pub x: u32,
    /// Its height (drawn on a logarithmic axis, written above the bar).
    pub count: u64,
    /// Which legend group it belongs to (an index into `groups`).
    pub group: usize,
}

/// Bars on a logarithmic count axis, coloured by group, each with its count written above it.
///
/// # Errors
/// Only if plotters fails to lay out the chart.
pub fn log_bars(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    groups: &[(&str, RGBColor)],
    bars: &[Bar],
    size: (u32, u32),
    footer: &str,
) -> Result<String, CliError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let (body, foot) = titled(&root, title)?;
        let max_x = bars.iter().map(|b| b.x).max().unwrap_or(1);
        let y_range = decades(bars.iter().map(|b| b.count as f64));
        let y_range = y_range.start..y_range.end * 3.0; // room for the counts above the tallest bar
        let mut chart = ChartBuilder::on(&body)
            .margin(12)
            .x_label_area_size(44)
            .y_label_area_size(84)
            .build_cartesian_2d(-0.6f64..f64::from(max_x) + 0.6, y_range.clone().log_scale())
            .map_err(drawing)?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_labels(max_x as usize + 2)
            .x_label_formatter(&|x| if x.fract().abs() < 1e-9 && *x >= 0.0 { format!("{x:.0}") } else { String::new() })
            .y_label_formatter(&|y| count(*y))
            .disable_x_mesh()
            .label_style((FONT, 17))
            .axis_desc_style((FONT, 18))
            .light_line_style(RGBColor(0xF0, 0xF0, 0xF0))
            .bold_line_style(RGBColor(0xD8, 0xD8, 0xD8))
            .draw()
            .map_err(drawing)?;
        for (g, (label, color)) in groups.iter().enumerate() {
            let color = *color;
            let mine: Vec<&Bar> = bars.iter().filter(|b| b.group == g).collect();
            let bottom = y_range.start;
            chart
                .draw_series(mine.iter().map(|b| {
                    let x = f64::from(b.x);
                    Rectangle::new([(x - 0.38, bottom), (x + 0.38, b.count as f64)], color.filled())
                }))
                .map_err(drawing)?
                .label(*label)
                .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], color.filled()));
            chart
                .draw_series(mine.iter().map(|b| {
                    let style = TextStyle::from((FONT, 16)).color(&BLACK).pos(text_anchor(true));
                    Text::new(thousands(b.count), (f64::from(b.x), b.count as f64 * 1.12), style)
                }))
                .map_err(drawing)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font((FONT, 17))
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(0xB0, 0xB0, 0xB0))
            .draw()
            .map_err(drawing)?;
        draw_footer(&foot, footer)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// Text centred on its x, standing on its y (`above`) or hanging from it.
fn text_anchor(above: bool) -> plotters::style::text_anchor::Pos {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    Pos::new(HPos::Center, if above { VPos::Bottom } else { VPos::Top })
}

/// One estimate with its interval, over a named category.
#[derive(Clone, Debug)]
pub struct Estimate {
    /// The category (an x tick).
    pub name: String,
    /// The estimate.
    pub value: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
    /// A note written above the interval, one or more lines (e.g. the estimate and the games' record).
    pub note: String,
}

/// Estimates with intervals over categories, with a dashed line at zero.
///
/// # Errors
/// Only if plotters fails to lay out the chart.
pub fn intervals(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    estimates: &[Estimate],
    size: (u32, u32),
    footer: &str,
) -> Result<String, CliError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(drawing)?;
        let (body, foot) = titled(&root, title)?;
        let lo = estimates.iter().map(|e| e.low.min(e.value)).fold(0.0, f64::min);
        let hi = estimates.iter().map(|e| e.high.max(e.value)).fold(0.0, f64::max);
        // Room above the highest interval for its two lines of notes (about 60 pixels at the default size).
        let span = (hi - lo).max(40.0);
        let (bottom, top) = (lo - span * 0.08, hi + span * 0.28);
        let n = estimates.len().max(1);
        let mut chart = ChartBuilder::on(&body)
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(84)
            // A segmented 0..k has k + 1 segments: one per estimate.
            .build_cartesian_2d((0..(n - 1).max(1)).into_segmented(), bottom..top)
            .map_err(drawing)?;
        let names: Vec<&str> = estimates.iter().map(|e| e.name.as_str()).collect();
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_labels(n)
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) => names.get(*i).map_or(String::new(), |s| (*s).to_string()),
                _ => String::new(),
            })
            .y_label_formatter(&|y| format!("{y:+.0}"))
            .disable_x_mesh()
            .label_style((FONT, 17))
            .axis_desc_style((FONT, 18))
            .light_line_style(RGBColor(0xF0, 0xF0, 0xF0))
            .bold_line_style(RGBColor(0xD8, 0xD8, 0xD8))
            .draw()
            .map_err(drawing)?;
        let zero = [(SegmentValue::Exact(0), 0.0), (SegmentValue::Last, 0.0)];
        chart.draw_series(DashedLineSeries::new(zero, 6, 4, GREY.stroke_width(1))).map_err(drawing)?;
        chart
            .draw_series(estimates.iter().enumerate().map(|(i, e)| {
                ErrorBar::new_vertical(SegmentValue::CenterOf(i), e.low, e.value, e.high, BLUE.stroke_width(2), 14)
            }))
            .map_err(drawing)?
            .label("Elo difference, 95% interval")
            .legend(|(x, y)| {
                EmptyElement::at((x, y))
                    + PathElement::new(vec![(8, -7), (8, 7)], BLUE.stroke_width(2))
                    + Circle::new((8, 0), 4, BLUE.filled())
            });
        chart
            .draw_series(
                estimates
                    .iter()
                    .enumerate()
                    .map(|(i, e)| Circle::new((SegmentValue::CenterOf(i), e.value), 4, BLUE.filled())),
            )
            .map_err(drawing)?;
        chart
            .draw_series(estimates.iter().enumerate().flat_map(|(i, e)| {
                // The note's lines stand above the interval's top, the last line nearest to it, offset in pixels.
                let style = TextStyle::from((FONT, 16)).color(&BLACK).pos(text_anchor(true));
                let lines: Vec<String> = e.note.lines().rev().map(str::to_string).collect();
                lines.into_iter().enumerate().map(move |(k, line)| {
                    EmptyElement::at((SegmentValue::CenterOf(i), e.high))
                        + Text::new(line, (0, -8 - 17 * k as i32), style.clone())
                })
            }))
            .map_err(drawing)?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font((FONT, 17))
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(0xB0, 0xB0, 0xB0))
            .draw()
            .map_err(drawing)?;
        draw_footer(&foot, footer)?;
        root.present().map_err(drawing)?;
    }
    Ok(svg)
}

/// A count for an axis tick: `1`, `500`, `10k`, `2.5M`, `1G`.
#[must_use]
pub fn count(v: f64) -> String {
    let (div, unit) = match v.abs() {
        x if x >= 1e9 => (1e9, "G"),
        x if x >= 1e6 => (1e6, "M"),
        x if x >= 1e3 => (1e3, "k"),
        _ => (1.0, ""),
    };
    format!("{}{unit}", trim(v / div))
}

/// Seconds for an axis tick: `10 µs`, `2 ms`, `1 s`, `100 s`.
#[must_use]
pub fn seconds(v: f64) -> String {
    let (mul, unit) = match v.abs() {
        x if x >= 1.0 => (1.0, "s"),
        x if x >= 1e-3 => (1e3, "ms"),
        x if x >= 1e-6 => (1e6, "µs"),
        _ => (1e9, "ns"),
    };
    format!("{} {unit}", trim(v * mul))
}

/// A number with at most two decimals and no trailing zeros.
fn trim(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `12345` as `12,345`.
#[must_use]
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels_read_as_people_write_them() {
        assert_eq!(count(1.0), "1");
        assert_eq!(count(10_000.0), "10k");
        assert_eq!(count(2_500_000.0), "2.5M");
        assert_eq!(seconds(1e-5), "10 µs");
        assert_eq!(seconds(0.002), "2 ms");
        assert_eq!(seconds(100.0), "100 s");
        assert_eq!(thousands(6144), "6,144");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn log_ranges_end_on_whole_decades() {
        assert_eq!(decades([3.0, 420.0]), 1.0..1000.0);
        assert_eq!(decades([0.0, 5.0]), 1.0..10.0);
        assert_eq!(decades([]), 1.0..10.0);
        let r = decades([2e-5, 0.3]);
        assert!((r.start - 1e-5).abs() < 1e-12 && (r.end - 1.0).abs() < 1e-9, "{r:?}");
    }
}
