//! A game of Threes!: the board, the deck, the hidden next card and its hint, the seeded
//! random numbers.

use rand::seq::SliceRandom as _;
use rand::Rng as _;

use crate::card::{next_card, Hint, HintModel};
use crate::{Board, Deck, Direction, Tile};

/// What the player (and the AI) may know: the board, the cards left in the deck (a player
/// can count them) and the hint. The next card itself stays hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The board.
    pub board: Board,
    /// The basic cards left in the deck, after the hinted card was drawn.
    pub deck: Deck,
    /// The hint for the card the next swipe brings in.
    pub hint: Hint,
}

/// One swipe as it happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The swipe.
    pub direction: Direction,
    /// The card that came in.
    pub card: Tile,
    /// The hint that announced it.
    pub hint: Hint,
    /// The moved line it entered (row for left/right, column for up/down).
    pub line: usize,
    /// The board before the swipe.
    pub before: Board,
    /// The board after the swipe and the new card.
    pub after: Board,
}

/// A swipe that moves nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("swiping {0} moves nothing")]
pub struct IllegalSwipe(pub Direction);

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Threes {
    board: Board,
    deck: Deck,
    next: Tile,
    hint: Hint,
    model: HintModel,
    rng: ludomat_game::seed::Rng,
    moves: u32,
    seed: u64,
}

impl Threes {
    /// A new game: nine cards from a fresh shuffled deck on nine random cells; the first
    /// hint comes from the three cards left (spec, "Start").
    #[must_use]
    pub fn new(seed: u64, model: HintModel) -> Threes {
        let mut rng = ludomat_game::seed::rng(seed);
        let mut deck = Deck::FRESH;
        let mut cells: Vec<usize> = (0..16).collect();
        cells.shuffle(&mut rng);
        let mut board = Board::EMPTY;
        for &i in &cells[..9] {
            board = board.with(i / 4, i % 4, deck.draw(&mut rng));
        }
        let (next, hint) = next_card(board, &mut deck, model, &mut rng);
        Threes {
            board,
            deck,
            next,
            hint,
            model,
            rng,
            moves: 0,
            seed,
        }
    }

    /// The seed the game was started with.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The deck as it is now (the hinted card already drawn).
    #[must_use]
    pub fn deck(&self) -> Deck {
        self.deck
    }

    /// The hint for the next card.
    #[must_use]
    pub fn hint(&self) -> Hint {
        self.hint
    }

    /// The next card itself (hidden from the player; for records and tests).
    #[must_use]
    pub fn next_card(&self) -> Tile {
        self.next
    }

    /// The hint model.
    #[must_use]
    pub fn model(&self) -> HintModel {
        self.model
    }

    /// Swipes made.
    #[must_use]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The score of the board.
    #[must_use]
    pub fn score(&self) -> u64 {
        self.board.score()
    }

    /// No swipe moves anything.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.board.is_dead()
    }

    /// What the player knows.
    #[must_use]
    pub fn position(&self) -> Position {
        Position {
            board: self.board,
            deck: self.deck,
            hint: self.hint,
        }
    }

    /// Swipe: fold the lines, bring the next card in on the opposite edge of a moved line
    /// chosen uniformly, and draw the card after it.
    ///
    /// # Errors
    /// When the swipe moves no line; the game is unchanged.
    pub fn swipe(&mut self, direction: Direction) -> Result<Turn, IllegalSwipe> {
        let swiped = self.board.swipe(direction).ok_or(IllegalSwipe(direction))?;
        let k = swiped.moved_count() as usize;
        let pick = self.rng.gen_range(0..k);
        let line = swiped.moved_lines().nth(pick).unwrap_or(0);
        let before = self.board;
        let (card, hint) = (self.next, self.hint);
        self.board = swiped.board.insert(direction, line, card);
        let (next, next_hint) = next_card(self.board, &mut self.deck, self.model, &mut self.rng);
        self.next = next;
        self.hint = next_hint;
        self.moves += 1;
        Ok(Turn {
            direction,
            card,
            hint,
            line,
            before,
            after: self.board,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_nine_cards_from_one_deck() {
        for seed in 0..200 {
            let g = Threes::new(seed, HintModel::Plus);
            let cells = g.board().cells();
            assert_eq!(cells.iter().filter(|t| !t.is_empty()).count(), 9);
            let mut counts = [0u8; 3];
            for t in cells.iter().filter(|t| !t.is_empty()) {
                counts[t.code() as usize - 1] += 1;
            }
            counts[g.next_card().code() as usize - 1] += 1;
            // the nine placed, the hinted card and the two left make one deck
            for (placed, left) in counts.iter().zip(g.deck().counts) {
                assert_eq!(placed + left, 4);
            }
            assert_eq!(g.deck().len(), 2);
        }
    }

    #[test]
    fn swipes_follow_the_rules() {
        let mut g = Threes::new(5, HintModel::Plus);
        let mut moves = 0;
        while !g.is_over() && moves < 300 {
            let legal = g.board().legal_swipes();
            let d = legal[moves % legal.len()];
            let before = g.board();
            let hint = g.hint();
            let t = g.swipe(d).unwrap();
            assert!(hint.allows(t.card));
            let s = before.swipe(d).unwrap();
            assert!(s.moved & (1 << t.line) != 0);
            assert_eq!(s.board.insert(d, t.line, t.card), g.board());
            moves += 1;
        }
        for d in Direction::ALL {
            if !g.board().can_swipe(d) {
                let b = g.board();
                assert_eq!(g.swipe(d), Err(IllegalSwipe(d)));
                assert_eq!(g.board(), b);
            }
        }
    }
}
