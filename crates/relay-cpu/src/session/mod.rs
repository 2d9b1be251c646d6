//! [`RelaySession`]: the relay computer at its front panel with the teletype beside it, as
//! a [`ludomat_game::Session`] for the terminal and the museum.
//!
//! A person at the machine (seed 003) can type digits on the teletype, press Start and
//! Stop, step it one instruction at a time, reset it, flip the DIP switches of a ROM word
//! or set a new program on them (here: assemble a source in place), and set the two toggle
//! banks. The session does all of that, one bounded action at a time: `step` runs at most
//! [`MAX_STEP`] instructions and `run` at most [`MAX_RUN`], so a renderer paces the clock
//! (the real machine's 5 Hz, or as fast as it likes) by applying them in turn while the
//! view's clock says [`Clock::Running`].
//!
//! The machine has nothing random: the same config and actions give the same views.
//!
//! ```
//! use ludomat_game::Session;
//! use ludomat_relay_cpu::session::{RelayAction, RelaySession};
//! let mut s = RelaySession::new(Default::default()).unwrap(); // tic-tac-toe, as numbered
//! s.apply(RelayAction::Run { max_steps: 1000 }).unwrap(); // prints 8, waits for a key
//! for digit in [0, 1] {
//!     s.apply(RelayAction::Key { digit }).unwrap();
//!     s.apply(RelayAction::Run { max_steps: 1000 }).unwrap();
//! }
//! assert_eq!(s.view().teletype.paper, ["8071399"]);
//! ```

pub mod board;
pub mod paper;
pub mod view;

use ludomat_game::{Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::instruction::bits;
use crate::memory::{self, Rom};
use crate::teletype::{glyph, Key};
use crate::{assemble_for, disassemble, Instruction, Machine, Register, ReservedKind, Stop};
use crate::{TicTacToeRom, TICK};
pub use board::{Board, Mark, Outcome};
pub use paper::Paper;
pub use view::{
    BoardView, CellView, Clock, FlagsView, Games, Limits, RegisterView, RelayView, TeletypeView,
    TimeView, WordView,
};

/// Most instructions one `step` action runs (each is reported).
pub const MAX_STEP: u32 = 1_000;
/// Most instructions one `run` action runs.
pub const MAX_RUN: u64 = 1_000_000;
/// Most bytes of source one `assemble` action takes.
pub const MAX_SOURCE_BYTES: usize = 64 * 1024;
/// Most `printed` happenings one `run` reports one by one; the rest are counted.
pub const MAX_PRINTED_REPORTED: usize = 256;
/// Codes since reset kept for reading the noughts-and-crosses board off the paper (a game
/// prints at most 19).
const BOARD_CODES: usize = 64;

/// Which program is on the DIP switches when the session starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum RomChoice {
    /// The article's 46 words exactly as numbered (a draw halts without printing 9).
    #[default]
    AsNumbered,
    /// The same with the one-word patch `1b: JMP 0x28` (a draw prints 9).
    Corrected,
    /// A source in the builder's notation, assembled.
    Source(String),
    /// Words, as from a ROM image.
    Words(Vec<u16>),
}

impl From<TicTacToeRom> for RomChoice {
    fn from(rom: TicTacToeRom) -> RomChoice {
        match rom {
            TicTacToeRom::AsNumbered => RomChoice::AsNumbered,
            TicTacToeRom::Corrected => RomChoice::Corrected,
        }
    }
}

/// The pace a renderer shows the machine at (the session itself runs whatever it is
/// asked to; the view carries clock ticks and real time either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// The real machine's: 5 ticks a second, 6–10 ticks an instruction (spec, "Timing").
    #[cfg_attr(
        feature = "clap",
        value(
            help = "The real machine's pace: 5 clock ticks a second, 6–10 ticks per instruction"
        )
    )]
    Authentic,
    /// As fast as the renderer goes.
    #[cfg_attr(feature = "clap", value(help = "As fast as the emulator goes"))]
    #[default]
    Fast,
}

