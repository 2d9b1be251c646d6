//! The PDF of a [`Document`], written with krilla: every shape as vector paths in points
//! (mm × 72 / 25.4, so a 15 mm front is 42.52 pt), text in DejaVu Sans embedded (subset
//! to the glyphs used), one PDF page per page, sized to the paper.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, LineCap, LineJoin, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document as PdfDocument;

use crate::colour::Rgb;
use crate::font::{self, Weight};
use crate::sheet::{Anchor, Pen, Shape};
use crate::size::PT_PER_MM;
use crate::{Document, KitError};

/// Bézier handle length for a quarter circle.
const KAPPA: f32 = 0.552_284_8;

/// The document as PDF bytes.
///
/// # Errors
/// [`KitError::Pdf`] when the writer refuses (a font it cannot read, a page it cannot
/// size).
pub fn write(doc: &Document) -> Result<Vec<u8>, KitError> {
    let regular = Font::new(Weight::Regular.data().into(), 0)
        .ok_or_else(|| KitError::Pdf("cannot read the DejaVu Sans font".into()))?;
    let bold = Font::new(Weight::Bold.data().into(), 0)
        .ok_or_else(|| KitError::Pdf("cannot read the DejaVu Sans Bold font".into()))?;
    let mut pdf = PdfDocument::new();
    pdf.set_metadata(
        krilla::metadata::Metadata::new()
            .title(doc.title.clone())
            .creator("ludomat".into()),
    );
    for page in &doc.pages {
        let settings = PageSettings::from_wh(page.width * PT_PER_MM, page.height * PT_PER_MM)
            .ok_or_else(|| {
                KitError::Pdf(format!("a page of {} × {} mm", page.width, page.height))
            })?;
        let mut p = pdf.start_page_with(settings);
        let mut surface = p.surface();
        for shape in &page.shapes {
            draw(&mut surface, shape, &regular, &bold);
        }
        surface.finish();
        p.finish();
    }
    pdf.finish().map_err(|e| KitError::Pdf(e.to_string()))
}

fn pt(v: f32) -> f32 {
    v * PT_PER_MM
}

fn colour(c: Rgb) -> rgb::Color {
    rgb::Color::new(c.0, c.1, c.2)
}

fn fill(c: Rgb) -> Fill {
    Fill {
        paint: colour(c).into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}

fn stroke(pen: Pen) -> Stroke {
    Stroke {
        paint: colour(pen.colour).into(),
        width: pt(pen.width),
        miter_limit: 4.0,
        line_cap: LineCap::Butt,
        line_join: LineJoin::Miter,
        opacity: NormalizedF32::ONE,
        dash: pen.dash.map(|(d, g)| StrokeDash {
            array: vec![pt(d), pt(g)],
            offset: 0.0,
        }),
    }
}

fn draw(surface: &mut Surface<'_>, shape: &Shape, regular: &Font, bold: &Font) {
    match shape {
        Shape::Path {
            points,
            closed,
            fill: f,
            stroke: s,
            ..
        } => {
            let mut pb = PathBuilder::new();
            for (i, &(x, y)) in points.iter().enumerate() {
                if i == 0 {
                    pb.move_to(pt(x), pt(y));
                } else {
                    pb.line_to(pt(x), pt(y));
                }
            }
            if *closed {
                pb.close();
            }
            let Some(path) = pb.finish() else { return };
            surface.set_fill(f.map(fill));
            surface.set_stroke(s.map(stroke));
            if f.is_some() || s.is_some() {
                surface.draw_path(&path);
            }
        }
        Shape::Circle {
            centre: (cx, cy),
            radius,
            fill: f,
            stroke: s,
        } => {
            let (cx, cy, r) = (pt(*cx), pt(*cy), pt(*radius));
            let k = r * KAPPA;
            let mut pb = PathBuilder::new();
            pb.move_to(cx + r, cy);
            pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
            pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
            pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
            pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
            pb.close();
            let Some(path) = pb.finish() else { return };
            surface.set_fill(f.map(fill));
            surface.set_stroke(s.map(stroke));
            if f.is_some() || s.is_some() {
                surface.draw_path(&path);
            }
        }
        Shape::Text {
            at: (x, y),
            size,
            text,
            colour: c,
            anchor,
            weight,
        } => {
            let w = font::width(text, *size, *weight);
            let x0 = match anchor {
                Anchor::Start => *x,
                Anchor::Middle => x - w / 2.0,
                Anchor::End => x - w,
            };
            surface.set_fill(Some(fill(*c)));
            surface.set_stroke(None);
            let f = match weight {
                Weight::Regular => regular.clone(),
                Weight::Bold => bold.clone(),
            };
            surface.draw_text(
                Point::from_xy(pt(x0), pt(*y)),
                f,
                pt(*size),
                text,
                false,
                TextDirection::Auto,
            );
        }
    }
}
