//! `ludomat threes auto --distributed` started without mpirun: a clear message, then the
//! same run on this process; under mpirun in a build without the `mpi` feature: a refusal
//! (every process would play the whole run). The cluster itself is tested under mpirun in
//! `crates/threes/tests/cluster.rs` (feature `mpi`).

#[cfg(not(feature = "mpi"))]
use ludomat_io::child::Run as _;
mod common;

use common::run as ludomat;

/// The `game,seed,score,…` lines of a CSV without the timing column (which varies).
fn games_of(path: &std::path::Path) -> Vec<String> {
    ludomat_io::read::to_string(path)
        .unwrap()
        .lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

#[test]
fn distributed_without_mpirun_is_the_plain_run() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str], csv: &str| {
        let csv = dir.path().join(csv);
        let mut args = vec![
            "threes", "auto", "--games", "2", "--seed", "5", "--depth", "1", "--csv",
        ];
        let path = csv.to_str().unwrap().to_string();
        args.push(&path);
        args.extend_from_slice(extra);
        let (ok, out, err) = ludomat(&args, "");
        assert!(ok, "{out}\n{err}");
        (out, games_of(&csv))
    };
    let (plain_out, plain) = run(&[], "plain.csv");
    assert!(!plain_out.contains("--distributed"), "{plain_out}");
    // a file per run: a CSV log is never emptied (issue 39)
    for (i, mode) in [&["--distributed"][..], &["--distributed", "games"][..]]
        .into_iter()
        .enumerate()
    {
        let (out, games) = run(mode, &format!("dist-{i}.csv"));
        // the notice wrapped to 80 columns, as every line
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
        let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("playing on this process alone"), "{out}");
        assert_eq!(games, plain);
    }
    let (ok, _, err) = ludomat(&["threes", "auto", "--distributed", "everything"], "");
    assert!(!ok && err.contains("everything"), "{err}");
    let (ok, _, err) = ludomat(&["threes", "auto", "--parallel-depth", "17"], "");
    assert!(!ok && err.contains("--parallel-depth"), "{err}");
}

#[cfg(not(feature = "mpi"))]
#[test]
fn distributed_under_mpirun_without_the_feature_refuses() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args([
            "threes",
            "auto",
            "--distributed",
            "--games",
            "1",
            "--depth",
            "1",
        ])
        .env("OMPI_COMM_WORLD_SIZE", "4")
        .run_output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("built without the cargo feature 'mpi'") && err.contains("4 processes"),
        "{err}"
    );
}

/// `threes learn --distributed` without mpirun trains on worker threads of this process
/// (and says so); run twice it is the same network (the rounds do not depend on timing).
#[test]
fn learn_distributed_without_mpirun_trains_on_threads() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str| {
        let d = dir.path().join(name);
        let d = d.to_str().unwrap().to_string();
        let (ok, out, err) = ludomat(
            &[
                "threes",
                "learn",
                "--games",
                "40",
                "--dir",
                &d,
                "--tuples",
                "4x5",
                "--eval-every",
                "20",
                "--eval-games",
                "4",
                "--distributed",
                "--threads",
                "2",
                "--per-job",
                "5",
            ],
            "",
        );
        assert!(ok, "{out}\n{err}");
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
        let words = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("training on worker threads"), "{out}");
        assert!(out.contains("at game 40: mean "), "{out}");
        ludomat_io::read::to_bytes(dir.path().join(name).join("network.ntuple")).unwrap()
    };
    assert_eq!(run("a"), run("b"));
    let (ok, _, err) = ludomat(&["threes", "learn", "--dir", "x", "--per-job", "5"], "");
    assert!(!ok && err.contains("--distributed"), "{err}");
}

#[cfg(not(feature = "mpi"))]
#[test]
fn learn_distributed_under_mpirun_without_the_feature_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludomat"))
        .args(["threes", "learn", "--distributed", "--games", "1", "--dir"])
        .arg(dir.path().join("run"))
        .env("OMPI_COMM_WORLD_SIZE", "3")
        .run_output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("built without the cargo feature 'mpi'") && err.contains("3 processes"),
        "{err}"
    );
    assert!(!dir.path().join("run").exists(), "nothing trained");
}
