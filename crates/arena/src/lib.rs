//! The arena where the machines meet: any two noughts-and-crosses machines (the perfect
//! and random players, MENACE fresh or trained, the Computox in each mode and relay by
//! relay, the relay computer's ROM, the AUTOX) or two of the IBM 1620's 3D tic-tac-toe
//! programs, in seeded tournaments.
//!
//! * [`contestant`] — who can play, by name, and the agent for one game: the one factory
//!   both `ludomat tournament …` and the museum use, so they cannot drift apart;
//! * [`table`] — the result tables as `ludomat tournament …` prints them;
//! * [`agent_kind`] — a person or a contestant, as `ludomat play tictactoe` offers them;
//!   [`tournaments`] — `ludomat tournament …` as runs, with their options;
//! * [`menace`] — MENACE's opponents from the other machines (the Computox, the relay
//!   computer), handed to its session, which depends on no other machine;
//! * [`session`] — [`ArenaSession`]: watch one game move by move, or a tournament (or a
//!   round robin of every pair) played in bounded batches, each game seeded exactly as
//!   [`ludomat_game::tournament`] seeds it, so the table after N games is the CLI's.

pub mod agent_kind;
pub mod contestant;
pub mod menace;
pub mod session;
pub mod table;
pub mod tournaments;

pub use agent_kind::{AgentKind, MachineAgent};
pub use contestant::{ArenaError, QubicContestant, QubicSpec, TictactoeContestant};

pub use session::{ArenaAction, ArenaConfig, ArenaSession, ArenaView, GameKind, Sides};

/// The README's example, run as a doctest.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
