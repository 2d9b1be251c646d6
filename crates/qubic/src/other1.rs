//! The OTHER-1 strategy: the IBM 1620 machine-code program as reverse-engineered in the
//! 1960s and documented with flowcharts on the OTHER-1 page (seed 001), plus the Java
//! re-implementation's level 12.
//!
//! The machine keeps a **record table** (0 empty, 1 player, 5 machine), the **sum** of
//! every row (line), and an **intersection table** (1 = unmarked, 0 = marked). Each
//! level is one pass over all rows with a test sum and one of three subordinate routines;
//! the first level that yields a move wins:
//!
//! | level | sum | routine | action |
//! |---|---|---|---|
//! | 1 | 04 | — | the player has four: "I lose" |
//! | 2 | 15 | — | play the empty cell: machine wins |
//! | 3 | 03 | — | block the player's three |
//! | 4 | 10 | one | a cell on two 2-machine rows: two-way trap |
//! | 5 | 05 | two | second marked cell of a 1-machine row: forcing move |
//! | 6 | 00 | three | empty row with two marked cells: save its first unmarked cell as 6MOV |
//! | 7 | 02 | one | (table re-initialised) block the player's two-way trap |
//! | 8 | 01 | two | block the player's forcing move |
//! | 9 | 00 | three | save 9MOV: the row's first *marked* cell ("first intersection square") |
//! | 10 | 05 | one | (re-initialised) a cell on two 1-machine rows; play 6MOV, 9MOV or it |
//! | 11 | — | — | a random empty cell on the major diagonals (the 1620 halts if none) |
//! | 12 | — | — | (Java) a random empty cell anywhere |
//!
//! Routines visit a row's cells outer pair first, then inner pair ("0 3 1 2"), as the
//! seed's notes require; the rows come in the order [`crate::Geometry`] generates them.

use ludomat_game::{seed, Game};
use rand::seq::SliceRandom;

use crate::{Board, Cell, Level, LevelSet};

/// Record-table value of a player (opponent) move.
pub const PLAYER: u8 = 1;
/// Record-table value of a machine move.
pub const MACHINE: u8 = 5;

/// In which order a subordinate routine visits a row's four cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VisitOrder {
    /// The two outside cells, then the two inside cells: "0 3 1 2" (the flowchart's).
    #[default]
    OuterFirst,
    /// The two inside cells, then the outside ones: "1 2 3 0" (the 1620 listing's).
    InnerFirst,
}

impl VisitOrder {
    fn order(self) -> [usize; 4] {
        match self {
            VisitOrder::OuterFirst => [0, 3, 1, 2],
            VisitOrder::InnerFirst => [1, 2, 3, 0],
        }
    }
}

/// In which order the rows list holds the 76 rows ("the order of the rows in the list
/// is not important" — but it decides ties between candidate moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowOrder {
    /// The order [`crate::Geometry`] generates the lines in.
    #[default]
    Generated,
    /// The 1962 deck's lane order (4×4×4 only; 4D uses the generated order).
    Deck1962,
}

/// Switches for the OTHER-1 strategy. The default is the seed's program with the Java
/// level 12.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Other1Options {
    /// Levels switched off (e.g. 6 and 9: a human who sees traps only once they are set).
    pub disabled: LevelSet,
    /// Keep every level-6 / level-9 candidate and pick one at random instead of the last
    /// one found (a tweak the seed's author suggests).
    pub random_saved_moves: bool,
    /// Java's level 12 (random empty cell anywhere); off, the machine halts like the 1620
    /// when no major-diagonal cell is empty.
    pub level12: bool,
    /// Cell order inside a row.
    pub visit: VisitOrder,
    /// Order of the rows list.
    pub rows: RowOrder,
    /// Level 9 saves the row's first *marked* cell (on by default). The seed's notes say
    /// level 9 moves "to first intersection square in row" but level 6 "to first
    /// non-intersection square", although both use subordinate routine three. Taken
    /// literally (the default) the self-play figures fall inside the Java program's
    /// reported ranges (first ≈ 55 %, second ≈ 40 %, ties ≈ 5 %); off, both levels take
    /// the first unmarked cell (as the 1962 deck's level 6 does) and ties drop to ≈ 2.6 %.
    pub level9_marked_cell: bool,
    /// Level 6 saves the row's first marked cell instead of the first unmarked one (for
    /// comparison; the seed's text says unmarked).
    pub level6_marked_cell: bool,
}

impl Default for Other1Options {
    fn default() -> Self {
        Other1Options {
            disabled: LevelSet::NONE,
            random_saved_moves: false,
            level12: true,
            visit: VisitOrder::OuterFirst,
            rows: RowOrder::Generated,
            level9_marked_cell: true,
            level6_marked_cell: false,
        }
    }
}

/// What the machine decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply<const D: usize> {
    /// Play `cell`; `level` is the level whose move it is (6 or 9 when a saved 6MOV or
    /// 9MOV is played at level 10).
    Move {
        /// The machine's move.
        cell: Cell<D>,
        /// The level that found it.
        level: Level,
    },
    /// Level 1: the player has four in a row ("I lose").
    Lost {
        /// The player's winning row.
        row: usize,
    },
    /// Level 11 found no empty major-diagonal cell and level 12 is off: the 1620 stops.
    Halt,
}

