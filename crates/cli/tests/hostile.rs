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
    // an empty file (nothing a run would lose), and a second name for it
    ludomat_io::write::atomically(&cp, "").unwrap();
    let other = dir.path().join("other.json");
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
    // the second name made once the first run holds the file (a file with two names is
    // refused before a run takes it: a save would split it)
    std::fs::hard_link(&cp, &other).unwrap();
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
    let (code, out, err) = common::interrupted(&args, std::time::Duration::from_secs(4));
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
    assert!(
        e.contains("the folder /proc/self does not accept new files"),
        "{e}"
    );
    assert!(!e.contains("os error") && !e.contains("probe"), "{e}");
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
    assert!(err.contains("'no\\u{1b}such'"), "{err}");
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
        words(&err).contains("its format is 'ludomat-menace'"),
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
            "--spread '1e300' is not a number from 1 to 16",
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
            "--tab '1e30' is not a number from 0 to 15",
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
        let out = common::ludomat(&args, "");
        let (ok, err) = (out.status.success(), common::text(&out.stderr));
        assert!(!ok, "{args:?}: an input was written over");
        // two paths that are one file are options that do not go together: a usage
        // error, status 2, in every command (docs/VOICE.md)
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
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
        let out = common::ludomat(&args, "");
        let err = common::text(&out.stderr);
        // a value out of range is a usage error, status 2, as README says
        assert_eq!(out.status.code(), Some(2), "{bad:?}: {err}");
        assert!(words(&err).contains(bad[0]), "{bad:?}: {err}");
        let made = ludomat_io::read::entries(&learn).unwrap_or_default();
        assert!(made.is_empty(), "{bad:?}: made {made:?}");
    }
}

/// Hostile item 8: a save that fails on a full disk (the file-size limit of `ulimit -f`)
/// is said in words naming the file the user gave — no `(os error 27)`, no temporary
/// file's path — and says what is lost; the old state stays as it was.
#[test]
fn a_failed_save_is_said_in_words_and_says_what_is_lost() {
    use ludomat_io::child::Run as _;
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("m.json");
    let s = state.to_str().unwrap();
    let out = dir.path().join("curve");
    let o = out.to_str().unwrap();
    let train = [
        "menace",
        "--state",
        s,
        "train",
        "--against",
        "random",
        "--games",
        "3000",
        "--quiet",
        "--out",
        o,
    ];
    let (ok, _, err) = ludomat(&train, "");
    assert!(ok, "{err}");
    let before = ludomat_io::read::to_bytes(&state).unwrap();
    // the shell's default SIGXFSZ (it would end the process without a word): the binary
    // ignores it, so the write fails with EFBIG and is said in words
    let limited = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 8 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_ludomat"))
        .args(train)
        .run_output()
        .unwrap();
    assert!(!limited.status.success());
    let err = words(&String::from_utf8_lossy(&limited.stderr));
    assert!(
        err.contains(&format!(
            "cannot save MENACE's matchboxes: {s}: the file is too large for this system \
             (the file-size limit); the 3,000 games trained in this run are not saved"
        )),
        "{err}"
    );
    assert!(
        !err.contains("os error") && !err.contains(".menace-"),
        "{err}"
    );
    assert_eq!(ludomat_io::read::to_bytes(&state).unwrap(), before);
}

/// Hostile item 8: a folder that takes no new file is said so, naming the folder, for
/// every writer (no `(os error 2)`, no probe file's path).
#[test]
fn a_folder_that_takes_no_file_is_said_in_words() {
    for args in [
        vec![
            "threes",
            "auto",
            "--games",
            "1",
            "--depth",
            "1",
            "--csv",
            "/proc/self/x.csv",
        ],
        vec![
            "relay",
            "asm",
            "programs/relay/busy.asm",
            "-o",
            "/proc/self/x.bin",
        ],
        vec![
            "qubic",
            "proof",
            "--dims",
            "3",
            "--write-certificate",
            "/proc/self/c.gz",
        ],
    ] {
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{args:?}");
        let err = words(&err);
        assert!(
            err.contains("the folder /proc/self does not accept new files"),
            "{args:?}: {err}"
        );
        assert!(
            !err.contains("os error") && !err.contains("probe"),
            "{args:?}: {err}"
        );
    }
}

