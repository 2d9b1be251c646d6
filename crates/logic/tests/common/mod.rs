#![allow(dead_code)]
use ludomat_logic::Netlist;
use std::path::PathBuf;

pub const CIRCUITS: [&str; 11] = [
    "c17", "c432", "c499", "c880", "c1355", "c1908", "c2670", "c3540", "c5315", "c6288", "c7552",
];
pub const ATALANTA: [&str; 6] = ["c432", "c499", "c880", "c1355", "c1908", "c5315"];

pub fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/iscas85")
}

pub fn load(path: PathBuf) -> Netlist {
    let text =
        ludomat_io::read::to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    Netlist::from_bench(&stem, &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn circuit(name: &str) -> Netlist {
    load(data().join(format!("{name}.bench")))
}
