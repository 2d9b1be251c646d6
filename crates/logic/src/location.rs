//! [`Location`]: a line and column in a source file, for error messages.

use std::fmt;

/// A 1-based line and column in a text file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line, from 1.
    pub line: u32,
    /// Column (in characters), from 1.
    pub column: u32,
}

impl Location {
    /// A location.
    #[must_use]
    pub const fn new(line: u32, column: u32) -> Location {
        Location { line, column }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&ludomat_io::text::line_column(self.line, self.column))
    }
}
