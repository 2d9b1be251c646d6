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
    let curve = dir.path().join("curve");
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
            "--out",
            curve.to_str().unwrap(),
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

/// `/dev/full`, opened to write: a hostile standard output.
#[allow(clippy::disallowed_methods)] // a test building a hostile output on purpose
fn full_device() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

/// Run `ludomat ARGS` with standard output `out`; wait at most `limit`. Returns the exit
/// code (`None`: still running at the limit, then killed) and standard error.
fn run_with_stdout(
    args: &[&str],
    out: std::process::Stdio,
    limit: std::time::Duration,
) -> (Option<i32>, String) {
    use ludomat_io::child::Run as _;
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"));
    cmd.args(args)
        .stdin(std::process::Stdio::null())
        .stdout(out)
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.start().expect("the binary starts");
    drop(cmd);
    let mut err = child.stderr.take().expect("piped");
    let reader = std::thread::spawn(move || ludomat_io::read::capped(&mut err, 1 << 20));
    let started = std::time::Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let err = reader.join().ok().and_then(Result::ok).unwrap_or_default();
    (code, String::from_utf8_lossy(&err).into_owned())
}

#[test]
fn relay_run_stops_at_the_first_failed_write() {
    let limit = std::time::Duration::from_secs(30);
    // the built-in busy program never halts; --max-steps alone would take hours
    for trace in [true, false] {
        let mut args = vec![
            "relay",
            "run",
            "programs/relay/busy.asm",
            "--max-steps",
            "1e12",
        ];
        if trace {
            args.push("--trace");
        }
        // a reader that went away
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let (code, err) = run_with_stdout(&args, writer.into(), limit);
        assert_eq!(code, Some(141), "trace {trace}, closed pipe: {err}");
        // a full device
        let (code, err) = run_with_stdout(&args, full_device().into(), limit);
        assert_eq!(code, Some(1), "trace {trace}, /dev/full: {err}");
        assert!(
            words(&err).contains("cannot write to standard output"),
            "{err}"
        );
        assert!(!err.contains("os error"), "{err}");
    }
}

/// Start `ludomat ARGS` in the background (standard streams to nothing).
fn start(args: &[&str]) -> std::process::Child {
    use ludomat_io::child::Run as _;
    std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .start()
        .expect("the binary starts")
}

/// Wait until `side` (a lock's side file) names the process `pid`.
fn wait_for_holder(side: &std::path::Path, pid: u32) {
    let started = std::time::Instant::now();
    while !ludomat_io::read::to_string(side).is_ok_and(|t| t.starts_with(&format!("{pid}\n"))) {
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "{} never named process {pid}",
            side.display()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
#[allow(clippy::disallowed_methods)] // the test makes a hard link with std
fn two_tunings_on_one_checkpoint_are_refused_by_any_name() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("cp.json");
    // an earlier checkpoint, and a second name for it
    ludomat_io::write::atomically(&cp, "{}").unwrap();
    let other = dir.path().join("other.json");
    std::fs::hard_link(&cp, &other).unwrap();
    let long = [
        "threes",
        "tune",
        "--games",
        "100000",
        "--depth",
        "1",
        "--checkpoint",
    ];
    let mut args = long.to_vec();
    args.push(cp.to_str().unwrap());
    let mut first = start(&args);
    wait_for_holder(&dir.path().join("cp.json.lock"), first.id());
    for (name, hint) in [(&cp, "--wait-lock"), (&other, "hard link")] {
        let mut args = long.to_vec();
        args.push(name.to_str().unwrap());
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{}: a second tuning ran", name.display());
        let err = words(&err);
        assert!(err.contains("is in use by process"), "{err}");
        assert!(err.contains(&first.id().to_string()), "{err}");
        assert!(err.contains(hint), "{err}");
    }
    let _ = first.kill();
    let _ = first.wait();
}

/// Run `ludomat ARGS`, send it Ctrl-C (SIGINT) after `after`; its exit code, stdout and
/// stderr (`None`: it did not end within a minute of the Ctrl-C, then killed).
fn interrupted(args: &[&str], after: std::time::Duration) -> (Option<i32>, String, String) {
    use ludomat_io::child::Run as _;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .start()
        .expect("the binary starts");
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || ludomat_io::read::capped(&mut out, 1 << 20));
    let err = std::thread::spawn(move || ludomat_io::read::capped(&mut err, 1 << 20));
    std::thread::sleep(after);
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: kill with a valid pid and signal number has no memory effects.
    unsafe { libc::kill(pid, libc::SIGINT) };
    let started = std::time::Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let text = |h: std::thread::JoinHandle<std::io::Result<Vec<u8>>>| {
        String::from_utf8_lossy(&h.join().ok().and_then(Result::ok).unwrap_or_default())
            .into_owned()
    };
    (code, text(out), text(err))
}

#[test]
fn ctrl_c_in_a_tournament_prints_the_games_played_and_exits_130() {
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
        let (code, out, err) = interrupted(args, std::time::Duration::from_secs(3));
        assert_eq!(code, Some(130), "{args:?}: {out}\n{err}");
        assert!(
            out.contains("interrupted (Ctrl-C) after"),
            "{args:?}: {out}\n{err}"
        );
        // the table of the games played
        assert!(out.contains("wins"), "{args:?}: {out}");
    }
}

#[test]
fn ctrl_c_in_logic_bench_stops_inside_a_simulator_s_run() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/iscas85");
    if !dir.join("c6288.bench").is_file() {
        ludomat_io::errln!("skipped: no ISCAS-85 data beside the repository");
        return;
    }
    // a million vectors through c6288 take each engine minutes in a debug build
    let d = dir.display().to_string();
    let args = [
        "logic",
        "bench",
        "--dir",
        &d,
        "--circuits",
        "c6288",
        "--vectors",
        "1000000",
        "--no-external",
    ];
    let started = std::time::Instant::now();
    let (code, out, err) = interrupted(&args, std::time::Duration::from_secs(4));
    let took = started.elapsed();
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(words(&out).contains("stopped by Ctrl-C"), "{out}\n{err}");
    assert!(
        took < std::time::Duration::from_secs(30),
        "the Ctrl-C was seen after {took:?}"
    );
}
