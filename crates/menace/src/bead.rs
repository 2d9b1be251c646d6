//! [`Bead`]: a coloured bead naming one square of its matchbox's picture.

use std::fmt;
use std::str::FromStr;

use ludomat_tictactoe::{Cell, Notation};

/// A bead. It names a square *of the picture on its matchbox*, not of the real board:
/// to play it, MENACE carries it back through the symmetry that turned the real board
/// into the picture (seed 002, steps 3–5).
///
/// Michie told the nine squares apart by colour; the seed leaves the colours to the
/// implementer, so the colour names here are ours. In text a bead is written as the
/// challenge's row/column pair of `L M R` letters (`LL` top left, `MM` centre).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Bead(Cell);

const COLOURS: [&str; 9] = [
    "red", "orange", "yellow", "green", "blue", "indigo", "violet", "white", "black",
];

impl Bead {
    /// The nine beads, in reading order of the squares they name.
    pub const ALL: [Bead; 9] = [
        Bead(Cell::ALL[0]),
        Bead(Cell::ALL[1]),
        Bead(Cell::ALL[2]),
        Bead(Cell::ALL[3]),
        Bead(Cell::ALL[4]),
        Bead(Cell::ALL[5]),
        Bead(Cell::ALL[6]),
        Bead(Cell::ALL[7]),
        Bead(Cell::ALL[8]),
    ];

    /// The bead naming `cell` of a picture.
    #[must_use]
    pub const fn new(cell: Cell) -> Bead {
        Bead(cell)
    }

    /// The square of the picture it names.
    #[must_use]
    pub const fn cell(self) -> Cell {
        self.0
    }

    /// Index 0–8 (reading order of the square).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0.index()
    }

    /// Its colour (our choice; see the type's documentation).
    #[must_use]
    pub const fn colour(self) -> &'static str {
        COLOURS[self.0.index()]
    }
}

impl fmt::Display for Bead {
    /// The square's name in the challenge's notation: `LL`, `MR`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Notation::Menace.name(self.0))
    }
}

/// Text that names no bead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a bead: expected a square as two letters L/M/R (row then column, e.g. MR) or a colour (red, orange, yellow, green, blue, indigo, violet, white, black)", ludomat_io::text::escape_controls(.0))]
pub struct ParseBeadError(pub String);

impl FromStr for Bead {
    type Err = ParseBeadError;
    /// A square in `L M R` notation (`MR`) or a colour name (`blue`).
    fn from_str(s: &str) -> Result<Bead, ParseBeadError> {
        let t = s.trim();
        if let Some(i) = COLOURS.iter().position(|c| c.eq_ignore_ascii_case(t)) {
            return Ok(Bead::ALL[i]);
        }
        Notation::Menace
            .parse(t)
            .map(Bead)
            .map_err(|_| ParseBeadError(t.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_colours_round_trip() {
        for b in Bead::ALL {
            assert_eq!(b.to_string().parse::<Bead>(), Ok(b));
            assert_eq!(b.colour().parse::<Bead>(), Ok(b));
        }
        assert_eq!(Bead::ALL[4].to_string(), "MM");
        assert_eq!(Bead::ALL[5].colour(), "indigo");
        let e = "XQ".parse::<Bead>().unwrap_err().to_string();
        assert!(e.contains("'XQ' is not a bead"), "{e}");
    }
}
