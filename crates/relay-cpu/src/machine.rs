//! [`Machine`]: the relay computer — registers, flags, clock, the ROM, the switch banks and
//! the teletype — and how it runs.
//!
//! The ROM is switches, so the program cannot change while it runs: the machine decodes
//! every word once, when it is built, into a 256-entry table the run loop indexes by PC.
//! Reads of ROM addresses and writes to nowhere are resolved in that table too.

use std::sync::Arc;
use std::time::Duration;

use crate::alu::flags_of;
use crate::instruction::{Instruction, InstructionClass, Reserved, ReservedKind};
use crate::memory::{region, Region, Rom};
use crate::teletype::{Key, Teletype};
use crate::{BinaryOp, Condition, Destination, Flags, Operand, Register, UnaryOp};

/// One clock tick: the clock runs at 5 Hz (spec, "Timing").
pub const TICK: Duration = Duration::from_millis(200);

/// Why [`Machine::run`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// A `HALT` stopped the clock; PC is the address after it. A key or Start resumes.
    Halted,
    /// The step budget ran out (a runaway program, or just a long one).
    StepLimit,
    /// PC reached a reserved word at `addr`; PC stays there.
    Reserved {
        /// Where.
        addr: u8,
        /// The word and what is undocumented about it.
        reserved: Reserved,
    },
}

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
struct Code {
    ops: [Op; 256],
    blocks: [Block; 256],
}

impl Code {
    fn new(rom: &Rom) -> Code {
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

/// What one [`Machine::step`] did, for a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepInfo {
    /// Where the instruction was.
    pub addr: u8,
    /// Its word.
    pub word: u16,
    /// The instruction, or why the word is reserved.
    pub instruction: Result<Instruction, Reserved>,
    /// `Some` when the step stopped the machine.
    pub stop: Option<Stop>,
}

/// The relay computer.
#[derive(Debug, Clone)]
pub struct Machine {
    rom: Rom,
    code: Arc<Code>,
    /// Slots 0–6: A B C D M S L; 7: PC; 8: the `F` sink; the rest unused (so a masked
    /// index never needs a bounds check).
    regs: [u8; 16],
    carry: bool,
    /// The last ALU result: Z and S are read from it.
    result: u8,
    halted: bool,
    teletype: Teletype,
    switches: [u8; 2],
    steps: u64,
    ticks: u64,
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

impl Machine {
    /// A machine with `rom` fitted, just switched on: registers 0, flags clear, PC 0,
    /// switches down, blank paper.
    #[must_use]
    pub fn new(rom: Rom) -> Machine {
        let code = Arc::new(Code::new(&rom));
        Machine {
            rom,
            code,
            regs: [0; 16],
            carry: false,
            result: 1,
            halted: false,
            teletype: Teletype::new(),
            switches: [0; 2],
            steps: 0,
            ticks: 0,
        }
    }

    /// The panel's reset: registers, flags and PC cleared, the clock running, counters
    /// zero, the paper torn off. The ROM and switches stay.
    pub fn reset(&mut self) {
        self.regs = [0; 16];
        self.carry = false;
        self.result = 1;
        self.halted = false;
        self.teletype = Teletype::new();
        self.steps = 0;
        self.ticks = 0;
    }

    /// Fit another ROM (the builder flipping DIP switches): registers, flags, PC, the
    /// teletype and the counters stay as they are.
    pub fn set_rom(&mut self, rom: Rom) {
        self.code = Arc::new(Code::new(&rom));
        self.rom = rom;
    }

    /// The ROM.
    #[must_use]
    pub fn rom(&self) -> &Rom {
        &self.rom
    }

    /// A register's value (PC: the address of the next instruction to run).
    #[must_use]
    pub fn register(&self, r: Register) -> u8 {
        self.regs[r.code() as usize]
    }

    /// All eight registers in code order (A B C D M S L PC).
    #[must_use]
    pub fn registers(&self) -> [u8; 8] {
        let mut out = [0; 8];
        out.copy_from_slice(&self.regs[..8]);
        out
    }

    /// Set a register (the panel's switches); setting PC moves execution.
    pub fn set_register(&mut self, r: Register, value: u8) {
        self.regs[r.code() as usize] = value;
    }

    /// The program counter.
    #[must_use]
    pub fn pc(&self) -> u8 {
        self.regs[7]
    }

    /// The flag lamps.
    #[must_use]
    pub fn flags(&self) -> Flags {
        flags_of(self.result, self.carry)
    }

