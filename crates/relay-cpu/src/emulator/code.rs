//! The ROM compiled for the fast loop: one [`Op`] per address, each knowing the basic
//! block that starts there, and an ALU operation fused with the jump after it.
//!
//! The ROM is DIP switches, so the program cannot change while it runs; [`Code::new`]
//! compiles all 256 addresses once, when a ROM is fitted ([`crate::Machine::new`],
//! [`crate::Machine::set_rom`] — the builder flipping switches).
//!
//! * **One op per address.** An op holds everything its handler needs: an op code, the
//!   register slots or the immediate, the jump target. Reads of ROM addresses and of
//!   nothing are constants; writes to nowhere are `NOP`s.
//! * **Blocks.** Every op also carries the length and clock ticks of the straight run of
//!   instructions that starts at its address and ends with the first that may change PC
//!   or stop the clock. The loop charges steps and ticks once per block, when it enters
//!   one.
//! * **Fused compare-and-branch.** An ALU operation followed by a `JMP` (any condition)
//!   becomes one op at the ALU's address: `CMP B, 1` + `JNZ loop`, `RCR B, B` + `JNC skip`.
//!   The jump keeps its own op at the next address, for programs that jump to it.
//!   ALU op codes are `kind × 8 + condition`: the condition's 3-bit code (0 always …
//!   6 NZ), or 7 for no jump.
//! * **Predicated pairs.** A conditional jump over a single op that only writes a
//!   register and the flags (`JNC skip` / `XOR A, A, D` / `skip:`) becomes one op that
//!   runs the skipped op and keeps or drops its results by the condition, without a
//!   branch: the block goes on after the pair, and when the jump is taken the loop gives
//!   back the skipped op's step and ticks. A host branch the host cannot predict (the
//!   emulated program's data decides it) becomes a select.

use crate::instruction::{Instruction, InstructionClass, Reserved, ReservedKind};
use crate::memory::{region, Region, Rom};
use crate::{BinaryOp, Condition, Destination, Flags, Operand, Register, UnaryOp};

/// Register slot of the `F` (flags-only) destination: written, never read.
pub(crate) const SINK: u8 = 8;

/// The ALU kinds: the seven binary operations with a register second operand (even)
/// and an immediate one (odd), in code order, then the four unary operations.
pub(crate) const ALU_KINDS: u8 = 18;
/// The first unary kind.
pub(crate) const UNARY: u8 = 14;
/// The condition part of an ALU op code when no jump follows.
pub(crate) const NO_JUMP: u8 = 7;

/// The predicated op codes: `PRED + pkind × 3 + flag`. `pkind` is an ALU kind, or
/// [`PRED_MOV`] or [`PRED_SET`]; `flag` the one the jump tests: 0 CY, 1 Z, 2 S.
pub(crate) const PRED: u8 = 144;
/// The predicated kind of `MOV d, s`.
pub(crate) const PRED_MOV: u8 = ALU_KINDS;
/// The predicated kind of `MOVI d, imm`.
pub(crate) const PRED_SET: u8 = ALU_KINDS + 1;

/// Op codes after the ALU's and the predicated ones.
pub(crate) mod op {
    /// Do nothing (also the never-condition word and stores to nowhere).
    pub const NOP: u8 = 204;
    /// `regs[d] = regs[a]`.
    pub const MOV: u8 = 205;
    /// `regs[d] = a` (MOVI, or a LOAD of a ROM or unmapped address).
    pub const SET: u8 = 206;
    /// `regs[d] = a` when the condition table `b` holds.
    pub const SET_IF: u8 = 207;
    /// Jumps: `JUMP + condition code` (0 always … 6 NZ).
    pub const JUMP: u8 = 208;
    /// `L = next; PC = t`.
    pub const CALL: u8 = 215;
    /// `CALL` when the condition table `b` holds.
    pub const CALL_IF: u8 = 216;
    /// `regs[d] = switch bank b`. This and the codes after it leave the hot loop.
    pub const LOAD_SWITCH: u8 = 217;
    /// `regs[d] = the key latch` (counted as a teletype read).
    pub const LOAD_KEY: u8 = 218;
    /// `regs[d] = memory[regs[a]]`.
    pub const LOAD_PTR: u8 = 219;
    /// Print `regs[a]` on the teletype.
    pub const PRINT: u8 = 220;
    /// `memory[regs[b]] = regs[a]`.
    pub const STORE_PTR: u8 = 221;
    /// Stop the clock.
    pub const HALT: u8 = 222;
    /// Reads or writes PC as data: run through the literal executor.
    pub const SLOW: u8 = 223;
    /// A reserved word: stop without executing it. Codes above it are never compiled.
    pub const TRAP: u8 = 224;
}

