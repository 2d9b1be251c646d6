//! The contestants, by name, and the agent each is for one game.

use std::sync::OnceLock;

use ludomat_computox::circuit::{CircuitAgent, Timing};
use ludomat_computox::{AutoxAgent, ComputoxAgent, Settings};
use ludomat_game::{Agent, Player};
use ludomat_menace::{Menace, Opponent, Rules};
use ludomat_qubic::{
    Board as QubicBoard, DeckStuck, LevelSet, LoudenAgent, LoudenOptions, Other1Agent,
    Other1Options,
};
use ludomat_relay_cpu::{RelayAgent, TicTacToeRom};
use ludomat_tictactoe::{Board, PerfectAgent, RandomAgent};
use serde::{Deserialize, Serialize};

/// Why a contestant could not be entered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// No contestant of that name.
    #[error(
        "no contestant called {}; the {game} contestants are {known}",
        ludomat_io::text::quoted(name, 60)
    )]
    Unknown {
        /// The name given.
        name: String,
        /// The game.
        game: &'static str,
        /// The names there are.
        known: String,
    },
    /// The contestant cannot take that seat: options that do not go together, a refusal
    /// of the command line (status 2).
    #[error("{0}")]
    Seat(#[source] ludomat_io::error::Refusal),
    /// Its machine could not be built.
    #[error("{name}: {why}")]
    Build {
        /// The contestant.
        name: &'static str,
        /// Why.
        why: String,
    },
}

/// A noughts-and-crosses contestant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TictactoeContestant {
    /// Never loses; random among the optimal moves (seeded).
    Perfect,
    /// Perfect, and wins as fast / loses as slowly as it can.
    PerfectHurry,
    /// A uniformly random legal move (seeded).
    Random,
    /// The Computox, unbeatable (its uniselector's sweep, behavioural model).
    Computox,
    /// The Computox with its X relay set (beatable).
    ComputoxBeatable,
    /// The Computox with its MODE switches on: SAL decides at each new game whether the X
    /// relay comes up (seeded).
    ComputoxModeSwitches,
    /// The Computox's relay circuit simulated relay by relay (unbeatable).
    ComputoxRelays,
    /// The relay circuit with the secret switch held (beatable).
    ComputoxRelaysBeatable,
    /// A fresh MENACE (every game a new one: it learns only within the game).
    Menace,
    /// A MENACE first trained for [`MENACE_TRAINING_GAMES`] games against the perfect player.
    MenaceTrained,
    /// The relay computer running its 46-word tic-tac-toe ROM (X only).
    Relay,
    /// The 1956 AUTOX, through its shutters and START button.
    Autox,
}

/// Games the trained MENACE played against the perfect player (alternating sides,
/// seed [`MENACE_TRAINING_SEED`]) before it enters the arena.
pub const MENACE_TRAINING_GAMES: u64 = 2_000;
/// The seed of the trained MENACE's training.
pub const MENACE_TRAINING_SEED: u64 = 1961;

fn trained_menace() -> &'static Menace {
    static TRAINED: OnceLock<Menace> = OnceLock::new();
    TRAINED.get_or_init(|| {
        let mut m = Menace::new(Rules::source(), MENACE_TRAINING_SEED);
        let mut teacher = Opponent::perfect(MENACE_TRAINING_SEED ^ 0x7e);
        for g in 0..MENACE_TRAINING_GAMES {
            let side = if g % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            m.train_game(&mut teacher, side);
        }
        m
    })
}

/// A trained MENACE, named apart from the fresh one.
struct TrainedMenace(Menace);

impl Agent<Board> for TrainedMenace {
    fn name(&self) -> String {
        "menace-trained".into()
    }
    fn choose(
        &mut self,
        position: &Board,
    ) -> Result<ludomat_tictactoe::Cell, ludomat_game::AgentError> {
        Agent::choose(&mut self.0, position)
    }
    fn new_game(&mut self, me: Player) {
        Agent::new_game(&mut self.0, me);
    }
    fn game_over(&mut self, position: &Board, outcome: ludomat_game::Outcome, me: Player) {
        Agent::game_over(&mut self.0, position, outcome, me);
    }
}

impl TictactoeContestant {
    /// Every contestant, in the order lists show them.
    pub const ALL: [TictactoeContestant; 12] = [
        TictactoeContestant::Perfect,
        TictactoeContestant::PerfectHurry,
        TictactoeContestant::Random,
        TictactoeContestant::Menace,
        TictactoeContestant::MenaceTrained,
        TictactoeContestant::Computox,
        TictactoeContestant::ComputoxBeatable,
        TictactoeContestant::ComputoxModeSwitches,
        TictactoeContestant::ComputoxRelays,
        TictactoeContestant::ComputoxRelaysBeatable,
        TictactoeContestant::Autox,
        TictactoeContestant::Relay,
    ];

