//! The emulator's previous run loop (before issue 30), kept unchanged as the reference
//! the fast loop (`fast.rs`) is held to: the differential test
//! (`crates/relay-cpu/tests/differential.rs`) runs both on random programs and compares
//! registers, flags, teletype and counters.
//!
//! Each ROM word is pre-decoded into an `Op` (a Rust `enum`, one `match` per
//! instruction); steps and ticks are charged a basic block at a time; anything that reads
//! or writes PC as data runs through the literal executor ([`Machine::step`]). It measured
//! 25.5 machine instructions per emulated instruction on `programs/relay/busy.asm`.

use crate::instruction::{Instruction, InstructionClass, Reserved, ReservedKind};
use crate::machine::{Machine, Stop};
use crate::memory::{region, Region, Rom};
use crate::{BinaryOp, Condition, Destination, Flags, Operand, Register, UnaryOp};

/// Register slot of the `F` (flags-only) destination: written, never read.
const SINK: u8 = 8;

/// A pre-decoded instruction for the fast loop. Register fields are slot numbers 0–8
/// (8 = the `F` sink). Anything that reads or writes PC other than jumps and calls is
/// `Slow` and runs through the reference executor. Conditions are 8-bit truth tables
/// indexed by the flag bits `CY | Z<<1 | S<<2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
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
struct Block {
    len: u16,
    ticks: u16,
}

