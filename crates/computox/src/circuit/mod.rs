//! The Computox relay by relay: its circuit as a netlist, simulated on the logic crate's
//! switch-level relays, checked against the behavioural model.
//!
//! * [`netlist`] — the text format and its parser (errors give line, column and fault);
//!   the machine's own netlist is [`COMPUTOX_NET`], `crates/computox/circuit/computox.net`.
//! * [`Circuit`] — a netlist built into a [`ludomat_logic::relay::RelayCircuit`].
//! * [`Timing`] — ideal (logic only) or real (type 3000 relays, a 20 steps/s uniselector).
//! * [`RelayComputox`] — the machine played on its circuit: buttons, relays, U1.
//! * [`agreement`] — every reachable position in every mode: the circuit claims the
//!   square the behavioural model plays; with the hazard report.
//! * [`CircuitAgent`] — the circuit as a noughts-and-crosses agent.

mod agent;
pub mod agreement;
mod model;
pub mod netlist;
mod simulation;
mod timing;

pub use agent::CircuitAgent;
pub use agreement::{
    check, expected_positions, verify, verify_timed, Agreement, Disagreement, Hazard, Mode,
    RunTime, VerifyProgress,
};
pub use model::{check_netlist_file, BuildError, Circuit, NetlistFileError, Parts, SquareParts};
pub use netlist::{Netlist, NetlistError};
pub use simulation::{
    Change, CircuitError, Happening, Panel, Refusal, RelayComputox, Trace, COMPUTOX_NET, RESET_HOLD,
};
pub use timing::{ParseTimingError, Timing};
