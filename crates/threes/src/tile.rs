//! A card (tile) of Threes!: 1, 2 or 3·2ⁿ, coded in one nibble.
//!
//! The code is the seed's `c(x)`: `x` for `x ≤ 3`, else `3 + log2(x/3)`; code 0 is an
//! empty cell, and code 15 is the largest card, 12288 (seed, "Threes! AI — Game
//! Representation", section "Tiles").

use std::fmt;
use std::str::FromStr;

/// One cell's content as its nibble code (0 = empty, 1 = "1", 2 = "2", 3 = "3", 4 = "6", …,
/// 15 = "12288").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Tile(u8);

/// A value that is no Threes! card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileError {
    /// Not 0, 1, 2 or 3·2ⁿ up to 12288.
    #[error("{} is not a Threes! card value (0, 1, 2, 3, 6, 12, … 12,288)", ludomat_io::text::thousands(*.0))]
    Value(u64),
    /// Not a number at all.
    #[error("{} is not a card value", ludomat_io::text::quoted(.0, 40))]
    Text(String),
}

impl Tile {
    /// The empty cell.
    pub const EMPTY: Tile = Tile(0);
    /// The largest code a nibble holds (12288).
    pub const MAX_CODE: u8 = 15;

    /// The tile with this nibble code.
    ///
    /// # Errors
    /// A code above 15.
    pub fn from_code(code: u8) -> Result<Tile, TileError> {
        if code > Self::MAX_CODE {
            return Err(TileError::Value(u64::from(code)));
        }
        Ok(Tile(code))
    }

    /// The tile with this code, masked to a nibble (for table builders).
    #[must_use]
    pub const fn from_nibble(code: u8) -> Tile {
        Tile(code & 0xF)
    }

    /// The tile showing `value` (0 for an empty cell).
    ///
    /// # Errors
    /// When `value` is not 0, 1, 2 or 3·2ⁿ ≤ 12288.
    pub fn from_value(value: u64) -> Result<Tile, TileError> {
        match value {
            0..=3 => Ok(Tile(value as u8)),
            v if v % 3 == 0 && (v / 3).is_power_of_two() => {
                let code = 3 + (v / 3).trailing_zeros();
                if code > u32::from(Self::MAX_CODE) {
                    Err(TileError::Value(v))
                } else {
                    Ok(Tile(code as u8))
                }
            }
            v => Err(TileError::Value(v)),
        }
    }

    /// The nibble code.
    #[must_use]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The face value: the seed's `c⁻¹`.
    #[must_use]
    pub const fn value(self) -> u32 {
        if self.0 <= 3 {
            self.0 as u32
        } else {
            3 << (self.0 - 3)
        }
    }

    /// True for the empty cell.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The card's score: `3^(log2(x/3)+1)` for `x ≥ 3`, 0 for 1, 2 and empty.
    #[must_use]
    pub const fn score(self) -> u64 {
        if self.0 < 3 {
            0
        } else {
            3u64.pow(self.0 as u32 - 2)
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            f.pad(".")
        } else {
            f.pad(&self.value().to_string())
        }
    }
}

impl FromStr for Tile {
    type Err = TileError;

    /// A face value ("12"), or "." / "0" for an empty cell.
    fn from_str(s: &str) -> Result<Tile, TileError> {
        let s = s.trim();
        if s == "." {
            return Ok(Tile::EMPTY);
        }
        let v: u64 = s.parse().map_err(|_| TileError::Text(s.to_string()))?;
        Tile::from_value(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        let values = [
            0, 1, 2, 3, 6, 12, 24, 48, 96, 192, 384, 768, 1536, 3072, 6144, 12288,
        ];
        for (code, &v) in values.iter().enumerate() {
            let t = Tile::from_value(v).unwrap();
            assert_eq!(t.code() as usize, code);
            assert_eq!(u64::from(t.value()), v);
            assert_eq!(t.to_string().parse::<Tile>().unwrap(), t);
        }
        for bad in [4, 5, 9, 18, 24576, 100] {
            assert_eq!(Tile::from_value(bad), Err(TileError::Value(bad)));
        }
        assert!("x".parse::<Tile>().is_err());
        assert!(Tile::from_code(16).is_err());
    }

    /// The spec's score table.
    #[test]
    fn scores() {
        let table = [
            (1, 0),
            (2, 0),
            (3, 3),
            (6, 9),
            (12, 27),
            (48, 243),
            (768, 19_683),
            (3072, 177_147),
            (6144, 531_441),
        ];
        for (v, s) in table {
            assert_eq!(Tile::from_value(v).unwrap().score(), s, "score of {v}");
        }
    }
}
