//! [`RandomAgent`]: a uniformly random legal move, for any game.

use rand::seq::SliceRandom;

use crate::{seed, Agent, AgentError, Game};

/// Plays a uniformly random legal move (in the order of [`Game::legal_moves`]) from a
/// seeded RNG: the baseline opponent of every machine, and the same game for the same seed.
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: seed::Rng,
}

impl RandomAgent {
    /// A random player with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: seed::rng(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, position: &G) -> Result<G::Move, AgentError> {
        position
            .legal_moves()
            .choose(&mut self.rng)
            .copied()
            .ok_or_else(|| AgentError::Failed("no legal move".into()))
    }
}