/// Hostile item 6: `relay asm -o img.hex` wrote a binary image that `relay disasm
/// img.hex` refused, and `-o img.bin --format hex` text that disassembled as garbage.
#[test]
fn an_image_is_written_as_its_name_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let src = "programs/relay/busy.asm";
    let hex = dir.path().join("img.hex");
    let h = hex.to_str().unwrap();
    let (ok, _, err) = ludomat(&["relay", "asm", src, "-o", h], "");
    assert!(ok, "{err}");
    let written = ludomat_io::read::to_string(&hex).unwrap();
    assert!(written.lines().all(|l| l.len() == 4), "{written}");
    let (ok, back, err) = ludomat(&["relay", "disasm", h], "");
    assert!(ok, "{err}");
    assert!(!back.is_empty());
    // a format the name contradicts: refused before writing (a usage error)
    let bin = dir.path().join("img.bin");
    let b = bin.to_str().unwrap();
    for (args, said) in [
        (
            vec!["relay", "asm", src, "-o", b, "--format", "hex"],
            "only a .hex file is read as text hex",
        ),
        (
            vec!["relay", "asm", src, "-o", h, "--format", "bin"],
            "a .hex file is read as text hex",
        ),
    ] {
        let out = common::ludomat(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = words(&common::text(&out.stderr));
        assert!(err.contains(said), "{args:?}: {err}");
    }
    assert!(!bin.exists());
    // bytes that contradict the name: said so, no garbage disassembly
    ludomat_io::write::atomically(&bin, &written).unwrap();
    for cmd in ["disasm", "run"] {
        let (ok, out, err) = ludomat(&["relay", cmd, b], "");
        assert!(!ok, "relay {cmd} read hex text as binary: {out}");
        assert!(
            words(&err)
                .contains("img.bin holds text hex words, but only a .hex file is read as hex"),
            "relay {cmd}: {err}"
        );
    }
}

/// Hostile item 14: an empty program ran a blank ROM; an empty source assembled to
/// nothing, exit 0.
#[test]
fn an_empty_program_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let empty_bin = dir.path().join("e.bin");
    let empty_asm = dir.path().join("e.asm");
    let comments = dir.path().join("c.asm");
    ludomat_io::write::atomically(&empty_bin, "").unwrap();
    ludomat_io::write::atomically(&empty_asm, "").unwrap();
    ludomat_io::write::atomically(&comments, "; nothing yet\nstart:\n").unwrap();
    let (e, a, c) = (
        empty_bin.to_str().unwrap(),
        empty_asm.to_str().unwrap(),
        comments.to_str().unwrap(),
    );
    let (ok, _, err) = ludomat(&["relay", "run", e], "");
    assert!(!ok);
    assert!(words(&err).contains("e.bin holds no words"), "{err}");
    for args in [
        vec!["relay", "run", a],
        vec!["relay", "asm", a, "--format", "hex"],
        vec!["relay", "asm", c, "--format", "hex"],
    ] {
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{args:?}");
        assert!(words(&err).contains("no instruction"), "{args:?}: {err}");
    }
}

/// Hostile item 14: `logic sim --unknown-inputs 6` on a 5-input circuit was quietly
/// accepted.
#[test]
fn more_unknown_inputs_than_the_circuit_has_are_refused() {
    let c17 = concat!(env!("CARGO_MANIFEST_DIR"), "/../logic/data/c17.bench");
    for k in ["6", "1000000"] {
        let args = ["logic", "sim", c17, "--random", "5", "--unknown-inputs", k];
        let (ok, out, err) = ludomat(&args, "");
        assert!(!ok, "--unknown-inputs {k}: {out}");
        assert!(
            words(&err).contains(&format!(
                "--unknown-inputs {k}: the circuit has 5 inputs in each vector, so at most 5"
            )),
            "{err}"
        );
    }
    let args = [
        "logic",
        "sim",
        c17,
        "--random",
        "5",
        "--unknown-inputs",
        "5",
    ];
    assert!(ludomat(&args, "").0);
}

