//! Patashnik's Qubic dictionary (1976–77; put in this form by Ken Thompson in 1978): 2,929
//! strategic first-player moves, one line each, `position move`. A position is a run of
//! `x` (first player), `o` (second player) and decimal numbers (that many empty cells),
//! read from cell 0 on; the cells not reached are empty. The move is a cell 0–63.
//! Cells are `16·board + 4·row + column`, as in this crate.
//!
//! Source: GitHub `Quuxplusone/blog`, `code/qubic.dictionary.txt`; Patashnik, "Qubic:
//! 4×4×4 Tic-Tac-Toe", *Mathematics Magazine* 53(4), 1980, pp. 202–216. The file is
//! bundled verbatim under `data/patashnik/` with its own terms (see the README there).

use std::collections::HashMap;

use super::canonical::{canonical, key_of, Key};
use super::tables::{image, tables};

/// The dictionary as published, bundled (with its header, unchanged).
#[cfg(feature = "patashnik")]
pub const PATASHNIK: &str = include_str!("../../data/patashnik/qubic.dictionary.txt");

/// Strategic moves in Patashnik's dictionary.
pub const PATASHNIK_ENTRIES: usize = 2929;

/// Why a dictionary cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DictionaryError {
    /// No line of dashes between the header and the entries.
    #[error("no line of dashes ends the header")]
    NoHeaderEnd,
    /// A line is not `position move`.
    #[error("{}: {why}: {}", ludomat_io::text::line(*line), ludomat_io::text::quoted(text, 60))]
    BadLine {
        /// 1-based line number in the file.
        line: usize,
        /// What is wrong.
        why: &'static str,
        /// The line.
        text: String,
    },
}

/// One strategic move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// 1-based line number in the file.
    pub line: usize,
    /// First player's stones.
    pub x: u64,
    /// Second player's stones.
    pub o: u64,
    /// The first player's move, a cell 0–63.
    pub cell: usize,
}

impl Entry {
    /// The position in the dictionary's notation.
    #[must_use]
    pub fn position_text(&self) -> String {
        notation(self.x, self.o)
    }
}

/// A position in the dictionary's notation (`x`, `o`, runs of empty cells as numbers).
#[must_use]
pub fn notation(x: u64, o: u64) -> String {
    let mut s = String::new();
    let mut gap = 0;
    let last = 64 - (x | o).leading_zeros() as usize;
    for c in 0..last {
        let ch = if x >> c & 1 == 1 {
            'x'
        } else if o >> c & 1 == 1 {
            'o'
        } else {
            gap += 1;
            continue;
        };
        if gap > 0 {
            s.push_str(&gap.to_string());
            gap = 0;
        }
        s.push(ch);
    }
    s
}

/// A dictionary, read and indexed by canonical form.
#[derive(Debug, Clone)]
pub struct Dictionary {
    /// The entries in file order.
    pub entries: Vec<Entry>,
    /// The header text (everything before the line of dashes).
    pub header: String,
    /// Canonical form → (entry index, its move carried to the canonical form).
    index: HashMap<Key, (usize, usize)>,
    /// Entries whose position is symmetric to an earlier entry's (indices).
    pub duplicates: Vec<usize>,
}

fn bad(line: usize, why: &'static str, text: &str) -> DictionaryError {
    DictionaryError::BadLine {
        line,
        why,
        text: text.to_string(),
    }
}

/// Parse one entry line.
fn parse_entry(line: usize, text: &str) -> Result<Entry, DictionaryError> {
    let (pos, mv) = text
        .rsplit_once(' ')
        .ok_or_else(|| bad(line, "no space before the move", text))?;
    let cell: usize = mv
        .parse()
        .ok()
        .filter(|&c| c < 64)
        .ok_or_else(|| bad(line, "the move is not a cell 0–63", text))?;
    let (mut x, mut o) = (0u64, 0u64);
    let mut at = 0usize;
    let mut run = String::new();
    let flush = |run: &mut String, at: &mut usize| -> Result<(), DictionaryError> {
        if !run.is_empty() {
            let n: usize = run.parse().map_err(|_| bad(line, "bad number", text))?;
            // Checked: a skip of 2⁶⁴ − 1 cells must not wrap round to a small cell.
            *at = at
                .checked_add(n)
                .filter(|&a| a <= 64)
                .ok_or_else(|| bad(line, "the position runs past cell 63", text))?;
            run.clear();
        }
        Ok(())
    };
    for ch in pos.chars() {
        match ch {
            '0'..='9' => run.push(ch),
            'x' | 'o' => {
                flush(&mut run, &mut at)?;
                if at >= 64 {
                    return Err(bad(line, "the position runs past cell 63", text));
                }
                if ch == 'x' {
                    x |= 1 << at;
                } else {
                    o |= 1 << at;
                }
                at += 1;
            }
            _ => return Err(bad(line, "a character other than x, o or a digit", text)),
        }
    }
    flush(&mut run, &mut at)?;
    if at > 64 {
        return Err(bad(line, "the position runs past cell 63", text));
    }
    if x.count_ones() != o.count_ones() {
        return Err(bad(line, "x and o have not moved equally often", text));
    }
    if (x | o) >> cell & 1 == 1 {
        return Err(bad(line, "the move is on an occupied cell", text));
    }
    Ok(Entry { line, x, o, cell })
}

