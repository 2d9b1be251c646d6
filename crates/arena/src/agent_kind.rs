//! Who can sit at a noughts-and-crosses board: a person at this terminal, or any
//! contestant of the arena ([`TictactoeContestant`]) — the choice `ludomat play
//! tictactoe`, `ludomat tournament tictactoe` and `ludomat menace train` offer.
//!
//! With the cargo feature `clap` the kinds are a clap value enum (`--help` shows the
//! contestants' names and descriptions), and [`MachineAgent`] the value parser of the
//! commands that run unattended (every kind but `human`, refused with the reason).

use ludomat_game::{Agent, Player};
use ludomat_tictactoe::{Board, HumanAgent, Notation};

use crate::{ArenaError, TictactoeContestant};

/// Who can play noughts and crosses: a person, or any contestant of the arena (the one
/// list and factory the museum uses too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentKind {
    /// You, at this terminal.
    Human,
    /// A machine.
    Machine(TictactoeContestant),
}

#[allow(non_upper_case_globals)]
impl AgentKind {
    /// The perfect player.
    pub const Perfect: AgentKind = AgentKind::Machine(TictactoeContestant::Perfect);
    /// A fresh MENACE.
    pub const Menace: AgentKind = AgentKind::Machine(TictactoeContestant::Menace);

    /// Every kind: a person, then the arena's contestants.
    pub const ALL: [AgentKind; 1 + TictactoeContestant::ALL.len()] = {
        let mut all = [AgentKind::Human; 1 + TictactoeContestant::ALL.len()];
        let mut k = 0;
        while k < TictactoeContestant::ALL.len() {
            all[k + 1] = AgentKind::Machine(TictactoeContestant::ALL[k]);
            k += 1;
        }
        all
    };

    /// The arena's contestant (`None` for a person).
    #[must_use]
    pub fn contestant(self) -> Option<TictactoeContestant> {
        match self {
            AgentKind::Human => None,
            AgentKind::Machine(c) => Some(c),
        }
    }

    /// The agent for one game (a person reads moves in `notation` from standard input).
    ///
    /// # Errors
    /// When the contestant's machine cannot be built.
    pub fn build(self, seed: u64, notation: Notation) -> Result<Box<dyn Agent<Board>>, ArenaError> {
        match self.contestant() {
            None => Ok(Box::new(HumanAgent::stdio(notation))),
            Some(c) => c.build(seed),
        }
    }

    /// Refuse, before anything runs, a side it cannot play: the relay computer's ROM
    /// always opens in the centre, so it plays X only (its article has no program for
    /// O); `hint` says what to do instead.
    ///
    /// # Errors
    /// [`ArenaError::Seat`] with the reason.
    pub fn check_side(self, side: Player, hint: &str) -> Result<(), ArenaError> {
        match self.contestant() {
            Some(c) => c.check_seat(side, hint),
            None => Ok(()),
        }
    }
}

#[cfg(feature = "clap")]
impl clap::ValueEnum for AgentKind {
    fn value_variants<'a>() -> &'a [Self] {
        &Self::ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(match self {
            AgentKind::Human => {
                clap::builder::PossibleValue::new("human").help("You, at this terminal")
            }
            AgentKind::Machine(c) => {
                clap::builder::PossibleValue::new(c.name()).help(c.description())
            }
        })
    }
}

/// The agents a machine-only command takes (every agent but `human`), as a clap value
/// parser: `--help` lists them, and `human` is refused with the reason while the
/// arguments are read.
#[derive(Debug, Clone, Copy)]
pub struct MachineAgent;

#[cfg(feature = "clap")]
impl clap::builder::TypedValueParser for MachineAgent {
    type Value = AgentKind;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<AgentKind, clap::Error> {
        let kind = clap::builder::EnumValueParser::<AgentKind>::new().parse_ref(cmd, arg, value)?;
        if kind == AgentKind::Human {
            let name = arg.map_or("the agent".to_string(), |a| format!("--{}", a.get_id()));
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!(
                    "a human cannot take part here ({name} human): this runs unattended; to play \
                     yourself use 'ludomat play tictactoe' (or 'ludomat menace play' for MENACE)"
                ),
            )
            // as clap says a usage error: the command's usage line and the help hint
            .format(&mut cmd.clone()));
        }
        Ok(kind)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        use clap::ValueEnum as _;
        Some(Box::new(
            AgentKind::value_variants()
                .iter()
                .filter(|k| **k != AgentKind::Human)
                .filter_map(clap::ValueEnum::to_possible_value),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_contestant_and_a_person() {
        assert_eq!(AgentKind::ALL.len(), 1 + TictactoeContestant::ALL.len());
        assert_eq!(AgentKind::ALL[0].contestant(), None);
        assert!(AgentKind::Perfect.build(1, Notation::Numeric).is_ok());
        let relay = AgentKind::Machine(TictactoeContestant::Relay);
        assert!(relay.check_side(Player::Second, "give it X").is_err());
        assert!(AgentKind::Human.check_side(Player::Second, "").is_ok());
    }
}
