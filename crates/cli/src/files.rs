//! The binary's words around `ludomat_io::read` and `ludomat_io::write`: every file the
//! binary reads or writes goes through them (reads capped, special files refused; whole
//! files written atomically, regular files only), and an error names the file.

use ludomat_io::text::Shown as _;
use std::path::Path;

use anyhow::{Context, Result};

pub use ludomat_io::read::{BINARY_CAP, TEXT_CAP};

/// The bytes of the file at `path`, at most `cap` of them.
pub fn read(path: &Path, cap: u64) -> Result<Vec<u8>> {
    ludomat_io::read::bytes(path, cap).with_context(|| format!("cannot read {}", path.shown()))
}

/// The text of the file at `path`, at most `cap` bytes of UTF-8.
pub fn read_string(path: &Path, cap: u64) -> Result<String> {
    ludomat_io::read::text(path, cap).with_context(|| format!("cannot read {}", path.shown()))
}

/// Write `bytes` to `path` atomically (the old file or the new one, never half), only
/// over a regular file or a link to one; missing folders are created.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    ludomat_io::write::atomically(path, bytes)
        .map(drop)
        .with_context(|| format!("cannot write {}", path.shown()))
}

/// Create (replace) `path` for a writer that streams into it, refusing anything but a
/// regular file there.
pub fn create(path: &Path) -> Result<std::fs::File> {
    ludomat_io::write::create(path).with_context(|| format!("cannot write {}", path.shown()))
}
