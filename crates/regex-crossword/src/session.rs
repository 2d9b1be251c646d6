//! Filling a regex crossword by hand: the game flow behind `ludomat play regex` (and a
//! museum exhibit), as a [`ludomat_game::Session`].
//!
//! The session holds the puzzle and the letters typed so far. After every action it
//! re-reads each clue against its line — *satisfied* (full and matching), *broken* (full
//! and not matching, or no way of filling its blanks can match) or *open* — and reports
//! the clues whose status changed. `hint` fills one cell that propagation from the
//! current letters forces, naming the clues that force it; `reveal` fills the grid with
//! the solver's first solution.

use ludomat_game::{Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::puzzle::Puzzle;
use crate::solver::{ClueStatus, SolveOptions, Solver};

/// The puzzle to play, as the text of a puzzle file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegexConfig {
    /// The puzzle file's text (see the crate README for the format).
    pub puzzle: String,
}

impl Default for RegexConfig {
    fn default() -> Self {
        RegexConfig {
            puzzle: crate::PUZZLES
                .first()
                .map(|(_, t)| (*t).to_string())
                .unwrap_or_default(),
        }
    }
}

/// What a player can do. Rows and positions count from 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RegexAction {
    /// Put a letter in a cell.
    Set {
        /// Row from the top.
        row: usize,
        /// Position in the row from the left.
        col: usize,
        /// The letter.
        letter: char,
    },
    /// Empty a cell.
    Clear {
        /// Row from the top.
        row: usize,
        /// Position in the row from the left.
        col: usize,
    },
    /// Type a row from its first cell; `.` or `_` leaves a cell empty.
    Fill {
        /// Row from the top.
        row: usize,
        /// The letters.
        letters: String,
    },
    /// Fill one cell that the clues force.
    Hint,
    /// Fill the whole grid with a solution.
    Reveal,
    /// Empty every cell.
    Reset,
}

/// One thing an action caused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RegexHappening {
    /// A cell got a letter (or lost it: `letter` is `None`).
    Cell {
        /// Row from 1.
        row: usize,
        /// Position in the row from 1.
        col: usize,
        /// The new letter.
        letter: Option<char>,
    },
    /// A clue's status changed.
    Clue {
        /// Its name.
        name: String,
        /// The clue.
        clue: String,
        /// How it stands now.
        status: ClueStatus,
    },
    /// A hint: the cell and the clues whose deductions forced it.
    Hint {
        /// Row from 1.
        row: usize,
        /// Position in the row from 1.
        col: usize,
        /// The forced letter.
        letter: char,
        /// The clues whose deductions forced it, in order.
        because: Vec<String>,
    },
    /// Every cell is filled and every clue satisfied.
    Solved,
}

/// One clue as shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClueView {
    /// Its name (`across 3`).
    pub name: String,
    /// The clue.
    pub clue: String,
    /// The letters its line holds now (`.` for blanks).
    pub line: String,
    /// How it stands.
    pub status: ClueStatus,
}

/// Everything a player can see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegexView {
    /// The puzzle's title.
    pub title: Option<String>,
    /// The grid drawn (hexagons as hexagons), `.` for blanks.
    pub drawing: String,
    /// Cells per row.
    pub row_lengths: Vec<usize>,
    /// The letters in cell order.
    pub cells: Vec<Option<char>>,
    /// Every clue and its status.
    pub clues: Vec<ClueView>,
    /// Cells filled.
    pub filled: usize,
    /// Whether the grid is full and every clue satisfied.
    pub solved: bool,
}

/// A regex crossword being filled in.
#[derive(Debug, Clone)]
pub struct RegexSession {
    config: RegexConfig,
    puzzle: Puzzle,
    cells: Vec<Option<u8>>,
}

impl RegexSession {
    /// The puzzle being played.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    fn statuses(&self) -> Vec<ClueStatus> {
        let s = Solver::new(&self.puzzle);
        (0..self.puzzle.clues.len())
            .map(|k| s.clue_status(k, &self.cells))
            .collect()
    }

    fn cell(&self, row: usize, col: usize) -> Result<usize, SessionError> {
        row.checked_sub(1)
            .zip(col.checked_sub(1))
            .and_then(|(r, c)| self.puzzle.grid.cell_at(r, c))
            .ok_or_else(|| {
                let rows = self.puzzle.grid.row_lengths.len();
                let len = row
                    .checked_sub(1)
                    .and_then(|r| self.puzzle.grid.row_lengths.get(r));
                SessionError::Refused(match len {
                    None => format!("there is no row {row}: rows are 1 to {rows}"),
                    Some(l) => format!("row {row} has cells 1 to {l}, not {col}"),
                })
            })
    }

    fn letter(&self, c: char) -> Result<Option<u8>, SessionError> {
        if c == '.' || c == '_' {
            return Ok(None);
        }
        let c = c.to_ascii_uppercase();
        let in_alphabet = |c: char| c.is_ascii() && self.puzzle.alphabet.contains(c as u8);
        if in_alphabet(c) {
            Ok(Some(c as u8))
        } else {
            Err(SessionError::Refused(format!(
                "'{c}' is not in the puzzle's alphabet ({})",
                self.puzzle.alphabet
            )))
        }
    }

    fn is_solved(&self) -> bool {
        self.cells.iter().all(Option::is_some)
            && self.statuses().iter().all(|s| *s == ClueStatus::Satisfied)
    }

    fn place(&self, writes: &mut Vec<(usize, Option<u8>)>, cell: usize, v: Option<u8>) {
        writes.push((cell, v));
    }
}

