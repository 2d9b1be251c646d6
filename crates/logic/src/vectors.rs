//! Vector files and the atalanta `.test` responses.
//!
//! A vector file has one vector a line, one character per input in declaration order:
//! `0`, `1` or `x`; blank lines and `#` comments are skipped; a line `END` ends the file
//! (the atalanta `.vec` files end that way).

use crate::{Engine, Location, Netlist, NodeId, Ternary};
use ludomat_game::count::thousands;
use std::fmt;

/// The most signal values one run may hold: its vectors times the circuit's inputs and
/// outputs. A run (`logic sim`, each circuit of `logic bench`) keeps its vectors, their
/// outputs and its table in memory, so the number of vectors times the circuit's width is
/// bounded, not only each: a million vectors of 100 signals fit, or 317,460 of c7552's
/// 207 inputs and 108 outputs; a million of a 20,000-input netlist (20 GB) do not.
pub const MAX_RUN_VALUES: u64 = 100_000_000;

/// More vectors than one run may hold for a circuit ([`MAX_RUN_VALUES`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub struct RunTooLarge {
    /// The vectors asked for.
    pub vectors: usize,
    /// The circuit's inputs.
    pub inputs: usize,
    /// The circuit's outputs.
    pub outputs: usize,
}

impl RunTooLarge {
    /// The values one vector holds: one for each input and each output.
    fn width(&self) -> u64 {
        (self.inputs as u64).saturating_add(self.outputs as u64)
    }

    /// The most vectors of this circuit one run may hold.
    #[must_use]
    pub fn most_vectors(&self) -> u64 {
        MAX_RUN_VALUES / self.width().max(1)
    }
}

impl fmt::Display for RunTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: usize, one: &str, many: &str| {
            format!(
                "{} {}",
                thousands(n as u64),
                if n == 1 { one } else { many }
            )
        };
        write!(
            f,
            "{} × {} values each ({}, {}) are {} values; a run holds at most {} (of this \
             circuit, {})",
            plural(self.vectors, "vector", "vectors"),
            thousands(self.width()),
            plural(self.inputs, "input", "inputs"),
            plural(self.outputs, "output", "outputs"),
            thousands((self.vectors as u64).saturating_mul(self.width())),
            thousands(MAX_RUN_VALUES),
            plural(
                usize::try_from(self.most_vectors()).unwrap_or(usize::MAX),
                "vector",
                "vectors"
            ),
        )
    }
}

/// Whether `vectors` vectors through `netlist` fit in one run ([`MAX_RUN_VALUES`]): ask
/// before making or reading them.
///
/// # Errors
/// [`RunTooLarge`] naming the vectors, the circuit's inputs and outputs, and the limit.
pub fn check_run(vectors: usize, netlist: &Netlist) -> Result<(), RunTooLarge> {
    let run = RunTooLarge {
        vectors,
        inputs: netlist.inputs().len(),
        outputs: netlist.outputs().len(),
    };
    if (vectors as u64).saturating_mul(run.width()) > MAX_RUN_VALUES {
        return Err(run);
    }
    Ok(())
}

/// Why a vector or response file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VectorErrorKind {
    /// A character other than 0, 1, x.
    #[error("{} is not a bit (expected 0, 1 or x)", ludomat_io::text::quoted(&.0.to_string(), 8))]
    BadBit(char),
    /// The vector is too short or too long for the circuit.
    #[error(
        "the vector has {} but the circuit has {}",
        ludomat_io::text::count(*.got as u64, "bit", "bits"),
        ludomat_io::text::count(*.expected as u64, "input", "inputs")
    )]
    WrongWidth {
        /// Inputs of the circuit.
        expected: usize,
        /// Bits on the line.
        got: usize,
    },
    /// A `.test` line that is not `n: <inputs> <outputs>`.
    #[error("expected 'n: <input bits> <output bits>', found {}", ludomat_io::text::quoted(.0, 60))]
    BadResponse(String),
    /// The `.test` header names a different number of signals than the netlist declares.
    #[error("the response file lists {got} {what} but the netlist declares {expected}")]
    HeaderMismatch {
        /// "inputs" or "outputs".
        what: &'static str,
        /// Declared by the netlist.
        expected: usize,
        /// Listed in the file.
        got: usize,
    },
}

/// A vector-file error with its location.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct VectorError {
    /// Where.
    pub location: Location,
    /// What.
    pub kind: VectorErrorKind,
}

impl fmt::Display for VectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.kind)
    }
}

fn verr(line: usize, column: usize, kind: VectorErrorKind) -> VectorError {
    VectorError {
        location: Location::new(line as u32, column as u32),
        kind,
    }
}

