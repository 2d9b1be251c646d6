//! [`EventSim`]: the seed's event-driven propagation, with a queue instead of recursion.
//!
//! A node is re-evaluated only when one of its inputs changed, and passes its output on
//! only when the output changed (seed: "if (newOutput != outputValue)"). The seed's
//! recursive `update` would never return on a ring oscillator; here every propagation has
//! a bound on evaluations and reports the nodes still changing as [`SimError::Oscillation`].

use crate::{GateKind, Netlist, NodeId, NodeKind, SimError, SourceKind, Ternary};
use std::collections::VecDeque;

/// The order in which pending evaluations are taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Schedule {
    /// First in, first out: the seed's narration order (breadth first). On reconvergent
    /// circuits a node may be evaluated several times per change (glitches).
    Fifo,
    /// Shallowest pending node first (depth-ordered buckets): on an acyclic circuit each
    /// node is evaluated at most once per change. Loops are allowed (their depth is the
    /// breadth-first distance from the sources).
    #[default]
    ByLevel,
}

/// One step of a propagation, for `--trace` and the museum view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceEvent {
    /// A source (button) was set.
    Source {
        /// The button.
        node: NodeId,
        /// Its new value.
        value: Ternary,
    },
    /// A node's input received a new value (the seed's `update(index, newValue)`).
    Input {
        /// The receiving node.
        node: NodeId,
        /// Which of its inputs.
        index: u32,
        /// The value.
        value: Ternary,
    },
    /// A node re-evaluated and its output changed; it now updates its children.
    Changed {
        /// The node.
        node: NodeId,
        /// The old output.
        from: Ternary,
        /// The new output.
        to: Ternary,
    },
    /// A node re-evaluated and its output stayed the same; nothing is passed on.
    Unchanged {
        /// The node.
        node: NodeId,
        /// Its output.
        value: Ternary,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Source,
    Gate(GateKind),
    Lamp,
    Dff,
}

/// The event-driven ternary simulator. Works on any netlist, loops included.
#[derive(Debug, Clone)]
pub struct EventSim {
    names: Vec<String>,
    op: Vec<Op>,
    fanin_start: Vec<u32>,
    fanin: Vec<u32>,
    fanout_start: Vec<u32>,
    fanout: Vec<(u32, u32)>,
    level: Vec<u32>,
    value: Vec<Ternary>,
    queued: Vec<bool>,
    fifo: VecDeque<u32>,
    buckets: Vec<Vec<u32>>,
    cursor: usize,
    pending: usize,
    schedule: Schedule,
    bound: u64,
    evaluations: u64,
    trace: Option<Vec<TraceEvent>>,
    inputs: Vec<u32>,
    outputs: Vec<u32>,
    dffs: Vec<u32>,
}

impl EventSim {
    /// A simulator with every node unknown, supplies already propagated.
    pub fn new(netlist: &Netlist, schedule: Schedule) -> Result<EventSim, SimError> {
        netlist.check_arity()?;
        let n = netlist.len();
        let mut op = Vec::with_capacity(n);
        let mut fanin_start = Vec::with_capacity(n + 1);
        let mut fanin = Vec::new();
        let mut fanout_count = vec![0u32; n + 1];
        for node in netlist.nodes() {
            fanin_start.push(fanin.len() as u32);
            op.push(match node.kind {
                NodeKind::Source(_) => Op::Source,
                NodeKind::Gate(g) => Op::Gate(g),
                NodeKind::Lamp => Op::Lamp,
                NodeKind::Dff => Op::Dff,
            });
            for f in &node.fanin {
                fanin.push(f.0);
                fanout_count[f.index()] += 1;
            }
        }
        fanin_start.push(fanin.len() as u32);
        let mut fanout_start = vec![0u32; n + 1];
        for i in 0..n {
            fanout_start[i + 1] = fanout_start[i] + fanout_count[i];
        }
        let mut fill = fanout_start.clone();
        let mut fanout = vec![(0u32, 0u32); fanin.len()];
        for (v, node) in netlist.nodes().iter().enumerate() {
            for (k, f) in node.fanin.iter().enumerate() {
                let slot = &mut fill[f.index()];
                fanout[*slot as usize] = (v as u32, k as u32);
                *slot += 1;
            }
        }
        let level = match netlist.levelize() {
            Ok(l) => l.level,
            Err(_) => bfs_levels(n, &op, &fanout_start, &fanout),
        };
        let depth = level.iter().copied().max().unwrap_or(0) as usize;
        let mut sim = EventSim {
            names: netlist.nodes().iter().map(|n| n.name.clone()).collect(),
            op,
            fanin_start,
            fanin,
            fanout_start,
            fanout,
            level,
            value: vec![Ternary::Unknown; n],
            queued: vec![false; n],
            fifo: VecDeque::new(),
            buckets: vec![Vec::new(); depth + 1],
            cursor: 0,
            pending: 0,
            schedule,
            bound: 1_000 + 64 * n as u64,
            evaluations: 0,
            trace: None,
            inputs: netlist.inputs().iter().map(|i| i.0).collect(),
            outputs: netlist.outputs().iter().map(|i| i.0).collect(),
            dffs: netlist.dffs().map(|i| i.0).collect(),
        };
        for (i, node) in netlist.nodes().iter().enumerate() {
            let v = match node.kind {
                NodeKind::Source(SourceKind::Supply) => Ternary::True,
                NodeKind::Source(SourceKind::Ground) => Ternary::False,
                _ => continue,
            };
            sim.value[i] = v;
            sim.notify_children(i as u32);
        }
        sim.propagate()?;
        Ok(sim)
    }

