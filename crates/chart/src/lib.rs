//! Charts for ludomat results — learning curves, score histograms — written as PNG or SVG
//! (chosen by the file's extension) with [plotters].
//!
//! The DejaVu Sans font is compiled in (the `dejavu` crate), so charts render the same on
//! any machine without system font libraries.

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use std::path::Path;
use std::sync::Once;

use plotters::prelude::*;

/// Why a chart could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// The file name does not end in `.png` or `.svg`.
    #[error("cannot tell the chart format of '{}': use a name ending in .png or .svg", ludomat_io::text::escape_controls(.0))]
    UnknownFormat(String),
    /// There was nothing to draw.
    #[error("nothing to draw: {0}")]
    Empty(&'static str),
    /// The file cannot be created.
    #[error("cannot write the chart {}: {source}", ludomat_io::text::path(path))]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Drawing or writing failed.
    #[error("cannot draw {}: {reason}", ludomat_io::text::path(path))]
    Draw {
        /// The file.
        path: String,
        /// What plotters reported.
        reason: String,
    },
}

/// One named line of (x, y) points.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The legend entry.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// A line chart: one or more series over a shared x axis.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    /// The caption.
    pub title: String,
    /// The x axis label.
    pub x_label: String,
    /// The y axis label.
    pub y_label: String,
    /// The lines.
    pub series: Vec<Series>,
    /// A fixed y range; `None` fits the data.
    pub y_range: Option<(f64, f64)>,
    /// Printed under the chart (the command that made it); empty for none.
    pub caption: String,
}

/// A bar chart of labelled counts (a histogram with named bins).
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    /// The caption.
    pub title: String,
    /// The x axis label.
    pub x_label: String,
    /// The y axis label.
    pub y_label: String,
    /// The bins, left to right: label and count.
    pub bars: Vec<(String, u64)>,
    /// Printed under the chart (the command that made it); empty for none.
    pub caption: String,
}

const SIZE: (u32, u32) = (960, 600);
const PALETTE: [RGBColor; 6] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
];

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for style in [FontStyle::Normal, FontStyle::Bold] {
            // The font is compiled in and valid; a failure would only leave text unrendered.
            let _ = plotters::style::register_font("sans-serif", style, dejavu::sans::regular());
        }
    });
}

enum Format {
    Png,
    Svg,
}

fn format_of(path: &Path) -> Result<Format, ChartError> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("png") => Ok(Format::Png),
        Some("svg") => Ok(Format::Svg),
        _ => Err(ChartError::UnknownFormat(
            ludomat_io::text::path(path).to_string(),
        )),
    }
}

/// Refuse, before drawing, a path that is not a regular file (or a link to one) or not
/// there yet: a folder, a FIFO, a device, a dangling symbolic link
/// (`ludomat_io::write::check_target`).
fn check_writable(path: &Path) -> Result<(), ChartError> {
    ludomat_io::write::check_target(path).map_err(|source| ChartError::Io {
        path: ludomat_io::text::path(path).to_string(),
        source,
    })
}

/// Write a drawn chart's bytes to `path` atomically (the old file or the new one, never
/// half of one: a run stopped while its charts are written leaves no empty file).
fn save(path: &Path, bytes: &[u8]) -> Result<(), ChartError> {
    ludomat_io::write::atomically(path, bytes)
        .map(drop)
        .map_err(|source| ChartError::Io {
            path: ludomat_io::text::path(path).to_string(),
            source,
        })
}

/// A bitmap of [`SIZE`] (RGB, as plotters draws it) encoded as PNG.
fn png(pixels: &[u8], path: &Path) -> Result<Vec<u8>, ChartError> {
    use image::ImageEncoder as _;
    let mut bytes = Vec::new();
    image::codecs::png::PngEncoder::new(&mut bytes)
        .write_image(pixels, SIZE.0, SIZE.1, image::ColorType::Rgb8)
        .map_err(|e| draw_err(path, e))?;
    Ok(bytes)
}

/// Print `caption` along the bottom of `root` and return the area above it for the plot
/// (all of `root` when the caption is empty).
fn with_caption<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    path: &Path,
) -> Result<DrawingArea<DB, plotters::coord::Shift>, ChartError> {
    if caption.is_empty() {
        return Ok(root.clone());
    }
    let (plot, foot) = root.split_vertically(SIZE.1 - 28);
    foot.draw(&Text::new(
        caption,
        (16, 6),
        ("sans-serif", 14).into_font().color(&BLACK.mix(0.75)),
    ))
    .map_err(|e| draw_err(path, e))?;
    Ok(plot)
}

