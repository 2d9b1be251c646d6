//! [`Register`]: the eight 8-bit registers, and [`Destination`] (a register or `F`).

use std::fmt;
use std::str::FromStr;

/// One of the eight 8-bit registers, by its 3-bit code (spec `relay-cpu.md`, "Registers").
///
/// `M`, `S`, `L` and `PC` can drive the address bus (memory pointers); `L` is the link
/// register `CALL` writes. Reading `PC` as a source gives the address of the *next*
/// instruction; writing it is a jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Register {
    /// Code 0.
    A,
    /// Code 1.
    B,
    /// Code 2.
    C,
    /// Code 3.
    D,
    /// Code 4; a memory pointer.
    M,
    /// Code 5; a memory pointer.
    S,
    /// Code 6; a memory pointer and the link register.
    L,
    /// Code 7: the program counter.
    Pc,
}

impl Register {
    /// All eight in code order.
    pub const ALL: [Register; 8] = [
        Register::A,
        Register::B,
        Register::C,
        Register::D,
        Register::M,
        Register::S,
        Register::L,
        Register::Pc,
    ];

    /// The 3-bit code.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The register with 3-bit code `code & 7`.
    #[must_use]
    pub const fn from_code(code: u8) -> Register {
        Register::ALL[(code & 7) as usize]
    }

    /// Whether it can address memory in `LOAD G, P` / `STORE G, P` (M, S, L, PC).
    #[must_use]
    pub const fn is_pointer(self) -> bool {
        self.code() >= 4
    }

    /// The builder's name: `A` … `L`, `PC`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Register::A => "A",
            Register::B => "B",
            Register::C => "C",
            Register::D => "D",
            Register::M => "M",
            Register::S => "S",
            Register::L => "L",
            Register::Pc => "PC",
        }
    }
}

impl fmt::Display for Register {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a register.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a register (A, B, C, D, M, S, L, PC)", ludomat_io::text::escape_controls(.0))]
pub struct ParseRegisterError(pub String);

impl FromStr for Register {
    type Err = ParseRegisterError;
    fn from_str(s: &str) -> Result<Register, ParseRegisterError> {
        Register::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseRegisterError(s.to_string()))
    }
}

/// Where an ALU result goes: a register, or nowhere (`F`, only the flags change; the
/// instruction's `r` bit is 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Destination {
    /// Write the result to this register.
    Reg(Register),
    /// Flags only, written `F` in the builder's notation.
    Flags,
}

impl fmt::Display for Destination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Destination::Reg(r) => r.fmt(f),
            Destination::Flags => f.write_str("F"),
        }
    }
}

impl FromStr for Destination {
    type Err = ParseRegisterError;
    fn from_str(s: &str) -> Result<Destination, ParseRegisterError> {
        if s.trim().eq_ignore_ascii_case("F") {
            Ok(Destination::Flags)
        } else {
            s.parse()
                .map(Destination::Reg)
                .map_err(|_| ParseRegisterError(s.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_codes_round_trip() {
        for (i, r) in Register::ALL.into_iter().enumerate() {
            assert_eq!(r.code() as usize, i);
            assert_eq!(Register::from_code(i as u8), r);
            assert_eq!(r.to_string().parse::<Register>(), Ok(r));
            assert_eq!(r.to_string().to_lowercase().parse::<Register>(), Ok(r));
        }
        assert_eq!("f".parse::<Destination>(), Ok(Destination::Flags));
        assert!("X"
            .parse::<Register>()
            .unwrap_err()
            .to_string()
            .contains("'X'"));
        let pointers: Vec<_> = Register::ALL
            .into_iter()
            .filter(|r| r.is_pointer())
            .collect();
        assert_eq!(
            pointers,
            [Register::M, Register::S, Register::L, Register::Pc]
        );
    }
}
