//! The ALU: [`BinaryOp`] and [`UnaryOp`], with their exact results and flags.
//!
//! Every ALU instruction sets all three flags, also when the result is thrown away (`F`
//! destination): Z = result is zero, S = bit 7 of the result. CY is the carry out of bit 7
//! for ADC/ADD, the **borrow** for SBC/SUB (1 when the true difference is below zero — not
//! the inverted carry of the 6502 or ARM), the bit shifted out for SHR/RCR, and 0 for the
//! logic operations, NOT and ROR (spec `relay-cpu.md`, "ALU byte 2").

use std::fmt;
use std::str::FromStr;

use crate::Flags;

/// The seven two-operand operations, by their 3-bit code `bbb` (7 is the unary group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BinaryOp {
    /// 000: a + b + CY.
    Adc,
    /// 001: a + b.
    Add,
    /// 010: a − b − CY (CY = borrow).
    Sbc,
    /// 011: a − b (CY = borrow).
    Sub,
    /// 100: a AND b.
    And,
    /// 101: a OR b.
    Or,
    /// 110: a XOR b.
    Xor,
}

impl BinaryOp {
    /// All seven in code order.
    pub const ALL: [BinaryOp; 7] = [
        BinaryOp::Adc,
        BinaryOp::Add,
        BinaryOp::Sbc,
        BinaryOp::Sub,
        BinaryOp::And,
        BinaryOp::Or,
        BinaryOp::Xor,
    ];

    /// The 3-bit code.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The operation with code `code`; `None` for 7 (the unary group) and above.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<BinaryOp> {
        if code < 7 {
            Some(BinaryOp::ALL[code as usize])
        } else {
            None
        }
    }

    /// The mnemonic.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BinaryOp::Adc => "ADC",
            BinaryOp::Add => "ADD",
            BinaryOp::Sbc => "SBC",
            BinaryOp::Sub => "SUB",
            BinaryOp::And => "AND",
            BinaryOp::Or => "OR",
            BinaryOp::Xor => "XOR",
        }
    }

    /// The result and the carry/borrow out, given the carry in.
    #[must_use]
    #[inline(always)]
    pub const fn apply(self, a: u8, b: u8, carry_in: bool) -> (u8, bool) {
        let cin = carry_in as u16;
        match self {
            BinaryOp::Adc => {
                let s = a as u16 + b as u16 + cin;
                (s as u8, s > 0xff)
            }
            BinaryOp::Add => {
                let s = a as u16 + b as u16;
                (s as u8, s > 0xff)
            }
            BinaryOp::Sbc => {
                let d = (a as u16).wrapping_sub(b as u16).wrapping_sub(cin);
                (d as u8, (a as u16) < b as u16 + cin)
            }
            BinaryOp::Sub => (a.wrapping_sub(b), a < b),
            BinaryOp::And => (a & b, false),
            BinaryOp::Or => (a | b, false),
            BinaryOp::Xor => (a ^ b, false),
        }
    }

    /// The result and all three flags.
    #[must_use]
    pub const fn eval(self, a: u8, b: u8, flags: Flags) -> (u8, Flags) {
        let (r, carry) = self.apply(a, b, flags.carry);
        (r, flags_of(r, carry))
    }
}

/// The four one-operand operations, by their 2-bit code `uu`.
///
/// The builder's own cheat sheet lists "0 NOT, 1 SHR, 2 ROR, 3 RCR"; the encodings in his
/// listings (`SHR C, C` = `01111010 -0101100`, `ROR A, A` = `01111000 00001010`) show
/// ROR = 01 and SHR = 10, which is what is used here (spec, "Unary operations").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnaryOp {
    /// 00: bitwise NOT; CY = 0.
    Not,
    /// 01: rotate right, bit 0 → bit 7; CY = 0.
    Ror,
    /// 10: logical shift right; CY = old bit 0.
    Shr,
    /// 11: rotate right through carry, CY → bit 7; CY = old bit 0.
    Rcr,
}

impl UnaryOp {
    /// All four in code order.
    pub const ALL: [UnaryOp; 4] = [UnaryOp::Not, UnaryOp::Ror, UnaryOp::Shr, UnaryOp::Rcr];

    /// The 2-bit code.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The operation with code `code & 3`.
    #[must_use]
    pub const fn from_code(code: u8) -> UnaryOp {
        UnaryOp::ALL[(code & 3) as usize]
    }

    /// The mnemonic.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            UnaryOp::Not => "NOT",
            UnaryOp::Ror => "ROR",
            UnaryOp::Shr => "SHR",
            UnaryOp::Rcr => "RCR",
        }
    }

    /// The result and the carry out, given the carry in.
    #[must_use]
    #[inline(always)]
    pub const fn apply(self, s: u8, carry_in: bool) -> (u8, bool) {
        match self {
            UnaryOp::Not => (!s, false),
            UnaryOp::Ror => (s.rotate_right(1), false),
            UnaryOp::Shr => (s >> 1, s & 1 != 0),
            UnaryOp::Rcr => ((s >> 1) | ((carry_in as u8) << 7), s & 1 != 0),
        }
    }

    /// The result and all three flags.
    #[must_use]
    pub const fn eval(self, s: u8, flags: Flags) -> (u8, Flags) {
        let (r, carry) = self.apply(s, flags.carry);
        (r, flags_of(r, carry))
    }
}