/// How a relay session starts. Nothing in the machine is random, so there is no seed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RelayConfig {
    /// The program on the DIP switches.
    pub rom: RomChoice,
    /// ROM words (the article's machine has 64; 1–256).
    pub rom_size: usize,
    /// Refuse the keys the tic-tac-toe ROM takes unchecked (occupied cells, 8, 9, keys
    /// while it is thinking or after the game).
    pub guarded: bool,
    /// The two toggle-switch banks.
    pub switches: [u8; 2],
    /// The pace a renderer shows.
    pub speed: Speed,
}

impl Default for RelayConfig {
    fn default() -> RelayConfig {
        RelayConfig {
            rom: RomChoice::AsNumbered,
            rom_size: memory::DEFAULT_ROM_WORDS,
            guarded: false,
            switches: [0, 0],
            speed: Speed::Fast,
        }
    }
}

/// What a person at the panel and the teletype can do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RelayAction {
    /// Press a digit key on the teletype: the latch takes it, a halted CPU wakes.
    Key {
        /// 0–9.
        digit: u8,
    },
    /// Run `n` instructions (1–[`MAX_STEP`]), each reported, stopping early at a `HALT`
    /// or a reserved word.
    Step {
        /// How many.
        n: u32,
    },
    /// Run until `HALT`, a reserved word, or `max_steps` instructions (1–[`MAX_RUN`]).
    Run {
        /// The budget.
        max_steps: u64,
    },
    /// The panel's Start: resume after a `HALT` or a Stop.
    Start,
    /// The panel's Stop.
    Stop,
    /// The panel's reset: registers, flags, PC and counters cleared, the paper torn off.
    /// The switches stay. For the tic-tac-toe ROM: a new game.
    Reset,
    /// Set the sixteen DIP switches of one ROM word, as the builder did.
    SetRomWord {
        /// The word's address.
        address: u8,
        /// Its new value.
        value: u16,
    },
    /// Assemble a source onto the switches (then reset). Errors name line and column and
    /// leave the ROM as it was.
    Assemble {
        /// The source, at most [`MAX_SOURCE_BYTES`].
        source: String,
    },
    /// Set a toggle-switch bank.
    SetSwitches {
        /// 0 (read at even addresses 0x80–0x8e) or 1 (odd).
        bank: u8,
        /// Its eight switches.
        value: u8,
    },
    /// Choose the pace a renderer shows.
    SetSpeed {
        /// Authentic or fast.
        speed: Speed,
    },
}

/// A register that an instruction changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Its name.
    pub register: String,
    /// Before.
    pub from: u8,
    /// After.
    pub to: u8,
}

/// Why a `run` ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunEnd {
    /// A `HALT`.
    Halted,
    /// The budget ran out; the clock still runs.
    Limit,
    /// A reserved word.
    Fault,
}

/// One thing that happened, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RelayHappening {
    /// A key went down on the teletype.
    KeyPressed {
        /// The digit.
        digit: u8,
        /// Whether it woke a halted CPU.
        woke: bool,
        /// What a guarded front end would have refused about it (the original machine
        /// takes it anyway).
        unchecked: Option<String>,
    },
    /// One instruction ran (`step`).
    Executed {
        /// Where it was.
        address: u8,
        /// Its word.
        word: u16,
        /// Its switches.
        bits: String,
        /// The instruction.
        text: String,
        /// Clock ticks it took.
        ticks: u8,
        /// The registers it changed (PC only when it jumped).
        changed: Vec<Change>,
        /// All eight registers after it (A B C D M S L PC).
        registers: [u8; 8],
        /// The flag lamps after it.
        flags: FlagsView,
    },
    /// The CPU read the key latch.
    KeyRead {
        /// The latch's value.
        digit: u8,
        /// How many reads (in one `run`; 1 in a step).
        times: u64,
    },
    /// The teletype printed a code.
    Printed {
        /// The 4-bit code.
        code: u8,
        /// What it looks like on paper (`None` for codes 10–14).
        glyph: Option<char>,
    },
    /// More codes printed in one `run` than are reported one by one.
    PrintedMore {
        /// How many more.
        count: u64,
    },
    /// A `run` ended.
    Ran {
        /// Instructions run.
        instructions: u64,
        /// Their clock ticks.
        ticks: u64,
        /// Why it ended.
        end: RunEnd,
    },
    /// A `HALT` stopped the clock.
    Halted {
        /// PC: the address after the `HALT`.
        pc: u8,
        /// Whether the program waits for a key.
        waiting_for_key: bool,
    },
    /// The machine reached a reserved word.
    Fault {
        /// Where.
        address: u8,
        /// What is wrong with the word.
        reason: String,
    },
    /// The clock was started.
    Started,
    /// The clock was stopped.
    Stopped,
    /// The machine was reset.
    Reset,
    /// A ROM word's switches were set.
    RomWordSet {
        /// Where.
        address: u8,
        /// The old word.
        old: u16,
        /// The new word.
        new: u16,
        /// What it says now.
        text: String,
    },
    /// A source was assembled onto the switches.
    Assembled {
        /// Words of program.
        words: usize,
    },
    /// A toggle bank was set.
    SwitchesSet {
        /// Which.
        bank: u8,
        /// Its value.
        value: u8,
    },
    /// The pace changed.
    SpeedSet {
        /// The new pace.
        speed: Speed,
    },
    /// A game of noughts and crosses ended.
    GameOver {
        /// How.
        outcome: Outcome,
        /// The session's tally after it.
        games: Games,
    },
}

