//! [`Kit`]: what goes on the matchboxes — for every box its number (as `ludomat menace
//! boxes` / `ludomat her boxes` number it), the move of the game it serves, the picture,
//! and the beads, colour by colour. Built from MENACE's [`Matchboxes`] or HER's boxes,
//! fresh or trained, or from the museum's view of a visit. Every sheet, every table and
//! every total of a kit is drawn from this data alone.

use ludomat_game::Player;
use ludomat_hexapawn::{HerBox, Side};
use ludomat_menace::{Bead, BoxIndex, EmptyBox, Matchboxes, Rules};
use ludomat_tictactoe::{Cell, Mark};

use crate::colour::{self, BeadColour};

/// Which machine a kit builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Machine {
    /// MENACE playing this side (304 boxes as X, 289 as O).
    Menace(Player),
    /// HER, Gardner's Hexapawn Educable Robot (19 boxes).
    Her,
}

impl Machine {
    /// `MENACE playing X` / `HER`.
    #[must_use]
    pub fn title(self) -> String {
        match self {
            Machine::Menace(side) => format!("MENACE playing {}", Mark::of(side)),
            Machine::Her => "HER".into(),
        }
    }

    /// Whose move a box serves, in words: `MENACE's` / `HER's`.
    #[must_use]
    pub fn owner(self) -> &'static str {
        match self {
            Machine::Menace(_) => "MENACE",
            Machine::Her => "HER",
        }
    }
}

/// Something drawn on a square of a box's picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// A cross.
    Cross,
    /// A nought.
    Nought,
    /// A White pawn (hexapawn; the human's side).
    White,
    /// A Black pawn (hexapawn; HER's side).
    Black,
}

impl Piece {
    /// The letter the text forms use: `X`, `O` (MENACE), `W`, `B` (HER).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Piece::Cross => 'X',
            Piece::Nought => 'O',
            Piece::White => 'W',
            Piece::Black => 'B',
        }
    }
}

/// One kind of bead a box may hold, and how many of it it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    /// The bead's colour.
    pub colour: BeadColour,
    /// The name in the machine's notation: a square (`LL`, MENACE) or a move (`a3-a2`,
    /// HER).
    pub name: String,
    /// HER: the square the arrow starts on (reading order, 0 top left); `None` for
    /// MENACE, whose bead names a square.
    pub from: Option<usize>,
    /// The square the bead names (MENACE) or the arrow ends on (HER).
    pub square: usize,
    /// How many beads.
    pub count: u32,
}

/// One matchbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KitBox {
    /// Its number, as the machine's `boxes` command prints it (`#12`).
    pub number: usize,
    /// The move of the game it serves: 1/3/5/7 (MENACE as X), 2/4/6/8 (as O), 2/4/6 (HER).
    pub game_move: u32,
    /// The picture, nine squares in reading order (top row first).
    pub picture: [Option<Piece>; 9],
    /// Every bead the box may hold (MENACE: each empty square; HER: each legal move), in
    /// reading order of the squares / the order of the moves.
    pub slots: Vec<Slot>,
}

impl KitBox {
    /// The picture as one line, rows top to bottom separated by `/`, `.` for an empty
    /// square: `X.O/.X./...` — the form `ludomat menace boxes` prints.
    #[must_use]
    pub fn board_text(&self) -> String {
        let mut s = String::with_capacity(11);
        for (i, p) in self.picture.iter().enumerate() {
            if i > 0 && i % 3 == 0 {
                s.push('/');
            }
            s.push(p.map_or('.', Piece::letter));
        }
        s
    }

    /// All the beads in the box.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.slots.iter().map(|s| u64::from(s.count)).sum()
    }
}

/// A kit: the machine, where its beads come from, and every box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kit {
    /// The machine.
    pub machine: Machine,
    /// Where the bead counts come from, in words (`a fresh MENACE, seed rules, seed 1` /
    /// `trained: menace.json, 2,000 games`).
    pub origin: String,
    /// How the machine plays and learns, in words (printed on the assembly page).
    pub learning: String,
    /// The boxes, in number order.
    pub boxes: Vec<KitBox>,
}

