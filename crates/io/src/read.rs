//! Reading, one way: every file, line, standard-input message and protocol line the
//! workspace reads comes through here, capped.
//!
//! * Files: [`bytes`] and [`text`] read a whole file up to a cap ([`TEXT_CAP`],
//!   [`BINARY_CAP`] or the caller's own) and name the cap when the file is longer
//!   (`longer than the 16 MiB allowed`); [`open`] opens one for a streaming reader. A
//!   folder, a FIFO, a device or a socket is refused *before* it is opened
//!   ([`check_readable`]; and again on the opened file, so a path swapped in between is
//!   refused too): a FIFO would wait for a writer or read as an empty file, `/dev/zero`
//!   never ends.
//! * Folders: [`files_in`] lists the regular files of a folder with an extension (a FIFO
//!   or a link to `/dev/zero` named `x.test` is left out and reported, never read).
//! * Lines: [`Lines`] reads lines from any `BufRead` and never holds more than its cap
//!   ([`LINE_CAP`], 4,096 bytes, unless the caller sets another): a longer line is an
//!   error naming the cap and the line's number (`a line longer than 4,096 bytes at line
//!   12`), whether it comes from a pipe, a terminal or `/dev/zero`. [`stdin_line`] is the
//!   same for the process's standard input, shared with whatever else reads it.

use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use crate::error::in_words;
use crate::text::thousands;

/// The most bytes of one line: a prompt's answer, a protocol message, a line of a text
/// file read line by line.
pub const LINE_CAP: usize = 4096;
/// The most bytes of a text file: puzzles, answers, assembler sources, vector files,
/// netlists, game records, CSV logs, weights, states. The largest shipped one is a few
/// hundred kilobytes.
pub const TEXT_CAP: u64 = 16 << 20;
/// The most bytes of a binary file: ROM images, certificates and proof trees (gzip; the
/// decompressed size has its own bound in each reader).
pub const BINARY_CAP: u64 = 64 << 20;

/// A byte count as people say it: `64 MiB`, `512 KiB`, `100 bytes`.
#[must_use]
pub fn size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{} bytes", thousands(bytes))
    }
}

/// What kind of thing a file type is, in words: `a FIFO`, `a folder`, `a character device`.
#[must_use]
pub fn kind_of(t: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else if t.is_file() {
        "a file"
    } else {
        "not a regular file"
    }
}

fn not_regular(what: &'static str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("is {what}, not a regular file: only regular files are read"),
    )
}

/// Refuse to read `path` unless it is a regular file (links followed): a folder, a FIFO,
/// a device or a socket is an error naming what it is. A file this process's standard
/// output or error goes to (`ludomat menace stats --state s.json >> s.json`) is refused
/// too, before anything is printed into it: what the command prints would be added to
/// the file it reads (a saved state damaged by its own report). The refusal is the one of
/// an output that is its own stream ([`crate::output::is_own_stream`]: a usage error).
///
/// # Errors
/// `InvalidInput` naming what is there, or the error of looking at it (not found …).
pub fn check_readable(path: &Path) -> io::Result<()> {
    let meta = std::fs::metadata(path).map_err(in_words)?;
    if !meta.file_type().is_file() {
        return Err(not_regular(kind_of(&meta.file_type())));
    }
    match own_stream(path) {
        Some(stream) => {
            let words = read_into_words(path, stream);
            let _ = READ_INTO_OWN_STREAM.set(words.clone());
            Err(own_stream_error(words))
        }
        None => Ok(()),
    }
}

/// A state file that a run reads and saves, which this process's standard output or
/// error goes to and which is empty: the shell's `>` emptied it before the command
/// started, and the refusal says so in [`check_readable`]'s words (a usage error), not
/// only that it cannot be written (`menace train > s.json`).
///
/// # Errors
/// [`check_readable`]'s refusal.
pub fn refuse_emptied(path: &Path) -> io::Result<()> {
    let empty = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == 0);
    if empty && own_stream(path).is_some() {
        check_readable(path)?;
    }
    Ok(())
}

/// The first refusal of [`check_readable`] of a file this process's standard output or
/// error goes to, in its words.
static READ_INTO_OWN_STREAM: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// The refusal of a file this process reads that is also where its standard output (or
/// error) goes, if a read was refused so ([`check_readable`]): a command that failed
/// after it failed of it, however its error wrapped the reader's (a state's loader that
/// kept only the words), and the binary says it as a usage error (status 2) in these
/// words.
#[must_use]
pub fn refused_own_stream() -> Option<String> {
    READ_INTO_OWN_STREAM.get().cloned()
}

