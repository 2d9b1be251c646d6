//! The Consul teletype on addresses 0x90–0x9f: [`Teletype`] (what it printed, the key
//! latch) and [`Key`].
//!
//! Seed 003: output uses 4-bit character codes — 0–9 print the digit, 15 is a line feed,
//! 10–14 are wired to nothing yet. Any write to 0x90–0x9f prints the low 4 bits of the
//! *data*. The keyboard's digit keys send codes whose low bits are the digit; a 4-bit
//! reed-relay latch keeps the low 4 bits of the last key, and a read of 0x90–0x9f returns
//! them. A key press also wakes a halted CPU.

use std::fmt;
use std::str::FromStr;

/// A digit key 0–9 of the teletype keyboard. (The codes of its other keys are not given in
/// the sources, so only the digit keys are modelled.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key(u8);

impl Key {
    /// The digit key `digit`, if 0–9.
    #[must_use]
    pub const fn new(digit: u8) -> Option<Key> {
        if digit <= 9 {
            Some(Key(digit))
        } else {
            None
        }
    }

    /// The digit.
    #[must_use]
    pub const fn digit(self) -> u8 {
        self.0
    }

    /// What the latch holds after this key: the low 4 bits of its code (= the digit).
    #[must_use]
    pub const fn latch_value(self) -> u8 {
        self.0 & 0x0f
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Text that is not a digit key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a teletype key: {}the machine reads the digit keys 0–9", ludomat_io::text::escape_controls(.0), ludomat_io::text::hidden_where(.0).map_or_else(String::new, |w| w + "; "))]
pub struct ParseKeyError(pub String);

impl FromStr for Key {
    type Err = ParseKeyError;
    fn from_str(s: &str) -> Result<Key, ParseKeyError> {
        match s.trim().as_bytes() {
            [d @ b'0'..=b'9'] => Ok(Key(d - b'0')),
            _ => Err(ParseKeyError(s.trim().to_string())),
        }
    }
}

/// The character code 15: line feed.
pub const NEWLINE: u8 = 15;

/// What a printed 4-bit code looks like on paper: a digit, a line feed, or nothing
/// (10–14 are not wired to any character).
#[must_use]
pub const fn glyph(code: u8) -> Option<char> {
    match code & 0x0f {
        d @ 0..=9 => Some((b'0' + d) as char),
        NEWLINE => Some('\n'),
        _ => None,
    }
}

/// The teletype as the CPU sees it: everything printed so far, and the key latch.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Teletype {
    printed: Vec<u8>,
    latch: u8,
    keys_pressed: u64,
    reads: u64,
}

impl Teletype {
    /// A teletype with blank paper and a clear latch.
    #[must_use]
    pub fn new() -> Self {
        Teletype::default()
    }

    /// Every 4-bit code printed, in order.
    #[must_use]
    pub fn printed(&self) -> &[u8] {
        &self.printed
    }

    /// The paper: the printed codes rendered (digits, line feeds; codes 10–14 leave no
    /// mark).
    #[must_use]
    pub fn paper(&self) -> String {
        self.printed.iter().filter_map(|&c| glyph(c)).collect()
    }

    /// The latch: the low 4 bits of the last key pressed (0 before any key).
    #[must_use]
    pub const fn latch(&self) -> u8 {
        self.latch
    }

    /// How many keys were pressed.
    #[must_use]
    pub const fn keys_pressed(&self) -> u64 {
        self.keys_pressed
    }

    /// How many times the CPU has read the latch.
    #[must_use]
    pub const fn reads(&self) -> u64 {
        self.reads
    }

    /// The CPU reads 0x90–0x9f: the latch, counted.
    #[inline]
    pub fn read(&mut self) -> u8 {
        self.reads += 1;
        self.latch
    }

    /// The CPU writes `value` to 0x90–0x9f: the low 4 bits are printed.
    #[inline]
    pub fn print(&mut self, value: u8) {
        self.printed.push(value & 0x0f);
    }

    /// A key is pressed: the latch takes its low 4 bits.
    pub fn press(&mut self, key: Key) {
        self.latch = key.latch_value();
        self.keys_pressed += 1;
    }

    /// Tear off the paper (clears what was printed; the latch stays).
    pub fn clear_paper(&mut self) {
        self.printed.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_character_in_a_key_is_named() {
        let e = "4\u{200b}".parse::<Key>().unwrap_err().to_string();
        assert_eq!(
            e,
            "'4\\u{200b}' is not a teletype key: character 2 is a zero-width space (U+200B); \
             the machine reads the digit keys 0–9"
        );
    }

    #[test]
    fn prints_low_bits_and_latches_keys() {
        let mut t = Teletype::new();
        t.print(0x98);
        t.print(15);
        t.print(12);
        t.print(3);
        assert_eq!(t.printed(), [8, 15, 12, 3]);
        assert_eq!(t.paper(), "8\n3");
        assert_eq!(t.latch(), 0);
        t.press("7".parse().unwrap());
        assert_eq!(t.latch(), 7);
        assert!("a".parse::<Key>().is_err());
        assert!("10"
            .parse::<Key>()
            .unwrap_err()
            .to_string()
            .contains("'10'"));
        assert_eq!(Key::new(10), None);
    }
}