/// Hostile item 9: `menace stats --state nothere.json` showed a fresh MENACE under that
/// name; now an error naming the file, like `her boxes`.
#[test]
fn a_reader_of_a_missing_state_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nothere.json");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&missing, &link).unwrap();
    for state in [&missing, &link] {
        let s = state.to_str().unwrap();
        for cmd in ["stats", "boxes"] {
            let out = common::ludomat(&["menace", cmd, "--state", s], "");
            assert_eq!(out.status.code(), Some(1), "menace {cmd} --state {s}");
            let err = words(&common::text(&out.stderr));
            assert!(err.contains(&format!("cannot read {s}: ")), "{err}");
            assert!(err.contains("no MENACE is saved there"), "{err}");
        }
    }
    assert!(!missing.exists());
}

/// Hostile item 12: `qubic proof --write-certificate nodir/c.gz` made the folder.
#[test]
fn a_certificate_is_not_written_into_a_missing_folder() {
    let dir = tempfile::tempdir().unwrap();
    let nodir = dir.path().join("nodir");
    let c = nodir.join("c.gz");
    let args = [
        "qubic",
        "proof",
        "--dims",
        "3",
        "--write-certificate",
        c.to_str().unwrap(),
    ];
    let (ok, _, err) = ludomat(&args, "");
    assert!(!ok);
    assert!(words(&err).contains("nodir does not exist"), "{err}");
    assert!(!nodir.exists());
}

/// Hostile item 15: control characters typed at a prompt were echoed raw in its refusal
/// (`'a^[]0;PWNED^G^[[2J' is not a numeric square`: the terminal's title changed, the
/// screen cleared); now every prompt shows them written out, as play regex does.
#[test]
fn control_characters_typed_at_a_prompt_are_shown_escaped() {
    let typed = "a\u{1b}]0;PWNED\u{7}\u{1b}[2J\n";
    for args in [
        vec!["play", "tictactoe"],
        vec!["play", "computox"],
        vec!["play", "relay-tictactoe"],
        vec!["play", "qubic"],
        vec!["play", "hexapawn"],
        vec![],
    ] {
        let (_, out, err) = ludomat(&args, typed);
        let all = format!("{out}{err}");
        assert!(
            !all.contains('\u{1b}') && !all.contains('\u{7}'),
            "{args:?} echoed a control character: {all:?}"
        );
        // written out (COMPUTOX reads its keys in capitals, `\U{1B}`; the menu quotes
        // the first characters)
        let said = all.to_lowercase();
        assert!(said.contains("a\\u{1b}]0;pw"), "{args:?}: {all}");
    }
}

/// Hostile item 17: `--first-game 4294967295` was offered by --help and refused as "past
/// the last game number 4294967295"; the same refusal exited 2 in threes auto and 1 in
/// threes versus. Now the range --help gives is the range accepted, and a first game and
/// a count that pass the last number are a usage error (2) in both, in the same words.
#[test]
fn game_numbers_are_refused_alike_as_help_says() {
    let ai = "x:1=ludomat threes engine --cpu-per-move {}";
    for args in [
        vec![
            "threes",
            "auto",
            "--games",
            "10",
            "--first-game",
            "4294967290",
            "--depth",
            "1",
        ],
        vec![
            "threes",
            "versus",
            "--ai",
            ai,
            "--games",
            "10",
            "--first-game",
            "4294967290",
        ],
    ] {
        let out = common::ludomat(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = words(&common::text(&out.stderr));
        assert!(
            err.contains(
                "--first-game 4,294,967,290 + --games 10 is 4,294,967,300: K + games must stay within 4,294,967,295"
            ),
            "{args:?}: {err}"
        );
    }
    for cmd in ["auto", "versus"] {
        let out = common::ludomat(&["threes", cmd, "--first-game", "4294967295"], "");
        assert_eq!(out.status.code(), Some(2), "threes {cmd}");
        let err = words(&common::text(&out.stderr));
        assert!(err.contains("0 to 4,294,967,294"), "threes {cmd}: {err}");
        let (_, help, _) = ludomat(&["threes", cmd, "--help"], "");
        assert!(
            words(&help).contains("0 to 4,294,967,294"),
            "threes {cmd} --help"
        );
    }
}

/// Hostile item 18: `threes learn --export` said "42,000 games trained in 8.1 s wall"
/// though it trained nothing; a resumed run's last line counted every game as its own.
#[test]
fn threes_learn_says_what_this_run_trained() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    let r = run.to_str().unwrap();
    let learn = |games: &str, more: &[&str]| {
        let mut args = vec![
            "threes",
            "learn",
            "--games",
            games,
            "--dir",
            r,
            "--tuples",
            "4x5",
            "--eval-every",
            "20",
            "--eval-games",
            "2",
        ];
        args.extend(more);
        let (ok, _, err) = ludomat(&args, "");
        assert!(ok, "{args:?}: {err}");
        words(&err)
    };
    let err = learn("20", &[]);
    assert!(err.contains("20 games trained in"), "{err}");
    let err = learn("30", &["--resume"]);
    assert!(
        err.contains("10 games trained in this run (30 in all) in"),
        "{err}"
    );
    // newcomer re-trial item 10: no empty 'curve.csv.lock' (or any lock) is left
    let locks: Vec<_> = ludomat_io::read::entries(&run)
        .unwrap()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "lock"))
        .collect();
    assert!(locks.is_empty(), "{locks:?}");
    let (ok, _, err) = ludomat(&["threes", "learn", "--dir", r, "--export"], "");
    assert!(ok, "{err}");
    let err = words(&err);
    assert!(!err.contains("games trained"), "{err}");
    assert!(
        err.contains("nothing trained: the network of game 30 exported"),
        "{err}"
    );
}