/// What a refusal of a file the shell's `>` redirected into adds: the file was emptied
/// before the command started, whatever the command then does.
pub const EMPTIED: &str = "the shell emptied it before the command started ('>' empties a \
                           file): what it held is gone unless you have a copy";

/// The refusal of an input that is also where `stream` goes: `s.json is read by this
/// command and is also where its standard output goes (a shell redirection): …`.
fn read_into_words(path: &Path, stream: &str) -> String {
    // `> s.json` empties the file before the command starts: nothing is left to protect
    let emptied = std::fs::metadata(path).is_ok_and(|m| m.len() == 0);
    let what = if emptied {
        EMPTIED
    } else {
        "what it prints would be added to the file it reads"
    };
    format!(
        "{} is read by this command and is also where its {stream} goes (a shell \
         redirection): {what}; send the {stream} to another file",
        crate::text::path(path)
    )
}

/// Open `path` for reading, a regular file only ([`check_readable`], checked before the
/// open and again on the opened file). The open does not block: a FIFO put at the path
/// between the two checks does not hang it.
///
/// # Errors
/// As [`check_readable`], or the open error.
pub fn open(path: &Path) -> io::Result<std::fs::File> {
    open_raw(path).map_err(in_words)
}

#[allow(clippy::disallowed_methods)] // the one place files are opened for reading
fn open_raw(path: &Path) -> io::Result<std::fs::File> {
    check_readable(path)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.file_type().is_file() {
        return Err(not_regular(kind_of(&meta.file_type())));
    }
    #[cfg(unix)]
    {
        use std::os::unix::io::AsRawFd;
        // SAFETY: fcntl on a descriptor this function owns, with valid commands.
        unsafe {
            let fd = file.as_raw_fd();
            let flags = libc::fcntl(fd, libc::F_GETFL);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
            }
        }
    }
    Ok(file)
}

/// Read all of `reader` up to `cap` bytes: an error naming the cap when there is more.
///
/// # Errors
/// The read error, or `InvalidData` ("longer than the 16 MiB allowed").
#[allow(clippy::disallowed_methods)] // capped by `take`
pub fn capped(reader: impl Read, cap: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(in_words)?;
    if bytes.len() as u64 > cap {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("longer than the {} allowed", size(cap)),
        ));
    }
    Ok(bytes)
}

/// At most `limit` bytes of `reader` (a decoder whose output has a bound of its own: the
/// caller reads `bound + 1` and refuses more than `bound`).
///
/// # Errors
/// The read error.
#[allow(clippy::disallowed_methods)] // capped by `take`
pub fn at_most(reader: impl Read, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(in_words)?;
    Ok(bytes)
}

/// All of `reader` as UTF-8 text, up to `cap` bytes ([`capped`], [`utf8`]).
///
/// # Errors
/// As [`capped`] and [`utf8`].
pub fn capped_text(reader: impl Read, cap: u64) -> io::Result<String> {
    utf8(capped(reader, cap)?)
}

/// The bytes of the regular file at `path`, at most `cap` of them.
///
/// # Errors
/// As [`open`], or `InvalidData` when the file is longer than `cap`.
pub fn bytes(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    capped(open(path)?, cap)
}

/// `bytes` as UTF-8 text, or `InvalidData` naming the first bad byte.
///
/// # Errors
/// `InvalidData` for text that is not UTF-8.
pub fn utf8(bytes: Vec<u8>) -> io::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        )
    })
}

/// The text (UTF-8) of the regular file at `path`, at most `cap` bytes.
///
/// # Errors
/// As [`bytes`], or `InvalidData` for text that is not UTF-8.
pub fn text(path: &Path, cap: u64) -> io::Result<String> {
    utf8(bytes(path, cap)?)
}

/// The text of the regular file at `path`, at most [`TEXT_CAP`] bytes (the usual cap for
/// text: see [`text`] for another).
///
/// # Errors
/// As [`text`].
pub fn to_string(path: impl AsRef<Path>) -> io::Result<String> {
    text(path.as_ref(), TEXT_CAP)
}

/// The bytes of the regular file at `path`, at most [`BINARY_CAP`] (see [`bytes`] for
/// another cap).
///
/// # Errors
/// As [`bytes`].
pub fn to_bytes(path: impl AsRef<Path>) -> io::Result<Vec<u8>> {
    bytes(path.as_ref(), BINARY_CAP)
}

