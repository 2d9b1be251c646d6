//! One line (row or column) of four cells and how it folds toward a wall.
//!
//! A line is a `u16` of four nibbles, cell 0 (nearest the wall the player swipes toward)
//! in the low nibble. Every one of the 65,536 lines is folded once, when the crate is
//! compiled, and kept in a table, so a swipe is four table lookups (the spec's
//! "table-driven moves") with nothing to check first.
//!
//! The fold rule (spec, "A swipe"; the seed's `slide_up`, which tries each tile against
//! its neighbour toward the wall): find the first position `i` in 0..3 where cell `i` is
//! empty and cell `i+1` is not, or cells `i`, `i+1` hold a 1 and a 2, or both hold the same
//! value ≥ 3. There the pair folds into cell `i` and every tile behind moves one cell toward
//! the wall. No such position: the line does not move.

/// Whether the two adjacent cells (codes, `a` nearer the wall) fold together, and into what.
///
/// `None`: they do not fold. Two 12288s do not fold (a nibble cannot hold 24576).
#[must_use]
pub const fn fold_pair(a: u8, b: u8) -> Option<u8> {
    if b == 0 {
        None
    } else if a == 0 {
        Some(b)
    } else if a + b == 3 {
        Some(3)
    } else if a == b && a >= 3 && a < 15 {
        Some(a + 1)
    } else {
        None
    }
}

/// The cells of a line, wall first.
#[must_use]
pub const fn cells(line: u16) -> [u8; 4] {
    [
        (line & 0xF) as u8,
        ((line >> 4) & 0xF) as u8,
        ((line >> 8) & 0xF) as u8,
        ((line >> 12) & 0xF) as u8,
    ]
}

/// A line from its cells, wall first.
#[must_use]
pub const fn from_cells(c: [u8; 4]) -> u16 {
    (c[0] as u16 & 0xF)
        | ((c[1] as u16 & 0xF) << 4)
        | ((c[2] as u16 & 0xF) << 8)
        | ((c[3] as u16 & 0xF) << 12)
}

