//! The ISCAS-85 / ISCAS-89 `.bench` netlist format.
//!
//! ```text
//! # comment
//! INPUT(G1)
//! OUTPUT(G17)
//! G10 = NAND(G1, G3)        # any number of inputs
//! G5 = DFF(G10)             # ISCAS-89 flip-flop, implicit global clock
//! ```
//! Keywords are case-insensitive (`nand`, `Buf`), names are not; names may be plain
//! numbers and may be used before the line that defines them (the parser makes two passes).
//! A netlist must have no loop except through a flip-flop: the format describes
//! combinational logic plus clocked DFFs.

use crate::{GateKind, Location, Netlist, NetlistError, NodeId, NodeKind, SourceKind};
use std::collections::HashMap;
use std::fmt;

/// Why a `.bench` text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BenchErrorKind {
    /// Something other than what the grammar allows here.
    #[error(
        "expected {expected}, found {}",
        ludomat_io::text::escape_controls(found)
    )]
    Syntax {
        /// What would have been allowed.
        expected: &'static str,
        /// What was there.
        found: String,
    },
    /// `x = FOO(…)` with an unknown gate type.
    #[error(
        "unknown gate type {} (expected AND, OR, NAND, NOR, XOR, XNOR, NOT, BUFF, BUF or DFF)",
        ludomat_io::text::quoted(.0, 60)
    )]
    UnknownGate(String),
    /// A signal used but defined nowhere.
    #[error("signal {} is used but never defined (no INPUT and no gate drives it)", ludomat_io::text::quoted(.0, 60))]
    Undefined(String),
    /// A signal defined twice.
    #[error(
        "signal {} is defined twice (first at {first})",
        ludomat_io::text::quoted(name, 60)
    )]
    Redefined {
        /// The name.
        name: String,
        /// The first definition.
        first: Location,
    },
    /// `OUTPUT(x)` twice for one signal.
    #[error(
        "OUTPUT({}) is declared twice (first at {first})",
        ludomat_io::text::escape_controls(name)
    )]
    DuplicateOutput {
        /// The name.
        name: String,
        /// The first declaration.
        first: Location,
    },
    /// A structural problem: a loop without a flip-flop, a NOT with two inputs …
    #[error(transparent)]
    Netlist(NetlistError),
    /// A name with a character one cannot see in it (a zero-width space): a name that
    /// looks like another would be another signal, refused where it is written.
    #[error(
        "the name {} has {kind} in it: a name that looks like another would be another signal",
        ludomat_io::text::quoted(name, 60)
    )]
    HiddenInName {
        /// The name.
        name: String,
        /// The character, in words (`a zero-width space (U+200B)`).
        kind: String,
    },
    /// A byte-order mark at the start, named as every file that allows none names it.
    #[error("{}", ludomat_io::error::byte_order_mark("a .bench file"))]
    ByteOrderMark,
}

/// A `.bench` error with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct BenchError {
    /// Where.
    pub location: Location,
    /// What.
    pub kind: BenchErrorKind,
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.kind)
    }
}

fn err(line: u32, column: u32, kind: BenchErrorKind) -> BenchError {
    BenchError {
        location: Location::new(line, column),
        kind,
    }
}

/// A cursor over one line, tracking the column.
struct Line<'a> {
    chars: Vec<(u32, char)>,
    pos: usize,
    line: u32,
    _text: &'a str,
}

