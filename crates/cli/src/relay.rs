//! `ludomat relay asm|disasm|run|bench` and `ludomat play relay-tictactoe`: the relay
//! computer with its teletype (seed 003, crate `ludomat-relay-cpu`).

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use ludomat_game::run::Progress;
use ludomat_game::{LineInput, Session, SessionError};
use ludomat_relay_cpu::session::{
    parse_number, real_time_text, Clock, FlagsView, Outcome, RelayAction, RelayConfig,
    RelayHappening, RelaySession, RomChoice, MAX_RUN,
};
use ludomat_relay_cpu::{
    assemble_for, disassemble, memory, roms, BenchProgress, Flags, Key, Machine, Rom, TicTacToeRom,
    TICK,
};

use crate::progress;

/// `ludomat relay …`
#[derive(Debug, Args)]
pub struct RelayCmd {
    #[command(subcommand)]
    command: RelaySub,
}

#[derive(Debug, Subcommand)]
enum RelaySub {
    /// Assemble a source in the builder's notation to a ROM image (or a listing).
    Asm(AsmArgs),
    /// Disassemble a ROM image back to source (assembling it reproduces the image).
    Disasm(DisasmArgs),
    /// Run a program (source or image) with the teletype on this terminal.
    Run(RunArgs),
    /// Measure emulated instructions per second on a program that never stops.
    Bench(BenchArgs),
}

/// Output format of `relay asm`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Two bytes per word, byte 1 (high) first.
    Bin,
    /// One word per line, four hex digits.
    Hex,
    /// The article's listing: `mnemonic   addr: bbbbbbbb bbbbbbbb`.
    Listing,
}

/// Image format for reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ImageFormat {
    /// Two bytes per word, byte 1 first.
    Bin,
    /// Hex words separated by white space.
    Hex,
}

#[derive(Debug, Args)]
struct AsmArgs {
    /// The source file.
    source: PathBuf,
    /// Where to write (default: standard output; binary only when it is not a terminal).
    #[arg(short, long = "out", alias = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// What to write.
    #[arg(long, value_enum, default_value_t = Format::Bin)]
    format: Format,
    /// ROM size in words (1-256; the machine in the article has 64).
    #[arg(long, default_value_t = memory::DEFAULT_ROM_WORDS)]
    rom_size: usize,
}

#[derive(Debug, Args)]
struct DisasmArgs {
    /// The image file.
    image: PathBuf,
    /// Its format (default: hex for `.hex` files, otherwise binary).
    #[arg(long, value_enum)]
    format: Option<ImageFormat>,
    /// Where to write the source (default: standard output).
    #[arg(short, long = "out", alias = "output", value_name = "FILE")]
    output: Option<PathBuf>,
}

/// How fast `relay run` goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Speed {
    /// The real machine's pace: 5 clock ticks a second, 6-10 ticks per instruction.
    Authentic,
    /// As fast as the emulator goes.
    Fast,
}

#[derive(Debug, Args)]
struct RunArgs {
    /// The program: a source (`.asm`, `.s`), a hex image (`.hex`) or a binary image.
    program: PathBuf,
    /// The two toggle-switch banks (0x80 even addresses, 0x81 odd), e.g. `0x0f,0x0c`.
    #[arg(long, value_parser = parse_switches)]
    switches: Option<[u8; 2]>,
    /// Keys to type, in order, one each time the machine halts: digits 0-9, or `start`
    /// for the panel's Start button. Without it keys come from the terminal.
    #[arg(long, value_delimiter = ',', value_parser = parse_press)]
    keys: Option<Vec<Press>>,
    /// Print PC, instruction, registers and flags after every instruction.
    #[arg(long)]
    trace: bool,
    /// Stop a program that runs longer than this many instructions (1 to
    /// 1,000,000,000,000; accepts 1e9).
    #[arg(long, default_value = "1e8", value_name = "N", value_parser = crate::count::count::<u64>(1, MAX_STEPS))]
    max_steps: u64,
    /// The real machine's pace or full speed.
    #[arg(long, value_enum, default_value_t = Speed::Fast)]
    speed: Speed,
    /// ROM size in words (1-256).
    #[arg(long, default_value_t = memory::DEFAULT_ROM_WORDS)]
    rom_size: usize,
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Instructions to run (1 to 1,000,000,000,000; accepts 1e9).
    #[arg(long, default_value = "1e9", value_name = "N", value_parser = crate::count::count::<u64>(1, MAX_STEPS))]
    max_steps: u64,
    /// Run this program instead of the built-in `programs/relay/busy.asm`.
    #[arg(long)]
    program: Option<PathBuf>,
}

