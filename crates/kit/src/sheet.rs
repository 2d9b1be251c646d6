//! The drawing a kit is made of: pages of simple shapes in millimetres (origin top left,
//! y downwards), written out unchanged as PDF ([`crate::pdf`]) and SVG ([`crate::svg`]).
//! Tests read the same pages: what is checked is what is printed.

use crate::colour::Rgb;
use crate::font::Weight;

/// A point, mm from the page's top left corner.
pub type Pt = (f32, f32);

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pen {
    /// Colour.
    pub colour: Rgb,
    /// Width, mm.
    pub width: f32,
    /// Dash and gap lengths, mm; `None` for a solid line.
    pub dash: Option<(f32, f32)>,
}

impl Pen {
    /// A solid line.
    #[must_use]
    pub const fn solid(colour: Rgb, width: f32) -> Pen {
        Pen {
            colour,
            width,
            dash: None,
        }
    }

    /// A dashed line.
    #[must_use]
    pub const fn dashed(colour: Rgb, width: f32, dash: f32, gap: f32) -> Pen {
        Pen {
            colour,
            width,
            dash: Some((dash, gap)),
        }
    }
}

/// Where a text's anchor point is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The text starts there.
    Start,
    /// The text is centred on it.
    Middle,
    /// The text ends there.
    End,
}

/// What a shape stands for, for readers of the layout (tests): most shapes are plain
/// drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Decoration, text, tables.
    Plain,
    /// The front of box `n`: a filled rectangle exactly the requested size.
    Front(usize),
}

/// One thing drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A path through `points`, closed or open, filled and/or stroked.
    Path {
        /// The points.
        points: Vec<Pt>,
        /// Back to the first point at the end.
        closed: bool,
        /// Fill colour.
        fill: Option<Rgb>,
        /// Outline.
        stroke: Option<Pen>,
        /// What it stands for.
        role: Role,
    },
    /// A circle.
    Circle {
        /// Centre.
        centre: Pt,
        /// Radius, mm.
        radius: f32,
        /// Fill colour.
        fill: Option<Rgb>,
        /// Outline.
        stroke: Option<Pen>,
    },
    /// One line of text in DejaVu Sans.
    Text {
        /// The anchor point on the baseline.
        at: Pt,
        /// The size (em), mm.
        size: f32,
        /// The text.
        text: String,
        /// Colour.
        colour: Rgb,
        /// Where `at` is on the text.
        anchor: Anchor,
        /// Regular or bold.
        weight: Weight,
    },
}

/// Pages ready to be written as PDF or SVG.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// The document's title.
    pub title: String,
    /// The pages.
    pub pages: Vec<Page>,
}

/// One page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Width, mm.
    pub width: f32,
    /// Height, mm.
    pub height: f32,
    /// What is drawn, in painting order.
    pub shapes: Vec<Shape>,
}

impl Page {
    /// An empty page.
    #[must_use]
    pub fn new(width: f32, height: f32) -> Page {
        Page {
            width,
            height,
            shapes: Vec::new(),
        }
    }

    /// A straight line.
    pub fn line(&mut self, from: Pt, to: Pt, pen: Pen) {
        self.shapes.push(Shape::Path {
            points: vec![from, to],
            closed: false,
            fill: None,
            stroke: Some(pen),
            role: Role::Plain,
        });
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Option<Rgb>, stroke: Option<Pen>) {
        self.shapes.push(Shape::Path {
            points: vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
            closed: true,
            fill,
            stroke,
            role: Role::Plain,
        });
    }

    /// A circle.
    pub fn circle(&mut self, centre: Pt, radius: f32, fill: Option<Rgb>, stroke: Option<Pen>) {
        self.shapes.push(Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        });
    }

    /// A line of text.
    pub fn text(
        &mut self,
        at: Pt,
        size: f32,
        text: impl Into<String>,
        colour: Rgb,
        anchor: Anchor,
        weight: Weight,
    ) {
        self.shapes.push(Shape::Text {
            at,
            size,
            text: text.into(),
            colour,
            anchor,
            weight,
        });
    }

    /// The fronts drawn on this page: box number and rectangle `(x, y, w, h)`.
    #[must_use]
    pub fn fronts(&self) -> Vec<(usize, [f32; 4])> {
        self.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Path {
                    points,
                    role: Role::Front(n),
                    ..
                } => {
                    let (x0, y0) = points.first().copied()?;
                    let (x1, y1) = points.get(2).copied()?;
                    Some((*n, [x0, y0, x1 - x0, y1 - y0]))
                }
                _ => None,
            })
            .collect()
    }

    /// Every text on the page, in painting order.
    #[must_use]
    pub fn texts(&self) -> Vec<&str> {
        self.shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}