fn draw_err(path: &Path, e: impl std::fmt::Display) -> ChartError {
    ChartError::Draw {
        path: ludomat_io::text::path(path).to_string(),
        reason: e.to_string(),
    }
}

/// Draw in memory on the backend the file's extension names (PNG or SVG) — `$root` is its
/// drawing area inside `$draw` — then write the file atomically ([`save`]).
macro_rules! on_backend {
    ($path:expr, |$root:ident| $draw:expr) => {{
        let bytes = match format_of($path)? {
            Format::Png => {
                let mut pixels = vec![0u8; SIZE.0 as usize * SIZE.1 as usize * 3];
                {
                    let $root = BitMapBackend::with_buffer(&mut pixels, SIZE).into_drawing_area();
                    $draw?;
                }
                png(&pixels, $path)?
            }
            Format::Svg => {
                let mut svg = String::new();
                {
                    let $root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
                    $draw?;
                }
                svg.into_bytes()
            }
        };
        save($path, &bytes)
    }};
}

/// Write a line chart to `path` (`.png` or `.svg`).
///
/// # Errors
/// An unknown extension, no points at all, or a drawing / file error.
pub fn line_chart(chart: &LineChart, path: &Path) -> Result<(), ChartError> {
    register_font();
    let points = chart.series.iter().flat_map(|s| s.points.iter());
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in points {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return Err(ChartError::Empty("the chart has no points"));
    }
    format_of(path)?;
    check_writable(path)?;
    if x0 == x1 {
        x1 = x0 + 1.0;
    }
    let (y0, y1) = chart.y_range.unwrap_or(if y0 == y1 {
        (y0 - 1.0, y1 + 1.0)
    } else {
        (y0, y1)
    });
    on_backend!(path, |root| draw_lines(root, chart, (x0, x1, y0, y1), path))
}

fn draw_lines<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    chart: &LineChart,
    (x0, x1, y0, y1): (f64, f64, f64, f64),
    path: &Path,
) -> Result<(), ChartError> {
    root.fill(&WHITE).map_err(|e| draw_err(path, e))?;
    let plot = with_caption(&root, &chart.caption, path)?;
    let mut ctx = ChartBuilder::on(&plot)
        .caption(&chart.title, ("sans-serif", 26))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(64)
        .build_cartesian_2d(x0..x1, y0..y1)
        .map_err(|e| draw_err(path, e))?;
    ctx.configure_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_label_formatter(&tick)
        .y_label_formatter(&tick)
        .label_style(("sans-serif", 15))
        .draw()
        .map_err(|e| draw_err(path, e))?;
    for (i, s) in chart.series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        ctx.draw_series(LineSeries::new(
            s.points.iter().copied(),
            colour.stroke_width(2),
        ))
        .map_err(|e| draw_err(path, e))?
        .label(&s.name)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
    }
    ctx.configure_series_labels()
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 15))
        .draw()
        .map_err(|e| draw_err(path, e))?;
    root.present().map_err(|e| draw_err(path, e))
}

/// An axis label: whole numbers without decimals, small fractions with two.
fn tick(v: &f64) -> String {
    if v.fract() == 0.0 || v.abs() >= 100.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// Write a bar chart to `path` (`.png` or `.svg`).
///
/// # Errors
/// An unknown extension, no bars, or a drawing / file error.
pub fn bar_chart(chart: &BarChart, path: &Path) -> Result<(), ChartError> {
    register_font();
    if chart.bars.is_empty() {
        return Err(ChartError::Empty("the chart has no bars"));
    }
    format_of(path)?;
    check_writable(path)?;
    on_backend!(path, |root| draw_bars(root, chart, path))
}

fn draw_bars<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    chart: &BarChart,
    path: &Path,
) -> Result<(), ChartError> {
    root.fill(&WHITE).map_err(|e| draw_err(path, e))?;
    let n = chart.bars.len() as u32;
    let top = chart.bars.iter().map(|b| b.1).max().unwrap_or(0).max(1);
    let labels: Vec<String> = chart.bars.iter().map(|b| b.0.clone()).collect();
    let plot = with_caption(&root, &chart.caption, path)?;
    let mut ctx = ChartBuilder::on(&plot)
        .caption(&chart.title, ("sans-serif", 26))
        .margin(16)
        .x_label_area_size(56)
        .y_label_area_size(64)
        .build_cartesian_2d(
            (0u32..n.saturating_sub(1)).into_segmented(),
            0u64..top + top / 10 + 1,
        )
        .map_err(|e| draw_err(path, e))?;
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_labels(n as usize)
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(|e| draw_err(path, e))?;
    ctx.draw_series(
        Histogram::vertical(&ctx)
            .style(PALETTE[0].filled())
            .margin(4)
            .data(chart.bars.iter().enumerate().map(|(i, b)| (i as u32, b.1))),
    )
    .map_err(|e| draw_err(path, e))?;
    root.present().map_err(|e| draw_err(path, e))
}

