//! The tables of Louden's 1962 deck, generated from the cube's lines rather than typed
//! in: the 76 lanes in the deck's card order, the 16 preferred cells (NMOVE) and NTEST.
//!
//! Cells are numbered 1–64 as on the cards (`16·(level−1) + 4·(row−1) + column`). Each
//! lane is punched centre cells first: a line `a b c d` appears as `b c d a`.
//!
//! The card order of the lanes: the 4 space diagonals; the diagonals of the vertical
//! planes in four families (tier and row rising, one per column; tier rising and column
//! falling, one per row; tier rising and row falling, one per column; tier and column
//! rising, one per row); the 16 pillars; then, level by level, the 4 rows, the 4 columns
//! and the 2 diagonals of each level. Tests compare all of this with the deck's cards
//! (`shared/data/qubic/louden1962.json`).

use std::sync::OnceLock;

use crate::Geometry;

/// NTEST in card-sequence order (cards TTT 0137–0145): 04 15 03 10 05 00 02 01 05.
pub const NTEST_LISTING: [i32; 9] = [4, 15, 3, 10, 5, 0, 2, 1, 5];
/// NTEST in the physical order of the surviving decks (cards 0141 and 0142 swapped).
pub const NTEST_DECK: [i32; 9] = [4, 15, 3, 10, 0, 5, 2, 1, 5];

/// The deck's tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckTables {
    /// MOVE(76,4): lanes in card order, cells 1–64, centre cells first.
    pub lanes: Vec<[u8; 4]>,
    /// NMOVE(16): the space diagonals' corners (pairs of opposite corners), then their
    /// centre cells.
    pub nmove: [u8; 16],
}

fn direction(g: &Geometry, line: &[u16]) -> [i64; 3] {
    let a = g.coords(line[0] as usize);
    let b = g.coords(line[1] as usize);
    [0, 1, 2].map(|i| b[i] as i64 - a[i] as i64)
}

/// The deck's tables, built once from [`Geometry::cube`].
#[must_use]
pub fn tables() -> &'static DeckTables {
    static T: OnceLock<DeckTables> = OnceLock::new();
    T.get_or_init(|| {
        let g = Geometry::cube();
        // (family rank, level for planar lines, planar rank, start cell)
        let key = |line: &Vec<u16>| {
            let d = direction(g, line);
            let start = line[0] as usize;
            let tier = g.coords(start)[0];
            match d {
                [1, r, c] if r != 0 && c != 0 => (0, 0, 0, start),
                [1, 1, 0] => (1, 0, 0, start),
                [1, 0, -1] => (2, 0, 0, start),
                [1, -1, 0] => (3, 0, 0, start),
                [1, 0, 1] => (4, 0, 0, start),
                [1, 0, 0] => (5, 0, 0, start),
                [0, 0, 1] => (6, tier, 0, start),
                [0, 1, 0] => (6, tier, 1, start),
                [0, 1, 1] => (6, tier, 2, start),
                _ => (6, tier, 3, start),
            }
        };
        let mut lines: Vec<&Vec<u16>> = g.lines().iter().collect();
        lines.sort_by_key(|l| key(l));
        let lanes: Vec<[u8; 4]> = lines
            .iter()
            .map(|l| [l[1], l[2], l[3], l[0]].map(|c| c as u8 + 1))
            .collect();
        // Space diagonals by start cell: from 1, 4, 13, 16 (1-based).
        let diags: Vec<&Vec<u16>> = lines.iter().take(4).copied().collect();
        let mut nmove = [0u8; 16];
        // Corners: the diagonals from 1, 13, 4, 16 — each start corner then its opposite.
        for (slot, &di) in [0usize, 2, 1, 3].iter().enumerate() {
            nmove[2 * slot] = diags[di][0] as u8 + 1;
            nmove[2 * slot + 1] = diags[di][3] as u8 + 1;
        }
        // Centres: the diagonals in start order, inner cells in line order.
        for (slot, d) in diags.iter().enumerate() {
            nmove[8 + 2 * slot] = d[1] as u8 + 1;
            nmove[8 + 2 * slot + 1] = d[2] as u8 + 1;
        }
        DeckTables { lanes, nmove }
    })
}
