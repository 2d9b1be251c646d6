//! [`Her`]: the Hexapawn Educable Robot — the matchboxes, the beads drawn in the game in
//! progress, Gardner's punishment, the record.
//!
//! Gardner's procedure: find the box showing the position (or its mirror image), shake
//! it, draw a bead without looking and make the move it names (mirrored back if the box
//! shows the mirror image). When HER wins, the beads go back. When HER loses, the bead of
//! its *last* move is confiscated and the others go back. A box left empty means every
//! move from there lost: HER resigns there, and the bead of the move that led to it is
//! confiscated, as after any loss.

use rand::Rng;
use serde::Serialize;

use ludomat_game::seed;

use crate::matchboxes::{canonical, generate, HerBox};
use crate::{Board, Move, Position, Side};

/// A bead drawn: which box, which bead (a move of the picture) and the move it makes on
/// the real board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Draw {
    /// The box opened.
    pub box_id: usize,
    /// The bead drawn: a move on the box's picture.
    pub bead: Move,
    /// Whether the real board is the mirror image of the picture.
    pub mirrored: bool,
    /// The move on the real board.
    pub mv: Move,
}

/// What HER does in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Choice {
    /// A bead was drawn.
    Play(Draw),
    /// The box is empty: HER resigns.
    Resign {
        /// The empty box.
        box_id: usize,
    },
}

/// HER asked to move where it has no box (White to move, the game over, or a position
/// no game reaches).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("HER has no matchbox for {0}: it only moves as Black in positions a game reaches")]
pub struct NoBox(pub String);

/// HER's record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Record {
    /// Games played.
    pub games: u64,
    /// Games HER won.
    pub wins: u64,
    /// Games HER lost (resignations included).
    pub losses: u64,
    /// The number of the last game HER lost, 0 if none.
    pub last_loss: u64,
}

/// The Hexapawn Educable Robot.
#[derive(Debug, Clone)]
pub struct Her {
    pub(crate) seed: u64,
    pub(crate) boxes: Vec<HerBox>,
    pub(crate) record: Record,
    /// Beads drawn in the game in progress, in order.
    drawn: Vec<Draw>,
}

impl Her {
    /// A fresh HER (one bead per legal move in each box) whose draws follow `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Her {
        Her {
            seed,
            boxes: generate(),
            record: Record::default(),
            drawn: Vec::new(),
        }
    }

    pub(crate) fn from_parts(seed: u64, boxes: Vec<HerBox>, record: Record) -> Her {
        Her {
            seed,
            boxes,
            record,
            drawn: Vec::new(),
        }
    }

    /// The seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The boxes.
    #[must_use]
    pub fn boxes(&self) -> &[HerBox] {
        &self.boxes
    }

    /// The record.
    #[must_use]
    pub fn record(&self) -> Record {
        self.record
    }

    /// The beads drawn in the game in progress.
    #[must_use]
    pub fn drawn(&self) -> &[Draw] {
        &self.drawn
    }

    /// The box for `board` (Black to move) and whether it shows the mirror image.
    #[must_use]
    pub fn find_box(&self, board: &Board) -> Option<(usize, bool)> {
        let (pic, mirrored) = canonical(board);
        self.boxes
            .iter()
            .position(|b| b.picture == pic)
            .map(|i| (i, mirrored))
    }

    /// Open the box for `board` and draw a bead (or resign on an empty box). The bead is
    /// remembered for the end of the game. Draws are random with a generator derived from
    /// the seed, the game number and the move, so a game replays from its number alone.
    ///
    /// # Errors
    /// [`NoBox`] when HER has no box for the board.
    pub fn choose(&mut self, board: &Board) -> Result<Choice, NoBox> {
        let (id, mirrored) = self.find_box(board).ok_or_else(|| NoBox(board.line()))?;
        let b = &self.boxes[id];
        let total = b.total();
        if total == 0 {
            return Ok(Choice::Resign { box_id: id });
        }
        let mut rng = seed::rng(seed::derive(
            seed::derive(self.seed, self.record.games),
            self.drawn.len() as u64,
        ));
        let mut r = rng.gen_range(0..total);
        let mut bead = b.beads[0].0;
        for (m, n) in &b.beads {
            if r < *n {
                bead = *m;
                break;
            }
            r -= n;
        }
        let mv = if mirrored { bead.mirrored() } else { bead };
        let draw = Draw {
            box_id: id,
            bead,
            mirrored,
            mv,
        };
        self.drawn.push(draw);
        Ok(Choice::Play(draw))
    }

    /// The game is over: `her_won` or not. On a loss the bead of HER's last move is
    /// confiscated (returned, so a renderer can show it); the record is updated and the
    /// drawn beads are forgotten.
    ///
    /// The record saturates, as MENACE's does: once it holds `u64::MAX` games it stops
    /// counting (wins and losses still add up to the games), never wrapping round to a
    /// small number; the beads go on learning.
    pub fn game_over(&mut self, her_won: bool) -> Option<Draw> {
        // wins + losses == games < u64::MAX, so neither addition below can overflow.
        let counting = self.record.games < u64::MAX;
        if counting {
            self.record.games += 1;
        }
        let mut taken = None;
        if her_won {
            if counting {
                self.record.wins += 1;
            }
        } else {
            if counting {
                self.record.losses += 1;
                self.record.last_loss = self.record.games;
            }
            if let Some(last) = self.drawn.last().copied() {
                if let Some(slot) = self.boxes[last.box_id]
                    .beads
                    .iter_mut()
                    .find(|(m, _)| *m == last.bead)
                {
                    slot.1 = slot.1.saturating_sub(1);
                    taken = Some(last);
                }
            }
        }
        self.drawn.clear();
        taken
    }

    /// Forget the beads drawn in an unfinished game (they go back unchanged).
    pub fn abandon(&mut self) {
        self.drawn.clear();
    }

    /// Whether HER can no longer lose: every White reply to every move its beads allow
    /// leads to a win for HER.
    #[must_use]
    pub fn unbeatable(&self) -> bool {
        fn safe(her: &Her, pos: Position) -> bool {
            if let Some((w, _)) = pos.winner() {
                return w == Side::Black;
            }
            match pos.to_move {
                Side::White => pos.moves().into_iter().all(|m| safe(her, pos.after(m))),
                Side::Black => {
                    let Some((id, mirrored)) = her.find_box(&pos.board) else {
                        return false;
                    };
                    let b = &her.boxes[id];
                    b.total() > 0
                        && b.beads.iter().filter(|(_, n)| *n > 0).all(|(m, _)| {
                            let mv = if mirrored { m.mirrored() } else { *m };
                            safe(her, pos.after(mv))
                        })
                }
            }
        }
        safe(self, Position::START)
    }
}