/// The machine's working tables after its last decision (for display).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Workings {
    /// 0 empty, 1 player, 5 machine, per cell.
    pub record: Vec<u8>,
    /// Each row's sum.
    pub sums: Vec<u8>,
    /// The intersection table as the last level left it (1 unmarked, 0 marked).
    pub intersection: Vec<u8>,
    /// Level-6 candidates found (the program keeps the last).
    pub mov6: Vec<usize>,
    /// Level-9 candidates found.
    pub mov9: Vec<usize>,
    /// The level-10 held move.
    pub held: Option<usize>,
    /// The levels that ran, in order.
    pub levels_run: Vec<u8>,
}

/// The OTHER-1 machine for the 4^D board (D = 3 or 4; in 4D the major-diagonal list is
/// the cells of the 8 main diagonals, as the 4D port favoured).
#[derive(Debug, Clone)]
pub struct Other1<const D: usize> {
    options: Other1Options,
    rng: seed::Rng,
    workings: Workings,
}

impl<const D: usize> Other1<D> {
    /// The machine with the given switches and seed (level 11/12 choices).
    #[must_use]
    pub fn new(options: Other1Options, seed: u64) -> Self {
        Other1 {
            options,
            rng: seed::rng(seed),
            workings: Workings::default(),
        }
    }

    /// The switches.
    #[must_use]
    pub fn options(&self) -> Other1Options {
        self.options
    }

    /// The tables of the last decision.
    #[must_use]
    pub fn workings(&self) -> &Workings {
        &self.workings
    }

    /// The major diagonal list: on 4³ the seed's order (0 21 42 63 3 22 41 60 12 25 38 51
    /// 15 26 37 48), in 4D the cells of the 8 main diagonals, diagonal by diagonal.
    #[must_use]
    pub fn major_diagonal_list() -> Vec<usize> {
        if D == 3 {
            vec![0, 21, 42, 63, 3, 22, 41, 60, 12, 25, 38, 51, 15, 26, 37, 48]
        } else {
            let g = Board::<D>::layout().geometry;
            g.main_diagonals()
                .iter()
                .flat_map(|&l| g.lines()[l].iter().map(|&c| c as usize))
                .collect()
        }
    }

    /// The record table of `board` seen by the side to move (the machine).
    #[must_use]
    pub fn record_table(board: &Board<D>) -> Vec<u8> {
        let me = board.side_to_move();
        let mine = board.cells_of(me);
        let theirs = board.cells_of(me.opponent());
        (0..Cell::<D>::COUNT)
            .map(|i| {
                if mine.contains(i) {
                    MACHINE
                } else if theirs.contains(i) {
                    PLAYER
                } else {
                    0
                }
            })
            .collect()
    }

    fn enabled(&self, level: u8) -> bool {
        !self.options.disabled.contains(level)
    }

    /// Decide the machine's move for the side to move in `board`.
    pub fn decide(&mut self, board: &Board<D>) -> Reply<D> {
        let record = Self::record_table(board);
        self.decide_record(record)
    }

    /// Decide from a record table (0 empty, 1 player, 5 machine).
    pub fn decide_record(&mut self, record: Vec<u8>) -> Reply<D> {
        let g = Board::<D>::layout().geometry;
        let rows = match (self.options.rows, D) {
            (RowOrder::Deck1962, 3) => deck_rows(),
            _ => g.lines(),
        };
        let sums: Vec<u8> = rows
            .iter()
            .map(|r| r.iter().map(|&c| record[c as usize]).sum())
            .collect();
        let visit = self.options.visit.order();
        let mut w = Workings {
            record,
            sums,
            intersection: vec![1; Cell::<D>::COUNT],
            ..Workings::default()
        };
        let reply = self.levels(&mut w, rows, visit);
        self.workings = w;
        reply
    }

