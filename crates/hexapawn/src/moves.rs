//! [`Move`]: a pawn's step forward to an empty square or its diagonal capture.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Board, ParseSquareError, Side, Square};

/// One move: the pawn on `from` goes to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    /// Where the pawn stands.
    pub from: Square,
    /// Where it goes (an empty square straight ahead, or an enemy pawn diagonally ahead).
    pub to: Square,
}

impl Move {
    /// Whether the move takes a pawn (it goes diagonally).
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.from.col() != self.to.col()
    }

    /// The move seen in the mirror down the middle file.
    #[must_use]
    pub const fn mirrored(self) -> Move {
        Move {
            from: self.from.mirrored(),
            to: self.to.mirrored(),
        }
    }
}

impl fmt::Display for Move {
    /// `b1-b2` for a step, `b1xa2` for a capture.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{sep}{}", self.from, self.to)
    }
}

/// Text that is not a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Not two squares.
    #[error("'{}' is not a move: expected two squares, e.g. b1-b2 or b1xa2 (or b1b2)", ludomat_io::text::escape_controls(.0))]
    Shape(String),
    /// A character one cannot see (typed at a prompt, which wrote it out as `\u{200b}`),
    /// named where it was typed, from 1.
    #[error("'{}' is not a move: character {} is {}", ludomat_io::text::escape_controls(.0), .1, ludomat_io::text::hidden_name(*.2))]
    Hidden(String, usize, char),
    /// A square is wrong.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
}

impl FromStr for Move {
    type Err = ParseMoveError;
    /// `b1-b2`, `b1xa2`, `b1 b2` or `b1b2`.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let typed = s.trim();
        if let Some((at, c)) = ludomat_io::text::hidden_at(typed) {
            return Err(ParseMoveError::Hidden(typed.to_string(), at, c));
        }
        let t: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, '-' | 'x' | 'X' | ' ' | ':'))
            .collect();
        if t.len() != 4 || !t.is_ascii() {
            return Err(ParseMoveError::Shape(s.trim().to_string()));
        }
        Ok(Move {
            from: t[..2].parse()?,
            to: t[2..].parse()?,
        })
    }
}

/// The legal moves of `side` on `board`, in order of the pawn's square and then the
/// target square: one square straight ahead to an empty square, or one square
/// diagonally ahead onto an enemy pawn (Gardner's two kinds of move; no double step, no
/// en passant, no promotion).
#[must_use]
pub fn legal_moves(board: &Board, side: Side) -> Vec<Move> {
    let mut out = Vec::new();
    for from in board.pawns(side) {
        let Some(row) = side.ahead(from.row()) else {
            continue;
        };
        for col in from.col().saturating_sub(1)..=(from.col() + 1).min(2) {
            let Some(to) = Square::at(row, col) else {
                continue;
            };
            let ok = if col == from.col() {
                board.get(to).is_none()
            } else {
                board.get(to) == Some(side.other())
            };
            if ok {
                out.push(Move { from, to });
            }
        }
    }
    out.sort();
    out
}

/// The board after `mv` (not checked; see [`legal_moves`]).
#[must_use]
pub fn apply(board: &Board, mv: Move) -> Board {
    let mut b = *board;
    let pawn = b.get(mv.from);
    b.set(mv.from, None);
    b.set(mv.to, pawn);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_moves_and_notation() {
        let w = legal_moves(&Board::START, Side::White);
        let names: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["a1-a2", "b1-b2", "c1-c2"]);
        let b = apply(&Board::START, "b1-b2".parse().unwrap());
        let black: Vec<String> = legal_moves(&b, Side::Black)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(black, ["a3-a2", "a3xb2", "c3xb2", "c3-c2"]);
        assert_eq!("b1xa2".parse::<Move>().unwrap().to_string(), "b1xa2");
        assert!("b1".parse::<Move>().is_err());
        // a hidden character is named where it was typed (the prompt writes it out)
        let e = "b1\\u{200b}-b2".parse::<Move>().unwrap_err().to_string();
        assert_eq!(
            e,
            "'b1\\u{200b}-b2' is not a move: character 3 is a zero-width space (U+200B)"
        );
        let e = "b1-b2\\u{1b}[A".parse::<Move>().unwrap_err().to_string();
        assert!(
            e.ends_with("character 6 is a control character (U+001B)"),
            "{e}"
        );
        let e = "b1\u{200b}-b2".parse::<Move>().unwrap_err().to_string();
        assert!(
            e.ends_with("character 3 is a zero-width space (U+200B)"),
            "{e}"
        );
        assert!("b1-d2".parse::<Move>().is_err());
    }
}