/// The relay computer as a session: machine, paper, switches, and the game the paper
/// tells when the tic-tac-toe ROM is on the switches.
#[derive(Debug, Clone)]
pub struct RelaySession {
    config: RelayConfig,
    machine: Machine,
    source: String,
    source_matches: bool,
    stopped: bool,
    speed: Speed,
    paper: Paper,
    /// The first [`BOARD_CODES`] codes printed since reset.
    codes: Vec<u8>,
    games: Games,
    /// Whether the current game's end was counted.
    counted: bool,
}

fn invalid(msg: impl Into<String>) -> SessionError {
    SessionError::Invalid(msg.into())
}

fn refused(msg: impl Into<String>) -> SessionError {
    SessionError::Refused(msg.into())
}

/// Real-machine time of `ticks` clock ticks, in the words of every time
/// (`ludomat_io::text::duration`): "41.4 s", "10 min 00 s", "18 days 07 h" …
#[must_use]
pub fn real_time_text(ticks: u64) -> String {
    ludomat_io::text::duration(std::time::Duration::from_secs_f64(
        ticks as f64 * TICK.as_secs_f64(),
    ))
}

/// A byte or word as typed: decimal, `0x…` or `0b…` (`_` allowed).
#[must_use]
pub fn parse_number(s: &str) -> Option<u32> {
    let t = s.trim().to_ascii_lowercase().replace('_', "");
    if let Some(h) = t.strip_prefix("0x") {
        u32::from_str_radix(h, 16).ok()
    } else if let Some(b) = t.strip_prefix("0b") {
        u32::from_str_radix(b, 2).ok()
    } else {
        t.parse().ok()
    }
}

/// A byte as typed (see [`parse_number`]).
///
/// # Errors
/// Not a number, or more than 255.
pub fn parse_byte(s: &str) -> Result<u8, String> {
    parse_number(s)
        .and_then(|v| u8::try_from(v).ok())
        .ok_or_else(|| {
            format!(
                "{} is not a byte (0–255, 0x.., 0b..)",
                ludomat_io::text::quoted(s.trim(), 20)
            )
        })
}

/// The two toggle-switch banks as typed, `0x0f,0x0c` (one byte: bank 1 stays 0).
///
/// # Errors
/// Not one or two bytes.
pub fn parse_switches(s: &str) -> Result<[u8; 2], String> {
    let parts: Vec<&str> = s.split(',').collect();
    match parts.as_slice() {
        [a] => Ok([parse_byte(a)?, 0]),
        [a, b] => Ok([parse_byte(a)?, parse_byte(b)?]),
        _ => Err(format!(
            "{}: give one or two banks, e.g. 0x0f,0x0c",
            ludomat_io::text::quoted(s, 40)
        )),
    }
}

impl RelaySession {
    /// The machine, read only (for renderers that show more than the view, such as a
    /// trace).
    #[must_use]
    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// The tic-tac-toe ROM on the switches, if the switches hold one word for word.
    #[must_use]
    pub fn tictactoe(&self) -> Option<TicTacToeRom> {
        static WORDS: std::sync::OnceLock<[Vec<u16>; 2]> = std::sync::OnceLock::new();
        let known = WORDS.get_or_init(|| TicTacToeRom::ALL.map(TicTacToeRom::words));
        let words = self.machine.rom().words();
        TicTacToeRom::ALL
            .into_iter()
            .zip(known)
            .find_map(|(r, rom)| {
                (words.len() >= rom.len()
                    && words[..rom.len()] == rom[..]
                    && words[rom.len()..].iter().all(|&w| w == 0))
                .then_some(r)
            })
    }

