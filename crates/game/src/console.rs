//! A machine at a line terminal: a [`Console`] says what the machine says (its opening,
//! a prompt, its answer to each typed line, its last words) and [`converse`] holds the
//! conversation over any [`LineInput`]. The binary hands it standard input; a test hands
//! it a script and reads the very words the terminal shows.

use std::io::{self, Write};

use crate::{LineInput, SessionError};

/// The answer to one typed line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// These words, then the next prompt.
    Go(String),
    /// These words end the conversation.
    Stop(String),
}

/// One machine's side of a conversation at a line terminal.
pub trait Console {
    /// The words before the first prompt.
    ///
    /// # Errors
    /// When the machine fails.
    fn opening(&mut self) -> Result<String, SessionError>;
    /// The prompt before the next line; `None` once the conversation is over.
    fn prompt(&self) -> Option<String>;
    /// The answer to one typed line (without its line ending).
    ///
    /// # Errors
    /// When the machine fails; a refused or unreadable line is an answer, not an error.
    fn answer(&mut self, line: &str) -> Result<Reply, SessionError>;
    /// The words when input ends before the conversation is over; the conversation ends.
    fn input_ended(&mut self) -> String;
    /// The last words, once [`Console::prompt`] says the conversation is over.
    fn farewell(&mut self) -> String;
}

/// Why a conversation stopped early.
#[derive(Debug, thiserror::Error)]
pub enum ConverseError {
    /// Reading a line or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The machine failed.
    #[error(transparent)]
    Session(#[from] SessionError),
}

/// Hold the conversation: the opening, then prompt, line, answer until the console says
/// it is over (its farewell), a reply stops it, or input ends. Output is flushed at each
/// prompt, before a line is read.
///
/// # Errors
/// When reading or writing fails, or the machine does.
pub fn converse<C: Console + ?Sized>(
    console: &mut C,
    input: &mut LineInput,
    out: &mut dyn Write,
) -> Result<(), ConverseError> {
    write!(out, "{}", console.opening()?)?;
    loop {
        let Some(prompt) = console.prompt() else {
            write!(out, "{}", console.farewell())?;
            break;
        };
        write!(out, "{prompt}")?;
        out.flush()?;
        let Some(line) = input.next_line()? else {
            write!(out, "{}", console.input_ended())?;
            break;
        };
        match console.answer(&line)? {
            Reply::Go(words) => write!(out, "{words}")?,
            Reply::Stop(words) => {
                write!(out, "{words}")?;
                break;
            }
        }
    }
    Ok(())
}

/// A console's conversation with a script, as the terminal would show it.
///
/// # Errors
/// When the machine fails.
pub fn transcript<C: Console + ?Sized>(
    console: &mut C,
    script: &str,
) -> Result<String, ConverseError> {
    let mut out = Vec::new();
    converse(console, &mut LineInput::script(script), &mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echoes lines until `bye`; over after three lines.
    struct Echo(u32);

    impl Console for Echo {
        fn opening(&mut self) -> Result<String, SessionError> {
            Ok("hello\n".into())
        }
        fn prompt(&self) -> Option<String> {
            (self.0 < 3).then(|| "> ".into())
        }
        fn answer(&mut self, line: &str) -> Result<Reply, SessionError> {
            self.0 += 1;
            match line {
                "bye" => Ok(Reply::Stop("bye\n".into())),
                "fail" => Err(SessionError::Failed("broken".into())),
                _ => Ok(Reply::Go(format!("{line}\n"))),
            }
        }
        fn input_ended(&mut self) -> String {
            "\nended\n".into()
        }
        fn farewell(&mut self) -> String {
            "over\n".into()
        }
    }

    #[test]
    fn a_conversation_ends_by_its_console_a_reply_or_the_input() {
        assert_eq!(
            transcript(&mut Echo(0), "a\nb\nc\nd\n").unwrap(),
            "hello\n> a\n> b\n> c\nover\n"
        );
        assert_eq!(
            transcript(&mut Echo(0), "a\nbye\nc\n").unwrap(),
            "hello\n> a\n> bye\n"
        );
        assert_eq!(
            transcript(&mut Echo(0), "a\n").unwrap(),
            "hello\n> a\n> \nended\n"
        );
        let e = transcript(&mut Echo(0), "fail\n").unwrap_err();
        assert_eq!(e.to_string(), "broken");
    }
}
