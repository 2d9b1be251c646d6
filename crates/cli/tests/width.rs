//! Everything ludomat prints fits an 80-column terminal (issue 33): every `--help` of the
//! command tree (walked from `ludomat --help`, so no subcommand is forgotten) and the
//! output of every command, run with small arguments from a table. A subcommand with no
//! row in the table fails the test. Lines are measured as a terminal shows them (colour
//! escapes removed, every character one column).

use ludomat_io::child::Run as _;
mod common;

use std::collections::BTreeSet;
use std::process::{Command, Stdio};

use common::text;

const WIDTH: usize = 80;

/// Run `ludomat ARGS` at an 80-column terminal's settings with `stdin`; stdout and stderr
/// as one text.
fn output(args: &[&str], stdin: &str, dir: &std::path::Path) -> (bool, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR").to_string() + "/../..")
        .env("COLUMNS", "80")
        .env("LINES", "24")
        .env("NO_COLOR", "1")
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .start()
        .expect("the ludomat binary starts");
    let _ = child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin.as_bytes());
    let out = child.wait_with_output().expect("it finishes");
    (out.status.success(), text(&out.stdout) + &text(&out.stderr))
}

/// The lines wider than 80 columns, with their width. Input comes from a pipe, so the
/// Enter that ends a typed answer is not echoed and a prompt shares its line with what
/// the game prints next; on a terminal they are two lines, so they are measured apart (a
/// prompt ends in ':' or '?', and the game's answer starts after two or more spaces).
fn too_wide(out: &str) -> Vec<String> {
    out.lines()
        .map(|l| l.trim_end_matches('\r'))
        .flat_map(split_after_prompts)
        .filter(|l| l.chars().count() > WIDTH)
        .map(|l| format!("{:>3}: {l}", l.chars().count()))
        .collect()
}

fn split_after_prompts(line: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut rest = line;
    while let Some(i) = rest
        .match_indices(": ")
        .chain(rest.match_indices("? "))
        .map(|(i, _)| i)
        .filter(|&i| rest[i + 1..].starts_with("  ") || rest[i + 2..].starts_with('\''))
        .min()
    {
        parts.push(&rest[..=i]);
        rest = rest[i + 1..].trim_start();
    }
    parts.push(rest);
    parts
}

/// The shared data folder (ISCAS-85) beside the checkout, if there is one.
fn shared() -> Option<String> {
    let candidates = [
        std::env::var("LUDOMAT_SHARED").ok(),
        Some(env!("CARGO_MANIFEST_DIR").to_string() + "/../../../shared"),
        Some("/work/shared".to_string()),
    ];
    candidates.into_iter().flatten().find(|p| {
        std::path::Path::new(p)
            .join("data/iscas85/c17.bench")
            .exists()
    })
}

/// The subcommands `ludomat PATH --help` lists under "Commands:".
fn subcommands(path: &[String], dir: &std::path::Path) -> Vec<String> {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let (_, help) = output(&args, "", dir);
    let mut names = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line.starts_with("Commands:") {
            inside = true;
            continue;
        }
        if inside {
            if !line.starts_with("  ") {
                break;
            }
            // a name starts at column 2; a description's continuation is indented deeper
            if line.as_bytes().get(2).is_some_and(|b| *b != b' ') {
                let name = line.split_whitespace().next().unwrap_or_default();
                if name != "help" {
                    names.push(name.to_string());
                }
            }
        }
    }
    names
}

/// Every command path with its `--help` checked; returns the leaves (commands that run).
fn walk_help(
    path: &mut Vec<String>,
    dir: &std::path::Path,
    failures: &mut Vec<String>,
) -> Vec<String> {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let (_, help) = output(&args, "", dir);
    for l in too_wide(&help) {
        failures.push(format!("ludomat {}: {l}", args.join(" ")));
    }
    let subs = subcommands(path, dir);
    if subs.is_empty() {
        return vec![path.join(" ")];
    }
    let mut leaves = Vec::new();
    for s in subs {
        path.push(s);
        leaves.extend(walk_help(path, dir, failures));
        path.pop();
    }
    leaves
}