/// One compiled instruction (or fused pair): eight bytes, so the loop indexes the table
/// with a scaled address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[repr(C, align(8))]
pub(crate) struct Op {
    /// What to do: an ALU code (`kind × 8 + condition`) or one of [`op`].
    pub code: u8,
    /// The written register slot (0–6, or [`SINK`]).
    pub d: u8,
    /// The first source slot, or the value of `SET`.
    pub a: u8,
    /// The second source slot or 3-bit immediate; a switch bank; a condition's truth
    /// table over the flag bits `CY | Z<<1 | S<<2`; a pointer slot.
    pub b: u8,
    /// The jump or call target; for a predicated op, 1 when the jump tests for the flag
    /// clear (NC, NZ, NS).
    pub t: u8,
    /// A predicated op's clock ticks (given back when it is skipped).
    pub x: u8,
}

/// The compiled ROM.
#[derive(Debug, Clone)]
pub(crate) struct Code {
    /// One op per address.
    pub ops: [Op; 256],
    /// Instructions in the block that starts at each address.
    pub len: [u64; 256],
    /// Clock ticks of that block.
    pub ticks: [u64; 256],
    /// Both, as the loop charges them: `len | ticks << 32`.
    pub charge: [u64; 256],
    /// Clock ticks of the instruction at each address.
    pub own: [u8; 256],
}

/// A condition's truth table over the eight flag-bit patterns `CY | Z<<1 | S<<2`.
pub(crate) fn table(c: Condition) -> u8 {
    (0..8u8)
        .filter(|&bits| {
            c.holds(Flags {
                carry: bits & 1 != 0,
                zero: bits & 2 != 0,
                sign: bits & 4 != 0,
            })
        })
        .fold(0, |t, bits| t | 1 << bits)
}

fn slot(d: Destination) -> u8 {
    match d {
        Destination::Reg(r) => r.code(),
        Destination::Flags => SINK,
    }
}

/// Whether an instruction reads or writes PC other than as a jump or call target.
fn touches_pc(ins: Instruction) -> bool {
    let pc = Register::Pc;
    match ins {
        Instruction::Mov { dst, src } => dst == pc || src == pc,
        Instruction::LoadAddr { dst, .. } => dst == pc,
        Instruction::LoadPtr { dst, ptr } => dst == pc || ptr == pc,
        Instruction::StoreAddr { src, .. } => src == pc,
        Instruction::StorePtr { src, ptr } => src == pc || ptr == pc,
        Instruction::Binary { dst, a, b, .. } => {
            dst == Destination::Reg(pc) || a == pc || b == Operand::Reg(pc)
        }
        Instruction::Unary { dst, src, .. } => dst == Destination::Reg(pc) || src == pc,
        _ => false,
    }
}

/// Whether an (unfused) op may change PC or stop: the last of its block.
pub(crate) fn ends_block(code: u8) -> bool {
    (op::JUMP..=op::CALL_IF).contains(&code) || code >= op::HALT
}

/// Whether an (unfused) op is a conditional jump.
fn conditional_jump(code: u8) -> bool {
    code > op::JUMP && code < op::JUMP + 7
}

/// The predicated kind of an (unfused) op that only writes a register and the flags.
fn predicated(code: u8) -> Option<u8> {
    match code {
        c if c < ALU_KINDS * 8 && c % 8 == NO_JUMP => Some(c / 8),
        op::MOV => Some(PRED_MOV),
        op::SET => Some(PRED_SET),
        _ => None,
    }
}

/// The flag a condition tests (0 CY, 1 Z, 2 S) and whether it wants it clear.
fn flag_test(c: Condition) -> Option<(u8, bool)> {
    match c {
        Condition::C => Some((0, false)),
        Condition::Nc => Some((0, true)),
        Condition::Z => Some((1, false)),
        Condition::Nz => Some((1, true)),
        Condition::S => Some((2, false)),
        Condition::Ns => Some((2, true)),
        Condition::Always => None,
    }
}