/// One bar of a [`LogBarChart`].
#[derive(Debug, Clone, PartialEq)]
pub struct LogBar {
    /// The label under the bar.
    pub label: String,
    /// The value (positive; the axis is logarithmic).
    pub value: f64,
    /// A peer's measurement (another program, measured in the same run): drawn in its own
    /// colour and named in the legend.
    pub peer: bool,
}

/// Bars on a real logarithmic y axis, each decade labelled (10³, 10⁴ …), for rates that
/// lie orders of magnitude apart.
#[derive(Debug, Clone, PartialEq)]
pub struct LogBarChart {
    /// The title.
    pub title: String,
    /// The x axis label.
    pub x_label: String,
    /// The y axis label, with its unit.
    pub y_label: String,
    /// The bars, left to right.
    pub bars: Vec<LogBar>,
    /// Printed under the chart: the command that made it.
    pub caption: String,
}

/// A power of ten as `10` with a superscript exponent: `10⁶`.
#[must_use]
pub fn decade_label(exponent: i32) -> String {
    const SUP: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = exponent
        .unsigned_abs()
        .to_string()
        .chars()
        .filter_map(|c| c.to_digit(10).map(|d| SUP[d as usize]))
        .collect();
    format!("10{}{digits}", if exponent < 0 { "⁻" } else { "" })
}

/// Write a bar chart with a logarithmic y axis to `path` (`.png` or `.svg`).
///
/// # Errors
/// An unknown extension, no bars, a value that is not positive, or a drawing / file error.
pub fn log_bar_chart(chart: &LogBarChart, path: &Path) -> Result<(), ChartError> {
    register_font();
    if chart.bars.is_empty() {
        return Err(ChartError::Empty("the chart has no bars"));
    }
    if chart
        .bars
        .iter()
        .any(|b| b.value.is_nan() || b.value <= 0.0 || b.value.is_infinite())
    {
        return Err(ChartError::Empty(
            "a logarithmic axis needs positive, finite values",
        ));
    }
    format_of(path)?;
    check_writable(path)?;
    on_backend!(path, |root| draw_log_bars(root, chart, path))
}

