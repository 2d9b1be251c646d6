//! The second re-trial's wording, kept found: two outputs named alike are said as two
//! outputs, one folder not made yet is said one way, one time is written one way, JSON
//! damaged is said in one wording, and no message breaks its own lines.
#![cfg(unix)]

mod common;

use common::run as ludomat;

/// stderr is wrapped at 80 columns: compare words.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn two_outputs_in_one_file_are_said_as_two_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("x.json");
    let x = x.to_str().unwrap();
    let (ok, _, err) = ludomat(&["threes", "tune", "-o", x, "--checkpoint", x], "");
    assert!(!ok);
    let err = words(&err);
    assert!(
        err.contains("--out") && err.contains("--checkpoint") && err.contains("also writes"),
        "{err}"
    );
    assert!(!err.contains("which this command reads"), "{err}");
}
