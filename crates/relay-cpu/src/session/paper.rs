//! The teletype's paper roll as a session keeps it: the last lines printed, bounded.
//!
//! The Consul teletype prints a digit for codes 0–9 and feeds a line for code 15; codes
//! 10–14 are wired to nothing and leave no mark (spec, "Memory map"). A session keeps the
//! last [`PAPER_LINES`] lines, and breaks a line longer than [`PAPER_COLUMNS`] characters
//! so a runaway printing loop cannot grow the view without end.

use std::collections::VecDeque;

use crate::teletype::glyph;

/// Lines of paper a session keeps.
pub const PAPER_LINES: usize = 200;
/// Characters on a line before the session breaks it (a display bound, not the
/// teletype's carriage width, which the sources do not give).
pub const PAPER_COLUMNS: usize = 80;

/// The last lines of paper.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Paper {
    lines: VecDeque<String>,
    torn_off: u64,
    printed: u64,
}

impl Paper {
    /// Blank paper.
    #[must_use]
    pub fn new() -> Paper {
        Paper::default()
    }

    /// Print one 4-bit code.
    pub fn print(&mut self, code: u8) {
        self.printed += 1;
        if self.lines.is_empty() {
            self.lines.push_back(String::new());
        }
        match glyph(code) {
            Some('\n') => self.feed(),
            Some(c) => {
                if self.lines.back().is_some_and(|l| l.len() >= PAPER_COLUMNS) {
                    self.feed();
                }
                if let Some(line) = self.lines.back_mut() {
                    line.push(c);
                }
            }
            None => {}
        }
    }

    fn feed(&mut self) {
        self.lines.push_back(String::new());
        while self.lines.len() > PAPER_LINES {
            self.lines.pop_front();
            self.torn_off += 1;
        }
    }

    /// The lines kept, oldest first (the last one is the line being printed).
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        self.lines.iter().cloned().collect()
    }

    /// The kept paper as one text (lines joined by line feeds).
    #[must_use]
    pub fn text(&self) -> String {
        self.lines().join("\n")
    }

    /// Lines torn off the top to keep the last [`PAPER_LINES`].
    #[must_use]
    pub fn torn_off(&self) -> u64 {
        self.torn_off
    }

    /// Codes printed on this paper.
    #[must_use]
    pub fn printed(&self) -> u64 {
        self.printed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_lines_and_breaks_long_ones() {
        let mut p = Paper::new();
        for c in [8, 0, 12, 15, 7] {
            p.print(c);
        }
        assert_eq!(p.lines(), ["80", "7"]);
        assert_eq!(p.text(), "80\n7");
        for _ in 0..PAPER_LINES + 5 {
            p.print(15);
        }
        assert_eq!(p.lines().len(), PAPER_LINES);
        assert_eq!(p.torn_off(), 7);
        let mut p = Paper::new();
        for _ in 0..PAPER_COLUMNS + 1 {
            p.print(1);
        }
        assert_eq!(p.lines()[1], "1");
        assert_eq!(p.printed(), PAPER_COLUMNS as u64 + 1);
    }
}
