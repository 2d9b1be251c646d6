//! [`Ternary`]: the seed's balanced-ternary signal value (+1 true, 0 unknown, −1 false).

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

/// A signal value in balanced ternary, as in the seed article ("Evaluating Logic Circuits
/// with Ternary Logic Graphs"): +1 true, 0 unknown, −1 false. Every node starts
/// [`Ternary::Unknown`].
///
/// The gate functions are Kleene's strong three-valued logic (spec `logic.md`), which on
/// 0/1/x agrees with the IEEE 1364 Verilog gate primitives: AND is the minimum, OR the
/// maximum, NOT the negation.
///
/// Text form (`Display` / `FromStr`) follows the benchmark vector files: `1`, `0`, `x`.
/// `FromStr` also takes the balanced-ternary spellings `+1` and `-1`, `?`/`X`/`u` for
/// unknown, and `true`/`false`/`unknown`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(i8)]
pub enum Ternary {
    /// −1: definitely false (a released armature, an unlit lamp).
    False = -1,
    /// 0: not known (yet).
    #[default]
    Unknown = 0,
    /// +1: definitely true.
    True = 1,
}

impl Ternary {
    /// All three values, false first.
    pub const ALL: [Ternary; 3] = [Ternary::False, Ternary::Unknown, Ternary::True];

    /// The balanced-ternary number: −1, 0 or +1.
    #[must_use]
    pub const fn to_balanced(self) -> i8 {
        self as i8
    }

    /// From a balanced-ternary number; `None` unless −1, 0 or +1.
    #[must_use]
    pub const fn from_balanced(v: i8) -> Option<Ternary> {
        match v {
            -1 => Some(Ternary::False),
            0 => Some(Ternary::Unknown),
            1 => Some(Ternary::True),
            _ => None,
        }
    }

    /// A definite value from a bit.
    #[must_use]
    pub const fn from_bool(b: bool) -> Ternary {
        if b {
            Ternary::True
        } else {
            Ternary::False
        }
    }

    /// `Some(bit)` if definite, `None` if unknown.
    #[must_use]
    pub const fn to_bool(self) -> Option<bool> {
        match self {
            Ternary::True => Some(true),
            Ternary::False => Some(false),
            Ternary::Unknown => None,
        }
    }

    /// True unless unknown.
    #[must_use]
    pub const fn is_known(self) -> bool {
        !matches!(self, Ternary::Unknown)
    }

    /// Kleene AND: the minimum.
    #[must_use]
    pub fn and(self, other: Ternary) -> Ternary {
        self.min(other)
    }

    /// Kleene OR: the maximum.
    #[must_use]
    pub fn or(self, other: Ternary) -> Ternary {
        self.max(other)
    }

    /// Kleene XOR: −(a·b) (unknown if either is unknown).
    #[must_use]
    pub fn xor(self, other: Ternary) -> Ternary {
        Ternary::from_product(-(self.to_balanced() * other.to_balanced()))
    }

    /// Kleene XNOR: a·b.
    #[must_use]
    pub fn xnor(self, other: Ternary) -> Ternary {
        Ternary::from_product(self.to_balanced() * other.to_balanced())
    }

    /// Could this value be `b` once the unknowns are filled in?
    #[must_use]
    pub fn admits(self, b: bool) -> bool {
        self == Ternary::Unknown || self == Ternary::from_bool(b)
    }

    /// The one-character form: `1`, `0`, `x`.
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Ternary::True => '1',
            Ternary::False => '0',
            Ternary::Unknown => 'x',
        }
    }

    /// From one character: `1`, `0`, `x`/`X`/`?`/`u`/`U`.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Ternary> {
        match c {
            '1' => Some(Ternary::True),
            '0' => Some(Ternary::False),
            'x' | 'X' | '?' | 'u' | 'U' => Some(Ternary::Unknown),
            _ => None,
        }
    }

    /// From any balanced value already in −1..=1 (others clamp by sign).
    #[inline]
    pub(crate) fn from_sign(v: i8) -> Ternary {
        match v {
            1 => Ternary::True,
            -1 => Ternary::False,
            _ => Ternary::Unknown,
        }
    }

    fn from_product(p: i8) -> Ternary {
        match p.signum() {
            1 => Ternary::True,
            -1 => Ternary::False,
            _ => Ternary::Unknown,
        }
    }
}

impl Not for Ternary {
    type Output = Ternary;
    fn not(self) -> Ternary {
        match self {
            Ternary::True => Ternary::False,
            Ternary::False => Ternary::True,
            Ternary::Unknown => Ternary::Unknown,
        }
    }
}

impl From<bool> for Ternary {
    fn from(b: bool) -> Ternary {
        Ternary::from_bool(b)
    }
}

impl fmt::Display for Ternary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            // `{:#}` gives the seed's balanced-ternary spelling.
            return f.write_str(match self {
                Ternary::True => "+1",
                Ternary::False => "-1",
                Ternary::Unknown => "0",
            });
        }
        write!(f, "{}", self.to_char())
    }
}

/// A string that is not a ternary value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a ternary value: {} (expected 1, 0, x, +1 or -1)", ludomat_io::text::quoted(.0, 60))]
pub struct ParseTernaryError(pub String);

impl FromStr for Ternary {
    type Err = ParseTernaryError;
    fn from_str(s: &str) -> Result<Ternary, ParseTernaryError> {
        let t = s.trim();
        let mut chars = t.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(v) = Ternary::from_char(c) {
                return Ok(v);
            }
        }
        match t.to_ascii_lowercase().as_str() {
            "+1" | "true" => Ok(Ternary::True),
            "-1" | "false" => Ok(Ternary::False),
            "unknown" => Ok(Ternary::Unknown),
            _ => Err(ParseTernaryError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kleene_tables() {
        use Ternary::*;
        assert_eq!(True.and(Unknown), Unknown);
        assert_eq!(False.and(Unknown), False);
        assert_eq!(True.or(Unknown), True);
        assert_eq!(False.or(Unknown), Unknown);
        assert_eq!(Unknown.xor(Unknown), Unknown);
        assert_eq!(True.xor(True), False);
        assert_eq!(True.xor(False), True);
        assert_eq!(False.xnor(False), True);
        assert_eq!(!Unknown, Unknown);
        assert_eq!(!True, False);
    }

    #[test]
    fn text_round_trip() {
        for v in Ternary::ALL {
            assert_eq!(v.to_string().parse::<Ternary>(), Ok(v));
            assert_eq!(Ternary::from_balanced(v.to_balanced()), Some(v));
        }
        // The balanced spellings of the definite values round-trip; a bare `0` is the
        // bit 0 (false) of the vector files, never the balanced unknown.
        assert_eq!(format!("{:#}", Ternary::True).parse(), Ok(Ternary::True));
        assert_eq!(format!("{:#}", Ternary::False).parse(), Ok(Ternary::False));
        assert_eq!("0".parse(), Ok(Ternary::False));
        assert!("2".parse::<Ternary>().is_err());
        assert!("".parse::<Ternary>().is_err());
    }
}