/// `ludomat play relay-tictactoe`
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Refuse the keys the original accepts without checking: occupied cells, 8, 9.
    #[arg(long)]
    guarded: bool,
    /// Which ROM: `as-numbered` (the article's 46 words; a tie halts silently) or
    /// `corrected` (a tie prints 9).
    #[arg(long, default_value = "as-numbered")]
    rom: TicTacToeRom,
    /// Show the game at the real machine's pace (seconds per move).
    #[arg(long, value_enum, default_value_t = Speed::Fast)]
    speed: Speed,
}

/// A key press or the Start button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Press {
    Key(Key),
    Start,
}

fn parse_press(s: &str) -> Result<Press, String> {
    let t = s.trim();
    if t.eq_ignore_ascii_case("start") || t.eq_ignore_ascii_case("s") {
        return Ok(Press::Start);
    }
    t.parse::<Key>()
        .map(Press::Key)
        .map_err(|e| format!("{e} (or `start`)"))
}

/// A count such as `1000`, `1_000_000` or `1e9`.
/// The most instructions one run may be allowed (about three hours at full speed).
const MAX_STEPS: u64 = 1_000_000_000_000;

fn parse_byte(s: &str) -> Result<u8, String> {
    parse_number(s)
        .and_then(|v| u8::try_from(v).ok())
        .ok_or_else(|| format!("'{}' is not a byte (0-255, 0x.., 0b..)", s.trim()))
}

fn parse_switches(s: &str) -> Result<[u8; 2], String> {
    let parts: Vec<&str> = s.split(',').collect();
    match parts.as_slice() {
        [a] => Ok([parse_byte(a)?, 0]),
        [a, b] => Ok([parse_byte(a)?, parse_byte(b)?]),
        _ => Err(format!("'{s}': give one or two banks, e.g. 0x0f,0x0c")),
    }
}

pub fn run(cmd: RelayCmd) -> Result<()> {
    match cmd.command {
        RelaySub::Asm(a) => asm(a),
        RelaySub::Disasm(a) => disasm(a),
        RelaySub::Run(a) => run_program(a),
        RelaySub::Bench(a) => bench(a),
    }
}

fn read_source(path: &Path) -> Result<String> {
    let bytes = crate::files::read(path, crate::files::BINARY_CAP)?;
    ludomat_relay_cpu::source_text(&bytes)
        .map(str::to_string)
        .map_err(|e| anyhow!("{}: {e}", path.display()))
}

fn assemble_file(path: &Path, rom_size: usize) -> Result<Vec<u16>> {
    if rom_size == 0 || rom_size > memory::MAX_ROM_WORDS {
        bail!("--rom-size {rom_size}: the ROM holds 1-256 words");
    }
    let text = read_source(path)?;
    assemble_for(&text, rom_size)
        .map(|p| p.words)
        .map_err(|e| anyhow!("{}:\n{e}", path.display()))
}

