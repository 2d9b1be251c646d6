//! `--help` and clap's messages at 80 columns (issue 33). clap is built without its
//! `wrap_help` feature (no terminal-size dependency), so it prints each option's help as
//! one long line; here every line longer than 80 columns is wrapped at word boundaries,
//! its continuation lines indented under the description's first word, as a help page is
//! laid out by hand.

/// The widest line the terminal output uses.
pub const WIDTH: usize = 80;

/// `text` with every line wider than [`WIDTH`] wrapped.
pub fn wrap(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        if body.chars().count() <= WIDTH {
            out.push_str(line);
            continue;
        }
        wrap_line(body, &mut out);
        out.push_str(end);
    }
    out
}

/// Where a line's description starts: after its leading spaces, or, in an option's line
/// (`  -s, --seed <N>  Seed …`), after the first gap of two or more spaces.
fn indent_of(line: &str) -> usize {
    let lead = line.len() - line.trim_start().len();
    let rest = &line[lead..];
    let column = rest
        .find("  ")
        .and_then(|gap| {
            let after = &rest[gap..];
            let spaces = after.len() - after.trim_start().len();
            // only a gap before text counts; a column far right is not worth keeping
            (!after.trim().is_empty()).then_some(lead + gap + spaces)
        })
        .filter(|&c| c <= WIDTH / 2)
        .unwrap_or(lead);
    line[..column].chars().count()
}

fn wrap_line(line: &str, out: &mut String) {
    let indent = indent_of(line);
    let first_cut = line
        .char_indices()
        .nth(indent)
        .map_or(line.len(), |(i, _)| i);
    let (head, rest) = line.split_at(first_cut);
    let mut current = head.to_string();
    let mut width = current.chars().count();
    let mut at_start = true;
    for word in rest.split(' ').filter(|w| !w.is_empty()) {
        let w = word.chars().count();
        if !at_start && width + 1 + w > WIDTH {
            out.push_str(current.trim_end());
            out.push('\n');
            current = " ".repeat(indent);
            width = indent;
            at_start = true;
        }
        if !at_start {
            current.push(' ');
            width += 1;
        }
        current.push_str(word);
        width += w;
        at_start = false;
    }
    out.push_str(current.trim_end());
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

/// `head` followed by `items`, packed into lines of at most [`WIDTH`] columns: an item is
/// never split, the lines after the first start at column `indent`, items are separated
/// by `sep`. For tables whose last column is a list (the contact plan's checks).
pub fn pack(head: &str, items: &[String], indent: usize, sep: &str) -> String {
    let mut out = head.to_string();
    let mut width = out.chars().count();
    let mut first = true;
    for item in items {
        let w = item.chars().count();
        let gap = if first { 0 } else { sep.chars().count() };
        if !first && width + gap + w > WIDTH {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            width = indent;
        } else if !first {
            out.push_str(sep);
            width += gap;
        }
        out.push_str(item);
        width += w;
        first = false;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_option_lines_wrap_under_their_description() {
        let line = format!("  -s, --seed <N>  {}", "word ".repeat(30));
        let wrapped = wrap(&(line + "\nshort\n"));
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(
            lines.iter().all(|l| l.chars().count() <= WIDTH),
            "{wrapped}"
        );
        assert!(lines[0].starts_with("  -s, --seed <N>  word"));
        assert!(lines[1].starts_with("                  word"), "{wrapped}");
        assert_eq!(lines.last(), Some(&"short"));
        let words: usize = lines.iter().map(|l| l.matches("word").count()).sum();
        assert_eq!(words, 30);
    }

    #[test]
    fn packed_items_stay_whole() {
        let items: Vec<String> = (0..20).map(|i| format!("item-{i} [x]")).collect();
        let text = pack("  head: ", &items, 10, "  ");
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
        assert_eq!(text.matches("[x]").count(), 20);
        assert!(text
            .lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("          item")));
    }

    #[test]
    fn paragraphs_wrap_at_their_own_indent() {
        let p = "x".repeat(10) + " " + &"yy ".repeat(40);
        let wrapped = wrap(&p);
        assert!(wrapped.lines().all(|l| l.chars().count() <= WIDTH));
        assert!(wrapped.lines().nth(1).is_some_and(|l| l.starts_with("yy")));
    }
}
