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
        assert!(out.contains("playing on this process alone"), "{out}");
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
        err.contains("built without the cargo feature `mpi`") && err.contains("4 processes"),
        "{err}"
    );
}
