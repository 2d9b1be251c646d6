//! Running the built `ludomat` binary in the CLI tests.
#![allow(dead_code)] // each test file uses a different part

use ludomat_io::child::Run as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::SystemTime;

/// The newest change time in the tree at `path` (at most a few thousand entries looked
/// at), `None` when nothing is there.
fn newest(path: &Path) -> Option<SystemTime> {
    let mut newest = std::fs::symlink_metadata(path).ok()?.modified().ok();
    let mut stack = vec![path.to_path_buf()];
    let mut seen = 0;
    while let Some(dir) = stack.pop() {
        let Ok(entries) = ludomat_io::read::dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > 5_000 {
                return newest;
            }
            let Ok(meta) = entry.metadata() else { continue };
            newest = newest.max(meta.modified().ok());
            if meta.is_dir() {
                stack.push(entry.path());
            }
        }
    }
    newest
}

/// What a command run from the crate's folder writes there by default (`menace train`'s
/// curve folder `out/`): a test must give such a command a scratch folder.
fn crate_out() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("out")
}

/// Run `ludomat ARGS` with `stdin` piped in; wait for it. A run that writes into the
/// crate's own folder (`crates/cli/out/`, a command's default output left in place) fails
/// the test: tests write into scratch folders only.
pub fn ludomat(args: &[&str], stdin: &str) -> Output {
    let before = newest(&crate_out());
    let out = run_binary(args, stdin);
    let after = newest(&crate_out());
    assert!(
        after.is_none() || after == before,
        "`ludomat {}` wrote into {}: give it an output in a scratch folder",
        args.join(" "),
        crate_out().display()
    );
    out
}

fn run_binary(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .start()
        .expect("the ludomat binary starts");
    // A program that exits before reading all its input closes the pipe; that is fine.
    let _ = child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes());
    child
        .wait_with_output()
        .expect("the ludomat binary finishes")
}

/// Bytes as text, lossily.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `(success, stdout, stderr)` of `ludomat ARGS` with `stdin` piped in.
pub fn run(args: &[&str], stdin: &str) -> (bool, String, String) {
    let out = ludomat(args, stdin);
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

#[cfg(unix)]
/// `ludomat ARGS` in a process group of its own, sent Ctrl-C (SIGINT to the group) after
/// `after`: its exit code (`None`: killed, or not ended within two minutes), stdout,
/// stderr. It must still run when the signal comes.
pub fn interrupted(args: &[&str], after: std::time::Duration) -> (Option<i32>, String, String) {
    signalled(args, after, libc::SIGINT)
}

#[cfg(unix)]
/// `ludomat ARGS` started in a process group of its own (as a shell's foreground job),
/// stdin closed, stdout and stderr piped.
pub fn in_own_group<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> std::process::Child {
    use std::os::unix::process::CommandExt as _;
    std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .process_group(0)
        .start()
        .expect("the binary starts")
}

#[cfg(unix)]
/// [`interrupted`] with `signal` (SIGTERM: as a service manager stops a process) in place
/// of Ctrl-C.
pub fn signalled(
    args: &[&str],
    after: std::time::Duration,
    signal: libc::c_int,
) -> (Option<i32>, String, String) {
    signal_child(in_own_group(args), args, after, signal)
}

#[cfg(unix)]
/// [`signalled`], `after` counted from the moment the process catches `signal` (read from
/// `/proc`: the first line of `main` holds it): on a loaded machine a process may take
/// longer than `after` to reach `main`, and a signal before that ends it silent, as it
/// would end any program.
pub fn signalled_once_caught(
    args: &[&str],
    after: std::time::Duration,
    signal: libc::c_int,
) -> (Option<i32>, String, String) {
    let child = in_own_group(args);
    let status = format!("/proc/{}/status", child.id());
    let started = std::time::Instant::now();
    let caught = || {
        let text = ludomat_io::read::text(std::path::Path::new(&status), 1 << 16).ok()?;
        let mask = text.lines().find_map(|l| l.strip_prefix("SigCgt:"))?;
        let mask = u64::from_str_radix(mask.trim(), 16).ok()?;
        Some(mask & (1 << (signal - 1)) != 0)
    };
    while caught() == Some(false) && started.elapsed() < std::time::Duration::from_secs(30) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(
        caught(),
        Some(true),
        "{args:?} never caught signal {signal}"
    );
    signal_child(child, args, after, signal)
}

#[cfg(unix)]
fn signal_child(
    mut child: std::process::Child,
    args: &[&str],
    after: std::time::Duration,
    signal: libc::c_int,
) -> (Option<i32>, String, String) {
    let mut out = child.stdout.take().expect("piped");
    let mut err = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || ludomat_io::read::capped(&mut out, 1 << 20));
    let err = std::thread::spawn(move || ludomat_io::read::capped(&mut err, 1 << 20));
    std::thread::sleep(after);
    assert!(
        child.try_wait().expect("wait").is_none(),
        "{args:?} ended before Ctrl-C: make it longer"
    );
    let pgid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: kill with a negative pid (the group this test made) and a valid signal
    // number has no memory effects.
    unsafe { libc::kill(-pgid, signal) };
    let started = std::time::Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if started.elapsed() > std::time::Duration::from_secs(120) {
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

/// The binary run with `args` under the file-size limit of `blocks` (`ulimit -f`, blocks of
/// 512 bytes): a full disk's failed write, made the same way every time.
#[cfg(unix)]
pub fn under_file_size_limit(blocks: u32, args: &[&std::ffi::OsStr]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -f {blocks} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .run_output()
        .expect("runs")
}

/// `sh -c SCRIPT` in `dir`, with `$L` the binary (for shell redirections such as
/// `"$L" menace stats >> s.json`): the whole output.
pub fn through_a_shell(dir: &Path, script: &str) -> Output {
    ludomat_io::child::output(
        Command::new("sh")
            .arg("-c")
            .arg(script)
            .env("L", env!("CARGO_BIN_EXE_ludomat"))
            .current_dir(dir),
    )
    .expect("sh runs")
}
