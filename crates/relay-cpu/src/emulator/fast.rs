//! The fast loop over the compiled ROM ([`super::code`]).
//!
//! The hot loop ([`hot`]) runs everything that only touches registers, flags and PC:
//! ALU operations (alone, fused with the jump after them, or predicated), moves, jumps,
//! calls. Registers live in a 256-byte array indexed by a `u8` slot (no bounds checks;
//! the flags are kept lazily as the
//! last ALU result (Z and S are read from it) and the carry; PC is a local. Steps and
//! ticks are charged a block at a time: entering a block, the loop checks that the budget
//! covers all of it, or it returns, and the rest of the budget (less than one block) runs
//! through the literal executor, so a run stops exactly at its budget. One `match` on the
//! op code per op, covering every byte so that it is one jump table; its arms are
//! generated, one per (operation, operand form, jump condition), each straight-line code.
//!
//! Ops that touch the machine — the switch banks, the teletype, memory through a
//! pointer, `HALT`, PC as data, reserved words — leave the hot loop; [`run`] does them
//! and goes back in. Their block was charged when it was entered, so going back in
//! mid-block first gives back the charge of the block's rest.
//!
//! A [`Watch`] sees the machine after every instruction. The quiet one ([`Quiet`]) is a
//! compile-time constant: its calls vanish and the loop is the same code as without it.

use std::sync::Arc;

use super::code::{op, Code, Op, ALU_KINDS, NO_JUMP, PRED, PRED_MOV, UNARY};
use crate::alu::flags_of;
use crate::machine::{Machine, Stop};
use crate::memory::{region, Region};
use crate::teletype::Teletype;
use crate::{BinaryOp, Flags, Instruction, InstructionClass, Reserved, ReservedKind, UnaryOp};

// The predicated, jump and cold arms are listed by number.
const _: () = assert!(PRED == ALU_KINDS * 8 && op::NOP == PRED + (ALU_KINDS + 2) * 3);
const _: () = assert!(op::JUMP == 208 && op::LOAD_SWITCH == 217 && op::TRAP == 224);

/// The machine after one instruction, as [`Machine::run_watched`] shows it.
#[derive(Debug, Clone, Copy)]
pub struct StepState<'a> {
    /// A B C D M S L PC (PC: the next instruction).
    pub registers: [u8; 8],
    /// The flag lamps.
    pub flags: Flags,
    /// Instructions executed since switch-on or reset.
    pub steps: u64,
    /// Clock ticks they took.
    pub ticks: u64,
    /// The teletype.
    pub teletype: &'a Teletype,
}

