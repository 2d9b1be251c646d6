//! [`Board`]: a noughts-and-crosses position as two 9-bit masks.

use std::fmt;
use std::str::FromStr;

use ludomat_game::{Game, Outcome, Player};

use crate::notation::Notation;
use crate::Cell;

/// A mark on a square. X moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Mark {
    /// Crosses, the first player.
    X,
    /// Noughts, the second player.
    O,
}

impl Mark {
    /// The player who plays this mark (X moves first).
    #[must_use]
    pub const fn player(self) -> Player {
        match self {
            Mark::X => Player::First,
            Mark::O => Player::Second,
        }
    }

    /// The mark a player plays.
    #[must_use]
    pub const fn of(player: Player) -> Mark {
        match player {
            Player::First => Mark::X,
            Player::Second => Mark::O,
        }
    }

    /// The other mark.
    #[must_use]
    pub const fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// The eight lines as masks: three rows, three columns, two diagonals.
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// All nine squares.
pub const FULL: u16 = 0b111_111_111;

/// Whether `mask` holds a complete line.
#[must_use]
pub const fn has_line(mask: u16) -> bool {
    let mut i = 0;
    while i < LINES.len() {
        if mask & LINES[i] == LINES[i] {
            return true;
        }
        i += 1;
    }
    false
}

/// A position: which squares hold X, which hold O. X moves first, so the side to move
/// follows from the counts. Not every value is reachable in play; [`Board::is_reachable`]
/// tells.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Board {
    x: u16,
    o: u16,
}

