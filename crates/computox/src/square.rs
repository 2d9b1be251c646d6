//! [`Square`]: the nine squares of the Computox panel, lettered A–J without I.
//!
//! ```text
//! A B C
//! D E F
//! G H J
//! ```
//!
//! The letters are the ones painted on the Computox's buttons and lamps (seed 000, the
//! restoration blog); there is no square I.

use std::fmt;
use std::str::FromStr;

use ludomat_tictactoe::{Cell, Notation, ParseCellError};

/// One square of the panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    /// Top left.
    A,
    /// Top middle.
    B,
    /// Top right.
    C,
    /// Middle left.
    D,
    /// The centre.
    E,
    /// Middle right — the square the machine only ever takes when forced.
    F,
    /// Bottom left.
    G,
    /// Bottom middle.
    H,
    /// Bottom right (there is no I).
    J,
}

impl Square {
    /// All nine squares, in reading order A B C D E F G H J.
    pub const ALL: [Square; 9] = [
        Square::A,
        Square::B,
        Square::C,
        Square::D,
        Square::E,
        Square::F,
        Square::G,
        Square::H,
        Square::J,
    ];

    /// Reading-order index 0–8 (A = 0, J = 8).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square with reading-order index `index`, if there is one.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 9 {
            Some(Square::ALL[index])
        } else {
            None
        }
    }

    /// The square's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        [b'A', b'B', b'C', b'D', b'E', b'F', b'G', b'H', b'J'][self as usize] as char
    }

    /// The square with letter `letter` (either case), if there is one.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Square> {
        match letter.to_ascii_uppercase() {
            'A' => Some(Square::A),
            'B' => Some(Square::B),
            'C' => Some(Square::C),
            'D' => Some(Square::D),
            'E' => Some(Square::E),
            'F' => Some(Square::F),
            'G' => Some(Square::G),
            'H' => Some(Square::H),
            'J' => Some(Square::J),
            _ => None,
        }
    }

    /// The square's bit in a [`Squares`] set (same layout as the tic-tac-toe core's masks).
    #[must_use]
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// The tic-tac-toe core's cell for this square.
    #[must_use]
    pub const fn cell(self) -> Cell {
        Cell::ALL[self as usize]
    }

    /// The square for a core cell.
    #[must_use]
    pub const fn from_cell(cell: Cell) -> Square {
        Square::ALL[cell.index()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Square {
    type Err = ParseCellError;
    /// A square letter A–J (no I), either case, surrounding white space ignored.
    fn from_str(s: &str) -> Result<Square, ParseCellError> {
        Notation::Computox.parse(s).map(Square::from_cell)
    }
}

/// A set of squares: which `*OA` or `*XA` latches are closed, which squares a check
/// needs. Displayed as its letters in reading order (`ACE`), `-` when empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Squares(u16);

impl Squares {
    /// No square.
    pub const NONE: Squares = Squares(0);
    /// All nine squares.
    pub const ALL: Squares = Squares(0x1ff);

    /// The set with bit mask `mask` (bit i = reading-order square i); bits above 8 dropped.
    #[must_use]
    pub const fn from_mask(mask: u16) -> Squares {
        Squares(mask & 0x1ff)
    }

    /// The bit mask.
    #[must_use]
    pub const fn mask(self) -> u16 {
        self.0
    }

    /// The set holding just `square`.
    #[must_use]
    pub const fn one(square: Square) -> Squares {
        Squares(square.bit())
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// Whether every square of `other` is in this set.
    #[must_use]
    pub const fn contains_all(self, other: Squares) -> bool {
        self.0 & other.0 == other.0
    }

    /// The set with `square` added.
    #[must_use]
    pub const fn with(self, square: Square) -> Squares {
        Squares(self.0 | square.bit())
    }

    /// Union.
    #[must_use]
    pub const fn union(self, other: Squares) -> Squares {
        Squares(self.0 | other.0)
    }

    /// The squares not in the set.
    #[must_use]
    pub const fn complement(self) -> Squares {
        Squares(!self.0 & 0x1ff)
    }

    /// Number of squares.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first square in reading order, if any.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// Whether the set holds a complete line.
    #[must_use]
    pub fn has_line(self) -> bool {
        Line::ALL.iter().any(|l| self.contains_all(l.squares()))
    }

    /// The squares in reading order.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        Square::ALL.into_iter().filter(move |s| self.contains(*s))
    }
}

impl FromIterator<Square> for Squares {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Squares::NONE, Squares::with)
    }
}