/// The flags an ALU result sets.
#[must_use]
pub const fn flags_of(result: u8, carry: bool) -> Flags {
    Flags {
        carry,
        zero: result == 0,
        sign: result & 0x80 != 0,
    }
}

impl fmt::Display for BinaryOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for UnaryOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an ALU operation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not an ALU operation", ludomat_io::text::escape_controls(.0))]
pub struct ParseOpError(pub String);

impl FromStr for BinaryOp {
    type Err = ParseOpError;
    fn from_str(s: &str) -> Result<BinaryOp, ParseOpError> {
        BinaryOp::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOpError(s.to_string()))
    }
}

impl FromStr for UnaryOp {
    type Err = ParseOpError;
    fn from_str(s: &str) -> Result<UnaryOp, ParseOpError> {
        UnaryOp::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseOpError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A reference model written differently: through signed/wide integer arithmetic and
    /// bit lists, not through the code above.
    fn reference_binary(op: BinaryOp, a: u8, b: u8, cy: bool) -> (u8, bool) {
        let (a, b, c) = (i32::from(a), i32::from(b), i32::from(cy));
        let wide = match op {
            BinaryOp::Adc => a + b + c,
            BinaryOp::Add => a + b,
            BinaryOp::Sbc => a - b - c,
            BinaryOp::Sub => a - b,
            BinaryOp::And => a & b,
            BinaryOp::Or => a | b,
            BinaryOp::Xor => a ^ b,
        };
        let carry = match op {
            BinaryOp::Adc | BinaryOp::Add => wide >= 256,
            BinaryOp::Sbc | BinaryOp::Sub => wide < 0,
            _ => false,
        };
        (wide.rem_euclid(256) as u8, carry)
    }

    fn reference_unary(op: UnaryOp, s: u8, cy: bool) -> (u8, bool) {
        let bits: Vec<bool> = (0..8).map(|i| s >> i & 1 == 1).collect();
        let (top, out) = match op {
            UnaryOp::Not => return (255 - s, false),
            UnaryOp::Ror => (bits[0], false),
            UnaryOp::Shr => (false, bits[0]),
            UnaryOp::Rcr => (cy, bits[0]),
        };
        let mut r = u8::from(top) << 7;
        for (i, &bit) in bits.iter().enumerate().skip(1) {
            r |= u8::from(bit) << (i - 1);
        }
        (r, out)
    }

    fn check_binary(op: BinaryOp, a: u8, b: u8, cy: bool) {
        let before = Flags {
            carry: cy,
            zero: false,
            sign: false,
        };
        let (r, f) = op.eval(a, b, before);
        let (er, ec) = reference_binary(op, a, b, cy);
        assert_eq!((r, f.carry), (er, ec), "{op} {a} {b} cy={cy}");
        assert_eq!(f.zero, er == 0);
        assert_eq!(f.sign, er >= 128);
    }

    macro_rules! binary_prop {
        ($name:ident, $op:expr) => {
            proptest! {
                #[test]
                fn $name(a: u8, b: u8, cy: bool) { check_binary($op, a, b, cy); }
            }
        };
    }
    binary_prop!(adc_matches_reference, BinaryOp::Adc);
    binary_prop!(add_matches_reference, BinaryOp::Add);
    binary_prop!(sbc_matches_reference, BinaryOp::Sbc);
    binary_prop!(sub_matches_reference, BinaryOp::Sub);
    binary_prop!(and_matches_reference, BinaryOp::And);
    binary_prop!(or_matches_reference, BinaryOp::Or);
    binary_prop!(xor_matches_reference, BinaryOp::Xor);

    macro_rules! unary_prop {
        ($name:ident, $op:expr) => {
            proptest! {
                #[test]
                fn $name(s: u8, cy: bool) {
                    let (r, f) = $op.eval(s, Flags { carry: cy, zero: true, sign: true });
                    prop_assert_eq!((r, f.carry), reference_unary($op, s, cy));
                    prop_assert_eq!(f.zero, r == 0);
                    prop_assert_eq!(f.sign, r >= 128);
                }
            }
        };
    }
    unary_prop!(not_matches_reference, UnaryOp::Not);
    unary_prop!(ror_matches_reference, UnaryOp::Ror);
    unary_prop!(shr_matches_reference, UnaryOp::Shr);
    unary_prop!(rcr_matches_reference, UnaryOp::Rcr);

    #[test]
    fn borrow_not_inverted_carry() {
        assert_eq!(BinaryOp::Sub.apply(3, 5, false), (254, true));
        assert_eq!(BinaryOp::Sub.apply(5, 5, false), (0, false));
        assert_eq!(BinaryOp::Sbc.apply(5, 5, true), (255, true));
        assert_eq!(BinaryOp::Sbc.apply(0, 255, true), (0, true));
        assert_eq!(BinaryOp::Adc.apply(255, 0, true), (0, true));
    }

    #[test]
    fn exhaustive_against_reference() {
        for op in BinaryOp::ALL {
            for a in 0..=255u8 {
                for b in 0..=255u8 {
                    for cy in [false, true] {
                        assert_eq!(op.apply(a, b, cy), reference_binary(op, a, b, cy));
                    }
                }
            }
        }
        for op in UnaryOp::ALL {
            for s in 0..=255u8 {
                for cy in [false, true] {
                    assert_eq!(op.apply(s, cy), reference_unary(op, s, cy));
                }
            }
        }
    }
}
