//! [`Geometry`]: the cells and lines of a `k^d` board, generated rather than typed in.
//!
//! Cells are numbered the way the seed numbers its move-spots: the first coordinate (the
//! tier) is the most significant digit in base `k`, so on 4×4×4
//! `spot = 16·(tier−1) + 4·(row−1) + (column−1)`.
//!
//! A line is a start cell and a direction in `{−1, 0, +1}^d` (not all zero), taken once:
//! the first non-zero component is +1. Every coordinate with direction 0 is fixed, +1
//! runs 0…k−1, −1 runs k−1…0. That gives `((k+2)^d − k^d) / 2` lines.

use std::sync::OnceLock;

/// Why a geometry cannot be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GeometryError {
    /// `k` must be 2–8 and `d` 1–4, and the board at most 4,096 cells.
    #[error("a {k}^{d} board is not supported (k 2–8, d 1–4, at most 4096 cells)")]
    Unsupported {
        /// Cells per line.
        k: usize,
        /// Dimensions.
        d: usize,
    },
}

/// The cells and lines of a `k^d` board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    k: usize,
    d: usize,
    cells: usize,
    /// Each line's cells, from its start along its direction.
    lines: Vec<Vec<u16>>,
    /// For each cell, the indices of the lines through it, in line order.
    lines_through: Vec<Vec<u16>>,
}

impl Geometry {
    /// Generate the board `k^d`.
    ///
    /// # Errors
    /// [`GeometryError::Unsupported`] outside k 2–8, d 1–4, 4096 cells.
    pub fn new(k: usize, d: usize) -> Result<Self, GeometryError> {
        if !(2..=8).contains(&k) || !(1..=4).contains(&d) || k.pow(d as u32) > 4096 {
            return Err(GeometryError::Unsupported { k, d });
        }
        let cells = k.pow(d as u32);
        let mut lines = Vec::new();
        // Directions in lexicographic order of (−1, 0, +1) digits, keeping those whose first
        // non-zero component is +1; start cells in cell order.
        for code in 0..3usize.pow(d as u32) {
            let dir: Vec<i64> = (0..d)
                .map(|i| (code / 3usize.pow((d - 1 - i) as u32)) % 3)
                .map(|digit| [0, 1, -1][digit])
                .collect();
            match dir.iter().find(|&&v| v != 0) {
                Some(1) => {}
                _ => continue,
            }
            for start in 0..cells {
                let coords = Self::coords_of(k, d, start);
                let fits = coords.iter().zip(&dir).all(|(&c, &v)| match v {
                    0 => true,
                    1 => c == 0,
                    _ => c == k - 1,
                });
                if !fits {
                    continue;
                }
                let line = (0..k as i64)
                    .map(|t| {
                        coords.iter().zip(&dir).fold(0usize, |acc, (&c, &v)| {
                            acc * k + (c as i64 + v * t) as usize
                        }) as u16
                    })
                    .collect();
                lines.push(line);
            }
        }
        let mut lines_through = vec![Vec::new(); cells];
        for (i, line) in lines.iter().enumerate() {
            for &c in line {
                lines_through[c as usize].push(i as u16);
            }
        }
        Ok(Geometry {
            k,
            d,
            cells,
            lines,
            lines_through,
        })
    }

    /// 4×4×4, generated once.
    #[must_use]
    pub fn cube() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| Geometry::new(4, 3).unwrap_or_else(|_| unreachable!()))
    }

    /// 4×4×4×4, generated once.
    #[must_use]
    pub fn tesseract() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| Geometry::new(4, 4).unwrap_or_else(|_| unreachable!()))
    }

    /// The formula `((k+2)^d − k^d) / 2`.
    #[must_use]
    pub fn line_count_formula(k: usize, d: usize) -> usize {
        ((k + 2).pow(d as u32) - k.pow(d as u32)) / 2
    }

    fn coords_of(k: usize, d: usize, cell: usize) -> Vec<usize> {
        (0..d)
            .map(|i| (cell / k.pow((d - 1 - i) as u32)) % k)
            .collect()
    }

    /// Cells per line.
    #[must_use]
    pub fn k(&self) -> usize {
        self.k
    }

    /// Dimensions.
    #[must_use]
    pub fn d(&self) -> usize {
        self.d
    }

    /// Number of cells, `k^d`.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The coordinates (each 0…k−1, tier first) of `cell`.
    #[must_use]
    pub fn coords(&self, cell: usize) -> Vec<usize> {
        Self::coords_of(self.k, self.d, cell)
    }

    /// The cell at `coords` (each 0…k−1), if it is on the board.
    #[must_use]
    pub fn cell_at(&self, coords: &[usize]) -> Option<usize> {
        if coords.len() != self.d || coords.iter().any(|&c| c >= self.k) {
            return None;
        }
        Some(coords.iter().fold(0, |acc, &c| acc * self.k + c))
    }

    /// All lines, each from its start along its direction.
    #[must_use]
    pub fn lines(&self) -> &[Vec<u16>] {
        &self.lines
    }

    /// The lines through `cell` (indices into [`Geometry::lines`]).
    #[must_use]
    pub fn lines_through(&self, cell: usize) -> &[u16] {
        &self.lines_through[cell]
    }

    /// The main diagonals: lines whose direction has no zero component (`2^(d−1)` of
    /// them). On 4³ these are the cube's 4 space diagonals, on 4⁴ the 8 main diagonals.
    #[must_use]
    pub fn main_diagonals(&self) -> Vec<usize> {
        (0..self.lines.len())
            .filter(|&i| {
                let a = self.coords(self.lines[i][0] as usize);
                let b = self.coords(self.lines[i][1] as usize);
                a.iter().zip(&b).all(|(x, y)| x != y)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_counts_match_the_formula() {
        for (k, d, n) in [
            (3, 3, 49),
            (4, 3, 76),
            (5, 3, 109),
            (3, 4, 272),
            (4, 4, 520),
        ] {
            let g = Geometry::new(k, d).unwrap();
            assert_eq!(g.lines().len(), n, "{k}^{d}");
            assert_eq!(Geometry::line_count_formula(k, d), n);
        }
        assert_eq!(Geometry::new(3, 2).unwrap().lines().len(), 8);
    }

    #[test]
    fn unsupported_sizes_are_refused() {
        assert!(Geometry::new(1, 3).is_err());
        assert!(Geometry::new(4, 5).is_err());
        assert!(Geometry::new(9, 2).is_err());
    }

    #[test]
    fn seed_numbering() {
        let g = Geometry::cube();
        // tier 2, row 3, column 4 → 16 + 8 + 3 = 27
        assert_eq!(g.cell_at(&[1, 2, 3]), Some(27));
        assert_eq!(g.coords(27), vec![1, 2, 3]);
        assert_eq!(g.cell_at(&[4, 0, 0]), None);
    }

    #[test]
    fn main_diagonals() {
        assert_eq!(Geometry::cube().main_diagonals().len(), 4);
        assert_eq!(Geometry::tesseract().main_diagonals().len(), 8);
    }
}