    /// The board the paper tells, while a tic-tac-toe ROM is on the switches.
    #[must_use]
    pub fn board(&self) -> Option<Board> {
        self.tictactoe()?;
        let finished = self.machine.is_halted() && !self.machine.waiting_for_key();
        // The echoes on the paper follow the CPU's reads of the key latch, not the keys
        // pressed: Start at a key's HALT has the CPU read the latch as it is (0 before
        // any key), and a key pressed while the machine thinks is read later or never.
        let reads = usize::try_from(self.machine.teletype().reads()).unwrap_or(usize::MAX);
        Some(Board::decode(&self.codes, reads, finished))
    }

    /// What the clock is doing.
    #[must_use]
    pub fn clock(&self) -> Clock {
        if self.machine.is_halted() {
            if self.machine.waiting_for_key() {
                Clock::WaitingForKey
            } else {
                Clock::Halted
            }
        } else if self.fault().is_some() {
            Clock::Fault
        } else if self.stopped {
            Clock::Stopped
        } else {
            Clock::Running
        }
    }

    /// Why the machine cannot run the word at PC, if it cannot.
    fn fault(&self) -> Option<String> {
        match Instruction::decode(self.machine.rom().fetch(self.machine.pc())) {
            Err(r) if r.kind != ReservedKind::NeverCondition => Some(format!(
                "the word at {:#04x} is a {r}; reset, or set that word's switches",
                self.machine.pc()
            )),
            _ => None,
        }
    }

    /// Refuse running when the machine cannot run.
    fn check_runnable(&self) -> Result<(), SessionError> {
        match self.clock() {
            Clock::WaitingForKey => Err(refused(format!(
                "the machine is halted at {:#04x}, waiting for a key: press a digit",
                self.machine.pc()
            ))),
            Clock::Halted => Err(refused(format!(
                "the machine is halted at {:#04x}: press Start (or a key) to resume",
                self.machine.pc()
            ))),
            Clock::Fault => Err(refused(self.fault().unwrap_or_default())),
            Clock::Running | Clock::Stopped => Ok(()),
        }
    }

    /// Move what the teletype printed during an action onto the session's paper, as
    /// happenings (at most `limit` one by one).
    fn take_printed(&mut self, out: &mut Vec<RelayHappening>, limit: usize) {
        let printed = self.machine.teletype().printed().to_vec();
        self.machine.clear_paper();
        for (i, &code) in printed.iter().enumerate() {
            self.paper.print(code);
            if self.codes.len() < BOARD_CODES {
                self.codes.push(code);
            }
            if i < limit {
                out.push(RelayHappening::Printed {
                    code,
                    glyph: glyph(code),
                });
            }
        }
        if printed.len() > limit {
            out.push(RelayHappening::PrintedMore {
                count: (printed.len() - limit) as u64,
            });
        }
    }

    /// Count a game that has just ended.
    fn tally(&mut self, out: &mut Vec<RelayHappening>) {
        let Some(board) = self.board() else { return };
        if self.counted || !board.outcome.is_over() {
            return;
        }
        self.counted = true;
        match board.outcome {
            Outcome::MachineWins => self.games.machine_wins += 1,
            Outcome::Tie { .. } => self.games.ties += 1,
            Outcome::PersonWins => self.games.person_wins += 1,
            Outcome::Playing => {}
        }
        out.push(RelayHappening::GameOver {
            outcome: board.outcome,
            games: self.games,
        });
    }

    fn halted_or_fault(&self, stop: Option<Stop>) -> Option<RelayHappening> {
        match stop? {
            Stop::Halted => Some(RelayHappening::Halted {
                pc: self.machine.pc(),
                waiting_for_key: self.machine.waiting_for_key(),
            }),
            Stop::Reserved { addr, reserved } => Some(RelayHappening::Fault {
                address: addr,
                reason: reserved.to_string(),
            }),
            Stop::StepLimit => None,
        }
    }

