//! The circuits the logic bench offers by name: the seed's RS NOR latch, two squares of a
//! relay noughts-and-crosses input latch, and the eleven ISCAS-85 benchmark circuits
//! (Brglez & Fujiwara, ISCAS 1985).
//!
//! `c17` (six NAND gates) is bundled in `crates/logic/data/`; the other ten are read from
//! the shared data folder when it is there: `$LUDOMAT_ISCAS85` if set, else
//! `../shared/data/iscas85` from the working directory or from this crate's checkout.
//! Only the fixed names below are looked up, so a name can never reach another file.

use std::path::PathBuf;

use crate::{BenchError, Netlist};

/// The ISCAS-85 circuits, smallest first.
pub const ISCAS85: [&str; 11] = [
    "c17", "c432", "c499", "c880", "c1355", "c1908", "c2670", "c3540", "c5315", "c6288", "c7552",
];

/// The bundled `c17`.
pub const C17: &str = include_str!("../data/c17.bench");

/// A circuit of the library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Circuit {
    /// The seed's RS NOR latch ([`crate::latch::RsLatch`]).
    Latch,
    /// Two squares of a relay input latch ([`crate::relay::noughts::TwoSquares`]).
    Squares,
    /// An ISCAS-85 circuit, by its index in [`ISCAS85`].
    Iscas(usize),
}

impl Circuit {
    /// The circuit called `name` (`latch`, `squares`, `c17` …).
    #[must_use]
    pub fn named(name: &str) -> Option<Circuit> {
        match name {
            "latch" => Some(Circuit::Latch),
            "squares" => Some(Circuit::Squares),
            _ => ISCAS85.iter().position(|&c| c == name).map(Circuit::Iscas),
        }
    }

    /// Its name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Circuit::Latch => "latch",
            Circuit::Squares => "squares",
            Circuit::Iscas(i) => ISCAS85[i],
        }
    }
}

/// Every name [`Circuit::named`] takes, comma-separated, for messages.
#[must_use]
pub fn names() -> String {
    let mut v = vec!["latch", "squares"];
    v.extend(ISCAS85);
    v.join(", ")
}

/// The folder holding the ISCAS-85 `.bench` files, if one is found.
#[must_use]
pub fn iscas_dir() -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Some(d) = std::env::var_os("LUDOMAT_ISCAS85") {
        candidates.push(PathBuf::from(d));
    }
    candidates.push(PathBuf::from("../shared/data/iscas85"));
    candidates.push(PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/iscas85"
    )));
    candidates
        .into_iter()
        .find(|d| d.join("c432.bench").is_file())
}

/// Why an ISCAS-85 circuit could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    /// Its file is not where the library looks.
    #[error("{name} is not bundled and no ISCAS-85 folder was found (set LUDOMAT_ISCAS85 to the folder holding {name}.bench)")]
    Missing {
        /// The circuit.
        name: &'static str,
    },
    /// The file could not be read.
    #[error("cannot read {}: {source}", ludomat_io::text::path(path))]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a valid `.bench`.
    #[error("{name}.bench, {source}")]
    Bench {
        /// The circuit.
        name: &'static str,
        /// Where and what.
        source: BenchError,
    },
}

/// The netlist of ISCAS-85 circuit `index` (see [`ISCAS85`]).
///
/// # Errors
/// When the file is missing, unreadable or malformed.
pub fn iscas(index: usize) -> Result<Netlist, LibraryError> {
    let name = ISCAS85[index.min(ISCAS85.len() - 1)];
    let text = if name == "c17" {
        C17.to_string()
    } else {
        let dir = iscas_dir().ok_or(LibraryError::Missing { name })?;
        let path = dir.join(format!("{name}.bench"));
        ludomat_io::read::to_string(&path).map_err(|source| LibraryError::Read {
            path: ludomat_io::text::path(&path).to_string(),
            source,
        })?
    };
    Netlist::from_bench(name, &text).map_err(|source| LibraryError::Bench { name, source })
}

/// The ISCAS-85 circuits available here (c17 always).
#[must_use]
pub fn available() -> Vec<&'static str> {
    let dir = iscas_dir();
    ISCAS85
        .iter()
        .copied()
        .filter(|n| {
            *n == "c17"
                || dir
                    .as_ref()
                    .is_some_and(|d| d.join(format!("{n}.bench")).is_file())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for n in ["latch", "squares", "c17", "c7552"] {
            assert_eq!(Circuit::named(n).map(Circuit::name), Some(n));
        }
        assert_eq!(Circuit::named("../etc/passwd"), None);
        assert_eq!(Circuit::named("c18"), None);
    }

    #[test]
    fn c17_is_bundled() {
        let n = iscas(0).unwrap();
        assert_eq!(n.inputs().len(), 5);
        assert_eq!(n.outputs().len(), 2);
        assert_eq!(n.gate_count(), 6);
        assert!(available().contains(&"c17"));
    }
}
