//! The relay computer in words, as the terminal prints it: a program run with its paper
//! or its trace ([`ProgramRun`], `ludomat relay run`), the noughts-and-crosses game at
//! the teletype ([`RelayConsole`], `ludomat play relay-tictactoe`), the benchmark's
//! report ([`bench`]) and the real machine's time ([`real_time`]).

use std::fmt::Write as _;
use std::io::Write;
use std::str::FromStr;

use ludomat_game::console::{Console, ConverseError, Reply};
use ludomat_game::terminal::QUIT_KEY;
use ludomat_game::{Session, SessionError};

use crate::session::{
    real_time_text, Clock, FlagsView, Outcome, RelayAction, RelayConfig, RelayHappening,
    RelaySession, Speed, MAX_RUN,
};
use crate::{BenchReport, Flags, Key, Machine, TICK};

/// "26 instructions, 207 ticks at 5 Hz = 41.4 s on the real machine".
#[must_use]
pub fn real_time(steps: u64, ticks: u64) -> String {
    format!(
        "{}, {} at 5 Hz = {} on the real machine",
        ludomat_io::text::count(steps, "instruction", "instructions"),
        ludomat_io::text::count(ticks, "tick", "ticks"),
        real_time_text(ticks)
    )
}

/// The trace's column heads, above the first line: the registers as a table of bytes
/// (hex) after each instruction, so a line fits 80 columns.
pub const TRACE_HEAD: &str =
    "ad  switches           instruction        A  B  C  D  M  S  L  PC CZS";

/// What a traced run writes once Ctrl-C stopped it, `brk` being the line break after the
/// terminal's echoed `^C` (`interrupt::after_echo_out`: given only when standard output
/// is the terminal): the last trace line again, whole. A terminal throws away what it had
/// not shown yet when Ctrl-C is pressed, so the trace on the screen ended mid-line; now it
/// ends with a whole line. To a file or a pipe (nothing thrown away), nothing.
#[must_use]
pub fn trace_after_stop(brk: &str, last: &str) -> String {
    if brk.is_empty() || last.is_empty() {
        return String::new();
    }
    format!("{brk}{last}\n")
}

/// A trace line: address, switches, instruction, then registers A–L, PC and the flag
/// lamps after it, under [`TRACE_HEAD`].
#[must_use]
pub fn trace_line(address: u8, bits: &str, text: &str, regs: &[u8; 8], f: FlagsView) -> String {
    let values: Vec<String> = regs.iter().map(|v| format!("{v:02x}")).collect();
    let flags = Flags::from(f);
    format!(
        "{address:02x}: {bits}  {text:<18} {} {flags}",
        values.join(" ")
    )
}

/// Printed codes as the paper shows them, spaced: `8 0 7`.
#[must_use]
pub fn codes(happenings: &[RelayHappening]) -> String {
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

/// The benchmark's report ([`crate::bench`]) of the program `name`; `ticks` is the
/// clock ticks as the renderer groups digits.
#[must_use]
pub fn bench(name: &str, r: &BenchReport, ticks: &str, interrupted: bool) -> String {
    let p = &r.progress;
    let why = if interrupted {
        "by Ctrl-C"
    } else {
        match r.stop {
            crate::Stop::Halted => "at a HALT",
            crate::Stop::StepLimit => "at the step limit (--max-steps)",
            crate::Stop::Reserved { .. } => "at a reserved word",
        }
    };
    let mut s = format!(
        "program       {name}\nstopped       {why}, PC {:#04x}\ninstructions  {}\n\
         time          {}\nspeed         {} (by wall-clock time)\n",
        p.pc,
        ludomat_io::text::thousands(p.instructions),
        ludomat_io::text::wall_and_cpu_one_thread(r.wall, r.cpu),
        ludomat_io::text::rate(p.instructions as f64, r.wall, "instructions")
    );
    if let Some(rate) = r.cpu_rate() {
        let _ = writeln!(
            s,
            "              {} instructions per CPU-second (one core)",
            ludomat_io::text::number(rate)
        );
    }
    let _ = writeln!(
        s,
        "real machine  {ticks} ticks at 5 Hz = {}\nteletype      {}",
        real_time_text(p.ticks),
        ludomat_io::text::count(p.printed as u64, "character printed", "characters printed")
    );
    s
}

/// A key press on the teletype or the panel's Start button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// A digit key.
    Key(Key),
    /// The panel's Start.
    Start,
}

