//! [`Instruction`]: one 16-bit instruction word, decoded; its encoding and its text in the
//! builder's notation.
//!
//! Byte 1 is the high byte (written first in the listings). Bit 15 set → the conditional
//! group (`MOVI`, `JMP`, `CALL`); else bit 14 set → the ALU; else bits 13..11 pick the
//! class (spec `relay-cpu.md`, "Instruction words").

use std::fmt;

use crate::{BinaryOp, Condition, Destination, Register, UnaryOp};

/// The ALU's 3-bit **unsigned** immediate, 0–7 (the `yyy` field when `i` = 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Imm3(u8);

impl Imm3 {
    /// The immediate `value`, if it fits in 3 bits.
    #[must_use]
    pub const fn new(value: u8) -> Option<Imm3> {
        if value < 8 {
            Some(Imm3(value))
        } else {
            None
        }
    }

    /// Its value, 0–7.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Imm3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The second operand of a binary ALU operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A register.
    Reg(Register),
    /// The 3-bit immediate.
    Imm(Imm3),
}

impl fmt::Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Reg(r) => r.fmt(f),
            Operand::Imm(i) => i.0.fmt(f),
        }
    }
}

/// A decoded instruction. Every value encodes to one canonical word
/// ([`Instruction::encode`]: don't-care bits zero); `LoadPtr`/`StorePtr` expect a pointer
/// register (M, S, L, PC) — through A–D the word is reserved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Instruction {
    /// `00000--- --------`: do nothing.
    Nop,
    /// `00010--- --------`: stop the clock until Start or a teletype key.
    Halt,
    /// `00011ddd -sss----`: `MOV d, s`. `MOV PC, L` is `RET`.
    Mov {
        /// Written register.
        dst: Register,
        /// Read register.
        src: Register,
    },
    /// `00100ddd aaaaaaaa`: `LOAD d, addr`.
    LoadAddr {
        /// Written register.
        dst: Register,
        /// Memory address.
        addr: u8,
    },
    /// `00101ddd -----ppp`: `LOAD d, P` — through pointer register P.
    LoadPtr {
        /// Written register.
        dst: Register,
        /// The pointer (M, S, L or PC).
        ptr: Register,
    },
    /// `00110sss aaaaaaaa`: `STORE s, addr`.
    StoreAddr {
        /// Register whose value is stored.
        src: Register,
        /// Memory address.
        addr: u8,
    },
    /// `00111sss -----ppp`: `STORE s, P` — through pointer register P.
    StorePtr {
        /// Register whose value is stored.
        src: Register,
        /// The pointer (M, S, L or PC).
        ptr: Register,
    },
    /// `01bbbddd ixxxryyy`: `OP d, a, b` (`CMP a, b` = `SUB F, a, b`, `TST a, b` =
    /// `AND F, a, b`).
    Binary {
        /// The operation.
        op: BinaryOp,
        /// Where the result goes (`F`: flags only).
        dst: Destination,
        /// First source.
        a: Register,
        /// Second source or 3-bit immediate.
        b: Operand,
    },
    /// `01111ddd -sssruu0`: `OP d, s`.
    Unary {
        /// The operation.
        op: UnaryOp,
        /// Where the result goes (`F`: flags only).
        dst: Destination,
        /// The source.
        src: Register,
    },
    /// `1ccc0ddd iiiiiiii`: `MOVI [cond,] d, imm`; into PC it is `JMP [cond,] imm`.
    Movi {
        /// When it happens.
        cond: Condition,
        /// Written register.
        dst: Register,
        /// The 8-bit immediate.
        imm: u8,
    },
    /// `1ccc1111 aaaaaaaa`: `CALL [cond,] addr` — L := address of the next instruction,
    /// then PC := addr.
    Call {
        /// When it happens.
        cond: Condition,
        /// Target address.
        addr: u8,
    },
}