/// The most entries [`files_in`] looks at in one folder.
pub const MAX_ENTRIES: usize = 100_000;

/// The files of a folder scan: the regular files (links to one included) whose name ends
/// in `.extension`, in name order, and the names with that extension that are something
/// else (a FIFO, a device, a folder, a dangling link), with what they are.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scan {
    /// Regular files, in name order.
    pub files: Vec<PathBuf>,
    /// Other things with the extension, and what each is ("a FIFO").
    pub refused: Vec<(PathBuf, String)>,
}

/// The regular files in `dir` whose name ends in `.extension` (see [`Scan`]); at most
/// [`MAX_ENTRIES`] entries are looked at.
///
/// # Errors
/// The folder cannot be listed, or holds more than [`MAX_ENTRIES`] entries.
#[allow(clippy::disallowed_methods)] // the one folder scan
pub fn files_in(dir: &Path, extension: &str) -> io::Result<Scan> {
    let mut scan = Scan::default();
    for (n, entry) in std::fs::read_dir(dir).map_err(in_words)?.enumerate() {
        if n >= MAX_ENTRIES {
            return Err(io::Error::other(format!(
                "more than {} entries in the folder",
                thousands(MAX_ENTRIES as u64)
            )));
        }
        let path = entry.map_err(in_words)?.path();
        if path.extension().is_none_or(|e| e != extension) {
            continue;
        }
        match std::fs::metadata(&path) {
            Ok(m) if m.file_type().is_file() => scan.files.push(path),
            Ok(m) => scan
                .refused
                .push((path, kind_of(&m.file_type()).to_string())),
            Err(e) => scan.refused.push((path, crate::error::words(&e))),
        }
    }
    scan.files.sort();
    scan.refused.sort();
    Ok(scan)
}

/// Every entry of `dir` (names only), at most [`MAX_ENTRIES`]: for code that looks at
/// names, never at contents (removing stale temporary files, listing a kit).
///
/// # Errors
/// The folder cannot be listed, or holds too many entries.
#[allow(clippy::disallowed_methods)] // the one folder scan
pub fn entries(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for (n, entry) in std::fs::read_dir(dir).map_err(in_words)?.enumerate() {
        if n >= MAX_ENTRIES {
            return Err(io::Error::other(format!(
                "more than {} entries in the folder",
                thousands(MAX_ENTRIES as u64)
            )));
        }
        out.push(entry.map_err(in_words)?.path());
    }
    out.sort();
    Ok(out)
}

/// The entries of `dir` as `std::fs::read_dir` gives them, at most [`MAX_ENTRIES`]: for
/// code that lists names and kinds (a test's look at a folder). To read the files found,
/// use [`files_in`] or [`open`], which refuse what is not a regular file.
///
/// # Errors
/// The folder cannot be listed, or holds too many entries.
#[allow(clippy::disallowed_methods)] // the one folder scan
pub fn dir(dir: impl AsRef<Path>) -> io::Result<std::vec::IntoIter<io::Result<std::fs::DirEntry>>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(in_words)? {
        if out.len() >= MAX_ENTRIES {
            return Err(io::Error::other(format!(
                "more than {} entries in the folder",
                thousands(MAX_ENTRIES as u64)
            )));
        }
        out.push(entry);
    }
    Ok(out.into_iter())
}

/// A line that is too long, or a failed read, in a [`Lines`] reader.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// The line went on past the cap.
    #[error("a line longer than {} bytes at {}", thousands(*cap as u64), crate::text::line(*line))]
    TooLong {
        /// The line's number (from 1).
        line: u64,
        /// The cap.
        cap: usize,
    },
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl From<LineError> for io::Error {
    fn from(e: LineError) -> io::Error {
        match e {
            LineError::Io(e) => e,
            long @ LineError::TooLong { .. } => {
                io::Error::new(io::ErrorKind::InvalidData, long.to_string())
            }
        }
    }
}

/// How one capped read of a line ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Got {
    /// A whole line (its newline consumed, not stored), or the last line without one.
    Line,
    /// The end of input, nothing read.
    End,
    /// `cap` bytes read and no newline yet: the line is longer than the cap (what was
    /// read is in the buffer; the rest is still unread).
    TooLong,
}

