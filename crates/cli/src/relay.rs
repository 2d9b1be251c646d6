//! `ludomat relay asm|disasm|run|bench` and `ludomat play relay-tictactoe`: the relay
//! computer with its teletype (seed 003, crate `ludomat-relay-cpu`).

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use ludomat_game::{Agent, LineInput};
use ludomat_relay_cpu::{
    assemble_for, disassemble, instruction::bits, memory, roms, teletype::glyph, Key, Machine,
    Register, Rom, Stop, TicTacToeRom, TICK,
};
use ludomat_tictactoe::Board;

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
    #[arg(short, long)]
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
    #[arg(short, long)]
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
    /// Stop a program that runs longer than this many instructions (accepts 1e9; at
    /// most 1e12).
    #[arg(long, default_value = "1e8", value_parser = parse_count)]
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
    /// Instructions to run (accepts 1e9; at most 1e12).
    #[arg(long, default_value = "1e9", value_parser = parse_count)]
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

fn parse_count(s: &str) -> Result<u64, String> {
    ludomat_game::count::parse_count(s, MAX_STEPS, "steps").map_err(|e| e.to_string())
}

fn parse_byte(s: &str) -> Result<u8, String> {
    let t = s.trim().to_ascii_lowercase();
    let v = if let Some(h) = t.strip_prefix("0x") {
        u8::from_str_radix(h, 16)
    } else if let Some(b) = t.strip_prefix("0b") {
        u8::from_str_radix(b, 2)
    } else {
        t.parse()
    };
    v.map_err(|_| format!("'{}' is not a byte (0-255, 0x.., 0b..)", s.trim()))
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
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
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
            std::fs::write(path, &bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!(
                "{} words ({} of {} ROM words) → {}",
                program.words.len(),
                program.words.len(),
                a.rom_size,
                path.display()
            );
        }
        None => {
            let mut out = std::io::stdout().lock();
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
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
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
        Some(p) => {
            std::fs::write(&p, text).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => print!("{text}"),
    }
    Ok(())
}

/// Load a program for running: sources are assembled, images read.
fn load_program(path: &Path, rom_size: usize) -> Result<Rom> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let words = match ext.as_deref() {
        Some("asm" | "s" | "src") => assemble_file(path, rom_size)?,
        _ => read_image(path, None)?,
    };
    Rom::new(&words, rom_size).with_context(|| format!("{}", path.display()))
}

fn real_time(m: &Machine) -> String {
    let secs = m.ticks() as f64 * TICK.as_secs_f64();
    let human = if secs < 120.0 {
        format!("{secs:.1} s")
    } else if secs < 2.0 * 3600.0 {
        format!("{:.1} min", secs / 60.0)
    } else if secs < 3.0 * 86_400.0 {
        format!("{:.1} h", secs / 3600.0)
    } else if secs < 2.0 * 31_557_600.0 {
        format!("{:.1} days", secs / 86_400.0)
    } else {
        format!("{:.1} years", secs / 31_557_600.0)
    };
    format!(
        "{} instructions, {} ticks at 5 Hz = {human} on the real machine",
        m.steps(),
        m.ticks()
    )
}

fn trace_line(m: &Machine, info: &ludomat_relay_cpu::StepInfo) -> String {
    let text = match info.instruction {
        Ok(i) => i.to_string(),
        Err(r) => format!("reserved ({})", r.kind),
    };
    let regs: Vec<String> = Register::ALL[..7]
        .iter()
        .map(|r| format!("{r}={:02x}", m.register(*r)))
        .collect();
    format!(
        "{:02x}: {}  {text:<18} {} PC={:02x} {}",
        info.addr,
        bits(info.word),
        regs.join(" "),
        m.pc(),
        m.flags()
    )
}

