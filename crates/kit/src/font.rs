//! The font every kit is set in: DejaVu Sans (regular and bold), compiled in from the
//! `dejavu` crate — the same family `ludomat-chart` embeds. The DejaVu fonts' licence
//! (the Bitstream Vera licence and its public-domain changes) allows embedding them in
//! documents; the PDF writer embeds the glyphs a kit uses.
//!
//! Text is measured here with the fonts' own advance widths, so a label is centred and
//! shrunk to fit the same way in the PDF and in the SVG.

use std::sync::OnceLock;

/// Regular or bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

impl Weight {
    /// The TrueType font file.
    #[must_use]
    pub fn data(self) -> &'static [u8] {
        match self {
            Weight::Regular => dejavu::sans::regular(),
            Weight::Bold => dejavu::sans::bold(),
        }
    }
}

/// Advance widths in em of the characters a kit prints, for one weight.
struct Metrics {
    face: Option<ttf_parser::Face<'static>>,
}

fn metrics(weight: Weight) -> &'static Metrics {
    static REGULAR: OnceLock<Metrics> = OnceLock::new();
    static BOLD: OnceLock<Metrics> = OnceLock::new();
    let cell = match weight {
        Weight::Regular => &REGULAR,
        Weight::Bold => &BOLD,
    };
    cell.get_or_init(|| Metrics {
        face: ttf_parser::Face::parse(weight.data(), 0).ok(),
    })
}

/// The width of `text` set at `size` (any unit; the result is in the same unit).
#[must_use]
pub fn width(text: &str, size: f32, weight: Weight) -> f32 {
    let m = metrics(weight);
    let Some(face) = &m.face else {
        // Never happens with the compiled-in font; a rough width keeps layout going.
        return text.chars().count() as f32 * 0.6 * size;
    };
    let upem = f32::from(face.units_per_em());
    let units: f32 = text
        .chars()
        .map(|c| {
            face.glyph_index(c)
                .and_then(|g| face.glyph_hor_advance(g))
                .map_or(0.6 * upem, f32::from)
        })
        .sum();
    units / upem * size
}

/// The height of a digit or capital above the baseline, in em (DejaVu Sans: 0.729).
pub const CAP_HEIGHT: f32 = 0.729;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_font() {
        // DejaVu Sans digits are 0.636 em wide; bold digits 0.696 em.
        let w = width("0123456789", 10.0, Weight::Regular);
        assert!((w - 63.6).abs() < 0.1, "{w}");
        let b = width("0123456789", 10.0, Weight::Bold);
        assert!((b - 69.6).abs() < 0.1, "{b}");
        assert!(width("MM", 1.0, Weight::Regular) > width("ll", 1.0, Weight::Regular));
    }
}
