//! [`Matchbox`]: one box, its picture and its beads.

use std::fmt;

use ludomat_tictactoe::Board;

use crate::words::Below;
use crate::Bead;

/// The most beads one box holds: rewards stop adding beads to a full box, and a state
/// file with a fuller box is refused. (Far above anything training reaches; it keeps a
/// box's total, and the draw over it, within 32 bits.)
pub const CAPACITY: u32 = 1_000_000_000;

/// Bead counts a box cannot take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CountsError {
    /// A bead naming a square already taken on the picture.
    #[error("holds {0} beads, but {0} is taken on its picture")]
    Taken(Bead),
    /// More beads than a box holds.
    #[error("holds {} beads in all, more than the limit of {}", ludomat_io::text::thousands(*.0), ludomat_io::text::thousands(u64::from(CAPACITY)))]
    Full(u64),
}

/// One matchbox: a picture of a position (the canonical member of its symmetry class)
/// glued on the lid, and beads inside, each naming an empty square of that picture.
///
/// The beads are kept as a count per square; two beads of the same colour are
/// interchangeable. The box also keeps its total, so a draw reads one number instead of
/// adding nine (the training loop's hot path).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Matchbox {
    picture: Board,
    beads: [u32; 9],
    /// The sum of `beads`, kept up to date by every change.
    total: u32,
}

impl Matchbox {
    /// An empty box for `picture`.
    #[must_use]
    pub const fn empty(picture: Board) -> Matchbox {
        Matchbox {
            picture,
            beads: [0; 9],
            total: 0,
        }
    }

    /// The position drawn on the lid.
    #[must_use]
    pub const fn picture(&self) -> Board {
        self.picture
    }

    /// Which move of the game MENACE makes from this box: 1, 3, 5, 7 for the
    /// first player, 2, 4, 6, 8 for the second.
    #[must_use]
    pub const fn menace_move(&self) -> u32 {
        self.picture.count() + 1
    }

    /// How many beads of this colour the box holds.
    #[must_use]
    pub const fn beads(&self, bead: Bead) -> u32 {
        self.beads[bead.index()]
    }

    /// Bead counts by square of the picture, reading order.
    #[must_use]
    pub const fn counts(&self) -> [u32; 9] {
        self.beads
    }

    /// All the beads in the box.
    #[inline]
    #[must_use]
    pub const fn total(&self) -> u32 {
        self.total
    }

    /// No beads left.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// The beads that may ever be in this box: the empty squares of the picture.
    pub fn legal_beads(&self) -> impl Iterator<Item = Bead> {
        let empty = self.picture.empty_mask();
        Bead::ALL
            .into_iter()
            .filter(move |b| empty & b.cell().bit() != 0)
    }

    /// Whether `bead` names an empty square of the picture.
    #[must_use]
    pub const fn is_legal(&self, bead: Bead) -> bool {
        self.picture.empty_mask() & bead.cell().bit() != 0
    }

    /// Put `n` beads of a legal colour in, at most up to [`CAPACITY`] beads in the box.
    /// Illegal beads are refused (returns `false`, box unchanged).
    #[inline]
    pub fn put(&mut self, bead: Bead, n: u32) -> bool {
        if !self.is_legal(bead) {
            return false;
        }
        let added = n.min(CAPACITY.saturating_sub(self.total));
        self.beads[bead.index()] += added;
        self.total += added;
        true
    }

    /// Take up to `n` beads of a colour out; returns how many were taken.
    #[inline]
    pub fn take(&mut self, bead: Bead, n: u32) -> u32 {
        let slot = &mut self.beads[bead.index()];
        let taken = n.min(*slot);
        *slot -= taken;
        self.total -= taken;
        taken
    }

    /// Shake the box and pick a bead without taking it out: each bead is equally
    /// likely, so a colour is picked in proportion to its count. `None` when empty.
    #[inline]
    pub fn pick<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Bead> {
        if self.total == 0 {
            return None;
        }
        let r = rng.gen_range(0..self.total);
        Some(Bead::ALL[self.bead_at(r)])
    }

