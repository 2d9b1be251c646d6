//! `ludomat logic …` end to end: output format, the atalanta check, and bad input reported
//! with its location (never a panic).

use ludomat_io::child::Run as _;
use std::path::PathBuf;
use std::process::{Command, Output};

fn ludomat(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .run_output()
        .unwrap()
}

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/iscas85")
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).to_string()
}

#[test]
fn latch_walk_and_trace() {
    let o = ludomat(&["logic", "latch", "--trace"]);
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert!(out.contains("2. R true: reset, Q false"), "{out}");
    assert!(
        out.contains("NOR1 evaluates x → 0: changed, updates its children"),
        "{out}"
    );
    assert!(
        out.contains("NOR1 evaluates 0: unchanged, stops here"),
        "{out}"
    );
}

#[test]
fn sim_prints_one_line_per_vector() {
    let dir = tempfile::tempdir().unwrap();
    let vec = dir.path().join("v.txt");
    ludomat_io::write::atomically(&vec, "11111\n00000\nx1010\n").unwrap();
    let c17 = data().join("c17.bench");
    let o = ludomat(&[
        "logic",
        "sim",
        c17.to_str().unwrap(),
        "--vectors",
        vec.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "# c17: 5 inputs, 2 outputs; 3 vectors, event engine\n# 1 true, 0 false, x unknown\n\
         # inputs, in column order:  N1 N2 N3 N6 N7\n\
         # outputs, in column order: N22 N23\n\
         # inputs outputs\n  11111  10\n  00000  00\n  x1010  11\n"
    );
    let o = ludomat(&[
        "logic",
        "sim",
        c17.to_str().unwrap(),
        "--vectors",
        vec.to_str().unwrap(),
        "--bare",
    ]);
    assert_eq!(text(&o.stdout), "10\n00\n11\n");
    let vcd = dir.path().join("w.vcd");
    let o = ludomat(&[
        "logic",
        "sim",
        c17.to_str().unwrap(),
        "--random",
        "20",
        "--seed",
        "4",
        "--unknown-inputs",
        "1",
        "--vcd",
        vcd.to_str().unwrap(),
        "--engine",
        "levelized",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout)
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count(),
        20
    );
    assert!(ludomat_io::read::to_string(&vcd)
        .unwrap()
        .contains("$enddefinitions $end"));
}

#[test]
fn check_atalanta() {
    let dir = data().join("atalanta");
    let o = ludomat(&["logic", "check", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("total    1,093 responses  1,093 matches    0 mismatches"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn bad_input_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let bench = dir.path().join("bad.bench");
    ludomat_io::write::atomically(&bench, "INPUT(a)\nOUTPUT(b)\nb = AND(a, ghost)\n").unwrap();
    let o = ludomat(&["logic", "sim", bench.to_str().unwrap(), "--random", "1"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("line 3, column 12") && err.contains("ghost"),
        "{err}"
    );

    ludomat_io::write::atomically(&bench, "INPUT(a)\nOUTPUT(b)\nb = AND(a, c)\nc = OR(b, a)\n")
        .unwrap();
    let err = text(&ludomat(&["logic", "sim", bench.to_str().unwrap(), "--random", "1"]).stderr);
    assert!(err.contains("combinational cycle"), "{err}");

    let vec = dir.path().join("v.txt");
    ludomat_io::write::atomically(&vec, "11111\n0000\n").unwrap();
    let c17 = data().join("c17.bench");
    let err = text(
        &ludomat(&[
            "logic",
            "sim",
            c17.to_str().unwrap(),
            "--vectors",
            vec.to_str().unwrap(),
        ])
        .stderr,
    );
    // errors are wrapped at 80 columns: read them as one line
    let err = err.replace('\n', " ");
    assert!(
        err.contains("line 2, column 1: the vector has 4 bits but the circuit has 5 inputs"),
        "{err}"
    );

    let err = text(
        &ludomat(&[
            "logic",
            "sim",
            c17.to_str().unwrap(),
            "--random",
            "2",
            "--unknown-inputs",
            "1",
            "--engine",
            "bit-parallel",
        ])
        .stderr,
    );
    assert!(err.contains("two-valued"), "{err}");
    assert!(!err.contains("panicked"));
}

/// `ludomat ARGS` with its address space capped at 4 GB (a run that tries to hold its
/// vectors anyway aborts instead of taking the machine's memory).
fn ludomat_in_4gb(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .run_output()
        .unwrap()
}

#[test]
fn vectors_times_a_circuit_s_width_are_bounded_before_any_is_made() {
    // Issue 39: `--random 1000000` on a 20,000-input netlist needed ~20 GB, though each
    // number was within its own limit; the same for `logic bench --vectors` on a wide
    // circuit, and for a long vector file on a circuit of many outputs.
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.bench");
    let inputs: String = (0..20_000).map(|i| format!("INPUT(i{i})\n")).collect();
    ludomat_io::write::atomically(&wide, inputs + "OUTPUT(y)\ny = AND(i0, i1)\n").unwrap();
    let w = wide.to_str().unwrap();
    let refused = |args: &[&str], needle: &str| {
        let started = std::time::Instant::now();
        let o = ludomat_in_4gb(args);
        // stderr is wrapped at 80 columns: compare the words, not the line breaks
        let err = text(&o.stderr)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(
            err.contains("a run holds at most 100,000,000"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{args:?}"
        );
    };
    refused(
        &["logic", "sim", w, "--random", "1000000"],
        "--random: 1,000,000 vectors × 20,001 values each (20,000 inputs, 1 output) are \
         20,001,000,000 values",
    );
    let d = dir.path().to_str().unwrap();
    refused(
        &[
            "logic",
            "bench",
            "--dir",
            d,
            "--circuits",
            "wide",
            "--vectors",
            "1e6",
            "--no-external",
        ],
        "wide: 1,000,000 vectors × 20,001 values each",
    );
    // one input, 20,000 outputs, and 10,000 one-bit vectors in a file of 20 KB
    let many = dir.path().join("many.bench");
    let outputs: String = (0..20_000)
        .map(|i| format!("OUTPUT(o{i})\no{i} = NOT(a)\n"))
        .collect();
    ludomat_io::write::atomically(&many, format!("INPUT(a)\n{outputs}")).unwrap();
    let vectors = dir.path().join("v.txt");
    ludomat_io::write::atomically(&vectors, "0\n1\n".repeat(5_000)).unwrap();
    let v = vectors.to_str().unwrap();
    refused(
        &["logic", "sim", many.to_str().unwrap(), "--vectors", v],
        "v.txt: 10,000 vectors × 20,001 values each (1 input, 20,000 outputs)",
    );
    // within the bound (at most 4,999 vectors of the wide circuit)
    let o = ludomat_in_4gb(&["logic", "sim", w, "--random", "100", "--bare"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).lines().count(), 100);
}
