//! 3D and 4D tic-tac-toe: the IBM 1620 strategies.

mod agents;
mod board;
mod cell;
pub mod deck;
pub mod geometry;
mod level;
pub mod louden;
pub mod other1;
mod plane;
mod symmetry;

pub use agents::{DeckStuck, LoudenAgent, Other1Agent, RandomAgent};
pub use board::render_with;
pub use board::{layout, Board, BoardError, CellSet, Cube, Layout, Tesseract};
pub use cell::{Cell, ParseCellError};
pub use geometry::{Geometry, GeometryError};
pub use level::{Level, LevelSet, ParseLevelError};
pub use louden::{
    Louden1962, LoudenError, LoudenOptions, LoudenReply, MessageCards, NtestOrder, Remark,
    LAST_MESSAGE, MESSAGES,
};
pub use other1::{Other1, Other1Options, Reply, RowOrder, VisitOrder, Workings};
pub use plane::{ParsePlaneError, Plane};
pub use symmetry::Symmetry;