fn alu_kind_binary(b: BinaryOp, imm: bool) -> u8 {
    b.code() * 2 + u8::from(imm)
}

fn alu_kind_unary(u: UnaryOp) -> u8 {
    UNARY + u.code()
}

/// The op for the word at `addr`, unfused, and its clock ticks.
fn compile(rom: &Rom, addr: u8) -> (Op, u8) {
    let word = rom.fetch(addr);
    let size = rom.size();
    let plain = |code: u8, own: u8| {
        (
            Op {
                code,
                ..Op::default()
            },
            own,
        )
    };
    let ins = match Instruction::decode(word) {
        Ok(ins) => ins,
        // Condition 111 is "never" (spec): a no-op. The other reserved words trap.
        Err(Reserved {
            kind: ReservedKind::NeverCondition,
            ..
        }) => return plain(op::NOP, InstructionClass::Move.ticks()),
        Err(_) => return plain(op::TRAP, 0),
    };
    let own = ins.class().ticks();
    if touches_pc(ins) {
        return plain(op::SLOW, own);
    }
    let r = Register::code;
    let with = |code: u8, d: u8, a: u8, b: u8, t: u8| {
        (
            Op {
                code,
                d,
                a,
                b,
                t,
                x: 0,
            },
            own,
        )
    };
    match ins {
        Instruction::Nop => plain(op::NOP, own),
        Instruction::Halt => plain(op::HALT, own),
        Instruction::Mov { dst, src } => with(op::MOV, r(dst), r(src), 0, 0),
        Instruction::LoadAddr { dst, addr } => match region(addr, size) {
            Region::Rom(a) => with(op::SET, r(dst), rom.fetch(a) as u8, 0, 0),
            Region::Switches(bank) => with(op::LOAD_SWITCH, r(dst), 0, bank, 0),
            Region::Teletype => with(op::LOAD_KEY, r(dst), 0, 0, 0),
            Region::Unmapped => with(op::SET, r(dst), 0, 0, 0),
        },
        Instruction::LoadPtr { dst, ptr } => with(op::LOAD_PTR, r(dst), r(ptr), 0, 0),
        Instruction::StoreAddr { src, addr } => match region(addr, size) {
            Region::Teletype => with(op::PRINT, 0, r(src), 0, 0),
            _ => plain(op::NOP, own),
        },
        Instruction::StorePtr { src, ptr } => with(op::STORE_PTR, 0, r(src), r(ptr), 0),
        Instruction::Binary {
            op: b,
            dst,
            a,
            b: y,
        } => {
            let (imm, y) = match y {
                Operand::Reg(y) => (false, r(y)),
                Operand::Imm(i) => (true, i.value()),
            };
            let code = alu_kind_binary(b, imm) * 8 + NO_JUMP;
            with(code, slot(dst), r(a), y, 0)
        }
        Instruction::Unary { op: u, dst, src } => {
            with(alu_kind_unary(u) * 8 + NO_JUMP, slot(dst), r(src), 0, 0)
        }
        Instruction::Movi {
            cond,
            dst: Register::Pc,
            imm,
        } => with(op::JUMP + cond.code(), 0, 0, 0, imm),
        Instruction::Movi { cond, dst, imm } => match cond {
            Condition::Always => with(op::SET, r(dst), imm, 0, 0),
            c => with(op::SET_IF, r(dst), imm, table(c), 0),
        },
        Instruction::Call { cond, addr } => match cond {
            Condition::Always => with(op::CALL, 0, 0, 0, addr),
            c => with(op::CALL_IF, 0, 0, table(c), addr),
        },
    }
}

