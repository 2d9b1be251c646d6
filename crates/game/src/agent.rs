//! The [`Agent`] trait: anything that chooses moves.

use crate::{Game, Outcome, Player};

/// Why an agent did not return a move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AgentError {
    /// The agent gives up the game (MENACE with an empty matchbox under Michie's rules).
    /// Counted as a loss for the agent.
    #[error("{0} resigns")]
    Resign(String),
    /// The agent's input ended (a human closed the terminal). The game is abandoned.
    #[error("input ended")]
    EndOfInput,
    /// The person typed `quit`, or pressed Ctrl-C at the prompt ([`crate::Ending`]). The
    /// game is abandoned.
    #[error("{}", .0.words())]
    Stopped(crate::Ending),
    /// Something went wrong inside the agent (an emulated machine faulted, a file failed).
    #[error("{0}")]
    Failed(String),
}

/// Chooses moves for one side of a [`Game`].
///
/// An agent is told when a game starts ([`Agent::new_game`]) and how it ended
/// ([`Agent::game_over`]); learning agents update themselves there.
pub trait Agent<G: Game>: Send {
    /// A short name for tables and logs ("perfect", "random", "menace", "computox").
    fn name(&self) -> String;

    /// Choose a move for `position`, where it is this agent's turn.
    ///
    /// # Errors
    /// [`AgentError::Resign`] to give up, [`AgentError::EndOfInput`] when a human's input
    /// ended, [`AgentError::Failed`] when the agent cannot go on.
    fn choose(&mut self, position: &G) -> Result<G::Move, AgentError>;

    /// Called before the first move of each game.
    fn new_game(&mut self, _me: Player) {}

    /// Called once when a game ends (including by resignation): the final position, the
    /// outcome and which side this agent played. Learning agents learn here.
    fn game_over(&mut self, _final_position: &G, _outcome: Outcome, _me: Player) {}
}

impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, position: &G) -> Result<G::Move, AgentError> {
        (**self).choose(position)
    }
    fn new_game(&mut self, me: Player) {
        (**self).new_game(me);
    }
    fn game_over(&mut self, final_position: &G, outcome: Outcome, me: Player) {
        (**self).game_over(final_position, outcome, me);
    }
}