/// Hostile item 18: `threes tune --resume <bad>` and `threes auto --csv <non-empty>` printed
/// their header before refusing.
#[test]
fn no_header_is_printed_before_a_refusal() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    ludomat_io::write::atomically(&bad, "{\"not\": \"a checkpoint\"}").unwrap();
    let csv = dir.path().join("old.csv");
    ludomat_io::write::atomically(&csv, "game,seed,score\n1,2,3\n").unwrap();
    for args in [
        vec![
            "threes",
            "tune",
            "--games",
            "2",
            "--depth",
            "1",
            "--resume",
            bad.to_str().unwrap(),
        ],
        vec![
            "threes",
            "auto",
            "--games",
            "1",
            "--depth",
            "1",
            "--csv",
            csv.to_str().unwrap(),
        ],
    ] {
        let (ok, out, err) = ludomat(&args, "");
        assert!(!ok, "{args:?}");
        assert_eq!(out, "", "{args:?} printed before refusing: {err}");
    }
}

/// `sh -c 'ludomat ARGS >> FILE'` (or another redirection) in `dir`: the status, stderr.
fn through_a_shell(dir: &std::path::Path, script: &str) -> (bool, String) {
    let out = common::through_a_shell(dir, script);
    (out.status.success(), common::text(&out.stderr))
}

/// Second re-trial, hostile item 1: an output that is the shell's redirect target of the
/// same command (`--vcd l8.txt >> l8.txt`, `relay asm -o r.txt >> r.txt`, through a link
/// too, standard error as well) was written over what the redirection held.
#[test]
fn an_output_that_is_the_commands_own_standard_output_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bench = concat!(env!("CARGO_MANIFEST_DIR"), "/../logic/data/c17.bench");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/../../programs/relay/busy.asm");
    std::os::unix::fs::symlink("r.txt", dir.path().join("link.txt")).unwrap();
    let cases = [
        (
            format!("\"$L\" logic sim {bench} --random 5 --vcd l8.txt >> l8.txt"),
            "l8.txt",
            "standard output",
        ),
        (
            format!("\"$L\" relay asm {source} -o r.txt >> r.txt"),
            "r.txt",
            "standard output",
        ),
        (
            format!("\"$L\" relay asm {source} -o link.txt >> r.txt"),
            "r.txt",
            "standard output",
        ),
        (
            format!("\"$L\" relay asm {source} -o e.txt 2>> e.txt"),
            "e.txt",
            "standard error",
        ),
    ];
    for (script, file, stream) in cases {
        let path = dir.path().join(file);
        ludomat_io::write::atomically(&path, "earlier line\n").unwrap();
        let (ok, err) = through_a_shell(dir.path(), &script);
        let text = ludomat_io::read::to_string(&path).unwrap();
        assert!(!ok, "{script}: written\n{text}");
        assert!(text.starts_with("earlier line\n"), "{script}: lost\n{text}");
        if stream == "standard error" {
            // not one byte more into it: the refusal goes to a terminal, if any
            assert_eq!(text, "earlier line\n", "{script}");
            continue;
        }
        let said = words(&err);
        assert!(
            said.contains(&format!("is also where this command's {stream} goes")),
            "{script}: {said}"
        );
    }
}

