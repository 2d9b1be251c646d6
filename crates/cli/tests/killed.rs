//! `kill -9` during every save path of the binary (issue 31): MENACE's and HER's states,
//! Threes! records, Qubic certificates and matchbox kits. Each command runs writing over
//! files that already hold an older valid save, and is killed (SIGKILL, no chance to
//! clean up) at moments spread over its run; afterwards every file it writes is either
//! the old one, byte for byte, or a new one that its reader accepts — never a cut or a
//! mixture. (`crates/game/tests/atomic.rs` kills a writer of the one atomic save function
//! itself; this test kills the real commands.)

#![cfg(unix)]

use ludomat_io::child::Run as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One save path.
struct Case {
    /// What it saves.
    name: &'static str,
    /// The command that saves into `{out}` (a file or a folder).
    args: &'static [&'static str],
    /// Where the old save comes from.
    old: Old,
    /// `{out}` is a folder of files (kits, records) rather than one file.
    folder: bool,
    /// The name of `{out}` (its extension chooses the format where a command writes
    /// several).
    out_name: &'static str,
    /// Checks one saved file: `Err` says why it is not a whole save.
    check: fn(&Path) -> Result<(), String>,
    /// Kills at moments spread over a run.
    kills: usize,
    /// Kills the moment the save's folder first changes: a temporary file of an atomic
    /// save showing (the middle of the save), or a file being rewritten in place (the
    /// middle of a save that is not atomic) — when the poll catches it before the save
    /// ends.
    mid_save: usize,
}

/// The old save.
enum Old {
    /// The same command with these arguments appended (so the new saves differ), stopped
    /// by Ctrl-C after 300 ms if it runs longer.
    Args(&'static [&'static str]),
    /// A copy of this file (relative to the repository).
    File(&'static str),
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_ludomat")
}

fn command(args: &[&str], out: &Path, home: &Path) -> Command {
    let mut cmd = Command::new(bin());
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    cmd.args(args.iter().map(|a| {
        if *a == "{out}" {
            out.display().to_string()
        } else if let Some(rest) = a.strip_prefix("../../") {
            manifest.join("../..").join(rest).display().to_string()
        } else {
            (*a).to_string()
        }
    }))
    .current_dir(home)
    .env("NO_COLOR", "1")
    .env("HOME", home)
    .env("XDG_DATA_HOME", home.join(".data"))
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(Stdio::piped());
    cmd
}

