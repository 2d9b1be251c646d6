//! The seed's worked example: the RS NOR latch, step by step.
//!
//! Two buttons R and S, two NOR gates cross-coupled, two lamps Q and Q̄. Everything
//! starts unknown; with R = S = false the latch holds its unknown state; R true resets
//! (Q false), R false again holds; S true sets (Q true), S false holds.
//!
//! The seed's sentence about setting says "Q̄ is set to true and Q to false"; setting an
//! RS latch makes Q true and Q̄ false, which is what its own gate rule (`−1 NOR −1 = +1`)
//! gives, so the walk here follows the rule (and the seed's "sets the value of the latch
//! to true"), not that slip.

use crate::{
    EventSim, GateKind, Netlist, NodeId, NodeKind, Schedule, SimError, Ternary, TraceEvent,
};

/// The latch and the ids of its six nodes.
#[derive(Debug, Clone)]
pub struct RsLatch {
    /// The graph.
    pub netlist: Netlist,
    /// Reset button.
    pub r: NodeId,
    /// Set button.
    pub s: NodeId,
    /// The NOR fed by R (its output is Q).
    pub nor1: NodeId,
    /// The NOR fed by S (its output is Q̄).
    pub nor2: NodeId,
    /// Lamp Q.
    pub q: NodeId,
    /// Lamp Q̄.
    pub qbar: NodeId,
}

impl RsLatch {
    /// Build it. Node order is chosen so each NOR updates its lamp before the other NOR,
    /// as the seed narrates ("updates its children: the Q node and the second NOR node").
    #[must_use]
    pub fn new() -> RsLatch {
        let mut n = Netlist::new("RS NOR latch");
        let r = n.button("R");
        let s = n.button("S");
        let q = n.add("Q", NodeKind::Lamp, &[]);
        let qbar = n.add("Q̄", NodeKind::Lamp, &[]);
        let nor1 = n.gate(GateKind::Nor, "NOR1", &[r]);
        let nor2 = n.gate(GateKind::Nor, "NOR2", &[nor1, s]);
        // Infallible: none of these is a source.
        let _ = n.connect(nor2, nor1);
        let _ = n.connect(nor1, q);
        let _ = n.connect(nor2, qbar);
        RsLatch {
            netlist: n,
            r,
            s,
            nor1,
            nor2,
            q,
            qbar,
        }
    }

    /// The six nodes in the order the walk prints them.
    #[must_use]
    pub fn nodes(&self) -> [NodeId; 6] {
        [self.r, self.s, self.nor1, self.nor2, self.q, self.qbar]
    }
}

impl Default for RsLatch {
    fn default() -> RsLatch {
        RsLatch::new()
    }
}

/// One step of the walk-through: which button is set to what, and what happened.
#[derive(Debug, Clone)]
pub struct LatchStep {
    /// What the step does, in words.
    pub label: &'static str,
    /// Every node's value afterwards, in [`RsLatch::nodes`] order.
    pub values: [Ternary; 6],
    /// The propagation events of this step.
    pub trace: Vec<TraceEvent>,
}

/// The seed's sequence: start, R=S=false, R true, R false, S true, S false.
pub fn walk() -> Result<(RsLatch, Vec<LatchStep>), SimError> {
    use Ternary::{False as F, True as T};
    let latch = RsLatch::new();
    let mut sim = EventSim::new(&latch.netlist, Schedule::Fifo)?;
    sim.set_tracing(true);
    let snapshot = |sim: &EventSim| latch.nodes().map(|id| sim.value(id));
    let mut steps = vec![LatchStep {
        label: "start: every node unknown",
        values: snapshot(&sim),
        trace: sim.take_trace(),
    }];
    let moves: [(&'static str, Option<Ternary>, Option<Ternary>); 5] = [
        (
            "R and S false: neither set nor reset, Q stays unknown",
            Some(F),
            Some(F),
        ),
        ("R true: reset, Q false", Some(T), None),
        ("R false: the latch holds", Some(F), None),
        ("S true: set, Q true", None, Some(T)),
        ("S false: the latch holds", None, Some(F)),
    ];
    for (label, r, s) in moves {
        if let Some(v) = r {
            sim.set(latch.r, v)?;
        }
        if let Some(v) = s {
            sim.set(latch.s, v)?;
        }
        steps.push(LatchStep {
            label,
            values: snapshot(&sim),
            trace: sim.take_trace(),
        });
    }
    Ok((latch, steps))
}

/// A trace event in words, e.g. `NOR1 input 0 ← 1`.
#[must_use]
pub fn describe(netlist: &Netlist, e: &TraceEvent) -> String {
    match *e {
        TraceEvent::Source { node, value } => format!("{} := {value}", netlist.name_of(node)),
        TraceEvent::Input { node, index, value } => {
            format!("  {} input {index} ← {value}", netlist.name_of(node))
        }
        TraceEvent::Changed { node, to, .. } if netlist.node(node).kind == NodeKind::Lamp => {
            format!("  lamp {} shows {to}", netlist.name_of(node))
        }
        TraceEvent::Changed { node, from, to } => {
            format!(
                "  {} evaluates {from} → {to}: changed, updates its children",
                netlist.name_of(node)
            )
        }
        TraceEvent::Unchanged { node, value } => {
            format!(
                "  {} evaluates {value}: unchanged, stops here",
                netlist.name_of(node)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ternary::{False as F, True as T, Unknown as X};

    #[test]
    fn seed_sequence_exactly() {
        let (latch, steps) = walk().unwrap();
        // R, S, NOR1, NOR2, Q, Q̄ after each step.
        let expected = [
            [X, X, X, X, X, X],
            [F, F, X, X, X, X],
            [T, F, F, T, F, T],
            [F, F, F, T, F, T],
            [F, T, T, F, T, F],
            [F, F, T, F, T, F],
        ];
        let got: Vec<[Ternary; 6]> = steps.iter().map(|s| s.values).collect();
        assert_eq!(got, expected);
        // The reset step's events, in the seed's narrated order.
        let text: Vec<String> = steps[2]
            .trace
            .iter()
            .map(|e| describe(&latch.netlist, e))
            .collect();
        assert_eq!(
            text,
            [
                "R := 1",
                "  NOR1 input 0 ← 1",
                "  NOR1 evaluates x → 0: changed, updates its children",
                "  Q input 0 ← 0",
                "  NOR2 input 0 ← 0",
                "  lamp Q shows 0",
                "  NOR2 evaluates x → 1: changed, updates its children",
                "  Q̄ input 0 ← 1",
                "  NOR1 input 1 ← 1",
                "  lamp Q̄ shows 1",
                "  NOR1 evaluates 0: unchanged, stops here",
            ]
        );
        // R false again: NOR1 re-evaluates, its output does not change.
        assert_eq!(steps[3].trace.len(), 3);
    }
}
