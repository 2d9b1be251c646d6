//! Threes! runs stopped and refused, through the binary (the fifth hostile re-trial):
//! - a stop line, and whatever a stopped run prints first, starts on a line of its own
//!   after the terminal's echoed `^C` (`^CStopped by Ctrl-C …` in `threes bench`, `^Ca new
//!   network` at the start of `threes learn`): driven on a pseudo-terminal, as a person
//!   presses the key;
//! - Ctrl-C or SIGTERM while `--wait-lock` waits says its stop line, status 130 or 143 (it
//!   died of the signal without a word);
//! - a finished tuning checkpoint resumed says the run is finished, with its result;
//!   a damaged one is worded one way whichever flag names it; other settings are said a
//!   line each;
//! - a `--record-dir` that can take no records is a usage error (status 2).
#![cfg(unix)]

mod common;

use ludomat_io::child::Run as _;
use std::fs::File;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn check(rc: libc::c_int, what: &str) -> libc::c_int {
    assert!(rc >= 0, "{what}: {}", std::io::Error::last_os_error());
    rc
}

/// `ludomat ARGS` on a pseudo-terminal of 80×24 that is its controlling terminal (so the
/// byte 0x03 is Ctrl-C: SIGINT, and the terminal echoes `^C`); `Ctrl-C` is pressed
/// `after` its start, and the screen and the exit code are returned once it has ended.
fn ctrl_c_on_a_terminal(args: &[&str], after: Duration) -> (String, Option<i32>) {
    // SAFETY: plain libc calls on descriptors this test owns; results are checked.
    let (master, slave) = unsafe {
        let master = check(libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY), "openpt");
        check(libc::grantpt(master), "grantpt");
        check(libc::unlockpt(master), "unlockpt");
        let mut name = [0 as libc::c_char; 128];
        check(
            libc::ptsname_r(master, name.as_mut_ptr(), name.len()),
            "ptsname",
        );
        let slave = check(
            libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY),
            "open",
        );
        let size = libc::winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        check(libc::ioctl(slave, libc::TIOCSWINSZ, &size), "winsize");
        (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
    };
    let stdio = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_ludomat"));
    command
        .args(args)
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env("COLUMNS", "80")
        .stdin(stdio(&slave))
        .stdout(stdio(&slave))
        .stderr(stdio(&slave));
    // SAFETY: between fork and exec only async-signal-safe calls: a new session whose
    // controlling terminal is the slave, so 0x03 becomes SIGINT for the command.
    unsafe {
        command.pre_exec(|| {
            if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = command.start().expect("the ludomat binary starts");
    drop(command);
    drop(slave);
    let screen = Arc::new(Mutex::new(Vec::new()));
    let mut reader = master.try_clone().expect("dup master");
    let sink = Arc::clone(&screen);
    let reading = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        // ends with EIO once the command has exited and the slave is closed
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().expect("screen").extend_from_slice(&buf[..n]);
        }
    });
    std::thread::sleep(after);
    let shown = || String::from_utf8_lossy(&screen.lock().expect("screen")).into_owned();
    assert!(
        child.try_wait().expect("status").is_none(),
        "{args:?} ended before Ctrl-C: {}",
        shown()
    );
    std::io::Write::write_all(&mut &master, b"\x03").expect("Ctrl-C");
    let started = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("status") {
            break status.code();
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} did not end after Ctrl-C: {}", shown());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = reading.join();
    (shown(), code)
}

/// A line cleared: back to its start, and erased.
const CLEARED: &str = "\r\x1b[2K";

/// Every `^C` the terminal echoed is followed by a new line: nothing the command printed
/// ran on from it.
fn nothing_runs_into_the_echo(screen: &str) {
    assert!(screen.contains("^C"), "no echo of Ctrl-C: {screen:?}");
    for (at, _) in screen.match_indices("^C") {
        let rest = &screen[at + 2..];
        assert!(
            rest.is_empty()
                || rest.starts_with("\r\n")
                || rest.starts_with('\n')
                // a bar's line, cleared with its echo once Ctrl-C was seen
                || rest.starts_with(CLEARED),
            "a line runs into the echoed ^C: {screen:?}"
        );
    }
}

