//! [`Condition`]: the condition codes of `MOVI`, `JMP` and `CALL`, and [`Flags`].

use std::fmt;
use std::str::FromStr;

/// The three flags. Only ALU instructions change them (spec, "Registers and flags").
/// There is no overflow flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Flags {
    /// CY: carry out of bit 7 on addition; the **borrow** on subtraction (1 when the true
    /// result is below zero); the bit shifted out by SHR/RCR; 0 otherwise.
    pub carry: bool,
    /// Z: the result is zero.
    pub zero: bool,
    /// S: bit 7 of the result.
    pub sign: bool,
}

impl fmt::Display for Flags {
    /// `CY Z S` lamps: the letter when lit, `.` when dark (`C.S`, `...`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lamp = |on: bool, c: char| if on { c } else { '.' };
        write!(
            f,
            "{}{}{}",
            lamp(self.carry, 'C'),
            lamp(self.zero, 'Z'),
            lamp(self.sign, 'S')
        )
    }
}

/// A documented condition code `ccc` (spec, "Condition codes"). Code 7 is undocumented
/// and is not a `Condition`: the decoder reports it as reserved and the assembler never
/// emits it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Condition {
    /// 000: always; written `A` (`JMP A, addr`) or left out.
    Always,
    /// 001: Z = 1.
    Z,
    /// 010: S = 0 ("not sign").
    Ns,
    /// 011: CY = 1.
    C,
    /// 100: CY = 0.
    Nc,
    /// 101: S = 1.
    S,
    /// 110: Z = 0.
    Nz,
}

impl Condition {
    /// The seven documented conditions in code order.
    pub const ALL: [Condition; 7] = [
        Condition::Always,
        Condition::Z,
        Condition::Ns,
        Condition::C,
        Condition::Nc,
        Condition::S,
        Condition::Nz,
    ];

    /// The 3-bit code.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The condition with code `code`, `None` for the undocumented 7 (and above).
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Condition> {
        if code < 7 {
            Some(Condition::ALL[code as usize])
        } else {
            None
        }
    }

    /// The builder's name: `A`, `Z`, `NS`, `C`, `NC`, `S`, `NZ`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Condition::Always => "A",
            Condition::Z => "Z",
            Condition::Ns => "NS",
            Condition::C => "C",
            Condition::Nc => "NC",
            Condition::S => "S",
            Condition::Nz => "NZ",
        }
    }

    /// Whether the condition holds for `flags`.
    #[must_use]
    pub const fn holds(self, flags: Flags) -> bool {
        match self {
            Condition::Always => true,
            Condition::Z => flags.zero,
            Condition::Ns => !flags.sign,
            Condition::C => flags.carry,
            Condition::Nc => !flags.carry,
            Condition::S => flags.sign,
            Condition::Nz => !flags.zero,
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a condition code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a condition (A, Z, NS, C, NC, S, NZ)", ludomat_io::text::escape_controls(.0))]
pub struct ParseConditionError(pub String);

impl FromStr for Condition {
    type Err = ParseConditionError;
    fn from_str(s: &str) -> Result<Condition, ParseConditionError> {
        Condition::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseConditionError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_names_and_truth_table() {
        for (i, c) in Condition::ALL.into_iter().enumerate() {
            assert_eq!(c.code() as usize, i);
            assert_eq!(Condition::from_code(i as u8), Some(c));
            assert_eq!(c.to_string().parse::<Condition>(), Ok(c));
        }
        assert_eq!(Condition::from_code(7), None);
        let f = Flags {
            carry: true,
            zero: false,
            sign: true,
        };
        let taken: Vec<_> = Condition::ALL
            .into_iter()
            .filter(|c| c.holds(f))
            .map(Condition::name)
            .collect();
        assert_eq!(taken, ["A", "C", "S", "NZ"]);
        assert_eq!(f.to_string(), "C.S");
        assert!("PE".parse::<Condition>().is_err());
    }
}
