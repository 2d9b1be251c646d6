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
    #[error("cannot tell the chart format of '{0}': use a name ending in .png or .svg")]
    UnknownFormat(String),
    /// There was nothing to draw.
    #[error("nothing to draw: {0}")]
    Empty(&'static str),
    /// The file cannot be created.
    #[error("cannot write the chart '{path}': {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Drawing or writing failed.
    #[error("cannot draw '{path}': {reason}")]
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
        _ => Err(ChartError::UnknownFormat(path.display().to_string())),
    }
}

/// Create (or empty) the file first, so that a missing folder or a read-only place is
/// reported as such rather than as the drawing library's debug dump.
fn check_writable(path: &Path) -> Result<(), ChartError> {
    std::fs::File::create(path)
        .map(drop)
        .map_err(|source| ChartError::Io {
            path: path.display().to_string(),
            source,
        })
}

fn draw_err(path: &Path, e: impl std::fmt::Display) -> ChartError {
    ChartError::Draw {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
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
    match format_of(path)? {
        Format::Png => draw_lines(
            BitMapBackend::new(path, SIZE).into_drawing_area(),
            chart,
            (x0, x1, y0, y1),
            path,
        ),
        Format::Svg => draw_lines(
            SVGBackend::new(path, SIZE).into_drawing_area(),
            chart,
            (x0, x1, y0, y1),
            path,
        ),
    }
}

fn draw_lines<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    chart: &LineChart,
    (x0, x1, y0, y1): (f64, f64, f64, f64),
    path: &Path,
) -> Result<(), ChartError> {
    root.fill(&WHITE).map_err(|e| draw_err(path, e))?;
    let mut ctx = ChartBuilder::on(&root)
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
    match format_of(path)? {
        Format::Png => draw_bars(
            BitMapBackend::new(path, SIZE).into_drawing_area(),
            chart,
            path,
        ),
        Format::Svg => draw_bars(SVGBackend::new(path, SIZE).into_drawing_area(), chart, path),
    }
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
    let mut ctx = ChartBuilder::on(&root)
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
        };
        for name in ["c.png", "c.svg"] {
            let p = dir.path().join(name);
            line_chart(&chart, &p).unwrap();
            assert!(std::fs::metadata(&p).unwrap().len() > 1000, "{name}");
        }
        let svg = std::fs::read_to_string(dir.path().join("c.svg")).unwrap();
        assert!(svg.contains("wins"));
        let bars = BarChart {
            title: "scores".into(),
            x_label: "score".into(),
            y_label: "games".into(),
            bars: vec![("0-1k".into(), 3), ("1k-2k".into(), 7)],
        };
        bar_chart(&bars, &dir.path().join("h.png")).unwrap();
        assert!(matches!(
            line_chart(&chart, &dir.path().join("c.gif")),
            Err(ChartError::UnknownFormat(_))
        ));
        let e = bar_chart(&bars, &dir.path().join("no/such/folder.png")).unwrap_err();
        assert!(matches!(e, ChartError::Io { .. }), "{e}");
        let text = e.to_string();
        assert!(
            text.ends_with("No such file or directory (os error 2)"),
            "{text}"
        );
        assert!(!text.contains("Os {"), "no debug dump: {text}");
    }
}
