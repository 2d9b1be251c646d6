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

/// A tactic name that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a tactic: expected 1–4, win, block, fork or good", ludomat_io::text::escape_controls(.0))]
pub struct ParseTacticError(pub String);

impl std::str::FromStr for Tactic {
    type Err = ParseTacticError;
    /// `1`–`4`, `win`, `block`, `fork` (or `fork prevention`), `good` (or `good square`).
    fn from_str(s: &str) -> Result<Tactic, ParseTacticError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "1" | "win" => Ok(Tactic::Win),
            "2" | "block" => Ok(Tactic::Block),
            "3" | "fork" | "fork prevention" => Ok(Tactic::ForkPrevention),
            "4" | "good" | "good square" => Ok(Tactic::GoodSquare),
            _ => Err(ParseTacticError(s.trim().to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_round_trip() {
        for t in Tactic::ALL {
            assert_eq!(t.name().parse::<Tactic>(), Ok(t));
            assert_eq!(t.number().to_string().parse::<Tactic>(), Ok(t));
        }
        assert_eq!(
            Tactic::ForkPrevention.to_string(),
            "tactic 3 (fork prevention)"
        );
        assert!("5".parse::<Tactic>().is_err());
    }
}
