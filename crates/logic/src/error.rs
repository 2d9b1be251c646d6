//! [`SimError`]: what can go wrong while simulating.

use crate::NetlistError;

/// A simulation that could not complete.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// The netlist itself is unfit (bad arity, a loop where the engine needs none).
    #[error(transparent)]
    Netlist(#[from] NetlistError),
    /// Propagation did not settle within the bound: these nodes were still changing.
    #[error(
        "oscillation: no stable state after {evaluations} evaluations; still changing: {}",
        nodes.join(", ")
    )]
    Oscillation {
        /// The names of the nodes whose outputs kept changing.
        nodes: Vec<String>,
        /// Evaluations spent before giving up.
        evaluations: u64,
    },
    /// A vector with the wrong number of input values.
    #[error("vector has {got} values but the circuit has {expected} inputs")]
    WrongWidth {
        /// Inputs of the circuit.
        expected: usize,
        /// Values given.
        got: usize,
    },
    /// `set` on a node that is not a button.
    #[error("{} is a {kind}, not a button", ludomat_io::text::quoted(name, 60))]
    NotAButton {
        /// The node.
        name: String,
        /// What it is.
        kind: String,
    },
    /// The engine cannot run this netlist (e.g. flip-flops in the bit-parallel engine).
    #[error("{0}")]
    Unsupported(String),
}