/// Second re-trial, hostile item 4: an AI's name with an escape sequence or a
/// bidirectional control reached the terminal raw; it is refused before any game, named.
#[test]
fn an_ai_name_with_control_characters_is_refused_before_any_game() {
    for (name, said) in [
        ("x\u{1b}[2J", "a control character (U+001B) at character 2"),
        (
            "ab\u{202e}c",
            "a bidirectional control (U+202E) at character 3",
        ),
    ] {
        let spec = format!("{name}:1=ludomat threes engine --nodes-per-move {{}}");
        let (ok, out, err) = ludomat(&["threes", "versus", "--ai", &spec, "--games", "1"], "");
        assert!(!ok, "{spec:?}: {out}");
        assert!(words(&err).contains(said), "{spec:?}: {err}");
        assert!(
            !err.contains('\u{1b}') && !err.contains('\u{202e}'),
            "{err:?}"
        );
        assert!(
            !out.contains('\u{1b}') && !out.contains('\u{202e}'),
            "{out:?}"
        );
    }
}

/// `logic sim --vcd` is checked as every output: a folder name and a missing folder are
/// said as `relay asm -o` and `threes auto --csv` say them, before any work.
#[test]
fn logic_sim_vcd_is_checked_as_every_output() {
    let dir = tempfile::tempdir().unwrap();
    let bench = concat!(env!("CARGO_MANIFEST_DIR"), "/../logic/data/c17.bench");
    let newd = format!("{}/newd/", dir.path().display());
    let missing = format!("{}/none/x.vcd", dir.path().display());
    for (vcd, wanted) in [
        (
            newd.as_str(),
            "ends in '/', so it names a folder, not a file",
        ),
        (missing.as_str(), "/none does not exist"),
    ] {
        let (ok, _, err) = ludomat(&["logic", "sim", bench, "--random", "2", "--vcd", vcd], "");
        assert!(!ok);
        let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(err.contains(wanted), "{vcd}: {err}");
    }
}

/// Third re-trial, hostile item 7: one kind of refusal, one status. An output that is a
/// stream of this process (a shell's `>` into the file named, `/dev/stdout`) is a usage
/// error however it is found (an output check, a state file's lock, a writer), as a bad
/// `--ai` is: status 2 everywhere, said as clap says its own.
#[test]
#[allow(clippy::disallowed_methods)] // a test redirecting standard output into a file
fn one_kind_of_refusal_exits_with_one_status() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("p.asm");
    ludomat_io::write::atomically(&source, "        MOVI A, 0\n").unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (csv, state) = (at("same.csv"), at("same.json"));
    let bad_ai = "x\u{200b}:1=ludomat threes engine --nodes-per-move {}".to_string();
    let cases: [(Vec<&str>, Option<&str>); 5] = [
        (
            vec![
                "threes", "auto", "--games", "1", "--depth", "1", "--csv", &csv,
            ],
            Some(&csv),
        ),
        (
            vec![
                "menace",
                "--state",
                &state,
                "train",
                "--against",
                "random",
                "--games",
                "1",
                "--quiet",
            ],
            Some(&state),
        ),
        (
            vec![
                "relay",
                "asm",
                source.to_str().unwrap(),
                "-o",
                "/dev/stdout",
            ],
            None,
        ),
        (
            vec![
                "threes",
                "auto",
                "--games",
                "1",
                "--depth",
                "1",
                "--csv",
                "/dev/stdout",
            ],
            None,
        ),
        (
            vec!["threes", "versus", "--games", "1", "--ai", &bad_ai],
            None,
        ),
    ];
    for (args, redirect) in cases {
        let out = match redirect {
            Some(path) => std::fs::File::create(path).unwrap().into(),
            None => std::process::Stdio::piped(),
        };
        let (code, err) = run_with_stdout(&args, out, std::time::Duration::from_secs(60));
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("--help"),
            "{args:?}: {err}"
        );
        // the redirect's words only, not a lock's before them
        assert!(!err.contains("cannot be locked"), "{args:?}: {err}");
    }
}

