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

/// An output's format that contradicts its name (see [`Format::for_output`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FormatClash(String);

impl Format {
    /// The format of an output file named `path`: the one `asked` (`--format`), or the
    /// one its name gives — the readers' rule ([`read_image`]): a `.hex` file is text hex,
    /// any other image binary. A format that contradicts the name is refused, so that
    /// what is written is read back as it was meant (`-o img.bin --format hex` would be
    /// disassembled as binary garbage; `-o img.hex --format bin` refused as not text); a
    /// source's name (`.asm`, `.s`, `.src`) takes no image or listing, as `relay run`
    /// would assemble it.
    ///
    /// # Errors
    /// The clash, naming the format, the file and what to do.
    pub fn for_output(path: &Path, asked: Option<Format>) -> Result<Format, FormatClash> {
        let file = ludomat_io::text::path(path);
        let hex = is_hex(path);
        let flag = |f: Format| match f {
            Format::Bin => "--format bin",
            Format::Hex => "--format hex",
            Format::Listing => "--format listing",
        };
        if is_source(path) {
            return Err(FormatClash(format!(
                "{file}: a file of that name is read as a source (relay run assembles it): \
                 write the image to a .bin or .hex file{}",
                asked.map_or(String::new(), |f| format!(" ({} asked)", flag(f)))
            )));
        }
        match asked {
            None if hex => Ok(Format::Hex),
            None => Ok(Format::Bin),
            Some(Format::Hex) if !hex => Err(FormatClash(format!(
                "--format hex -o {file}: only a .hex file is read as text hex (relay disasm \
                 and relay run would read {file} as a binary image): name it .hex"
            ))),
            Some(f @ (Format::Bin | Format::Listing)) if hex => Err(FormatClash(format!(
                "{} -o {file}: a .hex file is read as text hex words: give it another \
                 name, or drop {} to write text hex",
                flag(f),
                flag(f)
            ))),
            Some(f) => Ok(f),
        }
    }

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
    #[error("{name} is not a text hex image{}", by_name_note(.by_name))]
    NotText {
        /// The file.
        name: String,
        /// Read as hex because of its name (no format was given).
        by_name: bool,
    },
    /// A file read as a binary image because of its name that holds text hex words:
    /// disassembled, its characters would be garbage.
    #[error("{name} holds text hex words, but only a .hex file is read as hex (any other name as a binary image): name it .hex")]
    HexText {
        /// The file.
        name: String,
    },
    /// An image without a single word: nothing to run.
    #[error("{name} holds no words: the ROM image is empty")]
    Empty {
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

/// Why a file read as text hex because of its name is not: a binary image misnamed.
fn by_name_note(by_name: &bool) -> &'static str {
    if *by_name {
        " (a .hex file is read as text hex words): a binary image needs another name, e.g. .bin"
    } else {
        ""
    }
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
    let name = ludomat_io::text::path(path).to_string();
    let by_name = format.is_none();
    let words = match format.unwrap_or(if is_hex(path) {
        ImageFormat::Hex
    } else {
        ImageFormat::Bin
    }) {
        ImageFormat::Bin => {
            if by_name && is_hex_text(&bytes) {
                return Err(ImageError::HexText { name });
            }
            from_bytes(&bytes).map_err(|source| ImageError::Bin {
                name: name.clone(),
                source,
            })?
        }
        ImageFormat::Hex => {
            let Ok(text) = String::from_utf8(bytes) else {
                return Err(ImageError::NotText { name, by_name });
            };
            from_hex(&text).map_err(|source| ImageError::Hex {
                name: name.clone(),
                source,
            })?
        }
    };
    if words.is_empty() {
        return Err(ImageError::Empty { name });
    }
    Ok(words)
}

/// Whether the file's name says text hex (`.hex`, any case).
fn is_hex(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("hex"))
}

/// Whether `bytes` are a text hex image (printable ASCII and white space that read as at
/// least one hex word): what a binary image almost never is, since its words would all
/// have to be pairs of hex digits, spaces and line ends.
fn is_hex_text(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .all(|b| b.is_ascii_graphic() || b.is_ascii_whitespace())
        && std::str::from_utf8(bytes)
            .ok()
            .and_then(|t| from_hex(t).ok())
            .is_some_and(|w| !w.is_empty())
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

    /// Hostile item 6: the reader went by the name, the writer did not: `-o img.hex`
    /// wrote binary, `-o img.bin --format hex` text that disassembled as garbage.
    #[test]
    fn what_is_written_is_read_back_by_its_name() {
        let program = crate::assemble("MOVI A, 8\nHALT").unwrap();
        let (bin, hex) = (Path::new("t.bin"), Path::new("t.hex"));
        let for_output = |name: &str, asked| Format::for_output(Path::new(name), asked);
        assert_eq!(for_output("img.hex", None), Ok(Format::Hex));
        assert_eq!(for_output("img.HEX", None), Ok(Format::Hex));
        assert_eq!(for_output("img.bin", None), Ok(Format::Bin));
        assert_eq!(for_output("img", None), Ok(Format::Bin));
        assert_eq!(
            for_output("img.lst", Some(Format::Listing)),
            Ok(Format::Listing)
        );
        let e = for_output("img.bin", Some(Format::Hex))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("--format hex -o img.bin: only a .hex file"),
            "{e}"
        );
        let e = for_output("img.hex", Some(Format::Bin))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("--format bin -o img.hex: a .hex file"), "{e}");
        assert!(for_output("img.hex", Some(Format::Listing)).is_err());
        assert!(for_output("img.asm", None).is_err());
        // every format the writer picks by the name reads back as the program
        for name in ["img.hex", "img.bin", "img"] {
            let f = for_output(name, None).unwrap();
            let words = read_image(Path::new(name), f.encode(&program), None).unwrap();
            assert_eq!(words, program.words, "{name}");
        }
        // bytes that contradict the name are said so, never garbage
        let hex_bytes = Format::Hex.encode(&program);
        let e = read_image(bin, hex_bytes.clone(), None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("t.bin holds text hex words"), "{e}");
        // unless the format is given
        assert!(read_image(bin, hex_bytes, Some(ImageFormat::Bin)).is_ok());
        let e = read_image(hex, Format::Bin.encode(&program), None).unwrap_err();
        assert!(
            e.to_string().contains("a binary image needs another name"),
            "{e}"
        );
    }

    /// Hostile item 14: an empty image ran a blank ROM to --max-steps.
    #[test]
    fn an_empty_image_is_refused() {
        for (name, format) in [
            ("e.bin", None),
            ("e.hex", None),
            ("e", Some(ImageFormat::Hex)),
        ] {
            let e = read_image(Path::new(name), Vec::new(), format).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("{name} holds no words: the ROM image is empty")
            );
        }
        let e = read_image(Path::new("c.hex"), b"; only a comment\n".to_vec(), None);
        assert!(matches!(e, Err(ImageError::Empty { .. })), "{e:?}");
    }
}
