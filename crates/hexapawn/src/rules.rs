//! [`Position`]: a board and the side to move, and how a game of hexapawn ends.
//!
//! Gardner's three ways to win: get a pawn to the far row, take every enemy pawn, or
//! leave the opponent, on his turn, without a move. A game cannot be drawn, and it lasts
//! at most 7 moves (each pawn steps at most twice, and 3 pawns on a side can make at
//! most 6 … a bound the exhaustive tests check).

use serde::{Deserialize, Serialize};

use crate::moves::{apply, legal_moves};
use crate::{Board, Move, Side};

/// A position: the board and whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    /// The board.
    pub board: Board,
    /// The side to move.
    pub to_move: Side,
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over: {0} has won")]
    Over(Side),
    /// Not a legal move here.
    #[error("{mv} is not a legal move for {side} here; legal: {legal}")]
    Illegal {
        /// The move.
        mv: Move,
        /// Whose turn it is.
        side: Side,
        /// The legal moves, listed.
        legal: String,
    },
}

/// How a finished game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinBy {
    /// A pawn reached the far row.
    FarRow,
    /// Every enemy pawn was taken.
    AllTaken,
    /// The loser had no move on his turn.
    NoMove,
}

impl Position {
    /// The opening: White to move.
    pub const START: Position = Position {
        board: Board::START,
        to_move: Side::White,
    };

    /// The winner and how, if the game is over. The side that just moved (the other of
    /// `to_move`) wins by far row or all taken; the side to move loses when it has no
    /// move.
    #[must_use]
    pub fn winner(&self) -> Option<(Side, WinBy)> {
        let mover = self.to_move.other();
        let far = mover.far_row();
        if self.board.pawns(mover).any(|sq| sq.row() == far) {
            return Some((mover, WinBy::FarRow));
        }
        if self.board.count(self.to_move) == 0 {
            return Some((mover, WinBy::AllTaken));
        }
        if legal_moves(&self.board, self.to_move).is_empty() {
            return Some((mover, WinBy::NoMove));
        }
        None
    }

    /// The legal moves (none when the game is over).
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        if self.winner().is_some() {
            return Vec::new();
        }
        legal_moves(&self.board, self.to_move)
    }

    /// The position after `mv`.
    ///
    /// # Errors
    /// [`MoveError`] when the game is over or the move is not legal.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        if let Some((w, _)) = self.winner() {
            return Err(MoveError::Over(w));
        }
        let legal = legal_moves(&self.board, self.to_move);
        if !legal.contains(&mv) {
            return Err(MoveError::Illegal {
                mv,
                side: self.to_move,
                legal: legal
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            });
        }
        Ok(self.after(mv))
    }

    /// The position after a move known to be legal.
    #[must_use]
    pub fn after(&self, mv: Move) -> Position {
        Position {
            board: apply(&self.board, mv),
            to_move: self.to_move.other(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_ways_to_win() {
        let p = |s: &str, t| Position {
            board: s.parse().unwrap(),
            to_move: t,
        };
        assert_eq!(
            p("W.B/.../...", Side::Black).winner(),
            Some((Side::White, WinBy::FarRow))
        );
        assert_eq!(
            p(".../.W./...", Side::Black).winner(),
            Some((Side::White, WinBy::AllTaken))
        );
        // Black's pawn is blocked by White's and has nothing to take.
        assert_eq!(
            p("B../W../...", Side::Black).winner(),
            Some((Side::White, WinBy::NoMove))
        );
        assert_eq!(Position::START.winner(), None);
        assert!(Position::START.play("b1-b3".parse().unwrap()).is_err());
    }
}
