//! Grid shapes: which cells there are and which cells each clue reads, in what order.
//!
//! * **Rectangle** `rows × cols`: `across` lines are the rows, numbered 1… from the top,
//!   read left to right; `down` lines are the columns, numbered 1… from the left, read
//!   top to bottom (regexcrossword.com).
//! * **Hexagon** of side `n` (the 2013 MIT Mystery Hunt's "A Regular Crossword" has
//!   n = 7: 127 cells, 13 lines in each of three directions). Rows run from the top; row
//!   `r` has `2n−1−|r−(n−1)|` cells. Clues go round the hexagon counterclockwise, as the
//!   puzzle prints them: `across` lines are the rows, numbered 1… from the top, read west
//!   to east; `nw` lines run from the bottom edge up to the north-west, numbered 1… from
//!   the lower-left edge eastwards, read upwards (south-east → north-west); `sw` lines run
//!   from the upper-right edges down to the south-west, numbered 1… from the lower-right
//!   edge upwards and then along the top edge westwards, read downwards (north-east →
//!   south-west).

use std::fmt;

/// The outline of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Shape {
    /// `rows × cols` cells.
    Rectangle {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    },
    /// A hexagon with `side` cells on each edge.
    Hexagon {
        /// Cells on each edge.
        side: usize,
    },
}

/// The longest side of a rectangle (a bound on every user-controlled size: lines of at
/// most 64 cells, grids of at most 4,096).
pub const MAX_SIDE: usize = 64;

/// The longest side of a hexagon (63 rows, 3,007 cells).
pub const MAX_HEXAGON_SIDE: usize = 32;

/// The most lines a grid has: a hexagon of side [`MAX_HEXAGON_SIDE`], 63 in each of its
/// three directions (a 64×64 rectangle has 128).
pub const MAX_LINES: usize = 3 * (2 * MAX_HEXAGON_SIDE - 1);

/// Which way a line runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Rows, read left to right.
    Across,
    /// Rectangle columns, read top to bottom.
    Down,
    /// Hexagon lines read from south-east to north-west.
    Nw,
    /// Hexagon lines read from north-east to south-west.
    Sw,
}

impl Direction {
    /// The name used in puzzle files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
            Direction::Nw => "nw",
            Direction::Sw => "sw",
        }
    }

    /// Reads a direction's name.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Direction> {
        Some(match s {
            "across" => Direction::Across,
            "down" => Direction::Down,
            "nw" => Direction::Nw,
            "sw" => Direction::Sw,
            _ => return None,
        })
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One line of cells that clues read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Which way it runs.
    pub direction: Direction,
    /// Its number within the direction, from 1.
    pub number: usize,
    /// The cells in reading order.
    pub cells: Vec<usize>,
}

/// A shape's cells (numbered in reading order: rows from the top, each from the left) and
/// lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// The outline.
    pub shape: Shape,
    /// Cells per row, top to bottom.
    pub row_lengths: Vec<usize>,
    /// Every line, direction by direction.
    pub lines: Vec<Line>,
}

/// Why a shape cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShapeError(String);

impl Grid {
    /// Builds the cells and lines of a shape.
    ///
    /// # Errors
    /// When a side is 0 or longer than [`MAX_SIDE`] (a hexagon's: [`MAX_HEXAGON_SIDE`]).
    pub fn new(shape: Shape) -> Result<Grid, ShapeError> {
        match shape {
            Shape::Rectangle { rows, cols } => {
                if !(1..=MAX_SIDE).contains(&rows) || !(1..=MAX_SIDE).contains(&cols) {
                    return Err(ShapeError(format!(
                        "a rectangle's sides must be 1 to {MAX_SIDE} cells, not {} × {}",
                        ludomat_io::text::thousands(rows as u64),
                        ludomat_io::text::thousands(cols as u64)
                    )));
                }
                let mut lines = Vec::new();
                for r in 0..rows {
                    lines.push(Line {
                        direction: Direction::Across,
                        number: r + 1,
                        cells: (0..cols).map(|c| r * cols + c).collect(),
                    });
                }
                for c in 0..cols {
                    lines.push(Line {
                        direction: Direction::Down,
                        number: c + 1,
                        cells: (0..rows).map(|r| r * cols + c).collect(),
                    });
                }
                Ok(Grid {
                    shape,
                    row_lengths: vec![cols; rows],
                    lines,
                })
            }
            Shape::Hexagon { side } => {
                if side == 0 || side > MAX_HEXAGON_SIDE {
                    return Err(ShapeError(format!(
                        "a hexagon's side must be 1 to {MAX_HEXAGON_SIDE} cells, not {}",
                        ludomat_io::text::thousands(side as u64)
                    )));
                }
                let n = side;
                let rows = 2 * n - 1;
                let row_lengths: Vec<usize> = (0..rows).map(|r| rows - r.abs_diff(n - 1)).collect();
                let mut start = Vec::with_capacity(rows);
                let mut acc = 0;
                for &l in &row_lengths {
                    start.push(acc);
                    acc += l;
                }
                // cell (r, i) has the diagonal coordinates
                //   x = i + max(0, r−(n−1))   (constant along an sw line),
                //   z = i + max(0, (n−1)−r)   (constant along an nw line).
                let id = |r: usize, i: usize| start[r] + i;
                let mut lines = Vec::new();
                for (r, &len) in row_lengths.iter().enumerate() {
                    lines.push(Line {
                        direction: Direction::Across,
                        number: r + 1,
                        cells: (0..len).map(|i| id(r, i)).collect(),
                    });
                }
                for z in 0..rows {
                    let mut cells = Vec::new();
                    for r in (0..rows).rev() {
                        let off = (n - 1).saturating_sub(r);
                        if z >= off && z - off < row_lengths[r] {
                            cells.push(id(r, z - off));
                        }
                    }
                    lines.push(Line {
                        direction: Direction::Nw,
                        number: z + 1,
                        cells,
                    });
                }
                for j in 0..rows {
                    let x = rows - 1 - j;
                    let mut cells = Vec::new();
                    for (r, &len) in row_lengths.iter().enumerate() {
                        let off = r.saturating_sub(n - 1);
                        if x >= off && x - off < len {
                            cells.push(id(r, x - off));
                        }
                    }
                    lines.push(Line {
                        direction: Direction::Sw,
                        number: j + 1,
                        cells,
                    });
                }
                Ok(Grid {
                    shape,
                    row_lengths,
                    lines,
                })
            }
        }
    }

