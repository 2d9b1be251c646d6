//! The interactive menu shown by a bare `ludomat` (`cargo run --release`).
//!
//! The top level lists the machines (it fits an 80×24 terminal with its title); a machine's
//! number opens its sub-menu, whose entries are ordinary command lines, printed as
//! `$ ludomat …` and dispatched like any other. When an entry ends, its result (the final
//! board, the table, an error) stays on screen until Enter; `b` goes back, `q` quits,
//! `?` explains, and the end of input leaves cleanly. The entries themselves are a table
//! in `menu/entries.rs`: one line each.

use ludomat_io::text::quoted;
use std::io::Write;

use anyhow::{Context, Result};

use crate::colour::Palette;
use ludomat_game::{terminal::Ending, LineInput};

mod entries;

use entries::{Machine, MACHINES};

/// Where the menu is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Screen {
    Machines,
    Machine(usize),
}

/// What the user asked for at a prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Quit,
    Back,
    Help,
    /// An empty line: show the current menu again.
    Redraw,
    Open(usize),
    /// Machine and entry, both counted from 0.
    Run(usize, usize),
}

/// Whether to go on after a pause.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Next {
    Continue,
    Leave(Ending),
    /// Something other than Enter was typed at the pause: a choice of the menu (`2`,
    /// `4.1`, `b`, `?`), taken as if typed at the menu's prompt.
    Choose(String),
}

/// The prompt after an entry ends; its result stays above it until Enter.
pub const PAUSE: &str = "Press Enter to return to the menu (q quits): ";

const TITLE: &str = "ludomat — historic game-playing machines, rebuilt";

/// Show the menu until the user quits or input ends.
pub fn run() -> Result<()> {
    let mut input = ludomat_game::LineInput::Stdin;
    let mut out = crate::out::stdout();
    let mut run_entry = |args: &[&str], out: &mut dyn Write| -> Result<()> {
        out.flush()?;
        run_child(args, out)
    };
    run_with(
        &mut input,
        &mut out,
        Palette::for_stdout(),
        MACHINES,
        &mut run_entry,
    )
}

/// Run one entry as a child process of the menu, on the same terminal. Whatever the entry
/// does with Ctrl-C — a game ends its input, a long run stops at a safe point, a check with
/// no handling of its own simply ends — the menu survives it: it ignores Ctrl-C while the
/// entry runs, and the entry starts with the default handling. An entry that fails has
/// said why on its standard error already.
fn run_child(args: &[&str], out: &mut dyn Write) -> Result<()> {
    let exe = std::env::current_exe().context("cannot find this ludomat's own path")?;
    let mut command = std::process::Command::new(exe);
    command.args(args);
    #[cfg(unix)]
    let _ignored = {
        use std::os::unix::process::CommandExt;
        // SAFETY: between fork and exec only signal(2), which is async-signal-safe.
        unsafe {
            command.pre_exec(|| {
                libc::signal(libc::SIGINT, libc::SIG_DFL);
                Ok(())
            });
        }
        let scope = crate::interrupt::Scope::keep();
        // SAFETY: ignoring a signal; the scope puts the previous handling back.
        unsafe { libc::signal(libc::SIGINT, libc::SIG_IGN) };
        scope
    };
    let status = ludomat_io::child::status(&mut command).context("cannot start the entry")?;
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        match status.signal() {
            Some(libc::SIGINT) => writeln!(out, "\n(stopped by Ctrl-C)")?,
            Some(signal) => writeln!(out, "\n(ended by signal {signal})")?,
            None => {}
        }
    }
    let _ = (status, out);
    Ok(())
}

/// Runs one entry's arguments (without `ludomat`); output may go to the writer given.
type RunEntry<'a> = dyn FnMut(&[&str], &mut dyn Write) -> Result<()> + 'a;

