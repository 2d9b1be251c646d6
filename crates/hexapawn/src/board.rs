//! [`Board`]: the 3×3 hexapawn board and its pawns.
//!
//! Gardner's rules (Scientific American, March 1962, "Mathematical Games"; reprinted as
//! chapter 8 of *The Unexpected Hanging*): three white pawns on the near row, three black
//! pawns on the far row; White moves first.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A side. White moves first and up the board; Black (HER's side) second and down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The first player (Gardner's human), pawns start on the bottom row.
    White,
    /// The second player (HER), pawns start on the top row.
    Black,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The row a pawn of this side steps to from `row`, if any (rows 0 = top … 2 = bottom).
    #[must_use]
    pub const fn ahead(self, row: usize) -> Option<usize> {
        match self {
            Side::White if row > 0 => Some(row - 1),
            Side::Black if row < 2 => Some(row + 1),
            _ => None,
        }
    }

    /// The row this side must reach to win: the opponent's home row.
    #[must_use]
    pub const fn far_row(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 2,
        }
    }

    /// The letter for a pawn of this side: `W` or `B`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}

/// A square, 0–8 in reading order from the top left (Black's home row is row 0).
///
/// In text a square is a file letter `a`–`c` (left to right) and a rank `1`–`3` counted
/// from White's side, as on a chessboard: White's pawns start on `a1 b1 c1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The square at `row` (0 = top) and `col` (0 = left), if on the board.
    #[must_use]
    pub const fn at(row: usize, col: usize) -> Option<Square> {
        if row < 3 && col < 3 {
            Some(Square((row * 3 + col) as u8))
        } else {
            None
        }
    }

    /// The square of index 0–8, if on the board.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 9 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Index 0–8, reading order.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, 0 = top (Black's home).
    #[must_use]
    pub const fn row(self) -> usize {
        self.0 as usize / 3
    }

    /// Column, 0 = left.
    #[must_use]
    pub const fn col(self) -> usize {
        self.0 as usize % 3
    }

    /// The square seen in a mirror down the middle file (`a` ↔ `c`).
    #[must_use]
    pub const fn mirrored(self) -> Square {
        Square((self.row() * 3 + 2 - self.col()) as u8)
    }
}

impl fmt::Display for Square {
    /// `a1` … `c3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + self.col() as u8) as char;
        write!(f, "{file}{}", 3 - self.row())
    }
}

/// Text that names no square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a square: expected a file a–c and a rank 1–3, e.g. b2", ludomat_io::text::escape_controls(.0))]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let t = s.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        let bad = || ParseSquareError(s.trim().to_string());
        if b.len() != 2 || !(b'a'..=b'c').contains(&b[0]) || !(b'1'..=b'3').contains(&b[1]) {
            return Err(bad());
        }
        let col = usize::from(b[0] - b'a');
        let row = 3 - usize::from(b[1] - b'0');
        Square::at(row, col).ok_or_else(bad)
    }
}

/// The board: which pawn stands on each square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board([Option<Side>; 9]);

impl Board {
    /// The opening position: Black on the top row, White on the bottom row.
    pub const START: Board = Board([
        Some(Side::Black),
        Some(Side::Black),
        Some(Side::Black),
        None,
        None,
        None,
        Some(Side::White),
        Some(Side::White),
        Some(Side::White),
    ]);

    /// The pawn on `sq`.
    #[must_use]
    pub const fn get(&self, sq: Square) -> Option<Side> {
        self.0[sq.index()]
    }

    /// Put a pawn (or nothing) on `sq`.
    pub fn set(&mut self, sq: Square, pawn: Option<Side>) {
        self.0[sq.index()] = pawn;
    }

    /// The pawns of `side` and their squares, reading order.
    pub fn pawns(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        (0..9)
            .filter_map(Square::from_index)
            .filter(move |&sq| self.get(sq) == Some(side))
    }

