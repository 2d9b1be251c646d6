//! [`Netlist`]: the logic graph itself — source nodes, gate nodes, terminal nodes — and
//! the builder API for making circuits in code.

use crate::{GateKind, Location, Ternary};
use std::collections::HashMap;
use std::fmt;

/// The index of a node in its [`Netlist`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The index as a `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// What drives a source node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceKind {
    /// A button (or a primary input of a netlist): set from outside, starts unknown.
    Button,
    /// A supply rail: always true.
    Supply,
    /// Ground: always false.
    Ground,
}

/// The three roles of the seed's logic graph, plus the clocked flip-flop of ISCAS-89.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// Outputs a value to its children, takes no input.
    Source(SourceKind),
    /// Takes inputs, computes, outputs.
    Gate(GateKind),
    /// A terminal node: a lamp lit by its one input. (Its value is its input's.)
    Lamp,
    /// An ISCAS-89 `DFF(d)`: outputs the value its input had at the last clock; starts unknown.
    Dff,
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NodeKind::Source(SourceKind::Button) => f.write_str("button"),
            NodeKind::Source(SourceKind::Supply) => f.write_str("supply"),
            NodeKind::Source(SourceKind::Ground) => f.write_str("ground"),
            NodeKind::Gate(g) => write!(f, "{g}"),
            NodeKind::Lamp => f.write_str("lamp"),
            NodeKind::Dff => f.write_str("DFF"),
        }
    }
}

/// One node: its name, role, inputs (in order) and, when parsed, where it was defined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// The node's name (as written; names are case-sensitive, keywords are not).
    pub name: String,
    /// Its role.
    pub kind: NodeKind,
    /// The nodes feeding its inputs, input 0 first.
    pub fanin: Vec<NodeId>,
    /// Where a parsed node was defined.
    pub location: Option<Location>,
}

/// A structural problem with a netlist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetlistError {
    /// Two nodes with one name.
    #[error("{} is defined twice", ludomat_io::text::quoted(name, 60))]
    Duplicate {
        /// The name.
        name: String,
    },
    /// A NOT, BUFF, lamp or DFF without exactly one input, or a gate without inputs.
    #[error("{kind} node {} has {got} inputs{}", ludomat_io::text::quoted(name, 60), location_suffix(*.location))]
    Arity {
        /// The node.
        name: String,
        /// Its kind.
        kind: NodeKind,
        /// How many inputs it has.
        got: usize,
        /// Where it was defined.
        location: Option<Location>,
    },
    /// A loop of gates with no flip-flop in it, in a netlist that must be combinational.
    #[error(
        "combinational cycle through {}{}",
        nodes.join(" → "),
        location_suffix(*.location)
    )]
    Cycle {
        /// The nodes around the loop, in signal-flow order.
        nodes: Vec<String>,
        /// Where the first of them was defined.
        location: Option<Location>,
    },
    /// An input given to a source node.
    #[error(
        "source node {} cannot take inputs",
        ludomat_io::text::quoted(name, 60)
    )]
    SourceInput {
        /// The node.
        name: String,
    },
}

fn location_suffix(l: Option<Location>) -> String {
    l.map(|l| format!(" (defined at {l})")).unwrap_or_default()
}

/// A logic graph: the seed's source, gate and terminal nodes, connected output-to-input.
///
/// Build one in code (the RS NOR latch of the seed):
///
/// ```
/// use ludomat_logic::{EventSim, GateKind, Netlist, Schedule, Ternary};
/// let mut n = Netlist::new("rs latch");
/// let r = n.button("R");
/// let s = n.button("S");
/// let q_gate = n.gate(GateKind::Nor, "NOR1", &[r]);
/// let qbar_gate = n.gate(GateKind::Nor, "NOR2", &[s, q_gate]);
/// n.connect(qbar_gate, q_gate).unwrap(); // the cross-coupling
/// let q = n.lamp("Q", q_gate);
/// let mut sim = EventSim::new(&n, Schedule::Fifo).unwrap();
/// sim.set(r, Ternary::True).unwrap();
/// assert_eq!(sim.value(q), Ternary::False);
/// ```
/// or parse an ISCAS `.bench` file with [`Netlist::from_bench`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Netlist {
    name: String,
    nodes: Vec<Node>,
    inputs: Vec<NodeId>,
    outputs: Vec<NodeId>,
    by_name: HashMap<String, NodeId>,
}