impl FromStr for Press {
    type Err = String;

    /// A digit 0–9, or `start` (`s`).
    fn from_str(s: &str) -> Result<Press, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("start") || t.eq_ignore_ascii_case("s") {
            return Ok(Press::Start);
        }
        t.parse::<Key>()
            .map(Press::Key)
            .map_err(|e| format!("{e} (or 'start')"))
    }
}

impl Press {
    /// A line typed at a halted machine: its digits as keys (spaces and commas between
    /// them ignored); an empty line is Start.
    ///
    /// # Errors
    /// The first character that is not a teletype key.
    pub fn line(text: &str) -> Result<Vec<Press>, String> {
        let t = text.trim();
        if t.is_empty() {
            return Ok(vec![Press::Start]);
        }
        (t.chars().filter(|c| !c.is_whitespace() && *c != ','))
            .map(|c| c.to_string().parse::<Key>().map(Press::Key))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())
    }
}

/// The prompt at a halted machine, for keys typed on a terminal.
#[must_use]
pub fn halted_prompt(m: &Machine) -> String {
    format!(
        "\n[halted at {:#04x}{} — type keys 0–9 and Enter; Enter alone is Start {QUIT_KEY}] ",
        m.pc(),
        if m.waiting_for_key() {
            ", waiting for a key"
        } else {
            ""
        }
    )
}

/// Where a [`ProgramRun`]'s key presses come from: the next press at a halt, `None` when
/// there are no more.
pub type Keys<'a> = dyn FnMut(&Machine) -> std::io::Result<Option<Press>> + 'a;

/// Why a [`ProgramRun`] came to rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rest {
    /// Halted (or waiting for a key), and there are no more presses.
    Halted,
    /// The machine faulted; the message says where and why.
    Fault(String),
    /// The instruction budget ran out without a halt.
    Runaway,
    /// Asked to stop (Ctrl-C, SIGTERM) before it came to rest ([`ProgramRun::run_until`]).
    Stopped,
}

/// A program on a [`RelaySession`] as `ludomat relay run` shows it: run (or, tracing or at
/// the real pace, stepped an instruction at a time) until it halts, its paper written as
/// it prints (with `trace`, a line per instruction); at the real pace it takes the real
/// machine's time.
#[derive(Debug)]
pub struct ProgramRun {
    session: RelaySession,
    max_steps: u64,
    trace: bool,
    authentic: bool,
}

impl ProgramRun {
    /// The program on the switches; `max_steps` bounds the whole run.
    ///
    /// # Errors
    /// When the session refuses the config.
    pub fn new(config: RelayConfig, max_steps: u64, trace: bool) -> Result<Self, SessionError> {
        Ok(ProgramRun {
            authentic: config.speed == Speed::Authentic,
            session: RelaySession::new(config)?,
            max_steps,
            trace,
        })
    }

    /// The machine.
    #[must_use]
    pub fn machine(&self) -> &Machine {
        self.session.machine()
    }

    /// Run the program to its end, writing what it prints (or its trace) to `out`: at
    /// each halt the next press from `keys` (until it has none), then the end of the
    /// paper ([`ProgramRun::end_paper`]).
    ///
    /// # Errors
    /// When writing fails, `keys` fails or the session fails.
    pub fn run(&mut self, keys: &mut Keys<'_>, out: &mut dyn Write) -> Result<Rest, ConverseError> {
        self.run_until(keys, out, &|| false)
    }