/// The menu loop over any input, output and entry runner (the tests give scripts).
fn run_with(
    input: &mut ludomat_game::LineInput,
    out: &mut dyn Write,
    p: Palette,
    machines: &[Machine],
    run_entry: &mut RunEntry<'_>,
) -> Result<()> {
    let mut screen = Screen::Machines;
    let mut redraw = true;
    // a choice typed at the pause after an entry, taken as typed at the menu
    let mut typed_ahead: Option<String> = None;
    loop {
        let line = if let Some(line) = typed_ahead.take() {
            line
        } else {
            if redraw {
                match screen {
                    Screen::Machines => write!(out, "{}", top_level(p, machines))?,
                    Screen::Machine(m) => write!(out, "{}", sub_menu(p, &machines[m]))?,
                }
            }
            // Ctrl-C at a menu goes back one level, as b does; at the top it leaves, saying
            // so, with the status of a Ctrl-C (130) — never killed by the signal
            let line = read_line(input, out, &p.prompt(&prompt(screen, machines)))?;
            if ctrl_c_seen() {
                writeln!(out)?;
                if screen == Screen::Machines {
                    return Err(ludomat_io::interrupt::Stopped::with("goodbye").into());
                }
                screen = Screen::Machines;
                continue;
            }
            let Some(line) = line else {
                writeln!(out, "\n{}", Ending::InputEnded.goodbye())?;
                return Ok(());
            };
            line
        };
        redraw = true;
        let choice = match parse_choice(&line, screen, machines) {
            Ok(c) => c,
            Err(message) => {
                // the menu stays where it is, the error right under it
                writeln!(out, "{}", p.error(&message))?;
                redraw = false;
                continue;
            }
        };
        match choice {
            Choice::Quit => return Ok(writeln!(out, "{}", Ending::Quit.goodbye())?),
            Choice::Redraw => {}
            Choice::Back => screen = Screen::Machines,
            Choice::Open(m) => screen = Screen::Machine(m),
            Choice::Help => {
                write!(out, "{}", help(p))?;
                match pause(input, out, p)? {
                    Next::Leave(ending) => return Ok(writeln!(out, "{}", ending.goodbye())?),
                    Next::Choose(line) => typed_ahead = Some(line),
                    Next::Continue => {}
                }
            }
            Choice::Run(m, e) => {
                screen = Screen::Machine(m);
                let command = machines[m].entries[e].1;
                writeln!(out, "\n{}\n", p.command(&format!("$ ludomat {command}")))?;
                let args: Vec<&str> = command.split_whitespace().collect();
                let outcome = run_entry(&args, out);
                out.flush()?;
                if let Err(e) = outcome {
                    writeln!(out, "\n{}", p.error(&format!("ludomat: {e:#}")))?;
                }
                match pause(input, out, p)? {
                    Next::Leave(ending) => return Ok(writeln!(out, "{}", ending.goodbye())?),
                    Next::Choose(line) => typed_ahead = Some(line),
                    Next::Continue => {}
                }
            }
        }
    }
}

/// Wait for Enter so that what is on screen stays there; `q` or the end of input leave;
/// anything else typed is a choice of the menu (never dropped).
fn pause(input: &mut ludomat_game::LineInput, out: &mut dyn Write, p: Palette) -> Result<Next> {
    let line = read_line(input, out, &format!("\n{}", p.prompt(PAUSE)))?;
    if ctrl_c_seen() {
        // Ctrl-C here (the entry had already ended) goes back to the menu
        writeln!(out)?;
        return Ok(Next::Continue);
    }
    match line {
        None => {
            writeln!(out)?;
            Ok(Next::Leave(Ending::InputEnded))
        }
        Some(line) if is_quit(line.trim()) => Ok(Next::Leave(Ending::Quit)),
        Some(line) if line.trim().is_empty() => Ok(Next::Continue),
        Some(line) => Ok(Next::Choose(line)),
    }
}

/// Set by Ctrl-C at one of the menu's own prompts.
static CTRL_C: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether Ctrl-C was pressed at the last prompt (and forget it).
fn ctrl_c_seen() -> bool {
    CTRL_C.swap(false, std::sync::atomic::Ordering::SeqCst)
}

#[cfg(unix)]
extern "C" fn on_ctrl_c(_: libc::c_int) {
    // only atomic stores: async-signal-safe
    CTRL_C.store(true, std::sync::atomic::Ordering::SeqCst);
    ludomat_game::terminal::interrupt_input();
}

