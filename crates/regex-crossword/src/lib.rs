//! Regex crosswords, rectangular and hexagonal.
//!
//! A regex crossword is a grid whose every line must match the regular expression printed
//! beside it (regexcrossword.com; the hexagonal "A Regular Crossword" of the 2013 MIT
//! Mystery Hunt, 127 cells read in three directions). This crate reads such puzzles
//! ([`Puzzle`], a documented text format), and solves them the way a person does, only
//! faster: every cell holds the set of letters still possible, every clue strikes out the
//! letters no matching line can put there, and when that stalls the solver guesses a
//! cell and carries on, counting solutions so it can say whether the answer is unique.
//!
//! * [`clue`]: the clue dialect and its parser (errors name the column).
//! * [`nfa`]: the position automaton run over per-cell letter sets (propagation).
//! * [`backtrack`]: the exact backtracking matcher for clues with backreferences.
//! * [`grid`]: rectangle and hexagon, their lines and drawing.
//! * [`puzzle`]: the text format.
//! * [`solver`]: propagation, search, counting, the deduction log.
//! * [`session`]: filling the grid by hand, clue status as you type, the deduction log
//!   step by step (the museum's `regex` exhibit).
//!
//! ```
//! use ludomat_regex_crossword::{Puzzle, SolveOptions, Solver};
//!
//! let p = Puzzle::parse(
//!     "shape: rectangle 2x2\nacross 1: [AB]C\nacross 2: X[YZ]\ndown 1: A.\ndown 2: CY|DZ\n",
//! )?;
//! let out = Solver::new(&p).solve(SolveOptions::default())?;
//! assert!(out.is_unique());
//! assert_eq!(out.solutions[0], b"ACXY");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod backtrack;
pub mod clue;
pub mod grid;
pub mod letters;
pub mod nfa;
pub mod puzzle;
pub mod session;
pub mod solver;
pub mod text;

pub use clue::{Clue, ClueError, Node};
pub use grid::{Direction, Grid, Shape};
pub use letters::Letters;
pub use puzzle::{PlacedClue, Puzzle, PuzzleError};
pub use session::{
    shipped, DeductionStep, Filler, RegexAction, RegexConfig, RegexHappening, RegexSession,
    RegexView, Uniqueness,
};
pub use solver::{ClueStatus, Deduction, Outcome, SolveError, SolveOptions, Solver};

/// The shipped example puzzles: (file name, text).
pub const PUZZLES: &[(&str, &str)] = &[
    (
        "small-hexagon.txt",
        include_str!("../puzzles/small-hexagon.txt"),
    ),
    ("two-by-two.txt", include_str!("../puzzles/two-by-two.txt")),
    ("echo.txt", include_str!("../puzzles/echo.txt")),
    (
        "mit-2013-hexagon.txt",
        include_str!("../puzzles/mit-2013-hexagon.txt"),
    ),
];