/// Why a word is not a documented instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReservedKind {
    /// `00001--- --------`: class 001 is not in the instruction table.
    UndefinedClass,
    /// `LOAD`/`STORE` through A, B, C or D: only M, S, L and PC drive the address bus.
    NotAPointer,
    /// A unary ALU word with bit 0 set (documented as 0).
    UnaryLowBit,
    /// Condition code 111 in the conditional group: undocumented; the emulator treats it
    /// as "never" (the spec), the assembler never emits it.
    NeverCondition,
    /// `1ccc1ddd` with ddd ≠ 111: undocumented (only `CALL`, ddd = 111, is).
    ConditionalWrite,
}

impl fmt::Display for ReservedKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ReservedKind::UndefinedClass => "class 001 is not an instruction",
            ReservedKind::NotAPointer => "LOAD/STORE through A-D (pointers are M, S, L, PC)",
            ReservedKind::UnaryLowBit => "unary ALU word with bit 0 set",
            ReservedKind::NeverCondition => "undocumented condition code 111",
            ReservedKind::ConditionalWrite => "1ccc1ddd with ddd other than PC",
        })
    }
}

/// A reserved (undocumented) instruction word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("reserved instruction word {word:#06x} ({kind})")]
pub struct Reserved {
    /// The word.
    pub word: u16,
    /// What is undocumented about it.
    pub kind: ReservedKind,
}

/// The timing classes of the sequencer (spec, "Timing").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstructionClass {
    /// NOP, MOV, MOVI, JMP, CALL, HALT — about 6 ticks.
    Move,
    /// ALU operations — about 9 ticks.
    Alu,
    /// LOAD and STORE — about 10 ticks.
    Memory,
}

impl InstructionClass {
    /// Clock ticks (0.2 s each at 5 Hz) an instruction of this class takes. The spec gives
    /// "about" 6 / 9 / 10; NOP is not listed and is counted like MOV.
    #[must_use]
    pub const fn ticks(self) -> u8 {
        match self {
            InstructionClass::Move => 6,
            InstructionClass::Alu => 9,
            InstructionClass::Memory => 10,
        }
    }
}

impl Instruction {
    /// `RET` = `MOV PC, L`.
    pub const RET: Instruction = Instruction::Mov {
        dst: Register::Pc,
        src: Register::L,
    };

    /// Decode a word.
    ///
    /// # Errors
    /// [`Reserved`] for the undocumented encodings.
    pub fn decode(word: u16) -> Result<Instruction, Reserved> {
        let hi = (word >> 8) as u8;
        let lo = word as u8;
        let reserved = |kind| Err(Reserved { word, kind });
        let ddd = Register::from_code(hi);
        if hi & 0x80 != 0 {
            let Some(cond) = Condition::from_code((hi >> 4) & 7) else {
                return reserved(ReservedKind::NeverCondition);
            };
            if hi & 0x08 == 0 {
                Ok(Instruction::Movi {
                    cond,
                    dst: ddd,
                    imm: lo,
                })
            } else if hi & 7 == 7 {
                Ok(Instruction::Call { cond, addr: lo })
            } else {
                reserved(ReservedKind::ConditionalWrite)
            }
        } else if hi & 0x40 != 0 {
            let dst = if lo & 0x08 != 0 {
                Destination::Reg(ddd)
            } else {
                Destination::Flags
            };
            let src = Register::from_code(lo >> 4);
            match BinaryOp::from_code((hi >> 3) & 7) {
                Some(op) => {
                    let b = if lo & 0x80 != 0 {
                        Operand::Imm(Imm3(lo & 7))
                    } else {
                        Operand::Reg(Register::from_code(lo))
                    };
                    Ok(Instruction::Binary { op, dst, a: src, b })
                }
                None if lo & 1 != 0 => reserved(ReservedKind::UnaryLowBit),
                None => Ok(Instruction::Unary {
                    op: UnaryOp::from_code(lo >> 1),
                    dst,
                    src,
                }),
            }
        } else {
            let ptr = Register::from_code(lo);
            let pointer_ok = ptr.is_pointer();
            match (hi >> 3) & 7 {
                0b000 => Ok(Instruction::Nop),
                0b010 => Ok(Instruction::Halt),
                0b011 => Ok(Instruction::Mov {
                    dst: ddd,
                    src: Register::from_code(lo >> 4),
                }),
                0b100 => Ok(Instruction::LoadAddr { dst: ddd, addr: lo }),
                0b101 if pointer_ok => Ok(Instruction::LoadPtr { dst: ddd, ptr }),
                0b110 => Ok(Instruction::StoreAddr { src: ddd, addr: lo }),
                0b111 if pointer_ok => Ok(Instruction::StorePtr { src: ddd, ptr }),
                0b101 | 0b111 => reserved(ReservedKind::NotAPointer),
                _ => reserved(ReservedKind::UndefinedClass),
            }
        }
    }