    /// Whether a `HALT` stopped the clock.
    #[must_use]
    pub fn is_halted(&self) -> bool {
        self.halted
    }

    /// The teletype: paper and key latch.
    #[must_use]
    pub fn teletype(&self) -> &Teletype {
        &self.teletype
    }

    /// Tear off the paper.
    pub fn clear_paper(&mut self) {
        self.teletype.clear_paper();
    }

    /// The two toggle-switch banks (0x80 even addresses, 0x81 odd).
    #[must_use]
    pub fn switches(&self) -> [u8; 2] {
        self.switches
    }

    /// Set the toggle-switch banks.
    pub fn set_switches(&mut self, banks: [u8; 2]) {
        self.switches = banks;
    }

    /// Instructions executed since switch-on or reset.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Clock ticks those instructions took on the real machine.
    #[must_use]
    pub fn ticks(&self) -> u64 {
        self.ticks
    }

    /// Real-machine time of the run so far (ticks × 0.2 s).
    #[must_use]
    pub fn real_time(&self) -> Duration {
        TICK.saturating_mul(u32::try_from(self.ticks).unwrap_or(u32::MAX))
    }

    /// Press a teletype key: the latch takes it, and a halted CPU wakes (execution goes on
    /// after the `HALT`).
    pub fn press_key(&mut self, key: Key) {
        self.teletype.press(key);
        self.halted = false;
    }

    /// Press Start on the panel: a halted CPU resumes.
    pub fn press_start(&mut self) {
        self.halted = false;
    }

    /// Whether the next instruction reads the teletype latch (`LOAD r, 0x90`-style) —
    /// i.e. the program halted to wait for a key, the builder's input idiom.
    #[must_use]
    pub fn waiting_for_key(&self) -> bool {
        let size = self.rom.size();
        self.halted
            && match Instruction::decode(self.rom.fetch(self.pc())) {
                Ok(Instruction::LoadAddr { addr, .. }) => region(addr, size) == Region::Teletype,
                Ok(Instruction::LoadPtr { ptr, .. }) => {
                    region(self.register(ptr), size) == Region::Teletype
                }
                _ => false,
            }
    }

    /// A data read, as the bus sees it.
    #[must_use]
    pub fn read(&self, addr: u8) -> u8 {
        match region(addr, self.rom.size()) {
            Region::Rom(a) => self.rom.fetch(a) as u8,
            Region::Switches(b) => self.switches[b as usize],
            Region::Teletype => self.teletype.latch(),
            Region::Unmapped => 0,
        }
    }

    /// A data read by the CPU: as [`Machine::read`], but a teletype read is counted
    /// ([`Teletype::reads`]).
    fn load(&mut self, addr: u8) -> u8 {
        if region(addr, self.rom.size()) == Region::Teletype {
            self.teletype.read()
        } else {
            self.read(addr)
        }
    }

    fn write(&mut self, addr: u8, value: u8) {
        if region(addr, self.rom.size()) == Region::Teletype {
            self.teletype.print(value);
        }
    }

    fn set_flags(&mut self, f: Flags) {
        self.carry = f.carry;
        // Z and S come from one result, so some result has exactly these two flags.
        self.result = if f.zero {
            0
        } else if f.sign {
            0x80
        } else {
            1
        };
    }

