//! [`Tactic`]: the four tactics of the Computox's strategy, in priority order.

use std::fmt;

/// One of the four tactics (seed 000, "The strategy the Computox employs comprises four
/// tactics, in priority order"). The uniselector reaches the contacts of a lower-numbered
/// tactic first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tactic {
    /// 1 — complete a line of noughts and win.
    Win,
    /// 2 — block the human's line of crosses.
    Block,
    /// 3 — stop the human setting up a fork.
    ForkPrevention,
    /// 4 — take the first empty "good" square.
    GoodSquare,
}

impl Tactic {
    /// The four tactics in priority order.
    pub const ALL: [Tactic; 4] = [
        Tactic::Win,
        Tactic::Block,
        Tactic::ForkPrevention,
        Tactic::GoodSquare,
    ];

    /// The tactic's number, 1–4.
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// A short name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Tactic::Win => "win",
            Tactic::Block => "block",
            Tactic::ForkPrevention => "fork prevention",
            Tactic::GoodSquare => "good square",
        }
    }
}

impl fmt::Display for Tactic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tactic {} ({})", self.number(), self.name())
    }
}
