//! SAL, the second uniselector: the hidden chance that the machine is beatable.

use std::fmt;

/// A contact of SAL, numbered N2 … N17 like U1's wired contacts (16 contacts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SalContact(u8);

impl SalContact {
    /// The first contact.
    pub const FIRST: SalContact = SalContact(2);
    /// The last contact.
    pub const LAST: SalContact = SalContact(17);

    /// Contact `SAL-N<number>`, 2 ≤ number ≤ 17.
    #[must_use]
    pub const fn new(number: u8) -> Option<SalContact> {
        if number >= 2 && number <= 17 {
            Some(SalContact(number))
        } else {
            None
        }
    }

    /// The contact number.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for SalContact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SAL-N{:02}", self.0)
    }
}

/// The four SAL contacts wired, each through one hidden MODE switch, to the X relay's
/// coil. The blog names them 04, 08, 13 and 17; with SAL's 16 contacts numbered 2–17
/// (our numbering) those are four of the sixteen: one game in four.
pub const SAL_TAPS: [SalContact; 4] =
    [SalContact(4), SalContact(8), SalContact(13), SalContact(17)];

/// The second uniselector. It spins while RESET is held and stops wherever it is when
/// RESET is released; if it stops on one of [`SAL_TAPS`] whose MODE switch is set, the
/// X relay energises and latches for the coming game. The release moment is the
/// player's, so we draw it from the machine's seeded generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sal {
    position: SalContact,
}

impl Default for Sal {
    fn default() -> Self {
        Sal {
            position: SalContact::FIRST,
        }
    }
}

impl Sal {
    /// Where the wiper rests.
    #[must_use]
    pub const fn position(&self) -> SalContact {
        self.position
    }

    /// Spin while RESET is held; stop on a contact chosen by `rng`.
    pub fn spin<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) -> SalContact {
        self.position = SalContact(rng.gen_range(2..=17));
        self.position
    }

    /// Which of the four taps (0–3) the wiper rests on, if any.
    #[must_use]
    pub fn tap(&self) -> Option<usize> {
        SAL_TAPS.iter().position(|t| *t == self.position)
    }

    /// Whether current reaches the X relay through SAL and the MODE switches.
    #[must_use]
    pub fn energises_x(&self, mode_switches: [bool; 4]) -> bool {
        self.tap().is_some_and(|t| mode_switches[t])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_one_game_in_four() {
        let mut rng = ludomat_game::seed::rng(3);
        let mut sal = Sal::default();
        let n = 16_000;
        let hits = (0..n)
            .filter(|_| {
                sal.spin(&mut rng);
                sal.energises_x([true; 4])
            })
            .count();
        // 4000 expected; 5 sigma is about 275.
        assert!((3725..=4275).contains(&hits), "{hits}");
        assert!(!sal.energises_x([false; 4]));
        assert_eq!(
            SalContact::new(13).map(|c| c.to_string()),
            Some("SAL-N13".into())
        );
        assert!(SalContact::new(18).is_none());
    }
}
