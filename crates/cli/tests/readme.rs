//! README.md's commands run as written: every line of every ```sh block, from the
//! repository root, in order (a later line may use a file an earlier one wrote), with
//! `ludomat` the built binary, standard input closed (an interactive game ends cleanly at
//! the end of input) and a time budget per command. A block after
//! `<!-- readme-test: skip (reason) -->` is not run: the reason is stated there.
//!
//! The root is a temporary copy (symbolic links to the checkout's files) so that files the
//! commands write land there; `../shared` (the data beside the checkout) is linked too,
//! and commands that use it are skipped, with a note, where the checkout has none.

use ludomat_io::child::Run as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Per-command budget in the test build (opt-level 1; the README's own promise is
/// "well under a minute" from a release build).
const BUDGET: Duration = Duration::from_secs(40);

const SKIP: &str = "<!-- readme-test: skip";

/// The commands of a README, each with its line number, and the skipped blocks' reasons.
fn commands(readme: &str) -> (Vec<(usize, String)>, Vec<String>) {
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    let mut skip_next = None;
    let mut in_block = false;
    let mut skipping = false;
    for (i, line) in readme.lines().enumerate() {
        let t = line.trim();
        if !in_block {
            if t.starts_with(SKIP) {
                skip_next = Some(t.to_owned());
            } else if t.starts_with("```sh") {
                in_block = true;
                skipping = skip_next.take().is_some_and(|reason| {
                    skipped.push(format!("line {}: {reason}", i + 1));
                    true
                });
            } else if !t.is_empty() {
                skip_next = None;
            }
            continue;
        }
        if t.starts_with("```") {
            in_block = false;
            continue;
        }
        if skipping {
            continue;
        }
        let command = strip_comment(line).trim();
        if !command.is_empty() {
            out.push((i + 1, command.to_owned()));
        }
    }
    (out, skipped)
}

/// The line without a shell comment (` # …` or a line starting with `#`).
fn strip_comment(line: &str) -> &str {
    if line.trim_start().starts_with('#') {
        return "";
    }
    match line.find(" #") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// Run one command line with `sh` in `dir`; `Err` says why it failed.
fn run(command: &str, dir: &Path, bin: &Path, home: &Path) -> Result<Duration, String> {
    use std::os::unix::process::CommandExt;
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let started = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .process_group(0)
        .start()
        .map_err(|e| format!("cannot start sh: {e}"))?;
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        ludomat_io::read::capped(&mut stderr, 64 << 20)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > BUDGET {
            let pgid = i32::try_from(child.id()).expect("a pid fits i32");
            // SAFETY: kill(2) on the process group this test created for the command.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
            let _ = child.wait();
            return Err(format!("still running after {} s", BUDGET.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = reader.join().unwrap_or_default();
    if status.success() {
        Ok(started.elapsed())
    } else {
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        Err(format!("{status}: {}", tail.join(" / ")))
    }
}

/// A temporary root: links to the checkout's top-level files, `../shared` beside it.
fn temp_root(repo: &Path) -> (tempfile::TempDir, PathBuf, bool) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let root = tmp.path().join("ludomat");
    std::fs::create_dir(&root).expect("root");
    for entry in ludomat_io::read::dir(repo).expect("the checkout lists") {
        let entry = entry.expect("an entry");
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), root.join(&name)).expect("link");
    }
    // LUDOMAT_SHARED names the data folder where the checkout has none beside it
    let shared =
        std::env::var_os("LUDOMAT_SHARED").map_or_else(|| repo.join("../shared"), PathBuf::from);
    let has_shared = shared.is_dir();
    if has_shared {
        std::os::unix::fs::symlink(&shared, tmp.path().join("shared")).expect("link shared");
    }
    std::fs::create_dir(tmp.path().join("bin")).expect("bin");
    // LUDOMAT_README_BIN=target/release/ludomat measures the README with a release build
    let bin = std::env::var_os("LUDOMAT_README_BIN").map_or_else(
        || PathBuf::from(env!("CARGO_BIN_EXE_ludomat")),
        PathBuf::from,
    );
    let bin = std::fs::canonicalize(&bin).unwrap_or(bin);
    std::os::unix::fs::symlink(bin, tmp.path().join("bin/ludomat")).expect("link the binary");
    (tmp, root, has_shared)
}

/// Run every command; the failures, each naming its line and command.
fn run_all(readme: &str, repo: &Path) -> Vec<String> {
    let (tmp, root, has_shared) = temp_root(repo);
    let (list, skipped) = commands(readme);
    for s in skipped {
        ludomat_io::errln!("skipped block at {s}");
    }
    let mut failures = Vec::new();
    for (line, command) in list {
        // `logic bench` reads ../shared/data/iscas85 unless given --dir
        let reads_shared = command.contains("../shared")
            || (command.starts_with("ludomat logic bench") && !command.contains("--dir"));
        if reads_shared && !has_shared {
            ludomat_io::errln!(
                "README.md:{line}: `{command}` skipped: no ../shared beside the checkout"
            );
            continue;
        }
        match run(&command, &root, &tmp.path().join("bin"), tmp.path()) {
            Ok(t) => ludomat_io::errln!("README.md:{line}: {:6.2} s  {command}", t.as_secs_f64()),
            Err(why) => {
                // said at once too, so a log cut short still shows it
                let failure = format!("README.md:{line}: `{command}`: {why}");
                ludomat_io::errln!("FAILED {failure}");
                failures.push(failure);
            }
        }
    }
    failures
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn every_readme_command_runs_as_written() {
    let repo = repo();
    let readme = ludomat_io::read::to_string(repo.join("README.md")).expect("README.md reads");
    let started = Instant::now();
    let failures = run_all(&readme, &repo);
    ludomat_io::errln!(
        "all README commands: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "README commands that fail:\n{}",
        failures.join("\n")
    );
}

#[test]
fn a_broken_command_fails_and_is_named() {
    let readme = "text\n\n```sh\nludomat tictactoe facts   # fine\nludomat no-such-command --x\n```\n\n<!-- readme-test: skip (interactive) -->\n```sh\nludomat serve\n```\n";
    let (list, skipped) = commands(readme);
    assert_eq!(list.len(), 2);
    assert_eq!(list[0], (4, "ludomat tictactoe facts".to_owned()));
    assert_eq!(skipped.len(), 1);
    let failures = run_all(readme, &repo());
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(failures[0].starts_with("README.md:5: `ludomat no-such-command --x`"));
}

#[test]
fn the_readme_keeps_its_exceptions_few() {
    let readme = ludomat_io::read::to_string(repo().join("README.md")).expect("README.md reads");
    let (list, skipped) = commands(&readme);
    assert!(list.len() >= 40, "only {} commands found", list.len());
    // the menu and test run, three server blocks (local, hosted, the class's rehearsal on
    // every interface), the slow proof checks, the long runs, the night of training, the
    // proof and Threes! on MPI
    assert!(skipped.len() <= 9, "{skipped:?}");
    for s in skipped {
        assert!(s.contains('(') && s.contains(')'), "a skip says why: {s}");
    }
}
