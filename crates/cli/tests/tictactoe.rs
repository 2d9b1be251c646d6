//! The `ludomat` binary end to end for noughts and crosses: facts, play with a scripted
//! human, tournaments, the menu, usage errors.

use ludomat_io::child::Run as _;
mod common;

use std::process::Output;

use common::ludomat;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn facts_prints_the_exact_counts() {
    let o = ludomat(&["tictactoe", "facts"], "");
    assert!(o.status.success());
    let s = stdout(&o);
    for n in [
        "5,478", "765", "958", "138", "255,168", "131,184", "77,904", "46,080",
    ] {
        assert!(s.contains(n), "missing {n} in\n{s}");
    }
}

#[test]
fn human_against_perfect_with_bad_input_then_end_of_input() {
    // A typo, a cell off the board, an occupied cell, an empty line, then input ends.
    let o = ludomat(
        &[
            "play",
            "tictactoe",
            "--x",
            "human",
            "--o",
            "perfect",
            "--seed",
            "3",
        ],
        "x\n10\n5\n5\n\n",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = stdout(&o);
    assert!(s.contains("'x' is not a square"), "{s}");
    assert!(s.contains("'10' is not a square"), "{s}");
    assert!(s.contains("already taken by X"), "{s}");
    assert!(s.contains("nothing was typed"), "{s}");
    assert!(s.contains("Input ended; game abandoned."), "{s}");
}

#[test]
fn human_can_finish_a_game_in_menace_notation() {
    // Against the random player a human who keeps typing every cell in order finishes.
    let all = "LL\nLM\nLR\nML\nMM\nMR\nRL\nRM\nRR\n".repeat(5);
    let o = ludomat(
        &["play", "tictactoe", "--o", "random", "--notation", "menace"],
        &all,
    );
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.contains(" wins.") || s.contains("Draw."), "{s}");
}

