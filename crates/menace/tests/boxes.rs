//! The boxes are generated, complete and exact; beads stay legal whatever happens.

use ludomat_game::Player;
use ludomat_menace::{BoxIndex, Menace, Opponent, Preset};
use ludomat_tictactoe::{canonical, enumerate, Board, Mark};
use proptest::prelude::*;

#[test]
fn box_counts_by_menaces_move() {
    assert_eq!(
        BoxIndex::of(Player::First).counts_by_move(),
        [1, 12, 108, 183]
    );
    assert_eq!(BoxIndex::of(Player::First).len(), 304);
    assert_eq!(
        BoxIndex::of(Player::Second).counts_by_move(),
        [3, 38, 153, 95]
    );
    assert_eq!(BoxIndex::of(Player::Second).len(), 289);
}

/// Every position MENACE can meet with a choice to make has exactly one box, and the
/// stored symmetry carries it onto the box's picture; no other board has a box.
#[test]
fn every_position_with_a_choice_has_its_box() {
    for side in [Player::First, Player::Second] {
        let ix = BoxIndex::of(side);
        let mut found = 0;
        for b in enumerate::reachable_positions() {
            let needs =
                b.to_move() == Mark::of(side) && !b.is_over() && b.empty_mask().count_ones() >= 2;
            match ix.find(b) {
                Some((id, s)) => {
                    assert!(needs, "{b}");
                    assert_eq!(s.apply(b), ix.pictures()[id.index()]);
                    assert_eq!(canonical(b).0, ix.pictures()[id.index()]);
                    found += 1;
                }
                None => assert!(!needs, "{b} has no box"),
            }
        }
        assert!(found > ix.len());
    }
    assert_eq!(
        BoxIndex::of(Player::First)
            .find(Board::EMPTY)
            .map(|(id, _)| id.index()),
        Some(0)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Whatever the rules, seeds and opponents: every bead in every box names an empty
    /// square of its picture, and every move MENACE makes is legal.
    #[test]
    fn only_legal_beads_ever(seed in 0u64..1_000_000, preset in 0usize..3, games in 1u64..400) {
        let rules = Preset::ALL[preset].rules();
        let mut m = Menace::new(rules, seed);
        let mut opponents = [Opponent::random(seed + 1), Opponent::perfect(seed + 2), Opponent::menace(rules, seed + 3)];
        for g in 0..games {
            let side = if g % 3 == 0 { Player::Second } else { Player::First };
            m.train_game(&mut opponents[(g % 3) as usize], side);
        }
        for side in [Player::First, Player::Second] {
            for (_, b) in m.boxes(side).iter() {
                for bead in ludomat_menace::Bead::ALL {
                    prop_assert!(b.beads(bead) == 0 || b.is_legal(bead), "{b}");
                }
            }
        }
        prop_assert_eq!(m.games(), games);
    }
}