    /// The canonical word: don't-care bits zero, `F` encoded as ddd = 000.
    #[must_use]
    pub fn encode(self) -> u16 {
        let w = |hi: u16, lo: u8| (hi << 8) | lo as u16;
        let r = |r: Register| r.code() as u16;
        match self {
            Instruction::Nop => 0x0000,
            Instruction::Halt => 0x1000,
            Instruction::Mov { dst, src } => w(0x18 | r(dst), src.code() << 4),
            Instruction::LoadAddr { dst, addr } => w(0x20 | r(dst), addr),
            Instruction::LoadPtr { dst, ptr } => w(0x28 | r(dst), ptr.code()),
            Instruction::StoreAddr { src, addr } => w(0x30 | r(src), addr),
            Instruction::StorePtr { src, ptr } => w(0x38 | r(src), ptr.code()),
            Instruction::Binary { op, dst, a, b } => {
                let (d, rbit) = match dst {
                    Destination::Reg(d) => (d.code(), 0x08),
                    Destination::Flags => (0, 0),
                };
                let (ibit, y) = match b {
                    Operand::Reg(y) => (0, y.code()),
                    Operand::Imm(i) => (0x80, i.0),
                };
                w(
                    0x40 | (op.code() as u16) << 3 | d as u16,
                    ibit | a.code() << 4 | rbit | y,
                )
            }
            Instruction::Unary { op, dst, src } => {
                let (d, rbit) = match dst {
                    Destination::Reg(d) => (d.code(), 0x08),
                    Destination::Flags => (0, 0),
                };
                w(0x78 | d as u16, src.code() << 4 | rbit | op.code() << 1)
            }
            Instruction::Movi { cond, dst, imm } => {
                w(0x80 | (cond.code() as u16) << 4 | r(dst), imm)
            }
            Instruction::Call { cond, addr } => w(0x8f | (cond.code() as u16) << 4, addr),
        }
    }

    /// The sequencer class (for timing).
    #[must_use]
    pub const fn class(self) -> InstructionClass {
        match self {
            Instruction::Nop
            | Instruction::Halt
            | Instruction::Mov { .. }
            | Instruction::Movi { .. }
            | Instruction::Call { .. } => InstructionClass::Move,
            Instruction::Binary { .. } | Instruction::Unary { .. } => InstructionClass::Alu,
            Instruction::LoadAddr { .. }
            | Instruction::LoadPtr { .. }
            | Instruction::StoreAddr { .. }
            | Instruction::StorePtr { .. } => InstructionClass::Memory,
        }
    }
}

impl fmt::Display for Instruction {
    /// The builder's notation, using his pseudo-instructions where they apply (`RET`,
    /// `CMP`, `TST`, `JMP`); addresses in hex, data in decimal. Assembling the text gives
    /// back [`Instruction::encode`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Instruction::Nop => f.write_str("NOP"),
            Instruction::Halt => f.write_str("HALT"),
            Instruction::Mov {
                dst: Register::Pc,
                src: Register::L,
            } => f.write_str("RET"),
            Instruction::Mov { dst, src } => write!(f, "MOV {dst}, {src}"),
            Instruction::LoadAddr { dst, addr } => write!(f, "LOAD {dst}, {addr:#04x}"),
            Instruction::LoadPtr { dst, ptr } => write!(f, "LOAD {dst}, {ptr}"),
            Instruction::StoreAddr { src, addr } => write!(f, "STORE {src}, {addr:#04x}"),
            Instruction::StorePtr { src, ptr } => write!(f, "STORE {src}, {ptr}"),
            Instruction::Binary {
                op: BinaryOp::Sub,
                dst: Destination::Flags,
                a,
                b,
            } => write!(f, "CMP {a}, {b}"),
            Instruction::Binary {
                op: BinaryOp::And,
                dst: Destination::Flags,
                a,
                b,
            } => write!(f, "TST {a}, {b}"),
            Instruction::Binary { op, dst, a, b } => write!(f, "{op} {dst}, {a}, {b}"),
            Instruction::Unary { op, dst, src } => write!(f, "{op} {dst}, {src}"),
            Instruction::Movi {
                cond: Condition::Always,
                dst: Register::Pc,
                imm,
            } => write!(f, "JMP {imm:#04x}"),
            Instruction::Movi {
                cond,
                dst: Register::Pc,
                imm,
            } => write!(f, "JMP {cond}, {imm:#04x}"),
            Instruction::Movi {
                cond: Condition::Always,
                dst,
                imm,
            } => write!(f, "MOVI {dst}, {imm}"),
            Instruction::Movi { cond, dst, imm } => write!(f, "MOVI {cond}, {dst}, {imm}"),
            Instruction::Call {
                cond: Condition::Always,
                addr,
            } => write!(f, "CALL {addr:#04x}"),
            Instruction::Call { cond, addr } => write!(f, "CALL {cond}, {addr:#04x}"),
        }
    }
}

