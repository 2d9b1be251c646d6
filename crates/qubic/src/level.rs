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

impl Level {
    /// What OTHER-1's level does, in words (the table in [`crate::other1`], after the
    /// OTHER-1 page's flowcharts, seed 001).
    #[must_use]
    pub const fn meaning(self) -> &'static str {
        match self.0 {
            1 => "you have four in a row: the machine has lost",
            2 => "the machine completes its own four in a row",
            3 => "the machine blocks your three in a row",
            4 => "the machine sets a two-way trap: a cell on two rows that each hold two of its marks",
            5 => "the machine forces: a cell where a row with one of its marks crosses rows with two",
            6 => "a quiet move kept for later (6MOV): on an empty row crossing the machine's rows",
            7 => "the machine blocks your two-way trap",
            8 => "the machine blocks your forcing move",
            9 => "a quiet move kept for later (9MOV): on an empty row crossing your rows",
            10 => "a cell on two rows that each hold one machine mark",
            11 => "nothing better: a random empty cell on the major diagonals",
            _ => "nothing better: a random empty cell anywhere (the Java program's level 12)",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a level list does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a level 1–12 (give levels as a comma list, e.g. 6,9)", ludomat_io::text::escape_controls(.0))]
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

    /// A bad item is quoted escaped: a control character never reaches the terminal.
    #[test]
    fn a_bad_item_is_quoted_escaped() {
        let e = "7,\u{1b}[2J".parse::<LevelSet>().unwrap_err().to_string();
        assert!(e.starts_with("'\\u{1b}[2J' is not a level 1–12"), "{e}");
        let e = "6\u{200b}".parse::<LevelSet>().unwrap_err().to_string();
        assert!(e.starts_with("'6\\u{200b}' is not"), "{e}");
    }

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
