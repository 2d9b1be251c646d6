//! The basic-card deck: twelve cards, four each of 1, 2 and 3, shuffled.
//!
//! The seed keeps the deck as the count of each value left (`rem_tile_count`) and draws a
//! uniformly random remaining card, which is the same as turning up the top card of a
//! shuffled stack (seed, "Tile Generator", quoting kamikaze28's description). When the
//! last card is drawn a fresh deck is created at once, so a `Deck` is never empty.

use std::fmt;

use crate::Tile;

/// The cards left in the current deck: how many 1s, 2s and 3s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Deck {
    /// Remaining 1s, 2s and 3s (each 0..=4, not all 0).
    pub counts: [u8; 3],
}

/// A deck that cannot be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a deck holds 0 to 4 of each of 1, 2 and 3 and at least one card, not {} ones, {} twos and {} threes", .0[0], .0[1], .0[2])]
pub struct DeckError(pub [u8; 3]);

impl Default for Deck {
    fn default() -> Deck {
        Deck::FRESH
    }
}

impl Deck {
    /// A full deck: four of each.
    pub const FRESH: Deck = Deck { counts: [4, 4, 4] };

    /// A deck with these counts.
    ///
    /// # Errors
    /// A count above 4, or no card at all.
    pub fn new(counts: [u8; 3]) -> Result<Deck, DeckError> {
        if counts.iter().any(|&c| c > 4) || counts == [0, 0, 0] {
            return Err(DeckError(counts));
        }
        Ok(Deck { counts })
    }

    /// Cards left.
    #[must_use]
    pub const fn len(self) -> u8 {
        self.counts[0] + self.counts[1] + self.counts[2]
    }

    /// Never true (a fresh deck replaces an empty one at once); for clippy's sake.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The deck after `card` (1, 2 or 3) has been drawn from it, refilled if that was the
    /// last card. A card the deck does not hold leaves it unchanged.
    #[must_use]
    pub const fn after_drawing(self, card: Tile) -> Deck {
        let i = card.code() as usize;
        if i == 0 || i > 3 || self.counts[i - 1] == 0 {
            return self;
        }
        let mut counts = self.counts;
        counts[i - 1] -= 1;
        if counts[0] + counts[1] + counts[2] == 0 {
            Deck::FRESH
        } else {
            Deck { counts }
        }
    }

    /// Draw the top card of the shuffled deck.
    pub fn draw(&mut self, rng: &mut impl rand::Rng) -> Tile {
        let total = self.len();
        let n = if total == 0 {
            0
        } else {
            rng.gen_range(0..total)
        };
        let code = if n < self.counts[0] {
            1
        } else if n < self.counts[0] + self.counts[1] {
            2
        } else {
            3
        };
        let card = Tile::from_nibble(code);
        *self = self.after_drawing(card);
        card
    }

    /// Each basic card with the probability of drawing it next.
    pub fn odds(self) -> impl Iterator<Item = (Tile, f64)> {
        let total = f64::from(self.len());
        (0..3).filter(move |&i| self.counts[i] > 0).map(move |i| {
            (
                Tile::from_nibble(i as u8 + 1),
                f64::from(self.counts[i]) / total,
            )
        })
    }

    /// A small number identifying the deck (for transposition keys): 0..125.
    #[must_use]
    pub const fn key(self) -> u64 {
        (self.counts[0] as u64) * 25 + (self.counts[1] as u64) * 5 + self.counts[2] as u64
    }
}

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "1×{} 2×{} 3×{}",
            self.counts[0], self.counts[1], self.counts[2]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every aligned run of 12 basic cards from a fresh deck is four of each.
    #[test]
    fn twelve_consecutive_cards_are_four_of_each() {
        let mut rng = ludomat_game::seed::rng(12);
        let mut deck = Deck::FRESH;
        for _ in 0..10_000 {
            let mut seen = [0; 3];
            for _ in 0..12 {
                seen[deck.draw(&mut rng).code() as usize - 1] += 1;
            }
            assert_eq!(seen, [4, 4, 4]);
            assert_eq!(deck, Deck::FRESH);
        }
    }

    #[test]
    fn last_card_refills() {
        let d = Deck::new([0, 0, 1]).unwrap();
        assert_eq!(d.after_drawing(Tile::from_nibble(3)), Deck::FRESH);
        assert!(Deck::new([0, 0, 0]).is_err());
        assert!(Deck::new([5, 0, 0]).is_err());
        let odds: Vec<_> = Deck::new([2, 0, 2]).unwrap().odds().collect();
        assert_eq!(
            odds,
            vec![(Tile::from_nibble(1), 0.5), (Tile::from_nibble(3), 0.5)]
        );
    }
}
