//! The ROM pre-decoded for the previous run loop ([`super`]): an [`Op`] and a [`Block`]
//! for every address, made once per ROM and kept by the [`Machine`](crate::Machine)
//! beside the fast loop's own code (`emulator/code.rs`).

use crate::instruction::{Instruction, InstructionClass, Reserved, ReservedKind};
use crate::memory::{region, Region, Rom};
use crate::{BinaryOp, Condition, Destination, Flags, Operand, Register, UnaryOp};

/// Register slot of the `F` (flags-only) destination: written, never read.
const SINK: u8 = 8;

/// A pre-decoded instruction for the fast loop. Register fields are slot numbers 0–8
/// (8 = the `F` sink). Anything that reads or writes PC other than jumps and calls is
/// `Slow` and runs through the reference executor. Conditions are 8-bit truth tables
/// indexed by the flag bits `CY | Z<<1 | S<<2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Nop,
    Halt,
    Trap,
    Slow,
    Mov { d: u8, s: u8 },
    Set { d: u8, v: u8 },
    SetIf { t: u8, d: u8, v: u8 },
    Jmp { addr: u8 },
    Jz { addr: u8 },
    Jnz { addr: u8 },
    Jc { addr: u8 },
    Jnc { addr: u8 },
    Js { addr: u8 },
    Jns { addr: u8 },
    Call { addr: u8 },
    CallIf { t: u8, addr: u8 },
    LoadSwitch { d: u8, bank: u8 },
    LoadKey { d: u8 },
    LoadPtr { d: u8, p: u8 },
    Print { s: u8 },
    StorePtr { s: u8, p: u8 },
    AdcR { d: u8, a: u8, b: u8 },
    AdcI { d: u8, a: u8, b: u8 },
    AddR { d: u8, a: u8, b: u8 },
    AddI { d: u8, a: u8, b: u8 },
    SbcR { d: u8, a: u8, b: u8 },
    SbcI { d: u8, a: u8, b: u8 },
    SubR { d: u8, a: u8, b: u8 },
    SubI { d: u8, a: u8, b: u8 },
    AndR { d: u8, a: u8, b: u8 },
    AndI { d: u8, a: u8, b: u8 },
    OrR { d: u8, a: u8, b: u8 },
    OrI { d: u8, a: u8, b: u8 },
    XorR { d: u8, a: u8, b: u8 },
    XorI { d: u8, a: u8, b: u8 },
    Not { d: u8, s: u8 },
    Ror { d: u8, s: u8 },
    Shr { d: u8, s: u8 },
    Rcr { d: u8, s: u8 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Decoded {
    op: Op,
    ticks: u8,
}

/// A straight run of instructions entered at one address: how many up to and including
/// the first that may change PC (or stop), and their clock ticks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Block {
    pub(super) len: u16,
    pub(super) ticks: u16,
}

/// The pre-decoded ROM: an op and a block for every address.
#[derive(Debug)]
pub(crate) struct Code {
    pub(super) ops: [Op; 256],
    pub(super) blocks: [Block; 256],
}

impl Code {
    pub(crate) fn new(rom: &Rom) -> Code {
        let mut decoded: [Decoded; 256] = std::array::from_fn(|a| predecode(rom, a as u8));
        let ends = |op: Op| {
            matches!(
                op,
                Op::Halt
                    | Op::Trap
                    | Op::Slow
                    | Op::Jmp { .. }
                    | Op::Jz { .. }
                    | Op::Jnz { .. }
                    | Op::Jc { .. }
                    | Op::Jnc { .. }
                    | Op::Js { .. }
                    | Op::Jns { .. }
                    | Op::Call { .. }
                    | Op::CallIf { .. }
            )
        };
        // A block never wraps from 0xff to 0x00: a plain op there runs through the
        // reference executor, which ends the block.
        if !ends(decoded[255].op) {
            decoded[255].op = Op::Slow;
        }
        let blocks = std::array::from_fn(|a| {
            let mut b = Block::default();
            for d in &decoded[a..] {
                b.len += 1;
                b.ticks += u16::from(d.ticks);
                if ends(d.op) {
                    break;
                }
            }
            b
        });
        Code {
            ops: decoded.map(|d| d.op),
            blocks,
        }
    }
}

fn slot(d: Destination) -> u8 {
    match d {
        Destination::Reg(r) => r.code(),
        Destination::Flags => SINK,
    }
}