    /// [`ProgramRun::run`], asking `stop` between the session's bounded actions (at most
    /// [`MAX_RUN`] instructions each, a fraction of a second): when it says yes the run
    /// ends with [`Rest::Stopped`], its paper ended as at any rest. How a long run stops
    /// on Ctrl-C or SIGTERM (`ludomat_io::interrupt`).
    ///
    /// # Errors
    /// When writing fails, `keys` fails or the session fails.
    pub fn run_until(
        &mut self,
        keys: &mut Keys<'_>,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> Result<Rest, ConverseError> {
        loop {
            let rest = self.run_to_rest(out, stop)?;
            if rest == Rest::Halted {
                if let Some(p) = keys(self.machine())? {
                    self.press(p)?;
                    continue;
                }
            }
            write!(out, "{}", self.end_paper())?;
            out.flush()?;
            return Ok(rest);
        }
    }

    /// [`ProgramRun::run_until`] stopped by Ctrl-C or SIGTERM (`ludomat_io::interrupt`,
    /// caught while the machine runs: [`Rest::Stopped`]); at a halt's prompt Ctrl-C ends
    /// the input instead, as in every game.
    ///
    /// # Errors
    /// As [`ProgramRun::run`].
    pub fn run_caught(
        &mut self,
        keys: &mut Keys<'_>,
        out: &mut dyn Write,
    ) -> Result<Rest, ConverseError> {
        use ludomat_io::interrupt;
        let scope = std::cell::RefCell::new(Some(interrupt::catch()));
        let stop = || interrupt::requested().load(std::sync::atomic::Ordering::SeqCst);
        let mut next_key = |m: &Machine| {
            drop(scope.borrow_mut().take());
            let at_prompt = interrupt::end_input_on_ctrl_c();
            let press = keys(m);
            drop(at_prompt);
            *scope.borrow_mut() = Some(interrupt::catch());
            press
        };
        self.run_until(&mut next_key, out, &stop)
    }

    /// The stop line of a run that ended [`Rest::Stopped`]: `Stopped by Ctrl-C after
    /// 1,234 of 1,000,000 instructions; the paper above is what the machine printed.`
    #[must_use]
    pub fn stopped(&self) -> ludomat_io::interrupt::Stopped {
        ludomat_io::interrupt::Stopped::after(
            self.machine().steps(),
            Some(self.max_steps),
            ("instruction", "instructions"),
            "the paper above is what the machine printed",
        )
    }