/// The fold point of a line: the first `i` where the pair `i`, `i+1` folds.
#[must_use]
pub const fn fold_point(line: u16) -> Option<usize> {
    let c = cells(line);
    let mut i = 0;
    while i < 3 {
        if fold_pair(c[i], c[i + 1]).is_some() {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Fold a line toward cell 0 (computed, not looked up).
#[must_use]
pub const fn fold(line: u16) -> u16 {
    let mut c = cells(line);
    let mut i = 0;
    while i < 3 {
        if let Some(m) = fold_pair(c[i], c[i + 1]) {
            c[i] = m;
            let mut j = i + 1;
            while j < 3 {
                c[j] = c[j + 1];
                j += 1;
            }
            c[3] = 0;
            return from_cells(c);
        }
        i += 1;
    }
    line
}

/// A line read from the other end.
#[must_use]
pub const fn reverse(line: u16) -> u16 {
    (line >> 12) | ((line >> 4) & 0x00F0) | ((line << 4) & 0x0F00) | (line << 12)
}

/// Lines in a table: every 16-bit line.
const LINES: usize = 1 << 16;

/// The change a fold toward cell 0 makes, XORed into the line (0: the line does not move),
/// for every line: a row swiped left, or a packed column (row r in nibble r) swiped up.
pub(crate) static TOWARD_LOW: [u16; LINES] = toward_low();

/// The same toward cell 3: a row swiped right, or a packed column swiped down.
pub(crate) static TOWARD_HIGH: [u16; LINES] = toward_high();

/// [`TOWARD_LOW`] spread back to a column's cells (nibble r at bit 16r): the change a
/// swipe up makes to column 0, for every packed column.
pub(crate) static COLUMN_UP: [u64; LINES] = spread(&TOWARD_LOW);

/// [`TOWARD_HIGH`] spread back to a column's cells: a swipe down.
pub(crate) static COLUMN_DOWN: [u64; LINES] = spread(&TOWARD_HIGH);

const fn toward_low() -> [u16; LINES] {
    let mut t = [0u16; LINES];
    let mut l = 0;
    while l < LINES {
        t[l] = fold(l as u16) ^ l as u16;
        l += 1;
    }
    t
}

/// A fold toward cell 3 is the reversed line's fold toward cell 0, reversed.
const fn toward_high() -> [u16; LINES] {
    let mut t = [0u16; LINES];
    let mut l = 0;
    while l < LINES {
        t[l] = reverse(TOWARD_LOW[reverse(l as u16) as usize]);
        l += 1;
    }
    t
}

const fn spread(lines: &[u16; LINES]) -> [u64; LINES] {
    let mut t = [0u64; LINES];
    let mut l = 0;
    while l < LINES {
        t[l] = unpack_column(lines[l]);
        l += 1;
    }
    t
}

/// A packed column (row r in nibble r) spread to column 0 of a board (nibble r at bit 16r).
#[must_use]
pub const fn unpack_column(line: u16) -> u64 {
    let l = line as u64;
    (l | (l << 12) | (l << 24) | (l << 36)) & 0x000F_000F_000F_000F
}

/// Column 0 of a board (its cells at bits 16r, every other bit 0) packed into 16 bits, row
/// r in nibble r.
///
/// One multiplication: the factor's four terms shift the cell at bit 16r to bit 48 + 4r, and
/// every other product of a cell and a term lands in its own nibble below bit 48 or beyond
/// bit 63, so nothing carries into the top 16 bits.
#[must_use]
#[inline]
pub const fn pack_column(col: u64) -> u16 {
    const GATHER: u64 = (1 << 48) | (1 << 36) | (1 << 24) | (1 << 12);
    (col.wrapping_mul(GATHER) >> 48) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(values: [u64; 4]) -> u16 {
        let c = values.map(|v| crate::Tile::from_value(v).unwrap().code());
        from_cells(c)
    }

    /// The spec's three examples (swipe left: cell 0 is the left wall).
    #[test]
    fn spec_examples() {
        assert_eq!(fold(line([0, 3, 3, 0])), line([3, 3, 0, 0]));
        assert_eq!(fold(line([6, 6, 0, 3])), line([12, 0, 3, 0]));
        assert_eq!(fold(line([1, 2, 0, 0])), line([3, 0, 0, 0]));
    }

    #[test]
    fn fold_rules() {
        // empty then tile: shift, everything behind follows one cell
        assert_eq!(fold(line([0, 1, 2, 3])), line([1, 2, 3, 0]));
        assert_eq!(fold(line([0, 0, 0, 3])), line([0, 0, 3, 0]));
        assert_eq!(fold(line([6, 0, 0, 3])), line([6, 0, 3, 0]));
        // 1 + 2 and 2 + 1 make 3
        assert_eq!(fold(line([2, 1, 0, 0])), line([3, 0, 0, 0]));
        assert_eq!(fold(line([3, 1, 2, 6])), line([3, 3, 6, 0]));
        // 1 + 1, 2 + 2 never merge
        assert_eq!(fold(line([1, 1, 1, 1])), line([1, 1, 1, 1]));
        assert_eq!(fold(line([2, 2, 2, 2])), line([2, 2, 2, 2]));
        assert_eq!(fold_point(line([1, 1, 2, 2])), Some(1));
        assert_eq!(fold(line([1, 1, 2, 2])), line([1, 3, 2, 0]));
        // equal ≥ 3 merge, only once per line, the first pair from the wall
        assert_eq!(fold(line([3, 3, 3, 3])), line([6, 3, 3, 0]));
        assert_eq!(fold(line([12, 12, 6, 6])), line([24, 6, 6, 0]));
        assert_eq!(fold(line([3, 6, 12, 24])), line([3, 6, 12, 24]));
        // unequal ≥ 3 and 3 with 1/2 never merge
        assert_eq!(fold(line([3, 1, 3, 2])), line([3, 1, 3, 2]));
        assert_eq!(fold(line([1, 3, 2, 3])), line([1, 3, 2, 3]));
        // a tile at the wall never moves; empty line unchanged
        assert_eq!(fold(line([0, 0, 0, 0])), 0);
        assert_eq!(fold(line([6, 0, 0, 0])), line([6, 0, 0, 0]));
        // the largest card does not merge with itself
        assert_eq!(fold(line([12288, 12288, 0, 0])), line([12288, 12288, 0, 0]));
        assert_eq!(fold(line([6144, 6144, 0, 0])), line([12288, 0, 0, 0]));
    }

    #[test]
    fn tables_match_fold() {
        for l in 0..=u16::MAX {
            let i = l as usize;
            assert_eq!(TOWARD_LOW[i] ^ l, fold(l));
            assert_eq!(TOWARD_HIGH[i] ^ l, reverse(fold(reverse(l))));
            assert_eq!(COLUMN_UP[i], unpack_column(fold(l) ^ l));
            assert_eq!(COLUMN_DOWN[i], unpack_column(TOWARD_HIGH[i]));
            assert_eq!(pack_column(unpack_column(l)), l);
        }
        assert_eq!(reverse(0x1234), 0x4321);
    }
}
