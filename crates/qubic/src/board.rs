//! [`Board`]: a 4^D position as two bitboards, and [`CellSet`], the bitboard.

use std::fmt;
use std::sync::OnceLock;

use ludomat_game::{Game, Outcome, Player};

use crate::{Cell, Geometry};

/// A set of cells: 256 bits. On 4×4×4 only the first `u64` word is used, so the cube's
/// bitboard is a single `u64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(pub [u64; 4]);

impl CellSet {
    /// No cells.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// Whether cell `i` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Add cell `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Number of cells.
    #[must_use]
    #[inline]
    pub const fn len(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// No cells?
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Intersection.
    #[must_use]
    #[inline]
    pub const fn and(self, o: CellSet) -> CellSet {
        CellSet([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }

    /// Union.
    #[must_use]
    #[inline]
    pub const fn or(self, o: CellSet) -> CellSet {
        CellSet([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }

    /// The cells, ascending.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..4).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    None
                } else {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(w * 64 + b)
                }
            })
        })
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The lines of a 4^D board as bitboards, built once.
#[derive(Debug)]
pub struct Layout {
    /// The geometry (cells, lines, lines through each cell).
    pub geometry: &'static Geometry,
    /// Each line as a cell set.
    pub masks: Vec<CellSet>,
}

/// The layout of the 4^D board (D = 3 or 4).
#[must_use]
pub fn layout<const D: usize>() -> &'static Layout {
    static CUBE: OnceLock<Layout> = OnceLock::new();
    static TESSERACT: OnceLock<Layout> = OnceLock::new();
    let (cell, geometry) = match D {
        3 => (&CUBE, Geometry::cube()),
        _ => (&TESSERACT, Geometry::tesseract()),
    };
    cell.get_or_init(|| Layout {
        geometry,
        masks: geometry
            .lines()
            .iter()
            .map(|l| {
                let mut s = CellSet::EMPTY;
                for &c in l {
                    s.insert(c as usize);
                }
                s
            })
            .collect(),
    })
}

/// Why a move cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The cell already holds a mark.
    #[error("{cell} is already taken (by {by})")]
    Occupied {
        /// The cell, as typed.
        cell: String,
        /// `P` or `M`-style name of who holds it: "the first player" / "the second player".
        by: Player,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// A position on the 4×4×4 cube (`Board<3>`, [`Cube`]) or the 4⁴ board (`Board<4>`,
/// [`Tesseract`]): one bitboard per player; the first player moves first. Implements
/// [`ludomat_game::Game`] with [`Cell`] moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board<const D: usize> {
    marks: [CellSet; 2],
    moves: u16,
    winner: Option<Player>,
    /// The winning line, if any.
    win_line: Option<u16>,
}

/// 4×4×4.
pub type Cube = Board<3>;
/// 4×4×4×4.
pub type Tesseract = Board<4>;

impl<const D: usize> Board<D> {
    const SUPPORTED: () = assert!(D == 3 || D == 4, "only 4x4x4 and 4x4x4x4 boards");

