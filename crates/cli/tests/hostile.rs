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
            words(&err).contains("Stopped by Ctrl-C after"),
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
    assert_eq!(code, Some(130), "{out}\n{err}");
    assert!(
        words(&err).contains("Stopped by Ctrl-C after"),
        "{out}\n{err}"
    );
    assert!(
        took < std::time::Duration::from_secs(30),
        "the Ctrl-C was seen after {took:?}"
    );
}

#[test]
fn menace_train_checks_its_output_folder_and_files_before_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("m.json");
    let s = state.to_str().unwrap();
    // a billion games would take hours: every refusal must come first
    let train = |out: &str| {
        let args = [
            "menace",
            "--state",
            s,
            "train",
            "--against",
            "random",
            "--games",
            "1e9",
            "--quiet",
            "--out",
            out,
        ];
        let started = std::time::Instant::now();
        let (ok, said, err) = ludomat(&args, "");
        assert!(!ok, "--out {out}: it trained: {said}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(20),
            "--out {out}: refused only after {:?}",
            started.elapsed()
        );
        assert!(!state.exists(), "--out {out}: a state was saved");
        words(&err)
    };
    // a folder that takes no file
    let e = train("/proc/self/curve");
    assert!(e.contains("cannot write into the folder"), "{e}");
    // a file where the folder should be: in words, never "File exists (os error 17)"
    let file = dir.path().join("file");
    ludomat_io::write::atomically(&file, "x").unwrap();
    let e = train(file.to_str().unwrap());
    assert!(e.contains("is a file, not a folder"), "{e}");
    assert!(!e.contains("os error"), "{e}");
    // a folder whose curve.png is a FIFO, or a dangling link
    let out = dir.path().join("curve");
    std::fs::create_dir(&out).unwrap();
    let fifo = out.join("curve.png");
    use ludomat_io::child::Run as _;
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .run_status()
        .unwrap()
        .success());
    let e = train(out.to_str().unwrap());
    assert!(e.contains("curve.png: is a FIFO"), "{e}");
    std::fs::remove_file(&fifo).unwrap();
    std::os::unix::fs::symlink(
        dir.path().join("gone/first-box.svg"),
        out.join("first-box.svg"),
    )
    .unwrap();
    let e = train(out.to_str().unwrap());
    assert!(
        e.contains("first-box.svg: a dangling symbolic link to"),
        "{e}"
    );
    assert!(!dir.path().join("gone").exists());
}

#[test]
fn refusals_name_only_flags_the_command_has() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("games.csv");
    ludomat_io::write::atomically(&csv, "# an earlier run\ngame,score\n1,2\n").unwrap();
    let c = csv.to_str().unwrap();
    // threes auto has no --resume
    let (ok, _, err) = ludomat(
        &["threes", "auto", "--games", "1", "--depth", "1", "--csv", c],
        "",
    );
    assert!(!ok);
    let err = words(&err);
    assert!(err.contains("never emptied"), "{err}");
    assert!(!err.contains("--resume"), "{err}");
    // neither threes auto nor threes versus has --wait-lock: a log held by this process
    let held = dir.path().join("held.csv");
    let h = held.to_str().unwrap();
    let _lock = ludomat_io::lock::Lock::acquire(&held, ludomat_io::lock::Wait::No).unwrap();
    for args in [
        &["threes", "auto", "--games", "1", "--depth", "1", "--csv", h][..],
        &[
            "threes",
            "versus",
            "--games",
            "1",
            "--ai",
            "x:1=ludomat threes engine --depth {}",
            "--csv",
            h,
        ][..],
    ] {
        let (ok, _, err) = ludomat(args, "");
        assert!(!ok, "{args:?}");
        let err = words(&err);
        assert!(err.contains("is in use by process"), "{args:?}: {err}");
        assert!(!err.contains("--wait-lock"), "{args:?}: {err}");
    }
}