/// One line at a menu prompt; Ctrl-C meanwhile ends the read (see [`ctrl_c_seen`]) instead
/// of the process — caught from before the prompt is written, so no Ctrl-C falls between.
fn read_line(input: &mut LineInput, out: &mut dyn Write, prompt: &str) -> Result<Option<String>> {
    let _keep = crate::interrupt::Scope::keep();
    CTRL_C.store(false, std::sync::atomic::Ordering::SeqCst);
    #[cfg(unix)]
    // SAFETY: a zeroed sigaction filled with a handler that only stores to atomics; no
    // SA_RESTART, so the blocked read returns; the scope puts the previous handling back.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_ctrl_c as *const () as libc::sighandler_t;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGINT, &action, std::ptr::null_mut());
    }
    write!(out, "{prompt}")?;
    out.flush()?;
    #[cfg(unix)]
    if matches!(input, ludomat_game::LineInput::Stdin) {
        return read_unbuffered();
    }
    Ok(input.next_line()?)
}

/// A line of standard input read a byte at a time: the menu never reads ahead of its line,
/// so a line meant for the entry it starts (a child process reading the same input) is
/// left for the entry.
#[cfg(unix)]
fn read_unbuffered() -> Result<Option<String>> {
    let mut line = Vec::new();
    loop {
        let mut byte = 0u8;
        // SAFETY: reading one byte into a local buffer from descriptor 0.
        let n = unsafe { libc::read(0, std::ptr::addr_of_mut!(byte).cast(), 1) };
        if n < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(ludomat_io::read::stdin_error(e).into());
            }
            if CTRL_C.load(std::sync::atomic::Ordering::SeqCst) {
                return Ok(None);
            }
            continue;
        }
        if n == 0 && line.is_empty() {
            return Ok(None);
        }
        if n == 0 || byte == b'\n' {
            let text = String::from_utf8_lossy(&line);
            let text = text.trim_end_matches('\r');
            return Ok(Some(ludomat_io::text::escape_controls(text).into_owned()));
        }
        if line.len() >= ludomat_io::read::LINE_CAP {
            // The same cap and words as every other prompt: a clear end, not a 100 MB
            // buffer filled a byte per read.
            anyhow::bail!(
                "a line longer than {} bytes on standard input",
                ludomat_io::text::thousands(ludomat_io::read::LINE_CAP as u64)
            );
        }
        line.push(byte);
    }
}

fn is_quit(t: &str) -> bool {
    ["q", "quit", "exit"]
        .iter()
        .any(|w| t.eq_ignore_ascii_case(w))
}

