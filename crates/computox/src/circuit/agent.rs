//! [`CircuitAgent`]: the Computox's circuit as a noughts-and-crosses [`Agent`].

use std::collections::HashMap;

use ludomat_game::{Agent, AgentError, Player};
use ludomat_tictactoe::{Board, Cell};

use super::simulation::{CircuitError, RelayComputox, Trace};
use super::timing::Timing;
use crate::agent::machine_view;
use crate::Squares;

/// Circuit states the agent keeps (one per position it has replied to; a game of noughts
/// and crosses has fewer than 1,000 such positions for a deterministic machine).
pub const MAX_KEPT: usize = 4096;

/// The relay circuit playing for either seat of the tic-tac-toe core: each move of the
/// opponent is a button press, each reply is what the circuit's `*OA` relays do. When it
/// sits in the core's first seat it is the machine that starts (OS-INP pressed).
///
/// The circuit is kept at rest after each of its replies, keyed by the position (its
/// squares, the opponent's, OS); a position it is asked about is reached by pressing the
/// one new square on the state it was left in, so the agent also serves the every-line
/// explorer, which backtracks. At most [`MAX_KEPT`] states are kept.
#[derive(Debug, Clone)]
pub struct CircuitAgent {
    fresh: RelayComputox,
    kept: HashMap<(bool, Squares, Squares), RelayComputox>,
    beatable: bool,
    last: Option<Trace>,
}

impl CircuitAgent {
    /// The embedded netlist, unbeatable or (secret switch held) beatable.
    ///
    /// # Errors
    /// Only if the embedded netlist were broken (tested not to be).
    pub fn new(beatable: bool, timing: Timing) -> Result<CircuitAgent, CircuitError> {
        let mut m = RelayComputox::new(timing, 0)?;
        if beatable {
            m.set_secret_switch(true)?;
        }
        Ok(CircuitAgent::from_machine(m, beatable))
    }

    /// A machine already built (e.g. from an edited netlist) and RESET.
    #[must_use]
    pub fn from_machine(machine: RelayComputox, beatable: bool) -> CircuitAgent {
        let mut kept = HashMap::new();
        kept.insert((false, Squares::NONE, Squares::NONE), machine.clone());
        CircuitAgent {
            fresh: machine,
            kept,
            beatable,
            last: None,
        }
    }

    /// What the circuit did on the last move.
    #[must_use]
    pub fn last_trace(&self) -> Option<&Trace> {
        self.last.as_ref()
    }

    fn reply(&mut self, board: &Board) -> Result<(RelayComputox, Trace), AgentError> {
        let (o, x, os) = machine_view(board);
        let failed = |e: CircuitError| AgentError::Failed(e.to_string());
        let refused = |r: super::Refusal| AgentError::Failed(r.to_string());
        if os && o.is_empty() && x.is_empty() {
            let mut m = self.fresh.clone();
            let t = m.machine_first().map_err(failed)?.map_err(refused)?;
            return Ok((m, t));
        }
        for q in x.iter() {
            let before = Squares::from_mask(x.mask() & !Squares::one(q).mask());
            if let Some(m) = self.kept.get(&(os, o, before)) {
                let mut m = m.clone();
                let t = m.press(q).map_err(failed)?.map_err(refused)?;
                return Ok((m, t));
            }
        }
        Err(AgentError::Failed(format!(
            "the circuit has not played a game that reaches O:{o} X:{x}: it follows only \
             games it played from the start"
        )))
    }
}

impl Agent<Board> for CircuitAgent {
    fn name(&self) -> String {
        if self.beatable {
            "computox-relays-beatable".into()
        } else {
            "computox-relays".into()
        }
    }

    fn choose(&mut self, board: &Board) -> Result<Cell, AgentError> {
        let (m, t) = self.reply(board)?;
        let claim = t.claim().ok_or_else(|| {
            AgentError::Failed(format!(
                "the circuit operated {} *OA relays ({}) instead of one",
                t.claims.len(),
                t.claims
            ))
        })?;
        if self.kept.len() >= MAX_KEPT {
            self.kept.clear();
            self.kept
                .insert((false, Squares::NONE, Squares::NONE), self.fresh.clone());
        }
        self.kept.insert((m.os(), m.o_squares(), m.x_squares()), m);
        self.last = Some(t);
        Ok(claim.cell())
    }

    fn new_game(&mut self, _me: Player) {
        self.last = None;
    }
}