/// Read one line of `reader` into `buf` (cleared first), never more than `cap` bytes:
/// the building block of [`Lines`] and [`stdin_line`]. `stop` is asked between reads
/// (an interrupted terminal); when it says yes the read ends as [`Got::End`].
///
/// # Errors
/// The read error (an interrupted read is retried).
pub fn read_line_capped(
    reader: &mut dyn BufRead,
    buf: &mut Vec<u8>,
    cap: usize,
    stop: &dyn Fn() -> bool,
) -> io::Result<Got> {
    buf.clear();
    loop {
        if stop() {
            return Ok(Got::End);
        }
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if buf.is_empty() { Got::End } else { Got::Line });
        }
        let room = cap - buf.len();
        match available.iter().take(room + 1).position(|&b| b == b'\n') {
            Some(i) => {
                buf.extend_from_slice(&available[..i]);
                reader.consume(i + 1);
                return Ok(Got::Line);
            }
            None => {
                let n = available.len().min(room);
                buf.extend_from_slice(&available[..n]);
                reader.consume(n);
                if buf.len() >= cap {
                    // Is the newline the very next byte? Then the line is exactly `cap`.
                    let next = match reader.fill_buf() {
                        Ok(b) => b.first().copied(),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(e),
                    };
                    return Ok(match next {
                        Some(b'\n') => {
                            reader.consume(1);
                            Got::Line
                        }
                        None => Got::Line,
                        Some(_) => Got::TooLong,
                    });
                }
            }
        }
    }
}

/// Lines of a reader, each at most `cap` bytes (the line ending not counted), read
/// without ever holding more: a longer line is [`LineError::TooLong`] naming its number.
/// After a too-long line the reader is left inside it; [`Lines::skip_rest`] skips it,
/// bounded too.
pub struct Lines<R> {
    inner: R,
    cap: usize,
    line: u64,
    buf: Vec<u8>,
    /// The iterator ended (after an error).
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `inner`, at most [`LINE_CAP`] bytes each.
    pub fn new(inner: R) -> Lines<R> {
        Lines::with_cap(inner, LINE_CAP)
    }

    /// Lines of `inner`, at most `cap` bytes each (at least 1).
    pub fn with_cap(inner: R, cap: usize) -> Lines<R> {
        Lines {
            inner,
            cap: cap.max(1),
            line: 0,
            buf: Vec::new(),
            done: false,
        }
    }

    /// The number of the line last read (from 1; 0 before the first).
    #[must_use]
    pub fn line_number(&self) -> u64 {
        self.line
    }

    /// The cap.
    #[must_use]
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// The reader underneath.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// The next line as bytes, without its line ending (`\n` or `\r\n`); `None` at the end.
    ///
    /// # Errors
    /// [`LineError::TooLong`], or the read error.
    pub fn next_bytes(&mut self) -> Result<Option<&[u8]>, LineError> {
        let got = read_line_capped(&mut self.inner, &mut self.buf, self.cap, &|| false)?;
        match got {
            Got::End => Ok(None),
            Got::TooLong => {
                self.line += 1;
                Err(LineError::TooLong {
                    line: self.line,
                    cap: self.cap,
                })
            }
            Got::Line => {
                self.line += 1;
                if self.buf.last() == Some(&b'\r') {
                    self.buf.pop();
                }
                Ok(Some(&self.buf))
            }
        }
    }

    /// The next line as text (bytes that are not UTF-8 become U+FFFD), without its line
    /// ending; `None` at the end.
    ///
    /// # Errors
    /// [`LineError::TooLong`], or the read error.
    pub fn next_line(&mut self) -> Result<Option<String>, LineError> {
        Ok(self
            .next_bytes()?
            .map(|b| String::from_utf8_lossy(b).into_owned()))
    }