    fn key(&mut self, digit: u8) -> Result<Vec<RelayHappening>, SessionError> {
        let key = Key::new(digit)
            .ok_or_else(|| invalid(format!("key {digit}: the teletype's keys are 0–9")))?;
        let mut unchecked = None;
        if let Some(board) = self.board() {
            let problem = if board.outcome.is_over() {
                Some("the game is over: reset for a new game".to_string())
            } else if !self.machine.waiting_for_key() {
                Some("the machine is not waiting for a key".to_string())
            } else {
                board.illegal(digit)
            };
            if let Some(p) = problem {
                if self.config.guarded {
                    return Err(refused(p));
                }
                unchecked = Some(p);
            }
        }
        let woke = self.machine.is_halted();
        self.machine.press_key(key);
        Ok(vec![RelayHappening::KeyPressed {
            digit,
            woke,
            unchecked,
        }])
    }

    fn step(&mut self, n: u32) -> Result<Vec<RelayHappening>, SessionError> {
        if n == 0 {
            return Err(invalid("step: n must be at least 1"));
        }
        if n > MAX_STEP {
            return Err(SessionError::TooMuch(format!(
                "step: {n} instructions is more than the {MAX_STEP} one step runs; use run"
            )));
        }
        self.check_runnable()?;
        let mut out = Vec::new();
        for _ in 0..n {
            let before = self.machine.registers();
            let (ticks, reads) = (self.machine.ticks(), self.machine.teletype().reads());
            let info = self.machine.step();
            let after = self.machine.registers();
            if let Ok(ins) = info.instruction.as_ref() {
                if !matches!(info.stop, Some(Stop::Reserved { .. })) {
                    let fell_through = info.addr.wrapping_add(1);
                    let changed = Register::ALL
                        .iter()
                        .zip(before.iter().zip(after))
                        .enumerate()
                        .filter(|(i, (_, (b, a)))| {
                            if *i == 7 {
                                *a != fell_through
                            } else {
                                **b != *a
                            }
                        })
                        .map(|(_, (r, (b, a)))| Change {
                            register: r.to_string(),
                            from: *b,
                            to: a,
                        })
                        .collect();
                    out.push(RelayHappening::Executed {
                        address: info.addr,
                        word: info.word,
                        bits: bits(info.word),
                        text: ins.to_string(),
                        ticks: u8::try_from(self.machine.ticks() - ticks).unwrap_or(u8::MAX),
                        changed,
                        registers: after,
                        flags: self.machine.flags().into(),
                    });
                }
            } else if info.stop.is_none() {
                // Condition 111: a no-op.
                out.push(RelayHappening::Executed {
                    address: info.addr,
                    word: info.word,
                    bits: bits(info.word),
                    text: view::disassemble_word(info.word).0,
                    ticks: u8::try_from(self.machine.ticks() - ticks).unwrap_or(u8::MAX),
                    changed: Vec::new(),
                    registers: after,
                    flags: self.machine.flags().into(),
                });
            }
            if self.machine.teletype().reads() > reads {
                out.push(RelayHappening::KeyRead {
                    digit: self.machine.teletype().latch(),
                    times: 1,
                });
            }
            self.take_printed(&mut out, usize::MAX);
            if let Some(h) = self.halted_or_fault(info.stop) {
                out.push(h);
                break;
            }
        }
        self.tally(&mut out);
        Ok(out)
    }

    fn run(&mut self, max_steps: u64) -> Result<Vec<RelayHappening>, SessionError> {
        if max_steps == 0 {
            return Err(invalid("run: max_steps must be at least 1"));
        }
        if max_steps > MAX_RUN {
            return Err(SessionError::TooMuch(format!(
                "run: {max_steps} instructions is more than the {MAX_RUN} one run may take; \
                 apply run again to go on"
            )));
        }
        self.check_runnable()?;
        self.stopped = false;
        let (steps, ticks, reads) = (
            self.machine.steps(),
            self.machine.ticks(),
            self.machine.teletype().reads(),
        );
        let stop = self.machine.run(max_steps);
        let mut out = Vec::new();
        let times = self.machine.teletype().reads() - reads;
        if times > 0 {
            out.push(RelayHappening::KeyRead {
                digit: self.machine.teletype().latch(),
                times,
            });
        }
        self.take_printed(&mut out, MAX_PRINTED_REPORTED);
        out.push(RelayHappening::Ran {
            instructions: self.machine.steps() - steps,
            ticks: self.machine.ticks() - ticks,
            end: match stop {
                Stop::Halted => RunEnd::Halted,
                Stop::StepLimit => RunEnd::Limit,
                Stop::Reserved { .. } => RunEnd::Fault,
            },
        });
        out.extend(self.halted_or_fault(Some(stop)));
        self.tally(&mut out);
        Ok(out)
    }

