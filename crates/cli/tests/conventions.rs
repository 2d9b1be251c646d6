//! Conventions every command shares (issue 33): every command that takes `--seed` prints
//! the seed it used, 1 when none is given; every `--help` lists a command's own options
//! in the order they are declared, the global `-v` after them, just before `-h`. Both
//! walk the whole command tree, so a new command cannot be forgotten.

use ludomat_io::child::Run as _;
mod common;

use std::process::{Command, Stdio};

use common::text;

/// Run `ludomat ARGS` from the checkout's root with `stdin`, HOME in `dir`; stdout and
/// stderr as one text.
fn output(args: &[&str], stdin: &str, dir: &std::path::Path) -> (bool, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR").to_string() + "/../..")
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

/// Every command that runs (a leaf of clap's tree), from the binary itself.
fn leaves() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .env("LUDOMAT_COMMAND_TREE", "1")
        .run_output()
        .expect("the ludomat binary starts");
    text(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with('+') && !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// The options a `--help` lists, in its order (`--seed`, `-h` for one without a long
/// name).
fn options(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Options:"))
        .skip(1)
        .take_while(|l| l.starts_with(' ') || l.is_empty())
        .filter(|l| {
            // an option starts at column 2 (`-s, --seed`) or 6 (`--games`); a
            // description's continuation lines are indented deeper
            let t = l.trim_start();
            matches!(l.len() - t.len(), 2 | 6) && t.starts_with('-')
        })
        .filter_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words
                .iter()
                .find(|w| w.starts_with("--"))
                .or(words.first())
                .map(|w| w.trim_end_matches(',').trim_end_matches("...").to_string())
        })
        .collect()
}

/// The shared data folder (ISCAS-85) beside the checkout, if there is one.
fn shared() -> Option<String> {
    [
        std::env::var("LUDOMAT_SHARED").ok(),
        Some(env!("CARGO_MANIFEST_DIR").to_string() + "/../../../shared"),
        Some("/work/shared".to_string()),
    ]
    .into_iter()
    .flatten()
    .find(|p| {
        std::path::Path::new(p)
            .join("data/iscas85/c17.bench")
            .exists()
    })
}

/// Every command that takes `--seed`, run small (`{dir}`: a fresh folder each run,
/// `{shared}`: the data folder; `|` separates arguments that hold spaces), and its
/// input. `None`: the command draws nothing at random, the flag is MENACE's global one.
fn seeded(leaf: &str) -> Option<(&'static str, &'static str)> {
    Some(match leaf {
        "play tictactoe" => ("play tictactoe --x random --o random", ""),
        "play computox" => ("play computox", "Q\n"),
        "play qubic" => ("play qubic", "q\n"),
        "play threes" => ("play threes", "q\n"),
        "play menace" => ("play menace --games 1 --state {dir}/m.json", "quit\n"),
        "play hexapawn" => ("play hexapawn", ""),
        "tournament tictactoe" => ("tournament tictactoe --games 10 --quiet", ""),
        "tournament qubic" => ("tournament qubic --games 2 --quiet", ""),
        "menace play" => ("menace play --games 1 --state {dir}/m.json", "quit\n"),
        "menace train" => (
            "menace train --against random --games 10 --state {dir}/m.json --out {dir}/o --quiet",
            "",
        ),
        "menace bench" => ("menace bench --games 1000 --threads 1 --quiet", ""),
        // the saved boxes shown or printed: nothing drawn
        "menace boxes" | "menace stats" | "menace kit" => return None,
        "logic sim" => ("logic sim {shared}/data/iscas85/c17.bench --random 2", ""),
        "logic bench" => (
            "logic bench --circuits c17 --vectors 10 --no-external --dir {shared}/data/iscas85",
            "",
        ),
        "her train" => ("her train --games 10 --state {dir}/h.json", ""),
        "threes auto" => ("threes auto --games 1 --depth 1", ""),
        "threes tune" => ("threes tune --games 1 --depth 1 --rounds 0", ""),
        "threes learn" => (
            "threes learn --games 20 --tuples 4x5 --eval-every 10 --eval-games 2 --dir {dir}/n",
            "",
        ),
        "threes versus" => (
            "threes versus|--games|1|--ai|x:1=ludomat threes engine --depth {}",
            "",
        ),
        _ => panic!("`{leaf}` takes --seed but has no row in `seeded`"),
    })
}