impl fmt::Display for Squares {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for s in self.iter() {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl FromStr for Squares {
    type Err = ParseCellError;
    /// Square letters, e.g. `ACE`; `-` or nothing for the empty set; spaces and commas
    /// are ignored.
    fn from_str(s: &str) -> Result<Squares, ParseCellError> {
        s.chars()
            .filter(|c| !c.is_whitespace() && *c != ',' && *c != '-')
            .map(|c| c.to_string().parse::<Square>())
            .collect()
    }
}

/// One of the eight lines, in the order the contact plan tests them: the rows, the
/// columns, then the diagonals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Line {
    /// Top row.
    Abc,
    /// Middle row.
    Def,
    /// Bottom row.
    Ghj,
    /// Left column.
    Adg,
    /// Middle column.
    Beh,
    /// Right column.
    Cfj,
    /// Diagonal A–J.
    Aej,
    /// Diagonal C–G.
    Ceg,
}

impl Line {
    /// The eight lines in test order ABC DEF GHJ ADG BEH CFJ AEJ CEG.
    pub const ALL: [Line; 8] = [
        Line::Abc,
        Line::Def,
        Line::Ghj,
        Line::Adg,
        Line::Beh,
        Line::Cfj,
        Line::Aej,
        Line::Ceg,
    ];

    /// The three squares of the line.
    #[must_use]
    pub const fn squares(self) -> Squares {
        let [a, b, c] = self.triple();
        Squares(a.bit() | b.bit() | c.bit())
    }

    /// The three squares in letter order.
    #[must_use]
    pub const fn triple(self) -> [Square; 3] {
        use Square::*;
        match self {
            Line::Abc => [A, B, C],
            Line::Def => [D, E, F],
            Line::Ghj => [G, H, J],
            Line::Adg => [A, D, G],
            Line::Beh => [B, E, H],
            Line::Cfj => [C, F, J],
            Line::Aej => [A, E, J],
            Line::Ceg => [C, E, G],
        }
    }

    /// The first line (in test order) entirely inside `squares`.
    #[must_use]
    pub fn completed_in(squares: Squares) -> Option<Line> {
        Line::ALL
            .into_iter()
            .find(|l| squares.contains_all(l.squares()))
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in self.triple() {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_match_the_core() {
        for s in Square::ALL {
            assert_eq!(s.to_string().parse::<Square>(), Ok(s));
            assert_eq!(Square::from_letter(s.letter()), Some(s));
            assert_eq!(Notation::Computox.name(s.cell()), s.to_string());
            assert_eq!(Square::from_cell(s.cell()), s);
        }
        let e = "I".parse::<Square>().unwrap_err().to_string();
        assert!(e.contains("no square I"), "{e}");
        assert!("K".parse::<Square>().is_err());
        assert!("AB".parse::<Square>().is_err());
    }

    #[test]
    fn sets_display_and_parse() {
        let s: Squares = "A, C E".parse().unwrap();
        assert_eq!(s.to_string(), "ACE");
        assert_eq!(Squares::NONE.to_string(), "-");
        assert_eq!("-".parse::<Squares>(), Ok(Squares::NONE));
        assert!("AI".parse::<Squares>().is_err());
        assert_eq!(s.len(), 3);
        assert_eq!(s.first(), Some(Square::A));
        assert!(!s.has_line());
        assert!(s.with(Square::J).has_line());
        assert_eq!(s.complement().len(), 6);
    }

    #[test]
    fn lines_are_the_eight_lines_of_the_core() {
        let masks: Vec<u16> = Line::ALL.iter().map(|l| l.squares().mask()).collect();
        let mut core = ludomat_tictactoe::board::LINES.to_vec();
        let mut ours = masks.clone();
        core.sort_unstable();
        ours.sort_unstable();
        assert_eq!(ours, core);
        assert_eq!(
            Line::ALL.map(|l| l.to_string()).join(" "),
            "ABC DEF GHJ ADG BEH CFJ AEJ CEG"
        );
    }
}
