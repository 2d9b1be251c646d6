//! The fixed tables of 4×4×4 for the 3D proof work: the 76 lines as bit masks, the lines
//! through each cell, the 192 symmetries as cell maps, and Zobrist keys laid out so that
//! one stone updates the key of the position seen through every symmetry at once.

use std::sync::OnceLock;

use crate::{Cell, Geometry, Symmetry};

/// Number of symmetries of 4³.
pub const SYMMETRIES: usize = 192;
/// Number of lines of 4³.
pub const LINES: usize = 76;

/// The tables, built once.
pub struct Tables {
    /// Each line's four cells as a bit mask.
    pub line_mask: [u64; LINES],
    /// Lines through each cell (4 or 7), padded with `u8::MAX`.
    pub through: [[u8; 7]; 64],
    /// How many lines go through each cell (4 or 7).
    pub through_n: [u8; 64],
    /// The same lines as a bit set over the 76 lines (bit `l` for line `l`).
    pub through_set: [u128; 64],
    /// Each symmetry as the image of every cell (identity first).
    pub sym: Vec<[u8; 64]>,
    /// Each symmetry's inverse (an index into `sym`).
    pub inverse: Vec<usize>,
    /// `zob[p][c][s]`: Zobrist key of a stone of player `p` on cell `c` seen through
    /// symmetry `s` (the key of the image cell).
    pub zob: Vec<[[u64; SYMMETRIES]; 64]>,
    /// `zob0[p][c]`: the key of a stone of `p` on `c` as it stands (`zob[p][c][0]`).
    pub zob0: [[u64; 64]; 2],
}

/// splitmix64.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The tables of 4³.
#[must_use]
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let g = Geometry::cube();
        let mut line_mask = [0u64; LINES];
        for (m, l) in line_mask.iter_mut().zip(g.lines()) {
            *m = l.iter().fold(0, |acc, &c| acc | 1 << c);
        }
        let mut through = [[u8::MAX; 7]; 64];
        for (c, t) in through.iter_mut().enumerate() {
            for (slot, &l) in t.iter_mut().zip(g.lines_through(c)) {
                *slot = l as u8;
            }
        }
        let through_n = through.map(|t| t.iter().take_while(|&&l| l != u8::MAX).count() as u8);
        let mut through_set = [0u128; 64];
        for (set, t) in through_set.iter_mut().zip(&through) {
            for &l in t.iter().take_while(|&&l| l != u8::MAX) {
                *set |= 1 << l;
            }
        }
        let sym: Vec<[u8; 64]> = Symmetry::all()
            .iter()
            .map(|s| {
                let mut m = [0u8; 64];
                for (i, x) in m.iter_mut().enumerate() {
                    *x = Cell::<3>::new(i).map_or(i, |c| s.apply_cell(c).index()) as u8;
                }
                m
            })
            .collect();
        let inverse = sym
            .iter()
            .map(|m| {
                sym.iter()
                    .position(|n| (0..64).all(|i| n[m[i] as usize] as usize == i))
                    .unwrap_or(0)
            })
            .collect();
        let key = |p: usize, c: usize| mix((p as u64) << 8 | c as u64);
        let mut zob = vec![[[0u64; SYMMETRIES]; 64]; 2];
        for (p, zp) in zob.iter_mut().enumerate() {
            for (c, zc) in zp.iter_mut().enumerate() {
                for (s, z) in zc.iter_mut().enumerate() {
                    *z = key(p, sym[s][c] as usize);
                }
            }
        }
        let mut zob0 = [[0u64; 64]; 2];
        for (p, z) in zob0.iter_mut().enumerate() {
            for (c, k) in z.iter_mut().enumerate() {
                *k = zob[p][c][0];
            }
        }
        Tables {
            zob0,
            line_mask,
            through,
            through_n,
            through_set,
            sym,
            inverse,
            zob,
        }
    })
}

/// The image of the bit set `set` under symmetry `s`.
#[must_use]
pub fn image(t: &Tables, s: usize, mut set: u64) -> u64 {
    let m = &t.sym[s];
    let mut out = 0;
    while set != 0 {
        let c = set.trailing_zeros() as usize;
        set &= set - 1;
        out |= 1 << m[c];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_consistent() {
        let t = tables();
        assert_eq!(t.sym.len(), SYMMETRIES);
        assert!(t.line_mask.iter().all(|m| m.count_ones() == 4));
        for (s, m) in t.sym.iter().enumerate() {
            let inv = &t.sym[t.inverse[s]];
            assert!((0..64).all(|i| inv[m[i] as usize] as usize == i));
            // Lines go onto lines.
            for &l in &t.line_mask {
                assert!(t.line_mask.contains(&image(t, s, l)));
            }
        }
        assert_eq!(t.through.iter().filter(|x| x[4] != u8::MAX).count(), 16);
    }
}
