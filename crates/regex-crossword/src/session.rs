//! Filling a regex crossword by hand: the game flow behind `ludomat play regex` and the
//! museum's `regex` exhibit, as a [`ludomat_game::Session`].
//!
//! The session holds the puzzle and the letters filled in so far (and who filled each:
//! typed, a hint, a deduction, the solver). After every action it re-reads each clue
//! against its line — *satisfied* (full and matching), *broken* (full and not matching,
//! or no way of filling its blanks can match) or *open* — and reports the clues whose
//! status changed.
//!
//! * `hint` fills one cell that propagation from the current letters forces, naming the
//!   clues that force it; `reveal` fills the grid with the solver's first solution.
//! * `deduce` steps through the solver's deduction log ([`Solver::deductions_from`] the
//!   letters filled so far): each step is one clue's revision — which cells it narrowed,
//!   which letters it ruled out and which are left; a cell left with one letter is
//!   filled. Typing a letter starts the log afresh from the new letters.
//! * `load` replaces the puzzle by a puzzle file (or a shipped puzzle by name); a file
//!   with a mistake is refused with its line and column.
//!
//! Whether the answer is unique is settled when the puzzle is read (a bounded search,
//! [`UNIQUENESS_NODES`]) and stated in the view.

use ludomat_game::{Session, SessionError};
use serde::{Deserialize, Serialize};

use crate::grid::{Direction, Shape};
use crate::letters::Letters;
use crate::puzzle::{Puzzle, PuzzleError};
use crate::solver::{ClueStatus, Deduction, SolveOptions, Solver};

/// Search nodes spent on deciding whether a puzzle's answer is unique when it is read
/// (every shipped puzzle needs one; an upload that needs more is stated as undecided).
/// Bounds the work a puzzle file makes on reading: each node propagates, so a file of
/// long clues makes each node dear.
pub const UNIQUENESS_NODES: u64 = 2_000;
/// Search nodes `reveal` may spend when reading the puzzle found no answer yet.
pub const REVEAL_NODES: u64 = 10_000;
/// The time bound of those searches (a node of a backreference-heavy clue can cost
/// milliseconds): a visit's upload is never a minute of a server's core.
pub const UNIQUENESS_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// The most memory the solver's search of one puzzle may hold
/// ([`crate::solver::search_bytes`]): a puzzle file that could take more is refused on
/// reading. Every shipped puzzle takes under a megabyte; a 64×64 rectangle of 128 clues
/// over A–Z about 8 MB.
pub const MAX_SEARCH_BYTES: u64 = 32_000_000;

/// `puzzle` unless its search could hold more than [`MAX_SEARCH_BYTES`].
fn within_bound(puzzle: Puzzle, name: &str) -> Result<Puzzle, String> {
    let bytes = crate::solver::search_bytes(&puzzle);
    if bytes > MAX_SEARCH_BYTES {
        return Err(format!(
            "{name}: solving this puzzle could hold {} MB of memory, more than the {} MB a puzzle may take: fewer cells, fewer clues or a smaller alphabet make it smaller",
            format_args!("{:.1}", bytes as f64 / 1e6),
            MAX_SEARCH_BYTES / 1_000_000
        ));
    }
    Ok(puzzle)
}

/// The puzzle to play: the name of a shipped puzzle (`mit-2013-hexagon`, see
/// [`crate::PUZZLES`]) or the text of a puzzle file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegexConfig {
    /// A shipped puzzle's name, or a puzzle file's text (see the crate README for the
    /// format).
    pub puzzle: String,
}

