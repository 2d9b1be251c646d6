//! Noughts and crosses, the game all the relay machines and MENACE play.
//!
//! * [`Board`] — two 9-bit masks (X, O); X moves first. Implements [`ludomat_game::Game`].
//! * [`Cell`] and [`Notation`] — the squares and the names each machine gives them:
//!   numeric 1–9, the Computox letters A–J without I, MENACE's row/column `L M R` pairs,
//!   the relay computer's clockwise ring 0–8.
//! * [`Symmetry`] and [`canonical`] — the eight symmetries of the square and the map from a
//!   position to its canonical picture (MENACE's matchbox lookup).
//! * [`enumerate`] — exact counts: 5,478 positions (765 up to symmetry), 958 terminal (138),
//!   255,168 games (131,184 / 77,904 / 46,080).
//! * [`session`] — [`TictactoeSession`], a game as a person meets it (human, perfect or
//!   random on either side, seeded), for the terminal and the web museum.
//! * [`solver`] — the value of every position; [`PerfectAgent`], [`RandomAgent`],
//!   [`HumanAgent`].
//!
//! ```
//! use ludomat_tictactoe::{Board, Notation};
//! let b = Board::EMPTY.try_play(Notation::Computox.parse("E")?)?;
//! assert_eq!(b.to_string(), "...\n.X.\n...");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod agents;
pub mod board;
mod cell;
pub mod enumerate;
pub mod notation;
pub mod session;
pub mod solver;
mod symmetry;

pub use agents::{HumanAgent, PerfectAgent};
pub use board::{Board, BoardError, Mark};
pub use cell::Cell;
/// A uniformly random legal move (seeded); the generic agent of `ludomat_game`.
pub use ludomat_game::RandomAgent;
pub use notation::{Notation, ParseCellError};
pub use session::{
    Seat, TictactoeAction, TictactoeConfig, TictactoeHappening, TictactoeSession, TictactoeView,
};
pub use symmetry::{canonical, Symmetry};