/// A lock file that is a hard link to another file is refused naming it, and that file is
/// neither written (the pid and command went into it) nor its name removed.
#[test]
#[allow(clippy::disallowed_methods)] // the test makes hard links with std
fn a_lock_file_hard_linked_elsewhere_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    ludomat_io::write::atomically(std::path::Path::new(&at("prec.txt")), "data\n").unwrap();
    std::fs::hard_link(at("prec.txt"), at("hl.csv.lock")).unwrap();
    std::fs::hard_link(at("prec.txt"), at("m3.json.lock")).unwrap();
    let runs: [Vec<String>; 2] = [
        ["threes", "auto", "--games", "1", "--depth", "1", "--csv"]
            .iter()
            .map(|s| s.to_string())
            .chain([at("hl.csv")])
            .collect(),
        vec![
            "menace".into(),
            "--state".into(),
            at("m3.json"),
            "train".into(),
            "--against".into(),
            "random".into(),
            "--games".into(),
            "1".into(),
            "--quiet".into(),
        ],
    ];
    for (args, side) in runs.iter().zip(["hl.csv.lock", "m3.json.lock"]) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (ok, _, err) = ludomat(&args, "");
        assert!(!ok, "{args:?}: ran over a hard-linked lock file");
        assert!(
            words(&err).contains(&format!("{side} is a hard link")),
            "{err}"
        );
        assert!(dir.path().join(side).exists());
    }
    assert_eq!(
        ludomat_io::read::to_string(std::path::Path::new(&at("prec.txt"))).unwrap(),
        "data\n"
    );
}

/// `threes tune --checkpoint FILE` never replaces what FILE holds without a word: a
/// checkpoint not resumed, a MENACE state, a text, a checkpoint of another version.
#[test]
fn a_tuning_checkpoint_file_that_holds_something_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("cp.json");
    for (text, words_said) in [
        (
            r#"{"version":1,"round":1,"next":0,"tried":1}"#,
            "go on from it with --resume",
        ),
        (
            r#"{"version":2,"round":1,"next":0,"tried":1}"#,
            "of version 2, which this build does not read",
        ),
        (
            r#"{"version":1,"boxes":[]}"#,
            "something other than a tuning checkpoint",
        ),
        // not JSON: damaged, in the words --resume says it in
        ("notes\n", "is damaged: not valid JSON: line 1, column 2: "),
    ] {
        ludomat_io::write::atomically(&cp, text).unwrap();
        let (ok, out, err) = ludomat(
            &[
                "threes",
                "tune",
                "--games",
                "1",
                "--depth",
                "1",
                "--checkpoint",
                cp.to_str().unwrap(),
            ],
            "",
        );
        assert!(!ok, "{text}: tuned over it");
        assert!(out.is_empty(), "{out}");
        assert!(words(&err).contains(words_said), "{text}: {err}");
        assert_eq!(ludomat_io::read::to_string(&cp).unwrap(), text);
    }
}

/// `--wait-lock` says once whom it waits for, and a Ctrl-C in its first seconds gives up
/// at once (it waited on in silence, the signal held for a run that had not begun).
#[test]
fn a_wait_for_a_lock_says_whom_it_waits_for_and_gives_up_on_ctrl_c() {
    use ludomat_io::child::Run as _;
    use std::io::Read as _;
    let dir = tempfile::tempdir().unwrap();
    let cp = dir.path().join("w.json");
    let mut args = vec!["threes", "tune", "--games", "100000", "--depth", "1"];
    args.extend(["--checkpoint", cp.to_str().unwrap()]);
    let mut first = start(&args);
    wait_for_holder(&dir.path().join("w.json.lock"), first.id());
    args.push("--wait-lock");
    let mut waiter = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .start()
        .expect("the binary starts");
    let mut line = Vec::new();
    let mut err = waiter.stderr.take().unwrap();
    // the line is wrapped at 80 columns
    let mut byte = [0u8; 1];
    while !String::from_utf8_lossy(&line).contains("give up") && err.read(&mut byte).unwrap() > 0 {
        line.push(byte[0]);
    }
    let said = words(&String::from_utf8_lossy(&line));
    assert!(
        said.starts_with(&format!("waiting for process {} (", first.id())),
        "{said}"
    );
    assert!(
        said.ends_with("to let go of") || said.contains("to let go of"),
        "{said}"
    );
    let started = std::time::Instant::now();
    // SAFETY: a signal to the child this test started
    unsafe { libc::kill(waiter.id() as i32, libc::SIGINT) };
    let status = waiter.wait().unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(!status.success());
    let _ = first.kill();
    let _ = first.wait();
}

