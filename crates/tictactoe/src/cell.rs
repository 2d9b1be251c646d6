//! [`Cell`]: one of the nine squares.

/// One of the nine squares, numbered 0–8 in reading order (top row left to right, then
/// the middle row, then the bottom row). Its names in each machine's notation are in
/// [`Notation`](crate::Notation), beside [`Cell::name`] and `Display` and `FromStr` (the
/// numeric 1–9 notation): a notation names cells, a cell knows no notation.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Cell(u8);

impl Cell {
    /// All nine cells in reading order.
    pub const ALL: [Cell; 9] = [
        Cell(0),
        Cell(1),
        Cell(2),
        Cell(3),
        Cell(4),
        Cell(5),
        Cell(6),
        Cell(7),
        Cell(8),
    ];
    /// The centre square.
    pub const CENTRE: Cell = Cell(4);

    /// The cell with reading-order index `index` (0–8), if there is one.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < 9 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell at `row`, `col` (each 0–2, row 0 at the top), if there is one.
    #[must_use]
    pub const fn from_coords(row: usize, col: usize) -> Option<Cell> {
        if row < 3 && col < 3 {
            Some(Cell((row * 3 + col) as u8))
        } else {
            None
        }
    }

    /// Reading-order index, 0–8.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Row, 0 (top) to 2.
    #[must_use]
    pub const fn row(self) -> usize {
        self.0 as usize / 3
    }

    /// Column, 0 (left) to 2.
    #[must_use]
    pub const fn col(self) -> usize {
        self.0 as usize % 3
    }

    /// This cell's bit in a board mask.
    #[must_use]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }
}