/// Read one answer at a menu; `Err` carries the message saying what is allowed.
fn parse_choice(line: &str, screen: Screen, machines: &[Machine]) -> Result<Choice, String> {
    let t = line.trim();
    if t.is_empty() {
        return Ok(Choice::Redraw);
    }
    if is_quit(t) {
        return Ok(Choice::Quit);
    }
    if t == "?" || t.eq_ignore_ascii_case("h") || t.eq_ignore_ascii_case("help") {
        return Ok(Choice::Help);
    }
    let numbers: Vec<Option<usize>> = t
        .split(['.', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<usize>().ok())
        .collect();
    let in_range = |n: Option<usize>, len: usize| n.filter(|&n| (1..=len).contains(&n));
    let sub = matches!(screen, Screen::Machine(_));
    if t.eq_ignore_ascii_case("b") || t.eq_ignore_ascii_case("back") {
        return Ok(if sub { Choice::Back } else { Choice::Redraw });
    }
    let len = match screen {
        Screen::Machines => machines.len(),
        Screen::Machine(m) => machines[m].entries.len(),
    };
    match (screen, &numbers[..]) {
        // an address (4.1) runs the same entry from any menu
        (_, &[m, e]) => {
            let m = in_range(m, machines.len()).ok_or_else(|| not_on_menu(t, len, sub))?;
            let entries = machines[m - 1].entries.len();
            in_range(e, entries)
                .map(|e| Choice::Run(m - 1, e - 1))
                .ok_or_else(|| {
                    format!(
                        "{}: machine {m} has entries 1 to {entries} only.",
                        quoted(t, 12)
                    )
                })
        }
        (Screen::Machines, &[m]) => in_range(m, len)
            .map(|m| Choice::Open(m - 1))
            .ok_or_else(|| not_on_menu(t, len, sub)),
        (Screen::Machine(m), &[e]) => in_range(e, len)
            .map(|e| Choice::Run(m, e - 1))
            .ok_or_else(|| not_on_menu(t, len, sub)),
        _ => Err(not_on_menu(t, len, sub)),
    }
}

fn not_on_menu(t: &str, len: usize, sub: bool) -> String {
    let back = if sub { ", b (back)" } else { "" };
    let numbers = match len {
        1 => "1".to_string(),
        n => format!("1 to {n}"),
    };
    let t = quoted(t, 12); // escaped, cut (…) to one line, never inside an escape
    format!("{t} is not on the menu: type {numbers}{back}, ? (help) or q (quit).")
}

fn prompt(screen: Screen, machines: &[Machine]) -> String {
    match screen {
        Screen::Machines => format!("Machine (1–{}, ? or q): ", machines.len()),
        Screen::Machine(m) => match machines[m].entries.len() {
            1 => "Entry (1, b, ? or q): ".to_string(),
            n => format!("Entry (1–{n}, b, ? or q): "),
        },
    }
}

/// The top level: title, one line per machine, the keys.
fn top_level(p: Palette, machines: &[Machine]) -> String {
    let mut s = format!("\n{}\n\n", p.title(TITLE));
    for (i, m) in machines.iter().enumerate() {
        s += &format!("  {}  {}\n", p.key(&format!("{:>2}", i + 1)), m.title);
    }
    s += &format!(
        "\n  {}  how the menu works, where the command-line help is\n  {}  quit\n\n",
        p.key(" ?"),
        p.key(" q")
    );
    s
}

/// A machine's sub-menu: its title, its entries, the keys.
fn sub_menu(p: Palette, machine: &Machine) -> String {
    let mut s = format!("\n{}\n\n", p.title(machine.title));
    for (i, (label, _)) in machine.entries.iter().enumerate() {
        s += &format!("  {}  {label}\n", p.key(&format!("{:>2}", i + 1)));
    }
    s += &format!(
        "\n  {} back to the machines   {} help   {} quit\n\n",
        p.key(" b"),
        p.key("?"),
        p.key("q")
    );
    s
}

fn help(p: Palette) -> String {
    format!(
        "\n{}\n\n{}",
        p.title("How the menu works"),
        "  Type a machine's number and Enter, then an entry's number; 2.3 (or 2 3)
  runs entry 3 of machine 2 at once, from any menu. Every entry is an ordinary
  command line, shown as '$ ludomat …' before it runs: type it yourself to
  change its options. When it ends, its result stays on screen until you press
  Enter (or type your next choice). Ctrl-C stops the entry that runs and comes
  back here; at a menu it goes back, as b does, and at the top it leaves.
  b goes back, q quits, an empty line shows the menu again; the end of input
  (Ctrl-D) leaves. Games say their own keys; q quits every one of them.

  Every command and option: 'ludomat --help', 'ludomat play --help',
  'ludomat menace train --help' … (in a checkout, 'ludomat' is
  'cargo run --release --').
  README.md has a worked example for every machine.
  Colours show on a terminal only; NO_COLOR=1 turns them off (no-color.org).
"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cli;
    use clap::Parser;
    use ludomat_game::LineInput;

    #[test]
    fn every_menu_entry_is_a_valid_command_line() {
        for m in MACHINES {
            for (label, command) in m.entries {
                let parsed = Cli::try_parse_from(
                    std::iter::once("ludomat").chain(command.split_whitespace()),
                );
                assert!(parsed.is_ok(), "{label}: {:?}", parsed.err());
            }
        }
    }

    /// Text as the terminal shows it: escape sequences removed.
    fn visible(s: &str) -> String {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    fn fits(text: &str, rows: usize, what: &str) {
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() <= rows, "{what}: {} lines", lines.len());
        for l in lines {
            assert!(l.chars().count() <= 80, "{what}: too wide: {l}");
        }
    }

    #[test]
    fn top_level_with_its_prompt_fits_80_by_24() {
        for p in [Palette::plain(), Palette::decide(true, None, None)] {
            let screen = visible(&(top_level(p, MACHINES) + &prompt(Screen::Machines, MACHINES)));
            // one row stays free for the line the user types
            fits(&screen, 23, "top level");
            assert!(screen.contains(TITLE));
        }
    }

    #[test]
    fn every_sub_menu_fits_18_lines_of_80_columns() {
        for (i, m) in MACHINES.iter().enumerate() {
            let screen = sub_menu(Palette::plain(), m) + &prompt(Screen::Machine(i), MACHINES);
            fits(&screen, 18, m.title);
        }
        fits(&help(Palette::plain()), 18, "help");
    }

    #[test]
    fn colour_never_carries_a_label() {
        let plain = top_level(Palette::plain(), MACHINES);
        let coloured = top_level(Palette::decide(true, None, None), MACHINES);
        assert_ne!(plain, coloured);
        assert_eq!(visible(&coloured), plain);
        assert!(!plain.contains('\x1b'));
    }

    /// Run the menu on a script with a fake runner that prints `RESULT of <command>`.
    fn script(text: &str) -> (String, Vec<String>) {
        let mut input = LineInput::script(text);
        let mut out = Vec::new();
        let mut ran = Vec::new();
        let mut runner = |args: &[&str], out: &mut dyn Write| -> Result<()> {
            ran.push(args.join(" "));
            if args[0] == "fail" {
                anyhow::bail!("it failed");
            }
            writeln!(out, "RESULT of {}", args.join(" "))?;
            Ok(())
        };
        let machines = &[
            Machine {
                title: "First",
                entries: &[("one", "a 1"), ("two", "fail now")],
            },
            Machine {
                title: "Second",
                entries: &[("three", "b 3")],
            },
        ];
        run_with(
            &mut input,
            &mut out,
            Palette::plain(),
            machines,
            &mut runner,
        )
        .expect("the menu runs");
        (String::from_utf8(out).expect("utf-8"), ran)
    }

    #[test]
    fn a_result_stays_until_enter_then_the_sub_menu_returns() {
        let (out, ran) = script("1\n1\n\nq\n");
        assert_eq!(ran, ["a 1"]);
        let result = out.find("RESULT of a 1").expect("result shown");
        let pause = out.find(PAUSE).expect("pause shown");
        let again = out.rfind("First\n").expect("sub-menu again");
        assert!(out.find("$ ludomat a 1").expect("command shown") < result);
        assert!(result < pause && pause < again, "{out}");
    }

    #[test]
    fn an_error_stays_visible_and_end_of_input_leaves() {
        let (out, ran) = script("1\n2\n");
        assert_eq!(ran, ["fail now"]);
        let error = out.find("ludomat: it failed").expect("error shown");
        assert!(error < out.find(PAUSE).expect("pause"));
        assert!(out.ends_with(&format!("{PAUSE}\nInput ended; goodbye.\n")));
    }

    #[test]
    fn a_wrong_choice_is_explained_under_the_menu_without_reprinting_it() {
        let (out, ran) = script("7\nx\n2\nb\n2.1\n\nq\n");
        assert_eq!(ran, ["b 3"]);
        assert!(out.contains("'7' is not on the menu: type 1 to 2, ? (help)"));
        let error = out.find("'x' is not on the menu").expect("x explained");
        // the menu is not printed between the error and the next prompt
        let next_prompt = out[error..].find("Machine (1–2").expect("re-prompt") + error;
        assert!(!out[error..next_prompt].contains("First"));
        assert!(out.contains("\nSecond\n"));
    }

    #[test]
    fn a_choice_typed_at_the_pause_is_taken_not_dropped() {
        // after entry 1.1 ends, "2.1" typed at "Press Enter" runs entry 2.1
        let (out, ran) = script("1.1\n2.1\n\nq\n");
        assert_eq!(ran, ["a 1", "b 3"], "{out}");
        // "q" at the pause still leaves
        let (_, ran) = script("1.1\nq\n2.1\n");
        assert_eq!(ran, ["a 1"]);
    }

    #[test]
    fn a_one_entry_menu_says_type_1() {
        let (out, _) = script("2\n5\nq\n");
        assert!(
            out.contains("'5' is not on the menu: type 1, b (back), ? (help)"),
            "{out}"
        );
        assert!(!out.contains("1 to 1"), "{out}");
    }

    #[test]
    fn back_help_and_quit_keys() {
        let (out, ran) = script("1\nb\n?\n\n2\nB\nQ\n");
        assert!(ran.is_empty());
        assert!(out.contains("How the menu works"));
        assert!(out.contains("ludomat --help"));
        let (out, _) = script("");
        assert!(out.contains(TITLE) && out.ends_with('\n'));
    }
}