/// `threes learn` into a new folder stopped as it starts stops promptly, says no game was
/// trained, and leaves nothing behind (it evaluated for seconds, wrote a checkpoint of
/// an untrained network and said "the network is saved with them").
#[test]
fn a_new_learning_run_stopped_as_it_starts_saves_nothing() {
    use ludomat_io::child::Run as _;
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("NEW");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["threes", "learn", "--games", "10000000", "--dir"])
        .arg(&new)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .start()
        .expect("the binary starts");
    std::thread::sleep(std::time::Duration::from_millis(50));
    // SAFETY: a signal to the child this test started
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    let err = words(&String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(143), "{err}");
    assert!(
        err.contains("after 0 of 10,000,000 games; no game was trained, and nothing is saved"),
        "{err}"
    );
    assert!(!new.exists(), "{:?}", ludomat_io::read::entries(&new));
}

/// The README's flag table names exactly the commands that take `--quiet`, and each takes
/// it (the table promised it for "long runs", and `threes auto`, `learn`, `tune` refused
/// it).
#[test]
fn every_command_the_readme_names_for_quiet_takes_it() {
    let readme = ludomat_io::read::to_string(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../README.md"
    )))
    .unwrap();
    let row = readme
        .lines()
        .find(|l| l.starts_with("| `--quiet` |"))
        .expect("a --quiet row");
    let named: Vec<&str> = row
        .rsplit('|')
        .nth(1)
        .unwrap()
        .split('`')
        .skip(1)
        .step_by(2)
        .collect();
    assert!(named.len() >= 7, "{row}");
    for command in named {
        let mut args: Vec<&str> = command.split_whitespace().filter(|w| *w != "…").collect();
        let expanded: Vec<Vec<&str>> = if args == ["tournament"] {
            vec![vec!["tournament", "tictactoe"], vec!["tournament", "qubic"]]
        } else {
            vec![std::mem::take(&mut args)]
        };
        for mut args in expanded {
            args.push("--help");
            let (ok, out, err) = ludomat(&args, "");
            assert!(ok, "{args:?}: {err}");
            assert!(out.contains("--quiet"), "{args:?} takes no --quiet");
        }
    }
}

/// A newcomer's guesses for the version say it: `ludomat -v` opened the menu (it is
/// `--verbose`), `ludomat version` was an unrecognised command; `-v version` and `help
/// version` too. `--verbose` or `-vv` alone no longer open the menu unasked: a usage
/// error that says what they do; `version extra` is refused as clap refuses.
#[test]
fn a_guess_for_the_version_says_it() {
    for guess in [
        &["-v"][..],
        &["version"],
        &["-v", "version"],
        &["--version"],
    ] {
        let (ok, out, err) = ludomat(guess, "");
        assert!(ok, "{guess:?}: {err}");
        assert!(out.contains(env!("CARGO_PKG_VERSION")), "{guess:?}: {out}");
    }
    for help in [&["version", "--help"][..], &["help", "version"]] {
        let (ok, out, err) = ludomat(help, "");
        assert!(ok, "{help:?}: {err}");
        assert!(out.contains("Print the version"), "{help:?}: {out}");
    }
    // (`--version extra` printed the version and passed over `extra`)
    let wrongs = [
        &["--verbose"][..],
        &["-vv"],
        &["version", "extra"],
        &["--version", "extra"],
    ];
    for wrong in wrongs {
        let out = ludomat_io::child::output(
            std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
                .args(wrong)
                .stdin(std::process::Stdio::null()),
        )
        .unwrap();
        assert_eq!(out.status.code(), Some(2), "{wrong:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{wrong:?}: {err}");
        // the flag as typed: `-vv` was named `--verbose`
        if wrong[0] == "-vv" || wrong[0] == "--verbose" {
            assert!(
                err.starts_with(&format!("error: {} makes", wrong[0])),
                "{err}"
            );
        }
    }
    // the help says what `-v` alone does
    let (_, out, _) = ludomat(&["--help"], "");
    assert!(out.contains("-v alone: the version"), "{out}");
}