#[test]
fn a_stopped_bench_says_its_line_after_the_echo() {
    let (screen, code) = ctrl_c_on_a_terminal(
        &["threes", "bench", "--depth", "3", "--seconds", "60"],
        Duration::from_millis(1_500),
    );
    nothing_runs_into_the_echo(&screen);
    assert!(screen.contains("\nStopped by Ctrl-C; "), "{screen:?}");
    assert_eq!(code, Some(130), "{screen:?}");
}

#[test]
fn a_learn_stopped_as_it_starts_prints_nothing_into_the_echo() {
    let dir = tempfile::tempdir().expect("scratch");
    let run = dir.path().join("run");
    for after in [80, 400] {
        let _ = std::fs::remove_dir_all(&run);
        let (screen, code) = ctrl_c_on_a_terminal(
            &[
                "threes",
                "learn",
                "--games",
                "100000000",
                "--dir",
                run.to_str().expect("utf-8"),
                "--tuples",
                "4x5",
                "--quiet",
            ],
            Duration::from_millis(after),
        );
        nothing_runs_into_the_echo(&screen);
        assert!(screen.contains("\nStopped by Ctrl-C after "), "{screen:?}");
        assert!(
            !screen.contains("\r\n\r\nStopped"),
            "an empty line: {screen:?}"
        );
        assert_eq!(code, Some(130), "{screen:?}");
    }
}

/// `threes tune` waiting with `--wait-lock` for the checkpoint this test holds.
fn waiting_tune(cp: &str) -> Vec<&str> {
    vec![
        "threes",
        "tune",
        "--games",
        "1",
        "--depth",
        "1",
        "--rounds",
        "0",
        "--quiet",
        "--checkpoint",
        cp,
        "--wait-lock",
    ]
}

#[test]
fn a_signal_while_waiting_for_a_lock_says_its_stop_line() {
    let dir = tempfile::tempdir().expect("scratch");
    let cp = dir.path().join("cp.json");
    let path = cp.to_str().expect("utf-8");
    let held = ludomat_io::lock::Lock::acquire(&cp, ludomat_io::lock::Wait::No).expect("lock");
    let holder = format!("waiting for process {} (", std::process::id());
    // after the command's first seconds (it died of the signal then), and in them
    for (signal, after, by, status) in [
        (libc::SIGINT, 2_500, "Ctrl-C", 130),
        (libc::SIGTERM, 2_500, "SIGTERM", 143),
        (libc::SIGINT, 300, "Ctrl-C", 130),
    ] {
        let (code, out, err) =
            common::signalled(&waiting_tune(path), Duration::from_millis(after), signal);
        let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(code, Some(status), "{by}: {err}");
        assert!(err.contains(&holder), "{err}");
        assert!(
            err.contains(&format!(
                "Stopped by {by} while {}",
                &holder[..holder.len() - 2]
            )) && err.ends_with("cp.json; nothing was written."),
            "{err}"
        );
        assert!(out.is_empty(), "{out}");
        assert!(!cp.exists(), "the checkpoint was written");
    }
    drop(held);
}

