//! The card generator: the deck, the bonus odds, the bonus values.

use ludomat_threes::card::{bonus_codes, next_card};
use ludomat_threes::{Board, Deck, HintModel, Tile};

fn board_with_max(v: u64) -> Board {
    Board::EMPTY.with(2, 1, Tile::from_value(v).unwrap())
}

/// 1,000,000 cards with a 768 on the board: bonus cards at 1/21, values uniform in 6…96,
/// and the basic cards still four of each in every 12.
#[test]
fn bonus_frequency_and_values() {
    const DRAWS: u32 = 1_000_000;
    let mut rng = ludomat_game::seed::rng(2024);
    let mut deck = Deck::FRESH;
    let board = board_with_max(768);
    let codes = bonus_codes(board);
    assert_eq!(
        codes
            .clone()
            .map(|c| Tile::from_nibble(c).value())
            .collect::<Vec<_>>(),
        [6, 12, 24, 48, 96]
    );
    let mut by_value = [0u32; 16];
    let mut basic = [0u32; 3];
    let mut basic_seen = 0;
    let mut bonus = 0u32;
    for _ in 0..DRAWS {
        let (card, hint) = next_card(board, &mut deck, HintModel::Plus, &mut rng);
        assert!(hint.allows(card));
        if card.code() >= 4 {
            bonus += 1;
            by_value[card.code() as usize] += 1;
            assert!(codes.contains(&card.code()));
            assert!(hint.plus);
        } else {
            basic[card.code() as usize - 1] += 1;
            basic_seen += 1;
            if basic_seen % 12 == 0 {
                assert_eq!(basic, [4, 4, 4], "after {basic_seen} basic cards");
                basic = [0; 3];
            }
        }
    }
    // expected 47,619.05, σ ≈ 213: ±1,300 is more than 6σ (and the seed is fixed)
    let expected = f64::from(DRAWS) / 21.0;
    assert!(
        (f64::from(bonus) - expected).abs() < 1_300.0,
        "{bonus} bonus cards, expected ≈{expected:.0}"
    );
    // each of the 5 values ≈ 9,524 (σ ≈ 87): within ±600, and a chi-square under 20.5
    // (4 degrees of freedom, p ≈ 0.0004)
    let each = f64::from(bonus) / 5.0;
    let mut chi2 = 0.0;
    for c in codes {
        let n = f64::from(by_value[c as usize]);
        assert!(
            (n - each).abs() < 600.0,
            "value {} drawn {n} times, expected ≈{each:.0}",
            Tile::from_nibble(c)
        );
        chi2 += (n - each).powi(2) / each;
    }
    assert!(chi2 < 20.5, "chi-square {chi2}");
}

#[test]
fn no_bonus_without_a_48() {
    let mut rng = ludomat_game::seed::rng(1);
    let mut deck = Deck::FRESH;
    for max in [3, 6, 12, 24] {
        for _ in 0..21_000 {
            let (card, _) = next_card(board_with_max(max), &mut deck, HintModel::Plus, &mut rng);
            assert!(card.code() <= 3);
        }
    }
}

#[test]
fn window_hints_are_three_consecutive_values() {
    let mut rng = ludomat_game::seed::rng(5);
    let mut deck = Deck::FRESH;
    let mut windows = std::collections::BTreeSet::new();
    for _ in 0..100_000 {
        let (card, hint) = next_card(board_with_max(3072), &mut deck, HintModel::Window, &mut rng);
        if card.code() >= 4 {
            assert!(hint.allows(card) && !hint.plus && hint.len() == 3);
            windows.insert(hint.to_string());
        }
    }
    // 6…384: the windows 6/12/24 … 96/192/384
    assert_eq!(windows.len(), 5, "{windows:?}");
}