impl<'a> Line<'a> {
    fn new(text: &'a str, line: u32) -> Line<'a> {
        let body = text.split('#').next().unwrap_or("");
        Line {
            chars: body
                .chars()
                .enumerate()
                .map(|(i, c)| (i as u32 + 1, c))
                .collect(),
            pos: 0,
            line,
            _text: text,
        }
    }
    fn skip_ws(&mut self) {
        while self.pos < self.chars.len() && self.chars[self.pos].1.is_whitespace() {
            self.pos += 1;
        }
    }
    fn column(&self) -> u32 {
        self.chars
            .get(self.pos)
            .map(|c| c.0)
            .unwrap_or_else(|| self.chars.last().map_or(1, |c| c.0 + 1))
    }
    fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos >= self.chars.len()
    }
    fn found(&self) -> String {
        match self.chars.get(self.pos) {
            Some((_, c)) => ludomat_io::text::quoted(&c.to_string(), 1),
            None => "end of line".to_string(),
        }
    }
    /// Nothing but white space (or a comment) may follow.
    fn expect_end(&mut self) -> Result<(), BenchError> {
        if self.at_end() {
            Ok(())
        } else {
            Err(err(
                self.line,
                self.column(),
                BenchErrorKind::Syntax {
                    expected: "end of line",
                    found: self.found(),
                },
            ))
        }
    }
    fn expect(&mut self, c: char, what: &'static str) -> Result<(), BenchError> {
        self.skip_ws();
        if self.chars.get(self.pos).map(|x| x.1) == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(err(
                self.line,
                self.column(),
                BenchErrorKind::Syntax {
                    expected: what,
                    found: self.found(),
                },
            ))
        }
    }
    /// A name: anything up to whitespace or punctuation.
    fn name(&mut self, what: &'static str) -> Result<(String, Location), BenchError> {
        self.skip_ws();
        let start = self.pos;
        let loc = Location::new(self.line, self.column());
        while self.pos < self.chars.len() {
            let c = self.chars[self.pos].1;
            if c.is_whitespace() || "(),=".contains(c) {
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            return Err(err(
                loc.line,
                loc.column,
                BenchErrorKind::Syntax {
                    expected: what,
                    found: self.found(),
                },
            ));
        }
        let name: String = self.chars[start..self.pos].iter().map(|c| c.1).collect();
        if let Some((at, kind)) = ludomat_io::text::first_hidden(&name) {
            return Err(err(
                loc.line,
                self.chars[start + at - 1].0,
                BenchErrorKind::HiddenInName { name, kind },
            ));
        }
        Ok((name, loc))
    }
}

enum Def {
    Input,
    Gate(NodeKind, Vec<(String, Location)>),
}

/// A `.bench` file that could not be read or parsed; the message names the file.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", ludomat_io::text::path(path))]
    Read {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not a netlist.
    #[error("{}: {source}", ludomat_io::text::path(path))]
    Parse {
        /// The file.
        path: std::path::PathBuf,
        /// Where and what.
        source: BenchError,
    },
}

/// The largest `.bench` file read (ISCAS-85's largest, c7552, is under 200 KB; a larger
/// file, or `/dev/zero`, is refused rather than read whole).
pub const MAX_BENCH_BYTES: u64 = 16 << 20;

