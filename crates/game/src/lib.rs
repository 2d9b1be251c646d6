//! What every ludomat game shares.
//!
//! * [`Game`] — a two-player, alternating, perfect-information game: its position, the
//!   legal moves, how a move is played, the outcome, whose turn it is.
//! * [`Agent`] — anything that chooses a move for a position: a perfect player, a random
//!   one, a human at a terminal, a relay machine, a box of matchboxes. An agent may learn
//!   from a finished game ([`Agent::game_over`]).
//! * [`play_match`] — one game between two agents; [`Series`] — many games between the
//!   same two (learning) agents; [`tournament`] — many independent games in parallel,
//!   each with its own seed, so results do not depend on the number of threads.
//! * [`Tally`] and [`Proportion`] — results with Wilson confidence intervals.
//! * [`Session`] / [`DynSession`] — a machine's game in progress as a person meets it
//!   (config, actions, view, happenings), rendered alike by the terminal and the museum.
//! * [`run`] — long work (training, benchmarks, proof searches) as library entry points:
//!   progress with a partial result, cancellation, checkpoints; [`run::cpu`] for CPU time.
//! * [`explore`] — play a deterministic agent against *every* sequence of opponent moves
//!   and count the results, the way the relay machines are verified.
//!
//! Single-player games (Threes!) do not implement [`Game`]; they reuse [`seed`] and
//! [`Proportion`].

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

mod agent;
pub mod console;
pub mod count;
mod explore;
mod game;
mod matches;
pub mod progress;
mod random;
pub mod run;
pub mod seed;
mod session;
mod stats;
pub mod terminal;
mod tournament;

pub use agent::{Agent, AgentError};
pub use explore::{explore, explore_with, ExploreCounts};
pub use game::{Game, Outcome, Player};
pub use matches::{play_match, GameRecord, MatchError, Series};
pub use random::RandomAgent;
pub use session::{
    config_from_json, games_per_action, new_dyn_session, play_games_count, square, watched_as_json,
    CountField, DynSession, LongRun, RunWords, Session, SessionError, Work,
};
pub use stats::{Proportion, Tally};
pub use terminal::{Ending, LineInput};
pub use tournament::{
    a_side, game_seeds, tournament, tournament_games, tournament_until, AgentFactory,
    TournamentConfig, TournamentResult,
};