    /// The square of the `r`-th bead (0-based) when the beads are laid out square by
    /// square in reading order; `r` is below the total. (A scan that stops early: a
    /// learnt box mostly holds one colour, so its exit is well predicted — a branch-free
    /// count over all nine was measured 13 % slower.)
    #[inline]
    fn bead_at(&self, r: u32) -> usize {
        let mut r = r;
        let mut i = 0;
        while i < 8 && r >= self.beads[i] {
            r -= self.beads[i];
            i += 1;
        }
        i
    }

    /// Draw a bead and take it out of the box (seed 002, steps 4 and 6): `None` when
    /// empty. The same random number and the same bead as [`Matchbox::pick`] followed by
    /// [`Matchbox::take`].
    #[inline]
    pub fn draw<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Bead> {
        if self.total == 0 {
            return None;
        }
        Some(self.take_bead_at(rng.gen_range(0..self.total)))
    }

    /// [`Matchbox::draw`] with its random number drawn by a [`Below`].
    #[inline(always)]
    pub(crate) fn draw_below<R: Below + ?Sized>(&mut self, rng: &mut R) -> Option<Bead> {
        if self.total == 0 {
            return None;
        }
        Some(self.take_bead_at(rng.below(self.total)))
    }

    /// Take out the `r`-th bead (`r` below the total).
    #[inline(always)]
    fn take_bead_at(&mut self, r: u32) -> Bead {
        let i = self.bead_at(r);
        self.beads[i] -= 1;
        self.total -= 1;
        Bead::ALL[i]
    }

    /// Replace the bead counts (used when loading a saved state). Fails with the
    /// first bead that names an occupied square, or when the box would hold more than
    /// [`CAPACITY`] beads.
    pub(crate) fn set_counts(&mut self, counts: [u32; 9]) -> Result<(), CountsError> {
        for (i, &n) in counts.iter().enumerate() {
            if n > 0 && !self.is_legal(Bead::ALL[i]) {
                return Err(CountsError::Taken(Bead::ALL[i]));
            }
        }
        let total: u64 = counts.iter().map(|&n| u64::from(n)).sum();
        if total > u64::from(CAPACITY) {
            return Err(CountsError::Full(total));
        }
        self.beads = counts;
        // At most CAPACITY, checked above.
        self.total = total as u32;
        Ok(())
    }

    /// The beads as `LL×4 MM×2`, legal squares only, in reading order.
    #[must_use]
    pub fn bead_list(&self) -> String {
        let parts: Vec<String> = self
            .legal_beads()
            .filter(|b| self.beads(*b) > 0)
            .map(|b| format!("{b}×{}", self.beads(b)))
            .collect();
        if parts.is_empty() {
            "(empty)".into()
        } else {
            parts.join(" ")
        }
    }

    /// The picture on one line, rows separated by `/`: `X.O/.X./...`.
    #[must_use]
    pub fn picture_line(&self) -> String {
        self.picture.to_string().replace('\n', "/")
    }

    /// The picture drawn as a grid with each empty square showing its bead count, with
    /// thousands separators; the cells widen together so a trained box (counts of six
    /// digits and more) keeps its grid aligned.
    #[must_use]
    pub fn drawing(&self) -> String {
        let cell = |c: ludomat_tictactoe::Cell| match self.picture.get(c) {
            Some(m) => m.to_string(),
            None => ludomat_io::text::thousands(u64::from(self.beads[c.index()])),
        };
        let width = ludomat_tictactoe::Cell::ALL
            .iter()
            .map(|&c| cell(c).chars().count() + 2)
            .max()
            .unwrap_or(4)
            .max(4);
        let rule = vec!["-".repeat(width); 3].join("+");
        let mut out = String::new();
        for row in 0..3 {
            let cells: Vec<String> = (0..3)
                .filter_map(|col| ludomat_tictactoe::Cell::from_coords(row, col))
                .map(|c| format!("{:^width$}", cell(c)))
                .collect();
            out.push_str(&cells.join("|"));
            out.push('\n');
            if row < 2 {
                out.push_str(&rule);
                out.push('\n');
            }
        }
        out
    }
}

