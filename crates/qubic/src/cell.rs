//! [`Cell`]: one move-spot of the 4×4×4 cube (`D = 3`) or the 4×4×4×4 board (`D = 4`).

use std::fmt;
use std::str::FromStr;

/// Why a typed move is not a cell.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCellError {
    /// Nothing was typed.
    #[error("no move typed: type {expected} digits, each 1–4 (e.g. {example})")]
    Empty {
        /// Digits expected.
        expected: usize,
        /// An example move.
        example: &'static str,
    },
    /// Too many or too few digits.
    #[error(
        "'{input}' has {} {}; a move is {expected} digits, each 1–4 (e.g. {example})",
        found,
        if *found == 1 { "character" } else { "characters" }
    )]
    WrongDigitCount {
        /// What was typed.
        input: String,
        /// Characters found.
        found: usize,
        /// Digits expected.
        expected: usize,
        /// An example move.
        example: &'static str,
    },
    /// A character that is not a digit.
    #[error("'{}': the {} character, {}, is not a digit 1–4", ludomat_io::text::escape_controls(input), ordinal(*position), named(*found))]
    NotADigit {
        /// What was typed.
        input: String,
        /// 1-based position of the bad character.
        position: usize,
        /// The character.
        found: char,
    },
    /// A digit outside 1–4.
    #[error(
        "'{}': the {} digit, {found}, is out of range: each coordinate is 1–4",
        ludomat_io::text::escape_controls(input),
        ordinal(*position)
    )]
    OutOfRange {
        /// What was typed.
        input: String,
        /// 1-based position of the bad digit.
        position: usize,
        /// The digit.
        found: u32,
    },
}

/// `1` → `first`, … (a move has at most four digits; further places as numbers).
fn ordinal(position: usize) -> String {
    match position {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        n => format!("{n}th"),
    }
}

/// One move-spot, numbered as the seed numbers them: on 4×4×4
/// `spot = 16·(tier−1) + 4·(row−1) + (column−1)`, 0–63; on 4⁴ a fourth digit, 0–255.
///
/// `Display` and `FromStr` use the teletype form: `D` digits 1–4, tier first (`xyz` on the
/// cube, `wxyz` in 4D).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell<const D: usize>(u8);

impl<const D: usize> Cell<D> {
    /// Number of cells, `4^D`.
    pub const COUNT: usize = 1 << (2 * D);

    /// The cell with spot number `index` (0-based), if it is on the board.
    #[must_use]
    pub const fn new(index: usize) -> Option<Self> {
        if index < Self::COUNT && index < 256 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The spot number, 0-based.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The coordinates, each 1–4, tier first.
    #[must_use]
    pub fn coords(self) -> [u8; D] {
        let mut out = [0u8; D];
        for (i, c) in out.iter_mut().enumerate() {
            *c = ((self.0 as usize >> (2 * (D - 1 - i))) & 3) as u8 + 1;
        }
        out
    }

    /// The cell at 1-based coordinates (tier first), if each is 1–4.
    #[must_use]
    pub fn from_coords(coords: [u8; D]) -> Option<Self> {
        let mut index = 0usize;
        for c in coords {
            if !(1..=4).contains(&c) {
                return None;
            }
            index = index * 4 + (c as usize - 1);
        }
        Self::new(index)
    }

    /// All cells in spot order.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..Self::COUNT).filter_map(Self::new)
    }

    const fn example() -> &'static str {
        if D == 4 {
            "2143"
        } else {
            "243"
        }
    }
}

impl<const D: usize> fmt::Display for Cell<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.coords() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl<const D: usize> fmt::Debug for Cell<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({self})")
    }
}

/// A typed character as a refusal names it: `'x'`, or a hidden one by its code point.
fn named(c: char) -> String {
    if ludomat_io::text::hidden(c) {
        ludomat_io::text::hidden_name(c)
    } else {
        format!("'{c}'")
    }
}