    /// Run one instruction (nothing when halted), reporting what it was.
    ///
    /// This is the reference executor: it decodes the word afresh and follows the
    /// instruction set literally through [`Instruction`], [`BinaryOp::eval`] and
    /// [`Condition::holds`]. [`Machine::run`] is the fast, pre-decoded loop; tests check
    /// that the two agree.
    pub fn step(&mut self) -> StepInfo {
        let addr = self.pc();
        let word = self.rom.fetch(addr);
        let instruction = Instruction::decode(word);
        let info = |stop| StepInfo {
            addr,
            word,
            instruction,
            stop,
        };
        if self.halted {
            return info(Some(Stop::Halted));
        }
        let ins = match instruction {
            Ok(ins) => ins,
            Err(Reserved {
                kind: ReservedKind::NeverCondition,
                ..
            }) => {
                self.regs[7] = addr.wrapping_add(1);
                self.steps += 1;
                self.ticks += u64::from(InstructionClass::Move.ticks());
                return info(None);
            }
            Err(reserved) => return info(Some(Stop::Reserved { addr, reserved })),
        };
        self.regs[7] = addr.wrapping_add(1);
        self.steps += 1;
        self.ticks += u64::from(ins.class().ticks());
        let get = |m: &Machine, r: Register| m.regs[r.code() as usize];
        let flags = self.flags();
        match ins {
            Instruction::Nop => {}
            Instruction::Halt => {
                self.halted = true;
                return info(Some(Stop::Halted));
            }
            Instruction::Mov { dst, src } => {
                let v = get(self, src);
                self.set_register(dst, v);
            }
            Instruction::LoadAddr { dst, addr } => {
                let v = self.load(addr);
                self.set_register(dst, v);
            }
            Instruction::LoadPtr { dst, ptr } => {
                let v = self.load(get(self, ptr));
                self.set_register(dst, v);
            }
            Instruction::StoreAddr { src, addr } => self.write(addr, get(self, src)),
            Instruction::StorePtr { src, ptr } => self.write(get(self, ptr), get(self, src)),
            Instruction::Binary { op, dst, a, b } => {
                let b = match b {
                    Operand::Reg(r) => get(self, r),
                    Operand::Imm(i) => i.value(),
                };
                let (r, f) = op.eval(get(self, a), b, flags);
                self.set_flags(f);
                if let Destination::Reg(d) = dst {
                    self.set_register(d, r);
                }
            }
            Instruction::Unary { op, dst, src } => {
                let (r, f) = op.eval(get(self, src), flags);
                self.set_flags(f);
                if let Destination::Reg(d) = dst {
                    self.set_register(d, r);
                }
            }
            Instruction::Movi { cond, dst, imm } => {
                if cond.holds(flags) {
                    self.set_register(dst, imm);
                }
            }
            Instruction::Call { cond, addr } => {
                if cond.holds(flags) {
                    self.regs[Register::L.code() as usize] = self.regs[7];
                    self.regs[7] = addr;
                }
            }
        }
        info(None)
    }

    /// One instruction that reads or writes PC as data, through the reference executor,
    /// for the fast loop (its own counters are kept by the loop).
    #[cold]
    #[inline(never)]
    fn slow(&mut self, regs: &[u8; 256], flags: u16) -> ([u8; 16], u16) {
        self.regs.copy_from_slice(&regs[..16]);
        self.result = flags as u8;
        self.carry = flags > 0xff;
        let (steps, ticks) = (self.steps, self.ticks);
        self.step();
        (self.steps, self.ticks) = (steps, ticks);
        (
            self.regs,
            u16::from(self.result) | u16::from(self.carry) << 8,
        )
    }

