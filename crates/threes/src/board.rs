//! The 4×4 board as one `u64` of nibbles (seed, "Game Representation": "the game state
//! contains 16 tiles of 4 bits").
//!
//! Cell (row r, column c) is nibble `4r + c`, row 0 at the top, column 0 at the left.
//! A swipe is four table lookups: each row (left/right), or each column packed into 16
//! bits (up/down), looked up in a table of the change every line's fold makes, which is
//! XORed into the board.

use std::fmt;
use std::str::FromStr;

use crate::line::{pack_column, COLUMN_DOWN, COLUMN_UP, TOWARD_HIGH, TOWARD_LOW};
use crate::{Direction, Tile, TileError};

/// The board: 16 nibble codes (serialised as the one `u64`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Board(pub u64);

/// The result of a swipe that moved something.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swiped {
    /// The board after the fold, before the new card.
    pub board: Board,
    /// Bit `i` set: line `i` moved (row `i` for left/right, column `i` for up/down).
    pub moved: u8,
}

impl Swiped {
    /// How many lines moved (1..=4).
    #[must_use]
    pub fn moved_count(self) -> u32 {
        self.moved.count_ones()
    }

    /// The moved lines, lowest first.
    pub fn moved_lines(self) -> impl Iterator<Item = usize> {
        (0..4).filter(move |i| self.moved & (1 << i) != 0)
    }
}

/// A board that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not 16 cells.
    #[error("a board has 16 cells, found {0}")]
    CellCount(usize),
    /// A cell is not a card.
    #[error("cell {index} (row {}, column {}): {error}", index / 4 + 1, index % 4 + 1)]
    Cell {
        /// 0..16 in reading order.
        index: usize,
        /// What was wrong.
        error: TileError,
    },
}

