//! `ludomat menace …` end to end: the binary with piped input, bad state files left
//! alone, and a training run killed mid-way losing at most the game in progress.

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
    assert!(stdout.contains("'x' is not a number of games"), "{stdout}");
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
    let before = std::fs::read(&state).unwrap();
    let out = ludomat(&["menace", "play", "--state", &state, "--games", "1"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("game in progress is abandoned"));
    assert_eq!(std::fs::read(&state).unwrap(), before);
}

#[test]
fn corrupt_or_foreign_state_files_are_reported_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    for (name, content, expect) in [
        (
            "corrupt.json",
            "{\"format\": \"ludomat-menace\", \"vers",
            "corrupt: not valid JSON at line 1",
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
        std::fs::write(&path, content).unwrap();
        for args in [
            vec!["menace", "stats"],
            vec!["menace", "stats", "--fresh"],
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
            assert_eq!(std::fs::read_to_string(&path).unwrap(), content);
        }
    }
}

#[test]
fn train_writes_the_learning_curve_and_refuses_a_human() {
    let dir = tempfile::tempdir().unwrap();
    let state = state_arg(&dir.path().join("menace.json"));
    let prefix = state_arg(&dir.path().join("out/curve"));
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
    let csv = std::fs::read_to_string(format!("{prefix}.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "games,wins,draws,losses,win_rate,draw_rate,loss_rate,first_box_beads"
    );
    assert_eq!(lines.len(), 1 + 4, "start, 100, 200, 250: {csv}");
    for ext in ["png", "svg", "csv"] {
        assert!(Path::new(&format!("{prefix}.{ext}")).exists());
    }
    assert!(Path::new(&format!("{prefix}-first-box.svg")).exists());
    assert_eq!(Menace::load(Path::new(&state)).unwrap().games(), 250);

    let out = ludomat(
        &["menace", "train", "--against", "human", "--state", &state],
        "",
    );
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("ludomat menace play"));
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
/// complete, valid state, at most one game behind, and training resumes from it.
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
            "--quiet",
            "--state",
            &state,
            "--out",
            &prefix,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
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
            stdout.contains(&format!("Noughts and crosses: {x} (X) against {o} (O).")),
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
