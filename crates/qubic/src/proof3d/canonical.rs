//! Canonical forms of 4×4×4 positions under the 192 symmetries, for merging symmetric
//! positions. Each position keeps the Zobrist key of its image under every symmetry
//! (one table row per stone updates all 192); the canonical form is the image under the
//! symmetry with the least key. Symmetric positions have the same set of images and so
//! the same least key and the same canonical image. The form is stored exactly (both
//! bit sets), so a key collision could only miss a merge, never merge two different
//! positions.

use super::tables::{image, tables, Tables, SYMMETRIES};

/// A position's canonical form: x's stones in the low 64 bits, o's in the high.
pub type Key = u128;

/// The keys of a position's 192 images, kept up to date stone by stone.
#[derive(Clone)]
pub struct SymHashes {
    t: &'static Tables,
    h: [u64; SYMMETRIES],
}

impl Default for SymHashes {
    fn default() -> Self {
        SymHashes::new()
    }
}

impl SymHashes {
    /// The empty board's.
    #[must_use]
    pub fn new() -> SymHashes {
        SymHashes {
            t: tables(),
            h: [0; SYMMETRIES],
        }
    }

    /// The keys of the position with these stones.
    #[must_use]
    pub fn of(x: u64, o: u64) -> SymHashes {
        let mut s = SymHashes::new();
        for (p, set) in [(0, x), (1, o)] {
            let mut m = set;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                s.toggle(c, p);
            }
        }
        s
    }

    /// Add or remove a stone of player `p` (0 first, 1 second) on cell `c`.
    pub fn toggle(&mut self, c: usize, p: usize) {
        let z = &self.t.zob[p][c];
        for (h, k) in self.h.iter_mut().zip(z.iter()) {
            *h ^= k;
        }
    }

    /// The symmetry taking the position to its canonical form (the first with the least
    /// key).
    #[must_use]
    pub fn best(&self) -> usize {
        let mut best = 0;
        for s in 1..SYMMETRIES {
            if self.h[s] < self.h[best] {
                best = s;
            }
        }
        best
    }

    /// The canonical form of the position with stones `x`, `o` (whose keys these are), and
    /// the symmetry that takes the position there.
    #[must_use]
    pub fn canonical(&self, x: u64, o: u64) -> (Key, usize) {
        let s = self.best();
        (key_of(self.t, s, x, o), s)
    }
}

/// The image of the position under symmetry `s`, as a [`Key`].
#[must_use]
pub fn key_of(t: &Tables, s: usize, x: u64, o: u64) -> Key {
    u128::from(image(t, s, x)) | u128::from(image(t, s, o)) << 64
}

/// The canonical form of a position, computed from scratch.
#[must_use]
pub fn canonical(x: u64, o: u64) -> (Key, usize) {
    SymHashes::of(x, o).canonical(x, o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_share_their_form() {
        let t = tables();
        let (x, o) = (1u64 << 0 | 1 << 21 | 1 << 42, 1u64 << 5 | 1 << 7);
        let (k, _) = canonical(x, o);
        for s in 0..SYMMETRIES {
            assert_eq!(canonical(image(t, s, x), image(t, s, o)).0, k);
        }
        // o on the diagonal x is building on blocks it: no symmetry does that.
        assert_ne!(canonical(x, 1 << 63 | 1 << 7).0, k);
    }
}
