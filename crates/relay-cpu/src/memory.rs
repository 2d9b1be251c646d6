//! The 8-bit address space: the DIP-switch [`Rom`] and the memory map.
//!
//! | range | contents |
//! |---|---|
//! | 0x00–0x3f | ROM, 64 words of two DIP switches each; a data read returns the low byte |
//! | 0x40–0x7f | not fitted: reads 0 |
//! | 0x80–0x8f | two 8-bit toggle-switch banks: even address → first bank, odd → second |
//! | 0x90–0x9f | the teletype: write prints the low 4 bits, read returns the key latch |
//! | 0xa0–0xff | unused: reads 0 |
//!
//! (Seed 003 and spec `relay-cpu.md`, "Memory map".) The ROM size is a parameter — the
//! builder may double it; the address space allows 256 words. When the ROM reaches into
//! 0x80–0x9f, data accesses there still go to the switches and the teletype.
//! Writes anywhere but the teletype change nothing (the ROM is switches).

use std::fmt;

/// The first toggle-switch address.
pub const SWITCHES: u8 = 0x80;
/// The last toggle-switch address.
pub const SWITCHES_END: u8 = 0x8f;
/// The first teletype address (the one programs use).
pub const TELETYPE: u8 = 0x90;
/// The last teletype address.
pub const TELETYPE_END: u8 = 0x9f;
/// The ROM size of the machine in the seed.
pub const DEFAULT_ROM_WORDS: usize = 64;
/// The most words an 8-bit address can reach.
pub const MAX_ROM_WORDS: usize = 256;

/// Which device answers a data access at an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Region {
    /// A ROM word (its index).
    Rom(u8),
    /// A toggle-switch bank: 0 (even addresses) or 1 (odd).
    Switches(u8),
    /// The teletype.
    Teletype,
    /// Nothing: reads 0, writes are lost.
    Unmapped,
}

/// Where `addr` goes on a machine with `rom_words` of ROM.
#[must_use]
pub const fn region(addr: u8, rom_words: usize) -> Region {
    match addr {
        SWITCHES..=SWITCHES_END => Region::Switches(addr & 1),
        TELETYPE..=TELETYPE_END => Region::Teletype,
        a if (a as usize) < rom_words => Region::Rom(a),
        _ => Region::Unmapped,
    }
}

/// The program ROM: `size` words, unused words 0 (`NOP`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rom {
    words: Vec<u16>,
}

/// A ROM that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RomError {
    /// The size is outside 1–256.
    #[error(
        "a ROM of {} cannot be addressed: the size must be 1 to 256 words",
        ludomat_io::text::count(*.0 as u64, "word", "words")
    )]
    BadSize(usize),
    /// The program does not fit.
    #[error(
        "the program is {} but the ROM holds {}",
        ludomat_io::text::count(*.words as u64, "word", "words"),
        ludomat_io::text::thousands(*.size as u64)
    )]
    TooLarge {
        /// Program words.
        words: usize,
        /// ROM words.
        size: usize,
    },
    /// A binary image with an odd number of bytes.
    #[error(
        "a ROM image is whole 16-bit words, but this one has {}",
        ludomat_io::text::count(*.0 as u64, "byte", "bytes")
    )]
    OddLength(usize),
}

impl Rom {
    /// A ROM of `size` words holding `program` from address 0, the rest 0.
    ///
    /// # Errors
    /// When `size` is not 1–256 or the program is longer.
    pub fn new(program: &[u16], size: usize) -> Result<Rom, RomError> {
        if size == 0 || size > MAX_ROM_WORDS {
            return Err(RomError::BadSize(size));
        }
        if program.len() > size {
            return Err(RomError::TooLarge {
                words: program.len(),
                size,
            });
        }
        let mut words = program.to_vec();
        words.resize(size, 0);
        Ok(Rom { words })
    }

    /// A 64-word ROM holding `program`.
    ///
    /// # Errors
    /// When the program is longer than 64 words.
    pub fn standard(program: &[u16]) -> Result<Rom, RomError> {
        Rom::new(program, DEFAULT_ROM_WORDS)
    }

    /// Words of ROM.
    #[must_use]
    pub fn size(&self) -> usize {
        self.words.len()
    }

    /// Every word, `size` of them.
    #[must_use]
    pub fn words(&self) -> &[u16] {
        &self.words
    }

