//! The puzzle text format (documented with an example in the crate README).
//!
//! ```text
//! # A comment. Blank lines are ignored.
//! title: Two by two
//! source: written for ludomat
//! shape: rectangle 2x2          (or: hexagon 7)
//! alphabet: A-Z                 (optional)
//! across 1: [AB]C
//! across 2: X[YZ]
//! down 1: A.
//! down 2: CY|DZ
//! down 2: [CD][YZ]              (a second clue for the same line)
//! ```
//!
//! A clue line is `<direction> <number>: <clue>`; the clue is the rest of the line with
//! surrounding spaces removed. The alphabet (what `.` and `[^…]` stand for) is written as
//! characters and ranges; without one it is A–Z plus every character the clues name.
//!
//! Reading is linear in the file and bounded whatever it holds: at most
//! [`MAX_CLUES_PER_LINE`] clues a line and [`MAX_CLUES`] in all, each at most
//! [`MAX_CLUE_CHARS`] characters, and [`MAX_PUZZLE_POSITIONS`] character positions
//! together, each refused at the line that goes beyond it. What follows reading
//! (compiling the clues, propagation, search) runs inside the solver's time bound.

use crate::clue::{Clue, ClueError, MAX_POSITIONS};
use crate::grid::{Direction, Grid, Shape, MAX_LINES};
use crate::letters::Letters;

/// The most clues one line may have (regexcrossword.com prints two, one at each end).
pub const MAX_CLUES_PER_LINE: usize = 8;
/// The most clues a puzzle may have: [`MAX_CLUES_PER_LINE`] for each line of the grid
/// with the most lines (1,512). Counted as the file is read, before the grid is built.
pub const MAX_CLUES: usize = MAX_CLUES_PER_LINE * MAX_LINES;
/// The longest clue, in characters (room for a `[…]` class at each of
/// [`MAX_POSITIONS`]' positions); checked before the clue is parsed.
pub const MAX_CLUE_CHARS: usize = 4 * MAX_POSITIONS as usize;
/// The most character positions all the clues of a puzzle may have together, written out
/// (sixteen clues of [`MAX_POSITIONS`]): what the solver compiles and propagates grows
/// with this sum, so the number of clues times their size is bounded, not only each.
pub const MAX_PUZZLE_POSITIONS: u64 = 16 * MAX_POSITIONS;

/// A clue as an error message quotes it: whole up to 80 characters, else its first 60
/// and how long it is (a 16,000-character clue is not repeated in full).
fn shortened(clue: &str) -> String {
    let n = clue.chars().count();
    // a clue's control characters written out, never sent to the terminal
    if n <= 80 {
        ludomat_io::text::escape_controls(clue).into_owned()
    } else {
        let head: String = clue.chars().take(60).collect();
        format!(
            "{}… ({n} characters)",
            ludomat_io::text::escape_controls(&head)
        )
    }
}

/// A clue in its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacedClue {
    /// Index into [`Grid::lines`].
    pub line: usize,
    /// Its name: `across 3`, or `across 3 (2nd)` for a line's second clue.
    pub name: String,
    /// The parsed clue.
    pub clue: Clue,
}

/// A regex crossword.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// Its title, if the file gives one.
    pub title: Option<String>,
    /// Where it comes from, if the file says.
    pub source: Option<String>,
    /// The characters a cell may hold.
    pub alphabet: Letters,
    /// Cells and lines.
    pub grid: Grid,
    /// Every clue, in file order.
    pub clues: Vec<PlacedClue>,
}

/// Why a puzzle file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A line of the file is wrong.
    #[error("{}: {message}", ludomat_io::text::line(*line))]
    Line {
        /// 1-based line of the file.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A clue could not be parsed.
    #[error("{}: clue {name} /{}/, {error}", ludomat_io::text::line(*line), shortened(source_text))]
    Clue {
        /// 1-based line of the file.
        line: usize,
        /// The clue's name (`across 3`).
        name: String,
        /// The clue as written.
        source_text: String,
        /// Where in the clue and what.
        error: ClueError,
    },
    /// The file has no `shape:` line.
    #[error("the puzzle has no 'shape:' line")]
    NoShape,
}

fn parse_shape(s: &str) -> Result<Shape, String> {
    let mut words = s.split_whitespace();
    let kind = words.next().unwrap_or("");
    let size = words.collect::<Vec<_>>().join("");
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{}' is not a size", ludomat_io::text::escape_controls(t)))
    };
    match kind {
        "rectangle" => {
            let (r, c) = size.split_once(['x', '×']).ok_or_else(|| {
                format!("expected 'rectangle ROWSxCOLS', found 'rectangle {size}'")
            })?;
            Ok(Shape::Rectangle {
                rows: num(r)?,
                cols: num(c)?,
            })
        }
        "hexagon" => Ok(Shape::Hexagon { side: num(&size)? }),
        other => Err(format!(
            "unknown shape '{other}': expected 'rectangle' or 'hexagon'"
        )),
    }
}

