//! `ludomat logic …` end to end: output format, the atalanta check, and bad input reported
//! with its location (never a panic).

use std::path::PathBuf;
use std::process::{Command, Output};

fn ludomat(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .output()
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
    std::fs::write(&vec, "11111\n00000\nx1010\n").unwrap();
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
    assert!(std::fs::read_to_string(&vcd)
        .unwrap()
        .contains("$enddefinitions $end"));
}

#[test]
fn check_atalanta() {
    let dir = data().join("atalanta");
    let o = ludomat(&["logic", "check", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("total     1093 responses   1093 match    0 mismatch"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn bad_input_is_located() {
    let dir = tempfile::tempdir().unwrap();
    let bench = dir.path().join("bad.bench");
    std::fs::write(&bench, "INPUT(a)\nOUTPUT(b)\nb = AND(a, ghost)\n").unwrap();
    let o = ludomat(&["logic", "sim", bench.to_str().unwrap(), "--random", "1"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(
        err.contains("line 3, column 12") && err.contains("ghost"),
        "{err}"
    );

    std::fs::write(&bench, "INPUT(a)\nOUTPUT(b)\nb = AND(a, c)\nc = OR(b, a)\n").unwrap();
    let err = text(&ludomat(&["logic", "sim", bench.to_str().unwrap(), "--random", "1"]).stderr);
    assert!(err.contains("combinational cycle"), "{err}");

    let vec = dir.path().join("v.txt");
    std::fs::write(&vec, "11111\n0000\n").unwrap();
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
        err.contains("line 2, column 1: vector has 4 bits but the circuit has 5 inputs"),
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