impl<const D: usize> FromStr for Cell<D> {
    type Err = ParseCellError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let input = s.trim();
        if input.is_empty() {
            return Err(ParseCellError::Empty {
                expected: D,
                example: Self::example(),
            });
        }
        // a prompt's line comes with its hidden characters written out (`\u{200b}`):
        // named where they were typed, not counted as the letters of that form
        if let Some((position, found)) = ludomat_io::text::first_escaped(input) {
            return Err(ParseCellError::NotADigit {
                input: input.to_string(),
                position,
                found,
            });
        }
        let chars: Vec<char> = input.chars().collect();
        if let Some((i, &ch)) = chars.iter().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(ParseCellError::NotADigit {
                input: input.to_string(),
                position: i + 1,
                found: ch,
            });
        }
        if chars.len() != D {
            return Err(ParseCellError::WrongDigitCount {
                input: input.to_string(),
                found: chars.len(),
                expected: D,
                example: Self::example(),
            });
        }
        let mut coords = [0u8; D];
        for (i, ch) in chars.iter().enumerate() {
            let digit = ch.to_digit(10).unwrap_or(0);
            if !(1..=4).contains(&digit) {
                return Err(ParseCellError::OutOfRange {
                    input: input.to_string(),
                    position: i + 1,
                    found: digit,
                });
            }
            coords[i] = digit as u8;
        }
        Self::from_coords(coords).ok_or(ParseCellError::OutOfRange {
            input: input.to_string(),
            position: 1,
            found: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A prompt's line, its hidden characters written out: named where they were typed.
    #[test]
    fn a_hidden_character_is_named_where_it_was_typed() {
        let typed = ludomat_io::text::escape_controls("111\u{200b}").into_owned();
        let e = typed.parse::<Cell<3>>().unwrap_err().to_string();
        assert_eq!(
            e,
            "'111\\u{200b}': the fourth character, a zero-width space (U+200B), is not a digit 1–4"
        );
        let typed = ludomat_io::text::escape_controls("\u{1b}[A").into_owned();
        let e = typed.parse::<Cell<3>>().unwrap_err().to_string();
        assert!(
            e.contains("the first character, a control character (U+001B)"),
            "{e}"
        );
        let e = "1x1".parse::<Cell<3>>().unwrap_err().to_string();
        assert!(e.contains("the second character, 'x', is not"), "{e}");
    }

    #[test]
    fn seed_numbering_round_trips() {
        let c: Cell<3> = "243".parse().unwrap();
        assert_eq!(c.index(), 16 + 12 + 2);
        assert_eq!(c.to_string(), "243");
        assert_eq!(Cell::<3>::new(0).unwrap().to_string(), "111");
        assert_eq!(Cell::<3>::new(63).unwrap().to_string(), "444");
        assert_eq!(Cell::<4>::new(255).unwrap().to_string(), "4444");
        assert!(Cell::<3>::new(64).is_none());
        assert_eq!(Cell::<3>::all().count(), 64);
        assert_eq!(Cell::<4>::all().count(), 256);
    }

    #[test]
    fn bad_input_is_named() {
        assert!(matches!(
            "25".parse::<Cell<3>>(),
            Err(ParseCellError::WrongDigitCount { found: 2, .. })
        ));
        assert!(matches!(
            "2431".parse::<Cell<3>>(),
            Err(ParseCellError::WrongDigitCount { found: 4, .. })
        ));
        assert!(matches!(
            "253".parse::<Cell<3>>(),
            Err(ParseCellError::OutOfRange {
                position: 2,
                found: 5,
                ..
            })
        ));
        assert!(matches!(
            "2a3".parse::<Cell<3>>(),
            Err(ParseCellError::NotADigit {
                position: 2,
                found: 'a',
                ..
            })
        ));
        assert!(matches!(
            "".parse::<Cell<3>>(),
            Err(ParseCellError::Empty { .. })
        ));
        assert!(matches!(
            "243".parse::<Cell<4>>(),
            Err(ParseCellError::WrongDigitCount { expected: 4, .. })
        ));
        let e = "250".parse::<Cell<3>>().unwrap_err().to_string();
        assert!(e.contains("the second digit, 5,"), "{e}");
    }
}
