//! What a hostile tester found after issue 39 landed, kept found: an option's NaN never
//! panics, and an output that is one of the command's own inputs is refused before
//! anything is written (a kit over its state, an assembled image over its source, tuned
//! weights over the checkpoint).
#![cfg(unix)]

mod common;

use common::run as ludomat;

/// stderr is wrapped at 80 columns: compare words.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn threes_bench_seconds_outside_the_range_are_refused_not_panicked_on() {
    for bad in ["NaN", "inf", "1e400", "61", "0"] {
        let (ok, _, err) = ludomat(&["threes", "bench", "--seconds", bad], "");
        assert!(!ok, "{bad}");
        assert!(!err.contains("panicked"), "{bad}: {err}");
        assert!(words(&err).contains("from 0.1 to 60"), "{bad}: {err}");
    }
}

#[test]
fn a_kit_never_replaces_the_state_it_is_made_from() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("m.json");
    let s = state.to_str().unwrap();
    let (ok, _, err) = ludomat(
        &[
            "menace",
            "--state",
            s,
            "train",
            "--against",
            "random",
            "--games",
            "10",
            "--quiet",
        ],
        "",
    );
    assert!(ok, "{err}");
    let before = ludomat_io::read::to_bytes(&state).unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&state, &link).unwrap();
    for out in [s, link.to_str().unwrap()] {
        let (ok, _, err) = ludomat(&["menace", "--state", s, "kit", "--out", out], "");
        assert!(!ok, "{out}: the kit was written over its state");
        assert!(words(&err).contains("which this command reads"), "{err}");
        assert_eq!(ludomat_io::read::to_bytes(&state).unwrap(), before);
    }
}

#[test]
fn an_assembled_image_never_replaces_its_source() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("p.asm");
    let text = "; one instruction\n        MOVI A, 0\n";
    ludomat_io::write::atomically(&source, text).unwrap();
    let p = source.to_str().unwrap();
    let (ok, _, err) = ludomat(&["relay", "asm", p, "-o", p], "");
    assert!(!ok, "the source was replaced");
    assert!(words(&err).contains("which this command reads"), "{err}");
    assert_eq!(ludomat_io::read::to_string(&source).unwrap(), text);
}
