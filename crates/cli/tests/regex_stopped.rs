//! `regex solve` of a long (valid, hostile) puzzle stopped by Ctrl-C: it stops at the
//! search's next check and says so in the one wording of a stopped run, with what it
//! found so far, status 130 — it used to die of the signal without a word.
#![cfg(unix)]

mod common;

use std::time::{Duration, Instant};

#[test]
fn a_long_regex_solve_stops_with_its_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("hostile.txt");
    // four groups and their backreferences with exactly one C: no line matches, and the
    // search takes far longer than the test waits
    let text = "shape: rectangle 1x40\nalphabet: ABC\n\
                across 1: (.*)(.*)(.*)(.*)\\4\\3\\2\\1\nacross 1: [AB]*C[AB]*\n";
    ludomat_io::write::atomically(&path, text.as_bytes()).expect("write the puzzle");
    let started = Instant::now();
    let file = path.to_str().expect("utf-8");
    let args = ["regex", "solve", file, "--max-seconds", "600"];
    let (code, out, err) = common::interrupted(&args, Duration::from_millis(1500));
    assert_eq!(code, Some(130), "stdout:\n{out}\nstderr:\n{err}");
    let line = err.split_whitespace().collect::<Vec<_>>().join(" ");
    let at = line.rfind("Stopped by Ctrl-C after ").expect(&err);
    let line = &line[at..];
    assert!(
        line.contains(" search nodes; no solution was found by then."),
        "{line}"
    );
    assert!(out.is_empty(), "{out}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_stopped_regex_solve_prints_the_solutions_found_so_far() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("many.txt");
    // thousands of solutions, found a few a second
    let text = "shape: rectangle 1x40\nalphabet: AB\n\
                across 1: (.*)(.*)(.*)(.*)\\4\\3\\2\\1\nacross 1: A[AB]*B\n";
    ludomat_io::write::atomically(&path, text.as_bytes()).expect("write the puzzle");
    let file = path.to_str().expect("utf-8");
    let args = [
        "regex",
        "solve",
        file,
        "--limit",
        "10000",
        "--max-seconds",
        "600",
    ];
    let (code, out, err) = common::interrupted(&args, Duration::from_millis(2500));
    assert_eq!(code, Some(130), "stdout:\n{out}\nstderr:\n{err}");
    let line = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        line.contains(" are the solutions found by then.")
            || line.contains(" solutions were found by then; the first 3 are above, the other "),
        "{line}"
    );
    assert!(out.contains("Solution 1:\nA A A"), "{out}");
    // thousands found are not all drawn: at most the first 3
    assert!(!out.contains("Solution 4:"), "{out}");
}
