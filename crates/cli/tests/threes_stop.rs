//! How a run of engines stops (issue 39), through the binary:
//! - Ctrl-C at a terminal goes to the whole foreground process group. The engines
//!   `threes versus` and `threes auto --engine` start run in process groups of their own, so
//!   the key stops the run (the interrupted summary and the table of the games finished)
//!   instead of killing the engines under it ("the engine ended … before answering" and no table).
//! - With `--threads`, one engine's failure stops the other threads' games in flight at
//!   their next turn, instead of letting them play on to their end.
#![cfg(unix)]

mod common;

use common::run as ludomat;

use ludomat_io::child::Run as _;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_ludomat")
}

/// The game lines (not the settings line, not the header) of a run's CSV so far.
fn game_lines(csv: &Path) -> usize {
    ludomat_io::read::to_string(csv)
        .map(|t| t.lines().filter(|l| !l.starts_with('#')).count())
        .unwrap_or(0)
        .saturating_sub(1)
}

/// Runs `ludomat ARGS` in a process group of its own, as a shell runs a foreground job;
/// once `csv` holds `games` games, presses Ctrl-C as the terminal does (SIGINT to the
/// whole group: `ludomat` and anything still in its group). `(exit code, stdout, stderr)`.
fn interrupted(args: &[&str], csv: &Path, games: usize) -> (Option<i32>, String, String) {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .start()
        .expect("ludomat starts");
    let pgid = i32::try_from(child.id()).expect("a pid fits");
    let start = Instant::now();
    while game_lines(csv) < games {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no {games} games within two minutes"
        );
        if let Ok(Some(status)) = child.try_wait() {
            panic!("ludomat ended before Ctrl-C: {status}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // SAFETY: kill with a negative pid (a process group this test made) and a valid signal
    // number has no memory effects.
    unsafe { libc::kill(-pgid, libc::SIGINT) };
    let out = child.wait_with_output().expect("ludomat finishes");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn ctrl_c_in_threes_versus_stops_the_run_not_its_engines() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("versus.csv");
    let engine = format!("ours:1000={} threes engine --nodes-per-move {{}}", bin());
    let path = csv.to_str().unwrap();
    let (_code, out, err) = interrupted(
        &engine_run("versus", "100000", "2", "--ai", &engine, path),
        &csv,
        2,
    );
    assert!(
        !err.contains("before answering"),
        "an engine saw the Ctrl-C: {err}"
    );
    assert!(
        // of how many: 100,000 games of one AI at one budget
        err.contains("Stopped by Ctrl-C after ") && err.contains(" of 100,000 games in this run;"),
        "no interrupted summary: {out}\n{err}"
    );
    assert!(
        out.contains("ours"),
        "no table of the games finished: {out}"
    );
    // The CSV keeps every finished game and reads back: a resumed run goes on from it.
    let kept = game_lines(&csv);
    assert!(kept >= 2, "{kept} games kept");
    let games = (kept + 1).to_string();
    let mut resumed = engine_run("versus", &games, "1", "--ai", &engine, path);
    resumed.push("--resume");
    let (status, _, err) = ludomat(&resumed, "");
    assert!(status, "the interrupted CSV resumes: {err}");
    assert_eq!(game_lines(&csv), kept + 1);
}

#[test]
fn ctrl_c_in_threes_auto_with_an_engine_stops_the_run_not_the_engine() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("auto.csv");
    let engine = format!("{} threes engine --nodes-per-move 1000", bin());
    let (_code, out, err) = interrupted(
        &engine_run(
            "auto",
            "100000",
            "2",
            "--engine",
            &engine,
            csv.to_str().unwrap(),
        ),
        &csv,
        2,
    );
    assert!(
        !err.contains("before answering"),
        "the engine saw the Ctrl-C: {err}"
    );
    assert!(
        err.contains("Stopped by Ctrl-C after ") && err.contains("of 100,000 games;"),
        "no interrupted summary: {out}\n{err}"
    );
}

/// Ctrl-C before any game has ended says the run was stopped, not "no games".
#[test]
fn ctrl_c_before_the_first_game_says_so() {
    let child = Command::new(bin())
        .args([
            "threes",
            "auto",
            "--games",
            "2",
            "--depth",
            "8",
            "--threads",
            "1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .start()
        .expect("ludomat starts");
    std::thread::sleep(Duration::from_millis(1500));
    let pgid = i32::try_from(child.id()).expect("a pid fits");
    // SAFETY: kill with a negative pid (a process group this test made) and a valid signal
    // number has no memory effects.
    unsafe { libc::kill(-pgid, libc::SIGINT) };
    let out = child.wait_with_output().expect("ludomat finishes");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{text}\n{err}");
    assert!(
        err.contains("Stopped by Ctrl-C after 0 of 2 games; no game had ended: no statistics."),
        "{err}"
    );
    assert!(!text.contains("no games"), "{text}");
    // the swipes searched and the time they took are said all the same
    assert!(
        err.contains(" swipe") && err.contains(" wall, ") && err.contains(" CPU: "),
        "{err}"
    );
}

/// `threes COMMAND` of `games` games on deal seed 5 and `threads` threads, its engine
/// given by `flag` (`--ai` or `--engine`), its games logged to `csv`.
fn engine_run<'a>(
    command: &'a str,
    games: &'a str,
    threads: &'a str,
    flag: &'a str,
    engine: &'a str,
    csv: &'a str,
) -> Vec<&'a str> {
    vec![
        "threes",
        command,
        "--games",
        games,
        "--seed",
        "5",
        "--threads",
        threads,
        flag,
        engine,
        "--csv",
        csv,
    ]
}

/// An engine command for `--threads 2`: the first engine started fails at its first turn
/// (exit 4); the other is our engine thinking `ms` milliseconds (wall clock) a move, whose
/// game would last minutes.
fn one_fails_one_is_slow(dir: &Path, ms: u32) -> String {
    let script = dir.join("engine.sh");
    ludomat_io::write::atomically(
        &script,
        format!(
            r#"if mkdir '{dir}/first' 2>/dev/null; then
  while IFS= read -r line; do
    case "$line" in
      threes*) echo threesok ;;
      isready) echo readyok ;;
      turn*) exit 4 ;;
      quit) exit 0 ;;
    esac
  done