    fn reset(&mut self) {
        self.machine.reset();
        self.paper = Paper::new();
        self.codes.clear();
        self.stopped = false;
        self.counted = false;
    }

    fn set_rom_word(
        &mut self,
        address: u8,
        value: u16,
    ) -> Result<Vec<RelayHappening>, SessionError> {
        let mut words = self.machine.rom().words().to_vec();
        let size = words.len();
        let slot = words.get_mut(address as usize).ok_or_else(|| {
            invalid(format!(
                "address {address:#04x} is outside the {size}-word ROM (0x00-{:#04x})",
                size - 1
            ))
        })?;
        let old = std::mem::replace(slot, value);
        let rom = Rom::new(&words, size).map_err(|e| invalid(e.to_string()))?;
        self.machine.set_rom(rom);
        if old != value {
            self.source_matches = false;
        }
        Ok(vec![RelayHappening::RomWordSet {
            address,
            old,
            new: value,
            text: view::disassemble_word(value).0,
        }])
    }

    fn assemble(&mut self, source: String) -> Result<Vec<RelayHappening>, SessionError> {
        if source.len() > MAX_SOURCE_BYTES {
            return Err(SessionError::TooMuch(format!(
                "the source is {} bytes; at most {MAX_SOURCE_BYTES} are assembled",
                source.len()
            )));
        }
        let size = self.machine.rom().size();
        let program = assemble_for(&source, size)
            .map_err(|e| invalid(format!("the source does not assemble:\n{e}")))?;
        let rom = Rom::new(&program.words, size).map_err(|e| invalid(e.to_string()))?;
        self.machine.set_rom(rom);
        self.source = source;
        self.source_matches = true;
        self.reset();
        Ok(vec![
            RelayHappening::Assembled {
                words: program.words.len(),
            },
            RelayHappening::Reset,
        ])
    }
}

impl Session for RelaySession {
    type Config = RelayConfig;
    type Action = RelayAction;
    type View = RelayView;
    type Happening = RelayHappening;
    const KIND: &'static str = "relay";

    fn new(config: RelayConfig) -> Result<RelaySession, SessionError> {
        let size = config.rom_size;
        if size == 0 || size > memory::MAX_ROM_WORDS {
            return Err(invalid(format!(
                "rom_size {size}: the ROM holds 1-{} words",
                memory::MAX_ROM_WORDS
            )));
        }
        let (words, source) = match &config.rom {
            RomChoice::AsNumbered | RomChoice::Corrected => {
                let rom = if config.rom == RomChoice::Corrected {
                    TicTacToeRom::Corrected
                } else {
                    TicTacToeRom::AsNumbered
                };
                (rom.words(), rom.source().to_string())
            }
            RomChoice::Source(text) => {
                if text.len() > MAX_SOURCE_BYTES {
                    return Err(invalid(format!(
                        "rom: the source is {} bytes; at most {MAX_SOURCE_BYTES} are assembled",
                        text.len()
                    )));
                }
                let p = assemble_for(text, size)
                    .map_err(|e| invalid(format!("rom: the source does not assemble:\n{e}")))?;
                (p.words, text.clone())
            }
            RomChoice::Words(words) => (words.clone(), disassemble(words)),
        };
        let rom = Rom::new(&words, size).map_err(|e| invalid(format!("rom: {e}")))?;
        let mut machine = Machine::new(rom);
        machine.set_switches(config.switches);
        Ok(RelaySession {
            speed: config.speed,
            config,
            machine,
            source,
            source_matches: true,
            stopped: false,
            paper: Paper::new(),
            codes: Vec::new(),
            games: Games::default(),
            counted: false,
        })
    }

