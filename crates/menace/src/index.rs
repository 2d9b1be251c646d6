//! [`BoxIndex`]: which matchboxes exist for a side, and the precomputed map from every
//! board to its box and symmetry, so finding a box is one table lookup.

use std::collections::BTreeSet;
use std::fmt;
use std::sync::OnceLock;

use ludomat_game::Player;
use ludomat_tictactoe::{canonical, enumerate, Board, Cell, Mark, Symmetry};

use crate::Bead;

/// A matchbox's number within its side's set: 0 is the first box (the empty board
/// when MENACE plays first); boxes are numbered by MENACE's move, then by picture.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct BoxId(u16);

impl BoxId {
    /// The box with this number.
    #[must_use]
    pub const fn new(index: u16) -> BoxId {
        BoxId(index)
    }

    /// The number as an index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for BoxId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Number of boards, [`Board::code`] `< 3^9`.
pub const BOARDS: usize = 19_683;

/// A board without a box in [`BoxIndex`]'s table.
pub(crate) const NONE: u16 = u16::MAX;

/// The matchboxes a MENACE playing `side` needs, generated from the noughts-and-crosses
/// core: one box per symmetry class of the reachable positions where it is that side's
/// turn, leaving out won positions and positions with a single empty square (the move
/// is forced, so Michie had no box for it). First player: 1 + 12 + 108 + 183 = 304;
/// second player: 289.
#[derive(Debug)]
pub struct BoxIndex {
    side: Player,
    pictures: Vec<Board>,
    starts: [usize; 5],
    /// For every board code: `box << 3 | symmetry`, or `NONE`.
    lookup: Vec<u16>,
    /// For every symmetry: a square of the picture → the square of the real board.
    back: [[Cell; 9]; 8],
    /// The same as square indices, for the training loop.
    back_index: [[u8; 9]; 8],
    /// For every box: its legal beads, and one bead per class of equivalent moves.
    beads: Vec<(Vec<Bead>, Vec<Bead>)>,
}

impl BoxIndex {
    fn build(side: Player) -> BoxIndex {
        let mark = Mark::of(side);
        let classes: BTreeSet<(u32, usize, Board)> = enumerate::reachable_positions()
            .into_iter()
            .filter(|b| b.to_move() == mark && !b.is_over() && b.empty_mask().count_ones() >= 2)
            .map(|b| {
                let c = canonical(b).0;
                (c.count(), c.code(), c)
            })
            .collect();
        let pictures: Vec<Board> = classes.iter().map(|&(_, _, b)| b).collect();
        let first_count = side.index() as u32;
        let mut starts = [0usize; 5];
        for (k, start) in starts.iter_mut().enumerate() {
            let marks = first_count + 2 * k as u32;
            *start = pictures.iter().filter(|b| b.count() < marks).count();
        }
        let mut by_code = vec![NONE; BOARDS];
        for (i, p) in pictures.iter().enumerate() {
            by_code[p.code()] = i as u16;
        }
        let mut lookup = vec![NONE; BOARDS];
        for x in 0..512u16 {
            for o in 0..512u16 {
                let Some(b) = Board::from_masks(x, o) else {
                    continue;
                };
                if b.to_move() != mark || b.is_over() || b.empty_mask().count_ones() < 2 {
                    continue;
                }
                let (c, s) = canonical(b);
                let i = by_code[c.code()];
                if i != NONE {
                    lookup[b.code()] = i << 3 | s.index() as u16;
                }
            }
        }
        let back =
            std::array::from_fn(|s| Cell::ALL.map(|c| Symmetry::ALL[s].inverse().apply_cell(c)));
        let back_index = back.map(|row| row.map(|c| c.index() as u8));
        let beads = pictures
            .iter()
            .map(|&p| (p.legal_cells().map(Bead::new).collect(), move_classes(p)))
            .collect();
        BoxIndex {
            side,
            pictures,
            starts,
            lookup,
            back,
            back_index,
            beads,
        }
    }

    /// The shared index for `side`, built on first use (a few milliseconds).
    #[must_use]
    pub fn of(side: Player) -> &'static BoxIndex {
        static FIRST: OnceLock<BoxIndex> = OnceLock::new();
        static SECOND: OnceLock<BoxIndex> = OnceLock::new();
        match side {
            Player::First => FIRST.get_or_init(|| BoxIndex::build(Player::First)),
            Player::Second => SECOND.get_or_init(|| BoxIndex::build(Player::Second)),
        }
    }

