//! [`BitParallel`]: two-valued evaluation of 64 vectors at once, one machine word per signal.

use crate::levelized::Program;
use crate::{GateKind, Netlist, SimError};

/// Bit-parallel evaluator: bit `k` of every word belongs to vector `k`. Two-valued only
/// (no unknowns) and combinational only (no flip-flops).
#[derive(Debug, Clone)]
pub struct BitParallel {
    prog: Program,
    words: Vec<u64>,
}

impl BitParallel {
    /// Compile a combinational netlist.
    pub fn new(netlist: &Netlist) -> Result<BitParallel, SimError> {
        let prog = Program::new(netlist)?;
        if !prog.dffs.is_empty() {
            return Err(SimError::Unsupported(format!(
                "{} has {} flip-flops; the bit-parallel engine evaluates combinational netlists only",
                netlist.name(),
                prog.dffs.len()
            )));
        }
        let mut words = vec![0u64; prog.nodes];
        for &s in &prog.supplies {
            words[s as usize] = !0;
        }
        Ok(BitParallel { prog, words })
    }

    /// Number of inputs.
    #[must_use]
    pub fn input_count(&self) -> usize {
        self.prog.inputs.len()
    }

    /// Number of outputs.
    #[must_use]
    pub fn output_count(&self) -> usize {
        self.prog.outputs.len()
    }

    /// Evaluate 64 vectors: one word per input in, one word per output out.
    pub fn eval_words(&mut self, inputs: &[u64], outputs: &mut [u64]) -> Result<(), SimError> {
        if inputs.len() != self.prog.inputs.len() {
            return Err(SimError::WrongWidth {
                expected: self.prog.inputs.len(),
                got: inputs.len(),
            });
        }
        if outputs.len() != self.prog.outputs.len() {
            return Err(SimError::WrongWidth {
                expected: self.prog.outputs.len(),
                got: outputs.len(),
            });
        }
        let w = &mut self.words;
        for (k, &i) in self.prog.inputs.iter().enumerate() {
            w[i as usize] = inputs[k];
        }
        let fanin = &self.prog.fanin;
        for &(g, out, a, b) in &self.prog.steps {
            let ins = &fanin[a as usize..b as usize];
            let first = w[ins[0] as usize];
            let rest = ins[1..].iter().map(|&u| w[u as usize]);
            let v = match g {
                GateKind::And => rest.fold(first, |x, y| x & y),
                GateKind::Nand => !rest.fold(first, |x, y| x & y),
                GateKind::Or => rest.fold(first, |x, y| x | y),
                GateKind::Nor => !rest.fold(first, |x, y| x | y),
                GateKind::Xor => rest.fold(first, |x, y| x ^ y),
                GateKind::Xnor => !rest.fold(first, |x, y| x ^ y),
                GateKind::Not => !first,
                GateKind::Buff => first,
            };
            w[out as usize] = v;
        }
        for (k, &o) in self.prog.outputs.iter().enumerate() {
            outputs[k] = w[o as usize];
        }
        Ok(())
    }

    /// Evaluate any number of two-valued vectors (64 at a time).
    pub fn eval_vectors(&mut self, vectors: &[Vec<bool>]) -> Result<Vec<Vec<bool>>, SimError> {
        let ni = self.input_count();
        let no = self.output_count();
        let mut result = Vec::with_capacity(vectors.len());
        let mut ins = vec![0u64; ni];
        let mut outs = vec![0u64; no];
        for chunk in vectors.chunks(64) {
            ins.iter_mut().for_each(|w| *w = 0);
            for (k, v) in chunk.iter().enumerate() {
                if v.len() != ni {
                    return Err(SimError::WrongWidth {
                        expected: ni,
                        got: v.len(),
                    });
                }
                for (i, &b) in v.iter().enumerate() {
                    ins[i] |= u64::from(b) << k;
                }
            }
            self.eval_words(&ins, &mut outs)?;
            for k in 0..chunk.len() {
                result.push(outs.iter().map(|w| w >> k & 1 == 1).collect());
            }
        }
        Ok(result)
    }
}
