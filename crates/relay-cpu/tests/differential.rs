//! The fast loop (issue 30: the ROM compiled into ops with fused compare-and-branch and
//! predicated pairs) against the core it replaced, side by side on random programs for
//! more than a million steps:
//!
//! * **every step**: the fast loop watched instruction by instruction
//!   ([`Machine::run_watched`]) against the literal executor ([`Machine::step`]) —
//!   registers, PC, flags, steps, clock ticks, the teletype (paper, key latch, reads);
//! * **every run**: the fast loop ([`Machine::run`]) against the previous run loop
//!   ([`Machine::run_reference`]) with the same random budgets, compared in full after
//!   each call, halts answered with the same keys.
//!
//! Programs are built from documented instructions with the patterns the compiler
//! rewrites made common: an ALU operation before a jump, a conditional jump over one op,
//! calls and returns, PC as data, the teletype and the switches, now and then a
//! reserved word.

use ludomat_relay_cpu::{
    BinaryOp, Condition, Destination, Flags, Imm3, Instruction, Key, Machine, Operand, Register,
    Rom, StepState, Stop, UnaryOp,
};

/// A small deterministic generator (xorshift64*), so the test needs no RNG crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn byte(&mut self) -> u8 {
        self.next() as u8
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// A register, PC now and then (which sends the op to the literal executor).
    fn reg(&mut self) -> Register {
        if self.chance(4) {
            Register::Pc
        } else {
            Register::from_code(self.below(7) as u8)
        }
    }

    fn cond(&mut self) -> Condition {
        Condition::ALL[self.below(7) as usize]
    }

    fn alu(&mut self) -> Instruction {
        let dst = if self.chance(25) {
            Destination::Flags
        } else {
            Destination::Reg(self.reg())
        };
        if self.chance(30) {
            let op = UnaryOp::ALL[self.below(4) as usize];
            Instruction::Unary {
                op,
                dst,
                src: self.reg(),
            }
        } else {
            let op = BinaryOp::ALL[self.below(7) as usize];
            let b = if self.chance(50) {
                Operand::Imm(Imm3::new(self.below(8) as u8).unwrap())
            } else {
                Operand::Reg(self.reg())
            };
            Instruction::Binary {
                op,
                dst,
                a: self.reg(),
                b,
            }
        }
    }

    /// An address a program reads or writes: the teletype, the switches, ROM, nothing.
    fn data_addr(&mut self, size: usize) -> u8 {
        match self.below(4) {
            0 => 0x90 | self.below(16) as u8,
            1 => 0x80 | self.below(16) as u8,
            2 => self.below(size as u64) as u8,
            _ => self.byte(),
        }
    }

    /// The word at `addr` of a `size`-word program.
    fn word(&mut self, addr: usize, size: usize) -> u16 {
        let target = |r: &mut Rng| r.below(size as u64) as u8;
        let ins = match self.below(100) {
            0..=34 => self.alu(),
            // A conditional jump over the next op: a predicated pair.
            35..=47 => Instruction::Movi {
                cond: self.cond(),
                dst: Register::Pc,
                imm: (addr + 2) as u8,
            },
            48..=57 => Instruction::Movi {
                cond: self.cond(),
                dst: Register::Pc,
                imm: target(self),
            },
            58..=65 => Instruction::Movi {
                cond: self.cond(),
                dst: self.reg(),
                imm: self.byte(),
            },
            66..=71 => Instruction::Mov {
                dst: self.reg(),
                src: self.reg(),
            },
            72..=75 => Instruction::Call {
                cond: self.cond(),
                addr: target(self),
            },
            76..=78 => Instruction::RET,
            79..=82 => Instruction::LoadAddr {
                dst: self.reg(),
                addr: self.data_addr(size),
            },
            83..=86 => Instruction::StoreAddr {
                src: self.reg(),
                addr: self.data_addr(size),
            },
            87..=89 => Instruction::LoadPtr {
                dst: self.reg(),
                ptr: Register::from_code(4 + self.below(4) as u8),
            },
            90..=92 => Instruction::StorePtr {
                src: self.reg(),
                ptr: Register::from_code(4 + self.below(4) as u8),
            },
            93..=94 => Instruction::Halt,
            95..=96 => Instruction::Nop,
            // Anything, reserved words included.
            _ => return self.next() as u16,
        };
        ins.encode()
    }

    /// A program and the ROM it is fitted in (64 words mostly, other sizes sometimes).
    fn rom(&mut self) -> Rom {
        let size = match self.below(10) {
            0 => 1 + self.below(256) as usize,
            1 => 256,
            _ => 64,
        };
        let len = 1 + self.below(size as u64) as usize;
        let words: Vec<u16> = (0..len).map(|a| self.word(a, size)).collect();
        Rom::new(&words, size).unwrap()
    }
}

/// Everything the machine shows after a step.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Snapshot {
    registers: [u8; 8],
    flags: Flags,
    steps: u64,
    ticks: u64,
    printed: Vec<u8>,
    latch: u8,
    reads: u64,
}

