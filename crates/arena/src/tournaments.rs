//! `ludomat tournament tictactoe` and `ludomat tournament qubic` as runs: the options a
//! person gives ([`TictactoeTournament`], [`QubicTournament`]), checked before anything
//! runs (a contestant on a side it cannot play, the 1962 deck on the 4D board), and the
//! games played on a pool of worker threads, one derived seed per game
//! ([`ludomat_game::tournament`]), so the result is the same for any thread count.
//!
//! With the cargo feature `clap` the options are the binary's flags; their doc comments
//! are its `--help`.

#[cfg(feature = "clap")]
use ludomat_game::count::{count, MAX_THREADS};
use ludomat_game::{tournament_until, Player, TournamentConfig, TournamentResult};
use ludomat_qubic::options::DeckFlags;
use ludomat_qubic::{Board as QubicBoard, DeckStuck, LevelSet};
use ludomat_tictactoe::{Notation, RandomAgent};

use crate::agent_kind::AgentKind;
#[cfg(feature = "clap")]
use crate::agent_kind::MachineAgent;
use crate::{ArenaError, QubicContestant, QubicSpec, Sides};

/// Why a tournament did not run, or ran with failures.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A contestant that cannot take part as asked.
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// Options that make no tournament; the message says which.
    #[error("{0}")]
    Options(String),
    /// The worker threads could not be started.
    #[error(transparent)]
    Pool(#[from] rayon::ThreadPoolBuildError),
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, TournamentError> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?)
}

/// `ludomat tournament tictactoe`
#[derive(Debug, Clone)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct TictactoeTournament {
    /// Agent A (plays X, or alternates with --sides alternate).
    #[cfg_attr(feature = "clap", arg(long, value_parser = MachineAgent, default_value = "perfect"))]
    pub x: AgentKind,
    /// Agent B.
    #[cfg_attr(feature = "clap", arg(long, value_parser = MachineAgent, default_value = "random"))]
    pub o: AgentKind,
    /// Number of games (1 to 1,000,000,000).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 100_000, value_name = "N", value_parser = count::<u64>(1, 1_000_000_000)))]
    pub games: u64,
    /// Master seed; game i uses a seed derived from it and i.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: u64,
    /// Who moves first: `fixed` (A, every game) or `alternate` (A and B in turn).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = Sides::Fixed))]
    pub sides: Sides,
    /// Old spelling of `--sides alternate`.
    #[cfg_attr(feature = "clap", arg(long, hide = true))]
    pub alternate: bool,
    /// Worker threads (1 to 256; default: all cores).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = count::<usize>(1, MAX_THREADS)))]
    pub threads: Option<usize>,
    /// No progress bar.
    #[cfg_attr(feature = "clap", arg(long))]
    pub quiet: bool,
}

impl TictactoeTournament {
    /// Whether A and B take turns at moving first.
    #[must_use]
    pub fn alternates(&self) -> bool {
        self.alternate || self.sides == Sides::Alternate
    }

    /// Check the contestants, then play every game (a progress bar on stderr unless
    /// `quiet`).
    ///
    /// # Errors
    /// A person entered, no games, a contestant on a side it cannot play or that cannot be
    /// built; the pool not starting.
    pub fn run(&self) -> Result<TournamentResult, TournamentError> {
        self.run_until(&|| false)
    }

    /// [`Self::run`], stopped early once `stop` says so (Ctrl-C): the result holds the
    /// games played, marked [`TournamentResult::stopped`].
    ///
    /// # Errors
    /// As [`Self::run`].
    pub fn run_until(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<TournamentResult, TournamentError> {
        if self.x == AgentKind::Human || self.o == AgentKind::Human {
            return Err(TournamentError::Options(
                "a tournament cannot include a human; use 'ludomat play tictactoe'".into(),
            ));
        }
        if self.games == 0 {
            return Err(TournamentError::Options(
                "--games must be at least 1".into(),
            ));
        }
        let alternate = self.alternates();
        if alternate {
            self.x.check_side(
                Player::Second,
                "with --sides alternate, A plays O in every other game; use --sides fixed",
            )?;
        }
        self.o
            .check_side(Player::Second, "give it X ('--x relay')")?;
        // Build once to report configuration errors before starting.
        self.x.build(0, Notation::Numeric)?;
        self.o.build(0, Notation::Numeric)?;
        let (kx, ko) = (self.x, self.o);
        let make = move |k: AgentKind| {
            move |s: u64| {
                k.build(s, Notation::Numeric)
                    .unwrap_or_else(|_| Box::new(RandomAgent::new(s)))
            }
        };
        let (make_a, make_b) = (make(kx), make(ko));
        let config = TournamentConfig {
            games: self.games,
            seed: self.seed,
            alternate,
            progress: !self.quiet,
        };
        Ok(pool(self.threads)?.install(|| tournament_until(&make_a, &make_b, &config, stop)))
    }
}

/// What the 1962 deck does when it cannot move within the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Stuck {
    /// Count the game as failed.
    Fail,
    /// Play a random empty cell.
    Random,
}