    /// The empty board.
    #[must_use]
    pub fn empty() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::SUPPORTED;
        Board {
            marks: [CellSet::EMPTY; 2],
            moves: 0,
            winner: None,
            win_line: None,
        }
    }

    /// The board's lines.
    #[must_use]
    pub fn layout() -> &'static Layout {
        layout::<D>()
    }

    /// Who holds `cell`, if anyone.
    #[must_use]
    pub fn at(&self, cell: Cell<D>) -> Option<Player> {
        if self.marks[0].contains(cell.index()) {
            Some(Player::First)
        } else if self.marks[1].contains(cell.index()) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The cells held by `player`.
    #[must_use]
    pub fn cells_of(&self, player: Player) -> CellSet {
        self.marks[player.index()]
    }

    /// Occupied cells.
    #[must_use]
    pub fn occupied(&self) -> CellSet {
        self.marks[0].or(self.marks[1])
    }

    /// Moves played so far.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.moves as usize
    }

    /// The winning line (index into the geometry's lines), once somebody has won.
    #[must_use]
    pub fn winning_line(&self) -> Option<usize> {
        self.win_line.map(usize::from)
    }

    /// Empty cells in spot order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell<D>> + '_ {
        let occ = self.occupied();
        Cell::<D>::all().filter(move |c| !occ.contains(c.index()))
    }

    /// Play `cell` for the side to move, checking it.
    ///
    /// # Errors
    /// [`BoardError::Occupied`] or [`BoardError::GameOver`].
    pub fn try_play(&mut self, cell: Cell<D>) -> Result<(), BoardError> {
        if self.outcome().is_some() {
            return Err(BoardError::GameOver);
        }
        if let Some(by) = self.at(cell) {
            return Err(BoardError::Occupied {
                cell: cell.to_string(),
                by,
            });
        }
        self.place(cell);
        Ok(())
    }

    fn place(&mut self, cell: Cell<D>) {
        let side = self.side_to_move();
        let i = cell.index();
        self.marks[side.index()].insert(i);
        self.moves += 1;
        let lay = layout::<D>();
        let mine = self.marks[side.index()];
        for &l in lay.geometry.lines_through(i) {
            let m = lay.masks[l as usize];
            if mine.and(m) == m {
                self.winner = Some(side);
                self.win_line = Some(l);
                break;
            }
        }
    }

    /// Build a position from the first player's and second player's cells (for figures
    /// and tests). The side to move follows from the counts.
    ///
    /// # Errors
    /// When a cell is given twice or the counts cannot arise in play.
    pub fn from_cells(first: &[Cell<D>], second: &[Cell<D>]) -> Result<Self, BoardError> {
        let mut b = Self::empty();
        let n = first.len().max(second.len());
        for i in 0..n {
            if let Some(&c) = first.get(i) {
                b.try_play(c)?;
            } else {
                return Err(BoardError::GameOver);
            }
            if let Some(&c) = second.get(i) {
                b.try_play(c)?;
            }
        }
        Ok(b)
    }

    /// Draw the board the way the teletype did: four 4×4 tiers side by side, `P`/`M` (or
    /// the given marks) for the players, `.` for empty; in 4D, four such rows of tiers.
    #[must_use]
    pub fn render(&self, marks: [char; 2]) -> String {
        render_with::<D>(|i| {
            if self.marks[0].contains(i) {
                Some(marks[0])
            } else if self.marks[1].contains(i) {
                Some(marks[1])
            } else {
                None
            }
        })
    }
}

/// Draw a 4^D board from a function giving each occupied spot's character. The 4D board
/// is drawn compactly, 13 lines: its four blocks (first digit w) two by two, each block
/// four tiers (x) side by side, a tier four rows (y) of four cells (z) without spaces.
#[must_use]
pub fn render_with<const D: usize>(mark: impl Fn(usize) -> Option<char>) -> String {
    if D == 4 {
        return render_4d(mark);
    }
    let mut out = String::new();
    let blocks = if D == 4 { 4 } else { 1 };
    for w in 0..blocks {
        if D == 4 {
            out.push_str(&format!("block {} (first digit)\n", w + 1));
        }
        out.push_str("   ");
        for t in 0..4 {
            out.push_str(&format!("tier {}     ", t + 1));
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
        for row in 0..4 {
            out.push_str(&format!("{}  ", row + 1));
            for t in 0..4 {
                for col in 0..4 {
                    let i = w * 64 + t * 16 + row * 4 + col;
                    out.push(mark(i).unwrap_or('.'));
                    out.push(' ');
                }
                out.push_str("   ");
            }
            while out.ends_with(' ') {
                out.pop();
            }
            out.push('\n');
        }
    }
    out
}

fn render_4d(mark: impl Fn(usize) -> Option<char>) -> String {
    // every block is 23 columns wide; two side by side, one space apart
    let mut out = String::new();
    let mut push = |cols: [String; 2]| {
        let line = format!("{:<23} {:<23}", cols[0], cols[1]);
        out.push_str(line.trim_end());
        out.push('\n');
    };
    for (k, pair) in [[0usize, 1], [2, 3]].into_iter().enumerate() {
        if k > 0 {
            push([String::new(), String::new()]);
        }
        push(pair.map(|w| format!("   block w={}", w + 1)));
        push(pair.map(|_| "   x=1  x=2  x=3  x=4".to_string()));
        for row in 0..4 {
            push(pair.map(|w| {
                let tiers: Vec<String> = (0..4)
                    .map(|t| {
                        (0..4)
                            .map(|col| mark(w * 64 + t * 16 + row * 4 + col).unwrap_or('.'))
                            .collect()
                    })
                    .collect();
                format!("y{} {}", row + 1, tiers.join(" "))
            }));
        }
    }
    out
}

impl<const D: usize> Default for Board<D> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<const D: usize> fmt::Debug for Board<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board<{D}>\n{}", self.render(['X', 'O']))
    }
}