    /// The side these boxes play.
    #[must_use]
    pub const fn side(&self) -> Player {
        self.side
    }

    /// Number of boxes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.pictures.len()
    }

    /// Never true.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pictures.is_empty()
    }

    /// The canonical pictures, in box order.
    #[must_use]
    pub fn pictures(&self) -> &[Board] {
        &self.pictures
    }

    /// Boxes by MENACE's 1st, 2nd, 3rd and 4th move (game moves 1/3/5/7 playing
    /// first, 2/4/6/8 playing second).
    #[must_use]
    pub fn counts_by_move(&self) -> [usize; 4] {
        std::array::from_fn(|k| self.starts[k + 1] - self.starts[k])
    }

    /// The box numbers for MENACE's `k`-th move (0-based).
    #[must_use]
    pub fn range_of_move(&self, k: usize) -> std::ops::Range<usize> {
        let k = k.min(3);
        self.starts[k]..self.starts[k + 1]
    }

    /// The box for `board` and the symmetry that carries `board` onto its picture, if
    /// MENACE has a box for it.
    #[must_use]
    pub fn find(&self, board: Board) -> Option<(BoxId, Symmetry)> {
        self.find_code(board.code())
    }

    /// As [`BoxIndex::find`], by [`Board::code`] (the hot path: one table read).
    #[inline]
    #[must_use]
    pub fn find_code(&self, code: usize) -> Option<(BoxId, Symmetry)> {
        match self.lookup.get(code) {
            Some(&e) if e != NONE => Some((BoxId(e >> 3), Symmetry::ALL[(e & 7) as usize])),
            _ => None,
        }
    }

    /// The raw table entry for a board code: `box << 3 | symmetry`, or [`NONE`].
    #[inline]
    pub(crate) fn entry(&self, code: usize) -> u16 {
        self.lookup.get(code).copied().unwrap_or(NONE)
    }

    /// The real square (0–8) of picture square `bead` (0–8) under symmetry `symmetry`
    /// (0–7), as [`BoxIndex::square_for`] for the training loop.
    #[inline]
    pub(crate) fn square_index(&self, symmetry: usize, bead: usize) -> usize {
        usize::from(self.back_index[symmetry & 7][bead % 9])
    }

    /// The beads box `id` may hold: every legal one, or with `one_per_class` only the
    /// first square of each class of equivalent moves ([`move_classes`]).
    #[must_use]
    pub fn legal_beads(&self, id: BoxId, one_per_class: bool) -> &[Bead] {
        match self.beads.get(id.index()) {
            Some((all, _)) if !one_per_class => all,
            Some((_, classes)) => classes,
            None => &[],
        }
    }

    /// The real-board square a bead names, for a board that reached its box through
    /// `symmetry`.
    #[inline]
    #[must_use]
    pub fn square_for(&self, bead: Bead, symmetry: Symmetry) -> Cell {
        self.back[symmetry.index()][bead.index()]
    }
}

/// The legal beads of `picture`, keeping only the first square of each class of moves
/// that the picture's own symmetries make equivalent (Scroggs' one colour per class).
#[must_use]
pub fn move_classes(picture: Board) -> Vec<Bead> {
    let stabiliser: Vec<Symmetry> = Symmetry::ALL
        .into_iter()
        .filter(|s| s.apply(picture) == picture)
        .collect();
    picture
        .legal_cells()
        .filter(|&c| stabiliser.iter().all(|s| s.apply_cell(c) >= c))
        .map(Bead::new)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_player_box_counts() {
        let ix = BoxIndex::of(Player::First);
        assert_eq!(ix.counts_by_move(), [1, 12, 108, 183]);
        assert_eq!(ix.len(), 304);
        assert_eq!(ix.pictures()[0], Board::EMPTY);
    }

    #[test]
    fn second_player_box_counts() {
        let ix = BoxIndex::of(Player::Second);
        assert_eq!(ix.len(), 289);
        assert_eq!(ix.counts_by_move()[..2], [3, 38]);
        assert_eq!(ix.counts_by_move().iter().sum::<usize>(), 289);
    }

    #[test]
    fn move_classes_of_the_empty_board() {
        // Corner, edge, centre.
        let m: Vec<String> = move_classes(Board::EMPTY)
            .iter()
            .map(|b| b.to_string())
            .collect();
        assert_eq!(m, ["LL", "LM", "MM"]);
        let b: Board = "X../.../...".parse().unwrap();
        // Mirror in the main diagonal keeps X on LL: 5 classes of O moves.
        assert_eq!(move_classes(b).len(), 5);
    }
}
