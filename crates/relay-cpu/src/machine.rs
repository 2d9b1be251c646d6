//! [`Machine`]: the relay computer — registers, flags, clock, the ROM, the switch banks and
//! the teletype — and how it runs.
//!
//! The ROM is switches, so the program cannot change while it runs: the machine compiles
//! every word once, when it is built or a ROM is fitted, into a 256-entry table the run
//! loop indexes by PC ([`crate::emulator`]). [`Machine::step`] is the literal executor:
//! it decodes the word afresh and follows the instruction set to the letter.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crate::alu::flags_of;
use crate::emulator::reference::code::Code as ReferenceCode;
use crate::emulator::Code;
use crate::instruction::{Instruction, InstructionClass, Reserved, ReservedKind};
use crate::memory::{region, Region, Rom};
use crate::teletype::{Key, Teletype};
use crate::{Destination, Flags, Operand, Register};

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
    pub(crate) rom: Rom,
    pub(crate) code: Arc<Code>,
    /// The ROM compiled for the previous loop, when [`Machine::run_reference`] is used.
    reference: OnceLock<Arc<ReferenceCode>>,
    /// Slots 0–6: A B C D M S L; 7: PC; 8: the `F` sink; the rest unused.
    pub(crate) regs: [u8; 16],
    pub(crate) carry: bool,
    /// The last ALU result: Z and S are read from it.
    pub(crate) result: u8,
    pub(crate) halted: bool,
    pub(crate) teletype: Teletype,
    pub(crate) switches: [u8; 2],
    pub(crate) steps: u64,
    pub(crate) ticks: u64,
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
            reference: OnceLock::new(),
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
        self.reference = OnceLock::new();
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
    pub(crate) fn load(&mut self, addr: u8) -> u8 {
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
    /// instruction set literally through [`Instruction`], [`crate::BinaryOp::eval`] and
    /// [`crate::Condition::holds`]. [`Machine::run`] is the fast, pre-decoded loop; tests check
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

    /// One instruction that reads or writes PC as data, through the literal executor, for
    /// a fast loop that keeps registers and flags in locals (its own counters are kept by
    /// the loop).
    #[cold]
    #[inline(never)]
    pub(crate) fn slow(&mut self, regs: &mut [u8; 256], result: u8, carry: bool) -> (u8, bool) {
        self.regs.copy_from_slice(&regs[..16]);
        self.result = result;
        self.carry = carry;
        let (steps, ticks) = (self.steps, self.ticks);
        self.step();
        (self.steps, self.ticks) = (steps, ticks);
        regs[..16].copy_from_slice(&self.regs);
        (self.result, self.carry)
    }

    /// The previous loop's compiled ROM, made on first use.
    pub(crate) fn reference_code(&self) -> Arc<ReferenceCode> {
        Arc::clone(
            self.reference
                .get_or_init(|| Arc::new(ReferenceCode::new(&self.rom))),
        )
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