/// A condition's truth table over the eight flag-bit patterns.
fn table(c: Condition) -> u8 {
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

fn predecode(rom: &Rom, addr: u8) -> Decoded {
    let word = rom.fetch(addr);
    let size = rom.size();
    let ins = match Instruction::decode(word) {
        Ok(ins) => ins,
        // Condition 111 is "never" (spec): a no-op. The other reserved words trap.
        Err(Reserved {
            kind: ReservedKind::NeverCondition,
            ..
        }) => {
            return Decoded {
                op: Op::Nop,
                ticks: InstructionClass::Move.ticks(),
            }
        }
        Err(_) => {
            return Decoded {
                op: Op::Trap,
                ticks: 0,
            }
        }
    };
    let ticks = ins.class().ticks();
    if touches_pc(ins) {
        return Decoded {
            op: Op::Slow,
            ticks,
        };
    }
    let r = Register::code;
    let op = match ins {
        Instruction::Nop => Op::Nop,
        Instruction::Halt => Op::Halt,
        Instruction::Mov { dst, src } => Op::Mov {
            d: r(dst),
            s: r(src),
        },
        Instruction::LoadAddr { dst, addr } => match region(addr, size) {
            Region::Rom(a) => Op::Set {
                d: r(dst),
                v: rom.fetch(a) as u8,
            },
            Region::Switches(bank) => Op::LoadSwitch { d: r(dst), bank },
            Region::Teletype => Op::LoadKey { d: r(dst) },
            Region::Unmapped => Op::Set { d: r(dst), v: 0 },
        },
        Instruction::LoadPtr { dst, ptr } => Op::LoadPtr {
            d: r(dst),
            p: r(ptr),
        },
        Instruction::StoreAddr { src, addr } => match region(addr, size) {
            Region::Teletype => Op::Print { s: r(src) },
            _ => Op::Nop,
        },
        Instruction::StorePtr { src, ptr } => Op::StorePtr {
            s: r(src),
            p: r(ptr),
        },
        Instruction::Binary { op, dst, a, b } => {
            let (d, a) = (slot(dst), r(a));
            match b {
                Operand::Reg(b) => {
                    let b = r(b);
                    match op {
                        BinaryOp::Adc => Op::AdcR { d, a, b },
                        BinaryOp::Add => Op::AddR { d, a, b },
                        BinaryOp::Sbc => Op::SbcR { d, a, b },
                        BinaryOp::Sub => Op::SubR { d, a, b },
                        BinaryOp::And => Op::AndR { d, a, b },
                        BinaryOp::Or => Op::OrR { d, a, b },
                        BinaryOp::Xor => Op::XorR { d, a, b },
                    }
                }
                Operand::Imm(b) => {
                    let b = b.value();
                    match op {
                        BinaryOp::Adc => Op::AdcI { d, a, b },
                        BinaryOp::Add => Op::AddI { d, a, b },
                        BinaryOp::Sbc => Op::SbcI { d, a, b },
                        BinaryOp::Sub => Op::SubI { d, a, b },
                        BinaryOp::And => Op::AndI { d, a, b },
                        BinaryOp::Or => Op::OrI { d, a, b },
                        BinaryOp::Xor => Op::XorI { d, a, b },
                    }
                }
            }
        }
        Instruction::Unary { op, dst, src } => {
            let (d, s) = (slot(dst), r(src));
            match op {
                UnaryOp::Not => Op::Not { d, s },
                UnaryOp::Ror => Op::Ror { d, s },
                UnaryOp::Shr => Op::Shr { d, s },
                UnaryOp::Rcr => Op::Rcr { d, s },
            }
        }
        Instruction::Movi {
            cond,
            dst: Register::Pc,
            imm,
        } => match cond {
            Condition::Always => Op::Jmp { addr: imm },
            Condition::Z => Op::Jz { addr: imm },
            Condition::Nz => Op::Jnz { addr: imm },
            Condition::C => Op::Jc { addr: imm },
            Condition::Nc => Op::Jnc { addr: imm },
            Condition::S => Op::Js { addr: imm },
            Condition::Ns => Op::Jns { addr: imm },
        },
        Instruction::Movi { cond, dst, imm } => match cond {
            Condition::Always => Op::Set { d: r(dst), v: imm },
            c => Op::SetIf {
                t: table(c),
                d: r(dst),
                v: imm,
            },
        },
        Instruction::Call { cond, addr } => match cond {
            Condition::Always => Op::Call { addr },
            c => Op::CallIf { t: table(c), addr },
        },
    };
    Decoded { op, ticks }
}