#[test]
fn a_finished_tuning_checkpoint_resumed_says_so_with_its_result() {
    let dir = tempfile::tempdir().expect("scratch");
    let cp = dir.path().join("cp.json");
    let path = cp.to_str().expect("utf-8");
    fn with<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        let tune = [
            "threes", "tune", "--games", "1", "--depth", "1", "--rounds", "1",
        ];
        [&tune[..], extra].concat()
    }
    let (ok, first, err) = common::run(&with(&["--checkpoint", path]), "");
    assert!(ok, "{err}");
    let (ok, out, err) = common::run(&with(&["--resume", path]), "");
    assert!(ok, "{err}");
    assert!(
        out.contains("holds a finished run (1 round, ") && !out.contains("weight 12"),
        "{out}"
    );
    // its result, as the finished run printed it
    let result = |o: &str| o[o.find("best: ").expect("the best weights")..].to_string();
    assert_eq!(result(&out), result(&first));
    assert!(!err.contains("tried in"), "no work is timed: {err}");
    // other settings: a line each, within 80 columns
    let (ok, _, err) = common::run(&with(&["--resume", path, "--seed", "2"]), "");
    assert!(!ok);
    assert!(
        err.contains("\n  --seed: 1 in the checkpoint, 2 now\n"),
        "{err}"
    );
    assert!(err.lines().all(|l| l.chars().count() <= 80), "{err}");
    // a checkpoint cut short: one wording whichever flag names it
    let cut = dir.path().join("cut.json");
    let text = ludomat_io::read::to_string(&cp).expect("the checkpoint");
    ludomat_io::write::atomically(&cut, &text[..text.len() / 2]).expect("cut");
    let cut = cut.to_str().expect("utf-8");
    let (_, _, resumed) = common::run(&with(&["--resume", cut]), "");
    let (_, _, named) = common::run(&with(&["--checkpoint", cut]), "");
    let said = |e: &str| e.split_whitespace().collect::<Vec<_>>().join(" ");
    let (resumed, named) = (said(&resumed), said(&named));
    assert!(
        resumed.contains("cut.json is damaged: not valid JSON: "),
        "{resumed}"
    );
    assert!(named.starts_with(resumed.trim_end()), "{named}\n{resumed}");
    assert!(!named.contains("something other"), "{named}");
    // CMA-ES's weights to three significant digits
    let cma = dir.path().join("cma.json");
    let cma = cma.to_str().expect("utf-8");
    let cmaes = [
        "threes",
        "tune",
        "--method",
        "cmaes",
        "--generations",
        "1",
        "--population",
        "4",
        "--games",
        "1",
        "--depth",
        "1",
    ];
    let (ok, cout, cerr) = common::run(&[&cmaes[..], &["--checkpoint", cma]].concat(), "");
    assert!(ok, "{cerr}");
    let best = cout[cout.find("best: ").expect("best")..]
        .split("\nmean")
        .next()
        .unwrap_or_default()
        .to_string();
    let six = best
        .split('.')
        .skip(1)
        .any(|d| d.chars().take_while(char::is_ascii_digit).count() > 3);
    assert!(!six, "{best}");
}

#[test]
fn a_record_folder_that_takes_no_records_is_a_usage_error() {
    let dir = tempfile::tempdir().expect("scratch");
    let file = dir.path().join("a-file");
    ludomat_io::write::atomically(&file, "x").expect("a file");
    let out = common::ludomat(
        &[
            "threes",
            "auto",
            "--games",
            "1",
            "--depth",
            "1",
            "--record-dir",
            file.to_str().expect("utf-8"),
        ],
        "",
    );
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: --record-dir "), "{err}");
    assert!(err.contains("not a folder"), "{err}");
}

/// Runs with `--quiet` (no bar) stopped by Ctrl-C: the first line they print after it —
/// their results, before the stop line — starts on a line of its own after the echoed
/// `^C`; and a bar, once Ctrl-C is seen, is cleared once and never drawn again.
#[test]
fn the_first_line_after_ctrl_c_never_runs_into_the_echo() {
    let dir = tempfile::tempdir().expect("scratch");
    let state = dir.path().join("menace.json");
    let curve = dir.path().join("curve");
    let cp = dir.path().join("cp.json");
    let (state, curve, cp) = (
        state.to_str().expect("utf-8"),
        curve.to_str().expect("utf-8"),
        cp.to_str().expect("utf-8"),
    );
    let menace = [
        "menace",
        "train",
        "--against",
        "random",
        "--fresh",
        "--games",
        "1000000000",
        "--state",
        state,
        "--out",
        curve,
    ];
    let auto = ["threes", "auto", "--games", "100000", "--depth", "1"];
    let tune = [
        "threes",
        "tune",
        "--games",
        "2",
        "--depth",
        "1",
        "--rounds",
        "100",
        "--checkpoint",
        cp,
    ];
    for run in [&menace[..], &auto[..], &tune[..]] {
        for quiet in [true, false] {
            let _ = std::fs::remove_file(cp);
            let args = [run, if quiet { &["--quiet"][..] } else { &[][..] }].concat();
            let (screen, code) = ctrl_c_on_a_terminal(&args, Duration::from_millis(2_500));
            nothing_runs_into_the_echo(&screen);
            assert_eq!(code, Some(130), "{screen:?}");
            // the bar is cleared once after the echo, and not drawn again: nothing after
            // it goes back to the start of its line
            let after = &screen[screen.find("^C").expect("the echo") + 2..];
            let after = after.strip_prefix(CLEARED).unwrap_or(after);
            assert!(
                !after.replace("\r\n", "").contains('\r'),
                "{args:?}: a bar drawn after ^C: {screen:?}"
            );
        }
    }
}
