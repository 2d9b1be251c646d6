//! One rule for every long run stopped by Ctrl-C (docs/VOICE.md): it prints what it has,
//! then, last, on standard error, one line in one wording — `Stopped by Ctrl-C after
//! 2,128,192 of 1,000,000,000 games; …` and what was kept — and exits with status 130,
//! as a shell reports a process Ctrl-C ended. Through the binary, with a real SIGINT sent
//! to a child in a process group of its own (as a terminal sends it).
#![cfg(unix)]

mod common;

use std::time::Duration;

/// The one line, last on standard error, and status 130; `counted`: the line counts
/// what was done (`after N of M units` or `after N units`).
fn says_it_in_one_wording(args: &[&str], after: Duration, counted: Option<&str>) -> String {
    let (code, out, err) = common::interrupted(args, after);
    the_one_line(args, (code, out, err), counted)
}

/// [`says_it_in_one_wording`] for a check that reads its input before it counts: if the
/// signal came while it still read (a loaded machine), again with twice the time.
fn says_it_once_read(args: &[&str], mut after: Duration, counted: &str) -> String {
    for _ in 0..3 {
        let (code, out, err) = common::interrupted(args, after);
        if !err.contains("was still being read") {
            return the_one_line(args, (code, out, err), Some(counted));
        }
        after *= 2;
    }
    panic!("{args:?}: still reading after {after:?}");
}

fn the_one_line(
    args: &[&str],
    (code, out, err): (Option<i32>, String, String),
    counted: Option<&str>,
) -> String {
    assert_eq!(code, Some(130), "{args:?}\nstdout:\n{out}\nstderr:\n{err}");
    // the last line, joined again if it was wrapped
    let tail = err.trim_end();
    let start = tail.rfind("Stopped by Ctrl-C").unwrap_or_else(|| {
        panic!("{args:?}: no 'Stopped by Ctrl-C'\nstdout:\n{out}\nstderr:\n{err}")
    });
    let line = tail[start..]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(line.ends_with('.'), "{args:?}: {line}");
    match counted {
        Some(unit) => {
            assert!(line.starts_with("Stopped by Ctrl-C after "), "{line}");
            assert!(line.contains(&format!(" {unit};")), "{args:?}: {line}");
        }
        None => assert!(line.starts_with("Stopped by Ctrl-C; "), "{line}"),
    }
    // the old wordings are gone
    for old in ["Interrupted", "interrupted", "stopped by Ctrl-C"] {
        assert!(!out.contains(old), "{args:?}: {old:?} in\n{out}");
    }
    line
}

const SOON: Duration = Duration::from_millis(2500);

#[test]
fn menace_train_and_bench() {
    let dir = tempfile::tempdir().expect("temp dir");
    let state = dir.path().join("m.json");
    let out = dir.path().join("out");
    let (s, o) = (state.to_str().expect("utf-8"), out.to_str().expect("utf-8"));
    let line = says_it_in_one_wording(
        &[
            "menace",
            "--state",
            s,
            "train",
            "--against",
            "random",
            "--games",
            "1000000000",
            "--quiet",
            "--out",
            o,
        ],
        SOON,
        Some("of 1,000,000,000 games"),
    );
    assert!(line.contains("MENACE is saved"), "{line}");
    // thousands in the count done too
    let done = line
        .trim_start_matches("Stopped by Ctrl-C after ")
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string();
    let digits: String = done.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(
        done,
        ludomat_io::text::thousands(digits.parse().expect("a count")),
        "{line}"
    );
    says_it_in_one_wording(
        &[
            "menace",
            "bench",
            "--games",
            "1000000000",
            "--threads",
            "1",
            "--quiet",
        ],
        SOON,
        // one run alone, then one at a time beside it: twice the games
        Some("of 2,000,000,000 games"),
    );
}

#[test]
fn tournaments() {
    for args in [
        &[
            "tournament",
            "tictactoe",
            "--x",
            "random",
            "--o",
            "random",
            "--games",
            "1000000000",
        ][..],
        &[
            "tournament",
            "qubic",
            "--games",
            "10000000",
            "--threads",
            "1",
        ][..],
    ] {
        let line = says_it_in_one_wording(args, SOON, Some("games"));
        assert!(line.contains("the table above is theirs"), "{line}");
    }
}