/// Whoever watches the fast loop instruction by instruction.
pub(crate) trait Watch {
    /// Whether there is anyone: `false` compiles every call away.
    const ON: bool;
    /// After each instruction.
    fn after(&mut self, state: &StepState<'_>);
}

/// Nobody watches.
pub(crate) struct Quiet;

impl Watch for Quiet {
    const ON: bool = false;
    #[inline(always)]
    fn after(&mut self, _: &StepState<'_>) {}
}

/// A closure watches.
pub(crate) struct Watcher<F>(pub F);

impl<F: FnMut(&StepState<'_>)> Watch for Watcher<F> {
    const ON: bool = true;
    fn after(&mut self, state: &StepState<'_>) {
        (self.0)(state);
    }
}

/// The flag bits `CY | Z<<1 | S<<2`, which condition tables are indexed by.
#[inline(always)]
fn flag_bits(res: u8, cy: bool) -> u8 {
    u8::from(cy) | u8::from(res == 0) << 1 | (res >> 7) << 2
}

/// Whether condition `C` (its 3-bit code; 7: never) holds for the last result and carry.
#[inline(always)]
const fn holds<const C: u8>(res: u8, cy: bool) -> bool {
    match C {
        0 => true,
        1 => res == 0,
        2 => res & 0x80 == 0,
        3 => cy,
        4 => !cy,
        5 => res & 0x80 != 0,
        6 => res != 0,
        _ => false,
    }
}

/// Flag `F` (0 CY, 1 Z, 2 S) of the last result and carry.
#[inline(always)]
const fn flag<const F: u8>(res: u8, cy: bool) -> bool {
    match F {
        0 => cy,
        1 => res == 0,
        _ => res & 0x80 != 0,
    }
}

/// The result and carry of ALU kind `K` (see [`ALU_KINDS`]) on `op`'s operands; for the
/// predicated kinds after them, the value a `MOV` or `MOVI` writes (and the carry as it
/// was).
#[inline(always)]
fn alu<const K: u8>(op: &Op, regs: &[u8; 256], cy: bool) -> (u8, bool) {
    if K < UNARY {
        let x = regs[op.a as usize];
        let y = if K % 2 == 1 {
            op.b
        } else {
            regs[op.b as usize]
        };
        BinaryOp::ALL[(K / 2) as usize].apply(x, y, cy)
    } else if K < ALU_KINDS {
        UnaryOp::ALL[(K - UNARY) as usize].apply(regs[op.a as usize], cy)
    } else if K == PRED_MOV {
        (regs[op.a as usize], cy)
    } else {
        (op.a, cy)
    }
}

/// Report the machine after the instruction at `addr` to `w`; PC is `next`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn report<W: Watch>(
    w: &mut W,
    regs: &mut [u8; 256],
    (next, addr): (u8, u8),
    (res, cy): (u8, bool),
    own: &[u8; 256],
    counts: &mut (u64, u64),
    teletype: &Teletype,
) {
    if W::ON {
        counts.0 += 1;
        counts.1 += u64::from(own[addr as usize]);
        regs[7] = next;
        let mut registers = [0; 8];
        registers.copy_from_slice(&regs[..8]);
        w.after(&StepState {
            registers,
            flags: flags_of(res, cy),
            steps: counts.0,
            ticks: counts.1,
            teletype,
        });
    }
}

/// The state the hot loop works on.
struct Hot {
    /// Slots 0–6 A–L, 7 PC (written back on leaving), 8 the `F` sink.
    regs: [u8; 256],
    pc: u8,
    /// The last ALU result (Z and S).
    res: u8,
    /// CY.
    cy: bool,
    /// Steps the budget handed to the hot loop still allows (at most [`SLICE`] and a
    /// block), less the rest of the current block.
    left: u64,
    /// Ticks charged.
    ticks: u64,
    /// Steps and ticks counted instruction by instruction, for a watcher only.
    counts: (u64, u64),
}

/// Why the hot loop returned.
enum Exit {
    /// The budget does not cover the block at PC.
    Short,
    /// The op at PC touches the machine (its block is charged).
    Cold,
}

/// The most steps one call of [`hot`] is given (its accumulator's low half; less
/// under test, so that runs cross it).
const SLICE: u64 = if cfg!(test) { 1 << 12 } else { 1 << 28 };

/// What a skipped predicated ALU op gives back: one step and its ticks.
const ALU_REFUND: u64 = 1 | (InstructionClass::Alu.ticks() as u64) << 32;

/// Run ops from `h.pc` until a block does not fit the budget or an op needs the machine.
#[allow(clippy::too_many_lines)]
#[inline(always)]
fn hot<W: Watch>(code: &Code, h: &mut Hot, w: &mut W, teletype: &Teletype) -> Exit {
    let ops = &code.ops;
    let own = &code.own;
    let regs = &mut h.regs;
    let (mut pc, mut res, mut cy) = (h.pc, h.res, h.cy);
    // Steps left in the low half, ticks charged (negated) in the high half: a block's
    // charge `len | ticks << 32` is subtracted at once. The budget is below 2^31 steps
    // ([`SLICE`]), so a block it does not cover shows as the low half turning negative.
    let mut acc = h.left;
    // Skipped predicated ALU ops whose step and ticks are still to be given back.
    let mut skipped = 0u64;
    let mut counts = h.counts;

    // After the instruction at `addr`: PC is `next`.
    macro_rules! watch {
        ($next:expr, $addr:expr) => {
            report(
                w,
                regs,
                ($next, $addr),
                (res, cy),
                own,
                &mut counts,
                teletype,
            )
        };
    }

    // One `match` with an arm per op code: the ALU ones (`kind × 8 + condition`), the
    // predicated ones (`PRED + pkind × 3 + flag`), the jumps (`JUMP + condition`) and the
    // cold ones listed by number, so that it covers every byte.
    macro_rules! dispatch {
        (
            $op:ident, $block:lifetime;
            alu: $($n:literal)*;
            predicated: $(($p:literal $k:literal $f:literal))*;
            jumps: $(($j:literal $c:literal))*;
            cold: $($x:literal)*;
            $($rest:tt)*
        ) => {
            match $op.code {
                $(
                    $n => {
                        let (v, c) = alu::<{ $n / 8 }>($op, regs, cy);
                        regs[$op.d as usize] = v;
                        (res, cy) = (v, c);
                        let next = pc.wrapping_add(1);
                        watch!(next, pc);
                        if $n % 8 != NO_JUMP {
                            pc = if holds::<{ $n % 8 }>(res, cy) {
                                $op.t
                            } else {
                                next.wrapping_add(1)
                            };
                            watch!(pc, next);
                            continue $block;
                        }
                    }
                )*
                $(
                    $p => {
                        // A jump over one op, both at once: the op's results are kept
                        // unless the jump's flag test holds, and no host branch depends
                        // on it. A skipped op gives back its step and ticks (an ALU op's
                        // when the budget runs short or the loop returns).
                        let (v, c) = alu::<$k>($op, regs, cy);
                        // 1 when the jump is taken (`t` is 1 when it tests the flag clear).
                        let skip = u8::from(flag::<$f>(res, cy)) ^ $op.t;
                        if W::ON {
                            watch!(pc.wrapping_add(1 + skip), pc);
                            if skip == 0 {
                                regs[$op.d as usize] = v;
                                if $k < ALU_KINDS {
                                    (res, cy) = (v, c);
                                }
                                watch!(pc.wrapping_add(2), pc.wrapping_add(1));
                            }
                        } else {
                            let keep = 0u8.wrapping_sub(skip);
                            let d = $op.d as usize;
                            regs[d] = v ^ ((v ^ regs[d]) & keep);
                            if $k < ALU_KINDS {
                                res = v ^ ((v ^ res) & keep);
                                cy = (u8::from(c) ^ ((u8::from(c) ^ u8::from(cy)) & skip)) != 0;
                            }
                        }
                        if $k < ALU_KINDS {
                            // Every ALU op takes the same ticks: count, give back later.
                            skipped += u64::from(skip);
                        } else {
                            acc = acc.wrapping_add(u64::from(skip) * (1 | u64::from($op.x) << 32));
                        }
                        pc = pc.wrapping_add(1);
                    }
                )*
                $(
                    $j => {
                        let next = pc.wrapping_add(1);
                        pc = if holds::<$c>(res, cy) { $op.t } else { next };
                        watch!(pc, next.wrapping_sub(1));
                        continue $block;
                    }
                )*
                // Listed one by one: as a range it would become the `match`'s default,
                // checked before the table on every op.
                #[allow(clippy::manual_range_patterns)]
                $($x)|* => break $block Exit::Cold,
                $($rest)*
            }
        };
    }

    let exit = 'block: loop {
        let charged = acc.wrapping_sub(code.charge[pc as usize]);
        if (charged as u32 as i32) < 0 {
            if skipped == 0 {
                break Exit::Short;
            }
            acc = acc.wrapping_add(skipped * ALU_REFUND);
            skipped = 0;
            continue;
        }
        acc = charged;
        loop {
            let op = &ops[pc as usize];
            dispatch! { op, 'block;
                alu:
                0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27
                28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52
                53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77
                78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 96 97 98 99 100 101
                102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120
                121 122 123 124 125 126 127 128 129 130 131 132 133 134 135 136 137 138 139
                140 141 142 143;
                predicated:
                (144 0 0) (145 0 1) (146 0 2) (147 1 0) (148 1 1) (149 1 2) (150 2 0)
                (151 2 1) (152 2 2) (153 3 0) (154 3 1) (155 3 2) (156 4 0) (157 4 1)
                (158 4 2) (159 5 0) (160 5 1) (161 5 2) (162 6 0) (163 6 1) (164 6 2)
                (165 7 0) (166 7 1) (167 7 2) (168 8 0) (169 8 1) (170 8 2) (171 9 0)
                (172 9 1) (173 9 2) (174 10 0) (175 10 1) (176 10 2) (177 11 0) (178 11 1)
                (179 11 2) (180 12 0) (181 12 1) (182 12 2) (183 13 0) (184 13 1)
                (185 13 2) (186 14 0) (187 14 1) (188 14 2) (189 15 0) (190 15 1)
                (191 15 2) (192 16 0) (193 16 1) (194 16 2) (195 17 0) (196 17 1)
                (197 17 2) (198 18 0) (199 18 1) (200 18 2) (201 19 0) (202 19 1)
                (203 19 2);
                jumps:
                (208 0) (209 1) (210 2) (211 3) (212 4) (213 5) (214 6);
                cold:
                217 218 219 220 221 222 223 224 225 226 227 228 229 230 231 232 233 234 235
                236 237 238 239 240 241 242 243 244 245 246 247 248 249 250 251 252 253 254
                255;
                op::NOP => {
                    watch!(pc.wrapping_add(1), pc);
                }
                op::MOV => {
                    regs[op.d as usize] = regs[op.a as usize];
                    watch!(pc.wrapping_add(1), pc);
                }
                op::SET => {
                    regs[op.d as usize] = op.a;
                    watch!(pc.wrapping_add(1), pc);
                }
                op::SET_IF => {
                    if (op.b >> flag_bits(res, cy)) & 1 != 0 {
                        regs[op.d as usize] = op.a;
                    }
                    watch!(pc.wrapping_add(1), pc);
                }
                op::CALL => {
                    let here = pc;
                    regs[6] = pc.wrapping_add(1);
                    pc = op.t;
                    watch!(pc, here);
                    continue 'block;
                }
                op::CALL_IF => {
                    let here = pc;
                    pc = pc.wrapping_add(1);
                    if (op.b >> flag_bits(res, cy)) & 1 != 0 {
                        regs[6] = pc;
                        pc = op.t;
                    }
                    watch!(pc, here);
                    continue 'block;
                }
            }
            // Every straight op leaves PC on the last address it covers.
            pc = pc.wrapping_add(1);
        }
    };
    (h.pc, h.res, h.cy) = (pc, res, cy);
    let acc = acc.wrapping_add(skipped * ALU_REFUND);
    h.left = u64::from(acc as u32);
    h.ticks += u64::from(0u32.wrapping_sub((acc >> 32) as u32));
    h.counts = counts;
    exit
}

