//! Line input for human agents: the process's standard input or any reader (tests script
//! a human with a `Cursor`).
//!
//! Standard input is read line by line straight from the shared `Stdin` buffer, so a menu
//! and the games it starts can take turns reading the same terminal (or pipe) without
//! one of them swallowing the other's lines.

use std::io::{self, BufRead};

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

    /// The next line without its line ending; `None` at end of input.
    ///
    /// # Errors
    /// When reading fails.
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        let mut line = String::new();
        let n = match self {
            LineInput::Stdin => io::stdin().read_line(&mut line)?,
            LineInput::Reader(r) => r.read_line(&mut line)?,
        };
        if n == 0 {
            return Ok(None);
        }
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
    fn script_yields_lines_then_end() {
        let mut input = LineInput::script("a\r\nb\n\nc");
        let lines: Vec<_> = std::iter::from_fn(|| input.next_line().ok().flatten()).collect();
        assert_eq!(lines, ["a", "b", "", "c"]);
    }
}