/// A word as the listings write it: `bbbbbbbb bbbbbbbb`, byte 1 (high) first.
#[must_use]
pub fn bits(word: u16) -> String {
    format!("{:08b} {:08b}", word >> 8, word & 0xff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples_decode() {
        let d = |w| Instruction::decode(w).unwrap().to_string();
        assert_eq!(d(0x2080), "LOAD A, 0x80");
        assert_eq!(d(0x2905), "LOAD B, S");
        assert_eq!(d(0x8F55), "CALL 0x55");
        assert_eq!(d(0xAF17), "CALL NS, 0x17");
        assert_eq!(d(0x4809), "ADD A, A, B");
        assert_eq!(d(0x780C), "SHR A, A");
        assert_eq!(d(0x1F60), "RET");
        assert_eq!(d(0x488C), "ADD A, A, 4");
        // `SHR C, C` with its don't-care bit 7 set, as in the builder's listing.
        assert_eq!(d(0b01111010_10101100), "SHR C, C");
        assert_eq!(d(0b01111000_00001010), "ROR A, A");
    }

    #[test]
    fn reserved_kinds() {
        let k = |w| Instruction::decode(w).unwrap_err().kind;
        assert_eq!(k(0x0800), ReservedKind::UndefinedClass);
        assert_eq!(k(0x2803), ReservedKind::NotAPointer);
        assert_eq!(k(0x3900), ReservedKind::NotAPointer);
        assert_eq!(k(0x780D), ReservedKind::UnaryLowBit);
        assert_eq!(k(0xF012), ReservedKind::NeverCondition);
        assert_eq!(k(0x8812), ReservedKind::ConditionalWrite);
    }

    #[test]
    fn canonical_words_count_exactly() {
        // Decode every word; the ones that re-encode to themselves are the canonical
        // words the assembler can produce. Counted per class by hand:
        //   NOP 1, HALT 1, MOV 64, LOAD/STORE addr 2·8·256, LOAD/STORE ptr 2·8·4,
        //   binary 7·(8·8·2 [F] + 8·8·8·2 [reg dst]) = 7·(128 + 1024),
        //   unary 4·8·(1 + 8), MOVI/JMP 7·8·256, CALL 7·256.
        let canonical = (0..=u16::MAX)
            .filter(|&w| Instruction::decode(w).is_ok_and(|i| i.encode() == w))
            .count();
        let expected = 1
            + 1
            + 64
            + 2 * 8 * 256
            + 2 * 8 * 4
            + 7 * (128 + 1024)
            + 4 * 8 * 9
            + 7 * 8 * 256
            + 7 * 256;
        assert_eq!(canonical, expected);
        assert_eq!(canonical, 28_706);
        // Every decodable word decodes to an instruction whose encoding decodes back to it.
        for w in 0..=u16::MAX {
            if let Ok(i) = Instruction::decode(w) {
                assert_eq!(Instruction::decode(i.encode()), Ok(i), "{w:#06x}");
            }
        }
    }
}