    /// Skip the rest of a line found too long, reading at most `limit` more bytes (and
    /// holding none of them); whether its end was reached.
    ///
    /// # Errors
    /// The read error.
    pub fn skip_rest(&mut self, limit: u64) -> io::Result<bool> {
        let mut left = limit;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(true);
            }
            let look = available
                .len()
                .min(usize::try_from(left).unwrap_or(usize::MAX));
            if let Some(i) = available[..look].iter().position(|&b| b == b'\n') {
                self.inner.consume(i + 1);
                return Ok(true);
            }
            self.inner.consume(look);
            left -= look as u64;
            if left == 0 {
                return Ok(false);
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Result<String, LineError>;

    /// The lines as an iterator; it ends after the first error.
    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.next_line() {
            Ok(Some(l)) => Some(Ok(l)),
            Ok(None) => None,
            Err(e) => {
                // nothing after a line too long or a failed read
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

/// Open each of `paths` in turn (regular files only: [`open`]) and hand `read` its name as
/// messages show it and a buffered reader, which it reads line by line ([`Lines`]): files
/// of any size, never held whole.
///
/// A file given twice (by the same name, `./a.csv`, a link or a hard link to it) is refused
/// before anything is read: `a.csv is given twice (also as ./a.csv): each file is read
/// once`, not its games said to be read already.
///
/// # Errors
/// A file given twice, a file that cannot be opened (`cannot read NAME: …`), or `read`'s
/// error.
pub fn each<E: From<io::Error>>(
    paths: &[PathBuf],
    mut read: impl FnMut(&str, &mut dyn BufRead) -> Result<(), E>,
) -> Result<(), E> {
    for (i, later) in paths.iter().enumerate() {
        if let Some(earlier) = paths[..i].iter().find(|p| same_file_there(p, later)) {
            let (a, b) = (crate::text::path(earlier), crate::text::path(later));
            let also = if a == b {
                String::new()
            } else {
                format!(" (also as {b})")
            };
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{a} is given twice{also}: each file is read once"),
            )
            .into());
        }
    }
    for path in paths {
        let name = crate::text::path(path);
        let file =
            open(path).map_err(|e| io::Error::new(e.kind(), format!("cannot read {name}: {e}")))?;
        read(&name, &mut io::BufReader::new(file))?;
    }
    Ok(())
}

/// Whether `a` and `b` are one file that exists (device and inode, after the links).
fn same_file_there(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => a == b,
        }
    }
    #[cfg(not(unix))]
    {
        a == b
    }
}

/// Which of this process's standard output and standard error is the file at `path`
/// (after its links), when one is: the file a shell's `>` or `>>` sent it to, compared by
/// device and inode with what descriptors 1 and 2 have open. Every output check and every
/// writer asks it ([`crate::output::check`], [`crate::output::not_an_input`],
/// [`crate::write::check_target`]), so
/// `--vcd l8.txt >> l8.txt` is refused before anything is written, by any name.
#[must_use]
pub fn own_stream(path: &Path) -> Option<&'static str> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        let meta = std::fs::metadata(path).ok()?;
        if !meta.is_file() {
            return None;
        }
        let mut found = None;
        for (fd, name) in [(1, "standard output"), (2, "standard error")] {
            // SAFETY: fstat fills a zeroed stat this function owns; its result is checked.
            let (dev, ino) = unsafe {
                let mut st: libc::stat = std::mem::zeroed();
                if libc::fstat(fd, &mut st) != 0 {
                    continue;
                }
                if st.st_mode & libc::S_IFMT != libc::S_IFREG {
                    continue;
                }
                (st.st_dev, st.st_ino)
            };
            #[allow(clippy::unnecessary_cast, clippy::useless_conversion)]
            if u64::from(dev as u64) == meta.dev() && u64::from(ino as u64) == meta.ino() {
                if fd == 2 {
                    // not one more byte into it, the refusal included
                    STDERR_IS_A_FILE_OF_OURS.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                found = found.or(Some(name));
            }
        }
        found
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

/// Set once standard error is found to be a file this process reads or writes
/// ([`own_stream`]): the module `out` then keeps every later write out of it.
static STDERR_IS_A_FILE_OF_OURS: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Whether standard error is a file this process reads or writes ([`own_stream`] found
/// it so): nothing more may be written there.
#[must_use]
pub fn stderr_is_a_file_of_ours() -> bool {
    STDERR_IS_A_FILE_OF_OURS.load(std::sync::atomic::Ordering::Relaxed)
}

/// Standard error into a file the command line names (`menace --state s.json train
/// 2>> s.json`, `--state=s.json` too), found before anything is said: not even a usage
/// error goes into it ([`stderr_is_a_file_of_ours`]; the command then refuses
/// the file as it reads or writes it).
pub fn guard_stderr(args: &[std::ffi::OsString]) {
    for arg in args.iter().skip(1) {
        let whole = Path::new(arg);
        let value = arg
            .to_str()
            .and_then(|a| a.split_once('='))
            .map(|(_, v)| Path::new(v));
        for path in std::iter::once(whole).chain(value) {
            let _ = own_stream(path);
        }
    }
}

/// The refusal of an output that is a stream this process or another has open (its own
/// standard output through a shell's `>`, `/dev/stdout`, `/proc/self/fd/1`): one kind of
/// refusal, however it is found, which every command says alike
/// ([`crate::output::is_own_stream`]).
#[derive(Debug)]
pub(crate) struct OwnStream(String);

impl std::fmt::Display for OwnStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for OwnStream {}

pub(crate) fn own_stream_error(words: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, OwnStream(words))
}

/// The words of `crate::output::OutputRefused::OwnStream` (`stream`: `standard output`).
#[must_use]
pub fn own_stream_words(stream: &str) -> String {
    format!(
        "is also where this command's {stream} goes (a shell redirection): writing it \
         as well would destroy what is printed there; give another file"
    )
}

/// Read one line of this process's standard input, at most `cap` bytes, straight from
/// the shared buffer (so a menu and the games it starts can take turns reading the same
/// terminal or pipe without one swallowing the other's lines). `None` at the end of input
/// or once Ctrl-C interrupted the input ([`crate::interrupt::interrupt_input`]); a line
/// longer than `cap` is an `InvalidData` error naming the cap (the rest of it is left
/// unread).
///
/// # Errors
/// The read error, or a line too long.
#[allow(clippy::disallowed_methods)] // the one reader of standard input
pub fn stdin_line(cap: usize) -> io::Result<Option<Vec<u8>>> {
    let stdin = io::stdin();
    let mut lock = stdin.lock();
    let mut buf = Vec::new();
    let stop = || crate::interrupt::take_input_interrupt();
    match read_line_capped(&mut lock, &mut buf, cap.max(1), &stop).map_err(stdin_error)? {
        Got::End => Ok(None),
        Got::Line => Ok(Some(buf)),
        Got::TooLong => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a line longer than {} bytes on standard input",
                thousands(cap as u64)
            ),
        )),
    }
}