/// Why a board or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The square is taken.
    #[error("square {square} is already taken by {mark}")]
    Occupied {
        /// The square, named in the notation in use.
        square: String,
        /// Who holds it.
        mark: Mark,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A board text was malformed.
    #[error("bad board text at character {position}: {reason}")]
    BadText {
        /// 1-based position in the text.
        position: usize,
        /// What was wrong.
        reason: String,
    },
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board { x: 0, o: 0 };

    /// A board from masks; `None` when a square holds both marks or a mask is too wide.
    #[must_use]
    pub const fn from_masks(x: u16, o: u16) -> Option<Board> {
        if x & o != 0 || (x | o) & !FULL != 0 {
            None
        } else {
            Some(Board { x, o })
        }
    }

    /// The squares holding X.
    #[must_use]
    pub const fn x_mask(self) -> u16 {
        self.x
    }

    /// The squares holding O.
    #[must_use]
    pub const fn o_mask(self) -> u16 {
        self.o
    }

    /// The squares holding `mark`.
    #[must_use]
    pub const fn mask(self, mark: Mark) -> u16 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// The empty squares.
    #[must_use]
    pub const fn empty_mask(self) -> u16 {
        FULL & !(self.x | self.o)
    }

    /// What is on `cell`.
    #[must_use]
    pub const fn get(self, cell: Cell) -> Option<Mark> {
        if self.x & cell.bit() != 0 {
            Some(Mark::X)
        } else if self.o & cell.bit() != 0 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Marks on the board.
    #[must_use]
    pub const fn count(self) -> u32 {
        (self.x | self.o).count_ones()
    }

    /// Whose turn it is: X when the counts are equal.
    #[must_use]
    pub const fn to_move(self) -> Mark {
        if self.x.count_ones() > self.o.count_ones() {
            Mark::O
        } else {
            Mark::X
        }
    }

    /// The mark with three in a row, if any (X first if, impossibly, both have one).
    #[must_use]
    pub const fn winner(self) -> Option<Mark> {
        if has_line(self.x) {
            Some(Mark::X)
        } else if has_line(self.o) {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Full with no winner.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        self.x | self.o == FULL && self.winner().is_none()
    }

    /// Won or full.
    #[must_use]
    pub const fn is_over(self) -> bool {
        self.winner().is_some() || self.x | self.o == FULL
    }

    /// Empty squares in reading order, none once the game is over.
    pub fn legal_cells(self) -> impl Iterator<Item = Cell> {
        let empty = if self.is_over() { 0 } else { self.empty_mask() };
        Cell::ALL.into_iter().filter(move |c| empty & c.bit() != 0)
    }

    /// The board after the side to move marks `cell`.
    ///
    /// # Errors
    /// When the square is taken or the game is over.
    pub fn try_play(self, cell: Cell) -> Result<Board, BoardError> {
        if self.is_over() {
            return Err(BoardError::GameOver);
        }
        if let Some(mark) = self.get(cell) {
            return Err(BoardError::Occupied {
                square: cell.to_string(),
                mark,
            });
        }
        Ok(self.with(cell, self.to_move()))
    }

    /// The board with `mark` placed on `cell` (no checks).
    #[must_use]
    pub const fn with(self, cell: Cell, mark: Mark) -> Board {
        match mark {
            Mark::X => Board {
                x: self.x | cell.bit(),
                o: self.o,
            },
            Mark::O => Board {
                x: self.x,
                o: self.o | cell.bit(),
            },
        }
    }

    /// Whether this position can arise in a game: X has as many marks as O or one more,
    /// at most one side has a line, and the side with a line moved last.
    #[must_use]
    pub const fn is_reachable(self) -> bool {
        let (nx, no) = (self.x.count_ones(), self.o.count_ones());
        if !(nx == no || nx == no + 1) {
            return false;
        }
        match (has_line(self.x), has_line(self.o)) {
            (true, true) => false,
            (true, false) => nx == no + 1,
            (false, true) => nx == no,
            (false, false) => true,
        }
    }

    /// The position as a base-3 number (cell i contributes 3^i × (1 for X, 2 for O)),
    /// 0 ≤ code < 19,683: an index for tables over every board.
    #[must_use]
    pub fn code(self) -> usize {
        let mut code = 0;
        for i in (0..9).rev() {
            code = code * 3
                + if self.x >> i & 1 == 1 {
                    1
                } else if self.o >> i & 1 == 1 {
                    2
                } else {
                    0
                };
        }
        code
    }

    /// Render the grid with the squares named in `notation` where they are empty.
    #[must_use]
    pub fn render(self, notation: Notation) -> String {
        let width = match notation {
            Notation::Menace => 2,
            _ => 1,
        };
        let mut out = String::new();
        for row in 0..3 {
            let cells: Vec<String> = (0..3)
                .filter_map(|col| Cell::from_coords(row, col))
                .map(|c| match self.get(c) {
                    Some(m) => format!("{m:^width$}"),
                    None => format!("{:^width$}", notation.name(c).to_lowercase()),
                })
                .collect();
            out.push(' ');
            out.push_str(&cells.join(" | "));
            out.push('\n');
            if row < 2 {
                out.push_str(&format!("{}\n", vec!["-".repeat(width + 2); 3].join("+")));
            }
        }
        out
    }
}

impl fmt::Display for Board {
    /// Three lines of `X`, `O` and `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            for col in 0..3 {
                let c = Cell::from_coords(row, col).ok_or(fmt::Error)?;
                f.write_str(match self.get(c) {
                    Some(Mark::X) => "X",
                    Some(Mark::O) => "O",
                    None => ".",
                })?;
            }
            if row < 2 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardError;
    /// Nine squares in reading order from `X`, `O` and `.` (or `-`, `_`, space-free);
    /// white space and `/` are ignored: `"XO./.X./..O"`.
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let mut board = Board::EMPTY;
        let mut i = 0;
        for (pos, ch) in s.chars().enumerate() {
            let mark = match ch {
                c if c.is_whitespace() || c == '/' || c == '|' => continue,
                'X' | 'x' => Some(Mark::X),
                'O' | 'o' | '0' => Some(Mark::O),
                '.' | '-' | '_' => None,
                other => {
                    // an escape or an invisible character shown escaped and named, never
                    // sent raw to the terminal (an escape would eat the words after it)
                    let other = other.to_string();
                    return Err(BoardError::BadText {
                        position: pos + 1,
                        reason: format!(
                            "{} is not X, O or .{}",
                            ludomat_io::text::quoted(&other, 1),
                            ludomat_io::error::hidden_in(&other)
                        ),
                    });
                }
            };
            let cell = Cell::from_index(i).ok_or_else(|| BoardError::BadText {
                position: pos + 1,
                reason: "more than nine squares".into(),
            })?;
            if let Some(m) = mark {
                board = board.with(cell, m);
            }
            i += 1;
        }
        if i != 9 {
            return Err(BoardError::BadText {
                position: s.chars().count(),
                reason: format!("{i} squares, not nine"),
            });
        }
        Ok(board)
    }
}