impl Dictionary {
    /// Read a dictionary file: a header ended by a line of dashes, then one entry a line.
    ///
    /// # Errors
    /// [`DictionaryError`] naming the first bad line.
    pub fn parse(text: &str) -> Result<Dictionary, DictionaryError> {
        let mut lines = text.lines().enumerate();
        let mut header = String::new();
        loop {
            let (_, l) = lines.next().ok_or(DictionaryError::NoHeaderEnd)?;
            if l.starts_with("-----") && l.chars().all(|c| c == '-') {
                break;
            }
            header.push_str(l);
            header.push('\n');
        }
        let t = tables();
        let mut entries = Vec::new();
        let mut index = HashMap::new();
        let mut duplicates = Vec::new();
        for (i, l) in lines {
            if l.trim().is_empty() {
                continue;
            }
            let e = parse_entry(i + 1, l)?;
            let (key, s) = canonical(e.x, e.o);
            let cell = image(t, s, 1 << e.cell).trailing_zeros() as usize;
            match index.entry(key) {
                std::collections::hash_map::Entry::Occupied(_) => duplicates.push(entries.len()),
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert((entries.len(), cell));
                }
            }
            entries.push(e);
        }
        Ok(Dictionary {
            entries,
            header,
            index,
            duplicates,
        })
    }

    /// Patashnik's dictionary as bundled.
    ///
    /// # Errors
    /// Only if the bundled file were damaged.
    #[cfg(feature = "patashnik")]
    pub fn patashnik() -> Result<Dictionary, DictionaryError> {
        Dictionary::parse(PATASHNIK)
    }

    /// The dictionary's move for a position whose canonical form is `key`, reached by
    /// symmetry `s`: (entry index, the move on the position as it stands).
    #[must_use]
    pub fn lookup(&self, key: Key, s: usize) -> Option<(usize, usize)> {
        let t = tables();
        self.index
            .get(&key)
            .map(|&(i, c)| (i, image(t, t.inverse[s], 1 << c).trailing_zeros() as usize))
    }

    /// The dictionary's move for the position `x`, `o`, if it has one.
    #[must_use]
    pub fn move_for(&self, x: u64, o: u64) -> Option<(usize, usize)> {
        let (key, s) = canonical(x, o);
        debug_assert_eq!(key, key_of(tables(), s, x, o));
        self.lookup(key, s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_beyond_64_bits_is_an_error_not_a_wrap() {
        // Once: `1x18446744073709551615o…` wrapped round to cell 1 (or panicked in a
        // debug build).
        for line in [
            "1x18446744073709551615xo 5",
            "x18446744073709551615o 5",
            "x99999999999999999999999o 5",
        ] {
            let e = parse_entry(3, line).unwrap_err();
            let t = e.to_string();
            assert!(t.contains("line 3"), "{t}");
            assert!(
                t.contains("past cell 63") || t.contains("bad number"),
                "{t}"
            );
        }
    }

    #[test]
    fn the_header_example_reads() {
        let e = parse_entry(7, "xo1x8x8o41o 41").unwrap();
        assert_eq!(e.x, 1 | 1 << 3 | 1 << 12);
        assert_eq!(e.o, 1 << 1 | 1 << 21 | 1 << 63);
        assert_eq!(e.cell, 41);
        assert_eq!(e.position_text(), "xo1x8x8o41o");
    }

    #[test]
    fn bad_lines_are_named() {
        for (text, why) in [
            ("xo 64", "the move is not a cell 0–63"),
            ("xo1x 2", "x and o have not moved equally often"),
            ("xo 1", "the move is on an occupied cell"),
            ("x63o 5", "the position runs past cell 63"),
            ("xq 5", "a character other than x, o or a digit"),
            ("xo", "no space before the move"),
        ] {
            let text = format!("head\n-----\n 0\n{text}\n");
            match Dictionary::parse(&text) {
                Err(DictionaryError::BadLine {
                    line: 4, why: w, ..
                }) => assert_eq!(w, why),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert_eq!(
            Dictionary::parse(" 0\n").map(|_| ()),
            Err(DictionaryError::NoHeaderEnd)
        );
    }

    #[cfg(feature = "patashnik")]
    #[test]
    fn patashnik_reads_whole() {
        let d = Dictionary::patashnik().unwrap();
        assert_eq!(d.entries.len(), PATASHNIK_ENTRIES);
        assert_eq!(d.entries[0].line, 52);
        assert!(d.header.contains("Ken Thompson"));
        // Each entry's move is found again through its own position.
        for (i, e) in d.entries.iter().enumerate() {
            let (j, c) = d.move_for(e.x, e.o).unwrap();
            if j == i {
                assert_eq!(c, e.cell);
            }
        }
    }
}