/// Parse a string of bits; `column` is where it starts on line `line`.
pub fn parse_bits(
    bits: &str,
    width: usize,
    line: usize,
    column: usize,
) -> Result<Vec<Ternary>, VectorError> {
    let mut v = Vec::with_capacity(width);
    for (k, c) in bits.chars().enumerate() {
        match Ternary::from_char(c) {
            Some(t) => v.push(t),
            None => return Err(verr(line, column + k, VectorErrorKind::BadBit(c))),
        }
    }
    if v.len() != width {
        return Err(verr(
            line,
            column,
            VectorErrorKind::WrongWidth {
                expected: width,
                got: v.len(),
            },
        ));
    }
    Ok(v)
}

/// The vector lines of a vector file: (1-based line, the line without its comment), up
/// to `END`.
fn vector_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| (i + 1, raw.split('#').next().unwrap_or("")))
        .filter(|(_, body)| !body.trim().is_empty())
        .take_while(|(_, body)| !body.trim().eq_ignore_ascii_case("END"))
}

/// How many vectors a vector file holds, without reading them: to check a run's size
/// ([`check_run`]) before the vectors are stored.
#[must_use]
pub fn count_vectors(text: &str) -> usize {
    vector_lines(text).count()
}

/// Parse a vector file for a circuit with `width` inputs.
pub fn parse_vectors(text: &str, width: usize) -> Result<Vec<Vec<Ternary>>, VectorError> {
    let mut out = Vec::new();
    for (line, body) in vector_lines(text) {
        let t = body.trim();
        let column = body.len() - body.trim_start().len() + 1;
        let bits: String = t.chars().filter(|c| !c.is_whitespace()).collect();
        out.push(parse_bits(&bits, width, line, column)?);
    }
    Ok(out)
}

use ludomat_io::text::pad_right;

/// Write vectors one a line.
#[must_use]
pub fn format_vector(v: &[Ternary]) -> String {
    v.iter().map(|t| t.to_char()).collect()
}

