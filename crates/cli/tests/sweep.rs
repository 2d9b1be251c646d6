//! The sweep (issue 31): every subcommand of the binary, under a hostile terminal.
//!
//! The list of subcommands comes from clap's own tree (the binary prints it when
//! `LUDOMAT_COMMAND_TREE` is set), so a new subcommand without a row in [`ROWS`] fails
//! this test, and so does a row for a subcommand that is gone. Each subcommand runs with
//! small, valid arguments from its row:
//!
//! - with standard output on a full device (`/dev/full`), and with standard output a
//!   pipe whose reader has already gone: never a panic (exit 101, "panicked"), an abort
//!   (134) or a segmentation fault (139), never a hang, and never exit 0 when the run
//!   writes output (a failed write is an error);
//! - with `--help` on `/dev/full`: not exit 0;
//! - with each output path of its row replaced by a FIFO, a folder and a path in a
//!   folder that does not exist: the special file is still there afterwards (a save never
//!   renames over it), no crash, no hang.
//!
//! Runs in parallel over a few threads; about 10 s in the test profile on two busy cores.

#![cfg(target_os = "linux")]

use ludomat_io::child::Run as _;
use std::os::unix::fs::FileTypeExt;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One subcommand's small, valid run. In `args`, `{out}` is the output path under test
/// and `{dir}` a scratch folder of the run.
struct Row {
    /// The subcommand's path: `menace train`.
    path: &'static str,
    /// Its arguments.
    args: &'static [&'static str],
    /// Its standard input.
    stdin: &'static str,
    /// What `{out}` is: a file the run writes, a folder it writes into, or nothing.
    out: Out,
    /// A run first made in the row's scratch folder (with `{dir}`), for the files the
    /// row reads: a record, a CSV, a ROM image.
    setup: &'static [&'static str],
    /// A run that goes on until stopped (`serve`) gets Ctrl-C (SIGINT) after this long.
    interrupt: Option<Duration>,
}

