//! The 4×4×4 proof's job-level search on MPI against one process, under `mpirun` with 2,
//! 3 and 4 processes on this machine (oversubscribed: more processes than cores): the
//! ply-6 and ply-4 positions proved as by one search, their certificates accepted by the
//! independent checker, a failing worker named. Needs the feature `mpi` and OpenMPI's
//! `mpirun` (`scripts/test` installs it and builds the example `proof_check` first).
#![cfg(feature = "mpi")]

use std::path::PathBuf;
use std::process::Output;
use std::time::Duration;

/// `target/<profile>/examples/proof_check`: built by an unfiltered `cargo test`, or by
/// `cargo build --profile test -p ludomat-qubic --features mpi --example proof_check` (as
/// `scripts/test` does).
fn check_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile_dir.join("examples").join("proof_check")
}

/// Each run takes seconds on a quiet machine; past this the test fails instead of hanging.
const LIMIT: Duration = Duration::from_secs(300);

fn mpirun(ranks: u32, args: &[&str]) -> (bool, String, String) {
    let out: Output = ludomat_cluster::mpirun::mpirun(ranks, &check_binary(), args, LIMIT)
        .unwrap_or_else(|e| panic!("{e}"));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_ply6_position_is_proved_alike_on_2_3_and_4_ranks() {
    for ranks in [2, 3, 4] {
        let (ok, out, err) = mpirun(ranks, &["ply6", "200"]);
        assert!(ok, "{ranks} ranks: {out}\n{err}");
        assert!(
            out.contains(&format!("ok: ply 6 proved on {ranks} ranks")),
            "{out}\n{err}"
        );
        assert!(out.contains("accepted by the independent checker"), "{out}");
        assert!(out.contains("Where the time went"), "{out}");
    }
}

#[test]
fn the_ply4_position_is_proved_alike_on_2_and_3_ranks() {
    for ranks in [2, 3] {
        let (ok, out, err) = mpirun(ranks, &["ply4", "2000"]);
        assert!(ok, "{ranks} ranks: {out}\n{err}");
        assert!(
            out.contains(&format!("ok: ply 4 proved on {ranks} ranks")),
            "{out}\n{err}"
        );
    }
}

#[test]
fn a_failing_worker_is_named_and_every_rank_ends() {
    let (ok, out, err) = mpirun(2, &["fail"]);
    assert!(!ok, "{out}\n{err}");
    assert!(
        err.contains("failed: settings: threat depth 0 is not from 1 to 30"),
        "{out}\n{err}"
    );
}
