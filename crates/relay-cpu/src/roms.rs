//! The programs shipped in `programs/relay/`, built in: the tic-tac-toe ROM as numbered in
//! the article, the corrected one, and the never-stopping benchmark program.

use std::fmt;
use std::str::FromStr;

use crate::{assemble, Rom};

/// `programs/relay/tictactoe.asm`: the ROM exactly as numbered in the article.
pub const TICTACTOE_SOURCE: &str = include_str!("../../../programs/relay/tictactoe.asm");
/// `programs/relay/tictactoe-corrected.asm`: a draw prints 9.
pub const TICTACTOE_CORRECTED_SOURCE: &str =
    include_str!("../../../programs/relay/tictactoe-corrected.asm");
/// `programs/relay/busy.asm`: runs forever (a 16-bit LFSR), for measuring speed.
pub const BUSY_SOURCE: &str = include_str!("../../../programs/relay/busy.asm");

/// Which tic-tac-toe ROM.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TicTacToeRom {
    /// The 46 words as numbered in the article (seed 003): bit-exact; a draw halts without
    /// printing 9 (the article's unnumbered `STORE A, 0x90` is not among them).
    #[default]
    AsNumbered,
    /// One word patched (`1b: JMP 0x28`): a draw prints a single 9, as the text says.
    Corrected,
}

impl TicTacToeRom {
    /// Both.
    pub const ALL: [TicTacToeRom; 2] = [TicTacToeRom::AsNumbered, TicTacToeRom::Corrected];

    /// Its source.
    #[must_use]
    pub const fn source(self) -> &'static str {
        match self {
            TicTacToeRom::AsNumbered => TICTACTOE_SOURCE,
            TicTacToeRom::Corrected => TICTACTOE_CORRECTED_SOURCE,
        }
    }

    /// Its 46 words.
    ///
    /// # Panics
    /// Never: the built-in sources assemble (a test checks).
    #[must_use]
    pub fn words(self) -> Vec<u16> {
        assemble(self.source())
            .map(|p| p.words)
            .unwrap_or_else(|e| panic!("built-in ROM {self} does not assemble: {e}"))
    }

    /// The 64-word ROM holding it.
    ///
    /// # Panics
    /// Never: 46 words fit 64.
    #[must_use]
    pub fn rom(self) -> Rom {
        Rom::standard(&self.words()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// `as-numbered` or `corrected`.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            TicTacToeRom::AsNumbered => "as-numbered",
            TicTacToeRom::Corrected => "corrected",
        }
    }
}

impl fmt::Display for TicTacToeRom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Not a ROM name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown ROM '{}': expected as-numbered or corrected", ludomat_io::text::escape_controls(.0))]
pub struct UnknownRom(pub String);

impl FromStr for TicTacToeRom {
    type Err = UnknownRom;
    fn from_str(s: &str) -> Result<Self, UnknownRom> {
        TicTacToeRom::ALL
            .into_iter()
            .find(|r| r.label().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownRom(s.to_string()))
    }
}

/// The programs of `programs/relay/` by file name, as built into the library.
pub const BUILT_IN: [(&str, &str); 3] = [
    ("tictactoe.asm", TICTACTOE_SOURCE),
    ("tictactoe-corrected.asm", TICTACTOE_CORRECTED_SOURCE),
    ("busy.asm", BUSY_SOURCE),
];

/// The built-in copy of a program named as in a checkout (`programs/relay/tictactoe.asm`,
/// or its bare file name), so that a command written for the repository also runs outside
/// it. `None` for any other path.
#[must_use]
pub fn built_in(path: &std::path::Path) -> Option<&'static str> {
    let name = path.file_name()?.to_str()?;
    let folder = path.parent().unwrap_or(std::path::Path::new(""));
    if !(folder.as_os_str().is_empty() || folder.ends_with("programs/relay")) {
        return None;
    }
    BUILT_IN
        .iter()
        .find(|(file, _)| *file == name)
        .map(|(_, source)| *source)
}

/// The benchmark program's words.
///
/// # Panics
/// Never: the built-in source assembles (a test checks).
#[must_use]
pub fn busy_words() -> Vec<u16> {
    assemble(BUSY_SOURCE)
        .map(|p| p.words)
        .unwrap_or_else(|e| panic!("busy.asm does not assemble: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_are_found_by_their_checkout_path() {
        use std::path::Path;
        assert_eq!(
            built_in(Path::new("programs/relay/tictactoe.asm")),
            Some(TICTACTOE_SOURCE)
        );
        assert_eq!(built_in(Path::new("busy.asm")), Some(BUSY_SOURCE));
        assert_eq!(built_in(Path::new("/tmp/x/tictactoe.asm")), None);
        assert_eq!(built_in(Path::new("programs/relay/other.asm")), None);
    }

    #[test]
    fn the_two_roms_differ_in_one_word() {
        let a = TicTacToeRom::AsNumbered.words();
        let b = TicTacToeRom::Corrected.words();
        assert_eq!((a.len(), b.len()), (46, 46));
        let diff: Vec<_> = (0..46).filter(|&i| a[i] != b[i]).collect();
        assert_eq!(diff, [0x1b]);
        assert_eq!(a[0x1b], 0x1000);
        assert_eq!(b[0x1b], 0x8728);
        assert_eq!("Corrected".parse(), Ok(TicTacToeRom::Corrected));
        assert!(busy_words().len() < 64);
    }
}