impl Row {
    /// The row, its files made first by `ludomat SETUP…`.
    const fn after(self, setup: &'static [&'static str]) -> Row {
        Row { setup, ..self }
    }

    /// The row, stopped by Ctrl-C after `ms` milliseconds.
    const fn interrupted_after(self, ms: u64) -> Row {
        Row {
            interrupt: Some(Duration::from_millis(ms)),
            ..self
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Out {
    None,
    /// `{out}` names a file (`out.EXT` in the scratch folder).
    File(&'static str),
    /// `{out}` names a folder the run writes files into.
    Dir,
}

const fn row(path: &'static str, args: &'static [&'static str]) -> Row {
    Row {
        path,
        args,
        stdin: "",
        out: Out::None,
        setup: &[],
        interrupt: None,
    }
}

const fn with_out(path: &'static str, args: &'static [&'static str], out: Out) -> Row {
    Row {
        out,
        ..row(path, args)
    }
}

const fn with_stdin(path: &'static str, args: &'static [&'static str], stdin: &'static str) -> Row {
    Row {
        stdin,
        ..row(path, args)
    }
}

/// Every subcommand of the binary. A row per leaf of clap's tree, no more, no less.
const ROWS: &[Row] = &[
    with_stdin("play tictactoe", &[], "5\n"),
    with_stdin("play computox", &[], "5\n"),
    with_stdin("play relay-tictactoe", &[], ""),
    with_stdin("play qubic", &[], ""),
    with_out("play threes", &["--record", "{out}"], Out::File("json")),
    with_out("play menace", &["--state", "{out}"], Out::File("json")),
    with_stdin("play regex", &["two-by-two"], "q\n"),
    with_stdin("play hexapawn", &[], ""),
    with_out(
        "tournament tictactoe",
        &["--games", "4", "--threads", "1"],
        Out::None,
    ),
    row("tournament qubic", &["--games", "1", "--threads", "1"]),
    row("tictactoe facts", &[]),
    row("computox netlist", &[]),
    // The whole check (690 positions, every mode): ~2.5 s in a debug build.
    row("computox verify", &[]),
    with_out("menace play", &["--state", "{out}"], Out::File("json")),
    with_out(
        "menace train",
        &[
            "--against",
            "random",
            "--games",
            "20",
            "--state",
            "{dir}/menace.json",
            "--out",
            "{out}",
        ],
        Out::Dir,
    ),
    with_out("menace boxes", &["--state", "{out}"], Out::File("json")),
    row("menace stats", &[]),
    row("menace bench", &["--games", "100"]),
    with_out("menace kit", &["--svg", "--out", "{out}"], Out::Dir),
    row("logic latch", &[]),
    with_out(
        "logic sim",
        &[
            "../../crates/logic/data/c17.bench",
            "--random",
            "4",
            "--vcd",
            "{out}",
        ],
        Out::File("vcd"),
    ),
    // c432 and atalanta's 63 responses (copied from ../shared/data/iscas85/atalanta).
    row("logic check", &["../../crates/cli/tests/data/atalanta"]),
    row("logic squares", &[]),
    with_out(
        "logic bench",
        &[
            "--circuits",
            "c17",
            "--dir",
            "../../crates/logic/data",
            "--vectors",
            "10",
            "--no-external",
            "--chart",
            "{out}",
        ],
        Out::File("svg"),
    ),
    with_out(
        "relay asm",
        &["../../programs/relay/tictactoe.asm", "--out", "{out}"],
        Out::File("bin"),
    ),
    with_out(
        "relay disasm",
        &["{dir}/tictactoe.bin", "--out", "{out}"],
        Out::File("asm"),
    )
    .after(&[
        "relay",
        "asm",
        "../../programs/relay/tictactoe.asm",
        "--out",
        "{dir}/tictactoe.bin",
    ]),
    row(
        "relay run",
        &[
            "../../programs/relay/tictactoe.asm",
            "--keys",
            "start,5,1,9,3,7",
        ],
    ),
    row("relay bench", &["--max-steps", "100000"]),
    with_out(
        "threes auto",
        &[
            "--games",
            "1",
            "--threads",
            "1",
            "--depth",
            "1",
            "--csv",
            "{out}",
        ],
        Out::File("csv"),
    ),
    row("threes replay", &["{dir}/rec/game-0.json"]).after(&[
        "threes",
        "auto",
        "--games",
        "1",
        "--threads",
        "1",
        "--depth",
        "1",
        "--record-dir",
        "{dir}/rec",
    ]),
    with_out(
        "threes tune",
        &[
            "--games", "1", "--depth", "1", "--rounds", "0", "--out", "{out}",
        ],
        Out::File("json"),
    ),
    row("threes bench", &["--depth", "1", "--seconds", "0.1"]),
    with_out(
        "threes learn",
        &[
            "--games",
            "20",
            "--tuples",
            "4x5",
            "--eval-every",
            "10",
            "--eval-games",
            "2",
            "--dir",
            "{out}",
        ],
        Out::Dir,
    ),
    row("threes engine", &[]),
    // One game of this ludomat's engine at 1 ms a move (~1.5 s in a debug build).
    with_out(
        "threes versus",
        &[
            "--ai",
            "ludomat:1=ludomat threes engine --cpu-per-move {}",
            "--games",
            "1",
            "--csv",
            "{out}",
        ],
        Out::File("csv"),
    ),
    row("threes summary", &["{dir}/auto.csv"]).after(&[
        "threes",
        "auto",
        "--games",
        "1",
        "--threads",
        "1",
        "--depth",
        "1",
        "--csv",
        "{dir}/auto.csv",
    ]),
    // A one-record certificate: the first player completes a row.
    row(
        "qubic proof",
        &[
            "--dims",
            "3",
            "--certificate",
            "../../crates/cli/tests/data/tiny.cert.gz",
        ],
    ),
    // Writing the real certificate walks 462,761 replies (37 s in a debug build), so the
    // row gives a dictionary of one move: its strategy is refused at the first reply
    // (0.2 s) and nothing is written; the FIFO, folder and missing-folder cases are
    // refused before the walk.
    with_out(
        "qubic proof",
        &[
            "--dims",
            "3",
            "--dictionary",
            "../../crates/cli/tests/data/one-move.dict",
            "--write-certificate",
            "{out}",
        ],
        Out::File("gz"),
    ),
    // Serves until Ctrl-C; on a full device its address line fails: exit 1, not 0.
    row("serve", &["--port", "0"]).interrupted_after(1500),
    row("regex solve", &["two-by-two"]),
    row("regex check", &["two-by-two", "AC/XY"]),
    row("regex list", &[]),
    with_out(
        "her train",
        &["--games", "20", "--state", "{out}"],
        Out::File("json"),
    ),
    // Reads the state at `{out}` (made first; a FIFO there must not hang the read).
    with_out("her boxes", &["--state", "{out}"], Out::File("json")).after(&[
        "her",
        "train",
        "--games",
        "5",
        "--state",
        "{dir}/out.json",
    ]),
    with_out("her kit", &["--svg", "--out", "{out}"], Out::Dir),
    row("menu", &[]),
    row("version", &[]),
];

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_ludomat")
}

/// The subcommands from clap's tree: `(path, is_leaf)`.
fn tree() -> Vec<(String, bool)> {
    let out = Command::new(bin())
        .env("LUDOMAT_COMMAND_TREE", "1")
        .run_output()
        .expect("the binary runs");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| match l.strip_prefix('+') {
            Some(inner) => (inner.to_string(), false),
            None => (l.to_string(), true),
        })
        .collect()
}

/// Where standard output goes.
#[derive(Clone, Copy, Debug)]
enum Stdout {
    /// A pipe, read to the end (the baseline).
    Read,
    /// `/dev/full`.
    Full,
    /// A pipe whose reading end is closed before the program writes.
    Closed,
}

/// `/dev/full`, opened to write: the hostile standard output this test gives the binary.
#[allow(clippy::disallowed_methods)] // a test building a hostile output on purpose
fn full_device() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

struct Ran {
    status: Option<ExitStatus>,
    stdout: Vec<u8>,
    stderr: String,
    /// The most resident memory the process had, in KiB, as far as seen (`VmHWM` read
    /// from /proc every few milliseconds while it ran).
    peak_kb: u64,
}

/// The high-water mark of `pid`'s resident memory, in KiB.
fn peak_rss_kb(pid: u32) -> Option<u64> {
    let status = ludomat_io::read::to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

const TIMEOUT: Duration = Duration::from_secs(20);

fn run(
    args: &[String],
    stdin: &str,
    stdout: Stdout,
    cwd: &Path,
    interrupt: Option<Duration>,
) -> Ran {
    run_bytes(args, stdin.as_bytes().to_vec(), stdout, cwd, interrupt)
}

fn run_bytes(
    args: &[String],
    stdin: Vec<u8>,
    stdout: Stdout,
    cwd: &Path,
    interrupt: Option<Duration>,
) -> Ran {
    let mut cmd = Command::new(bin());
    cmd.args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env_remove("LUDOMAT_COMMAND_TREE")
        // Nothing lands in the real home (MENACE's default state, for one).
        .env("HOME", cwd)
        .env("XDG_DATA_HOME", cwd.join(".data"))
        .env("XDG_CONFIG_HOME", cwd.join(".config"))
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    match stdout {
        Stdout::Read => cmd.stdout(Stdio::piped()),
        Stdout::Closed => {
            // The reading end is closed before the program starts: its first write fails.
            let (reader, writer) = std::io::pipe().expect("a pipe");
            drop(reader);
            cmd.stdout(Stdio::from(writer))
        }
        Stdout::Full => cmd.stdout(full_device()),
    };
    let mut child = cmd.start().expect("the binary starts");
    drop(cmd); // the parent's copy of a `Closed` pipe's writing end
    let out_pipe = child.stdout.take();
    let reader = match stdout {
        Stdout::Read => out_pipe.map(|mut p| {
            std::thread::spawn(move || {
                ludomat_io::read::capped(&mut p, 256 << 20).unwrap_or_default()
            })
        }),
        _ => None,
    };
    let mut err_pipe = child.stderr.take().expect("stderr is piped");
    let err_reader = std::thread::spawn(move || {
        ludomat_io::read::capped(&mut err_pipe, 64 << 20).unwrap_or_default()
    });
    // Standard input from a thread of its own: a 100 MB line must not block the watch.
    let feeder = child.stdin.take().map(|mut input| {
        std::thread::spawn(move || {
            use std::io::Write;
            let _ = input.write_all(&stdin);
        })
    });
    let pid = child.id();
    let mut peak_kb = 0;
    let started = Instant::now();
    let mut interrupt = interrupt;
    let status = loop {
        if interrupt.is_some_and(|after| started.elapsed() >= after) {
            interrupt = None;
            let pid = libc::pid_t::try_from(child.id()).expect("a pid");
            // SAFETY: kill with a valid pid and signal number has no memory effects.
            unsafe { libc::kill(pid, libc::SIGINT) };
        }
        if let Some(kb) = peak_rss_kb(pid) {
            peak_kb = peak_kb.max(kb);
        }
        match child.try_wait().expect("wait") {
            Some(s) => break Some(s),
            None if started.elapsed() > TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    };
    let stdout = reader
        .map(|r| r.join().unwrap_or_default())
        .unwrap_or_default();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    if let Some(f) = feeder {
        let _ = f.join();
    }
    Ran {
        status,
        stdout,
        stderr,
        peak_kb,
    }
}

/// What is wrong with a run, if anything: a hang, a crash, a panic.
fn crashed(r: &Ran) -> Option<String> {
    let Some(s) = r.status else {
        return Some(format!("still running after {TIMEOUT:?} (killed)"));
    };
    if let Some(sig) = s.signal() {
        return Some(format!("killed by signal {sig}"));
    }
    if let Some(c @ (101 | 134 | 139)) = s.code() {
        return Some(format!("exit {c}"));
    }
    if r.stderr.contains("panicked") {
        return Some("panicked".into());
    }
    None
}

fn describe(what: &str, args: &[String], r: &Ran, why: &str) -> String {
    format!(
        "ludomat {} [{what}]: {why}\n  status {:?}\n  stderr: {}",
        args.join(" "),
        r.status,
        r.stderr
            .lines()
            .take(6)
            .collect::<Vec<_>>()
            .join("\n          ")
    )
}

fn kind(p: &Path) -> &'static str {
    match std::fs::symlink_metadata(p) {
        Err(_) => "missing",
        Ok(m) if m.file_type().is_fifo() => "fifo",
        Ok(m) if m.is_dir() => "dir",
        Ok(m) if m.is_file() => "file",
        Ok(_) => "other",
    }
}

/// Run one row every way; the failures found.
fn sweep_row(row: &Row, root: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    let scratch = tempfile::tempdir_in(root).expect("scratch folder");
    let dir = scratch.path();
    let words: Vec<String> = row.path.split(' ').map(String::from).collect();
    let args_with = |out: &Path| -> Vec<String> {
        words
            .iter()
            .cloned()
            .chain(row.args.iter().map(|a| {
                a.replace("{out}", &out.display().to_string())
                    .replace("{dir}", &dir.display().to_string())
            }))
            .collect()
    };
    // Paths in rows are relative to the crate (cargo runs tests there); runs happen in
    // `dir`, two levels below the target folder, so they are made absolute here.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let absolute = |args: Vec<String>| -> Vec<String> {
        args.into_iter()
            .map(|a| match a.strip_prefix("../../") {
                Some(rest) => manifest.join("../..").join(rest).display().to_string(),
                None => a,
            })
            .collect()
    };
    let normal_out = match row.out {
        Out::File(ext) => dir.join(format!("out.{ext}")),
        Out::Dir | Out::None => dir.join("out"),
    };
    let args = absolute(args_with(&normal_out));
    if !row.setup.is_empty() {
        let setup: Vec<String> = row
            .setup
            .iter()
            .map(|a| a.replace("{dir}", &dir.display().to_string()))
            .collect();
        let setup = absolute(setup);
        let r = run(&setup, "", Stdout::Read, dir, None);
        if crashed(&r).is_some() || !r.status.is_some_and(|s| s.success()) {
            failures.push(describe("setup", &setup, &r, "the setup run failed"));
            return failures;
        }
    }

    // The baseline: does the run write to standard output at all?
    let base = run(&args, row.stdin, Stdout::Read, dir, row.interrupt);
    if let Some(why) = crashed(&base) {
        failures.push(describe("baseline", &args, &base, &why));
        return failures;
    }
    let writes = !base.stdout.is_empty();
    for how in [Stdout::Full, Stdout::Closed] {
        let out = dir.join(format!("again-{how:?}"));
        let out = match row.out {
            Out::File(ext) => out.with_extension(ext),
            _ => out,
        };
        let a = absolute(args_with(&out));
        let r = run(&a, row.stdin, how, dir, row.interrupt);
        if let Some(why) = crashed(&r) {
            failures.push(describe(&format!("stdout {how:?}"), &a, &r, &why));
        } else if writes && r.status.is_some_and(|s| s.success()) {
            failures.push(describe(
                &format!("stdout {how:?}"),
                &a,
                &r,
                "exit 0 after a failed write",
            ));
        }
    }
    // --help on a full device is not a success.
    let mut help = words.clone();
    help.push("--help".into());
    let r = run(&help, "", Stdout::Full, dir, None);
    if let Some(why) = crashed(&r) {
        failures.push(describe("--help, stdout full", &help, &r, &why));
    } else if r.status.is_some_and(|s| s.success()) {
        failures.push(describe("--help, stdout full", &help, &r, "exit 0"));
    }
    // The output path as a FIFO, a folder, a path in a missing folder.
    if row.out != Out::None {
        let fifo = dir.join("a-fifo");
        let made = Command::new("mkfifo")
            .arg(&fifo)
            .run_status()
            .expect("mkfifo");
        assert!(made.success());
        let folder = dir.join("a-folder");
        std::fs::create_dir(&folder).expect("folder");
        let missing = dir.join("no/such/folder/out");
        let mut cases = vec![("a FIFO", fifo, "fifo"), ("a missing folder", missing, "")];
        if let Out::File(_) = row.out {
            cases.push(("a folder", folder, "dir"));
        }
        for (what, p, still) in cases {
            let a = absolute(args_with(&p));
            let r = run(&a, row.stdin, Stdout::Read, dir, row.interrupt);
            if let Some(why) = crashed(&r) {
                failures.push(describe(&format!("output {what}"), &a, &r, &why));
            }
            if !still.is_empty() && kind(&p) != still {
                failures.push(describe(
                    &format!("output {what}"),
                    &a,
                    &r,
                    &format!("the {still} was replaced by a {}", kind(&p)),
                ));
            }
        }
    }
    // Issue 39: every input file of the row given a FIFO, a link to /dev/zero, a folder
    // and a single 100 MB line (each under the file's own name): refused, never a hang,
    // a crash or a success.
    let inputs: Vec<usize> = args
        .iter()
        .enumerate()
        .filter(|(_, a)| Path::new(a.as_str()).is_file() && Path::new(a.as_str()) != normal_out)
        .map(|(i, _)| i)
        .collect();
    for i in inputs {
        let name = Path::new(&args[i])
            .file_name()
            .expect("a file name")
            .to_owned();
        for (what, p) in hostile_inputs(dir, &name, root) {
            let mut a = args.clone();
            a[i] = p.display().to_string();
            let r = run(&a, row.stdin, Stdout::Read, dir, row.interrupt);
            if let Some(why) = crashed(&r) {
                failures.push(describe(&format!("input {what}"), &a, &r, &why));
            } else if r.status.is_some_and(|s| s.success()) {
                failures.push(describe(
                    &format!("input {what}"),
                    &a,
                    &r,
                    "read it as an input and exited 0",
                ));
            }
        }
    }
    // Issue 39: a prompt or protocol given a 100 MB line: a clear end, the process
    // under 64 MB all along.
    if PROMPTS.contains(&row.path) {
        let line = vec![b'x'; 100 << 20];
        let r = run_bytes(&args, line, Stdout::Read, dir, row.interrupt);
        if let Some(why) = crashed(&r) {
            failures.push(describe("a 100 MB line on stdin", &args, &r, &why));
        } else if r.peak_kb > 64 << 10 {
            failures.push(describe(
                "a 100 MB line on stdin",
                &args,
                &r,
                &format!("{} KiB resident (at most 64 MiB)", r.peak_kb),
            ));
        }
    }
    failures
}

/// The subcommands that read lines at a prompt or in a protocol.
const PROMPTS: &[&str] = &[
    "play tictactoe",
    "play computox",
    "play relay-tictactoe",
    "play qubic",
    "play threes",
    "play menace",
    "play regex",
    "play hexapawn",
    "menace play",
    "threes engine",
    "menu",
];

/// The hostile stand-ins for an input named `name`: a FIFO, a link to /dev/zero, a
/// folder and a file of one 100 MB line (shared, in `root`), each in a folder of its own
/// under `dir` so the name (and its extension) stays.
fn hostile_inputs(
    dir: &Path,
    name: &std::ffi::OsStr,
    root: &Path,
) -> Vec<(&'static str, std::path::PathBuf)> {
    let big = root.join("one-100-MB-line");
    BIG.call_once(|| {
        let line = vec![b'7'; 100 << 20];
        ludomat_io::write::atomically(&big, line).expect("the 100 MB file");
    });
    let place = |kind: &str| {
        let d = dir.join(format!("hostile-{kind}"));
        let _ = std::fs::create_dir_all(&d);
        let p = d.join(name);
        let _ = std::fs::remove_file(&p);
        let _ = std::fs::remove_dir(&p);
        p
    };
    let fifo = place("fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .run_status()
        .expect("mkfifo");
    assert!(made.success());
    let zero = place("zero");
    std::os::unix::fs::symlink("/dev/zero", &zero).expect("a link to /dev/zero");
    let folder = place("folder");
    std::fs::create_dir(&folder).expect("a folder");
    let long = place("long");
    std::os::unix::fs::symlink(&big, &long).expect("a link to the 100 MB line");
    vec![
        ("a FIFO", fifo),
        ("a link to /dev/zero", zero),
        ("a folder", folder),
        ("a 100 MB line", long),
    ]
}

static BIG: std::sync::Once = std::sync::Once::new();

/// The binary run in `dir` with `args`; what it did.
/// A text's words joined by single spaces: stderr is wrapped at 80 columns, so a phrase
/// may be broken over two lines.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn ludomat_in(dir: &Path, args: &[&str]) -> Ran {
    let args: Vec<String> = args.iter().map(|a| (*a).to_string()).collect();
    run(&args, "", Stdout::Read, dir, None)
}

/// Issue 39: `--chart x.txt` (and every chart output of an unknown format) is refused
/// before any work: each of these runs would take minutes if it started.
#[test]
fn a_chart_of_an_unknown_format_is_refused_before_any_work() {
    let dir = tempfile::tempdir().expect("scratch");
    let d = dir.path();
    let x = d.join("scores.txt").display().to_string();
    let runs: Vec<Vec<&str>> = vec![
        vec![
            "threes", "auto", "--games", "100000", "--depth", "1", "--chart", &x,
        ],
        vec!["her", "train", "--games", "1000000", "--chart", &x],
        vec!["tournament", "qubic", "--games", "1000000", "--chart", &x],
        vec![
            "logic",
            "bench",
            "--circuits",
            "c17",
            "--vectors",
            "1000000",
            "--chart",
            &x,
        ],
    ];
    for args in runs {
        let started = Instant::now();
        let r = ludomat_in(d, &args);
        assert!(crashed(&r).is_none(), "{args:?}: {}", r.stderr);
        assert!(!r.status.is_some_and(|s| s.success()), "{args:?} succeeded");
        assert!(
            words(&r.stderr).contains("the format is chosen by the extension"),
            "{args:?}: {}",
            r.stderr
        );
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{args:?}: not up front"
        );
    }
}

/// Issue 39: a `--resume` of a log or checkpoint written with other settings is refused,
/// naming what differs.
#[test]
fn a_resume_with_other_settings_is_refused() {
    let dir = tempfile::tempdir().expect("scratch");
    let d = dir.path();
    let csv = d.join("curve.csv").display().to_string();
    let ai = "x:1=ludomat threes engine --cpu-per-move {}";
    let r = ludomat_in(
        d,
        &[
            "threes", "versus", "--ai", ai, "--games", "1", "--csv", &csv,
        ],
    );
    assert!(r.status.is_some_and(|s| s.success()), "{}", r.stderr);
    let before = ludomat_io::read::to_string(&csv).expect("the log");
    for (flag, value) in [("--seed", "2"), ("--hint-model", "window")] {
        let r = ludomat_in(
            d,
            &[
                "threes", "versus", "--ai", ai, "--games", "2", "--csv", &csv, "--resume", flag,
                value,
            ],
        );
        assert!(!r.status.is_some_and(|s| s.success()), "{flag}: resumed");
        assert!(
            r.stderr.contains(&format!("{flag}: ")),
            "{flag}: {}",
            r.stderr
        );
    }
    // and without --resume the log is never emptied
    let r = ludomat_in(
        d,
        &[
            "threes", "versus", "--ai", ai, "--games", "1", "--csv", &csv,
        ],
    );
    assert!(
        words(&r.stderr).contains("it is never emptied"),
        "{}",
        r.stderr
    );
    assert_eq!(ludomat_io::read::to_string(&csv).expect("the log"), before);
    let cp = d.join("cp.json").display().to_string();
    let tune = [
        "threes", "tune", "--games", "1", "--depth", "1", "--rounds", "1",
    ];
    let mut first = tune.to_vec();
    first.extend(["--checkpoint", &cp]);
    let r = ludomat_in(d, &first);
    assert!(r.status.is_some_and(|s| s.success()), "{}", r.stderr);
    let mut again = tune.to_vec();
    again.extend(["--resume", &cp, "--seed", "2"]);
    let r = ludomat_in(d, &again);
    assert!(!r.status.is_some_and(|s| s.success()), "tune resumed");
    assert!(r.stderr.contains("--seed: "), "{}", r.stderr);
}

/// Issue 39: two processes on one state file — the second is refused, naming the first.
#[test]
fn two_processes_on_one_state_file() {
    let dir = tempfile::tempdir().expect("scratch");
    let d = dir.path();
    for (train, state) in [
        (
            vec![
                "menace",
                "train",
                "--against",
                "random",
                "--games",
                "1000000",
            ],
            "menace.json",
        ),
        (vec!["her", "train", "--games", "1000000"], "her.json"),
    ] {
        let state = d.join(state).display().to_string();
        let mut args: Vec<String> = train.iter().map(|a| (*a).to_string()).collect();
        args.extend(["--state".into(), state.clone()]);
        if train[0] == "menace" {
            args.extend(["--out".into(), d.join("curve").display().to_string()]);
        }
        let mut first = Command::new(bin())
            .args(&args)
            .current_dir(d)
            .env("HOME", d)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .start()
            .expect("the first run starts");
        // the first holds the state once its lock file names it
        let lock = format!("{state}.lock");
        let started = Instant::now();
        while !ludomat_io::read::to_string(&lock)
            .is_ok_and(|t| t.starts_with(&first.id().to_string()))
        {
            assert!(
                started.elapsed() < TIMEOUT,
                "the first run never locked {state}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let r = run(&args, "", Stdout::Read, d, None);
        let _ = first.kill();
        let _ = first.wait();
        assert!(!r.status.is_some_and(|s| s.success()), "{args:?}: both ran");
        assert!(
            r.stderr
                .contains(&format!("is in use by process {}", first.id())),
            "{}",
            r.stderr
        );
    }
}

/// Issue 39: names of 70,000 characters in a table: no panic.
#[test]
fn names_of_70000_characters_in_a_table() {
    let dir = tempfile::tempdir().expect("scratch");
    let d = dir.path();
    let name = "n".repeat(70_000);
    let csv = d.join("long.csv");
    let text = format!(
        "ai,budget,game,seed,score,max_tile,moves,nodes,cpu_seconds,wall_seconds\n\
         {name},{name},0,7,100,48,10,0,0.010000,0.020\n"
    );
    ludomat_io::write::atomically(&csv, text).expect("the CSV");
    let r = ludomat_in(
        d,
        &["threes", "versus", "--from", &csv.display().to_string()],
    );
    assert!(crashed(&r).is_none(), "{}", r.stderr);
    assert!(r.status.is_some_and(|s| s.success()), "{}", r.stderr);
}

#[test]
fn every_subcommand_survives_a_hostile_terminal() {
    let tree = tree();
    assert!(tree.len() > 30, "the tree has {} entries", tree.len());
    let leaves: Vec<&str> = tree.iter().filter(|t| t.1).map(|t| t.0.as_str()).collect();
    // Every leaf has a row, every row a leaf.
    let missing: Vec<&&str> = leaves
        .iter()
        .filter(|l| !ROWS.iter().any(|r| r.path == **l))
        .collect();
    assert!(
        missing.is_empty(),
        "subcommands without a row in tests/sweep.rs ROWS: {missing:?}"
    );
    let stale: Vec<&str> = ROWS
        .iter()
        .map(|r| r.path)
        .filter(|p| !leaves.contains(p))
        .collect();
    assert!(stale.is_empty(), "rows for no subcommand: {stale:?}");

    let root = tempfile::tempdir().expect("scratch");
    let failures = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..3 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(row) = ROWS.get(i) else { break };
                let f = sweep_row(row, root.path());
                failures.lock().unwrap().extend(f);
            });
        }
    });
    // `--help` of the commands between the leaves (and of the binary itself).
    let mut inner: Vec<Vec<String>> = tree
        .iter()
        .filter(|t| !t.1)
        .map(|t| t.0.split(' ').map(String::from).collect())
        .collect();
    inner.push(Vec::new());
    for mut words in inner {
        words.push("--help".into());
        let r = run(&words, "", Stdout::Full, root.path(), None);
        if crashed(&r).is_some() || r.status.is_some_and(|s| s.success()) {
            failures.lock().unwrap().push(describe(
                "--help, stdout full",
                &words,
                &r,
                "crash or exit 0",
            ));
        }
    }
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
