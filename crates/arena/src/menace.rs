//! MENACE's opponents from the other machines, and its session built with them.
//!
//! `ludomat-menace` depends on no other machine: its session's opponents that are other
//! machines — the Computox unbeatable or beatable, the relay computer's ROM — come from
//! [`opponents`], handed in here, where every machine is known. The museum's `menace`
//! exhibit starts its visits with [`start_session`]; the terminal's MENACE commands build
//! their opponents through the arena's contestants.

use ludomat_computox::{ComputoxAgent, Settings};
use ludomat_game::{DynSession, SessionError};
use ludomat_menace::{MachineOpponent, MenaceConfig, MenaceSession, OpponentKind};
use ludomat_relay_cpu::{RelayAgent, TicTacToeRom};

/// The MENACE session's opponents that are other machines, seeded: the
/// [`ludomat_menace::OpponentFactory`] the terminal and the museum hand in.
#[must_use]
pub fn opponents(kind: OpponentKind, seed: u64) -> Option<Box<dyn MachineOpponent>> {
    match kind {
        OpponentKind::Computox => Some(Box::new(ComputoxAgent::new(Settings::UNBEATABLE, seed))),
        OpponentKind::ComputoxBeatable => {
            Some(Box::new(ComputoxAgent::new(Settings::BEATABLE, seed)))
        }
        OpponentKind::Relay => Some(Box::new(RelayAgent::new(TicTacToeRom::default()))),
        OpponentKind::Human
        | OpponentKind::Random
        | OpponentKind::Perfect
        | OpponentKind::Menace2 => None,
    }
}

/// A MENACE session with every opponent, from its config.
///
/// # Errors
/// As `MenaceSession::new`.
pub fn session(config: MenaceConfig) -> Result<MenaceSession, SessionError> {
    MenaceSession::with_machines(config, opponents)
}

/// Start the museum's MENACE exhibit from a JSON config (`null` for the default), with
/// every opponent.
///
/// # Errors
/// [`SessionError::Invalid`] when the JSON is not a MENACE config, naming the field, or
/// as [`session`].
pub fn start_session(config: serde_json::Value) -> Result<Box<dyn DynSession>, SessionError> {
    let config: MenaceConfig = if config.is_null() {
        MenaceConfig::default()
    } else {
        serde_json::from_value(config)
            .map_err(|e| SessionError::Invalid(format!("menace config: {e}")))?
    };
    Ok(Box::new(session(config)?))
}
