//! Ternary logic graphs: an event-driven circuit simulator with relays.
//!
//! The model is the one of the seed article "Evaluating Logic Circuits with Ternary Logic
//! Graphs" (seed `004`, first article): source nodes (buttons, supplies), gate nodes and
//! terminal nodes (lamps) connected into a graph; values are balanced ternary (+1 true,
//! 0 unknown, −1 false) and everything starts unknown; a node re-evaluates when an input
//! changes and passes its output on only when it changed. Here the propagation runs from
//! an event queue with a bound instead of the seed's recursion, so a ring oscillator is
//! reported ([`SimError::Oscillation`]) instead of hanging.
//!
//! Engines, which all agree (tested on the ISCAS-85 benchmarks):
//! - [`EventSim`]: event-driven ternary, FIFO or depth-ordered, loops allowed;
//! - [`Levelized`]: every gate once in depth order, ternary, acyclic netlists;
//! - [`BitParallel`]: two-valued, 64 vectors per machine word.
//!
//! Relays (coils, make / break / changeover contacts, delays, uniselectors) live in
//! [`relay`], simulated by the switch-level rule (Bryant) on a ternary network.

pub mod bench;
mod bitparallel;
pub mod check;
mod engine;
mod error;
mod event;
mod gate;
pub mod latch;
mod levelized;
pub mod library;
mod location;
mod netlist;
pub mod random;
pub mod relay;
pub mod session;
pub mod speed;
mod ternary;
pub mod text;
pub mod vcd;
pub mod vectors;
pub mod verilog;

pub use bench::{load_bench, BenchError, BenchErrorKind, LoadError};
pub use bitparallel::BitParallel;
pub use engine::{simulate, Engine, ParseEngineError};
pub use error::SimError;
pub use event::{EventSim, Schedule, TraceEvent};
pub use gate::{GateKind, ParseGateKindError};
pub use levelized::Levelized;
pub use location::Location;
pub use netlist::{Levels, Netlist, NetlistError, Node, NodeId, NodeKind, SourceKind};
pub use session::{LogicAction, LogicConfig, LogicSession, LogicView};
pub use ternary::{ParseTernaryError, Ternary};