    /// How many cells the grid has.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.row_lengths.iter().sum()
    }

    /// The line of a direction and number.
    #[must_use]
    pub fn line(&self, direction: Direction, number: usize) -> Option<usize> {
        self.lines
            .iter()
            .position(|l| l.direction == direction && l.number == number)
    }

    /// The directions this shape has.
    #[must_use]
    pub fn directions(&self) -> &'static [Direction] {
        match self.shape {
            Shape::Rectangle { .. } => &[Direction::Across, Direction::Down],
            Shape::Hexagon { .. } => &[Direction::Across, Direction::Nw, Direction::Sw],
        }
    }

    /// Row and position in the row (both from 0) of a cell.
    #[must_use]
    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        let mut c = cell;
        for (r, &l) in self.row_lengths.iter().enumerate() {
            if c < l {
                return (r, c);
            }
            c -= l;
        }
        (self.row_lengths.len(), 0)
    }

    /// The cell at row `r`, position `c` (both from 0).
    #[must_use]
    pub fn cell_at(&self, r: usize, c: usize) -> Option<usize> {
        let l = *self.row_lengths.get(r)?;
        (c < l).then(|| self.row_lengths[..r].iter().sum::<usize>() + c)
    }

    /// The grid drawn with one character per cell (hexagons as hexagons: each row
    /// indented by half a cell per step from the middle row).
    #[must_use]
    pub fn draw(&self, letter: impl Fn(usize) -> String) -> String {
        let widest = self.row_lengths.iter().copied().max().unwrap_or(0);
        let mut out = String::new();
        let mut cell = 0;
        for &l in &self.row_lengths {
            if matches!(self.shape, Shape::Hexagon { .. }) {
                out.push_str(&" ".repeat(widest - l));
            }
            let row: Vec<String> = (cell..cell + l).map(&letter).collect();
            out.push_str(&row.join(" "));
            out.push('\n');
            cell += l;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_grids_have_at_most_max_lines() {
        let hexagon = Grid::new(Shape::Hexagon {
            side: MAX_HEXAGON_SIDE,
        });
        assert_eq!(hexagon.unwrap().lines.len(), MAX_LINES);
        let rectangle = Grid::new(Shape::Rectangle {
            rows: MAX_SIDE,
            cols: MAX_SIDE,
        });
        assert!(rectangle.unwrap().lines.len() <= MAX_LINES);
        assert!(Grid::new(Shape::Hexagon {
            side: MAX_HEXAGON_SIDE + 1
        })
        .is_err());
    }

    #[test]
    fn hexagon_of_side_seven() {
        let g = Grid::new(Shape::Hexagon { side: 7 }).unwrap();
        assert_eq!(g.cells(), 127);
        assert_eq!(g.lines.len(), 39);
        // every cell lies on exactly one line of each direction
        for d in g.directions() {
            let mut seen = vec![0; g.cells()];
            for l in g.lines.iter().filter(|l| l.direction == *d) {
                l.cells.iter().for_each(|&c| seen[c] += 1);
            }
            assert!(seen.iter().all(|&s| s == 1), "{d}");
        }
        // nw 1 runs up the lower-left edge, from the bottom-left corner
        let nw1 = &g.lines[g.line(Direction::Nw, 1).unwrap()];
        assert_eq!(nw1.cells.len(), 7);
        assert_eq!(g.row_col(nw1.cells[0]), (12, 0));
        assert_eq!(g.row_col(nw1.cells[6]), (6, 0));
        // sw 1 runs down the lower-right edge from the middle row's east end
        let sw1 = &g.lines[g.line(Direction::Sw, 1).unwrap()];
        assert_eq!(g.row_col(sw1.cells[0]), (6, 12));
        assert_eq!(g.row_col(sw1.cells[6]), (12, 6));
        // sw 13 is the upper-left edge, read downwards
        let sw13 = &g.lines[g.line(Direction::Sw, 13).unwrap()];
        assert_eq!(g.row_col(sw13.cells[0]), (0, 0));
        assert_eq!(g.row_col(sw13.cells[6]), (6, 0));
        let lens: Vec<usize> = g.lines[13..26].iter().map(|l| l.cells.len()).collect();
        assert_eq!(lens, vec![7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7]);
    }

    #[test]
    fn rectangle_lines_and_drawing() {
        let g = Grid::new(Shape::Rectangle { rows: 2, cols: 3 }).unwrap();
        assert_eq!(g.lines.len(), 5);
        assert_eq!(g.lines[3].cells, vec![1, 4]);
        assert_eq!(g.draw(|c| c.to_string()), "0 1 2\n3 4 5\n");
        assert!(Grid::new(Shape::Rectangle { rows: 0, cols: 3 }).is_err());
        let h = Grid::new(Shape::Hexagon { side: 2 }).unwrap();
        assert_eq!(h.draw(|_| "o".into()), " o o\no o o\n o o\n");
    }
}