    /// Its name (as `--x`/`--o` take it).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TictactoeContestant::Perfect => "perfect",
            TictactoeContestant::PerfectHurry => "perfect-hurry",
            TictactoeContestant::Random => "random",
            TictactoeContestant::Computox => "computox",
            TictactoeContestant::ComputoxBeatable => "computox-beatable",
            TictactoeContestant::ComputoxModeSwitches => "computox-mode-switches",
            TictactoeContestant::ComputoxRelays => "computox-relays",
            TictactoeContestant::ComputoxRelaysBeatable => "computox-relays-beatable",
            TictactoeContestant::Menace => "menace",
            TictactoeContestant::MenaceTrained => "menace-trained",
            TictactoeContestant::Relay => "relay",
            TictactoeContestant::Autox => "autox",
        }
    }

    /// One line about it.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            TictactoeContestant::Perfect => "never loses; random among the best moves",
            TictactoeContestant::PerfectHurry => "perfect, and wins as fast as it can",
            TictactoeContestant::Random => "any legal move, at random",
            TictactoeContestant::Computox => "the Computox's uniselector sweep, unbeatable",
            TictactoeContestant::ComputoxBeatable => "the Computox with its X relay set: beatable",
            TictactoeContestant::ComputoxModeSwitches => {
                "the Computox with its MODE switches on: SAL picks, each game, beatable or not"
            }
            TictactoeContestant::ComputoxRelays => "the Computox circuit, relay by relay",
            TictactoeContestant::ComputoxRelaysBeatable => {
                "the Computox circuit with the secret switch held"
            }
            TictactoeContestant::Menace => "a fresh MENACE: full matchboxes, learning as it plays",
            TictactoeContestant::MenaceTrained => {
                "MENACE after 2,000 games against the perfect player"
            }
            TictactoeContestant::Relay => "the relay computer's 46-word ROM (plays X only)",
            TictactoeContestant::Autox => "the 1956 AUTOX: shutters, START, one sweep",
        }
    }

    /// The contestant called `name`.
    ///
    /// # Errors
    /// [`ArenaError::Unknown`] listing the names there are.
    pub fn named(name: &str) -> Result<TictactoeContestant, ArenaError> {
        Self::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| ArenaError::Unknown {
                name: name.to_string(),
                game: "noughts-and-crosses",
                known: Self::ALL.map(Self::name).join(", "),
            })
    }

    /// Whether it can move second (O).
    #[must_use]
    pub const fn plays_second(self) -> bool {
        !matches!(self, TictactoeContestant::Relay)
    }

    /// Refuse a seat it cannot take; `hint` says what to do instead.
    ///
    /// # Errors
    /// [`ArenaError::Seat`] with the reason.
    pub fn check_seat(self, seat: Player, hint: &str) -> Result<(), ArenaError> {
        if seat == Player::Second && !self.plays_second() {
            return Err(ArenaError::Seat(ludomat_io::error::Refusal::new(format!(
                "the relay computer cannot play O: its 46-word ROM always moves first (X, into \
                 the centre); {hint}"
            ))));
        }
        Ok(())
    }

    /// The agent for one game, seeded.
    ///
    /// # Errors
    /// When its machine cannot be built (the relay circuit's netlist).
    pub fn build(self, seed: u64) -> Result<Box<dyn Agent<Board>>, ArenaError> {
        Ok(match self {
            TictactoeContestant::Perfect => Box::new(PerfectAgent::new(seed)),
            TictactoeContestant::PerfectHurry => Box::new(PerfectAgent::new(seed).hurrying(true)),
            TictactoeContestant::Random => Box::new(RandomAgent::new(seed)),
            TictactoeContestant::Computox => {
                Box::new(ComputoxAgent::new(Settings::UNBEATABLE, seed))
            }
            TictactoeContestant::ComputoxBeatable => {
                Box::new(ComputoxAgent::new(Settings::BEATABLE, seed))
            }
            TictactoeContestant::ComputoxModeSwitches => {
                Box::new(ComputoxAgent::new(Settings::MODE_SWITCHES, seed))
            }
            TictactoeContestant::ComputoxRelays | TictactoeContestant::ComputoxRelaysBeatable => {
                let beatable = self == TictactoeContestant::ComputoxRelaysBeatable;
                Box::new(CircuitAgent::new(beatable, Timing::IDEAL).map_err(|e| {
                    ArenaError::Build {
                        name: self.name(),
                        why: e.to_string(),
                    }
                })?)
            }
            TictactoeContestant::Menace => Box::new(Menace::new(Rules::source(), seed)),
            TictactoeContestant::MenaceTrained => {
                let mut m = trained_menace().clone();
                m.reseed(seed);
                Box::new(TrainedMenace(m))
            }
            TictactoeContestant::Relay => Box::new(RelayAgent::new(TicTacToeRom::AsNumbered)),
            TictactoeContestant::Autox => Box::new(AutoxAgent::new()),
        })
    }

    /// [`Self::build`] for a factory that must not fail: the contestant was built once
    /// before the run, so a failure here cannot happen; a random player stands in.
    #[must_use]
    pub fn build_or_random(self, seed: u64) -> Box<dyn Agent<Board>> {
        self.build(seed)
            .unwrap_or_else(|_| Box::new(RandomAgent::new(seed)))
    }
}

