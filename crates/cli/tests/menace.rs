//! `ludomat menace …` end to end: the binary with piped input, bad state files left
//! alone, and a training run killed mid-way losing at most the game in progress.

use ludomat_io::child::Run as _;
mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ludomat_game::Player;
use ludomat_menace::Menace;

use common::{ludomat, text};

fn state_arg(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn play_through_the_binary_then_stats() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_arg(&dir.path().join("menace.json"));
    let moves = "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n".repeat(3);
    let out = ludomat(
        &["menace", "play", "--state", &state],
        &format!("x\n1\nQQ\n{moves}"),
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("'x' is not a whole number from 1 to 1,000; type a number of games"),
        "{stdout}"
    );
    assert!(stdout.contains("new game"), "{stdout}");
    assert!(stdout.contains("row 'Q' is not L, M or R"), "{stdout}");
    assert!(stdout.contains("box #303  move 7"), "{stdout}");
    let m = Menace::load(Path::new(&state)).unwrap();
    assert_eq!(m.games(), 1);

    let out = ludomat(&["menace", "stats", "--state", &state], "");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("1 / 12 / 108 / 183 = 304"), "{stdout}");
    assert!(stdout.contains("3 / 38 / 153 / 95 = 289"), "{stdout}");
    assert!(stdout.contains("games played in all: 1"), "{stdout}");

    // Input ending mid-game changes nothing on disk.
    let before = ludomat_io::read::to_bytes(&state).unwrap();
    let out = ludomat(&["menace", "play", "--state", &state, "--games", "1"], "");
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("Input ended; game abandoned. The matchboxes are as they were")
    );
    assert_eq!(ludomat_io::read::to_bytes(&state).unwrap(), before);
}

#[test]
fn corrupt_or_foreign_state_files_are_reported_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    for (name, content, expect) in [
        (
            "corrupt.json",
            "{\"format\": \"ludomat-menace\", \"vers",
            "corrupt.json is damaged: not valid JSON: line 1",
        ),
        (
            "notes.json",
            "{\"shopping\": [\"eggs\"]}",
            "not a MENACE state file",
        ),
        (
            "old.json",
            "{\"format\": \"ludomat-menace\", \"version\": 7}",
            "version 7",
        ),
    ] {
        let path = dir.path().join(name);
        ludomat_io::write::atomically(&path, content).unwrap();
        for args in [
            vec!["menace", "stats"],
            vec!["menace", "play", "--fresh", "--games", "1"],
            vec![
                "menace",
                "train",
                "--against",
                "random",
                "--games",
                "5",
                "--quiet",
            ],
        ] {
            let mut args = args.clone();
            let p = state_arg(&path);
            args.extend(["--state", p.as_str()]);
            let out = ludomat(&args, "");
            assert!(!out.status.success(), "{args:?}");
            let err = text(&out.stderr);
            assert!(err.contains(expect), "{args:?}: {err}");
            assert!(err.contains("left untouched"), "{err}");
            assert_eq!(ludomat_io::read::to_string(&path).unwrap(), content);
        }
    }
}

