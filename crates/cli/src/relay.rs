//! `ludomat relay asm|disasm|run|bench` and `ludomat play relay-tictactoe`: the relay
//! computer with its teletype (seed 003, crate `ludomat-relay-cpu`).

use ludomat_io::text::Shown as _;
use std::collections::VecDeque;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use ludomat_game::console::converse;
use ludomat_game::run::Progress;
use ludomat_game::LineInput;
use ludomat_relay_cpu::image::{self, Format, ImageFormat};
use ludomat_relay_cpu::session::{self, RelayConfig, RomChoice, Speed};
use ludomat_relay_cpu::text::{self, Press, ProgramRun, RelayConsole, Rest};
use ludomat_relay_cpu::{
    assemble_for, disassemble, memory, roms, BenchProgress, Machine, Program, Rom, TicTacToeRom,
};

use crate::progress;
use crate::usage::usage;

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

#[derive(Debug, Args)]
struct AsmArgs {
    /// The source file.
    source: PathBuf,
    /// Where to write (default: standard output; binary only when it is not a terminal).
    #[arg(short, long = "out", alias = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// What to write (default: as -o's name is read: hex for a .hex file, otherwise
    /// binary; binary on standard output). A format the name contradicts is refused.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// ROM size in words (1 to 256; the machine in the article has 64).
    #[arg(long, default_value_t = memory::DEFAULT_ROM_WORDS, value_parser = crate::count::count::<usize>(1, 256))]
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

#[derive(Debug, Args)]
struct RunArgs {
    /// The program: a source (`.asm`, `.s`), a hex image (`.hex`) or a binary image.
    program: PathBuf,
    /// The two toggle-switch banks (0x80 even addresses, 0x81 odd), e.g. `0x0f,0x0c`.
    #[arg(long, value_parser = session::parse_switches)]
    switches: Option<[u8; 2]>,
    /// Keys to type, in order, one each time the machine halts: digits 0-9, or `start`
    /// for the panel's Start button. Without it keys come from the terminal.
    #[arg(long, value_delimiter = ',', value_parser = str::parse::<Press>)]
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
    /// ROM size in words (1 to 256).
    #[arg(long, default_value_t = memory::DEFAULT_ROM_WORDS, value_parser = crate::count::count::<usize>(1, 256))]
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
    /// Which ROM: `as-numbered` (the article's 46 words; a draw halts silently) or
    /// `corrected` (a draw prints 9).
    #[arg(long, default_value = "as-numbered")]
    rom: TicTacToeRom,
    /// Show the game at the real machine's pace (seconds per move).
    #[arg(long, value_enum, default_value_t = Speed::Fast)]
    speed: Speed,
}

/// The benchmark's built-in program.
const BUSY: &str = "programs/relay/busy.asm (built in)";

/// The most instructions one run may be allowed (about three hours at full speed).
const MAX_STEPS: u64 = 1_000_000_000_000;

pub fn run(cmd: RelayCmd) -> Result<()> {
    match cmd.command {
        RelaySub::Asm(a) => asm(a),
        RelaySub::Disasm(a) => disasm(a),
        RelaySub::Run(a) => run_program(a),
        RelaySub::Bench(a) => bench(a),
    }
}

/// A source assembled for a ROM of `rom_size` words; errors name the file.
fn assemble_file(path: &Path, rom_size: usize) -> Result<Program> {
    if rom_size == 0 || rom_size > memory::MAX_ROM_WORDS {
        usage!("--rom-size {rom_size}: the ROM holds 1 to 256 words");
    }
    let bytes = match roms::built_in(path).filter(|_| !path.exists()) {
        // outside a checkout, `programs/relay/…` is the copy built into ludomat
        Some(source) => source.as_bytes().to_vec(),
        None => crate::files::read(path, crate::files::BINARY_CAP)?,
    };
    let text =
        ludomat_relay_cpu::source_text(&bytes).map_err(|e| anyhow!("{}: {e}", path.shown()))?;
    let list = |e: &str| if e.contains('\n') { ":\n" } else { ": " };
    assemble_for(text, rom_size).map_err(|e| anyhow!("{}{}{e}", path.shown(), list(&e.to_string())))
}

fn asm(a: AsmArgs) -> Result<()> {
    // The format and everything else is checked before anything is written: on error
    // no file appears.
    let format = match &a.output {
        Some(path) => {
            ludomat_io::output::check_flag("-o", path, ludomat_io::output::ANY)?;
            ludomat_io::output::not_an_input_flag("-o", path, &[a.source.as_path()])?;
            Format::for_output(path, a.format).map_err(|e| usage(e.to_string()))?
        }
        None => a.format.unwrap_or(Format::Bin),
    };
    let program = assemble_file(&a.source, a.rom_size)?;
    let bytes = format.encode(&program);
    match &a.output {
        Some(path) => {
            crate::files::write(path, &bytes)?;
            let (n, size) = (program.words.len(), a.rom_size);
            errln!("{n} words ({n} of {size} ROM words) → {}", path.shown());
        }
        None => {
            let mut out = crate::out::stdout().lock();
            if format == Format::Bin && out.is_terminal() {
                usage!("not writing a binary image to the terminal: give -o FILE or --format hex|listing");
            }
            // the listing is long: paged on a terminal
            let _page = (format == Format::Listing).then(crate::page::Pager::start);
            out.write_all(&bytes)?;
            out.flush()?;
        }
    }
    Ok(())
}

/// The words of a ROM image file.
fn read_image(path: &Path, format: Option<ImageFormat>) -> Result<Vec<u16>> {
    let bytes = crate::files::read(path, crate::files::BINARY_CAP)?;
    Ok(image::read_image(path, bytes, format)?)
}

fn disasm(a: DisasmArgs) -> Result<()> {
    let words = read_image(&a.image, a.format)?;
    ludomat_relay_cpu::disasm::fits(&a.image, words.len()).map_err(anyhow::Error::msg)?;
    let text = disassemble(&words);
    match a.output {
        Some(p) => {
            ludomat_io::output::not_an_input_flag("-o", &p, &[a.image.as_path()])?;
            crate::files::write(&p, text)?
        }
        None => out!("{}", crate::help::wrap(&text)),
    }
    Ok(())
}

/// Load a program's words for running: sources are assembled, images read.
fn load_words(path: &Path, rom_size: usize) -> Result<Vec<u16>> {
    if image::is_source(path) {
        return Ok(assemble_file(path, rom_size)?.words);
    }
    read_image(path, None)
}

/// Where key presses come from: `--keys`, or lines typed (prompted on a terminal).
struct Keys {
    queue: VecDeque<Press>,
    input: Option<LineInput>,
}

impl Keys {
    /// The next press, `None` when there are no more.
    fn next(&mut self, m: &Machine) -> std::io::Result<Option<Press>> {
        while self.queue.is_empty() {
            let Some(input) = &mut self.input else {
                return Ok(None);
            };
            if ludomat_io::out::stdin_is_terminal() {
                let mut err = ludomat_io::out::stderr();
                write!(err, "{}", text::halted_prompt(m))?;
                err.flush()?;
            }
            let Some(line) = input.next_line()? else {
                return Ok(None);
            };
            if matches!(line.trim().to_ascii_lowercase().as_str(), "q" | "quit") {
                return Ok(None);
            }
            match Press::line(&line) {
                Ok(presses) => self.queue.extend(presses),
                Err(e) => errln!("{e}"),
            }
        }
        Ok(self.queue.pop_front())
    }
}

/// `relay run`: the program on a [`ProgramRun`]; keys from `--keys` or the terminal
/// whenever it halts.
fn run_program(a: RunArgs) -> Result<()> {
    let words = load_words(&a.program, a.rom_size)?;
    let config = RelayConfig {
        rom: RomChoice::Words(words),
        rom_size: a.rom_size,
        switches: a.switches.unwrap_or_default(),
        speed: a.speed,
        ..RelayConfig::default()
    };
    let mut r = ProgramRun::new(config, a.max_steps, a.trace)
        .map_err(|e| anyhow!("{}: {e}", a.program.shown()))?;
    let mut keys = Keys {
        input: a.keys.is_none().then_some(LineInput::Stdin),
        queue: a.keys.unwrap_or_default().into(),
    };
    // only paper and trace: the run stops at the first failed write (a closed pipe, a
    // full disk), which main reports once
    let mut out = crate::out::stdout().until_gone();
    if a.trace {
        writeln!(out, "{}", text::TRACE_HEAD)?;
    }
    let rest = r
        .run_caught(&mut |m| keys.next(m), &mut out)
        .map_err(|e| match e {
            ludomat_game::console::ConverseError::Io(e) => anyhow::Error::from(e),
            e => e.into(),
        })?;
    let m = r.machine();
    let time = text::real_time(m.steps(), m.ticks());
    match rest {
        Rest::Halted => {
            errln!("halted at PC {:#04x}; no more keys.", m.pc());
            errln!("{time}");
            Ok(())
        }
        Rest::Fault(why) => bail!("{why}"),
        Rest::Stopped => {
            errln!("{time}");
            Err(r.stopped().into())
        }
        Rest::Runaway => {
            errln!("{time}");
            bail!(
                "stopped after {} instructions (--max-steps) without halting; PC {:#04x}. \
                 A runaway program? Raise --max-steps to let it run longer.",
                ludomat_io::text::thousands(m.steps()),
                m.pc()
            );
        }
    }
}

fn bench(a: BenchArgs) -> Result<()> {
    let (words, name) = match &a.program {
        Some(p) => (load_words(p, memory::DEFAULT_ROM_WORDS)?, p.shown()),
        None => (roms::busy_words(), BUSY.shown()),
    };
    let rom = Rom::standard(&words).with_context(|| name.to_string())?;
    let bar = progress::Bar::new("instructions", Some(a.max_steps), false);
    let mut watch = |p: &Progress<BenchProgress>| bar.update(p, None);
    let (mut ctx, _ctrl_c) = progress::context("instructions", Some(a.max_steps), &mut watch);
    let (r, ended) = ludomat_relay_cpu::bench(rom, a.max_steps, &mut ctx);
    drop(ctx);
    bar.finish();
    let ticks = crate::count::thousands(r.progress.ticks);
    let interrupted = ended == ludomat_game::run::Ended::Cancelled;
    out!(
        "{}",
        text::bench(&name.to_string(), &r, &ticks, interrupted)
    );
    if interrupted {
        return Err(ludomat_io::interrupt::Stopped::after(
            r.progress.instructions,
            Some(a.max_steps),
            ("instruction", "instructions"),
            ludomat_io::interrupt::Stopped::theirs(r.progress.instructions),
        )
        .into());
    }
    Ok(())
}

pub fn play(args: PlayArgs) -> Result<()> {
    let mut console = RelayConsole::new(RelayConfig {
        rom: args.rom.into(),
        guarded: args.guarded,
        speed: args.speed,
        ..RelayConfig::default()
    })?;
    let mut out = crate::help::Wrapped::new(crate::out::stdout());
    Ok(converse(&mut console, &mut LineInput::Stdin, &mut out)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_switches_parse() {
        let steps = crate::count::count::<u64>(1, MAX_STEPS);
        assert_eq!(steps.read("1e9"), Ok(1_000_000_000));
        assert_eq!(steps.read("1_000"), Ok(1000));
        assert!(steps.read("1.5").is_err());
        assert!(steps.read("-3").is_err());
    }
}