#[test]
fn writers_refuse_a_dangling_link_and_make_nothing_where_it_points() {
    let dir = tempfile::tempdir().unwrap();
    let gone = dir.path().join("gone");
    let link = |name: &str| {
        let l = dir.path().join(name);
        std::os::unix::fs::symlink(gone.join("deeper").join(name), &l).unwrap();
        l.to_str().unwrap().to_string()
    };
    let (chart, state, image) = (link("h.svg"), link("m.json"), link("p.bin"));
    let curve = dir.path().join("curve");
    let curve = curve.to_str().unwrap();
    for args in [
        vec![
            "threes", "auto", "--games", "1", "--depth", "1", "--chart", &chart,
        ],
        vec![
            "menace",
            "--state",
            &state,
            "train",
            "--against",
            "random",
            "--games",
            "5",
            "--out",
            curve,
        ],
        vec![
            "relay",
            "asm",
            "../../programs/relay/tictactoe.asm",
            "-o",
            &image,
        ],
    ] {
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{args:?}");
        assert!(
            words(&err).contains("a dangling symbolic link to"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("os error"), "{args:?}: {err}");
        assert!(!gone.exists(), "{args:?} made {}", gone.display());
    }
}

#[test]
fn a_missing_file_is_said_in_words() {
    let (ok, _, err) = ludomat(&["threes", "replay", "games/x.json"], "");
    assert!(!ok);
    assert!(words(&err).contains("games/x.json: no such file"), "{err}");
    assert!(!err.contains("os error"), "{err}");
}

#[test]
fn kits_and_certificates_take_their_format_from_the_extension() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("kit.svg");
    let (ok, _, err) = ludomat(
        &[
            "menace",
            "--rules",
            "source",
            "kit",
            "--out",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok, "a PDF was written as kit.svg");
    assert!(words(&err).contains("a kit in one file is a PDF"), "{err}");
    assert!(!svg.exists());
    let pdf = dir.path().join("kit.pdf");
    let (ok, _, err) = ludomat(&["her", "kit", "--svg", "--out", pdf.to_str().unwrap()], "");
    assert!(!ok, "several files went into kit.pdf");
    assert!(words(&err).contains("needs a folder"), "{err}");
    assert!(!pdf.exists());
    // the certificate's walk takes seconds: the name is refused first
    let json = dir.path().join("x.json");
    let started = std::time::Instant::now();
    let (ok, _, err) = ludomat(
        &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--write-certificate",
            json.to_str().unwrap(),
        ],
        "",
    );
    assert!(!ok);
    assert!(words(&err).contains(".gz, not .json"), "{err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(!json.exists());
}

#[test]
fn a_puzzle_file_is_named_never_quoted_whole() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    // 10 MB on one line, no 'shape:'
    ludomat_io::write::atomically(&big, "x".repeat(10_000_000)).unwrap();
    let (ok, _, err) = ludomat(&["play", "regex", big.to_str().unwrap()], "");
    assert!(!ok);
    assert!(err.len() < 1_000, "{} bytes of error", err.len());
    assert!(words(&err).contains("big.txt"), "{err}");
    // an unknown shipped name with a control character: quoted short, escaped
    let (ok, _, err) = ludomat(&["play", "regex", "no\u{1b}such"], "");
    assert!(!ok);
    assert!(err.contains("\"no\\u{1b}such\""), "{err}");
}

#[test]
fn a_menace_state_given_to_her_is_refused_in_words() {
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
            "3",
            "--quiet",
            "--out",
            curve.to_str().unwrap(),
        ],
        "",
    );
    assert!(ok, "{err}");
    let (ok, _, err) = ludomat(&["her", "boxes", "--state", s], "");
    assert!(!ok);
    assert!(
        words(&err).contains("its format is \"ludomat-menace\""),
        "{err}"
    );
    assert!(!err.contains("Some("), "{err}");
}

#[test]
fn numbers_are_read_in_any_notation_and_echoed_short() {
    // a whole number in exponent form, within range: read (the run is refused later,
    // for another reason, or runs): never "invalid digit"
    let (_, _, err) = ludomat(
        &["threes", "auto", "--nodes-per-move", "1e13", "--games", "1"],
        "",
    );
    assert!(!err.contains("invalid digit"), "{err}");
    assert!(
        words(&err).contains("'1e13' is not a whole number from 1,000 to 1,000,000,000,000"),
        "{err}"
    );
    // within range, in exponent form: read (the engine then ends at the end of its input)
    let (ok, _, err) = ludomat(&["threes", "engine", "--nodes-per-move", "2e3"], "");
    assert!(ok, "{err}");
    // a negative bead change is not "more than the limit"
    let (ok, _, err) = ludomat(&["menace", "stats", "--loss=-2147483648"], "");
    assert!(!ok);
    assert!(
        words(&err).contains("is not a whole number from -1,000 to 1,000"),
        "{err}"
    );
    assert!(!err.contains("more than"), "{err}");
    // a huge float is echoed short
    for (args, short) in [
        (
            &["threes", "engine", "--spread", "1e300"][..],
            "--spread 1e300: from 1 to 16",
        ),
        (
            &[
                "menace",
                "kit",
                "--tab",
                "1e30",
                "--out",
                "/nonexistent/k.pdf",
            ][..],
            "a glue tab of 1e30 mm",
        ),
    ] {
        let (ok, _, err) = ludomat(args, "");
        assert!(!ok, "{args:?}");
        assert!(words(&err).contains(short), "{args:?}: {err}");
        assert!(!err.contains("000000000000"), "{args:?}: {err}");
    }
}