#[test]
fn threes_auto_learn_tune_bench() {
    let dir = tempfile::tempdir().expect("temp dir");
    let learned = dir.path().join("learned");
    let l = learned.to_str().expect("utf-8");
    says_it_in_one_wording(
        &[
            "threes",
            "auto",
            "--games",
            "100000",
            "--depth",
            "1",
            "--threads",
            "1",
        ],
        SOON,
        Some("of 100,000 games"),
    );
    let line = says_it_in_one_wording(
        &[
            "threes",
            "learn",
            "--games",
            "100000000",
            "--dir",
            l,
            "--tuples",
            "4x5",
            "--threads",
            "1",
        ],
        SOON,
        Some("of 100,000,000 games"),
    );
    assert!(line.contains("--resume"), "{line}");
    let start = concat!(env!("CARGO_MANIFEST_DIR"), "/../threes/tuning/start.json");
    says_it_in_one_wording(
        &[
            "threes", "tune", "--games", "20", "--depth", "1", "--rounds", "100", "--from", start,
        ],
        SOON,
        Some("candidates"),
    );
    says_it_in_one_wording(&["threes", "bench", "--depth", "3"], SOON, None);
}

/// `logic sim` has no safe point: it caught Ctrl-C and ran on to its end (minutes at a
/// terminal), then ended 130 without a word. Now it stops at once with its line.
#[test]
fn logic_sim_stops_at_once() {
    let started = std::time::Instant::now();
    let line = says_it_in_one_wording(
        &[
            "logic",
            "sim",
            "tests/data/atalanta/c432.bench",
            "--random",
            "1000000",
        ],
        Duration::from_millis(1500),
        None,
    );
    assert!(line.contains("the simulation is not complete"), "{line}");
    // a million vectors take about 20 s of a debug build: stopped long before
    assert!(
        started.elapsed() < Duration::from_secs(12),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn relay_her_and_the_proof_checks() {
    says_it_in_one_wording(
        &["relay", "bench", "--max-steps", "1e12"],
        SOON,
        Some("of 1,000,000,000,000 instructions"),
    );
    // second re-trial, hostile item 6: 'relay run' died of Ctrl-C without a word
    let line = says_it_in_one_wording(
        &[
            "relay",
            "run",
            "programs/relay/busy.asm",
            "--max-steps",
            "1e12",
        ],
        SOON,
        Some("of 1,000,000,000,000 instructions"),
    );
    assert!(line.contains("the paper above"), "{line}");
    // HER's games are quick: saving after each makes the run long enough to stop
    let dir = tempfile::tempdir().expect("temp dir");
    let state = dir.path().join("her.json");
    let line = says_it_in_one_wording(
        &[
            "her",
            "train",
            "--games",
            "1000000",
            "--quiet",
            "--state",
            state.to_str().expect("utf-8"),
            "--save-every",
            "1",
        ],
        SOON,
        Some("of 1,000,000 games"),
    );
    assert!(line.contains("HER is saved with them"), "{line}");
    // the 4×4×4×4 tree's check has no safe point: it used to die of the signal, silent
    // now it says how far it got, of the stored tree's positions, and when (after the
    // tree is read: 1.3 s of a debug build, more under load)
    let line = says_it_once_read(
        &["qubic", "proof"],
        Duration::from_millis(6000),
        "of 16,254,366 positions checked",
    );
    assert!(line.contains("not complete"), "{line}");
    // a dictionary's check counts too (Patashnik's whole check takes about a second of a
    // debug build on two cores; the shortest sequences, about ten times that)
    let line = says_it_once_read(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--dictionary",
            "--shortest",
        ],
        Duration::from_millis(1000),
        "positions checked",
    );
    assert!(line.contains("after the dictionary was read"), "{line}");
    // a certificate written counts its positions, and none is left behind
    let dir = tempfile::tempdir().expect("temp dir");
    let cert = dir.path().join("c.gz");
    let cert_arg = cert.to_str().expect("utf-8");
    let args = [
        "qubic",
        "proof",
        "--dims",
        "3",
        "--write-certificate",
        cert_arg,
    ];
    let line = says_it_once_read(&args, Duration::from_millis(1000), "positions written");
    assert!(line.contains("of 317,789 positions written"), "{line}");
    assert!(!cert.exists());
}

/// SIGTERM stops a long run as Ctrl-C does, and the line and status say SIGTERM (143),
/// also where the line is made after the run let go of its signal handling (a tournament)
/// and where the work has no safe point (a proof check, a benchmark).
#[test]
fn sigterm_is_said_as_sigterm_with_status_143() {
    for args in [
        &[
            "tournament",
            "tictactoe",
            "--x",
            "perfect",
            "--o",
            "random",
            "--games",
            "1000000000",
        ][..],
        &["qubic", "proof"][..],
        &["threes", "bench", "--depth", "3"][..],
        &[
            "relay",
            "run",
            "programs/relay/busy.asm",
            "--max-steps",
            "1e12",
        ][..],
    ] {
        let (code, out, err) = common::signalled(args, SOON, libc::SIGTERM);
        assert_eq!(code, Some(143), "{args:?}\nstdout:\n{out}\nstderr:\n{err}");
        let tail = err.trim_end();
        assert!(tail.contains("Stopped by SIGTERM"), "{args:?}: {err}");
        assert!(!tail.contains("Ctrl-C"), "{args:?}: {err}");
    }
}

/// A signal that comes while the command starts (before its run's handling is in place) is
/// held from the first line of `main` and given to the run: `threes bench` sent SIGTERM
/// 50–200 ms after its `main` began still says its stop line (it used to die silent, 143).
#[test]
fn a_signal_while_the_command_starts_still_gets_the_stop_line() {
    for ms in [50, 100, 200] {
        let args = ["threes", "bench", "--depth", "3"];
        // counted from main's first line: before it, any program dies of the signal
        let (code, out, err) =
            common::signalled_once_caught(&args, Duration::from_millis(ms), libc::SIGTERM);
        assert_eq!(code, Some(143), "{ms} ms\nstdout:\n{out}\nstderr:\n{err}");
        assert!(err.contains("Stopped by SIGTERM"), "{ms} ms: {err}");
    }
}

/// SIGHUP (the terminal closed) and Ctrl-\ (SIGQUIT) stop a long run as SIGTERM does: what
/// was done is saved, the lock let go (the next run takes the state without taking over a
/// lock), the stop line names the signal, and the status is 128 + its number.
#[test]
fn hangup_and_quit_save_and_say_their_stop_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let state = dir.path().join("m.json");
    let out = dir.path().join("out");
    let (s, o) = (state.to_str().expect("utf-8"), out.to_str().expect("utf-8"));
    let args = [
        "menace",
        "--state",
        s,
        "train",
        "--against",
        "random",
        "--games",
        "1000000000",
        "--quiet",
        "--out",
        o,
    ];
    for (signal, by, status) in [
        (libc::SIGHUP, "SIGHUP", 129),
        (libc::SIGQUIT, "Ctrl-\\", 131),
    ] {
        let (code, out, err) = common::signalled(&args, SOON, signal);
        assert_eq!(code, Some(status), "{by}\nstdout:\n{out}\nstderr:\n{err}");
        let said = err.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            said.contains(&format!("Stopped by {by} after ")) && said.contains("MENACE is saved"),
            "{said}"
        );
        assert!(!said.contains("taken over"), "{said}");
    }
    // saved, and free: a read of it says its games
    let (ok, stats, err) = common::run(&["menace", "--state", s, "stats"], "");
    assert!(ok, "{err}");
    assert!(!err.contains("taken over"), "{err}");
    assert!(stats.contains("games"), "{stats}");
}

/// `logic bench --chart F` stopped before any run had finished: it failed (status 1)
/// with "nothing to draw"; now it stops with its line, which says there is no chart.
#[test]
fn logic_bench_with_a_chart_stopped_before_a_run_says_there_is_none() {
    let dir = tempfile::tempdir().expect("temp dir");
    let chart = dir.path().join("lb.png");
    let chart_arg = chart.to_str().expect("a UTF-8 temporary path");
    let args = [
        "logic",
        "bench",
        "--vectors",
        "1000000",
        "--chart",
        chart_arg,
    ];
    let line = says_it_in_one_wording(&args, Duration::from_millis(1500), Some("simulator runs"));
    if line.contains("after 0 of") {
        assert!(line.contains("no chart"), "{line}");
        assert!(!chart.exists());
    }
}