impl Kit {
    /// MENACE's boxes for one side, with their beads.
    #[must_use]
    pub fn menace(boxes: &Matchboxes, rules: &Rules, origin: impl Into<String>) -> Kit {
        let counts: Vec<[u32; 9]> = boxes.iter().map(|(_, b)| b.counts()).collect();
        Kit::menace_counts(boxes.side(), &counts, rules, origin)
    }

    /// MENACE's boxes for `side`, with bead counts by box and square of the picture
    /// (missing boxes empty; counts on taken squares ignored — callers validate).
    fn menace_counts(
        side: Player,
        counts: &[[u32; 9]],
        rules: &Rules,
        origin: impl Into<String>,
    ) -> Kit {
        let index = BoxIndex::of(side);
        let boxes = index
            .pictures()
            .iter()
            .enumerate()
            .map(|(i, picture)| {
                let c = counts.get(i).copied().unwrap_or([0; 9]);
                KitBox {
                    number: i,
                    game_move: picture.count() + 1,
                    picture: std::array::from_fn(|sq| {
                        picture.get(Cell::ALL[sq]).map(|m| match m {
                            Mark::X => Piece::Cross,
                            Mark::O => Piece::Nought,
                        })
                    }),
                    slots: Cell::ALL
                        .into_iter()
                        .filter(|&cell| picture.get(cell).is_none())
                        .map(|cell| {
                            let bead = Bead::new(cell);
                            Slot {
                                colour: colour::PALETTE[bead.index()],
                                name: bead.to_string(),
                                from: None,
                                square: cell.index(),
                                count: c[cell.index()],
                            }
                        })
                        .collect(),
                }
            })
            .collect();
        Kit {
            machine: Machine::Menace(side),
            origin: origin.into(),
            learning: menace_learning(rules),
            boxes,
        }
    }

    /// HER's boxes with their beads; each move's bead colour is its arrow's
    /// ([`colour::HER_ARROWS`], in the order of the box's moves).
    #[must_use]
    pub fn her(boxes: &[HerBox], origin: impl Into<String>) -> Kit {
        let boxes = boxes
            .iter()
            .map(|b| KitBox {
                number: b.id,
                game_move: b.her_move,
                picture: std::array::from_fn(|sq| {
                    ludomat_hexapawn::Square::from_index(sq)
                        .and_then(|s| b.picture.get(s))
                        .map(|side| match side {
                            Side::White => Piece::White,
                            Side::Black => Piece::Black,
                        })
                }),
                slots: b
                    .beads
                    .iter()
                    .enumerate()
                    .map(|(i, (mv, n))| Slot {
                        colour: her_colour(i),
                        name: mv.to_string(),
                        from: Some(mv.from.index()),
                        square: mv.to.index(),
                        count: *n,
                    })
                    .collect(),
            })
            .collect();
        Kit {
            machine: Machine::Her,
            origin: origin.into(),
            learning: HER_LEARNING.into(),
            boxes,
        }
    }

    pub(crate) fn menace_from_counts(
        side: Player,
        counts: &[[u32; 9]],
        rules: &Rules,
        origin: impl Into<String>,
    ) -> Kit {
        Kit::menace_counts(side, counts, rules, origin)
    }

    /// The moves of the game the boxes serve, in order (1/3/5/7; 2/4/6 for HER).
    #[must_use]
    pub fn moves(&self) -> Vec<u32> {
        let mut m: Vec<u32> = self.boxes.iter().map(|b| b.game_move).collect();
        m.dedup();
        m
    }

    /// The boxes serving move `game_move`.
    pub fn boxes_of_move(&self, game_move: u32) -> impl Iterator<Item = &KitBox> {
        self.boxes.iter().filter(move |b| b.game_move == game_move)
    }

