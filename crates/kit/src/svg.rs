//! One page as SVG: the same shapes in millimetres (`viewBox` in mm, `width`/`height`
//! with units, so it prints at size), text in DejaVu Sans (named; falls back to a sans
//! font where DejaVu is not installed).

use std::fmt::Write as _;

use crate::colour::Rgb;
use crate::font::Weight;
use crate::sheet::{Anchor, Page, Pen, Shape};

fn n(v: f32) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    format!("{r}")
}

fn paint(c: Option<Rgb>) -> String {
    c.map_or_else(|| "none".into(), Rgb::hex)
}

fn pen(p: Option<Pen>) -> String {
    match p {
        None => " stroke=\"none\"".into(),
        Some(p) => {
            let mut s = format!(
                " stroke=\"{}\" stroke-width=\"{}\"",
                p.colour.hex(),
                n(p.width)
            );
            if let Some((d, g)) = p.dash {
                let _ = write!(s, " stroke-dasharray=\"{} {}\"", n(d), n(g));
            }
            s
        }
    }
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The page as an SVG document.
#[must_use]
pub fn page(p: &Page) -> String {
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
         width=\"{w}mm\" height=\"{h}mm\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"'DejaVu Sans', Verdana, sans-serif\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
        w = n(p.width),
        h = n(p.height)
    );
    for shape in &p.shapes {
        match shape {
            Shape::Path {
                points,
                closed,
                fill,
                stroke,
                role,
            } => {
                let pts: Vec<String> = points
                    .iter()
                    .map(|&(x, y)| format!("{},{}", n(x), n(y)))
                    .collect();
                let tag = if *closed { "polygon" } else { "polyline" };
                let id = match role {
                    crate::sheet::Role::Front(k) => format!(" data-box=\"{k}\""),
                    crate::sheet::Role::Plain => String::new(),
                };
                let _ = writeln!(
                    s,
                    "<{tag}{id} points=\"{}\" fill=\"{}\"{}/>",
                    pts.join(" "),
                    paint(*fill),
                    pen(*stroke)
                );
            }
            Shape::Circle {
                centre: (x, y),
                radius,
                fill,
                stroke,
            } => {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"{}/>",
                    n(*x),
                    n(*y),
                    n(*radius),
                    paint(*fill),
                    pen(*stroke)
                );
            }
            Shape::Text {
                at: (x, y),
                size,
                text,
                colour,
                anchor,
                weight,
            } => {
                let a = match anchor {
                    Anchor::Start => "start",
                    Anchor::Middle => "middle",
                    Anchor::End => "end",
                };
                let b = if *weight == Weight::Bold {
                    " font-weight=\"bold\""
                } else {
                    ""
                };
                let _ = writeln!(
                    s,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"{a}\"{b}>{}</text>",
                    n(*x),
                    n(*y),
                    n(*size),
                    colour.hex(),
                    escape(text)
                );
            }
        }
    }
    s.push_str("</svg>\n");
    s
}
