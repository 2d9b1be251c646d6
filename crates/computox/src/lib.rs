//! The Computox and AUTOX, relay machines that play noughts and crosses.
//!
//! The AUTOX (Model Engineer, 1956) and the Computox that grew from it choose their move
//! with a rotating switch, the uniselector U1: as its wiper steps over contacts U1-N2 …
//! U1-N25 each contact grounds a group of position checks wired in parallel, and the
//! first check whose relay contacts close latches the machine's nought on its target
//! square (seed 000, the Computox restoration blog; spec `computox.md`).
//!
//! * [`U1`] / [`ContactPlan`] — the machine's whole strategy as one table: which check
//!   is on which contact, with its provenance. [`Check`], [`Tactic`], [`Gate`].
//! * [`sweep`] — one sweep, a pure function: what fired, which check, which tactic.
//! * [`Computox`] — the whole machine: `*XA`/`*OA` occupancy latches and their `*B`
//!   slaves, the interlock, the OS and X relays, SAL (the second uniselector) and the
//!   hidden MODE switches, the secret switch, W/L relays, bell, game counter, lamps;
//!   one or two players.
//! * [`Autox`] — the 1956 machine: shutters, lamps for the machine's moves only, START.
//! * [`ComputoxAgent`] — the machine as a [`ludomat_game::Agent`] for the tic-tac-toe
//!   core, for tournaments and the exhaustive explorer.
//! * [`ComputoxSession`] — the machine in play for the terminal and the museum: actions,
//!   a view of the panel and the uniselector, happenings contact by contact.
//! * [`circuit`] — the machine relay by relay: its netlist (kept as data), simulated on
//!   the logic crate's relays, checked exhaustively against the behavioural model, with
//!   the relay hazard report and a circuit-backed agent.
//! * [`hazard::survey`] — every reachable position, checking that no contact ever claims
//!   two squares at once.
//!
//! ```
//! use ludomat_computox::{sweep, ContactPlan, Squares, Tactic};
//! // O on E, X on A and J: the fork check on U1-N17 takes B.
//! let s = sweep(&ContactPlan::COMPUTOX, "E".parse()?, "AJ".parse()?, false, false).unwrap();
//! assert_eq!(s.contact.to_string(), "U1-N17");
//! assert_eq!(s.tactic, Tactic::ForkPrevention);
//! assert_eq!(s.claim.to_string(), "B");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod agent;
mod autox;
mod autox_agent;
mod check;
pub mod circuit;
mod counter;
mod error;
pub mod hazard;
mod machine;
mod plan;
mod sal;
pub mod session;
mod square;
mod tactic;
pub mod text;
mod uniselector;

pub use agent::{every_human_line, machine_view, ComputoxAgent};
pub use autox::Autox;
pub use autox_agent::AutoxAgent;
pub use check::{Check, Gate};
pub use counter::GameCounter;
pub use error::MachineError;
pub use machine::{Computox, Lamps, Move, Players, Relays, ResetReport, Settings, Turn, Verdict};
pub use plan::{Contact, ContactId, ContactPlan, ParseContactError, U1, UNWIRED};
pub use sal::{Sal, SalContact, SAL_TAPS};
pub use session::{ComputoxAction, ComputoxConfig, ComputoxSession};
pub use square::{Line, Square, Squares};
pub use tactic::{ParseTacticError, Tactic};
pub use uniselector::{sweep, test_contact, Sweep, Uniselector};