    /// Run until the machine rests, writing what it prints (or its trace) to `out`.
    fn run_to_rest(
        &mut self,
        out: &mut dyn Write,
        stop: &dyn Fn() -> bool,
    ) -> Result<Rest, ConverseError> {
        let authentic = self.authentic;
        let slow = self.trace || authentic;
        let mut last_trace = String::new();
        loop {
            if stop() {
                let tail = trace_after_stop(ludomat_io::interrupt::after_echo_out(), &last_trace);
                write!(out, "{tail}")?;
                out.flush()?;
                return Ok(Rest::Stopped);
            }
            let budget = self.max_steps.saturating_sub(self.machine().steps());
            if budget == 0 || !matches!(self.session.clock(), Clock::Running | Clock::Stopped) {
                break;
            }
            let action = if slow {
                RelayAction::Step { n: 1 }
            } else {
                RelayAction::Run {
                    max_steps: budget.min(MAX_RUN),
                }
            };
            let happenings = self.session.apply(action)?;
            let mut last_code = None;
            for h in &happenings {
                match h {
                    RelayHappening::Printed { code, glyph } => {
                        last_code = Some(*code);
                        match glyph {
                            Some(g) if !self.trace => write!(out, "{g}")?,
                            _ => {}
                        }
                    }
                    RelayHappening::Executed { ticks, .. } if authentic => {
                        std::thread::sleep(TICK * u32::from(*ticks));
                    }
                    RelayHappening::Fault { address, reason } => {
                        return Ok(Rest::Fault(format!(
                            "the machine stopped at {address:#04x}: {reason}"
                        )));
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
            ) = (self.trace, happenings.first())
            {
                last_trace = trace_line(*address, bits, text, registers, *flags);
                writeln!(out, "{last_trace}")?;
                // what the teletype printed is an event of its own, on its own line
                if let Some(c) = last_code {
                    writeln!(out, "    teletype: {c}")?;
                }
            }
            out.flush()?;
        }
        Ok(match self.session.clock() {
            Clock::Halted | Clock::WaitingForKey => Rest::Halted,
            Clock::Fault => Rest::Fault(self.session.view().fault.unwrap_or_default()),
            Clock::Running | Clock::Stopped => Rest::Runaway,
        })
    }

    /// Press a key or Start.
    fn press(&mut self, p: Press) -> Result<(), SessionError> {
        self.session.apply(match p {
            Press::Key(k) => RelayAction::Key { digit: k.digit() },
            Press::Start => RelayAction::Start,
        })?;
        Ok(())
    }

    /// The end of the paper: a line feed if it does not already end with one (after a
    /// trace, the whole paper).
    fn end_paper(&self) -> String {
        let lines = self.session.view().teletype.paper;
        if self.trace {
            format!("paper: {}\n", lines.join("\n"))
        } else if lines.last().is_some_and(|l| !l.is_empty()) {
            "\n".into()
        } else {
            String::new()
        }
    }
}

/// The noughts-and-crosses ROM at a line terminal: the machine (X) moves first; each line
/// is a key for O, the machine's reply printed on its paper, the board after it; the
/// conversation ends with the game (or `q`). At the real pace each reply takes the real
/// machine's time.
#[derive(Debug)]
pub struct RelayConsole {
    session: RelaySession,
    authentic: bool,
}

impl RelayConsole {
    /// The tic-tac-toe ROM of `config` on the switches.
    ///
    /// # Errors
    /// When the session refuses the config.
    pub fn new(config: RelayConfig) -> Result<Self, SessionError> {
        Ok(RelayConsole {
            authentic: config.speed == Speed::Authentic,
            session: RelaySession::new(config)?,
        })
    }

    /// Run the machine to its next halt (at the real pace if asked), tell what it printed
    /// and show the board.
    fn think(&mut self) -> Result<String, SessionError> {
        let h = self
            .session
            .apply(RelayAction::Run { max_steps: 100_000 })?;
        if self.authentic {
            let ticks: u64 = h
                .iter()
                .map(|h| match h {
                    RelayHappening::Ran { ticks, .. } => *ticks,
                    _ => 0,
                })
                .sum();
            std::thread::sleep(TICK * u32::try_from(ticks).unwrap_or(u32::MAX));
        }
        if !matches!(self.session.clock(), Clock::Halted | Clock::WaitingForKey) {
            return Err(SessionError::Failed(format!(
                "the machine did not halt: it is {} at PC {:#04x}",
                match self.session.clock() {
                    Clock::Running => "still running",
                    Clock::Stopped => "stopped",
                    Clock::Fault => "at a reserved word",
                    Clock::Halted | Clock::WaitingForKey => "halted",
                },
                self.session.machine().pc()
            )));
        }
        let mut s = format!("teletype: {}\n", codes(&h));
        if let Some(b) = self.session.board() {
            let _ = writeln!(s, "\n{}", b.render());
        }
        Ok(s)
    }
}

impl Console for RelayConsole {
    fn opening(&mut self) -> Result<String, SessionError> {
        let rom = self.session.tictactoe().map(|r| r.to_string());
        let mut s = format!(
            "The relay computer plays noughts and crosses ({} ROM). It is X and moves first \
             {QUIT_KEY}.\n\
             Cells are numbered clockwise round the edge, centre 8:\n\n 0 | 1 | 2\n---+---+---\n \
             7 | 8 | 3\n---+---+---\n 6 | 5 | 4\n\n",
            rom.unwrap_or_default()
        );
        s.push_str(if self.session.view().guarded {
            "Guarded: occupied cells, 8 and 9 are refused before they reach the machine.\n"
        } else {
            "Faithful: like the original, the machine takes any digit key — occupied cells too.\n"
        });
        s.push_str(&self.think()?);
        Ok(s)
    }

    fn prompt(&self) -> Option<String> {
        let over = self.session.board().is_some_and(|b| b.outcome.is_over());
        (self.session.clock() == Clock::WaitingForKey && !over)
            .then(|| "Your move (O), a key 0–9: ".into())
    }

    fn answer(&mut self, line: &str) -> Result<Reply, SessionError> {
        let text = line.trim();
        if text.eq_ignore_ascii_case("q") || text.eq_ignore_ascii_case("quit") {
            return Ok(Reply::Stop(format!(
                "{}\n",
                ludomat_game::Ending::Quit.sentence(true)
            )));
        }
        let digit = match self.session.parse_action(text) {
            Ok(RelayAction::Key { digit }) => digit,
            Ok(_) => {
                return Ok(Reply::Go(format!(
                    "In a game, type a key 0–9 {QUIT_KEY}.\n"
                )))
            }
            // the session's words name the machine's commands; a game takes keys and q
            Err(_) => {
                let typed: String = text
                    .chars()
                    .take(40)
                    .flat_map(|c| {
                        let escaped = ludomat_io::text::hidden(c).then(|| c.escape_default());
                        escaped
                            .into_iter()
                            .flatten()
                            .chain((!ludomat_io::text::hidden(c)).then_some(c))
                    })
                    .collect();
                // a hidden character (written out by the prompt) named where it was typed
                let hidden =
                    ludomat_io::text::hidden_where(text).map_or_else(String::new, |w| w + "; ");
                return Ok(Reply::Go(format!(
                    "'{typed}' is not a key: {hidden}type a key 0–9 {QUIT_KEY}.\n"
                )));
            }
        };
        let mut s = String::new();
        match self.session.apply(RelayAction::Key { digit }) {
            Err(SessionError::Refused(p)) => {
                return Ok(Reply::Go(format!(
                    "Refused: {p}; the original machine would have accepted it {QUIT_KEY}.\n"
                )));
            }
            Err(e) => return Err(e),
            Ok(h) => {
                for h in h {
                    if let RelayHappening::KeyPressed {
                        unchecked: Some(p), ..
                    } = h
                    {
                        let _ = writeln!(
                            s,
                            "({p} — the original does not check, and neither does this ROM.)"
                        );
                    }
                }
            }
        }
        s.push_str(&self.think()?);
        Ok(Reply::Go(s))
    }

    fn input_ended(&mut self) -> String {
        format!(
            "\n{}\n",
            ludomat_game::Ending::after_no_line().sentence(true)
        )
    }

    fn farewell(&mut self) -> String {
        let verdict = match self.session.board().map(|b| b.outcome) {
            Some(Outcome::MachineWins) => "The machine wins: it printed 9 9.",
            Some(Outcome::Tie { printed_nine: true }) => "A draw: the machine printed 9.",
            Some(Outcome::PersonWins) => {
                "O has three in a row: the machine took keys it does not check."
            }
            _ => {
                "A draw: the machine halts without printing 9 — the ROM as numbered in the \
                 article lacks that STORE (try --rom corrected)."
            }
        };
        let m = self.session.machine();
        format!(
            "{verdict}\nPaper: {}\n{}.\n",
            self.session.view().teletype.paper.join("\n"),
            real_time(m.steps(), m.ticks())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trace stopped at a terminal ends with its last line whole (the terminal threw
    /// away the rest of it at Ctrl-C); to a file or a pipe nothing is added.
    #[test]
    fn a_stopped_trace_ends_with_a_whole_line() {
        let last = "0x08  JMP NC,0x08";
        assert_eq!(trace_after_stop("\n", last), format!("\n{last}\n"));
        assert_eq!(trace_after_stop("", last), "");
        assert_eq!(trace_after_stop("\n", ""), "");
    }
    use crate::session::RomChoice;
    use ludomat_game::console::transcript;

    fn play_script(guarded: bool, rom: RomChoice, keys: &str) -> String {
        let config = RelayConfig {
            rom,
            guarded,
            ..RelayConfig::default()
        };
        transcript(&mut RelayConsole::new(config).unwrap(), keys).unwrap()
    }

    #[test]
    fn play_wins_ties_and_guards() {
        let s = play_script(false, RomChoice::AsNumbered, "0\n1\n");
        assert!(s.contains("The machine wins"), "{s}");
        assert!(s.contains("Paper: 8071399"), "{s}");
        let s = play_script(false, RomChoice::AsNumbered, "0\n3\n6\n1\n");
        assert!(s.contains("halts without printing 9"), "{s}");
        let s = play_script(false, RomChoice::Corrected, "0\n3\n6\n1\n");
        assert!(s.contains("A draw: the machine printed 9."), "{s}");
        let s = play_script(true, RomChoice::AsNumbered, "8\n9\n0\n0\nx\n1\n");
        assert!(s.contains("Refused: 8 is the centre"), "{s}");
        assert!(s.contains("Refused: 9 is not a cell"), "{s}");
        assert!(s.contains("Refused: cell 0 is taken by O"), "{s}");
        // the keys a game takes, q included (not the machine's commands)
        assert!(
            s.contains("'x' is not a key: type a key 0–9 (q quits)."),
            "{s}"
        );
        assert!(s.contains("Paper: 8071399"), "{s}");
        // a hidden character is named where it was typed
        let s = play_script(true, RomChoice::AsNumbered, "1\u{1b}[A\n");
        assert!(
            s.contains(
                "'1\\u{1b}[A' is not a key: character 2 is a control character (U+001B); \
                 type a key 0–9"
            ),
            "{s}"
        );
        // Faithful mode takes the occupied centre.
        let s = play_script(false, RomChoice::AsNumbered, "8\n9\n");
        assert!(s.contains("the original does not check"), "{s}");
        assert!(s.contains("Paper: 8879399"), "{s}");
        let s = play_script(false, RomChoice::AsNumbered, "0\n");
        assert!(s.contains("\nInput ended; game abandoned.\n"), "{s}");
    }

    /// q is said as every game says it (it was a bare "Game abandoned.").
    #[test]
    fn quit_is_said_in_the_one_wording() {
        let s = play_script(true, RomChoice::Corrected, "q\n");
        assert!(s.ends_with("a key 0–9: You quit; game abandoned.\n"), "{s}");
    }

    #[test]
    fn switches_parse() {
        use crate::session::parse_switches;
        assert_eq!(parse_switches("0x0f,0x0c"), Ok([0x0f, 0x0c]));
        assert_eq!(parse_switches("0b11"), Ok([3, 0]));
        assert!(parse_switches("0x100").is_err());
    }

    #[test]
    fn presses_parse() {
        assert_eq!("start".parse::<Press>(), Ok(Press::Start));
        assert!("a".parse::<Press>().is_err());
        assert_eq!(Press::line(""), Ok(vec![Press::Start]));
        assert_eq!(Press::line(" 1, 2").map(|p| p.len()), Ok(2));
        assert!(Press::line("1x").is_err());
    }

    #[test]
    fn a_program_runs_to_its_halts_with_its_paper() {
        let mut r = ProgramRun::new(RelayConfig::default(), 1_000_000, false).unwrap();
        let mut script = ["0", "1"].map(|k| k.parse::<Press>().unwrap()).into_iter();
        let mut paper = Vec::new();
        let rest = r.run(&mut |_| Ok(script.next()), &mut paper).unwrap();
        assert_eq!(rest, Rest::Halted);
        assert_eq!(String::from_utf8(paper).unwrap(), "8071399\n");
        // one instruction allowed, traced: the program has not printed yet
        let mut r = ProgramRun::new(RelayConfig::default(), 1, true).unwrap();
        let mut trace = Vec::new();
        assert_eq!(r.run(&mut |_| Ok(None), &mut trace).unwrap(), Rest::Runaway);
        let trace = String::from_utf8(trace).unwrap();
        assert_eq!(trace.lines().count(), 2, "{trace}");
        assert!(trace.ends_with("paper: \n"), "{trace}");
    }
}