    /// Beads to buy, colour by colour (in palette order, colours the kit uses only): the
    /// sum over every box.
    #[must_use]
    pub fn bead_totals(&self) -> Vec<(BeadColour, u64)> {
        let mut totals: Vec<(BeadColour, u64)> = Vec::new();
        for slot in self.boxes.iter().flat_map(|b| &b.slots) {
            match totals.iter_mut().find(|(c, _)| *c == slot.colour) {
                Some((_, n)) => *n += u64::from(slot.count),
                None => totals.push((slot.colour, u64::from(slot.count))),
            }
        }
        totals.sort_by_key(|(c, _)| colour::PALETTE.iter().position(|p| p == c));
        totals
    }

    /// All the beads.
    #[must_use]
    pub fn bead_total(&self) -> u64 {
        self.boxes.iter().map(KitBox::total).sum()
    }
}

/// How MENACE plays from its boxes and learns under `rules` (seed 002, steps 3–6, and
/// the rule presets of `ludomat_menace::Rules`).
fn menace_learning(rules: &Rules) -> String {
    let empty = match rules.empty_box {
        EmptyBox::Refill(n) => format!(
            "a box found empty is refilled with {n} random beads of its empty squares' colours, and one is drawn"
        ),
        EmptyBox::Resign => "a box found empty means MENACE resigns (a loss)".into(),
    };
    format!(
        "To move, find the box whose picture is the position, turned or mirrored if need \
         be; shake it and draw a bead without looking; the bead's colour names a square of \
         the picture: turn or mirror it back the same way and play there. Keep each drawn \
         bead beside its box. After the game every box used gets its bead back and then, \
         for the colour drawn: a win {:+}, a draw {:+}, a loss {:+} beads ({} rules); {empty}.",
        rules.win, rules.draw, rules.loss, rules
    )
}

/// How HER plays and learns (Gardner's column).
const HER_LEARNING: &str = "HER plays Black. To move, find the box whose picture is the \
    position, or its mirror image; shake it and draw a bead without looking, and make the \
    move of the arrow of that colour (mirrored back if the box shows the mirror image). \
    Keep the drawn beads beside their boxes. When HER wins, they all go back. When HER \
    loses, the bead of its last move is confiscated and the others go back. A box left \
    empty means every move from there lost: HER resigns, and the bead of the move that \
    led there is confiscated.";

/// The colour of HER's `i`-th move in a box.
fn her_colour(i: usize) -> BeadColour {
    let name = colour::HER_ARROWS[i % colour::HER_ARROWS.len()];
    colour::by_name(name).unwrap_or(colour::PALETTE[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn menace_boxes_by_move_and_text() {
        let k = Kit::menace(&Matchboxes::empty(Player::First), &Rules::source(), "empty");
        assert_eq!(k.boxes.len(), 304);
        assert_eq!(k.moves(), [1, 3, 5, 7]);
        let per: Vec<usize> = k
            .moves()
            .iter()
            .map(|&m| k.boxes_of_move(m).count())
            .collect();
        assert_eq!(per, [1, 12, 108, 183]);
        assert_eq!(k.boxes[0].board_text(), ".../.../...");
        assert_eq!(k.boxes[0].slots.len(), 9);
        let o = Kit::menace(
            &Matchboxes::empty(Player::Second),
            &Rules::source(),
            "empty",
        );
        assert_eq!(o.boxes.len(), 289);
        assert_eq!(o.moves(), [2, 4, 6, 8]);
    }

    #[test]
    fn her_boxes_and_colours() {
        let k = Kit::her(ludomat_hexapawn::Her::new(1).boxes(), "fresh");
        assert_eq!(k.boxes.len(), 19);
        assert_eq!(k.moves(), [2, 4, 6]);
        assert_eq!(k.bead_total(), 47);
        let max = k.boxes.iter().map(|b| b.slots.len()).max().unwrap_or(0);
        assert!(max <= colour::HER_ARROWS.len(), "{max} moves in a box");
        for b in &k.boxes {
            for (i, s) in b.slots.iter().enumerate() {
                assert!(
                    b.slots[..i].iter().all(|o| o.colour != s.colour),
                    "box {}",
                    b.number
                );
            }
        }
        let sum: u64 = k.bead_totals().iter().map(|(_, n)| n).sum();
        assert_eq!(sum, 47);
    }
}