/// The pre-decoded ROM: an op and a block for every address.
#[derive(Debug)]
pub(crate) struct Code {
    ops: [Op; 256],
    blocks: [Block; 256],
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

/// The flag bits `CY | Z<<1 | S<<2` of a (result, carry) pair.
#[inline(always)]
fn flag_bits(result: u8, carry: bool) -> u8 {
    carry as u8 | u8::from(result == 0) << 1 | (result >> 7) << 2
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

/// One instruction that reads or writes PC as data, through the literal executor (its
/// own counters are kept by the loop).
#[cold]
#[inline(never)]
fn slow(m: &mut Machine, regs: &[u8; 256], flags: u16) -> ([u8; 16], u16) {
    let mut small = [0u8; 256];
    small.copy_from_slice(regs);
    let (result, carry) = m.slow(&mut small, flags as u8, flags > 0xff);
    let mut out = [0u8; 16];
    out.copy_from_slice(&small[..16]);
    (out, u16::from(result) | u16::from(carry) << 8)
}

/// Run `m` until `HALT`, a reserved word or `max_steps` instructions, as
/// [`Machine::run`] did before issue 30.
pub(crate) fn run(m: &mut Machine, max_steps: u64) -> Stop {
    if m.halted {
        return Stop::Halted;
    }
    let code = m.reference_code();
    let ops = &code.ops;
    let blocks = &code.blocks;
    let mut regs = [0u8; 256];
    regs[..16].copy_from_slice(&m.regs);
    let mut pc = regs[7];
    // The last ALU result in the low byte, CY in bit 8.
    let mut flags = u16::from(m.result) | u16::from(m.carry) << 8;
    let mut ticks = 0u64;
    let mut left = max_steps;
    macro_rules! alu {
        ($d:expr, $r:expr, $c:expr) => {{
            let (r, c): (u8, bool) = ($r, $c);
            regs[$d as usize] = r;
            flags = u16::from(r) | u16::from(c) << 8;
        }};
    }
    macro_rules! taken {
        ($t:expr) => {
            ($t >> flag_bits(flags as u8, flags > 0xff)) & 1 != 0
        };
    }
    macro_rules! carry {
        () => {
            flags > 0xff
        };
    }
    let r = |i: u8| i as usize;
    // `None`: the budget does not cover the next block; finish step by step.
    let stop: Option<Stop> = 'block: loop {
        let b = blocks[pc as usize];
        if left < u64::from(b.len) {
            break None;
        }
        left -= u64::from(b.len);
        ticks += u64::from(b.ticks);
        loop {
            let here = pc;
            let op = ops[here as usize];
            pc = here.wrapping_add(1);
            match op {
                Op::Nop => {}
                Op::Halt => {
                    m.halted = true;
                    break 'block Some(Stop::Halted);
                }
                Op::Trap => {
                    // Not executed: give its step back.
                    pc = here;
                    left += 1;
                    let word = m.rom.fetch(here);
                    let reserved = Instruction::decode(word).err().unwrap_or(Reserved {
                        word,
                        kind: ReservedKind::UndefinedClass,
                    });
                    break 'block Some(Stop::Reserved {
                        addr: here,
                        reserved,
                    });
                }
                Op::Slow => {
                    regs[7] = here;
                    let (small, f) = slow(m, &regs, flags);
                    regs[..16].copy_from_slice(&small);
                    flags = f;
                    pc = regs[7];
                    continue 'block;
                }
                Op::Jmp { addr } => {
                    pc = addr;
                    continue 'block;
                }
                Op::Jz { addr } => {
                    if flags as u8 == 0 {
                        pc = addr;
                    }
                    continue 'block;
                }
                Op::Jnz { addr } => {
                    if flags as u8 != 0 {
                        pc = addr;
                    }
                    continue 'block;
                }
                Op::Jc { addr } => {
                    if carry!() {
                        pc = addr;
                    }
                    continue 'block;
                }
                Op::Jnc { addr } => {
                    if !carry!() {
                        pc = addr;
                    }
                    continue 'block;
                }
                Op::Js { addr } => {
                    if flags & 0x80 != 0 {
                        pc = addr;
                    }
                    continue 'block;
                }
                Op::Jns { addr } => {
                    if flags & 0x80 == 0 {
                        pc = addr;
                    }
                    continue 'block;
                }
                Op::Call { addr } => {
                    regs[6] = pc;
                    pc = addr;
                    continue 'block;
                }
                Op::CallIf { t, addr } => {
                    if taken!(t) {
                        regs[6] = pc;
                        pc = addr;
                    }
                    continue 'block;
                }
                Op::Mov { d, s } => regs[r(d)] = regs[r(s)],
                Op::Set { d, v } => regs[r(d)] = v,
                Op::SetIf { t, d, v } => {
                    if taken!(t) {
                        regs[r(d)] = v;
                    }
                }
                Op::LoadSwitch { d, bank } => regs[r(d)] = m.switches[bank as usize & 1],
                Op::LoadKey { d } => regs[r(d)] = m.teletype.read(),
                Op::LoadPtr { d, p } => regs[r(d)] = m.load(regs[r(p)]),
                Op::Print { s } => m.teletype.print(regs[r(s)]),
                Op::StorePtr { s, p } => {
                    let (v, addr) = (regs[r(s)], regs[r(p)]);
                    if region(addr, m.rom.size()) == Region::Teletype {
                        m.teletype.print(v);
                    }
                }
                Op::AdcR { d, a, b } => {
                    let s = u16::from(regs[r(a)]) + u16::from(regs[r(b)]) + u16::from(carry!());
                    alu!(d, s as u8, s > 0xff);
                }
                Op::AdcI { d, a, b } => {
                    let s = u16::from(regs[r(a)]) + u16::from(b) + u16::from(carry!());
                    alu!(d, s as u8, s > 0xff);
                }
                Op::AddR { d, a, b } => {
                    let (x, c) = regs[r(a)].overflowing_add(regs[r(b)]);
                    alu!(d, x, c);
                }
                Op::AddI { d, a, b } => {
                    let (x, c) = regs[r(a)].overflowing_add(b);
                    alu!(d, x, c);
                }
                Op::SbcR { d, a, b } => {
                    let (x, y) = (
                        u16::from(regs[r(a)]),
                        u16::from(regs[r(b)]) + u16::from(carry!()),
                    );
                    alu!(d, x.wrapping_sub(y) as u8, x < y);
                }
                Op::SbcI { d, a, b } => {
                    let (x, y) = (u16::from(regs[r(a)]), u16::from(b) + u16::from(carry!()));
                    alu!(d, x.wrapping_sub(y) as u8, x < y);
                }
                Op::SubR { d, a, b } => {
                    let (x, c) = regs[r(a)].overflowing_sub(regs[r(b)]);
                    alu!(d, x, c);
                }
                Op::SubI { d, a, b } => {
                    let (x, c) = regs[r(a)].overflowing_sub(b);
                    alu!(d, x, c);
                }
                Op::AndR { d, a, b } => alu!(d, regs[r(a)] & regs[r(b)], false),
                Op::AndI { d, a, b } => alu!(d, regs[r(a)] & b, false),
                Op::OrR { d, a, b } => alu!(d, regs[r(a)] | regs[r(b)], false),
                Op::OrI { d, a, b } => alu!(d, regs[r(a)] | b, false),
                Op::XorR { d, a, b } => alu!(d, regs[r(a)] ^ regs[r(b)], false),
                Op::XorI { d, a, b } => alu!(d, regs[r(a)] ^ b, false),
                Op::Not { d, s } => alu!(d, !regs[r(s)], false),
                Op::Ror { d, s } => alu!(d, regs[r(s)].rotate_right(1), false),
                Op::Shr { d, s } => {
                    let v = regs[r(s)];
                    alu!(d, v >> 1, v & 1 != 0);
                }
                Op::Rcr { d, s } => {
                    let v = regs[r(s)];
                    alu!(d, v >> 1 | u8::from(carry!()) << 7, v & 1 != 0);
                }
            }
        }
    };
    regs[7] = pc;
    m.regs.copy_from_slice(&regs[..16]);
    m.result = flags as u8;
    m.carry = flags > 0xff;
    m.steps += max_steps - left;
    m.ticks += ticks;
    if let Some(stop) = stop {
        return stop;
    }
    // The rest of the budget, one reference step at a time (less than one block).
    for _ in 0..left {
        if let Some(stop) = m.step().stop {
            return stop;
        }
    }
    Stop::StepLimit
}
