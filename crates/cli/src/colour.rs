//! Colours for the terminal, only where they belong: on when standard output is a
//! terminal, off when it is a pipe or a file, off when `NO_COLOR` is set to anything but
//! the empty string (<https://no-color.org>), and off on a `TERM=dumb` terminal.
//!
//! Colour only ever adds emphasis: every label also reads in plain text (keys are
//! spelled out, errors start with `ludomat:`), so nothing is lost without it.

/// The styles the menu uses, as ANSI SGR sequences or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    enabled: bool,
}

impl Palette {
    /// Colours if standard output is a terminal and the environment allows them.
    #[must_use]
    pub fn for_stdout() -> Self {
        Self::decide(
            ludomat_io::out::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var_os("TERM").as_deref(),
        )
    }

    /// The rule itself: a terminal, `NO_COLOR` absent or empty, `TERM` not `dumb`.
    #[must_use]
    pub fn decide(
        terminal: bool,
        no_color: Option<&std::ffi::OsStr>,
        term: Option<&std::ffi::OsStr>,
    ) -> Self {
        let no_color = no_color.is_some_and(|v| !v.is_empty());
        let dumb = term.is_some_and(|t| t == "dumb");
        Palette {
            enabled: terminal && !no_color && !dumb,
        }
    }

    /// No colours at all.
    #[cfg(test)]
    #[must_use]
    pub const fn plain() -> Self {
        Palette { enabled: false }
    }

    /// Whether this palette emits escape sequences.
    #[cfg(test)]
    #[must_use]
    pub const fn enabled(self) -> bool {
        self.enabled
    }

    fn paint(self, sgr: &str, text: &str) -> String {
        if self.enabled {
            format!("\x1b[{sgr}m{text}\x1b[0m")
        } else {
            text.to_owned()
        }
    }

    /// A title or a machine's name: bold.
    #[must_use]
    pub fn title(self, text: &str) -> String {
        self.paint("1", text)
    }

    /// A key to type (`1`, `q`, `?`): bold cyan.
    #[must_use]
    pub fn key(self, text: &str) -> String {
        self.paint("1;36", text)
    }

    /// A command line being run: dim.
    #[must_use]
    pub fn command(self, text: &str) -> String {
        self.paint("2", text)
    }

    /// A prompt: yellow.
    #[must_use]
    pub fn prompt(self, text: &str) -> String {
        self.paint("33", text)
    }

    /// An error: bold red.
    #[must_use]
    pub fn error(self, text: &str) -> String {
        self.paint("1;31", text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(Palette::decide(true, None, Some(OsStr::new("xterm"))).enabled());
        assert!(!Palette::decide(false, None, None).enabled());
        assert!(!Palette::decide(true, Some(OsStr::new("1")), None).enabled());
        // no-color.org: an empty NO_COLOR does not count
        assert!(Palette::decide(true, Some(OsStr::new("")), None).enabled());
        assert!(!Palette::decide(true, None, Some(OsStr::new("dumb"))).enabled());
    }

    #[test]
    fn plain_text_is_unchanged_and_colour_wraps_it() {
        assert_eq!(Palette::plain().key("q"), "q");
        let on = Palette::decide(true, None, None);
        assert_eq!(on.key("q"), "\x1b[1;36mq\x1b[0m");
        assert_eq!(on.error("x").matches("x").count(), 1);
    }
}
