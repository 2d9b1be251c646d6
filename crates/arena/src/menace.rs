//! MENACE's opponents from the other machines, and its session built with them.
//!
//! `ludomat-menace` depends on no other machine: its session's opponents that are other
//! machines — the Computox unbeatable or beatable, the relay computer's ROM — come from
//! [`opponents`], handed in here, where every machine is known. The museum's `menace`
//! exhibit starts its visits with [`start_session`]; the terminal's MENACE commands build
//! their opponents through the arena's contestants.

use ludomat_computox::{ComputoxAgent, Settings};
#[cfg(feature = "clap")]
use ludomat_game::count::count;
use ludomat_game::{DynSession, SessionError};
use ludomat_menace::store::Side;
use ludomat_menace::{MachineOpponent, MenaceConfig, MenaceSession, OpponentKind};
use ludomat_menace::{TrainConfig, TrainOpponent};
use ludomat_relay_cpu::{RelayAgent, TicTacToeRom};
use ludomat_tictactoe::Notation;

use crate::{AgentKind, ArenaError};

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
    let config: MenaceConfig = ludomat_game::config_from_json("menace", config)?;
    Ok(Box::new(session(config)?))
}

/// `ludomat menace train`'s own options (the MENACE and its file are the state options',
/// [`ludomat_menace::store::StateOptions`]): the opponent is any contestant of the arena.
/// With the cargo feature `clap`, the binary's flags.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct TrainOptions {
    /// The opponent (any noughts-and-crosses agent except a human; `relay` plays X only,
    /// so with it MENACE takes `--side o`).
    #[cfg_attr(feature = "clap", arg(long, value_parser = crate::MachineAgent))]
    pub against: AgentKind,
    /// Games to play (1 to 1,000,000,000; the state is saved as it goes).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1000, value_name = "N", value_parser = count::<u64>(1, 1_000_000_000)))]
    pub games: u64,
    /// The side MENACE plays.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = Side::X))]
    pub side: Side,
    /// Games per point of the learning curve (1 to 1,000,000,000; 100 when not given).
    /// The curve keeps at most 10,000 points: a run of more games widens the window (and
    /// says so).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = count::<u64>(1, 1_000_000_000)))]
    pub window: Option<u64>,
    /// Start over from fresh matchboxes (rule flags apply to a fresh MENACE only); the
    /// saved MENACE is first kept beside it as PATH.bak-N. Without it, training
    /// continues the saved MENACE.
    #[cfg_attr(feature = "clap", arg(long))]
    pub fresh: bool,
    /// (The default now: training continues the saved MENACE unless --fresh.)
    #[cfg_attr(
        feature = "clap",
        arg(long = "continue", hide = true, conflicts_with = "fresh")
    )]
    pub keep_training: bool,
    /// The folder for the learning curve: curve.csv, curve.png, curve.svg,
    /// first-box.png, first-box.svg (created if missing; those files are replaced).
    #[cfg_attr(
        feature = "clap",
        arg(short, long, default_value = "out/menace-train", value_name = "DIR")
    )]
    pub out: std::path::PathBuf,
    /// Save the state every N games, at the end and on Ctrl-C (a killed run loses at
    /// most the games since the last save; 1 to 1,000,000,000).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 10_000, value_name = "N", value_parser = count::<u64>(1, 1_000_000_000)))]
    pub save_every: u64,
    /// No progress bar.
    #[cfg_attr(feature = "clap", arg(long))]
    pub quiet: bool,
}

impl TrainOptions {
    /// Refuse, before anything runs, a person (MENACE trains unattended) or an opponent
    /// that cannot take the other side.
    ///
    /// # Errors
    /// [`ArenaError::Seat`] with what to do instead.
    pub fn check(&self) -> Result<(), ArenaError> {
        if self.against == AgentKind::Human {
            return Err(ArenaError::Seat(ludomat_io::error::Refusal::new(
                "MENACE trains against a machine; to play it yourself use 'ludomat menace play'",
            )));
        }
        self.against.check_side(
            self.side.player().opponent(),
            "train MENACE as O against it ('--side o')",
        )
    }

    /// The opponent, seeded from the seed given (a fresh MENACE: 1 when none; a saved
    /// one: its games played when none, so a continued run meets new games) and the run.
    ///
    /// # Errors
    /// When the contestant cannot be built.
    pub fn opponent(
        &self,
        seed: Option<u64>,
        saved_games: u64,
    ) -> Result<TrainOpponent, ArenaError> {
        let base = if self.fresh {
            seed.unwrap_or(1)
        } else {
            seed.unwrap_or(saved_games)
        };
        let agent = self
            .against
            .build(ludomat_game::seed::derive(base, 1), Notation::Menace)?;
        Ok(TrainOpponent::Agent(agent))
    }

    /// The training run's configuration.
    #[must_use]
    pub fn config(&self) -> TrainConfig {
        TrainConfig {
            games: self.games,
            side: self.side.player(),
            window: self
                .window
                .unwrap_or(ludomat_menace::training::DEFAULT_WINDOW),
        }
    }
}
