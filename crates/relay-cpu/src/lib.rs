//! The relay computer and its teletype (seed 003): an assembler for the builder's
//! notation, a disassembler, an emulator, and the 46-word noughts-and-crosses ROM.
//!
//! The machine: eight 8-bit registers (A B C D M S L PC), three flags (CY Z S), 16-bit
//! instruction words set on DIP switches — 64 of them — two banks of toggle switches, and
//! a Consul teletype for digits in and out; a clock of 5 Hz. The builder wrote the game in
//! 46 words by numbering the cells clockwise round the edge (centre 8), so that "left of"
//! is `(n − 1) & 7` and "opposite" is `(n + 4) & 7`.
//!
//! * [`Instruction`], [`Register`], [`Condition`], [`BinaryOp`], [`UnaryOp`] — the
//!   instruction set, exact `Copy` types with `FromStr`/`Display`.
//! * [`assemble`] / [`disassemble`] — source ⇄ words; [`Program::listing_text`] prints the
//!   article's listing style `mnemonic   addr: bbbbbbbb bbbbbbbb`.
//! * [`Machine`] — the emulator: registers, flags, PC, teletype and switch banks all
//!   visible; cycle counts give the real machine's time.
//! * [`TicTacToeRom`] — the ROM as numbered in the article and the corrected one;
//!   [`book`] — the calculator-book algorithm in plain Rust; [`RelayAgent`] and
//!   [`BookAgent`] play them as `Agent<ludomat_tictactoe::Board>` (the machine is X).
//!
//! ```
//! use ludomat_relay_cpu::{Machine, Stop, TicTacToeRom};
//! let mut m = Machine::new(TicTacToeRom::AsNumbered.rom());
//! assert_eq!(m.run(1_000), Stop::Halted); // printed its first move, waits for a key
//! for key in [0, 1] {
//!     m.press_key(ludomat_relay_cpu::Key::new(key).unwrap());
//!     m.run(1_000);
//! }
//! assert_eq!(m.teletype().paper(), "8071399"); // centre, echo 0, 7, echo 1, wins on 3
//! ```

pub mod agent;
pub mod alu;
pub mod asm;
pub mod benchmark;
pub mod book;
mod condition;
pub mod disasm;
pub mod emulator;
pub mod image;
pub mod instruction;
pub mod machine;
pub mod memory;
mod register;
pub mod roms;
pub mod session;
pub mod teletype;
pub mod text;

pub use agent::{BookAgent, RelayAgent, Verdict};
pub use alu::{BinaryOp, UnaryOp};
pub use asm::{
    assemble, assemble_bytes, assemble_for, source_text, AsmError, AsmErrorKind, AsmErrors,
    ParseInstructionError, Program,
};
pub use benchmark::{bench, BenchProgress, BenchReport};
pub use condition::{Condition, Flags, ParseConditionError};
pub use disasm::disassemble;
pub use emulator::StepState;
pub use instruction::{Imm3, Instruction, InstructionClass, Operand, Reserved, ReservedKind};
pub use machine::{Machine, StepInfo, Stop, TICK};
pub use memory::{Rom, RomError};
pub use register::{Destination, ParseRegisterError, Register};
pub use roms::TicTacToeRom;
pub use session::{RelayAction, RelayConfig, RelayHappening, RelaySession, RelayView};
pub use teletype::{Key, Teletype};
