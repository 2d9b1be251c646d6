//! [`Levelized`]: evaluate every gate once, in depth order (acyclic netlists only).

use crate::{GateKind, Netlist, NodeKind, SimError, SourceKind, Ternary};

/// A compiled straight-line program: one step per gate or lamp, each after its inputs.
#[derive(Debug, Clone)]
pub(crate) struct Program {
    /// (function, output node, start, end) into `fanin`.
    pub steps: Vec<(GateKind, u32, u32, u32)>,
    pub fanin: Vec<u32>,
    pub inputs: Vec<u32>,
    pub outputs: Vec<u32>,
    /// (flip-flop, its D input).
    pub dffs: Vec<(u32, u32)>,
    pub supplies: Vec<u32>,
    pub grounds: Vec<u32>,
    pub nodes: usize,
}

impl Program {
    pub fn new(netlist: &Netlist) -> Result<Program, SimError> {
        netlist.check_arity()?;
        let levels = netlist.levelize()?;
        let mut p = Program {
            steps: Vec::new(),
            fanin: Vec::new(),
            inputs: netlist.inputs().iter().map(|i| i.0).collect(),
            outputs: netlist.outputs().iter().map(|i| i.0).collect(),
            dffs: Vec::new(),
            supplies: Vec::new(),
            grounds: Vec::new(),
            nodes: netlist.len(),
        };
        // Depth order, gates of one kind and fan-in together within a depth (consecutive
        // steps then take the same branch).
        let mut order = levels.order;
        order.sort_by_key(|&id| {
            let node = netlist.node(id);
            let kind = match node.kind {
                NodeKind::Gate(g) => g as u8 + 1,
                _ => 0,
            };
            (levels.level[id.index()], kind, node.fanin.len(), id)
        });
        for id in order {
            let node = netlist.node(id);
            let g = match node.kind {
                NodeKind::Gate(g) => g,
                NodeKind::Lamp => GateKind::Buff,
                NodeKind::Dff => {
                    p.dffs.push((id.0, node.fanin[0].0));
                    continue;
                }
                NodeKind::Source(SourceKind::Supply) => {
                    p.supplies.push(id.0);
                    continue;
                }
                NodeKind::Source(SourceKind::Ground) => {
                    p.grounds.push(id.0);
                    continue;
                }
                NodeKind::Source(SourceKind::Button) => continue,
            };
            let a = p.fanin.len() as u32;
            p.fanin.extend(node.fanin.iter().map(|f| f.0));
            p.steps.push((g, id.0, a, p.fanin.len() as u32));
        }
        Ok(p)
    }
}

/// Depth-ordered ternary evaluator: each vector costs exactly one evaluation per gate.
/// Flip-flops (ISCAS-89) start unknown and take their inputs at [`Levelized::clock`].
#[derive(Debug, Clone)]
pub struct Levelized {
    prog: Program,
    value: Vec<Ternary>,
}

impl Levelized {
    /// Compile a netlist; fails on a loop without a flip-flop.
    pub fn new(netlist: &Netlist) -> Result<Levelized, SimError> {
        let prog = Program::new(netlist)?;
        let mut value = vec![Ternary::Unknown; prog.nodes];
        for &s in &prog.supplies {
            value[s as usize] = Ternary::True;
        }
        for &s in &prog.grounds {
            value[s as usize] = Ternary::False;
        }
        Ok(Levelized { prog, value })
    }

    /// Apply one input vector (declaration order) and return the outputs.
    pub fn eval(&mut self, inputs: &[Ternary]) -> Result<Vec<Ternary>, SimError> {
        if inputs.len() != self.prog.inputs.len() {
            return Err(SimError::WrongWidth {
                expected: self.prog.inputs.len(),
                got: inputs.len(),
            });
        }
        for (k, &i) in self.prog.inputs.iter().enumerate() {
            self.value[i as usize] = inputs[k];
        }
        let value = &mut self.value;
        for &(g, out, a, b) in &self.prog.steps {
            let v = g.eval(
                self.prog.fanin[a as usize..b as usize]
                    .iter()
                    .map(|&u| value[u as usize]),
            );
            value[out as usize] = v;
        }
        Ok(self
            .prog
            .outputs
            .iter()
            .map(|&o| self.value[o as usize])
            .collect())
    }

    /// One clock edge: every flip-flop takes its input's current value.
    pub fn clock(&mut self) {
        let next: Vec<Ternary> = self
            .prog
            .dffs
            .iter()
            .map(|&(_, d)| self.value[d as usize])
            .collect();
        for (k, &(q, _)) in self.prog.dffs.iter().enumerate() {
            self.value[q as usize] = next[k];
        }
    }

    /// Every node's value after the last vector.
    #[must_use]
    pub fn values(&self) -> &[Ternary] {
        &self.value
    }
}