/// `ludomat tournament qubic`
#[derive(Debug, Clone)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct QubicTournament {
    /// Agent A (first in even games).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = QubicContestant::Other1))]
    pub x: QubicContestant,
    /// Agent B.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = QubicContestant::Other1))]
    pub o: QubicContestant,
    /// Number of games (1 to 10,000,000).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 10_000, value_name = "N", value_parser = count::<u64>(1, 10_000_000)))]
    pub games: u64,
    /// Master seed; game i uses a seed derived from it and i.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 1, value_parser = ludomat_game::count::count::<u64>(0, u64::MAX)))]
    pub seed: u64,
    /// Dimensions, 3 to 4: 3 for 4×4×4, 4 for 4×4×4×4.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = 3, value_parser = ludomat_game::count::count::<u8>(3, 4)))]
    pub dims: u8,
    /// Who moves first: `alternate` (A and B in turn, as in the Java runs) or `fixed`
    /// (A in every game).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = Sides::Alternate))]
    pub sides: Sides,
    /// Old spelling of `--sides fixed`.
    #[cfg_attr(feature = "clap", arg(long, hide = true))]
    pub fixed_sides: bool,
    /// Levels switched off for A, e.g. `6,9` (a human who only sees traps once set).
    #[cfg_attr(feature = "clap", arg(long, default_value = ""))]
    pub x_disable: LevelSet,
    /// Levels switched off for B.
    #[cfg_attr(feature = "clap", arg(long, default_value = ""))]
    pub o_disable: LevelSet,
    /// A keeps all level-6/9 candidates and picks one at random.
    #[cfg_attr(feature = "clap", arg(long))]
    pub x_random_saved: bool,
    /// B keeps all level-6/9 candidates and picks one at random.
    #[cfg_attr(feature = "clap", arg(long))]
    pub o_random_saved: bool,
    /// When the 1962 deck cannot move within the rules (replays its own cell, runs out of
    /// preferred cells): `fail` the game (faithful) or play a `random` cell.
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = Stuck::Random))]
    pub deck_stuck: Stuck,
    #[cfg_attr(feature = "clap", command(flatten))]
    pub deck: DeckFlags,
    /// Worker threads (1 to 256; default: all cores).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_parser = count::<usize>(1, MAX_THREADS)))]
    pub threads: Option<usize>,
    /// No progress bar.
    #[cfg_attr(feature = "clap", arg(long))]
    pub quiet: bool,
    /// Write a bar chart of the results (PNG or SVG by extension).
    #[cfg_attr(feature = "clap", arg(long))]
    pub chart: Option<std::path::PathBuf>,
}

impl QubicTournament {
    /// Whether A moves first in every game.
    #[must_use]
    pub fn fixed(&self) -> bool {
        self.fixed_sides || self.sides == Sides::Fixed
    }

    /// A's or B's settings.
    fn spec(&self, kind: QubicContestant, disable: LevelSet, random_saved: bool) -> QubicSpec {
        QubicSpec {
            kind,
            disable,
            random_saved,
            deck: self.deck.options(),
            stuck: match self.deck_stuck {
                Stuck::Fail => DeckStuck::Fail,
                Stuck::Random => DeckStuck::RandomCell,
            },
        }
    }

    /// Play every game (a progress bar on stderr unless `quiet`).
    ///
    /// # Errors
    /// The 1962 deck on the 4D board; the pool not starting.
    pub fn run(&self) -> Result<TournamentResult, TournamentError> {
        self.run_until(&|| false)
    }

    /// [`Self::run`], stopped early once `stop` says so (Ctrl-C): the result holds the
    /// games played, marked [`TournamentResult::stopped`].
    ///
    /// # Errors
    /// As [`Self::run`].
    pub fn run_until(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<TournamentResult, TournamentError> {
        let deck = QubicContestant::Louden1962;
        if self.dims == 4 && (self.x == deck || self.o == deck) {
            return Err(TournamentError::Options(
                "the 1962 deck plays 4×4×4 only; drop --dims 4".into(),
            ));
        }
        let a = self.spec(self.x, self.x_disable, self.x_random_saved);
        let b = self.spec(self.o, self.o_disable, self.o_random_saved);
        let config = TournamentConfig {
            games: self.games,
            seed: self.seed,
            alternate: !self.fixed(),
            progress: !self.quiet,
        };
        let pool = pool(self.threads)?;
        Ok(if self.dims == 4 {
            pool.install(|| games::<4>(&a, &b, &config, stop))
        } else {
            pool.install(|| games::<3>(&a, &b, &config, stop))
        })
    }
}

fn games<const D: usize>(
    a: &QubicSpec,
    b: &QubicSpec,
    config: &TournamentConfig,
    stop: &(dyn Fn() -> bool + Sync),
) -> TournamentResult {
    let make_a = |s: u64| a.build::<D>(s);
    let make_b = |s: u64| b.build::<D>(s);
    tournament_until::<QubicBoard<D>>(&make_a, &make_b, config, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TictactoeContestant;

    #[test]
    fn a_tictactoe_tournament_is_refused_or_played() {
        let mut t = TictactoeTournament {
            x: AgentKind::Perfect,
            o: AgentKind::Machine(TictactoeContestant::Random),
            games: 20,
            seed: 1,
            sides: Sides::Fixed,
            alternate: false,
            threads: Some(1),
            quiet: true,
        };
        let r = t.run().unwrap();
        assert_eq!(r.a.games(), 20);
        assert_eq!(r.a.losses, 0, "the perfect player never loses");
        t.x = AgentKind::Machine(TictactoeContestant::Relay);
        t.sides = Sides::Alternate;
        assert!(t
            .run()
            .unwrap_err()
            .to_string()
            .contains("use --sides fixed"));
    }

    #[test]
    fn the_deck_stays_on_the_cube() {
        let mut t = QubicTournament {
            x: QubicContestant::Louden1962,
            o: QubicContestant::Random,
            games: 4,
            seed: 1,
            dims: 4,
            sides: Sides::Alternate,
            fixed_sides: false,
            x_disable: LevelSet::NONE,
            o_disable: LevelSet::NONE,
            x_random_saved: false,
            o_random_saved: false,
            deck_stuck: Stuck::Random,
            deck: DeckFlags::default(),
            threads: Some(1),
            quiet: true,
            chart: None,
        };
        assert!(t.run().is_err());
        t.dims = 3;
        assert_eq!(t.run().unwrap().a.games(), 4);
    }
}