/// The files a save path holds (a temporary file of a killed writer, named with a
/// leading dot, is not one of them).
fn saved_files(out: &Path, folder: bool) -> Vec<PathBuf> {
    if !folder {
        return vec![out.to_path_buf()];
    }
    let mut v: Vec<PathBuf> = ludomat_io::read::dir(out)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| {
                    p.is_file()
                        && !p
                            .file_name()
                            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn snapshot(out: &Path, folder: bool) -> Vec<(PathBuf, Vec<u8>)> {
    saved_files(out, folder)
        .into_iter()
        .map(|p| {
            let bytes = ludomat_io::read::to_bytes(&p).expect("a saved file reads");
            (p, bytes)
        })
        .collect()
}

fn restore(out: &Path, folder: bool, old: &[(PathBuf, Vec<u8>)]) {
    if folder {
        let _ = std::fs::remove_dir_all(out);
        std::fs::create_dir_all(out).expect("the folder");
    }
    for (p, bytes) in old {
        ludomat_io::write::atomically(p, bytes).expect("the old save is put back");
    }
}

fn text(p: &Path) -> Result<String, String> {
    ludomat_io::read::to_string(p).map_err(|e| format!("{}: {e}", p.display()))
}

fn menace_state(p: &Path) -> Result<(), String> {
    ludomat_menace::Menace::from_json(&text(p)?, p)
        .map(drop)
        .map_err(|e| e.to_string())
}

fn her_state(p: &Path) -> Result<(), String> {
    ludomat_hexapawn::Her::from_json(&text(p)?, p)
        .map(drop)
        .map_err(|e| e.to_string())
}

fn threes_record(p: &Path) -> Result<(), String> {
    ludomat_threes::record::GameRecord::from_json(&text(p)?)
        .map(drop)
        .map_err(|e| e.to_string())
}

fn certificate(p: &Path) -> Result<(), String> {
    let bytes = ludomat_io::read::to_bytes(p).map_err(|e| e.to_string())?;
    ludomat_qubic_verify::Certificate::read(&bytes)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// A file of a learning curve: a whole CSV, PNG or SVG file.
fn curve_file(p: &Path) -> Result<(), String> {
    let bytes = ludomat_io::read::to_bytes(p).map_err(|e| e.to_string())?;
    let tail = String::from_utf8_lossy(&bytes[bytes.len().saturating_sub(16)..]).into_owned();
    let whole = match p.extension().and_then(|e| e.to_str()) {
        Some("csv") => bytes.len() > 20 && bytes.ends_with(b"\n"),
        Some("png") => bytes.starts_with(b"\x89PNG") && tail.contains("IEND"),
        Some("svg") => bytes.starts_with(b"<svg") && tail.trim_end().ends_with("</svg>"),
        _ => false,
    };
    if whole {
        Ok(())
    } else {
        Err(format!("not a whole file ({} bytes)", bytes.len()))
    }
}

/// A kit's page: a whole SVG or PDF file.
fn kit_page(p: &Path) -> Result<(), String> {
    let bytes = ludomat_io::read::to_bytes(p).map_err(|e| e.to_string())?;
    let tail = String::from_utf8_lossy(&bytes[bytes.len().saturating_sub(32)..]).into_owned();
    let whole = if bytes.starts_with(b"%PDF-") {
        tail.trim_end().ends_with("%%EOF")
    } else {
        (bytes.starts_with(b"<svg") || bytes.starts_with(b"<?xml"))
            && tail.trim_end().ends_with("</svg>")
    };
    if whole {
        Ok(())
    } else {
        Err(format!(
            "not a whole page ({} bytes, ends {tail:?})",
            bytes.len()
        ))
    }
}

const CASES: &[Case] = &[
    Case {
        name: "MENACE's state",
        args: &[
            "menace",
            "train",
            "--state",
            "{out}",
            "--against",
            "random",
            "--games",
            "100000",
            "--save-every",
            "20",
            "--quiet",
            "--seed",
            "2",
        ],
        old: Old::Args(&["--fresh"]),
        folder: false,
        out_name: "out.save",
        check: menace_state,
        kills: 4,
        mid_save: 2,
    },
    Case {
        name: "HER's state",
        args: &[
            "her",
            "train",
            "--state",
            "{out}",
            "--games",
            "1000000",
            "--save-every",
            "20",
            "--quiet",
            "--seed",
            "2",
        ],
        old: Old::Args(&["--fresh"]),
        folder: false,
        out_name: "out.save",
        check: her_state,
        kills: 4,
        mid_save: 2,
    },
    Case {
        name: "Threes! records",
        args: &[
            "threes",
            "auto",
            "--games",
            "40",
            "--threads",
            "1",
            "--depth",
            "1",
            "--record-dir",
            "{out}",
        ],
        old: Old::Args(&["--seed", "9"]),
        folder: true,
        out_name: "out.save",
        check: threes_record,
        kills: 4,
        mid_save: 2,
    },
    Case {
        name: "a MENACE kit",
        args: &["menace", "kit", "--out", "{out}"],
        old: Old::Args(&["--paper", "letter"]),
        folder: false,
        out_name: "out.pdf",
        check: kit_page,
        kills: 4,
        mid_save: 2,
    },
    Case {
        name: "a HER kit (SVG)",
        args: &["her", "kit", "--svg", "--out", "{out}"],
        old: Old::Args(&["--paper", "letter"]),
        folder: true,
        out_name: "out.save",
        check: kit_page,
        kills: 4,
        mid_save: 2,
    },
    // The learning curve and its charts are written at the end of a run: a short run,
    // killed at moments spread over it (many of them inside the drawing of the charts).
    Case {
        name: "MENACE's learning curve",
        args: &[
            "menace",
            "train",
            "--against",
            "random",
            "--games",
            "100",
            "--quiet",
            "--out",
            "{out}",
        ],
        old: Old::Args(&["--seed", "9"]),
        folder: true,
        out_name: "out",
        check: curve_file,
        kills: 8,
        mid_save: 2,
    },
    // The walk before the save takes 4-8 s in a debug build: one run, killed when its
    // temporary file shows, over the sweep's one-record certificate.
    Case {
        name: "a Qubic certificate",
        args: &[
            "qubic",
            "proof",
            "--dims",
            "3",
            "--write-certificate",
            "{out}",
        ],
        old: Old::File("crates/cli/tests/data/tiny.cert.gz"),
        folder: false,
        out_name: "out.cert.gz",
        check: certificate,
        kills: 0,
        mid_save: 1,
    },
];

/// A small deterministic generator for the kill moments.
struct Moments(u64);

impl Moments {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// When to kill a run.
#[derive(Clone, Copy, Debug)]
enum Kill {
    After(Duration),
    /// When the save's folder first changes.
    MidSave,
}

/// What a folder holds: each entry's name, length and time of change.
fn listing(dir: &Path) -> Vec<(std::ffi::OsString, u64, Option<std::time::SystemTime>)> {
    let mut v: Vec<_> = ludomat_io::read::dir(dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .filter_map(|e| {
                    let m = e.metadata().ok()?;
                    Some((e.file_name(), m.len(), m.modified().ok()))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Runs `case`'s command to its end or until `kill`; how long it ran and whether it was
/// killed.
fn run(case: &Case, out: &Path, home: &Path, kill: Option<Kill>) -> (Duration, bool) {
    let folder = if case.folder {
        out.to_path_buf()
    } else {
        out.parent().expect("a folder").to_path_buf()
    };
    let before = listing(&folder);
    let mut child = command(case.args, out, home)
        .start()
        .expect("the binary starts");
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return (started.elapsed(), false);
        }
        let now = match kill {
            None => false,
            Some(Kill::After(k)) => started.elapsed() >= k,
            Some(Kill::MidSave) => listing(&folder) != before,
        };
        if now {
            child.kill().expect("SIGKILL");
            let _ = child.wait();
            return (started.elapsed(), true);
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{}: still running after 60 s",
            case.name
        );
        // A save's temporary file lives about a millisecond: looked for more often.
        std::thread::sleep(Duration::from_micros(
            if matches!(kill, Some(Kill::MidSave)) {
                50
            } else {
                500
            },
        ));
    }
}

fn kill_during_saves(case: &Case, moments: &mut Moments) -> Vec<String> {
    let started = Instant::now();
    let home = tempfile::tempdir().expect("scratch");
    let out = if case.folder {
        home.path().join("out")
    } else {
        home.path().join(case.out_name)
    };
    match case.old {
        // The same command, other settings, run to its end or stopped by Ctrl-C (SIGINT),
        // which saves.
        Old::Args(more) => {
            let mut old_args: Vec<&str> = case.args.to_vec();
            old_args.extend(more);
            // On a loaded machine the Ctrl-C can come before the program has set up its
            // handler (then SIGINT ends it unsaved, as it would a person's early Ctrl-C):
            // such a run is repeated with twice the wait, up to five times.
            let mut wait = Duration::from_millis(300);
            for attempt in 1..=5 {
                let mut child = command(&old_args, &out, home.path())
                    .start()
                    .expect("starts");
                let started = Instant::now();
                let mut interrupted = false;
                let status = loop {
                    if let Some(status) = child.try_wait().expect("wait") {
                        break status;
                    }
                    if !interrupted && started.elapsed() > wait {
                        let pid = libc::pid_t::try_from(child.id()).expect("a pid");
                        // SAFETY: kill with a valid pid and signal number has no memory
                        // effects.
                        unsafe { libc::kill(pid, libc::SIGINT) };
                        interrupted = true;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                };
                use std::os::unix::process::ExitStatusExt as _;
                if status.signal() != Some(libc::SIGINT) || attempt == 5 {
                    break;
                }
                wait *= 2;
            }
        }
        Old::File(f) => {
            let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
            std::fs::copy(repo.join(f), &out).expect("the old file");
        }
    }
    let old = snapshot(&out, case.folder);
    assert!(!old.is_empty(), "{}: no old save was made", case.name);
    for (p, _) in &old {
        if let Err(e) = (case.check)(p) {
            panic!(
                "{}: the old save {} is refused: {e}",
                case.name,
                p.display()
            );
        }
    }
    // How long a run takes (at most 0.6 s: longer ones are killed within that).
    let whole = if case.kills > 0 {
        restore(&out, case.folder, &old);
        run(
            case,
            &out,
            home.path(),
            Some(Kill::After(Duration::from_millis(600))),
        )
        .0
    } else {
        Duration::ZERO
    };
    let mut failures = Vec::new();
    let mut caught = 0;
    for i in 0..case.kills + case.mid_save {
        restore(&out, case.folder, &old);
        let kill = if i < case.kills {
            Kill::After(whole.mul_f64(0.05 + 0.95 * moments.next()))
        } else {
            Kill::MidSave
        };
        let (at, killed) = run(case, &out, home.path(), Some(kill));
        if killed && matches!(kill, Kill::MidSave) {
            caught += 1;
        }
        let now = saved_files(&out, case.folder);
        for (p, _) in &old {
            if !now.contains(p) {
                failures.push(format!(
                    "{}: killed at {at:?}: {} is gone",
                    case.name,
                    p.display()
                ));
            }
        }
        for p in now {
            let same = old.iter().any(|(q, bytes)| {
                *q == p && ludomat_io::read::to_bytes(&p).is_ok_and(|b| b == *bytes)
            });
            if same {
                continue;
            }
            if let Err(e) = (case.check)(&p) {
                failures.push(format!(
                    "{}: killed at {at:?}: {} is neither the old save nor a whole new one: {e}",
                    case.name,
                    p.display()
                ));
            }
        }
    }
    ludomat_io::errln!(
        "{}: killed {} times within {whole:.2?}, and {caught} of {} times at the first \
         change of its folder ({:.1?} in all)",
        case.name,
        case.kills,
        case.mid_save,
        started.elapsed()
    );
    failures
}

#[test]
fn killed_during_a_save_every_file_is_the_old_one_or_a_whole_new_one() {
    let mut moments = Moments(0x9E37_79B9_7F4A_7C15);
    let started = Instant::now();
    let mut failures = Vec::new();
    for case in CASES {
        failures.extend(kill_during_saves(case, &mut moments));
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    ludomat_io::errln!(
        "{} save paths killed in {:?}",
        CASES.len(),
        started.elapsed()
    );
}
