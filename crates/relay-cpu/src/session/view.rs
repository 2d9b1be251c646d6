//! What a person at the relay computer can look at, as plain data: the register lamp rows,
//! the flag lamps, the 64 words of DIP switches with their disassembly, the switch banks,
//! the teletype's paper and key latch, the clock, and — when the tic-tac-toe ROM is set on
//! the switches — the board as the paper tells it.

use serde::{Deserialize, Serialize};

use super::board::{Mark, Outcome};
use super::Speed;
use crate::instruction::bits;
use crate::{Flags, Instruction, ReservedKind};

/// One register's lamp row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisterView {
    /// `A` … `L`, `PC`.
    pub name: String,
    /// Its value.
    pub value: u8,
    /// The eight lamps, bit 7 first (`1` lit).
    pub bits: String,
}

/// The three flag lamps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlagsView {
    /// CY: carry, or borrow on subtraction.
    pub carry: bool,
    /// Z: the last ALU result was zero.
    pub zero: bool,
    /// S: bit 7 of the last ALU result.
    pub sign: bool,
}

impl From<FlagsView> for Flags {
    fn from(f: FlagsView) -> Flags {
        Flags {
            carry: f.carry,
            zero: f.zero,
            sign: f.sign,
        }
    }
}

impl From<Flags> for FlagsView {
    fn from(f: Flags) -> FlagsView {
        FlagsView {
            carry: f.carry,
            zero: f.zero,
            sign: f.sign,
        }
    }
}

/// One ROM word: its sixteen DIP switches and what they say.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordView {
    /// Its address.
    pub address: u8,
    /// The word.
    pub value: u16,
    /// The switches, byte 1 (high) first: `bbbbbbbb bbbbbbbb`.
    pub bits: String,
    /// The instruction in the builder's notation, or why the word is reserved.
    pub text: String,
    /// Whether the word is reserved (the machine stops on it).
    pub reserved: bool,
}

impl WordView {
    /// The view of `value` at `address`.
    #[must_use]
    pub fn new(address: u8, value: u16) -> WordView {
        let (text, reserved) = disassemble_word(value);
        WordView {
            address,
            value,
            bits: bits(value),
            text,
            reserved,
        }
    }
}

/// One word in the builder's notation, and whether it is reserved (a word with the
/// undocumented condition 111 is shown but runs as a no-op, so it is not).
#[must_use]
pub fn disassemble_word(value: u16) -> (String, bool) {
    match Instruction::decode(value) {
        Ok(i) => (i.to_string(), false),
        Err(r) => (
            format!("reserved: {}", r.kind),
            r.kind != ReservedKind::NeverCondition,
        ),
    }
}

/// What the clock is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    /// Ticking: a renderer keeps applying `run` or `step` at its pace.
    Running,
    /// The panel's Stop was pressed; `step` goes one instruction at a time, `run` or
    /// `start` sets it going.
    Stopped,
    /// A `HALT` stopped it; Start resumes.
    Halted,
    /// A `HALT` before a teletype read: the program waits for a key.
    WaitingForKey,
    /// PC is at a reserved word: the machine cannot go on until the word is changed or
    /// the machine reset.
    Fault,
}

/// One cell of the noughts-and-crosses board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellView {
    /// Its number on the ring (centre 8): the key that plays it.
    pub ring: u8,
    /// Its mark.
    pub mark: Option<Mark>,
}

/// The board decoded from the paper, while a tic-tac-toe ROM is on the switches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// `as-numbered` or `corrected`.
    pub rom: String,
    /// Three rows of three, in reading order.
    pub rows: Vec<Vec<CellView>>,
    /// How the game stands.
    pub outcome: Outcome,
    /// The ring numbers a person may type now (empty cells 0–7, while the machine waits).
    pub legal_keys: Vec<u8>,
}

/// Games finished in this session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Games {
    /// Won by the machine.
    pub machine_wins: u64,
    /// Ties.
    pub ties: u64,
    /// Won by the person (only possible with unchecked keys).
    pub person_wins: u64,
}

/// The teletype.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeletypeView {
    /// The last lines printed, oldest first (the last is the line being printed).
    pub paper: Vec<String>,
    /// Lines torn off above them.
    pub lines_torn_off: u64,
    /// Codes printed since reset.
    pub printed: u64,
    /// The key latch: the last key pressed (0 before any).
    pub latch: u8,
    /// Keys pressed since reset.
    pub keys_pressed: u64,
}

/// The machine's time: instructions, clock ticks, and what they took on the real machine.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimeView {
    /// Instructions since reset.
    pub instructions: u64,
    /// Clock ticks (5 Hz) since reset.
    pub ticks: u64,
    /// Seconds on the real machine.
    pub real_seconds: f64,
    /// The same in words ("41.4 s on the real machine").
    pub text: String,
    /// The pace a renderer shows: `authentic` (ticks at 5 Hz) or `fast`.
    pub speed: Speed,
    /// Milliseconds per clock tick at authentic speed.
    pub tick_ms: u64,
}

/// The limits a renderer must keep to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Most instructions one `step` runs.
    pub step: u32,
    /// Most instructions one `run` runs.
    pub run: u64,
    /// Most bytes of source one `assemble` takes.
    pub source_bytes: usize,
}

/// Everything a person could look at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RelayView {
    /// A B C D M S L PC, in code order.
    pub registers: Vec<RegisterView>,
    /// The flag lamps.
    pub flags: FlagsView,
    /// The program counter: the address of the next instruction.
    pub pc: u8,
    /// The word at PC.
    pub current: WordView,
    /// What the clock is doing.
    pub clock: Clock,
    /// Why the machine cannot go on, when the clock is [`Clock::Fault`].
    pub fault: Option<String>,
    /// Every ROM word.
    pub rom: Vec<WordView>,
    /// `as-numbered`, `corrected` (the tic-tac-toe ROMs, word for word) or `custom`.
    pub rom_name: String,
    /// The source last assembled onto the switches.
    pub source: String,
    /// Whether the switches still hold what `source` assembles to (false once a word
    /// was flipped by hand).
    pub source_matches_rom: bool,
    /// The two toggle-switch banks (0x80 even addresses, 0x81 odd).
    pub switches: [u8; 2],
    /// The teletype.
    pub teletype: TeletypeView,
    /// Instructions, ticks and real time.
    pub time: TimeView,
    /// Whether keys the original accepts unchecked are refused.
    pub guarded: bool,
    /// The board, while a tic-tac-toe ROM is on the switches.
    pub board: Option<BoardView>,
    /// Games finished in this session.
    pub games: Games,
    /// The work limits of one action.
    pub limits: Limits,
}
