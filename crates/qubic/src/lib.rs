//! 3D and 4D tic-tac-toe (4×4×4, 4×4×4×4): the IBM 1620 strategies.
//!
//! * [`Geometry`] — cells and lines of any `k^d` board, generated: 49 / 76 / 272 / 520
//!   lines on 3³ / 4³ / 3⁴ / 4⁴.
//! * [`Board`] (`Cube` = 4³, `Tesseract` = 4⁴) — two bitboards ([`CellSet`]), win
//!   detection, [`ludomat_game::Game`] with [`Cell`] moves typed `xyz` (tier, row,
//!   column, 1–4); [`Symmetry`] — the 192 symmetries of 4³; [`Plane`] — its 18 planes.
//! * [`Other1`] — the 1620 machine-code strategy as documented for the OTHER-1: record
//!   table (1 player, 5 machine), row sums, intersection table, levels 1–11 and the Java
//!   port's level 12; every move reports its [`Level`] and leaves its [`Workings`].
//! * [`Louden1962`] — Bob Louden's FORTRAN deck of February 1962: NUM, LANE, K1, J3, the
//!   nine NTEST levels and its quirks ([`LoudenOptions`]); [`deck`] generates its tables.
//! * Agents: [`Other1Agent`], [`LoudenAgent`], [`RandomAgent`].
//! * [`proof`] — the first player's forced win on 4⁴: the search, the stored strategy
//!   tree and its verifier ([`proof::strategy`]), a player for it
//!   ([`proof::player::StrategyPlayer`]), and [`proof::ThreatAgent`], a first player
//!   that plays by the search's rules without a tree.
//! * [`QubicSession`] — a game against any of the three as a person meets it (the
//!   museum's cube exhibit): moves by cell, the level of each machine move with its
//!   meaning, the 1962 deck's typewriter paper, the tables, the forced win's bound.
//! * [`proof3d`] — 4×4×4: Patashnik's dictionary read, checked against every defence under
//!   the 192 symmetries ([`proof3d::check`]), and played ([`proof3d::player`]);
//!   [`proofs`] — which proof `ludomat qubic proof` checks, run and told.
//! * [`text`] — a session's game in the terminal's words; [`options`] — a game as the
//!   command line asks for it.
//!
//! ```
//! use ludomat_game::Game;
//! use ludomat_qubic::{Cube, Other1, Other1Options, Reply};
//!
//! let mut board = Cube::start();
//! board.play("111".parse()?);            // the player takes a corner
//! let mut machine = Other1::<3>::new(Other1Options::default(), 1);
//! let Reply::Move { cell, level } = machine.decide(&board) else { unreachable!() };
//! assert_eq!(level.number(), 11);         // nothing to build on: a major diagonal
//! assert!(Other1::<3>::major_diagonal_list().contains(&cell.index()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod agents;
mod board;
mod cell;
pub mod deck;
pub mod geometry;
mod level;
pub mod louden;
pub mod options;
pub mod other1;
mod plane;
pub mod play;
pub mod proof;
pub mod proof3d;
pub mod proofs;
mod session;
mod symmetry;
pub mod text;

pub use agents::{DeckStuck, LoudenAgent, Other1Agent};
pub use board::render_with;
pub use board::{layout, Board, BoardError, CellSet, Cube, Layout, Tesseract};
pub use cell::{Cell, ParseCellError};
pub use geometry::{Geometry, GeometryError};
pub use level::{Level, LevelSet, ParseLevelError};
pub use louden::{
    Louden1962, LoudenError, LoudenOptions, LoudenReply, MessageCards, NtestOrder, Remark,
    LAST_MESSAGE, MESSAGES,
};
/// A uniformly random empty cell (seeded); the generic agent of `ludomat_game`.
pub use ludomat_game::RandomAgent;
pub use other1::{Other1, Other1Options, Reply, RowOrder, VisitOrder, Workings};
pub use plane::{ParsePlaneError, Plane};
pub use session::{
    ForcedView, LevelInfo, QubicAction, QubicConfig, QubicHappening, QubicResult, QubicSession,
    QubicView, RowSum, Strategy, Tables, Tally, Who, PAPER_LINES,
};
pub use symmetry::Symmetry;