/// One command with small arguments, the input it is given, and the leaf it covers.
struct Row {
    leaf: &'static str,
    args: &'static str,
    stdin: &'static str,
}

const fn row(leaf: &'static str, args: &'static str, stdin: &'static str) -> Row {
    Row { leaf, args, stdin }
}

/// Every command, run small. `{dir}` is a scratch folder. Commands that serve until
/// stopped (`serve`) are covered by their `--help` only (leaf with no args).
fn rows() -> Vec<Row> {
    vec![
        row("menu", "menu", "?\n\n1\n\nb\n3\nb\nq\n"),
        row("play tictactoe", "play tictactoe --x human --o perfect", "5\n1\n3\n7\n9\n"),
        row("play computox", "play computox", "E\nA\nC\nG\nI\n"),
        row("play computox", "play computox --plan", ""),
        row("play computox", "play computox --relays", "E\nA\nC\n"),
        row("play computox", "play computox --mode-switches --explain", "E\nA\n"),
        row("play computox", "play computox --autox", "E\nA\n"),
        row("play relay-tictactoe", "play relay-tictactoe", "1\n2\n3\n"),
        row("play qubic", "play qubic", "111\n222\n333\n"),
        row("play qubic", "play qubic --strategy louden1962 --machine-first", "111\n"),
        row("play qubic", "play qubic --dims 4", "1111\n2222\n"),
        row("play threes", "play threes", "w\na\ns\nd\n"),
        // the assistant's advice is a long sentence
        row("play threes", "play threes --assist", "w\na\ns\nd\n"),
        row("play menace", "play menace --games 1 --state {dir}/m.json", "MM\nLL\nRR\nLR\nRL\n"),
        row("play regex", "play regex small-hexagon", "\n"),
        row("play hexapawn", "play hexapawn", "a2a3\n"),
        row("tournament tictactoe", "tournament tictactoe --games 2000 --quiet", ""),
        row("tournament qubic", "tournament qubic --games 10 --quiet", ""),
        row("tictactoe facts", "tictactoe facts", ""),
        row("menace play", "menace play --games 1 --state {dir}/m2.json", "MM\nLL\n"),
        row("menace train", "menace train --against random --games 300 --state {dir}/t.json --out {dir}/curve --quiet", ""),
        row("menace boxes", "menace boxes --state {dir}/t.json", ""),
        row("menace boxes", "menace boxes --position X../.O./... --state {dir}/t.json", ""),
        row("menace stats", "menace stats --state {dir}/t.json", ""),
        row("menace bench", "menace bench --games 20000 --threads 1 --quiet", ""),
        row("menace kit", "menace kit --state {dir}/t.json -o {dir}/kit.pdf", ""),
        row("logic latch", "logic latch --trace", ""),
        row("logic sim", "logic sim {shared}/data/iscas85/c17.bench --random 20", ""),
        row("logic check", "logic check {shared}/data/iscas85/atalanta", ""),
        row("logic bench", "logic bench --circuits c17 --vectors 100 --no-external --dir {shared}/data/iscas85", ""),
        row("computox netlist", "computox netlist --by-relay", ""),
        row("computox verify", "computox verify", ""),
        row("logic squares", "logic squares", ""),
        row("relay asm", "relay asm programs/relay/tictactoe.asm --format listing", ""),
        row("relay run", "relay run programs/relay/tictactoe.asm --keys 0,1", ""),
        row("relay run", "relay run programs/relay/tictactoe.asm --keys 4,2,6 --trace", ""),
        row("relay asm", "relay asm programs/relay/tictactoe-corrected.asm -o {dir}/p.bin", ""),
        row("relay disasm", "relay disasm {dir}/p.bin", ""),
        row("relay bench", "relay bench --max-steps 1e6", ""),
        row("regex solve", "regex solve mit-2013-hexagon --explain", ""),
        row("regex check", "regex check small-hexagon AAAAAAA", ""),
        row("regex list", "regex list", ""),
        row("her kit", "her kit -o {dir}/her-kit", ""),
        row("her train", "her train --games 200 --seed 1", ""),
        row("her boxes", "her boxes", ""),
        row("threes auto", "threes auto --games 2 --seed 1 --depth 1 --show --csv {dir}/a.csv --record-dir {dir}", ""),
        // an engine's command in the header
        row(
            "threes auto",
            "threes auto --games 2 --seed 1|--engine|ludomat threes engine --depth 1",
            "",
        ),
        row("threes replay", "threes replay {dir}/game-0.json", ""),
        row("threes summary", "threes summary {dir}/a.csv", ""),
        row("threes tune", "threes tune --games 2 --depth 1 --rounds 1 -o {dir}/w.json", ""),
        row(
            "threes tune",
            "threes tune --method cmaes --games 2 --depth 1 --generations 1 --population 2",
            "",
        ),
        row("threes bench", "threes bench --depth 1 --seconds 0.1", ""),
        row("threes learn", "threes learn --games 300 --tuples 4x5 --eval-every 100 --eval-games 5 --stages 768,1536 --hint-lines --entry --dir {dir}/net", ""),
        row("threes learn", "threes learn --games 400 --eval-games 5 --resume --dir {dir}/net", ""),
        row("threes bench", "threes bench --depth 1 --seconds 0.1 --eval learned --network {dir}/net/network.ntuple", ""),
        row("threes engine", "threes engine --depth 1", "quit\n"),
        row("threes versus", "threes versus|--games|1|--ai|ours:1=ludomat threes engine --depth {}|--csv|{dir}/v.csv", ""),
        row("threes versus", "threes versus --from {dir}/v.csv", ""),
        row("qubic proof", "qubic proof --dims 3 --certificate crates/qubic/data/search/qubic3.cert.gz", ""),
        // the 4×4×4×4 tree (seconds), the dictionary's report, a certificate written
        row("qubic proof", "qubic proof", ""),
        row("qubic proof", "qubic proof --dims 3 --dictionary", ""),
        row("qubic proof", "qubic proof --dims 3 --write-certificate {dir}/my.cert.gz", ""),
        row("serve", "", ""),
    ]
}

