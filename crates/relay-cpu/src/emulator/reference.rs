//! The emulator's previous run loop (before its rewrite for speed), kept unchanged as the
//! reference the fast loop (`fast.rs`) is held to: the differential test
//! (`crates/relay-cpu/tests/differential.rs`) runs both on random programs and compares
//! registers, flags, teletype and counters.
//!
//! Each ROM word is pre-decoded into an `Op` (a Rust `enum`, one `match` per
//! instruction); steps and ticks are charged a basic block at a time; anything that reads
//! or writes PC as data runs through the literal executor ([`Machine::step`]). It measured
//! 25.5 machine instructions per emulated instruction on `programs/relay/busy.asm`.

pub(crate) mod code;

use code::Op;

use crate::instruction::{Instruction, Reserved, ReservedKind};
use crate::machine::{Machine, Stop};
use crate::memory::{region, Region};

/// The flag bits `CY | Z<<1 | S<<2` of a (result, carry) pair.
#[inline(always)]
fn flag_bits(result: u8, carry: bool) -> u8 {
    carry as u8 | u8::from(result == 0) << 1 | (result >> 7) << 2
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

impl Machine {
    /// As [`Machine::run`], on the run loop this crate had before its rewrite for speed
    /// (kept in [`crate::emulator::reference`]): the reference the differential test holds
    /// the fast loop to, and the "before" of the benchmarks.
    pub fn run_reference(&mut self, max_steps: u64) -> Stop {
        run(self, max_steps)
    }
}

/// Run `m` until `HALT`, a reserved word or `max_steps` instructions, as
/// [`Machine::run`] did before its rewrite for speed.
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