/// Characters one cannot see (a soft hyphen, a Hangul filler, a zero-width space, a tab)
/// are written out in every message: clap's own "invalid value" line and a file's name.
#[test]
fn hidden_characters_are_written_out_in_messages() {
    let (ok, _, err) = ludomat(&["play", "tictactoe", "--x", "per\u{200b}fect"], "");
    assert!(!ok);
    assert!(
        err.contains("per\\u{200b}fect") && !err.contains('\u{200b}'),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a\u{ad}b\u{3164}c\td.asm");
    let (ok, _, err) = ludomat(&["relay", "asm", file.to_str().unwrap()], "");
    assert!(!ok);
    assert!(err.contains("a\\u{ad}b\\u{3164}c\\td.asm"), "{err}");
    assert!(!err.contains('\u{ad}') && !err.contains('\t'), "{err}");
}

/// Fourth re-trial: every refusal of an output found before the work — a folder, a FIFO,
/// /dev/null, /dev/full, a missing folder, a chart format the extension does not name, an
/// output over an input, the shell's redirect target — is a usage error: status 2, in
/// clap's shape (docs/VOICE.md), one rule.
#[test]
fn every_output_refused_before_the_work_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    assert!(
        ludomat_io::child::status(std::process::Command::new("mkfifo").arg(at("fifo.csv")))
            .unwrap()
            .success()
    );
    ludomat_io::write::atomically(at("busy.asm"), "HLT\n").unwrap();
    let auto = |flag: &str, path: String| {
        [
            "threes", "auto", "--games", "1", "--depth", "1", flag, &path,
        ]
        .map(String::from)
        .to_vec()
    };
    let cases = [
        auto("--csv", at("")),
        auto("--csv", at("fifo.csv")),
        auto("--csv", "/dev/null".into()),
        auto("--csv", "/dev/full".into()),
        auto("--csv", at("no/such/x.csv")),
        auto("--chart", at("x.bmp")),
        ["relay", "asm", &at("busy.asm"), "-o", &at("busy.asm")]
            .map(String::from)
            .to_vec(),
    ];
    let shape = |code: Option<i32>, err: &str, what: &str| {
        assert_eq!(code, Some(2), "{what}: {err}");
        assert!(err.starts_with("error: "), "{what}: {err}");
        assert!(err.contains("Usage: ludomat "), "{what}: {err}");
        assert!(
            err.contains("For more information, try '--help'."),
            "{what}: {err}"
        );
    };
    for args in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = common::ludomat(&args, "");
        shape(
            out.status.code(),
            &common::text(&out.stderr),
            &args.join(" "),
        );
    }
    let out = ludomat_io::child::output(
        std::process::Command::new("sh")
            .arg("-c")
            .arg("\"$L\" threes auto --games 1 --depth 1 --csv o.csv > o.csv")
            .env("L", env!("CARGO_BIN_EXE_ludomat"))
            .current_dir(dir.path()),
    )
    .unwrap();
    shape(
        out.status.code(),
        &common::text(&out.stderr),
        "the redirect target",
    );
}

/// `threes tune --resume F --wait-lock`: the lock message says to give --wait-lock, and
/// it was refused for want of --checkpoint (a resumed run saves into F).
#[test]
fn tune_waits_for_the_lock_of_a_resumed_run() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("missing.json");
    let (ok, _, err) = ludomat(
        &[
            "threes",
            "tune",
            "--resume",
            f.to_str().unwrap(),
            "--wait-lock",
        ],
        "",
    );
    assert!(!ok);
    assert!(!err.contains("required arguments"), "{err}");
    assert!(err.contains("missing.json"), "{err}");
    // alone it still needs a file to wait for
    let (ok, _, err) = ludomat(&["threes", "tune", "--wait-lock"], "");
    assert!(
        !ok && err.contains("--checkpoint <FILE>|--resume <FILE>"),
        "{err}"
    );
}

/// `qubic proof --write-certificate` refused before the work is a usage error, status 2,
/// as every output (it was 1: the proof's error hid the refusal inside it).
#[test]
fn a_certificate_output_refused_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let txt = dir.path().join("x.txt");
    let out = ludomat_io::child::output(
        std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
            .args(["qubic", "proof", "--dims", "3", "--write-certificate"])
            .arg(&txt)
            .stdin(std::process::Stdio::null()),
    )
    .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: --write-certificate"), "{err}");
}