fn parse_alphabet(s: &str) -> Result<Letters, String> {
    let b = s.trim().as_bytes();
    let mut set = Letters::EMPTY;
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_graphic() && b[i] != b' ' {
            return Err("the alphabet must be printable ASCII".into());
        }
        if i + 2 < b.len() && b[i + 1] == b'-' {
            if b[i + 2] < b[i] {
                return Err(format!(
                    "range {}-{} runs backwards",
                    b[i] as char,
                    b[i + 2] as char
                ));
            }
            set |= Letters::range(b[i], b[i + 2]);
            i += 3;
        } else {
            set = set.with(b[i]);
            i += 1;
        }
    }
    if set.is_empty() {
        return Err("empty alphabet".into());
    }
    Ok(set)
}

impl Puzzle {
    /// Reads a puzzle file's text.
    ///
    /// # Errors
    /// [`PuzzleError`] naming the file line (and for a clue, its name and column).
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        let mut title = None;
        let mut source = None;
        let mut shape = None;
        let mut alphabet = None;
        let mut raw: Vec<(usize, Direction, usize, String)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let n = n + 1;
            let bad = |message: String| PuzzleError::Line { line: n, message };
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let Some((key, value)) = t.split_once(':') else {
                return Err(bad(format!(
                    "expected 'key: value', found {}",
                    ludomat_io::text::quoted(t, 60)
                )));
            };
            let key = key.trim();
            let value = value.trim();
            match key {
                // a downloaded puzzle's title never sends the terminal an escape sequence:
                // its control characters are written out as every message writes them
                "title" => title = Some(ludomat_io::text::escape_controls(value).into_owned()),
                "source" => source = Some(ludomat_io::text::escape_controls(value).into_owned()),
                "shape" => {
                    if let Some((first, _)) = shape {
                        return Err(bad(format!(
                            "a second 'shape:' line (the first is {})",
                            ludomat_io::text::line(first)
                        )));
                    }
                    shape = Some((n, parse_shape(value).map_err(bad)?));
                }
                "alphabet" => alphabet = Some(parse_alphabet(value).map_err(bad)?),
                _ => {
                    let mut words = key.split_whitespace();
                    let (Some(d), Some(num), None) = (words.next(), words.next(), words.next())
                    else {
                        return Err(bad(format!(
                            "unknown key '{}': expected title, source, shape, alphabet or '<direction> <number>'",
                            ludomat_io::text::escape_controls(key)
                        )));
                    };
                    let dir = Direction::from_name(d).ok_or_else(|| {
                        bad(format!(
                            "unknown direction '{}': expected across, down, nw or sw",
                            ludomat_io::text::escape_controls(d)
                        ))
                    })?;
                    let num: usize = num.parse().map_err(|_| {
                        bad(format!(
                            "'{}' is not a line number",
                            ludomat_io::text::escape_controls(num)
                        ))
                    })?;
                    if raw.len() == MAX_CLUES {
                        return Err(bad(format!(
                            "a clue beyond the {} a puzzle may have \
                             ({MAX_CLUES_PER_LINE} a line, {MAX_LINES} lines in the largest grid)",
                            ludomat_io::text::thousands(MAX_CLUES as u64)
                        )));
                    }
                    let chars = value.chars().count();
                    if chars > MAX_CLUE_CHARS {
                        return Err(bad(format!(
                            "the clue of {d} {num} is {} characters long; at most {}",
                            ludomat_io::text::thousands(chars as u64),
                            ludomat_io::text::thousands(MAX_CLUE_CHARS as u64)
                        )));
                    }
                    raw.push((n, dir, num, value.to_string()));
                }
            }
        }
        let (shape_line, shape) = shape.ok_or(PuzzleError::NoShape)?;
        let grid = Grid::new(shape).map_err(|e| PuzzleError::Line {
            line: shape_line,
            message: e.to_string(),
        })?;
        let mut clues: Vec<PlacedClue> = Vec::with_capacity(raw.len());
        // clues so far on each line of the grid, and their positions together
        let mut on_line = vec![0usize; grid.lines.len()];
        let mut positions = 0u64;
        for (n, dir, num, text) in raw {
            let Some(line) = grid.line(dir, num) else {
                let count = grid.lines.iter().filter(|l| l.direction == dir).count();
                return Err(PuzzleError::Line {
                    line: n,
                    message: if count == 0 {
                        format!("a {} has no '{dir}' lines", shape_name(shape))
                    } else {
                        format!("there is no {dir} {num}: {dir} lines are numbered 1 to {count}")
                    },
                });
            };
            let before = on_line[line];
            if before == MAX_CLUES_PER_LINE {
                return Err(PuzzleError::Line {
                    line: n,
                    message: format!(
                        "{dir} {num} has {MAX_CLUES_PER_LINE} clues already; at most {MAX_CLUES_PER_LINE} a line"
                    ),
                });
            }
            on_line[line] += 1;
            let name = match before {
                0 => format!("{dir} {num}"),
                1 => format!("{dir} {num} (2nd)"),
                k => format!("{dir} {num} ({})", ordinal(k + 1)),
            };
            let clue = Clue::parse(&text).map_err(|error| PuzzleError::Clue {
                line: n,
                name: name.clone(),
                source_text: text.clone(),
                error,
            })?;
            positions += clue.node.positions(&clue.group_nodes());
            if positions > MAX_PUZZLE_POSITIONS {
                return Err(PuzzleError::Line {
                    line: n,
                    message: format!(
                        "with clue {name} the clues expand to {positions} character positions \
                         together; at most {MAX_PUZZLE_POSITIONS} a puzzle"
                    ),
                });
            }
            clues.push(PlacedClue { line, name, clue });
        }
        let alphabet = alphabet.unwrap_or_else(|| {
            let mut set = Letters::capitals();
            for c in &clues {
                c.clue.node.named_letters(&mut set);
            }
            set
        });
        Ok(Puzzle {
            title,
            source,
            alphabet,
            grid,
            clues,
        })
    }

    /// The clues that read each cell (indices into [`Puzzle::clues`]).
    #[must_use]
    pub fn clues_of_cells(&self) -> Vec<Vec<usize>> {
        let mut v = vec![Vec::new(); self.grid.cells()];
        for (k, c) in self.clues.iter().enumerate() {
            for &cell in &self.grid.lines[c.line].cells {
                v[cell].push(k);
            }
        }
        v
    }

    /// Reads an answer: the letters row by row, rows separated by `/` or line breaks
    /// (optional, checked when given), spaces ignored unless the alphabet has a space.
    ///
    /// # Errors
    /// When the number of letters (or of a row's letters) is wrong.
    pub fn parse_answer(&self, text: &str) -> Result<Vec<u8>, String> {
        // an escape (`\e[2J`) is one character, named, not counted among the letters
        let hidden = (text.chars().enumerate())
            .find(|&(_, c)| !matches!(c, '\n' | '\r') && ludomat_io::text::hidden(c));
        if let Some((at, c)) = hidden {
            return Err(format!(
                "the answer has {} at character {}, which no cell holds",
                ludomat_io::error::hidden_name(c),
                ludomat_io::text::thousands(at as u64 + 1)
            ));
        }
        // Cells hold one ASCII character each (as clues do): a letter such as 'Ä' is
        // named whole, not split into bytes that print as mojibake.
        // by its code point and place; a combining mark (U+0301) is never printed, as it
        // would land on the quote before it
        if let Some((c, at)) = text.chars().zip(1u64..).find(|(c, _)| !c.is_ascii()) {
            let combining = matches!(c, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}'
                | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}');
            let shown = match combining {
                true => "a combining mark".to_string(),
                false => ludomat_io::text::quoted(&c.to_string(), 1),
            };
            return Err(format!(
                "the answer has {shown} (U+{:04X}) at character {}, which is not an ASCII \
                 character (every cell holds one)",
                u32::from(c),
                ludomat_io::text::thousands(at)
            ));
        }
        let keep_space = self.alphabet.contains(b' ');
        let rows: Vec<&str> = text
            .split(['/', '\n'])
            .map(|r| r.trim_end_matches('\r'))
            .filter(|r| !r.trim().is_empty())
            .collect();
        let clean =
            |r: &str| -> Vec<u8> { r.bytes().filter(|&b| keep_space || b != b' ').collect() };
        if rows.len() > 1 {
            if rows.len() != self.grid.row_lengths.len() {
                return Err(format!(
                    "the answer has {} rows, the grid {}",
                    ludomat_io::text::thousands(rows.len() as u64),
                    ludomat_io::text::thousands(self.grid.row_lengths.len() as u64)
                ));
            }
            let mut out = Vec::new();
            for (i, (r, &want)) in rows.iter().zip(&self.grid.row_lengths).enumerate() {
                let r = clean(r);
                if r.len() != want {
                    return Err(format!(
                        "row {} of the answer has {} letters, the grid {}",
                        i + 1,
                        ludomat_io::text::thousands(r.len() as u64),
                        ludomat_io::text::thousands(want as u64)
                    ));
                }
                out.extend(r);
            }
            Ok(out)
        } else {
            let r = clean(rows.first().copied().unwrap_or(""));
            if r.len() != self.grid.cells() {
                return Err(format!(
                    "the answer has {} letters, the grid {} cells",
                    ludomat_io::text::thousands(r.len() as u64),
                    ludomat_io::text::thousands(self.grid.cells() as u64)
                ));
            }
            Ok(r)
        }
    }

    /// The letters a clue reads from a filled grid.
    #[must_use]
    pub fn line_text(&self, clue: usize, letters: &[u8]) -> Vec<u8> {
        self.grid.lines[self.clues[clue].line]
            .cells
            .iter()
            .map(|&c| letters.get(c).copied().unwrap_or(b'?'))
            .collect()
    }
}