#[test]
fn every_help_and_every_output_fits_80_columns() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    let leaves = walk_help(&mut Vec::new(), dir.path(), &mut failures);
    let covered: BTreeSet<&str> = rows().iter().map(|r| r.leaf).collect();
    let missing: Vec<&String> = leaves
        .iter()
        .filter(|l| !covered.contains(l.as_str()))
        .collect();
    for r in rows() {
        if r.args.is_empty() {
            continue;
        }
        let d = dir.path().display().to_string();
        let line = r.args.replace("{dir}", &d);
        let line = match shared() {
            Some(s) => line.replace("{shared}", &s),
            None if line.contains("{shared}") => {
                ludomat_io::errln!("skipped (no ../shared/data beside the checkout): {line}");
                continue;
            }
            None => line,
        };
        // `|` separates arguments that hold spaces; otherwise spaces do
        let args: Vec<&str> = if line.contains('|') {
            line.split('|')
                .flat_map(|part| {
                    if part.starts_with("threes ") {
                        part.split_whitespace().collect::<Vec<_>>()
                    } else {
                        vec![part]
                    }
                })
                .collect()
        } else {
            line.split_whitespace().collect()
        };
        let (_, out) = output(&args, r.stdin, dir.path());
        for l in too_wide(&out) {
            failures.push(format!("ludomat {}: {l}", r.args));
        }
    }
    assert!(
        missing.is_empty(),
        "commands with no row in the width table: {missing:?}"
    );
    assert!(
        failures.is_empty(),
        "{} lines wider than {WIDTH} columns:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Run `ludomat ARGS` on a pseudo-terminal of 80×24 (standard output and error both on it,
/// as at a real terminal, so progress bars are drawn); everything it wrote.
#[cfg(unix)]
fn on_terminal(args: &[&str], dir: &std::path::Path) -> String {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::os::unix::process::CommandExt;
    // SAFETY: plain libc calls on descriptors this test owns; results are checked.
    let (master, slave) = unsafe {
        let master = libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY);
        assert!(master >= 0, "openpt");
        assert!(libc::grantpt(master) == 0 && libc::unlockpt(master) == 0);
        let mut name = [0 as libc::c_char; 128];
        assert_eq!(libc::ptsname_r(master, name.as_mut_ptr(), name.len()), 0);
        let slave = libc::open(name.as_ptr(), libc::O_RDWR | libc::O_NOCTTY);
        assert!(slave >= 0, "open the slave");
        let size = libc::winsize {
            ws_row: 24,
            ws_col: 80,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        assert_eq!(libc::ioctl(slave, libc::TIOCSWINSZ, &size), 0);
        (
            std::fs::File::from_raw_fd(master),
            OwnedFd::from_raw_fd(slave),
        )
    };
    let stdio = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup"));
    let mut command = Command::new(env!("CARGO_BIN_EXE_ludomat"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR").to_string() + "/../..")
        .env("COLUMNS", "80")
        .env("LINES", "24")
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env("LUDOMAT_PAGER", "0")
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .stdin(Stdio::null())
        .stdout(stdio(&slave))
        .stderr(stdio(&slave));
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::setsid();
            Ok(())
        });
    }
    let mut child = ludomat_io::child::spawn(&mut command).expect("the ludomat binary starts");
    // the command holds copies of the slave: drop them all, so the read ends with the child
    drop(command);
    drop(slave);
    let mut reader = master;
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    // ends with EIO when the child has exited and the slave is closed
    while let Ok(n) = reader.read(&mut buf) {
        if n == 0 {
            break;
        }
        bytes.extend_from_slice(&buf[..n]);
    }
    let _ = child.wait();
    text(&bytes)
}