    fn config(&self) -> &RelayConfig {
        &self.config
    }

    /// `step` and `run` are counted in instructions.
    fn work_of(&self, action: &RelayAction) -> Option<ludomat_game::Work> {
        let amount = match action {
            RelayAction::Step { n } => u64::from(*n),
            RelayAction::Run { max_steps } => *max_steps,
            _ => return None,
        };
        Some(ludomat_game::Work {
            amount,
            one: "instruction",
            many: "instructions",
        })
    }

    fn apply(&mut self, action: RelayAction) -> Result<Vec<RelayHappening>, SessionError> {
        match action {
            RelayAction::Key { digit } => self.key(digit),
            RelayAction::Step { n } => self.step(n),
            RelayAction::Run { max_steps } => self.run(max_steps),
            RelayAction::Start => {
                if self.clock() == Clock::Fault {
                    return Err(refused(self.fault().unwrap_or_default()));
                }
                self.machine.press_start();
                self.stopped = false;
                Ok(vec![RelayHappening::Started])
            }
            RelayAction::Stop => {
                self.stopped = true;
                Ok(vec![RelayHappening::Stopped])
            }
            RelayAction::Reset => {
                self.reset();
                Ok(vec![RelayHappening::Reset])
            }
            RelayAction::SetRomWord { address, value } => self.set_rom_word(address, value),
            RelayAction::Assemble { source } => self.assemble(source),
            RelayAction::SetSwitches { bank, value } => {
                let mut banks = self.machine.switches();
                let slot = banks
                    .get_mut(bank as usize)
                    .ok_or_else(|| invalid(format!("switch bank {bank}: the banks are 0 and 1")))?;
                *slot = value;
                self.machine.set_switches(banks);
                Ok(vec![RelayHappening::SwitchesSet { bank, value }])
            }
            RelayAction::SetSpeed { speed } => {
                self.speed = speed;
                Ok(vec![RelayHappening::SpeedSet { speed }])
            }
        }
    }

    fn view(&self) -> RelayView {
        let m = &self.machine;
        let registers = Register::ALL
            .iter()
            .map(|&r| RegisterView {
                name: r.to_string(),
                value: m.register(r),
                bits: format!("{:08b}", m.register(r)),
            })
            .collect();
        let rom: Vec<WordView> = m
            .rom()
            .words()
            .iter()
            .enumerate()
            .map(|(a, &w)| WordView::new(a as u8, w))
            .collect();
        let tictactoe = self.tictactoe();
        let board = self.board().zip(tictactoe).map(|(b, rom)| {
            let waiting = m.waiting_for_key() && !b.outcome.is_over();
            BoardView {
                rom: rom.label().to_string(),
                rows: b
                    .rows()
                    .into_iter()
                    .map(|row| {
                        row.into_iter()
                            .map(|(ring, mark)| CellView { ring, mark })
                            .collect()
                    })
                    .collect(),
                outcome: b.outcome,
                legal_keys: (0..8)
                    .filter(|&d| waiting && b.illegal(d).is_none())
                    .collect(),
            }
        });
        RelayView {
            registers,
            flags: m.flags().into(),
            pc: m.pc(),
            current: WordView::new(m.pc(), m.rom().fetch(m.pc())),
            clock: self.clock(),
            fault: self.fault(),
            rom,
            rom_name: tictactoe.map_or("custom", TicTacToeRom::label).to_string(),
            source: self.source.clone(),
            source_matches_rom: self.source_matches,
            switches: m.switches(),
            teletype: TeletypeView {
                paper: self.paper.lines(),
                lines_torn_off: self.paper.torn_off(),
                printed: self.paper.printed(),
                latch: m.teletype().latch(),
                keys_pressed: m.teletype().keys_pressed(),
            },
            time: TimeView {
                instructions: m.steps(),
                ticks: m.ticks(),
                real_seconds: m.ticks() as f64 * TICK.as_secs_f64(),
                text: format!("{} on the real machine", real_time_text(m.ticks())),
                speed: self.speed,
                tick_ms: TICK.as_millis() as u64,
            },
            guarded: self.config.guarded,
            board,
            games: self.games,
            limits: Limits {
                step: MAX_STEP,
                run: MAX_RUN,
                source_bytes: MAX_SOURCE_BYTES,
            },
        }
    }