/// Read and parse the `.bench` file at `path`; the circuit is named after the file stem.
///
/// # Errors
/// The file cannot be read, or is not a netlist.
pub fn load_bench(path: &std::path::Path) -> Result<Netlist, LoadError> {
    let text = ludomat_io::read::text(path, MAX_BENCH_BYTES).map_err(|source| LoadError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    Netlist::from_bench(&stem, &text).map_err(|source| LoadError::Parse {
        path: path.to_path_buf(),
        source,
    })
}

impl Netlist {
    /// Parse a `.bench` netlist. `name` becomes the circuit's name. A combinational
    /// cycle is an error (ISCAS-85 has none; the levelized engines need none).
    pub fn from_bench(name: &str, text: &str) -> Result<Netlist, BenchError> {
        Netlist::parse_bench(name, text, false)
    }

    /// Parse a `.bench` netlist that may feed gates back into themselves (a latch, a ring
    /// oscillator), for the event-driven simulator, which runs loops with a bound.
    pub fn from_bench_with_loops(name: &str, text: &str) -> Result<Netlist, BenchError> {
        Netlist::parse_bench(name, text, true)
    }

    fn parse_bench(name: &str, text: &str, loops: bool) -> Result<Netlist, BenchError> {
        let mut defs: Vec<(String, Location, Def)> = Vec::new();
        let mut outputs: Vec<(String, Location)> = Vec::new();
        let mut seen: HashMap<String, Location> = HashMap::new();
        let mut seen_out: HashMap<String, Location> = HashMap::new();
        if text.starts_with('\u{feff}') {
            return Err(BenchError {
                location: Location::new(1, 1),
                kind: BenchErrorKind::ByteOrderMark,
            });
        }
        for (i, raw) in text.lines().enumerate() {
            let lno = i as u32 + 1;
            let mut l = Line::new(raw, lno);
            if l.at_end() {
                continue;
            }
            let (word, loc) = l.name("a declaration or a signal name")?;
            l.skip_ws();
            let next = l.chars.get(l.pos).map(|c| c.1);
            let upper = word.to_ascii_uppercase();
            if next == Some('(') && (upper == "INPUT" || upper == "OUTPUT") {
                l.expect('(', "'('")?;
                let (sig, sloc) = l.name("a signal name")?;
                l.expect(')', "')'")?;
                l.expect_end()?;
                if upper == "INPUT" {
                    if let Some(&first) = seen.get(&sig) {
                        return Err(err(
                            sloc.line,
                            sloc.column,
                            BenchErrorKind::Redefined { name: sig, first },
                        ));
                    }
                    seen.insert(sig.clone(), sloc);
                    defs.push((sig, sloc, Def::Input));
                } else {
                    if let Some(&first) = seen_out.get(&sig) {
                        return Err(err(
                            sloc.line,
                            sloc.column,
                            BenchErrorKind::DuplicateOutput { name: sig, first },
                        ));
                    }
                    seen_out.insert(sig.clone(), sloc);
                    outputs.push((sig, sloc));
                }
                continue;
            }
            l.expect('=', "'=' (or INPUT(…) / OUTPUT(…))")?;
            let (ty, tloc) = l.name("a gate type")?;
            let kind = if ty.eq_ignore_ascii_case("DFF") {
                NodeKind::Dff
            } else {
                match ty.parse::<GateKind>() {
                    Ok(g) => NodeKind::Gate(g),
                    Err(_) => {
                        return Err(err(tloc.line, tloc.column, BenchErrorKind::UnknownGate(ty)))
                    }
                }
            };
            l.expect('(', "'(' after the gate type")?;
            let mut args = Vec::new();
            l.skip_ws();
            if l.chars.get(l.pos).map(|c| c.1) != Some(')') {
                loop {
                    args.push(l.name("an input signal name")?);
                    l.skip_ws();
                    match l.chars.get(l.pos).map(|c| c.1) {
                        Some(',') => l.pos += 1,
                        Some(')') => break,
                        _ => {
                            return Err(err(
                                lno,
                                l.column(),
                                BenchErrorKind::Syntax {
                                    expected: "',' or ')'",
                                    found: l.found(),
                                },
                            ))
                        }
                    }
                }
            }
            l.expect(')', "')'")?;
            l.expect_end()?;
            if let Some(&first) = seen.get(&word) {
                return Err(err(
                    loc.line,
                    loc.column,
                    BenchErrorKind::Redefined { name: word, first },
                ));
            }
            seen.insert(word.clone(), loc);
            defs.push((word, loc, Def::Gate(kind, args)));
        }

        // Second pass: create every node, then resolve the names.
        let mut n = Netlist::new(name);
        let mut ids: HashMap<&str, NodeId> = HashMap::new();
        for (sig, loc, def) in &defs {
            let kind = match def {
                Def::Input => NodeKind::Source(SourceKind::Button),
                Def::Gate(k, _) => *k,
            };
            let id = n.add(sig.clone(), kind, &[]);
            n.set_location(id, *loc);
            ids.insert(sig.as_str(), id);
        }
        for (sig, _, def) in &defs {
            if let Def::Gate(kind, args) = def {
                let mut fanin = Vec::with_capacity(args.len());
                for (a, aloc) in args {
                    match ids.get(a.as_str()) {
                        Some(&id) => fanin.push(id),
                        None => {
                            return Err(err(
                                aloc.line,
                                aloc.column,
                                BenchErrorKind::Undefined(a.clone()),
                            ))
                        }
                    }
                }
                let id = ids[sig.as_str()];
                n.set_kind(id, *kind, fanin);
            }
        }
        for (sig, loc) in &outputs {
            match ids.get(sig.as_str()) {
                Some(&id) => n.mark_output(id),
                None => {
                    return Err(err(
                        loc.line,
                        loc.column,
                        BenchErrorKind::Undefined(sig.clone()),
                    ))
                }
            }
        }
        let structural = |e: NetlistError| {
            let loc = match &e {
                NetlistError::Arity { location, .. } | NetlistError::Cycle { location, .. } => {
                    *location
                }
                _ => None,
            };
            let loc = loc.unwrap_or(Location::new(1, 1));
            err(loc.line, loc.column, BenchErrorKind::Netlist(e))
        };
        n.check_arity().map_err(structural)?;
        if !loops {
            n.levelize().map_err(structural)?;
        }
        Ok(n)
    }

    /// Write the netlist as `.bench` text (buttons as INPUT, observed outputs as OUTPUT).
    #[must_use]
    pub fn to_bench(&self) -> String {
        let mut s = format!("# {}\n", self.name());
        for &i in self.inputs() {
            s += &format!("INPUT({})\n", self.name_of(i));
        }
        for &o in self.outputs() {
            s += &format!("OUTPUT({})\n", self.name_of(o));
        }
        for node in self.nodes() {
            let ty = match node.kind {
                NodeKind::Gate(g) => g.name(),
                NodeKind::Dff => "DFF",
                NodeKind::Lamp => "BUFF",
                NodeKind::Source(_) => continue,
            };
            let args: Vec<&str> = node.fanin.iter().map(|&f| self.name_of(f)).collect();
            s += &format!("{} = {}({})\n", node.name, ty, args.join(", "));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forward_references_numeric_names_lower_case() {
        let n = Netlist::from_bench(
            "t",
            "# test\ninput(1)\nINPUT(2)\nOUTPUT(5)\n5 = nand(4, 1)  # later\n4 = Buf(2)\n6 = and(1,2,4)\n",
        )
        .unwrap();
        assert_eq!(n.inputs().len(), 2);
        assert_eq!(n.outputs().len(), 1);
        assert_eq!(n.gate_count(), 3);
        let five = n.find("5").unwrap();
        assert_eq!(n.node(five).kind, NodeKind::Gate(GateKind::Nand));
    }

    fn error(text: &str) -> BenchError {
        Netlist::from_bench("t", text).unwrap_err()
    }

    /// A byte-order mark is named, not taken for a gate's name.
    #[test]
    fn a_byte_order_mark_is_named() {
        let e = error("\u{feff}INPUT(a)\nOUTPUT(a)\n");
        assert_eq!(
            e.to_string(),
            "line 1, column 1: a byte-order mark (U+FEFF), which a .bench file does not \
             allow: save the file as UTF-8 without one"
        );
    }

    /// A zero-width space in a defined name is named where it is written (it was said
    /// only where the name was used, shown without it: `signal 'N10' is used but never
    /// defined`).
    #[test]
    fn a_hidden_character_in_a_name_is_named_where_it_is() {
        let e = error("INPUT(N1)\nOUTPUT(N10)\nN10\u{200b} = NOT(N1)\n");
        assert_eq!(e.location, Location::new(3, 4));
        assert_eq!(
            e.to_string(),
            "line 3, column 4: the name 'N10\\u{200b}' has a zero-width space (U+200B) in it: \
             a name that looks like another would be another signal"
        );
    }

    #[test]
    fn errors_have_locations() {
        let e = error("INPUT(a)\nOUTPUT(b)\nb = AND(a, c)\n");
        assert_eq!(e.location, Location::new(3, 12));
        assert_eq!(e.kind, BenchErrorKind::Undefined("c".into()));
        assert!(
            e.to_string().starts_with("line 3, column 12: signal 'c'"),
            "{e}"
        );

        let e = error("INPUT(a)\nb = MUX(a)\n");
        assert_eq!(e.location, Location::new(2, 5));

        let e = error("INPUT(a)\nb = AND(a a)\n");
        assert_eq!(e.location, Location::new(2, 11));

        let e = error("INPUT(a)\nb = NOT(a, a)\n");
        assert_eq!(e.location, Location::new(2, 1));
        assert!(matches!(
            e.kind,
            BenchErrorKind::Netlist(NetlistError::Arity { .. })
        ));

        let e = error("INPUT(a)\nb = AND(a, c)\nc = OR(b, a)\n");
        assert!(
            matches!(e.kind, BenchErrorKind::Netlist(NetlistError::Cycle { .. })),
            "{e}"
        );
        assert!(e.to_string().contains("cycle"), "{e}");

        let e = error("INPUT(a)\nINPUT(a)\n");
        assert_eq!(e.location, Location::new(2, 7));

        let e = error("INPUT(a)\nOUTPUT(z)\n");
        assert_eq!(e.location, Location::new(2, 8));

        let e = error("INPUT(a\n");
        assert_eq!(e.location, Location::new(1, 8));

        let e = error("a AND b\n");
        assert_eq!(e.location, Location::new(1, 3));
    }

    #[test]
    fn dff_loops_are_fine() {
        let n =
            Netlist::from_bench("s", "INPUT(a)\nOUTPUT(q)\nq = DFF(d)\nd = XOR(a, q)\n").unwrap();
        assert_eq!(n.dffs().count(), 1);
    }

    #[test]
    fn round_trip() {
        let text = "INPUT(a)\nINPUT(b)\nOUTPUT(c)\nc = XNOR(a, b)\n";
        let n = Netlist::from_bench("r", text).unwrap();
        let again = Netlist::from_bench("r", &n.to_bench()).unwrap();
        assert_eq!(n.to_bench(), again.to_bench());
        assert_eq!(again.gate_count(), 1);
    }
}
