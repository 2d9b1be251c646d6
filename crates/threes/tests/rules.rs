//! Swipe invariants over random boards (proptest).

use ludomat_threes::line::{cells, fold, fold_pair};
use ludomat_threes::{Board, Direction, Tile};
use proptest::prelude::*;

/// Boards of cards up to 12288 (codes 0..=15), weighted toward small ones.
fn board() -> impl Strategy<Value = Board> {
    prop::collection::vec(prop_oneof![4 => 0u8..=3, 2 => 3u8..=8, 1 => 0u8..=15], 16).prop_map(
        |codes| {
            let mut b = Board::EMPTY;
            for (i, c) in codes.into_iter().enumerate() {
                b = b.with(i / 4, i % 4, Tile::from_nibble(c));
            }
            b
        },
    )
}

/// The line of `b` for `dir`, read from the wall.
fn line_of(b: Board, dir: Direction, i: usize) -> [Tile; 4] {
    std::array::from_fn(|k| match dir {
        Direction::Left => b.get(i, k),
        Direction::Right => b.get(i, 3 - k),
        Direction::Up => b.get(k, i),
        Direction::Down => b.get(3 - k, i),
    })
}

fn count(b: Board, code: u8) -> i64 {
    b.cells().iter().filter(|t| t.code() == code).count() as i64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn swipe_invariants(b in board()) {
        for dir in Direction::ALL {
            let after = b.swipe(dir).map_or(b, |s| s.board);
            let moved = b.swipe(dir).map_or(0, |s| s.moved);
            // folding conserves the sum of the values: a merge adds two cards into one
            prop_assert_eq!(after.value_sum(), b.value_sum());
            // 1+1 and 2+2 never merge: every 1 that disappears went with a 2 into a 3
            let d1 = count(b, 1) - count(after, 1);
            let d2 = count(b, 2) - count(after, 2);
            prop_assert_eq!(d1, d2);
            prop_assert!(d1 >= 0);
            let mut merges = 0;
            for i in 0..4 {
                let old = line_of(b, dir, i);
                let new = line_of(after, dir, i);
                prop_assert_eq!(moved & (1 << i) != 0, old != new);
                let tiles = |l: &[Tile; 4]| l.iter().filter(|t| !t.is_empty()).count();
                // at most one merge per line
                prop_assert!(tiles(&old) - tiles(&new) <= 1);
                merges += tiles(&old) - tiles(&new);
                // no tile moves more than one cell: each cell now holds what it held, what
                // was one cell behind it, or the fold of the two
                for k in 0..4 {
                    let behind = if k < 3 { old[k + 1] } else { Tile::EMPTY };
                    let ok = new[k] == old[k]
                        || new[k] == behind
                        || fold_pair(old[k].code(), behind.code()) == Some(new[k].code());
                    prop_assert!(ok, "{dir}: line {i} {:?} -> {:?}", old, new);
                }
                // the cell on the edge opposite the wall is free in a moved line
                if old != new {
                    prop_assert!(new[3].is_empty());
                }
            }
            prop_assert_eq!(count(b, 0) + merges as i64, count(after, 0));
        }
    }

    #[test]
    fn table_is_the_fold(line in any::<u16>()) {
        let b = Board(u64::from(line));
        let folded = b.swipe(Direction::Left).map_or(line, |s| s.board.row(0));
        prop_assert_eq!(folded, fold(line));
        let c = cells(line);
        prop_assert_eq!(folded == line, (0..3).all(|i| fold_pair(c[i], c[i + 1]).is_none()));
    }
}
