//! The one path of the program's output. Every line for people goes through
//! [`outln!`](crate::outln) / [`out!`](crate::out) (or the [`Stdout`] writer, for code that
//! takes a `Write`), and every line for standard error through [`errln!`](crate::errln).
//!
//! A failed write — a full device, a closed pipe (`ludomat … | head -1`) — never panics
//! and never stops the command half-way: the first failure is recorded, later output is
//! dropped, and the command runs on to its end, so whatever it saves is saved. `main` then
//! reports the failure once and exits non-zero ([`finish`]): status 141 and no message for
//! a closed pipe (what a shell reports for a reader that went away), status 1 and the
//! error for anything else. A loop that only prints (a program's teletype paper, a trace)
//! has nothing to save and must stop at the first failed write instead of running on to
//! its limit: it writes through [`Stdout::until_gone`], whose writes fail once standard
//! output has (or it asks [`gone`]).
//!
//! `println!` panics on a failed write ("failed printing to stdout", exit 101), which is
//! why nothing here uses it (the workspace's `clippy.toml` forbids it).

use std::fmt::Arguments;
use std::io::{ErrorKind, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

#[allow(clippy::disallowed_methods)] // the one handle on standard output
fn raw_stdout() -> std::io::Stdout {
    std::io::stdout()
}

#[allow(clippy::disallowed_methods)] // the one handle on standard error
fn raw_stderr() -> std::io::Stderr {
    std::io::stderr()
}

/// Write `bytes` to standard error, or, when standard error is a file this process reads
/// or writes (`menace stats --state s.json 2>> s.json`, found by
/// [`crate::read::own_stream`]), to the terminal (`/dev/tty`) when there is one, else
/// nowhere — never into the file it would damage (the refusal itself once did).
fn write_err(bytes: &[u8]) {
    if crate::read::stderr_is_a_file_of_ours() {
        // the controlling terminal, a character device (never a file, never a FIFO)
        #[allow(clippy::disallowed_methods)]
        if let Ok(mut tty) = std::fs::OpenOptions::new().write(true).open("/dev/tty") {
            let _ = tty.write_all(bytes);
        }
        return;
    }
    let _ = raw_stderr().lock().write_all(bytes);
}

/// The first failed write to standard output.
static FAILURE: OnceLock<std::io::Error> = OnceLock::new();
/// Set together with [`FAILURE`]; cheap to poll.
static GONE: AtomicBool = AtomicBool::new(false);

/// Whether the last text written to standard output ended inside a line (a prompt).
static LINE_OPEN: AtomicBool = AtomicBool::new(false);

/// Note what was just written to standard output: whether its line is left open.
fn wrote(bytes: &[u8]) {
    if let Some(&last) = bytes.last() {
        LINE_OPEN.store(last != b'\n', Ordering::Relaxed);
    }
}

/// End the line standard output was left in (a prompt a failed read ended): what a
/// command that fails prints its error after, so that the error starts a line of its own.
pub fn end_line() {
    if LINE_OPEN.swap(false, Ordering::Relaxed) {
        print(format_args!("\n"));
    }
}

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
/// After a Ctrl-C, the first line printed (on either stream, whichever comes first) starts
/// on a line of its own after the terminal's echoed `^C`
/// ([`crate::interrupt::after_echo`]): a run's results, a timing, the stop line — whatever
/// a run prints next, at whatever moment the key was pressed.
pub fn print(args: Arguments<'_>) {
    if gone() {
        return;
    }
    // One write of the whole text (the break after an echoed `^C` included): written in
    // its formatting's pieces, a signal between two of them left the rest of a board on
    // the line of the `^C`.
    let text = format!("{}{args}", crate::interrupt::after_echo_out());
    let mut out = raw_stdout().lock();
    wrote(text.as_bytes());
    if let Err(e) = out.write_all(text.as_bytes()) {
        record(e);
    }
}

/// Write formatted text to standard error; a failure there is ignored (there is nowhere
/// left to report it), never a panic. Standard error carries prose only (warnings, errors,
/// timings), so a line wider than [`crate::text::DEFAULT_WIDTH`] columns is wrapped at its
/// words ([`crate::layout::wrap_hanging`]).
pub fn eprint(args: Arguments<'_>) {
    let text = wrapped(args.to_string(), true);
    let fresh = crate::interrupt::after_echo();
    write_err(format!("{fresh}{text}").as_bytes());
}

/// Write a line of a server's log (`ludomat museum: 429 too many requests …`) to standard
/// error (what [`logln!`](crate::logln) calls): one line in a file or a pipe however long
/// it is (`ludomat serve 2> log`), so that grep and log tools see each entry whole;
/// wrapped at its words as [`eprint`] wraps only when standard error is a terminal.
pub fn log(args: Arguments<'_>) {
    let text = wrapped(args.to_string(), stderr_is_terminal());
    let fresh = crate::interrupt::after_echo();
    write_err(format!("{fresh}{text}").as_bytes());
}

/// `text` with every line wider than [`crate::text::DEFAULT_WIDTH`] columns wrapped at its
/// words when `wrap`, else as it is.
fn wrapped(text: String, wrap: bool) -> String {
    let width = crate::text::DEFAULT_WIDTH;
    if wrap && text.lines().any(|l| crate::text::width(l) > width) {
        crate::layout::wrap_hanging(&text, width)
    } else {
        text
    }
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
        std::io::IsTerminal::is_terminal(&raw_stdout())
    }

    /// The same path, for a loop that only prints: a write fails from the first failed
    /// write on (with that failure, which `main` reports once), so the loop stops there.
    #[must_use]
    pub fn until_gone(self) -> UntilGone {
        UntilGone
    }
}

