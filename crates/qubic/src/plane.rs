//! [`Plane`]: the 18 planes of 4×4×4 ("Enable Slice"): 4 tiers, 4 row planes, 4 column
//! planes and 6 diagonal planes. Each holds 10 of the cube's lines.

use std::fmt;
use std::str::FromStr;

/// One of the 18 planes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Plane(u8);

/// Why a plane name does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a plane: use t1–t4 (tier), r1–r4 (row), c1–c4 (column) or d1–d6 (diagonal planes: d1 row=tier, d2 row=5−tier, d3 column=tier, d4 column=5−tier, d5 column=row, d6 column=5−row)")]
pub struct ParsePlaneError(pub String);

impl Plane {
    /// All 18.
    pub fn all() -> impl Iterator<Item = Plane> {
        (0..18).map(Plane)
    }

    /// The plane's cells (0-based spots) as a 4×4 grid.
    #[must_use]
    pub fn grid(self) -> [[usize; 4]; 4] {
        let mut g = [[0usize; 4]; 4];
        for (u, row) in g.iter_mut().enumerate() {
            for (v, cell) in row.iter_mut().enumerate() {
                let (t, r, c) = match self.0 {
                    n @ 0..=3 => (n as usize, u, v),
                    n @ 4..=7 => (u, n as usize - 4, v),
                    n @ 8..=11 => (u, v, n as usize - 8),
                    12 => (u, u, v),
                    13 => (u, 3 - u, v),
                    14 => (u, v, u),
                    15 => (u, v, 3 - u),
                    16 => (u, v, v),
                    _ => (u, v, 3 - v),
                };
                *cell = t * 16 + r * 4 + c;
            }
        }
        g
    }

    /// What the grid's rows and columns are.
    #[must_use]
    pub fn axes(self) -> (&'static str, &'static str) {
        match self.0 {
            0..=3 => ("row", "column"),
            4..=7 | 12 | 13 => ("tier", "column"),
            _ => ("tier", "row"),
        }
    }

    /// Draw the plane; `mark(spot)` gives the character of an occupied cell.
    #[must_use]
    pub fn render(self, mark: impl Fn(usize) -> Option<char>) -> String {
        let (down, across) = self.axes();
        let mut out = format!("plane {self}: {down} down, {across} across\n");
        for row in self.grid() {
            out.push_str("  ");
            let cells: Vec<String> = row
                .iter()
                .map(|&c| mark(c).unwrap_or('.').to_string())
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Plane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            n @ 0..=3 => write!(f, "t{}", n + 1),
            n @ 4..=7 => write!(f, "r{}", n - 3),
            n @ 8..=11 => write!(f, "c{}", n - 7),
            n => write!(f, "d{}", n - 11),
        }
    }
}

impl FromStr for Plane {
    type Err = ParsePlaneError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let err = || ParsePlaneError(s.to_string());
        let mut chars = t.chars();
        let kind = chars.next().ok_or_else(err)?;
        let n: u8 = chars.as_str().parse().map_err(|_| err())?;
        let (base, max) = match kind {
            't' => (0, 4),
            'r' => (4, 4),
            'c' => (8, 4),
            'd' => (12, 6),
            _ => return Err(err()),
        };
        if n == 0 || n > max {
            return Err(err());
        }
        Ok(Plane(base + n - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Geometry;

    #[test]
    fn each_plane_holds_ten_lines_and_names_round_trip() {
        let g = Geometry::cube();
        let mut all = std::collections::HashSet::new();
        for p in Plane::all() {
            assert_eq!(p.to_string().parse::<Plane>().unwrap(), p);
            let cells: std::collections::BTreeSet<usize> =
                p.grid().iter().flatten().copied().collect();
            assert_eq!(cells.len(), 16);
            let inside = g
                .lines()
                .iter()
                .filter(|l| l.iter().all(|&c| cells.contains(&(c as usize))))
                .count();
            assert_eq!(inside, 10, "{p}");
            all.insert(cells);
        }
        assert_eq!(all.len(), 18);
        assert!("t5".parse::<Plane>().is_err());
        assert!("x1".parse::<Plane>().is_err());
        assert!("d7".parse::<Plane>().is_err());
    }
}
