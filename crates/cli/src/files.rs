//! Every file the binary reads or writes, through one place: reads are capped in size
//! ([`read`], [`read_string`]: a puzzle of gigabytes or `/dev/zero` is an error, not the
//! whole memory), whole files are written atomically and only over a regular file
//! ([`write`]: a FIFO, a device or a folder at the path is refused, never replaced), and
//! a file written line by line is opened only where a regular file may go ([`create`]).

use std::path::Path;

use anyhow::{Context, Result};

/// The most bytes of a text input: puzzles, answers, assembler sources, vector files,
/// game records, summaries, weights. The largest shipped one is a few kilobytes.
pub const TEXT_CAP: u64 = 16 << 20;
/// The most bytes of a binary input: ROM images, certificates and proof trees (gzip;
/// the decompressed size has its own bound in each reader).
pub const BINARY_CAP: u64 = 64 << 20;

/// The bytes of the file at `path`, at most `cap` of them.
pub fn read(path: &Path, cap: u64) -> Result<Vec<u8>> {
    ludomat_game::save::read_capped(path, cap)
        .with_context(|| format!("cannot read {}", path.display()))
}

/// The text of the file at `path`, at most `cap` bytes of UTF-8.
pub fn read_string(path: &Path, cap: u64) -> Result<String> {
    ludomat_game::save::read_capped_string(path, cap)
        .with_context(|| format!("cannot read {}", path.display()))
}

/// Write `bytes` to `path` atomically (the old file or the new one, never half), only
/// over a regular file or a link to one; missing folders are created.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    ludomat_game::save::write_atomically(path, bytes.as_ref(), ".ludomat-")
        .map(drop)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Create (truncate) `path` for writing line by line, refusing anything but a regular
/// file there (opening a FIFO would wait for a reader; a device would be written into).
pub fn create(path: &Path) -> Result<std::fs::File> {
    ludomat_game::save::check_target(path)
        .and_then(|()| std::fs::File::create(path))
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Open `path` to append to it, on the same terms as [`create`].
pub fn append(path: &Path) -> Result<std::fs::File> {
    ludomat_game::save::check_target(path)
        .and_then(|()| std::fs::OpenOptions::new().append(true).open(path))
        .with_context(|| format!("cannot write {}", path.display()))
}