#[test]
fn computer_games_are_reproducible_by_seed() {
    let a = ludomat(
        &[
            "play",
            "tictactoe",
            "--x",
            "random",
            "--o",
            "random",
            "--seed",
            "9",
        ],
        "",
    );
    let b = ludomat(
        &[
            "play",
            "tictactoe",
            "--x",
            "random",
            "--o",
            "random",
            "--seed",
            "9",
        ],
        "",
    );
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn tournament_prints_the_table() {
    let o = ludomat(
        &[
            "tournament",
            "tictactoe",
            "--x",
            "perfect",
            "--o",
            "random",
            "--games",
            "2000",
            "--quiet",
        ],
        "",
    );
    assert!(o.status.success());
    let s = stdout(&o);
    assert!(s.contains("2,000 games, seed 1"), "{s}");
    assert!(s.contains("B (random) wins                  0"), "{s}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("games/s"));
}

/// Same seed, same table: the timing goes to stderr, the table to stdout.
#[test]
fn the_same_tournament_twice_prints_the_same_table() {
    let args = [
        "tournament",
        "tictactoe",
        "--x",
        "menace",
        "--o",
        "random",
        "--games",
        "3000",
        "--seed",
        "7",
        "--alternate",
        "--quiet",
    ];
    let a = ludomat(&args, "");
    let b = ludomat(&args, "");
    assert!(a.status.success());
    assert_eq!(stdout(&a), stdout(&b));
    assert!(stdout(&a).contains("3,000 games, seed 7, alternating sides"));
}

/// An agent on a side it cannot play, or a human in an unattended run, is refused while
/// the arguments are read: nothing is played and no table is printed.
#[test]
fn agents_that_cannot_play_a_side_are_refused_before_anything_runs() {
    for (args, says) in [
        (
            vec!["play", "tictactoe", "--x", "human", "--o", "relay"],
            "the relay computer cannot play O",
        ),
        (
            vec!["tournament", "tictactoe", "--x", "perfect", "--o", "relay"],
            "the relay computer cannot play O",
        ),
        (
            vec!["tournament", "tictactoe", "--x", "relay", "--alternate"],
            "with --sides alternate, A plays O in every other game",
        ),
        (
            vec!["tournament", "tictactoe", "--o", "human"],
            "a human cannot take part here (--o human)",
        ),
    ] {
        let o = ludomat(&args, "1\n2\n3\n");
        // options that do not go together: a usage error (it was status 1 for the relay)
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(stdout(&o), "", "{args:?}: nothing runs first");
    }
    // The relay computer as X is fine.
    let o = ludomat(
        &[
            "tournament",
            "tictactoe",
            "--x",
            "relay",
            "--o",
            "random",
            "--games",
            "50",
            "--quiet",
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = ludomat(&["tournament", "tictactoe", "--help"], "");
    assert!(!stdout(&o).contains("human"), "{}", stdout(&o));
}

#[test]
fn usage_errors_exit_non_zero() {
    let o = ludomat(&["play", "tictactoe", "--x", "wizard"], "");
    assert!(!o.status.success());
    let o = ludomat(&["tournament", "tictactoe", "--x", "human"], "");
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("a human cannot take part here"));
    let o = ludomat(&["play", "tictactoe", "--notation", "morse"], "");
    assert!(!o.status.success());
}

#[test]
fn bare_ludomat_opens_the_menu_and_plays_from_it() {
    // Choose a bad machine, then machine 1, its entry 1 (human vs perfect), type one
    // move, end input.
    let o = ludomat(&[], "99\n1\n1\n5\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let s = stdout(&o);
    assert!(s.contains("historic game-playing machines"), "{s}");
    assert!(s.contains("'99' is not on the menu"), "{s}");
    assert!(s.contains("X plays 5"), "{s}");
}

#[test]
fn help_lists_every_subcommand() {
    let o = ludomat(&["--help"], "");
    let s = stdout(&o);
    for sub in [
        "play",
        "tournament",
        "tictactoe",
        "menace",
        "logic",
        "relay",
        "threes",
        "serve",
        "menu",
    ] {
        assert!(s.contains(sub), "{sub} missing from\n{s}");
    }
}

/// One flag vocabulary: `--sides` on both tournaments (old spellings still work), `-o` is
/// `--out`, `play menace` exists, and `--help` names the notations.
#[test]
fn one_flag_vocabulary() {
    let table = |args: &[&str]| {
        let o = ludomat(args, "");
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        stdout(&o)
    };
    let base = ["tournament", "tictactoe", "--games", "500", "--quiet"];
    let new = table(&[&base[..], &["--sides", "alternate"]].concat());
    assert!(new.contains("alternating sides"), "{new}");
    assert_eq!(table(&[&base[..], &["--alternate"]].concat()), new);
    let q = [
        "tournament",
        "qubic",
        "--games",
        "20",
        "--quiet",
        "--x",
        "random",
        "--o",
        "random",
    ];
    assert_eq!(
        table(&[&q[..], &["--sides", "fixed"]].concat()),
        table(&[&q[..], &["--fixed-sides"]].concat())
    );
    let help = stdout(&ludomat(&["play", "tictactoe", "--help"], ""));
    for n in ["numeric", "computox", "menace", "ring"] {
        assert!(help.contains(n), "{help}");
    }
    let help = stdout(&ludomat(&["play", "--help"], ""));
    assert!(help.contains("menace"), "{help}");
    // A state file in a folder that does not exist yet (not `/nonexistent`: as root the
    // run may create it, and it would be left behind for every other test).
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("missing").join("x.json");
    let o = ludomat(
        &[
            "play",
            "menace",
            "--games",
            "1",
            "--state",
            state.to_str().unwrap(),
        ],
        "",
    );
    assert!(stdout(&o).contains("MENACE, Donald Michie's matchbox machine"));
    let bin = dir.path().join("t.bin");
    let src = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../programs/relay/tictactoe.asm"
    );
    let o = ludomat(&["relay", "asm", src, "-o", bin.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = ludomat(
        &["relay", "asm", src, "--output", bin.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(bin.exists());
}

/// Ctrl-C at a game's prompt ends the game as end of input does (its own words, then
/// the status of a Ctrl-C, 130), instead of killing the process mid-sentence.
#[cfg(unix)]
#[test]
fn ctrl_c_at_the_prompt_ends_the_game_cleanly() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["play", "tictactoe", "--x", "human", "--o", "perfect"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .start()
        .unwrap();
    // keep stdin open: the game waits at its prompt
    let stdin = child.stdin.take().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .run_status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    let s = stdout(&out);
    // the status of a Ctrl-C (130), as every Ctrl-C: a script tells it from a game's end
    assert_eq!(
        out.status.code(),
        Some(130),
        "{s} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Ctrl-C is said to be Ctrl-C, not the end of input
    assert!(s.contains("Stopped by Ctrl-C; game abandoned."), "{s}");
}
