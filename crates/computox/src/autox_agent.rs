//! [`AutoxAgent`]: the 1956 AUTOX as a noughts-and-crosses [`Agent`], worked through its
//! own controls — the opponent's mark closes a shutter over that square, then START makes
//! the uniselector's one sweep and the lamp it lights is the machine's move (spec
//! `computox.md`, "AUTOX"). Between games the shutters are rolled back and the machine
//! reset, as its owner did by hand.

use ludomat_game::{Agent, AgentError, Player};
use ludomat_tictactoe::{Board, Cell};

use crate::{Autox, Square, Squares};

/// The AUTOX at the board, either seat.
#[derive(Debug, Clone, Default)]
pub struct AutoxAgent {
    machine: Autox,
}

impl AutoxAgent {
    /// A machine with its lamps dark and shutters open.
    #[must_use]
    pub fn new() -> AutoxAgent {
        AutoxAgent::default()
    }

    /// The machine, for a look at its uniselector and lamps.
    #[must_use]
    pub fn machine(&self) -> &Autox {
        &self.machine
    }
}

impl Agent<Board> for AutoxAgent {
    fn name(&self) -> String {
        "autox".into()
    }

    fn new_game(&mut self, _me: Player) {
        self.machine.reset();
        self.machine.roll_back_shutters();
    }

    fn choose(&mut self, board: &Board) -> Result<Cell, AgentError> {
        let me = board.to_move();
        let theirs = Squares::from_mask(board.mask(me.other()));
        let shutters = self.machine.shutters();
        for sq in (0..9).filter_map(Square::from_index) {
            if theirs.contains(sq) && !shutters.contains(sq) {
                self.machine.close_shutter(sq).map_err(|e| {
                    AgentError::Failed(format!("AUTOX shutter {}: {e}", sq.letter()))
                })?;
            }
        }
        let sweep = self
            .machine
            .press_start()
            .map_err(|e| AgentError::Failed(format!("AUTOX START: {e}")))?;
        Ok(sweep.claim.cell())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ComputoxAgent;
    use ludomat_game::{play_match, Game, Outcome};
    use ludomat_tictactoe::{PerfectAgent, RandomAgent};

    #[test]
    fn the_autox_never_loses_and_moves_as_the_unbeatable_computox() {
        for seed in 0..200 {
            for first in [true, false] {
                let mut autox = AutoxAgent::new();
                let mut rnd = RandomAgent::new(seed);
                let rec = if first {
                    play_match(Board::start(), &mut autox, &mut rnd, &mut |_, _, _| {})
                } else {
                    play_match(Board::start(), &mut rnd, &mut autox, &mut |_, _, _| {})
                }
                .unwrap();
                let lost = Outcome::Win(if first { Player::Second } else { Player::First });
                assert_ne!(rec.outcome, lost, "seed {seed}, AUTOX first: {first}");
            }
        }
        // Same algorithm, same contact plan: its moves are the Computox's (no X relay).
        let mut a = AutoxAgent::new();
        let mut b = PerfectAgent::new(3);
        let rec = play_match(Board::start(), &mut a, &mut b, &mut |_, _, _| {}).unwrap();
        let mut pos = Board::start();
        let mut cx = ComputoxAgent::unbeatable();
        for (k, &m) in rec.moves.iter().enumerate() {
            if k % 2 == 0 {
                assert_eq!(cx.choose(&pos).unwrap(), m, "move {k}");
            }
            pos.play(m);
        }
    }
}