fn draw_log_bars<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    chart: &LogBarChart,
    path: &Path,
) -> Result<(), ChartError> {
    root.fill(&WHITE).map_err(|e| draw_err(path, e))?;
    let plot = with_caption(&root, &chart.caption, path)?;
    // The axis runs in log10 of the value, from the decade below the smallest bar to the
    // one above the largest; ticks fall on whole decades and are labelled 10ⁿ.
    let logs: Vec<f64> = chart.bars.iter().map(|b| b.value.log10()).collect();
    let lo = logs.iter().copied().fold(f64::MAX, f64::min).floor();
    let hi = logs
        .iter()
        .copied()
        .fold(f64::MIN, f64::max)
        .ceil()
        .max(lo + 1.0);
    let decades = (hi - lo) as usize + 1;
    let n = chart.bars.len() as u32;
    let labels: Vec<String> = chart.bars.iter().map(|b| b.label.clone()).collect();
    let mut ctx = ChartBuilder::on(&plot)
        .caption(&chart.title, ("sans-serif", 24))
        .margin(16)
        .x_label_area_size(56)
        .y_label_area_size(72)
        .build_cartesian_2d((0u32..n.saturating_sub(1)).into_segmented(), lo..hi)
        .map_err(|e| draw_err(path, e))?;
    ctx.configure_mesh()
        .disable_x_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.y_label)
        .x_labels(n as usize)
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_labels(decades)
        .y_label_formatter(&|v: &f64| {
            if (v - v.round()).abs() < 1e-9 {
                decade_label(v.round() as i32)
            } else {
                String::new()
            }
        })
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(|e| draw_err(path, e))?;
    for (peer, name, colour) in [
        (false, "ludomat", PALETTE[0]),
        (true, "peer, measured in the same run", PALETTE[3]),
    ] {
        let bars: Vec<(u32, f64)> = chart
            .bars
            .iter()
            .enumerate()
            .filter(|(_, b)| b.peer == peer)
            .map(|(i, b)| (i as u32, b.value.log10()))
            .collect();
        if bars.is_empty() {
            continue;
        }
        ctx.draw_series(bars.into_iter().map(|(i, v)| {
            let mut r = Rectangle::new(
                [
                    (SegmentValue::Exact(i), lo),
                    (SegmentValue::Exact(i + 1), v),
                ],
                colour.filled(),
            );
            r.set_margin(0, 0, 4, 4);
            r
        }))
        .map_err(|e| draw_err(path, e))?
        .label(name)
        .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 14, y + 6)], colour.filled()));
    }
    ctx.configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()
        .map_err(|e| draw_err(path, e))?;
    root.present().map_err(|e| draw_err(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_png_and_svg() {
        let dir = tempfile::tempdir().unwrap();
        let chart = LineChart {
            title: "test".into(),
            x_label: "game".into(),
            y_label: "rate".into(),
            series: vec![Series {
                name: "wins".into(),
                points: vec![(0.0, 0.1), (1.0, 0.5), (2.0, 0.9)],
            }],
            y_range: Some((0.0, 1.0)),
            caption: "made by: a test".into(),
        };
        for name in ["c.png", "c.svg"] {
            let p = dir.path().join(name);
            line_chart(&chart, &p).unwrap();
            assert!(std::fs::metadata(&p).unwrap().len() > 1000, "{name}");
        }
        let svg = ludomat_io::read::to_string(dir.path().join("c.svg")).unwrap();
        assert!(svg.contains("wins"));
        assert!(svg.contains("made by: a test"));
        let bars = BarChart {
            title: "scores".into(),
            x_label: "score".into(),
            y_label: "games".into(),
            bars: vec![("0-1k".into(), 3), ("1k-2k".into(), 7)],
            caption: String::new(),
        };
        bar_chart(&bars, &dir.path().join("h.png")).unwrap();
        assert!(matches!(
            line_chart(&chart, &dir.path().join("c.gif")),
            Err(ChartError::UnknownFormat(_))
        ));
        let e = bar_chart(&bars, &dir.path().join("no/such/folder.png")).unwrap_err();
        assert!(matches!(e, ChartError::Io { .. }), "{e}");
        let text = e.to_string();
        assert!(text.ends_with("no/such does not exist"), "{text}");
        assert!(!text.contains("Os {"), "no debug dump: {text}");
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // the test makes a hard link with std
    fn a_chart_replaces_its_file_whole_never_rewriting_it_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let bars = |n| BarChart {
            title: "scores".into(),
            x_label: "score".into(),
            y_label: "games".into(),
            bars: vec![("0-1k".into(), n), ("1k-2k".into(), 7)],
            caption: String::new(),
        };
        for name in ["h.png", "h.svg"] {
            let path = dir.path().join(name);
            bar_chart(&bars(3), &path).unwrap();
            let old = ludomat_io::read::to_bytes(&path).unwrap();
            // another name for the old file: a chart written in place would change it
            let other = dir.path().join(format!("old-{name}"));
            std::fs::hard_link(&path, &other).unwrap();
            bar_chart(&bars(30), &path).unwrap();
            assert_eq!(ludomat_io::read::to_bytes(&other).unwrap(), old, "{name}");
            assert_ne!(ludomat_io::read::to_bytes(&path).unwrap(), old, "{name}");
            // no temporary file is left
            let left: Vec<_> = ludomat_io::read::entries(dir.path())
                .unwrap()
                .into_iter()
                .filter(|p| p.to_string_lossy().ends_with(".tmp"))
                .collect();
            assert!(left.is_empty(), "{left:?}");
        }
        // a dangling link is refused, nothing made where it points
        let link = dir.path().join("c.svg");
        std::os::unix::fs::symlink(dir.path().join("gone/c.svg"), &link).unwrap();
        let e = bar_chart(&bars(3), &link).unwrap_err().to_string();
        assert!(e.contains("dangling symbolic link"), "{e}");
        assert!(!dir.path().join("gone").exists());
    }

    #[test]
    fn a_log_bar_chart_labels_its_decades_and_marks_peers() {
        assert_eq!(decade_label(6), "10⁶");
        assert_eq!(decade_label(-2), "10⁻²");
        assert_eq!(decade_label(10), "10¹⁰");
        let dir = tempfile::tempdir().unwrap();
        let chart = LogBarChart {
            title: "rates".into(),
            x_label: "simulator".into(),
            y_label: "vectors per second".into(),
            bars: vec![
                LogBar {
                    label: "ours".into(),
                    value: 2.5e6,
                    peer: false,
                },
                LogBar {
                    label: "theirs".into(),
                    value: 3.0e3,
                    peer: true,
                },
            ],
            caption: "made by: ludomat logic bench --chart b.svg".into(),
        };
        let p = dir.path().join("b.svg");
        log_bar_chart(&chart, &p).unwrap();
        let svg = ludomat_io::read::to_string(&p).unwrap();
        for decade in ["10³", "10⁴", "10⁵", "10⁶", "10⁷"] {
            // plotters writes each label on a line of its own inside <text>
            assert!(svg.contains(&format!("\n{decade}\n")), "{decade} missing");
        }
        assert!(!svg.contains("\n10²\n") && !svg.contains("\n10⁸\n"));
        assert!(svg.contains("peer, measured in the same run"));
        assert!(svg.contains("vectors per second"));
        assert!(svg.contains("made by: ludomat logic bench --chart b.svg"));
        log_bar_chart(&chart, &dir.path().join("b.png")).unwrap();
        let mut bad = chart.clone();
        bad.bars[0].value = 0.0;
        assert!(matches!(
            log_bar_chart(&bad, &dir.path().join("z.svg")),
            Err(ChartError::Empty(_))
        ));
    }
}

/// One measured point of a [`CurveChart`]: x (positive: the axis is logarithmic), the mean
/// with its interval, and rates (shares in 0..=1) drawn in the lower panel.
#[derive(Debug, Clone, PartialEq)]
pub struct CurvePoint {
    /// Where on the logarithmic x axis.
    pub x: f64,
    /// The mean.
    pub y: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
    /// Rates for the lower panel: the first solid, the second dashed (at most two).
    pub rates: Vec<f64>,
}

/// One named line of a [`CurveChart`].
#[derive(Debug, Clone, PartialEq)]
pub struct CurveLine {
    /// The legend entry.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<CurvePoint>,
}

/// Means with error bars against a logarithmic x axis, one line per contender, and below
/// them a panel of rates (shares of 0–100 %) on the same x axis: a strength-against-cost
/// curve.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveChart {
    /// The title.
    pub title: String,
    /// The x axis label (with its unit).
    pub x_label: String,
    /// The upper panel's y label.
    pub y_label: String,
    /// The lower panel's y label.
    pub rate_label: String,
    /// The lines.
    pub lines: Vec<CurveLine>,
    /// Printed under the chart: the command that made it.
    pub caption: String,
}