/// Standard output for a loop that only prints ([`Stdout::until_gone`]): the first failed
/// write is recorded as on [`Stdout`], and it and every later write return it as an error.
#[derive(Debug, Default, Clone, Copy)]
pub struct UntilGone;

/// The recorded failure as an error to return (of its kind and code, so that
/// [`is_failure`] knows it).
fn failure() -> std::io::Error {
    match FAILURE.get() {
        Some(e) => match e.raw_os_error() {
            Some(code) => std::io::Error::from_raw_os_error(code),
            None => std::io::Error::from(e.kind()),
        },
        None => std::io::Error::from(ErrorKind::BrokenPipe),
    }
}

impl Write for UntilGone {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if gone() {
            return Err(failure());
        }
        let mut out = raw_stdout().lock();
        let fresh = crate::interrupt::after_echo_out();
        wrote(buf);
        match out
            .write_all(fresh.as_bytes())
            .and_then(|()| out.write_all(buf))
        {
            Ok(()) => Ok(buf.len()),
            Err(e) => {
                record(e);
                Err(failure())
            }
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if gone() {
            return Err(failure());
        }
        raw_stdout().lock().flush().map_err(|e| {
            record(e);
            failure()
        })
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !gone() {
            let mut out = raw_stdout().lock();
            let fresh = crate::interrupt::after_echo_out();
            wrote(buf);
            if let Err(e) = out
                .write_all(fresh.as_bytes())
                .and_then(|()| out.write_all(buf))
            {
                record(e);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !gone() {
            if let Err(e) = raw_stdout().lock().flush() {
                record(e);
            }
        }
        Ok(())
    }
}

/// `print!` through the one path.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::print(format_args!($($arg)*)) };
}

/// `println!` through the one path.
#[macro_export]
macro_rules! outln {
    () => { $crate::out::print(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::print(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` without the panic.
#[macro_export]
macro_rules! errln {
    () => { $crate::out::eprint(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::eprint(format_args!("{}\n", format_args!($($arg)*))) };
}

/// A line of a server's log on standard error ([`log`]): whole on one line in a file or a
/// pipe, wrapped only on a terminal.
#[macro_export]
macro_rules! logln {
    ($($arg:tt)*) => { $crate::out::log(format_args!("{}\n", format_args!($($arg)*))) };
}

/// Standard error as a [`Write`]r whose failures are ignored (there is nowhere left to
/// report them), never a panic.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stderr;

/// Standard error through the one path.
#[must_use]
pub fn stderr() -> Stderr {
    Stderr
}

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let fresh = crate::interrupt::after_echo();
        let mut bytes = Vec::with_capacity(fresh.len() + buf.len());
        bytes.extend_from_slice(fresh.as_bytes());
        bytes.extend_from_slice(buf);
        write_err(&bytes);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = raw_stderr().lock().flush();
        Ok(())
    }
}

/// The command line (`std::env::args_os()`), with a newcomer's guess for the version read
/// as `--version`: `ludomat -v` alone (elsewhere `-v` is `--verbose`, and its help says
/// so; the binary has a hidden `version` command for the other guess, so `version --help`
/// works too). `--version` (`-V`) with more after it is that command, so what follows is
/// refused as clap refuses it, not passed over.
#[must_use]
pub fn version_guess(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = args.collect();
    if args.len() == 2 && args[1] == "-v" {
        args[1] = "--version".into();
    } else if args.len() > 2 && (args[1] == "--version" || args[1] == "-V") {
        args[1] = "version".into();
    }
    args
}

/// The refusal of `--verbose` (or `-vv`, as typed: the first such word of `args`, the
/// program's name first) given without a command: what it does, and where the version is.
#[must_use]
pub fn verbose_alone(args: &[String]) -> String {
    let typed = args.iter().skip(1).find(|a| {
        a.starts_with("--verbose")
            || (a.starts_with('-') && !a.starts_with("--") && a.contains('v'))
    });
    format!(
        "{} makes a command say more: give the command (ludomat -v threes auto); the \
         version: ludomat --version",
        typed.map_or("--verbose", String::as_str)
    )
}

/// Whether standard error is a terminal.
#[must_use]
pub fn stderr_is_terminal() -> bool {
    std::io::IsTerminal::is_terminal(&raw_stderr())
}

/// Whether standard input is a terminal.
#[must_use]
pub fn stdin_is_terminal() -> bool {
    std::io::IsTerminal::is_terminal(&crate::read::stdin())
}

/// Whether `e` is the failed write to standard output itself, already recorded (then it
/// is reported once, by [`finish`]).
#[must_use]
pub fn is_failure(e: &std::io::Error) -> bool {
    FAILURE
        .get()
        .is_some_and(|f| e.kind() == f.kind() && e.raw_os_error() == f.raw_os_error())
}

/// Flush standard output and turn a failed write into the process's exit status: `None`
/// when every write went through, else the status to exit with (after reporting the
/// error on standard error, unless the reader of a pipe simply went away); with every
/// write through, 130 when a game was left by Ctrl-C at its prompt
/// ([`crate::interrupt::stopped_at_a_prompt`]).
pub fn finish() -> Option<u8> {
    if !gone() {
        if let Err(e) = raw_stdout().lock().flush() {
            record(e);
        }
    }
    let Some(e) = FAILURE.get() else {
        return crate::interrupt::stopped_at_a_prompt().then_some(130);
    };
    if e.kind() == ErrorKind::BrokenPipe {
        Some(141)
    } else {
        eprint(format_args!(
            "ludomat: cannot write to standard output: {}\n",
            crate::error::words(e)
        ));
        Some(1)
    }
}

// In this file, not beside `Stopped` (`interrupt.rs`): it prints, and `interrupt` stays
// below `out` (out → read → interrupt), so the imports between files go one way.
impl crate::interrupt::Stopped {
    /// For work with no safe point to stop at (a wait, a measurement): standard output
    /// flushed, the line [said](crate::interrupt::Stopped::said) on standard error, and
    /// the process ended at once with the status (130, or 143 after SIGTERM).
    pub fn end_process(&self) -> ! {
        let _ = finish();
        crate::errln!("{}", self.said());
        std::process::exit(i32::from(self.status()))
    }

    /// For a server's stop line (`ludomat serve`), as late as the process can say it:
    /// standard output flushed, the line logged as the server's log is ([`log`]: whole
    /// on one line in a file or a pipe, wrapped only on a terminal), and the process ended
    /// at once with the status (130, or 143 after SIGTERM).
    pub fn log_and_end_process(&self) -> ! {
        let _ = finish();
        crate::logln!("{}", self.line());
        std::process::exit(i32::from(self.status()))
    }
}

#[cfg(test)]
mod tests {
    /// `ludomat -v` says the version (`ludomat version` is a hidden command); `-v` before a command, and
    /// `-vv`, stay `--verbose`.
    #[test]
    fn a_guess_for_the_version_is_read_as_version() {
        let guess = |args: &[&str]| {
            super::version_guess(args.iter().map(std::ffi::OsString::from))
                .into_iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(guess(&["ludomat", "-v"]), ["ludomat", "--version"]);
        assert_eq!(guess(&["ludomat", "version"]), ["ludomat", "version"]);
        assert_eq!(guess(&["ludomat", "-vv"]), ["ludomat", "-vv"]);
        assert_eq!(
            guess(&["ludomat", "-v", "menace"]),
            ["ludomat", "-v", "menace"]
        );
    }

    /// A log line is one line in a file or a pipe, however long; on a terminal it is
    /// wrapped at its words as every line on standard error is.
    #[test]
    fn a_log_line_is_wrapped_only_for_a_terminal() {
        let line = format!(
            "ludomat museum: 429 too many requests a second: 127.0.0.99 (and {} more in the \
             last second)\n",
            5318
        );
        assert!(crate::text::width(line.trim_end()) > crate::text::DEFAULT_WIDTH);
        assert_eq!(super::wrapped(line.clone(), false), line);
        let wrapped = super::wrapped(line.clone(), true);
        assert!(wrapped.trim_end().lines().count() > 1, "{wrapped}");
        assert!(wrapped
            .lines()
            .all(|l| crate::text::width(l) <= crate::text::DEFAULT_WIDTH));
    }

    #[test]
    fn the_writer_never_fails_its_caller() {
        use std::io::Write;
        let mut w = super::stdout();
        assert!(writeln!(w, "a line").is_ok());
        assert!(w.flush().is_ok());
    }
}