/// Each command's outputs against the files it reads (the foundation's one rule,
/// `ludomat_io::output::outputs_not_inputs`): by the same name, a symbolic link or a hard
/// link, the output is refused before any work and the input is left as it was.
#[test]
#[allow(clippy::disallowed_methods)] // the test makes its links with std
fn no_output_is_ever_one_of_the_commands_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let copy = |from: &str, to: &std::path::Path| {
        let bytes = ludomat_io::read::to_bytes(std::path::Path::new(from)).unwrap();
        ludomat_io::write::atomically(to, bytes).unwrap();
    };
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../");
    copy(&format!("{root}logic/data/c17.bench"), &at("c17.bench"));
    std::os::unix::fs::symlink(at("c17.bench"), at("l.vcd")).unwrap();
    ludomat_io::write::atomically(at("v.txt"), "00000\n11111\n").unwrap();
    let dict = format!("{root}qubic/data/patashnik/qubic.dictionary.txt");
    copy(&dict, &at("dict.txt"));
    std::os::unix::fs::symlink(at("dict.txt"), at("dl.gz")).unwrap();
    std::fs::hard_link(at("dict.txt"), at("dh.gz")).unwrap();
    std::fs::create_dir(at("d")).unwrap();
    ludomat_io::write::atomically(at("d/curve.csv"), "a MENACE\n").unwrap();
    ludomat_io::write::atomically(at("h.svg"), "a HER\n").unwrap();
    ludomat_io::write::atomically(at("w.json"), "{}").unwrap();
    let cases: Vec<(Vec<String>, std::path::PathBuf)> = vec![
        (
            vec![
                "logic",
                "sim",
                &s(&at("c17.bench")),
                "--random",
                "5",
                "--vcd",
            ]
            .into_iter()
            .map(String::from)
            .chain([s(&at("c17.bench"))])
            .collect(),
            at("c17.bench"),
        ),
        (
            [
                "logic",
                "sim",
                &s(&at("c17.bench")),
                "--random",
                "5",
                "--vcd",
                &s(&at("l.vcd")),
            ]
            .map(String::from)
            .to_vec(),
            at("c17.bench"),
        ),
        (
            [
                "logic",
                "sim",
                &s(&at("c17.bench")),
                "--vectors",
                &s(&at("v.txt")),
                "--vcd",
                &s(&at("v.txt")),
            ]
            .map(String::from)
            .to_vec(),
            at("v.txt"),
        ),
        (
            [
                "qubic",
                "proof",
                "--dims",
                "3",
                "--dictionary",
                &s(&at("dict.txt")),
                "--write-certificate",
                &s(&at("dl.gz")),
            ]
            .map(String::from)
            .to_vec(),
            at("dict.txt"),
        ),
        (
            [
                "qubic",
                "proof",
                "--dims",
                "3",
                "--dictionary",
                &s(&at("dh.gz")),
                "--search-after",
                "1",
                "--write-certificate",
                &s(&at("dict.txt")),
            ]
            .map(String::from)
            .to_vec(),
            at("dict.txt"),
        ),
        (
            [
                "menace",
                "--state",
                &s(&at("d/curve.csv")),
                "train",
                "--against",
                "random",
                "--games",
                "10",
                "--quiet",
                "--out",
                &s(&at("d")),
            ]
            .map(String::from)
            .to_vec(),
            at("d/curve.csv"),
        ),
        (
            [
                "her",
                "train",
                "--games",
                "5",
                "--state",
                &s(&at("h.svg")),
                "--chart",
                &s(&at("h.svg")),
            ]
            .map(String::from)
            .to_vec(),
            at("h.svg"),
        ),
        (
            [
                "threes",
                "tune",
                "--from",
                &s(&at("w.json")),
                "--checkpoint",
                &s(&at("w.json")),
                "--games",
                "2",
                "--depth",
                "1",
            ]
            .map(String::from)
            .to_vec(),
            at("w.json"),
        ),
    ];
    for (args, input) in cases {
        let before = ludomat_io::read::to_bytes(&input).unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{args:?}: an input was written over");
        let err = words(&err);
        assert!(err.contains("is the same file as"), "{args:?}: {err}");
        assert!(err.contains("which this command reads"), "{args:?}: {err}");
        assert_eq!(
            ludomat_io::read::to_bytes(&input).unwrap(),
            before,
            "{args:?}"
        );
    }
}

/// `threes learn` with an option out of range made curve.csv in --dir before refusing,
/// and the folder was stuck (a fresh run found the CSV, --resume no checkpoint).
#[test]
fn threes_learn_checks_every_option_before_it_makes_anything() {
    let dir = tempfile::tempdir().unwrap();
    let learn = dir.path().join("L");
    let l = learn.to_str().unwrap();
    for bad in [["--lambda", "2"], ["--alpha", "NaN"], ["--alpha", "0"]] {
        let mut args = vec!["threes", "learn", "--dir", l, "--games", "1"];
        args.extend(["--tuples", "4x5"]);
        args.extend(bad);
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{bad:?}");
        assert!(words(&err).contains(bad[0]), "{bad:?}: {err}");
        let made = ludomat_io::read::entries(&learn).unwrap_or_default();
        assert!(made.is_empty(), "{bad:?}: made {made:?}");
    }
}