else
  exec '{bin}' threes engine --time-per-move {ms}
fi
"#,
            dir = dir.display(),
            bin = bin(),
        ),
    )
    .unwrap();
    format!("sh {}", script.display())
}

#[test]
fn one_engine_failing_stops_the_other_threads_games_in_flight() {
    for command in ["auto", "versus"] {
        let dir = tempfile::tempdir().unwrap();
        let engine = one_fails_one_is_slow(dir.path(), 100);
        let csv = dir.path().join("games.csv");
        let ai = format!("slow:1000={engine} {{}}");
        let mut args = vec![
            "threes",
            command,
            "--games",
            "4",
            "--seed",
            "1",
            "--threads",
            "2",
            "--engine-timeout",
            "30",
            "--csv",
            csv.to_str().unwrap(),
        ];
        if command == "auto" {
            args.extend(["--engine", &engine]);
        } else {
            args.extend(["--ai", &ai]);
        }
        let start = Instant::now();
        let (ok, _, err) = ludomat(&args, "");
        let took = start.elapsed();
        assert!(!ok, "{command}: the run must fail");
        assert!(
            err.contains("before answering (status 4)"),
            "{command}: the failure is named: {err}"
        );
        // The slow engine's game (100 ms a move, hundreds of moves) stops at its next turn.
        assert!(
            took < Duration::from_secs(20),
            "{command}: the other thread's game played on ({took:?})"
        );
    }
}
