//! `threes learn --distributed` on MPI: under `mpirun` with 2 and 3 processes the run on
//! the worker ranks must equal the same run on as many threads, bit for bit. Needs the
//! feature `mpi` and OpenMPI's `mpirun` (`scripts/test` installs it and builds the
//! example first).
#![cfg(feature = "mpi")]

use std::path::PathBuf;
use std::time::Duration;

/// `target/<profile>/examples/learn_check`: built by an unfiltered `cargo test`, or by
/// `cargo build --profile test --features mpi --example learn_check` (as `scripts/test`
/// does).
fn check_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile_dir.join("examples").join("learn_check")
}

const LIMIT: Duration = Duration::from_secs(300);

#[test]
fn training_on_mpi_ranks_equals_training_on_threads() {
    for ranks in [2, 3] {
        let out =
            ludomat_cluster::mpirun::mpirun(ranks, &check_binary(), &["same", "60", "4"], LIMIT)
                .unwrap_or_else(|e| panic!("{e}"));
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "mpirun -n {ranks}: {stdout}\n{stderr}"
        );
        assert!(
            stdout.contains(&format!("ok: 60 games on {} MPI workers", ranks - 1)),
            "{stdout}\n{stderr}"
        );
    }
}