    fn levels(&mut self, w: &mut Workings, rows: &[Vec<u16>], visit: [usize; 4]) -> Reply<D> {
        let mv = |cell: usize, level: u8| Reply::Move {
            cell: Cell::new(cell).unwrap_or_else(|| unreachable!()),
            level: Level::n(level),
        };
        let rows_with = |sums: &[u8], sum: u8| {
            (0..rows.len())
                .filter(move |&r| sums[r] == sum)
                .collect::<Vec<_>>()
        };
        // Level 1: the player has four.
        w.levels_run.push(1);
        if let Some(&r) = rows_with(&w.sums, 4).first() {
            return Reply::Lost { row: r };
        }
        // Levels 2 and 3: a row with one empty cell.
        for (level, sum) in [(2u8, 15u8), (3, 3)] {
            if !self.enabled(level) {
                continue;
            }
            w.levels_run.push(level);
            for r in rows_with(&w.sums, sum) {
                if let Some(&c) = rows[r].iter().find(|&&c| w.record[c as usize] == 0) {
                    return mv(c as usize, level);
                }
            }
        }
        let mut saved6 = Vec::new();
        let mut saved9 = Vec::new();
        // Levels 4–6 (machine), 7–9 (player).
        for (l_one, l_two, l_three, s_one, s_two) in [(4u8, 5u8, 6u8, 10u8, 5u8), (7, 8, 9, 2, 1)] {
            if l_one == 7 {
                w.intersection.iter_mut().for_each(|x| *x = 1);
            }
            if self.enabled(l_one) {
                w.levels_run.push(l_one);
                if let Some(c) = routine_one(w, rows, visit, s_one) {
                    return mv(c, l_one);
                }
            }
            if self.enabled(l_two) {
                w.levels_run.push(l_two);
                if let Some(c) = routine_two(w, rows, visit, s_two) {
                    return mv(c, l_two);
                }
            }
            if self.enabled(l_three) {
                w.levels_run.push(l_three);
                let marked_cell = if l_three == 9 {
                    self.options.level9_marked_cell
                } else {
                    self.options.level6_marked_cell
                };
                let found = routine_three(w, rows, visit, marked_cell);
                if l_three == 6 {
                    saved6 = found;
                } else {
                    saved9 = found;
                }
            }
        }
        w.mov6 = saved6.clone();
        w.mov9 = saved9.clone();
        // Level 10.
        w.intersection.iter_mut().for_each(|x| *x = 1);
        if self.enabled(10) {
            w.levels_run.push(10);
            w.held = routine_one(w, rows, visit, 5);
        }
        let pick = |v: &[usize], rng: &mut seed::Rng, random: bool| -> Option<usize> {
            if random {
                v.choose(rng).copied()
            } else {
                v.last().copied()
            }
        };
        let random = self.options.random_saved_moves;
        if let Some(c) = pick(&saved6, &mut self.rng, random) {
            return mv(c, 6);
        }
        if let Some(c) = pick(&saved9, &mut self.rng, random) {
            return mv(c, 9);
        }
        if let Some(c) = w.held {
            return mv(c, 10);
        }
        // Level 11: a random empty cell on the major diagonals.
        if self.enabled(11) {
            w.levels_run.push(11);
            let free: Vec<usize> = Self::major_diagonal_list()
                .into_iter()
                .filter(|&c| w.record[c] == 0)
                .collect();
            if let Some(&c) = free.choose(&mut self.rng) {
                return mv(c, 11);
            }
        }
        if self.options.level12 {
            w.levels_run.push(12);
            let free: Vec<usize> = (0..w.record.len()).filter(|&c| w.record[c] == 0).collect();
            if let Some(&c) = free.choose(&mut self.rng) {
                return mv(c, 12);
            }
        }
        Reply::Halt
    }
}

/// The deck's lanes as lines (each from its first cell, as the geometry lists it).
fn deck_rows() -> &'static [Vec<u16>] {
    static R: std::sync::OnceLock<Vec<Vec<u16>>> = std::sync::OnceLock::new();
    R.get_or_init(|| {
        crate::deck::tables()
            .lanes
            .iter()
            .map(|l| {
                [l[3], l[0], l[1], l[2]]
                    .iter()
                    .map(|&c| u16::from(c) - 1)
                    .collect()
            })
            .collect()
    })
}

/// Subordinate routine one: for every row with `sum`, mark its empty cells in the
/// intersection table; an empty cell already marked is the move.
fn routine_one(w: &mut Workings, rows: &[Vec<u16>], visit: [usize; 4], sum: u8) -> Option<usize> {
    for (r, row) in rows.iter().enumerate() {
        if w.sums[r] != sum {
            continue;
        }
        for &k in &visit {
            let c = row[k] as usize;
            if w.record[c] != 0 {
                continue;
            }
            if w.intersection[c] == 0 {
                return Some(c);
            }
            w.intersection[c] = 0;
        }
    }
    None
}

/// Subordinate routine two: the second marked cell of the first row with `sum` holding
/// two marked cells.
fn routine_two(w: &Workings, rows: &[Vec<u16>], visit: [usize; 4], sum: u8) -> Option<usize> {
    for (r, row) in rows.iter().enumerate() {
        if w.sums[r] != sum {
            continue;
        }
        let mut marked = 0;
        for &k in &visit {
            let c = row[k] as usize;
            if w.intersection[c] == 0 {
                marked += 1;
                if marked == 2 {
                    return Some(c);
                }
            }
        }
    }
    None
}

/// Subordinate routine three: every empty row holding two marked cells yields its first
/// unmarked cell; the program keeps the last one found.
fn routine_three(
    w: &Workings,
    rows: &[Vec<u16>],
    visit: [usize; 4],
    marked_cell: bool,
) -> Vec<usize> {
    let mut found = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if w.sums[r] != 0 {
            continue;
        }
        let marked = visit
            .iter()
            .filter(|&&k| w.intersection[row[k] as usize] == 0)
            .count();
        if marked < 2 {
            continue;
        }
        if let Some(&k) = visit
            .iter()
            .find(|&&k| (w.intersection[row[k] as usize] == 0) == marked_cell)
        {
            found.push(row[k] as usize);
        }
    }
    found
}