/// Whether `out` holds `words` not followed by another digit ("seed 1", not "seed 12").
fn mentions(out: &str, words: &str) -> bool {
    out.match_indices(words).any(|(i, _)| {
        !out[i + words.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

#[test]
fn every_seeded_command_prints_its_seed() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    let mut checked = 0;
    for leaf in leaves() {
        let args: Vec<&str> = leaf.split(' ').chain(["--help"]).collect();
        let (_, help) = output(&args, "", scratch.path());
        if !options(&help).iter().any(|o| o == "--seed") {
            continue;
        }
        let Some((line, stdin)) = seeded(&leaf) else {
            continue;
        };
        let line = match shared() {
            Some(s) => line.replace("{shared}", &s),
            None if line.contains("{shared}") => {
                ludomat_io::errln!("skipped (no ../shared/data beside the checkout): {line}");
                continue;
            }
            None => line.to_string(),
        };
        for (given, expected) in [(None, "seed 1"), (Some("4242"), "seed 4242")] {
            let dir = tempfile::tempdir().expect("temp dir");
            let line = line.replace("{dir}", &dir.path().display().to_string());
            let mut args: Vec<&str> = if line.contains('|') {
                // the first part is the command's path, the others whole arguments
                let mut parts = line.split('|');
                let path = parts.next().unwrap_or_default().split_whitespace();
                path.chain(parts).collect()
            } else {
                line.split_whitespace().collect()
            };
            if let Some(seed) = given {
                args.extend(["--seed", seed]);
            }
            let (_, out) = output(&args, stdin, dir.path());
            if !mentions(&out, expected) {
                failures.push(format!(
                    "ludomat {}: no \"{expected}\" in\n{}",
                    args.join(" "),
                    out.lines().take(6).collect::<Vec<_>>().join("\n")
                ));
            }
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} seeded commands found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_saved_menace_says_its_draws_go_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let state = dir.path().join("m.json").display().to_string();
    let out_dir = dir.path().join("o").display().to_string();
    let train = [
        "menace",
        "train",
        "--against",
        "random",
        "--games",
        "10",
        "--state",
        &state,
        "--out",
        &out_dir,
        "--quiet",
    ];
    let (ok, first) = output(&train, "", dir.path());
    assert!(ok && first.contains("(seed 1)"), "{first}");
    let (ok, again) = output(&train, "", dir.path());
    assert!(
        ok && again.contains("its saved random draws go on; --seed N restarts them"),
        "{again}"
    );
}

#[test]
fn options_are_listed_as_declared_and_verbose_last() {
    let scratch = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    for leaf in leaves() {
        let args: Vec<&str> = leaf.split(' ').chain(["--help"]).collect();
        let (_, help) = output(&args, "", scratch.path());
        let opts = options(&help);
        // the global -v after the command's own options, just before -h
        let n = opts.len();
        if n < 2 || opts[n - 2] != "--verbose" || opts[n - 1] != "--help" {
            failures.push(format!("ludomat {leaf}: {opts:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // MENACE's shared options (global to `menace`) after each command's own
    let (_, help) = output(&["menace", "train", "--help"], "", scratch.path());
    let opts = options(&help);
    let at = |o: &str| opts.iter().position(|x| x == o);
    assert_eq!(at("--against"), Some(0), "{opts:?}");
    assert!(at("--quiet") < at("--state"), "{opts:?}");
    assert_eq!(at("--seed"), Some(opts.len() - 4), "{opts:?}");
    assert_eq!(at("--wait-lock"), Some(opts.len() - 3), "{opts:?}");
    // one command against its declaration (crates/cli/src/threes.rs, TuneArgs)
    let (_, help) = output(&["threes", "tune", "--help"], "", scratch.path());
    assert_eq!(
        options(&help),
        [
            "--games",
            "--depth",
            "--rounds",
            "--seed",
            "--from",
            "--out",
            "--checkpoint",
            "--resume",
            "--wait-lock",
            "--quiet",
            "--method",
            "--generations",
            "--population",
            "--sigma",
            "--verbose",
            "--help"
        ]
    );
}
