//! The mechanical game counter, stepped by RESET.

use std::fmt;

/// A four-wheel mechanical counter: 0000 … 9999, then round to 0000. RESET steps it once,
/// so it counts games started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GameCounter(u16);

impl GameCounter {
    /// The counter showing `reading` (taken modulo 10,000, as the wheels would).
    #[must_use]
    pub const fn new(reading: u16) -> GameCounter {
        GameCounter(reading % 10_000)
    }

    /// What the wheels show.
    #[must_use]
    pub const fn reading(self) -> u16 {
        self.0
    }

    /// One step.
    pub fn step(&mut self) {
        self.0 = (self.0 + 1) % 10_000;
    }
}

impl fmt::Display for GameCounter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wheels_roll_over() {
        let mut c = GameCounter::new(9_999);
        assert_eq!(c.to_string(), "9999");
        c.step();
        assert_eq!(c.to_string(), "0000");
        c.step();
        assert_eq!(c.reading(), 1);
    }
}