    /// Run until `HALT`, a reserved word, or `max_steps` instructions. A halted machine
    /// returns [`Stop::Halted`] at once; press a key or Start first.
    ///
    /// The fast loop charges steps and ticks a basic block at a time (at each jump,
    /// call or fall-through into a new block); the last block that does not fit the
    /// budget runs through [`Machine::step`], so the count stops exactly at `max_steps`.
    pub fn run(&mut self, max_steps: u64) -> Stop {
        if self.halted {
            return Stop::Halted;
        }
        let code = Arc::clone(&self.code);
        let ops = &code.ops;
        let blocks = &code.blocks;
        let mut regs = [0u8; 256];
        regs[..16].copy_from_slice(&self.regs);
        let mut pc = regs[7];
        // The last ALU result in the low byte, CY in bit 8.
        let mut flags = u16::from(self.result) | u16::from(self.carry) << 8;
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
                        self.halted = true;
                        break 'block Some(Stop::Halted);
                    }
                    Op::Trap => {
                        // Not executed: give its step back.
                        pc = here;
                        left += 1;
                        let word = self.rom.fetch(here);
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
                        let (small, f) = self.slow(&regs, flags);
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
                    Op::LoadSwitch { d, bank } => regs[r(d)] = self.switches[bank as usize & 1],
                    Op::LoadKey { d } => regs[r(d)] = self.teletype.read(),
                    Op::LoadPtr { d, p } => regs[r(d)] = self.load(regs[r(p)]),
                    Op::Print { s } => self.teletype.print(regs[r(s)]),
                    Op::StorePtr { s, p } => {
                        let (v, addr) = (regs[r(s)], regs[r(p)]);
                        if region(addr, self.rom.size()) == Region::Teletype {
                            self.teletype.print(v);
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
        self.regs.copy_from_slice(&regs[..16]);
        self.result = flags as u8;
        self.carry = flags > 0xff;
        self.steps += max_steps - left;
        self.ticks += ticks;
        if let Some(stop) = stop {
            return stop;
        }
        // The rest of the budget, one reference step at a time (less than one block).
        for _ in 0..left {
            if let Some(stop) = self.step().stop {
                return stop;
            }
        }
        Stop::StepLimit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assemble;

    fn machine(src: &str) -> Machine {
        Machine::new(Rom::standard(&assemble(src).unwrap().words).unwrap())
    }

    #[test]
    fn pc_reads_as_next_address_and_call_links() {
        let mut m = machine("NOP\nMOV A, PC\nCALL sub\nHALT\nsub: MOV B, L\nRET");
        assert_eq!(m.run(100), Stop::Halted);
        assert_eq!(m.register(Register::A), 2);
        assert_eq!(m.register(Register::B), 3);
        assert_eq!(m.pc(), 4);
        assert_eq!(m.steps(), 6);
        assert_eq!(m.ticks(), 6 * 6);
        assert_eq!(m.real_time(), Duration::from_millis(36 * 200));
    }

    #[test]
    fn memory_map_reads() {
        let src = "LOAD A, 0x80\nLOAD B, 0x81\nLOAD C, 0x02\nLOAD D, 0x40\nMOVI M, 0x8e\n\
                   LOAD S, M\nMOVI M, 0xa5\nLOAD L, M\nHALT";
        let mut m = machine(src);
        m.set_switches([0x0f, 0x0c]);
        assert_eq!(m.run(100), Stop::Halted);
        // LOAD C, 0x02 reads the low byte of ROM word 2 (`LOAD C, 0x02` itself = 0x2202).
        assert_eq!(m.registers()[..7], [0x0f, 0x0c, 0x02, 0, 0xa5, 0x0f, 0]);
        assert_eq!(m.ticks(), 6 * 10 + 2 * 6 + 6);
    }

    #[test]
    fn teletype_input_and_output() {
        let mut m = machine("loop: HALT\nLOAD A, 0x90\nSTORE A, 0x9f\nJMP loop");
        assert_eq!(m.run(100), Stop::Halted);
        assert!(m.waiting_for_key());
        m.press_key("4".parse().unwrap());
        assert_eq!(m.run(100), Stop::Halted);
        m.press_start();
        assert_eq!(m.run(100), Stop::Halted);
        assert_eq!(m.teletype().printed(), [4, 4]);
        assert_eq!(m.run(5), Stop::Halted, "halted stays halted");
    }

    #[test]
    fn flags_conditions_and_borrow() {
        let mut m = machine(
            "MOVI A, 3\nSUB B, A, 5\nMOVI C, C, 1\nMOVI NC, D, 1\nCMP A, 3\nMOVI Z, M, 1\nHALT",
        );
        assert_eq!(m.run(100), Stop::Halted);
        assert_eq!(m.registers()[..5], [3, 254, 1, 0, 1]);
        assert_eq!(
            m.flags(),
            Flags {
                carry: false,
                zero: true,
                sign: false
            }
        );
    }

    #[test]
    fn runaway_and_reserved() {
        let mut m = machine("loop: JMP loop");
        assert_eq!(m.run(1000), Stop::StepLimit);
        assert_eq!(m.steps(), 1000);
        let mut m = machine("NOP\nDW 0x0800\n");
        let s = m.run(10);
        assert!(matches!(s, Stop::Reserved { addr: 1, .. }), "{s:?}");
        assert_eq!(m.pc(), 1);
        assert_eq!(m.steps(), 1);
        // Condition 111 never happens: a no-op.
        let mut m = machine("DW 0xF712\nHALT\n");
        assert_eq!(m.run(10), Stop::Halted);
        assert_eq!(m.pc(), 2);
        // Past the ROM the machine runs NOPs and wraps to 0.
        let mut m = Machine::new(Rom::new(&[0x1000], 2).unwrap());
        m.press_start();
        assert_eq!(m.run(10), Stop::Halted);
        assert_eq!(m.run(10), Stop::Halted);
        m.press_start();
        assert_eq!(m.run(300), Stop::Halted);
        assert_eq!(m.steps(), 1 + 256);
    }

    #[test]
    fn step_matches_run() {
        let src = "MOVI A, 200\nloop: ADD A, A, 7\nRCR B, A\nJNC loop\nXOR C, B, A\nHALT";
        let mut a = machine(src);
        let mut b = a.clone();
        a.run(10_000);
        let mut trace = 0;
        while b.step().stop.is_none() {
            trace += 1;
        }
        assert_eq!(trace + 1, a.steps());
        assert_eq!(a.registers(), b.registers());
        assert_eq!(a.flags(), b.flags());
    }
}
