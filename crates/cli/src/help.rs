//! `--help` and clap's messages at 80 columns (issue 33). clap is built without its
//! `wrap_help` feature (no terminal-size dependency), so it prints each option's help as
//! one long line; here every line longer than 80 columns is wrapped at word boundaries,
//! its continuation lines indented under the description's first word, as a help page is
//! laid out by hand.

/// The widest line the terminal output uses.
pub const WIDTH: usize = 80;

/// The narrowest width text is wrapped to, whatever the terminal says.
const NARROWEST: usize = 20;

/// The width output is laid out for: [`WIDTH`], or the terminal's width when it is
/// narrower (asked of standard output, then standard error; `COLUMNS` when neither is a
/// terminal). Asked once.
pub fn width() -> usize {
    static ASKED: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *ASKED.get_or_init(|| {
        terminal_columns()
            .or_else(|| std::env::var("COLUMNS").ok()?.trim().parse().ok())
            .filter(|&c| c > 0)
            .map_or(WIDTH, |c: usize| c.clamp(NARROWEST, WIDTH))
    })
}

/// The columns of the terminal on standard output or standard error, if either is one.
fn terminal_columns() -> Option<usize> {
    #[cfg(unix)]
    for fd in [1, 2] {
        // SAFETY: TIOCGWINSZ fills a zeroed winsize this function owns; the result is
        // checked.
        let size = unsafe {
            let mut size: libc::winsize = std::mem::zeroed();
            if libc::ioctl(fd, libc::TIOCGWINSZ, &mut size) != 0 {
                continue;
            }
            size
        };
        if size.ws_col > 0 {
            return Some(usize::from(size.ws_col));
        }
    }
    None
}

/// `text` with every line wider than [`width`] wrapped (`ludomat_io::layout::wrap_hanging`).
pub fn wrap(text: &str) -> String {
    ludomat_io::layout::wrap_hanging(text, width())
}

/// A writer that wraps every finished line wider than [`WIDTH`] (see [`wrap`]) before
/// passing it on; a line not finished yet (a prompt) goes out as it is on `flush`. The
/// games' prose goes through it, so a long message breaks at a word, never mid-word at
/// the terminal's edge.
pub struct Wrapped<W: std::io::Write> {
    inner: W,
    line: Vec<u8>,
}

impl<W: std::io::Write> Wrapped<W> {
    /// Wrap what is written to `inner`.
    pub fn new(inner: W) -> Self {
        Wrapped {
            inner,
            line: Vec::new(),
        }
    }
}

impl<W: std::io::Write> std::io::Write for Wrapped<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for chunk in buf.split_inclusive(|&b| b == b'\n') {
            self.line.extend_from_slice(chunk);
            if chunk.ends_with(b"\n") {
                let text = String::from_utf8_lossy(&self.line).into_owned();
                self.inner.write_all(wrap(&text).as_bytes())?;
                self.line.clear();
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.line.is_empty() {
            let text = String::from_utf8_lossy(&self.line).into_owned();
            self.inner.write_all(wrap(&text).as_bytes())?;
            self.line.clear();
        }
        self.inner.flush()
    }
}

impl<W: std::io::Write> Drop for Wrapped<W> {
    fn drop(&mut self) {
        let _ = std::io::Write::flush(self);
    }
}

/// `head` followed by `items` packed into lines of [`width`] columns
/// (`ludomat_io::layout::pack`).
pub fn pack(head: &str, items: &[String], indent: usize, sep: &str) -> String {
    ludomat_io::layout::pack(head, items, indent, sep, width())
}