impl Snapshot {
    fn of(m: &Machine) -> Snapshot {
        Snapshot {
            registers: m.registers(),
            flags: m.flags(),
            steps: m.steps(),
            ticks: m.ticks(),
            printed: m.teletype().printed().to_vec(),
            latch: m.teletype().latch(),
            reads: m.teletype().reads(),
        }
    }

    fn of_step(s: &StepState<'_>) -> Snapshot {
        Snapshot {
            registers: s.registers,
            flags: s.flags,
            steps: s.steps,
            ticks: s.ticks,
            printed: s.teletype.printed().to_vec(),
            latch: s.teletype.latch(),
            reads: s.teletype.reads(),
        }
    }
}

/// Wake a halted machine: a key or Start, by the number of halts so far.
fn wake(m: &mut Machine, halts: u64) {
    if halts % 3 == 2 {
        m.press_start();
    } else {
        m.press_key(Key::new((halts % 10) as u8).unwrap());
    }
}

/// Steps compared one by one on `rom`, at most `budget`; returns the steps run.
fn every_step(rom: &Rom, switches: [u8; 2], budget: u64, rng: &mut Rng) -> u64 {
    let mut fast = Machine::new(rom.clone());
    fast.set_switches(switches);
    let mut literal = fast.clone();
    let mut halts = 0;
    while fast.steps() < budget {
        let chunk = 1 + rng.below(300);
        let mut seen = Vec::new();
        let stop = fast.run_watched(chunk, |s| seen.push(Snapshot::of_step(s)));
        let mut literal_stop = None;
        for (k, want) in seen.iter().enumerate() {
            let info = literal.step();
            literal_stop = info.stop;
            assert_eq!(
                &Snapshot::of(&literal),
                want,
                "step {} at {:#04x} ({:?}) of {:04x?}",
                literal.steps(),
                info.addr,
                info.instruction,
                rom.words()
            );
            if k + 1 < seen.len() {
                assert_eq!(literal_stop, None, "the literal executor stopped early");
            }
        }
        match stop {
            Stop::StepLimit => {
                assert_eq!(literal_stop, None);
                assert_eq!(seen.len() as u64, chunk);
            }
            Stop::Halted => {
                assert_eq!(literal_stop, Some(Stop::Halted));
                halts += 1;
                wake(&mut fast, halts);
                wake(&mut literal, halts);
            }
            Stop::Reserved { .. } => {
                assert_eq!(literal.step().stop, Some(stop));
                break;
            }
        }
        assert_eq!(Snapshot::of(&fast), Snapshot::of(&literal));
    }
    fast.steps()
}

/// Runs compared call by call with the previous loop; returns the steps run.
fn every_run(rom: &Rom, switches: [u8; 2], budget: u64, rng: &mut Rng) -> u64 {
    let mut fast = Machine::new(rom.clone());
    fast.set_switches(switches);
    let mut old = fast.clone();
    let mut halts = 0;
    while fast.steps() < budget {
        let chunk = 1 + rng.below(2_000);
        let stop = fast.run(chunk);
        assert_eq!(old.run_reference(chunk), stop, "{:04x?}", rom.words());
        assert_eq!(
            Snapshot::of(&fast),
            Snapshot::of(&old),
            "{:04x?}",
            rom.words()
        );
        assert_eq!(fast.is_halted(), old.is_halted());
        match stop {
            Stop::Halted => {
                halts += 1;
                wake(&mut fast, halts);
                wake(&mut old, halts);
            }
            Stop::Reserved { .. } => break,
            Stop::StepLimit => {}
        }
    }
    fast.steps()
}

#[test]
fn fast_loop_equals_the_literal_executor_at_every_step() {
    let mut rng = Rng(0x5eed_0f2e);
    let mut steps = 0;
    let mut programs = 0;
    while steps < 1_200_000 {
        let rom = rng.rom();
        let switches = [rng.byte(), rng.byte()];
        steps += every_step(&rom, switches, 5_000, &mut rng);
        programs += 1;
    }
    assert!(programs > 100, "{programs} programs");
}

#[test]
fn fast_loop_equals_the_previous_loop_run_by_run() {
    let mut rng = Rng(0x0001_d100);
    let mut steps = 0;
    while steps < 3_000_000 {
        let rom = rng.rom();
        let switches = [rng.byte(), rng.byte()];
        steps += every_run(&rom, switches, 20_000, &mut rng);
    }
}

#[test]
fn busy_program_equals_the_previous_loop() {
    let rom = Rom::standard(&ludomat_relay_cpu::roms::busy_words()).unwrap();
    let mut rng = Rng(30);
    assert!(every_step(&rom, [0, 0], 300_000, &mut rng) >= 300_000);
    assert!(every_run(&rom, [0, 0], 2_000_000, &mut rng) >= 2_000_000);
}