impl fmt::Display for Matchbox {
    /// `X.O/.X./... : LL×2 MR×1`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} : {}", self.picture_line(), self.bead_list())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trained box's counts of six digits keep the grid aligned, with thousands.
    #[test]
    fn a_trained_box_keeps_its_grid() {
        let mut m = Matchbox::empty("X../.O./...".parse().unwrap());
        assert!(m.put(Bead::ALL[6], 185_397));
        assert!(m.put(Bead::ALL[1], 3));
        let drawing = m.drawing();
        let lines: Vec<&str> = drawing.lines().collect();
        assert_eq!(lines.len(), 5, "{drawing}");
        let widths: Vec<usize> = lines.iter().map(|l| l.chars().count()).collect();
        assert!(widths.iter().all(|&w| w == widths[0]), "{drawing}");
        assert!(drawing.contains(" 185,397 "), "{drawing}");
        assert_eq!(lines[1], "---------+---------+---------", "{drawing}");
        // an untrained box stays as it was
        let fresh = Matchbox::empty("X../.O./...".parse().unwrap());
        assert!(fresh
            .drawing()
            .starts_with(" X  | 0  | 0  \n----+----+----\n"));
    }

    #[test]
    fn only_legal_beads_go_in() {
        let mut m = Matchbox::empty("X../.O./...".parse().unwrap());
        assert!(!m.put(Bead::ALL[0], 1), "LL holds X");
        assert!(m.put(Bead::ALL[1], 2));
        assert_eq!(m.total(), 2);
        assert_eq!(m.take(Bead::ALL[1], 5), 2);
        assert!(m.is_empty());
        assert_eq!(m.legal_beads().count(), 7);
        assert_eq!(m.menace_move(), 3);
        assert_eq!(
            m.set_counts([1, 0, 0, 0, 0, 0, 0, 0, 0]),
            Err(CountsError::Taken(Bead::ALL[0]))
        );
        assert_eq!(
            m.set_counts([0, u32::MAX, u32::MAX, 0, 0, 0, 0, 0, 0]),
            Err(CountsError::Full(2 * u64::from(u32::MAX)))
        );
        assert!(m.put(Bead::ALL[1], u32::MAX));
        assert!(m.put(Bead::ALL[2], u32::MAX));
        assert_eq!(m.total(), CAPACITY, "a full box takes no more beads");
    }

    #[test]
    fn pick_follows_the_counts() {
        let mut m = Matchbox::empty(Board::EMPTY);
        m.put(Bead::ALL[2], 3);
        m.put(Bead::ALL[6], 1);
        let mut rng = ludomat_game::seed::rng(5);
        let mut seen = [0u32; 9];
        for _ in 0..4000 {
            seen[m.pick(&mut rng).unwrap().index()] += 1;
        }
        assert_eq!(seen.iter().sum::<u32>(), 4000);
        assert_eq!(seen[2] + seen[6], 4000);
        assert!((2800..3200).contains(&seen[2]), "{seen:?}");
        assert_eq!(Matchbox::empty(Board::EMPTY).pick(&mut rng), None);
        assert_eq!(m.to_string(), ".../.../... : LR×3 RL×1");
    }
}

#[cfg(test)]
mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever is put in, taken out or drawn, the kept total is the sum of the counts,
        /// and a draw is `pick` followed by `take` of the same bead.
        #[test]
        fn the_total_follows_the_counts(ops in proptest::collection::vec((0u8..3, 0usize..9, 0u32..5), 0..60), seed in 0u64..1000) {
            let mut m = Matchbox::empty("X../.O./...".parse().unwrap());
            let mut rng = ludomat_game::seed::rng(seed);
            for (op, square, n) in ops {
                let bead = Bead::ALL[square];
                match op {
                    0 => { m.put(bead, n); }
                    1 => { m.take(bead, n); }
                    _ => {
                        let mut twin = rng.clone();
                        let picked = m.pick(&mut twin);
                        let before = m.counts();
                        let drawn = m.draw(&mut rng);
                        if let Some(b) = drawn {
                            prop_assert_eq!(m.beads(b) + 1, before[b.index()]);
                        }
                        prop_assert_eq!(picked, drawn);
                    }
                }
                prop_assert_eq!(m.total(), m.counts().iter().sum::<u32>());
                prop_assert_eq!(m.is_empty(), m.total() == 0);
            }
        }
    }
}