impl Session for RegexSession {
    type Config = RegexConfig;
    type Action = RegexAction;
    type View = RegexView;
    type Happening = RegexHappening;
    const KIND: &'static str = "regex";

    fn new(config: RegexConfig) -> Result<Self, SessionError> {
        let puzzle = Puzzle::parse(&config.puzzle)
            .map_err(|e| SessionError::Invalid(format!("regex config puzzle: {e}")))?;
        let cells = vec![None; puzzle.grid.cells()];
        Ok(RegexSession {
            config,
            puzzle,
            cells,
        })
    }

    fn config(&self) -> &RegexConfig {
        &self.config
    }

    fn apply(&mut self, action: RegexAction) -> Result<Vec<RegexHappening>, SessionError> {
        let before = self.statuses();
        let mut writes: Vec<(usize, Option<u8>)> = Vec::new();
        let mut out = Vec::new();
        match action {
            RegexAction::Set { row, col, letter } => {
                let cell = self.cell(row, col)?;
                let v = self.letter(letter)?;
                self.place(&mut writes, cell, v);
            }
            RegexAction::Clear { row, col } => {
                let cell = self.cell(row, col)?;
                self.place(&mut writes, cell, None);
            }
            RegexAction::Fill { row, letters } => {
                let n = letters.chars().count();
                if n == 0 {
                    return Err(SessionError::Invalid("fill: no letters given".into()));
                }
                let first = self.cell(row, 1)?;
                let len = self.puzzle.grid.row_lengths[row - 1];
                if n > len {
                    return Err(SessionError::Refused(format!(
                        "row {row} has {len} cells, not {n}"
                    )));
                }
                for (i, ch) in letters.chars().enumerate() {
                    let v = self.letter(ch)?;
                    self.place(&mut writes, first + i, v);
                }
            }
            RegexAction::Hint => {
                let s = Solver::new(&self.puzzle);
                let (domains, log) = s.deductions_from(&self.cells).ok_or_else(|| {
                    SessionError::Refused(
                        "the letters so far already contradict the clues: no hint".into(),
                    )
                })?;
                let forced = log
                    .iter()
                    .find(|d| self.cells[d.cell].is_none() && domains[d.cell].only().is_some());
                let Some(d) = forced else {
                    return Err(SessionError::Refused(
                        "no empty cell is forced yet: the solver would have to guess".into(),
                    ));
                };
                let letter = domains[d.cell].only().unwrap_or(b'?');
                let mut because: Vec<String> = Vec::new();
                for e in log.iter().filter(|e| e.cell == d.cell) {
                    if !because.contains(&e.clue) {
                        because.push(e.clue.clone());
                    }
                }
                out.push(RegexHappening::Hint {
                    row: d.row,
                    col: d.col,
                    letter: letter as char,
                    because,
                });
                writes.push((d.cell, Some(letter)));
            }
            RegexAction::Reveal => {
                let s = Solver::new(&self.puzzle);
                let o = s
                    .solve(SolveOptions {
                        limit: 1,
                        ..SolveOptions::default()
                    })
                    .map_err(|e| SessionError::TooMuch(e.to_string()))?;
                let sol = o
                    .solutions
                    .first()
                    .ok_or_else(|| SessionError::Refused("the puzzle has no solution".into()))?;
                writes.extend(sol.iter().enumerate().map(|(c, &l)| (c, Some(l))));
            }
            RegexAction::Reset => {
                writes.extend((0..self.cells.len()).map(|c| (c, None)));
            }
        }
        for (cell, v) in writes {
            if self.cells[cell] != v {
                self.cells[cell] = v;
                let (r, c) = self.puzzle.grid.row_col(cell);
                out.push(RegexHappening::Cell {
                    row: r + 1,
                    col: c + 1,
                    letter: v.map(char::from),
                });
            }
        }
        let after = self.statuses();
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            if b != a {
                out.push(RegexHappening::Clue {
                    name: self.puzzle.clues[k].name.clone(),
                    clue: self.puzzle.clues[k].clue.source.clone(),
                    status: *a,
                });
            }
        }
        if self.cells.iter().all(Option::is_some)
            && after.iter().all(|s| *s == ClueStatus::Satisfied)
        {
            out.push(RegexHappening::Solved);
        }
        Ok(out)
    }

    fn view(&self) -> RegexView {
        let statuses = self.statuses();
        let ch = |c: usize| self.cells[c].map_or('.', char::from);
        let clues = self
            .puzzle
            .clues
            .iter()
            .zip(statuses)
            .map(|(c, status)| ClueView {
                name: c.name.clone(),
                clue: c.clue.source.clone(),
                line: self.puzzle.grid.lines[c.line]
                    .cells
                    .iter()
                    .map(|&x| ch(x))
                    .collect(),
                status,
            })
            .collect();
        RegexView {
            title: self.puzzle.title.clone(),
            drawing: self.puzzle.grid.draw(|c| ch(c).to_string()),
            row_lengths: self.puzzle.grid.row_lengths.clone(),
            cells: self.cells.iter().map(|c| c.map(char::from)).collect(),
            clues,
            filled: self.cells.iter().filter(|c| c.is_some()).count(),
            solved: self.is_solved(),
        }
    }

    fn parse_action(&self, line: &str) -> Result<RegexAction, SessionError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let num = |w: &str| {
            w.parse::<usize>()
                .map_err(|_| SessionError::Invalid(format!("'{w}' is not a row or cell number")))
        };
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let l: Vec<&str> = lower.iter().map(String::as_str).collect();
        Ok(match l.as_slice() {
            ["hint"] => RegexAction::Hint,
            ["reveal"] | ["solve"] => RegexAction::Reveal,
            ["reset"] => RegexAction::Reset,
            ["clear", r, c] => RegexAction::Clear {
                row: num(r)?,
                col: num(c)?,
            },
            [r, c, _] => {
                let w = words[2];
                let mut chars = w.chars();
                let (Some(letter), None) = (chars.next(), chars.next()) else {
                    return Err(SessionError::Invalid(format!(
                        "'{w}' is not one letter: type ROW CELL LETTER"
                    )));
                };
                RegexAction::Set {
                    row: num(r)?,
                    col: num(c)?,
                    letter,
                }
            }
            [r, _] => RegexAction::Fill {
                row: num(r)?,
                letters: words[1].to_string(),
            },
            _ => {
                return Err(SessionError::Invalid(format!(
                    "cannot read {line:?}: type ROW CELL LETTER, ROW LETTERS, clear ROW CELL, hint, reveal or reset"
                )))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str =
        "shape: rectangle 2x2\nacross 1: [AB]C\nacross 2: X[YZ]\ndown 1: A.\ndown 2: CY|DZ\n";

    fn small() -> RegexSession {
        RegexSession::new(RegexConfig {
            puzzle: SMALL.into(),
        })
        .unwrap()
    }

    #[test]
    fn typing_reports_clue_status() {
        let mut s = small();
        let a = s.parse_action("1 1 b").unwrap();
        let h = s.apply(a).unwrap();
        assert!(h.contains(&RegexHappening::Clue {
            name: "down 1".into(),
            clue: "A.".into(),
            status: ClueStatus::Broken
        }));
        let a = s.parse_action("1 AC").unwrap();
        s.apply(a).unwrap();
        let a = s.parse_action("2 XY").unwrap();
        let h = s.apply(a).unwrap();
        assert_eq!(h.last(), Some(&RegexHappening::Solved));
        assert!(s.view().solved);
        assert_eq!(s.view().drawing, "A C\nX Y\n");
    }

    #[test]
    fn refusals_leave_the_session_unchanged() {
        let mut s = small();
        assert!(s
            .apply(RegexAction::Set {
                row: 3,
                col: 1,
                letter: 'A'
            })
            .is_err());
        assert!(s
            .apply(RegexAction::Set {
                row: 1,
                col: 1,
                letter: '7'
            })
            .is_err());
        assert!(s
            .apply(RegexAction::Fill {
                row: 1,
                letters: "AQ7".into()
            })
            .is_err());
        assert_eq!(s.view().filled, 0);
        assert!(s.parse_action("1 2 AB").is_err());
        assert!(s.parse_action("x y z").is_err());
    }

    #[test]
    fn hints_alone_solve_the_small_hexagon() {
        let mut s = RegexSession::new(RegexConfig::default()).unwrap();
        assert_eq!(RegexSession::KIND, "regex");
        for _ in 0..7 {
            let h = s.apply(RegexAction::Hint).unwrap();
            assert!(matches!(&h[0], RegexHappening::Hint { because, .. } if !because.is_empty()));
        }
        assert!(s.view().solved);
        assert!(s.apply(RegexAction::Hint).is_err());
    }

    #[test]
    fn hint_reveal_and_reset() {
        let mut s = small();
        let h = s.apply(RegexAction::Hint).unwrap();
        assert!(matches!(h[0], RegexHappening::Hint { .. }), "{h:?}");
        assert_eq!(s.view().filled, 1);
        s.apply(RegexAction::Reveal).unwrap();
        assert!(s.view().solved);
        s.apply(RegexAction::Reset).unwrap();
        assert_eq!(s.view().filled, 0);
    }
}
