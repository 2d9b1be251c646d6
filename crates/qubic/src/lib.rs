//! 3D and 4D tic-tac-toe: the IBM 1620 strategies.

mod board;
mod cell;
pub mod geometry;

pub use board::{layout, Board, BoardError, CellSet, Cube, Layout, Tesseract};
pub use cell::{Cell, ParseCellError};
pub use geometry::{Geometry, GeometryError};