/// Write the codes printed since `*shown` to `out` as the paper shows them.
fn show_paper(m: &Machine, shown: &mut usize, out: &mut impl Write) -> Result<()> {
    let printed = m.teletype().printed();
    let new: String = printed[*shown..].iter().filter_map(|&c| glyph(c)).collect();
    *shown = printed.len();
    out.write_all(new.as_bytes())?;
    out.flush()?;
    Ok(())
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
                            eprintln!("{e}");
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

fn run_program(a: RunArgs) -> Result<()> {
    let rom = load_program(&a.program, a.rom_size)?;
    let mut m = Machine::new(rom);
    if let Some(s) = a.switches {
        m.set_switches(s);
    }
    let mut keys = match a.keys {
        Some(k) => Keys::Script(k.into()),
        None => Keys::Live(LineInput::Stdin, VecDeque::new()),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut shown = 0;
    let slow = a.trace || a.speed == Speed::Authentic;
    loop {
        let budget = a.max_steps.saturating_sub(m.steps());
        let stop = if budget == 0 {
            Stop::StepLimit
        } else if slow {
            let mut stop = Stop::StepLimit;
            for _ in 0..budget {
                let before = m.ticks();
                let info = m.step();
                if a.trace {
                    let printed = m.teletype().printed();
                    let note = if printed.len() > shown {
                        format!("  teletype: {}", printed[printed.len() - 1])
                    } else {
                        String::new()
                    };
                    shown = printed.len();
                    writeln!(out, "{}{note}", trace_line(&m, &info))?;
                } else {
                    show_paper(&m, &mut shown, &mut out)?;
                }
                if a.speed == Speed::Authentic {
                    let ticks = u32::try_from(m.ticks() - before).unwrap_or(0);
                    std::thread::sleep(TICK * ticks);
                }
                if let Some(s) = info.stop {
                    stop = s;
                    break;
                }
            }
            stop
        } else {
            let s = m.run(budget);
            show_paper(&m, &mut shown, &mut out)?;
            s
        };
        match stop {
            Stop::Halted => match keys.next(&m)? {
                Some(Press::Key(k)) => m.press_key(k),
                Some(Press::Start) => m.press_start(),
                None => {
                    end_paper(&m, a.trace, &mut out)?;
                    eprintln!(
                        "halted at PC {:#04x}; no more keys. {}",
                        m.pc(),
                        real_time(&m)
                    );
                    return Ok(());
                }
            },
            Stop::StepLimit => {
                end_paper(&m, a.trace, &mut out)?;
                eprintln!("{}", real_time(&m));
                bail!(
                    "stopped after {} instructions (--max-steps) without halting; PC {:#04x}. \
                     A runaway program? Raise --max-steps to let it run longer.",
                    m.steps(),
                    m.pc()
                );
            }
            Stop::Reserved { addr, reserved } => {
                end_paper(&m, a.trace, &mut out)?;
                bail!("the machine stopped at {addr:#04x}: {reserved}");
            }
        }
    }
}

/// End the paper with a line feed if it does not already end with one (after a trace,
/// show the whole paper).
fn end_paper(m: &Machine, trace: bool, out: &mut impl Write) -> Result<()> {
    let paper = m.teletype().paper();
    if trace {
        writeln!(out, "paper: {paper}")?;
    } else if !paper.is_empty() && !paper.ends_with('\n') {
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
    let mut m = Machine::new(rom);
    let start = Instant::now();
    let cpu_start = thread_cpu_time();
    let mut stop;
    loop {
        stop = m.run(a.max_steps - m.steps());
        match stop {
            Stop::Halted if m.steps() < a.max_steps => m.press_start(),
            _ => break,
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = thread_cpu_time()
        .zip(cpu_start)
        .map(|(b, a)| b.saturating_sub(a).as_secs_f64());
    println!("program       {name}");
    println!("stopped       {stop:?} at PC {:#04x}", m.pc());
    println!("instructions  {}", m.steps());
    println!(
        "wall clock    {secs:.3} s = {:.1} million instructions per second",
        m.steps() as f64 / secs / 1e6
    );
    if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
        println!(
            "CPU time      {cpu:.3} s = {:.1} million instructions per second (one core)",
            m.steps() as f64 / cpu / 1e6
        );
    }
    println!("real machine  {}", real_time(&m));
    println!(
        "teletype      {} characters printed",
        m.teletype().printed().len()
    );
    Ok(())
}

/// CPU time this thread has run (Linux `/proc/thread-self/schedstat`), so a busy machine
/// shared with other work still measures the emulator, not the queue.
fn thread_cpu_time() -> Option<std::time::Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

/// A ring cell's position in reading order.
const READING_OF_RING: [usize; 9] = [0, 1, 2, 5, 8, 7, 6, 3, 4];

/// The board as the front end tracks it (the machine itself keeps no board): marks by
/// ring number 0–8.
fn render(marks: &[Option<char>; 9]) -> String {
    let mut cells = [' '; 9];
    for ring in 0..9 {
        cells[READING_OF_RING[ring]] = marks[ring].unwrap_or((b'0' + ring as u8) as char);
    }
    let row = |r: usize| {
        format!(
            " {} | {} | {}\n",
            cells[3 * r],
            cells[3 * r + 1],
            cells[3 * r + 2]
        )
    };
    format!("{}---+---+---\n{}---+---+---\n{}", row(0), row(1), row(2))
}

fn codes(c: &[u8]) -> String {
    c.iter()
        .map(|&x| glyph(x).map_or(format!("<{x}>"), |g| g.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn play(args: PlayArgs) -> Result<()> {
    play_with(args, LineInput::Stdin, &mut std::io::stdout())
}

fn play_with(args: PlayArgs, mut input: LineInput, out: &mut dyn Write) -> Result<()> {
    let mut m = Machine::new(args.rom.rom());
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
    let mut marks: [Option<char>; 9] = [None; 9];
    let mut shown = 0;
    let step = |m: &mut Machine, shown: &mut usize| -> Result<Vec<u8>> {
        let before = m.ticks();
        let stop = m.run(100_000);
        if args.speed == Speed::Authentic {
            std::thread::sleep(TICK * u32::try_from(m.ticks() - before).unwrap_or(0));
        }
        if stop != Stop::Halted {
            bail!("the machine did not halt: {stop:?} at PC {:#04x}", m.pc());
        }
        let new = m.teletype().printed()[*shown..].to_vec();
        *shown = m.teletype().printed().len();
        Ok(new)
    };
    let first = step(&mut m, &mut shown)?;
    writeln!(out, "teletype: {}", codes(&first))?;
    if let Some(&c) = first.first().filter(|&&c| c <= 8) {
        marks[c as usize] = Some('X');
    }
    writeln!(out, "\n{}", render(&marks))?;
    while m.waiting_for_key() {
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
        let key = match text.parse::<Key>() {
            Ok(k) => k,
            Err(e) => {
                writeln!(out, "{e}.")?;
                continue;
            }
        };
        let d = key.digit() as usize;
        let problem = match (d, marks.get(d).copied().flatten()) {
            (9, _) => Some("9 is not a cell".to_string()),
            (8, _) => Some("8 is the centre, the machine's own square".to_string()),
            (_, Some(mark)) => Some(format!("cell {d} is taken by {mark}")),
            _ => None,
        };
        if let Some(p) = &problem {
            if args.guarded {
                writeln!(
                    out,
                    "Refused: {p}. (The original machine would have accepted it.)"
                )?;
                continue;
            }
            writeln!(
                out,
                "({p} — the original does not check, and neither does this ROM.)"
            )?;
        }
        if d <= 8 {
            marks[d] = Some('O');
        }
        m.press_key(key);
        let printed = step(&mut m, &mut shown)?;
        writeln!(out, "teletype: {}", codes(&printed))?;
        if let Some(&c) = printed.get(1).filter(|&&c| c <= 8) {
            marks[c as usize] = Some('X');
        }
        writeln!(out, "\n{}", render(&marks))?;
    }
    let paper = m.teletype().printed();
    let verdict = if paper.ends_with(&[9, 9]) {
        "The machine wins: it printed 9 9.".to_string()
    } else if paper.ends_with(&[9]) {
        "A tie: the machine printed 9.".to_string()
    } else {
        "A tie: the machine halts without printing 9 — the ROM as numbered in the article \
         lacks that STORE (try --rom corrected)."
            .to_string()
    };
    writeln!(out, "{verdict}")?;
    writeln!(out, "Paper: {}", m.teletype().paper())?;
    writeln!(out, "{}.", real_time(&m))?;
    Ok(())
}

/// The ROM player for tournaments and `play tictactoe --x relay`: the tic-tac-toe ROM as
/// numbered in the article, on the emulator. Deterministic, so `_seed` is unused. It
/// always plays X (the machine moves first); asked to play O it fails with a clear error.
pub fn tictactoe_agent(_seed: u64) -> Result<Box<dyn Agent<Board>>> {
    Ok(Box::new(ludomat_relay_cpu::RelayAgent::new(
        TicTacToeRom::AsNumbered,
    )))
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
        assert_eq!(parse_count("1e9"), Ok(1_000_000_000));
        assert_eq!(parse_count("1_000"), Ok(1000));
        assert!(parse_count("1.5").is_err());
        assert!(parse_count("-3").is_err());
        assert_eq!(parse_switches("0x0f,0x0c"), Ok([0x0f, 0x0c]));
        assert_eq!(parse_switches("0b11"), Ok([3, 0]));
        assert!(parse_switches("0x100").is_err());
        assert_eq!(parse_press("start"), Ok(Press::Start));
        assert!(parse_press("a").is_err());
    }

    #[test]
    fn render_uses_the_ring() {
        let mut marks = [None; 9];
        marks[8] = Some('X');
        marks[3] = Some('O');
        assert_eq!(
            render(&marks),
            " 0 | 1 | 2\n---+---+---\n 7 | X | O\n---+---+---\n 6 | 5 | 4\n"
        );
    }
}