impl Default for RegexConfig {
    fn default() -> Self {
        RegexConfig {
            puzzle: crate::PUZZLES
                .first()
                .map(|(n, _)| n.trim_end_matches(".txt").to_string())
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
    /// The next step of the solver's deduction log: one clue narrows its cells.
    Deduce,
    /// Fill the whole grid with a solution ("solve").
    Reveal,
    /// Empty every cell.
    Reset,
    /// Play another puzzle: a puzzle file's text or a shipped puzzle's name. A file
    /// with a mistake is refused naming its line and column; the session is unchanged.
    Load {
        /// The file's text, or a shipped puzzle's name.
        text: String,
        /// The file's name, for messages.
        #[serde(default)]
        name: Option<String>,
    },
}

/// Who filled a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Filler {
    /// The player typed it.
    Typed,
    /// A hint.
    Hint,
    /// A step of the deduction log left it as the only letter.
    Deduced,
    /// The solver's answer ("solve").
    Revealed,
}

/// One cell narrowed by a deduction step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Narrowed {
    /// The cell (reading order, from 0).
    pub cell: usize,
    /// Row from 1.
    pub row: usize,
    /// Position in the row from 1.
    pub col: usize,
    /// The letters ruled out (ranges written `A-F`).
    pub removed: String,
    /// The letters left.
    pub left: String,
}

/// One step of the deduction log: a clue's revision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeductionStep {
    /// Its number, from 1.
    pub step: usize,
    /// Steps in the log.
    pub of: usize,
    /// The clue's name (`nw 6`).
    pub clue: String,
    /// The clue.
    pub regex: String,
    /// The cells it narrowed, in line order.
    pub cells: Vec<Narrowed>,
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
    /// A step of the deduction log.
    Deduced(DeductionStep),
    /// The deduction log is at its end.
    DeductionsDone {
        /// Cells still open (0: propagation alone filled the grid).
        open_cells: usize,
    },
    /// Another puzzle was loaded.
    Loaded {
        /// Its title.
        title: Option<String>,
        /// Its cells.
        cells: usize,
        /// Its clues.
        clues: usize,
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
    /// The direction of its line.
    pub direction: Direction,
    /// The line's number within its direction, from 1.
    pub number: usize,
    /// Which clue of its line it is: 0 for the first, 1 for a second clue …
    pub nth: usize,
    /// The line's cells in reading order (cell numbers, reading order from 0).
    pub cells: Vec<usize>,
}

/// What the solver says about the puzzle's answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Uniqueness {
    /// Solutions found (at most 2 are looked for).
    pub solutions: usize,
    /// Whether the search was finished (then `solutions` are all there are).
    pub complete: bool,
    /// Search nodes visited.
    pub nodes: u64,
    /// Whether propagation alone (no guessing) fills every cell.
    pub propagation_alone: bool,
    /// The same in a sentence.
    pub statement: String,
}

/// Where the deduction log stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeductionsView {
    /// Steps taken.
    pub done: usize,
    /// Steps in the log (`None` until the first step computes it).
    pub total: Option<usize>,
    /// The step just taken.
    pub last: Option<DeductionStep>,
}

/// Everything a player can see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RegexView {
    /// The puzzle's title.
    pub title: Option<String>,
    /// Where it comes from.
    pub source: Option<String>,
    /// The outline: a rectangle or a hexagon.
    pub shape: Shape,
    /// What a cell may hold (ranges written `A-Z`).
    pub alphabet: String,
    /// The grid drawn (hexagons as hexagons), `.` for blanks.
    pub drawing: String,
    /// Cells per row.
    pub row_lengths: Vec<usize>,
    /// The letters in cell order.
    pub cells: Vec<Option<char>>,
    /// Who filled each cell.
    pub fillers: Vec<Option<Filler>>,
    /// While stepping the deductions: the letters each cell may still hold, where the
    /// log has narrowed it (`None`: not narrowed, or no deductions stepped).
    pub candidates: Vec<Option<String>>,
    /// Every clue and its status.
    pub clues: Vec<ClueView>,
    /// Cells filled.
    pub filled: usize,
    /// Whether the grid is full and every clue satisfied.
    pub solved: bool,
    /// Whether the answer is unique.
    pub uniqueness: Uniqueness,
    /// The deduction log.
    pub deductions: DeductionsView,
    /// The settings (a shared link carries them).
    pub config: RegexConfig,
}

