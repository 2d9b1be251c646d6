//! Value Change Dump (IEEE 1364 §18) waveforms of a vector run, readable by any VCD viewer
//! (GTKWave, Surfer, …).
//!
//! Vector `k` is applied at time `10·k` ns; the outputs settle at once (zero-delay
//! model). For ISCAS-89 netlists a `clk` signal rises at `10·k + 5`, when the flip-flops
//! take their inputs, and falls at the next vector.

use crate::{Engine, EventSim, Netlist, NodeId, Schedule, SimError, Ternary};
use std::collections::BTreeSet;
use std::io::{self, Write};

/// A failed waveform run.
#[derive(Debug, thiserror::Error)]
pub enum VcdError {
    /// The simulation failed.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// Writing failed.
    #[error("writing the VCD file: {0}")]
    Io(#[from] io::Error),
    /// The engine asked for computed other outputs than the waveform run (a bug).
    #[error("internal error: the {0} engine disagrees with the waveform run")]
    Disagree(Engine),
}

/// [`write_vcd`], and the same vectors on `engine`, which must agree with the waveform
/// run: the outputs per vector.
///
/// # Errors
/// When a simulation or writing fails, or the two runs disagree.
pub fn simulate_with_vcd(
    netlist: &Netlist,
    engine: Engine,
    vectors: &[Vec<Ternary>],
    out: &mut impl Write,
) -> Result<Vec<Vec<Ternary>>, VcdError> {
    let waves = write_vcd(netlist, vectors, out)?;
    if crate::simulate(netlist, engine, vectors)? != waves {
        return Err(VcdError::Disagree(engine));
    }
    Ok(waves)
}

fn code(mut i: usize) -> String {
    let mut s = String::new();
    loop {
        s.push((b'!' + (i % 94) as u8) as char);
        i /= 94;
        if i == 0 {
            return s;
        }
        i -= 1;
    }
}

fn bit(v: Ternary) -> char {
    v.to_char()
}

/// Simulate `vectors` (event-driven, ternary) and write the waveform of the inputs,
/// outputs and flip-flops to `out`. Returns the outputs per vector.
pub fn write_vcd(
    netlist: &Netlist,
    vectors: &[Vec<Ternary>],
    out: &mut impl Write,
) -> Result<Vec<Vec<Ternary>>, VcdError> {
    let mut sim = EventSim::new(netlist, Schedule::ByLevel)?;
    let mut shown: Vec<NodeId> = Vec::new();
    let mut seen = BTreeSet::new();
    for &id in netlist.inputs().iter().chain(netlist.outputs()) {
        if seen.insert(id) {
            shown.push(id);
        }
    }
    for id in netlist.dffs() {
        if seen.insert(id) {
            shown.push(id);
        }
    }
    let clocked = netlist.dffs().next().is_some();
    writeln!(
        out,
        "$version ludomat-logic {} $end",
        env!("CARGO_PKG_VERSION")
    )?;
    writeln!(out, "$timescale 1ns $end")?;
    let scope: String = netlist
        .name()
        .chars()
        .map(|c| if c.is_whitespace() { '_' } else { c })
        .collect();
    writeln!(out, "$scope module {scope} $end")?;
    if clocked {
        writeln!(out, "$var wire 1 {} clk $end", code(shown.len()))?;
    }
    for (k, &id) in shown.iter().enumerate() {
        let name: String = netlist
            .name_of(id)
            .chars()
            .map(|c| if c.is_whitespace() { '_' } else { c })
            .collect();
        writeln!(out, "$var wire 1 {} {name} $end", code(k))?;
    }
    writeln!(out, "$upscope $end\n$enddefinitions $end")?;
    writeln!(out, "#0\n$dumpvars")?;
    let mut last: Vec<Ternary> = shown.iter().map(|&id| sim.value(id)).collect();
    for (k, v) in last.iter().enumerate() {
        writeln!(out, "{}{}", bit(*v), code(k))?;
    }
    if clocked {
        writeln!(out, "0{}", code(shown.len()))?;
    }
    writeln!(out, "$end")?;
    let mut results = Vec::with_capacity(vectors.len());
    for (t, v) in vectors.iter().enumerate() {
        sim.set_inputs(v)?;
        results.push(sim.outputs());
        let time = 10 * t as u64;
        if time > 0 {
            writeln!(out, "#{time}")?;
        }
        if clocked && t > 0 {
            writeln!(out, "0{}", code(shown.len()))?;
        }
        dump_changes(&sim, &shown, &mut last, out)?;
        if clocked {
            sim.clock()?;
            writeln!(out, "#{}\n1{}", time + 5, code(shown.len()))?;
            dump_changes(&sim, &shown, &mut last, out)?;
        }
    }
    writeln!(out, "#{}", 10 * vectors.len() as u64)?;
    Ok(results)
}

fn dump_changes(
    sim: &EventSim,
    shown: &[NodeId],
    last: &mut [Ternary],
    out: &mut impl Write,
) -> io::Result<()> {
    for (k, &id) in shown.iter().enumerate() {
        let v = sim.value(id);
        if v != last[k] {
            writeln!(out, "{}{}", bit(v), code(k))?;
            last[k] = v;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct() {
        let codes: BTreeSet<String> = (0..20_000).map(code).collect();
        assert_eq!(codes.len(), 20_000);
        assert_eq!(code(0), "!");
        assert_eq!(code(93), "~");
    }

    #[test]
    fn c17_waveform() {
        let n =
            Netlist::from_bench("c17", "INPUT(a)\nINPUT(b)\nOUTPUT(c)\nc = NAND(a, b)\n").unwrap();
        let mut buf = Vec::new();
        let v = crate::vectors::parse_vectors("11\n01\n", 2).unwrap();
        let r = write_vcd(&n, &v, &mut buf).unwrap();
        assert_eq!(r, [vec![Ternary::False], vec![Ternary::True]]);
        let text = String::from_utf8(buf).unwrap();
        assert!(text.contains("$var wire 1 # c $end"), "{text}");
        assert!(
            text.contains("#0\n$dumpvars\nx!\nx\"\nx#\n$end\n1!\n1\"\n0#\n#10\n0!\n1#\n#20\n"),
            "{text}"
        );
    }

    #[test]
    fn flip_flops_get_a_clock() {
        let n = Netlist::from_bench("s", "INPUT(a)\nOUTPUT(q)\nq = DFF(d)\nd = NOT(a)\n").unwrap();
        let mut buf = Vec::new();
        write_vcd(&n, &[vec![Ternary::True], vec![Ternary::False]], &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        assert!(text.contains(" clk $end"));
        assert!(text.contains("#5\n1#\n0\"\n"), "{text}");
    }
}