/// The stop at the reserved word at `pc`.
#[cold]
fn trap(m: &Machine, pc: u8) -> Stop {
    let word = m.rom.fetch(pc);
    let reserved = Instruction::decode(word).err().unwrap_or(Reserved {
        word,
        kind: ReservedKind::UndefinedClass,
    });
    Stop::Reserved { addr: pc, reserved }
}

impl Machine {
    /// Run until `HALT`, a reserved word, or `max_steps` instructions. A halted machine
    /// returns [`Stop::Halted`] at once; press a key or Start first.
    ///
    /// This is the fast loop over the compiled ROM ([`crate::emulator`]): steps and ticks
    /// are charged a basic block at a time, and the last block that does not fit the
    /// budget runs through [`Machine::step`], so the count stops exactly at `max_steps`.
    pub fn run(&mut self, max_steps: u64) -> Stop {
        run(self, max_steps, &mut Quiet)
    }

    /// As [`Machine::run`], calling `watch` after every instruction with the registers,
    /// flags, counters and teletype (for traces and for the differential test; the
    /// watched loop is the same code as the quiet one, with the calls added).
    pub fn run_watched(&mut self, max_steps: u64, watch: impl FnMut(&StepState<'_>)) -> Stop {
        run(self, max_steps, &mut Watcher(watch))
    }
}

/// Run `m` until `HALT`, a reserved word or `max_steps` instructions, `w` watching.
pub(crate) fn run<W: Watch>(m: &mut Machine, max_steps: u64, w: &mut W) -> Stop {
    if m.halted {
        return Stop::Halted;
    }
    let code = Arc::clone(&m.code);
    let mut h = Hot {
        regs: [0; 256],
        pc: m.regs[7],
        res: m.result,
        cy: m.carry,
        left: 0,
        ticks: 0,
        counts: (m.steps, m.ticks),
    };
    h.regs[..16].copy_from_slice(&m.regs);
    // The budget not yet handed to the hot loop.
    let mut rest = max_steps;
    let stop = loop {
        let more = rest.min(SLICE.saturating_sub(h.left));
        (h.left, rest) = (h.left + more, rest - more);
        if let Exit::Short = hot(&code, &mut h, w, &m.teletype) {
            if rest == 0 {
                break None;
            }
            continue;
        }
        // A cold op, charged with its block.
        let (here, op) = (h.pc, code.ops[h.pc as usize]);
        let next = here.wrapping_add(1);
        let (d, a) = (op.d as usize, op.a as usize);
        match op.code {
            op::LOAD_SWITCH => h.regs[d] = m.switches[usize::from(op.b & 1)],
            op::LOAD_KEY => h.regs[d] = m.teletype.read(),
            op::LOAD_PTR => h.regs[d] = m.load(h.regs[a]),
            op::PRINT => m.teletype.print(h.regs[a]),
            op::STORE_PTR => {
                if region(h.regs[op.b as usize], m.rom.size()) == Region::Teletype {
                    m.teletype.print(h.regs[a]);
                }
            }
            op::HALT => {
                h.pc = next;
                m.halted = true;
                report(
                    w,
                    &mut h.regs,
                    (next, here),
                    (h.res, h.cy),
                    &code.own,
                    &mut h.counts,
                    &m.teletype,
                );
                break Some(Stop::Halted);
            }
            op::SLOW => {
                h.regs[7] = here;
                (h.res, h.cy) = m.slow(&mut h.regs, h.res, h.cy);
                h.pc = h.regs[7];
                report(
                    w,
                    &mut h.regs,
                    (h.pc, here),
                    (h.res, h.cy),
                    &code.own,
                    &mut h.counts,
                    &m.teletype,
                );
                continue;
            }
            // op::TRAP; no other code is compiled.
            _ => {
                // Not executed: its step is given back.
                h.left += 1;
                break Some(trap(m, here));
            }
        }
        // The rest of the block was charged with it: give that back before going in.
        h.pc = next;
        h.left += code.len[next as usize];
        h.ticks -= code.ticks[next as usize];
        report(
            w,
            &mut h.regs,
            (next, here),
            (h.res, h.cy),
            &code.own,
            &mut h.counts,
            &m.teletype,
        );
    };
    h.regs[7] = h.pc;
    m.regs.copy_from_slice(&h.regs[..16]);
    m.result = h.res;
    m.carry = h.cy;
    h.left += rest;
    m.steps += max_steps - h.left;
    m.ticks += h.ticks;
    if W::ON {
        assert_eq!(
            h.counts,
            (m.steps, m.ticks),
            "the fast loop's block counts and its instruction counts differ"
        );
    }
    if let Some(stop) = stop {
        return stop;
    }
    // The rest of the budget, one literal step at a time (less than one block).
    for _ in 0..h.left {
        let stop = m.step().stop;
        if W::ON && !matches!(stop, Some(Stop::Reserved { .. })) {
            w.after(&StepState {
                registers: m.registers(),
                flags: m.flags(),
                steps: m.steps,
                ticks: m.ticks,
                teletype: &m.teletype,
            });
        }
        if let Some(stop) = stop {
            return stop;
        }
    }
    Stop::StepLimit
}

#[cfg(test)]
mod tests {
    use crate::{assemble, roms, Machine, Rom, Stop};

