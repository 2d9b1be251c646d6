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
    Dff,
}

/// The event-driven ternary simulator. Works on any netlist, loops included.
///
/// Inside, nodes are renumbered in depth order, so the depth-ordered queue is a bitmap
/// scanned upwards: queuing a node is setting its bit (a node already queued is not
/// queued twice), and on an acyclic netlist every node is evaluated at most once per
/// change, after all its inputs. The FIFO schedule uses a ring buffer instead.
#[derive(Debug, Clone)]
pub struct EventSim {
    /// Internal index → node id, and back.
    perm: Vec<u32>,
    inv: Vec<u32>,
    names: Vec<String>,
    op: Vec<Op>,
    fanin_start: Vec<u32>,
    fanin: Vec<u32>,
    fanout_start: Vec<u32>,
    /// (child, which of its inputs) per fan-out edge, internal numbering.
    fanout: Vec<(u32, u32)>,
    value: Vec<Ternary>,
    /// Depth-ordered queue: one bit per node; `evaluable` masks out flip-flops.
    dirty: Vec<u64>,
    evaluable: Vec<u64>,
    cursor: usize,
    /// FIFO queue.
    queued: Vec<bool>,
    fifo: VecDeque<u32>,
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
        let level = match netlist.levelize() {
            Ok(l) => l.level,
            Err(_) => bfs_levels(netlist),
        };
        let mut perm: Vec<u32> = (0..n as u32).collect();
        // Within a level, group gates of one kind and fan-in together: consecutive
        // evaluations then take the same branch (a measurable win on mixed circuits).
        let kind_key = |i: u32| {
            let node = netlist.node(NodeId(i));
            let k = match node.kind {
                NodeKind::Gate(g) => g as u8 + 1,
                NodeKind::Lamp => GateKind::Buff as u8 + 1,
                _ => 0,
            };
            (k, node.fanin.len())
        };
        // FIFO keeps the netlist's own order: children are updated in the order they were
        // connected, as the seed narrates.
        if schedule == Schedule::ByLevel {
            perm.sort_by_key(|&i| (level[i as usize], kind_key(i), i));
        }
        let mut inv = vec![0u32; n];
        for (k, &e) in perm.iter().enumerate() {
            inv[e as usize] = k as u32;
        }
        let mut op = Vec::with_capacity(n);
        let mut fanin_start = Vec::with_capacity(n + 1);
        let mut fanin = Vec::new();
        let mut fanout_count = vec![0u32; n + 1];
        for &e in &perm {
            let node = netlist.node(NodeId(e));
            fanin_start.push(fanin.len() as u32);
            op.push(match node.kind {
                NodeKind::Source(_) => Op::Source,
                NodeKind::Gate(g) => Op::Gate(g),
                NodeKind::Lamp => Op::Gate(GateKind::Buff),
                NodeKind::Dff => Op::Dff,
            });
            for f in &node.fanin {
                let u = inv[f.index()];
                fanin.push(u);
                fanout_count[u as usize] += 1;
            }
        }
        fanin_start.push(fanin.len() as u32);
        let mut fanout_start = vec![0u32; n + 1];
        for i in 0..n {
            fanout_start[i + 1] = fanout_start[i] + fanout_count[i];
        }
        let mut fill = fanout_start.clone();
        let mut fanout = vec![(0u32, 0u32); fanin.len()];
        for v in 0..n {
            let (a, b) = (fanin_start[v] as usize, fanin_start[v + 1] as usize);
            for (k, &u) in fanin[a..b].iter().enumerate() {
                let slot = &mut fill[u as usize];
                fanout[*slot as usize] = (v as u32, k as u32);
                *slot += 1;
            }
        }
        let words = n.div_ceil(64).max(1);
        let mut evaluable = vec![0u64; words];
        for (i, o) in op.iter().enumerate() {
            if matches!(o, Op::Gate(_)) {
                evaluable[i / 64] |= 1 << (i % 64);
            }
        }
        let internal = |ids: &[NodeId]| ids.iter().map(|i| inv[i.index()]).collect::<Vec<u32>>();
        let dff_ids: Vec<NodeId> = netlist.dffs().collect();
        let mut sim = EventSim {
            names: perm
                .iter()
                .map(|&e| netlist.name_of(NodeId(e)).to_string())
                .collect(),
            inputs: internal(netlist.inputs()),
            outputs: internal(netlist.outputs()),
            dffs: internal(&dff_ids),
            perm,
            inv,
            op,
            fanin_start,
            fanin,
            fanout_start,
            fanout,
            value: vec![Ternary::Unknown; n],
            dirty: vec![0u64; words],
            evaluable,
            cursor: 0,
            queued: vec![false; n],
            fifo: VecDeque::new(),
            schedule,
            bound: 1_000 + 64 * n as u64,
            evaluations: 0,
            trace: None,
        };
        for i in 0..n {
            let v = match netlist.node(NodeId(sim.perm[i])).kind {
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
        self.value[self.inv[id.index()] as usize]
    }

    /// Every node's output, by node index.
    #[must_use]
    pub fn values(&self) -> Vec<Ternary> {
        self.inv.iter().map(|&i| self.value[i as usize]).collect()
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
        &self.names[self.inv[id.index()] as usize]
    }

    /// Press / release a button (or set it unknown) and propagate.
    pub fn set(&mut self, id: NodeId, value: Ternary) -> Result<(), SimError> {
        let i = self.inv[id.index()];
        if !self.inputs.contains(&i) {
            return Err(SimError::NotAButton {
                name: self.names[i as usize].clone(),
                kind: match self.op[i as usize] {
                    Op::Source => "supply".to_string(),
                    Op::Gate(g) => format!("{g} gate"),
                    Op::Dff => "flip-flop".to_string(),
                },
            });
        }
        self.set_source(i, value);
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
        self.set_source(self.inv[id.index()], value);
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
                node: NodeId(self.perm[node as usize]),
                value,
            });
        }
        if self.value[node as usize] != value {
            self.value[node as usize] = value;
            self.notify_children(node);
        }
    }

    #[inline]
    fn notify_children(&mut self, node: u32) {
        let (a, b) = (
            self.fanout_start[node as usize] as usize,
            self.fanout_start[node as usize + 1] as usize,
        );
        if let Some(t) = &mut self.trace {
            let value = self.value[node as usize];
            for &(child, index) in &self.fanout[a..b] {
                t.push(TraceEvent::Input {
                    node: NodeId(self.perm[child as usize]),
                    index,
                    value,
                });
            }
        }
        match self.schedule {
            Schedule::Fifo => {
                for &(child, _) in &self.fanout[a..b] {
                    // Flip-flops take their input only at the clock.
                    if !self.queued[child as usize] && self.op[child as usize] != Op::Dff {
                        self.queued[child as usize] = true;
                        self.fifo.push_back(child);
                    }
                }
            }
            Schedule::ByLevel => {
                for &(child, _) in &self.fanout[a..b] {
                    let w = child as usize / 64;
                    self.dirty[w] |= (1u64 << (child % 64)) & self.evaluable[w];
                    self.cursor = self.cursor.min(w);
                }
            }
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<u32> {
        match self.schedule {
            Schedule::Fifo => {
                let v = self.fifo.pop_front()?;
                self.queued[v as usize] = false;
                Some(v)
            }
            Schedule::ByLevel => {
                while self.cursor < self.dirty.len() {
                    let w = self.dirty[self.cursor];
                    if w != 0 {
                        self.dirty[self.cursor] = w & (w - 1);
                        return Some((self.cursor * 64) as u32 + w.trailing_zeros());
                    }
                    self.cursor += 1;
                }
                None
            }
        }
    }

    fn pending(&self) -> bool {
        match self.schedule {
            Schedule::Fifo => !self.fifo.is_empty(),
            Schedule::ByLevel => self.dirty[self.cursor.min(self.dirty.len() - 1)..]
                .iter()
                .any(|&w| w != 0),
        }
    }

    #[inline(always)]
    fn eval(&self, v: u32) -> Ternary {
        let (a, b) = (
            self.fanin_start[v as usize] as usize,
            self.fanin_start[v as usize + 1] as usize,
        );
        match self.op[v as usize] {
            Op::Gate(g) => g.eval(self.fanin[a..b].iter().map(|&u| self.value[u as usize])),
            Op::Source | Op::Dff => self.value[v as usize],
        }
    }

    /// Run pending evaluations until none is left, or report oscillation.
    fn propagate(&mut self) -> Result<(), SimError> {
        if self.schedule == Schedule::ByLevel && self.trace.is_none() {
            return self.propagate_by_level();
        }
        let mut spent = 0u64;
        while let Some(v) = self.pop() {
            spent += 1;
            let new = self.eval(v);
            let old = self.value[v as usize];
            if new != old {
                if let Some(t) = &mut self.trace {
                    t.push(TraceEvent::Changed {
                        node: NodeId(self.perm[v as usize]),
                        from: old,
                        to: new,
                    });
                }
                self.value[v as usize] = new;
                self.notify_children(v);
            } else if let Some(t) = &mut self.trace {
                t.push(TraceEvent::Unchanged {
                    node: NodeId(self.perm[v as usize]),
                    value: new,
                });
            }
            if spent >= self.bound && self.pending() {
                self.evaluations += spent;
                return Err(self.oscillation(spent));
            }
        }
        self.evaluations += spent;
        self.cursor = 0;
        Ok(())
    }

    /// The depth-ordered inner loop without tracing: take one 64-node word of the queue at
    /// a time; children in the same word join the word being worked on.
    fn propagate_by_level(&mut self) -> Result<(), SimError> {
        let mut spent = 0u64;
        let mut w = self.cursor;
        let words = self.dirty.len();
        while w < words {
            let mut bits = self.dirty[w];
            if bits == 0 {
                w += 1;
                continue;
            }
            self.dirty[w] = 0;
            let mut back = usize::MAX;
            while bits != 0 {
                let v = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                spent += 1;
                let new = self.eval(v);
                if new != self.value[v as usize] {
                    self.value[v as usize] = new;
                    let (a, b) = (
                        self.fanout_start[v as usize] as usize,
                        self.fanout_start[v as usize + 1] as usize,
                    );
                    for &(child, _) in &self.fanout[a..b] {
                        let cw = child as usize / 64;
                        let bit = (1u64 << (child % 64)) & self.evaluable[cw];
                        if cw == w {
                            bits |= bit;
                        } else {
                            self.dirty[cw] |= bit;
                            back = back.min(cw);
                        }
                    }
                }
                if spent >= self.bound {
                    self.dirty[w] |= bits;
                    bits = 0;
                    self.cursor = 0;
                    if self.pending() {
                        self.evaluations += spent;
                        return Err(self.oscillation(spent));
                    }
                }
            }
            w = if back < w { back } else { w + 1 };
        }
        self.evaluations += spent;
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
        let mut ids: Vec<u32> = (0..self.op.len() as u32)
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
        // Report in the netlist's order.
        ids.sort_by_key(|&i| self.perm[i as usize]);
        SimError::Oscillation {
            nodes: ids
                .iter()
                .map(|&i| self.names[i as usize].clone())
                .collect(),
            evaluations: spent + seen,
        }
    }
}

/// Breadth-first distance from the sources, for netlists with loops (ordering only).
pub(crate) fn bfs_levels(netlist: &Netlist) -> Vec<u32> {
    let n = netlist.len();
    let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (v, node) in netlist.nodes().iter().enumerate() {
        for f in &node.fanin {
            children[f.index()].push(v as u32);
        }
    }
    let mut level = vec![u32::MAX; n];
    let mut q = VecDeque::new();
    for (i, node) in netlist.nodes().iter().enumerate() {
        if matches!(node.kind, NodeKind::Source(_) | NodeKind::Dff) {
            level[i] = 0;
            q.push_back(i);
        }
    }
    while let Some(v) = q.pop_front() {
        for &c in &children[v] {
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
    fn both_schedules_agree_on_a_latch_with_feedback() {
        let latch = crate::latch::RsLatch::new();
        let mut a = EventSim::new(&latch.netlist, Schedule::Fifo).unwrap();
        let mut b = EventSim::new(&latch.netlist, Schedule::ByLevel).unwrap();
        for (r, s) in [
            (F, F),
            (T, F),
            (F, F),
            (F, T),
            (F, F),
            (X, F),
            (F, F),
            (T, F),
        ] {
            for sim in [&mut a, &mut b] {
                sim.set(latch.r, r).unwrap();
                sim.set(latch.s, s).unwrap();
            }
            assert_eq!(a.values(), b.values(), "R={r} S={s}");
        }
        assert_eq!(b.value(latch.q), F);
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