/// A failed read of standard input in the project's words, naming it: `standard input is
/// a folder, not a file` (`< dd`), `cannot read standard input: …` (for every reader of
/// it: [`stdin_line`], the menu's byte by byte).
#[must_use]
pub fn stdin_error(e: io::Error) -> io::Error {
    if e.raw_os_error().is_none() {
        return e;
    }
    let words = crate::error::words(&e);
    let text = match e.kind() {
        io::ErrorKind::IsADirectory => format!("standard input is {words}"),
        _ => format!("cannot read standard input: {words}"),
    };
    io::Error::new(e.kind(), text)
}

/// This process's standard input as a `BufRead` (for a protocol reader that wraps it in
/// [`Lines`]).
#[allow(clippy::disallowed_methods)] // the one handle on standard input
pub fn stdin() -> io::StdinLock<'static> {
    io::stdin().lock()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Standard input a folder (`< dd`) is said one way, in words, for every game.
    #[test]
    fn a_folder_as_standard_input_is_said_in_words() {
        let e = stdin_error(io::Error::from_raw_os_error(libc::EISDIR));
        assert_eq!(e.to_string(), "standard input is a folder, not a file");
        let e = stdin_error(io::Error::from_raw_os_error(libc::EIO));
        assert!(
            e.to_string().starts_with("cannot read standard input: "),
            "{e}"
        );
        assert!(!e.to_string().contains("os error"), "{e}");
    }

    #[test]
    fn lines_are_capped_and_numbered() {
        let text = format!("a\r\nbb\n{}\nc\n{}", "x".repeat(10), "y".repeat(4));
        let mut lines = Lines::with_cap(io::Cursor::new(text.into_bytes()), 4);
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("a"));
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("bb"));
        let e = lines.next_line().unwrap_err();
        assert_eq!(e.to_string(), "a line longer than 4 bytes at line 3");
        assert!(lines.skip_rest(100).unwrap());
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("c"));
        // exactly the cap, at the end without a newline
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("yyyy"));
        assert_eq!(lines.next_line().unwrap(), None);
        // exactly the cap, then a newline
        let mut lines = Lines::with_cap(io::Cursor::new(b"abcd\nx".to_vec()), 4);
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("abcd"));
        assert_eq!(lines.next_line().unwrap().as_deref(), Some("x"));
    }

    #[test]
    fn an_endless_line_is_refused_holding_no_more_than_the_cap() {
        // /dev/zero as a pipe would give: no newline, ever.
        let mut lines = Lines::new(io::BufReader::new(io::repeat(0)));
        let e = lines.next_line().unwrap_err();
        assert!(matches!(e, LineError::TooLong { line: 1, cap: 4096 }));
        assert!(
            lines.buf.capacity() < 3 * LINE_CAP,
            "{}",
            lines.buf.capacity()
        );
        assert!(!lines.skip_rest(1 << 20).unwrap());
    }
}