/// Swap rows and columns.
#[must_use]
#[inline]
pub const fn transpose(x: u64) -> u64 {
    let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = x & 0x0000_F0F0_0000_F0F0;
    let a3 = x & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// Every row through a table of the changes rows' folds make: the board after, and which
/// rows moved.
#[inline(always)]
fn swipe_rows(x: u64, table: &[u16; 1 << 16]) -> (u64, u8) {
    let mut out = x;
    let mut moved = 0u8;
    for r in 0..4 {
        let d = table[usize::from((x >> (16 * r)) as u16)];
        out ^= u64::from(d) << (16 * r);
        moved |= u8::from(d != 0) << r;
    }
    (out, moved)
}

/// Every column, packed, through a table of the changes columns' folds make (spread back
/// to the column's cells): the board after, and which columns moved.
#[inline(always)]
fn swipe_columns(x: u64, table: &[u64; 1 << 16]) -> (u64, u8) {
    let mut out = x;
    let mut moved = 0u8;
    for c in 0..4 {
        let column = (x >> (4 * c)) & 0x000F_000F_000F_000F;
        let d = table[usize::from(pack_column(column))];
        out ^= d << (4 * c);
        moved |= u8::from(d != 0) << c;
    }
    (out, moved)
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board(0);

    /// A board from 16 cells in reading order.
    #[must_use]
    pub fn from_cells(cells: [Tile; 16]) -> Board {
        let mut b = 0u64;
        for (i, t) in cells.iter().enumerate() {
            b |= u64::from(t.code()) << (4 * i);
        }
        Board(b)
    }

    /// A board from 16 face values in reading order (0 = empty).
    ///
    /// # Errors
    /// A value that is no card, naming its cell.
    pub fn from_values(values: &[u64]) -> Result<Board, BoardError> {
        if values.len() != 16 {
            return Err(BoardError::CellCount(values.len()));
        }
        let mut cells = [Tile::EMPTY; 16];
        for (index, &v) in values.iter().enumerate() {
            cells[index] =
                Tile::from_value(v).map_err(|error| BoardError::Cell { index, error })?;
        }
        Ok(Board::from_cells(cells))
    }

    /// The cell at (row, column), both 0..4.
    #[must_use]
    #[inline]
    pub const fn get(self, row: usize, col: usize) -> Tile {
        Tile::from_nibble((self.0 >> (4 * (4 * row + col))) as u8)
    }

    /// This board with (row, column) set to `tile`.
    #[must_use]
    #[inline]
    pub const fn with(self, row: usize, col: usize, tile: Tile) -> Board {
        let shift = 4 * (4 * row + col);
        Board((self.0 & !(0xF << shift)) | ((tile.code() as u64) << shift))
    }

    /// The 16 cells in reading order.
    #[must_use]
    pub fn cells(self) -> [Tile; 16] {
        std::array::from_fn(|i| self.get(i / 4, i % 4))
    }

    /// The face values in reading order.
    #[must_use]
    pub fn values(self) -> [u32; 16] {
        self.cells().map(Tile::value)
    }

    /// Rows and columns swapped.
    #[must_use]
    pub const fn transposed(self) -> Board {
        Board(transpose(self.0))
    }

    /// Fold every line toward the wall of `dir`; `None` when no line moves (an illegal
    /// swipe).
    #[must_use]
    #[inline]
    pub fn swipe(self, dir: Direction) -> Option<Swiped> {
        let (out, moved) = match dir {
            Direction::Up => swipe_columns(self.0, &COLUMN_UP),
            Direction::Down => swipe_columns(self.0, &COLUMN_DOWN),
            Direction::Left => swipe_rows(self.0, &TOWARD_LOW),
            Direction::Right => swipe_rows(self.0, &TOWARD_HIGH),
        };
        (moved != 0).then_some(Swiped {
            board: Board(out),
            moved,
        })
    }

    /// True when `dir` moves at least one line.
    #[must_use]
    pub fn can_swipe(self, dir: Direction) -> bool {
        self.swipe(dir).is_some()
    }

    /// The legal swipes, in [`Direction::ALL`] order.
    #[must_use]
    pub fn legal_swipes(self) -> Vec<Direction> {
        Direction::ALL
            .into_iter()
            .filter(|&d| self.can_swipe(d))
            .collect()
    }

    /// No swipe moves anything: the game is over.
    #[must_use]
    pub fn is_dead(self) -> bool {
        Direction::ALL.into_iter().all(|d| !self.can_swipe(d))
    }

    /// The cell where a new card enters line `line` after swiping `dir`: the edge opposite
    /// the wall.
    #[must_use]
    pub const fn entry_cell(dir: Direction, line: usize) -> (usize, usize) {
        match dir {
            Direction::Left => (line, 3),
            Direction::Right => (line, 0),
            Direction::Up => (3, line),
            Direction::Down => (0, line),
        }
    }

    /// The new card placed on the entry cell of `line`.
    #[must_use]
    #[inline]
    pub const fn insert(self, dir: Direction, line: usize, tile: Tile) -> Board {
        let (r, c) = Self::entry_cell(dir, line);
        self.with(r, c, tile)
    }

    /// The highest card on the board.
    #[must_use]
    #[inline]
    pub fn max_tile(self) -> Tile {
        // the highest code bit by bit: which nibbles have the bit, among those that had
        // every higher bit found so far (each nibble as its lowest bit)
        let mut candidates = 0x1111_1111_1111_1111u64;
        let mut m = 0u8;
        for bit in (0..4).rev() {
            let has = (self.0 >> bit) & candidates;
            if has != 0 {
                m |= 1 << bit;
                candidates = has;
            }
        }
        Tile::from_nibble(m)
    }

    /// Empty cells.
    #[must_use]
    pub fn empty_cells(self) -> u32 {
        self.cells().iter().filter(|t| t.is_empty()).count() as u32
    }

    /// The sum of the face values.
    #[must_use]
    pub fn value_sum(self) -> u64 {
        self.cells().iter().map(|t| u64::from(t.value())).sum()
    }

    /// The game's score: the sum of the cards' scores.
    #[must_use]
    pub fn score(self) -> u64 {
        self.cells().iter().map(|t| t.score()).sum()
    }

    /// Row `r` as a line (cell 0 = left).
    #[must_use]
    pub const fn row(self, r: usize) -> u16 {
        (self.0 >> (16 * r)) as u16
    }
}

impl fmt::Display for Board {
    /// Four lines of four right-aligned values, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..4 {
            for c in 0..4 {
                if c > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{:>5}", self.get(r, c))?;
            }
            if r < 3 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// 16 values separated by spaces, commas, `/` or newlines; `.` or `0` is empty.
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let parts: Vec<&str> = s
            .split(|c: char| c.is_whitespace() || c == ',' || c == '/')
            .filter(|p| !p.is_empty())
            .collect();
        if parts.len() != 16 {
            return Err(BoardError::CellCount(parts.len()));
        }
        let mut cells = [Tile::EMPTY; 16];
        for (index, p) in parts.iter().enumerate() {
            cells[index] = p
                .parse()
                .map_err(|error| BoardError::Cell { index, error })?;
        }
        Ok(Board::from_cells(cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(s: &str) -> Board {
        s.parse().unwrap()
    }

    #[test]
    fn the_highest_card_is_the_largest_nibble() {
        let mut x = 0x0123_4567_89AB_CDEFu64;
        for i in 0..20_000u64 {
            x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(i) ^ (x >> 29);
            // fewer high nibbles now and then, and some boards with few cards
            let board = match i % 3 {
                0 => x,
                1 => x & 0x7373_7373_7373_7373,
                _ => x & (x >> 7) & 0x0F0F_00F0_000F_0F00,
            };
            let naive = (0..16).map(|k| (board >> (4 * k)) & 0xF).max().unwrap_or(0);
            assert_eq!(
                u64::from(Board(board).max_tile().code()),
                naive,
                "{board:016x}"
            );
        }
        assert_eq!(Board::EMPTY.max_tile(), Tile::EMPTY);
    }

    #[test]
    fn transpose_matches_naive() {
        let x = b("1 2 3 6 / 12 24 48 96 / 192 384 768 1536 / 3072 6144 12288 0");
        let t = x.transposed();
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(t.get(r, c), x.get(c, r));
            }
        }
        assert_eq!(t.transposed(), x);
    }

    #[test]
    fn swipes_in_four_directions() {
        let x = b("0 3 3 0 / 6 6 0 3 / 1 2 0 0 / 0 0 0 0");
        let l = x.swipe(Direction::Left).unwrap();
        assert_eq!(l.board, b("3 3 0 0 / 12 0 3 0 / 3 0 0 0 / 0 0 0 0"));
        assert_eq!(l.moved, 0b0111);
        let r = x.swipe(Direction::Right).unwrap();
        assert_eq!(r.board, b("0 0 3 3 / 0 6 6 3 / 0 1 2 0 / 0 0 0 0"));
        assert_eq!(r.moved, 0b0111);
        let u = x.swipe(Direction::Up).unwrap();
        assert_eq!(u.board, b("6 3 3 3 / 1 6 0 0 / 0 2 0 0 / 0 0 0 0"));
        let d = x.swipe(Direction::Down).unwrap();
        assert_eq!(d.board, b("0 0 0 0 / 0 3 3 0 / 6 6 0 3 / 1 2 0 0"));
        assert_eq!(d.moved, 0b1111);
        // a full board with no fold point cannot move at all
        let dead = b("1 3 1 3 / 3 1 3 1 / 1 3 1 3 / 3 1 3 1");
        assert!(dead.is_dead());
        // a full board can still merge
        let full = b("1 3 1 3 / 3 1 3 1 / 1 3 1 3 / 3 1 1 2");
        assert_eq!(full.legal_swipes(), vec![Direction::Left, Direction::Right]);
    }

    #[test]
    fn entry_on_opposite_edge() {
        let x = Board::EMPTY;
        assert_eq!(
            x.insert(Direction::Left, 2, Tile::from_value(3).unwrap())
                .get(2, 3)
                .value(),
            3
        );
        assert_eq!(
            x.insert(Direction::Right, 1, Tile::from_value(1).unwrap())
                .get(1, 0)
                .value(),
            1
        );
        assert_eq!(
            x.insert(Direction::Up, 0, Tile::from_value(2).unwrap())
                .get(3, 0)
                .value(),
            2
        );
        assert_eq!(
            x.insert(Direction::Down, 3, Tile::from_value(6).unwrap())
                .get(0, 3)
                .value(),
            6
        );
    }

    #[test]
    fn parse_errors_name_the_cell() {
        assert_eq!("1 2 3".parse::<Board>(), Err(BoardError::CellCount(3)));
        let e = "1 2 3 4 0 0 0 0 0 0 0 0 0 0 0 0"
            .parse::<Board>()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "cell 3 (row 1, column 4): 4 is not a Threes! card value (0, 1, 2, 3, 6, 12, … 12,288)"
        );
        let x = b("1 2 3 6 / 12 24 48 96 / 192 384 768 1536 / 3072 6144 12288 0");
        assert_eq!(x.to_string().parse::<Board>().unwrap(), x);
        assert_eq!(x.max_tile().value(), 12288);
        assert_eq!(x.empty_cells(), 1);
    }
}