/// What a terminal shows, line by line: escape sequences removed, each carriage return or
/// cursor movement starting a new line (a progress bar redrawn in place is measured at
/// every drawing).
fn drawn_lines(raw: &str) -> Vec<String> {
    let mut lines = vec![String::new()];
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\x1b' => {
                // CSI: ESC [ parameters final-byte; a cursor move or erase ends the line
                if chars.peek() == Some(&'[') {
                    chars.next();
                    for c in chars.by_ref() {
                        if c.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
                lines.push(String::new());
            }
            '\r' | '\n' => lines.push(String::new()),
            c if c.is_control() => {}
            c => lines.last_mut().expect("a line").push(c),
        }
    }
    lines.into_iter().filter(|l| !l.trim().is_empty()).collect()
}

/// Long runs on a terminal of 80 columns: their progress bars (stderr) and everything else
/// they write fit, at every redrawing.
#[cfg(unix)]
#[test]
fn progress_bars_and_stderr_fit_80_columns_on_a_terminal() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path().display().to_string();
    let runs: Vec<String> = vec![
        "tournament tictactoe --games 400000".into(),
        "tournament qubic --games 300".into(),
        "relay bench --max-steps 4e8".into(),
        format!("menace --state {d}/m.json train --against random --games 400000 --out {d}/c"),
        format!("her train --games 100000 --state {d}/h.json"),
        "threes auto --games 2 --seed 1 --depth 2".into(),
        "computox verify".into(),
        "logic check crates/cli/tests/data/atalanta".into(),
        "menace bench --games 200000".into(),
        "play tictactoe --x robot".into(),
        // the search's bar: its note (the line searched) is shortened, the time left kept
        "qubic proof --dims 3 --search-after 13".into(),
    ];
    let mut failures = Vec::new();
    for run in &runs {
        let args: Vec<&str> = run.split_whitespace().collect();
        let out = on_terminal(&args, dir.path());
        for l in drawn_lines(&out) {
            let n = l.chars().count();
            if n > WIDTH {
                failures.push(format!("ludomat {run}: {n}: {l}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} lines wider than {WIDTH} columns on a terminal:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