    /// The word an instruction fetch at `addr` sees: outside the ROM the bus floats to 0,
    /// which is `NOP` (an assumption: the sources do not say what happens there).
    #[must_use]
    pub fn fetch(&self, addr: u8) -> u16 {
        self.words.get(addr as usize).copied().unwrap_or(0)
    }
}

/// A binary image: each word as two bytes, byte 1 (high) first, as the listings write it.
#[must_use]
pub fn to_bytes(words: &[u16]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_be_bytes()).collect()
}

/// Words from a binary image (byte 1 first).
///
/// # Errors
/// [`RomError::OddLength`] when the image is not whole words.
pub fn from_bytes(bytes: &[u8]) -> Result<Vec<u16>, RomError> {
    if !bytes.len().is_multiple_of(2) {
        return Err(RomError::OddLength(bytes.len()));
    }
    Ok(bytes
        .chunks_exact(2)
        .map(|p| u16::from_be_bytes([p[0], p[1]]))
        .collect())
}

/// A hex image: one word per line, four hex digits (`8008`).
#[must_use]
pub fn to_hex(words: &[u16]) -> String {
    words.iter().map(|w| format!("{w:04x}\n")).collect()
}

/// A hex text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}: '{}' is not a 16-bit hex word",
    ludomat_io::text::line(*line),
    ludomat_io::text::escape_controls(text)
)]
pub struct HexError {
    /// 1-based line.
    pub line: usize,
    /// The offending text.
    pub text: String,
}

/// Words from a hex image: white-space separated 16-bit hex words (an optional `0x`,
/// an optional `addr:` prefix per line as [`to_hex`]'s readers may add), `;` comments.
///
/// # Errors
/// The first token that is not a hex word.
pub fn from_hex(text: &str) -> Result<Vec<u16>, HexError> {
    let mut words = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split(';').next().unwrap_or("");
        for tok in line.split_whitespace() {
            if tok.ends_with(':') {
                continue;
            }
            let digits = tok
                .strip_prefix("0x")
                .or_else(|| tok.strip_prefix("0X"))
                .unwrap_or(tok);
            let ok = !digits.is_empty() && digits.len() <= 4;
            match u16::from_str_radix(digits, 16) {
                Ok(w) if ok => words.push(w),
                _ => {
                    return Err(HexError {
                        line: i + 1,
                        text: tok.to_string(),
                    })
                }
            }
        }
    }
    Ok(words)
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Region::Rom(a) => write!(f, "ROM word {a:#04x}"),
            Region::Switches(b) => write!(f, "switch bank {}", b + 1),
            Region::Teletype => f.write_str("teletype"),
            Region::Unmapped => f.write_str("nothing"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map() {
        assert_eq!(region(0x00, 64), Region::Rom(0));
        assert_eq!(region(0x3f, 64), Region::Rom(0x3f));
        assert_eq!(region(0x40, 64), Region::Unmapped);
        assert_eq!(region(0x40, 128), Region::Rom(0x40));
        assert_eq!(region(0x80, 64), Region::Switches(0));
        assert_eq!(region(0x8f, 256), Region::Switches(1));
        assert_eq!(region(0x90, 64), Region::Teletype);
        assert_eq!(region(0x9f, 64), Region::Teletype);
        assert_eq!(region(0xa0, 64), Region::Unmapped);
        assert_eq!(region(0xa0, 256), Region::Rom(0xa0));
    }

    #[test]
    fn images_round_trip() {
        let words = [0x8008, 0x3090, 0x1000];
        assert_eq!(to_bytes(&words), [0x80, 0x08, 0x30, 0x90, 0x10, 0x00]);
        assert_eq!(from_bytes(&to_bytes(&words)), Ok(words.to_vec()));
        assert_eq!(from_hex(&to_hex(&words)), Ok(words.to_vec()));
        assert_eq!(from_bytes(&[1, 2, 3]), Err(RomError::OddLength(3)));
        assert_eq!(from_hex("00: 8008 ; x\n0x1000").unwrap(), [0x8008, 0x1000]);
        assert_eq!(from_hex("8008\n12345").unwrap_err().line, 2);
        assert!(Rom::new(&[0; 65], 64).is_err());
        assert!(Rom::new(&[], 0).is_err());
        assert_eq!(Rom::new(&[1], 4).unwrap().words(), [1, 0, 0, 0]);
    }
}