    /// How many pawns `side` has.
    #[must_use]
    pub fn count(&self, side: Side) -> usize {
        self.pawns(side).count()
    }

    /// The board in a mirror down the middle file.
    #[must_use]
    pub fn mirrored(&self) -> Board {
        let mut out = *self;
        for i in 0..9 {
            if let Some(sq) = Square::from_index(i) {
                out.0[sq.mirrored().index()] = self.0[i];
            }
        }
        out
    }

    /// A number for the board (base 3, square 0 most significant), used to choose the
    /// canonical one of a board and its mirror image.
    #[must_use]
    pub fn code(&self) -> u32 {
        self.0.iter().fold(0, |acc, p| {
            acc * 3
                + match p {
                    None => 0,
                    Some(Side::White) => 1,
                    Some(Side::Black) => 2,
                }
        })
    }

    /// The board on one line, rows separated by `/`: `BBB/.../WWW`.
    #[must_use]
    pub fn line(&self) -> String {
        self.to_string().replace('\n', "/")
    }
}

impl fmt::Display for Board {
    /// Three rows of `W`, `B` and `.`, top (Black's home) first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            for col in 0..3 {
                let c = match self.0[row * 3 + col] {
                    Some(s) => s.letter(),
                    None => '.',
                };
                write!(f, "{c}")?;
            }
            if row < 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// Text that is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{}' is not a hexapawn board: {reason}",
    ludomat_io::text::escape_controls(text)
)]
pub struct ParseBoardError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl FromStr for Board {
    type Err = ParseBoardError;
    /// Nine of `W`, `B`, `.` in reading order; `/`, spaces and newlines are ignored.
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let err = |reason: String| ParseBoardError {
            text: s.to_string(),
            reason,
        };
        let cells: Vec<char> = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        if cells.len() != 9 {
            return Err(err(format!("{} squares, expected 9", cells.len())));
        }
        let mut b = Board([None; 9]);
        for (i, c) in cells.iter().enumerate() {
            b.0[i] = match c.to_ascii_uppercase() {
                'W' => Some(Side::White),
                'B' => Some(Side::Black),
                '.' => None,
                other => {
                    let other = other.to_string();
                    return Err(err(format!(
                        "{} at square {}{}",
                        ludomat_io::text::quoted(&other, 1),
                        i + 1,
                        ludomat_io::error::hidden_in(&other)
                    )));
                }
            };
        }
        Ok(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An escape in a board's text or a White player's name is shown escaped and named,
    /// never sent raw to the terminal.
    #[test]
    fn control_characters_in_a_value_are_shown_escaped_and_named() {
        let e = "BBB/.../W\u{1b}W".parse::<Board>().unwrap_err().to_string();
        assert!(
            e.ends_with("'\\u{1b}' at square 8: it has a control character (U+001B) in it"),
            "{e}"
        );
        let e = "ran\u{1b}[2Jdom"
            .parse::<crate::opponent::WhiteKind>()
            .unwrap_err();
        assert_eq!(
            e,
            "'ran\\u{1b}[2jdom' is not a White player: expected human, random or perfect: \
             it has a control character (U+001B) in it"
        );
    }

    #[test]
    fn text_round_trips() {
        assert_eq!(Board::START.line(), "BBB/.../WWW");
        assert_eq!("BBB/.../WWW".parse::<Board>(), Ok(Board::START));
        assert!("BBB/...".parse::<Board>().is_err());
        assert!("BBX/.../WWW".parse::<Board>().is_err());
        for i in 0..9 {
            let sq = Square::from_index(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.mirrored().mirrored(), sq);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 6);
        assert_eq!("c3".parse::<Square>().unwrap().index(), 2);
        assert!("d1".parse::<Square>().is_err());
        let b: Board = "B../.W./..W".parse().unwrap();
        assert_eq!(b.mirrored().line(), "..B/.W./W..");
    }
}
