//! Hexapawn and HER, the Hexapawn Educable Robot: Martin Gardner's matchbox learner from
//! his "Mathematical Games" column in *Scientific American*, March 1962 (reprinted as
//! "A Matchbox Game-Learning Machine", chapter 8 of *The Unexpected Hanging and Other
//! Mathematical Diversions*), after Donald Michie's MENACE.
//!
//! * [`Board`], [`Square`], [`Side`] — the 3×3 board, three pawns a side.
//! * [`Move`], [`legal_moves`] — a pawn steps one square forward to an empty square or
//!   takes diagonally forward.
//! * [`Position`] — the board and the side to move; the three ways to win (far row, all
//!   pawns taken, opponent without a move). No draws.
//! * [`Solution`] — every reachable position solved by exhaustive search: the second
//!   player (Black, HER's side) wins.
//! * [`generate`] and [`HerBox`] — HER's matchboxes, generated from the game tree, a
//!   position and its mirror image sharing a box.
//! * [`Her`] — the machine: draws a bead per move, loses the bead of its last move after
//!   a loss (Gardner's punishment-only rule), resigns at an empty box. [`Her::train`]
//!   plays it against a [`WhitePlayer`] (random or perfect); [`state`] saves it.
//! * [`HexapawnSession`] — HER as a person meets it, at the terminal and in the museum.
//!
//! ```
//! use ludomat_hexapawn::{Her, WhiteKind, WhitePlayer};
//!
//! let mut her = Her::new(1);
//! assert_eq!(her.boxes().len(), 19);
//! // Against a random White, seeded: HER's last loss is game 316, its 12th.
//! let report = her.train(&WhitePlayer::new(WhiteKind::Random, 101), 400);
//! assert_eq!((report.last_loss, report.losses), (316, 12));
//! assert!(report.unbeatable);
//! ```

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod board;
mod her;
mod matchboxes;
mod moves;
mod opponent;
pub mod play;
mod rules;
pub mod session;
mod solve;
pub mod state;
pub mod text;
mod train;

pub use board::{Board, ParseBoardError, ParseSquareError, Side, Square};
pub use her::{Choice, Draw, Her, NoBox, Record};
pub use matchboxes::{canonical, generate, HerBox};
pub use moves::{apply, legal_moves, Move, ParseMoveError};
pub use opponent::{WhiteKind, WhitePlayer};
pub use rules::{MoveError, Position, WinBy};
pub use session::{
    white_seed, HexapawnAction, HexapawnConfig, HexapawnHappening, HexapawnSession, HexapawnView,
    MAX_GAMES_PER_ACTION,
};
pub use solve::{Solution, Value};
pub use state::StateError;
pub use train::{CurvePoint, HerPartial, HerTraining, TrainReport, MAX_TRAIN_GAMES};
