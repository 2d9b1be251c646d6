//! [`MachineError`]: why the machine refused a button.

use crate::Square;
use ludomat_tictactoe::Mark;

/// A button press the machine refuses. The machine's state is unchanged by a refused
/// press, exactly as the relays would leave it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MachineError {
    /// The square's lamp is already lit: the other latch's break contact (T4) cuts the
    /// coil, so nothing happens.
    #[error(
        "square {square} already holds {held}: the interlock refuses it; choose a dark square"
    )]
    Interlock {
        /// The square pressed.
        square: Square,
        /// Whose mark is there.
        held: Mark,
    },
    /// The player relay connects only the other player's buttons.
    #[error("out of turn: {0}")]
    OutOfTurn(String),
    /// A W or L lamp is lit (or every square is): nothing works until RESET.
    #[error("the game is over ({0}); press RESET for a new game")]
    GameOver(String),
    /// The button does not exist in this configuration.
    #[error("{0}")]
    NotFitted(String),
    /// The uniselector went all the way round without a claim (never happens with the
    /// Computox's plan in a real game; possible with an experimental plan).
    #[error("U1 swept every contact without a claim: the machine has no move")]
    NoClaim,
}

impl MachineError {
    pub(crate) fn occupied(square: Square, held: Mark) -> Self {
        MachineError::Interlock { square, held }
    }
}
