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
    depth: Depth,
}

/// How many colours a terminal shows, as its environment tells: `COLORTERM=truecolor`
/// (or `24bit`) for any colour, a `TERM` naming 256 colours for the 256-colour palette,
/// else the eight basic colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// The eight basic colours (`30`–`37`, `40`–`47`), which every colour terminal has.
    Basic,
    /// The 256-colour palette, whose colours 16–231 are fixed (no theme changes them).
    Palette256,
    /// Any colour (24-bit).
    TrueColour,
}

impl Depth {
    /// The depth `COLORTERM` and `TERM` tell.
    #[must_use]
    pub fn of(colorterm: Option<&std::ffi::OsStr>, term: Option<&std::ffi::OsStr>) -> Self {
        let colorterm = colorterm.map(|c| c.to_string_lossy().to_ascii_lowercase());
        if matches!(colorterm.as_deref(), Some("truecolor" | "24bit")) {
            return Depth::TrueColour;
        }
        if term.is_some_and(|t| t.to_string_lossy().contains("256color")) {
            return Depth::Palette256;
        }
        Depth::Basic
    }
}

impl Palette {
    /// Colours if standard output is a terminal and the environment allows them.
    #[must_use]
    pub fn for_stdout() -> Self {
        Self::decide(
            crate::out::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var_os("TERM").as_deref(),
        )
        .with_depth(Depth::of(
            std::env::var_os("COLORTERM").as_deref(),
            std::env::var_os("TERM").as_deref(),
        ))
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
            depth: Depth::of(None, term),
        }
    }

    /// The same palette for a terminal of `depth`.
    #[must_use]
    pub const fn with_depth(self, depth: Depth) -> Self {
        Palette {
            enabled: self.enabled,
            depth,
        }
    }

    /// No colours at all.
    #[must_use]
    pub const fn plain() -> Self {
        Palette {
            enabled: false,
            depth: Depth::Basic,
        }
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

    /// A QR code's line (dark modules drawn as `▀▄█`): black on white whatever the
    /// terminal's own colours, so a phone reads its dark modules as dark on a dark
    /// terminal too. The colours are exact where the terminal takes them (24-bit, or the
    /// 256-colour palette's fixed black 16 and white 231, which no theme changes), else
    /// the basic black on white (`30;47`: bright backgrounds such as `107` are missing on
    /// some terminals, which then leave their own dark background).
    #[must_use]
    pub fn qr(self, text: &str) -> String {
        let sgr = match self.depth {
            Depth::TrueColour => "38;2;0;0;0;48;2;255;255;255",
            Depth::Palette256 => "38;5;16;48;5;231",
            Depth::Basic => "30;47",
        };
        self.paint(sgr, text)
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
    fn a_qr_code_is_black_on_white_in_explicit_colours_and_plain_off_a_terminal() {
        let term = |t: &str| Palette::decide(true, None, Some(OsStr::new(t)));
        // Off a terminal (or with NO_COLOR): the characters alone.
        assert_eq!(Palette::plain().qr("▀█ "), "▀█ ");
        assert_eq!(
            Palette::decide(false, None, Some(OsStr::new("xterm-256color"))).qr("▀█ "),
            "▀█ "
        );
        // On a terminal: its dark modules black, the rest white, as exact as it takes.
        assert_eq!(term("xterm").qr("▀█ "), "\x1b[30;47m▀█ \x1b[0m");
        assert_eq!(
            term("xterm-256color").qr("▀█ "),
            "\x1b[38;5;16;48;5;231m▀█ \x1b[0m"
        );
        let truecolour = term("xterm").with_depth(Depth::of(Some(OsStr::new("truecolor")), None));
        assert_eq!(
            truecolour.qr("▀"),
            "\x1b[38;2;0;0;0;48;2;255;255;255m▀\x1b[0m"
        );
        assert_eq!(
            Depth::of(Some(OsStr::new("24bit")), Some(OsStr::new("xterm"))),
            Depth::TrueColour
        );
        assert_eq!(Depth::of(None, None), Depth::Basic);
    }

    #[test]
    fn plain_text_is_unchanged_and_colour_wraps_it() {
        assert_eq!(Palette::plain().key("q"), "q");
        let on = Palette::decide(true, None, None);
        assert_eq!(on.key("q"), "\x1b[1;36mq\x1b[0m");
        assert_eq!(on.error("x").matches("x").count(), 1);
    }
}
