//! The one path of the terminal's output. Every line the binary prints goes through
//! [`outln!`] / [`out!`] (or the [`Stdout`] writer, for code that takes a `Write`), and
//! every line for standard error through [`errln!`].
//!
//! A failed write — a full device, a closed pipe (`ludomat … | head -1`) — never panics
//! and never stops the command half-way: the first failure is recorded, later output is
//! dropped, and the command runs on to its end, so whatever it saves is saved. `main` then
//! reports the failure once and exits non-zero ([`finish`]): status 141 and no message for
//! a closed pipe (what a shell reports for a reader that went away), status 1 and the
//! error for anything else. Long loops that only print may ask [`gone`] and stop early.
//!
//! `println!` panics on a failed write ("failed printing to stdout", exit 101), which is
//! why the binary does not use it.

use std::fmt::Arguments;
use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// The first failed write to standard output.
static FAILURE: OnceLock<std::io::Error> = OnceLock::new();
/// Set together with [`FAILURE`]; cheap to poll.
static GONE: AtomicBool = AtomicBool::new(false);

fn record(e: std::io::Error) {
    GONE.store(true, Ordering::Relaxed);
    let _ = FAILURE.set(e);
}

/// Whether a write to standard output has failed (the reader is gone or the device full):
/// further output is dropped, so a loop that only prints may stop.
pub fn gone() -> bool {
    GONE.load(Ordering::Relaxed)
}

/// Write formatted text to standard output (what [`out!`] and [`outln!`] call).
pub fn print(args: Arguments<'_>) {
    if gone() {
        return;
    }
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        record(e);
    }
}

/// Write formatted text to standard error; a failure there is ignored (there is nowhere
/// left to report it), never a panic. Standard error carries prose only (warnings, errors,
/// timings), so a line wider than 80 columns is wrapped at its words.
pub fn eprint(args: Arguments<'_>) {
    let text = args.to_string();
    let text = if text.lines().any(|l| l.chars().count() > crate::help::WIDTH) {
        crate::help::wrap(&text)
    } else {
        text
    };
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// Standard output as a [`Write`]r on the same path: a failed write is recorded (see the
/// module) and reported to the caller as success, so that `writeln!(out, …)?` never cuts
/// a command short before it saves.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stdout;

/// Standard output through the one path.
pub fn stdout() -> Stdout {
    Stdout
}

impl Stdout {
    /// The same writer (for code written against `std::io::stdout().lock()`; each write
    /// takes the lock itself).
    #[must_use]
    pub fn lock(self) -> Self {
        self
    }

    /// Whether standard output is a terminal.
    pub fn is_terminal(&self) -> bool {
        std::io::IsTerminal::is_terminal(&std::io::stdout())
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !gone() {
            if let Err(e) = std::io::stdout().lock().write_all(buf) {
                record(e);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !gone() {
            if let Err(e) = std::io::stdout().lock().flush() {
                record(e);
            }
        }
        Ok(())
    }
}

/// `print!` through the one path.
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::print(format_args!($($arg)*)) };
}

/// `println!` through the one path.
macro_rules! outln {
    () => { $crate::out::print(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::print(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` without the panic.
macro_rules! errln {
    () => { $crate::out::eprint(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::eprint(format_args!("{}\n", format_args!($($arg)*))) };
}

/// Whether `e` (an error a command returned) is the failed write to standard output
/// itself, already recorded: then it is reported once, by [`finish`].
pub fn is_output_failure(e: &anyhow::Error) -> bool {
    let Some(failure) = FAILURE.get() else {
        return false;
    };
    e.chain()
        .filter_map(|c| c.downcast_ref::<std::io::Error>())
        .any(|io| io.kind() == failure.kind() && io.raw_os_error() == failure.raw_os_error())
}

/// Flush standard output and turn a failed write into the process's exit status: `None`
/// when every write went through, else the status to exit with (after reporting the
/// error on standard error, unless the reader of a pipe simply went away).
pub fn finish() -> Option<u8> {
    if !gone() {
        if let Err(e) = std::io::stdout().lock().flush() {
            record(e);
        }
    }
    let e = FAILURE.get()?;
    if e.kind() == ErrorKind::BrokenPipe {
        Some(141)
    } else {
        errln!("ludomat: cannot write to standard output: {e}");
        Some(1)
    }
}

/// An error and its causes on one line, each cause once: a cause whose text its parent
/// already ends with (`"reading f: EOF at line 79: EOF at line 79"`) is left out.
pub fn causes(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if text.is_empty() || line.ends_with(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

/// Print a command-line error, `--help` or `--version` (clap's rendering) through the one
/// path, and the status to exit with: clap's own, or 1 (141 for a closed pipe) when the
/// text could not be written — `--help > /dev/full` is not a success.
pub fn clap_exit(e: &clap::Error) -> std::process::ExitCode {
    use std::io::IsTerminal;
    let to_stdout = !e.use_stderr();
    let styled = e.render();
    let terminal = if to_stdout {
        std::io::stdout().is_terminal()
    } else {
        std::io::stderr().is_terminal()
    };
    let palette = |terminal| {
        crate::colour::Palette::decide(
            terminal,
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var_os("TERM").as_deref(),
        )
    };
    // Colour under the binary's one rule (colour.rs): a palette that differs from the
    // one for a pipe is a coloured one.
    let text = if palette(terminal) != palette(false) {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    if to_stdout {
        // help and version: plain, wrapped to 80 columns (help.rs)
        print(format_args!("{}", crate::help::wrap(&styled.to_string())));
    } else if palette(terminal) != palette(false) {
        eprint(format_args!("{text}"));
    } else {
        // a usage error wrapped as help is (the list of possible values is one long line)
        eprint(format_args!("{}", crate::help::wrap(&text)));
    }
    let code = u8::try_from(e.exit_code()).unwrap_or(2);
    std::process::ExitCode::from(finish().unwrap_or(code))
}

/// Set in the environment, the binary prints its command tree and exits (the sweep test
/// reads it, so that a new subcommand cannot be forgotten).
pub const COMMAND_TREE_VAR: &str = "LUDOMAT_COMMAND_TREE";

/// Every subcommand under `cmd`, one path a line (`menace train`); the leaves and the
/// commands between them alike, in clap's order.
pub fn print_command_tree(cmd: &clap::Command) {
    fn walk(cmd: &clap::Command, path: &mut Vec<String>) {
        for sub in cmd.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            path.push(sub.get_name().to_string());
            let leaf = !sub.has_subcommands();
            outln!("{}{}", if leaf { "" } else { "+" }, path.join(" "));
            walk(sub, path);
            path.pop();
        }
    }
    walk(cmd, &mut Vec::new());
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_cause_once() {
        let e = anyhow::anyhow!("EOF while parsing at line 79 column 3")
            .context("state.json: EOF while parsing at line 79 column 3")
            .context("cannot load HER");
        assert_eq!(
            super::causes(&e),
            "cannot load HER: state.json: EOF while parsing at line 79 column 3"
        );
        let e = anyhow::anyhow!("out of memory").context("out of memory");
        assert_eq!(super::causes(&e), "out of memory");
        let e = anyhow::anyhow!("no such file").context("reading x");
        assert_eq!(super::causes(&e), "reading x: no such file");
    }

    #[test]
    fn the_writer_never_fails_its_caller() {
        use std::io::Write;
        let mut w = super::stdout();
        assert!(writeln!(w, "a line").is_ok());
        assert!(w.flush().is_ok());
    }
}