fn asm(a: AsmArgs) -> Result<()> {
    if a.rom_size == 0 || a.rom_size > memory::MAX_ROM_WORDS {
        bail!("--rom-size {}: the ROM holds 1-256 words", a.rom_size);
    }
    let text = read_source(&a.source)?;
    // Everything is assembled before anything is written: on error no file appears.
    let program =
        assemble_for(&text, a.rom_size).map_err(|e| anyhow!("{}:\n{e}", a.source.display()))?;
    let bytes = match a.format {
        Format::Bin => memory::to_bytes(&program.words),
        Format::Hex => memory::to_hex(&program.words).into_bytes(),
        Format::Listing => program.listing_text().into_bytes(),
    };
    match &a.output {
        Some(path) => {
            crate::files::write(path, &bytes)?;
            errln!(
                "{} words ({} of {} ROM words) → {}",
                program.words.len(),
                program.words.len(),
                a.rom_size,
                path.display()
            );
        }
        None => {
            let mut out = crate::out::stdout().lock();
            if a.format == Format::Bin && out.is_terminal() {
                bail!("not writing a binary image to the terminal: give -o FILE or --format hex|listing");
            }
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(())
}

fn read_image(path: &Path, format: Option<ImageFormat>) -> Result<Vec<u16>> {
    let format = format.unwrap_or_else(|| {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("hex"))
        {
            ImageFormat::Hex
        } else {
            ImageFormat::Bin
        }
    });
    let bytes = crate::files::read(path, crate::files::BINARY_CAP)?;
    match format {
        ImageFormat::Bin => {
            memory::from_bytes(&bytes).with_context(|| format!("{}", path.display()))
        }
        ImageFormat::Hex => {
            let text = String::from_utf8(bytes)
                .map_err(|_| anyhow!("{} is not a text hex image", path.display()))?;
            memory::from_hex(&text).with_context(|| format!("{}", path.display()))
        }
    }
}

fn disasm(a: DisasmArgs) -> Result<()> {
    let words = read_image(&a.image, a.format)?;
    if words.len() > memory::MAX_ROM_WORDS {
        bail!(
            "{}: {} words, more than the 256 an 8-bit address reaches",
            a.image.display(),
            words.len()
        );
    }
    let text = disassemble(&words);
    match a.output {
        Some(p) => crate::files::write(&p, text)?,
        None => out!("{}", crate::help::wrap(&text)),
    }
    Ok(())
}

/// Load a program's words for running: sources are assembled, images read.
fn load_words(path: &Path, rom_size: usize) -> Result<Vec<u16>> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("asm" | "s" | "src") => assemble_file(path, rom_size),
        _ => read_image(path, None),
    }
}

/// Load a program for running as a ROM.
fn load_program(path: &Path, rom_size: usize) -> Result<Rom> {
    let words = load_words(path, rom_size)?;
    Rom::new(&words, rom_size).with_context(|| format!("{}", path.display()))
}

/// "26 instructions, 207 ticks at 5 Hz = 41.4 s on the real machine".
fn real_time(steps: u64, ticks: u64) -> String {
    format!(
        "{steps} instructions, {ticks} ticks at 5 Hz = {} on the real machine",
        real_time_text(ticks)
    )
}

/// The trace's column heads, above the first line: the registers as a table of bytes
/// (hex) after each instruction, so a line fits 80 columns.
const TRACE_HEAD: &str = "ad  switches           instruction        A  B  C  D  M  S  L  PC CZS";

/// A trace line: address, switches, instruction, then registers A–L, PC and the flag
/// lamps after it, under [`TRACE_HEAD`].
fn trace_line(address: u8, bits: &str, text: &str, regs: &[u8; 8], f: FlagsView) -> String {
    let values: Vec<String> = regs.iter().map(|v| format!("{v:02x}")).collect();
    let flags = Flags::from(f);
    format!(
        "{address:02x}: {bits}  {text:<18} {} {flags}",
        values.join(" ")
    )
}

/// Where key presses come from.
enum Keys {
    Script(VecDeque<Press>),
    Live(LineInput, VecDeque<Press>),
}

impl Keys {
    /// The next press, `None` when there are no more.
    fn next(&mut self, m: &Machine) -> Result<Option<Press>> {
        match self {
            Keys::Script(q) => Ok(q.pop_front()),
            Keys::Live(input, q) => loop {
                if let Some(p) = q.pop_front() {
                    return Ok(Some(p));
                }
                let mut err = std::io::stderr();
                let interactive = std::io::stdin().is_terminal();
                if interactive {
                    write!(
                        err,
                    "\n[halted at {:#04x}{} — type keys 0-9 and Enter; Enter alone is Start; q stops] ",
                    m.pc(),
                        if m.waiting_for_key() {
                            ", waiting for a key"
                        } else {
                            ""
                        }
                    )?;
                    err.flush()?;
                }
                let Some(line) = input.next_line()? else {
                    return Ok(None);
                };
                let t = line.trim();
                if t.eq_ignore_ascii_case("q") || t.eq_ignore_ascii_case("quit") {
                    return Ok(None);
                }
                if t.is_empty() {
                    return Ok(Some(Press::Start));
                }
                let mut presses = VecDeque::new();
                for c in t.chars().filter(|c| !c.is_whitespace() && *c != ',') {
                    match c.to_string().parse::<Key>() {
                        Ok(k) => presses.push_back(Press::Key(k)),
                        Err(e) => {
                            errln!("{e}");
                            presses.clear();
                            break;
                        }
                    }
                }
                q.extend(presses);
            },
        }
    }
}