/// The table `ludomat logic sim` prints: a header naming the circuit, the engine and the
/// columns, then each vector beside its outputs; `bare`, only the output bits, one line
/// per vector.
#[must_use]
pub fn table(
    netlist: &Netlist,
    vectors: &[Vec<Ternary>],
    outputs: &[Vec<Ternary>],
    engine: Engine,
    bare: bool,
) -> String {
    use std::fmt::Write;
    let width = netlist.inputs().len();
    let mut text = String::with_capacity(outputs.len() * (width + netlist.outputs().len() + 2));
    if bare {
        for o in outputs {
            text += &format_vector(o);
            text.push('\n');
        }
        return text;
    }
    let names = |ids: &[NodeId]| {
        ids.iter()
            .map(|&id| ludomat_io::text::escape_controls(netlist.name_of(id)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Padding through ludomat_io::text: `{:<w$}` panics for a width above 65,535, which a
    // netlist of 70,000 inputs reaches.
    let in_col = width.max("inputs".len());
    let _ = write!(
        text,
        "# {}: {}, {}; {}, {} engine\n# 1 true, 0 false, x unknown\n\
         # inputs, in column order:  {}\n# outputs, in column order: {}\n# {} outputs\n",
        ludomat_io::text::escape_controls(netlist.name()),
        ludomat_io::text::count(width as u64, "input", "inputs"),
        ludomat_io::text::count(netlist.outputs().len() as u64, "output", "outputs"),
        ludomat_io::text::count(vectors.len() as u64, "vector", "vectors"),
        engine,
        names(netlist.inputs()),
        names(netlist.outputs()),
        pad_right("inputs", in_col),
    );
    for (v, o) in vectors.iter().zip(outputs) {
        let _ = writeln!(
            text,
            "  {} {}",
            pad_right(&format_vector(v), in_col),
            format_vector(o)
        );
    }
    text
}

/// One fault-free response from an atalanta `.test` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The pattern number printed in the file.
    pub number: u32,
    /// The line it is on.
    pub line: u32,
    /// Input bits, declaration order.
    pub inputs: Vec<Ternary>,
    /// Expected output bits, declaration order.
    pub outputs: Vec<Ternary>,
}

/// Parse an atalanta `.test` file (section "Test patterns and fault free responses":
/// lines `n: <input bits> <output bits>`), checking the widths against the netlist.
pub fn parse_responses(
    text: &str,
    inputs: usize,
    outputs: usize,
) -> Result<Vec<Response>, VectorError> {
    let mut out = Vec::new();
    // Header: "* Primary inputs :" then names until a blank line, same for outputs.
    let mut section: Option<&'static str> = None;
    let (mut n_in, mut n_out) = (0usize, 0usize);
    let mut header_line = 1;
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if t.starts_with('*') {
            let lower = t.to_ascii_lowercase();
            section = if lower.contains("primary inputs") {
                header_line = i + 1;
                Some("inputs")
            } else if lower.contains("primary outputs") {
                header_line = i + 1;
                Some("outputs")
            } else {
                None
            };
            continue;
        }
        if let Some((num, rest)) = t.split_once(':') {
            section = None;
            let Ok(number) = num.trim().parse::<u32>() else {
                return Err(verr(i + 1, 1, VectorErrorKind::BadResponse(t.to_string())));
            };
            let mut parts = rest.split_whitespace();
            let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(verr(i + 1, 1, VectorErrorKind::BadResponse(t.to_string())));
            };
            let col_a = raw.find(a).unwrap_or(0) + 1;
            let col_b = raw.rfind(b).unwrap_or(0) + 1;
            out.push(Response {
                number,
                line: i as u32 + 1,
                inputs: parse_bits(a, inputs, i + 1, col_a)?,
                outputs: parse_bits(b, outputs, i + 1, col_b)?,
            });
            continue;
        }
        match section {
            Some("inputs") => n_in += t.split_whitespace().count(),
            Some("outputs") => n_out += t.split_whitespace().count(),
            _ => {}
        }
    }
    if n_in != 0 && n_in != inputs {
        return Err(verr(
            header_line,
            1,
            VectorErrorKind::HeaderMismatch {
                what: "inputs",
                expected: inputs,
                got: n_in,
            },
        ));
    }
    if n_out != 0 && n_out != outputs {
        return Err(verr(
            header_line,
            1,
            VectorErrorKind::HeaderMismatch {
                what: "outputs",
                expected: outputs,
                got: n_out,
            },
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Once, the table padded its input column with `{:<w$}`, which panics above a
    /// width of 65,535 — `logic sim` on a netlist of more inputs.
    #[test]
    fn a_table_of_70000_inputs_does_not_panic() {
        let n = 70_000;
        let mut bench = String::new();
        for i in 0..n {
            bench.push_str(&format!("INPUT(i{i})\n"));
        }
        bench.push_str("OUTPUT(o)\no = AND(i0, i1)\n");
        let netlist = Netlist::from_bench("wide", &bench).unwrap();
        let v = vec![vec![Ternary::True; n]];
        let o = vec![vec![Ternary::True]];
        let t = table(&netlist, &v, &o, Engine::Event, false);
        assert!(
            t.lines().last().unwrap().ends_with(" 1"),
            "the outputs column"
        );
    }

    #[test]
    fn vectors_and_errors() {
        let v = parse_vectors("# c\n01x\n\n110\nEND\nzzz\n", 3).unwrap();
        assert_eq!(v.len(), 2);
        assert_eq!(count_vectors("# c\n01x\n\n110  # two\n end \nzzz\n"), 2);
        assert_eq!(v[0][2], Ternary::Unknown);
        let e = parse_vectors("010\n0110\n", 3).unwrap_err();
        assert_eq!(e.location, Location::new(2, 1));
        assert!(
            e.to_string()
                .contains("4 bits but the circuit has 3 inputs"),
            "{e}"
        );
        let e = parse_vectors("  01z\n", 3).unwrap_err();
        assert_eq!(e.location, Location::new(1, 5));
    }

    #[test]
    fn a_run_is_bounded_by_vectors_times_signals() {
        // Once: `logic sim --random 1000000` on a 20,000-input netlist needed ~20 GB,
        // though both were within their own limits.
        let wide = RunTooLarge {
            vectors: 1_000_000,
            inputs: 20_000,
            outputs: 1,
        };
        assert_eq!(
            wide.to_string(),
            "1,000,000 vectors × 20,001 values each (20,000 inputs, 1 output) are \
             20,001,000,000 values; a run holds at most 100,000,000 (of this circuit, 4,999 \
             vectors)"
        );
        let text = (0..20_000)
            .map(|i| format!("INPUT(i{i})\n"))
            .collect::<String>()
            + "OUTPUT(y)\ny = AND(i0, i1)\n";
        let n = Netlist::from_bench("wide", &text).unwrap();
        assert_eq!(check_run(1_000_000, &n), Err(wide));
        assert_eq!(check_run(4_999, &n), Ok(()));
        assert!(check_run(5_000, &n).is_err());
        // c7552's 207 inputs and 108 outputs: 317,460 vectors
        let c7552 = RunTooLarge {
            vectors: 0,
            inputs: 207,
            outputs: 108,
        };
        assert_eq!(c7552.most_vectors(), 317_460);
    }

    #[test]
    fn responses() {
        let text = "* Primary inputs :\n  1 2\n\n* Primary outputs:\n  9\n\n* Test patterns and fault free responses:\n\n   1: 01 1\n   2: 11 0\n";
        let r = parse_responses(text, 2, 1).unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r[1].number, 2);
        assert_eq!(r[1].outputs, vec![Ternary::False]);
        assert!(parse_responses(text, 3, 1).is_err());
    }
}
