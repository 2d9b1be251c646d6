//! The card generator and the next-card hint.
//!
//! Each new card is drawn when the previous one has been placed, from the board as it is
//! then: once the highest card is ≥ 48 it is a *bonus* card with probability 1/21 (not
//! using up a deck card), worth 6 … max/8, each value equally likely; otherwise it is the
//! top card of the [`Deck`] (seed, "Tile Generator": `generate_new_tile_val`,
//! `new_bonus_tile`; spec, "The card generator").
//!
//! The player sees a *hint* for the next card, modelled as the set of values it may have:
//! 1, 2, 3 exactly; a bonus card as "+" (any value 6 … max/8) in the seed-era game
//! ([`HintModel::Plus`], the default), or as a window of up to three consecutive candidate
//! values in later versions ([`HintModel::Window`]).

use std::fmt;
use std::str::FromStr;

use crate::{Board, Deck, Tile};

/// The lowest card on the board that makes bonus cards possible (48).
pub const BONUS_THRESHOLD: Tile = Tile::from_nibble(7);
/// One card in this many is a bonus card once the board allows it.
pub const BONUS_ODDS: u32 = 21;

/// How a bonus card is announced.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum HintModel {
    /// The seed-era game: "+", any bonus value.
    #[default]
    Plus,
    /// Later versions: up to three consecutive candidate values, one of them the card.
    Window,
}

/// Text that names no hint model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a hint model: use plus or window", ludomat_io::text::escape_controls(.0))]
pub struct HintModelError(pub String);

impl FromStr for HintModel {
    type Err = HintModelError;
    fn from_str(s: &str) -> Result<HintModel, HintModelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "plus" | "+" => Ok(HintModel::Plus),
            "window" | "windowed" => Ok(HintModel::Window),
            _ => Err(HintModelError(s.to_string())),
        }
    }
}

impl HintModel {
    /// The hint model in words, as the README names it: `the '+' hint`, `the window
    /// hint` (`plus` and `window` are the names `--hint-model` takes).
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            HintModel::Plus => "the '+' hint",
            HintModel::Window => "the window hint",
        }
    }
}

impl fmt::Display for HintModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            HintModel::Plus => "plus",
            HintModel::Window => "window",
        })
    }
}

/// The next-card hint: the set of values the next card may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Hint {
    /// Bit `c` set: the card may have code `c` (1..=15).
    pub codes: u16,
    /// Shown as "+" (the seed-era bonus hint).
    pub plus: bool,
}

impl Hint {
    /// The hint for a known card.
    #[must_use]
    pub const fn exact(card: Tile) -> Hint {
        Hint {
            codes: 1 << card.code(),
            plus: false,
        }
    }

    /// The possible cards, lowest first.
    pub fn cards(self) -> impl Iterator<Item = Tile> {
        (1..16u8)
            .filter(move |c| self.codes & (1 << c) != 0)
            .map(Tile::from_nibble)
    }

    /// How many values are possible.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.codes.count_ones()
    }

    /// No possible value (never produced by the generator).
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.codes == 0
    }

    /// True when `card` is one of the possible values.
    #[must_use]
    pub const fn allows(self, card: Tile) -> bool {
        self.codes & (1 << card.code()) != 0
    }
}

impl fmt::Display for Hint {
    /// "1", "2", "3", "+" or "6/12/24" (thousands separated, as every number a person
    /// reads: "1,536/3,072/6,144").
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.plus {
            return f.pad("+");
        }
        let s: Vec<String> = self
            .cards()
            .map(|t| ludomat_io::text::thousands(u64::from(t.value())))
            .collect();
        f.pad(&s.join("/"))
    }
}

/// The codes of the bonus cards a board allows: 6 … max/8 (empty below 48).
#[must_use]
pub fn bonus_codes(board: Board) -> std::ops::RangeInclusive<u8> {
    let max = board.max_tile().code();
    if max < BONUS_THRESHOLD.code() {
        #[allow(clippy::reversed_empty_ranges)]
        return 4..=3;
    }
    4..=max - 3
}

