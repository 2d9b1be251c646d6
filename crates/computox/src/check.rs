//! [`Check`]: one position test wired to a uniselector contact.

use std::fmt;

use crate::{Square, Squares, Tactic};

/// Which control-relay contact, if any, sits in series with a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gate {
    /// Wired straight to the uniselector contact.
    Always,
    /// Through a break contact of the X relay (X-B1): cut while the machine is beatable.
    UnlessX,
    /// Through a break contact of the OS relay: cut when the machine started.
    UnlessOs,
    /// Through a make contact of the OS relay: live only when the machine started.
    OnlyOs,
}

impl Gate {
    /// Whether current passes, given the OS and X relays.
    #[must_use]
    pub const fn passes(self, os: bool, x: bool) -> bool {
        match self {
            Gate::Always => true,
            Gate::UnlessX => !x,
            Gate::UnlessOs => !os,
            Gate::OnlyOs => os,
        }
    }
}

/// One test of the board: a chain of make contacts on `*OA`/`*OB` latches (the machine's
/// squares `o`) and `*XA`/`*XB` latches (the human's squares `x`), and the target square
/// free, ending in the target's `*OA` coil. When the wiper grounds the contact and the
/// chain is closed, the coil energises and latches: the machine claims `target`.
///
/// The target test is a break contact on the target's `*XA` (the interlock). If the
/// machine already holds the target its `*OA` is already latched and the pulse changes
/// nothing, so the sweep goes on; a check therefore only *claims* an empty square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Check {
    /// The tactic the check belongs to.
    pub tactic: Tactic,
    /// Squares the machine (O) must hold.
    pub o: Squares,
    /// Squares the human (X) must hold.
    pub x: Squares,
    /// The square claimed.
    pub target: Square,
    /// Control-relay contact in series.
    pub gate: Gate,
}

impl Check {
    /// Whether the chain is closed for these latches and relays.
    #[must_use]
    pub const fn matches(&self, o: Squares, x: Squares, os: bool, x_relay: bool) -> bool {
        self.gate.passes(os, x_relay)
            && o.contains_all(self.o)
            && x.contains_all(self.x)
            && !o.contains(self.target)
            && !x.contains(self.target)
    }

    /// A sentence for `--explain`.
    #[must_use]
    pub fn describe(&self) -> String {
        let gate = match self.gate {
            Gate::Always => "",
            Gate::UnlessX => " (through X-B1: only while the X relay is released)",
            Gate::UnlessOs => " (through an OS break contact: only when the human started)",
            Gate::OnlyOs => " (through an OS make contact: only when the machine started)",
        };
        let t = self.target;
        match self.tactic {
            Tactic::Win => format!(
                "O holds {} and {t} is free: complete the line{gate}",
                self.o
            ),
            Tactic::Block => format!("X holds {} and {t} is free: block the line{gate}", self.x),
            Tactic::ForkPrevention => format!(
                "O holds {}, X holds {}, {t} is free: stop the fork{gate}",
                self.o, self.x
            ),
            Tactic::GoodSquare => format!("{t} is free: take the next good square{gate}"),
        }
    }
}

impl fmt::Display for Check {
    /// `O:AC→B` (win), `X:AC→B` (block), `O:E X:AJ→B` (fork), `→E` (good square).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.tactic {
            Tactic::Win => write!(f, "O:{}→{}", self.o, self.target),
            Tactic::Block => write!(f, "X:{}→{}", self.x, self.target),
            Tactic::ForkPrevention => write!(f, "O:{} X:{}→{}", self.o, self.x, self.target),
            Tactic::GoodSquare => write!(f, "→{}", self.target),
        }
    }
}
