//! [`Level`]: the strategy level that produced a machine move, and [`LevelSet`].

use std::fmt;
use std::str::FromStr;

/// A program level: 1–12 for OTHER-1 (11 is the default, 12 the Java program's addition),
/// 1–9 for the 1962 deck, whose default scan is reported as level 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

impl Level {
    /// Level `n` (1–12).
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 12 {
            Some(Level(n))
        } else {
            None
        }
    }

    pub(crate) const fn n(n: u8) -> Level {
        Level(n)
    }

    /// The level's number.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a level list does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a level 1–12 (give levels as a comma list, e.g. 6,9)")]
pub struct ParseLevelError(pub String);

/// A set of levels (for switching levels off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LevelSet(u16);

impl LevelSet {
    /// No levels.
    pub const NONE: LevelSet = LevelSet(0);

    /// Whether `n` is in the set.
    #[must_use]
    pub const fn contains(self, n: u8) -> bool {
        self.0 >> n & 1 == 1
    }

    /// With level `n` added.
    #[must_use]
    pub const fn with(self, n: u8) -> LevelSet {
        LevelSet(self.0 | 1 << n)
    }
}

impl FromStr for LevelSet {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut set = LevelSet::NONE;
        if s.trim().is_empty() {
            return Ok(set);
        }
        // every comma separates two levels: `6,,9` and `,,,` name a missing level
        for part in s.split(',').map(str::trim) {
            if part.is_empty() {
                return Err(ParseLevelError(s.to_string()));
            }
            match part.parse::<u8>().ok().and_then(Level::new) {
                Some(l) => set = set.with(l.number()),
                None => return Err(ParseLevelError(part.to_string())),
            }
        }
        Ok(set)
    }
}

impl fmt::Display for LevelSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = (1..=12)
            .filter(|&n| self.contains(n))
            .map(|n| n.to_string())
            .collect();
        f.write_str(&v.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_sets_parse() {
        let s: LevelSet = "6, 9".parse().unwrap();
        assert!(s.contains(6) && s.contains(9) && !s.contains(7));
        assert_eq!(s.to_string(), "6,9");
        assert!("13".parse::<LevelSet>().is_err());
        assert!("x".parse::<LevelSet>().is_err());
        assert_eq!("".parse::<LevelSet>().unwrap(), LevelSet::NONE);
        assert!(",,,".parse::<LevelSet>().is_err());
        assert!("6,,9".parse::<LevelSet>().is_err());
    }
}
