//! Training runs: HER against a built-in White player, game after game, with the
//! learning curve Gardner drew (HER's cumulative wins minus losses against games).

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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

    /// Play `games` games against `white` (at most [`MAX_TRAIN_GAMES`]).
    pub fn train(&mut self, white: &WhitePlayer, games: u64) -> TrainReport {
        let mut curve = Vec::new();
        let mut score = 0i64;
        let mut losses = 0;
        for _ in 0..games.min(MAX_TRAIN_GAMES) {
            let won = self.train_game(white);
            score += if won { 1 } else { -1 };
            losses += u64::from(!won);
            curve.push(CurvePoint {
                game: self.record.games,
                won,
                score,
            });
        }
        TrainReport {
            curve,
            last_loss: self.record.last_loss,
            losses,
            unbeatable: self.unbeatable(),
        }
    }
}
