//! The MPI cluster against the single-process search, under `mpirun` with 2, 3 and 4
//! processes on this machine (oversubscribed: more processes than cores). Needs the
//! feature `mpi` and OpenMPI's `mpirun` (`scripts/test` installs it).
#![cfg(feature = "mpi")]

use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

/// `target/<profile>/examples/cluster_check`: built by an unfiltered `cargo test`, or by
/// `cargo build --profile test --features mpi --example cluster_check` (as `scripts/test` does).
fn check_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile_dir.join("examples").join("cluster_check")
}

/// No run here takes more than a few seconds; past this the test fails instead of hanging.
const LIMIT: Duration = Duration::from_secs(180);

fn mpirun(ranks: u32, args: &[&str]) -> Output {
    ludomat_cluster::mpirun::mpirun(ranks, &check_binary(), args, LIMIT)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn distributed_search_is_the_single_process_search() {
    for ranks in [2, 3, 4] {
        let out = mpirun(ranks, &["search", "12"]);
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{ranks} ranks: {stdout}\n{stderr}");
        // 3 settings × master working or not × 12 positions
        assert!(
            stdout.contains(&format!(
                "ok: 72 searches identical to the single process on {ranks} ranks"
            )),
            "{stdout}\n{stderr}"
        );
    }
}

#[test]
fn whole_games_are_the_single_process_games() {
    let out = mpirun(3, &["games", "4"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("ok: 4 games identical to the single process on 3 ranks"),
        "{stdout}\n{stderr}"
    );
}

#[test]
fn a_failing_worker_is_named_and_the_run_ends() {
    let out = mpirun(2, &["fail"]);
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "{stdout}\n{stderr}");
    assert!(
        // stderr is wrapped at 80 columns: the words, not the line breaks
        stderr
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains("worker rank 1 failed: job 0: job depth 40 exceeds the limit of 16 swipes"),
        "{stdout}\n{stderr}"
    );
}
