//! The four swipes.

use std::fmt;
use std::str::FromStr;

/// A swipe: the wall the tiles move toward.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Toward the top row; the new card enters the bottom row.
    Up,
    /// Toward the bottom row; the new card enters the top row.
    Down,
    /// Toward the left column; the new card enters the right column.
    Left,
    /// Toward the right column; the new card enters the left column.
    Right,
}

/// Text that names no swipe.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a swipe: use up, down, left, right (or w, s, a, d)", ludomat_io::text::escape_controls(.0))]
pub struct DirectionError(pub String);

impl Direction {
    /// All four, in search order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Index 0..4 in [`Direction::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// The arrow.
    #[must_use]
    pub const fn arrow(self) -> char {
        match self {
            Direction::Up => '↑',
            Direction::Down => '↓',
            Direction::Left => '←',
            Direction::Right => '→',
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Direction {
    type Err = DirectionError;

    /// `up`/`down`/`left`/`right`, their initials `u d l r`, or the keys `w s a d`.
    fn from_str(s: &str) -> Result<Direction, DirectionError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "up" | "u" | "w" => Ok(Direction::Up),
            "down" | "s" => Ok(Direction::Down),
            "left" | "l" | "a" => Ok(Direction::Left),
            "right" | "r" | "d" => Ok(Direction::Right),
            _ => Err(DirectionError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse() {
        for d in Direction::ALL {
            assert_eq!(d.to_string().parse::<Direction>().unwrap(), d);
        }
        assert_eq!("w".parse::<Direction>().unwrap(), Direction::Up);
        assert_eq!("a".parse::<Direction>().unwrap(), Direction::Left);
        assert_eq!("S".parse::<Direction>().unwrap(), Direction::Down);
        assert_eq!("d".parse::<Direction>().unwrap(), Direction::Right);
        assert!("x".parse::<Direction>().is_err());
    }
}