impl Game for Board {
    type Move = Cell;

    fn start() -> Self {
        Board::EMPTY
    }

    fn side_to_move(&self) -> Player {
        self.to_move().player()
    }

    fn legal_moves(&self) -> Vec<Cell> {
        self.legal_cells().collect()
    }

    fn is_legal(&self, mv: Cell) -> bool {
        !self.is_over() && self.empty_mask() & mv.bit() != 0
    }

    fn play(&mut self, mv: Cell) {
        debug_assert!(self.is_legal(mv), "illegal move {mv} on\n{self}");
        *self = self.with(mv, self.to_move());
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner() {
            Some(m) => Some(Outcome::Win(m.player())),
            None if self.x | self.o == FULL => Some(Outcome::Draw),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_errors() {
        let b: Board = "XO./.X./..O".parse().unwrap();
        assert_eq!(b.to_string(), "XO.\n.X.\n..O");
        assert_eq!(b.to_move(), Mark::X);
        assert!(b.is_reachable());
        assert!(matches!(
            "XO?......".parse::<Board>(),
            Err(BoardError::BadText { position: 3, .. })
        ));
        assert!("XO".parse::<Board>().is_err());
        assert!("XXXXXXXXXX".parse::<Board>().is_err());
    }

    /// An escape in a board text (`menace boxes --position`) once ate the words after it
    /// on the terminal: it is shown escaped and named, as is an invisible character.
    #[test]
    fn a_control_character_in_a_board_text_is_shown_escaped_and_named() {
        let e = "X../.O./..\u{1b}[31m.".parse::<Board>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad board text at character 11: '\\u{1b}' is not X, O or .: it has a control \
             character (U+001B) in it"
        );
        let e = "X\u{200b}".parse::<Board>().unwrap_err().to_string();
        assert!(
            e.ends_with("'\\u{200b}' is not X, O or .: it has a zero-width space (U+200B) in it"),
            "{e}"
        );
        let e = "X?".parse::<Board>().unwrap_err().to_string();
        assert!(e.ends_with("'?' is not X, O or ."), "{e}");
    }

    #[test]
    fn winner_draw_and_occupied() {
        let b: Board = "XXX/OO./...".parse().unwrap();
        assert_eq!(b.winner(), Some(Mark::X));
        assert!(b.try_play(Cell::ALL[8]).is_err());
        let d: Board = "XOX/XOO/OXX".parse().unwrap();
        assert!(d.is_draw());
        let e = Board::EMPTY
            .try_play(Cell::CENTRE)
            .unwrap()
            .try_play(Cell::CENTRE)
            .unwrap_err();
        assert_eq!(e.to_string(), "square 5 is already taken by X");
    }

    #[test]
    fn code_is_a_bijection_on_boards() {
        let mut seen = std::collections::HashSet::new();
        for x in 0..512u16 {
            for o in 0..512u16 {
                if let Some(b) = Board::from_masks(x, o) {
                    assert!(b.code() < 19_683);
                    assert!(seen.insert(b.code()));
                }
            }
        }
        assert_eq!(seen.len(), 19_683);
    }
}
