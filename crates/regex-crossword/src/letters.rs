//! Sets of letters: what a cell may still hold, and what a clue's class accepts.
//!
//! A puzzle's characters are printable ASCII (regexcrossword.com uses capital letters,
//! digits and a few signs), so a set is one 128-bit word: bit `c` is the character with
//! code `c`. Propagation intersects and unites these words; nothing else is needed.

use std::fmt;

/// A set of ASCII characters.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Letters(u128);

impl Letters {
    /// No character.
    pub const EMPTY: Letters = Letters(0);

    /// The capital letters A–Z, the default alphabet.
    #[must_use]
    pub fn capitals() -> Letters {
        Letters::range(b'A', b'Z')
    }

    /// One character (nothing when `c` is not ASCII).
    #[must_use]
    pub fn single(c: u8) -> Letters {
        if c < 128 {
            Letters(1u128 << c)
        } else {
            Letters::EMPTY
        }
    }

    /// The characters `lo ..= hi` (empty when `lo > hi`).
    #[must_use]
    pub fn range(lo: u8, hi: u8) -> Letters {
        (lo..=hi.min(127)).fold(Letters::EMPTY, |s, c| s.with(c))
    }

    /// The set of the characters of `text` (non-ASCII ones left out).
    #[must_use]
    pub fn of(text: &str) -> Letters {
        text.bytes().fold(Letters::EMPTY, Letters::with)
    }

    /// This set and `c`.
    #[must_use]
    pub fn with(self, c: u8) -> Letters {
        self | Letters::single(c)
    }

    /// This set less `c`.
    #[must_use]
    pub fn without(self, c: u8) -> Letters {
        Letters(self.0 & !Letters::single(c).0)
    }

    /// Whether `c` is in the set.
    #[must_use]
    pub fn contains(self, c: u8) -> bool {
        c < 128 && self.0 & (1u128 << c) != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many characters the set holds.
    #[must_use]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The only character, when there is exactly one.
    #[must_use]
    pub fn only(self) -> Option<u8> {
        (self.len() == 1).then(|| self.0.trailing_zeros() as u8)
    }

    /// The characters in code order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0u8..128).filter(move |&c| self.contains(c))
    }

    /// Whether every character of `self` is in `other`.
    #[must_use]
    pub fn is_subset(self, other: Letters) -> bool {
        self.0 & !other.0 == 0
    }
}

impl std::ops::BitOr for Letters {
    type Output = Letters;
    fn bitor(self, rhs: Letters) -> Letters {
        Letters(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Letters {
    fn bitor_assign(&mut self, rhs: Letters) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAnd for Letters {
    type Output = Letters;
    fn bitand(self, rhs: Letters) -> Letters {
        Letters(self.0 & rhs.0)
    }
}

impl std::ops::Sub for Letters {
    type Output = Letters;
    fn sub(self, rhs: Letters) -> Letters {
        Letters(self.0 & !rhs.0)
    }
}

impl fmt::Display for Letters {
    /// The characters in order, runs of three or more written as ranges: `A-CEX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chars: Vec<u8> = self.iter().collect();
        let mut i = 0;
        while i < chars.len() {
            let mut j = i;
            while j + 1 < chars.len() && chars[j + 1] == chars[j] + 1 {
                j += 1;
            }
            if j >= i + 2 {
                write!(f, "{}-{}", chars[i] as char, chars[j] as char)?;
            } else {
                for &c in &chars[i..=j] {
                    write!(f, "{}", c as char)?;
                }
            }
            i = j + 1;
        }
        Ok(())
    }
}

impl fmt::Debug for Letters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_and_display() {
        let a = Letters::of("ABCX");
        assert_eq!(a.len(), 4);
        assert_eq!(a.to_string(), "A-CX");
        assert_eq!((a & Letters::of("BX")).to_string(), "BX");
        assert_eq!((a - Letters::of("A")).to_string(), "BCX");
        assert_eq!(Letters::single(b'Q').only(), Some(b'Q'));
        assert_eq!(a.only(), None);
        assert_eq!(Letters::capitals().len(), 26);
        assert!(Letters::of("AB").is_subset(a));
        assert!(!Letters::of("AZ").is_subset(a));
        assert!(Letters::single(200).is_empty());
    }
}
