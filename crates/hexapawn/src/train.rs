//! Training runs: HER against a built-in White player, game after game, with the
//! learning curve Gardner drew (HER's cumulative wins minus losses against games) — as a
//! long run of `ludomat_game::run` ([`HerTraining`]): progress with the curve so far and
//! the first box's beads, cancellation at the next game, checkpoints. Every draw of HER
//! and of White is seeded from the game's number, so a run resumed from a checkpoint
//! plays the very games the uninterrupted run plays.

use ludomat_game::run::{Checkpoint, CheckpointError, Ended, RunContext};
use serde::Serialize;

use crate::her::Choice;
use crate::{Her, Position, Side, WhitePlayer};

/// The most games one training run plays (`ludomat her train --games`): far more than
/// HER ever needs (it stops losing within a few dozen games).
pub const MAX_TRAIN_GAMES: u64 = 1_000_000;

/// One point of the learning curve, after game `game`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CurvePoint {
    /// The game's number (1-based, counting HER's whole life).
    pub game: u64,
    /// Whether HER won it.
    pub won: bool,
    /// Wins minus losses so far: Gardner's curve, which goes down one step for a loss
    /// and up one for a win.
    pub score: i64,
}

/// The result of a training run.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct TrainReport {
    /// Every game of the run.
    pub curve: Vec<CurvePoint>,
    /// HER's last loss in its life (0: never).
    pub last_loss: u64,
    /// Losses in the run.
    pub losses: u64,
    /// Whether HER cannot lose any more at the end of the run.
    pub unbeatable: bool,
}

impl Her {
    /// Play one game against `white`; `true` if HER won. The learning happens at the end.
    pub fn train_game(&mut self, white: &WhitePlayer) -> bool {
        let game = self.record.games;
        let mut pos = Position::START;
        let mut ply = 0u64;
        let her_won = loop {
            if let Some((w, _)) = pos.winner() {
                break w == Side::Black;
            }
            let mv = match pos.to_move {
                Side::White => white.choose(&pos, game, ply),
                Side::Black => match self.choose(&pos.board) {
                    Ok(Choice::Play(d)) => Some(d.mv),
                    Ok(Choice::Resign { .. }) | Err(_) => None,
                },
            };
            let Some(mv) = mv else {
                // HER resigned (White always has a move while the game is on).
                break pos.to_move == Side::White;
            };
            pos = pos.after(mv);
            ply += 1;
        };
        self.game_over(her_won);
        her_won
    }

    /// Play `games` games against `white` (at most [`MAX_TRAIN_GAMES`]) — a
    /// [`HerTraining`] run to its end, unwatched.
    pub fn train(&mut self, white: &WhitePlayer, games: u64) -> TrainReport {
        let mut run = HerTraining::new(self.clone(), white.clone(), games);
        // Without checkpoints or a cancel flag the run cannot stop early.
        let _ = run.run(&mut RunContext::new("games", None), &mut Checkpoint::none());
        *self = run.her;
        run.report
    }
}

/// The most points of the curve a progress report carries (thinned evenly).
pub const CURVE_SHOWN: usize = 500;

/// What a run reports as it goes: enough to draw Gardner's curve and HER's first box live.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HerPartial {
    /// Games played in the run so far.
    pub played: u64,
    /// HER's losses in them.
    pub losses: u64,
    /// The curve so far, thinned evenly to at most [`CURVE_SHOWN`] points (first and last
    /// kept).
    pub curve: Vec<CurvePoint>,
    /// Box 0's beads: each move on its lid and how many beads name it.
    pub first_box: Vec<(String, u32)>,
}

/// A training run of HER: the machine, its White opponent, the games asked and the
/// report so far (which a checkpoint saves with HER, so a run resumes where it stopped).
#[derive(Debug, Clone)]
pub struct HerTraining {
    /// The machine being trained.
    pub her: Her,
    /// Its opponent.
    pub white: WhitePlayer,
    /// Games the run is to play (at most [`MAX_TRAIN_GAMES`]).
    pub games: u64,
    /// What the run has done; `curve.len()` games so far.
    pub report: TrainReport,
}

impl HerTraining {
    /// A run of `games` games (cut to [`MAX_TRAIN_GAMES`]) not yet started.
    #[must_use]
    pub fn new(her: Her, white: WhitePlayer, games: u64) -> HerTraining {
        let report = TrainReport {
            last_loss: her.record.last_loss,
            ..TrainReport::default()
        };
        HerTraining {
            her,
            white,
            games: games.min(MAX_TRAIN_GAMES),
            report,
        }
    }

    /// Games played so far.
    #[must_use]
    pub fn played(&self) -> u64 {
        self.report.curve.len() as u64
    }

    /// Play the games not yet played, reporting to `ctx` after every game and saving at
    /// `checkpoint` every so many games (not after the last). [`Ended::Cancelled`] when
    /// `ctx` was cancelled (after the game in progress).
    ///
    /// # Errors
    /// When a checkpoint could not be saved.
    pub fn run(
        &mut self,
        ctx: &mut RunContext<'_, HerPartial>,
        checkpoint: &mut Checkpoint<'_, HerTraining>,
    ) -> Result<Ended, CheckpointError> {
        ctx.set_total(Some(self.games));
        let mut ended = Ended::Finished;
        while self.played() < self.games {
            let won = self.her.train_game(&self.white);
            let score = self.report.curve.last().map_or(0, |p| p.score) + if won { 1 } else { -1 };
            self.report.losses += u64::from(!won);
            self.report.curve.push(CurvePoint {
                game: self.her.record.games,
                won,
                score,
            });
            self.report.last_loss = self.her.record.last_loss;
            let g = self.played();
            if ctx.tick(g, || self.partial()).is_break() {
                ended = Ended::Cancelled;
                break;
            }
            if checkpoint.due(g) && g < self.games {
                checkpoint.save(self)?;
            }
        }
        self.report.unbeatable = self.her.unbeatable();
        ctx.finish(self.played(), self.partial());
        Ok(ended)
    }

    /// The partial result now.
    #[must_use]
    pub fn partial(&self) -> HerPartial {
        let curve = &self.report.curve;
        let most = CURVE_SHOWN;
        let thinned = if curve.len() <= most {
            curve.clone()
        } else {
            let stride = curve.len().div_ceil(most - 1);
            let mut t: Vec<CurvePoint> = curve.iter().step_by(stride).copied().collect();
            if let Some(&last) = curve.last() {
                if t.last() != Some(&last) {
                    t.push(last);
                }
            }
            t
        };
        HerPartial {
            played: self.played(),
            losses: self.report.losses,
            curve: thinned,
            first_box: self
                .her
                .boxes()
                .first()
                .map(|b| b.beads.iter().map(|(m, n)| (m.to_string(), *n)).collect())
                .unwrap_or_default(),
        }
    }
}
