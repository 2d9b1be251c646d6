//! [`Matchboxes`]: the full set of boxes for one side, with their beads.

use ludomat_game::Player;
use ludomat_tictactoe::{Board, Symmetry};

use crate::index::{BoxId, BoxIndex};
use crate::words::Below;
use crate::{Bead, Matchbox, Rules, StartingBeads};

/// Every matchbox of a MENACE playing one side (304 for the first player, 289 for the
/// second), in [`BoxId`] order.
#[derive(Debug, Clone)]
pub struct Matchboxes {
    index: &'static BoxIndex,
    boxes: Vec<Matchbox>,
}

impl Matchboxes {
    /// The boxes for `side`, all empty.
    #[must_use]
    pub fn empty(side: Player) -> Matchboxes {
        let index = BoxIndex::of(side);
        Matchboxes {
            index,
            boxes: index
                .pictures()
                .iter()
                .map(|&p| Matchbox::empty(p))
                .collect(),
        }
    }

    /// The boxes for `side`, filled with their starting beads under `rules`.
    #[must_use]
    pub fn filled<R: rand::Rng + ?Sized>(side: Player, rules: &Rules, rng: &mut R) -> Matchboxes {
        let mut m = Matchboxes::empty(side);
        let index = m.index;
        for (i, b) in m.boxes.iter_mut().enumerate() {
            let candidates = index.legal_beads(BoxId::new(i as u16), rules.one_bead_per_move_class);
            match rules.starting_beads {
                StartingBeads::Random { min, max } => {
                    let n = rng.gen_range(min..=max.max(min));
                    put_random(b, candidates, n, rng);
                }
                StartingBeads::PerMove(counts) => {
                    let k = (b.picture().count() / 2).min(3) as usize;
                    for &bead in candidates {
                        b.put(bead, counts[k]);
                    }
                }
            }
        }
        m
    }

    /// The side these boxes play.
    #[must_use]
    pub fn side(&self) -> Player {
        self.index.side()
    }

    /// The index: which boxes exist and how boards map onto them.
    #[must_use]
    pub fn index(&self) -> &'static BoxIndex {
        self.index
    }

    /// Number of boxes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    /// Never true.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// One box.
    #[must_use]
    pub fn get(&self, id: BoxId) -> Option<&Matchbox> {
        self.boxes.get(id.index())
    }

    pub(crate) fn get_mut(&mut self, id: BoxId) -> Option<&mut Matchbox> {
        self.boxes.get_mut(id.index())
    }

    /// The index and the boxes, for the training loop.
    pub(crate) fn parts_mut(&mut self) -> (&'static BoxIndex, &mut [Matchbox]) {
        (self.index, &mut self.boxes)
    }

    /// Every box with its number.
    pub fn iter(&self) -> impl Iterator<Item = (BoxId, &Matchbox)> {
        self.boxes
            .iter()
            .enumerate()
            .map(|(i, b)| (BoxId::new(i as u16), b))
    }

    /// The box for `board`, with its number and the symmetry carrying `board` onto the
    /// box's picture.
    #[must_use]
    pub fn find(&self, board: Board) -> Option<(BoxId, Symmetry, &Matchbox)> {
        let (id, s) = self.index.find(board)?;
        Some((id, s, self.get(id)?))
    }

    /// Beads in all the boxes, by MENACE's 1st/2nd/3rd/4th move.
    #[must_use]
    pub fn beads_by_move(&self) -> [u64; 4] {
        std::array::from_fn(|k| {
            self.boxes[self.index.range_of_move(k)]
                .iter()
                .map(|b| u64::from(b.total()))
                .sum()
        })
    }

    /// Boxes that are empty right now.
    #[must_use]
    pub fn empty_boxes(&self) -> usize {
        self.boxes.iter().filter(|b| b.is_empty()).count()
    }
}

impl PartialEq for Matchboxes {
    /// Same side and the same beads in every box.
    fn eq(&self, other: &Matchboxes) -> bool {
        self.side() == other.side() && self.boxes == other.boxes
    }
}

impl Eq for Matchboxes {}

/// Put `n` beads, each a uniformly random one of `candidates`, into `b`.
pub(crate) fn put_random<R: Below + ?Sized>(
    b: &mut Matchbox,
    candidates: &[Bead],
    n: u32,
    rng: &mut R,
) {
    if candidates.is_empty() {
        return;
    }
    let len = candidates.len() as u32;
    for _ in 0..n {
        let bead = candidates[rng.below(len) as usize % candidates.len()];
        b.put(bead, 1);
    }
}
