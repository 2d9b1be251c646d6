//! The ways the historic machines name the nine squares.

use std::fmt;
use std::str::FromStr;

use crate::Cell;

/// A way of naming the nine squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `1 2 3 / 4 5 6 / 7 8 9`, reading order.
    Numeric,
    /// The Computox's square letters `A B C / D E F / G H J` — there is no I
    /// (seed 000, the Computox restoration).
    Computox,
    /// The MENACE challenge's two letters, row then column, each of `L M R`
    /// (top/middle/bottom row, left/middle/right column): `LL` is the top-left corner,
    /// `MM` the centre (seed 002).
    Menace,
    /// The relay computer's clockwise ring `0 1 2 / 7 8 3 / 6 5 4`, centre 8 (seed 003).
    Ring,
}

/// Ring number of each cell in reading order.
const RING_OF_CELL: [u8; 9] = [0, 1, 2, 7, 8, 3, 6, 5, 4];
const COMPUTOX_LETTERS: [char; 9] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J'];
const LMR: [char; 3] = ['L', 'M', 'R'];

impl Notation {
    /// Every notation.
    pub const ALL: [Notation; 4] = [
        Notation::Numeric,
        Notation::Computox,
        Notation::Menace,
        Notation::Ring,
    ];

    /// The notation's own short name (`numeric`, `computox`, `menace`, `ring`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Notation::Numeric => "numeric",
            Notation::Computox => "computox",
            Notation::Menace => "menace",
            Notation::Ring => "ring",
        }
    }

    /// What a valid name looks like, for error messages and prompts.
    #[must_use]
    pub const fn hint(self) -> &'static str {
        match self {
            Notation::Numeric => "a digit 1–9 in reading order (1 2 3 / 4 5 6 / 7 8 9)",
            Notation::Computox => "a letter A B C / D E F / G H J (there is no I)",
            Notation::Menace => "two letters, row then column, each L, M or R (e.g. MR)",
            Notation::Ring => "a digit 0–8 on the clockwise ring (0 1 2 / 7 8 3 / 6 5 4, centre 8)",
        }
    }

    /// The name of `cell` in this notation.
    #[must_use]
    pub fn name(self, cell: Cell) -> String {
        let i = cell.index();
        match self {
            Notation::Numeric => (i + 1).to_string(),
            Notation::Computox => COMPUTOX_LETTERS[i].to_string(),
            Notation::Menace => [LMR[cell.row()], LMR[cell.col()]].iter().collect(),
            Notation::Ring => RING_OF_CELL[i].to_string(),
        }
    }

    /// Parse a cell name (surrounding white space and letter case are ignored).
    ///
    /// # Errors
    /// A [`ParseCellError`] saying what was wrong and what a valid name looks like.
    pub fn parse(self, text: &str) -> Result<Cell, ParseCellError> {
        let t = text.trim().to_ascii_uppercase();
        let err = |reason: String| ParseCellError {
            notation: self,
            input: text.trim().to_string(),
            reason,
        };
        if t.is_empty() {
            return Err(err("nothing was typed".into()));
        }
        // a prompt's line comes with its hidden characters written out (`\u{200b}`):
        // named where they were typed, not counted as the letters of that form
        if let Some(hidden) = ludomat_io::text::hidden_where(text.trim()) {
            return Err(err(hidden));
        }
        let chars: Vec<char> = t.chars().collect();
        match self {
            Notation::Numeric => match chars.as_slice() {
                [d @ '1'..='9'] => Ok(Cell::ALL[(*d as u8 - b'1') as usize]),
                ['0'] => Err(err("squares are numbered from 1".into())),
                _ => Err(err("not a single digit".into())),
            },
            Notation::Computox => match chars.as_slice() {
                ['I'] => Err(err("there is no square I on the Computox".into())),
                [c] => COMPUTOX_LETTERS
                    .iter()
                    .position(|l| l == c)
                    .map(|i| Cell::ALL[i])
                    // the quote before says what was typed: the reason does not repeat it
                    .ok_or_else(|| err("not one of the square letters".into())),
                _ => Err(err("not a single letter".into())),
            },
            Notation::Menace => match chars.as_slice() {
                [r, c] => {
                    let row = LMR.iter().position(|l| l == r);
                    let col = LMR.iter().position(|l| l == c);
                    match (row, col) {
                        (Some(row), Some(col)) => {
                            Cell::from_coords(row, col).ok_or_else(|| err("no such square".into()))
                        }
                        (None, _) => Err(err(format!("row '{r}' is not L, M or R"))),
                        (_, None) => Err(err(format!("column '{c}' is not L, M or R"))),
                    }
                }
                _ => Err(err(format!(
                    "{} letters; a square is two letters",
                    chars.len()
                ))),
            },
            Notation::Ring => match chars.as_slice() {
                [d @ '0'..='8'] => {
                    let n = *d as u8 - b'0';
                    RING_OF_CELL
                        .iter()
                        .position(|&r| r == n)
                        .map(|i| Cell::ALL[i])
                        .ok_or_else(|| err("no such square".into()))
                }
                ['9'] => Err(err("9 is not on the ring; the squares are 0–8".into())),
                _ => Err(err("not a single digit".into())),
            },
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A notation name that is not one of [`Notation::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown notation '{}': expected numeric, computox, menace or ring", ludomat_io::text::escape_controls(.0))]
pub struct UnknownNotation(pub String);

impl FromStr for Notation {
    type Err = UnknownNotation;
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        Notation::ALL
            .into_iter()
            .find(|n| n.label().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownNotation(s.to_string()))
    }
}

impl Cell {
    /// The name of this cell in `notation`.
    #[must_use]
    pub fn name(self, notation: Notation) -> String {
        notation.name(self)
    }
}
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Notation::Numeric.name(*self))
    }
}

impl FromStr for Cell {
    type Err = ParseCellError;
    /// Parses the numeric notation, 1–9 in reading order.
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        Notation::Numeric.parse(s)
    }
}

/// A cell name that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{input}' is not a square: {reason}; expected {}", notation.hint())]
pub struct ParseCellError {
    /// The notation that was expected.
    pub notation: Notation,
    /// What was typed.
    pub input: String,
    /// What was wrong with it.
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_notation_round_trips_every_cell() {
        for n in Notation::ALL {
            for c in Cell::ALL {
                assert_eq!(n.parse(&n.name(c)), Ok(c), "{n} {c:?}");
                assert_eq!(n.parse(&n.name(c).to_lowercase()), Ok(c));
            }
        }
    }

    #[test]
    fn names_match_the_machines() {
        let names = |n: Notation| Cell::ALL.map(|c| n.name(c)).join(" ");
        assert_eq!(names(Notation::Numeric), "1 2 3 4 5 6 7 8 9");
        assert_eq!(names(Notation::Computox), "A B C D E F G H J");
        assert_eq!(names(Notation::Menace), "LL LM LR ML MM MR RL RM RR");
        assert_eq!(names(Notation::Ring), "0 1 2 7 8 3 6 5 4");
    }

    #[test]
    fn errors_say_what_was_wrong() {
        let e = Notation::Computox.parse("I").unwrap_err().to_string();
        assert!(e.contains("no square I"), "{e}");
        let e = Notation::Computox.parse("K").unwrap_err().to_string();
        assert!(
            e.contains("'K' is not a square: not one of the square letters"),
            "{e}"
        );
        let e = Notation::Menace.parse("LX").unwrap_err().to_string();
        assert!(e.contains("column 'X'"), "{e}");
        let e = Notation::Menace.parse("MMM").unwrap_err().to_string();
        assert!(e.contains("3 letters"), "{e}");
        let e = Notation::Ring.parse("9").unwrap_err().to_string();
        assert!(e.contains("9 is not on the ring"), "{e}");
        // a prompt's line, its hidden character written out
        let typed = ludomat_io::text::escape_controls("LM\u{200b}").into_owned();
        let e = Notation::Menace.parse(&typed).unwrap_err().to_string();
        assert!(
            e.contains("character 3 is a zero-width space (U+200B)"),
            "{e}"
        );
        let e = Notation::Numeric.parse("").unwrap_err().to_string();
        assert!(e.contains("nothing was typed"), "{e}");
        assert!(Notation::Numeric.parse("10").is_err());
        assert_eq!("Computox".parse::<Notation>(), Ok(Notation::Computox));
        assert!("morse"
            .parse::<Notation>()
            .unwrap_err()
            .to_string()
            .contains("unknown notation 'morse'"));
    }
}
