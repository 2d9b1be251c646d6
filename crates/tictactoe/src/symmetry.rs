//! The eight symmetries of the square (the dihedral group D4) acting on cells and boards,
//! and the canonical form of a position with the symmetry that maps it there — the map
//! MENACE needs to find a position's matchbox and to carry a bead back to the real board.

use std::fmt;

use crate::{Board, Cell};

/// One of the eight symmetries of the square.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Symmetry(u8);

/// For each symmetry, where each cell (reading order) goes.
const PERMUTATIONS: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8], // identity
    [2, 5, 8, 1, 4, 7, 0, 3, 6], // rotate 90° clockwise
    [8, 7, 6, 5, 4, 3, 2, 1, 0], // rotate 180°
    [6, 3, 0, 7, 4, 1, 8, 5, 2], // rotate 90° anticlockwise
    [2, 1, 0, 5, 4, 3, 8, 7, 6], // mirror left-right
    [6, 7, 8, 3, 4, 5, 0, 1, 2], // mirror top-bottom
    [0, 3, 6, 1, 4, 7, 2, 5, 8], // reflect in the main diagonal (transpose)
    [8, 5, 2, 7, 4, 1, 6, 3, 0], // reflect in the anti-diagonal
];

const NAMES: [&str; 8] = [
    "identity",
    "rotate 90° clockwise",
    "rotate 180°",
    "rotate 90° anticlockwise",
    "mirror left-right",
    "mirror top-bottom",
    "reflect in the main diagonal",
    "reflect in the anti-diagonal",
];

impl Symmetry {
    /// Leaves everything in place.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Index 0–7 (in [`Symmetry::ALL`]).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Where `cell` goes.
    #[must_use]
    pub const fn apply_cell(self, cell: Cell) -> Cell {
        Cell::ALL[PERMUTATIONS[self.0 as usize][cell.index()] as usize]
    }

    /// Move every square of a mask.
    #[must_use]
    pub const fn apply_mask(self, mask: u16) -> u16 {
        let p = &PERMUTATIONS[self.0 as usize];
        let mut out = 0;
        let mut i = 0;
        while i < 9 {
            if mask >> i & 1 == 1 {
                out |= 1 << p[i];
            }
            i += 1;
        }
        out
    }

    /// The board with every mark moved.
    #[must_use]
    pub fn apply(self, board: Board) -> Board {
        Board::from_masks(
            self.apply_mask(board.x_mask()),
            self.apply_mask(board.o_mask()),
        )
        .unwrap_or(Board::EMPTY)
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        Symmetry::ALL
            .into_iter()
            .find(|s| self.then(*s) == Symmetry::IDENTITY)
            .unwrap_or(Symmetry::IDENTITY)
    }

    /// First `self`, then `next`.
    #[must_use]
    pub fn then(self, next: Symmetry) -> Symmetry {
        let p = PERMUTATIONS[self.0 as usize];
        let q = PERMUTATIONS[next.0 as usize];
        let composed: [u8; 9] = std::array::from_fn(|i| q[p[i] as usize]);
        Symmetry::ALL
            .into_iter()
            .find(|s| PERMUTATIONS[s.index()] == composed)
            .unwrap_or(Symmetry::IDENTITY)
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(NAMES[self.0 as usize])
    }
}

/// The canonical form of `board` — the image under the eight symmetries with the smallest
/// [`Board::code`] — and the first symmetry `s` (in [`Symmetry::ALL`] order) with
/// `s.apply(board) == canonical`.
///
/// A move `m` on the canonical picture is `s.inverse().apply_cell(m)` on the real board.
#[must_use]
pub fn canonical(board: Board) -> (Board, Symmetry) {
    let mut best = (board, Symmetry::IDENTITY, board.code());
    for s in Symmetry::ALL.into_iter().skip(1) {
        let image = s.apply(board);
        let code = image.code();
        if code < best.2 {
            best = (image, s, code);
        }
    }
    (best.0, best.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn group_laws() {
        for a in Symmetry::ALL {
            assert_eq!(a.then(a.inverse()), Symmetry::IDENTITY);
            assert_eq!(a.inverse().then(a), Symmetry::IDENTITY);
            for b in Symmetry::ALL {
                for c in Cell::ALL {
                    assert_eq!(a.then(b).apply_cell(c), b.apply_cell(a.apply_cell(c)));
                }
            }
        }
        // The eight are distinct permutations and each maps lines to lines.
        let perms: std::collections::HashSet<_> = Symmetry::ALL
            .map(|s| Cell::ALL.map(|c| s.apply_cell(c)))
            .into();
        assert_eq!(perms.len(), 8);
        for s in Symmetry::ALL {
            for line in crate::board::LINES {
                assert!(crate::board::LINES.contains(&s.apply_mask(line)), "{s}");
            }
        }
        assert_eq!(
            Symmetry::ALL[1].apply_cell(Cell::ALL[0]),
            Cell::ALL[2],
            "clockwise takes top-left to top-right"
        );
    }

    fn any_board() -> impl Strategy<Value = Board> {
        proptest::collection::vec(0u8..3, 9).prop_map(|v| {
            v.iter()
                .enumerate()
                .fold(Board::EMPTY, |b, (i, &m)| match m {
                    1 => b.with(Cell::ALL[i], crate::Mark::X),
                    2 => b.with(Cell::ALL[i], crate::Mark::O),
                    _ => b,
                })
        })
    }

    proptest! {
        #[test]
        fn canonical_is_a_class_invariant(b in any_board(), s in 0usize..8) {
            let (canon, sym) = canonical(b);
            prop_assert_eq!(sym.apply(b), canon);
            prop_assert_eq!(canonical(Symmetry::ALL[s].apply(b)).0, canon);
            prop_assert_eq!(sym.inverse().apply(canon), b);
        }
    }
}
