//! [`WhitePlayer`]: who plays White against HER when no person does.

use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use ludomat_game::seed;

use crate::{Move, Position, Solution};

/// A built-in White player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum WhiteKind {
    /// A person (at the terminal or in the browser).
    #[default]
    Human,
    /// Any legal move, uniformly at random.
    Random,
    /// The perfect player: a win as fast as possible if there is one, otherwise the
    /// longest resistance (hexapawn is lost for White, so it always loses against best
    /// play but punishes every mistake), equally good moves chosen at random.
    Perfect,
}

impl std::str::FromStr for WhiteKind {
    type Err = String;
    fn from_str(s: &str) -> Result<WhiteKind, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "human" => Ok(WhiteKind::Human),
            "random" => Ok(WhiteKind::Random),
            "perfect" => Ok(WhiteKind::Perfect),
            other => Err(format!(
                "{} is not a White player: expected human, random or perfect{}",
                ludomat_io::text::quoted(other, 40),
                ludomat_io::error::hidden_in(other)
            )),
        }
    }
}

/// A machine playing White, with its own seed.
#[derive(Debug, Clone)]
pub struct WhitePlayer {
    kind: WhiteKind,
    seed: u64,
    solution: Solution,
}

impl WhitePlayer {
    /// A player of `kind` (for [`WhiteKind::Human`] it plays at random: a stand-in).
    #[must_use]
    pub fn new(kind: WhiteKind, seed: u64) -> WhitePlayer {
        WhitePlayer {
            kind,
            seed,
            solution: Solution::new(),
        }
    }

    /// Its kind.
    #[must_use]
    pub fn kind(&self) -> WhiteKind {
        self.kind
    }

    /// The move in `pos` of game `game` (draws derived from the seed, the game number and
    /// the move number, so they do not depend on what came before).
    #[must_use]
    pub fn choose(&self, pos: &Position, game: u64, ply: u64) -> Option<Move> {
        let mut rng = seed::rng(seed::derive(seed::derive(self.seed, game), ply));
        match self.kind {
            WhiteKind::Perfect => self.solution.perfect_move(pos, &mut rng),
            WhiteKind::Human | WhiteKind::Random => pos.moves().choose(&mut rng).copied(),
        }
    }
}
