//! Vector files and the atalanta `.test` responses.
//!
//! A vector file has one vector a line, one character per input in declaration order:
//! `0`, `1` or `x`; blank lines and `#` comments are skipped; a line `END` ends the file
//! (the atalanta `.vec` files end that way).

use crate::{Engine, Location, Netlist, NodeId, Ternary};
use std::fmt;

/// Why a vector or response file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VectorErrorKind {
    /// A character other than 0, 1, x.
    #[error("{0:?} is not a bit (expected 0, 1 or x)")]
    BadBit(char),
    /// The vector is too short or too long for the circuit.
    #[error("vector has {got} bits but the circuit has {expected} inputs")]
    WrongWidth {
        /// Inputs of the circuit.
        expected: usize,
        /// Bits on the line.
        got: usize,
    },
    /// A `.test` line that is not `n: <inputs> <outputs>`.
    #[error("expected `n: <input bits> <output bits>`, found {0:?}")]
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

/// Parse a vector file for a circuit with `width` inputs.
pub fn parse_vectors(text: &str, width: usize) -> Result<Vec<Vec<Ternary>>, VectorError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let body = raw.split('#').next().unwrap_or("");
        let t = body.trim();
        if t.is_empty() {
            continue;
        }
        if t.eq_ignore_ascii_case("END") {
            break;
        }
        let column = body.len() - body.trim_start().len() + 1;
        let bits: String = t.chars().filter(|c| !c.is_whitespace()).collect();
        out.push(parse_bits(&bits, width, i + 1, column)?);
    }
    Ok(out)
}

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
            .map(|&id| netlist.name_of(id))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let in_col = width.max("inputs".len());
    let _ = write!(
        text,
        "# {}: {} inputs, {} outputs; {} vectors, {} engine\n# 1 true, 0 false, x unknown\n\
         # inputs, in column order:  {}\n# outputs, in column order: {}\n# {:<in_col$} outputs\n",
        netlist.name(),
        width,
        netlist.outputs().len(),
        vectors.len(),
        engine,
        names(netlist.inputs()),
        names(netlist.outputs()),
        "inputs",
    );
    for (v, o) in vectors.iter().zip(outputs) {
        let _ = writeln!(text, "  {:<in_col$} {}", format_vector(v), format_vector(o));
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

    #[test]
    fn vectors_and_errors() {
        let v = parse_vectors("# c\n01x\n\n110\nEND\nzzz\n", 3).unwrap();
        assert_eq!(v.len(), 2);
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
    fn responses() {
        let text = "* Primary inputs :\n  1 2\n\n* Primary outputs:\n  9\n\n* Test patterns and fault free responses:\n\n   1: 01 1\n   2: 11 0\n";
        let r = parse_responses(text, 2, 1).unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r[1].number, 2);
        assert_eq!(r[1].outputs, vec![Ternary::False]);
        assert!(parse_responses(text, 3, 1).is_err());
    }
}
