//! A program's words as files: the formats `relay asm` writes ([`Format`]: binary, hex,
//! the article's listing) and the ROM images `relay disasm` and `relay run` read
//! ([`ImageFormat`], [`read_image`]), and which file names are sources ([`is_source`]).

use std::path::Path;

use crate::memory::{from_bytes, from_hex, to_bytes, to_hex, HexError, RomError};
use crate::Program;

/// What `relay asm` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// Two bytes per word, byte 1 (high) first.
    Bin,
    /// One word per line, four hex digits.
    Hex,
    /// The article's listing: `mnemonic   addr: bbbbbbbb bbbbbbbb`.
    Listing,
}

impl Format {
    /// The program in this format.
    #[must_use]
    pub fn encode(self, program: &Program) -> Vec<u8> {
        match self {
            Format::Bin => to_bytes(&program.words),
            Format::Hex => to_hex(&program.words).into_bytes(),
            Format::Listing => program.listing_text().into_bytes(),
        }
    }
}

/// A ROM image's format, for reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ImageFormat {
    /// Two bytes per word, byte 1 first.
    Bin,
    /// Hex words separated by white space.
    Hex,
}

/// Why an image could not be read; each names the file.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// A binary image that is not whole words, or too long.
    #[error("{name}")]
    Bin {
        /// The file.
        name: String,
        /// What is wrong.
        #[source]
        source: RomError,
    },
    /// A hex image that is not UTF-8 text.
    #[error("{name} is not a text hex image")]
    NotText {
        /// The file.
        name: String,
    },
    /// A hex image with a word that does not read.
    #[error("{name}")]
    Hex {
        /// The file.
        name: String,
        /// What is wrong, and where.
        #[source]
        source: HexError,
    },
}

/// The words of the image file `path` holding `bytes`, in `format` (by default: hex for
/// a `.hex` file, otherwise binary).
///
/// # Errors
/// When the bytes are not an image in that format.
pub fn read_image(
    path: &Path,
    bytes: Vec<u8>,
    format: Option<ImageFormat>,
) -> Result<Vec<u16>, ImageError> {
    let name = path.display().to_string();
    let hex = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("hex"));
    match format.unwrap_or(if hex {
        ImageFormat::Hex
    } else {
        ImageFormat::Bin
    }) {
        ImageFormat::Bin => from_bytes(&bytes).map_err(|source| ImageError::Bin { name, source }),
        ImageFormat::Hex => {
            let Ok(text) = String::from_utf8(bytes) else {
                return Err(ImageError::NotText { name });
            };
            from_hex(&text).map_err(|source| ImageError::Hex { name, source })
        }
    }
}

/// Whether the file is a source (`.asm`, `.s`, `.src`) rather than an image.
#[must_use]
pub fn is_source(path: &Path) -> bool {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    matches!(ext.as_deref(), Some("asm" | "s" | "src"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_read_by_their_names_and_name_the_file() {
        let words = vec![0x8008, 0x3090];
        let hex = Path::new("t.HEX");
        assert_eq!(
            read_image(hex, to_hex(&words).into_bytes(), None).unwrap(),
            words
        );
        let bin = Path::new("t.bin");
        assert_eq!(read_image(bin, to_bytes(&words), None).unwrap(), words);
        let e = read_image(bin, vec![1, 2, 3], None).unwrap_err();
        assert!(e.to_string() == "t.bin" && std::error::Error::source(&e).is_some());
        let e = read_image(bin, vec![0xff], Some(ImageFormat::Hex)).unwrap_err();
        assert_eq!(e.to_string(), "t.bin is not a text hex image");
        assert!(is_source(Path::new("x.ASM")) && !is_source(Path::new("x.hex")));
    }
}