/// A tick value on a log10 axis as a plain number: 0.3, 1, 30, 100.
fn log_tick(v: f64) -> String {
    let x = 10f64.powf(v);
    if x >= 10.0 {
        format!("{x:.0}")
    } else if x >= 1.0 {
        format!("{x:.1}").trim_end_matches(".0").to_string()
    } else {
        format!("{x:.2}").trim_end_matches('0').to_string()
    }
}

/// Write a [`CurveChart`] to `path` (`.png` or `.svg`).
///
/// # Errors
/// An unknown extension, no points, an x that is not positive, or a drawing / file error.
pub fn curve_chart(chart: &CurveChart, path: &Path) -> Result<(), ChartError> {
    register_font();
    let points: Vec<&CurvePoint> = chart.lines.iter().flat_map(|l| l.points.iter()).collect();
    if points.is_empty() {
        return Err(ChartError::Empty("the chart has no points"));
    }
    if points.iter().any(|p| !(p.x.is_finite() && p.x > 0.0)) {
        return Err(ChartError::Empty(
            "a logarithmic axis needs positive, finite values",
        ));
    }
    format_of(path)?;
    check_writable(path)?;
    on_backend!(path, |root| draw_curve(root, chart, path))
}

fn draw_curve<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    chart: &CurveChart,
    path: &Path,
) -> Result<(), ChartError> {
    root.fill(&WHITE).map_err(|e| draw_err(path, e))?;
    let plot = with_caption(&root, &chart.caption, path)?;
    let all: Vec<&CurvePoint> = chart.lines.iter().flat_map(|l| l.points.iter()).collect();
    let (lo, hi) = all
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.x), b.max(p.x)));
    // a little room either side, on the log scale
    let (x0, x1) = (lo / 1.3, hi * 1.3);
    let y1 = all
        .iter()
        .map(|p| if p.high.is_finite() { p.high } else { p.y })
        .fold(0.0f64, f64::max)
        * 1.08;
    let y1 = if y1 > 0.0 { y1 } else { 1.0 };
    let height = plot.dim_in_pixel().1;
    let (upper, lower) = plot.split_vertically(height * 64 / 100);
    let tick_fmt = |v: &f64| log_tick(v.log10());
    let mut top = ChartBuilder::on(&upper)
        .caption(&chart.title, ("sans-serif", 24))
        .margin(14)
        .x_label_area_size(28)
        .y_label_area_size(76)
        .build_cartesian_2d((x0..x1).log_scale(), 0.0..y1)
        .map_err(|e| draw_err(path, e))?;
    top.configure_mesh()
        .y_desc(&chart.y_label)
        .x_labels(12)
        .x_label_formatter(&tick_fmt)
        .y_label_formatter(&|v: &f64| format!("{:.0}k", v / 1000.0))
        .label_style(("sans-serif", 14))
        .light_line_style(WHITE)
        .draw()
        .map_err(|e| draw_err(path, e))?;
    for (i, l) in chart.lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let pts: Vec<(f64, f64)> = l.points.iter().map(|p| (p.x, p.y)).collect();
        top.draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))
            .map_err(|e| draw_err(path, e))?
            .label(&l.name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2))
            });
        top.draw_series(pts.iter().map(|&p| Circle::new(p, 4, colour.filled())))
            .map_err(|e| draw_err(path, e))?;
        top.draw_series(
            l.points
                .iter()
                .filter(|p| p.low.is_finite() && p.high.is_finite())
                .map(|p| {
                    ErrorBar::new_vertical(
                        p.x,
                        p.low.max(0.0),
                        p.y,
                        p.high.min(y1),
                        colour.stroke_width(1),
                        8,
                    )
                }),
        )
        .map_err(|e| draw_err(path, e))?;
    }
    top.configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 15))
        .draw()
        .map_err(|e| draw_err(path, e))?;
    let mut bottom = ChartBuilder::on(&lower)
        .margin(14)
        .x_label_area_size(44)
        .y_label_area_size(76)
        .build_cartesian_2d((x0..x1).log_scale(), 0.0..100.0)
        .map_err(|e| draw_err(path, e))?;
    bottom
        .configure_mesh()
        .x_desc(&chart.x_label)
        .y_desc(&chart.rate_label)
        .x_labels(12)
        .x_label_formatter(&tick_fmt)
        .y_label_formatter(&|v: &f64| format!("{v:.0} %"))
        .label_style(("sans-serif", 13))
        .light_line_style(WHITE)
        .draw()
        .map_err(|e| draw_err(path, e))?;
    for (i, l) in chart.lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        for k in 0..2 {
            let pts: Vec<(f64, f64)> = l
                .points
                .iter()
                .filter_map(|p| p.rates.get(k).map(|r| (p.x, 100.0 * r)))
                .collect();
            if k == 0 {
                bottom
                    .draw_series(LineSeries::new(pts, colour.stroke_width(2)))
                    .map_err(|e| draw_err(path, e))?;
            } else {
                bottom
                    .draw_series(DashedLineSeries::new(pts, 6, 4, colour.stroke_width(2)))
                    .map_err(|e| draw_err(path, e))?;
            }
        }
    }
    root.present().map_err(|e| draw_err(path, e))
}
