//! `--help` and clap's messages at 80 columns (or the terminal's width when narrower). clap is built without its
//! `wrap_help` feature (no terminal-size dependency), so it prints each option's help as
//! one long line; here every line longer than 80 columns is wrapped at word boundaries,
//! its continuation lines indented under the description's first word, as a help page is
//! laid out by hand.

/// The width output is laid out for: 80 columns, or the terminal's width when it is
/// narrower (`ludomat_io::text::terminal_width`).
pub fn width() -> usize {
    ludomat_io::text::terminal_width()
}

/// `text` with every line wider than [`width`] wrapped (`ludomat_io::layout::wrap_hanging`).
pub fn wrap(text: &str) -> String {
    ludomat_io::layout::wrap_hanging(text, width())
}

/// A writer that wraps every finished line wider than [`width`] (see [`wrap`]) before
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