fn shape_name(s: Shape) -> &'static str {
    match s {
        Shape::Rectangle { .. } => "rectangle",
        Shape::Hexagon { .. } => "hexagon",
    }
}

fn ordinal(k: usize) -> String {
    match k {
        2 => "2nd".into(),
        3 => "3rd".into(),
        k => format!("{k}th"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_and_a_clue_never_send_the_terminal_an_escape() {
        let p = Puzzle::parse(
            "title: a\u{1b}[2Jb\u{1b}]0;owned\u{7}\nshape: rectangle 1x1\nacross 1: A\ndown 1: A\n",
        )
        .unwrap();
        let title = p.title.unwrap_or_default();
        assert!(
            !title.contains('\u{1b}') && !title.contains('\u{7}'),
            "{title:?}"
        );
        assert!(title.contains("\\u{1b}"), "{title:?}");
        let e =
            Puzzle::parse("shape: rectangle 1x1\nacross 1: (\u{1b}[2J\ndown 1: A\n").unwrap_err();
        assert!(!e.to_string().contains('\u{1b}'), "{e}");
    }

    const SMALL: &str = "title: t\nshape: rectangle 2x2\nacross 1: [AB]C\nacross 2: X[YZ]\ndown 1: A.\ndown 2: CY|DZ\ndown 2: [CD][YZ]\n";

    #[test]
    fn reads_a_rectangle() {
        let p = Puzzle::parse(SMALL).unwrap();
        assert_eq!(p.clues.len(), 5);
        assert_eq!(p.clues[4].name, "down 2 (2nd)");
        assert_eq!(p.alphabet, Letters::capitals());
        assert_eq!(p.parse_answer("AC/XY").unwrap(), b"ACXY");
        assert_eq!(p.parse_answer("ACXY").unwrap(), b"ACXY");
        assert!(p.parse_answer("ACX/Y").is_err());
    }

    #[test]
    fn errors_name_line_clue_and_column() {
        let e = Puzzle::parse("shape: rectangle 1x2\nacross 1: A(B\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: clue across 1 /A(B/, column 2: '(' is never closed"
        );
        let e = Puzzle::parse("shape: rectangle 1x2\ndown 3: A\n").unwrap_err();
        assert!(e.to_string().contains("numbered 1 to 2"), "{e}");
        let e = Puzzle::parse("shape: hexagon 2\ndown 1: A\n").unwrap_err();
        assert!(e.to_string().contains("no 'down' lines"), "{e}");
        assert_eq!(
            Puzzle::parse("across 1: A").unwrap_err(),
            PuzzleError::NoShape
        );
        assert!(Puzzle::parse("shape: circle 3").is_err());
    }

    #[test]
    fn shape_errors_name_their_line_and_a_second_shape_is_refused() {
        // Once: a second `shape:` line silently won; a bad size said "line 0".
        let e = Puzzle::parse("title: t\nshape: rectangle 1x2\nshape: hexagon 3\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: a second 'shape:' line (the first is line 2)"
        );
        let e = Puzzle::parse("# big\n\nshape: rectangle 0x2\nacross 1: A\n").unwrap_err();
        assert!(e.to_string().starts_with("line 3: "), "{e}");
    }

    /// `n` clues over the rows of a 64×64 rectangle, each a different line of text.
    fn many_clues(n: usize) -> String {
        let mut text = String::from("shape: rectangle 64x64\n");
        for i in 0..n {
            text.push_str(&format!("across {}: [A-Z]*{}[A-Z]*\n", i % 64 + 1, i % 7));
        }
        text
    }

    #[test]
    fn clues_beyond_the_limit_are_refused_as_they_are_read() {
        // Once: 100,000 clues took 22 s of CPU to parse (each clue counted the clues
        // before it on its line), before the solver's time bound started. 20,000 here (the
        // old parse took seconds and accepted them); refused at the first clue too many.
        let text = many_clues(20_000);
        let started = std::time::Instant::now();
        let e = Puzzle::parse(&text).unwrap_err();
        let took = started.elapsed();
        assert_eq!(
            e.to_string(),
            format!(
                "line {}: a clue beyond the 1,512 a puzzle may have (8 a line, 189 lines in the \
                 largest grid)",
                ludomat_io::text::thousands(MAX_CLUES as u64 + 2)
            )
        );
        assert!(
            took < std::time::Duration::from_millis(500),
            "took {took:?}"
        );
        // the most a puzzle may have are read, eight a line
        let at_most = many_clues(64 * MAX_CLUES_PER_LINE);
        let p = Puzzle::parse(&at_most).unwrap();
        assert_eq!(p.clues.len(), 512);
        assert_eq!(p.clues[511].name, "across 64 (8th)");
    }

    #[test]
    fn a_line_takes_at_most_eight_clues() {
        let mut text = String::from("shape: rectangle 2x2\n");
        for _ in 0..MAX_CLUES_PER_LINE + 1 {
            text.push_str("down 2: ..\n");
        }
        let e = Puzzle::parse(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 10: down 2 has 8 clues already; at most 8 a line"
        );
    }

    #[test]
    fn a_long_clue_is_refused_before_it_is_parsed() {
        // Without the length bound this clue was parsed whole and refused for its
        // positions; an unclosed group would be parsed to its end.
        let text = format!(
            "shape: rectangle 1x2\nacross 1: ({}\n",
            "A".repeat(MAX_CLUE_CHARS)
        );
        let e = Puzzle::parse(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: the clue of across 1 is 16,385 characters long; at most 16,384"
        );
    }

    #[test]
    fn the_positions_of_all_clues_together_are_bounded() {
        // Sixteen clues of 4,096 positions are the most; the seventeenth is refused, named.
        let mut text = String::from("shape: rectangle 64x64\n");
        for i in 1..=17 {
            text.push_str(&format!("down {i}: (.{{64}}){{64}}\n"));
        }
        let e = Puzzle::parse(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 18: with clue down 17 the clues expand to 69632 character positions \
             together; at most 65536 a puzzle"
        );
        let sixteen: String = text.lines().take(17).map(|l| format!("{l}\n")).collect();
        assert_eq!(Puzzle::parse(&sixteen).unwrap().clues.len(), 16);
    }

    #[test]
    fn a_non_ascii_answer_is_named_whole() {
        let p = Puzzle::parse("shape: rectangle 1x2\nacross 1: ..\n").unwrap();
        // an escape is one character, named where it is (it was counted as letters)
        let e = p.parse_answer("AC/X\u{1b}[2JY").unwrap_err();
        assert_eq!(
            e,
            "the answer has a control character (U+001B) at character 5, which no cell holds"
        );
        let e = p.parse_answer("AC\u{200b}XY").unwrap_err();
        assert!(
            e.starts_with("the answer has a zero-width space (U+200B) at character 3"),
            "{e}"
        );
        let e = p.parse_answer("ÄB").unwrap_err();
        assert!(e.contains("'Ä'"), "{e}");
        // two bytes for two cells: without the check this was a "solution" whose cells
        // printed as mojibake
        let e = p.parse_answer("Ä").unwrap_err();
        assert!(e.contains("'Ä'"), "{e}");
        // a combining accent by its code point and place, never printed raw
        let e = p.parse_answer("AC/X\u{301}Y").unwrap_err();
        assert_eq!(
            e,
            "the answer has a combining mark (U+0301) at character 5, which is not an ASCII \
             character (every cell holds one)"
        );
    }

    #[test]
    fn default_alphabet_takes_named_characters() {
        let p = Puzzle::parse("shape: rectangle 1x2\nacross 1: [0-1]!\n").unwrap();
        assert!(
            p.alphabet.contains(b'!') && p.alphabet.contains(b'0') && p.alphabet.contains(b'A')
        );
        let p = Puzzle::parse("shape: rectangle 1x2\nalphabet: 0-9\nacross 1: ..\n").unwrap();
        assert_eq!(p.alphabet.len(), 10);
    }
}