/// Draw the next card for `board` and its hint.
///
/// The random numbers are taken in the seed's order: first the 1-in-21 bonus roll (only
/// when the board allows bonus cards), then the bonus value or the deck card, then (window
/// model only) the window's placement.
pub fn next_card(
    board: Board,
    deck: &mut Deck,
    model: HintModel,
    rng: &mut impl rand::Rng,
) -> (Tile, Hint) {
    let bonus = bonus_codes(board);
    if !bonus.is_empty() && rng.gen_range(0..BONUS_ODDS) == 0 {
        let (lo, hi) = (*bonus.start(), *bonus.end());
        let card = Tile::from_nibble(rng.gen_range(lo..=hi));
        let hint = match model {
            HintModel::Plus => Hint {
                codes: range_mask(lo, hi),
                plus: true,
            },
            HintModel::Window => {
                // a window of three consecutive values (fewer if the range is smaller)
                // holding the card, placed uniformly among those inside the range
                let c = card.code();
                let size = (hi - lo + 1).min(3);
                let first = (c + 1).saturating_sub(size).max(lo);
                let last = c.min(hi + 1 - size);
                let start = rng.gen_range(first..=last);
                Hint {
                    codes: range_mask(start, start + size - 1),
                    plus: false,
                }
            }
        };
        (card, hint)
    } else {
        let card = deck.draw(rng);
        (card, Hint::exact(card))
    }
}

/// The set of codes `lo..=hi` as a hint mask.
#[must_use]
pub fn range_mask(lo: u8, hi: u8) -> u16 {
    (lo..=hi).fold(0u16, |m, c| m | (1 << c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_with_max(v: u64) -> Board {
        Board::EMPTY.with(0, 0, Tile::from_value(v).unwrap())
    }

    #[test]
    fn no_bonus_below_48() {
        let mut rng = ludomat_game::seed::rng(3);
        let mut deck = Deck::FRESH;
        for _ in 0..10_000 {
            let (c, h) = next_card(board_with_max(24), &mut deck, HintModel::Plus, &mut rng);
            assert!(c.code() <= 3);
            assert_eq!(h, Hint::exact(c));
        }
        assert!(bonus_codes(board_with_max(24)).is_empty());
        assert_eq!(bonus_codes(board_with_max(48)), 4..=4);
        assert_eq!(bonus_codes(board_with_max(768)), 4..=8);
    }

    #[test]
    fn hints_hold_the_card() {
        let mut rng = ludomat_game::seed::rng(4);
        let mut deck = Deck::FRESH;
        for model in [HintModel::Plus, HintModel::Window] {
            for max in [48, 96, 192, 768, 12288] {
                for _ in 0..2_000 {
                    let (c, h) = next_card(board_with_max(max), &mut deck, model, &mut rng);
                    assert!(h.allows(c), "{model} {max}: {c} not in {h}");
                    if c.code() >= 4 {
                        assert!(h.len() <= if model == HintModel::Window { 3 } else { 12 });
                        assert_eq!(h.plus, model == HintModel::Plus);
                        if model == HintModel::Window {
                            let codes: Vec<u8> = h.cards().map(Tile::code).collect();
                            assert!(codes.windows(2).all(|w| w[1] == w[0] + 1));
                            assert_eq!(
                                h.len(),
                                (bonus_codes(board_with_max(max)).count() as u32).min(3)
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn hint_text() {
        assert_eq!(Hint::exact(Tile::from_nibble(2)).to_string(), "2");
        assert_eq!(
            Hint {
                codes: range_mask(4, 6),
                plus: true
            }
            .to_string(),
            "+"
        );
        assert_eq!(
            Hint {
                codes: range_mask(4, 6),
                plus: false
            }
            .to_string(),
            "6/12/24"
        );
        // large cards with thousands, as every number a person reads
        assert_eq!(
            Hint {
                codes: range_mask(12, 13),
                plus: false
            }
            .to_string(),
            "1,536/3,072"
        );
        assert_eq!("window".parse::<HintModel>().unwrap(), HintModel::Window);
        assert!("x".parse::<HintModel>().is_err());
    }
}
