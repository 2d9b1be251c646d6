//! What users read, kept as files: `tests/cmd/` holds, for every command of clap's tree,
//! its `--help`, a short seeded run and its commonest error, as a terminal of 80 columns
//! shows them (stdout and stderr together, timings masked with `[..]`). Read the folder to
//! hear the program's voice (docs/VOICE.md says how it speaks); a changed word or a new
//! wide line shows up in review as a changed snapshot.
//!
//! `TRYCMD=overwrite cargo test -p ludomat --test voice` rewrites the snapshots after a
//! deliberate change (it keeps the `[..]` masks where the line still matches them).

mod common;

use ludomat_io::child::Run;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::text;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cases() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cmd")
}

/// Every command path of clap's tree (`menace train`; groups such as `menace` too).
fn paths() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .env("LUDOMAT_COMMAND_TREE", "1")
        .run_output()
        .expect("the ludomat binary starts");
    text(&out.stdout)
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn what_users_read_matches_the_snapshots() {
    let home = tempfile::tempdir().expect("a temporary home");
    // Commands read the repository's files by the paths README.md uses; the cases that
    // write files run in a scratch folder of their own (they have a `.out/` folder).
    std::env::set_current_dir(root()).expect("the repository root");
    let home_path = home.path().display().to_string();
    trycmd::TestCases::new()
        .register_bin("ludomat", Path::new(env!("CARGO_BIN_EXE_ludomat")))
        .env("COLUMNS", "80")
        .env("LINES", "24")
        .env("NO_COLOR", "1")
        .env("LUDOMAT_PAGER", "0")
        .env("HOME", &home_path)
        .env("XDG_DATA_HOME", &home_path)
        .insert_var("[HOME]", home_path.clone())
        .expect("a valid variable")
        .case(cases().join("*.md"))
        // games fed a script on standard input (a `.stdin` beside them)
        .case(cases().join("*.toml"));
}

/// The snapshot file of a command path, and what it holds.
fn snapshot(path: &str) -> (PathBuf, String) {
    let name = if path.is_empty() {
        "ludomat".to_string()
    } else {
        path.replace(' ', "-")
    };
    let file = cases().join(format!("{name}.md"));
    let mut text = ludomat_io::read::to_string(&file).unwrap_or_default();
    // a scripted game beside it counts as one more run: `args = ["play", "menace", …]`
    let game = ludomat_io::read::to_string(cases().join(format!("{name}.game.toml")));
    if let Some(args) = game
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("args = ["))
    {
        let words: Vec<&str> = args.trim_end_matches(']').split(", ").collect();
        let words: Vec<&str> = words.iter().map(|w| w.trim_matches('"')).collect();
        text.push_str(&format!("\n$ ludomat {}\n", words.join(" ")));
    }
    (file, text)
}

/// A test fails when a command has no snapshot: every path of clap's tree has a file with
/// its `--help`; every command that runs (a leaf) also has a run that succeeds and an
/// error (a non-zero status), except the server, which runs until stopped.
#[test]
fn every_command_has_its_snapshots() {
    let all = paths();
    assert!(all.len() > 40, "the command tree: {all:?}");
    let mut missing = Vec::new();
    let (_, top) = snapshot("");
    if !top.contains("$ ludomat --help\n") {
        missing.push("ludomat.md: `ludomat --help`".to_string());
    }
    for line in &all {
        let (leaf, path) = match line.strip_prefix('+') {
            Some(group) => (false, group),
            None => (true, line.as_str()),
        };
        let (file, text) = snapshot(path);
        let name = file.file_name().map(|f| f.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        if !text.contains(&format!("$ ludomat {path} --help\n")) {
            missing.push(format!("{name}: `ludomat {path} --help`"));
        }
        if !leaf {
            continue;
        }
        let words: Vec<&str> = path.split(' ').collect();
        // the commands of the file that name this path (options may stand between words)
        let blocks: Vec<&str> = text.split("\n$ ").skip(1).collect();
        let runs = |failing: bool| {
            blocks.iter().any(|b| {
                let command = b.lines().next().unwrap_or_default();
                let named = words.iter().all(|w| command.split(' ').any(|c| c == *w));
                let status = b.lines().nth(1).unwrap_or_default();
                let failed = status.starts_with("? ") && status != "? success";
                named && !command.contains("--help") && failed == failing
            })
        };
        if path != "serve" && !runs(false) {
            missing.push(format!("{name}: a run of `ludomat {path}` that succeeds"));
        }
        if !runs(true) {
            missing.push(format!("{name}: an error of `ludomat {path}` (`? 2`)"));
        }
    }
    assert!(
        missing.is_empty(),
        "commands without their snapshots in tests/cmd/:\n{}",
        missing.join("\n")
    );
}

/// No help page names an internal issue number (or any issue): what users read is about
/// the machines, not about the project's tracker.
#[test]
fn no_help_page_names_an_issue() {
    let mut found = Vec::new();
    for line in std::iter::once(String::new()).chain(paths()) {
        let path = line.trim_start_matches('+');
        let mut args: Vec<&str> = path.split(' ').filter(|w| !w.is_empty()).collect();
        args.push("--help");
        let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
            .args(&args)
            .env("NO_COLOR", "1")
            .run_output()
            .expect("the ludomat binary starts");
        for l in text(&out.stdout).lines() {
            if l.to_lowercase().contains("issue") {
                found.push(format!("ludomat {}: {l}", args.join(" ")));
            }
        }
    }
    assert!(
        found.is_empty(),
        "help that names an issue:\n{}",
        found.join("\n")
    );
}

/// Quotes in what a person reads are 'like this', never backticks (help pages come from
/// doc comments, whose code is in backticks).
#[test]
fn no_snapshot_quotes_with_backticks() {
    let mut found = Vec::new();
    for path in ludomat_io::read::entries(&cases()).expect("the snapshots") {
        let text = ludomat_io::read::to_string(&path).unwrap_or_default();
        for (i, line) in text.lines().enumerate() {
            if line.contains('`') && !line.starts_with("```") {
                found.push(format!("{}:{}: {line}", path.display(), i + 1));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
