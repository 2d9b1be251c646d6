//! [`GateKind`]: the eight gate functions, with any number of inputs.

use crate::Ternary;
use std::fmt;
use std::str::FromStr;

/// A gate function. Every kind takes any number of inputs (NOT and BUFF exactly one).
///
/// Multi-input XOR is the parity (odd number of true inputs), as the Verilog `xor`
/// primitive; in ternary any unknown input makes XOR / XNOR unknown (Kleene: XOR = −(a·b)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GateKind {
    /// True when every input is true (the minimum).
    And,
    /// True when any input is true (the maximum).
    Or,
    /// NOT AND.
    Nand,
    /// NOT OR.
    Nor,
    /// Parity: true when an odd number of inputs are true.
    Xor,
    /// NOT XOR.
    Xnor,
    /// Inverter (one input).
    Not,
    /// Buffer (one input); `.bench` spells it `BUFF` or `BUF`.
    Buff,
}

impl GateKind {
    /// Every gate kind.
    pub const ALL: [GateKind; 8] = [
        GateKind::And,
        GateKind::Or,
        GateKind::Nand,
        GateKind::Nor,
        GateKind::Xor,
        GateKind::Xnor,
        GateKind::Not,
        GateKind::Buff,
    ];

    /// The `.bench` keyword (upper case).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GateKind::And => "AND",
            GateKind::Or => "OR",
            GateKind::Nand => "NAND",
            GateKind::Nor => "NOR",
            GateKind::Xor => "XOR",
            GateKind::Xnor => "XNOR",
            GateKind::Not => "NOT",
            GateKind::Buff => "BUFF",
        }
    }

    /// The Verilog gate primitive of the same function.
    #[must_use]
    pub const fn verilog(self) -> &'static str {
        match self {
            GateKind::And => "and",
            GateKind::Or => "or",
            GateKind::Nand => "nand",
            GateKind::Nor => "nor",
            GateKind::Xor => "xor",
            GateKind::Xnor => "xnor",
            GateKind::Not => "not",
            GateKind::Buff => "buf",
        }
    }

    /// True for NOT and BUFF, which take exactly one input.
    #[must_use]
    pub const fn is_unary(self) -> bool {
        matches!(self, GateKind::Not | GateKind::Buff)
    }

    /// Does the output invert the underlying AND / OR / XOR / BUFF?
    #[must_use]
    pub const fn inverts(self) -> bool {
        matches!(
            self,
            GateKind::Nand | GateKind::Nor | GateKind::Xnor | GateKind::Not
        )
    }

    /// The ternary output for these inputs (Kleene strong logic). No inputs give the
    /// identity of the function (AND true, OR false, XOR false), then inverted as the kind says.
    #[must_use]
    #[inline]
    pub fn eval(self, inputs: impl IntoIterator<Item = Ternary>) -> Ternary {
        // Branch-free folds over the balanced values (min, max, negated product): the
        // simulators' inner loop, where data-dependent early exits would mispredict.
        let mut it = inputs.into_iter().map(Ternary::to_balanced);
        let base = match self {
            GateKind::And | GateKind::Nand => it.fold(1i8, |a, b| a.min(b)),
            GateKind::Or | GateKind::Nor => it.fold(-1i8, |a, b| a.max(b)),
            GateKind::Xor | GateKind::Xnor => it.fold(-1i8, |a, b| -(a * b)),
            GateKind::Not | GateKind::Buff => it.next().unwrap_or(0),
        };
        Ternary::from_sign(if self.inverts() { -base } else { base })
    }

    /// Two-valued output for 64 input vectors at once (bit `k` of each word is vector `k`).
    #[must_use]
    pub fn eval_words(self, inputs: impl IntoIterator<Item = u64>) -> u64 {
        let base = match self {
            GateKind::And | GateKind::Nand => inputs.into_iter().fold(!0, |a, b| a & b),
            GateKind::Or | GateKind::Nor => inputs.into_iter().fold(0, |a, b| a | b),
            GateKind::Xor | GateKind::Xnor => inputs.into_iter().fold(0, |a, b| a ^ b),
            GateKind::Not | GateKind::Buff => inputs.into_iter().next().unwrap_or(0),
        };
        if self.inverts() {
            !base
        } else {
            base
        }
    }
}

impl fmt::Display for GateKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no gate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown gate type {} (expected AND, OR, NAND, NOR, XOR, XNOR, NOT, BUFF or BUF)", ludomat_io::text::quoted(.0, 60))]
pub struct ParseGateKindError(pub String);

impl FromStr for GateKind {
    type Err = ParseGateKindError;
    /// Case-insensitive; `BUF` is accepted for `BUFF`, `INV` for `NOT`.
    fn from_str(s: &str) -> Result<GateKind, ParseGateKindError> {
        Ok(match s.trim().to_ascii_uppercase().as_str() {
            "AND" => GateKind::And,
            "OR" => GateKind::Or,
            "NAND" => GateKind::Nand,
            "NOR" => GateKind::Nor,
            "XOR" => GateKind::Xor,
            "XNOR" => GateKind::Xnor,
            "NOT" | "INV" => GateKind::Not,
            "BUFF" | "BUF" => GateKind::Buff,
            _ => return Err(ParseGateKindError(s.to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ternary::{False as F, True as T, Unknown as X};

    #[test]
    fn names_round_trip() {
        for k in GateKind::ALL {
            assert_eq!(k.name().parse(), Ok(k));
            assert_eq!(k.name().to_lowercase().parse(), Ok(k));
        }
        assert_eq!("buf".parse(), Ok(GateKind::Buff));
        assert!("MUX".parse::<GateKind>().is_err());
    }

    #[test]
    fn seed_examples() {
        // "1 NOR 0 = -1" and "-1 NOR -1 = +1" from the seed's latch walk-through.
        assert_eq!(GateKind::Nor.eval([T, X]), F);
        assert_eq!(GateKind::Nor.eval([F, F]), T);
        assert_eq!(GateKind::Nor.eval([F, X]), X);
    }

    #[test]
    fn ternary_agrees_with_words_on_definite_inputs() {
        for k in GateKind::ALL {
            let n = if k.is_unary() { 1 } else { 3 };
            for bits in 0u32..(1 << n) {
                let tern: Vec<Ternary> = (0..n)
                    .map(|i| Ternary::from_bool(bits >> i & 1 == 1))
                    .collect();
                let words: Vec<u64> = (0..n)
                    .map(|i| if bits >> i & 1 == 1 { !0 } else { 0 })
                    .collect();
                let w = k.eval_words(words);
                assert_eq!(k.eval(tern), Ternary::from_bool(w & 1 == 1), "{k} {bits:b}");
            }
        }
    }

    #[test]
    fn multi_input() {
        assert_eq!(GateKind::And.eval([T, T, X, F]), F);
        assert_eq!(GateKind::Or.eval([F, X, T]), T);
        assert_eq!(GateKind::Xor.eval([T, T, T]), T);
        assert_eq!(GateKind::Xnor.eval([T, X, T]), X);
    }
}
