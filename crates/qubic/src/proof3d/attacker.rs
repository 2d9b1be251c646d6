//! What the first player does at a 4³ position: the common language of the strategies
//! that prove its win (Patashnik's dictionary with our tactics, our own search) and of the
//! certificate written from them.
//!
//! Positions are two bitboards over the 64 cells of [`super::tables`] (bit `c` is cell
//! `c`): `x` the first player's stones, `o` the second player's, the first player to move.

/// The first player's answer at a position where it is to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Play this cell (0..64) and let the second player reply with anything.
    Move(usize),
    /// A threat sequence of first-player cells: every cell makes a three (so the second
    /// player's block is forced and is not stored) and blocks any three of the second
    /// player's; the last cell completes four or leaves two threes, so the game is won.
    Threats(Vec<usize>),
}

/// A first-player strategy for 4³ that a proof follows.
pub trait AttackerStrategy: Sync {
    /// The answer at the position (`x`, `o`), first player to move; `None` where the
    /// strategy has no answer (a gap in the proof).
    fn answer(&self, x: u64, o: u64) -> Option<Answer>;
}