impl Netlist {
    /// An empty graph.
    #[must_use]
    pub fn new(name: impl Into<String>) -> Netlist {
        Netlist {
            name: name.into(),
            ..Netlist::default()
        }
    }

    /// The circuit's name (file stem for parsed netlists).
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Every node, by index.
    #[must_use]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// One node.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// A node's name.
    #[must_use]
    pub fn name_of(&self, id: NodeId) -> &str {
        &self.nodes[id.index()].name
    }

    /// Look a node up by name.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<NodeId> {
        self.by_name.get(name).copied()
    }

    /// The buttons / primary inputs, in declaration order (the order of vector bits).
    #[must_use]
    pub fn inputs(&self) -> &[NodeId] {
        &self.inputs
    }

    /// The observed outputs in declaration order: a `.bench` file's `OUTPUT`s, or the lamps
    /// of a circuit built in code.
    #[must_use]
    pub fn outputs(&self) -> &[NodeId] {
        &self.outputs
    }

    /// The flip-flops, in definition order.
    pub fn dffs(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.ids().filter(|&i| self.node(i).kind == NodeKind::Dff)
    }

    /// Every node id.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// How many nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// No nodes at all?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Number of gate nodes.
    #[must_use]
    pub fn gate_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n.kind, NodeKind::Gate(_)))
            .count()
    }

    /// Add a node of any kind (the general form of the helpers below). Names should be
    /// unique; a repeated name keeps the first for [`Netlist::find`] (`try_add` refuses it).
    pub fn add(&mut self, name: impl Into<String>, kind: NodeKind, fanin: &[NodeId]) -> NodeId {
        let name = name.into();
        let id = NodeId(self.nodes.len() as u32);
        self.by_name.entry(name.clone()).or_insert(id);
        if kind == NodeKind::Source(SourceKind::Button) {
            self.inputs.push(id);
        }
        if kind == NodeKind::Lamp {
            self.outputs.push(id);
        }
        self.nodes.push(Node {
            name,
            kind,
            fanin: fanin.to_vec(),
            location: None,
        });
        id
    }

    /// Add a node, refusing a name already used.
    pub fn try_add(
        &mut self,
        name: impl Into<String>,
        kind: NodeKind,
        fanin: &[NodeId],
    ) -> Result<NodeId, NetlistError> {
        let name = name.into();
        if self.by_name.contains_key(&name) {
            return Err(NetlistError::Duplicate { name });
        }
        Ok(self.add(name, kind, fanin))
    }

    /// A button: a source node set from outside (starts unknown).
    pub fn button(&mut self, name: impl Into<String>) -> NodeId {
        self.add(name, NodeKind::Source(SourceKind::Button), &[])
    }

    /// A supply: a source node that is always true.
    pub fn supply(&mut self, name: impl Into<String>) -> NodeId {
        self.add(name, NodeKind::Source(SourceKind::Supply), &[])
    }

    /// A gate with these inputs (more can be connected later with [`Netlist::connect`]).
    pub fn gate(&mut self, kind: GateKind, name: impl Into<String>, inputs: &[NodeId]) -> NodeId {
        self.add(name, NodeKind::Gate(kind), inputs)
    }

    /// A lamp (terminal node) showing `input`. Lamps are the outputs of a built circuit.
    pub fn lamp(&mut self, name: impl Into<String>, input: NodeId) -> NodeId {
        self.add(name, NodeKind::Lamp, &[input])
    }

    /// A D flip-flop fed by `d`, clocked by [`crate::EventSim::clock`].
    pub fn dff(&mut self, name: impl Into<String>, d: NodeId) -> NodeId {
        self.add(name, NodeKind::Dff, &[d])
    }

    /// Connect `from`'s output to a new last input of `to`.
    pub fn connect(&mut self, from: NodeId, to: NodeId) -> Result<(), NetlistError> {
        let node = &mut self.nodes[to.index()];
        if matches!(node.kind, NodeKind::Source(_)) {
            return Err(NetlistError::SourceInput {
                name: node.name.clone(),
            });
        }
        node.fanin.push(from);
        Ok(())
    }

    /// Declare an existing node an observed output (as `.bench` `OUTPUT(x)`).
    pub fn mark_output(&mut self, id: NodeId) {
        self.outputs.push(id);
    }

    pub(crate) fn set_location(&mut self, id: NodeId, location: Location) {
        self.nodes[id.index()].location = Some(location);
    }

    pub(crate) fn set_kind(&mut self, id: NodeId, kind: NodeKind, fanin: Vec<NodeId>) {
        if kind == NodeKind::Source(SourceKind::Button) && !self.inputs.contains(&id) {
            self.inputs.push(id);
        }
        let node = &mut self.nodes[id.index()];
        node.kind = kind;
        node.fanin = fanin;
    }

    /// Check every node's number of inputs.
    pub fn check_arity(&self) -> Result<(), NetlistError> {
        for n in &self.nodes {
            let ok = match n.kind {
                NodeKind::Source(_) => n.fanin.is_empty(),
                NodeKind::Gate(g) if g.is_unary() => n.fanin.len() == 1,
                NodeKind::Gate(_) => !n.fanin.is_empty(),
                NodeKind::Lamp | NodeKind::Dff => n.fanin.len() == 1,
            };
            if !ok {
                return Err(NetlistError::Arity {
                    name: n.name.clone(),
                    kind: n.kind,
                    got: n.fanin.len(),
                    location: n.location,
                });
            }
        }
        Ok(())
    }

    /// The combinational depth of every node (sources and flip-flops 0, a gate one more
    /// than its deepest input) and an evaluation order, or the first loop without a
    /// flip-flop in it.
    pub fn levelize(&self) -> Result<Levels, NetlistError> {
        let n = self.nodes.len();
        // Iterative depth-first search; state 0 new, 1 on stack, 2 done.
        let mut state = vec![0u8; n];
        let mut level = vec![0u32; n];
        let mut order = Vec::with_capacity(n);
        let breaks = |id: usize| matches!(self.nodes[id].kind, NodeKind::Source(_) | NodeKind::Dff);
        for root in 0..n {
            if state[root] != 0 {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
            state[root] = 1;
            while let Some(&mut (v, ref mut next)) = stack.last_mut() {
                let fanin = if breaks(v) {
                    &[][..]
                } else {
                    &self.nodes[v].fanin[..]
                };
                if *next < fanin.len() {
                    let u = fanin[*next].index();
                    *next += 1;
                    match state[u] {
                        0 => {
                            state[u] = 1;
                            stack.push((u, 0));
                        }
                        1 => {
                            // A loop: u … v are on the stack.
                            let start = stack.iter().position(|&(w, _)| w == u).unwrap_or(0);
                            let ids: Vec<usize> = stack[start..].iter().map(|&(w, _)| w).collect();
                            return Err(NetlistError::Cycle {
                                nodes: ids.iter().map(|&w| self.nodes[w].name.clone()).collect(),
                                location: self.nodes[u].location,
                            });
                        }
                        _ => {}
                    }
                } else {
                    stack.pop();
                    state[v] = 2;
                    level[v] = fanin
                        .iter()
                        .map(|u| level[u.index()] + 1)
                        .max()
                        .unwrap_or(0);
                    order.push(NodeId(v as u32));
                }
            }
        }
        let depth = level.iter().copied().max().unwrap_or(0);
        Ok(Levels {
            level,
            order,
            depth,
        })
    }

    /// Is there no loop without a flip-flop?
    #[must_use]
    pub fn is_acyclic(&self) -> bool {
        self.levelize().is_ok()
    }

    /// Output values read from a full value table.
    #[must_use]
    pub fn read_outputs(&self, values: &[Ternary]) -> Vec<Ternary> {
        self.outputs.iter().map(|o| values[o.index()]).collect()
    }
}

/// The depth-ordering of an acyclic netlist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Levels {
    /// Depth of each node.
    pub level: Vec<u32>,
    /// Every node, each after all its inputs (flip-flops count as sources).
    pub order: Vec<NodeId>,
    /// The largest depth.
    pub depth: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycle_is_named() {
        let mut n = Netlist::new("ring");
        let a = n.gate(GateKind::Not, "a", &[]);
        let b = n.gate(GateKind::Not, "b", &[a]);
        let c = n.gate(GateKind::Not, "c", &[b]);
        n.connect(c, a).unwrap();
        match n.levelize() {
            Err(NetlistError::Cycle { nodes, .. }) => {
                let mut s = nodes.clone();
                s.sort();
                assert_eq!(s, ["a", "b", "c"]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn dff_breaks_loops() {
        let mut n = Netlist::new("toggle");
        let q = n.add("q", NodeKind::Dff, &[]);
        let d = n.gate(GateKind::Not, "d", &[q]);
        n.connect(d, q).unwrap();
        let lv = n.levelize().unwrap();
        assert_eq!(lv.level[d.index()], 1);
        assert!(n.check_arity().is_ok());
    }
}