/// `relay run`: the program on a [`RelaySession`], one `run` (or, tracing or at the real
/// pace, one `step`) at a time; keys from `--keys` or the terminal whenever it halts.
fn run_program(a: RunArgs) -> Result<()> {
    let words = load_words(&a.program, a.rom_size)?;
    let mut s = RelaySession::new(RelayConfig {
        rom: RomChoice::Words(words),
        rom_size: a.rom_size,
        switches: a.switches.unwrap_or_default(),
        ..RelayConfig::default()
    })
    .map_err(|e| anyhow!("{}: {e}", a.program.display()))?;
    let mut keys = match a.keys {
        Some(k) => Keys::Script(k.into()),
        None => Keys::Live(LineInput::Stdin, VecDeque::new()),
    };
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    let slow = a.trace || a.speed == Speed::Authentic;
    if a.trace {
        writeln!(out, "{TRACE_HEAD}")?;
    }
    loop {
        let budget = a.max_steps.saturating_sub(s.machine().steps());
        if budget > 0 && matches!(s.clock(), Clock::Running | Clock::Stopped) {
            let action = if slow {
                RelayAction::Step { n: 1 }
            } else {
                RelayAction::Run {
                    max_steps: budget.min(MAX_RUN),
                }
            };
            let happenings = s.apply(action)?;
            let mut last_code = None;
            for h in &happenings {
                match h {
                    RelayHappening::Printed { code, glyph } => {
                        last_code = Some(*code);
                        match glyph {
                            Some(g) if !a.trace => write!(out, "{g}")?,
                            _ => {}
                        }
                    }
                    RelayHappening::Executed { ticks, .. } if a.speed == Speed::Authentic => {
                        std::thread::sleep(TICK * u32::from(*ticks));
                    }
                    RelayHappening::Fault { address, reason } => {
                        end_paper(&s, a.trace, &mut out)?;
                        bail!("the machine stopped at {address:#04x}: {reason}");
                    }
                    _ => {}
                }
            }
            if let (
                true,
                Some(RelayHappening::Executed {
                    address,
                    bits,
                    text,
                    registers,
                    flags,
                    ..
                }),
            ) = (a.trace, happenings.first())
            {
                writeln!(
                    out,
                    "{}",
                    trace_line(*address, bits, text, registers, *flags)
                )?;
                // what the teletype printed is an event of its own, on its own line
                if let Some(c) = last_code {
                    writeln!(out, "    teletype: {c}")?;
                }
            }
            out.flush()?;
            continue;
        }
        match s.clock() {
            Clock::Halted | Clock::WaitingForKey => {
                let action = match keys.next(s.machine())? {
                    Some(Press::Key(k)) => RelayAction::Key { digit: k.digit() },
                    Some(Press::Start) => RelayAction::Start,
                    None => {
                        end_paper(&s, a.trace, &mut out)?;
                        let m = s.machine();
                        errln!("halted at PC {:#04x}; no more keys.", m.pc());
                        errln!("{}", real_time(m.steps(), m.ticks()));
                        return Ok(());
                    }
                };
                s.apply(action)?;
            }
            Clock::Fault => {
                end_paper(&s, a.trace, &mut out)?;
                bail!("{}", s.view().fault.unwrap_or_default());
            }
            Clock::Running | Clock::Stopped => {
                end_paper(&s, a.trace, &mut out)?;
                let m = s.machine();
                errln!("{}", real_time(m.steps(), m.ticks()));
                bail!(
                    "stopped after {} instructions (--max-steps) without halting; PC {:#04x}. \
                     A runaway program? Raise --max-steps to let it run longer.",
                    m.steps(),
                    m.pc()
                );
            }
        }
    }
}