/// A 3D tic-tac-toe (4×4×4) program of the IBM 1620, or a modern player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum QubicContestant {
    /// OTHER-1 (levels 1–12).
    Other1,
    /// The 1962 deck (4×4×4 only).
    Louden1962,
    /// A random empty cell.
    Random,
    /// A modern threat-sequence player.
    Threats,
}

impl QubicContestant {
    /// Every contestant.
    pub const ALL: [QubicContestant; 4] = [
        QubicContestant::Other1,
        QubicContestant::Louden1962,
        QubicContestant::Random,
        QubicContestant::Threats,
    ];

    /// Its name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            QubicContestant::Other1 => "other1",
            QubicContestant::Louden1962 => "louden1962",
            QubicContestant::Random => "random",
            QubicContestant::Threats => "threats",
        }
    }

    /// One line about it.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            QubicContestant::Other1 => {
                "OTHER-1's twelve strategy levels (levels can be switched off)"
            }
            QubicContestant::Louden1962 => "Bob Louden's FORTRAN deck of February 1962",
            QubicContestant::Random => "any empty cell, at random",
            QubicContestant::Threats => "a modern threat-sequence player",
        }
    }

    /// The contestant called `name`.
    ///
    /// # Errors
    /// [`ArenaError::Unknown`] listing the names there are.
    pub fn named(name: &str) -> Result<QubicContestant, ArenaError> {
        Self::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| ArenaError::Unknown {
                name: name.to_string(),
                game: "3D tic-tac-toe",
                known: Self::ALL.map(Self::name).join(", "),
            })
    }
}

/// A 3D contestant with its settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QubicSpec {
    /// Who.
    pub kind: QubicContestant,
    /// OTHER-1 levels switched off.
    pub disable: LevelSet,
    /// OTHER-1 keeps every level-6/9 candidate and picks one at random.
    pub random_saved: bool,
    /// The 1962 deck's options.
    pub deck: LoudenOptions,
    /// What the deck does when it cannot move within its rules.
    pub stuck: DeckStuck,
}

impl QubicSpec {
    /// `kind` with the defaults of `ludomat tournament qubic`.
    #[must_use]
    pub fn new(kind: QubicContestant) -> QubicSpec {
        QubicSpec {
            kind,
            disable: LevelSet::NONE,
            random_saved: false,
            deck: LoudenOptions::default(),
            stuck: DeckStuck::RandomCell,
        }
    }

    /// The agent for one game on 4^D, seeded. The 1962 deck plays 4×4×4 only (on 4⁴ a
    /// random player stands in; callers refuse it first).
    #[must_use]
    pub fn build<const D: usize>(&self, seed: u64) -> Box<dyn Agent<QubicBoard<D>>> {
        match self.kind {
            QubicContestant::Random => Box::new(ludomat_qubic::RandomAgent::new(seed)),
            QubicContestant::Threats => Box::new(ludomat_qubic::proof::ThreatAgent::default()),
            QubicContestant::Other1 => {
                let options = Other1Options {
                    disabled: self.disable,
                    random_saved_moves: self.random_saved,
                    ..Other1Options::default()
                };
                let mut name = "other1".to_string();
                if self.disable != LevelSet::NONE {
                    name.push_str(&format!(" -{}", self.disable));
                }
                if self.random_saved {
                    name.push_str(" random-saved");
                }
                Box::new(Other1Agent::<D>::new(options, seed).named(name))
            }
            QubicContestant::Louden1962 => {
                let agent: Box<dyn std::any::Any> =
                    Box::new(Box::new(LoudenAgent::new(self.deck, self.stuck, seed))
                        as Box<dyn Agent<QubicBoard<3>>>);
                match agent.downcast::<Box<dyn Agent<QubicBoard<D>>>>() {
                    Ok(a) => *a,
                    Err(_) => Box::new(ludomat_qubic::RandomAgent::new(seed)),
                }
            }
        }
    }
}
