//! Line input for human agents: the process's standard input or any reader (tests script
//! a human with a `Cursor`).
//!
//! Standard input is read line by line straight from the shared `Stdin` buffer
//! (`ludomat_io::read::stdin_line`), so a menu and the games it starts can take turns
//! reading the same terminal (or pipe) without one of them swallowing the other's lines.
//! Every line is capped at `ludomat_io::read::LINE_CAP` (4,096 bytes): a longer answer is
//! an error naming the cap, read without ever holding more than the cap.

use std::io::{self, BufRead};

pub use ludomat_io::interrupt::{clear_interrupt, input_ended_by_ctrl_c, interrupt_input};
use ludomat_io::read::{read_line_capped, Got, LINE_CAP};
use ludomat_io::text::thousands;

/// How every game names its quit key, in its first lines and in every line that refuses
/// what was typed: `(q quits)`.
pub const QUIT_KEY: &str = "(q quits)";

/// `line` (a sentence, or a game's refusal of what was typed) with the quit key named at
/// its end, before its full stop (every such line ends with one): `'x' is not a key: type
/// a key 0–9 (q quits).`; a line that already names it is returned as it is.
#[must_use]
pub fn with_quit_key(line: &str) -> String {
    let line = line.trim_end();
    if line.ends_with(QUIT_KEY) || line.ends_with(&format!("{QUIT_KEY}.")) {
        return line.to_string();
    }
    // every refusal is a sentence: it ends with a full stop, after the key
    let body = line.strip_suffix('.').unwrap_or(line);
    format!("{body} {QUIT_KEY}.")
}

/// How a person's side of a game stopped before the game's end: in the words every game
/// uses ("You quit", "Stopped by Ctrl-C", "Input ended").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Standard input ended (Ctrl-D, a script run out, the terminal closed).
    InputEnded,
    /// The person typed `quit` (or `q`).
    Quit,
    /// Ctrl-C at the prompt.
    CtrlC,
}

impl Ending {
    /// Why a read of standard input returned no line: Ctrl-C at the prompt, or the end
    /// of input.
    #[must_use]
    pub fn after_no_line() -> Ending {
        if input_ended_by_ctrl_c() {
            Ending::CtrlC.noted()
        } else {
            Ending::InputEnded
        }
    }

    /// This ending, noted for the process's status: a game left by Ctrl-C at its prompt
    /// ends the command with 130, as every Ctrl-C does
    /// (`ludomat_io::interrupt::note_stopped_at_a_prompt`, said by `out::finish`); a game
    /// that reads keys itself (a raw terminal) notes its Ctrl-C so.
    #[must_use]
    pub fn noted(self) -> Ending {
        if self == Ending::CtrlC {
            ludomat_io::interrupt::note_stopped_at_a_prompt();
        }
        self
    }

    /// The words that start a sentence about it: `You quit`, `Stopped by Ctrl-C`,
    /// `Input ended`.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Ending::InputEnded => "Input ended",
            Ending::Quit => "You quit",
            Ending::CtrlC => "Stopped by Ctrl-C",
        }
    }

    /// The menu's last line: `You quit; goodbye.`, `Input ended; goodbye.` (as Ctrl-C's
    /// `Stopped by Ctrl-C; goodbye.`).
    #[must_use]
    pub fn goodbye(self) -> String {
        format!("{}; goodbye.", self.words())
    }

    /// The line every game prints when it stops here: `You quit; game abandoned.` with a
    /// game in progress, `You quit.` between games.
    #[must_use]
    pub fn sentence(self, in_game: bool) -> String {
        if in_game {
            format!("{}; game abandoned.", self.words())
        } else {
            format!("{}.", self.words())
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
    /// makes no sense (a re-prompt) instead of ending the game; control characters come
    /// back written out (`\u{1b}`: `ludomat_io::text::escape_controls`), so a refusal
    /// that quotes the line never sends the terminal an escape sequence.
    ///
    /// # Errors
    /// When reading fails, or the line is longer than 4,096 bytes (`InvalidData`, naming
    /// the cap).
    pub fn next_line(&mut self) -> io::Result<Option<String>> {
        let bytes = match self {
            LineInput::Stdin => {
                // only this read's end is to be told apart (Ending::after_no_line)
                let _ = input_ended_by_ctrl_c();
                match ludomat_io::read::stdin_line(LINE_CAP)? {
                    Some(b) => b,
                    None => return Ok(None),
                }
            }
            LineInput::Reader(r) => {
                let mut bytes = Vec::new();
                match read_line_capped(r, &mut bytes, LINE_CAP, &|| false)? {
                    Got::End => return Ok(None),
                    Got::Line => bytes,
                    Got::TooLong => {
                        return Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            format!("a line longer than {} bytes", thousands(LINE_CAP as u64)),
                        ))
                    }
                }
            }
        };
        let mut line = match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        while line.ends_with('\n') || line.ends_with('\r') {
            line.pop();
        }
        // every prompt quotes what it refuses: never a terminal's escape sequence
        Ok(Some(ludomat_io::text::escape_controls(&line).into_owned()))
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
    #[test]
    fn the_quit_key_is_named_one_way() {
        assert_eq!(
            with_quit_key("'x' is not a key."),
            "'x' is not a key (q quits)."
        );
        assert_eq!(
            with_quit_key("'x' is not a key\n"),
            "'x' is not a key (q quits)."
        );
        assert_eq!(with_quit_key("done (q quits)."), "done (q quits).");
    }

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

    /// Hostile item 15: `a ESC ]0;PWNED BEL ESC [2J` typed at a prompt was echoed raw in
    /// its refusal (the terminal's title changed, the screen cleared).
    #[test]
    fn control_characters_come_back_written_out() {
        let mut input = LineInput::script("a\u{1b}]0;PWNED\u{7}\u{1b}[2J\r\nb\tc\n");
        let line = input.next_line().unwrap().unwrap();
        assert_eq!(line, "a\\u{1b}]0;PWNED\\u{7}\\u{1b}[2J");
        assert!(!line.chars().any(char::is_control));
        assert_eq!(input.next_line().unwrap().as_deref(), Some("b\tc"));
    }

    #[test]
    fn a_line_past_the_cap_is_an_error_not_the_whole_memory() {
        // An endless line (a pipe from /dev/zero): refused after 4,096 bytes.
        let mut input = LineInput::Reader(Box::new(io::BufReader::new(io::repeat(b'x'))));
        let e = input.next_line().unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(e.to_string(), "a line longer than 4,096 bytes");
        let mut input = LineInput::script(&format!("{}\n5\n", "y".repeat(4096)));
        assert_eq!(input.next_line().unwrap().map(|l| l.len()), Some(4096));
        assert_eq!(input.next_line().unwrap().as_deref(), Some("5"));
    }

    #[test]
    fn script_yields_lines_then_end() {
        let mut input = LineInput::script("a\r\nb\n\nc");
        let lines: Vec<_> = std::iter::from_fn(|| input.next_line().ok().flatten()).collect();
        assert_eq!(lines, ["a", "b", "", "c"]);
    }
}