/// End the paper with a line feed if it does not already end with one (after a trace,
/// show the whole paper).
fn end_paper(s: &RelaySession, trace: bool, out: &mut impl Write) -> Result<()> {
    let lines = s.view().teletype.paper;
    if trace {
        writeln!(out, "paper: {}", lines.join("\n"))?;
    } else if lines.last().is_some_and(|l| !l.is_empty()) {
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}

fn bench(a: BenchArgs) -> Result<()> {
    let (rom, name) = match &a.program {
        Some(p) => (
            load_program(p, memory::DEFAULT_ROM_WORDS)?,
            p.display().to_string(),
        ),
        None => (
            Rom::standard(&roms::busy_words())?,
            "programs/relay/busy.asm (built in)".to_string(),
        ),
    };
    let bar = progress::Bar::new("instructions", Some(a.max_steps), false);
    let mut watch = |p: &Progress<BenchProgress>| bar.update(p, None);
    let (mut ctx, _ctrl_c) = progress::context("instructions", Some(a.max_steps), &mut watch);
    let (r, _) = ludomat_relay_cpu::bench(rom, a.max_steps, &mut ctx);
    drop(ctx);
    bar.finish();
    let p = r.progress;
    outln!("program       {name}");
    outln!("stopped       {:?} at PC {:#04x}", r.stop, p.pc);
    outln!("instructions  {}", p.instructions);
    outln!(
        "wall clock    {:.3} s = {:.1} million instructions per second",
        r.wall.as_secs_f64(),
        r.rate() / 1e6
    );
    if let Some(rate) = r.cpu_rate() {
        outln!(
            "CPU time      {:.3} s = {:.1} million instructions per second (one core)",
            r.cpu.as_secs_f64(),
            rate / 1e6
        );
    }
    outln!(
        "real machine  {} ticks at 5 Hz = {}",
        crate::count::thousands(p.ticks),
        real_time_text(p.ticks)
    );
    outln!("teletype      {} characters printed", p.printed);
    Ok(())
}

/// Printed codes as the paper shows them, spaced: `8 0 7`.
fn codes(happenings: &[RelayHappening]) -> String {
    happenings
        .iter()
        .filter_map(|h| match h {
            RelayHappening::Printed { code, glyph } => {
                Some(glyph.map_or(format!("<{code}>"), |g| g.to_string()))
            }
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn play(args: PlayArgs) -> Result<()> {
    play_with(
        args,
        LineInput::Stdin,
        &mut crate::help::Wrapped::new(crate::out::stdout()),
    )
}

/// Run the machine to its next halt (the session's `run`, at the real pace if asked),
/// show what it printed and the board.
fn think(s: &mut RelaySession, speed: Speed, out: &mut dyn Write) -> Result<()> {
    let h = s.apply(RelayAction::Run { max_steps: 100_000 })?;
    if speed == Speed::Authentic {
        let ticks: u64 = h
            .iter()
            .map(|h| match h {
                RelayHappening::Ran { ticks, .. } => *ticks,
                _ => 0,
            })
            .sum();
        std::thread::sleep(TICK * u32::try_from(ticks).unwrap_or(u32::MAX));
    }
    if !matches!(s.clock(), Clock::Halted | Clock::WaitingForKey) {
        bail!(
            "the machine did not halt: {:?} at PC {:#04x}",
            s.clock(),
            s.machine().pc()
        );
    }
    writeln!(out, "teletype: {}", codes(&h))?;
    if let Some(b) = s.board() {
        writeln!(out, "\n{}", b.render())?;
    }
    Ok(())
}

fn play_with(args: PlayArgs, mut input: LineInput, out: &mut dyn Write) -> Result<()> {
    let mut s = RelaySession::new(RelayConfig {
        rom: match args.rom {
            TicTacToeRom::AsNumbered => RomChoice::AsNumbered,
            TicTacToeRom::Corrected => RomChoice::Corrected,
        },
        guarded: args.guarded,
        ..RelayConfig::default()
    })?;
    writeln!(
        out,
        "The relay computer plays noughts and crosses ({} ROM). It is X and moves first.\n\
         Cells are numbered clockwise round the edge, centre 8:\n\n 0 | 1 | 2\n---+---+---\n \
         7 | 8 | 3\n---+---+---\n 6 | 5 | 4\n",
        args.rom
    )?;
    if args.guarded {
        writeln!(
            out,
            "Guarded: occupied cells, 8 and 9 are refused before they reach the machine."
        )?;
    } else {
        writeln!(
            out,
            "Faithful: like the original, the machine takes any digit key — occupied cells too."
        )?;
    }
    think(&mut s, args.speed, out)?;
    let over = |s: &RelaySession| s.board().is_some_and(|b| b.outcome.is_over());
    while s.clock() == Clock::WaitingForKey && !over(&s) {
        write!(out, "Your move (O), a key 0-9: ")?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            writeln!(out, "\nInput ended; game abandoned.")?;
            return Ok(());
        };
        let text = line.trim();
        if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
            writeln!(out, "Game abandoned.")?;
            return Ok(());
        }
        let digit = match s.parse_action(text) {
            Ok(RelayAction::Key { digit }) => digit,
            Ok(_) => {
                writeln!(out, "In a game, type a key 0-9 (or q).")?;
                continue;
            }
            Err(e) => {
                writeln!(out, "{e}.")?;
                continue;
            }
        };
        match s.apply(RelayAction::Key { digit }) {
            Err(SessionError::Refused(p)) => {
                writeln!(
                    out,
                    "Refused: {p}. (The original machine would have accepted it.)"
                )?;
                continue;
            }
            Err(e) => bail!("{e}"),
            Ok(h) => {
                for h in h {
                    if let RelayHappening::KeyPressed {
                        unchecked: Some(p), ..
                    } = h
                    {
                        writeln!(
                            out,
                            "({p} — the original does not check, and neither does this ROM.)"
                        )?;
                    }
                }
            }
        }
        think(&mut s, args.speed, out)?;
    }
    let verdict = match s.board().map(|b| b.outcome) {
        Some(Outcome::MachineWins) => "The machine wins: it printed 9 9.",
        Some(Outcome::Tie { printed_nine: true }) => "A tie: the machine printed 9.",
        Some(Outcome::PersonWins) => {
            "O has three in a row: the machine took keys it does not check."
        }
        _ => {
            "A tie: the machine halts without printing 9 — the ROM as numbered in the article \
             lacks that STORE (try --rom corrected)."
        }
    };
    writeln!(out, "{verdict}")?;
    writeln!(out, "Paper: {}", s.view().teletype.paper.join("\n"))?;
    let m = s.machine();
    writeln!(out, "{}.", real_time(m.steps(), m.ticks()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_script(guarded: bool, rom: TicTacToeRom, keys: &str) -> String {
        let mut out = Vec::new();
        play_with(
            PlayArgs {
                guarded,
                rom,
                speed: Speed::Fast,
            },
            LineInput::script(keys),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn play_wins_ties_and_guards() {
        let s = play_script(false, TicTacToeRom::AsNumbered, "0\n1\n");
        assert!(s.contains("The machine wins"), "{s}");
        assert!(s.contains("Paper: 8071399"), "{s}");
        let s = play_script(false, TicTacToeRom::AsNumbered, "0\n3\n6\n1\n");
        assert!(s.contains("halts without printing 9"), "{s}");
        let s = play_script(false, TicTacToeRom::Corrected, "0\n3\n6\n1\n");
        assert!(s.contains("A tie: the machine printed 9."), "{s}");
        let s = play_script(true, TicTacToeRom::AsNumbered, "8\n9\n0\n0\nx\n1\n");
        assert!(s.contains("Refused: 8 is the centre"), "{s}");
        assert!(s.contains("Refused: 9 is not a cell"), "{s}");
        assert!(s.contains("Refused: cell 0 is taken by O"), "{s}");
        assert!(s.contains("'x' is not a teletype key"), "{s}");
        assert!(s.contains("Paper: 8071399"), "{s}");
        // Faithful mode takes the occupied centre.
        let s = play_script(false, TicTacToeRom::AsNumbered, "8\n9\n");
        assert!(s.contains("the original does not check"), "{s}");
        assert!(s.contains("Paper: 8879399"), "{s}");
        let s = play_script(false, TicTacToeRom::AsNumbered, "0\n");
        assert!(s.contains("Input ended"), "{s}");
    }

    #[test]
    fn counts_and_switches_parse() {
        let steps = crate::count::count::<u64>(1, MAX_STEPS);
        assert_eq!(steps.read("1e9"), Ok(1_000_000_000));
        assert_eq!(steps.read("1_000"), Ok(1000));
        assert!(steps.read("1.5").is_err());
        assert!(steps.read("-3").is_err());
        assert_eq!(parse_switches("0x0f,0x0c"), Ok([0x0f, 0x0c]));
        assert_eq!(parse_switches("0b11"), Ok([3, 0]));
        assert!(parse_switches("0x100").is_err());
        assert_eq!(parse_press("start"), Ok(Press::Start));
        assert!(parse_press("a").is_err());
    }
}