impl<const D: usize> Game for Board<D> {
    type Move = Cell<D>;

    fn start() -> Self {
        Self::empty()
    }

    fn side_to_move(&self) -> Player {
        if self.moves & 1 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn legal_moves(&self) -> Vec<Cell<D>> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.empty_cells().collect()
    }

    fn is_legal(&self, mv: Cell<D>) -> bool {
        self.outcome().is_none() && self.at(mv).is_none()
    }

    fn play(&mut self, mv: Cell<D>) {
        debug_assert!(self.is_legal(mv), "illegal move {mv}");
        self.place(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(p) => Some(Outcome::Win(p)),
            None if self.moves as usize == Cell::<D>::COUNT => Some(Outcome::Draw),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell<3> {
        s.parse().unwrap()
    }

    #[test]
    fn lines_per_cell_on_the_cube() {
        let g = Geometry::cube();
        let mut hist = [0usize; 8];
        for i in 0..64 {
            hist[g.lines_through(i).len()] += 1;
        }
        assert_eq!(hist[7], 16);
        assert_eq!(hist[4], 48);
        let diag: std::collections::BTreeSet<u16> = g
            .main_diagonals()
            .iter()
            .flat_map(|&l| g.lines()[l].clone())
            .collect();
        let seven: std::collections::BTreeSet<u16> = (0..64u16)
            .filter(|&i| g.lines_through(i as usize).len() == 7)
            .collect();
        assert_eq!(diag, seven);
    }

    #[test]
    fn lines_per_cell_in_4d() {
        let g = Geometry::tesseract();
        let max = (0..256).map(|i| g.lines_through(i).len()).max().unwrap();
        assert_eq!(max, 15);
        let on_diagonals: std::collections::BTreeSet<u16> = g
            .main_diagonals()
            .iter()
            .flat_map(|&l| g.lines()[l].clone())
            .collect();
        assert_eq!(on_diagonals.len(), 32);
        for i in 0..256u16 {
            assert_eq!(
                g.lines_through(i as usize).len() == 15,
                on_diagonals.contains(&i)
            );
        }
    }

    #[test]
    fn a_row_wins() {
        let mut b = Cube::empty();
        for s in ["111", "211", "112", "212", "113", "213"] {
            b.try_play(c(s)).unwrap();
        }
        assert_eq!(b.outcome(), None);
        b.try_play(c("114")).unwrap();
        assert_eq!(b.outcome(), Some(Outcome::Win(Player::First)));
        assert!(b.try_play(c("444")).is_err());
    }

    #[test]
    fn occupied_is_refused() {
        let mut b = Cube::empty();
        b.try_play(c("111")).unwrap();
        let e = b.try_play(c("111")).unwrap_err();
        assert_eq!(e.to_string(), "111 is already taken (by first player)");
    }

    #[test]
    fn render_shows_tiers() {
        let mut b = Cube::empty();
        b.try_play(c("111")).unwrap();
        b.try_play(c("444")).unwrap();
        let r = b.render(['P', 'M']);
        assert!(r.lines().nth(1).unwrap().starts_with("1  P . . ."));
        assert!(r.lines().nth(4).unwrap().ends_with(". . . M"));
    }

    #[test]
    fn the_4d_board_fits_in_13_lines() {
        let mut b = Board::<4>::empty();
        // P, M, P in turn
        for cell in ["1111", "4444", "2341"] {
            b.try_play(cell.parse::<Cell<4>>().unwrap()).unwrap();
        }
        let r = b.render(['P', 'M']);
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines.len(), 13, "{r}");
        assert!(
            lines[0].contains("block w=1") && lines[0].contains("block w=2"),
            "{r}"
        );
        assert_eq!(
            lines[2], "y1 P... .... .... ....  y1 .... .... .... ....",
            "{r}"
        );
        // 2341: block 2, tier 3, row 4, column 1
        assert!(lines[5].ends_with("y4 .... .... P... ...."), "{r}");
        // 4444: block 4, tier 4, row 4, column 4
        assert!(lines[12].ends_with("y4 .... .... .... ...M"), "{r}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80), "{r}");
    }
}
