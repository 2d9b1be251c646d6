//! Sizes in millimetres: the matchbox front ([`FrontSize`], `15x35mm`) and the paper
//! ([`Paper`], A4 or Letter).

use std::fmt;
use std::str::FromStr;

/// Points (1/72 inch, the PDF's unit) per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// The front of a matchbox that one picture is glued on: width × height in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrontSize {
    /// Width, mm.
    pub width: f32,
    /// Height, mm.
    pub height: f32,
}

impl FrontSize {
    /// Matthew Scroggs' MENACE boxes: 15 mm wide, 35 mm high.
    pub const SCROGGS: FrontSize = FrontSize {
        width: 15.0,
        height: 35.0,
    };
}

impl fmt::Display for FrontSize {
    /// `15x35mm`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}mm", self.width, self.height)
    }
}

/// Text that is not a front size: the text, and why (the form expected, or which number
/// is out of its range).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a box front size: {}", ludomat_io::text::quoted(.0, 60), .1)]
pub struct ParseSizeError(pub String, pub String);

/// The largest side taken, mm (no page is larger).
const LARGEST: f32 = 10_000.0;

impl FromStr for FrontSize {
    type Err = ParseSizeError;
    fn from_str(s: &str) -> Result<FrontSize, ParseSizeError> {
        let bad = || {
            ParseSizeError(
                s.trim().to_string(),
                format!(
                    "expected WIDTHxHEIGHT in mm, cm or in, e.g. 15x35mm, 1.5x3.5cm or \
                     0.6x1.4in (two positive numbers){}",
                    ludomat_io::error::hidden_in(s)
                ),
            )
        };
        // a number of the right form out of its range, named as written
        let out_of_range = |side: &str, x: &str, why: &str| {
            ParseSizeError(
                s.trim().to_string(),
                format!("the {side} {} {why}", x.trim()),
            )
        };
        let t = s
            .trim()
            .to_ascii_lowercase()
            .replace(' ', "")
            .replace('×', "x");
        let (body, per_unit) = if let Some(b) = t.strip_suffix("mm") {
            (b, 1.0)
        } else if let Some(b) = t.strip_suffix("cm") {
            (b, 10.0)
        } else if let Some(b) = t.strip_suffix("in") {
            (b, 25.4)
        } else {
            (t.as_str(), 1.0)
        };
        let (w, h) = body.split_once('x').ok_or_else(bad)?;
        let num = |side: &str, x: &str| -> Result<f32, ParseSizeError> {
            let v: f32 = x.trim().parse().map_err(|_| bad())?;
            if v.is_nan() {
                Err(bad())
            } else if v <= 0.0 {
                Err(out_of_range(side, x, "is not more than 0"))
            } else if v * per_unit >= LARGEST {
                Err(out_of_range(
                    side,
                    x,
                    "is larger than any page (at most 10,000 mm)",
                ))
            } else {
                Ok(v * per_unit)
            }
        };
        Ok(FrontSize {
            width: num("width", w)?,
            height: num("height", h)?,
        })
    }
}

/// The paper the kit is printed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
}

impl Paper {
    /// Width and height in mm (portrait).
    #[must_use]
    pub const fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// The name (`A4`, `Letter`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names no paper.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a paper size: expected a4 or letter", ludomat_io::text::escape_controls(.0))]
pub struct ParsePaperError(pub String);

impl FromStr for Paper {
    type Err = ParsePaperError;
    fn from_str(s: &str) -> Result<Paper, ParsePaperError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "us-letter" => Ok(Paper::Letter),
            _ => Err(ParsePaperError(s.trim().to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number out of its range is named, as written, with what is wrong with it (it
    /// was "two positive numbers" for a 20-digit width); an invisible character is
    /// named (it was not).
    #[test]
    fn a_size_out_of_range_says_which_number() {
        let e = |t: &str| t.parse::<FrontSize>().unwrap_err().to_string();
        let huge = e("99999999999999999999x35mm");
        assert!(
            huge.contains("the width 99999999999999999999 is larger than any page"),
            "{huge}"
        );
        let negative = e("-15x35mm");
        assert!(
            negative.contains("the width -15 is not more than 0"),
            "{negative}"
        );
        let zero = e("15x0mm");
        assert!(zero.contains("the height 0 is not more than 0"), "{zero}");
        let hidden = e("15x35mm\u{200b}");
        assert!(
            hidden.contains("15x35mm\\u{200b}") && hidden.contains("zero-width space (U+200B)"),
            "{hidden}"
        );
    }

    #[test]
    fn sizes_parse_in_three_units() {
        assert_eq!("15x35mm".parse(), Ok(FrontSize::SCROGGS));
        assert_eq!("15 x 35".parse(), Ok(FrontSize::SCROGGS));
        assert_eq!("15×35 mm".parse(), Ok(FrontSize::SCROGGS));
        assert_eq!("1.5x3.5cm".parse(), Ok(FrontSize::SCROGGS));
        let inch: FrontSize = "1x2in".parse().unwrap();
        assert_eq!((inch.width, inch.height), (25.4, 50.8));
        for bad in [
            "15", "x35mm", "15x", "0x35mm", "-1x35", "15x35ft", "NaNx3", "infx2",
        ] {
            let e = bad.parse::<FrontSize>().unwrap_err().to_string();
            assert!(e.contains("is not a box front size"), "{bad}: {e}");
        }
        assert_eq!(FrontSize::SCROGGS.to_string(), "15x35mm");
    }

    #[test]
    fn papers() {
        assert_eq!("A4".parse(), Ok(Paper::A4));
        assert_eq!("letter".parse(), Ok(Paper::Letter));
        assert!("a5".parse::<Paper>().is_err());
        assert_eq!(Paper::Letter.size_mm(), (215.9, 279.4));
    }
}
