//! How the emulator runs: the ROM compiled once into ops (`code.rs`), the fast
//! loop over them (`fast.rs`), and the loop this crate had before, kept as the reference
//! the fast one is tested against ([`mod@reference`]).
//!
//! The relay computer's program is DIP switches: it cannot change while the machine
//! runs, so every address is compiled when a ROM is fitted ([`crate::Machine::new`],
//! [`crate::Machine::set_rom`]) and the loop never decodes a word. Three rewrites make
//! the loop do less per emulated instruction than a decoder would, none of them visible
//! in the machine's state:
//!
//! * **basic blocks** — steps and clock ticks are charged once per straight run of
//!   instructions, not per instruction; a budget that does not cover a block finishes
//!   step by step on the literal executor, so `run(n)` stops after exactly `n`;
//! * **fused compare-and-branch** — an ALU operation and the jump after it are one op
//!   (`CMP B, 1` + `JNZ loop`);
//! * **predicated pairs** — a conditional jump over one register-only op runs both and
//!   keeps or drops the op's results by the condition, so a branch decided by the
//!   emulated program's data (the LFSR's output bit in `programs/relay/busy.asm`) is not
//!   a host branch the host mispredicts half the time.
//!
//! What is left per instruction is the floor of an interpreter whose registers live in
//! memory: find the op (one load, one table jump), load its operands, compute, store the
//! result; see BENCHMARKS.md, "Relay computer emulator", for the derivation and the
//! measurements. [`crate::Machine::step`] stays the literal executor, and the
//! differential test (`tests/differential.rs`) holds the fast loop to it at every step
//! and to [`mod@reference`] run by run.

mod code;
pub(crate) mod fast;
pub mod reference;

pub(crate) use code::Code;
pub use fast::StepState;
