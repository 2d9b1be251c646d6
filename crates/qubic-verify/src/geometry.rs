//! The 76 lines of 4×4×4 and its 192 symmetries, found here from first principles.

/// Lines of 4×4×4.
pub const LINES: usize = 76;
/// Symmetries of 4×4×4 (maps of cells that carry every line to a line).
pub const SYMMETRIES: usize = 192;

/// Lines, the lines through each cell, and the symmetries as cell maps.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// Each line's cells as a bit mask.
    pub lines: Vec<u64>,
    /// For each cell, the indices of the lines through it.
    pub through: Vec<Vec<usize>>,
    /// Each symmetry as the image of every cell (the identity first).
    pub symmetries: Vec<[u8; 64]>,
}

fn cell(p: usize, r: usize, c: usize) -> usize {
    16 * p + 4 * r + c
}

impl Geometry {
    /// Builds the lines (every direction `d` in {−1, 0, 1}³ ∖ {0} up to sign, every start
    /// whose four steps stay on the board) and the symmetries (every map
    /// `(p, r, c) ↦` a permutation of the coordinates, each coordinate through a
    /// permutation of 0..4, kept when it carries all 76 lines to lines).
    ///
    /// # Panics
    /// Never for 4×4×4: the counts 76 and 192 are checked.
    #[must_use]
    pub fn new() -> Geometry {
        let mut lines = Vec::new();
        for dp in -1i32..=1 {
            for dr in -1i32..=1 {
                for dc in -1i32..=1 {
                    let d = (dp, dr, dc);
                    // One direction of each ± pair: the first non-zero component positive.
                    let first = [dp, dr, dc].into_iter().find(|&v| v != 0);
                    if first != Some(1) {
                        continue;
                    }
                    for p in 0..4i32 {
                        for r in 0..4i32 {
                            for c in 0..4i32 {
                                let end = (p + 3 * d.0, r + 3 * d.1, c + 3 * d.2);
                                let inside = |v: i32| (0..4).contains(&v);
                                let before = (p - d.0, r - d.1, c - d.2);
                                if !(inside(end.0) && inside(end.1) && inside(end.2)) {
                                    continue;
                                }
                                // Only full lines from their first cell.
                                if inside(before.0) && inside(before.1) && inside(before.2) {
                                    continue;
                                }
                                let mut m = 0u64;
                                for k in 0..4 {
                                    let (a, b, e) = (p + k * d.0, r + k * d.1, c + k * d.2);
                                    m |= 1 << cell(a as usize, b as usize, e as usize);
                                }
                                lines.push(m);
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(lines.len(), LINES, "4×4×4 has 76 lines");
        let mut sorted = lines.clone();
        sorted.sort_unstable();
        let is_line = |m: u64| sorted.binary_search(&m).is_ok();
        let perms4 = permutations(4);
        let axes = permutations(3);
        let mut symmetries: Vec<[u8; 64]> = Vec::new();
        for ax in &axes {
            for f0 in &perms4 {
                for f1 in &perms4 {
                    for f2 in &perms4 {
                        let f = [f0, f1, f2];
                        let mut map = [0u8; 64];
                        for p in 0..4 {
                            for r in 0..4 {
                                for c in 0..4 {
                                    let v = [p, r, c];
                                    let w = [f[0][v[ax[0]]], f[1][v[ax[1]]], f[2][v[ax[2]]]];
                                    map[cell(p, r, c)] = cell(w[0], w[1], w[2]) as u8;
                                }
                            }
                        }
                        let image = |m: u64| {
                            (0..64)
                                .filter(|&i| m >> i & 1 == 1)
                                .fold(0u64, |a, i| a | 1 << map[i])
                        };
                        if lines.iter().all(|&l| is_line(image(l))) {
                            symmetries.push(map);
                        }
                    }
                }
            }
        }
        symmetries.sort_unstable();
        symmetries.dedup();
        let id: [u8; 64] = std::array::from_fn(|i| i as u8);
        let at = symmetries.iter().position(|s| *s == id).unwrap_or(0);
        symmetries.swap(0, at);
        assert_eq!(symmetries.len(), SYMMETRIES, "4×4×4 has 192 symmetries");
        let mut through = vec![Vec::new(); 64];
        for (i, &l) in lines.iter().enumerate() {
            for (c, t) in through.iter_mut().enumerate() {
                if l >> c & 1 == 1 {
                    t.push(i);
                }
            }
        }
        Geometry {
            lines,
            through,
            symmetries,
        }
    }
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::new()
    }
}

/// Every permutation of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for k in 0..=p.len() {
            let mut q = p.clone();
            q.insert(k, n - 1);
            out.push(q);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        let g = Geometry::new();
        assert_eq!(g.lines.len(), 76);
        assert_eq!(g.symmetries.len(), 192);
        // 7 lines through a corner, 4 through an edge cell, 4 through a face centre, 7
        // through an inner cell.
        assert_eq!(g.through[0].len(), 7);
        assert_eq!(g.through[1].len(), 4);
        assert_eq!(g.through[5].len(), 4);
        assert_eq!(g.through[21].len(), 7);
        assert_eq!(g.through.iter().map(Vec::len).sum::<usize>(), 76 * 4);
    }
}