impl Code {
    /// Compile every address of `rom` (see the module documentation).
    pub(crate) fn new(rom: &Rom) -> Code {
        let compiled: [(Op, u8); 256] = std::array::from_fn(|a| compile(rom, a as u8));
        let mut ops = compiled.map(|c| c.0);
        let own = compiled.map(|c| c.1);
        // A block never wraps from 0xff to 0x00: a plain op there runs through the
        // literal executor, which ends the block.
        if !ends_block(ops[255].code) {
            ops[255].code = op::SLOW;
        }
        // A conditional jump over one op that only writes a register and the flags:
        // both run as one predicated op, and the block goes on after them.
        let pred: [Option<Op>; 256] = std::array::from_fn(|j| {
            let (jump, over) = (ops[j], *ops.get(j + 1)?);
            let kind = predicated(over.code)?;
            if !conditional_jump(jump.code) || usize::from(jump.t) != j + 2 {
                return None;
            }
            let (flag, clear) = flag_test(Condition::from_code(jump.code - op::JUMP)?)?;
            Some(Op {
                code: PRED + kind * 3 + flag,
                t: u8::from(clear),
                x: own[j + 1],
                ..over
            })
        });
        // Blocks, from the end: an op that ends a block is a block of one; a predicated
        // pair is two and the block after it; any other op extends the block after it.
        let (mut len, mut ticks) = ([0u64; 256], [0u64; 256]);
        for a in (0..256).rev() {
            (len[a], ticks[a]) = (1, u64::from(own[a]));
            if pred[a].is_some() {
                len[a] += 1 + len[a + 2];
                ticks[a] += u64::from(own[a + 1]) + ticks[a + 2];
            } else if !ends_block(ops[a].code) {
                len[a] += len[a + 1];
                ticks[a] += ticks[a + 1];
            }
        }
        for (a, p) in pred.iter().enumerate() {
            if let Some(p) = p {
                ops[a] = *p;
            }
        }
        // Fuse an ALU op with the (unpredicated) jump after it.
        for a in 0..255 {
            let next = ops[a + 1];
            let jump = (op::JUMP..op::JUMP + 7).contains(&next.code);
            if ops[a].code < ALU_KINDS * 8 && ops[a].code % 8 == NO_JUMP && jump {
                ops[a].code = ops[a].code - NO_JUMP + (next.code - op::JUMP);
                ops[a].t = next.t;
            }
        }
        let charge = std::array::from_fn(|a| len[a] | ticks[a] << 32);
        Code {
            ops,
            len,
            ticks,
            charge,
            own,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble;

    fn code(src: &str) -> Code {
        Code::new(&Rom::standard(&assemble(src).unwrap().words).unwrap())
    }

    #[test]
    fn blocks_and_fusion() {
        let c = code("MOVI A, 3\nloop: SUB A, A, 1\nJNZ loop\nHALT");
        // MOVI, SUB+JNZ fused: a block of three from 0, two from 1.
        assert_eq!((c.len[0], c.ticks[0]), (3, 6 + 9 + 6));
        assert_eq!((c.len[1], c.ticks[1]), (2, 15));
        let sub = alu_kind_binary(BinaryOp::Sub, true);
        assert_eq!(c.ops[1].code, sub * 8 + Condition::Nz.code());
        assert_eq!((c.ops[1].t, c.own[1], c.own[2]), (1, 9, 6));
        // The jump keeps its own op for programs that enter there.
        assert_eq!(c.ops[2].code, op::JUMP + Condition::Nz.code());
        assert_eq!(c.ops[3].code, op::HALT);
        // Past the program: NOPs up to 0xff, which runs through the literal executor.
        assert_eq!(c.ops[4].code, op::NOP);
        assert_eq!(c.ops[255].code, op::SLOW);
        assert_eq!(c.len[4], 252);
    }

    #[test]
    fn memory_map_is_resolved() {
        let c = code(
            "LOAD A, 0x02\nLOAD B, 0x81\nLOAD C, 0x90\nSTORE C, 0x42\nSTORE C, 0x9f\nMOV A, PC",
        );
        // The low byte of ROM word 2, `LOAD C, 0x90` = 0x2290.
        assert_eq!((c.ops[0].code, c.ops[0].a), (op::SET, 0x90));
        assert_eq!((c.ops[1].code, c.ops[1].b), (op::LOAD_SWITCH, 1));
        assert_eq!(c.ops[2].code, op::LOAD_KEY);
        assert_eq!(c.ops[3].code, op::NOP);
        assert_eq!(c.ops[4].code, op::PRINT);
        assert_eq!(c.ops[5].code, op::SLOW);
    }
}