    /// Budgets across many slices of the hot loop, against the previous loop.
    #[test]
    fn runs_longer_than_a_slice_count_exactly() {
        let mut fast = Machine::new(Rom::standard(&roms::busy_words()).unwrap());
        let mut old = fast.clone();
        for budget in [
            1,
            super::SLICE - 1,
            super::SLICE,
            3 * super::SLICE + 7,
            250_000,
        ] {
            assert_eq!(fast.run(budget), Stop::StepLimit);
            assert_eq!(old.run_reference(budget), Stop::StepLimit);
            assert_eq!(fast.registers(), old.registers());
            assert_eq!(fast.flags(), old.flags());
            assert_eq!((fast.steps(), fast.ticks()), (old.steps(), old.ticks()));
            assert_eq!(fast.teletype(), old.teletype());
        }
    }

    /// A predicated `MOVI` (6 ticks) and `LOAD` of a ROM word (10) give back their own
    /// ticks when skipped.
    #[test]
    fn skipped_moves_give_back_their_own_ticks() {
        let src = "loop: SUB A, A, 1\nJC skip\nMOVI B, 5\nskip: JNS next\nLOAD C, 0x01\n\
                   next: JNZ loop\nHALT";
        let mut fast = Machine::new(Rom::standard(&assemble(src).unwrap().words).unwrap());
        let mut literal = fast.clone();
        assert_eq!(fast.run(10_000), Stop::Halted);
        while literal.step().stop.is_none() {}
        assert_eq!(
            (fast.steps(), fast.ticks()),
            (literal.steps(), literal.ticks())
        );
        assert_eq!(fast.registers(), literal.registers());
    }
}