#[test]
fn train_writes_the_learning_curve_and_refuses_a_human() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_arg(&dir.path().join("menace.json"));
    let prefix = state_arg(&dir.path().join("out/curve"));
    let out_dir = dir.path().join("out/curve");
    let out = ludomat(
        &[
            "menace",
            "train",
            "--against",
            "random",
            "--games",
            "250",
            "--seed",
            "3",
            "--quiet",
            "--state",
            &state,
            "--out",
            &prefix,
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = ludomat_io::read::to_string(out_dir.join("curve.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "games,wins,draws,losses,win_rate,draw_rate,loss_rate,first_box_beads"
    );
    assert_eq!(lines.len(), 1 + 4, "start, 100, 200, 250: {csv}");
    let mut files: Vec<String> = ludomat_io::read::entries(&out_dir)
        .unwrap()
        .iter()
        .map(|e| e.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "curve.csv",
            "curve.png",
            "curve.svg",
            "first-box.png",
            "first-box.svg"
        ]
    );
    assert_eq!(Menace::load(Path::new(&state)).unwrap().games(), 250);

    let out = ludomat(
        &["menace", "train", "--against", "human", "--state", &state],
        "",
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("ludomat menace play"));
    assert_eq!(Menace::load(Path::new(&state)).unwrap().games(), 250);
    // MENACE against MENACE, MENACE playing second.
    let out = ludomat(
        &[
            "menace",
            "train",
            "--against",
            "menace",
            "--side",
            "o",
            "--games",
            "50",
            "--quiet",
            "--state",
            &state,
            "--out",
            &prefix,
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let m = Menace::load(Path::new(&state)).unwrap();
    assert_eq!(m.record(Player::Second).games(), 50);
}

/// Kill the process in the middle of a long training run: the state file is always a
/// complete, valid state (saved every 500 games here), and `--continue` resumes from it.
#[test]
fn killing_training_loses_at_most_the_game_in_progress() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("menace.json");
    let state = state_arg(&path);
    let prefix = state_arg(&dir.path().join("curve"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args([
            "menace",
            "train",
            "--against",
            "random",
            "--games",
            "100000000",
            "--save-every",
            "500",
            "--quiet",
            "--state",
            &state,
            "--out",
            &prefix,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .start()
        .unwrap();
    let started = Instant::now();
    let mut seen = Vec::new();
    while seen.len() < 5 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(40));
        if path.exists() {
            // Every read sees a complete state (the writes are atomic renames).
            let m = Menace::load(&path).unwrap();
            seen.push(m.games());
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(seen.len() >= 2, "the state file never appeared");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    let m = Menace::load(&path).unwrap();
    let r = m.record(Player::First);
    assert!(m.games() >= *seen.last().unwrap());
    assert_eq!(r.wins + r.draws + r.losses, m.games());
    // Resume where it stopped.
    let out = ludomat(
        &[
            "menace",
            "train",
            "--against",
            "random",
            "--games",
            "7",
            "--continue",
            "--quiet",
            "--state",
            &state,
            "--out",
            &prefix,
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(Menace::load(&path).unwrap().games(), m.games() + 7);
}

#[test]
fn play_tictactoe_menace_against_a_human_runs_on_the_session() {
    let moves = "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n".repeat(2);
    for (x, o) in [("menace", "human"), ("human", "menace")] {
        let args = [
            "play",
            "tictactoe",
            "--x",
            x,
            "--o",
            o,
            "--notation",
            "menace",
            "--seed",
            "3",
        ];
        let out = ludomat(&args, &moves);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(
            stdout.contains(&format!(
                "Noughts and crosses: {x} (X) against {o} (O), seed 3."
            )),
            "{stdout}"
        );
        assert!(
            stdout.contains("X plays ") && stdout.contains("O plays "),
            "{stdout}"
        );
        assert!(
            stdout.contains(" wins.") || stdout.contains("Draw."),
            "{stdout}"
        );
        // Same seed, same game.
        assert_eq!(text(&ludomat(&args, &moves).stdout), stdout);
    }
    let out = ludomat(&["play", "tictactoe", "--x", "menace", "--o", "human"], "");
    assert!(text(&out.stdout).contains("Input ended; game abandoned."));
}

/// `menace train` with a seed; `extra` adds flags, and `--against`/`--games` given
/// there replace the defaults (perfect, 700).
fn train_args<'a>(state: &'a str, out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![
        "menace", "train", "--seed", "1", "--quiet", "--state", state, "--out", out,
    ];
    for (flag, default) in [("--against", "perfect"), ("--games", "700")] {
        if !extra.contains(&flag) {
            v.extend([flag, default]);
        }
    }
    v.extend_from_slice(extra);
    v
}

/// Same command, same result: with --fresh training starts from a fresh MENACE each time,
/// so two runs of one command write the same curve, charts and state, byte for byte; the
/// MENACE the second run replaces is kept as a backup. Without --fresh (the default, as
/// for every --state), training continues the saved MENACE.
#[test]
fn the_same_training_command_twice_writes_the_same_files() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_arg(&dir.path().join("menace.json"));
    let mut runs = Vec::new();
    // The very same command twice (the charts' captions name it, folder included).
    let out_dir = state_arg(&dir.path().join("a"));
    for _ in 0..2 {
        let out = ludomat(&train_args(&state, &out_dir, &["--fresh"]), "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let mut files = Vec::new();
        for f in [
            "curve.csv",
            "curve.svg",
            "curve.png",
            "first-box.svg",
            "first-box.png",
        ] {
            files.push(ludomat_io::read::to_bytes(dir.path().join("a").join(f)).unwrap());
        }
        files.push(ludomat_io::read::to_bytes(&state).unwrap());
        runs.push((files, text(&out.stdout)));
    }
    for (k, (a, b)) in runs[0].0.iter().zip(&runs[1].0).enumerate() {
        assert!(a == b, "output file {k} differs between the two runs");
    }
    let svg = String::from_utf8(runs[0].0[1].clone()).unwrap();
    assert!(
        svg.contains("made by: ludomat menace train"),
        "the command in the caption"
    );
    assert!(
        runs[1]
            .1
            .contains("it replaced a MENACE of 700 games, kept as"),
        "{}",
        runs[1].1
    );
    let backup = format!("{state}.bak-1");
    assert_eq!(Menace::load(Path::new(&backup)).unwrap().games(), 700);
    assert_eq!(Menace::load(Path::new(&state)).unwrap().games(), 700);
    // The curve learns: the first-box bead count moves (it did not in a continued run).
    let csv = ludomat_io::read::to_string(dir.path().join("a/curve.csv")).unwrap();
    let beads: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap())
        .collect();
    assert!(beads.windows(2).any(|w| w[0] != w[1]), "{csv}");

    // By default training continues the saved MENACE: 700 more games, then 700 more
    // with the old spelling --continue.
    let out_dir = state_arg(&dir.path().join("c"));
    let out = ludomat(&train_args(&state, &out_dir, &[]), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(Menace::load(Path::new(&state)).unwrap().games(), 1400);
    let out = ludomat(&train_args(&state, &out_dir, &["--continue"]), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(Menace::load(Path::new(&state)).unwrap().games(), 2100);
}

/// `menace stats` and `menace boxes` only read: the saved MENACE stays byte-identical, and
/// `--fresh` is not an option of a read-only command.
#[test]
fn read_only_commands_leave_the_save_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_arg(&dir.path().join("menace.json"));
    let out_dir = state_arg(&dir.path().join("out"));
    let out = ludomat(&train_args(&state, &out_dir, &["--games", "50"]), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let before = ludomat_io::read::to_bytes(&state).unwrap();
    for args in [
        vec!["menace", "stats", "--state", &state],
        vec!["menace", "stats", "--seed", "9", "--state", &state],
        vec!["menace", "boxes", "--state", &state],
        vec![
            "menace",
            "boxes",
            "--position",
            "X../.O./...",
            "--state",
            &state,
        ],
    ] {
        let out = ludomat(&args, "");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(
            ludomat_io::read::to_bytes(&state).unwrap(),
            before,
            "{args:?}"
        );
    }
    let out = ludomat(&["menace", "stats", "--fresh", "--state", &state], "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("unexpected argument '--fresh'"));
    assert_eq!(ludomat_io::read::to_bytes(&state).unwrap(), before);
    let out = ludomat(&["menace", "stats", "--state", &state], "");
    assert!(text(&out.stdout).contains("games played in all: 50"));
}

/// Ctrl-C (SIGINT) during training stops after the game in progress, saves the MENACE
/// and writes the curve so far.
#[cfg(unix)]
#[test]
fn ctrl_c_saves_what_was_trained() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("menace.json");
    let state = state_arg(&path);
    let out_dir = dir.path().join("out");
    let child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args([
            "menace",
            "train",
            "--against",
            "random",
            "--games",
            "1000000000",
            "--quiet",
            "--state",
            &state,
            "--out",
            &state_arg(&out_dir),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .start()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .run_status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stdout} {stderr}");
    assert!(stderr.contains("Stopped by Ctrl-C after "), "{stderr}");
    let m = Menace::load(&path).unwrap();
    assert!(m.games() > 0);
    assert!(
        stdout.contains(&format!(
            "MENACE has now played {}",
            ludomat_io::text::count(m.games(), "game", "games")
        )),
        "{stdout}"
    );
    let csv = ludomat_io::read::to_string(out_dir.join("curve.csv")).unwrap();
    assert!(
        csv.lines()
            .last()
            .unwrap()
            .starts_with(&format!("{},", m.games())),
        "{csv}"
    );
}

/// An opponent that cannot play the side MENACE leaves it is refused before anything runs.
#[test]
fn an_opponent_that_cannot_play_the_side_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_arg(&dir.path().join("menace.json"));
    let out_dir = state_arg(&dir.path().join("out"));
    let out = ludomat(&train_args(&state, &out_dir, &["--against", "relay"]), "");
    // options that do not go together: a usage error, as '--against human' (it was 1)
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("the relay computer cannot play O"), "{err}");
    assert!(err.contains("--side o"), "{err}");
    assert!(!Path::new(&state).exists() && !Path::new(&out_dir).exists());
    let out = ludomat(&train_args(&state, &out_dir, &["--against", "human"]), "");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("a human cannot take part here"));
    // The relay ROM as X, MENACE as O: fine.
    let out = ludomat(
        &train_args(
            &state,
            &out_dir,
            &["--against", "relay", "--side", "o", "--games", "20"],
        ),
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// The README states what a saved MENACE does with its seed, in the words `menace play`
/// prints: its own draws go on (the one exception to "every --seed defaults to 1").
#[test]
fn the_readme_says_what_a_saved_menace_does_with_its_seed() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_arg(&dir.path().join("menace.json"));
    let moves = "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n".repeat(3);
    let first = ludomat(
        &["menace", "play", "--state", &state, "--games", "1"],
        &moves,
    );
    assert!(first.status.success(), "{}", text(&first.stderr));
    let again = ludomat(&["menace", "play", "--state", &state, "--games", "1"], "");
    let said = text(&again.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let words = "drawn from the saved MENACE's own draws";
    assert!(said.contains(words), "{said}");
    let readme =
        ludomat_io::read::to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        readme.contains(words),
        "README does not say what {words:?} means"
    );
    assert!(readme.contains("`--seed N` always restarts them"), "README");
}

/// A value too long to echo whole (`menace boxes --position` of 100,000 characters) is
/// quoted by its first 60 characters and its length, never whole.
#[test]
fn a_huge_value_is_quoted_by_its_start() {
    let huge = "x".repeat(100_000);
    let out = ludomat(&["menace", "boxes", "--position", &huge], "");
    let err = text(&out.stderr)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("… (100,000 characters)"), "{err}");
    assert!(err.len() < 1_000, "{err}");
}

/// A chart that cannot be written (the file-size limit) after the state was saved: the
/// run has said the state is saved before the error, so nobody thinks the games lost.
#[cfg(unix)]
#[test]
fn a_failed_chart_comes_after_the_word_that_the_state_is_saved() {
    let dir = tempfile::tempdir().expect("scratch");
    let state = dir.path().join("u.json");
    let out = dir.path().join("out");
    let mut args: Vec<&std::ffi::OsStr> = vec!["menace".as_ref(), "--state".as_ref()];
    args.push(state.as_os_str());
    let train = [
        "train",
        "--against",
        "random",
        "--games",
        "2000",
        "--seed",
        "1",
        "--out",
    ];
    args.extend(train.iter().map(std::ffi::OsStr::new));
    args.push(out.as_os_str());
    let limited = common::under_file_size_limit(100, &args);
    let said = String::from_utf8_lossy(&limited.stdout);
    let err = String::from_utf8_lossy(&limited.stderr);
    assert!(!limited.status.success(), "{said}{err}");
    assert!(err.contains("cannot write"), "{err}");
    assert!(
        said.contains("u.json"),
        "the state's line is missing: {said}"
    );
}