/// The deduction log being stepped.
#[derive(Debug, Clone)]
struct Run {
    steps: Vec<Vec<Deduction>>,
    next: usize,
    domains: Vec<Letters>,
}

/// A regex crossword being filled in.
#[derive(Debug, Clone)]
pub struct RegexSession {
    config: RegexConfig,
    puzzle: Puzzle,
    cells: Vec<Option<u8>>,
    fillers: Vec<Option<Filler>>,
    uniqueness: Uniqueness,
    first_solution: Option<Vec<u8>>,
    run: Option<Run>,
    last_step: Option<DeductionStep>,
}

/// The text of the shipped puzzle `name` (with or without `.txt`).
#[must_use]
pub fn shipped(name: &str) -> Option<&'static str> {
    crate::PUZZLES
        .iter()
        .find(|(n, _)| *n == name || n.strip_suffix(".txt") == Some(name))
        .map(|(_, t)| *t)
}

/// Reads a config's or an upload's puzzle: a shipped name or a file's text. Errors name
/// the file (`name`), its line and the column in that line.
fn read_puzzle(text: &str, name: &str) -> Result<Puzzle, String> {
    let word = text.trim();
    if !word.contains(['\n', ':']) {
        return match shipped(word) {
            Some(t) => Puzzle::parse(t).map_err(|e| format!("{name}: {e}")),
            None => Err(format!(
                "{name}: no shipped puzzle {} (the shipped ones: {}), and not a puzzle file (it has no 'shape:' line)",
                ludomat_io::text::quoted(word, 40),
                crate::PUZZLES
                    .iter()
                    .map(|(n, _)| n.trim_end_matches(".txt"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        };
    }
    Puzzle::parse(text)
        .map_err(|e| place_error(text, name, &e))
        .and_then(|p| within_bound(p, name))
}

/// A puzzle file's text read as a puzzle (never as a shipped puzzle's name), its errors
/// naming the file (`name`), its line and the column in that line.
fn read_puzzle_file(text: &str, name: &str) -> Result<Puzzle, String> {
    Puzzle::parse(text)
        .map_err(|e| place_error(text, name, &e))
        .and_then(|p| within_bound(p, name))
}

/// A puzzle file's mistake as `name: line L, column C: what` (columns count characters
/// of the file's line, from 1).
fn place_error(text: &str, name: &str, e: &PuzzleError) -> String {
    let lines: Vec<&str> = text.lines().collect();
    // The column where a line's content starts, and where its value (after `key:`) does.
    let content = |n: usize| {
        lines.get(n.wrapping_sub(1)).map_or(1, |l| {
            l.chars().take_while(|c| c.is_whitespace()).count() + 1
        })
    };
    let value = |n: usize| {
        lines.get(n.wrapping_sub(1)).map_or(1, |l| {
            let Some(colon) = l.find(':') else {
                return content(n);
            };
            let after = &l[colon + 1..];
            l[..=colon].chars().count()
                + after.chars().take_while(|c| c.is_whitespace()).count()
                + 1
        })
    };
    match e {
        PuzzleError::Clue {
            line, name: clue, error, ..
        } => format!(
            "{name}: {}: clue {clue}: {}",
            ludomat_io::text::line_column(*line, value(*line) + error.column - 1),
            error.message
        ),
        PuzzleError::Line { line, message } => {
            // A grid that cannot be built: the mistake is in the `shape:` line's value.
            let on_shape = lines
                .get(line.wrapping_sub(1))
                .is_some_and(|l| l.trim_start().starts_with("shape"));
            let column = if on_shape { value(*line) } else { content(*line) };
            format!("{name}: {}: {message}", ludomat_io::text::line_column(*line, column))
        }
        PuzzleError::NoShape => format!(
            "{name}: line 1, column 1: the puzzle has no 'shape:' line (e.g. 'shape: rectangle 3x4' or 'shape: hexagon 7')"
        ),
    }
}

fn uniqueness(puzzle: &Puzzle) -> (Uniqueness, Option<Vec<u8>>) {
    let out = Solver::new(puzzle).solve(SolveOptions {
        limit: 2,
        max_nodes: UNIQUENESS_NODES,
        max_time: Some(UNIQUENESS_TIME),
        explain: false,
    });
    match out {
        Ok(o) => {
            let alone = o.after_propagation.iter().all(|l| l.len() == 1) && o.solutions.len() == 1;
            let statement = match (o.solutions.len(), o.complete) {
                (0, _) => "The puzzle has no solution: no way of filling the grid satisfies every clue (the whole search tree was searched).".to_string(),
                (1, true) if alone => "The answer is unique: propagation alone fills every cell, no guessing needed.".to_string(),
                (1, true) => format!("The answer is unique: the whole search tree was searched ({}).", ludomat_io::text::count(o.nodes, "search node", "search nodes")),
                _ => "The answer is not unique: the solver found two different grids that satisfy every clue.".to_string(),
            };
            let first = o.solutions.first().cloned();
            (
                Uniqueness {
                    solutions: o.solutions.len(),
                    complete: o.complete,
                    nodes: o.nodes,
                    propagation_alone: alone,
                    statement,
                },
                first,
            )
        }
        Err(e) => (
            Uniqueness {
                solutions: 0,
                complete: false,
                nodes: UNIQUENESS_NODES,
                propagation_alone: false,
                statement: match e {
                    crate::solver::SolveError::TooManyNodes(n) => format!(
                        "Whether the answer is unique is not decided: the search stopped after {n} nodes ('ludomat regex solve --max-nodes' searches further)."
                    ),
                    e => format!("Whether the answer is unique is not decided: {e}."),
                },
            },
            None,
        ),
    }
}

/// The log cut into steps: consecutive deductions of one clue are one revision.
fn steps_of(log: Vec<Deduction>) -> Vec<Vec<Deduction>> {
    let mut steps: Vec<Vec<Deduction>> = Vec::new();
    for d in log {
        match steps.last_mut() {
            Some(s) if s.first().is_some_and(|f| f.clue == d.clue) => s.push(d),
            _ => steps.push(vec![d]),
        }
    }
    steps
}

impl RegexSession {
    /// The puzzle being played.
    #[must_use]
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// A session on the text of the puzzle file `name` (the terminal's `play regex FILE`):
    /// an error names the file, never quotes its text.
    ///
    /// # Errors
    /// A text that is not a puzzle.
    pub fn from_file(name: &str, text: String) -> Result<RegexSession, SessionError> {
        let puzzle = read_puzzle_file(&text, name).map_err(SessionError::Invalid)?;
        Ok(RegexSession::with_puzzle(
            RegexConfig { puzzle: text },
            puzzle,
        ))
    }

    fn with_puzzle(config: RegexConfig, puzzle: Puzzle) -> RegexSession {
        let n = puzzle.grid.cells();
        let (uniqueness, first_solution) = uniqueness(&puzzle);
        RegexSession {
            config,
            puzzle,
            cells: vec![None; n],
            fillers: vec![None; n],
            uniqueness,
            first_solution,
            run: None,
            last_step: None,
        }
    }

    fn statuses(&self) -> Vec<ClueStatus> {
        let s = Solver::new(&self.puzzle);
        (0..self.puzzle.clues.len())
            .map(|k| s.clue_status(k, &self.cells))
            .collect()
    }

    fn broken_names(&self) -> Vec<String> {
        self.statuses()
            .iter()
            .zip(&self.puzzle.clues)
            .filter(|(s, _)| **s == ClueStatus::Broken)
            .map(|(_, c)| c.name.clone())
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

    fn is_solved(&self, statuses: &[ClueStatus]) -> bool {
        self.cells.iter().all(Option::is_some)
            && statuses.iter().all(|s| *s == ClueStatus::Satisfied)
    }

    /// The next step of the deduction log; writes go to `writes`.
    fn deduce(
        &mut self,
        writes: &mut Vec<(usize, Option<u8>, Filler)>,
        out: &mut Vec<RegexHappening>,
    ) -> Result<(), SessionError> {
        if self.run.is_none() {
            let s = Solver::new(&self.puzzle);
            let (_, log) = s.deductions_from(&self.cells).ok_or_else(|| {
                SessionError::Refused(format!(
                    "the letters filled so far already contradict the clues ({}): clear them to step the deductions",
                    match self.broken_names().as_slice() {
                        [] => "no single clue is broken yet, but no way of filling the blanks satisfies them all".to_string(),
                        b => format!("broken: {}", b.join(", ")),
                    }
                ))
            })?;
            let domains = self
                .cells
                .iter()
                .map(|c| c.map_or(self.puzzle.alphabet, Letters::single))
                .collect();
            self.run = Some(Run {
                steps: steps_of(log),
                next: 0,
                domains,
            });
        }
        let open = self.cells.iter().filter(|c| c.is_none()).count();
        let Some(run) = self.run.as_mut() else {
            return Ok(());
        };
        let of = run.steps.len();
        let Some(step) = run.steps.get(run.next).cloned() else {
            return Err(SessionError::Refused(if open == 0 {
                format!("the deduction log is at its end ({of} steps): every cell is filled")
            } else {
                format!(
                    "the deduction log is at its end ({of} steps) with {} open: propagation alone goes no further; Solve searches for the rest",
                    ludomat_io::text::count(open as u64, "cell", "cells")
                )
            }));
        };
        run.next += 1;
        let done = run.next == of;
        let mut cells = Vec::new();
        for d in &step {
            run.domains[d.cell] = d.left;
            cells.push(Narrowed {
                cell: d.cell,
                row: d.row,
                col: d.col,
                removed: d.removed.to_string(),
                left: d.left.to_string(),
            });
        }
        for d in &step {
            if let (Some(l), None) = (run.domains[d.cell].only(), self.cells[d.cell]) {
                writes.push((d.cell, Some(l), Filler::Deduced));
            }
        }
        let first = &step[0];
        let k = self
            .puzzle
            .clues
            .iter()
            .position(|c| c.name == first.clue)
            .unwrap_or(0);
        let shown = DeductionStep {
            step: run.next,
            of,
            clue: first.clue.clone(),
            regex: self.puzzle.clues[k].clue.source.clone(),
            cells,
        };
        out.push(RegexHappening::Deduced(shown.clone()));
        self.last_step = Some(shown);
        if done {
            let filled: usize = writes.iter().filter(|w| w.1.is_some()).count();
            out.push(RegexHappening::DeductionsDone {
                open_cells: open.saturating_sub(filled),
            });
        }
        Ok(())
    }
}

impl Session for RegexSession {
    type Config = RegexConfig;
    type Action = RegexAction;
    type View = RegexView;
    type Happening = RegexHappening;
    const KIND: &'static str = "regex";

    fn new(config: RegexConfig) -> Result<Self, SessionError> {
        let puzzle =
            read_puzzle(&config.puzzle, "regex config puzzle").map_err(SessionError::Invalid)?;
        Ok(RegexSession::with_puzzle(config, puzzle))
    }

    fn config(&self) -> &RegexConfig {
        &self.config
    }

    fn apply(&mut self, action: RegexAction) -> Result<Vec<RegexHappening>, SessionError> {
        let before = self.statuses();
        let mut writes: Vec<(usize, Option<u8>, Filler)> = Vec::new();
        let mut out = Vec::new();
        match action {
            RegexAction::Set { row, col, letter } => {
                let cell = self.cell(row, col)?;
                let v = self.letter(letter)?;
                writes.push((cell, v, Filler::Typed));
            }
            RegexAction::Clear { row, col } => {
                let cell = self.cell(row, col)?;
                writes.push((cell, None, Filler::Typed));
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
                    writes.push((first + i, v, Filler::Typed));
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
                writes.push((d.cell, Some(letter), Filler::Hint));
            }
            RegexAction::Deduce => {
                // Work on a copy: a refusal leaves the session as it was.
                let mut next = self.clone();
                next.deduce(&mut writes, &mut out)?;
                *self = next;
            }
            RegexAction::Reveal => {
                let sol = match &self.first_solution {
                    Some(s) => s.clone(),
                    None => {
                        let o = Solver::new(&self.puzzle)
                            .solve(SolveOptions {
                                limit: 1,
                                max_nodes: REVEAL_NODES,
                                max_time: Some(UNIQUENESS_TIME),
                                explain: false,
                            })
                            .map_err(|e| {
                                SessionError::TooMuch(format!(
                                    "no answer found within {REVEAL_NODES} search nodes ({e}); 'ludomat regex solve --max-nodes' searches further"
                                ))
                            })?;
                        o.solutions.into_iter().next().ok_or_else(|| {
                            SessionError::Refused("the puzzle has no solution".into())
                        })?
                    }
                };
                writes.extend(
                    sol.iter()
                        .enumerate()
                        .map(|(c, &l)| (c, Some(l), Filler::Revealed)),
                );
            }
            RegexAction::Reset => {
                writes.extend((0..self.cells.len()).map(|c| (c, None, Filler::Typed)));
                self.run = None;
                self.last_step = None;
            }
            RegexAction::Load { text, name } => {
                // The file's name as a person reads it: cut, control characters escaped.
                let name = name.map_or_else(
                    || "the puzzle file".into(),
                    |n| {
                        let cut: String = n.chars().take(60).collect();
                        ludomat_io::text::escape_controls(&cut).into_owned()
                    },
                );
                let puzzle = read_puzzle(&text, &name).map_err(SessionError::Invalid)?;
                let loaded = RegexHappening::Loaded {
                    title: puzzle.title.clone(),
                    cells: puzzle.grid.cells(),
                    clues: puzzle.clues.len(),
                };
                *self = RegexSession::with_puzzle(RegexConfig { puzzle: text }, puzzle);
                return Ok(vec![loaded]);
            }
        }
        let mut changed = false;
        for (cell, v, filler) in writes {
            if self.cells[cell] != v {
                changed = true;
                self.cells[cell] = v;
                self.fillers[cell] = v.map(|_| filler);
                let (r, c) = self.puzzle.grid.row_col(cell);
                out.push(RegexHappening::Cell {
                    row: r + 1,
                    col: c + 1,
                    letter: v.map(char::from),
                });
            }
        }
        // Letters from anywhere but the log itself start the log afresh.
        if changed && !out.iter().any(|h| matches!(h, RegexHappening::Deduced(_))) {
            self.run = None;
            self.last_step = None;
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
        if changed && self.is_solved(&after) {
            out.push(RegexHappening::Solved);
        }
        Ok(out)
    }

    fn view(&self) -> RegexView {
        let statuses = self.statuses();
        let ch = |c: usize| self.cells[c].map_or('.', char::from);
        let grid = &self.puzzle.grid;
        let mut nth_of_line = vec![0usize; grid.lines.len()];
        let clues = self
            .puzzle
            .clues
            .iter()
            .zip(&statuses)
            .map(|(c, status)| {
                let line = &grid.lines[c.line];
                let nth = nth_of_line[c.line];
                nth_of_line[c.line] += 1;
                ClueView {
                    name: c.name.clone(),
                    clue: c.clue.source.clone(),
                    line: line.cells.iter().map(|&x| ch(x)).collect(),
                    status: *status,
                    direction: line.direction,
                    number: line.number,
                    nth,
                    cells: line.cells.clone(),
                }
            })
            .collect();
        let alphabet = self.puzzle.alphabet;
        let candidates = match &self.run {
            Some(run) => run
                .domains
                .iter()
                .map(|d| (*d != alphabet).then(|| d.to_string()))
                .collect(),
            None => vec![None; self.cells.len()],
        };
        RegexView {
            title: self.puzzle.title.clone(),
            source: self.puzzle.source.clone(),
            shape: grid.shape,
            alphabet: alphabet.to_string(),
            drawing: grid.draw(|c| ch(c).to_string()),
            row_lengths: grid.row_lengths.clone(),
            cells: self.cells.iter().map(|c| c.map(char::from)).collect(),
            fillers: self.fillers.clone(),
            candidates,
            clues,
            filled: self.cells.iter().filter(|c| c.is_some()).count(),
            solved: self.is_solved(&statuses),
            uniqueness: self.uniqueness.clone(),
            deductions: DeductionsView {
                done: self.run.as_ref().map_or(0, |r| r.next),
                total: self.run.as_ref().map(|r| r.steps.len()),
                last: self.last_step.clone(),
            },
            config: self.config.clone(),
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
            ["deduce"] | ["next"] => RegexAction::Deduce,
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
                    "cannot read {}: type ROW CELL LETTER, ROW LETTERS, clear ROW CELL, hint, deduce, reveal or reset",
                    ludomat_io::text::quoted(line, 60)
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

    #[test]
    fn the_deduction_log_steps_to_the_end() {
        let mut s = RegexSession::new(RegexConfig::default()).unwrap();
        assert!(s.view().uniqueness.propagation_alone);
        let mut steps = 0;
        loop {
            match s.apply(RegexAction::Deduce) {
                Ok(h) => {
                    steps += 1;
                    let Some(RegexHappening::Deduced(d)) = h.first() else {
                        panic!("{h:?}");
                    };
                    assert_eq!(d.step, steps);
                    assert!(!d.cells.is_empty());
                }
                Err(e) => {
                    assert!(e.to_string().contains("at its end"), "{e}");
                    break;
                }
            }
        }
        let v = s.view();
        assert!(v.solved);
        assert_eq!(v.deductions.total, Some(steps));
        assert!(v.fillers.iter().all(|f| *f == Some(Filler::Deduced)));
        // Typing starts the log afresh.
        s.apply(RegexAction::Reset).unwrap();
        s.apply(RegexAction::Deduce).unwrap();
        assert_eq!(s.view().deductions.done, 1);
        s.apply(RegexAction::Set {
            row: 1,
            col: 1,
            letter: 'Z',
        })
        .unwrap();
        assert_eq!(s.view().deductions.total, None);
        let e = s.apply(RegexAction::Deduce).unwrap_err();
        assert!(e.to_string().contains("contradict"), "{e}");
    }

    #[test]
    fn a_bad_file_is_refused_with_line_and_column() {
        let mut s = small();
        let before = s.view();
        let load = |text: &str| RegexAction::Load {
            text: text.into(),
            name: Some("mine.txt".into()),
        };
        let e = s
            .apply(load("shape: rectangle 1x2\nacross 1:  A(B\n"))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "mine.txt: line 2, column 13: clue across 1: '(' is never closed"
        );
        let e = s
            .apply(load("shape: rectangle 1x2\n  bogus\n"))
            .unwrap_err();
        assert!(
            e.to_string().starts_with("mine.txt: line 2, column 3: "),
            "{e}"
        );
        let e = s.apply(load("# x\nshape: hexagon 99\n")).unwrap_err();
        assert!(
            e.to_string().starts_with("mine.txt: line 2, column 8: "),
            "{e}"
        );
        assert_eq!(s.view(), before);
        let h = s.apply(load("mit-2013-hexagon")).unwrap();
        assert!(matches!(
            h[0],
            RegexHappening::Loaded {
                cells: 127,
                clues: 39,
                ..
            }
        ));
        let v = s.view();
        assert_eq!(v.config.puzzle, "mit-2013-hexagon");
        assert!(v.uniqueness.statement.starts_with("The answer is unique"));
        assert_eq!(
            v.clues
                .iter()
                .filter(|c| c.direction == Direction::Nw)
                .count(),
            13
        );
    }

    #[test]
    fn a_puzzle_too_hard_to_decide_is_stated_so_and_reveal_is_bounded() {
        // Every row and column an even number of A's, but the last column an odd number:
        // no answer, and propagation cannot see it.
        let n = 12;
        let mut text = format!("shape: rectangle {n}x{n}\n");
        for i in 1..=n {
            text += &format!("across {i}: B*(AB*AB*)*\n");
            let down = if i == n {
                "B*AB*(AB*AB*)*"
            } else {
                "B*(AB*AB*)*"
            };
            text += &format!("down {i}: {down}\n");
        }
        let mut s = RegexSession::new(RegexConfig { puzzle: text }).unwrap();
        let u = s.view().uniqueness;
        assert!(!u.complete);
        assert!(
            u.statement.contains("stopped after 2000 nodes"),
            "{}",
            u.statement
        );
        let e = s.apply(RegexAction::Reveal).unwrap_err();
        assert!(matches!(e, SessionError::TooMuch(_)), "{e}");
        assert_eq!(s.view().filled, 0);
    }
}

#[cfg(test)]
mod memory_tests {
    use super::*;
    use crate::solver::search_bytes;

    /// A 64×64 rectangle, every line with the given clues.
    fn rectangle(alphabet: &str, across: &[&str], down: &[&str]) -> String {
        let mut t = format!("title: h\nshape: rectangle 64x64\nalphabet: {alphabet}\n");
        for n in 1..=64 {
            for c in across {
                t.push_str(&format!("across {n}: {c}\n"));
            }
        }
        for n in 1..=64 {
            for c in down {
                t.push_str(&format!("down {n}: {c}\n"));
            }
        }
        t
    }

    #[test]
    fn a_search_holds_no_more_than_its_bound() {
        // The hostile trial's puzzle: each level of the search used to copy the grid
        // (3,845 levels of 4,096 cells: 250 MB).
        let text = rectangle("A-Z", &["(.*)(.*)\\2\\1(.*)\\3"], &["(.)(.)(.).*\\3\\2\\1"]);
        let p = read_puzzle_file(&text, "h.txt").unwrap();
        let bound = search_bytes(&p);
        assert!(bound < 10_000_000, "{bound}");
        let out = Solver::new(&p)
            .solve(SolveOptions {
                limit: 2,
                max_nodes: 10_000,
                max_time: Some(std::time::Duration::from_secs(120)),
                explain: false,
            })
            .unwrap();
        assert!(out.nodes > 1_000, "{}", out.nodes);
        assert!(
            out.peak_bytes > 0 && out.peak_bytes <= bound,
            "{} > {bound}",
            out.peak_bytes
        );
    }

    #[test]
    fn a_puzzle_whose_search_could_exceed_the_bound_is_refused() {
        let clues = ["A*", "B*", "C*", "D*", "E*", "F*", "G*", "H*"];
        let text = rectangle(" -~", &clues, &clues);
        let e = read_puzzle_file(&text, "big.txt").unwrap_err();
        assert!(
            e.starts_with("big.txt: solving this puzzle could hold ")
                && e.contains("more than the 32 MB a puzzle may take"),
            "{e}"
        );
        let mut s = RegexSession::new(RegexConfig::default()).unwrap();
        let load = RegexAction::Load {
            text,
            name: Some("big.txt".into()),
        };
        assert!(matches!(
            s.apply(load),
            Err(SessionError::Invalid(_) | SessionError::Refused(_))
        ));
    }
}
