//! Line input for human agents: the process's standard input or any reader (tests script
//! a human with a `Cursor`).
//!
//! Standard input is read line by line straight from the shared `Stdin` buffer, so a menu
//! and the games it starts can take turns reading the same terminal (or pipe) without
//! one of them swallowing the other's lines.

use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Mark standard input as interrupted (Ctrl-C): a read of [`LineInput::Stdin`] that the
/// signal interrupts, or the next one, returns end of input, so every game ends the way
/// it does at end of input — with its score so far. Only an atomic store: safe to call
/// from a signal handler (installed without `SA_RESTART`, so the blocked read returns).
pub fn interrupt_input() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Forget an interruption not yet seen by a read: the game that was interrupted has
/// ended, and what reads standard input next (the menu's prompt) must wait for a line.
/// Returns whether there was one.
pub fn clear_interrupt() -> bool {
    INTERRUPTED.swap(false, Ordering::SeqCst)
}

/// Read one line of standard input into `bytes`; 0 at end of input or once interrupted.
fn read_stdin_line(bytes: &mut Vec<u8>) -> io::Result<usize> {
    let stdin = io::stdin();
    let mut lock = stdin.lock();
    loop {
        if INTERRUPTED.swap(false, Ordering::SeqCst) {
            return Ok(0);
        }
        let available = match lock.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(bytes.len());
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(i) => {
                bytes.extend_from_slice(&available[..=i]);
                lock.consume(i + 1);
                return Ok(bytes.len());
            }
            None => {
                let n = available.len();
                bytes.extend_from_slice(available);
                lock.consume(n);
            }
        }
    }
}

/// Where a human's typed lines come from.
pub enum LineInput {
    /// This process's standard input.
    Stdin,
    /// Any buffered reader.
    Reader(Box<dyn BufRead + Send>),
}

impl LineInput {
    /// Scripted input from a string (for tests and `--keys`-style scripts).
    #[must_use]
    pub fn script(text: &str) -> Self {
        LineInput::Reader(Box::new(io::Cursor::new(text.as_bytes().to_vec())))
    }

    /// The next line without its line ending; `None` at end of input. Bytes that are not
    /// UTF-8 come back as U+FFFD, so such a line is answered like any other line that
    /// makes no sense (a re-prompt) instead of ending the game.
    ///
    /// # Errors
    /// When reading fails.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        let mut bytes = Vec::new();
        let n = match self {
            LineInput::Stdin => read_stdin_line(&mut bytes)?,
            LineInput::Reader(r) => r.read_until(b'\n', &mut bytes)?,
        };
        if n == 0 {
            return Ok(None);
        }
        let mut line = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        while line.ends_with('\n') || line.ends_with('\r') {
            line.pop();
        }
        Ok(Some(line))
    }
}

impl std::fmt::Debug for LineInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LineInput::Stdin => "LineInput::Stdin",
            LineInput::Reader(_) => "LineInput::Reader",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cleared_interrupt_is_not_seen_again() {
        interrupt_input();
        assert!(clear_interrupt());
        assert!(!clear_interrupt());
    }

    #[test]
    fn invalid_utf8_is_a_line_not_an_error() {
        let mut input = LineInput::Reader(Box::new(io::Cursor::new(b"a\xff\nb\n".to_vec())));
        assert_eq!(input.next_line().unwrap().as_deref(), Some("a\u{fffd}"));
        assert_eq!(input.next_line().unwrap().as_deref(), Some("b"));
        assert_eq!(input.next_line().unwrap(), None);
    }

    #[test]
    fn script_yields_lines_then_end() {
        let mut input = LineInput::script("a\r\nb\n\nc");
        let lines: Vec<_> = std::iter::from_fn(|| input.next_line().ok().flatten()).collect();
        assert_eq!(lines, ["a", "b", "", "c"]);
    }
}
