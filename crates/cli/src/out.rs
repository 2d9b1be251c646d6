//! The binary's side of the one path of the terminal's output (`ludomat_io::out`): the
//! macros [`outln!`] / [`out!`] / [`errln!`] over it, errors on one line, clap's help and
//! errors, the command tree. Every line the binary prints goes through the macros (or the
//! [`Stdout`] writer, for code that takes a `Write`).
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

pub use ludomat_io::out::{eprint, finish, print, stdout};

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
    e.chain()
        .filter_map(|c| c.downcast_ref::<std::io::Error>())
        .any(ludomat_io::out::is_failure)
}

/// An error and its causes on one line, each cause once: a cause whose text its parent
/// already ends with (`"reading f: EOF at line 79: EOF at line 79"`) is left out.
pub fn causes(e: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in e.chain() {
        // an error of the operating system in words, never "(os error 2)"
        // and a JSON parser's in ours, its place said once
        let text = match cause.downcast_ref::<std::io::Error>() {
            Some(io) => ludomat_io::error::words(io),
            None => match cause.downcast_ref::<serde_json::Error>() {
                Some(json) => ludomat_io::error::json(json),
                None => cause.to_string(),
            },
        };
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
    let to_stdout = !e.use_stderr();
    let styled = e.render();
    let terminal = if to_stdout {
        stdout().is_terminal()
    } else {
        ludomat_io::out::stderr_is_terminal()
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
    // quotes 'like this' in what a person reads: the help comes from doc comments,
    // whose code is in backticks
    let text = if palette(terminal) != palette(false) {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    let text = ludomat_io::text::ticks_as_quotes(&text);
    if to_stdout {
        // help and version: plain, wrapped to 80 columns (help.rs)
        let plain = ludomat_io::text::ticks_as_quotes(&styled.to_string());
        print(format_args!("{}", crate::help::wrap(&plain)));
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
}