    /// Limit evaluations per propagation (default 1,000 + 64 × nodes).
    pub fn set_bound(&mut self, bound: u64) {
        self.bound = bound.max(1);
    }

    /// Record [`TraceEvent`]s from now on (or stop recording).
    pub fn set_tracing(&mut self, on: bool) {
        self.trace = if on { Some(Vec::new()) } else { None };
    }

    /// The events recorded since the last call.
    pub fn take_trace(&mut self) -> Vec<TraceEvent> {
        self.trace.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Total node evaluations so far.
    #[must_use]
    pub fn evaluations(&self) -> u64 {
        self.evaluations
    }

    /// A node's current output (a lamp's: the value it shows).
    #[must_use]
    pub fn value(&self, id: NodeId) -> Ternary {
        self.value[id.index()]
    }

    /// Every node's output, by index.
    #[must_use]
    pub fn values(&self) -> &[Ternary] {
        &self.value
    }

    /// The observed outputs in declaration order.
    #[must_use]
    pub fn outputs(&self) -> Vec<Ternary> {
        self.outputs
            .iter()
            .map(|&o| self.value[o as usize])
            .collect()
    }

    /// A node's name.
    #[must_use]
    pub fn name_of(&self, id: NodeId) -> &str {
        &self.names[id.index()]
    }

    /// Press / release a button (or set it unknown) and propagate.
    pub fn set(&mut self, id: NodeId, value: Ternary) -> Result<(), SimError> {
        if !self.inputs.contains(&id.0) {
            return Err(SimError::NotAButton {
                name: self.names[id.index()].clone(),
                kind: format!("{:?}", self.op[id.index()]).to_lowercase(),
            });
        }
        self.set_source(id.0, value);
        self.propagate()
    }

    /// Set every button (in declaration order) and propagate once.
    pub fn set_inputs(&mut self, values: &[Ternary]) -> Result<(), SimError> {
        if values.len() != self.inputs.len() {
            return Err(SimError::WrongWidth {
                expected: self.inputs.len(),
                got: values.len(),
            });
        }
        for (k, &v) in values.iter().enumerate() {
            self.set_source(self.inputs[k], v);
        }
        self.propagate()
    }

    /// Force any node's output to a value (a glitch, or a kick to a ring) and propagate
    /// from it; the node keeps computing its function on later input changes.
    pub fn force(&mut self, id: NodeId, value: Ternary) -> Result<(), SimError> {
        self.set_source(id.0, value);
        self.propagate()
    }

    /// One clock edge for the ISCAS-89 flip-flops: every DFF takes its input's value at
    /// once, then the change propagates.
    pub fn clock(&mut self) -> Result<(), SimError> {
        let next: Vec<Ternary> = self
            .dffs
            .iter()
            .map(|&d| self.value[self.fanin[self.fanin_start[d as usize] as usize] as usize])
            .collect();
        for (k, &d) in self.dffs.clone().iter().enumerate() {
            self.set_source(d, next[k]);
        }
        self.propagate()
    }

    fn set_source(&mut self, node: u32, value: Ternary) {
        if let Some(t) = &mut self.trace {
            t.push(TraceEvent::Source {
                node: NodeId(node),
                value,
            });
        }
        if self.value[node as usize] != value {
            self.value[node as usize] = value;
            self.notify_children(node);
        }
    }

    fn notify_children(&mut self, node: u32) {
        let (a, b) = (
            self.fanout_start[node as usize] as usize,
            self.fanout_start[node as usize + 1] as usize,
        );
        let value = self.value[node as usize];
        for k in a..b {
            let (child, index) = self.fanout[k];
            if let Some(t) = &mut self.trace {
                t.push(TraceEvent::Input {
                    node: NodeId(child),
                    index,
                    value,
                });
            }
            // Flip-flops take their input only at the clock.
            if self.queued[child as usize] || self.op[child as usize] == Op::Dff {
                continue;
            }
            self.queued[child as usize] = true;
            self.pending += 1;
            match self.schedule {
                Schedule::Fifo => self.fifo.push_back(child),
                Schedule::ByLevel => {
                    let l = self.level[child as usize] as usize;
                    self.buckets[l].push(child);
                    self.cursor = self.cursor.min(l);
                }
            }
        }
    }

    fn pop(&mut self) -> Option<u32> {
        if self.pending == 0 {
            return None;
        }
        let v = match self.schedule {
            Schedule::Fifo => self.fifo.pop_front()?,
            Schedule::ByLevel => loop {
                if let Some(v) = self.buckets[self.cursor].pop() {
                    break v;
                }
                self.cursor += 1;
            },
        };
        self.pending -= 1;
        self.queued[v as usize] = false;
        Some(v)
    }

    fn eval(&self, v: u32) -> Ternary {
        let (a, b) = (
            self.fanin_start[v as usize] as usize,
            self.fanin_start[v as usize + 1] as usize,
        );
        let ins = self.fanin[a..b].iter().map(|&u| self.value[u as usize]);
        match self.op[v as usize] {
            Op::Gate(g) => g.eval(ins),
            Op::Lamp => GateKind::Buff.eval(ins),
            Op::Source | Op::Dff => self.value[v as usize],
        }
    }

    /// Run pending evaluations until none is left, or report oscillation.
    fn propagate(&mut self) -> Result<(), SimError> {
        let mut spent = 0u64;
        while let Some(v) = self.pop() {
            spent += 1;
            self.evaluations += 1;
            let new = self.eval(v);
            let old = self.value[v as usize];
            if new != old {
                if let Some(t) = &mut self.trace {
                    t.push(TraceEvent::Changed {
                        node: NodeId(v),
                        from: old,
                        to: new,
                    });
                }
                self.value[v as usize] = new;
                self.notify_children(v);
            } else if let Some(t) = &mut self.trace {
                t.push(TraceEvent::Unchanged {
                    node: NodeId(v),
                    value: new,
                });
            }
            if spent >= self.bound && self.pending > 0 {
                return Err(self.oscillation(spent));
            }
        }
        self.cursor = 0;
        Ok(())
    }

    /// Watch a further window of evaluations to name the nodes still changing, then set
    /// them unknown (the honest value of an oscillating node) so the simulator stays usable.
    fn oscillation(&mut self, spent: u64) -> SimError {
        let tracing = self.trace.take();
        let window = 2 * self.op.len() as u64 + 16;
        let mut changing = vec![false; self.op.len()];
        let mut seen = 0;
        while seen < window {
            let Some(v) = self.pop() else { break };
            seen += 1;
            let new = self.eval(v);
            if new != self.value[v as usize] {
                changing[v as usize] = true;
                self.value[v as usize] = new;
                self.notify_children(v);
            }
        }
        let ids: Vec<u32> = (0..self.op.len() as u32)
            .filter(|&i| changing[i as usize])
            .collect();
        // Drain the queue, then let the unknowns spread (bounded once more).
        while self.pop().is_some() {}
        for &i in &ids {
            if self.value[i as usize] != Ternary::Unknown {
                self.value[i as usize] = Ternary::Unknown;
                self.notify_children(i);
            }
        }
        let mut left = self.bound;
        while let Some(v) = self.pop() {
            let new = self.eval(v);
            if new != self.value[v as usize] && !changing[v as usize] {
                self.value[v as usize] = new;
                self.notify_children(v);
            }
            left = left.saturating_sub(1);
            if left == 0 {
                while self.pop().is_some() {}
            }
        }
        self.cursor = 0;
        self.trace = tracing;
        SimError::Oscillation {
            nodes: ids
                .iter()
                .map(|&i| self.names[i as usize].clone())
                .collect(),
            evaluations: spent + seen,
        }
    }
}

/// Breadth-first distance from the sources, for loops (priority only).
fn bfs_levels(n: usize, op: &[Op], fanout_start: &[u32], fanout: &[(u32, u32)]) -> Vec<u32> {
    let mut level = vec![u32::MAX; n];
    let mut q = VecDeque::new();
    for i in 0..n {
        if matches!(op[i], Op::Source | Op::Dff) {
            level[i] = 0;
            q.push_back(i);
        }
    }
    while let Some(v) = q.pop_front() {
        for &(c, _) in &fanout[fanout_start[v] as usize..fanout_start[v + 1] as usize] {
            if level[c as usize] == u32::MAX {
                level[c as usize] = level[v] + 1;
                q.push_back(c as usize);
            }
        }
    }
    let top = level
        .iter()
        .copied()
        .filter(|&l| l != u32::MAX)
        .max()
        .unwrap_or(0);
    level
        .into_iter()
        .map(|l| if l == u32::MAX { top + 1 } else { l })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ternary::{False as F, True as T, Unknown as X};

    fn ring() -> (Netlist, [NodeId; 3]) {
        let mut n = Netlist::new("ring");
        let a = n.gate(GateKind::Not, "inv1", &[]);
        let b = n.gate(GateKind::Not, "inv2", &[a]);
        let c = n.gate(GateKind::Not, "inv3", &[b]);
        n.connect(c, a).unwrap();
        (n, [a, b, c])
    }

    #[test]
    fn three_inverter_ring_oscillates_and_is_named() {
        for schedule in [Schedule::Fifo, Schedule::ByLevel] {
            let (n, [a, ..]) = ring();
            let mut sim = EventSim::new(&n, schedule).unwrap();
            // All unknown is a (pessimistic) fixed point of the ring.
            assert!(sim.values().iter().all(|&v| v == X));
            // A definite kick never settles.
            match sim.force(a, T) {
                Err(SimError::Oscillation { nodes, .. }) => {
                    assert_eq!(nodes, ["inv1", "inv2", "inv3"]);
                }
                other => panic!("{other:?}"),
            }
            // The oscillating nodes are left unknown and the simulator is usable again.
            assert!(sim.values().iter().all(|&v| v == X));
            assert!(sim.force(a, X).is_ok());
        }
    }

    #[test]
    fn enabled_ring_oscillates_only_when_enabled() {
        let mut n = Netlist::new("ring");
        let en = n.button("enable");
        let a = n.gate(GateKind::Nand, "nand", &[en]);
        let b = n.gate(GateKind::Not, "inv2", &[a]);
        let c = n.gate(GateKind::Not, "inv3", &[b]);
        n.connect(c, a).unwrap();
        let mut sim = EventSim::new(&n, Schedule::Fifo).unwrap();
        sim.set(en, F).unwrap();
        assert_eq!(sim.value(c), T);
        let err = sim.set(en, T).unwrap_err();
        assert!(err.to_string().contains("nand, inv2, inv3"), "{err}");
    }

    #[test]
    fn only_changed_outputs_propagate() {
        let mut n = Netlist::new("and");
        let a = n.button("a");
        let b = n.button("b");
        let g = n.gate(GateKind::And, "g", &[a, b]);
        let h = n.gate(GateKind::Not, "h", &[g]);
        let mut sim = EventSim::new(&n, Schedule::Fifo).unwrap();
        sim.set(a, F).unwrap();
        assert_eq!(sim.evaluations(), 2); // g changed to false, h re-evaluated
        sim.set(b, T).unwrap();
        assert_eq!(sim.evaluations(), 3); // g stays false: h is not touched
        assert_eq!(sim.value(h), T);
    }

    #[test]
    fn set_rejects_non_buttons() {
        let (n, [a, ..]) = ring();
        let mut sim = EventSim::new(&n, Schedule::Fifo).unwrap();
        assert!(matches!(sim.set(a, T), Err(SimError::NotAButton { .. })));
        assert!(matches!(
            sim.set_inputs(&[T]),
            Err(SimError::WrongWidth {
                expected: 0,
                got: 1
            })
        ));
    }
}