    /// A digit is a key; otherwise `step [n]`, `run [n]`, `start`, `stop`, `reset` (or
    /// `new`), `set ADDR WORD`, `switches BANK VALUE`, `speed authentic|fast`.
    fn parse_action(&self, line: &str) -> Result<RelayAction, SessionError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |i: usize, what: &str| -> Result<u32, SessionError> {
            let w = words
                .get(i)
                .ok_or_else(|| invalid(format!("{}: give {what}", words[0])))?;
            parse_number(w).ok_or_else(|| {
                invalid(format!(
                    "{} is not a number ({what})",
                    ludomat_io::text::quoted(w, 20)
                ))
            })
        };
        let cmd = words.first().map(|w| w.to_ascii_lowercase());
        Ok(match cmd.as_deref() {
            Some(d) if words.len() == 1 && d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => {
                RelayAction::Key {
                    digit: d.as_bytes()[0] - b'0',
                }
            }
            Some("step") => RelayAction::Step {
                n: if words.len() > 1 {
                    number(1, "a count")?
                } else {
                    1
                },
            },
            Some("run") => RelayAction::Run {
                max_steps: if words.len() > 1 {
                    u64::from(number(1, "a count")?)
                } else {
                    MAX_RUN
                },
            },
            Some("start") => RelayAction::Start,
            Some("stop") => RelayAction::Stop,
            Some("reset" | "new") => RelayAction::Reset,
            Some("set") => {
                let address = number(1, "an address")?;
                let value = number(2, "a word")?;
                RelayAction::SetRomWord {
                    address: u8::try_from(address)
                        .map_err(|_| invalid(format!("address {address} is past 0xff")))?,
                    value: u16::try_from(value)
                        .map_err(|_| invalid(format!("word {value} is past 0xffff")))?,
                }
            }
            Some("switches" | "switch" | "bank") => {
                let bank = number(1, "a bank, 0 or 1")?;
                let value = number(2, "a byte")?;
                RelayAction::SetSwitches {
                    bank: u8::try_from(bank)
                        .map_err(|_| invalid(format!("bank {bank}: the banks are 0 and 1")))?,
                    value: u8::try_from(value)
                        .map_err(|_| invalid(format!("{value} is past 0xff")))?,
                }
            }
            Some("speed") => match words.get(1).map(|w| w.to_ascii_lowercase()).as_deref() {
                Some("authentic") => RelayAction::SetSpeed {
                    speed: Speed::Authentic,
                },
                Some("fast") => RelayAction::SetSpeed { speed: Speed::Fast },
                _ => return Err(invalid("speed: give authentic or fast")),
            },
            _ => {
                return Err(invalid(format!(
                    "{} is not a teletype key (0–9) nor a command (step, run, start, stop, \
                     reset, set ADDR WORD, switches BANK VALUE, speed authentic|fast)",
                    ludomat_io::text::quoted(line.trim(), 20)
                )))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_time_in_words() {
        assert_eq!(real_time_text(207), "41.4 s");
        assert_eq!(real_time_text(3000), "10 min 00 s");
        assert_eq!(real_time_text(790_200), "1 day 19 h");
        assert_eq!(real_time_text(7_908_605), "18 days 07 h");
        assert_eq!(real_time_text(5 * 157_788_000), "5 years 0 days");
    }

    #[test]
    fn numbers_and_lines() {
        assert_eq!(parse_number("0x1b"), Some(27));
        assert_eq!(parse_number("0b101"), Some(5));
        let s = RelaySession::new(RelayConfig::default()).unwrap();
        assert_eq!(
            s.parse_action(" 7 ").unwrap(),
            RelayAction::Key { digit: 7 }
        );
        assert_eq!(
            s.parse_action("set 0x1b 0x8728").unwrap(),
            RelayAction::SetRomWord {
                address: 0x1b,
                value: 0x8728
            }
        );
        assert!(s.parse_action("set 0x100 0").is_err());
        let e = s.parse_action("x").unwrap_err().to_string();
        assert!(e.contains("'x' is not a teletype key"), "{e}");
        assert_eq!(s.parse_action("step").unwrap(), RelayAction::Step { n: 1 });
    }
}
